"""The cluster as a graph: GPUs, node switches and the spine, for drawing the mesh."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .groups import Mesh

if TYPE_CHECKING:  # networkx loads only when a graph is built: `tslab mesh --json` stays light
    import networkx


# Edges one graph may have: networkx keeps ~0.35 KB and ~0.8 µs per edge (measured), so 2^21
# edges are ~0.75 GB and ~2 s. A node of g GPUs adds g(g − 1)/2 NVLink edges: 2^20 GPUs in nodes of
# 8, or 2^15 in nodes of 1,024, are over it.
MAX_GRAPH_EDGES = 1 << 21


def graph_edges(nodes: int, gpus_per_node: int) -> int:
    """Edges of cluster_graph: nodes·g(g − 1)/2 NVLink links, one uplink per GPU, one per switch."""
    return nodes * gpus_per_node * (gpus_per_node - 1) // 2 + nodes * gpus_per_node + nodes


def cluster_graph(mesh: Mesh) -> "networkx.Graph":
    """A two-tier topology: GPUs as vertices (attrs kind="gpu", node, local) joined by NVLink inside
    their node (a complete graph per node, tier="intra"), each GPU linked to its node's switch vertex
    "node:N" (kind="switch"), and every node switch linked to the spine vertex "fabric" (tier="inter").
    ValueError beyond MAX_GRAPH_EDGES edges (graph_edges), before anything is built."""
    gpn = mesh.gpus_per_node
    edges = graph_edges(mesh.nodes, gpn)
    if edges > MAX_GRAPH_EDGES:
        raise ValueError(f"a cluster graph of {mesh.nodes:,} nodes × {gpn:,} GPUs has {edges:,} edges, over the "
                         f"{MAX_GRAPH_EDGES:,}-edge limit; draw fewer nodes or GPUs per node")
    import networkx as nx

    graph = nx.Graph(nodes=mesh.nodes, gpus_per_node=mesh.gpus_per_node)
    world = mesh.nodes * gpn
    graph.add_nodes_from((rank, {"kind": "gpu", "node": rank // gpn, "local": rank % gpn}) for rank in range(world))
    graph.add_nodes_from((f"node:{node}", {"kind": "switch", "node": node}) for node in range(mesh.nodes))
    graph.add_node("fabric", kind="spine")
    if gpn > 1:
        a, b = np.triu_indices(gpn, 1)
        offsets = np.arange(mesh.nodes, dtype=np.int64)[:, None] * gpn
        graph.add_edges_from(zip((offsets + a).ravel().tolist(), (offsets + b).ravel().tolist()), tier="intra")
    graph.add_edges_from(((rank, f"node:{rank // gpn}") for rank in range(world)), tier="inter")
    graph.add_edges_from(((f"node:{node}", "fabric") for node in range(mesh.nodes)), tier="inter")
    return graph
