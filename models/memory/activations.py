"""Saved activations: the tensors a layer keeps for backward, and how many micro-batches of them
a pipeline rank holds at its schedule's peak.

Per layer: Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models",
MLSys'23, §4 (Table 2), tensor by tensor with each tensor's backend from the activation policy
(models/memory/policy.py); `layer_formula` lists a layer's own tensors and their sum, in Table 2's
form only where the layer is exactly their GPT case. In flight: the exact peak of the generated
schedule (tslab.models.pipeline) for schedules of up to SIMULATED_OPS ops on up to SIMULATED_RANKS
ranks, else the closed forms of `in_flight_estimate` (equal to the simulated peak for every kind:
tests/test_memory.py), which are also the fallback where the schedule cannot be generated.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from ..declared import reads
from ..pipeline.kinds import ScheduleError, chunks_per_rank, op_count
from ..pipeline.simulation import generated_peaks
from ..scenario import BYTES_PER_ELEMENT, Scenario
from .params import head_dim, is_moe_layer
from .partition import LAYOUT_READS, RankLayout, pipeline_layout
from .policy import FP8_SCALE_OVERHEAD, ActivationPolicy, LayerPolicy, activation_policy, base_recompute, is_recomputed

__all__ = ["FP8_SCALE_OVERHEAD", "LayerBytes", "SIMULATED_OPS", "SIMULATED_RANKS", "Term", "activation_formula",
           "in_flight", "in_flight_estimate", "korthikanti_form", "layer_activation_terms", "layer_bytes",
           "layer_formula", "layer_kinds", "terms_bytes"]

# What the ledger passes to `activation_items`: every kind of layer's saved tensors and backends.
LayerBytes = ActivationPolicy


# The ledger runs on every edit (in the GUI, on its thread): it generates the schedule only when
# that costs a few milliseconds, ~1 µs per op plus ~30 µs per rank (measured), else it uses the
# closed forms, which give the same peak.
SIMULATED_OPS = 1 << 14
SIMULATED_RANKS = 512


@functools.lru_cache(maxsize=256)
def _schedule_peaks(kind: str, p: int, m: int, v: int) -> tuple[int, ...]:
    return generated_peaks(kind, p, m, v)


def in_flight(s: Scenario, rank: int) -> tuple[float, str]:
    """Activation sets held at the peak, in units of all of the rank's layers for one micro-batch.

    The exact peak of the generated schedule (models.pipeline) in "one stage/chunk for one
    micro-batch" sets, converted: a rank holds v interleaved chunks (each 1/v of its layers), two
    V-shape chunks, or two DualPipe stages (one per model copy), so the count is divided by that.
    Schedules of more than SIMULATED_OPS ops or SIMULATED_RANKS ranks are not generated: their
    peak is `in_flight_estimate`, the same number."""
    p, m, kind = s.parallel.pp, s.schedule.microbatches, s.schedule.kind
    v = chunks_per_rank(kind, s.parallel.vpp)
    ops = op_count(kind, p, m, v)
    if ops > SIMULATED_OPS or p > SIMULATED_RANKS:
        held, formula = in_flight_estimate(s, rank)
        return held, (f"{formula} (closed form, the {kind} schedule's peak; the ledger simulates schedules of up "
                      f"to {SIMULATED_OPS:,} ops on {SIMULATED_RANKS:,} ranks, this one has {ops:,} ops on {p:,})")
    try:
        peaks = _schedule_peaks(kind, p, m, v)
    except ScheduleError as exc:
        held, formula = in_flight_estimate(s, rank)
        return held, f"{formula} (closed-form fallback: {exc})"
    per_rank = 2 if kind == "dualpipe" and p > 1 else v
    peak = peaks[rank] if rank < len(peaks) else max(peaks)
    if kind == "dualpipe" and p == 1:
        per_rank = 1
    unit = {1: "", 2: " / 2 (two stages per rank)"}.get(per_rank, f" / {per_rank} (v chunks per rank)")
    return peak / per_rank, (f"{peak} activation set{'s' if peak != 1 else ''} (stage × micro-batch) at the {kind} "
                             f"schedule's peak on rank {rank}{unit}")


def in_flight_estimate(s: Scenario, rank: int) -> tuple[float, str]:
    """Closed forms of `in_flight` (used for schedules too large to generate on every edit, and
    when the schedule cannot be generated), in the same unit: all of the rank's layers for one
    micro-batch. Where the schedule can be generated,
    each equals its peak on every rank (tests/test_memory.py checks this property), the min(m, …)
    and min(2m, …) terms being the short pipelines whose m micro-batches never fill the warm-up.

    - GPipe: all m forwards before the first backward (Huang et al. 2019).
    - 1F1B (and interleaved with v = 1): min(m, p − r) (Narayanan et al. 2021, §2.2).
    - Interleaved, v chunks: the warm-up of (v − 1)n + 2(p − r − 1) chunk forwards, one more in the
      steady state, at most all m·v; divided by v (Korthikanti et al. §4.2.3). n = m / max(1, ⌊m/p⌋)
      is the micro-batches per round of PyTorch's ScheduleInterleaved1F1B: p when p divides m (as
      Megatron-LM), all m when m < p.
    - ZB-H1: p on every rank — rank r defers its first r weight passes, whose activations stay until
      W, so each rank holds as many as 1F1B's first (Qi et al., Zero Bubble Pipeline Parallelism,
      §2.1, Figure 3 top).
    - ZB-H2: min(m, 2p − 1) on every rank, the paper's 2p − 1 (Qi et al. §2.2, Figure 3 bottom).
      Rank r warms up with 2(p − r) − 1 forwards and then defers 2r weight passes to the tail (each
      holds its activations until its W), so every rank peaks at 2p − 1 once m ≥ 2p − 1.
    - ZBV: 2p chunk sets at the V's turn (Qi et al., Pipeline Parallelism with Controllable Memory,
      2024: the same activation memory as 1F1B); rank r runs all m chunk-0 forwards and r + 1
      chunk-1 forwards before its first backward when m is small, and never holds more than 2m.
    - DualPipe: PP + 1 stage sets over the rank's two stages (DeepSeek-V3 report, Table 2).
    - DualPipeV: 2p + 1 chunk sets over the rank's two chunks (DeepSeek's DualPipeV.step: steps 1
      and 2 issue 2(p − r − 1) + 2(r + 1) = 2p forwards, step 4's first overlapped pair one more
      before its backward frees one), never more than 2m."""
    p, m, kind, r = s.parallel.pp, s.schedule.microbatches, s.schedule.kind, rank
    v = chunks_per_rank(kind, s.parallel.vpp)
    if kind == "gpipe":
        return float(m), "m"
    if kind == "1f1b" or kind == "interleaved-1f1b" and v == 1:
        return float(min(m, p - r)), "min(m, p − r)"
    if kind == "interleaved-1f1b":
        per_round = m // max(1, m // p)
        chunk_sets = min(m * v, (v - 1) * per_round + 2 * (p - r - 1) + 1)
        return chunk_sets / v, "min(mv, (v−1)n + 2(p−r−1) + 1) / v, n = m / max(1, ⌊m/p⌋) per round"
    if kind == "zb-h1":
        return float(min(m, p)), "min(m, p)"
    if kind == "zb-h2":
        return float(min(m, 2 * p - 1)), "min(m, 2p − 1)"
    if kind == "zbv":
        return min(2 * m, m + r + 1, 2 * p) / 2, "min(2m, m + r + 1, 2p) / 2 (two chunks per rank)"
    if kind == "dualpipe":
        if p == 1:  # one rank keeps one copy (see pipeline_layout): a single stage
            return 1.0, "1"
        return min(m, p + 1) / 2, "min(m, p + 1) / 2 (two stages per rank)"
    return min(2 * m, 2 * p + 1) / 2, "min(2m, 2p + 1) / 2 (two chunks per rank)"


@dataclass(frozen=True)
class Term:
    """One saved tensor of a layer: elements in activation precision plus 1-byte masks."""
    name: str
    elements: float = 0.0
    mask_bytes: float = 0.0
    fixed_bytes: float = 0.0  # bytes independent of the activation precision (e.g. FP32 stats)
    key: str = ""             # the tensor's key in models/memory/policy.py
    backend: str = "keep"     # where the policy stores it: keep, fp8, cpu or remote


def layer_activation_terms(s: Scenario, moe: bool) -> list[Term]:
    """Tensors one layer saves for backward, per micro-batch, on one GPU (Korthikanti §4,
    generalised to GQA, MLA, SwiGLU, no dropout, CP and MoE; with dropout, GeLU, ffn = 4h and
    kv_heads = heads this is exactly Table 2): the layers that follow `activation.recompute`
    (a fully recomputed layer when recompute = full without recompute_layers), every tensor the
    policy does not recompute, on whichever tier it is stored."""
    layer = activation_policy(s).follows_recompute
    chosen = next((kind for kind in layer if kind.moe == moe), layer[0])
    return [Term(row.name, row.elements, row.mask_bytes, row.fixed_bytes, row.key, row.backend)
            for row in chosen.rows if row.backend != "recompute"]


def terms_bytes(terms: list[Term], element_bytes: float) -> float:
    return sum(term.elements * element_bytes + term.mask_bytes + term.fixed_bytes for term in terms)


def korthikanti_form(s: Scenario, layer: LayerPolicy) -> str | None:
    """Korthikanti et al. Table 2's per-layer form, when this layer is exactly their GPT case: a
    dense MHA layer with head dimension h/a, a GeLU MLP of width 4h, dropout, no FlashAttention,
    16-bit activations, no CP, and the tensors stored as `recompute` alone decides (no ladder step
    or override changed one); else None."""
    m, p, act = s.model, s.parallel, s.activation
    gpt = (not layer.moe and m.attention == "mha" and m.kv_heads == m.heads and head_dim(s) * m.heads == m.hidden
           and m.mlp == "gelu" and m.ffn_hidden == 4 * m.hidden and m.dropout and not act.flash_attention
           and BYTES_PER_ELEMENT[s.precision.activations] == 2 and p.cp == 1
           and all(row.decided_by == "base" for row in layer.rows))
    if not gpt:
        return None
    mode = base_recompute(s, layer.recomputed)
    if mode == "full":
        return "2sbh" if layer.row("layer_input") and round(layer.saved_bytes) == round(
            2 * m.seq_len * m.micro_batch * m.hidden) else None
    scores = "" if mode == "selective" else " + 5as/h" if p.tp == 1 else " + 5as/(ht)"
    if p.tp == 1:
        return f"sbh(34{scores})" if scores else "34sbh"
    if p.sp:
        return f"sbh(34/t{scores})" if scores else "34sbh/t"
    return f"sbh(10 + 24/t{scores})"


def layer_formula(s: Scenario, layer: LayerPolicy) -> str:
    """The layer's saved tensors, each as its bytes (s = sequence per CP rank), and their sum;
    recomputed tensors are left out, the others name their backend when it is not keep. Where the
    layer is Korthikanti's GPT case the sum is also given in Table 2's form."""
    parts = []
    for row in layer.rows:
        if row.backend == "recompute":
            continue
        where = "" if row.backend == "keep" else f", {row.backend}"
        parts.append(f"{row.formula} ({row.key}{where})")
    total = f"{layer.saved_bytes / 2**20:,.1f} MiB"
    table2 = korthikanti_form(s, layer)
    text = " + ".join(parts) or "nothing"
    text += f" = {table2} = {total} (Korthikanti et al. Table 2)" if table2 else f" = {total}"
    recomputed = [row.key for row in layer.rows if row.backend == "recompute"]
    if recomputed:
        text += f"; recomputed: {', '.join(recomputed)}"
    if s.parallel.cp > 1:
        text += f"; s = {s.model.seq_len / s.parallel.cp:g} tokens per CP rank"
    return text


def activation_formula(s: Scenario, moe: bool = False) -> str:
    """The per-layer bytes of the layers following `recompute` (dense, or MoE), as text: the
    model's own saved tensors and their sum, in Korthikanti's Table 2 form only in their GPT case."""
    layers = activation_policy(s).follows_recompute
    return layer_formula(s, next((layer for layer in layers if layer.moe == moe), layers[0]))


def layer_bytes(s: Scenario) -> LayerBytes:
    """The activation policy of every kind of layer (models/memory/policy.py): what one dense and
    one MoE layer save per micro-batch, fully recomputed or not, tensor by tensor and backend by
    backend."""
    return activation_policy(s)


@reads(*LAYOUT_READS, "model", "activation")
def rank_layer_kinds(s: Scenario) -> tuple[tuple[tuple[tuple[bool, bool], int], ...], ...]:
    """`layer_kinds` of every pipeline rank of the scenario's layout, as (kind, count) pairs."""
    return tuple(tuple(_layer_kinds(s, layout).items()) for layout in pipeline_layout(s))


def layer_kinds(s: Scenario, layout: RankLayout) -> dict[tuple[bool, bool], int]:
    """How many of the rank's layers are of each kind (moe, fully recomputed); see _layer_kinds."""
    layouts = pipeline_layout(s)
    if layout.rank < len(layouts) and layouts[layout.rank] == layout:
        return dict(rank_layer_kinds(s)[layout.rank])
    return _layer_kinds(s, layout)


def _layer_kinds(s: Scenario, layout: RankLayout) -> dict[tuple[bool, bool], int]:
    """How many of the rank's layers are of each kind (moe, fully recomputed): the first
    `recompute_layers` layers of each of its pipeline chunks are fully recomputed (Megatron-LM
    --recompute-method block counts them per pipeline stage or virtual stage), or all of them
    with recompute = full and recompute_layers = 0. What a rank's activation bytes depend on."""
    counts: dict[tuple[bool, bool], int] = {}
    for chunk in layout.layers:
        for index, layer in enumerate(chunk):
            kind = (is_moe_layer(s, layer), is_recomputed(s, index))
            counts[kind] = counts.get(kind, 0) + 1
    return counts
