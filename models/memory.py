"""Per-GPU memory ledger of the most-loaded rank: model states, activations, buffers, tiers.

Sources (seed 002 §1–§2, §8–§9):
- Model states and ZeRO 0–3: Rajbhandari et al., "ZeRO", SC'20, §3.1 and §5 (Ψ = 7.5B, K = 12,
  N_d = 64 → 120 / 31.4 / 16.6 / 1.9 GB).
- Activations per layer: Korthikanti et al., "Reducing Activation Recomputation in Large
  Transformer Models", MLSys'23, §4 (Table 2): sbh(34 + 5as/h) without parallelism,
  sbh(10 + 24/t + 5as/(ht)) with TP, sbh(34/t + 5as/(ht)) with TP+SP, 34·sbh/t with selective
  recompute; 2sbh per layer with full recompute.
- In-flight micro-batches: GPipe m (Huang et al. 2019); 1F1B min(m, p − r) (Narayanan et al. 2021);
  interleaved ×(1 + (p−1)/(pv)) on rank 0 (Korthikanti §4.2.3); ZB-H2 2p−1 (Qi et al. 2024);
  DualPipe 2× parameters and p+1 activations (DeepSeek-V3 report, Table 2).
- Tiers: ZeRO-Offload / ZeRO-Infinity (optimizer and parameters on CPU / NVMe), Kimi K2 §2.4
  (FP8 activation storage, CPU offload), Kimi K3 (remote activations on other PP ranks,
  Pipeline ZeRO-2 gradient shards on CPU with a double GPU gradient buffer).

Everything here is a deterministic teaching model of byte counts, not a measurement.
"""
from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass, field
from typing import Any

from tslab.models.hardware import capacity_bytes
from tslab.models.scenario import BYTES_PER_ELEMENT, Scenario
from tslab.models.validation import QT_TRANSLATE_NOOP, pipeline_chunks

GROUPS = ("params", "grads", "master", "optimizer", "activations", "buffers")
TIERS = ("gpu", "cpu", "remote", "nvme")
OPTIMIZER_STATES = {"adam": 2, "muon": 1, "sgd": 1}  # Adam m and v; Muon and SGD one momentum
FP8_SCALE_OVERHEAD = 4 / 128  # one FP32 scale per 1×128 tile (Kimi K2 §2.4.3)
DDP_BUCKET_MIN = 40_000_000  # Megatron-LM DDP bucket: max(40M, 1M·dp) elements

SRC_ZERO = "Rajbhandari et al., ZeRO (SC'20) §3.1, §5"
SRC_ACT = "Korthikanti et al., Reducing Activation Recomputation (MLSys'23) §4, Table 2"
SRC_FLASH = "Dao et al., FlashAttention (NeurIPS'22) §3"
SRC_OFFLOAD = "Ren et al., ZeRO-Offload (ATC'21); Rajbhandari et al., ZeRO-Infinity (SC'21)"
SRC_K2 = "Kimi K2 technical report §2.4.3"
SRC_K3 = "Kimi K3 technical report (unified activation manager, Pipeline ZeRO-2)"
SRC_SCHED = {
    "gpipe": "Huang et al., GPipe (NeurIPS'19)",
    "1f1b": "Narayanan et al., PipeDream-Flush / Megatron-LM (SC'21) §2.2",
    "interleaved-1f1b": "Narayanan et al. (SC'21) §2.2.2; Korthikanti et al. §4.2.3",
    "zb-h1": "Qi et al., Zero Bubble Pipeline Parallelism (ICLR'24) §3",
    "zb-h2": "Qi et al., Zero Bubble Pipeline Parallelism (ICLR'24) §3",
    "zbv": "Qi et al., Pipeline Parallelism with Controllable Memory (2024)",
    "dualpipe": "DeepSeek-V3 technical report §3.2.1, Table 2",
    "dualpipev": "DeepSeek-V3 technical report §3.2.1, Table 2; DualPipeV (cut-in-half)",
}


