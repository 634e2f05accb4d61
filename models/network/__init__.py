"""The network behind the parallel mesh: NVLink/NVSwitch inside nodes, a two-tier (rail-optimised
or plain) fat-tree between them, and every parallel axis's traffic routed over it per optimizer
step — which link each axis loads, and which link bounds it. Teaching point: each axis's traffic
frequency matched to a network level (Narayanan et al., SC'21 §3: TP inside a node, PP and DP
across).

Modules: `topology` (Fabric, Link, topology_graph, network_problems; networkx is imported only
when a graph is built), `load` (Sends, route, network_load, NetworkLoad, AxisLoad).
"""
from __future__ import annotations

from .load import (GROUP_OF, MAX_SENDS, ROUTES, SRC_NETWORK, TIER_LABELS, AxisLoad, Bottleneck, NetworkLoad, Routed,
                   Sends, all_to_all_sends, axis_sends, network_load, pipeline_sends, ring_sends, route)
from .topology import MAX_LINKS, TIERS, Fabric, Link, gpu_nics, network_problems, topology_graph

__all__ = [
    "GROUP_OF", "MAX_LINKS", "MAX_SENDS", "ROUTES", "SRC_NETWORK", "TIERS", "TIER_LABELS", "AxisLoad", "Bottleneck",
    "Fabric", "Link", "NetworkLoad", "Routed", "Sends", "all_to_all_sends", "axis_sends", "gpu_nics",
    "network_load", "network_problems", "pipeline_sends", "ring_sends", "route", "topology_graph",
]
