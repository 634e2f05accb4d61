"""MoE expert parallelism: routing, dispatch/combine traffic, MoonEP rank balance and buffers.

A deterministic teaching model (numpy only), seeded per call. Modules: `settings` (MoeSettings,
ROUTINGS), `routing` (distributions, distinct sampling, route, node-limited routing), `planning`
(MoonEP plan, extreme routing, expert-GEMM tiles and makespan), `analysis` (MoeResult, analyse, when a
scenario has an MoE layer to analyse, moe_json). Each module names its sources.
"""
from __future__ import annotations

from .analysis import (BUFFER_CAVEAT, MoeResult, analyse, analyse_scenario, moe_json, moe_unavailable,
                       moe_unavailable_problem, settings_from)
from .planning import (MoonEPPlan, expert_gemm_makespan, expert_load, expert_tile_costs, expert_tiles, extreme_routing,
                       makespan_lower_bound, moonep_plan)
from .routing import expert_nodes, expert_owner, expert_probabilities, route
from .settings import ROUTINGS, MoeSettings

__all__ = [
    "BUFFER_CAVEAT", "ROUTINGS", "MoeResult", "MoeSettings", "MoonEPPlan", "analyse", "analyse_scenario",
    "expert_gemm_makespan", "expert_load", "expert_nodes", "expert_owner", "expert_probabilities",
    "expert_tile_costs", "expert_tiles", "extreme_routing", "makespan_lower_bound", "moe_json", "moe_unavailable",
    "moe_unavailable_problem", "moonep_plan",
    "route", "settings_from",
]
