"""One label per scenario key, translated in one place (context "labels"): every tab builds its
inputs from here, so a key reads the same on every tab. A tab replaces a label only where its own
notation differs (the Pipeline tab writes p, m and v, as the schedule papers do).

Texts are marked with QT_TRANSLATE_NOOP so that lupdate extracts them, and translated when a
Field is made (after the UI language's translator is installed). A Field's tooltip is its Label's
tip where one is given, else the key's one-line meaning (models/keys.py, context "keys"), so that
every input says what it sets. Choice labels that are names (GeLU, GPipe, BF16, a GPU's catalogue
name) are not marked and show as they are.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication

from tslab.models.hardware import GPUS
from tslab.models.keys import MEANINGS
from tslab.models.mesh import ORDERS
from tslab.models.problems import QT_TRANSLATE_NOOP
from tslab.models.scenario import Scenario

CONTEXT = "labels"
KEYS_CONTEXT = "keys"  # the meanings' context (models/keys.py)


@dataclass(frozen=True)
class Field:
    """One input: a scenario key, its translated label and tooltip, and how to show it."""
    key: str
    label: str
    tip: str = ""
    choices: tuple[tuple[str, str], ...] = ()  # (value, translated label); default: the key's choices
    scale: float = 1.0                         # shown value = stored value / scale
    suffix: str = ""
    decimals: int = 2
    # A read-only note after the input, derived from the scenario: (text, tooltip), translated
    # (the global batch in tokens beside the global batch in sequences).
    hint: Callable[[Scenario], tuple[str, str]] | None = None
    # What a number input shows at its minimum (0 = "derived"), derived from the scenario: the
    # value the model uses instead (Ψ from the shape), translated.
    placeholder: Callable[[Scenario], str] | None = None


@dataclass(frozen=True)
class Label:
    """A key's label, tooltip and choice labels in English (as marked), and how its input shows
    the value (see Field)."""
    text: str
    tip: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    scale: float = 1.0
    suffix: str = ""
    decimals: int = 2
    hint: Callable[[Scenario], tuple[str, str]] | None = None
    placeholder: Callable[[Scenario], str] | None = None


def shape_parameters(scenario: Scenario) -> str:
    """Ψ at 0: the parameter count the model derives from the shape, as the input shows a value
    (its label says that 0 is "from shape")."""
    from tslab.models.memory import param_counts
    total = param_counts(scenario.replace(**{"model.params": 0})).total
    return f"{total / 1e9:,.2f} B"


def batch_tokens(scenario: Scenario) -> tuple[str, str]:
    """The global batch in tokens (global_batch × seq_len): short beside its input, in full as its
    tooltip."""
    batch, seq = scenario.schedule.global_batch, scenario.model.seq_len
    tokens = batch * seq
    short = next((f"{tokens / scale:.1f}".removesuffix(".0") + unit
                  for scale, unit in ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "K")) if tokens >= scale), f"{tokens}")
    text = _translate(QT_TRANSLATE_NOOP("labels", "= {tokens} tokens"))
    tip = _translate(QT_TRANSLATE_NOOP("labels", "{tokens} tokens per optimizer step: {batch} sequences × {seq} "
                                                 "tokens"))
    return text.format(tokens=short), tip.format(tokens=f"{tokens:,}", batch=f"{batch:,}", seq=f"{seq:,}")


SCHEDULES = (("gpipe", "GPipe"), ("1f1b", "1F1B"),
             ("interleaved-1f1b", QT_TRANSLATE_NOOP("labels", "Interleaved 1F1B")),
             ("zb-h1", "ZB-H1"), ("zb-h2", "ZB-H2"), ("zbv", "ZB-V"), ("dualpipe", "DualPipe"),
             ("dualpipev", "DualPipeV"))
PLACEMENTS = (("gpu", QT_TRANSLATE_NOOP("labels", "GPU")), ("cpu", QT_TRANSLATE_NOOP("labels", "CPU")),
              ("nvme", QT_TRANSLATE_NOOP("labels", "NVMe")))

LABELS: dict[str, Label] = {
    # model
    "model.params": Label(QT_TRANSLATE_NOOP("labels", "Parameters Ψ (0 = from shape)"),
                          QT_TRANSLATE_NOOP("labels", "A dense parameter count to use directly, as in the ZeRO "
                                                      "paper's Ψ"),
                          scale=1e9, suffix=" B", placeholder=shape_parameters),
    "model.layers": Label(QT_TRANSLATE_NOOP("labels", "Layers")),
    "model.hidden": Label(QT_TRANSLATE_NOOP("labels", "Hidden size h")),
    "model.heads": Label(QT_TRANSLATE_NOOP("labels", "Attention heads a")),
    "model.kv_heads": Label(QT_TRANSLATE_NOOP("labels", "KV heads (GQA)")),
    "model.ffn_hidden": Label(QT_TRANSLATE_NOOP("labels", "FFN hidden")),
    "model.vocab": Label(QT_TRANSLATE_NOOP("labels", "Vocabulary V")),
    "model.seq_len": Label(QT_TRANSLATE_NOOP("labels", "Sequence length s")),
    "model.micro_batch": Label(QT_TRANSLATE_NOOP("labels", "Micro-batch size b")),
    "model.mlp": Label(QT_TRANSLATE_NOOP("labels", "MLP"), choices=(("gelu", "GeLU"), ("swiglu", "SwiGLU"))),
    "model.dropout": Label(QT_TRANSLATE_NOOP("labels", "Dropout")),
    "model.experts": Label(QT_TRANSLATE_NOOP("labels", "Routed experts E (0 = dense)")),
    "model.top_k": Label(QT_TRANSLATE_NOOP("labels", "Experts per token K")),
    "model.vocab_divisible_by": Label(QT_TRANSLATE_NOOP("labels", "Vocabulary padded to k × TP")),
    "model.norm": Label(QT_TRANSLATE_NOOP("labels", "Norm"), choices=(("rmsnorm", "RMSNorm"),
                                                                      ("layernorm", "LayerNorm"))),
    "model.qkv_bias": Label(QT_TRANSLATE_NOOP("labels", "Q/K/V biases")),
    "model.linear_bias": Label(QT_TRANSLATE_NOOP("labels", "Linear-layer biases")),
    "model.qk_norm": Label(QT_TRANSLATE_NOOP("labels", "Query/key norm")),
    "model.position_embedding": Label(QT_TRANSLATE_NOOP("labels", "Positions"), choices=(
        ("rope", "RoPE"), ("learned", QT_TRANSLATE_NOOP("labels", "learned")))),
    "model.max_positions": Label(QT_TRANSLATE_NOOP("labels", "Positions learned (0 = s)")),
    "model.first_dense_layers": Label(QT_TRANSLATE_NOOP("labels", "First dense layers")),
    "model.moe_layer_freq": Label(QT_TRANSLATE_NOOP("labels", "MoE every k-th layer")),
    "model.shared_experts": Label(QT_TRANSLATE_NOOP("labels", "Shared experts")),
    "model.shared_ffn_hidden": Label(QT_TRANSLATE_NOOP("labels", "Shared-expert width")),
    "model.shared_expert_gate": Label(QT_TRANSLATE_NOOP("labels", "Shared-expert gate")),
    "model.expert_bias": Label(QT_TRANSLATE_NOOP("labels", "Routing bias per expert")),
    "model.mtp_layers": Label(QT_TRANSLATE_NOOP("labels", "MTP modules")),
    # precision and optimizer
    "precision.params": Label(QT_TRANSLATE_NOOP("labels", "Parameters")),
    "precision.grads": Label(QT_TRANSLATE_NOOP("labels", "Gradients")),
    "precision.master": Label(QT_TRANSLATE_NOOP("labels", "Master weights")),
    "precision.optimizer": Label(QT_TRANSLATE_NOOP("labels", "Optimizer states")),
    "precision.activations": Label(QT_TRANSLATE_NOOP("labels", "Activations")),
    "precision.compute": Label(QT_TRANSLATE_NOOP("labels", "GEMM compute")),
    "optimizer.kind": Label(QT_TRANSLATE_NOOP("labels", "Optimizer"), choices=(
        ("adam", QT_TRANSLATE_NOOP("labels", "Adam (2 states)")),
        ("muon", QT_TRANSLATE_NOOP("labels", "Muon (1 state)")),
        ("sgd", QT_TRANSLATE_NOOP("labels", "SGD momentum (1 state)")))),
    # parallelism
    "parallel.tp": Label(QT_TRANSLATE_NOOP("labels", "Tensor parallel TP")),
    "parallel.sp": Label(QT_TRANSLATE_NOOP("labels", "Sequence parallel (with TP)")),
    "parallel.cp": Label(QT_TRANSLATE_NOOP("labels", "Context parallel CP")),
    "parallel.pp": Label(QT_TRANSLATE_NOOP("labels", "Pipeline parallel PP")),
    "parallel.vpp": Label(QT_TRANSLATE_NOOP("labels", "Virtual stages per rank v")),
    "parallel.dp": Label(QT_TRANSLATE_NOOP("labels", "Data parallel DP")),
    "parallel.ep": Label(QT_TRANSLATE_NOOP("labels", "Expert parallel EP")),
    "parallel.etp": Label(QT_TRANSLATE_NOOP("labels", "Expert tensor parallel ETP")),
    "parallel.zero": Label(QT_TRANSLATE_NOOP("labels", "ZeRO stage")),
    "parallel.first_stage_layers": Label(QT_TRANSLATE_NOOP("labels", "First-stage layers")),
    "parallel.last_stage_layers": Label(QT_TRANSLATE_NOOP("labels", "Last-stage layers")),
    "parallel.embedding_in_split": Label(QT_TRANSLATE_NOOP("labels", "Embedding counts as a layer")),
    "parallel.loss_in_split": Label(QT_TRANSLATE_NOOP("labels", "Loss counts as a layer")),
    "parallel.order": Label(QT_TRANSLATE_NOOP("labels", "Rank order"),
                            choices=tuple((name, f"{name} ({axes})") for name, axes in ORDERS.items())),
    # pipeline schedule
    "schedule.kind": Label(QT_TRANSLATE_NOOP("labels", "Pipeline schedule"), choices=SCHEDULES),
    "schedule.global_batch": Label(QT_TRANSLATE_NOOP("labels", "Global batch (sequences)"), hint=batch_tokens),
    "schedule.microbatches": Label(QT_TRANSLATE_NOOP("labels", "Micro-batches m")),
    "schedule.f": Label(QT_TRANSLATE_NOOP("labels", "Forward F")),
    "schedule.b": Label(QT_TRANSLATE_NOOP("labels", "Backward B (= I + W)")),
    "schedule.w": Label(QT_TRANSLATE_NOOP("labels", "Weight-grad W")),
    "schedule.fb": Label(QT_TRANSLATE_NOOP("labels", "Overlapped F&B")),
    "schedule.p2p": Label(QT_TRANSLATE_NOOP("labels", "Point-to-point latency")),
    # activations and offloading
    "activation.recompute": Label(QT_TRANSLATE_NOOP("labels", "Recomputation"), choices=(
        ("none", QT_TRANSLATE_NOOP("labels", "none")), ("selective", QT_TRANSLATE_NOOP("labels", "selective")),
        ("full", QT_TRANSLATE_NOOP("labels", "full")))),
    "activation.recompute_layers": Label(QT_TRANSLATE_NOOP("labels", "Fully recomputed layers")),
    "activation.distribute_saved": Label(QT_TRANSLATE_NOOP("labels", "Checkpoints split over TP")),
    "activation.policy": Label(QT_TRANSLATE_NOOP("labels", "Activation ladder"), choices=(
        ("manual", QT_TRANSLATE_NOOP("labels", "manual")),
        ("megatron-selective", QT_TRANSLATE_NOOP("labels", "Megatron selective")),
        ("megatron-modules", QT_TRANSLATE_NOOP("labels", "Megatron recompute modules")),
        ("kimi-k2", "Kimi K2"), ("deepseek-v3", "DeepSeek-V3"), ("deepseek-v4", "DeepSeek-V4"))),
    "activation.policy_steps": Label(QT_TRANSLATE_NOOP("labels", "Ladder steps (0 = all)")),
    "activation.flash_attention": Label(QT_TRANSLATE_NOOP("labels", "FlashAttention")),
    "activation.fp8_fraction": Label(QT_TRANSLATE_NOOP("labels", "Stored in FP8"), suffix="%"),
    "activation.cpu_offload_fraction": Label(QT_TRANSLATE_NOOP("labels", "Offloaded to CPU"), suffix="%"),
    "activation.remote_offload_fraction": Label(QT_TRANSLATE_NOOP("labels", "Offloaded to a remote GPU"),
                                                suffix="%"),
    "offload.optimizer": Label(QT_TRANSLATE_NOOP("labels", "Optimizer and master on"), choices=PLACEMENTS),
    "offload.params": Label(QT_TRANSLATE_NOOP("labels", "Parameters on"), choices=PLACEMENTS),
    "offload.grads": Label(QT_TRANSLATE_NOOP("labels", "Gradients on"), choices=PLACEMENTS[:2]),
    "offload.grad_scheme": Label(QT_TRANSLATE_NOOP("labels", "Gradients to CPU as"), choices=(
        ("pipeline-zero2", QT_TRANSLATE_NOOP("labels", "Pipeline ZeRO-2 (Kimi K3)")),
        ("zero-offload", QT_TRANSLATE_NOOP("labels", "ZeRO-Offload (DeepSpeed)")))),
    "offload.reduce_bucket": Label(QT_TRANSLATE_NOOP("labels", "Reduce bucket (elements)"), scale=1e6,
                                   suffix=" M"),
    # cluster and allowances
    "cluster.gpu": Label(QT_TRANSLATE_NOOP("labels", "GPU"), choices=tuple(
        (name, gpu.label) for name, gpu in GPUS.items()) + (("custom", QT_TRANSLATE_NOOP("labels", "Custom")),)),
    "cluster.hbm_gib": Label(QT_TRANSLATE_NOOP("labels", "HBM override (0 = catalogue)"), suffix=" GiB",
                             decimals=0),
    "cluster.nodes": Label(QT_TRANSLATE_NOOP("labels", "Nodes")),
    "cluster.gpus_per_node": Label(QT_TRANSLATE_NOOP("labels", "GPUs per node")),
    "cluster.intra_bw_gbps": Label(QT_TRANSLATE_NOOP("labels", "NVLink GB/s per GPU"), decimals=0),
    "cluster.inter_bw_gbps": Label(QT_TRANSLATE_NOOP("labels", "Inter-node GB/s per GPU"), decimals=0),
    "cluster.intra_latency_us": Label(QT_TRANSLATE_NOOP("labels", "NVLink latency α (µs)"), decimals=1),
    "cluster.inter_latency_us": Label(QT_TRANSLATE_NOOP("labels", "Inter-node latency α (µs)"), decimals=1),
    "cluster.topology": Label(QT_TRANSLATE_NOOP("labels", "Topology"), choices=(
        ("rail-fat-tree", QT_TRANSLATE_NOOP("labels", "rail-optimised fat-tree")),
        ("fat-tree", QT_TRANSLATE_NOOP("labels", "fat-tree (a node on one leaf)")))),
    "cluster.nics_per_node": Label(QT_TRANSLATE_NOOP("labels", "NICs per node (0 = one per GPU)")),
    "cluster.leaf_ports": Label(QT_TRANSLATE_NOOP("labels", "Leaf ports (to NICs)")),
    "cluster.oversubscription": Label(QT_TRANSLATE_NOOP("labels", "Oversubscription (leaf down : up)"),
                                      suffix=" : 1", decimals=1),
    "cluster.spine_bw_gbps": Label(QT_TRANSLATE_NOOP("labels", "Leaf–spine GB/s (0 = a NIC's)"), decimals=0),
    "cluster.routing": Label(QT_TRANSLATE_NOOP("labels", "Cross-node routes"), choices=(
        ("ecmp", QT_TRANSLATE_NOOP("labels", "ECMP (shortest paths)")),
        ("rail", QT_TRANSLATE_NOOP("labels", "rail rule (NVLink first, PXN)")))),
    "memory.fragmentation": Label(QT_TRANSLATE_NOOP("labels", "Allocator fragmentation"), suffix="%"),
    "memory.comm_buffers": Label(QT_TRANSLATE_NOOP("labels", "Communication buffers")),
    # MoE routing
    "moe.tokens_per_rank": Label(QT_TRANSLATE_NOOP("labels", "Tokens per rank S")),
    "moe.routing": Label(QT_TRANSLATE_NOOP("labels", "Routing"), choices=(
        ("uniform", QT_TRANSLATE_NOOP("labels", "uniform")), ("zipf", QT_TRANSLATE_NOOP("labels", "Zipf skew")),
        ("hot", QT_TRANSLATE_NOOP("labels", "hot experts")),
        ("node-limited", QT_TRANSLATE_NOOP("labels", "node-limited")))),
    "moe.max_nodes": Label(QT_TRANSLATE_NOOP("labels", "Nodes per token (node-limited)")),
    "moe.dispatch_precision": Label(QT_TRANSLATE_NOOP("labels", "Dispatch precision"),
                                    choices=(("bf16", "BF16"), ("fp8", "FP8"))),
    "moe.dispatch_route": Label(QT_TRANSLATE_NOOP("labels", "Dispatch route"), choices=(
        ("direct", QT_TRANSLATE_NOOP("labels", "direct")),
        ("two-hop", QT_TRANSLATE_NOOP("labels", "two hops: IB, then NVLink")))),
    "moe.seed": Label(QT_TRANSLATE_NOOP("labels", "Seed")),
    "moe.capacity_factor": Label(QT_TRANSLATE_NOOP("labels", "Expert capacity factor (0 = dropless)")),
    "moe.pad_to_capacity": Label(QT_TRANSLATE_NOOP("labels", "Pad experts to capacity")),
    "moe.weighting": Label(QT_TRANSLATE_NOOP("labels", "Routing weights applied"), choices=(
        ("combine", QT_TRANSLATE_NOOP("labels", "at the combine")),
        ("combine-fp32", QT_TRANSLATE_NOOP("labels", "at the combine, in FP32")),
        ("activation", QT_TRANSLATE_NOOP("labels", "in the expert activation")))),
    "cluster.peak_tflops": Label(QT_TRANSLATE_NOOP("labels", "Peak BF16 TFLOP/s (0 = data sheet)"), decimals=1),
    "cluster.hbm_gbps": Label(QT_TRANSLATE_NOOP("labels", "HBM GB/s (0 = data sheet)"), decimals=0),
    "schedule.durations": Label(QT_TRANSLATE_NOOP("labels", "Op durations"), choices=(
        ("manual", QT_TRANSLATE_NOOP("labels", "typed units")),
        ("model", QT_TRANSLATE_NOOP("labels", "step-time model")))),
    "time.dp_overlap": Label(QT_TRANSLATE_NOOP("labels", "DP reduction under the backward")),
    "time.tp_overlap": Label(QT_TRANSLATE_NOOP("labels", "TP collectives under the GEMMs")),
    "time.ep_overlap": Label(QT_TRANSLATE_NOOP("labels", "EP all-to-alls under the expert GEMMs")),
    "time.gemm_efficiency": Label(QT_TRANSLATE_NOOP("labels", "GEMM efficiency (0 = size curve)"),
                                  scale=0.01, suffix="%", decimals=0),
    "time.hbm_efficiency": Label(QT_TRANSLATE_NOOP("labels", "Element-wise share of HBM bandwidth"),
                                 scale=0.01, suffix="%", decimals=0),
    "time.nvlink_efficiency": Label(QT_TRANSLATE_NOOP("labels", "NCCL share of NVLink bandwidth"),
                                    scale=0.01, suffix="%", decimals=0),
    # long context
    "context.ulysses": Label(QT_TRANSLATE_NOOP("labels", "USP Ulysses degree (0 = auto)")),
    "context.zigzag": Label(QT_TRANSLATE_NOOP("labels", "Ring: head–tail (zigzag) order")),
    "context.compress_ratio": Label(QT_TRANSLATE_NOOP("labels", "Compression ratio m (CSA/HCA)")),
    "context.attention_efficiency": Label(QT_TRANSLATE_NOOP("labels", "Attention efficiency"),
                                          scale=0.01, suffix="%", decimals=0),
    # Muon × ZeRO
    "muon.p_max": Label(QT_TRANSLATE_NOOP("labels", "P_max (0 = fewest that fit; not disclosed)")),
    "muon.max_matrices": Label(QT_TRANSLATE_NOOP("labels", "Matrices per rank, at most")),
    "muon.ns_steps": Label(QT_TRANSLATE_NOOP("labels", "Newton–Schulz steps")),
    # stochastic rounding
    "sr.x": Label(QT_TRANSLATE_NOOP("labels", "FP32 value x"), decimals=6),
    "sr.samples": Label(QT_TRANSLATE_NOOP("labels", "Samples")),
    "sr.seed": Label(QT_TRANSLATE_NOOP("labels", "Seed")),
    "sr.steps": Label(QT_TRANSLATE_NOOP("labels", "Updates accumulated")),
    "sr.update": Label(QT_TRANSLATE_NOOP("labels", "Update size"), decimals=6),
    "sr.ranks": Label(QT_TRANSLATE_NOOP("labels", "Ranks reduced over")),
}


def _translate(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text) if text else ""


def tip(key: str) -> str:
    """The translated tooltip of scenario key `key`: its Label's tip, else its meaning."""
    entry = LABELS.get(key)
    if entry is not None and entry.tip:
        return _translate(entry.tip)
    meaning = MEANINGS.get(key, "")
    return QCoreApplication.translate(KEYS_CONTEXT, meaning) if meaning else ""


