"""The saved activations one GPU of a pipeline rank holds at its schedule's peak, as ledger items:
kept on the GPU, stored in FP8, offloaded to the CPU or parked on a remote GPU, the logits, and
the working set a recomputation rematerialises during a backward.

Each tensor's backend comes from the activation policy (models/memory/policy.py); the fractions
`fp8_fraction`, `cpu_offload_fraction` and `remote_offload_fraction` apply to the tensors it
still keeps, as a share of their bytes."""
from __future__ import annotations

import math

from ..problems import QT_TRANSLATE_NOOP
from ..scenario import BYTES_PER_ELEMENT, Scenario
from ..units import format_bytes
from .activations import LayerBytes, in_flight, layer_formula, layer_kinds
from .items import SRC_ACT, SRC_FLASH, SRC_K2, SRC_K3, SRC_SCHED, LedgerItem
from .params import padded_vocab
from .partition import RankLayout
from .policy import LayerPolicy, TensorRow
from .routed import routed_rows

SRC_CHECKPOINT = ("Megatron-LM, megatron/core/tensor_parallel/random.py (CheckpointFunction) and "
                  "megatron/training/arguments.py (--recompute-method block, --recompute-num-layers, "
                  "--distribute-saved-activations)")
SRC_POLICY = {
    "megatron-selective": "Korthikanti et al. (MLSys'23) §5",
    "kimi-k2": SRC_K2,
    "deepseek-v3": "DeepSeek-V3 technical report §3.2.3, §3.3.3",
    "deepseek-v4": "DeepSeek-V4 technical report (tensor-level activation checkpointing)",
}
SRC_MTP = "DeepSeek-V3 technical report §2.2 (each MTP module's output head)"
SRC_MOE_ROUTER = ("Megatron-LM, megatron/core/transformer/moe/router.py (TopKRouter.routing) and moe_utils.py "
                  "(topk_routing_with_score_function, compute_routing_scores_for_aux_loss); Transformer Engine, "
                  "transformer_engine/pytorch/router.py (FusedTopkScoreFunction)")
SRC_MOE_SIGMOID = "DeepSeek-V3 technical report §2.1.2 (sigmoid gating with a per-expert bias)"
SRC_MOE_PERMUTE = ("Megatron-LM, megatron/core/transformer/moe/token_dispatcher.py (MoEAlltoAllTokenDispatcher) "
                   "and moe_utils.py (permute, unpermute, sort_chunks_by_idxs); Transformer Engine, "
                   "transformer_engine/pytorch/permutation.py (make_row_id_map)")
SRC_MOE_EXPERTS = ("Megatron-LM, megatron/core/transformer/moe/experts.py (TEGroupedMLP.forward) and "
                   "megatron/core/fusions/fused_bias_swiglu.py (the weighted SwiGLU); "
                   "megatron/core/transformer/moe/moe_utils.py (get_capacity)")
SRC_MOE_COMBINE = ("Megatron-LM before core 0.13, megatron/core/transformer/moe/moe_utils.py (unpermute: "
                   "permuted_tokens * permuted_probs); torchtitan, torchtitan/models/common/token_dispatcher.py "
                   "(combine)")
SRC_MOE_SHARED = ("Megatron-LM, megatron/core/transformer/moe/shared_experts.py (SharedExpertMLP); "
                  "DeepSeek-V3 technical report §2.1.2 (shared experts)")
SRC_EMBEDDING = ("Korthikanti et al. (MLSys'23) §4.3 (the embedding's dropout mask); Megatron-LM, "
                 "megatron/core/tensor_parallel/layers.py (VocabParallelEmbedding: the token ids and the mask "
                 "of ids outside the rank's vocabulary shard)")
SRC_HEAD = ("Korthikanti et al. (MLSys'23) §4.3 (the final layer norm's and the output projection's inputs); "
            "Megatron-LM, megatron/core/transformer/multi_token_prediction.py (each MTP module's norms, eh_proj, "
            "final norm and head)")

