"""How the planner's search checks one configuration at a time (`_Evaluator`: validation, the
ledger's fit, the stage costs' floor, the DP traffic's tail floor, a timing of its schedule, or an
upper bound from a timing kept) and what a timed configuration tells about its siblings
(`_Siblings`). models/planner/search.py orders the work; every rule here names its reason.
"""
from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..memory import memory_ledger, peak_gpu_bytes
from ..mesh import build_mesh
from ..pipeline import Cancelled, chunks_per_rank, normalise_kind
from ..scenario import Scenario
from ..time.step import Timings, step_floor, step_parts, step_tail, step_upper
from ..time.tail import dp_seconds, nccl_share, tail_floor_of
from ..validation import validate
from .bounds import SAFETY, capacity
from .space import Candidate


@dataclass
class _Counts:
    memory: int = 0
    topology: int = 0
    other: int = 0
    timed: int = 0
    ledgers: int = 0


class _Evaluator:
    """Checks and times one configuration at a time, counting why configurations drop out."""

    def __init__(self, base: Scenario, counts: _Counts, should_stop: Callable[[], bool] | None):
        self.base, self.counts, self.should_stop = base, counts, should_stop
        self.capacity = capacity(base)
        self.done: dict[Candidate, tuple[str, Any]] = {}
        self.scenarios: dict[Candidate, Scenario] = {}
        self.own: Candidate | None = None   # the scenario's own configuration (its OOM reason is kept)
        self.makespans: dict[Candidate, float] = {}  # per configuration with zero = -1: its makespan
        self.timings: Timings = {}  # per schedule, for step_parts
        self.dp: dict[tuple, tuple[tuple[float, float], ...]] = {}  # per DP traffic class, for tail_floor
        self.peaks: dict[Candidate, int] = {}  # GPU bytes of the configurations that fit, not yet timed
        self.nccl = nccl_share(base)
        self.timing_cpu, self.ops_walked = 0.0, 0  # for reserve()

    def scenario(self, c: Candidate) -> Scenario:
        found = self.scenarios.get(c)
        if found is None:
            found = self.scenarios[c] = c.scenario(self.base)
        return found

    def floor(self, c: Candidate, makespan: float) -> tuple[float, float | None]:
        """A lower bound on the configuration's step time (models.time.step_floor, with `makespan`
        a bound on its makespan) and its tail (step_tail); (0, None) when the model cannot prepare
        it (evaluate() says why)."""
        try:
            s = self.scenario(c)
            return SAFETY * step_floor(s, makespan), step_tail(s)
        except (ValueError, ZeroDivisionError):
            return 0.0, None

    def tail_floor(self, c: Candidate, makespan: float) -> float:
        """A lower bound on the configuration's step time from its DP/ZeRO traffic and optimizer
        step alone (models.time.tail_step_floor), with `makespan` a bound on its makespan; the
        traffic is worked out once for the configurations that differ only in recompute, in the
        micro-batches under ZeRO 0/1, or in the schedule within a layout (`_Siblings.layout`).
        0 when the model cannot prepare it."""
        group = MEMORY_ORDER.get(c.kind, (c.kind, 0))[0]
        key = (group, dataclasses.replace(c, kind="", recompute="", micro_batch=0,
                                          microbatches=c.microbatches if c.zero >= 2 else 0))
        seconds = self.dp.get(key)
        if seconds is None:
            try:
                seconds = self.dp[key] = dp_seconds(self.scenario(c))
            except (ValueError, ZeroDivisionError):
                seconds = self.dp[key] = ()
        return SAFETY * tail_floor_of(seconds, makespan, c.kind, c.pp, c.zero, c.microbatches, self.nccl,
                                      self.base.time.dp_overlap)

    def fits(self, c: Candidate) -> tuple[str, str] | None:
        """None when the configuration is valid and fits (its peak bytes are kept for evaluate()),
        else (reason kind, message), which is then its evaluation too. The checks run once."""
        found = self.done.get(c)
        if found is not None:
            return None if found[0] == "ok" else found
        if c in self.peaks:
            return None
        fit = self._fit(self.scenario(c), reason=c == self.own)
        if isinstance(fit, int):
            self.peaks[c] = fit
            return None
        self.done[c] = fit
        self.scenarios.pop(c, None)
        return fit

    def _fit(self, s: Scenario, reason: bool = False) -> int | tuple[str, str]:
        """The scenario's GPU bytes when it is valid and fits, else (reason kind, message);
        `reason`: the ledger's first overflow as the memory message."""
        errors = [p for p in validate(s) if p.severity == "error"]
        if errors:
            return "topology", str(errors[0])
        peak = peak_gpu_bytes(s, limit=self.capacity)  # the ledger's GPU tier, stopping at the first overflow
        self.counts.ledgers += 1
        if peak <= self.capacity:
            return peak
        oom = memory_ledger(s).first_oom if reason else None  # the reason, for the reference alone
        return "memory", oom[1] if oom is not None else ""

    def check(self, s: Scenario) -> tuple[str, Any]:
        """evaluate() of a scenario outside the search space (the reference's variants)."""
        found = self._fit(s)
        return found if not isinstance(found, int) else self.time(s, found)

    def faster_than(self, c: Candidate, limit: float) -> bool:
        """Whether an upper bound on the step time of a configuration that fits (from a timing of
        its schedule kept by the search, models.time.step_upper) is below `limit`."""
        try:
            return step_upper(self.scenario(c), self.timings) < limit
        except (ValueError, ZeroDivisionError):
            return False

    def evaluate(self, c: Candidate) -> tuple[str, Any]:
        """("ok", (scenario, step seconds, peak bytes, makespan)) or (reason kind, message); each
        configuration is evaluated once."""
        if c not in self.done and self.fits(c) is None:
            sibling = dataclasses.replace(c, zero=-1)
            s = self.scenarios.pop(c) if c in self.scenarios else c.scenario(self.base)
            self.done[c] = found = self.time(s, self.peaks.pop(c), makespan=self.makespans.get(sibling))
            if found[0] == "ok":
                self.makespans[sibling] = found[1][3]
        return self.done[c]

    def time(self, s: Scenario, peak: int, makespan: float | None = None) -> tuple[str, Any]:
        """evaluate() of a scenario that fits, with `peak` its GPU bytes; `makespan`: its pipeline
        makespan when known (a sibling of another ZeRO stage: the op durations, hence the simulated
        schedule, do not depend on it), so only its tail is counted."""
        started, walked = time.thread_time(), self._walked()
        try:
            if makespan is None:
                makespan, tail = step_parts(s, should_stop=self.should_stop, timings=self.timings)
            else:
                tail = step_tail(s)
        except Cancelled:
            raise
        except (ValueError, ZeroDivisionError) as exc:
            mesh_errors = build_mesh(s).errors  # step_time builds the mesh and refuses its errors
            if mesh_errors:
                return "topology", str(mesh_errors[0])
            return "other", str(exc)
        finally:
            self.timing_cpu += time.thread_time() - started
            self.ops_walked += self._walked() - walked
        self.counts.timed += 1
        return "ok", (s, makespan + tail, peak, makespan)

    def _walked(self) -> int:
        return sum(timing.walked for timing in self.timings.values())

    def reserve(self, entries: list[Scenario]) -> float:
        """CPU seconds the full step times of the `entries` known so far will take after the
        search: three passes over each one's schedule (the makespan with and without the p2p
        latency, and the busy times) at the CPU per op that timing has taken so far, and 5 ms of
        tables each (under 2 ms for every preset's own). Until the top is known, entries still to
        come are not counted: a search that reaches the limit then is refused."""
        per_op = self.timing_cpu / self.ops_walked if self.ops_walked else 0.0
        return 3 * sum(_ops(self.timings, s) for s in entries) * per_op + 0.005 * len(entries)

