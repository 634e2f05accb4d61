"""Memory over time: the GPU-tier bytes of every pipeline rank over one simulated training step.

Each rank's bytes are a step function of the simulated schedule (`tslab.models.pipeline.simulate`
with the scenario's op durations): the rank's ledger (`memory_ledger(s, rank)`) split into what
is held for the whole step and what comes and goes with the ops.

- Held all step: model states, buffers and every other GPU-tier item of the rank's ledger.
- Activation sets: each forward allocates the set of its stage (chunk) and micro-batch when it
  starts; the full backward B frees it when it ends or, with a split backward (Qi et al., Zero
  Bubble Pipeline Parallelism, ICLR'24, §2), the weight pass W does, since W still reads the
  tensors its input-gradient pass I left. This is the count `peak_from_orders` takes (an
  overlapped F&B pair allocates before it frees), so each rank's most sets held is the ledger's
  `in_flight`, and each GPU-tier activation item of the ledger scales with the sets held.
- Output logits: those of a micro-batch live from the last stage's forward until its first
  backward (B or I), which consumes the loss gradient.
- Recompute working set, when the ledger has one: only while a backward (B or I) of the rank runs.
- Allocator fragmentation: the ledger's allowance, a fixed share of the rest of the GPU tier, so
  it follows the bytes in use.

At the instant of a rank's peak every item is at its ledger value, so the peak is the rank's
ledger GPU tier (tests/test_memory_timeline.py checks this for every schedule kind). Schedules of
more than TIMELINE_OPS ops or SIMULATED_RANKS ranks are not simulated: the timeline then gives the
reason instead of lanes. TIMELINE_OPS (131,072) is above the ledger's own SIMULATED_OPS (whose
schedules of more ops take the closed forms): the timeline is computed only when its page is
shown, and a published batch on a small cluster — Kimi K2's 67M tokens on its 32-node setting,
65,536 ops — takes about 0.3 s on two cores.

A deterministic teaching model of byte counts over the schedule's time units, not a measurement.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Any

from ..hardware import capacity_bytes
from ..pipeline import Op, ScheduleError, chains_of, op_count, schedule_inputs, simulate, stage_rank
from ..scenario import Scenario
from .activations import SIMULATED_RANKS
from .items import LedgerItem
from .ledger import rank_items

TIMELINE_OPS = 1 << 17   # ops simulated for memory over time at most (module docstring)

# How a ledger item's bytes follow the schedule (TimelineItem.follows).
HELD = "held"                  # all step long
PER_SET = "per_set"            # with the activation sets held
LOGITS = "logits"              # with the micro-batches whose logits are held
BACKWARD = "backward"          # while a backward op runs
FRAGMENTATION = "fragmentation"  # a share of the rest of the GPU tier

LOGITS_KEYS = ("logits", "head_inputs")  # the head keeps its inputs as long as its logits
FRAGMENTATION_KEYS = ("fragmentation",)
WORKING_SET_NAME = "recompute working set"  # the ledger's item, any key with "working_set" in it

_F_TYPES = ("F",)
_BACKWARD_TYPES = ("B", "I")   # the backward ops that redo a recomputed forward
_FREES_SET = ("B", "W")        # the ops that free an activation set (`peak_from_orders`)


@dataclass(frozen=True)
class TimelineItem:
    """One GPU-tier ledger item of a rank: its ledger bytes (its value at the peak) and how it
    follows the schedule (HELD, PER_SET, LOGITS, BACKWARD or FRAGMENTATION)."""
    key: str
    name: str       # English display name; the GUI translates it (context "ledger")
    bytes: int
    follows: str


def _follows(key: str, group: str, name: str) -> str:
    if key in FRAGMENTATION_KEYS:
        return FRAGMENTATION
    if key in LOGITS_KEYS:
        return LOGITS
    if "working_set" in key or name.lower() == WORKING_SET_NAME:
        return BACKWARD
    if group == "activations":
        return PER_SET
    return HELD


def _scaled(value: int, count: int, peak: int) -> int:
    """value · count / peak, rounded half up in exact integers (value itself at the peak)."""
    if peak <= 0:
        return 0
    return (2 * value * count + peak) // (2 * peak)


@dataclass(frozen=True)
class MemoryLane:
    """One pipeline rank's GPU tier over the step, a step function: `bytes[i]` holds from
    `times[i]` until `times[i + 1]` (the last step until the makespan). Each step follows one
    event of the rank's ops, in the order they run, so ops of zero duration leave steps of zero
    length: the value of the instant is then the last step that starts at it.

    `sets`, `logits` and `backward` are what the rank holds at each step: activation sets
    (stage × micro-batch), micro-batches whose logits are held, and backward ops running (0 or 1).
    `ops` are the rank's ops as simulated; `cause[i]` is the index in `ops` of the op whose start
    or end makes step i (−1 for the first step, at time 0)."""
    rank: int
    times: tuple[float, ...]
    bytes: tuple[int, ...]
    sets: tuple[int, ...]
    logits: tuple[int, ...]
    backward: tuple[int, ...]
    cause: tuple[int, ...]
    ops: tuple[Op, ...]
    items: tuple[TimelineItem, ...]  # the rank's GPU-tier ledger items, in ledger order
    ledger_gpu_bytes: int
    capacity_bytes: int
    peak_sets: int     # most activation sets held (the ledger's in_flight in stage sets)
    peak_logits: int   # most micro-batches' logits held
    peak_index: int    # the first step at the most bytes

    @property
    def peak_time(self) -> float:
        return self.times[self.peak_index]

    @property
    def peak_bytes(self) -> int:
        return self.bytes[self.peak_index]

    def breakdown(self, index: int) -> tuple[tuple[TimelineItem, int], ...]:
        """Every item's bytes at step `index`, in ledger order."""
        return _breakdown(self.items, self.sets[index], self.logits[index], self.backward[index],
                          self.peak_sets, self.peak_logits)

    @property
    def peak_item(self) -> TimelineItem:
        """The item that makes the peak: the one that grows most at the peak's step (the forward
        whose activation set, or the backward whose working set, lifts the rank to its peak)."""
        now = self.breakdown(self.peak_index)
        before = self.breakdown(self.peak_index - 1) if self.peak_index else tuple((item, 0) for item, _ in now)
        growth = [(value - old, item) for (item, value), (_, old) in zip(now, before)
                  if item.follows != FRAGMENTATION]
        return max(growth, key=lambda pair: pair[0])[1] if growth else now[0][0]

    @property
    def first_oom(self) -> TimelineItem | None:
        """The item whose addition crosses the capacity at the peak's instant, adding the items in
        ledger order (the ledger's first_oom of this rank when the peak is its GPU tier)."""
        used = 0
        for item, value in self.breakdown(self.peak_index):
            if not value:
                continue
            if used + value > self.capacity_bytes:
                return item
            used += value
        return None

    def index_at(self, t: float) -> int:
        """The step in force at time t: the last one that starts at or before t."""
        return max(0, bisect.bisect_right(self.times, t) - 1)

    def bytes_at(self, t: float) -> int:
        return self.bytes[self.index_at(t)]

    def ops_at(self, t: float) -> tuple[Op, ...]:
        """The rank's ops running at time t (an overlapped F&B pair is two ops)."""
        return tuple(op for op in self.ops if op.start <= t < op.end or op.start == t == op.end)

    def to_json(self) -> dict[str, Any]:
        oom = self.first_oom
        return {"rank": self.rank, "ledger_gpu_bytes": self.ledger_gpu_bytes,
                "peak": {"time": self.peak_time, "bytes": self.peak_bytes, "item": self.peak_item.key,
                         "first_oom": None if oom is None else oom.key, "activation_sets": self.peak_sets,
                         "logits": self.peak_logits},
                "items": [{"item": item.key, "name": item.name, "bytes": item.bytes, "follows": item.follows}
                          for item in self.items],
                "times": list(self.times), "bytes": list(self.bytes), "activation_sets": list(self.sets),
                "logits": list(self.logits), "backward": list(self.backward)}


