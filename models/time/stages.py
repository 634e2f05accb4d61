"""The step-time model's work per pipeline stage (models/time/step.py composes the step from it):
communication per call on the α–β link tiers (TP, CP, EP, PP), the cost of one unit of work (a
layer, the embedding, the head) for one micro-batch as GEMM, memory-bound and exposed communication
time per pass, and every stage chunk's F, I, W and overlapped FB durations.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

from ..hardware import link_tiers
from ..memory import is_moe_layer, pipeline_layout
from ..memory.policy import is_recomputed
from ..mesh import Traffic, build_mesh, traffic
from ..moe.load import ep_tokens, scenario_load
from ..pipeline.kinds import Durations, chunks_per_rank, normalise_kind, stage_rank, stages_of
from ..scenario import BYTES_PER_ELEMENT, Scenario
from .efficiency import ACHIEVABLE, KERNEL_GAP_S, Hardware
from .flops import (Op, Recompute, embedding_ops, head_ops, layer_ops, mtp_ops, recompute_of, shard_of,
                    stage_micro_batches)

OVERLAPPED_KINDS = ("dualpipe", "dualpipev")  # F&B pairs hide the all-to-alls

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

    @functools.cached_property
    def totals(self) -> tuple[float, ...]:
        """Per stage, F + I + W of one micro-batch (`_Cost.total`, summed once)."""
        return tuple(cost.total for cost in self.costs)

    @functools.cached_property
    def durations(self) -> tuple[Durations, tuple[float, ...], int]:
        """`_durations_of` this stage list, worked out once."""
        slowest = max(range(len(self.costs)), key=self.totals.__getitem__)
        c = self.costs[slowest]
        top = self.totals[slowest]
        imbalance = tuple((total / top) if top > 0 else 1.0 for total in self.totals)
        return Durations(F=c.F, B=c.I + c.W, I=c.I, W=c.W, FB=self.fb[slowest], p2p=self.calls.p2p), imbalance, slowest


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
    """The schedule's op durations (those of the slowest stage chunk, whose F + I + W is the
    largest), every stage's F + I + W relative to it, and the slowest stage's id."""
    return st.durations