def _ops(timings: Timings, s: Scenario) -> int:
    """The ops of the scenario's schedule among a search's timings (0: not among them)."""
    kind = normalise_kind(s.schedule.kind)
    timing = timings.get((kind, s.parallel.pp, s.schedule.microbatches, chunks_per_rank(kind, s.parallel.vpp)))
    return timing.ops if timing is not None else 0


# Within one layout the kinds hold more activations in this order (the ledger's in-flight
# micro-batches per rank: 1F1B min(m, p − r) ≤ ZB-H1 min(m, p) ≤ ZB-H2 min(m, 2p − 1); ZBV
# min(2m, m + r + 1, 2p)/2 ≤ DualPipeV min(2m, 2p + 1)/2), everything else of the ledger alike.
# Across micro-batch sizes at one global batch: every activation, logit and buffer byte the ledger
# counts per micro-batch grows with its size b, and the sets held, min(c·m, X)/d with m = B/b, at
# least halve when b doubles (2·min(c·m/2, X) = min(c·m, 2X) ≥ min(c·m, X)), so b·held grows too.
MEMORY_ORDER = {"1f1b": ("single", 0), "zb-h1": ("single", 1), "zb-h2": ("single", 2),
                "zbv": ("v", 0), "dualpipev": ("v", 1)}