def _breakdown(items: tuple[TimelineItem, ...], sets: int, logits: int, backward: int, peak_sets: int,
               peak_logits: int) -> tuple[tuple[TimelineItem, int], ...]:
    values: list[int] = []
    for item in items:
        if item.follows == PER_SET:
            values.append(_scaled(item.bytes, sets, peak_sets))
        elif item.follows == LOGITS:
            values.append(_scaled(item.bytes, logits, peak_logits))
        elif item.follows == BACKWARD:
            values.append(item.bytes * min(backward, 1))
        else:
            values.append(item.bytes)
    fragment = [i for i, item in enumerate(items) if item.follows == FRAGMENTATION]
    if fragment:
        rest_now = sum(v for i, v in enumerate(values) if i not in fragment)
        rest_peak = sum(item.bytes for item in items if item.follows != FRAGMENTATION)
        for i in fragment:
            values[i] = _scaled(items[i].bytes, rest_now, rest_peak) if rest_peak else items[i].bytes
    return tuple(zip(items, values))


@dataclass(frozen=True)
class MemoryTimeline:
    """Every pipeline rank's GPU tier over one simulated step (`lanes`, one per rank), or `reason`
    why there are none (a schedule too large to simulate, or one that cannot be generated)."""
    kind: str
    ranks: int
    makespan: float
    capacity_bytes: int
    lanes: tuple[MemoryLane, ...]
    reason: str = ""

    @property
    def most_loaded(self) -> int:
        """The rank with the highest peak (the lowest such rank), as the ledger's most-loaded GPU."""
        if not self.lanes:
            return 0
        return max(self.lanes, key=lambda lane: (lane.peak_bytes, -lane.rank)).rank

    def to_json(self) -> dict[str, Any]:
        return {"model": "deterministic teaching model: ledger bytes over the simulated schedule",
                "kind": self.kind, "ranks": self.ranks, "makespan": self.makespan,
                "time_unit": "schedule.f, b, w, fb, p2p", "capacity_bytes": self.capacity_bytes,
                "reason": self.reason or None, "most_loaded_rank": self.most_loaded if self.lanes else None,
                "lanes": [lane.to_json() for lane in self.lanes]}