# The MoE layer's tensors the ledger lists as items of their own: policy key → (item key, name).
TENSOR_ITEMS: dict[str, tuple[str, str]] = {
    "router_probs": ("router_probs", QT_TRANSLATE_NOOP("ledger", "Router probabilities (FP32)")),
    "router_aux_scores": ("router_aux_scores", QT_TRANSLATE_NOOP("ledger", "Load-balancing loss scores (FP32)")),
    "router_topk": ("router_topk", QT_TRANSLATE_NOOP("ledger", "Router top-k scores and indices")),
    "moe_routing_map": ("moe_routing_map", QT_TRANSLATE_NOOP("ledger", "MoE routing map")),
    "moe_row_ids": ("moe_row_ids", QT_TRANSLATE_NOOP("ledger", "MoE permutation row ids")),
    "dispatched": ("moe_permuted_tokens", QT_TRANSLATE_NOOP("ledger", "MoE permuted tokens (expert FC1 input)")),
    "moe_permuted_probs": ("moe_permuted_probs", QT_TRANSLATE_NOOP("ledger", "MoE routing weights per copy (FP32)")),
    "expert_act_input": ("moe_expert_fc1_output", QT_TRANSLATE_NOOP("ledger", "Expert FC1 output")),
    "expert_down_input": ("moe_expert_act_output", QT_TRANSLATE_NOOP("ledger", "Expert activation output")),
    "moe_unpermuted_output": ("moe_unpermuted_output",
                              QT_TRANSLATE_NOOP("ledger", "Expert outputs before the weighted combine")),
    "shared_act_input": ("moe_shared_fc1_output", QT_TRANSLATE_NOOP("ledger", "Shared-expert FC1 output")),
    "shared_down_input": ("moe_shared_act_output", QT_TRANSLATE_NOOP("ledger", "Shared-expert activation output")),
    "shared_gated_output": ("moe_shared_gated_output",
                            QT_TRANSLATE_NOOP("ledger", "Shared-expert output before its gate")),
}
ROUTED = ("moe_row_ids", "dispatched", "moe_permuted_probs", "expert_act_input", "expert_down_input")


def _tensor_source(s: Scenario, key: str) -> str:
    if key.startswith("router") or key == "moe_routing_map":
        return SRC_MOE_ROUTER + ("; " + SRC_MOE_SIGMOID if s.model.expert_bias else "")
    if key in ("moe_row_ids", "dispatched", "moe_permuted_probs"):
        return SRC_MOE_PERMUTE + ("; " + SRC_MOE_EXPERTS if key != "moe_row_ids" else "")
    if key == "moe_unpermuted_output":
        return SRC_MOE_COMBINE
    if key.startswith("shared"):
        return SRC_MOE_SHARED
    return SRC_MOE_EXPERTS


def _keys(rows: list[str]) -> str:
    return ", ".join(rows)


def _percent(share: float) -> str:
    """A share as the percentage a formula multiplies by, to the digits it is computed with."""
    return f"{share * 100:.4g}%"


def _kind_name(layer: LayerPolicy) -> str:
    return ("fully recomputed " if layer.recomputed else "") + ("MoE" if layer.moe else "dense")


def recompute_working_set(s: Scenario, layout: RankLayout, kinds: LayerBytes) -> tuple[float, str]:
    """The bytes rematerialised at once during one layer's backward on this rank, and why: the
    tensors the policy recomputes, at the activation precision, for the rank's heaviest kind of
    layer. A layer's backward regenerates them all before it needs them and frees them when it
    ends, one layer at a time (Megatron-LM's CheckpointFunction: a fully recomputed layer reruns
    its forward, with its checkpoint restored, and so holds everything the layer would have
    saved); they come on top of the activation sets held, which are at their peak when a
    backward starts."""
    present = [kinds.layer(moe, recomputed) for (moe, recomputed) in layer_kinds(s, layout)]
    if not present:
        return 0.0, ""
    layer = max(present, key=lambda kind: (kind.working_set_bytes, kind.moe))
    if not layer.working_set_bytes:
        return 0.0, ""
    rows = [row.key for row in layer.rows if row.backend == "recompute"]
    what = ("a fully recomputed" if layer.recomputed else "one") + (" MoE" if layer.moe else " dense")
    return layer.working_set_bytes, (f"the tensors {what} layer rematerialises during its backward ({_keys(rows)}) = "
                                     f"{layer.working_set_bytes / 2**20:,.1f} MiB, one layer at a time "
                                     f"(+ {layer.recompute_flops / 1e9:,.1f} GFLOP of forward per layer "
                                     f"and micro-batch)")


