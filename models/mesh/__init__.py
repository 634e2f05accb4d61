"""The parallel mesh: which GPUs form the TP/CP/DP/PP/EP groups, which groups leave a node, and
what each axis sends per optimizer step.

Modules: `groups` (framework orders, rank_groups, Mesh, build_mesh), `traffic` (Traffic, traffic).
The network these groups' traffic crosses is `tslab.models.network`. Each names its sources.
"""
from __future__ import annotations

from .groups import DENSE_AXES, EXPERT_AXES, GROUP_AXES, MAX_WORLD, ORDERS, Mesh, build_mesh, rank_groups, resolve_order
from .traffic import SRC_CP, SRC_DP, SRC_EP, SRC_PP, SRC_SP, SRC_TP, Traffic, traffic

__all__ = [
    "DENSE_AXES", "EXPERT_AXES", "GROUP_AXES", "MAX_WORLD", "ORDERS", "SRC_CP", "SRC_DP", "SRC_EP", "SRC_PP",
    "SRC_SP", "SRC_TP", "Mesh", "Traffic", "build_mesh", "rank_groups", "resolve_order", "traffic",
]
