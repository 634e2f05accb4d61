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
  every op of that stage); the order in which a simulation ran the ops is kept for the last
  schedules (models.pipeline.timing.ScheduleTiming), which times them again for other durations in
  one pass to the same makespan, as an edit of anything but the schedule's shape needs;
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

The work per stage (communication per call, a layer's cost for one micro-batch, every stage chunk's
durations) is models/time/stages.py; this module composes the step from it.

A deterministic teaching model, not a benchmark of a real cluster.
"""
from __future__ import annotations

import contextlib
import math
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..declared import MISSING, STEP_TIME_READS, Declared, reads
from ..mesh import Traffic
from ..moe.load import scenario_load
from ..pipeline.kinds import Durations
from ..pipeline.timing import ScheduleTiming
from ..problems import QT_TRANSLATE_NOOP
from ..scenario import Scenario
from ..units import difference
from .efficiency import ACHIEVABLE, ACHIEVABLE_FP8, KERNEL_GAP_S, Hardware, hardware_of
from .flops import LayerFlops, fp8_compute, layer_flops
from .stages import OVERLAPPED_KINDS, _check, _Cost, _durations_of, _rows, _sm_shares, _stages, _Stages
from .tail import rank_tails

MODEL_NOTE = "a deterministic teaching model, not a benchmark of a real cluster"
AXES = ("tp", "cp", "ep", "pp", "dp", "edp")
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


@reads(*STEP_TIME_READS)
def _prepared(s: Scenario) -> _Prepared:
    """The scenario's hardware, communication rows and stage costs: what every timing starts from."""
    _check(s)
    hw = hardware_of(s)
    rows = _rows(s)
    return _Prepared(hw, rows, _stages(s, hw, rows))


def _timed_afresh(s: Scenario) -> StepTime:
    return _step_time(s, None, None)


# The step times kept, by the values of the keys the model reads (step_time fills it, with the
# caller's should_stop and timings).
_TIMED = Declared(_timed_afresh, STEP_TIME_READS, 256)


@contextlib.contextmanager
def larger_caches(size: int) -> Iterator[None]:
    """Keep up to `size` scenarios' prepared stage costs, tails and step times while the block
    runs (the planner bounds thousands of configurations before it times a few of them), then
    trim back to the usual size."""
    with _prepared.resized(size), _tails_of.resized(size), _TIMED.resized(size):
        yield


# ---------------------------------------------------------------------------------------------
# The step

def step_time(s: Scenario, should_stop: Callable[[], bool] | None = None,
              timings: Timings | None = None) -> StepTime:
    """The step time of the scenario, its stack per pipeline rank and its communication per axis
    (module docstring). ValueError (with the reason) for what the model cannot time. `timings`:
    as step_parts', which times the schedule without simulating it again (the same numbers;
    without it, the ones the model keeps)."""
    found = _TIMED.recall(s)
    if found is not MISSING:
        return found
    result = _step_time(s, should_stop, timings)
    _TIMED.remember(s, result)
    return result


@reads(*STEP_TIME_READS)
def _tails_of(s: Scenario) -> list[dict[str, Any]]:
    """Per pipeline rank, what follows its last backward: the DP/ZeRO communication not hidden
    ("dp", per axis; "dp_raw" all of it) and the optimizer step ("optimizer"). It depends on the
    stage costs, not on the simulated schedule: `step_floor` adds it to a bound on the makespan."""
    prep = _prepared(s)
    return rank_tails(s, prep.rows, prep.stages, prep.hw)


def stage_costs(s: Scenario) -> tuple[tuple[float, ...], float]:
    """(`step_time(s).stage_times_s`: F + I + W of every stage chunk for one micro-batch, and the
    all-to-all its stack counts exposed — every stage's times its micro-batches — before a
    DualPipe pair hides any of it), from the stage costs alone: no simulation, no FLOP tables.
    ValueError as step_time."""
    st = _prepared(s).stages
    total = _Cost()
    for k, cost in enumerate(st.costs):
        total.add(cost, st.micro_batches[k])
    return st.totals, total.exposed("ep")


def step_floor(s: Scenario, makespan_floor: float = 0.0) -> float:
    """A lower bound on `step_time(s).step_time_s` without simulating the schedule: the step is the
    makespan plus the longest rank's tail (`_tails_of`), and the makespan is at least every rank's
    busy time — the sum of its ops, Σ micro-batches × stage cost — with the fill before its first op
    and, in the 1F1B family, the drain after its last (an overlapped DualPipe pair can last less
    than its two halves: for those kinds only `makespan_floor`, a caller's bound on the makespan,
    counts). ValueError as step_time."""
    found = _TIMED.recall(s)
    if found is not MISSING:
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
            work = sum(st.micro_batches[k] * st.totals[k] for k in st.by_rank[r])
            busy = max(busy, fill + work + (drain if drains else 0.0))
            fill += durations.F * factors[r]
            drain += durations.B * factors[r]
    return max(busy, makespan_floor) + _tail(s)


def _tail(s: Scenario) -> float:
    """The longest rank's DP/ZeRO communication not hidden plus its optimizer step."""
    return max((sum(t["dp"].values()) + t["optimizer"] for t in _tails_of(s)), default=0.0)


