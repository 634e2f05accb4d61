"""Step time: every pipeline stage's op durations from its FLOPs, HBM bytes and communication, the
schedule simulated with them, then the data-parallel tail and the optimizer step.

Composition (one optimizer step):

    step_time = pipeline makespan + exposed DP/ZeRO communication + optimizer step

- op durations per stage chunk and micro-batch: F = forward GEMMs + forward element-wise work +
  exposed TP / EP / CP communication of the forward; I = input-gradient GEMMs + backward
  element-wise work + the recomputed forward (which the input gradient waits for) + exposed
  backward communication; W = weight-gradient GEMMs; B = I + W. GEMMs follow the efficiency curve
  (models/time/efficiency.py), element-wise work streams at HBM bandwidth;
- communication per call from the mesh's traffic table (models.mesh.traffic: bytes per call and
  calls, whether the axis's groups leave a node) on the α–β link tiers (models.hardware.link_tiers;
  Hockney 1994), NVLink at `time.nvlink_efficiency` of `cluster.intra_bw_gbps` (default 0.8: the
  DeepSeek-V3 report, §3.2.2, gives 160 GB/s for the NVLink of H800 nodes whose data sheet says
  400 GB/s both ways, 200 per direction; all_reduce_perf on eight NVSwitch-connected A100s, data
  sheet 300 GB/s, reports a bus bandwidth of about 200–210 GB/s in NVIDIA/nccl-tests issues #149
  and #178 — what NCCL's protocol and its channels' SMs leave of the link), the network tier at
  its data-sheet rate: ring all-reduce 2(n − 1) rounds, all-gather / reduce-scatter n − 1, all-to-all
  n − 1 (its bytes split between NVLink and the network by the share of peers on other nodes, the
  two links running at once), send/recv one. TP's collectives are exposed unless `time.tp_overlap`
  (then hidden up to the GEMM time of the same pass); EP's all-to-alls are exposed unless
  `time.ep_overlap` (hidden up to the expert GEMMs of the pass) — and under DualPipe / DualPipeV an
  overlapped F&B pair hides one chunk's all-to-alls under the other's computation (DeepSeek-V3
  report §3.2.1, Figure 4): FB = max(F + B − their all-to-alls, their all-to-alls), the two
  computations serialised on the SMs; CP's ring step is hidden when a block's attention takes at
  least the K/V transfer (Liu et al., Ring Attention, §3), else the difference is exposed
  (backward: a K/V and a dK/dV block per step); PP's send of an activation or a gradient is the
  schedule's p2p latency (with TP, each GPU sends its 1/t of the tensor: sequence parallelism's
  shard, or Megatron-LM's scatter/gather, Narayanan et al. SC'21 §4.1, plus an NVLink all-gather);
- the schedule: models.pipeline.simulate(schedule.kind, pp, microbatches, chunks) with the slowest
  stage chunk's durations and every stage's time relative to it (`stage_imbalance`, which scales
  every op of that stage);
- DP/ZeRO: with `time.dp_overlap`, the gradient reduction (all-reduce or reduce-scatter) runs under
  the backward of the last micro-batch of each of the rank's chunks (Megatron-LM's
  --overlap-grad-reduce; ZeRO-2 reduces every micro-batch, under all of them) and the parameter
  all-gather of ZeRO-1/2 under the next step's first forward (--overlap-param-gather); ZeRO-3
  gathers and reduces under every micro-batch's forward and backward. What does not fit is
  exposed after the pipeline;
- the optimizer: memory-bound, reading and writing the rank's shard of master weights, moments,
  gradients and parameters at HBM bandwidth (offloaded to the CPU: the gradients down and the
  parameters up over PCIe).

MFU = model FLOPs / (step time × GPUs × peak) with model FLOPs the causal 6·N·tokens count
(models/time/flops.py); HFU counts the FLOPs the GPUs execute instead: the recomputed forward, the
full s×s scores without FlashAttention, FlashAttention's diagonal blocks and its backward's
recomputed QKᵀ. The stack gives each pipeline rank's step as compute (GEMMs), memory-bound work,
exposed communication per axis, bubble (idle in the simulated schedule, and waiting for the slowest
rank's DP tail and optimizer) and optimizer: every rank's row adds up to the step time.

A deterministic teaching model, not a benchmark of a real cluster.
"""
from __future__ import annotations

import contextlib
import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..hardware import link_tiers
from ..memory import is_moe_layer, pipeline_layout, ranks_parameters
from ..memory.policy import is_recomputed
from ..mesh import Traffic, build_mesh, traffic
from ..pipeline.kinds import Durations, chunks_per_rank, normalise_kind, stage_rank, stages_of
from ..pipeline.simulation import simulate
from ..problems import QT_TRANSLATE_NOOP
from ..scenario import BYTES_PER_ELEMENT, Scenario
from ..units import difference
from .efficiency import ACHIEVABLE, ACHIEVABLE_FP8, KERNEL_GAP_S, Hardware, hardware_of
from .flops import (LayerFlops, Op, Recompute, embedding_ops, fp8_compute, head_ops, layer_flops, layer_ops, mtp_ops,
                    recompute_of, shard_of, stage_micro_batches)
from ..moe.load import ep_tokens, scenario_load

MODEL_NOTE = "a deterministic teaching model, not a benchmark of a real cluster"
AXES = ("tp", "cp", "ep", "pp", "dp", "edp")
OVERLAPPED_KINDS = ("dualpipe", "dualpipev")  # F&B pairs hide the all-to-alls
# Rank r waits, in all, for the forward and the backward of the chunk-0 stages before it: the fill
# before its first op and the drain after its last backward (a zero-bubble schedule ends its ranks
# with deferred W passes instead, and DualPipe's two directions start on both ends).
DRAINING_KINDS = ("1f1b", "interleaved-1f1b", "gpipe")


@dataclass(frozen=True)
class CommTime:
    """One axis's communication per step on its most-loaded rank."""
    axis: str            # "tp", "cp", "ep", "pp", "dp", "edp"
    bytes: int           # sent per rank per step (the traffic table's)
    time_s: float        # α–β time per step
    hidden_s: float      # under compute
    exposed_s: float     # time_s − hidden_s