def _block_note(s: Scenario, layout: RankLayout, counts: dict[tuple[bool, bool], int], kinds: LayerBytes) -> str:
    act = s.activation
    full = sum(n for (_, recomputed), n in counts.items() if recomputed)
    if not act.recompute_layers or not full:
        return ""
    checkpoint = max(kinds.layer(moe, True).saved_bytes for (moe, recomputed) in counts if recomputed)
    rest = "none" if act.recompute == "full" else act.recompute
    return (f"; {full} of the rank's {layout.layer_count} layers fully recomputed (the first {act.recompute_layers} "
            f"of each chunk, {checkpoint / 2**20:,.1f} MiB each), the others {rest}")


def _stored_on_gpu(row: TensorRow, fp8: float, kept: float) -> float:
    """A tensor's GPU bytes per layer and micro-batch: a kept tensor's share left by the fractions
    (`fp8_fraction` of it in FP8), an FP8 tensor's FP8 bytes; CPU, remote and recomputed ones none."""
    if row.backend == "keep":
        return (row.bytes * (1 - fp8) + row.fp8_bytes * fp8) * kept
    return row.fp8_bytes if row.backend == "fp8" else 0.0


def _tensor_items(s: Scenario, present: list[tuple[LayerPolicy, int]], held: float, fp8: float,
                  kept: float) -> list[LedgerItem]:
    """The MoE layer's tensors as items of their own (TENSOR_ITEMS), each on the GPU as its backend
    and the fractions leave it, in every MoE layer of the rank × the sets in flight."""
    items = []
    moe = [(layer, n) for layer, n in present if layer.moe]
    routed = routed_rows(s) if moe else None
    for key, (item_key, name) in TENSOR_ITEMS.items():
        rows = [(row, n) for layer, n in moe for row in layer.rows if row.key == key]
        total = sum(_stored_on_gpu(row, fp8, kept) * n for row, n in rows) * held
        if not rows or not round(total):
            continue
        layers = sum(n for row, n in rows if _stored_on_gpu(row, fp8, kept))
        row = next(row for row, _ in rows if _stored_on_gpu(row, fp8, kept))
        per_layer = _stored_on_gpu(row, fp8, kept)
        how = {"keep": "kept", "fp8": "in FP8-E4M3 + an FP32 scale per 1×128 tile (1 + 4/128 B per element)"}
        where = how.get(row.backend, row.backend)
        if row.backend == "keep" and fp8 and row.elements:
            where += f", {fp8:.0%} of it in FP8"
        if row.backend == "keep" and kept < 1:
            where += f", {kept:.0%} of it left on the GPU by the offload fractions"
        formula = (f"{row.formula} per MoE layer ({where}) = {per_layer / 2**20:,.2f} MiB × {layers} MoE layers × "
                   f"{held:g} in flight = {format_bytes(round(total))}")
        if key in ROUTED and routed is not None:
            formula += (f"; {routed.rows:,.0f} routed copies on the busiest GPU (mean {routed.mean_rows:,.0f}), "
                        f"{routed.note}")
        if key == "moe_row_ids":
            formula += "; the token side's map is Transformer Engine's int32 n × (2E + 1) or the unfused int64 " \
                       "indices 2 × n·K, whichever is larger"
        items.append(LedgerItem(item_key, "activations", name, round(total), "gpu", formula, _tensor_source(s, key),
                                tensor=key))
    return items


