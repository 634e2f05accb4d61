"""Pipelined chain broadcast and reduce: the "ring" algorithm of the rooted collectives.

Thakur, Rabenseifner & Gropp (IJHPCA 2005), pipelined broadcast: the buffer is cut into C chunks
that travel down a chain of q ranks, C + q − 2 rounds; a reduce runs the same chain backwards.
C is chosen for the message size (blocks.pipeline_chunks), as NCCL pipelines its ring broadcast.
"""
from __future__ import annotations

import functools

import numpy as np

from .blocks import MAX_PIPELINE_CHUNKS, Block, Built, Sends, Setup, built, pipeline_chunks, range_max, sends_of, split
from .result import QT_TRANSLATE_NOOP, phrase


def chain_links(q: int, reduce: bool) -> tuple[np.ndarray, np.ndarray]:
    """Positions (from, to) of chain link li: li → li + 1, or q−1−li → q−2−li for reduce."""
    li = np.arange(q - 1)
    return (q - 1 - li, q - 2 - li) if reduce else (li, li + 1)


def chain(groups: np.ndarray, chunks: np.ndarray, reduce: bool, sizes: np.ndarray,
          node: np.ndarray) -> Block | None:
    """Pipelined chain broadcast from position 0 (reduce=False) or reduce to position 0 (True) in
    every group at once; chunks: real chunk ids in pipeline order. Sends: chain_sends."""
    k, q = groups.shape
    C = len(chunks)
    if q < 2 or C == 0:
        return None
    n = len(node)
    T = C + q - 2
    t = np.arange(T)
    chunk_bytes = sizes[chunks]
    a, b = chain_links(q, reduce)
    crosses = node[groups[:, a]] != node[groups[:, b]]  # (k, q − 1)
    # Round t: link li carries chunk t − li for the links with 0 ≤ t − li < C. A rank is the sender
    # of one link and the receiver of one, so the critical bytes of round t are the largest chunk
    # in flight, chunks max(0, t − q + 2) … min(C − 1, t), and the round is "inter" if one of the
    # active links max(0, t − C + 1) … min(q − 2, t) leaves a node in some group.
    crit = range_max(chunk_bytes, np.maximum(0, t - (q - 2)), np.minimum(C - 1, t))
    inter = range_max(crosses.any(axis=0), *active_links(t, q, C))
    # Every link carries every chunk once.
    total = int(chunk_bytes.sum())
    sent = np.zeros(n, np.int64)
    recv = np.zeros(n, np.int64)
    sent[groups[:, a]] = total
    recv[groups[:, b]] = total
    lo, hi = active_links(t, q, C)
    return Block(np.full(T, reduce), crit, inter, sent, recv, int(crosses.sum()) * total,
                 (hi - lo + 1).astype(np.int64) * k, functools.partial(chain_sends, groups, chunks, reduce))


def active_links(t: np.ndarray, q: int, C: int) -> tuple[np.ndarray, np.ndarray]:
    """First and last link busy in round t: link li carries chunk t − li while 0 ≤ t − li < C, so
    li runs from max(0, t − C + 1) to min(q − 2, t) (never empty for 0 ≤ t < C + q − 2)."""
    return np.maximum(0, t - (C - 1)), np.minimum(q - 2, t)


def chain_sends(groups: np.ndarray, chunks: np.ndarray, reduce: bool, rounds: int) -> Sends:
    """Thakur et al. 2005 (pipelined broadcast): with C chunks and q ranks, C + q − 2 rounds; in
    round t link li carries chunk t − li. Rounds 0 … rounds − 1 only, one entry per send (no
    rounds × links grid)."""
    k, q = groups.shape
    C = len(chunks)
    lo, hi = active_links(np.arange(rounds), q, C)
    per_round = hi - lo + 1
    t = np.repeat(np.arange(rounds), per_round)
    li = np.arange(int(per_round.sum())) - np.repeat(np.cumsum(per_round) - per_round - lo, per_round)
    ch = chunks[t - li]
    a, b = (q - 1 - li, q - 2 - li) if reduce else (li, li + 1)
    shape = (len(t), k)
    return sends_of(np.broadcast_to(t[:, None], shape), groups[:, a].T, groups[:, b].T,
                    np.broadcast_to(ch[:, None], shape))


def rooted(setup: Setup) -> Built:
    """Broadcast from rank 0 or reduce to rank 0 along the chain 0, 1, …, n − 1, pipelined in k
    chunks chosen for the size (blocks.pipeline_chunks with depth n − 2): n − 2 + k rounds of
    about α + S/(kB), so T = α·(n − 2 + k) + β·S·(n − 2 + k)/k, near β·S for large S where n
    chunks would leave it near 2β·S."""
    n = setup.n
    k = pipeline_chunks(n - 2, setup.size, setup.alpha_s, setup.bw_Bps)
    sizes = split(setup.size, k)
    return built([chain(np.arange(n)[None, :], np.arange(k), setup.collective == "reduce", sizes, setup.node)],
                 sizes, k, phrase(QT_TRANSLATE_NOOP("comm", "pipelined chain (ring) rooted at rank 0 in k = {k} "
                                                            "chunks (k* = √(βS(n−2)/α), at most {limit}), n − 2 + k "
                                                            "rounds; bytes sent per rank S"),
                                  k=k, limit=MAX_PIPELINE_CHUNKS))