@dataclass(frozen=True)
class Note:
    """One sentence on what the model assumes or leaves out: a template (marked for Qt's catalogue,
    the view translates it) and its arguments."""
    template: str
    args: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.template.format(**self.args)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class StackRow:
    """One pipeline rank's step: the terms add up to total_s = the step time."""
    rank: int
    compute_s: float                    # GEMM time at the efficiency curve (recompute included)
    memory_bound_s: float               # element-wise work at HBM bandwidth
    exposed_comm_s: dict[str, float]    # by axis
    bubble_s: float                     # idle in the simulated schedule, and waiting for the slowest rank's tail
    optimizer_s: float
    total_s: float


@dataclass(frozen=True)
class StepTime:
    step_time_s: float
    tokens_per_s: float
    mfu: float
    hfu: float
    flops_per_step: float             # model FLOPs (MFU's numerator)
    hardware_flops_per_step: float    # executed, recompute included (HFU's numerator)
    tokens_per_step: int
    global_batch: int
    pipeline_s: float                 # the simulated makespan
    optimizer_s: float                # the slowest rank's optimizer step
    stack: tuple[StackRow, ...]
    comm: tuple[CommTime, ...]
    durations: Durations              # seconds, the slowest stage chunk's
    gpu: str
    peak_flops: float
    hbm_Bps: float
    notes: tuple[Note, ...]
    stage_imbalance: tuple[float, ...] = ()
    dp_exposed_s: float = 0.0         # the DP/ZeRO communication after the pipeline (the slowest rank's tail)
    gpus: int = 0
    flops: LayerFlops | None = field(default=None, compare=False)
    stage_times_s: tuple[float, ...] = ()   # F + I + W of every stage chunk, one micro-batch
    compute: str = "bf16"             # the linear layers' GEMMs: "fp8" when precision.compute runs them in FP8
    fp8_peak_flops: float = 0.0       # the GPU's dense FP8 FLOP/s (0: no FP8 tensor cores)


# ---------------------------------------------------------------------------------------------
# Communication per call

@dataclass(frozen=True)
class _Links:
    alpha_intra: float
    alpha_inter: float
    bw_intra: float
    bw_inter: float

    def alpha(self, inter: bool) -> float:
        return self.alpha_inter if inter else self.alpha_intra

    def bw(self, inter: bool) -> float:
        return self.bw_inter if inter else self.bw_intra


def _ring_call(row: Traffic, links: _Links, rounds: int) -> float:
    """One ring collective of the row: α per round + the bytes one rank sends / the link."""
    sent = row.bytes_per_step / max(row.calls_per_step, 1)
    return links.alpha(row.cross_node) * rounds + sent / links.bw(row.cross_node)


@dataclass(frozen=True)
class _Calls:
    """Seconds of one call of each per-layer collective, and how many a layer pass makes."""
    tp: float = 0.0
    tp_per_pass: int = 0   # forward (and again backward, and recomputed forward)
    ep: float = 0.0        # one all-to-all towards the experts (dispatch; the combine's gradient)
    ep_back: float = 0.0   # one all-to-all back from the experts (combine; the dispatch's gradient)
    cp: float = 0.0
    cp_steps: int = 0      # cp − 1 ring steps per layer pass
    p2p: float = 0.0


def _calls(s: Scenario, rows: dict[str, Traffic], links: _Links) -> _Calls:
    p = s.parallel
    tp = ep = cp = p2p = 0.0
    per_pass = 0
    if "tp" in rows:
        per_pass = 4 if p.sp else 2
        tp = _ring_call(rows["tp"], links, (p.tp - 1) if p.sp else 2 * (p.tp - 1))
    ep_back = 0.0
    if "ep" in rows:
        ep, ep_back = _ep_calls(s, rows["ep"], links)
    if "cp" in rows:
        row = rows["cp"]
        cp = links.alpha(row.cross_node) + row.bytes_per_call / links.bw(row.cross_node)
    if "pp" in rows:
        row = rows["pp"]
        message = float(row.bytes_per_call)
        gather = 0.0
        if p.tp > 1 and not p.sp:  # Megatron-LM's scatter/gather: 1/t per GPU, then an NVLink all-gather
            message = message / p.tp
            gather = links.alpha_intra * (p.tp - 1) + message * (p.tp - 1) / links.bw_intra
        p2p = links.alpha(row.cross_node) + message / links.bw(row.cross_node) + gather
    return _Calls(tp, per_pass, ep, ep_back, cp, max(p.cp - 1, 0), p2p)


def _ep_calls(s: Scenario, row: Traffic, links: _Links) -> tuple[float, float]:
    """Seconds of one all-to-all towards the experts and of one back, on the busiest EP rank.

    Each of the rank's T tokens (T = s/cp·b, ÷ t with SP) goes to K experts: T·K·h elements each
    way, towards the experts at `moe.dispatch_precision` (DeepSeek-V3 §3.3.3 dispatches in FP8 and
    quantizes the activation gradient before the down-projection likewise: the backward's
    all-to-all towards the experts is FP8 too), back at the activations' precision (the combine
    stays BF16). The copies split over NVLink and the network as the routing places them
    (models/moe/load.py), the two links running at once, and the busiest rank receives
    `imbalance` times the mean. `moe.dispatch_route`: "direct" sends every remote copy over the
    network (NCCL's all-to-all: n − 1 latency rounds); "two-hop" (DeepSeek-V3 §3.2.2, DeepEP's
    normal kernels) sends a token once per distinct remote node over the network and forwards it
    there over NVLink (one latency per hop)."""
    m, p = s.model, s.parallel
    tokens = ep_tokens(s)
    load = scenario_load(s)
    g = min(p.ep, max(1, s.cluster.gpus_per_node))
    two_hop = s.moe.dispatch_route == "two-hop" and load.nodes > 1
    copies = tokens * m.top_k * m.hidden

    def one(element: float) -> float:
        if two_hop:
            inter = tokens * m.hidden * load.remote_nodes * element
            intra = copies * element * (load.local_copies + load.remote_copies * (g - 1) / g)
            alpha = links.alpha_inter + links.alpha_intra
        else:
            inter = copies * load.remote_copies * element
            intra = copies * load.local_copies * element
            alpha = links.alpha(row.cross_node) * (p.ep - 1)
        return alpha + load.imbalance * max(intra / links.bw_intra, inter / links.bw_inter)

    towards = 1.0 if s.moe.dispatch_precision == "fp8" else float(BYTES_PER_ELEMENT[s.precision.activations])
    return one(towards), one(float(BYTES_PER_ELEMENT[s.precision.activations]))


