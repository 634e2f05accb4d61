"""Functions of a scenario that declare the keys they read, and remember their latest results by
those keys' values.

The model-side form of `derived.Computation`: a function `f(s: Scenario)` decorated with
`@reads("parallel.pp", "model", ...)` (dotted keys, or whole sections) is called again only when
one of the values it declares has changed, so a search that builds thousands of scenarios differing
in a few keys (the planner) computes the pipeline layout of a (pp, vpp, schedule) once. A test
changes every key a function does not declare and expects the same result, so that a remembered
result is never stale. Results are shared between callers: a declared function returns immutable
values (tuples, frozen dataclasses). A result that raises is not remembered.
"""
from __future__ import annotations

import contextlib
import functools
import operator
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

from .scenario import Scenario

T = TypeVar("T")
MISSING: Any = object()   # what `recall` returns for a result not remembered


class Declared(Generic[T]):
    """`function` of a scenario, remembered by the values of the keys in `reads` (at most `size`
    results, the least recently used dropped first); `uncached(s)` calls it afresh."""

    def __init__(self, function: Callable[[Scenario], T], reads: tuple[str, ...], size: int):
        self.function, self.reads, self.size = function, reads, size
        self._values = [operator.attrgetter(read) for read in reads]
        self._results: OrderedDict[tuple, T] = OrderedDict()
        self._lock = threading.Lock()
        self._under_way: dict[tuple, tuple[int, threading.Event]] = {}   # key: (computing thread, done)
        self._last: tuple[Scenario, T] | None = None
        functools.update_wrapper(self, function)
        DECLARED.append(self)

    def key(self, s: Scenario) -> tuple:
        return tuple(value(s) for value in self._values)

    def __call__(self, s: Scenario) -> T:
        """The result for `s`: remembered, or computed once however many threads ask at the same
        time (the UI thread and a worker often need the same activation policy, whose MoE
        routing takes tens of ms): a thread that finds it under way in another waits for it, and
        computes it itself when that run failed or was cancelled."""
        found = self.recall(s)
        if found is not MISSING:
            return found
        key, me = self.key(s), threading.get_ident()
        while True:
            with self._lock:
                found = self._results.get(key, MISSING)
                if found is not MISSING:
                    return found
                running = self._under_way.get(key)
                if running is None:
                    mine = self._under_way[key] = (me, threading.Event())
                    break
            if running[0] == me:   # this thread's own run asks again: computed, never waited for
                result = self.function(s)
                self.remember(s, result)
                return result
            running[1].wait()
        try:
            result = self.function(s)
            self.remember(s, result)
        finally:
            with self._lock:
                del self._under_way[key]
            mine[1].set()
        return result

    def recall(self, s: Scenario) -> Any:
        """The result remembered for `s`'s values of the declared keys, or `MISSING`."""
        last = self._last  # the same scenario object again (a ledger asks once per rank): no key
        if last is not None and last[0] is s:
            return last[1]
        key = self.key(s)
        with self._lock:
            found: Any = self._results.get(key, MISSING)
            if found is not MISSING:
                self._results.move_to_end(key)
                self._last = (s, found)
        return found

    def remember(self, s: Scenario, result: T) -> None:
        """Keep `result` as the function's result for `s` (computed by a caller with more
        arguments than the scenario: the step time with a caller's schedule timings)."""
        with self._lock:
            self._results[self.key(s)] = result
            while len(self._results) > self.size:
                self._results.popitem(last=False)
        self._last = (s, result)

    @contextlib.contextmanager
    def resized(self, size: int) -> Iterator[None]:
        """Keep up to `size` results (at least the usual number) while the block runs, then trim
        back to the usual size."""
        usual = self.size
        self.size = max(size, usual)
        try:
            yield
        finally:
            with self._lock:
                self.size = usual
                while len(self._results) > usual:
                    self._results.popitem(last=False)

    def uncached(self, s: Scenario) -> T:
        return self.function(s)


DECLARED: list[Declared[Any]] = []

# The keys the step-time model reads (models/time): FLOPs, HBM traffic and communication of every
# stage, through the schedule, and so a schedule's durations when schedule.durations = "model".
# Here, below both the model and the tabs' computations (models/derived.py), which declare it.
STEP_TIME_READS = ("model", "precision", "optimizer", "parallel", "activation", "offload", "cluster", "schedule",
                   "moe", "time", "memory.nccl_channels", "memory.deepep_sms", "context.attention_efficiency")


def reads(*keys: str, size: int = 256) -> Callable[[Callable[[Scenario], T]], Declared[T]]:
    """Declare the scenario keys (or sections) a function of a scenario reads; see the module."""
    def declare(function: Callable[[Scenario], T]) -> Declared[T]:
        return Declared(function, keys, size)
    return declare