def label(key: str) -> str:
    """The translated label of scenario key `key`."""
    return _translate(LABELS[key].text)


def setting_name(key: str) -> str:
    """A scenario key as the form names it (translated), the dotted key where the form has none."""
    return label(key) if key in LABELS else key


def value_text(key: str, value: Any) -> str:
    """A value as a person reads it: a choice by its label, a switch as on / off, a number plainly
    (1.5, not 1.5000000000000002), tuples as a list."""
    if isinstance(value, bool):
        return QCoreApplication.translate("labels", "on") if value else QCoreApplication.translate("labels", "off")
    if isinstance(value, str):
        return choice_label(key, value) if key in LABELS else value
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, tuple):
        return ", ".join(str(item) for item in value) or "—"
    return str(value)


def choice_label(key: str, value: str) -> str:
    """The translated label of one choice of `key` (the value itself when it has none)."""
    return next((_translate(text) for choice, text in LABELS[key].choices if choice == value), value)


def field(key: str, text: str | None = None, **changes) -> Field:
    """The input of `key` as the catalogue describes it, translated; `text` (already translated)
    replaces the label, and `changes` any other Field attribute."""
    entry = LABELS[key]
    spec = Field(key, label(key), tip(key),
                 tuple((value, _translate(name)) for value, name in entry.choices),
                 entry.scale, entry.suffix, entry.decimals, entry.hint, entry.placeholder)
    if text is not None:
        changes["label"] = text
    return dataclasses.replace(spec, **changes) if changes else spec


def fields(*keys: str) -> list[Field]:
    """The inputs of `keys`, in order, as the catalogue describes them."""
    return [field(key) for key in keys]


def kind_name(kind: str) -> str:
    """A schedule's display name, as the schedule input lists it (names are kept, "interleaved"
    is translated)."""
    return choice_label("schedule.kind", kind)