# ---------------------------------------------------------------------------------------------
# One unit of work (a layer, the head, ...) for one micro-batch

@dataclass
class _Cost:
    """Seconds of one unit for one micro-batch, by what they are; comm: exposed seconds per axis
    in the forward ("f") and in the backward and recompute ("b"); raw: the whole α–β time."""
    f_compute: float = 0.0
    i_compute: float = 0.0
    w_compute: float = 0.0
    r_compute: float = 0.0
    f_memory: float = 0.0
    b_memory: float = 0.0
    r_memory: float = 0.0
    comm_f: dict[str, float] = field(default_factory=dict)
    comm_b: dict[str, float] = field(default_factory=dict)
    raw: dict[str, float] = field(default_factory=dict)

    def add(self, other: _Cost, times: float = 1.0) -> None:
        for name in ("f_compute", "i_compute", "w_compute", "r_compute", "f_memory", "b_memory", "r_memory"):
            setattr(self, name, getattr(self, name) + times * getattr(other, name))
        for mine, theirs in ((self.comm_f, other.comm_f), (self.comm_b, other.comm_b), (self.raw, other.raw)):
            for axis, value in theirs.items():
                mine[axis] = mine.get(axis, 0.0) + times * value

    @property
    def F(self) -> float:
        return self.f_compute + self.f_memory + sum(self.comm_f.values())

    @property
    def I(self) -> float:  # noqa: E743 — the zero-bubble paper's name
        return self.i_compute + self.b_memory + self.r_compute + self.r_memory + sum(self.comm_b.values())

    @property
    def W(self) -> float:
        return self.w_compute

    @property
    def total(self) -> float:
        return self.F + self.I + self.W

    @property
    def compute(self) -> float:
        return self.f_compute + self.i_compute + self.w_compute + self.r_compute

    @property
    def memory(self) -> float:
        return self.f_memory + self.b_memory + self.r_memory

    def exposed(self, axis: str) -> float:
        return self.comm_f.get(axis, 0.0) + self.comm_b.get(axis, 0.0)


def _kernel_time(ops: tuple[Op, ...], hw: Hardware, part: str, which: Callable[[Op], bool] = lambda op: True) -> float:
    return sum(k.time(hw) for op in ops if which(op) for k in getattr(op, part))


def _passes(ops: tuple[Op, ...], hw: Hardware, part: str) -> float:
    """Seconds of the element-wise passes of `ops` (part "bytes_forward" or "bytes_backward"): their
    bytes at the streaming rate and one launch gap per pass (models/time/efficiency.py)."""
    moved = [getattr(op, part) for op in ops if getattr(op, part) > 0]
    if hw.gemm_efficiency > 0:
        return sum(moved) / hw.stream_Bps
    return sum(moved) / hw.stream_Bps + len(moved) * KERNEL_GAP_S


def _unit(ops: tuple[Op, ...], recompute: Recompute | None, hw: Hardware) -> _Cost:
    cost = _Cost(f_compute=_kernel_time(ops, hw, "forward"), i_compute=_kernel_time(ops, hw, "input_grad"),
                 w_compute=_kernel_time(ops, hw, "weight_grad"),
                 f_memory=_passes(ops, hw, "bytes_forward"), b_memory=_passes(ops, hw, "bytes_backward"))
    if recompute is not None:
        unknown = recompute.unknown_flops / (hw.peak_flops * (hw.gemm_efficiency or ACHIEVABLE))
        cost.r_compute = sum(k.time(hw) * share for k, share in recompute.kernels) + unknown
        cost.r_memory = recompute.bytes / hw.stream_Bps
    return cost


def _hide(raw: float, under: float, overlap: bool, share: float = 0.0) -> float:
    """What `raw` seconds of communication add to a pass when it may run under `under` seconds of
    computation: the part that does not fit, plus the computation's slowdown while it runs — its
    kernels hold `share` of the SMs (NCCL: one SM per channel; DeepEP: `memory.deepep_sms`), so the
    computation under it advances at 1 − share (DeepSeek-V3 §3.2.2: 20 of the 132 SMs communicate)."""
    if not overlap:
        return raw
    hidden = min(raw, under)
    return raw - hidden + hidden * share


def _layer_cost(s: Scenario, moe: bool, recomputed: bool, hw: Hardware, calls: _Calls) -> _Cost:
    """One layer for one micro-batch: kernels and element-wise work, then its TP, EP and CP
    communication, exposed as the overlap settings and the block sizes allow."""
    ops = layer_ops(s, moe, shard_of(s))
    rec = recompute_of(s, ops, moe, recomputed)
    cost = _unit(ops, rec, hw)
    t = s.time
    nccl, deepep = _sm_shares(s, hw)
    if calls.tp_per_pass:
        raw = calls.tp * calls.tp_per_pass
        passes = 3 if recomputed else 2
        cost.raw["tp"] = raw * passes
        cost.comm_f["tp"] = _hide(raw, cost.f_compute, t.tp_overlap, nccl)
        cost.comm_b["tp"] = _hide(raw, cost.i_compute + cost.w_compute, t.tp_overlap, nccl) + \
            (_hide(raw, cost.r_compute, t.tp_overlap, nccl) if recomputed else 0.0)
    if calls.ep and moe and s.model.experts:
        raw = calls.ep + calls.ep_back  # dispatch and combine (backward: their gradients)
        expert_f = _kernel_time(ops, hw, "forward", lambda op: op.expert)
        expert_b = _kernel_time(ops, hw, "input_grad", lambda op: op.expert) + \
            _kernel_time(ops, hw, "weight_grad", lambda op: op.expert)
        cost.raw["ep"] = raw * (3 if recomputed else 2)
        cost.comm_f["ep"] = _hide(raw, expert_f, t.ep_overlap, deepep)
        cost.comm_b["ep"] = _hide(raw, expert_b, t.ep_overlap, deepep) + (_hide(raw, expert_f, t.ep_overlap, deepep)
                                                                          if recomputed else 0.0)
    if calls.cp_steps:
        steps, message = calls.cp_steps, calls.cp
        attention_f = _kernel_time(ops, hw, "forward", lambda op: op.attention)
        attention_b = _kernel_time(ops, hw, "input_grad", lambda op: op.attention)
        blocks = steps + 1  # the rank's queries meet cp key blocks, one per ring step
        forward = steps * max(0.0, message - attention_f / blocks)
        cost.raw["cp"] = steps * message * (4 if recomputed else 3)
        cost.comm_f["cp"] = forward
        cost.comm_b["cp"] = steps * max(0.0, 2 * message - attention_b / blocks) + (forward if recomputed else 0.0)
    return cost


