"""Building blocks of a collective plan, and what every algorithm builder receives and returns.

An algorithm is a sequence of blocks (a ring reduce-scatter, a chain, one sweep of a tree, ...).
Each block is summarised from its structure as a `Block`: per round its critical bytes, tier,
reduce flag and number of sends, per rank its byte totals. That is all `plan()` and the summary of
`to_json` need; tallying every send instead (~2·10^6 at n = 1024, n(n − 1) ≈ 4·10^9 for a pairwise
all-to-all at n = 65,536) is what used to make plan() slow and then run out of memory. The flat
send arrays are built by each block's `sends(rounds)` function, without Python loops over sends,
for its first `rounds` rounds only: all of them when CollectiveResult._plan is first used (steps,
execute), the rounds listed when `to_json(max_sends=…)` cuts the list. They are (rnd, src, dst,
chunk) with rnd counted from 0 within the block. tests/test_comm.py checks the summaries against a
tally of the flat arrays.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .result import FlatPlan, Phrase

Sends = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]   # (rnd, src, dst, chunk)
ChunkBytes = Callable[[np.ndarray], np.ndarray]                 # chunk ids → bytes of each

INDEX = np.int32   # dtype of rank and round ids in the flat arrays (ranks ≤ planner.MAX_RANKS)
CHUNK = np.int64   # dtype of chunk ids: an all-to-all block id r·n + c reaches n² − 1 = 2^32 − 1


def split(total: int, parts: int) -> np.ndarray:
    """Sizes of `parts` near-equal chunks of `total` bytes (the first total % parts get one more)."""
    base, extra = divmod(total, parts)
    sizes = np.full(parts, base, dtype=np.int64)
    sizes[:extra] += 1
    return sizes


# A pipelined plan has rounds = chunks + depth − 1: bounding the chunks bounds the per-round arrays
# (and the sends, k per link) at the rank limit. 1,024 chunks keep a pipeline of depth D within a
# factor 1 + D/1024 of its bandwidth term (D ≤ 135 for the deepest tree at 65,536 ranks).
MAX_PIPELINE_CHUNKS = 1024


def pipeline_chunks(depth: float, size: int, alpha_s: float, bw_Bps: float) -> int:
    """Chunks k of a pipeline that is `depth` + 1 hops deep (a chain of q ranks: depth q − 2;
    a tree D levels deep: D − 1), chosen for the message: the whole message takes depth + k rounds
    of α + (S/k)/B (Thakur, Rabenseifner & Gropp 2005, pipelined broadcast), so

        T(k) = α·(depth + k) + β·S·(depth + k)/k,   β = 1/B,

    is convex in k with its minimum at k* = sqrt(β·S·depth/α). The better of ⌊k*⌋ and ⌈k*⌉ is
    taken (the smaller on a tie), clamped to 1 … min(MAX_PIPELINE_CHUNKS, S) (no empty chunks);
    with α = 0 the largest k."""
    cap = max(1, min(MAX_PIPELINE_CHUNKS, int(size)))
    if depth <= 0 or size <= 0:
        return 1
    if alpha_s <= 0:
        return cap
    beta_s = size / bw_Bps   # β·S: seconds to move the whole message over one link

    def cost(k: int) -> float:
        return (depth + k) * (alpha_s + beta_s / k)
    best = min(float(cap), math.sqrt(beta_s * depth / alpha_s))   # inf for a denormal α: the cap
    candidates = {min(cap, max(1, math.floor(best))), min(cap, max(1, math.ceil(best)))}
    return min(sorted(candidates), key=cost)


def sends_of(rnd: ArrayLike, src: ArrayLike, dst: ArrayLike, chunk: ArrayLike) -> Sends:
    """The four flat send arrays, raveled: rounds and ranks as INDEX, chunk ids as CHUNK."""
    return (np.asarray(rnd, INDEX).ravel(), np.asarray(src, INDEX).ravel(),
            np.asarray(dst, INDEX).ravel(), np.asarray(chunk, CHUNK).ravel())


def chunk_table(sizes: np.ndarray) -> ChunkBytes:
    """ChunkBytes of chunks numbered 0 … len(sizes) − 1: sizes[id]."""
    return functools.partial(np.take, sizes)


@dataclass(frozen=True)
class Block:
    """One block of rounds, summarised. Byte counts are exact integers (int64)."""
    reduce: np.ndarray       # bool per round: receivers add instead of copy
    crit: np.ndarray         # int64 per round: max over ranks of bytes sent or received that round
    inter: np.ndarray        # bool per round: at least one send leaves its node
    sent: np.ndarray         # int64 per rank: bytes sent over the block
    recv: np.ndarray         # int64 per rank: bytes received over the block
    inter_bytes: int         # bytes of the block's sends that leave a node
    counts: np.ndarray       # int64 per round: sends in that round
    sends: Callable[[int], Sends]   # rounds → (rnd, src, dst, chunk) of the first `rounds` rounds (lazy)


def range_max(values: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """max(values[lo[t] : hi[t] + 1]) for every t (ranges non-empty, may overlap).

    One ufunc.reduceat over the index pairs (lo, hi + 1): entry 2t reduces values[lo:hi+1], odd
    entries reduce the gaps in between and are dropped. A copy of values[0] is appended so that
    hi + 1 = len(values) is a valid index."""
    idx = np.stack([lo, hi + 1], axis=1).ravel()
    result: np.ndarray = np.maximum.reduceat(np.append(values, values[:1]), idx)[::2]
    return result


def tallied(sends: Sends, reduce_flags: np.ndarray, sizes: np.ndarray, node: np.ndarray) -> Block:
    """Summary by tallying the sends one by one: for blocks with few sends (tree: 2(n − 1),
    p2p: 1), where a rank can send several chunks in one round. The sends are built at once."""
    rnd, src, dst, chunk = sends
    n, R = len(node), len(reduce_flags)
    w = sizes[chunk]
    key = rnd.astype(np.int64) * n
    sent_rr = np.bincount(key + src, weights=w, minlength=R * n).reshape(R, n)
    recv_rr = np.bincount(key + dst, weights=w, minlength=R * n).reshape(R, n)
    crit = np.maximum(sent_rr.max(axis=1), recv_rr.max(axis=1)).astype(np.int64)
    cross = node[src] != node[dst]
    inter = np.bincount(rnd, weights=cross, minlength=R) > 0
    sent = np.bincount(src, weights=w, minlength=n).astype(np.int64)
    recv = np.bincount(dst, weights=w, minlength=n).astype(np.int64)
    counts = np.bincount(rnd, minlength=R).astype(np.int64)
    return Block(np.asarray(reduce_flags, bool), crit, inter, sent, recv, int(w[cross].sum()), counts,
                 functools.partial(_first_rounds, sends))


def _first_rounds(sends: Sends, rounds: int) -> Sends:
    """The sends of rounds 0 … rounds − 1 of an already built block."""
    keep = sends[0] < rounds
    return sends_of(*(a[keep] for a in sends))


def flat_plan(blocks: tuple[Block, ...], chunk_bytes: ChunkBytes, rounds: int | None = None) -> FlatPlan:
    """The sends of all blocks (or of the first `rounds` rounds) as flat arrays, rounds numbered
    across blocks (lazy: see CollectiveResult._plan). The per-round flags cover every round."""
    lengths = [len(b.reduce) for b in blocks]
    offsets = np.cumsum([0] + lengths)
    wanted = int(offsets[-1]) if rounds is None else rounds
    flat = [b.sends(max(0, min(length, wanted - int(o)))) for b, length, o in zip(blocks, lengths, offsets)]
    if blocks:
        rnd = np.concatenate([f[0] + o for f, o in zip(flat, offsets)]).astype(INDEX)
        src, dst, chunk = (np.concatenate([f[j] for f in flat]) for j in (1, 2, 3))
        red = np.concatenate([b.reduce for b in blocks])
        inter = np.concatenate([b.inter for b in blocks])
    else:
        rnd = src = dst = np.zeros(0, INDEX)
        chunk = np.zeros(0, CHUNK)
        red = inter = np.zeros(0, bool)
    return FlatPlan(rnd, src, dst, chunk, chunk_bytes(chunk), red, inter)


# ----------------------------------------------------------------------------------------------
# The interface between plan() and the algorithm builders (registry.BUILDERS).

@dataclass(frozen=True)
class Setup:
    """What a builder gets: the normalised collective, n ranks, the nccl-tests size S, the node
    of every rank (rank // gpus_per_node; a send leaves its node when node[src] != node[dst]), and
    the latency and bandwidth of the tier that prices the plan's rounds (the inter-node link as soon
    as the ranks span two nodes, else the intra-node link), from which pipelined builders choose
    their chunk count (pipeline_chunks)."""
    collective: str
    n: int
    size: int
    gpus_per_node: int
    node: np.ndarray
    alpha_s: float = 0.0
    bw_Bps: float = 1.0


@dataclass(frozen=True)
class Built:
    """What a builder returns: its non-empty blocks in order, the bytes of the chunk ids the sends
    name (a function, so that an all-to-all's n² block ids need no table), the chunks per rank
    buffer that `execute` expects, and the convention (a phrase the views translate)."""
    blocks: tuple[Block, ...]
    chunk_bytes: ChunkBytes
    chunks: int
    convention: Phrase


def built(blocks: Iterable[Block | None], chunk_bytes: np.ndarray | ChunkBytes, chunks: int,
          convention: Phrase) -> Built:
    """A Built from the blocks of an algorithm; blocks that move nothing (None) are dropped. An
    array of chunk sizes stands for chunk_table(sizes)."""
    lookup = chunk_table(chunk_bytes) if isinstance(chunk_bytes, np.ndarray) else chunk_bytes
    return Built(tuple(b for b in blocks if b is not None), lookup, chunks, convention)


Builder = Callable[[Setup], Built]


# ----------------------------------------------------------------------------------------------
# Exchanges of contiguous chunk ranges: recursive halving and doubling (halving.py).

Exchange = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]   # (src, dst, lo, hi): chunks lo … hi − 1


def exchanges(rounds: Callable[[], list[tuple[Exchange, bool]]], sizes: np.ndarray, node: np.ndarray) -> Block | None:
    """A block whose round i sends, for every entry e of its Exchange, the chunks lo[e] … hi[e] − 1
    from src[e] to dst[e] (reduce flag per round). `rounds` builds the list (O(n) per round) and is
    called again when the sends are wanted, so the block keeps only its O(n + rounds) summary.
    Bytes of a range are prefix sums of the chunk sizes; a rank's bytes in a round are summed over
    its entries (bincount), so the critical bytes are exact integers."""
    listed = rounds()
    if not listed:
        return None
    n = len(node)
    prefix = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    R = len(listed)
    crit = np.zeros(R, np.int64)
    inter = np.zeros(R, bool)
    counts = np.zeros(R, np.int64)
    sent = np.zeros(n, np.int64)
    recv = np.zeros(n, np.int64)
    inter_bytes = 0
    for i, ((src, dst, lo, hi), _) in enumerate(listed):
        nbytes = prefix[hi] - prefix[lo]
        s = np.bincount(src, weights=nbytes, minlength=n).astype(np.int64)
        r = np.bincount(dst, weights=nbytes, minlength=n).astype(np.int64)
        crit[i] = max(int(s.max()), int(r.max()))
        cross = node[src] != node[dst]
        inter[i] = bool(cross.any())
        inter_bytes += int(nbytes[cross].sum())
        counts[i] = int((hi - lo).sum())
        sent += s
        recv += r
    reduce = np.array([flag for _, flag in listed], bool)
    return Block(reduce, crit, inter, sent, recv, inter_bytes, counts, functools.partial(_exchange_sends, rounds))


def _exchange_sends(rounds: Callable[[], list[tuple[Exchange, bool]]], wanted: int) -> Sends:
    """One send per chunk of every range of rounds 0 … wanted − 1."""
    parts = []
    for i, ((src, dst, lo, hi), _) in enumerate(rounds()[:wanted]):
        count = (hi - lo).astype(np.int64)
        total = int(count.sum())
        start = np.cumsum(count) - count
        chunk = np.arange(total, dtype=np.int64) - np.repeat(start - lo, count)
        parts.append((np.full(total, i), np.repeat(src, count), np.repeat(dst, count), chunk))
    if not parts:
        return sends_of([], [], [], [])
    return sends_of(*(np.concatenate([p[j] for p in parts]) for j in range(4)))
