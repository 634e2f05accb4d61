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

from collections.abc import Callable

import numpy as np

from .kinds import TYPES, Durations
from .simulation import run_order


class ScheduleTiming:
    """The ops of `simulate(kind, ranks, microbatches, chunks)` in the order they ran, with what
    each waits for; `makespan(durations, stage_imbalance)` equals that simulation's makespan with
    those durations. ScheduleError and DeadlockError as `simulate`."""

    def __init__(self, kind: str, ranks: int, microbatches: int, chunks: int = 1,
                 should_stop: Callable[[], bool] | None = None):
        trace = run_order(kind, ranks, microbatches, chunks, should_stop=should_stop)
        orders = trace.orders
        self.kind, self.ranks, self.stages = kind, ranks, len(trace.owner)
        self._stage, self._type = orders.stage, orders.type
        n = len(orders.stage)
        self._pairs = np.asarray(trace.pairs, np.int64)
        second = np.zeros(n, bool)
        second[self._pairs + 1] = True
        # The op before each one on its rank (n: none, whose end is 0.0)
        previous = np.arange(-1, n - 1)
        previous[np.asarray(orders.bounds[:-1], np.int64)] = n
        dep = np.where(trace.dep_op >= 0, trace.dep_op, n)
        ran = np.asarray(trace.ran, np.int64)
        ran = ran[~second[ran]]  # a pair runs as one unit, at its first op
        is_pair = np.zeros(n, bool)
        is_pair[self._pairs] = True
        self._ran = ran.tolist()
        self._previous = previous[ran].tolist()
        self._dep = dep[ran].tolist()
        self._cross = trace.cross[ran]
        # A pair's second half: its op id (n + 1, a slot nothing reads: a single op) and its
        # dependency (n: none)
        self._second = np.where(is_pair[ran], ran + 1, n + 1).tolist()
        partner_dep = np.append(dep, n)[np.minimum(ran + 1, n)]
        self._dep2 = np.where(is_pair[ran], partner_dep, n).tolist()
        self._cross2 = np.where(is_pair[ran], np.append(trace.cross, False)[np.minimum(ran + 1, n)], False)
        self._last = [hi - 1 if hi > lo else n for lo, hi in zip(orders.bounds, orders.bounds[1:])]
        self._n = n

    def makespan(self, durations: Durations, stage_imbalance: tuple[float, ...] | None = None) -> float:
        """The simulated makespan of the schedule with these op durations (and per stage the
        factor that scales every op of it, as `simulate`'s stage_imbalance)."""
        n = self._n
        if stage_imbalance is not None and len(stage_imbalance) != self.stages:
            raise ValueError(f"stage_imbalance has {len(stage_imbalance)} factors for {self.stages} stages")
        # The op lengths as simulate computes them (float() keeps the products its own)
        per_type = np.array([float(durations.of(t)) for t in TYPES])
        factors = np.array([float(f) for f in stage_imbalance] if stage_imbalance is not None
                           else [1.0] * self.stages)
        length = per_type[self._type] * factors[self._stage]
        firsts = self._pairs
        if len(firsts):
            length[firsts] = float(durations.FB) * np.maximum(factors[self._stage[firsts]],
                                                               factors[self._stage[firsts + 1]])
        latency = durations.p2p
        lat = np.where(self._cross, latency, 0.0).tolist()
        ends = [0.0] * (n + 2)
        lengths = length[self._ran].tolist()
        if len(firsts):
            lat2 = np.where(self._cross2, latency, 0.0).tolist()
            for i, before, d, wait, d2, wait2, j, span in zip(self._ran, self._previous, self._dep, lat,
                                                               self._dep2, lat2, self._second, lengths):
                start = ends[before]
                end = ends[d] + wait
                if end > start:
                    start = end
                end = ends[d2] + wait2
                if end > start:
                    start = end
                ends[i] = ends[j] = start + span
        else:
            for i, before, d, wait, span in zip(self._ran, self._previous, self._dep, lat, lengths):
                start = ends[before]
                end = ends[d] + wait
                if end > start:
                    start = end
                ends[i] = start + span
        return max((ends[last] for last in self._last), default=0.0)