# ---------------------------------------------------------------------------------------------
# Parameter counts

@dataclass(frozen=True)
class LayerParams:
    """Parameters of one layer, split by how they are sharded."""
    attention: int  # sharded by TP
    mlp: int        # dense MLP or shared experts, sharded by TP
    experts: int    # routed experts, sharded by EP and ETP
    replicated: int  # norms and router, on every TP rank

    @property
    def total(self) -> int:
        return self.attention + self.mlp + self.experts + self.replicated


def head_dim(s: Scenario) -> int:
    return s.model.head_dim or s.model.hidden // s.model.heads


def mlp_params(hidden: int, ffn: int, mlp: str) -> int:
    """GeLU MLP: h→f→h (2hf); SwiGLU: gate and up h→f, down f→h (3hf). No biases."""
    return (3 if mlp == "swiglu" else 2) * hidden * ffn


def attention_params(s: Scenario) -> int:
    """Q, K, V and output projections; MLA: DeepSeek-V2 §2.1 low-rank Q and joint KV compression."""
    m, d = s.model, head_dim(s)
    h, a = m.hidden, m.heads
    if m.attention == "mla":
        dq = d + m.qk_rope_head_dim
        dv = m.v_head_dim or d
        q = h * a * dq if m.q_lora_rank == 0 else h * m.q_lora_rank + m.q_lora_rank + m.q_lora_rank * a * dq
        kv = h * (m.kv_lora_rank + m.qk_rope_head_dim) + m.kv_lora_rank + m.kv_lora_rank * a * (d + dv)
        return q + kv + a * dv * h
    return h * a * d + 2 * h * m.kv_heads * d + a * d * h


def layer_params(s: Scenario, moe: bool) -> LayerParams:
    m = s.model
    norms = 2 * m.hidden
    if not moe:
        return LayerParams(attention_params(s), mlp_params(m.hidden, m.ffn_hidden, m.mlp), 0, norms)
    expert = mlp_params(m.hidden, m.expert_ffn_hidden, m.mlp)
    return LayerParams(attention_params(s), m.shared_experts * expert, m.experts * expert,
                       norms + m.hidden * m.experts)


def is_moe_layer(s: Scenario, layer: int) -> bool:
    return s.model.experts > 0 and layer >= s.model.first_dense_layers


def embedding_params(s: Scenario) -> int:
    return s.model.vocab * s.model.hidden


