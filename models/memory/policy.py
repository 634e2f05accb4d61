"""The per-tensor activation policy: every tensor a layer saves for backward, where it is stored
and what regenerating it costs.

Each saved tensor of a layer (Korthikanti et al., "Reducing Activation Recomputation in Large
Transformer Models", MLSys'23, §4, generalised to GQA, MLA, SwiGLU, CP and MoE) has a stable key
(`TENSORS`), its bytes per layer per micro-batch on one GPU and one storage backend (`BACKENDS`):

- keep: in GPU memory at the activation precision;
- recompute: not stored; regenerated from its inputs during the layer's backward;
- fp8: FP8-E4M3 in 1×128 tiles with one FP32 scale each, 1 + 4/128 B per element (Kimi K2 §2.4.3);
  1-byte masks and FP32 statistics are not compressed;
- cpu: offloaded to host memory (Kimi K2 §2.4.3);
- remote: parked in another pipeline rank's GPU memory (Kimi K3's unified activation manager).

The backends are decided in this order (`activation_policy`):

1. the base, from `activation.recompute`, `recompute_layers` and `distribute_saved`: none keeps
   everything; selective recomputes the attention core (Korthikanti §5), and with MLA also both
   norms' outputs and the up-projections (DeepSeek-V3 §3.2.3); a fully recomputed layer (full, or
   the first `recompute_layers` layers of each pipeline chunk, Megatron-LM's block method) stores
   only its input, the checkpoint `layer_input` (split over TP with `distribute_saved`);
2. the first `policy_steps` steps (0 = all) of the named ladder `activation.policy` (`ladder`); a
   step changes only tensors still kept, so it never takes back an earlier decision;
3. the overrides `activation.tensors` ("tensor=backend"), which win over everything.

The fractions `fp8_fraction`, `cpu_offload_fraction` and `remote_offload_fraction` then apply to
what is still kept (models/memory/stored.py).

Recompute cost: the forward FLOPs per layer per micro-batch on one GPU to regenerate a tensor from
the tensors it is computed from, counted op by op (`recompute_rule`): a GEMM (m×k)·(k×n) is
2·m·n·k; an element-wise op is its arithmetic per output element (`ELEMENTWISE_FLOPS`);
communication (the MoE dispatch, a checkpoint's all-gather) is no FLOPs. Ops shared by several
tensors (FlashAttention's forward yields its output and its statistics) count once per layer. A
fully recomputed layer reruns its whole forward (Megatron-LM, megatron/core/tensor_parallel/
random.py, CheckpointFunction), including the down-projections whose outputs its backward does not
need. Attention FLOPs take every query against every key (no causal halving), as Narayanan et al.
(SC'21) count them. A deterministic teaching model of bytes and FLOPs, not a measurement.

The tensors and ops of one layer are built in models/memory/layer_tensors.py (`_layer`).
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..declared import reads
from ..problems import QT_TRANSLATE_NOOP, Problem
from ..scenario import BYTES_PER_ELEMENT, Cluster, Memory, Parallel, Scenario
from .layer_tensors import _DISCARDED, ELEMENTWISE_FLOPS, _bytes_formula, _layer, _mla, _Op, _Tensor

BACKENDS = ("keep", "recompute", "fp8", "cpu", "remote")
FP8_SCALE_OVERHEAD = 4 / 128  # one FP32 scale per 1×128 tile (Kimi K2 §2.4.3)

# Display names (context "policy"), in the order a layer produces them.
TENSORS: dict[str, str] = {
    "layer_input": QT_TRANSLATE_NOOP("policy", "Layer input (recompute checkpoint)"),
    "norm1_input": QT_TRANSLATE_NOOP("policy", "Norm 1 input (layer input)"),
    "qkv_input": QT_TRANSLATE_NOOP("policy", "QKV input (norm 1 output)"),
    "q_k": QT_TRANSLATE_NOOP("policy", "Q, K"),
    "v": QT_TRANSLATE_NOOP("policy", "V"),
    "attn_out": QT_TRANSLATE_NOOP("policy", "Attention output (out-proj input)"),
    "mla_latents": QT_TRANSLATE_NOOP("policy", "MLA latents c_q, c_kv, k_rope"),
    "softmax_stats": QT_TRANSLATE_NOOP("policy", "Softmax statistics (FP32)"),
    "softmax_output": QT_TRANSLATE_NOOP("policy", "Softmax output"),
    "attn_dropout_mask": QT_TRANSLATE_NOOP("policy", "Attention dropout mask"),
    "attn_dropout_output": QT_TRANSLATE_NOOP("policy", "Attention dropout output"),
    "attn_out_dropout_mask": QT_TRANSLATE_NOOP("policy", "Attention-out dropout mask"),
    "norm2_input": QT_TRANSLATE_NOOP("policy", "Norm 2 input"),
    "mlp_input": QT_TRANSLATE_NOOP("policy", "MLP input (norm 2 output)"),
    "mlp_act_input": QT_TRANSLATE_NOOP("policy", "MLP activation input"),
    "mlp_down_input": QT_TRANSLATE_NOOP("policy", "MLP down-proj input"),
    "router_probs": QT_TRANSLATE_NOOP("policy", "Router probabilities (FP32)"),
    "router_aux_scores": QT_TRANSLATE_NOOP("policy", "Load-balancing loss scores (FP32)"),
    "router_topk": QT_TRANSLATE_NOOP("policy", "Top-k scores and expert indices"),
    "moe_routing_map": QT_TRANSLATE_NOOP("policy", "Routing map (1 byte per token and expert)"),
    "moe_row_ids": QT_TRANSLATE_NOOP("policy", "Permutation row ids (integers)"),
    "dispatched": QT_TRANSLATE_NOOP("policy", "Dispatched expert inputs"),
    "moe_permuted_probs": QT_TRANSLATE_NOOP("policy", "Routing weights per routed copy (FP32)"),
    "expert_act_input": QT_TRANSLATE_NOOP("policy", "Expert activation input"),
    "expert_down_input": QT_TRANSLATE_NOOP("policy", "Expert down-proj input"),
    "moe_unpermuted_output": QT_TRANSLATE_NOOP("policy", "Expert outputs before the weighted combine"),
    "shared_act_input": QT_TRANSLATE_NOOP("policy", "Shared-expert activation input"),
    "shared_down_input": QT_TRANSLATE_NOOP("policy", "Shared-expert down-proj input"),
    "shared_gated_output": QT_TRANSLATE_NOOP("policy", "Shared-expert output before its gate"),
    "mlp_dropout_mask": QT_TRANSLATE_NOOP("policy", "MLP dropout mask"),
}
# The layer's input: nothing inside the layer computes it, so only a checkpoint restores it.
LAYER_INPUTS = ("layer_input", "norm1_input")
# The attention core Korthikanti et al. §5 recompute: QKᵀ, softmax, softmax dropout, attention over V.
ATTENTION_CORE = ("softmax_stats", "softmax_output", "attn_dropout_mask", "attn_dropout_output")


def recompute_rule() -> str:
    """How a recompute cost is counted, as one sentence."""
    flops = ", ".join(f"{op} {n}" for op, n in ELEMENTWISE_FLOPS.items())
    return ("forward FLOPs per layer per micro-batch on one GPU to regenerate a tensor from its inputs: "
            "a GEMM (m×k)·(k×n) is 2·m·n·k, an element-wise op its arithmetic per output element "
            f"({flops}), communication none; an op several tensors share counts once per layer")


@dataclass(frozen=True)
class Step:
    """One rung of a named ladder: the backends it gives to tensors still kept ("*" = all of them)."""
    name: str    # English; the GUI translates it (context "policy")
    source: str
    tensors: tuple[tuple[str, str], ...]
    note: str = ""  # what the step means in this layer model, where that needs saying


def ladder(s: Scenario, name: str | None = None) -> tuple[Step, ...]:
    """The steps of the named policy (`activation.policy` by default), cheapest first, as this
    model has the tensors they name ("manual" has none)."""
    name = s.activation.policy if name is None else name
    mla, swiglu = _mla(s), s.model.mlp == "swiglu"
    up_projections = (("q_k", "recompute"), ("v", "recompute")) if mla else ()
    norm_outputs = (("qkv_input", "recompute"), ("mlp_input", "recompute"))
    if name == "megatron-selective":
        return (Step(QT_TRANSLATE_NOOP("policy", "Recompute the attention core"),
                     "Korthikanti et al. (MLSys'23) §5: QKᵀ, softmax, softmax dropout and attention over V",
                     tuple((key, "recompute") for key in ATTENTION_CORE)),)
    if name == "megatron-modules":
        moe_layer = ("router_probs", "router_aux_scores", "router_topk", "moe_routing_map", "moe_row_ids",
                     "dispatched", "moe_permuted_probs", "expert_act_input", "expert_down_input",
                     "moe_unpermuted_output", "shared_act_input", "shared_down_input", "shared_gated_output")
        modules = "Megatron-LM --recompute-modules {} (megatron/core/transformer/transformer_config.py)"
        return (
            Step(QT_TRANSLATE_NOOP("policy", "core_attn: recompute the attention core"),
                 modules.format("core_attn") + "; Korthikanti et al. (MLSys'23) §5",
                 tuple((key, "recompute") for key in ATTENTION_CORE)),
            Step(QT_TRANSLATE_NOOP("policy", "moe_act: recompute the expert activation"),
                 modules.format("moe_act") + ": experts.py TEGroupedMLP discards the SwiGLU's output after FC2 "
                 "and recomputes it from FC1's output", (("expert_down_input", "recompute"),)),
            Step(QT_TRANSLATE_NOOP("policy", "layernorm: recompute both norms"),
                 modules.format("layernorm") + ": input_layernorm and pre_mlp_layernorm", norm_outputs),
            Step(QT_TRANSLATE_NOOP("policy", "mla_up_proj: recompute the MLA up-projections"),
                 modules.format("mla_up_proj"), up_projections,
                 "" if mla else "this model has no MLA: nothing to recompute"),
            Step(QT_TRANSLATE_NOOP("policy", "mlp: recompute the dense MLP"),
                 modules.format("mlp") + ": the dense layers' MLP checkpointed from its input",
                 (("mlp_act_input", "recompute"), ("mlp_down_input", "recompute"))),
            Step(QT_TRANSLATE_NOOP("policy", "shared_experts: recompute the shared experts"),
                 modules.format("shared_experts") + ": moe_layer.py checkpoints SharedExpertMLP from its input",
                 (("shared_act_input", "recompute"), ("shared_down_input", "recompute"),
                  ("shared_gated_output", "recompute"))),
            Step(QT_TRANSLATE_NOOP("policy", "moe: recompute the MoE layer"),
                 modules.format("moe") + ": moe_layer.py checkpoints the whole MoE layer from its input; the "
                 "backward reruns the router, both all-to-alls and the experts",
                 tuple((key, "recompute") for key in moe_layer)),
        )
    if name == "deepseek-v3":
        return (
            Step(QT_TRANSLATE_NOOP("policy", "Recompute RMSNorm"),
                 "DeepSeek-V3 technical report §3.2.3: all RMSNorm operations recomputed in back-propagation, "
                 "their outputs not stored", norm_outputs),
            Step(QT_TRANSLATE_NOOP("policy", "Recompute the MLA up-projections"),
                 "DeepSeek-V3 technical report §3.2.3: MLA up-projections recomputed; the compressed latents "
                 "stay", up_projections,
                 "" if mla else "this model has no MLA: nothing to recompute"),
            Step(QT_TRANSLATE_NOOP("policy", "MoE SwiGLU: input in FP8, output recomputed"),
                 "DeepSeek-V3 technical report §3.3.3: the inputs of the MoE SwiGLU are cached in FP8 with "
                 "fine-grained quantization and its output is recomputed in the backward pass",
                 (("expert_act_input", "fp8"), ("expert_down_input", "recompute"),
                  ("shared_act_input", "fp8"), ("shared_down_input", "recompute"))),
            Step(QT_TRANSLATE_NOOP("policy", "Linear inputs cached in FP8"),
                 "DeepSeek-V3 technical report §3.3.3: activations are cached in FP8 for the backward pass of "
                 "the Linear operators (Wgrad runs in FP8); the tokens are dispatched in FP8 too",
                 (("dispatched", "fp8"), ("mla_latents", "fp8"), ("mlp_down_input", "fp8")),
                 "the input of the Linear after attention is kept in its customised E5M6 format (12 bits), "
                 "which the lab does not model: it stays in BF16 here"),
        )
    if name == "kimi-k2":
        swiglu_outputs = tuple((key, "recompute") for key in ("mlp_down_input", "shared_down_input",
                                                              "expert_down_input")) if swiglu else ()
        return (
            Step(QT_TRANSLATE_NOOP("policy", "Recompute LayerNorm, SwiGLU and MLA up-projections"),
                 "Kimi K2 technical report §2.4.3: selective recomputation of inexpensive, high-footprint "
                 "stages (LayerNorm, SwiGLU, MLA up-projections)", norm_outputs + swiglu_outputs + up_projections),
            Step(QT_TRANSLATE_NOOP("policy", "Recompute the MoE down-projections"),
                 "Kimi K2 technical report §2.4.3: MoE down-projections recomputed",
                 (("moe_unpermuted_output", "recompute"),),
                 "frees the expert outputs kept for the routing weights' gradient (moe.weighting = combine); "
                 "with the weights applied inside the expert activation none are kept, and the step frees "
                 "nothing"),
            Step(QT_TRANSLATE_NOOP("policy", "FP8 storage of insensitive activations"),
                 "Kimi K2 technical report §2.4.3: inputs of the MoE up-projections and SwiGLU in FP8-E4M3, "
                 "1×128 tiles with FP32 scales",
                 (("dispatched", "fp8"), ("expert_act_input", "fp8"), ("shared_act_input", "fp8"))),
            Step(QT_TRANSLATE_NOOP("policy", "CPU offload of the rest"),
                 "Kimi K2 technical report §2.4.3: all remaining activations offloaded to CPU RAM",
                 (("*", "cpu"),),
                 "the tensors still kept on the GPU; those stored in FP8 stay"),
        )
    if name == "deepseek-v4":
        return (Step(QT_TRANSLATE_NOOP("policy", "Recompute every normalised layer input"),
                     "DeepSeek-V4 technical report, tensor-level activation checkpointing: all normalised layer "
                     "inputs recomputed, compute-intensive operations not", norm_outputs,
                     "the report also recomputes most hidden states between layers of its mHC residual "
                     "streams, which this layer model does not have"),)
    return ()


# ---------------------------------------------------------------------------------------------
# Rows, layers and the whole policy

@dataclass(frozen=True)
class TensorRow:
    """One saved tensor of a layer: its size (elements in activation precision, 1-byte masks,
    FP32 bytes), its backend, who decided it, and what recomputing it costs."""
    key: str
    name: str              # English display name (context "policy")
    elements: float
    mask_bytes: float
    fixed_bytes: float
    element_bytes: float
    formula: str           # its bytes per layer, symbolic (s = sequence per CP rank)
    backend: str
    decided_by: str        # "base", "step N" or "override"
    recompute_flops: float  # forward FLOPs to regenerate it from its inputs
    recompute_ops: str      # those ops, named

    @property
    def bytes(self) -> float:
        """As stored at the activation precision (what `keep`, `cpu` and `remote` hold)."""
        return self.elements * self.element_bytes + self.mask_bytes + self.fixed_bytes

    @property
    def fp8_bytes(self) -> float:
        """Stored in FP8: 1 + 4/128 B per element; masks and FP32 statistics as they are."""
        per_element = 1 + FP8_SCALE_OVERHEAD if self.element_bytes > 1 else self.element_bytes
        return self.elements * per_element + self.mask_bytes + self.fixed_bytes

    @property
    def stored_bytes(self) -> float:
        """What its backend stores, on whichever tier (0 when recomputed)."""
        if self.backend == "recompute":
            return 0.0
        return self.fp8_bytes if self.backend == "fp8" else self.bytes


@dataclass(frozen=True)
class LayerPolicy:
    """The saved tensors of one kind of layer: dense or MoE, fully recomputed (a checkpointed
    layer) or not, per micro-batch on one GPU."""
    moe: bool
    recomputed: bool
    rows: tuple[TensorRow, ...]
    recompute_ops: tuple[tuple[str, float, bool], ...]  # (op, FLOPs, is a GEMM), each op once

    def bytes_of(self, backend: str) -> float:
        return sum(row.stored_bytes for row in self.rows if row.backend == backend)

    @property
    def saved_bytes(self) -> float:
        """Everything the layer stores for backward, at the activation precision, on any tier."""
        return sum(row.bytes for row in self.rows if row.backend != "recompute")

    @property
    def gpu_bytes(self) -> float:
        """What stays in GPU memory before the fractions: kept and FP8 tensors."""
        return self.bytes_of("keep") + self.bytes_of("fp8")

    @property
    def keep_fp8_bytes(self) -> float:
        """The kept tensors' size in FP8 (what `fp8_fraction` compresses a share of)."""
        return sum(row.fp8_bytes for row in self.rows if row.backend == "keep")

    @property
    def working_set_bytes(self) -> float:
        """The recomputed tensors, rematerialised together during the layer's backward."""
        return sum(row.bytes for row in self.rows if row.backend == "recompute")

    @property
    def recompute_flops(self) -> float:
        return sum(flops for _, flops, _ in self.recompute_ops)

    def row(self, key: str) -> TensorRow | None:
        return next((row for row in self.rows if row.key == key), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "moe": self.moe, "recomputed": self.recomputed,
            "bytes": {backend: round(self.bytes_of(backend)) for backend in BACKENDS if backend != "recompute"},
            "saved_bytes": round(self.saved_bytes), "gpu_bytes": round(self.gpu_bytes),
            "working_set_bytes": round(self.working_set_bytes), "recompute_flops": round(self.recompute_flops),
            "tensors": [{"tensor": row.key, "name": row.name, "bytes": round(row.bytes),
                         "stored_bytes": round(row.stored_bytes), "formula": row.formula, "backend": row.backend,
                         "decided_by": row.decided_by, "recompute_flops": round(row.recompute_flops),
                         "recompute_ops": row.recompute_ops} for row in self.rows],
        }


