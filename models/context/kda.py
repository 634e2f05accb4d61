"""Kimi K3's context parallelism for KDA, its recurrent linear-attention branch.

KDA (Kimi Delta Attention; Kimi Team, "Kimi Linear", 2025, and the Kimi K3 technical report)
keeps per head a d_k × d_v state updated by a gated delta rule,
S_t = (I − β_t k_t k_tᵀ) Diag(α_t) S_{t−1} + β_t k_t v_tᵀ, an affine map S ↦ A_t S + B_t. Over a
rank's tokens the maps compose into one fixed-size fragment (P, Q) = (A_last ··· A_first, the
state reached from zero), and composition is associative: (P₂, Q₂) ∘ (P₁, Q₁) = (P₂P₁, P₂Q₁ + Q₂).
The K3 report's CP: each rank computes its fragments (per head a d_k × d_k transition and a
d_k × d_v state, FP32), one all-gather shares them, a prefix scan gives every rank its incoming
state, and the rank finishes its tokens locally. The bytes do not grow with the history and the
compute splits linearly over the ranks. K3 still uses other CP mechanisms for its MLA layers and
its encoders; this covers the KDA branch only.

The prefix scan here is Hillis & Steele's ("Data parallel algorithms", CACM 1986): ⌈log₂ n⌉ steps,
in step j rank r combines with rank r − 2^j.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .common import Shapes

FRAGMENT_ELEMENT_BYTES = 4  # FP32 fragments
DEMO_RANKS = 8
DEMO_TOKENS = 5
DEMO_KEY_DIM = 4
DEMO_VALUE_DIM = 3
DEMO_SEED = 0


@dataclass(frozen=True)
class Kda:
    """Kimi K3's KDA context parallelism over n ranks, one layer.

    fragment_bytes = b·a·(d_k·d_k + d_k·d_v)·4 (a heads per TP rank, FP32);
    allgather_bytes_per_rank = (n − 1)·fragment_bytes, independent of S;
    softmax_ring_bytes_per_rank = (n − 1)·(one Ring K/V block), which grows with S.
    scan_steps[j][r] = (lo, hi): the fragments rank r has combined after Hillis–Steele step j,
    hi = r, lo = max(0, r − 2^(j+1) + 1). scan_error: the incoming states from the exclusive
    scan of the fragments, run on through each rank's tokens, against the sequential recurrence
    on a seeded delta-rule example of `demo_ranks` ranks (max abs difference over all states)."""
    ranks: int
    heads: int
    key_dim: int
    value_dim: int
    tokens_per_rank: int
    fragment_bytes: int
    allgather_bytes_per_rank: int
    softmax_ring_bytes_per_rank: int
    scan_steps: tuple[tuple[tuple[int, int], ...], ...]
    scan_error: float
    tp: int = 1
    demo_ranks: int = 1
    note: str = ("Kimi K3 uses this for its KDA layers only; its MLA layers and encoders keep other context-"
                 "parallel mechanisms.")


def scan_ranges(n: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Hillis–Steele inclusive scan: after step j rank r holds the fragments [max(0, r − 2^(j+1) + 1), r]."""
    steps = math.ceil(math.log2(n)) if n > 1 else 0
    return tuple(tuple((max(0, r - (1 << (j + 1)) + 1), r) for r in range(n)) for j in range(steps))


def combine(later: tuple[np.ndarray, np.ndarray], earlier: tuple[np.ndarray, np.ndarray]
            ) -> tuple[np.ndarray, np.ndarray]:
    """(P₂, Q₂) ∘ (P₁, Q₁) = (P₂P₁, P₂Q₁ + Q₂): apply `earlier`, then `later`."""
    p2, q2 = later
    p1, q1 = earlier
    return p2 @ p1, p2 @ q1 + q2


def kda_demo(n: int, tokens: int = DEMO_TOKENS, key_dim: int = DEMO_KEY_DIM, value_dim: int = DEMO_VALUE_DIM,
             seed: int = DEMO_SEED) -> float:
    """Max |scan − sequential| over every state of a seeded gated delta rule split over n ranks."""
    rng = np.random.default_rng(seed)
    total = n * tokens
    keys = rng.standard_normal((total, key_dim))
    keys /= np.linalg.norm(keys, axis=1, keepdims=True)
    values = rng.standard_normal((total, value_dim))
    beta = rng.uniform(0.1, 0.9, total)
    alpha = rng.uniform(0.8, 1.0, (total, key_dim))
    eye = np.eye(key_dim)
    transitions = [(eye - beta[t] * np.outer(keys[t], keys[t])) @ np.diag(alpha[t]) for t in range(total)]
    inputs = [beta[t] * np.outer(keys[t], values[t]) for t in range(total)]

    sequential = []
    state = np.zeros((key_dim, value_dim))
    for t in range(total):
        state = transitions[t] @ state + inputs[t]
        sequential.append(state)

    # Each rank's fragment: its tokens' maps composed.
    fragments = []
    for r in range(n):
        fragment = (eye, np.zeros((key_dim, value_dim)))
        for t in range(r * tokens, (r + 1) * tokens):
            fragment = combine((transitions[t], inputs[t]), fragment)
        fragments.append(fragment)
    # Hillis–Steele inclusive scan over the gathered fragments.
    scanned = list(fragments)
    for j in range(len(scan_ranges(n))):
        offset = 1 << j
        scanned = [combine(scanned[r], scanned[r - offset]) if r >= offset else scanned[r] for r in range(n)]
    error = 0.0
    for r in range(n):
        state = scanned[r - 1][1] if r else np.zeros((key_dim, value_dim))  # exclusive: the incoming state
        for t in range(r * tokens, (r + 1) * tokens):
            state = transitions[t] @ state + inputs[t]
            error = max(error, float(np.max(np.abs(state - sequential[t]))))
    return error


def analyse_kda(sh: Shapes, ring_kv_block_bytes: int, key_dim: int, value_dim: int) -> Kda:
    n = sh.cp
    fragment = sh.micro_batch * sh.heads_local * (key_dim * key_dim + key_dim * value_dim) * FRAGMENT_ELEMENT_BYTES
    demo_n = min(n, DEMO_RANKS)
    return Kda(ranks=n, heads=sh.heads_local, key_dim=key_dim, value_dim=value_dim, tokens_per_rank=sh.seq_len // n,
               fragment_bytes=fragment, allgather_bytes_per_rank=(n - 1) * fragment,
               softmax_ring_bytes_per_rank=(n - 1) * ring_kv_block_bytes, scan_steps=scan_ranges(n),
               scan_error=kda_demo(demo_n), tp=sh.tp, demo_ranks=demo_n)
