"""Saved activations: the tensors a layer keeps for backward, and how many micro-batches of them
a pipeline rank holds at its schedule's peak.

Per layer: Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models",
MLSys'23, §4 (Table 2). In flight: the exact peak of the generated schedule (tslab.models.pipeline)
for schedules of up to SIMULATED_OPS ops on up to SIMULATED_RANKS ranks, else the closed forms of
`in_flight_estimate` (equal to the simulated peak for every kind: tests/test_memory.py), which are
also the fallback where the schedule cannot be generated.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from ..pipeline import ScheduleError, chunks_per_rank, generate, op_count, peak_from_orders
from ..scenario import BYTES_PER_ELEMENT, Scenario
from .params import head_dim

FP8_SCALE_OVERHEAD = 4 / 128  # one FP32 scale per 1×128 tile (Kimi K2 §2.4.3)
# Bytes one dense (False) and one MoE (True) layer saves per micro-batch: as stored, and in FP8.
LayerBytes = tuple[dict[bool, float], dict[bool, float]]


# The ledger runs on every edit (in the GUI, on its thread): it generates the schedule only when
# that costs a few milliseconds, ~1 µs per op plus ~30 µs per rank (measured), else it uses the
# closed forms, which give the same peak.
SIMULATED_OPS = 1 << 14
SIMULATED_RANKS = 512


@functools.lru_cache(maxsize=256)
def _schedule_peaks(kind: str, p: int, m: int, v: int) -> tuple[int, ...]:
    return peak_from_orders(generate(kind, p, m, v))


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


def layer_activation_terms(s: Scenario, moe: bool) -> list[Term]:
    """Tensors one layer saves for backward, per micro-batch, on one GPU (Korthikanti §4,
    generalised to GQA, MLA, SwiGLU, no dropout, CP and MoE; with dropout, GeLU, ffn = 4h and
    kv_heads = heads this is exactly Table 2)."""
    m, p, act = s.model, s.parallel, s.activation
    s_loc = m.seq_len / p.cp  # CP splits the sequence
    b, h, a, t = m.micro_batch, m.hidden, m.heads, p.tp
    sb = s_loc * b
    rep = t if p.sp else 1  # SP splits the TP-replicated tensors along the sequence
    d = head_dim(s)
    if m.attention == "mla":
        dq, dv, kv = d + m.qk_rope_head_dim, (m.v_head_dim or d), a
    else:
        dq, dv, kv = d, d, m.kv_heads

    if act.recompute == "full":
        return [Term("layer input", sb * h / rep)]

    # DeepSeek-V3 §3.2.3: with MLA, selective recomputation also redoes RMSNorm and the
    # up-projections, so only the compressed latents stay in memory.
    mla_recompute = m.attention == "mla" and act.recompute == "selective"
    terms = [] if mla_recompute else [
        Term("LayerNorm 1 input", sb * h / rep),
        Term("QKV input", sb * h / rep),
        Term("Q, K", sb * (a + kv) * dq / t),
        Term("V", sb * kv * dv / t),
    ]
    terms.append(Term("attention output (out-proj input)", sb * a * dv / t))
    if m.attention == "mla":
        terms.append(Term("MLA latents c_q, c_kv", sb * (m.q_lora_rank + m.kv_lora_rank + m.qk_rope_head_dim) / rep))
    if act.recompute != "selective":
        if act.flash_attention:
            terms.append(Term("softmax statistics (FP32)", fixed_bytes=4 * a * sb / t))
        else:
            scores = a * sb * m.seq_len / t  # local queries against every key
            terms.append(Term("softmax output", scores))
            if m.dropout:
                terms += [Term("attention dropout mask", mask_bytes=scores), Term("attention dropout output", scores)]
    if m.dropout:
        terms.append(Term("attention-out dropout mask", mask_bytes=sb * h / rep))
    terms += [Term("MLP input", sb * h / rep)] if mla_recompute else \
        [Term("LayerNorm 2 input", sb * h / rep), Term("MLP input", sb * h / rep)]

    def mlp_terms(ffn: float, tokens: float, shard: int, label: str) -> list[Term]:
        if m.mlp == "swiglu":
            return [Term(f"{label} SwiGLU input (gate, up)", 2 * tokens * ffn / shard),
                    Term(f"{label} down-proj input", tokens * ffn / shard)]
        return [Term(f"{label} GeLU input", tokens * ffn / shard),
                Term(f"{label} down-proj input", tokens * ffn / shard)]

    if not moe:
        terms += mlp_terms(m.ffn_hidden, sb, t, "MLP")
    else:
        routed = sb * m.top_k  # balanced routing: each EP rank processes S·K assignments
        terms.append(Term("router probabilities (FP32)", fixed_bytes=4 * sb * m.experts))
        # Router weights are applied inside the fused expert activation (Megatron-LM's weighted
        # SwiGLU), so the expert outputs need not be kept for the combine's backward.
        terms.append(Term("dispatched expert inputs", routed * h))
        terms += mlp_terms(m.expert_ffn_hidden, routed, p.etp, "experts")
        if m.shared_experts:
            terms += mlp_terms(m.expert_ffn_hidden * m.shared_experts, sb, t, "shared experts")
    if m.dropout:
        terms.append(Term("MLP dropout mask", mask_bytes=sb * h / rep))
    return terms


def terms_bytes(terms: list[Term], element_bytes: float) -> float:
    return sum(term.elements * element_bytes + term.mask_bytes + term.fixed_bytes for term in terms)


def activation_formula(s: Scenario) -> str:
    """The Korthikanti closed form this configuration reduces to (GPT case), as text."""
    p, act = s.parallel, s.activation
    scores = "" if act.recompute == "selective" or act.flash_attention else " + 5as/h" if p.tp == 1 else " + 5as/(ht)"
    if act.recompute == "full":
        return "2sbh" + ("/t" if p.sp and p.tp > 1 else "")
    if p.tp == 1:
        return f"sbh(34{scores})"
    if p.sp:
        return f"sbh(34/t{scores})"
    return f"sbh(10 + 24/t{scores})"


def layer_bytes(s: Scenario) -> LayerBytes:
    """Bytes one dense (False) and one MoE (True) layer saves per micro-batch: as stored, and
    with every element in FP8 (1 B + a 4 B scale per 128; 1-byte masks and FP32 statistics
    stay as they are)."""
    element = BYTES_PER_ELEMENT[s.precision.activations]
    terms = {moe: layer_activation_terms(s, moe) for moe in (False, True)}
    return ({moe: terms_bytes(t, element) for moe, t in terms.items()},
            {moe: terms_bytes(t, 1 + FP8_SCALE_OVERHEAD) for moe, t in terms.items()})