def _last_stages(kind: str, p: int, v: int) -> frozenset[int]:
    """The stage that computes the loss, one per model copy (DualPipe has two)."""
    return frozenset(chain[-1] for chain in chains_of(kind, p, v))


def _units(ops: list[Op]) -> list[list[int]]:
    """A rank's ops (in running order) grouped into what runs at once: one op, or an overlapped pair."""
    units: list[list[int]] = []
    for i, op in enumerate(ops):
        if units and op.overlap is not None and ops[units[-1][0]].overlap == op.overlap and len(units[-1]) == 1:
            units[-1].append(i)
        else:
            units.append([i])
    return units


def _lane(rank: int, ops: list[Op], last: frozenset[int], ledger_items: list[LedgerItem], capacity: int
          ) -> MemoryLane:
    """The rank's events in running order: a unit (one op or an overlapped pair) allocates its
    forward's set (and the logits on the last stage) and starts its backward when it starts; when
    it ends, its backward stops, B or W frees a set and the first backward frees the logits."""
    steps = [(0.0, 0, 0, 0, -1)]  # (time, sets, logits, backward ops running, cause)
    sets = logits = running = 0
    for unit in _units(ops):
        first, members = ops[unit[0]], [ops[i] for i in unit]
        forward = [op for op in members if op.type in _F_TYPES]
        backward = [op for op in members if op.type in _BACKWARD_TYPES]
        if forward or backward:
            sets += len(forward)
            logits += sum(op.stage in last for op in forward)
            running += len(backward)
            steps.append((first.start, sets, logits, running, unit[0]))
        frees = sum(op.type in _FREES_SET for op in members)
        if frees or backward:
            sets -= frees
            logits -= sum(op.stage in last for op in backward)
            running -= len(backward)
            steps.append((first.end, sets, logits, running, unit[-1]))
    times, sets_of, logits_of, running_of, cause = zip(*steps)
    items = tuple(TimelineItem(item.key, item.name, item.bytes, _follows(item.key, item.group, item.name))
                  for item in ledger_items if item.tier == "gpu")
    peak_sets, peak_logits = max(sets_of), max(logits_of)
    memo: dict[tuple[int, int, int], int] = {}  # a rank's states repeat: each is summed once
    values = []
    for state in zip(sets_of, logits_of, running_of):
        value = memo.get(state)
        if value is None:
            value = memo[state] = sum(v for _, v in _breakdown(items, *state, peak_sets, peak_logits))
        values.append(value)
    return MemoryLane(rank=rank, times=times, bytes=tuple(values), sets=sets_of, logits=logits_of,
                      backward=running_of, cause=cause, ops=tuple(ops), items=items,
                      ledger_gpu_bytes=sum(item.bytes for item in items), capacity_bytes=capacity,
                      peak_sets=peak_sets, peak_logits=peak_logits, peak_index=values.index(max(values)))


