"""Recursive halving and doubling: Rabenseifner's all-reduce (recursive-halving reduce-scatter, then
recursive-doubling all-gather), recursive-doubling all-gather and recursive-halving reduce-scatter.

Thakur, Rabenseifner & Gropp, "Optimization of Collective Communication Operations in MPICH"
(IJHPCA 2005) §4 (the algorithms MPICH uses at medium and long sizes), with p a power of two:
- all-gather by recursive doubling: lg p rounds, round i exchanges 2^i blocks with rank ⊕ 2^i:
  T = lg p·α + (p − 1)/p·S·β;
- reduce-scatter by recursive halving: lg p rounds, round i sends half of what is left (S/2, S/4,
  …) to rank ⊕ p/2^(i+1) and adds what comes back: T = lg p·α + (p − 1)/p·S·β;
- all-reduce (Rabenseifner): the two in sequence, T = 2 lg p·α + 2(p − 1)/p·S·β (the γ term of
  the additions is not modelled).
Any other n (Thakur et al. 2005 §4.1, Rabenseifner's reduction to a power of two): with
p' = 2^⌊lg n⌋ and r = n − p', the first 2r ranks pair up (2i with 2i + 1, i < r): the even rank
sends the second half of its buffer to the odd one and the odd rank the first half to the even
one, both add, and the odd rank returns its reduced half, so the even rank holds the pair's sum
(two rounds of S/2). The p' ranks left (virtual rank v is real rank 2v for v < r, v + r
otherwise) run the power-of-two algorithm, and the even ranks hand the result to their partners
at the end (all-reduce: S; reduce-scatter: the partner's chunk). All-gather needs no sum: the odd
rank sends its block to the even one first, and gets the other n − 1 blocks back at the end.

Chunk layout: all-reduce: p' blocks, virtual rank v owns block v; reduce-scatter and all-gather:
n chunks, virtual rank v owns chunks v + min(v, r) … (v + 1) + min(v + 1, r) − 1 (two for the
folded pairs), so real rank r ends with (or contributes) chunk r. Every message is a contiguous
range of chunks (blocks.exchanges).
"""
from __future__ import annotations

import functools

import numpy as np

from .blocks import Built, Exchange, Setup, built, exchanges, split
from .result import QT_TRANSLATE_NOOP, phrase


def fold(n: int) -> tuple[int, int, np.ndarray]:
    """(p', r, real rank of every virtual rank): p' = 2^⌊lg n⌋, r = n − p'."""
    p = 1 << (n.bit_length() - 1)
    r = n - p
    v = np.arange(p)
    return p, r, np.where(v < r, 2 * v, v + r)