@dataclass(frozen=True)
class StepResult:
    """A ladder step applied after the ones before it, on the layers that follow `recompute`:
    what it saves of GPU memory per layer and the recompute FLOPs per layer it brings the total
    to (dense and MoE layer)."""
    index: int               # 1-based
    step: Step
    applied: bool            # among the first policy_steps
    saving_bytes: dict[bool, float]             # moe → GPU bytes per layer this step frees
    cumulative_saving_bytes: dict[bool, float]  # moe → freed by steps 1…index
    added_recompute_flops: dict[bool, float]    # moe → FLOPs per layer this step adds
    recompute_flops: dict[bool, float]          # moe → the layer's recompute FLOPs after it


@dataclass(frozen=True)
class ActivationPolicy:
    """Per-tensor backends of every kind of layer, and the named ladder step by step."""
    policy: str
    steps_applied: int
    recompute: str           # the base `activation.recompute`
    recompute_layers: int
    distribute_saved: bool
    element_bytes: float
    layers: tuple[LayerPolicy, ...]
    steps: tuple[StepResult, ...]
    overrides: tuple[tuple[str, str], ...]  # the valid `activation.tensors` entries, in order

    def layer(self, moe: bool, recomputed: bool = False) -> LayerPolicy:
        """The kind of layer; a dense model's layers are all dense (moe is ignored)."""
        for layer in self.layers:
            if layer.recomputed == recomputed and layer.moe == moe:
                return layer
        return next(layer for layer in self.layers if layer.recomputed == recomputed)

    @property
    def follows_recompute(self) -> tuple[LayerPolicy, ...]:
        """The layers the ladder table describes: those following `recompute` (all fully
        recomputed ones when recompute = full without recompute_layers)."""
        recomputed = self.recompute == "full" and self.recompute_layers == 0
        return tuple(layer for layer in self.layers if layer.recomputed == recomputed)

    def to_json(self) -> dict[str, Any]:
        kinds = ("dense", "moe")
        layers: dict[str, Any] = {}
        for layer in self.layers:
            layers[kinds[layer.moe] + ("_recomputed" if layer.recomputed else "")] = layer.to_json()
        following = self.follows_recompute
        return {
            "policy": self.policy, "steps_applied": self.steps_applied,
            "recompute": self.recompute, "recompute_layers": self.recompute_layers,
            "distribute_saved": self.distribute_saved, "element_bytes": self.element_bytes,
            "backends": list(BACKENDS), "recompute_rule": recompute_rule(),
            "layers": layers,
            "steps": [{"step": result.index, "name": result.step.name, "source": result.step.source,
                       "note": result.step.note, "applied": result.applied,
                       "tensors": {tensor: backend for tensor, backend in result.step.tensors},
                       **{field: {kinds[layer.moe]: round(getattr(result, field)[layer.moe]) for layer in following}
                          for field in ("saving_bytes", "cumulative_saving_bytes", "added_recompute_flops",
                                        "recompute_flops")}}
                      for result in self.steps],
            "overrides": {tensor: backend for tensor, backend in self.overrides},
        }


