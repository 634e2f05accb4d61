"""Per-GPU memory ledger of the most-loaded rank: model states, activations, buffers, tiers.

Sources:
- Model states and ZeRO 0–3: Rajbhandari et al., "ZeRO", SC'20, §3.1 and §5 (Ψ = 7.5B, K = 12,
  N_d = 64 → 120 / 31.4 / 16.6 / 1.9 GB).
- Activations per layer: Korthikanti et al., "Reducing Activation Recomputation in Large
  Transformer Models", MLSys'23, §4 (Table 2): sbh(34 + 5as/h) without parallelism,
  sbh(10 + 24/t + 5as/(ht)) with TP, sbh(34/t + 5as/(ht)) with TP+SP, 34·sbh/t with selective
  recompute; 2sbh per layer with full recompute.
- In-flight micro-batches: GPipe m (Huang et al. 2019); 1F1B min(m, p − r) (Narayanan et al. 2021);
  interleaved ×(1 + (p−1)/(pv)) on rank 0 (Korthikanti §4.2.3); ZB-H1 p and ZB-H2 2p−1 (Qi et al.,
  Zero Bubble Pipeline Parallelism, §3); DualPipe 2× parameters and p+1 activations (DeepSeek-V3
  report, Table 2).
- Tiers: ZeRO-Offload / ZeRO-Infinity (optimizer and parameters on CPU / NVMe), Kimi K2 §2.4
  (FP8 activation storage, CPU offload), Kimi K3 (remote activations on other PP ranks,
  Pipeline ZeRO-2 gradient shards on CPU with a double GPU gradient buffer).

Everything here is a deterministic teaching model of byte counts, not a measurement.

Modules: `params` (parameter counts: norms, biases, positions, MTP), `partition` (pipeline layout,
uneven stages, what one GPU of a rank holds), `activations` (saved tensors per layer, micro-batches
in flight), `layer_tensors` (what one layer can save and the ops that regenerate it), `policy` (each
saved tensor's backend and the named ladders), `stored` (the activation items), `overheads` (CUDA
context, NCCL, DeepEP, FP8 weight copies, offload host buffers), `items` (ledger lines and sources),
`ledger` (the ledger), `timeline` (each rank's bytes over the step).
"""
from __future__ import annotations

from .activations import (FP8_SCALE_OVERHEAD, Term, activation_formula, in_flight, in_flight_estimate,
                          layer_activation_terms, layer_bytes, terms_bytes)
from .items import (GROUPS, OPTIMIZER_STATES, SRC_ACT, SRC_FLASH, SRC_K2, SRC_K3, SRC_OFFLOAD, SRC_SCHED, SRC_ZERO,
                    TIERS, LedgerItem)
from .ledger import (DDP_BUCKET_MIN, OOM_TEMPLATE, MemoryLedger, gib, memory_ledger, oom_message, peak_gpu_bytes,
                     rank_items, zero_table)
from .overheads import overhead_items
from .params import (LayerParams, ParamCounts, attention_params, embedding_params, head_dim, is_moe_layer, layer_params,
                     mlp_params, padded_vocab, param_counts, total_params)
from .partition import (RankLayout, pipeline_layout, rank_parameter_pairs, rank_parameters, ranks_parameters,
                        stage_layers, stage_sizes)
from .policy import ActivationPolicy, activation_policy, ladder, policy_problems

__all__ = [
    "DDP_BUCKET_MIN", "FP8_SCALE_OVERHEAD", "GROUPS", "OOM_TEMPLATE", "OPTIMIZER_STATES", "TIERS",
    "SRC_ACT", "SRC_FLASH", "SRC_K2", "SRC_K3", "SRC_OFFLOAD", "SRC_SCHED", "SRC_ZERO",
    "ActivationPolicy", "LayerParams", "LedgerItem", "MemoryLedger", "ParamCounts", "RankLayout", "Term",
    "activation_policy", "ladder", "overhead_items", "padded_vocab", "param_counts", "policy_problems",
    "rank_items", "stage_sizes",
    "activation_formula", "attention_params", "embedding_params", "gib", "head_dim", "in_flight",
    "in_flight_estimate", "is_moe_layer", "layer_activation_terms", "layer_bytes", "layer_params",
    "memory_ledger", "mlp_params", "oom_message", "peak_gpu_bytes", "pipeline_layout", "rank_parameters",
    "rank_parameter_pairs", "ranks_parameters", "stage_layers",
    "terms_bytes", "total_params", "zero_table",
]
