"""Pairwise-exchange all-to-all.

Thakur, Rabenseifner & Gropp (IJHPCA 2005) §4.4, and NCCL's all-to-all as n−1 point-to-point
sends: n−1 rounds, in round k rank r sends its block for rank r + k; (n−1)/n·S sent per rank.
"""
from __future__ import annotations

import functools

import numpy as np

from .blocks import Block, Built, Sends, Setup, built, sends_of, split
from .result import QT_TRANSLATE_NOOP, phrase


def pairwise(split_bytes: np.ndarray, node: np.ndarray) -> Block | None:
    """Pairwise-exchange all-to-all: in round k rank r sends block (r, r + k) to rank r + k; block
    (r, c) has split_bytes[c] bytes. Sends: pairwise_sends."""
    n = len(node)
    if n < 2:
        return None
    # Round k: rank r sends split[(r + k) mod n] and rank r + k receives it; as r runs over all
    # ranks this is every entry of split, so every round's critical bytes are max(split).
    crit = np.full(n - 1, split_bytes.max())
    # With two or more nodes (nodes are runs of consecutive ranks) every shift 1 ≤ k < n moves some
    # rank to another node: otherwise node 0 = {0 … G−1}, G < n, would be closed under r → r + k,
    # so a union of cosets of d = gcd(k, n) < n; if G ≥ d it holds every residue mod d, i.e. every
    # rank; if G < d, G − 1 + d < 2d ≤ n is in the coset of G − 1 but not in node 0.
    inter = np.full(n - 1, bool(node[0] != node[-1]))
    sent = split_bytes.sum() - split_bytes              # every block of its own but (r, r)
    recv = (n - 1) * split_bytes                        # block (r, c) from every r ≠ c
    # Block (r, c) leaves the node for each of the n − |node(c)| senders r not on c's node.
    node_size = np.bincount(node)[node]
    inter_bytes = int((split_bytes * (n - node_size)).sum())
    return Block(np.zeros(n - 1, bool), crit, inter, sent.astype(np.int64),
                 recv.astype(np.int64), inter_bytes, np.full(n - 1, n, np.int64),
                 functools.partial(pairwise_sends, n))


def pairwise_sends(n: int, rounds: int) -> Sends:
    """Block (r, c) has logical id r·n + c (int64: up to n² − 1). Rounds 0 … rounds − 1 only (the
    n(n − 1) sends of all rounds are 4·10^9 at n = 65,536)."""
    k = np.arange(1, rounds + 1)[:, None]
    r = np.arange(n)[None, :]
    d = (r + k) % n
    return sends_of(np.broadcast_to(k - 1, d.shape), np.broadcast_to(r, d.shape), d,
                    r.astype(np.int64) * n + d)


def alltoall(setup: Setup) -> Built:
    """n chunks per rank; chunk c of rank r (logical id r·n + c) has the size of chunk c of S, so
    the bytes of block id b are per_peer[b mod n] (no table of n² sizes)."""
    n = setup.n
    per_peer = split(setup.size, n)
    return built([pairwise(per_peer, setup.node)], lambda ids: per_peer[ids % n], n,
                 phrase(QT_TRANSLATE_NOOP("comm", "pairwise exchange, n−1 rounds of S/n; S = per-rank buffer; "
                                                  "bytes sent per rank (n−1)/n·S")))
