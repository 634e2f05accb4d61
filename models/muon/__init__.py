"""Muon with a ZeRO-sharded optimizer (the Long Context & V4 tab's Muon page, `tslab muon`).

Newton–Schulz needs whole matrices, so DeepSeek-V4 packs each dense matrix whole onto one of at
most P_max ZeRO ranks (at most five per rank, LPT on the Newton–Schulz cost, buckets padded to the
largest) and splits the experts' matrices evenly over the expert ZeRO ranks; Kimi K3 instead has
each owner fetch the shards it needs point to point. Modules: `matrices` (Matrix, the most loaded
stage's matrices), `packing` (RankBucket, pack_matrices), `newton_schulz` (the quintic iteration),
`analysis` (MoeSplit, GramDemo, K3Fetch, MuonAnalysis, muon_analysis, muon_json, muon_problems).
A deterministic teaching model, not a benchmark of a real cluster; P_max is not disclosed by the
report and is an input.
"""
from __future__ import annotations

from .analysis import (ADAMW_NOTE, MAX_DENSE_MATRICES, MHC_NOTE, MHC_OVERHEAD, P_MAX_NOTE, GramDemo, K3Fetch, MoeSplit,
                       MuonAnalysis, expert_zero_ranks, gram_demo, k3_fetch, moe_split, muon_analysis, muon_json,
                       muon_problems, muon_validation, zero_ranks)
from .matrices import (KINDS, Matrix, Stage, attention_shapes, dense_matrix_count, layer_shapes, local_experts,
                       mlp_shapes, muon_stage, ns_cost, stage_matrices)
from .newton_schulz import NS_COEFFICIENTS, newton_schulz, ns_flops
from .packing import RankBucket, cost_imbalance, pack_matrices, padding_overhead

__all__ = [
    "ADAMW_NOTE", "KINDS", "MAX_DENSE_MATRICES", "MHC_NOTE", "MHC_OVERHEAD", "NS_COEFFICIENTS", "P_MAX_NOTE",
    "GramDemo", "K3Fetch", "Matrix", "MoeSplit", "MuonAnalysis", "RankBucket", "Stage",
    "attention_shapes", "cost_imbalance", "dense_matrix_count", "expert_zero_ranks", "gram_demo", "k3_fetch",
    "layer_shapes", "local_experts", "mlp_shapes", "moe_split", "muon_analysis", "muon_json", "muon_problems",
    "muon_stage", "muon_validation", "newton_schulz", "ns_cost", "ns_flops", "pack_matrices", "padding_overhead",
    "stage_matrices", "zero_ranks",
]