def _sm_shares(s: Scenario, hw: Hardware) -> tuple[float, float]:
    """(NCCL's, DeepEP's) share of the SMs while their kernels run: NCCL runs one thread block, one
    SM, per channel (`memory.nccl_channels`, NCCL's docs on NCCL_MIN/MAX_NCHANNELS); DeepEP's
    kernels take `memory.deepep_sms` (DeepSeek-V3 §3.2.2: 20 of 132)."""
    mem = s.memory
    return min(1.0, mem.nccl_channels / hw.sms), min(1.0, mem.deepep_sms / hw.sms)


def _end_cost(ops: tuple[Op, ...], hw: Hardware, calls: _Calls, s: Scenario, forward_calls: int,
              backward_calls: int) -> _Cost:
    """The embedding, the head or an MTP module's extras, with the TP collectives they add (the
    embedding's reduction of its vocabulary-parallel output; the head's gather of its input and the
    reduction of its input gradient)."""
    cost = _unit(ops, None, hw)
    if calls.tp_per_pass:
        f, b = calls.tp * forward_calls, calls.tp * backward_calls
        cost.raw["tp"] = f + b
        cost.comm_f["tp"] = _hide(f, cost.f_compute, s.time.tp_overlap)
        cost.comm_b["tp"] = _hide(b, cost.i_compute + cost.w_compute, s.time.tp_overlap)
    return cost


# ---------------------------------------------------------------------------------------------
# Stages

@dataclass(frozen=True)
class _Stages:
    """Per global stage chunk (pipeline numbering) its cost for one micro-batch, and which rank
    runs it with how many micro-batches."""
    kind: str
    chunks: int
    costs: tuple[_Cost, ...]        # per stage id of the simulation
    owners: tuple[int, ...]
    micro_batches: tuple[int, ...]
    fb: tuple[float, ...]           # the overlapped F&B unit of each stage
    calls: _Calls

    @functools.cached_property
    def by_rank(self) -> tuple[tuple[int, ...], ...]:
        """The stage ids each rank runs, in stage order (every rank runs at least one: the
        placements of models.pipeline map the stages onto all of the ranks)."""
        ranks: list[list[int]] = [[] for _ in range(max(self.owners, default=-1) + 1)]
        for k, owner in enumerate(self.owners):
            ranks[owner].append(k)
        return tuple(tuple(r) for r in ranks)


def _stages(s: Scenario, hw: Hardware, rows: dict[str, Traffic]) -> _Stages:
    m = s.model
    p = s.parallel.pp
    kind = normalise_kind(s.schedule.kind)
    chunks = chunks_per_rank(kind, s.parallel.vpp)
    calls = _calls(s, rows, _Links(*_tiers(s)))
    sh = shard_of(s)
    kinds: dict[tuple[bool, bool], _Cost] = {}

    def layer(moe: bool, recomputed: bool) -> _Cost:
        if (moe, recomputed) not in kinds:
            kinds[(moe, recomputed)] = _layer_cost(s, moe, recomputed, hw, calls)
        return kinds[(moe, recomputed)]

    embedding = _end_cost(embedding_ops(s, sh), hw, calls, s, 1, 0)
    head = _end_cost(head_ops(s, sh), hw, calls, s, 1, 1)
    mtp = _end_cost(mtp_ops(s, sh), hw, calls, s, 2, 1)
    layouts = pipeline_layout(s)
    by_stage: dict[int, range] = {}
    for layout in layouts:
        for stage, layers in zip(layout.stages, layout.layers):
            if stage < p * chunks or kind != "dualpipe":
                by_stage[stage] = layers
    count = stages_of(kind, p, chunks)
    costs: list[_Cost] = []
    alike: dict[tuple, _Cost] = {}  # stages of the same units in the same order cost the same
    for stage in range(count):
        layers = by_stage[stage % (p * chunks)] if kind == "dualpipe" else by_stage[stage]
        units = tuple((is_moe_layer(s, number), is_recomputed(s, index), number >= m.layers)
                      for index, number in enumerate(layers))
        ends = (0 in layers, m.layers - 1 in layers)
        cost = alike.get((units, ends))
        if cost is None:
            cost = alike[(units, ends)] = _Cost()
            for moe, recomputed, is_mtp in units:
                cost.add(layer(moe, recomputed))
                if is_mtp:
                    cost.add(mtp)
            if ends[0]:
                cost.add(embedding)
            if ends[1]:
                cost.add(head)
        costs.append(cost)
    owners = tuple(stage_rank(kind, p, chunks, stage) for stage in range(count))
    mbs = []
    for stage in range(count):
        if kind == "dualpipe" and p > 1:
            mbs.append(stage_micro_batches(s, 2, 1 if stage >= p else 0, 2))
        else:
            mbs.append(s.schedule.microbatches)
    fb = []
    _, deepep = _sm_shares(s, hw)
    for cost in costs:
        # DualPipe's overlapped pair: one chunk's all-to-alls under the other's computation, which
        # runs on the SMs the communication leaves (module docstring)
        exposed = cost.exposed("ep")
        moved = cost.raw.get("ep", 0.0)
        rest = cost.total - exposed
        fb.append(max(moved, rest + moved * deepep) if kind in OVERLAPPED_KINDS and moved > 0 else cost.total)
    return _Stages(kind, chunks, tuple(costs), owners, tuple(mbs), tuple(fb), calls)


