"""Per-rank orders as flat integer arrays, the form the generators build and `simulate` reads.

A p = 64, m = 1024 schedule has ~260k ops, and one Python object (plus a closure call) per op cost
half a second; `generate` turns the arrays into `Action`s only for callers that want them.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import numpy.typing as npt

from .kinds import TYPES, Action

IntArray = npt.NDArray[np.int64]
RankOps = tuple[IntArray, IntArray, IntArray]  # one rank's ops: stage, micro-batch and type code arrays


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while hundreds of thousands of small tuples or objects
    are built (transfers, activation steps, Actions, Ops): none of them can form a cycle, yet each
    allocation counts towards a collection, and those passes cost more than building the tuples
    (2–5× on 260k ops). A caller's disabled collector stays disabled."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


_F, _B, _I, _W = range(4)  # type codes: positions in TYPES


class _Orders:
    """Per-rank orders, all ranks back to back: op i is on rank r for bounds[r] ≤ i < bounds[r + 1].
    `stage`, `mb` and `type` (a code into TYPES) are int64 arrays; `overlap` is None when no op
    overlaps, else a list with each op's overlap id (or None)."""
    __slots__ = ("bounds", "stage", "mb", "type", "overlap")

    def __init__(self, bounds: list[int], stage: IntArray, mb: IntArray, type_: IntArray,
                 overlap: list[int | None] | None) -> None:
        self.bounds, self.stage, self.mb, self.type, self.overlap = bounds, stage, mb, type_, overlap

    @classmethod
    def from_ranks(cls, ranks: list[RankOps]) -> _Orders:
        """From one (stage, mb, type) triple of arrays per rank (p ≥ 1), none overlapped."""
        bounds = [0]
        for stage, _, _ in ranks:
            bounds.append(bounds[-1] + len(stage))
        stage, mb, type_ = (np.concatenate([np.asarray(x[k], np.int64) for x in ranks]) for k in range(3))
        return cls(bounds, stage, mb, type_, None)

    @classmethod
    def from_actions(cls, orders: list[list[Action]]) -> _Orders:
        code = {t: n for n, t in enumerate(TYPES)}
        flat = [a for order in orders for a in order]
        bounds = [0]
        for order in orders:
            bounds.append(bounds[-1] + len(order))
        overlap = [a.overlap for a in flat]
        return cls(bounds, np.array([a.stage for a in flat], np.int64), np.array([a.mb for a in flat], np.int64),
                   np.array([code[a.type] for a in flat], np.int64),
                   overlap if any(o is not None for o in overlap) else None)

    def pair_firsts(self) -> IntArray:
        """The first op of every overlapped pair: an op whose successor on its rank shares its
        overlap id, unless it is itself a pair's second half (the rule `simulate` runs pairs by)."""
        firsts: list[int] = []
        if self.overlap is not None:
            ov = self.overlap
            last = set(hi - 1 for hi in self.bounds[1:])  # a rank's last op has no successor
            for i, (o, o2) in enumerate(zip(ov, ov[1:])):
                if o is not None and o == o2 and i not in last and (not firsts or firsts[-1] != i - 1):
                    firsts.append(i)
        return np.array(firsts, np.int64)

    def action(self, i: int) -> Action:
        o = self.overlap[i] if self.overlap is not None else None
        return Action(int(self.stage[i]), int(self.mb[i]), TYPES[self.type[i]], o)

    def actions(self) -> list[list[Action]]:
        # Action is a frozen dataclass; filling __dict__ directly skips its per-field
        # object.__setattr__ calls (same fields, so equality, hash and repr are unchanged).
        new, names = object.__new__, TYPES
        stage, mb, type_ = self.stage.tolist(), self.mb.tolist(), self.type.tolist()
        overlap = self.overlap or [None] * len(stage)
        orders = []
        for lo, hi in zip(self.bounds, self.bounds[1:]):
            order = []
            for s, j, t, o in zip(stage[lo:hi], mb[lo:hi], type_[lo:hi], overlap[lo:hi]):
                a = new(Action)
                a.__dict__.update(stage=s, mb=j, type=names[t], overlap=o)
                order.append(a)
            orders.append(order)
        return orders