def step_tail(s: Scenario) -> float:
    """step_time(s)'s tail: step_time_s − pipeline_s (`_tail`), without the simulation."""
    found = _TIMED.recall(s)
    if found is not MISSING:
        return found.step_time_s - found.pipeline_s
    return _tail(s)


def step_parts(s: Scenario, should_stop: Callable[[], bool] | None = None,
               timings: Timings | None = None) -> tuple[float, float]:
    """(makespan, tail) of `step_time(s)` — its step_time_s is their sum — with at most one
    simulation and none of the stack, communication and FLOP tables (the planner ranks thousands
    by it). `timings`: the caller's ScheduleTiming per (kind, ranks, micro-batches, chunks), filled
    as it goes, which times a schedule met before without simulating it again (the same makespan);
    without it, the ones the model keeps (KEPT_TIMINGS). ValueError as step_time."""
    found = _TIMED.recall(s)
    if found is not MISSING:
        return found.pipeline_s, found.step_time_s - found.pipeline_s
    prep = _prepared(s)
    st = prep.stages
    durations, imbalance, _ = _durations_of(st)
    timing = _timing(KEPT_TIMINGS if timings is None else timings, s, st, should_stop, durations, imbalance)
    return timing.makespan(durations, imbalance), _tail(s)


Timings = dict[tuple[str, int, int, int], ScheduleTiming]  # a caller's ScheduleTiming per schedule


class _KeptTimings(dict):
    """The ScheduleTiming of the last `size` schedules timed without a caller's own (an edit
    mostly changes the durations, not the schedule): the op order of one simulation, timed again
    in one pass for other durations to the same makespan and busy times (models/pipeline/timing.py;
    tests/test_schedule_timing.py). The oldest goes first; the UI thread and a worker may both
    add to it."""

    def __init__(self, size: int):
        super().__init__()
        self.size = size
        self._lock = threading.Lock()

    def __setitem__(self, schedule: tuple[str, int, int, int], timing: ScheduleTiming) -> None:
        with self._lock:
            super().__setitem__(schedule, timing)
            while len(self) > self.size:
                del self[next(iter(self))]


KEPT_SCHEDULES = 8   # a long schedule's order holds ~10⁵ ops in a few arrays: a few MB each
KEPT_TIMINGS: Timings = _KeptTimings(KEPT_SCHEDULES)


def step_upper(s: Scenario, timings: Timings) -> float:
    """An upper bound on `step_time(s).step_time_s` from the caller's timings of the same schedule
    (`ScheduleTiming.upper_bound` of the makespan, plus the exact tail), without a pass over the
    ops; inf when the schedule was not timed before. ValueError as step_time."""
    prep = _prepared(s)
    st = prep.stages
    timing = timings.get((st.kind, s.parallel.pp, s.schedule.microbatches, st.chunks))
    if timing is None:
        return math.inf
    durations, imbalance, _ = _durations_of(st)
    return timing.upper_bound(durations, imbalance) + _tail(s)


def _timing(timings: Timings, s: Scenario, st: _Stages, should_stop: Callable[[], bool] | None,
            durations: Durations, imbalance: tuple[float, ...]) -> ScheduleTiming:
    """The caller's ScheduleTiming of the scenario's schedule, ordered (the first time) by a
    simulation with these durations."""
    schedule = (st.kind, s.parallel.pp, s.schedule.microbatches, st.chunks)
    timing = timings.get(schedule)
    if timing is None:
        timing = timings[schedule] = ScheduleTiming(*schedule, should_stop=should_stop, durations=durations,
                                                    stage_imbalance=imbalance)
    return timing


def _step_time(s: Scenario, should_stop: Callable[[], bool] | None, timings: Timings | None) -> StepTime:
    prep = _prepared(s)
    hw, rows, st = prep.hw, prep.rows, prep.stages
    p, sched = s.parallel, s.schedule
    durations, imbalance, _ = _durations_of(st)
    bare_durations = Durations(F=durations.F, B=durations.B, I=durations.I, W=durations.W, FB=durations.FB)
    with_p2p = durations.p2p > 0 and p.pp > 1
    timing = _timing(KEPT_TIMINGS if timings is None else timings, s, st, should_stop, durations, imbalance)
    makespan, busy_of = timing.makespan(durations, imbalance), timing.busy(durations, imbalance)
    bare = timing.makespan(bare_durations, imbalance) if with_p2p else makespan
    pp_exposed = max(0.0, difference(makespan, bare)) if with_p2p else 0.0

    # PP: the rank's own sends at the p2p latency; exposed, the makespan they add (at most those sends)
    pp_time = rows["pp"].calls_per_step * st.calls.p2p if "pp" in rows else 0.0
    pp_stack = min(pp_exposed, pp_time)

    per_rank: list[dict[str, Any]] = []
    for r, tail_part in enumerate(_tails_of(s)):
        mine = st.by_rank[r]
        total = _Cost()
        for k in mine:
            total.add(st.costs[k], st.micro_batches[k])
        expected = total.total
        busy = busy_of[r] if busy_of else expected
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

    tail = _tail(s)
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
