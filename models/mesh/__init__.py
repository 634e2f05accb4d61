"""The parallel mesh: which GPUs form the TP/CP/DP/PP/EP groups, which groups leave a node, and
what each axis sends per optimizer step.

Modules: `groups` (framework orders, rank_groups, Mesh, build_mesh), `traffic` (Traffic, traffic),
`graph` (cluster_graph; networkx is imported only when a graph is built). Each names its sources.
"""
from __future__ import annotations

from .graph import MAX_GRAPH_EDGES, cluster_graph, graph_edges
from .groups import (
    DENSE_AXES, EXPERT_AXES, GROUP_AXES, MAX_WORLD, ORDERS, Mesh, build_mesh, rank_groups, resolve_order,
)
from .traffic import SRC_CP, SRC_DP, SRC_EP, SRC_PP, SRC_SP, SRC_TP, Traffic, traffic

__all__ = [
    "DENSE_AXES", "EXPERT_AXES", "GROUP_AXES", "MAX_GRAPH_EDGES", "MAX_WORLD", "ORDERS", "SRC_CP", "SRC_DP",
    "SRC_EP", "SRC_PP", "SRC_SP", "SRC_TP", "Mesh", "Traffic", "build_mesh", "cluster_graph", "graph_edges",
    "rank_groups", "resolve_order", "traffic",
]