def _tiers(s: Scenario) -> tuple[float, float, float, float]:
    t = link_tiers(s.cluster)
    return t.alpha_intra_s, t.alpha_inter_s, t.bw_intra_Bps * s.time.nvlink_efficiency, t.bw_inter_Bps


def _rows(s: Scenario) -> dict[str, Traffic]:
    mesh = build_mesh(s)
    if mesh.errors:
        raise ValueError(f"the mesh cannot be built: {mesh.errors[0]}")
    return {row.axis: row for row in traffic(s, mesh)}


def _check(s: Scenario) -> None:
    if s.offload.params != "gpu":
        raise ValueError(f"the step-time model does not time parameters offloaded to {s.offload.params} "
                         f"(offload.params): their per-layer transfers are not modelled")
    p = s.parallel
    if p.tp * p.cp * p.dp * p.pp != s.world_size:
        raise ValueError(f"tp·cp·dp·pp = {p.tp * p.cp * p.dp * p.pp:,} GPUs, but the cluster has "
                         f"{s.world_size:,}")


def _durations_of(st: _Stages) -> tuple[Durations, tuple[float, ...], int]:
    slowest = max(range(len(st.costs)), key=lambda k: st.costs[k].total)
    c = st.costs[slowest]
    top = c.total
    imbalance = tuple((cost.total / top) if top > 0 else 1.0 for cost in st.costs)
    durations = Durations(F=c.F, B=c.I + c.W, I=c.I, W=c.W, FB=st.fb[slowest], p2p=st.calls.p2p)
    return durations, imbalance, slowest


def model_durations(s: Scenario) -> tuple[Durations, tuple[float, ...]]:
    """The schedule's op durations in seconds — F, B = I + W, I, W, FB and the p2p latency — of the
    slowest stage chunk for one micro-batch, and per stage of the simulation its F + I + W relative
    to that chunk's (`simulate`'s stage_imbalance scales every op of a stage by it). ValueError
    for a scenario the model cannot time."""
    durations, imbalance, _ = _durations_of(_prepared(s).stages)
    return durations, imbalance


@dataclass(frozen=True)
class _Prepared:
    hw: Hardware
    rows: dict[str, Traffic]
    stages: _Stages


_PREPARED: OrderedDict[Scenario, _Prepared] = OrderedDict()
_TIMED: OrderedDict[Scenario, StepTime] = OrderedDict()
_TAILS: OrderedDict[Scenario, list[dict[str, Any]]] = OrderedDict()
_LOCK = threading.Lock()
_CACHE_SIZE = 256


def _remember(cache: OrderedDict, key: Scenario, value: Any) -> None:
    with _LOCK:
        cache[key] = value
        cache.move_to_end(key)
        while len(cache) > _CACHE_SIZE:
            cache.popitem(last=False)


@contextlib.contextmanager
def larger_caches(size: int) -> Iterator[None]:
    """Keep up to `size` scenarios' prepared stage costs, tails and step times while the block
    runs (the planner bounds thousands of configurations before it times a few of them), then
    trim back to the usual size."""
    global _CACHE_SIZE
    usual = _CACHE_SIZE
    _CACHE_SIZE = max(size, usual)
    try:
        yield
    finally:
        with _LOCK:
            _CACHE_SIZE = usual
            for cache in (_PREPARED, _TIMED, _TAILS):
                while len(cache) > usual:
                    cache.popitem(last=False)


def _recall(cache: OrderedDict, key: Scenario) -> Any:
    with _LOCK:
        value = cache.get(key)
        if value is not None:
            cache.move_to_end(key)
        return value


def _prepared(s: Scenario) -> _Prepared:
    found = _recall(_PREPARED, s)
    if found is None:
        _check(s)
        hw = hardware_of(s)
        rows = _rows(s)
        found = _Prepared(hw, rows, _stages(s, hw, rows))
        _remember(_PREPARED, s, found)
    return found


# ---------------------------------------------------------------------------------------------
# The step

def _optimizer_bytes_per_param(s: Scenario) -> tuple[float, float]:
    """(HBM bytes per parameter of the update on the GPU, PCIe bytes per parameter when the
    optimizer is offloaded): Adam reads and writes the master weight and two moments, reads the
    gradient (twice: once more for the gradient norm) and writes the parameter; Muon and SGD with
    momentum keep one moment, plain SGD none."""
    pr = s.precision
    master, moment = BYTES_PER_ELEMENT[pr.master], BYTES_PER_ELEMENT[pr.optimizer]
    grad, param = BYTES_PER_ELEMENT[pr.grads], BYTES_PER_ELEMENT[pr.params]
    moments = {"adam": 2, "muon": 1, "sgd": 0}[s.optimizer.kind]
    return 2.0 * (master + moments * moment) + 2 * grad + param, float(grad + param)


def _dp_parts(s: Scenario, row: Traffic, psi: float, psi_max: float, links: _Links) -> tuple[float, float]:
    """(gradient-reduction seconds, parameter-gather seconds) of one DP row for a rank holding
    `psi` of the row's `psi_max` parameters."""
    n = row.group_size
    pr = s.precision
    grad, param = BYTES_PER_ELEMENT[pr.grads], BYTES_PER_ELEMENT[pr.params]
    m = s.schedule.microbatches
    zero = s.parallel.zero
    rounds_per_call = 2 * (n - 1) if zero == 0 else n - 1
    share = psi / psi_max if psi_max else 0.0
    seconds = links.alpha(row.cross_node) * rounds_per_call * row.calls_per_step + \
        row.bytes_per_step * share / links.bw(row.cross_node)
    if zero == 0:
        grads = 1.0
    elif zero == 1:
        grads = grad / (grad + param)
    elif zero == 2:
        grads = m * grad / (m * grad + param)
    else:
        grads = grad / (grad + 2 * param)
    return seconds * grads, seconds * (1 - grads)


def step_time(s: Scenario, should_stop: Callable[[], bool] | None = None) -> StepTime:
    """The step time of the scenario, its stack per pipeline rank and its communication per axis
    (module docstring). ValueError (with the reason) for what the model cannot time."""
    found = _recall(_TIMED, s)
    if found is not None:
        return found
    result = _step_time(s, should_stop)
    _remember(_TIMED, s, result)
    return result