class _Siblings:
    """What a timed configuration says about others (models/time/step.py's composition: step =
    pipeline makespan + DP/ZeRO tail):

    - the makespan does not depend on the ZeRO stage (the op durations come from the layers'
      FLOPs, bytes and TP/EP/CP/PP communication), so every ZeRO sibling's step is at least it;
    - the tail (the DP/ZeRO communication not hidden and the optimizer step) depends on the
      layout (which layers each rank holds and their per-micro-batch backward) but not on which
      schedule of that layout runs them: 1F1B, ZB-H1 and ZB-H2 share one layout, ZBV and
      DualPipeV another. A sibling with a known makespan and a known tail is bounded by their sum;
    - within a layout, a schedule that holds fewer activations (MEMORY_ORDER) running out of
      memory means the others do too, and so does a larger micro-batch (at the same global batch)
      of the same configuration."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.makespan: dict[Candidate, float] = {}
        self.tail: dict[tuple, float] = {}
        self.oom: dict[tuple, list[tuple[int, int]]] = {}

    @staticmethod
    def layout(c: Candidate) -> tuple:
        group = MEMORY_ORDER.get(c.kind, (c.kind, 0))[0]
        return (group, dataclasses.replace(c, kind=""))

    @staticmethod
    def _memory(c: Candidate) -> tuple:
        """The key of what a configuration's memory is compared with: its layout, all but the
        schedule and the micro-batches."""
        group = MEMORY_ORDER.get(c.kind, (c.kind, 0))[0]
        return (group, dataclasses.replace(c, kind="", micro_batch=0, microbatches=0))

    @staticmethod
    def _rank(c: Candidate) -> tuple[int, int]:
        return MEMORY_ORDER.get(c.kind, (c.kind, 0))[1], c.micro_batch

    def learn(self, c: Candidate, status: str, result: Any) -> None:
        if not self.enabled:
            return
        if status == "ok":
            seconds, makespan = result[1], result[3]
            self.makespan[dataclasses.replace(c, zero=-1)] = makespan
            self.tail[self.layout(c)] = seconds - makespan
        elif status == "memory":
            self.oom.setdefault(self._memory(c), []).append(self._rank(c))

    def known_makespan(self, c: Candidate) -> float:
        """The simulated makespan of a ZeRO sibling (the same makespan), 0 when none is known."""
        return self.makespan.get(dataclasses.replace(c, zero=-1), 0.0) if self.enabled else 0.0

    def bound(self, c: Candidate) -> float:
        if not self.enabled:
            return 0.0
        makespan = self.makespan.get(dataclasses.replace(c, zero=-1))
        if makespan is None:
            return 0.0
        return SAFETY * (makespan + max(0.0, self.tail.get(self.layout(c), 0.0)))

    def out_of_memory(self, c: Candidate) -> bool:
        """Whether a configuration holding at most as much (an earlier kind of its layout and a
        micro-batch at most as large) ran out of memory."""
        if not self.enabled:
            return False
        kind, size = self._rank(c)
        return any(k <= kind and b <= size for k, b in self.oom.get(self._memory(c), ()))
