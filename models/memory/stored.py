"""The saved activations one GPU of a pipeline rank holds at its schedule's peak, as ledger items:
kept on the GPU, stored in FP8, offloaded to the CPU or parked on a remote GPU, and the logits."""
from __future__ import annotations

import math

from ..scenario import BYTES_PER_ELEMENT, Scenario
from ..validation import QT_TRANSLATE_NOOP
from .activations import LayerBytes, activation_formula, in_flight
from .items import SRC_ACT, SRC_FLASH, SRC_K2, SRC_K3, SRC_SCHED, LedgerItem
from .params import is_moe_layer
from .partition import RankLayout


def activation_items(s: Scenario, layout: RankLayout, kinds: LayerBytes) -> tuple[list[LedgerItem], int, float, str]:
    """Saved activations of one GPU at the schedule's peak, split into GPU / FP8 / CPU / remote."""
    m, act = s.model, s.activation
    element = BYTES_PER_ELEMENT[s.precision.activations]
    per_kind, fp8_per_kind = kinds
    layers = [layer for r in layout.layers for layer in r]
    base = sum(per_kind[is_moe_layer(s, layer)] for layer in layers)
    base_fp8 = sum(fp8_per_kind[is_moe_layer(s, layer)] for layer in layers)
    per_layer = max((per_kind[is_moe_layer(s, layer)] for layer in layers), default=0)
    held, held_formula = in_flight(s, layout.rank)
    logits = 0.0
    if layout.last and act.recompute != "full":
        logits = 4 * m.seq_len / s.parallel.cp * m.micro_batch * math.ceil(m.vocab / s.parallel.tp)
    fp8 = act.fp8_fraction if element > 1 else 0.0
    plain, compressed = base * (1 - fp8) * held, base_fp8 * fp8 * held
    stored = plain + compressed
    logits_held = logits * (1 if s.parallel.pp > 1 and s.schedule.kind != "gpipe" else held)
    cpu = stored * act.cpu_offload_fraction
    remote = stored * act.remote_offload_fraction
    kept = 1 - act.cpu_offload_fraction - act.remote_offload_fraction  # offload takes a share of both
    formula = (f"{activation_formula(s)} per layer (GPT case) → {per_layer / 2**20:,.1f} MiB for the "
               f"heaviest layer × {layout.layer_count} layers × {held:g} in flight [{held_formula}]")
    source = SRC_ACT + ("; " + SRC_FLASH if act.flash_attention else "") + "; " + SRC_SCHED[s.schedule.kind]
    items = [LedgerItem("activations", "activations", QT_TRANSLATE_NOOP("ledger", "Activations"),
                        round(plain * kept), "gpu", formula, source)]
    if fp8:
        items.append(LedgerItem("activations_fp8", "activations",
                                QT_TRANSLATE_NOOP("ledger", "Activations stored in FP8"), round(compressed * kept),
                                "gpu",
                                f"{fp8:.0%} of saved tensors as FP8-E4M3 + FP32 scale per 1×128 tile "
                                f"(1 + 4/128 B per element)", SRC_K2))
    if cpu:
        items.append(LedgerItem("activations_cpu", "activations",
                                QT_TRANSLATE_NOOP("ledger", "Activations offloaded to CPU"), round(cpu), "cpu",
                                f"{act.cpu_offload_fraction:.0%} of stored activations", SRC_K2))
    if remote:
        items.append(LedgerItem("activations_remote", "activations",
                                QT_TRANSLATE_NOOP("ledger", "Activations on a remote GPU"), round(remote), "remote",
                                f"{act.remote_offload_fraction:.0%} of stored activations, parked on "
                                f"another pipeline rank", SRC_K3))
    if logits_held:
        items.append(LedgerItem("logits", "activations", QT_TRANSLATE_NOOP("ledger", "Output logits (FP32)"),
                                round(logits_held), "gpu", "4 B × s·b·V/t for the cross-entropy (last stage)", SRC_ACT))
    return items, round(per_layer), held, held_formula