def _first_and_last_stage_items(s: Scenario, layout: RankLayout, held: float, element: float) -> list[LedgerItem]:
    """The embedding's saved tensors on the first stage and the head's inputs on the last: the
    embedding's output is the first layer's input, counted with the layer; its backward keeps the
    token ids (int64; with TP the ids masked to the rank's vocabulary shard and the mask) and, with
    dropout, the dropout mask. The last stage's final norm and output layer keep their inputs, as
    does each MTP module's embedding norm, eh_proj, final norm and head (the hidden-state norm's
    input is the final norm's), for as long as the logits (Korthikanti et al. §4.3)."""
    m, p = s.model, s.parallel
    tokens = m.seq_len / p.cp * m.micro_batch
    rep = p.tp if p.sp else 1
    rep_ = "/t" if rep > 1 else ""
    items = []
    if layout.first:
        per_set = 8 * tokens + (tokens if p.tp > 1 else 0) + (tokens * m.hidden / rep if m.dropout else 0)
        sets = held * max(1, len(layout.stages))  # every set the rank holds: at least the first stage's
        parts = ["8sb (token ids, int64)"] + (["sb (ids outside the vocabulary shard)"] if p.tp > 1 else []) + \
                ([f"sbh{rep_} (dropout mask)"] if m.dropout else [])
        items.append(LedgerItem(
            "embedding", "activations", QT_TRANSLATE_NOOP("ledger", "Embedding: token ids and dropout mask"),
            round(per_set * sets), "gpu",
            f"{' + '.join(parts)} = {per_set / 2**20:,.2f} MiB per micro-batch × {sets:g} sets held (all of the "
            f"rank's, an upper bound on the first stage's) = {format_bytes(round(per_set * sets))}; the "
            f"embedding's output is the first layer's input, counted with the layer", SRC_EMBEDDING))
    if layout.last:
        mtp = m.mtp_layers
        count = 2 + 5 * mtp
        per_micro = count * tokens * m.hidden / rep * element
        held_head = 1 if p.pp > 1 and s.schedule.kind != "gpipe" else held
        extra = f" + 5 per MTP module × {mtp} (embedding norm, eh_proj's 2h, final norm, head)" if mtp else ""
        items.append(LedgerItem(
            "head_inputs", "activations", QT_TRANSLATE_NOOP("ledger", "Final norm and output-layer inputs"),
            round(per_micro * held_head), "gpu",
            f"{count} × {element:g} B × sbh{rep_} (the final norm's and the output layer's inputs{extra}) = "
            f"{per_micro / 2**20:,.1f} MiB per micro-batch × {held_head:g} held = "
            f"{format_bytes(round(per_micro * held_head))}, as long as the logits", SRC_HEAD))
    return items


