"""The cluster as a graph: GPUs, node switches and the spine, for drawing the mesh."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .groups import Mesh

if TYPE_CHECKING:  # networkx loads only when a graph is built: `tslab mesh --json` stays light
    import networkx


def cluster_graph(mesh: Mesh) -> "networkx.Graph":
    """A two-tier topology: GPUs as vertices (attrs kind="gpu", node, local) joined by NVLink inside
    their node (a complete graph per node, tier="intra"), each GPU linked to its node's switch vertex
    "node:N" (kind="switch"), and every node switch linked to the spine vertex "fabric" (tier="inter")."""
    import networkx as nx

    graph = nx.Graph(nodes=mesh.nodes, gpus_per_node=mesh.gpus_per_node)
    gpn = mesh.gpus_per_node
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