def total_params(s: Scenario) -> tuple[int, int]:
    """(total, activated per token) parameters; `model.params` > 0 replaces the shape count."""
    m = s.model
    if m.params:
        return m.params, m.params
    heads = embedding_params(s) * (1 if m.tied_embeddings else 2) + m.hidden
    total = activated = heads
    for layer in range(m.layers):
        lp = layer_params(s, is_moe_layer(s, layer))
        total += lp.total
        activated += lp.total - lp.experts + (lp.experts // m.experts * m.top_k if m.experts and lp.experts else 0)
    return total, activated


# ---------------------------------------------------------------------------------------------
# Pipeline layout

@dataclass(frozen=True)
class RankLayout:
    """What pipeline rank `rank` holds: global stage ids and their layer ranges."""
    rank: int
    stages: tuple[int, ...]
    layers: tuple[range, ...]
    first: bool  # holds the input embedding
    last: bool   # holds the LM head and the loss
    copies: int  # model copies (DualPipe keeps two)

    @property
    def layer_count(self) -> int:
        return sum(len(r) for r in self.layers)


def stage_layers(layers: int, stages: int) -> list[range]:
    """Split layers over stages as evenly as possible; the remainder goes to the stages after the
    first, which already carries the embedding and the most in-flight micro-batches."""
    base, extra = divmod(layers, stages)
    sizes = [base] * stages
    for i in range(extra):
        sizes[(1 + i) % stages] += 1
    starts = [0, *itertools.accumulate(sizes)]
    return [range(start, start + size) for start, size in zip(starts, sizes)]


def pipeline_layout(s: Scenario) -> list[RankLayout]:
    """Stage placement per DESIGN.md: interleaved stage k on rank k % p; V-shape stage k on rank k
    if k < p else 2p−1−k; DualPipe rank r also holds stage p−1−r of the second model copy."""
    p, kind = s.parallel.pp, s.schedule.kind
    chunks = pipeline_chunks(s)
    count = p * chunks
    ranges = stage_layers(s.model.layers, count)
    if kind in ("zbv", "dualpipev"):
        owner = [k if k < p else 2 * p - 1 - k for k in range(count)]
    else:
        owner = [k % p for k in range(count)]
    by_rank: dict[int, list[int]] = {rank: [] for rank in range(p)}
    for k, rank in enumerate(owner):
        by_rank[rank].append(k)
    layouts = []
    for rank in range(p):
        stages = tuple(by_rank[rank])
        layers = tuple(ranges[k] for k in stages)
        first, last = owner[0] == rank, owner[-1] == rank
        copies = 1
        if kind == "dualpipe" and p > 1:
            mirror = p - 1 - rank  # second copy: the mirror stage, with its embedding or head
            stages += (p + rank,)
            layers += (ranges[mirror],)
            first, last, copies = first or mirror == 0, last or mirror == p - 1, 2
        layouts.append(RankLayout(rank, stages, layers, first, last, copies))
    return layouts


@functools.lru_cache(maxsize=256)
def _schedule_peaks(kind: str, p: int, m: int, v: int) -> tuple[int, ...]:
    from tslab.models.pipeline import generate, peak_from_orders
    return peak_from_orders(generate(kind, p, m, v))


def in_flight(s: Scenario, rank: int) -> tuple[float, str]:
    """Activation sets held at the peak, in units of all of the rank's layers for one micro-batch.

    The exact peak of the generated schedule (models.pipeline) in "one stage/chunk for one
    micro-batch" sets, converted: a rank holds v interleaved chunks (each 1/v of its layers), two
    V-shape chunks, or two DualPipe stages (one per model copy), so the count is divided by that."""
    from tslab.models.pipeline import ScheduleError
    p, m, kind = s.parallel.pp, s.schedule.microbatches, s.schedule.kind
    v = pipeline_chunks(s)
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
    """Closed-form estimates of the peak (the fallback when the schedule cannot be generated)."""
    p, m, kind = s.parallel.pp, s.schedule.microbatches, s.schedule.kind
    if p == 1:
        return (float(m) if kind == "gpipe" else 1.0), ("m" if kind == "gpipe" else "1")
    if kind == "gpipe":
        return float(m), "m"
    if kind in ("1f1b", "zb-h1"):
        return float(min(m, p - rank)), "min(m, p − r)"
    if kind == "zb-h2":
        return float(min(m, 2 * (p - rank) - 1)), "min(m, 2(p − r) − 1)"
    if kind == "interleaved-1f1b":
        v = pipeline_chunks(s)
        chunk_sets = min(m * v, (v - 1) * p + 2 * (p - rank - 1) + 1)
        return chunk_sets / v, "min(mv, (v−1)p + 2(p−r−1) + 1) / v"
    if kind in ("dualpipe",):
        return min(m, p + 1) / 2, "min(m, p + 1) / 2 (two stages per rank)"
    return float(min(m, p + (1 if kind == "dualpipev" else 0))), \
        "min(m, p + 1)" if kind == "dualpipev" else "min(m, p)"


# ---------------------------------------------------------------------------------------------
# Activations per layer

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
        return [Term(f"{label} GeLU input", tokens * ffn / shard), Term(f"{label} down-proj input", tokens * ffn / shard)]

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


# ---------------------------------------------------------------------------------------------
# The ledger

@dataclass(frozen=True)
class LedgerItem:
    key: str       # stable id, e.g. "activations_cpu"
    group: str     # one of GROUPS (the JSON per_gpu_bytes item)
    name: str      # English display name; the GUI translates it (context "ledger")
    bytes: int
    tier: str      # one of TIERS
    formula: str
    source: str


@dataclass(frozen=True)
class MemoryLedger:
    scenario: Scenario
    rank: int                  # pipeline rank of the most-loaded GPU
    items: tuple[LedgerItem, ...]
    capacity_bytes: int
    params_total: int
    params_activated: int
    params_per_gpu: int
    per_layer_bytes: int
    layers_on_rank: int
    in_flight: float
    in_flight_formula: str
    zero_bytes: dict[int, int]
    zero_groups: dict[int, dict[str, int]]  # ZeRO stage → {params, grads, master, optimizer}
    rank_gpu_bytes: tuple[int, ...] = field(default=())  # GPU tier of every pipeline rank

    def group_bytes(self, group: str) -> int:
        return sum(item.bytes for item in self.items if item.group == group)

    def tier_bytes(self, tier: str) -> int:
        return sum(item.bytes for item in self.items if item.tier == tier)

    @property
    def total(self) -> int:
        return sum(item.bytes for item in self.items)

    @property
    def gpu_bytes(self) -> int:
        return self.tier_bytes("gpu")

    @property
    def first_oom(self) -> tuple[LedgerItem, str] | None:
        """The first item, adding GPU-tier items in ledger order, whose bytes cross capacity."""
        used = 0
        for item in self.items:
            if item.tier != "gpu" or not item.bytes:
                continue
            if used + item.bytes > self.capacity_bytes:
                return item, oom_message(item, used, self.capacity_bytes, self.gpu_bytes)
            used += item.bytes
        return None

    def to_json(self) -> dict[str, Any]:
        oom = self.first_oom
        return {
            "params": {"total": self.params_total, "activated": self.params_activated,
                       "per_gpu": self.params_per_gpu},
            "per_gpu_bytes": {**{group: self.group_bytes(group) for group in GROUPS}, "total": self.total},
            "tiers": {tier: self.tier_bytes(tier) for tier in TIERS},
            "capacity_bytes": self.capacity_bytes,
            "first_oom": None if oom is None else {"item": oom[0].key, "name": oom[0].name, "message": oom[1]},
            "activations": {"per_layer_bytes": self.per_layer_bytes, "layers_on_rank": self.layers_on_rank,
                            "in_flight_microbatches": math.ceil(self.in_flight - 1e-9),
                            "in_flight_equivalent": self.in_flight,
                            "in_flight_formula": self.in_flight_formula},
            "zero": {str(stage): value for stage, value in self.zero_bytes.items()},
            "pipeline_rank": self.rank,
            "rank_gpu_bytes": list(self.rank_gpu_bytes),
            "items": [{"item": item.key, "group": item.group, "name": item.name, "bytes": item.bytes,
                       "tier": item.tier, "formula": item.formula, "source": item.source}
                      for item in self.items],
        }


OOM_TEMPLATE = QT_TRANSLATE_NOOP("ledger", "{name} pushes the GPU past its capacity: {before} already used + {item} = "
                  "{after} > {capacity} (GPU tier in all: {total}).")


def oom_message(item: LedgerItem, used: int, capacity: int, total: int) -> str:
    return OOM_TEMPLATE.format(name=item.name, before=gib(used), item=gib(item.bytes),
                               after=gib(used + item.bytes), capacity=gib(capacity), total=gib(total))


def gib(n: float) -> str:
    return f"{n / 2**30:.2f} GiB"


def _bytes_name(precision: str) -> str:
    return f"{BYTES_PER_ELEMENT[precision]} B ({precision})"


@dataclass(frozen=True)
class _RankStates:
    dense: int   # non-expert parameters on the rank (sharded over dp·cp by ZeRO)
    expert: int  # routed-expert parameters on the rank (sharded over edp by ZeRO)
    largest_layer: int


def _rank_params(s: Scenario, layout: RankLayout) -> _RankStates:
    """Parameters one GPU of this pipeline rank holds: TP shards attention and MLP, EP and ETP the
    experts; embedding on the first stage and LM head on the last (vocabulary-parallel over TP)."""
    m, p = s.model, s.parallel
    if m.params:
        share = math.ceil(m.params / (p.pp * p.tp))
        return _RankStates(share * layout.copies, 0, math.ceil(share / max(layout.layer_count, 1)))
    dense = expert = largest = 0
    kinds = {moe: layer_params(s, moe) for moe in (False, True)}
    for layers in layout.layers:
        for layer in layers:
            lp = kinds[is_moe_layer(s, layer)]
            d = math.ceil((lp.attention + lp.mlp) / p.tp) + lp.replicated
            e = math.ceil(lp.experts / (p.ep * p.etp))
            dense, expert, largest = dense + d, expert + e, max(largest, d + e)
    vocab = math.ceil(m.vocab / p.tp) * m.hidden
    if layout.first:
        dense += vocab
    if layout.last:
        dense += m.hidden + (0 if (m.tied_embeddings and layout.first) else vocab)
    return _RankStates(dense, expert, largest)


def rank_parameters(s: Scenario, layout: RankLayout) -> tuple[int, int]:
    """(dense, expert) parameters one GPU of this pipeline rank holds — the ledger's Ψ_rank, split
    into what ZeRO shards over dp·cp (dense) and over the expert-data-parallel group (experts)."""
    st = _rank_params(s, layout)
    return st.dense, st.expert


def _states(s: Scenario, st: _RankStates, zero: int) -> list[LedgerItem]:
    """Parameters, gradients, master weights and optimizer states of one GPU at ZeRO stage `zero`."""
    p, pr, off = s.parallel, s.precision, s.offload
    dp_dense = p.dp * p.cp
    edp = max(1, (p.tp * p.cp * p.dp) // (p.etp * p.ep))

    def sharded(stage_needed: int) -> tuple[int, str]:
        if zero >= stage_needed:
            return math.ceil(st.dense / dp_dense) + math.ceil(st.expert / edp), "(Ψ_dense/N_d + Ψ_expert/N_edp)"
        return st.dense + st.expert, "Ψ_rank"

    n_params, f_params = sharded(3)
    n_grads, f_grads = sharded(2)
    n_opt, f_opt = sharded(1)
    has_master = pr.master != pr.params
    states = OPTIMIZER_STATES[s.optimizer.kind]
    b = BYTES_PER_ELEMENT
    zero_note = f" — ZeRO-{zero}, N_d = {dp_dense}, N_edp = {edp}"
    return [
        LedgerItem("params", "params", QT_TRANSLATE_NOOP("ledger", "Parameters"), n_params * b[pr.params], off.params,
                   f"{f_params} × {_bytes_name(pr.params)} = {n_params:,} × {b[pr.params]}{zero_note}", SRC_ZERO),
        LedgerItem("grads", "grads", QT_TRANSLATE_NOOP("ledger", "Gradients"), n_grads * b[pr.grads], off.grads,
                   f"{f_grads} × {_bytes_name(pr.grads)} = {n_grads:,} × {b[pr.grads]}{zero_note}",
                   SRC_ZERO if off.grads == "gpu" else SRC_K3),
        LedgerItem("master", "master", QT_TRANSLATE_NOOP("ledger", "Master weights"), n_opt * b[pr.master] if has_master else 0,
                   off.optimizer,
                   (f"{f_opt} × {_bytes_name(pr.master)} = {n_opt:,} × {b[pr.master]}{zero_note}" if has_master
                    else f"none: master precision = parameter precision ({pr.params})"),
                   SRC_ZERO if off.optimizer == "gpu" else SRC_OFFLOAD),
        LedgerItem("optimizer", "optimizer", QT_TRANSLATE_NOOP("ledger", "Optimizer states"), n_opt * states * b[pr.optimizer],
                   off.optimizer,
                   f"{f_opt} × {states} state{'s' if states > 1 else ''} ({s.optimizer.kind}) × "
                   f"{_bytes_name(pr.optimizer)} = {n_opt:,} × {states * b[pr.optimizer]}{zero_note}",
                   SRC_ZERO if off.optimizer == "gpu" else SRC_OFFLOAD),
    ]


def layer_bytes(s: Scenario) -> tuple[dict[bool, float], dict[bool, float]]:
    """Bytes one dense (False) and one MoE (True) layer saves per micro-batch: as stored, and
    with every element in FP8 (1 B + a 4 B scale per 128; 1-byte masks and FP32 statistics
    stay as they are)."""
    element = BYTES_PER_ELEMENT[s.precision.activations]
    terms = {moe: layer_activation_terms(s, moe) for moe in (False, True)}
    return ({moe: terms_bytes(t, element) for moe, t in terms.items()},
            {moe: terms_bytes(t, 1 + FP8_SCALE_OVERHEAD) for moe, t in terms.items()})


def _activations(s: Scenario, layout: RankLayout, kinds: tuple[dict[bool, float], dict[bool, float]]
                 ) -> tuple[list[LedgerItem], int, float, str]:
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
    items = [LedgerItem("activations", "activations", QT_TRANSLATE_NOOP("ledger", "Activations"), round(plain * kept), "gpu",
                        formula, source)]
    if fp8:
        items.append(LedgerItem("activations_fp8", "activations", QT_TRANSLATE_NOOP("ledger", "Activations stored in FP8"),
                                round(compressed * kept), "gpu",
                                f"{fp8:.0%} of saved tensors as FP8-E4M3 + FP32 scale per 1×128 tile "
                                f"(1 + 4/128 B per element)", SRC_K2))
    if cpu:
        items.append(LedgerItem("activations_cpu", "activations", QT_TRANSLATE_NOOP("ledger", "Activations offloaded to CPU"), round(cpu),
                                "cpu", f"{act.cpu_offload_fraction:.0%} of stored activations", SRC_K2))
    if remote:
        items.append(LedgerItem("activations_remote", "activations", QT_TRANSLATE_NOOP("ledger", "Activations on a remote GPU"), round(remote),
                                "remote", f"{act.remote_offload_fraction:.0%} of stored activations, parked on "
                                          f"another pipeline rank", SRC_K3))
    if logits_held:
        items.append(LedgerItem("logits", "activations", QT_TRANSLATE_NOOP("ledger", "Output logits (FP32)"), round(logits_held), "gpu",
                                "4 B × s·b·V/t for the cross-entropy (last stage)", SRC_ACT))
    return items, round(per_layer), held, held_formula


def _buffers(s: Scenario, st: _RankStates, layout: RankLayout, gpu_before: int) -> list[LedgerItem]:
    m, p, pr = s.model, s.parallel, s.precision
    element = BYTES_PER_ELEMENT[s.precision.activations]
    tokens = m.seq_len / p.cp * m.micro_batch
    parts: list[str] = []
    total = 0.0
    if s.memory.comm_buffers:
        if p.pp > 1:
            pp_buf = 4 * tokens * m.hidden / (p.tp if p.sp else 1) * element
            total += pp_buf
            parts.append(f"PP send/recv 4·s·b·h{'/t' if p.sp else ''}")
        if p.tp > 1 and p.sp:
            total += tokens * m.hidden * element
            parts.append("SP all-gather s·b·h")
        if p.zero >= 2 and p.dp * p.cp > 1:
            total += 2 * max(DDP_BUCKET_MIN, 1_000_000 * p.dp) * BYTES_PER_ELEMENT[pr.grads]
            parts.append("2 reduce-scatter buckets of max(40M, 1M·dp) grads")
        if p.zero >= 3 and p.dp * p.cp > 1:
            total += 2 * st.largest_layer * BYTES_PER_ELEMENT[pr.params]
            parts.append("2 gathered layers (ZeRO-3 prefetch)")
        if m.experts and p.ep > 1:
            total += 2 * tokens * m.top_k * m.hidden * element
            parts.append("dispatch + combine receive 2·s·b·K·h")
    items = []
    if total:
        items.append(LedgerItem("comm_buffers", "buffers", QT_TRANSLATE_NOOP("ledger", "Communication buffers"), round(total), "gpu",
                                " + ".join(parts), "Megatron-LM DDP / MoE token dispatcher (teaching estimate)"))
    if s.offload.grads == "cpu":
        chunks = max(len(layout.stages), 1)
        double = (st.dense + st.expert) * min(2, chunks) / chunks * BYTES_PER_ELEMENT[pr.grads]
        items.append(LedgerItem("grad_buffer", "buffers", QT_TRANSLATE_NOOP("ledger", "GPU gradient double buffer"), round(double), "gpu",
                                f"min(2, chunks)/chunks × Ψ_rank × {_bytes_name(pr.grads)}", SRC_K3))
    gpu = gpu_before + sum(item.bytes for item in items)
    frag = s.memory.fragmentation
    if frag:
        items.append(LedgerItem("fragmentation", "buffers", QT_TRANSLATE_NOOP("ledger", "Allocator fragmentation"),
                                round(gpu * frag / (1 - frag)) if frag < 1 else gpu, "gpu",
                                f"{frag:.0%} of the GPU tier lost to the caching allocator (an allowance)",
                                "PyTorch CUDA caching allocator (allowance set in memory.fragmentation)"))
    return items


def _rank_ledger(s: Scenario, layout: RankLayout, kinds) -> tuple[list[LedgerItem], _RankStates, int, float, str]:
    st = _rank_params(s, layout)
    items = _states(s, st, s.parallel.zero)
    acts, per_layer, held, held_formula = _activations(s, layout, kinds)
    items += acts
    gpu = sum(item.bytes for item in items if item.tier == "gpu")
    items += _buffers(s, st, layout, gpu)
    return items, st, per_layer, held, held_formula


def memory_ledger(s: Scenario) -> MemoryLedger:
    """The byte ledger of the most-loaded GPU (the pipeline rank with the most GPU-tier bytes)."""
    layouts = pipeline_layout(s)
    kinds = layer_bytes(s)
    ledgers = [_rank_ledger(s, layout, kinds) for layout in layouts]
    gpu_totals = [sum(item.bytes for item in items if item.tier == "gpu") for items, *_ in ledgers]
    rank = max(range(len(layouts)), key=lambda r: (gpu_totals[r], -r))
    items, st, per_layer, held, held_formula = ledgers[rank]
    zero_groups = {stage: {item.group: item.bytes for item in _states(s, st, stage)} for stage in range(4)}
    zero = {stage: sum(groups.values()) for stage, groups in zero_groups.items()}
    total, activated = total_params(s)
    return MemoryLedger(
        scenario=s, rank=rank, items=tuple(items), capacity_bytes=capacity_bytes(s.cluster.gpu, s.cluster.hbm_gib),
        params_total=total, params_activated=activated, params_per_gpu=st.dense + st.expert,
        per_layer_bytes=per_layer, layers_on_rank=layouts[rank].layer_count, in_flight=held,
        in_flight_formula=held_formula, zero_bytes=zero, zero_groups=zero_groups, rank_gpu_bytes=tuple(gpu_totals))


def zero_table(s: Scenario) -> dict[int, int]:
    """Model-state bytes per GPU at ZeRO 0–3 (ZeRO §5: 16Ψ, 4Ψ + 12Ψ/N_d, 2Ψ + 14Ψ/N_d, 16Ψ/N_d)."""
    return memory_ledger(s).zero_bytes
