"""Pipelined double binary tree all-reduce, broadcast and reduce (NCCL's "tree" algorithm).

Sources:
- Sanders, Speck & Träff, "Two-tree algorithms for full bandwidth broadcast, reduction and scan"
  (Parallel Computing 35(12), 2009), §3: two binary trees over the processors other than the
  root, every processor interior in at most one of them; the root feeds the two tree roots
  alternately, so each tree carries half of the blocks, and the blocks are pipelined.
- NVIDIA/nccl, src/graph/trees.cc (ncclGetBtree, ncclGetDtree): the first tree is the in-order
  binary tree on positions 0 … m − 1 in which a position's lowest set bit is its level, rooted at
  0 with the single child 2^⌊lg(m−1)⌋; the second is that tree mirrored (an even number of
  positions) or shifted by one (odd), so that the leaves (odd positions) of one tree are the
  interior of the other. Here the second tree is built the same way over positions 1 … m − 1 and
  hung below position 0 too, so that both trees start at rank 0 (the root of a broadcast or a
  reduce) as in Sanders et al.; NCCL roots it at m − 1 (or 1), which only an all-reduce allows.
- NVIDIA/nccl, src/graph/tuning.cc (tree latency 2·((nRanks/nNodes − 1)·intraLat +
  log2(nNodes)·interLat)) and src/graph/topo.h (NCCL_TOPO_PATTERN_BALANCED_TREE: the tree's
  parent on one GPU of the node, its children on another): across nodes the two trees join the
  nodes, inside a node the ranks form a chain that enters at its first rank and leaves, towards
  the child nodes, at its last. Every rank then forwards at most two chunks per round, so a
  broadcast sends at most S per rank; the price is g − 1 chain hops per tree level instead of the
  g − 1 of NCCL's latency model once per collective.

Schedule (one tree level per round, Thakur, Rabenseifner & Gropp 2005's round model): tree t ∈
{0, 1} carries chunks t·k … t·k + k − 1 (half of S in k pipeline chunks, k from
blocks.pipeline_chunks with depth D − 1). Broadcast: the rank at depth d of tree t receives
chunk j of that tree in round j + d − 1, so it takes k + D − 1 rounds, D the deeper tree's depth;
reduce is the same schedule run backwards (round ρ ↦ k + D − 2 − ρ, child to parent, adding);
all-reduce is a reduce to rank 0 followed by a broadcast from it.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from .blocks import MAX_PIPELINE_CHUNKS, Block, Built, Sends, Setup, built, pipeline_chunks, sends_of, split
from .result import QT_TRANSLATE_NOOP, Phrase, phrase

ROUND_BATCH = 256   # rounds evaluated at once when the critical bytes are computed (bounds the memory)


def btree_parent(p: np.ndarray, m: int) -> np.ndarray:
    """Parent position of positions p ≥ 1 in NCCL's in-order binary tree on 0 … m − 1 (trees.cc,
    ncclGetBtree): with b the lowest set bit of p, the parent is p − b + 2b when that is in range
    and p's bit 2b is clear (p is a left child), else p − b (a right child, or the child of a
    parent out of range); the highest power of two below m has parent 0."""
    bit = p & -p
    up = (p ^ bit) | (bit << 1)
    return np.where(up >= m, p ^ bit, up)


def unit_trees(m: int) -> tuple[np.ndarray, np.ndarray]:
    """Parents of units 1 … m − 1 in the two trees (index u − 1); unit 0 is the root of both.

    Tree 0 is NCCL's btree on 0 … m − 1. Tree 1 places unit u at position σ(u) of the btree on
    the q = m − 1 positions 1 … q: mirrored, σ(u) = m − u, when q is even; shifted, σ(u) = u − 1 and
    σ(1) = q, when q is odd. Odd positions are the leaves of the btree and even ones interior, so
    unit u is interior in tree 0 iff u is even and in tree 1 iff σ(u) is even: never both."""
    u = np.arange(1, m, dtype=np.int64)
    first = btree_parent(u, m)
    q = m - 1
    if q % 2 == 0:
        sigma = m - u
        pos = btree_parent(sigma, m)
        second = np.where(pos == 0, 0, m - pos)
    else:
        sigma = np.where(u == 1, q, u - 1)
        pos = btree_parent(sigma, m)
        second = np.where(pos == 0, 0, np.where(pos == q, 1, pos + 1))
    return first, second


def depths(parent: np.ndarray) -> np.ndarray:
    """Depth of every node 0 … len(parent) from its parent array (parent[i − 1] of node i, root 0):
    pointer jumping, one step per level (a parent is always reached from the root side first)."""
    count = len(parent) + 1
    full = np.concatenate([[0], parent])
    depth = np.zeros(count, np.int64)
    cur = np.arange(count)
    while True:
        alive = cur != 0
        if not alive.any():
            return depth
        depth += alive
        cur = full[cur]


@dataclass(frozen=True)
class Trees:
    """The two trees over all n ranks: parent[t][r] (−1 for rank 0), depth[t][r], children[t][r]."""
    parent: tuple[np.ndarray, np.ndarray]
    depth: tuple[np.ndarray, np.ndarray]
    children: tuple[np.ndarray, np.ndarray]
    layout: Phrase   # "double binary tree over …", part of the convention

    @property
    def height(self) -> int:
        return int(max(self.depth[0].max(), self.depth[1].max()))


def build_trees(n: int, gpus_per_node: int) -> Trees:
    """The double binary tree over the ranks (one node, or one GPU per node), or over the nodes with
    a chain inside each (module docstring): node b holds ranks b·g … min(n, b·g + g) − 1, its chain
    enters at the first and leaves from the last."""
    g = min(gpus_per_node, n)
    m = -(-n // g)
    per_rank = g == 1 or m == 1
    units = n if per_rank else m
    unit_parent = unit_trees(units)
    parents, levels = [], []
    for up in unit_parent:
        if per_rank:
            parent = np.concatenate([[-1], up])
        else:
            rank = np.arange(n)
            first = rank % g == 0
            b = rank // g
            exit_of = np.minimum(n, (np.arange(m) + 1) * g) - 1     # last rank of every node
            full = np.concatenate([[0], up])
            parent = np.where(first, exit_of[full[b]], rank - 1)
            parent[0] = -1
        parents.append(parent)
        levels.append(depths(parent[1:]))
    children = tuple(np.bincount(p[1:], minlength=n) for p in parents)
    layout = (phrase(QT_TRANSLATE_NOOP("comm", "double binary tree over the ranks")) if per_rank else
              phrase(QT_TRANSLATE_NOOP("comm", "double binary tree over {nodes} nodes, a chain of {gpus} inside each"),
                     nodes=m, gpus=g))
    return Trees((parents[0], parents[1]), (levels[0], levels[1]), (children[0], children[1]), layout)


def _critical(trees: Trees, k: int, sizes: np.ndarray, rounds: int) -> np.ndarray:
    """Broadcast schedule: the most bytes any rank sends or receives in each round, exactly.

    In round ρ a rank at depth d of tree t sends chunk ρ − d of that tree to each of its c children
    and receives chunk ρ − d + 1 from its parent (when 0 ≤ chunk < k). Ranks with the same
    (children, depth) in both trees send alike, and ranks with the same depths receive alike, so
    the maximum runs over these classes (O(log² n) of them, O(g·log² n) with chains), not ranks."""
    depth, children = trees.depth, trees.children
    c0 = children[0]
    c1 = children[1]
    # Send classes: (c0, d0, c1, d1), a depth that does not send normalised away.
    send = np.stack([c0, np.where(c0 > 0, depth[0], 0), c1, np.where(c1 > 0, depth[1], 0)], axis=1)
    send = np.unique(send[(c0 + c1) > 0], axis=0)
    recv = np.unique(np.stack([depth[0][1:], depth[1][1:]], axis=1), axis=0)
    padded = [np.concatenate([sizes[t * k:(t + 1) * k], [0]]) for t in (0, 1)]   # index k: no chunk

    def size_of(t: int, j: np.ndarray) -> np.ndarray:
        return padded[t][np.where((j >= 0) & (j < k), j, k)]
    crit = np.zeros(rounds, np.int64)
    for start in range(0, rounds, ROUND_BATCH):
        rho = np.arange(start, min(rounds, start + ROUND_BATCH))[:, None]
        sent = send[:, 0] * size_of(0, rho - send[:, 1]) + send[:, 2] * size_of(1, rho - send[:, 3])
        got = size_of(0, rho - recv[:, 0] + 1) + size_of(1, rho - recv[:, 1] + 1)
        crit[start:start + len(rho)] = np.maximum(sent.max(axis=1, initial=0), got.max(axis=1, initial=0))
    return crit


def tree_block(trees: Trees, k: int, sizes: np.ndarray, node: np.ndarray, reduce: bool) -> Block | None:
    """The pipelined double-tree broadcast from rank 0, or (reduce=True) the reduce to rank 0 that
    runs its schedule backwards. Summarised from the structure (O(n log n + rounds·classes));
    sends: tree_sends."""
    n = len(node)
    if n < 2:
        return None
    D = trees.height
    T = k + D - 1
    crit = _critical(trees, k, sizes, T)
    # Rank r's incoming link in tree t is busy in rounds d − 1 … d + k − 2 (d its depth).
    inter_marks = np.zeros(T + 1, np.int64)
    busy = np.zeros(T + 1, np.int64)
    sent = np.zeros(n, np.int64)
    recv = np.zeros(n, np.int64)
    inter_bytes = 0
    for t in (0, 1):
        parent, d = trees.parent[t][1:], trees.depth[t][1:]
        cross = node[parent] != node[1:]
        np.add.at(inter_marks, d[cross] - 1, 1)
        np.add.at(inter_marks, d[cross] - 1 + k, -1)
        np.add.at(busy, d - 1, 1)
        np.add.at(busy, d - 1 + k, -1)
        half = int(sizes[t * k:(t + 1) * k].sum())
        sent += trees.children[t] * half
        recv[1:] += half
        inter_bytes += int(cross.sum()) * half
    inter = np.cumsum(inter_marks)[:T] > 0
    counts = np.cumsum(busy)[:T]
    if reduce:
        crit, inter, counts, sent, recv = crit[::-1].copy(), inter[::-1].copy(), counts[::-1].copy(), recv, sent
    return Block(np.full(T, reduce), crit, inter, sent, recv, inter_bytes, counts.astype(np.int64),
                 functools.partial(tree_sends, trees, k, reduce))


def tree_sends(trees: Trees, k: int, reduce: bool, rounds: int) -> Sends:
    """The sends of rounds 0 … rounds − 1. Broadcast: parent → r carries chunk t·k + j in round
    j + d − 1; reduce: r → parent in round k + D − 2 − (j + d − 1)."""
    T = k + trees.height - 1
    parts = []
    for t in (0, 1):
        r = np.arange(1, len(trees.parent[t]))
        d = trees.depth[t][1:]
        if reduce:   # round T − j − d < rounds ⇔ j ≥ T − d − rounds + 1
            lo = np.clip(T - d - rounds + 1, 0, k)
            hi = np.full(len(r), k)
        else:        # round j + d − 1 < rounds ⇔ j < rounds − d + 1
            lo = np.zeros(len(r), np.int64)
            hi = np.clip(rounds - d + 1, 0, k)
        count = hi - lo
        total = int(count.sum())
        j = np.arange(total) - np.repeat(np.cumsum(count) - count - lo, count)
        rr, dd = np.repeat(r, count), np.repeat(d, count)
        pp = trees.parent[t][rr]
        rnd = T - j - dd if reduce else j + dd - 1
        src, dst = (rr, pp) if reduce else (pp, rr)
        parts.append((rnd, src, dst, t * k + j))
    return sends_of(*(np.concatenate([p[i] for p in parts]) for i in range(4)))


def _plan(setup: Setup) -> tuple[Trees, int, np.ndarray]:
    trees = build_trees(setup.n, setup.gpus_per_node)
    k = pipeline_chunks(trees.height - 1, setup.size, setup.alpha_s, setup.bw_Bps)
    # Chunk j of tree t gets piece 2j + t of the split, so the two halves differ by at most a byte.
    return trees, k, split(setup.size, 2 * k).reshape(k, 2).T.ravel().copy()


def _convention(trees: Trees, k: int, what: Phrase) -> Phrase:
    return phrase(QT_TRANSLATE_NOOP("comm", "{layout}; each tree carries S/2 in k = {k} pipelined chunks (k* = "
                                            "√(βS(D−1)/α), at most {limit}), depth D = {depth}; {what}; chunk t·k + "
                                            "j is chunk j of tree t; bytes sent per rank (max over ranks)"),
                  layout=trees.layout, k=k, limit=MAX_PIPELINE_CHUNKS, depth=trees.height, what=what)


def allreduce(setup: Setup) -> Built:
    """Reduce up both trees to rank 0, then broadcast down them: 2(k + D − 1) rounds."""
    trees, k, sizes = _plan(setup)
    return built([tree_block(trees, k, sizes, setup.node, True), tree_block(trees, k, sizes, setup.node, False)],
                 sizes, 2 * k, _convention(trees, k, phrase(QT_TRANSLATE_NOOP(
                     "comm", "reduce to rank 0, then broadcast, 2(k + D − 1) rounds"))))


def rooted(setup: Setup) -> Built:
    """Reduce up both trees to rank 0 (reduce) or broadcast down them from rank 0 (broadcast):
    k + D − 1 rounds, at most S sent (broadcast) or received (reduce) per rank."""
    trees, k, sizes = _plan(setup)
    reduce = setup.collective == "reduce"
    return built([tree_block(trees, k, sizes, setup.node, reduce)], sizes, 2 * k,
                 _convention(trees, k, phrase(QT_TRANSLATE_NOOP("comm", "reduce to rank 0, k + D − 1 rounds")) if reduce
                             else phrase(QT_TRANSLATE_NOOP("comm", "broadcast from rank 0, k + D − 1 rounds"))))