def memory_timeline(s: Scenario) -> MemoryTimeline:
    """Every pipeline rank's GPU-tier bytes over the simulated step (see the module docstring):
    a lane per rank from the rank's ledger and the schedule simulated with the scenario's
    durations, or the reason there are no lanes."""
    capacity = capacity_bytes(s.cluster.gpu, s.cluster.hbm_gib)
    try:
        job = schedule_inputs(s)
    except ValueError as exc:  # schedule.durations = "model" on a scenario the step-time model refuses
        return MemoryTimeline(kind=s.schedule.kind, ranks=s.parallel.pp, makespan=0.0, capacity_bytes=capacity,
                              lanes=(), reason=f"no op durations: {exc}")
    p, m, v, kind = job.ranks, job.microbatches, job.chunks, job.kind

    def without(reason: str) -> MemoryTimeline:
        return MemoryTimeline(kind=kind, ranks=p, makespan=0.0, capacity_bytes=capacity, lanes=(), reason=reason)

    ops = op_count(kind, p, m, v)
    if ops > TIMELINE_OPS or p > SIMULATED_RANKS:
        return without(f"a {kind} schedule of {ops:,} ops on {p:,} ranks is more than the {TIMELINE_OPS:,} ops on "
                       f"{SIMULATED_RANKS:,} ranks simulated for memory over time (the ledger's activations come "
                       f"from the closed forms); lower schedule.global_batch or parallel.pp to see memory over time")
    try:
        sim = simulate(kind, p, m, v, job.durations, stage_imbalance=job.stage_imbalance)
    except ScheduleError as exc:
        return without(f"the {kind} schedule cannot be simulated: {exc}")
    by_rank: list[list[Op]] = [[] for _ in range(p)]
    for op in sim.ops:  # sorted by (rank, start), each rank in running order
        by_rank[op.rank].append(op)
    last = _last_stages(kind, p, v)
    # The items of `memory_ledger(s, r)` for every rank r (memory_ledger itself would total every
    # rank to find the most loaded, O(p) per rank here).
    lanes = []
    for layout, items in rank_items(s):
        r = layout.rank
        own_last = frozenset(k for k in last if stage_rank(kind, p, v, k) == r)
        lanes.append(_lane(r, by_rank[r], own_last, list(items), capacity))
    return MemoryTimeline(kind=kind, ranks=p, makespan=sim.makespan, capacity_bytes=capacity, lanes=tuple(lanes))
