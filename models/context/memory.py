"""Activation bytes per GPU against the sequence length under each context-parallel scheme (the
Memory tab's long-context figure).

For each length L the byte ledger (models/memory, Korthikanti et al. 2022 §4 tensor by tensor)
is asked for the most-loaded GPU's activations with model.seq_len = L and parallel.cp = 1 ("none")
or the scenario's cp; every CP scheme splits the saved activations alike (S/cp tokens per rank),
so the schemes differ by their own transient buffers for one layer on top: Ulysses the
head-sharded full-sequence QKV and output receive buffers (Jacobs et al. 2023 §3), Ring two K/V
blocks in flight — one computed with while the next arrives (Liu et al. 2023 §3) — and USP both at
its degrees (Fang & Zhao 2024). The same again with activation.recompute = "full". Comm: the bytes
one rank sends in one layer's forward pass (Ulysses (n − 1)/n of its 4SH/n buffers, Ring n − 1 K/V
blocks, USP both). A deterministic teaching model.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..hardware import capacity_bytes
from ..memory import memory_ledger
from ..scenario import Scenario
from .common import shapes
from .ring import kv_block_bytes
from .ulysses import ulysses_bytes
from .usp import auto_degree

SCHEMES = ("none", "ulysses", "ring", "usp")
SHORTEST = 1 << 12   # 4K tokens
LONGEST = 1 << 20    # 1M tokens


@dataclass(frozen=True)
class ContextMemory:
    """Activation bytes per GPU (GPU tier: the ledger's activation items — kept and FP8 saved
    activations, logits, the recompute working set) vs the sequence length under each scheme.

    lengths: powers of two from 4K (or below, for a shorter scenario) to at least 1M, with the
    scenario's seq_len; activation[scheme][length] at the scenario's recompute, activation_full
    under full recompute, both with the scheme's transient buffers; comm_per_layer[scheme][length]
    the bytes one rank sends per layer (forward). `ulysses` and `usp_ulysses` are the degrees used
    (the Ulysses degree is cp whether or not the heads allow it; USP's is the scenario's choice)."""
    lengths: tuple[int, ...]
    cp: int
    schemes: tuple[str, ...]
    activation: tuple[tuple[int, ...], ...]
    activation_full: tuple[tuple[int, ...], ...]
    comm_per_layer: tuple[tuple[int, ...], ...]
    capacity: int
    seq_len: int
    transient: tuple[tuple[int, ...], ...] = ()   # [scheme][length] the scheme's own buffers of one layer
    ulysses: int = 1
    usp_ulysses: int = 1


def context_lengths(seq_len: int) -> tuple[int, ...]:
    """Powers of two from min(4K, the largest power of two ≤ seq_len) to max(1M, the smallest
    power of two ≥ seq_len), with seq_len itself."""
    low = min(SHORTEST, 1 << (seq_len.bit_length() - 1))
    high = max(LONGEST, 1 << (seq_len - 1).bit_length())
    lengths = {1 << k for k in range(low.bit_length() - 1, high.bit_length())} | {seq_len}
    return tuple(sorted(lengths))


def _gpu_activations(s: Scenario) -> int:
    return sum(item.bytes for item in memory_ledger(s).items if item.group == "activations" and item.tier == "gpu")


def context_memory(s: Scenario) -> ContextMemory:
    """The long-context memory figure of `s` (4 ledgers per length: the tab's CONTEXT_MEMORY
    computation keeps it, by the keys it reads)."""
    cp = s.parallel.cp
    sh = shapes(s)
    wanted = s.context.ulysses
    usp_u = wanted if wanted and cp % wanted == 0 else auto_degree(sh)
    usp_ring = cp // usp_u
    lengths = context_lengths(s.model.seq_len)
    by_scheme: dict[str, list[int]] = {scheme: [] for scheme in SCHEMES}
    by_scheme_full: dict[str, list[int]] = {scheme: [] for scheme in SCHEMES}
    comm: dict[str, list[int]] = {scheme: [] for scheme in SCHEMES}
    transient: dict[str, list[int]] = {scheme: [] for scheme in SCHEMES}
    for length in lengths:
        model = replace(s.model, seq_len=length)
        base = replace(s, model=model, parallel=replace(s.parallel, cp=1))
        split = replace(s, model=model)
        full = replace(s.activation, recompute="full", recompute_layers=0)
        none, none_full = _gpu_activations(base), _gpu_activations(replace(base, activation=full))
        if cp > 1:
            shared, shared_full = _gpu_activations(split), _gpu_activations(replace(split, activation=full))
        else:
            shared, shared_full = none, none_full
        per_rank = length / cp
        qkvo = sh.tokens_bytes(per_rank, sh.q_width + sh.k_width + sh.v_width + sh.o_width)
        u_qkv, u_out = ulysses_bytes(sh, length, cp)
        kv_block = kv_block_bytes(sh, length, cp)
        usp_qkv, usp_out = ulysses_bytes(sh, length / usp_ring, usp_u)
        usp_block = kv_block_bytes(sh, length / usp_ring, 1) // usp_u
        buffers = {"none": 0,
                   "ulysses": qkvo if cp > 1 else 0,
                   "ring": 2 * kv_block if cp > 1 else 0,
                   "usp": (qkvo if usp_u > 1 else 0) + (2 * usp_block if usp_ring > 1 else 0)}
        sent = {"none": 0,
                "ulysses": (u_qkv + u_out) * (cp - 1) // cp,
                "ring": (cp - 1) * kv_block,
                "usp": (usp_qkv + usp_out) * (usp_u - 1) // usp_u + (usp_ring - 1) * usp_block}
        for scheme in SCHEMES:
            own = (none, none_full) if scheme == "none" else (shared, shared_full)
            by_scheme[scheme].append(own[0] + buffers[scheme])
            by_scheme_full[scheme].append(own[1] + buffers[scheme])
            comm[scheme].append(sent[scheme])
            transient[scheme].append(buffers[scheme])
    return ContextMemory(
        lengths=lengths, cp=cp, schemes=SCHEMES,
        activation=tuple(tuple(by_scheme[scheme]) for scheme in SCHEMES),
        activation_full=tuple(tuple(by_scheme_full[scheme]) for scheme in SCHEMES),
        comm_per_layer=tuple(tuple(comm[scheme]) for scheme in SCHEMES),
        capacity=capacity_bytes(s.cluster.gpu, s.cluster.hbm_gib), seq_len=s.model.seq_len,
        transient=tuple(tuple(transient[scheme]) for scheme in SCHEMES), ulysses=cp, usp_ulysses=usp_u)
