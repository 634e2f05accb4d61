"""A schedule's makespan for many sets of durations, one pass over its ops each.

`simulate` runs every rank until it meets an op whose dependency has not ended yet. Which op waits
for which — its rank's previous op, and the forward or backward it needs from another stage —
does not depend on the durations, only when it ends does. So the order in which one simulation ran
the ops (each after both of those) is an order in which every later timing can compute each op's
start as the later of the two ends, without queues or waiting lists:

    start(op) = max(end(previous op on its rank), end(its dependency) + p2p if across ranks)

which is the simulation's own arithmetic on the same floats, so the makespan is the one `simulate`
gives (a property test asserts the equality over random kinds, sizes and durations). The planner
times hundreds of configurations that share a schedule (kind, ranks, micro-batches, chunks) and
differ in their durations; it keeps one ScheduleTiming per schedule for the length of a search.
"""
from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from .kinds import DEFAULT_DURATIONS, TYPES, Durations
from .simulation import run_order


class ScheduleTiming:
    """The ops of `simulate(kind, ranks, microbatches, chunks)` in the order they ran, with what
    each waits for; `makespan(durations, stage_imbalance)` equals that simulation's makespan with
    those durations. ScheduleError and DeadlockError as `simulate`."""

    def __init__(self, kind: str, ranks: int, microbatches: int, chunks: int = 1,
                 should_stop: Callable[[], bool] | None = None, durations: Durations = DEFAULT_DURATIONS,
                 stage_imbalance: tuple[float, ...] | None = None):
        """`durations` and `stage_imbalance`: those of the simulation that orders the ops, whose
        makespan is kept (a caller's first timing of the schedule costs no second pass)."""
        trace, makespan = run_order(kind, ranks, microbatches, chunks, durations, stage_imbalance, should_stop)
        self._first = (durations, stage_imbalance, makespan)
        self._known: list[tuple[np.ndarray, float]] = []  # (op-length table, makespan) of recent timings
        orders = trace.orders
        self.kind, self.ranks, self.stages = kind, ranks, len(trace.owner)
        self._stage, self._type = orders.stage, orders.type
        n = len(orders.stage)
        self._pairs = np.asarray(trace.pairs, np.int64)
        second = np.zeros(n, bool)
        second[self._pairs + 1] = True
        is_pair = np.zeros(n, bool)
        is_pair[self._pairs] = True
        # The units in the order they ran: single ops, and pairs at their first op. Unit u's end
        # is kept at position u + 1 of the loop's list, position 0 holding 0.0 (no op); an op's
        # position is its unit's (a pair's second half shares its first's).
        units = np.asarray(trace.ran, np.int64)
        units = units[~second[units]]
        position = np.zeros(n + 1, np.int64)  # index n: no op
        position[units] = np.arange(1, len(units) + 1)
        position[self._pairs + 1] = position[self._pairs]
        previous = np.arange(-1, n - 1)
        previous[np.asarray(orders.bounds[:-1], np.int64)] = n  # a rank's first op: none before it
        dep = np.where(trace.dep_op >= 0, trace.dep_op, n)
        partner = np.minimum(units + 1, n)
        # Kept as int32 arrays (a long schedule has ~10⁵ ops, and a search keeps hundreds of
        # schedules), made lists for each timing's loop
        self._units = units
        self._before = position[previous[units]].astype(np.int32)
        self._dep = position[dep[units]].astype(np.int32)
        self._cross = trace.cross[units]
        self._dep2 = np.where(is_pair[units], position[np.append(dep, n)[partner]], 0).astype(np.int32)
        self._cross2 = np.where(is_pair[units], np.append(trace.cross, False)[partner], False)
        self._bounds = list(orders.bounds)
        self._last = [int(position[hi - 1]) for lo, hi in zip(orders.bounds, orders.bounds[1:]) if hi > lo]
        self._n = n
        self._types = np.unique(orders.type)
        self._remember(durations, stage_imbalance, makespan)
        # Ops walked through so far (the work a caller budgets): the simulation that ordered
        # them counts as three passes, what it costs (measured)
        self.walked = 3 * n

    @property
    def ops(self) -> int:
        """The schedule's ops (what one timing walks through)."""
        return self._n

    def _lengths(self, durations: Durations, stage_imbalance: tuple[float, ...] | None) -> np.ndarray:
        """Every op's length as simulate computes it (float() keeps the products its own); a
        pair's first op holds the pair's length."""
        if stage_imbalance is not None and len(stage_imbalance) != self.stages:
            raise ValueError(f"stage_imbalance has {len(stage_imbalance)} factors for {self.stages} stages")
        per_type = np.array([float(durations.of(t)) for t in TYPES])
        factors = np.array([float(f) for f in stage_imbalance] if stage_imbalance is not None
                           else [1.0] * self.stages)
        length = per_type[self._type] * factors[self._stage]
        firsts = self._pairs
        if len(firsts):
            length[firsts] = float(durations.FB) * np.maximum(factors[self._stage[firsts]],
                                                               factors[self._stage[firsts + 1]])
        return length

    KEEP = 8  # timings kept for upper_bound

    def _table(self, durations: Durations, stage_imbalance: tuple[float, ...] | None) -> np.ndarray:
        """What every op's length is made of: per op type the schedule has (and F&B when it pairs
        ops), its duration times each stage's factor, then the p2p latency."""
        factors = np.array([float(f) for f in stage_imbalance] if stage_imbalance is not None
                           else [1.0] * self.stages)
        per_type = [float(durations.of(TYPES[code])) for code in self._types.tolist()]
        if len(self._pairs):
            per_type.append(float(durations.FB))
        return np.append(np.outer(per_type, factors).ravel(), float(durations.p2p))

    def _remember(self, durations: Durations, stage_imbalance: tuple[float, ...] | None, makespan: float) -> None:
        self._known.append((self._table(durations, stage_imbalance), makespan))
        del self._known[:-self.KEEP]

    def upper_bound(self, durations: Durations, stage_imbalance: tuple[float, ...] | None = None) -> float:
        """An upper bound on `makespan(durations, stage_imbalance)` from the timings kept, without
        a pass (inf when none bounds it). The makespan is the longest path through the ops, whose
        order does not depend on the lengths, so it grows with every op's length and scales with
        them: when each op, and the p2p latency, is at most λ times as long as in a kept timing of
        makespan M, the makespan is at most λ·M. An overlapped pair lasts F&B times the larger
        factor of its two stages, so F&B times every stage's factor is compared."""
        table = self._table(durations, stage_imbalance)
        best = math.inf
        for known, makespan in self._known:
            if np.any((known == 0) & (table > 0)):
                continue
            used = known > 0
            scale = float(np.max(table[used] / known[used])) if used.any() else 0.0
            best = min(best, scale * makespan * (1 + 1e-12))  # the products above round
        return best

    def busy(self, durations: Durations, stage_imbalance: tuple[float, ...] | None = None) -> tuple[float, ...]:
        """Per rank, the sum of its ops' lengths (a pair counted once) in its own order: simulate's
        `busy`, the same additions."""
        length = self._lengths(durations, stage_imbalance)
        self.walked += self._n
        length[self._pairs + 1] = 0.0  # a pair's second half: nothing more (x + 0.0 is x)
        values = length.tolist()
        found = []
        for lo, hi in zip(self._bounds, self._bounds[1:]):
            spent = 0.0
            for value in values[lo:hi]:
                spent += value
            found.append(spent)
        return tuple(found)

    def makespan(self, durations: Durations, stage_imbalance: tuple[float, ...] | None = None) -> float:
        """The simulated makespan of the schedule with these op durations (and per stage the
        factor that scales every op of it, as `simulate`'s stage_imbalance)."""
        first_durations, first_imbalance, first_makespan = self._first
        if durations == first_durations and stage_imbalance == first_imbalance:
            return first_makespan
        n = self._n
        length = self._lengths(durations, stage_imbalance)
        self.walked += n
        firsts = self._pairs
        latency = durations.p2p
        lat = np.where(self._cross, latency, 0.0).tolist()
        ends = [0.0]
        append = ends.append
        lengths = length[self._units].tolist()
        if len(firsts):
            lat2 = np.where(self._cross2, latency, 0.0).tolist()
            for before, d, wait, d2, wait2, span in zip(self._before.tolist(), self._dep.tolist(), lat,
                                                         self._dep2.tolist(), lat2, lengths):
                start = ends[before]
                end = ends[d] + wait
                if end > start:
                    start = end
                end = ends[d2] + wait2
                if end > start:
                    start = end
                append(start + span)
        else:
            for before, d, wait, span in zip(self._before.tolist(), self._dep.tolist(), lat, lengths):
                start = ends[before]
                end = ends[d] + wait
                if end > start:
                    start = end
                append(start + span)
        found = max((ends[last] for last in self._last), default=0.0)
        self._remember(durations, stage_imbalance, found)
        return found
