"""DeepSpeed-Ulysses sequence parallelism, and Megatron-LM's sequence parallelism told apart from it.

Ulysses (Jacobs et al., "DeepSpeed Ulysses: System Optimizations for Enabling Training of Extreme
Long Sequence Transformer Models", 2023, §3): each of n ranks holds S/n tokens of Q, K and V; an
all-to-all hands every rank the whole sequence for a·/n of the heads; attention runs locally; a
second all-to-all returns the output to sequence shards. An all-to-all of a message of M
elements moves M/n per link, so one layer moves 3SH/n (QKV) + SH/n (output) = 4SH/n per link —
constant when S and n grow together. Each rank must get whole heads, so n divides the heads, and
with GQA/MQA (Ainslie et al. 2023) the KV heads as well: the KV heads set the limit.

Megatron-LM's sequence parallelism (Korthikanti et al., "Reducing Activation Recomputation in
Large Transformer Models", MLSys'23, §4.2.2) is a companion of tensor parallelism: it shards
along the sequence the LayerNorm and dropout activations that the TP region replicates, and
replaces each TP all-reduce by an all-gather and a reduce-scatter of the same bytes. It saves
activations; it does not split one sample's attention over ranks — Ulysses, Ring and USP do.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from ..memory.policy import activation_policy
from ..scenario import Scenario
from .common import Placement, Shapes, alltoall_time, tiers_of

MEGATRON_SP_NOTE = ("Megatron-LM sequence parallelism shards the LayerNorm and dropout activations that tensor "
                    "parallelism replicates over the same tp ranks and swaps each all-reduce for an all-gather and a "
                    "reduce-scatter of the same bytes, whereas long-context sequence/context parallelism (Ulysses, "
                    "Ring, USP) splits one sample's sequence, attention included, over the parallel.cp ranks.")


@dataclass(frozen=True)
class MegatronSp:
    """Megatron-LM sequence parallelism (Korthikanti et al. 2022 §4.2.2) as a TP companion.

    saved_bytes_per_layer: the activation bytes per layer SP shards over tp, i.e. the layer's
    saved bytes without SP minus with it (the scenario's own tensors and recompute setting). In
    Korthikanti's GPT case this is 10sbh(1 − 1/t): Table 2's sbh(10 + 24/t + 5as/(ht)) without SP
    against sbh(34/t + 5as/(ht)) with it. 0 when tp = 1."""
    enabled: bool
    tp: int
    saved_bytes_per_layer: int
    note: str


def megatron_sp(s: Scenario) -> MegatronSp:
    p = s.parallel
    saved = 0
    if p.tp > 1:
        def layer_bytes(sp: bool) -> float:
            variant = dataclasses.replace(s, parallel=dataclasses.replace(p, sp=sp))
            return activation_policy(variant).follows_recompute[0].saved_bytes
        saved = max(0, round(layer_bytes(False) - layer_bytes(True)))
    return MegatronSp(enabled=bool(p.sp), tp=p.tp, saved_bytes_per_layer=saved, note=MEGATRON_SP_NOTE)


@dataclass(frozen=True)
class Ulysses:
    """DeepSpeed-Ulysses over the n = cp ranks of one CP group (Jacobs et al. 2023 §3).

    Per TP rank with a heads (g KV heads) of widths d_qk, d_v and micro-batch b:
    qkv_bytes_per_link = b·(S/n)·(a·d_qk + g·d_qk + g·d_v)·bytes (MHA: 3SH/n elements),
    output_bytes_per_link = b·(S/n)·a·d_v·bytes (SH/n), their sum 4SH/n for MHA (0 when n = 1:
    no link). sent_bytes_per_rank_per_layer = (n − 1)/n of it, what one rank actually sends.
    max_degree = gcd(a, g) = g: n must divide the heads and the KV heads; `limit` names the one
    that binds. time_s: both all-to-alls (pairwise exchange) on the group's tier. steps = 2n,
    the frames of `ulysses_holdings`."""
    degree: int
    heads: int
    kv_heads: int
    max_degree: int
    limit: str
    feasible: bool
    reason: str
    qkv_bytes_per_link: int
    output_bytes_per_link: int
    bytes_per_link_per_layer: int
    time_s: float
    placement: Placement
    steps: int
    tp: int = 1
    sent_bytes_per_rank_per_layer: int = 0
    receive_buffer_bytes: int = 0   # the head-sharded full-sequence QKV + output buffers of one layer
    heads_local: int = 0            # attention heads per TP rank
    kv_local: int = 0               # KV heads per TP rank (replicated when tp > kv_heads)


def head_limit(sh: Shapes) -> tuple[int, str]:
    """(the largest Ulysses degree the heads allow, "attention heads" | "KV heads")."""
    largest = math.gcd(sh.heads_local, sh.kv_local)
    return largest, ("KV heads" if sh.kv_local < sh.heads_local else "attention heads")


def degree_problem(sh: Shapes, degree: int) -> str:
    """Why `degree` cannot hand each rank whole heads, or "" when it can."""
    largest, limit = head_limit(sh)
    per_tp = f" per TP rank (tp = {sh.tp})" if sh.tp > 1 else ""
    if degree > largest:
        count = sh.kv_local if limit == "KV heads" else sh.heads_local
        return (f"Ulysses degree {degree} exceeds the {count} {limit}{per_tp}: the all-to-all hands each rank "
                f"whole heads")
    if sh.heads_local % degree or sh.kv_local % degree:
        return (f"Ulysses degree {degree} does not divide the {sh.heads_local} attention heads and "
                f"{sh.kv_local} KV heads{per_tp}: the all-to-all hands each rank whole heads")
    return ""


def ulysses_bytes(sh: Shapes, tokens: int | float, degree: int) -> tuple[int, int]:
    """(QKV, output) bytes per link of one layer's two all-to-alls over `degree` ranks for a
    sequence of `tokens` (0, 0 when degree = 1)."""
    if degree <= 1:
        return 0, 0
    per_rank = tokens / degree
    return (sh.tokens_bytes(per_rank, sh.q_width + sh.k_width + sh.v_width), sh.tokens_bytes(per_rank, sh.o_width))


def analyse_ulysses(s: Scenario, sh: Shapes, placement: Placement) -> Ulysses:
    n = sh.cp
    largest, limit = head_limit(sh)
    reason = degree_problem(sh, n)
    qkv, out = ulysses_bytes(sh, sh.seq_len, n)
    tiers = tiers_of(s)
    time_s = alltoall_time(tiers, placement.tier, n, qkv) + alltoall_time(tiers, placement.tier, n, out)
    per_rank = sh.seq_len / n
    buffers = sh.tokens_bytes(per_rank, sh.q_width + sh.k_width + sh.v_width + sh.o_width)
    return Ulysses(degree=n, heads=sh.heads, kv_heads=sh.kv_heads, max_degree=largest, limit=limit,
                   feasible=not reason, reason=reason, qkv_bytes_per_link=qkv, output_bytes_per_link=out,
                   bytes_per_link_per_layer=qkv + out, time_s=time_s, placement=placement, steps=2 * n, tp=sh.tp,
                   sent_bytes_per_rank_per_layer=(qkv + out) * (n - 1) // n,
                   receive_buffer_bytes=buffers if n > 1 else 0, heads_local=sh.heads_local, kv_local=sh.kv_local)


def ulysses_holdings(n: int, step: int) -> tuple[frozenset[tuple[int, int]], ...]:
    """Per rank the (sequence block, head group) pairs it holds at animation step `step`.

    0: sequence-sharded (rank r holds block r of every head group); 1 … n−1: the QKV all-to-all's
    pairwise rounds — in round k rank r sends (r, r + k) to rank r + k and receives (r − k, r)
    (indices mod n; Thakur et al. 2005 §4.4); n: head-sharded (rank r holds head group r of every
    block, attention runs); n+1 … 2n−1: the output all-to-all's rounds, round k sending (r + k, r)
    back to rank r + k; 2n: sequence-sharded again. Every pair is held by exactly one rank."""
    if n < 1:
        raise ValueError(f"ranks must be ≥ 1, got {n}")
    if not 0 <= step <= 2 * n:
        raise ValueError(f"step must be in 0…{2 * n} for {n} ranks, got {step}")
    held = []
    for r in range(n):
        if step <= n:  # QKV all-to-all: `done` rounds finished
            done = min(step, n - 1)
            sent = {(r + k) % n for k in range(1, done + 1)}
            pairs = {(r, h) for h in range(n) if h not in sent} | {((r - k) % n, r) for k in range(1, done + 1)}
        else:          # output all-to-all
            done = min(step - n, n - 1)
            sent = {(r + k) % n for k in range(1, done + 1)}
            pairs = {(b, r) for b in range(n) if b not in sent} | {(r, (r - k) % n) for k in range(1, done + 1)}
        held.append(frozenset(pairs))
    return tuple(held)
