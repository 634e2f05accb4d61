"""Ring attention over the n = cp ranks of one CP group, its causal load balance, and a small
online-softmax demonstration.

Ring attention (Liu, Zaharia & Abbeel, "Ring Attention with Blockwise Transformers for
Near-Infinite Context", 2023, §3): each rank keeps its S/n queries and passes its K/V block around
the ring; n compute steps, n − 1 P2P transfers, each step folding one K/V block into the running
softmax (the online softmax of Milakov & Gimelshein, "Online normalizer calculation for softmax",
2018; as FlashAttention does, Dao et al. 2022 §3.1). The transfer hides behind the compute only if
one block's attention takes at least as long as one block's transfer.

Causal masking with a contiguous split is imbalanced: rank r attends to r full blocks and its
diagonal, so the last rank works 2n − 1 times as much as the first. The head–tail (zigzag)
order — the sequence in 2n chunks, rank r holding chunks r and 2n − 1 − r — gives every rank the
same work; Megatron-LM's context parallelism (megatron/training/utils.py,
`get_batch_on_this_cp_rank`: "we split sequence into 2*CP ranks", chunks r and 2·cp − r − 1 on
rank r) and zhuzilin/ring-flash-attention (ring_flash_attn/zigzag_ring_flash_attn.py) use it.

Work unit: one full (S/n) × (S/n) block of query–key pairs = 1, a diagonal block 1/2, a masked
one 0. Under zigzag the units are chunk pairs of (S/2n)², a quarter block each: below the
diagonal 1/4, on it 1/8, above it 0.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..scenario import Scenario
from .common import Placement, Shapes, attention_rate, message_time, tiers_of

DEMO_RANKS = 16       # the demo runs on min(n, DEMO_RANKS) ranks
DEMO_TOKENS = 4       # query tokens per rank in the demo (two chunks of 2 under zigzag)
DEMO_HEAD_DIM = 8
DEMO_SEED = 0


@dataclass(frozen=True)
class RingStep:
    """One compute step of the ring: per rank the owner rank of the K/V block it computes with,
    and its causal work there in units of one full (S/n)² block."""
    kv_block: tuple[int, ...]
    work: tuple[float, ...]


@dataclass(frozen=True)
class Ring:
    """Ring attention (Liu et al. 2023) over n ranks, one layer's forward pass.

    steps = n − 1 P2P transfers; bytes_per_step = one K and one V block per TP rank,
    b·(S/n)·(g·d_qk + g·d_v)·bytes (MHA: 2·b·(S/n)·g·d·bytes). block_compute_s: the busiest rank's
    attention FLOPs at a transfer step (a full block 2·b·(S/n)²·a·(d_qk + d_v) = 4·b·s²·a·d for
    MHA; half a block under zigzag) / (peak × attention_efficiency); transfer_s = α + bytes/β on
    the ring's tier; hidden when compute ≥ transfer. layer_time_s: step 0 (the diagonal) plus
    n − 1 steps of max(compute, transfer). chunks: per rank the chunks held (contiguous (r,) of n;
    zigzag (r, 2n − 1 − r) of 2n). work_*: per rank total causal work (contiguous r + 1/2, zigzag
    n/2). schedule: n steps in the scenario's order (rank r computes with the block of rank
    r − t at step t). demo_*: the online softmax on a small seeded example of `demo_ranks` ranks
    (DEMO_TOKENS tokens each, head dim DEMO_HEAD_DIM, float64, causal, the scenario's order):
    demo_max[t, r] and demo_sum[t, r] the running max m and denominator ℓ of rank r's first
    query row after step t; demo_error = max |ring − exact softmax attention|."""
    degree: int
    steps: int
    bytes_per_step: int
    block_compute_s: float
    transfer_s: float
    hidden: bool
    zigzag: bool
    chunks: tuple[tuple[int, ...], ...]
    work_contiguous: tuple[float, ...]
    work_zigzag: tuple[float, ...]
    schedule: tuple[RingStep, ...]
    placement: Placement
    demo_max: np.ndarray
    demo_sum: np.ndarray
    demo_error: float
    demo_ranks: int = 1
    block_flops: float = 0.0        # one full (S/n)² block's forward attention FLOPs
    layer_time_s: float = 0.0
    kv_buffer_bytes: int = 0        # two K/V blocks in flight (double buffer)


def chunks_held(n: int, zigzag: bool) -> tuple[tuple[int, ...], ...]:
    """Per rank the sequence chunks it holds: (r,) of n, or (r, 2n − 1 − r) of 2n."""
    return tuple((r, 2 * n - 1 - r) if zigzag else (r,) for r in range(n))


def _chunk_pair_work(q: np.ndarray, k: np.ndarray) -> np.ndarray:
    """Causal work of query chunk q against key chunk k in units of one chunk pair: 1 below the
    diagonal, 1/2 on it, 0 above."""
    return np.where(k < q, 1.0, np.where(k == q, 0.5, 0.0))


def work_matrix(n: int, zigzag: bool) -> np.ndarray:
    """work[t, r]: rank r's causal work at step t (with the K/V block of rank (r − t) mod n), in
    units of one full (S/n)² block."""
    t = np.arange(n)[:, None]
    r = np.arange(n)[None, :]
    owner = (r - t) % n
    if not zigzag:
        return _chunk_pair_work(r + 0 * t, owner)
    lo_q, hi_q = r + 0 * t, 2 * n - 1 - r + 0 * t
    lo_k, hi_k = owner, 2 * n - 1 - owner
    pairs = (_chunk_pair_work(lo_q, lo_k) + _chunk_pair_work(lo_q, hi_k)
             + _chunk_pair_work(hi_q, lo_k) + _chunk_pair_work(hi_q, hi_k))
    return pairs / 4  # a chunk pair is a quarter of a full block


def ring_demo(n: int, zigzag: bool, tokens: int = DEMO_TOKENS, dim: int = DEMO_HEAD_DIM,
              seed: int = DEMO_SEED) -> tuple[np.ndarray, np.ndarray, float]:
    """Causal ring attention on n ranks, step by step with the online softmax, against exact
    softmax attention: (running max of each rank's first query row (n, n), running
    denominator (n, n), max abs error of the output). Seeded, float64."""
    if zigzag and tokens % 2:
        raise ValueError("zigzag needs an even number of tokens per rank (two chunks)")
    rng = np.random.default_rng(seed)
    total = n * tokens
    q, k, v = (rng.standard_normal((total, dim)) for _ in range(3))
    if zigzag:
        half = tokens // 2
        positions = np.array([np.r_[r * half:(r + 1) * half, (2 * n - 1 - r) * half:(2 * n - r) * half]
                              for r in range(n)])
    else:
        positions = np.arange(total).reshape(n, tokens)
    q_r, k_r, v_r = q[positions], k[positions], v[positions]           # (n, tokens, dim)
    scale = 1 / math.sqrt(dim)
    running_max = np.full((n, tokens), -np.inf)
    denominator = np.zeros((n, tokens))
    accumulator = np.zeros((n, tokens, dim))
    demo_max = np.empty((n, n))
    demo_sum = np.empty((n, n))
    ranks = np.arange(n)
    for step in range(n):
        owner = (ranks - step) % n                                       # the K/V block each rank holds now
        scores = np.einsum("rqd,rkd->rqk", q_r, k_r[owner]) * scale
        visible = positions[owner][:, None, :] <= positions[:, :, None]  # causal: key position ≤ query position
        scores = np.where(visible, scores, -np.inf)
        new_max = np.maximum(running_max, scores.max(axis=2))
        finite = np.isfinite(new_max)
        safe_max = np.where(finite, new_max, 0.0)
        rescale = np.where(np.isfinite(running_max), np.exp(running_max - safe_max), 0.0)
        weights = np.where(visible, np.exp(scores - safe_max[:, :, None]), 0.0)
        denominator = denominator * rescale + weights.sum(axis=2)
        accumulator = accumulator * rescale[:, :, None] + np.einsum("rqk,rkd->rqd", weights, v_r[owner])
        running_max = new_max
        demo_max[step], demo_sum[step] = running_max[:, 0], denominator[:, 0]
    ring_out = accumulator / denominator[:, :, None]
    # Exact causal softmax attention over the whole sequence.
    full = q @ k.T * scale
    full = np.where(np.tril(np.ones((total, total), dtype=bool)), full, -np.inf)
    full = np.exp(full - full.max(axis=1, keepdims=True))
    exact = (full / full.sum(axis=1, keepdims=True)) @ v
    error = float(np.max(np.abs(ring_out - exact[positions])))
    for array in (demo_max, demo_sum):
        array.flags.writeable = False
    return demo_max, demo_sum, error


def block_flops(sh: Shapes, tokens: int | float, degree: int) -> float:
    """Forward attention FLOPs of one full (S/n) × (S/n) block on one TP rank: QKᵀ and attention
    over V, 2·b·s_q·s_kv·a·(d_qk + d_v) (= 4·b·s_q·s_kv·a·d for MHA)."""
    s_block = tokens / degree
    return 2.0 * sh.micro_batch * s_block * s_block * sh.heads_local * (sh.d_qk + sh.d_v)


def kv_block_bytes(sh: Shapes, tokens: int | float, degree: int) -> int:
    """One K and one V block of tokens/degree tokens on one TP rank."""
    return sh.tokens_bytes(tokens / degree, sh.k_width + sh.v_width)


def analyse_ring(s: Scenario, sh: Shapes, placement: Placement) -> Ring:
    n, zigzag = sh.cp, bool(s.context.zigzag)
    contiguous, balanced = work_matrix(n, False), work_matrix(n, True)
    chosen = balanced if zigzag else contiguous
    schedule = tuple(RingStep(tuple(int((r - t) % n) for r in range(n)), tuple(float(w) for w in chosen[t]))
                     for t in range(n))
    bytes_per_step = kv_block_bytes(sh, sh.seq_len, n)
    flops = block_flops(sh, sh.seq_len, n)
    rate = attention_rate(s)
    busiest = float(chosen[1:].max()) if n > 1 else float(chosen.max())  # the steps a transfer overlaps
    compute = busiest * flops / rate
    transfer = message_time(tiers_of(s), placement.tier, bytes_per_step) if n > 1 else 0.0
    first = float(chosen[0].max()) * flops / rate
    layer_time = first + (n - 1) * max(compute, transfer)
    demo_n = min(n, DEMO_RANKS)
    demo_max, demo_sum, error = ring_demo(demo_n, zigzag)
    return Ring(degree=n, steps=n - 1, bytes_per_step=bytes_per_step, block_compute_s=compute, transfer_s=transfer,
                hidden=bool(compute >= transfer), zigzag=zigzag, chunks=chunks_held(n, zigzag),
                work_contiguous=tuple(float(w) for w in contiguous.sum(axis=0)),
                work_zigzag=tuple(float(w) for w in balanced.sum(axis=0)), schedule=schedule, placement=placement,
                demo_max=demo_max, demo_sum=demo_sum, demo_error=error, demo_ranks=demo_n, block_flops=flops,
                layer_time_s=layer_time, kv_buffer_bytes=2 * bytes_per_step if n > 1 else 0)