def _steps(n: int, start: np.ndarray, halving: bool, doubling: bool) -> list[tuple[Exchange, bool]]:
    """The rounds of recursive halving (reduce) and/or doubling (copy) over the p' virtual ranks;
    start[v] … start[v + 1] − 1 are the chunks virtual rank v ends with (halving) or starts with
    (doubling). Halving with distance d sends the aligned block of d virtual ranks that holds the
    partner v ⊕ d; doubling with distance d sends the aligned block of d that holds v."""
    p, _, real = fold(n)
    v = np.arange(p)
    rounds: list[tuple[Exchange, bool]] = []
    distances = [1 << i for i in range(p.bit_length() - 1)]
    if halving:
        for d in reversed(distances):
            w = v ^ d
            first = (w // d) * d
            rounds.append(((real[v], real[w], start[first], start[first + d]), True))
    if doubling:
        for d in distances:
            first = (v // d) * d
            rounds.append(((real[v], real[v ^ d], start[first], start[first + d]), False))
    return rounds


def _pairs(r: int) -> tuple[np.ndarray, np.ndarray]:
    """The folded pairs: even ranks 2i (they stay) and odd partners 2i + 1 (they sit out), i < r."""
    even = 2 * np.arange(r)
    return even, even + 1


def _fold_sum(r: int, chunks: int) -> list[tuple[Exchange, bool]]:
    """Thakur et al. 2005 §4.1: the halves swapped and added, then the odd rank's half returned."""
    even, odd = _pairs(r)
    h = chunks // 2
    zeros, half, end = np.zeros(r, np.int64), np.full(r, h, np.int64), np.full(r, chunks, np.int64)
    swap = (np.concatenate([even, odd]), np.concatenate([odd, even]), np.concatenate([half, zeros]),
            np.concatenate([end, half]))
    return [(swap, True), ((odd, even, half, end), False)]


def allreduce_rounds(n: int) -> list[tuple[Exchange, bool]]:
    """Rabenseifner: fold, halving, doubling, hand back; p' blocks."""
    p, r, _ = fold(n)
    even, odd = _pairs(r)
    rounds = _fold_sum(r, p) if r else []
    rounds += _steps(n, np.arange(p + 1), True, True)
    if r:
        rounds.append(((even, odd, np.zeros(r, np.int64), np.full(r, p, np.int64)), False))
    return rounds


def owned_chunks(n: int) -> np.ndarray:
    """start[v] = v + min(v, r) for v = 0 … p': the n chunks split among the virtual ranks."""
    p, r, _ = fold(n)
    v = np.arange(p + 1)
    return v + np.minimum(v, r)


def reducescatter_rounds(n: int) -> list[tuple[Exchange, bool]]:
    """Fold (halves swapped and added, half returned), recursive halving over n chunks, then chunk
    2i + 1 handed to rank 2i + 1."""
    p, r, _ = fold(n)
    even, odd = _pairs(r)
    rounds = _fold_sum(r, n) if r else []
    rounds += _steps(n, owned_chunks(n), True, False)
    if r:
        rounds.append(((even, odd, odd, odd + 1), False))
    return rounds


def allgather_rounds(n: int) -> list[tuple[Exchange, bool]]:
    """Chunk 2i + 1 to rank 2i, recursive doubling over n chunks, then every chunk but 2i + 1 back
    to rank 2i + 1."""
    p, r, _ = fold(n)
    even, odd = _pairs(r)
    rounds = [((odd, even, odd, odd + 1), False)] if r else []
    rounds += _steps(n, owned_chunks(n), False, True)
    if r:
        back = (np.concatenate([even, even]), np.concatenate([odd, odd]),
                np.concatenate([np.zeros(r, np.int64), odd + 1]), np.concatenate([odd, np.full(r, n, np.int64)]))
        keep = back[3] > back[2]
        src, dst, lo, hi = (a[keep] for a in back)
        rounds.append(((src, dst, lo, hi), False))
    return rounds


def allreduce(setup: Setup) -> Built:
    p, r, _ = fold(setup.n)
    sizes = split(setup.size, p)
    if r:
        convention = phrase(QT_TRANSLATE_NOOP("comm", "Rabenseifner: recursive-halving reduce-scatter + "
                                                      "recursive-doubling all-gather over p' = {p} ranks in p' "
                                                      "blocks, the first {folded} ranks folded in pairs (3 more "
                                                      "rounds); bytes sent per rank 2(p'−1)/p'·S (+ 3S/2 for a "
                                                      "folded pair)"), p=p, folded=2 * r)
    else:
        convention = phrase(QT_TRANSLATE_NOOP("comm", "Rabenseifner: recursive-halving reduce-scatter + "
                                                      "recursive-doubling all-gather over p' = {p} ranks in p' "
                                                      "blocks; bytes sent per rank 2(p'−1)/p'·S (+ 3S/2 for a "
                                                      "folded pair)"), p=p)
    return built([exchanges(functools.partial(allreduce_rounds, setup.n), sizes, setup.node)], sizes, p, convention)


def scatter_gather(setup: Setup) -> Built:
    """Recursive-halving reduce-scatter (reducescatter) or recursive-doubling all-gather (allgather)."""
    n = setup.n
    p, r, _ = fold(n)
    sizes = split(setup.size, n)
    gather = setup.collective == "allgather"
    rounds = functools.partial(allgather_rounds if gather else reducescatter_rounds, n)
    if gather and r:
        convention = phrase(QT_TRANSLATE_NOOP("comm", "recursive-doubling all-gather over p' = {p} ranks, S = full "
                                                      "array in n chunks, the first {folded} ranks folded in pairs "
                                                      "(2 more rounds); bytes sent per rank (max)"), p=p, folded=2 * r)
    elif gather:
        convention = phrase(QT_TRANSLATE_NOOP("comm", "recursive-doubling all-gather over p' = {p} ranks, S = full "
                                                      "array in n chunks; bytes sent per rank (max)"), p=p)
    elif r:
        convention = phrase(QT_TRANSLATE_NOOP("comm", "recursive-halving reduce-scatter over p' = {p} ranks, S = "
                                                      "full array in n chunks, the first {folded} ranks folded in "
                                                      "pairs (3 more rounds); bytes sent per rank (max)"),
                            p=p, folded=2 * r)
    else:
        convention = phrase(QT_TRANSLATE_NOOP("comm", "recursive-halving reduce-scatter over p' = {p} ranks, S = "
                                                      "full array in n chunks; bytes sent per rank (max)"), p=p)
    return built([exchanges(rounds, sizes, setup.node)], sizes, n, convention)
