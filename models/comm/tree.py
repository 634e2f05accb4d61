"""Double binary tree all-reduce, broadcast and reduce.

Sanders, Speck & Träff, "Two-tree algorithms for full bandwidth broadcast, reduction and scan"
(Parallel Computing 2009), as used by NCCL 2.4: two trees each carrying half of the data, the
interior ranks of one tree being leaves of the other; one tree level per round (⌈log2 n⌉ levels,
Thakur et al. 2005).
"""
from __future__ import annotations

import numpy as np

from .blocks import INDEX, Block, Built, Setup, built, sends_of, split, tallied

CONVENTION = ("double binary tree rooted at rank 0, each tree carries S/2 unpipelined, "
              "one level per round; bytes sent per rank (max over ranks)")


def tree(n: int, phase: str, sizes: np.ndarray, node: np.ndarray) -> Block | None:
    """Double binary tree (Sanders et al. 2009; NCCL 2.4) on heap positions p (parent (p−1)//2).

    Tree A: rank = p carries chunk 0; tree B: rank = (n − p) mod n carries chunk 1, so B's interior
    ranks (positions 1 … n/2 − 1 → ranks n−1 … n/2+1) are leaves of A; both are rooted at rank 0.
    phase "up": level by level from the deepest to the root, reduce; "down": root to leaves, copy.
    Only 2(n − 1) sends, so they are built at once and tallied.
    """
    if n < 2:
        return None
    p = np.arange(1, n)
    depth = np.floor(np.log2(p + 1)).astype(INDEX)
    par = (p - 1) // 2
    D = int(depth.max())
    rnd = D - depth if phase == "up" else depth - 1
    child = np.concatenate([p, (n - p) % n])
    parent = np.concatenate([par, (n - par) % n])
    src, dst = (child, parent) if phase == "up" else (parent, child)
    chunk = np.repeat([0, 1], n - 1)
    sends = sends_of(np.tile(rnd, 2), src, dst, chunk)
    return tallied(sends, np.full(D, phase == "up"), sizes, node)


def allreduce(setup: Setup) -> Built:
    """Reduce up both trees to rank 0, then broadcast down them (2 chunks)."""
    sizes = split(setup.size, 2)
    return built([tree(setup.n, "up", sizes, setup.node), tree(setup.n, "down", sizes, setup.node)],
                 sizes, 2, CONVENTION)


def rooted(setup: Setup) -> Built:
    """Reduce up both trees to rank 0 (reduce) or broadcast down them from rank 0 (broadcast)."""
    sizes = split(setup.size, 2)
    phase = "up" if setup.collective == "reduce" else "down"
    return built([tree(setup.n, phase, sizes, setup.node)], sizes, 2, CONVENTION)
