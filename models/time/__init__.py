"""The step-time model: FLOPs, HBM traffic, network and idle time of one optimizer step from one
scenario, and the op durations (seconds) that drive the pipeline schedule.

Modules: `flops` (every op of a layer, the head and the embedding per micro-batch and GPU: F, I, W
and recompute FLOPs, model and executed FLOPs of the step), `efficiency` (the one GEMM efficiency
curve: roofline, tile and wave quantisation, an achievable fraction of peak; element-wise work at
HBM bandwidth), `step` (communication per call from the traffic table, per-stage durations,
`model_durations`, the simulated schedule, the DP tail, the optimizer, the stack, `time_json`).
Each names its sources. Everything here is a deterministic teaching model, not a benchmark of a
real cluster.
"""
from __future__ import annotations

from .efficiency import ACHIEVABLE, Hardware, Kernel, gemm, hardware_of, tile_efficiency, wave_efficiency
from .flops import LayerFlops, Op, OpFlops, causal_share, head_ops, layer_flops, layer_ops
from .step import MODEL_NOTE, CommTime, Note, StackRow, StepTime, model_durations, step_time, time_json

__all__ = ["ACHIEVABLE", "MODEL_NOTE", "CommTime", "Hardware", "Kernel", "LayerFlops", "Note", "Op", "OpFlops",
           "StackRow",
           "StepTime", "causal_share", "gemm", "hardware_of", "head_ops", "layer_flops", "layer_ops",
           "model_durations", "step_time", "tile_efficiency", "time_json", "wave_efficiency"]
