"""The saved activations one GPU of a pipeline rank holds at its schedule's peak, as ledger items:
kept on the GPU, stored in FP8, offloaded to the CPU or parked on a remote GPU, the logits, and
the working set a recomputation rematerialises during a backward.

Each tensor's backend comes from the activation policy (models/memory/policy.py); the fractions
`fp8_fraction`, `cpu_offload_fraction` and `remote_offload_fraction` apply to the tensors it
still keeps, as a share of their bytes."""
from __future__ import annotations

import math

from ..scenario import BYTES_PER_ELEMENT, Scenario
from ..validation import QT_TRANSLATE_NOOP
from .activations import LayerBytes, in_flight, layer_formula, layer_kinds
from .items import SRC_ACT, SRC_FLASH, SRC_K2, SRC_K3, SRC_SCHED, LedgerItem
from .params import padded_vocab
from .partition import RankLayout
from .policy import LayerPolicy

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


def _keys(rows: list[str]) -> str:
    return ", ".join(rows)


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
    return layer.working_set_bytes, (f"{_keys(rows)}: the tensors {what} layer rematerialises during its backward, "
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


def activation_items(s: Scenario, layout: RankLayout, kinds: LayerBytes) -> tuple[list[LedgerItem], int, float, str]:
    """Saved activations of one GPU at the schedule's peak, split into GPU / FP8 / CPU / remote,
    the logits and the recompute working set."""
    m, act = s.model, s.activation
    element = BYTES_PER_ELEMENT[s.precision.activations]
    counts = layer_kinds(s, layout)
    present: list[tuple[LayerPolicy, int]] = [(kinds.layer(moe, recomputed), n)
                                              for (moe, recomputed), n in counts.items()]

    def total(per_layer) -> float:
        return sum(per_layer(layer) * n for layer, n in present)

    keep = total(lambda layer: layer.bytes_of("keep"))
    keep_fp8 = total(lambda layer: layer.keep_fp8_bytes)
    fp8_rows, cpu_rows, remote_rows = (total(lambda layer, b=backend: layer.bytes_of(b))
                                       for backend in ("fp8", "cpu", "remote"))
    heaviest = max((layer for layer, _ in present), key=lambda layer: (layer.saved_bytes, layer.moe), default=None)
    per_layer = heaviest.saved_bytes if heaviest else 0.0
    held, held_formula = in_flight(s, layout.rank)
    heads = 1 + (m.mtp_layers if layout.last else 0)  # DeepSeek-V3 §2.2: each MTP module has its own head
    logits = 0.0
    if layout.last and act.recompute != "full":
        logits = 4 * m.seq_len / s.parallel.cp * m.micro_batch * math.ceil(padded_vocab(s) / s.parallel.tp) * heads
    fp8 = act.fp8_fraction if element > 1 else 0.0
    plain, compressed = keep * (1 - fp8) * held, keep_fp8 * fp8 * held
    stored = plain + compressed
    logits_held = logits * (1 if s.parallel.pp > 1 and s.schedule.kind != "gpipe" else held)
    cpu = stored * act.cpu_offload_fraction
    remote = stored * act.remote_offload_fraction
    kept = 1 - act.cpu_offload_fraction - act.remote_offload_fraction  # offload takes a share of both
    kind = "MoE" if heaviest and heaviest.moe else "dense"
    layer_text = layer_formula(s, heaviest) if heaviest else "no layers"
    formula = (f"{layer_text} per {kind} layer → {per_layer / 2**20:,.1f} MiB for the heaviest layer × "
               f"{layout.layer_count} layers × {held:g} in flight [{held_formula}]"
               f"{_block_note(s, layout, counts, kinds)}")
    source = SRC_ACT + ("; " + SRC_FLASH if act.flash_attention else "") + "; " + SRC_SCHED[s.schedule.kind]
    if act.policy in SRC_POLICY:
        source += "; " + SRC_POLICY[act.policy]
    if act.recompute == "full" or act.recompute_layers:
        source += "; " + SRC_CHECKPOINT

    def policy_rows(backend: str) -> str:
        rows = sorted({row.key for layer, _ in present for row in layer.rows if row.backend == backend})
        return f"the policy's {backend} tensors ({_keys(rows)})" if rows else ""

    items = [LedgerItem("activations", "activations", QT_TRANSLATE_NOOP("ledger", "Activations"),
                        round(plain * kept), "gpu", formula, source)]
    if fp8 or fp8_rows:
        parts = [f"{fp8:.0%} of the kept tensors" if fp8 else "", policy_rows("fp8")]
        items.append(LedgerItem("activations_fp8", "activations",
                                QT_TRANSLATE_NOOP("ledger", "Activations stored in FP8"),
                                round(compressed * kept + fp8_rows * held), "gpu",
                                f"{' + '.join(p for p in parts if p)} as FP8-E4M3 + FP32 scale per 1×128 tile "
                                f"(1 + 4/128 B per element) × {held:g} in flight", SRC_K2))
    if cpu or cpu_rows:
        parts = [f"{act.cpu_offload_fraction:.0%} of stored activations" if cpu else "", policy_rows("cpu")]
        items.append(LedgerItem("activations_cpu", "activations",
                                QT_TRANSLATE_NOOP("ledger", "Activations offloaded to CPU"),
                                round(cpu + cpu_rows * held), "cpu", " + ".join(p for p in parts if p), SRC_K2))
    if remote or remote_rows:
        parts = [f"{act.remote_offload_fraction:.0%} of stored activations" if remote else "",
                 policy_rows("remote")]
        items.append(LedgerItem("activations_remote", "activations",
                                QT_TRANSLATE_NOOP("ledger", "Activations on a remote GPU"),
                                round(remote + remote_rows * held), "remote",
                                f"{' + '.join(p for p in parts if p)}, parked on another pipeline rank", SRC_K3))
    if logits_held:
        mtp = f" × {heads} output heads (main + {heads - 1} MTP)" if heads > 1 else ""
        items.append(LedgerItem("logits", "activations", QT_TRANSLATE_NOOP("ledger", "Output logits (FP32)"),
                                round(logits_held), "gpu",
                                f"4 B × s·b·V/t for the cross-entropy (last stage){mtp}",
                                SRC_ACT + ("; " + SRC_MTP if heads > 1 else "")))
    working, working_formula = recompute_working_set(s, layout, kinds)
    if working:
        items.append(LedgerItem("recompute_working_set", "activations",
                                QT_TRANSLATE_NOOP("ledger", "Recompute working set"), round(working), "gpu",
                                working_formula, SRC_CHECKPOINT + "; Korthikanti et al. (MLSys'23) §5"))
    return items, round(per_layer), held, held_formula