def _rank_tails(s: Scenario, prep: _Prepared) -> list[dict[str, Any]]:
    """Per pipeline rank, what follows its last backward: the DP/ZeRO communication not hidden
    ("dp", per axis; "dp_raw" all of it) and the optimizer step ("optimizer"). It depends on the
    stage costs, not on the simulated schedule: `step_floor` adds it to a bound on the makespan."""
    found = _recall(_TAILS, s)
    if found is None:
        found = _compute_rank_tails(s, prep)
        _remember(_TAILS, s, found)
    return found


def _compute_rank_tails(s: Scenario, prep: _Prepared) -> list[dict[str, Any]]:
    rows, st, hw = prep.rows, prep.stages, prep.hw
    p = s.parallel
    links = _Links(*_tiers(s))
    layouts = pipeline_layout(s)
    params = ranks_parameters(s, layouts)
    dense_max = max((d for d, _ in params), default=0)
    expert_max = max((e for _, e in params), default=0)
    mesh_edp = max(1, p.tp * p.cp * p.dp // (p.etp * p.ep))
    hbm_per_param, pcie_per_param = _optimizer_bytes_per_param(s)
    offloaded = s.offload.optimizer != "gpu"
    nccl, _ = _sm_shares(s, hw)
    tails = []
    for r in range(p.pp):
        mine = st.by_rank[r]
        # DP/ZeRO windows: one micro-batch's backward (and forward) over the rank's chunks
        backward = sum(st.costs[k].I + st.costs[k].W for k in mine)
        forward = sum(st.costs[k].F for k in mine)
        every = sum(st.micro_batches[k] * st.costs[k].total for k in mine)
        grad_window = {0: backward, 1: backward, 2: sum(st.micro_batches[k] * (st.costs[k].I + st.costs[k].W)
                                                        for k in mine)}.get(p.zero, every)
        param_window = forward if p.zero < 3 else 0.0
        dense, expert = params[r]
        dp_grad: dict[str, float] = {}
        dp_param: dict[str, float] = {}
        for axis, psi, psi_max in (("dp", dense, dense_max), ("edp", expert, expert_max)):
            if axis in rows:
                dp_grad[axis], dp_param[axis] = _dp_parts(s, rows[axis], psi, psi_max, links)
        grads, gathers = sum(dp_grad.values()), sum(dp_param.values())
        if not s.time.dp_overlap:
            out_g, out_p = grads, gathers
        elif p.zero == 3:  # gathers and reductions of every micro-batch under all of the rank's work
            out_g, out_p = max(0.0, grads - every * grads / (grads + gathers)) if grads + gathers else 0.0, \
                max(0.0, gathers - every * gathers / (grads + gathers)) if grads + gathers else 0.0
        else:
            out_g, out_p = max(0.0, grads - grad_window), max(0.0, gathers - param_window)
        # what runs hidden still takes NCCL's SMs from the computation under it (_hide)
        out_g += (grads - out_g) * nccl
        out_p += (gathers - out_p) * nccl
        dp_exposed = {axis: (out_g * dp_grad[axis] / grads if grads else 0.0) +
                      (out_p * dp_param[axis] / gathers if gathers else 0.0) for axis in dp_grad}
        shard = (dense / (p.dp * p.cp) + expert / mesh_edp) if p.zero >= 1 else float(dense + expert)
        optimizer = shard * (pcie_per_param / hw.pcie_Bps if offloaded else hbm_per_param / hw.stream_Bps)
        tails.append({"dp": dp_exposed, "dp_raw": {a: dp_grad[a] + dp_param[a] for a in dp_grad},
                      "optimizer": optimizer})
    return tails


def step_floor(s: Scenario, makespan_floor: float = 0.0) -> float:
    """A lower bound on `step_time(s).step_time_s` without simulating the schedule: the step is the
    makespan plus the longest rank's tail (`_rank_tails`), and the makespan is at least every rank's
    busy time — the sum of its ops, Σ micro-batches × stage cost — with the fill before its first op
    and, in the 1F1B family, the drain after its last (an overlapped DualPipe pair can last less
    than its two halves: for those kinds only `makespan_floor`, a caller's bound on the makespan,
    counts). ValueError as step_time."""
    found = _recall(_TIMED, s)
    if found is not None:
        return found.step_time_s
    prep = _prepared(s)
    st = prep.stages
    busy = 0.0
    if st.kind not in OVERLAPPED_KINDS:
        # The pipeline's fill and drain (the simulation's op lengths: the slowest stage's F and B
        # times each stage's factor): rank r's first op waits for micro-batch 0's forwards on
        # stages 0 … r − 1 (chunk 0 of every kind here sits on rank k as stage k), and in the
        # 1F1B family its last op is a backward that stages r − 1 … 0 still pass on.
        durations, factors, _ = _durations_of(st)
        drains = st.kind in DRAINING_KINDS
        fill = drain = 0.0
        for r in range(s.parallel.pp):
            work = sum(st.micro_batches[k] * st.costs[k].total for k in st.by_rank[r])
            busy = max(busy, fill + work + (drain if drains else 0.0))
            fill += durations.F * factors[r]
            drain += durations.B * factors[r]
    return max(busy, makespan_floor) + _tail(s, prep)


def _tail(s: Scenario, prep: _Prepared) -> float:
    """The longest rank's DP/ZeRO communication not hidden plus its optimizer step."""
    return max((sum(t["dp"].values()) + t["optimizer"] for t in _rank_tails(s, prep)), default=0.0)


def step_tail(s: Scenario) -> float:
    """step_time(s)'s tail: step_time_s − pipeline_s (`_tail`), without the simulation."""
    found = _recall(_TIMED, s)
    if found is not None:
        return found.step_time_s - found.pipeline_s
    return _tail(s, _prepared(s))


def step_parts(s: Scenario, should_stop: Callable[[], bool] | None = None) -> tuple[float, float]:
    """(makespan, tail) of `step_time(s)` — its step_time_s is their sum — with one simulation and
    none of the stack, communication and FLOP tables (the planner ranks thousands by it).
    ValueError as step_time."""
    found = _recall(_TIMED, s)
    if found is not None:
        return found.pipeline_s, found.step_time_s - found.pipeline_s
    prep = _prepared(s)
    st = prep.stages
    durations, imbalance, _ = _durations_of(st)
    sim = simulate(st.kind, s.parallel.pp, s.schedule.microbatches, st.chunks, durations,
                   stage_imbalance=imbalance, should_stop=should_stop)
    return sim.makespan, _tail(s, prep)


def _step_time(s: Scenario, should_stop: Callable[[], bool] | None) -> StepTime:
    prep = _prepared(s)
    hw, rows, st = prep.hw, prep.rows, prep.stages
    p, sched = s.parallel, s.schedule
    durations, imbalance, _ = _durations_of(st)
    sim = simulate(st.kind, p.pp, sched.microbatches, st.chunks, durations, stage_imbalance=imbalance,
                   should_stop=should_stop)
    makespan = sim.makespan
    pp_exposed = 0.0
    if durations.p2p > 0 and p.pp > 1:
        bare = simulate(st.kind, p.pp, sched.microbatches, st.chunks,
                        Durations(F=durations.F, B=durations.B, I=durations.I, W=durations.W, FB=durations.FB),
                        stage_imbalance=imbalance, should_stop=should_stop)
        pp_exposed = max(0.0, difference(makespan, bare.makespan))

    # PP: the rank's own sends at the p2p latency; exposed, the makespan they add (at most those sends)
    pp_time = rows["pp"].calls_per_step * st.calls.p2p if "pp" in rows else 0.0
    pp_stack = min(pp_exposed, pp_time)

    per_rank: list[dict[str, Any]] = []
    for r, tail_part in enumerate(_rank_tails(s, prep)):
        mine = st.by_rank[r]
        total = _Cost()
        for k in mine:
            total.add(st.costs[k], st.micro_batches[k])
        expected = total.total
        busy = sim.busy[r] if sim.busy else expected
        exposed = {axis: total.exposed(axis) for axis in ("tp", "cp", "ep")}
        compute, memory = total.compute, total.memory
        saved = max(0.0, difference(expected, busy))  # DualPipe's pairs: the all-to-alls hidden first
        cut = min(saved, exposed["ep"])
        exposed["ep"] -= cut
        rest = expected - cut
        scale = (busy / rest) if rest > 0 else 1.0
        compute, memory = compute * scale, memory * scale
        exposed = {axis: value * scale for axis, value in exposed.items()}
        per_rank.append({"busy": busy, "compute": compute, "memory": memory, "exposed": exposed,
                         **tail_part, "raw": dict(total.raw), "pp": min(pp_stack, difference(makespan, busy))})

    tail = _tail(s, prep)
    step = makespan + tail
    critical = max(per_rank, key=lambda r: sum(r["dp"].values()) + r["optimizer"])
    stack = []
    for r, row in enumerate(per_rank):
        exposed = {axis: value for axis, value in row["exposed"].items() if axis in rows}
        if "pp" in rows:
            exposed["pp"] = row["pp"]
        exposed.update(row["dp"])
        idle = difference(makespan, row["busy"] + row["pp"])  # of equal sums: 0, not ±1e-17
        waiting = difference(tail, sum(row["dp"].values()) + row["optimizer"])
        total_s = row["compute"] + row["memory"] + sum(exposed.values()) + idle + waiting + row["optimizer"]
        stack.append(StackRow(rank=r, compute_s=row["compute"], memory_bound_s=row["memory"], exposed_comm_s=exposed,
                              bubble_s=idle + waiting, optimizer_s=row["optimizer"], total_s=total_s))

    comm: list[CommTime] = []
    for axis in AXES:
        if axis not in rows:
            continue
        traffic_row = rows[axis]
        if axis in ("tp", "cp", "ep"):
            times = [r["raw"].get(axis, 0.0) for r in per_rank]
            r_star = max(range(len(times)), key=times.__getitem__)
            time_s, exposed_s = times[r_star], stack[r_star].exposed_comm_s.get(axis, 0.0)
        elif axis == "pp":
            time_s, exposed_s = pp_time, pp_stack
        else:
            times = [r["dp_raw"].get(axis, 0.0) for r in per_rank]
            r_star = max(range(len(times)), key=times.__getitem__)
            time_s, exposed_s = times[r_star], per_rank[r_star]["dp"].get(axis, 0.0)
        exposed_s = min(exposed_s, time_s)
        comm.append(CommTime(axis, int(traffic_row.bytes_per_step), time_s, difference(time_s, exposed_s), exposed_s))

    flops = layer_flops(s)
    gpus = p.tp * p.cp * p.dp * p.pp
    global_batch = sched.microbatches * s.model.micro_batch * p.dp
    tokens = global_batch * s.model.seq_len
    capacity = step * gpus * hw.peak_flops
    return StepTime(step_time_s=step, tokens_per_s=tokens / step if step > 0 else 0.0,
                    mfu=flops.model_flops_per_step / capacity if capacity > 0 else 0.0,
                    hfu=flops.hardware_flops_per_step / capacity if capacity > 0 else 0.0,
                    flops_per_step=flops.model_flops_per_step,
                    hardware_flops_per_step=flops.hardware_flops_per_step, tokens_per_step=tokens,
                    global_batch=global_batch, pipeline_s=makespan, optimizer_s=critical["optimizer"],
                    stack=tuple(stack), comm=tuple(comm), durations=durations, gpu=s.cluster.gpu,
                    peak_flops=hw.peak_flops, hbm_Bps=hw.hbm_Bps, notes=_notes(s, hw),
                    stage_imbalance=imbalance, dp_exposed_s=sum(critical["dp"].values()), gpus=gpus,
                    flops=flops, stage_times_s=tuple(c.total for c in st.costs),
                    compute="fp8" if fp8_compute(s) else "bf16", fp8_peak_flops=hw.fp8_peak_flops)


def _notes(s: Scenario, hw: Hardware) -> tuple[Note, ...]:
    notes = [Note(QT_TRANSLATE_NOOP("time", "Step time and every term of it are {model}."), {"model": MODEL_NOTE}),
             Note(QT_TRANSLATE_NOOP("time", "step = simulated pipeline makespan + DP/ZeRO communication not hidden "
                                            "+ optimizer step."))]
    if hw.gemm_efficiency > 0:
        notes.append(Note(QT_TRANSLATE_NOOP("time", "GEMMs at {share:.0%} of the peak FLOP/s (time.gemm_efficiency)."),
                          {"share": hw.gemm_efficiency}))
    else:
        notes.append(Note(QT_TRANSLATE_NOOP("time", "GEMMs at {share:.0%} of the peak FLOP/s times their tile and wave "
                                                    "quantisation on {sms} SMs, or at HBM bandwidth when thinner."),
                          {"share": ACHIEVABLE, "sms": hw.sms}))
    if s.activation.flash_attention:
        notes.append(Note(QT_TRANSLATE_NOOP("time", "FlashAttention's kernels at {share:.0%} of the peak FLOP/s "
                                                    "(context.attention_efficiency)."),
                          {"share": float(s.context.attention_efficiency)}))
    notes.append(Note(QT_TRANSLATE_NOOP("time", "Element-wise work at {hbm:.0%} of the data-sheet HBM bandwidth "
                                                "(time.hbm_efficiency)."), {"hbm": hw.hbm_efficiency}))
    notes.append(Note(QT_TRANSLATE_NOOP("time", "Communication on the α–β link tiers, NVLink at {nvlink:.0%} of its "
                                                "bandwidth (time.nvlink_efficiency), the network at its data-sheet "
                                                "rate, without contention between concurrent collectives: "
                                                "optimistic."), {"nvlink": float(s.time.nvlink_efficiency)}))
    nccl, deepep = _sm_shares(s, hw)
    notes.append(Note(QT_TRANSLATE_NOOP("time", "Communication hidden under computation still slows it: NCCL holds "
                                                "{nccl:.0%} of the SMs while it runs (memory.nccl_channels), DeepEP "
                                                "{deepep:.0%} (memory.deepep_sms); every kernel adds a {gap:.0f} µs "
                                                "launch gap."),
                      {"nccl": nccl, "deepep": deepep, "gap": KERNEL_GAP_S * 1e6}))
    notes.append(Note(QT_TRANSLATE_NOOP("time", "MFU counts the causal half of the attention scores (6·N·tokens + "
                                                "attention); HFU the FLOPs executed: recompute, FlashAttention's "
                                                "diagonal blocks and its backward's recomputed QKᵀ.")
                      if s.activation.flash_attention else
                      QT_TRANSLATE_NOOP("time", "MFU counts the causal half of the attention scores (6·N·tokens + "
                                                "attention); HFU the FLOPs executed: recompute, the full s×s scores "
                                                "(no FlashAttention).")))
    if s.precision.compute == "fp8" and not fp8_compute(s):
        notes.append(Note(QT_TRANSLATE_NOOP("time", "precision.compute is fp8, but the {gpu} has no FP8 tensor cores: "
                                                    "its GEMMs are timed in BF16."), {"gpu": s.cluster.gpu}))
    elif s.precision.compute == "fp8":
        notes.append(Note(QT_TRANSLATE_NOOP("time", "FP8 compute: the linear layers' GEMMs at {share:.0%} of the FP8 "
                                                    "peak (DeepGEMM's published rate) with their casts as memory-bound "
                                                    "passes; attention, embedding, output head and router in BF16."),
                          {"share": ACHIEVABLE_FP8}))
    if s.model.experts and s.parallel.ep > 1:
        load = scenario_load(s)
        notes.append(Note(QT_TRANSLATE_NOOP("time", "Routed experts as grouped GEMMs on the busiest EP rank, which "
                                                    "receives {imbalance:.2f}× the mean under {routing} routing "
                                                    "(moe.routing, moe.seed); all-to-alls towards the experts in "
                                                    "{precision}, {route} route (moe.dispatch_precision, "
                                                    "moe.dispatch_route)."),
                          {"imbalance": load.imbalance, "routing": s.moe.routing,
                           "precision": s.moe.dispatch_precision.upper(), "route": s.moe.dispatch_route}))
    if s.offload.optimizer != "gpu":
        notes.append(Note(QT_TRANSLATE_NOOP("time", "The offloaded optimizer step is timed as its PCIe transfers only "
                                                    "(the CPU update is not modelled): optimistic.")))
    if s.optimizer.kind == "muon":
        notes.append(Note(QT_TRANSLATE_NOOP("time", "Muon's Newton–Schulz iterations are not timed, only its update's "
                                                    "memory traffic: optimistic.")))
    return tuple(notes)


def time_json(t: StepTime) -> dict[str, Any]:
    """The `tslab time --json` document."""
    d = t.durations
    return {
        "model": MODEL_NOTE,
        "step_time_s": t.step_time_s, "tokens_per_s": t.tokens_per_s, "mfu": t.mfu, "hfu": t.hfu,
        "flops_per_step": t.flops_per_step, "hardware_flops_per_step": t.hardware_flops_per_step,
        "tokens_per_step": t.tokens_per_step, "global_batch": t.global_batch, "gpus": t.gpus,
        "pipeline_s": t.pipeline_s, "dp_exposed_s": t.dp_exposed_s, "optimizer_s": t.optimizer_s,
        "stack": [{"rank": row.rank, "compute_s": row.compute_s, "memory_bound_s": row.memory_bound_s,
                   "exposed_comm_s": dict(row.exposed_comm_s), "bubble_s": row.bubble_s,
                   "optimizer_s": row.optimizer_s, "total_s": row.total_s} for row in t.stack],
        "comm": [{"axis": c.axis, "bytes": c.bytes, "time_s": c.time_s, "hidden_s": c.hidden_s,
                  "exposed_s": c.exposed_s} for c in t.comm],
        "durations": {"F": d.F, "B": d.B, "I": d.I, "W": d.W, "FB": d.FB, "p2p": d.p2p},
        "stage_imbalance": list(t.stage_imbalance), "stage_times_s": list(t.stage_times_s),
        "gpu": t.gpu, "peak_flops": t.peak_flops, "hbm_Bps": t.hbm_Bps, "compute": t.compute,
        "fp8_peak_flops": t.fp8_peak_flops,
        "notes": [note.text for note in t.notes],
    }


__all__ = ["AXES", "MODEL_NOTE", "CommTime", "Note", "StackRow", "StepTime", "model_durations", "step_time",
           "time_json"]