def parse_overrides(entries: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """(entry, tensor, backend) of each "tensor=backend" entry, split and stripped."""
    parsed = []
    for entry in entries:
        tensor, _, backend = entry.partition("=")
        parsed.append((entry, tensor.strip(), backend.strip()))
    return parsed


def valid_overrides(s: Scenario) -> tuple[tuple[str, str], ...]:
    """The entries of `activation.tensors` that can apply (`policy_problems` names the others)."""
    return tuple((tensor, backend) for _, tensor, backend in parse_overrides(s.activation.tensors)
                 if tensor in TENSORS and backend in BACKENDS
                 and not (tensor in LAYER_INPUTS and backend == "recompute"))


def steps_applied(s: Scenario) -> int:
    steps = len(ladder(s))
    wanted = s.activation.policy_steps
    return steps if wanted == 0 else min(wanted, steps)


def base_recompute(s: Scenario, recomputed: bool) -> str:
    """none / selective / full of a layer: fully recomputed layers are full; the others follow
    `recompute`, or none when recompute = full and recompute_layers picks the full ones."""
    if recomputed:
        return "full"
    act = s.activation
    return "none" if act.recompute == "full" else act.recompute


def is_recomputed(s: Scenario, index_in_chunk: int) -> bool:
    """Whether a layer, by its index inside its pipeline chunk, is fully recomputed: the first
    `recompute_layers` of each chunk (Megatron-LM --recompute-method block), or every layer when
    recompute = full and recompute_layers = 0."""
    act = s.activation
    if act.recompute_layers:
        return index_in_chunk < act.recompute_layers
    return act.recompute == "full"


def _base_backends(s: Scenario, keys: list[str], mode: str) -> dict[str, str]:
    if mode == "full":
        return {key: "keep" if key == "layer_input" else "recompute" for key in keys}
    recomputed: set[str] = set()
    if mode == "selective":
        recomputed |= set(ATTENTION_CORE)
        if _mla(s):  # DeepSeek-V3 §3.2.3: both norms' outputs and the up-projections; latents stay
            recomputed |= {"qkv_input", "q_k", "v", "mlp_input"}
    return {key: "recompute" if key in recomputed else "keep" for key in keys}


def _apply_steps(backends: dict[str, tuple[str, str]], steps: tuple[Step, ...], first: int) -> None:
    for index, step in enumerate(steps, start=first):
        for tensor, backend in step.tensors:
            targets = list(backends) if tensor == "*" else [tensor] if tensor in backends else []
            for key in targets:
                if backends[key][0] == "keep":
                    backends[key] = (backend, f"step {index}")


def _recompute_ops(tensors: list[_Tensor], ops: dict[str, _Op], backends: dict[str, tuple[str, str]],
                   recomputed: bool) -> tuple[tuple[str, float, bool], ...]:
    needed: list[str] = []
    for tensor in tensors:
        if backends[tensor.key][0] == "recompute":
            needed += [op for op in tensor.ops if op not in needed]
    if recomputed:
        needed += [op for op in _DISCARDED if op in ops and op not in needed]
    return tuple((op, ops[op].flops, ops[op].gemm) for op in needed)


def _layer_policy(s: Scenario, moe: bool, recomputed: bool, steps: tuple[Step, ...], applied: int,
                  overrides: bool = True) -> LayerPolicy:
    element = BYTES_PER_ELEMENT[s.precision.activations]
    tensors, ops = _layer(s, moe, element)
    p = s.parallel
    if recomputed:
        # The checkpoint: the layer's input, split over TP by --distribute-saved-activations when
        # SP does not split it already (Megatron-LM, CheckpointFunction).
        split = p.sp or s.activation.distribute_saved
        share = p.tp if split else 1
        tokens = s.model.seq_len / p.cp * s.model.micro_batch
        tensors.insert(0, _Tensor("layer_input", tokens * s.model.hidden / share, 0, 0,
                                  _bytes_formula(element, "sbh" + ("/t" if share > 1 else "")), ()))
    keys = [tensor.key for tensor in tensors]
    mode = base_recompute(s, recomputed)
    backends = {key: (backend, "base") for key, backend in _base_backends(s, keys, mode).items()}
    _apply_steps(backends, steps[:applied], 1)
    if overrides:
        for key, backend in valid_overrides(s):
            if key in backends and not (recomputed and key == "norm1_input"):
                backends[key] = (backend, "override")
    rows = []
    for tensor in tensors:
        cost = sum(ops[op].flops for op in tensor.ops)
        names = " + ".join(ops[op].label for op in tensor.ops)
        if tensor.key == "norm1_input" and recomputed:
            gathered = p.tp > 1 and (p.sp or s.activation.distribute_saved)
            names = "restored from the checkpoint (layer_input)" + (", all-gathered over TP" if gathered else "")
        elif tensor.key == "norm1_input":
            names = "the layer's input: only a fully recomputed layer restores it, from its checkpoint"
        elif tensor.key == "layer_input":
            names = "the checkpoint itself: not recomputable"
        backend, decided = backends[tensor.key]
        rows.append(TensorRow(tensor.key, TENSORS[tensor.key], tensor.elements, tensor.mask_bytes,
                              tensor.fixed_bytes, element, tensor.formula, backend, decided, cost, names))
    return LayerPolicy(moe, recomputed, tuple(rows), _recompute_ops(tensors, ops, backends, recomputed))


# What a layer's saved tensors depend on: the model, activation and precision sections, the degrees
# that split a layer's tensors, and for an MoE model the routing of the busiest GPU's tokens (`moe`,
# the node size, the FP8 recipe: models/memory/routed.py).
POLICY_READS = ("model", "activation", "precision", "parallel.tp", "parallel.sp", "parallel.cp", "parallel.ep",
                "parallel.etp", "moe", "cluster.gpus_per_node", "memory.fp8_recipe")


@reads(*POLICY_READS, size=128)  # the long-context curves ask for 36 sequence lengths × recomputes at once
def activation_policy(s: Scenario) -> ActivationPolicy:
    """The backends of every saved tensor of every kind of layer (dense, MoE; fully recomputed or
    not), the named ladder step by step (each step's saving and recompute FLOPs per layer, on the
    layers that follow `recompute`), and the overrides that apply. It reads POLICY_READS only
    (a dense model none of the routing), so it is computed once for those (validation and the
    ledger both ask for it on every edit)."""
    p = s.parallel  # of the degrees, only the ones that split a layer's tensors
    layer_split = Parallel(tp=p.tp, sp=p.sp, cp=p.cp, ep=p.ep, etp=p.etp)
    reduced = Scenario(model=s.model, parallel=layer_split, activation=s.activation, precision=s.precision)
    if s.model.experts:
        reduced = dataclasses.replace(reduced, moe=s.moe,
                                      cluster=Cluster(gpus_per_node=s.cluster.gpus_per_node),
                                      memory=Memory(fp8_recipe=s.memory.fp8_recipe))
    return compute_activation_policy(reduced)


def compute_activation_policy(s: Scenario) -> ActivationPolicy:
    """`activation_policy` without its cache, from the whole scenario."""
    act = s.activation
    steps = ladder(s)
    applied = steps_applied(s)
    kinds = (False, True) if s.model.experts else (False,)
    layers = tuple(_layer_policy(s, moe, recomputed, steps, applied) for recomputed in (False, True) for moe in kinds)
    follow_recomputed = act.recompute == "full" and act.recompute_layers == 0
    results = []
    before = {moe: _layer_policy(s, moe, follow_recomputed, steps, 0, overrides=False) for moe in kinds}
    start = dict(before)
    for index in range(1, len(steps) + 1):
        after = {moe: _layer_policy(s, moe, follow_recomputed, steps, index, overrides=False) for moe in kinds}
        results.append(StepResult(
            index, steps[index - 1], index <= applied,
            {moe: before[moe].gpu_bytes - after[moe].gpu_bytes for moe in kinds},
            {moe: start[moe].gpu_bytes - after[moe].gpu_bytes for moe in kinds},
            {moe: after[moe].recompute_flops - before[moe].recompute_flops for moe in kinds},
            {moe: after[moe].recompute_flops for moe in kinds}))
        before = after
    return ActivationPolicy(act.policy, applied, act.recompute, act.recompute_layers, act.distribute_saved,
                            BYTES_PER_ELEMENT[s.precision.activations], layers, tuple(results), valid_overrides(s))


# ---------------------------------------------------------------------------------------------
# Validation

def policy_problems(s: Scenario) -> list[Problem]:
    """What is wrong with `activation.tensors`, `policy_steps` and `distribute_saved`, for
    validate(): unknown tensors or backends and recomputing the layer's input are errors, as is a
    policy_steps beyond the ladder; overrides without effect are warnings."""
    act, p = s.activation, s.parallel
    problems: list[Problem] = []
    entries = parse_overrides(act.tensors)
    for entry, tensor, backend in entries:
        if tensor not in TENSORS:
            problems.append(Problem("activation.tensors", QT_TRANSLATE_NOOP(
                "validation", "{entry}: unknown tensor {tensor} (known: {known})"),
                {"entry": entry, "tensor": tensor, "known": ", ".join(TENSORS)}))
        elif backend not in BACKENDS:
            problems.append(Problem("activation.tensors", QT_TRANSLATE_NOOP(
                "validation", "{entry}: unknown backend {backend} (one of {backends})"),
                {"entry": entry, "backend": backend, "backends": ", ".join(BACKENDS)}))
        elif tensor in LAYER_INPUTS and backend == "recompute":
            problems.append(Problem("activation.tensors", QT_TRANSLATE_NOOP(
                "validation", "{entry}: {tensor} is the layer's input, which nothing in the layer computes; "
                              "a fully recomputed layer restores it from its checkpoint"),
                {"entry": entry, "tensor": tensor}))
    steps = len(ladder(s))
    if act.policy_steps > steps:
        problems.append(Problem("activation.policy_steps", QT_TRANSLATE_NOOP(
            "validation", "policy_steps = {wanted} is beyond the {count} steps of the {policy} ladder"),
            {"wanted": act.policy_steps, "count": steps, "policy": act.policy}))
    if any(problem.severity == "error" for problem in problems):
        return problems
    policy = activation_policy(s)
    saved = {row.key for layer in policy.layers for row in layer.rows}
    # masks, FP32 statistics and integer maps: nothing at the activation precision to compress
    uncompressed = {row.key for layer in policy.layers for row in layer.rows if not row.elements}
    for tensor, count in Counter(tensor for _, tensor, _ in entries).items():
        if count > 1:
            problems.append(Problem("activation.tensors", QT_TRANSLATE_NOOP(
                "validation", "{tensor} is set {count} times; the last one applies"),
                {"tensor": tensor, "count": count}, "warning"))
    for _, tensor, backend in entries:
        if tensor not in saved:
            problems.append(Problem("activation.tensors", QT_TRANSLATE_NOOP(
                "validation", "this model's layers do not save {tensor}: {tensor}={backend} has no effect"),
                {"tensor": tensor, "backend": backend}, "warning"))
        elif backend == "fp8" and tensor in uncompressed:
            problems.append(Problem("activation.tensors", QT_TRANSLATE_NOOP(
                "validation", "{tensor} is a 1-byte mask or FP32 statistics, which FP8 storage does not "
                              "compress"), {"tensor": tensor}, "warning"))
    if act.distribute_saved:
        recomputed = act.recompute == "full" or act.recompute_layers > 0
        if p.sp:
            problems.append(Problem("activation.distribute_saved", QT_TRANSLATE_NOOP(
                "validation", "distribute_saved has no effect with sequence parallelism, which splits the "
                              "checkpoint over TP already (Megatron-LM refuses the two together)"), {}, "warning"))
        elif p.tp == 1 or not recomputed:
            problems.append(Problem("activation.distribute_saved", QT_TRANSLATE_NOOP(
                "validation", "distribute_saved has no effect without tp > 1 and a fully recomputed layer"),
                {}, "warning"))
    return problems


__all__ = ["ATTENTION_CORE", "ActivationPolicy", "BACKENDS", "ELEMENTWISE_FLOPS",
           "FP8_SCALE_OVERHEAD", "LAYER_INPUTS", "LayerPolicy", "Step", "StepResult", "TENSORS", "TensorRow",
           "activation_policy", "base_recompute", "is_recomputed", "ladder", "parse_overrides", "policy_problems",
           "recompute_rule", "steps_applied", "valid_overrides"]
