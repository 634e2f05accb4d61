"""The configuration planner: every valid parallel configuration of a scenario's model on a cluster
at its global batch (TP, PP, VPP, DP, CP, EP, ETP, ZeRO stage, recompute, schedule, micro-batches),
those that fit in memory and pass validation ranked by the step-time model.

Modules: `space` (the search space and its rules, each with its source), `bounds` (cheap lower
bounds on memory and step time that prune before the ledger and the step-time model run),
`search` (plan, plan_json). A deterministic teaching model, not a benchmark of a real cluster.
"""
from __future__ import annotations

from .bounds import TimeBounds, states_bound, states_gpu_bytes, time_bound
from .search import Plan, PlanEntry, deciding, entry_json, plan, plan_json, stack_terms
from .space import DEFAULT_RULES, PLAN_KINDS, Candidate, Rules, candidates, global_batch, own_candidate

__all__ = [
    "DEFAULT_RULES", "PLAN_KINDS", "Candidate", "Plan", "PlanEntry", "Rules", "TimeBounds", "candidates",
    "deciding", "entry_json", "global_batch", "own_candidate", "plan", "plan_json", "stack_terms",
    "states_bound", "states_gpu_bytes", "time_bound",
]