def activation_items(s: Scenario, layout: RankLayout, kinds: LayerBytes) -> tuple[list[LedgerItem], int, float, str]:
    """Saved activations of one GPU at the schedule's peak: the layers' tensors split into GPU / FP8
    / CPU / remote (the MoE layer's router, dispatcher and expert tensors as items of their own),
    the embedding's and the head's, the logits and the recompute working set."""
    m, act = s.model, s.activation
    element = BYTES_PER_ELEMENT[s.precision.activations]
    counts = layer_kinds(s, layout)
    present: list[tuple[LayerPolicy, int]] = [(kinds.layer(moe, recomputed), n)
                                              for (moe, recomputed), n in counts.items()]

    def total(per_layer, own: bool = False) -> float:
        """Summed over the rank's layers; `own`: only the tensors listed as items of their own."""
        return sum(per_layer(row) * n for layer, n in present for row in layer.rows
                   if (row.key in TENSOR_ITEMS and layer.moe) == own)

    def bytes_of(backend: str, own: bool = False) -> float:
        return total(lambda row: row.stored_bytes if row.backend == backend else 0.0, own)

    keep = bytes_of("keep")
    keep_fp8 = total(lambda row: row.fp8_bytes if row.backend == "keep" else 0.0)
    own_keep = bytes_of("keep", True)
    own_keep_fp8 = total(lambda row: row.fp8_bytes if row.backend == "keep" else 0.0, True)
    fp8_rows = bytes_of("fp8")
    cpu_rows = bytes_of("cpu") + bytes_of("cpu", True)
    remote_rows = bytes_of("remote") + bytes_of("remote", True)
    heaviest = max((layer for layer, _ in present), key=lambda layer: (layer.saved_bytes, layer.moe), default=None)
    per_layer = heaviest.saved_bytes if heaviest else 0.0
    held, held_formula = in_flight(s, layout.rank)
    heads = 1 + (m.mtp_layers if layout.last else 0)  # DeepSeek-V3 §2.2: each MTP module has its own head
    logits = 0.0
    if layout.last and act.recompute != "full":
        logits = 4 * m.seq_len / s.parallel.cp * m.micro_batch * math.ceil(padded_vocab(s) / s.parallel.tp) * heads
    fp8 = act.fp8_fraction if element > 1 else 0.0
    plain, compressed = keep * (1 - fp8) * held, keep_fp8 * fp8 * held
    # the fractions offload a share of every kept tensor, the MoE layer's listed ones included
    stored = plain + compressed + (own_keep * (1 - fp8) + own_keep_fp8 * fp8) * held
    logits_held = logits * (1 if s.parallel.pp > 1 and s.schedule.kind != "gpipe" else held)
    cpu = stored * act.cpu_offload_fraction
    remote = stored * act.remote_offload_fraction
    kept = 1 - act.cpu_offload_fraction - act.remote_offload_fraction  # offload takes a share of both
    kind = "MoE" if heaviest and heaviest.moe else "dense"
    layer_text = layer_formula(s, heaviest) if heaviest else "no layers"
    own = sorted({TENSOR_ITEMS[row.key][0] for layer, _ in present if layer.moe for row in layer.rows
                  if row.key in TENSOR_ITEMS and row.backend in ("keep", "fp8")})
    # what the item holds, as the numbers it is computed from: each kind of layer's kept tensors
    # (without the MoE layers' own items) × its layers, × the sets in flight and the fractions
    kept_per_layer = [(layer, n, sum(row.stored_bytes for row in layer.rows if row.backend == "keep"
                                     and not (layer.moe and row.key in TENSOR_ITEMS))) for layer, n in present]
    terms = [f"{b / 2**20:,.2f} MiB × {n} {_kind_name(layer)} layer{'s' if n != 1 else ''}"
             for layer, n, b in kept_per_layer if b] or ["0 B"]
    factors = f" × {_percent(1 - fp8)} not in FP8" if fp8 else ""
    factors += f" × {_percent(kept)} left on the GPU by the offload fractions" if kept < 1 else ""
    layers_sum = f"({' + '.join(terms)})" if len(terms) > 1 else terms[0]
    apart = " (the MoE layers' own items apart)" if own else ""
    formula = (f"{layers_sum} × {held:g} in flight [{held_formula}]{factors} = {format_bytes(round(plain * kept))}, "
               f"the tensors kept on the GPU{apart}; one {kind} layer, the rank's heaviest, saves at the "
               f"activation precision {layer_text}{_block_note(s, layout, counts, kinds)}"
               + (f"; the MoE layers' {', '.join(own)} are items of their own" if own else ""))
    source = SRC_ACT + ("; " + SRC_FLASH if act.flash_attention else "") + "; " + SRC_SCHED[s.schedule.kind]
    if act.policy in SRC_POLICY:
        source += "; " + SRC_POLICY[act.policy]
    if act.recompute == "full" or act.recompute_layers:
        source += "; " + SRC_CHECKPOINT

    def policy_rows(backend: str, own_items: bool = False) -> str:
        rows = sorted({row.key for layer, _ in present for row in layer.rows if row.backend == backend
                       and (own_items or not (layer.moe and row.key in TENSOR_ITEMS))})
        return f"the policy's {backend} tensors ({_keys(rows)})" if rows else ""

    items = [LedgerItem("activations", "activations", QT_TRANSLATE_NOOP("ledger", "Activations"),
                        round(plain * kept), "gpu", formula, source)]
    items += _tensor_items(s, present, held, fp8, kept)
    def summed(terms: list[str]) -> str:
        terms = [term for term in terms if term]
        return f"({' + '.join(terms)})" if len(terms) > 1 else terms[0]

    # each item's numbers per micro-batch over all of the rank's layers, then × the sets in flight
    if fp8 or fp8_rows:
        parts = [f"{fp8:.0%} of the kept tensors" if fp8 else "", policy_rows("fp8")]
        value = round(compressed * kept + fp8_rows * held)
        shares = f" × {_percent(fp8)}" + (f" × {_percent(kept)} left on the GPU" if kept < 1 else "")
        numbers = summed([f"{keep_fp8 / 2**20:,.2f} MiB of kept tensors in FP8{shares}" if fp8 else "",
                          f"{fp8_rows / 2**20:,.2f} MiB of FP8 tensors" if fp8_rows else ""])
        items.append(LedgerItem("activations_fp8", "activations",
                                QT_TRANSLATE_NOOP("ledger", "Activations stored in FP8"), value, "gpu",
                                f"{numbers} × {held:g} in flight = {format_bytes(value)}: "
                                f"{' + '.join(p for p in parts if p)} as FP8-E4M3 + FP32 scale per 1×128 tile "
                                f"(1 + 4/128 B per element), per micro-batch over the rank's layers", SRC_K2))

    def offloaded(fraction: float, share: float, rows: float) -> str:
        return summed([f"{_percent(fraction)} × {stored / 2**20:,.1f} MiB of stored activations" if share else "",
                       f"{rows / 2**20:,.2f} MiB per micro-batch × {held:g} in flight" if rows else ""])

    if cpu or cpu_rows:
        parts = [f"{act.cpu_offload_fraction:.0%} of stored activations" if cpu else "", policy_rows("cpu", True)]
        value = round(cpu + cpu_rows * held)
        items.append(LedgerItem("activations_cpu", "activations",
                                QT_TRANSLATE_NOOP("ledger", "Activations offloaded to CPU"), value, "cpu",
                                f"{offloaded(act.cpu_offload_fraction, cpu, cpu_rows)} = {format_bytes(value)}: "
                                f"{' + '.join(p for p in parts if p)}", SRC_K2))
    if remote or remote_rows:
        parts = [f"{act.remote_offload_fraction:.0%} of stored activations" if remote else "",
                 policy_rows("remote", True)]
        value = round(remote + remote_rows * held)
        items.append(LedgerItem("activations_remote", "activations",
                                QT_TRANSLATE_NOOP("ledger", "Activations on a remote GPU"), value, "remote",
                                f"{offloaded(act.remote_offload_fraction, remote, remote_rows)} = "
                                f"{format_bytes(value)}: {' + '.join(p for p in parts if p)}, parked on another "
                                f"pipeline rank", SRC_K3))
    items += _first_and_last_stage_items(s, layout, held, element)
    if logits_held:
        mtp = f" × {heads} output heads (main + {heads - 1} MTP)" if heads > 1 else ""
        tokens = m.seq_len / s.parallel.cp * m.micro_batch
        numbers = (f"4 B × {tokens:,.0f} × {math.ceil(padded_vocab(s) / s.parallel.tp):,}"
                   + (f" × {heads}" if heads > 1 else "")
                   + (f" × {logits_held / logits:g} in flight" if logits_held != logits else ""))
        items.append(LedgerItem("logits", "activations", QT_TRANSLATE_NOOP("ledger", "Output logits (FP32)"),
                                round(logits_held), "gpu",
                                f"4 B × s·b·V/t for the cross-entropy (last stage){mtp} = {numbers} = "
                                f"{format_bytes(round(logits_held))}",
                                SRC_ACT + ("; " + SRC_MTP if heads > 1 else "")))
    working, working_formula = recompute_working_set(s, layout, kinds)
    if working:
        items.append(LedgerItem("recompute_working_set", "activations",
                                QT_TRANSLATE_NOOP("ledger", "Recompute working set"), round(working), "gpu",
                                working_formula, SRC_CHECKPOINT + "; Korthikanti et al. (MLSys'23) §5"))
    return items, round(per_layer), held, held_formula
