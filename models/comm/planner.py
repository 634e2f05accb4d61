"""plan(): check the arguments, let the registered builder lay out the blocks, and price them.

α–β time (Hockney, "The communication challenge for MPP: Intel Paragon and Meiko CS-2", Parallel
Computing 1994; the cost model of Thakur, Rabenseifner & Gropp 2005 §3): time ≈ α·rounds + β·bytes
on the critical path; here per round α(tier) + max over ranks of bytes sent or received that round
/ bandwidth(tier), where a round's tier is "inter" as soon as one of its sends leaves a node (the
slowest link sets the round). algbw = S / t and busbw = algbw · factor as nccl-tests,
doc/PERFORMANCE.md defines them.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Callable
from numbers import Integral, Real

import numpy as np

from .blocks import Setup, flat_plan
from .registry import ALGORITHMS, COLLECTIVES, builder
from .result import QT_TRANSLATE_NOOP, CollectiveResult, Phrase, phrase, sentence

# Limits of plan(), checked before anything is built. Within them every per-rank and per-round
# array is O(n + rounds), and every byte total fits int64: the largest, the bytes a flat ring
# all-reduce sends across nodes, is at most 2(n − 1)·S < 2^17 · 2^46 = 2^63.
MAX_RANKS = 1 << 16   # 65,536 ranks: every collective there plans in well under a second
MAX_BYTES = 1 << 46   # 64 TiB, the Communication tab's largest size: beyond any GPU's memory

# nccl-tests doc/PERFORMANCE.md, "Bus bandwidth": busbw = algbw · factor(n).
BUSBW_FACTOR: dict[str, Callable[[int], float]] = {
    "allreduce": lambda n: 2 * (n - 1) / n,
    "reducescatter": lambda n: (n - 1) / n,
    "allgather": lambda n: (n - 1) / n,
    "alltoall": lambda n: (n - 1) / n,
    "broadcast": lambda n: 1.0,
    "reduce": lambda n: 1.0,
    "p2p": lambda n: 1.0,
}

_ALIASES = {"sendrecv": "p2p", "sendreceive": "p2p", "pointtopoint": "p2p", "all2all": "alltoall"}


def normalise_collective(name: str) -> str:
    """'all-reduce', 'all_reduce', 'AllReduce', 'All Reduce' → 'allreduce'."""
    key = "".join(ch for ch in str(name).lower() if ch not in "-_ ")
    key = _ALIASES.get(key, key)
    if key not in COLLECTIVES:
        raise ValueError(f"unknown collective {name!r}; choose from {', '.join(COLLECTIVES)}")
    return key


def normalise_algorithm(name: str) -> str:
    key = str(name).strip().lower()
    if key not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {name!r}; choose from {', '.join(ALGORITHMS)}")
    return key


def _read_only(values: np.ndarray) -> np.ndarray:
    values.flags.writeable = False
    return values


def _whole(value: object) -> bool:
    """An integer (Python's or numpy's) or a float with an integral value (not inf or nan); not a bool."""
    if isinstance(value, bool):
        return False
    return isinstance(value, Integral) or (isinstance(value, float) and value.is_integer())


def _real(value: object) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def argument_problem(collective: str, ranks: int, size_bytes: int, algorithm: str, *,
                     gpus_per_node: int = 8, alpha_intra_s: float = 3e-6, alpha_inter_s: float = 10e-6,
                     bw_intra_Bps: float = 400e9, bw_inter_Bps: float = 50e9) -> Phrase | None:
    """Why plan() refuses these arguments (normalised collective and algorithm names), as a phrase
    the views translate (context "comm"), or None."""
    if not _whole(ranks) or ranks < 1:
        return phrase(QT_TRANSLATE_NOOP("comm", "ranks must be an integer >= 1, got {ranks!r}"), ranks=ranks)
    if ranks > MAX_RANKS:
        return phrase(QT_TRANSLATE_NOOP("comm", "{ranks:,} ranks exceed the planner's limit of {limit:,} ranks; "
                                                "plan at most {limit:,} ranks"), ranks=int(ranks), limit=MAX_RANKS)
    if not _whole(size_bytes) or size_bytes < 0:
        return phrase(QT_TRANSLATE_NOOP("comm", "bytes must be an integer >= 0, got {size!r}"), size=size_bytes)
    if size_bytes > MAX_BYTES:
        return phrase(QT_TRANSLATE_NOOP("comm", "a size of {size:,} B exceeds the planner's limit of {limit:,} B "
                                                "(64 TiB, more than any GPU holds); use a smaller size"),
                      size=int(size_bytes), limit=MAX_BYTES)
    if not _whole(gpus_per_node) or gpus_per_node < 1:
        return phrase(QT_TRANSLATE_NOOP("comm", "gpus_per_node must be >= 1, got {gpus}"), gpus=gpus_per_node)
    # A zero, infinite or NaN link would make the α–β time infinite or NaN.
    for template, v in ((QT_TRANSLATE_NOOP("comm", "intra bandwidth must be a finite number > 0, got {value!r}"),
                         bw_intra_Bps),
                        (QT_TRANSLATE_NOOP("comm", "inter bandwidth must be a finite number > 0, got {value!r}"),
                         bw_inter_Bps)):
        if not (_real(v) and 0 < v < math.inf):
            return phrase(template, value=v)
    for template, v in ((QT_TRANSLATE_NOOP("comm", "intra latency must be a finite number >= 0, got {value!r}"),
                         alpha_intra_s),
                        (QT_TRANSLATE_NOOP("comm", "inter latency must be a finite number >= 0, got {value!r}"),
                         alpha_inter_s)):
        if not (_real(v) and 0 <= v < math.inf):
            return phrase(template, value=v)
    n = int(ranks)
    if collective == "p2p" and n < 2:
        return phrase(QT_TRANSLATE_NOOP("comm", "p2p needs ranks >= 2 (rank 0 sends to rank 1)"))
    g = min(gpus_per_node, n)
    if algorithm == "hierarchical" and n % g:
        return phrase(QT_TRANSLATE_NOOP("comm", "hierarchical needs ranks ({ranks}) to be a multiple of "
                                                "gpus_per_node ({gpus})"), ranks=n, gpus=g)
    return None


def plan(collective: str, ranks: int, size_bytes: int, algorithm: str = "ring", *,
         gpus_per_node: int = 8, alpha_intra_s: float = 3e-6, alpha_inter_s: float = 10e-6,
         bw_intra_Bps: float = 400e9, bw_inter_Bps: float = 50e9) -> CollectiveResult:
    """Plan `collective` of nccl-tests size `size_bytes` over `ranks` ranks (package docstring).
    The link keywords are hardware.LinkTiers.kwargs(). Raises ValueError with argument_problem's
    text for arguments it cannot plan."""
    coll = normalise_collective(collective)
    algo = normalise_algorithm(algorithm)
    problem = argument_problem(coll, ranks, size_bytes, algo, gpus_per_node=gpus_per_node,
                               alpha_intra_s=alpha_intra_s, alpha_inter_s=alpha_inter_s,
                               bw_intra_Bps=bw_intra_Bps, bw_inter_Bps=bw_inter_Bps)
    if problem is not None:
        raise ValueError(problem.text)
    n, S = int(ranks), int(size_bytes)

    used, note, build = builder(algo, coll)
    node = np.arange(n) // gpus_per_node     # a send leaves its node when node[src] != node[dst]
    # The tier that prices the rounds once the ranks span two nodes (blocks.Setup).
    spans = n > gpus_per_node
    layout = build(Setup(coll, n, S, gpus_per_node, node, alpha_inter_s if spans else alpha_intra_s,
                         bw_inter_Bps if spans else bw_intra_Bps))
    blocks = layout.blocks
    phrases = (() if note is None else (note,)) + (
        layout.convention, phrase(QT_TRANSLATE_NOOP("comm", "; S is the nccl-tests size ({size} B)"), size=S))
    R = sum(len(b.reduce) for b in blocks)

    sent = np.zeros(n, np.int64)
    recv = np.zeros(n, np.int64)
    for b in blocks:
        sent += b.sent
        recv += b.recv
    # α–β time (module docstring): per round α(tier) + critical bytes / bandwidth(tier).
    if R:
        crit = np.concatenate([b.crit for b in blocks]).astype(np.float64)
        inter = np.concatenate([b.inter for b in blocks])
        alpha = np.where(inter, alpha_inter_s, alpha_intra_s)
        bw = np.where(inter, bw_inter_Bps, bw_intra_Bps)
        time_s = float(np.sum(alpha + crit / bw))
        inter_bytes = sum(b.inter_bytes for b in blocks)
    else:
        time_s, inter_bytes = 0.0, 0
    factor = float(BUSBW_FACTOR[coll](n))
    algbw = S / time_s if time_s > 0 else 0.0   # nccl-tests: algbw = S / t (0 when nothing moves)
    return CollectiveResult(
        collective=coll, ranks=n, bytes=S, algorithm=used, per_rank_sent_bytes=int(sent.max()),
        per_rank_recv_bytes=int(recv.max()), rounds=R, time_s=time_s, algbw=algbw,
        busbw=algbw * factor, busbw_factor=factor, convention=sentence(phrases), chunks=layout.chunks,
        inter_node_bytes=inter_bytes, sent_per_rank=_read_only(sent), received_per_rank=_read_only(recv),
        _build_plan=functools.partial(flat_plan, blocks, layout.chunk_bytes),
        _round_sends=_read_only(np.concatenate([b.counts for b in blocks]) if blocks else np.zeros(0, np.int64)),
        convention_phrases=phrases)
