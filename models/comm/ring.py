"""Ring reduce-scatter and all-gather, and the ring all-reduce built from them.

Thakur, Rabenseifner & Gropp, "Optimization of Collective Communication Operations in MPICH"
(IJHPCA 2005) §4: ring reduce-scatter / all-gather take n−1 rounds of S/n; ring all-reduce =
reduce-scatter + all-gather, 2(n−1) rounds, 2(n−1)/n·S sent per rank.
"""
from __future__ import annotations

import functools

import numpy as np

from .blocks import Block, Built, Sends, Setup, built, sends_of, split
from .result import QT_TRANSLATE_NOOP, phrase


def ring(groups: np.ndarray, chunkmap: np.ndarray, gather: bool, sizes: np.ndarray,
         node: np.ndarray) -> Block | None:
    """Ring reduce-scatter (gather=False) or all-gather (gather=True) inside every group at once.

    groups (k, q): ranks in ring order, every rank in at most one group; chunkmap (k, q, w), or
    (1, q, w) when every group splits its ring chunks alike: ring chunk c of group g = real chunks
    chunkmap[g, c, :] (the shared form keeps a hierarchical layout's m·g·m ids down to g·m); sizes:
    bytes per real chunk; node: node of every rank. Sends: ring_sends.
    """
    k, q = groups.shape
    if q < 2:
        return None
    n = len(node)
    w = chunkmap.shape[2]
    nxt = np.roll(groups, -1, axis=1)                   # the rank position i sends to
    ring_bytes = np.broadcast_to(sizes[chunkmap].sum(axis=2), (k, q))   # bytes of ring chunk c of group g
    # In every round each position sends one ring chunk to the next and each ring chunk of each
    # group is sent once (c = i − s − 1 or i − s covers all c as i does): the critical bytes of
    # every round are the largest ring chunk, and the links (so the tier) are the same each round.
    rounds = q - 1
    crosses = node[groups] != node[nxt]                 # (k, q): link i → i + 1 leaves the node
    # Over the q − 1 rounds position i sends every ring chunk but one: reduce-scatter skips
    # chunk i (it ends there, reduced), all-gather skips chunk i + 1 (it starts there).
    skipped = np.roll(ring_bytes, -1, axis=1) if gather else ring_bytes
    pos_sent = ring_bytes.sum(axis=1, keepdims=True) - skipped
    sent = np.zeros(n, np.int64)
    recv = np.zeros(n, np.int64)
    sent[groups] = pos_sent
    recv[nxt] = pos_sent                                # position i + 1 receives what i sends
    # Every round each of the k·q positions sends the w real chunks of one ring chunk.
    return Block(np.full(rounds, not gather), np.full(rounds, ring_bytes.max()),
                 np.full(rounds, crosses.any()), sent, recv, int(pos_sent[crosses].sum()),
                 np.full(rounds, k * q * w, np.int64), functools.partial(ring_sends, groups, chunkmap, gather))


def ring_sends(groups: np.ndarray, chunkmap: np.ndarray, gather: bool, rounds: int) -> Sends:
    """Thakur et al. 2005 §4: in round s position i sends ring chunk (i − s − 1) mod q
    (reduce-scatter; position c ends with chunk c reduced) or (i − s) mod q (all-gather; position c
    starts with chunk c) to position i + 1. Rounds 0 … rounds − 1 only."""
    k, q = groups.shape
    w = chunkmap.shape[2]
    chunkmap = np.broadcast_to(chunkmap, (k, q, w))   # a view: the shared (1, q, w) form needs no copy
    s = np.arange(rounds)[:, None, None, None]
    g = np.arange(k)[None, :, None, None]
    i = np.arange(q)[None, None, :, None]
    wi = np.arange(w)[None, None, None, :]
    shape = (rounds, k, q, w)
    c = (i - s) % q if gather else (i - s - 1) % q
    return sends_of(np.broadcast_to(s, shape), np.broadcast_to(groups[g, i], shape),
                    np.broadcast_to(groups[g, (i + 1) % q], shape),
                    np.broadcast_to(chunkmap[g, c, wi], shape))


def _one_ring(setup: Setup) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All n ranks in one ring in rank order, ring chunk c = chunk c, and the n chunk sizes."""
    n = setup.n
    return np.arange(n)[None, :], np.arange(n)[None, :, None], split(setup.size, n)


def allreduce(setup: Setup) -> Built:
    """Ring reduce-scatter then ring all-gather over all ranks (n chunks)."""
    ids, chunkmap, sizes = _one_ring(setup)
    return built([ring(ids, chunkmap, False, sizes, setup.node), ring(ids, chunkmap, True, sizes, setup.node)],
                 sizes, setup.n,
                 phrase(QT_TRANSLATE_NOOP("comm", "ring reduce-scatter + all-gather; bytes sent per rank 2(n−1)/n·S")))


def scatter_gather(setup: Setup) -> Built:
    """One ring reduce-scatter (reducescatter) or all-gather (allgather) over all ranks."""
    ids, chunkmap, sizes = _one_ring(setup)
    return built([ring(ids, chunkmap, setup.collective == "allgather", sizes, setup.node)], sizes, setup.n,
                 phrase(QT_TRANSLATE_NOOP("comm", "ring, S = full gathered array; bytes sent per rank (n−1)/n·S")))
