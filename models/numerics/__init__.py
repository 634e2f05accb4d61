"""Number formats of training: FP32 → BF16 rounding to nearest even and stochastic rounding, bit
for bit (`bf16`), and what stochastic rounding does to one value, an accumulator and a gradient
reduced over many ranks (`sr`, the `tslab sr` analysis; DeepSeek-V4's BF16 gradient
communication). Pure numpy, vectorised over elements; a deterministic teaching model, seeded.
"""
from __future__ import annotations

from .bf16 import (BF16_MAX, bf16_neighbours, bf16_round_nearest_even, bf16_spacing, bf16_stochastic_round,
                   bf16_stochastic_round_with)
from .sr import (Accumulation, Reduction, SrAnalysis, accumulation, fp32_chain, reduce_scatter_bytes, reduction,
                 reduction_elements, reduction_ranks, rtn_chain, sampled_steps, sr_analysis, sr_chain, sr_json)

__all__ = [
    "BF16_MAX", "Accumulation", "Reduction", "SrAnalysis", "accumulation", "bf16_neighbours",
    "bf16_round_nearest_even", "bf16_spacing", "bf16_stochastic_round", "bf16_stochastic_round_with", "fp32_chain",
    "reduce_scatter_bytes", "reduction", "reduction_elements", "reduction_ranks", "rtn_chain", "sampled_steps",
    "sr_analysis", "sr_chain", "sr_json",
]
