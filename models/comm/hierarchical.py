"""Hierarchical (two-level) collectives: rings or chains inside every node and across the nodes.

Thakur, Rabenseifner & Gropp (IJHPCA 2005) ring and pipelined-chain building blocks, arranged in
the two tiers of a GPU cluster as Horovod's hierarchical all-reduce does (horovod/horovod,
horovod/common/ops/nccl_operations.cc, NCCLHierarchicalAllreduce): intra-node reduce-scatter, an
inter-node all-reduce of every shard among the ranks with the same local index, intra-node
all-gather; the data crossing nodes shrinks to S/g per rank.
"""
from __future__ import annotations

import functools

import numpy as np

from .blocks import Built, Setup, built, pipeline_chunks, split
from .chain import chain
from .result import QT_TRANSLATE_NOOP, phrase
from .ring import ring


def layout(n: int, g: int) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """n = m·g ranks (m nodes of g). Real chunk id j·g + l is sub-chunk j of super-chunk l, so the
    rank b·g + l ends up with chunk b·g + l after intra- then inter-node reduce-scatter.
    Returns (m, intra groups (one per node), inter groups (same local rank l), intra chunk map,
    inter chunk map). The intra map is the same for every node, so it is kept once, (1, g, m):
    one copy per node would be m·g·m ids (2^32 at n = 65,536, g = 8)."""
    m = n // g
    nodes = np.arange(n).reshape(m, g)                     # intra groups, one per node
    cols = nodes.T.copy()                                  # inter groups: same local rank l
    local = np.arange(g)
    intra_map = (np.arange(m)[None, :] * g + local[:, None])[None]          # (1, g, m)
    inter_map = (np.arange(m)[None, :] * g + local[:, None])[:, :, None]   # (g, m, 1)
    return m, nodes, cols, intra_map, inter_map


def _parts(setup: Setup) -> tuple[np.ndarray, int, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(chunk sizes, m, node groups, column groups, intra map, inter map); g = min(gpus_per_node,
    n) divides n (plan() checks it)."""
    n = setup.n
    m, nodes, cols, intra_map, inter_map = layout(n, min(setup.gpus_per_node, n))
    return split(setup.size, n), m, nodes, cols, intra_map, inter_map


def allreduce(setup: Setup) -> Built:
    sizes, _, nodes, cols, intra_map, inter_map = _parts(setup)
    r = functools.partial(ring, sizes=sizes, node=setup.node)
    return built([r(nodes, intra_map, False), r(cols, inter_map, False),
                  r(cols, inter_map, True), r(nodes, intra_map, True)], sizes, setup.n,
                 phrase(QT_TRANSLATE_NOOP("comm", "intra-node ring reduce-scatter, inter-node ring all-reduce of "
                                                  "each S/g shard, intra-node ring all-gather; chunk j·g + l; bytes "
                                                  "sent per rank (max)")))


def scatter_gather(setup: Setup) -> Built:
    """Reduce-scatter: intra-node then inter-node; all-gather: inter-node then intra-node."""
    sizes, _, nodes, cols, intra_map, inter_map = _parts(setup)
    r = functools.partial(ring, sizes=sizes, node=setup.node)
    if setup.collective == "reducescatter":
        return built([r(nodes, intra_map, False), r(cols, inter_map, False)], sizes, setup.n,
                     phrase(QT_TRANSLATE_NOOP("comm", "intra-node then inter-node ring reduce-scatter; S = full "
                                                      "array; bytes sent per rank (max)")))
    return built([r(cols, inter_map, True), r(nodes, intra_map, True)], sizes, setup.n,
                 phrase(QT_TRANSLATE_NOOP("comm", "inter-node then intra-node ring all-gather; S = full gathered "
                                                  "array; bytes sent per rank (max)")))


def rooted(setup: Setup) -> Built:
    """Broadcast: chain over the node leaders (local rank 0), then inside every node; reduce: the
    same in reverse. Both chains carry the same k chunks: c chains of depths P1, P2 take
    c·k + P1 + P2 rounds, so k = pipeline_chunks((P1 + P2)/c, …) minimises the α–β time."""
    n, g = setup.n, min(setup.gpus_per_node, setup.n)
    m = n // g
    chains = [q for q in (m, g) if q >= 2]
    depth = sum(q - 2 for q in chains) / len(chains) if chains else 0
    k = pipeline_chunks(depth, setup.size, setup.alpha_s, setup.bw_Bps)
    sizes = split(setup.size, k)
    nodes = np.arange(n).reshape(m, g)
    c = functools.partial(chain, sizes=sizes, node=setup.node)
    leaders = (np.arange(m) * g)[None, :]
    if setup.collective == "broadcast":
        return built([c(leaders, np.arange(k), False), c(nodes, np.arange(k), False)], sizes, k,
                     phrase(QT_TRANSLATE_NOOP("comm", "pipelined chain over node leaders, then inside every node "
                                                      "(k = {k} chunks); bytes sent per rank S"), k=k))
    return built([c(nodes, np.arange(k), True), c(leaders, np.arange(k), True)], sizes, k,
                 phrase(QT_TRANSLATE_NOOP("comm", "pipelined chain reduce inside every node to its leader, then "
                                                  "over leaders to rank 0 (k = {k} chunks); bytes sent per rank S"),
                        k=k))
