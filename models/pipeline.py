"""Pipeline-parallel schedules: per-rank action orders, a discrete-event simulation, closed forms.

Sources (seed 002 §4, §10–§11) and the reference implementations whose orders are reproduced:
- GPipe (Huang et al., NeurIPS'19): all forwards, then all backwards — PyTorch `ScheduleGPipe`.
- 1F1B / PipeDream-Flush (Narayanan et al., SC'21): warm-up of min(m, p − r) forwards, then one
  backward / one forward — PyTorch `Schedule1F1B`.
- Interleaved 1F1B (Narayanan et al., SC'21 §2.2): v chunks per rank, warm-up (v−1)p + 2(p−1−r)
  forwards, rounds of p micro-batches — PyTorch `ScheduleInterleaved1F1B` (m % p == 0, as Megatron).
- ZB-H1 (Qi et al., Zero Bubble Pipeline Parallelism, ICLR'24): backward split into I (input
  gradient) and W (weight gradient); warm-up p−1−r, the first r weight passes deferred — PyTorch
  `ScheduleInterleavedZeroBubble` with one stage per rank (the paper's ZB1P).
- ZB-H2 (same paper): 2(p−r)−1 forwards before the first backward so the warm-up bubble is filled;
  W right after its I (peak 2(p−r)−1 micro-batches). No reference implementation ships it; this is
  the paper's hand-crafted shape.
- ZBV (Qi et al., Pipeline Parallelism with Controllable Memory, 2024): V-shape, two chunks per
  rank — PyTorch `ScheduleZBVZeroBubble`.
- DualPipe / DualPipeV (DeepSeek-V3 report §3.2.1, Table 2; github.com/deepseek-ai/DualPipe): the
  eight steps of `DualPipe.step` / `DualPipeV.step`, overlapped forward-and-backward pairs (F&B).

Everything here is a deterministic teaching model, not a benchmark of a real cluster. No Qt; the
orders are integer arrays (numpy) and `simulate` is one pass over them with per-rank pointers and a
ready queue, so p = 64, m = 1024, v = 2 (262,144 ops) generates and simulates in well under a second.
"""
from __future__ import annotations

import csv
import gc
import io
import re
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable

import numpy as np

from tslab.models.validation import QT_TRANSLATE_NOOP

KINDS = ("gpipe", "1f1b", "interleaved-1f1b", "zb-h1", "zb-h2", "zbv", "dualpipe", "dualpipev")
ALIASES = {"interleaved": "interleaved-1f1b"}
V_SHAPES = ("zbv", "dualpipev")
TYPES = ("F", "B", "I", "W")


@dataclass(frozen=True)
class Durations:
    """Time units of one op on one stage (chunk). B is a full backward; I (input gradient) and W
    (weight gradient) split it; FB is an overlapped forward-and-backward unit (DualPipe's F&B)."""
    F: float = 1.0
    B: float = 2.0
    I: float = 1.0  # noqa: E741 — the papers' name
    W: float = 1.0
    FB: float = 3.0
    p2p: float = 0.0

    def of(self, kind: str) -> float:
        return getattr(self, kind)


@dataclass(frozen=True)
class Action:
    """One entry of a rank's ordered list."""
    stage: int
    mb: int
    type: str  # "F" | "B" | "I" | "W"
    overlap: int | None = None  # F and B/I run as one FB unit when they share an overlap id on a rank

    def __str__(self) -> str:
        return f"{self.type}(stage {self.stage}, mb {self.mb})"


class ScheduleError(ValueError):
    """An invalid schedule configuration or order; the message gives the reason."""


class DeadlockError(ScheduleError):
    """The per-rank orders cannot all run: the message names the op that waits and what for."""


def normalise_kind(kind: str) -> str:
    kind = ALIASES.get(kind, kind)
    if kind not in KINDS:
        raise ScheduleError(f"unknown schedule kind {kind!r} (choose from {', '.join(KINDS)})")
    return kind


# ---------------------------------------------------------------------------------------------
# Placement

def stages_of(kind: str, ranks: int, chunks: int) -> int:
    """Global stage count: p·v; 2p for zbv / dualpipev; 2p for dualpipe (two model copies)."""
    kind = normalise_kind(kind)
    if kind in V_SHAPES or kind == "dualpipe":
        return 2 * ranks
    return ranks * (chunks if kind == "interleaved-1f1b" else 1)


def stage_rank(kind: str, ranks: int, chunks: int, stage: int) -> int:
    """DESIGN.md placement: stage s on rank s % p; V shapes s if s < p else 2p−1−s; dualpipe's
    second copy stage p+k on rank p−1−k."""
    kind = normalise_kind(kind)
    if kind in V_SHAPES or kind == "dualpipe":
        return stage if stage < ranks else 2 * ranks - 1 - stage
    return stage % ranks


def chains_of(kind: str, ranks: int, chunks: int) -> list[list[int]]:
    """Stage ids in data-flow order, one list per model copy."""
    count = stages_of(kind, ranks, chunks)
    if normalise_kind(kind) == "dualpipe":
        return [list(range(ranks)), list(range(ranks, 2 * ranks))]
    return [list(range(count))]


# ---------------------------------------------------------------------------------------------
# Validation

def check_config(kind: str, ranks: int, microbatches: int, chunks: int = 1) -> str:
    """The normalised kind, or ScheduleError with the reason the configuration is invalid."""
    kind = normalise_kind(kind)
    p, m, v = ranks, microbatches, chunks
    if not isinstance(p, int) or p < 1:
        raise ScheduleError(f"ranks must be a whole number ≥ 1, not {p!r}")
    if not isinstance(m, int) or m < 1:
        raise ScheduleError(f"microbatches must be a whole number ≥ 1, not {m!r}")
    if not isinstance(v, int) or v < 1:
        raise ScheduleError(f"chunks must be a whole number ≥ 1, not {v!r}")
    if kind in V_SHAPES and v != 2:
        raise ScheduleError(f"{kind} is a V shape with exactly 2 chunks per rank, not {v}")
    if kind in ("gpipe", "1f1b", "zb-h1", "zb-h2", "dualpipe") and v != 1:
        raise ScheduleError(f"{kind} runs one chunk per rank (chunks = 1), not {v}; "
                            f"use interleaved-1f1b for virtual stages")
    if kind == "interleaved-1f1b" and v > 1 and m % p:
        raise ScheduleError(f"interleaved-1f1b needs micro-batches ({m}) divisible by ranks ({p}), "
                            f"as Megatron-LM and PyTorch's ScheduleInterleaved1F1B require")
    if kind == "dualpipe":
        if p % 2:
            raise ScheduleError(f"dualpipe needs an even number of ranks, not {p} (DualPipe asserts "
                                f"num_ranks % 2 == 0)")
        if m % 2 or m < 2 * p:
            raise ScheduleError(f"dualpipe needs an even number of micro-batches ≥ 2p = {2 * p}, not {m} "
                                f"(DualPipe splits them over two directions and asserts num_chunks ≥ 2·num_ranks)")
    if kind == "dualpipev" and m < 2 * p:
        raise ScheduleError(f"dualpipev needs micro-batches ≥ 2p = {2 * p}, not {m} "
                            f"(DualPipeV asserts num_chunks ≥ 2·num_ranks)")
    return kind


# ---------------------------------------------------------------------------------------------
# Generators (semantics of the reference implementations; see the module docstring)
#
# The orders are built as flat integer arrays, not Action objects: a p = 64, m = 1024 schedule has
# ~260k ops, and one Python object (plus a closure call) per op cost half a second. `simulate`
# reads the arrays directly; `generate` turns them into Actions only for callers that want them.

@contextmanager
def _gc_paused():
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
_DONE_CODE = (0, 1, 1, 2)  # per type code, the done-key code: forward, first backward (B or I), weight
_DUAL_SHIFT = 32  # _dual's op ints: stage from bit 32, micro-batch in bits 2–31, type code in bits 0–1


class _Orders:
    """Per-rank orders, all ranks back to back: op i is on rank r for bounds[r] ≤ i < bounds[r + 1].
    `stage`, `mb` and `type` (a code into TYPES) are int64 arrays; `overlap` is None when no op
    overlaps, else a list with each op's overlap id (or None)."""
    __slots__ = ("bounds", "stage", "mb", "type", "overlap")

    def __init__(self, bounds: list[int], stage, mb, type_, overlap: list | None) -> None:
        self.bounds, self.stage, self.mb, self.type, self.overlap = bounds, stage, mb, type_, overlap

    @classmethod
    def from_ranks(cls, ranks: list[tuple]) -> _Orders:
        """From one (stage, mb, type) triple of arrays per rank (p ≥ 1), none overlapped."""
        bounds = [0]
        for stage, _, _ in ranks:
            bounds.append(bounds[-1] + len(stage))
        return cls(bounds, *(np.concatenate([np.asarray(x[k], np.int64) for x in ranks]) for k in range(3)), None)

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


def _sequence(*segments: tuple[tuple[int, ...], int]) -> np.ndarray:
    """Symbols from (pattern, repeats) segments: ((F, B), 2), ((B,), 1) → F B F B B."""
    parts = [np.tile(np.array(pattern, np.int64), max(0, repeats)) for pattern, repeats in segments]
    return np.concatenate(parts)


def _running_count(symbols: np.ndarray, n_symbols: int) -> np.ndarray:
    """At each position, how many earlier positions hold the same symbol. Every generator hands out
    micro-batches in order per (stage, type), so this count is the micro-batch (or the step)."""
    out = np.empty(len(symbols), np.int64)
    for symbol in range(n_symbols):
        where = np.flatnonzero(symbols == symbol)
        out[where] = np.arange(len(where))
    return out


def _gpipe(p: int, m: int, r: int) -> tuple:
    types = _sequence(((_F,), m), ((_B,), m))
    return np.full(len(types), r), _running_count(types, 4), types


def _one_f_one_b(p: int, m: int, r: int) -> tuple:
    # warm-up of min(m, p − r) forwards, then one backward / one forward, then the cool-down backwards
    warmup = min(m, p - r)
    types = _sequence(((_F,), warmup), ((_B, _F), m - warmup), ((_B,), warmup))
    return np.full(len(types), r), _running_count(types, 4), types


def _rank_ops_1f1b(p: int, m: int, v: int, r: int, warmup: int, zero_bubble: bool,
                   deferred_w: int) -> tuple:
    """PyTorch's `_get_1f1b_rank_ops` (interleaved and zero-bubble variants), idle slots dropped.

    The reference walks steps 0 … total + warmup − 1: a forward at every step < total, a backward at
    every step ≥ warmup; with zero bubble, the backward of step warmup + j is followed by a weight
    pass once j ≥ deferred_w, and the deferred weight passes come at the end. The type sequence
    follows from those counts; the j-th forward (backward, weight) then has a closed-form chunk and
    micro-batch: forwards walk the chunks up in rounds of `per_round`, backwards walk them down, and
    the j-th weight pass belongs to the j-th backward."""
    per_round = m // max(1, m // p) if v > 1 else max(m, 1)
    total = m * v
    warmup = min(warmup, total)
    fwd_bwd = total - warmup
    back = _I if zero_bubble else _B
    no_w = min(deferred_w if zero_bubble else total, fwd_bwd)  # steady steps whose backward has no W
    cool_no_w = min(max(deferred_w if zero_bubble else total, fwd_bwd), total)  # cool-down: [fwd_bwd, cool_no_w)
    eager_w = (fwd_bwd - no_w) + (total - cool_no_w)
    types = _sequence(((_F,), warmup),
                      ((_F, back), no_w), ((_F, back, _W), fwd_bwd - no_w),
                      ((back,), cool_no_w - fwd_bwd), ((back, _W), total - cool_no_w),
                      ((_W,), total - eager_w if zero_bubble else 0))
    j = _running_count(types, 4)
    rounds = (j // per_round) % v
    chunk = np.where(types == _F, rounds, v - 1 - rounds)
    mb = (j // (per_round * v)) * per_round + j % per_round
    return chunk * p + r, mb, types


def _zbv(p: int, m: int, r: int) -> tuple:
    """PyTorch ScheduleZBVZeroBubble; micro-batches ≥ m (padding to 2p−1) dropped afterwards.

    Symbols are chunk·4 + type (chunk 0 is stage r, chunk 1 stage 2p−1−r). The reference's loops
    run a fixed number of times, given here in closed form (f0, f1: forwards issued per chunk)."""
    n = max(2 * p - 1, m)
    F0, I0, W0, F1, I1, W1 = _F, _I, _W, 4 + _F, 4 + _I, 4 + _W
    f0_after_warmup = 2 * (p - r) - 1 + r
    with_f0 = n - f0_after_warmup  # steady iterations that still issue a chunk-0 forward
    symbols = _sequence(((F0,), 2 * (p - r) - 1),
                        ((F1, F0), r),
                        ((F1, I1, W1), p - r),
                        ((F0, I0, W0, F1, I1, W1), with_f0),
                        ((I0, W0, F1, I1, W1), p - r - 1),  # until chunk 1 has caught up with chunk 0
                        ((I0, I1), r),
                        ((I0, W0), p - r),
                        ((W1,), r),
                        ((W0,), r))
    mb = _running_count(symbols, 8)
    keep = mb < m
    symbols, mb = symbols[keep], mb[keep]
    stage = np.where(symbols >= 4, 2 * p - 1 - r, r)
    return stage, mb, symbols & 3


def _dual(n_ranks: int, n_chunks: int, rank: int, special: bool, stage: tuple[int, int],
          mb0: tuple[int, int], next_overlap) -> tuple[list[int], list[int | None]]:
    """The eight steps of DeepSeek's DualPipeV.step (DualPipe.step is the same with half the ranks
    and half the micro-batches per direction, the middle ranks playing the last rank's part).
    `stage[phase]` is the rank's stage for phase 0/1; `mb0[phase]` its first micro-batch id.
    Returns the ops as ints (stage << 32 | mb << 2 | type code, see _DUAL_SHIFT) and their overlap
    ids: two list appends per op instead of a tuple."""
    ops: list[int] = []
    overlaps: list[int | None] = []
    add, add_overlap = ops.append, overlaps.append
    base = (stage[0] << _DUAL_SHIFT, stage[1] << _DUAL_SHIFT)
    fc, bc = [0, 0], [0, 0]
    wq: deque[int] = deque()

    def f(ph: int, overlap: int | None = None) -> None:
        add(base[ph] | (mb0[ph] + fc[ph]) << 2 | _F); add_overlap(overlap); fc[ph] += 1

    def b(ph: int, zb: bool = False, overlap: int | None = None) -> None:
        op = base[ph] | (mb0[ph] + bc[ph]) << 2; bc[ph] += 1
        add(op | (_I if zb else _B)); add_overlap(overlap)
        if zb:
            wq.append(op)

    def w() -> None:
        add(wq.popleft() | _W); add_overlap(None)

    def fb(ph0: int, ph1: int) -> None:
        o = next_overlap()
        f(ph0, o)
        b(ph1, False, o)

    for _ in range((n_ranks - rank - 1) * 2):  # step 1: nF0
        f(0)
    for _ in range(rank + 1):  # step 2: nF0F1
        f(0)
        f(1)
    for _ in range(n_ranks - rank - 1):  # step 3: nB1W1F1 (zero bubble)
        b(1, True)
        w()
        f(1)
    for i in range(n_chunks - n_ranks * 2 + rank + 1):  # step 4: nF0B1F1B0
        if i == 0 and special:  # not overlapped, "to further reduce bubble size"
            f(0)
            b(1)
        else:
            fb(0, 1)
        fb(1, 0)
    for _ in range(n_ranks - rank - 1):  # step 5: nB1F1B0
        b(1)
        fb(1, 0)
    step_6, zb = rank + 1, False  # step 6: nB1B0, second half zero bubble
    for i in range(step_6):
        if i == step_6 // 2 and rank % 2 == 1:
            zb = True
        b(1, zb)
        if i == step_6 // 2 and rank % 2 == 0:
            zb = True
        b(0, zb)
    for _ in range(n_ranks - rank - 1):  # step 7: nWB0
        w()
        b(0, True)
    for _ in range(rank + 1):  # step 8: nW
        w()
    if wq:  # pragma: no cover - the reference asserts the same
        raise ScheduleError("internal: weight-gradient queue not empty")
    return ops, overlaps


def _dual_orders(ranks: list[tuple[list[int], list[int | None]]]) -> _Orders:
    bounds = [0]
    for ops, _ in ranks:
        bounds.append(bounds[-1] + len(ops))
    code = np.array([op for ops, _ in ranks for op in ops], np.int64)
    return _Orders(bounds, code >> _DUAL_SHIFT, (code & ((1 << _DUAL_SHIFT) - 1)) >> 2, code & 3,
                   [o for _, overlaps in ranks for o in overlaps])


def _generate(kind: str, p: int, m: int, v: int) -> _Orders:
    """`generate` as integer arrays; `kind` already checked."""
    if kind == "gpipe":
        return _Orders.from_ranks([_gpipe(p, m, r) for r in range(p)])
    if kind == "1f1b" or kind == "interleaved-1f1b" and v == 1:
        return _Orders.from_ranks([_one_f_one_b(p, m, r) for r in range(p)])
    if kind == "interleaved-1f1b":
        return _Orders.from_ranks([_rank_ops_1f1b(p, m, v, r, (v - 1) * p + 2 * (p - 1 - r), False, 0)
                                   for r in range(p)])
    if kind == "zb-h1":
        return _Orders.from_ranks([_rank_ops_1f1b(p, m, 1, r, p - 1 - r, True, r) for r in range(p)])
    if kind == "zb-h2":
        return _Orders.from_ranks([_rank_ops_1f1b(p, m, 1, r, 2 * (p - 1 - r), True, r) for r in range(p)])
    if kind == "zbv":
        return _Orders.from_ranks([_zbv(p, m, r) for r in range(p)])
    counter = iter(range(1 << 62))
    next_overlap = counter.__next__
    if kind == "dualpipev":
        return _dual_orders([_dual(p, m, r, r == p - 1, (r, 2 * p - 1 - r), (0, 0), next_overlap)
                             for r in range(p)])
    # dualpipe: phase 0 is copy 1 (stage r, micro-batches 0..m/2−1) on the first half of the ranks,
    # copy 2 (stage 2p−1−r, micro-batches m/2..m−1) on the second half (the reference's phase ^= …).
    half, orders = p // 2, []
    for r in range(p):
        second = r >= half
        copy1, copy2 = (r, 0), (2 * p - 1 - r, m // 2)
        ph0, ph1 = (copy2, copy1) if second else (copy1, copy2)
        orders.append(_dual(half, m // 2, min(r, p - 1 - r), r in (half - 1, half),
                            (ph0[0], ph1[0]), (ph0[1], ph1[1]), next_overlap))
    return _dual_orders(orders)


def generate(kind: str, ranks: int, microbatches: int, chunks: int = 1) -> list[list[Action]]:
    """Per rank, the actions in execution order."""
    kind = check_config(kind, ranks, microbatches, chunks)
    with _gc_paused():
        return _generate(kind, ranks, microbatches, chunks).actions()


# ---------------------------------------------------------------------------------------------
# Simulation

@dataclass(frozen=True)
class Op:
    rank: int
    stage: int
    mb: int
    type: str
    start: float
    end: float
    overlap: int | None = None
    waited_for: str = ""  # what this op waited for before it could start; "" if the rank was free


@dataclass(frozen=True)
class Simulation:
    kind: str
    ranks: int
    stages: int
    microbatches: int
    chunks: int
    durations: Durations
    makespan: float
    bubble_ratio: float  # idle rank-time / (ranks × makespan)
    idle: tuple[float, ...]
    peak_activations: tuple[int, ...]
    activation_steps: tuple[tuple[tuple[float, int], ...], ...]
    transfers: tuple[tuple[int, int, float, float, int, int, str], ...]
    parameter_copies: int
    busy: tuple[float, ...] = ()
    _rows: object = field(default=(), repr=False, compare=False)  # a _Trace: the ops as flat lists
    _keys: tuple[int, int] = field(default=(1, 1), repr=False, compare=False)

    @cached_property
    def ops(self) -> tuple[Op, ...]:
        """Every op, sorted by (rank, start); built on first use (a simulation of 260k ops is cheap
        to run, its Op objects are not)."""
        trace = self._rows
        if not isinstance(trace, _Trace):
            return ()
        key_span, mb_count = self._keys
        owner, names = trace.owner, TYPES
        new = object.__new__
        out = []
        with _gc_paused():
            for r, rows in enumerate(trace.ranks()):
                for stage, mb, type_, overlap, start, end, waited in rows:
                    text = ""
                    if waited >= 0:
                        code, rest = divmod(waited, key_span)
                        ws, wmb = divmod(rest, mb_count)
                        src = owner[ws]
                        text = f"{_label(ws, wmb, code)} on rank {src}" + (" + p2p" if src != r else "")
                    op = new(Op)
                    op.__dict__.update(rank=r, stage=stage, mb=mb, type=names[type_], start=start, end=end,
                                       overlap=overlap, waited_for=text)
                    out.append(op)
            return tuple(out)

    @property
    def bubble_time(self) -> float:
        """makespan − the largest per-rank busy time (the papers' bubble, per rank)."""
        return self.makespan - (max(self.busy) if self.busy else 0.0)

    def to_json(self) -> dict:
        d = self.durations
        ops = []
        trace, names = self._rows, TYPES
        for r, rows in enumerate(trace.ranks() if isinstance(trace, _Trace) else ()):
            for stage, mb, type_, overlap, start, end, _ in rows:
                row = {"rank": r, "stage": stage, "mb": mb, "type": names[type_], "start": start, "end": end}
                if overlap is not None:
                    row["overlap"] = overlap
                ops.append(row)
        return {"kind": self.kind, "ranks": self.ranks, "stages": self.stages,
                "microbatches": self.microbatches, "chunks": self.chunks,
                "durations": {"F": d.F, "B": d.B, "I": d.I, "W": d.W, "FB": d.FB, "p2p": d.p2p},
                "ops": ops, "makespan": self.makespan, "bubble_ratio": self.bubble_ratio,
                "peak_activations": list(self.peak_activations), "idle": list(self.idle),
                "parameter_copies": self.parameter_copies, "bubble_time": self.bubble_time}


class _Trace:
    """What `simulate` found, per op id (ranks back to back, each in its own order, as in _Orders):
    the orders plus start, end and the done-key the op waited for (−1: none). Kept flat so that
    `Simulation.ops` and `to_json` pay for per-op objects only when asked."""
    __slots__ = ("orders", "start", "end", "waited", "owner")

    def __init__(self, orders: _Orders, start: list[float], end: list[float], waited: list[int],
                 owner: list[int]) -> None:
        self.orders, self.start, self.end, self.waited, self.owner = orders, start, end, waited, owner

    def ranks(self):
        """Per rank, an iterator of (stage, mb, type code, overlap, start, end, waited key)."""
        o = self.orders
        stage, mb, type_ = o.stage.tolist(), o.mb.tolist(), o.type.tolist()
        overlap = o.overlap or [None] * len(stage)
        for lo, hi in zip(o.bounds, o.bounds[1:]):
            yield zip(stage[lo:hi], mb[lo:hi], type_[lo:hi], overlap[lo:hi], self.start[lo:hi],
                      self.end[lo:hi], self.waited[lo:hi])


def _label(stage: int, mb: int, code: int) -> str:
    return f"{('F', 'B/I', 'W')[code]}(stage {stage}, mb {mb})"


def _check_orders(kind: str, p: int, m: int, v: int, orders: list[list[Action]]) -> int:
    """Coverage and placement of user-supplied (or generated) orders; returns the stage count."""
    if len(orders) != p:
        raise ScheduleError(f"{len(orders)} rank orders for {p} ranks")
    count = stages_of(kind, p, v)
    owner = [stage_rank(kind, p, v, s) for s in range(count)]
    seen: dict[tuple[int, int, str], int] = {}
    for r, order in enumerate(orders):
        previous = None
        for a in order:
            if a.type not in TYPES:
                raise ScheduleError(f"rank {r}: unknown op type {a.type!r} in {a}")
            if not 0 <= a.stage < count:
                raise ScheduleError(f"rank {r}: {a} names a stage outside 0..{count - 1}")
            if a.mb < 0:
                raise ScheduleError(f"rank {r}: {a} has a negative micro-batch")
            if owner[a.stage] != r:
                raise ScheduleError(f"{a} is on rank {r}, but {kind} places stage {a.stage} on rank "
                                    f"{owner[a.stage]}")
            key = (a.stage, a.mb, a.type)
            if key in seen:
                raise ScheduleError(f"{a} appears twice (ranks {seen[key]} and {r})")
            seen[key] = r
            if a.overlap is not None and previous is not None and previous.overlap == a.overlap:
                if sorted((previous.type, a.type)) not in (["B", "F"], ["F", "I"]):
                    raise ScheduleError(f"rank {r}: overlapped pair {previous} + {a} must be one F and "
                                        f"one B or I")
            previous = a
    for (stage, mb, kind_), _ in seen.items():
        if kind_ == "F" and (stage, mb, "B") not in seen and (stage, mb, "I") not in seen:
            raise ScheduleError(f"F(stage {stage}, mb {mb}) has no backward (B or I)")
        if kind_ in ("B", "I", "W") and (stage, mb, "F") not in seen:
            raise ScheduleError(f"{kind_}(stage {stage}, mb {mb}) has no forward")
        if kind_ == "B" and ((stage, mb, "I") in seen or (stage, mb, "W") in seen):
            raise ScheduleError(f"stage {stage} mb {mb} has both a full B and a split I/W")
        if kind_ == "I" and (stage, mb, "W") not in seen:
            raise ScheduleError(f"I(stage {stage}, mb {mb}) has no W")
        if kind_ == "W" and (stage, mb, "I") not in seen:
            raise ScheduleError(f"W(stage {stage}, mb {mb}) has no I")
    for chain in chains_of(kind, p, v):
        mbs = {stage: {mb for (s, mb, t) in seen if s == stage and t == "F"} for stage in chain}
        for stage in chain[1:]:
            if mbs[stage] != mbs[chain[0]]:
                missing = sorted(mbs[chain[0]] ^ mbs[stage])[:3]
                raise ScheduleError(f"stages {chain[0]} and {stage} run different micro-batches "
                                    f"(e.g. mb {missing})")
    return count


def simulate(kind: str, ranks: int, microbatches: int, chunks: int = 1, durations: Durations = Durations(),
             orders: list[list[Action]] | None = None,
             stage_imbalance: tuple[float, ...] | None = None) -> Simulation:
    """Discrete-event simulation of the per-rank orders: each op (or overlapped pair) starts when its
    rank is free and its dependencies are done (+ p2p latency across ranks). O(ops)."""
    with _gc_paused():
        return _simulate(kind, ranks, microbatches, chunks, durations, orders, stage_imbalance)


def _simulate(kind: str, ranks: int, microbatches: int, chunks: int, durations: Durations,
              orders: list[list[Action]] | None, stage_imbalance: tuple[float, ...] | None) -> Simulation:
    kind = normalise_kind(kind)
    p, m, v = ranks, microbatches, chunks
    if orders is None:
        kind = check_config(kind, p, m, v)
        compact = _generate(kind, p, m, v)
        count = stages_of(kind, p, v)
    else:
        if not isinstance(p, int) or p < 1:
            raise ScheduleError(f"ranks must be a whole number ≥ 1, not {p!r}")
        if kind in V_SHAPES and v != 2:
            raise ScheduleError(f"{kind} is a V shape with exactly 2 chunks per rank, not {v}")
        if v < 1:
            raise ScheduleError(f"chunks must be a whole number ≥ 1, not {v!r}")
        count = _check_orders(kind, p, m, v, orders)
        compact = _Orders.from_actions(orders)
    if stage_imbalance is not None and len(stage_imbalance) != count:
        raise ScheduleError(f"stage_imbalance has {len(stage_imbalance)} factors for {count} stages")
    factor = list(stage_imbalance) if stage_imbalance is not None else [1.0] * count
    owner = [stage_rank(kind, p, v, s) for s in range(count)]
    prev_stage = [-1] * count
    next_stage = [-1] * count
    for chain in chains_of(kind, p, v):
        for a, b in zip(chain, chain[1:]):
            next_stage[a], prev_stage[b] = b, a
    bounds = compact.bounds
    stage, mb, type_ = compact.stage, compact.mb, compact.type
    n_ops = len(stage)
    mb_count = 1 + int(mb.max()) if n_ops else 1
    key_span = count * mb_count
    latency = durations.p2p

    # Every op's facts that do not depend on timing, computed once for all ops with numpy. An op's
    # done-key is code·key_span + stage·mb_count + mb (code 0 forward, 1 first backward, 2 weight);
    # `dep` is the done-key it waits for (−1: none): F the previous stage's F, W its own I, B or I
    # the next stage's B/I, or its own F on the last stage.
    rank_of = np.repeat(np.arange(p), np.diff(bounds))
    cell = stage * mb_count + mb
    done_key = np.array(_DONE_CODE)[type_] * key_span + cell
    prev = np.array(prev_stage)[stage]
    nxt = np.array(next_stage)[stage]
    dep = np.where(type_ == _F, np.where(prev >= 0, prev * mb_count + mb, -1),
                   np.where(type_ == _W, key_span + cell,
                            np.where(nxt >= 0, key_span + nxt * mb_count + mb, cell)))
    dep_stage = (dep % key_span) // mb_count
    cross = (dep >= 0) & (np.array(owner)[dep_stage] != rank_of)  # the dependency arrives over p2p
    # float() keeps the products exact and equal to the scalar float arithmetic they replace
    per_type = np.array([float(durations.of(t)) for t in TYPES])
    factors = np.array([float(f) for f in factor])
    length = per_type[type_] * factors[stage]

    # Overlapped pairs: an op whose overlap id its successor on the rank shares starts an F&B unit
    # (unless it is itself a pair's second half), lasting FB on the slower of the two stages; the
    # pair's length is kept at its first op. `unit_length` is what each op's end adds to its start.
    pair = [False] * n_ops
    pair_first: list[int] = []
    if compact.overlap is not None:
        ov = compact.overlap
        last = set(hi - 1 for hi in bounds[1:])  # a rank's last op has no successor
        shared = [i for i, (o, o2) in enumerate(zip(ov, ov[1:])) if o is not None and o == o2]
        for i in shared:
            if i not in last and (not pair_first or pair_first[-1] != i - 1):
                pair_first.append(i)
                pair[i] = True
    firsts = np.array(pair_first, np.int64)
    if len(firsts):
        length[firsts] = float(durations.FB) * np.maximum(factors[stage[firsts]], factors[stage[firsts + 1]])
    unit_length = length.copy()
    unit_length[firsts + 1] = length[firsts]

    dep_l, key_l, length_l, cross_l = dep.tolist(), done_key.tolist(), length.tolist(), cross.tolist()
    done: list[float | None] = [None] * (3 * key_span)  # end time per done-key
    waiters: list[list[int] | None] = [None] * (3 * key_span)  # ranks blocked on a done-key
    start_of = [0.0] * n_ops
    waited_of = [-1] * n_ops  # the done-key an op waited for (it started later than its rank was free)
    runs: list[int] = []  # first and stop op id of each stretch a rank ran, in the order they ran
    ptr = bounds[:-1]
    free = [0.0] * p
    busy = [0.0] * p
    blocked_on: dict[int, int] = {}
    ready = deque(range(p))
    popleft, extend = ready.popleft, ready.extend

    # Run each ready rank until it meets an op whose dependency is not done yet; that op's done-key
    # wakes it again. Ranks run in the same order as before the arrays, so transfers (listed in the
    # order ops ran) and deadlock messages are unchanged. An op's end is start + length, filled in
    # for all ops afterwards.
    while ready:
        r = popleft()
        i = first = ptr[r]
        stop = bounds[r + 1]
        now = free[r]
        spent = busy[r]
        while i < stop:
            start = now
            d = dep_l[i]
            if d >= 0:
                end = done[d]
                if end is None:
                    if waiters[d] is None:
                        waiters[d] = [r]
                    else:
                        waiters[d].append(r)
                    blocked_on[r] = d
                    break
                if cross_l[i]:
                    end += latency
                if end > start:
                    start = end
                    waited_of[i] = d
            length = length_l[i]
            if pair[i]:
                d = dep_l[i + 1]
                if d >= 0:
                    end = done[d]
                    if end is None:
                        if d == key_l[i]:
                            a, b = compact.action(i), compact.action(i + 1)
                            raise DeadlockError(f"deadlock: the overlapped pair {a} + {b} on rank {r} "
                                                f"needs its own first half before it can start")
                        if waiters[d] is None:
                            waiters[d] = [r]
                        else:
                            waiters[d].append(r)
                        blocked_on[r] = d
                        waited_of[i] = -1  # judged again when the pair can run
                        break
                    if cross_l[i + 1]:
                        end += latency
                    if end > start:
                        start = end
                        waited_of[i] = d
                waited_of[i + 1] = waited_of[i]
                start_of[i] = start_of[i + 1] = start
                now = start + length
                for key in (key_l[i], key_l[i + 1]):
                    done[key] = now
                    woken = waiters[key]
                    if woken is not None:
                        extend(woken)
                        waiters[key] = None
                i += 2
            else:
                start_of[i] = start
                now = start + length
                key = key_l[i]
                done[key] = now
                woken = waiters[key]
                if woken is not None:
                    extend(woken)
                    waiters[key] = None
                i += 1
            spent += length
        runs += (first, i)
        ptr[r] = i
        free[r] = now
        busy[r] = spent
        if i >= stop:
            blocked_on.pop(r, None)
    del done, waiters, dep_l, key_l, length_l, cross_l  # before the result tuples: less for GC to walk

    stuck = [r for r in range(p) if ptr[r] < bounds[r + 1]]
    if stuck:
        actions = orders if orders is not None else compact.actions()
        local = [ptr[r] - bounds[r] for r in range(p)]
        raise DeadlockError(_deadlock_message(stuck, actions, local, blocked_on, key_span, mb_count, owner))

    makespan = max(free) if p else 0.0
    idle = tuple(makespan - b for b in busy)
    bubble_ratio = (sum(idle) / (p * makespan)) if makespan > 0 else 0.0
    ends = np.array(start_of) + unit_length  # the same float sums as the loop's start + length

    # Transfers: one per op with a cross-rank dependency, in the order the ops ran (a pair's first
    # half before its second), sent when the dependency ended.
    run_lo, run_hi = np.array(runs[0::2], np.int64), np.array(runs[1::2], np.int64)
    sizes = run_hi - run_lo
    ran = np.arange(int(sizes.sum())) + np.repeat(run_lo - (np.cumsum(sizes) - sizes), sizes)
    moved = ran[cross[ran]]
    op_of_key = np.zeros(3 * key_span, np.int64)
    op_of_key[done_key] = np.arange(n_ops)
    dep_moved = dep[moved]
    sent = ends[op_of_key[dep_moved]]
    transfers = tuple(zip(np.array(owner)[dep_stage[moved]].tolist(), rank_of[moved].tolist(), sent.tolist(),
                          (sent + latency).tolist(), dep_stage[moved].tolist(), (dep_moved % mb_count).tolist(),
                          np.array(["act", "grad"], dtype=object)[(dep_moved >= key_span).astype(np.int64)].tolist()))

    # Activations held per rank: +1 when an F ends, −1 when a B or W ends (an I frees nothing). In an
    # overlapped pair the F counts first ("at equal times allocations count before frees").
    event = np.arange(n_ops)
    if len(firsts):
        swap = firsts[(type_[firsts] != _F) & (type_[firsts + 1] == _F)]
        event[swap], event[swap + 1] = swap + 1, swap
    change = np.array([1, -1, 0, -1])[type_[event]]
    held_all = np.cumsum(change)
    event_end = ends[event]
    peaks: list[int] = []
    steps_all: list[tuple[tuple[float, int], ...]] = []
    for lo, hi in zip(bounds, bounds[1:]):
        counted = change[lo:hi] != 0
        held = held_all[lo:hi][counted] - (held_all[lo - 1] if lo else 0)
        peaks.append(max(0, int(held.max())) if len(held) else 0)
        steps_all.append(((0.0, 0),) + tuple(zip(event_end[lo:hi][counted].tolist(), held.tolist())))
    return Simulation(kind=kind, ranks=p, stages=count, microbatches=m, chunks=v, durations=durations,
                      makespan=makespan, bubble_ratio=bubble_ratio, idle=idle,
                      peak_activations=tuple(peaks), activation_steps=tuple(steps_all),
                      transfers=transfers, parameter_copies=2 if kind == "dualpipe" else 1,
                      busy=tuple(busy), _rows=_Trace(compact, start_of, ends.tolist(), waited_of, owner),
                      _keys=(key_span, mb_count))


def _deadlock_message(stuck, orders, ptr, blocked_on, key_span, mb_count, owner) -> str:
    def unit_text(r: int) -> str:
        order, i = orders[r], ptr[r]
        a = order[i]
        if a.overlap is not None and i + 1 < len(order) and order[i + 1].overlap == a.overlap:
            return f"{a} + {order[i + 1]}"
        return str(a)

    def dep_text(dep: int) -> tuple[str, int]:
        code, rest = divmod(dep, key_span)
        s, mb = divmod(rest, mb_count)
        return _label(s, mb, code), owner[s]

    r = stuck[0]
    dep = blocked_on.get(r)
    if dep is None:
        return f"deadlock: {unit_text(r)} on rank {r} cannot start"
    what, src = dep_text(dep)
    text = f"deadlock: {unit_text(r)} on rank {r} waits for {what} on rank {src}"
    if src in stuck:
        text += f", which is queued behind {unit_text(src)}"
        dep2 = blocked_on.get(src)
        if dep2 is not None:
            what2, src2 = dep_text(dep2)
            text += f" (waiting for {what2} on rank {src2})"
    return text


# ---------------------------------------------------------------------------------------------
# Closed forms

def closed_form(kind: str, ranks: int, microbatches: int, chunks: int, d: Durations) -> tuple[str, float]:
    """(formula with symbols, bubble TIME per rank) from the papers; F, B, I, W, FB are the
    durations of one op on one stage/chunk, as in `simulate`."""
    kind = normalise_kind(kind)
    p = ranks  # the closed forms here depend on p and the durations only
    if kind in ("gpipe", "1f1b"):
        return "(p − 1)(F + B)", (p - 1) * (d.F + d.B)
    if kind == "interleaved-1f1b":
        return (QT_TRANSLATE_NOOP("pipeline", "(p − 1)(F + B)/v with F, B of a rank's whole stage = "
                                              "(p − 1)(F + B) per chunk op"), (p - 1) * (d.F + d.B))
    if kind == "zb-h1":
        return (QT_TRANSLATE_NOOP("pipeline", "(p − 1)(F + B − 2W), B = I + W, valid when W ≤ F"),
                (p - 1) * (d.F + d.I - d.W))
    if kind in ("zb-h2", "zbv"):
        # The papers count (p − 1)(F + B − 3W) (B = I + W; zero when F = I = W) because they bypass the
        # optimizer synchronisation; with a synchronous flush the last rank still starts (p − 1)F late.
        return (QT_TRANSLATE_NOOP("pipeline", "(p − 1)(F + B − 3W) + (p − 1)F, B = I + W: ≈ 0 per rank when "
                                              "F = I = W, plus the last rank's warm-up under a synchronous "
                                              "flush (teaching estimate)"),
                (p - 1) * max(0.0, d.F + d.I - 2 * d.W) + (p - 1) * d.F)
    if kind == "dualpipe":
        return (QT_TRANSLATE_NOOP("pipeline", "(PP/2 − 1)(F&B + B − 3W), PP = p (DeepSeek-V3 Table 2)"),
                (p / 2 - 1) * (d.FB + d.B - 3 * d.W))
    return (QT_TRANSLATE_NOOP("pipeline", "(PP/2 − 1)(F&B + B − 3W), PP = 2p stages (DeepSeek-V3 Table 2)"),
            (p - 1) * (d.FB + d.B - 3 * d.W))


# ---------------------------------------------------------------------------------------------
# PyTorch action-list CSV and Chrome trace

_ACTION = re.compile(r"^(\d+)([FBIW])(\d+)$")
_OVERLAP = re.compile(r"^\((.+);(.+)\)OVERLAP_F_B$")


def _action_text(a: Action) -> str:
    return f"{a.stage}{a.type}{a.mb}"


def to_csv(orders: list[list[Action]]) -> str:
    """torch.distributed.pipelining's compute-only CSV (`_dump_csv` / `_load_csv`): one row per rank,
    each cell an action such as 0F0, 1I3, 2W1, 0B0; an overlapped pair is one cell in PyTorch's
    OVERLAP_F_B form, (0F2;3B0)OVERLAP_F_B."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for order in orders:
        row, i = [], 0
        while i < len(order):
            a = order[i]
            if a.overlap is not None and i + 1 < len(order) and order[i + 1].overlap == a.overlap:
                row.append(f"({_action_text(a)};{_action_text(order[i + 1])})OVERLAP_F_B")
                i += 2
            else:
                row.append(_action_text(a))
                i += 1
        writer.writerow(row)
    return out.getvalue()


def from_csv(text: str) -> list[list[Action]]:
    """The inverse of `to_csv`; empty cells (PyTorch's idle slots) are skipped; pairs get overlap ids."""
    orders: list[list[Action]] = []
    overlap = 0
    for line, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        order: list[Action] = []
        for cell in row:
            cell = cell.strip()
            if not cell:
                continue
            pair = _OVERLAP.match(cell)
            if pair:
                parts = [_parse_action(x.strip(), line) for x in pair.groups()]
                if sorted(a.type for a in parts) not in (["B", "F"], ["F", "I"]):
                    raise ScheduleError(f"CSV row {line}: {cell!r} must overlap one F and one B or I")
                order += [Action(a.stage, a.mb, a.type, overlap) for a in parts]
                overlap += 1
            else:
                order.append(_parse_action(cell, line))
        orders.append(order)
    while orders and not orders[-1]:
        orders.pop()
    if not orders:
        raise ScheduleError("the CSV holds no actions")
    return orders


def _parse_action(cell: str, line: int) -> Action:
    match = _ACTION.match(cell)
    if not match:
        raise ScheduleError(f"CSV row {line}: {cell!r} is not an action like 0F0, 1I3, 2W1 or 0B0 "
                            f"(stage, F|B|I|W, micro-batch)")
    return Action(int(match.group(1)), int(match.group(3)), match.group(2))


def to_chrome_trace(sim: Simulation) -> dict:
    """Chrome / Perfetto trace: one track (tid) per rank, an X event per op, flow events for p2p."""
    scale = 1000.0  # one time unit shown as 1 ms (trace times are µs)
    events: list[dict] = [{"name": "process_name", "ph": "M", "pid": 0, "tid": 0,
                           "args": {"name": f"{sim.kind} p={sim.ranks} m={sim.microbatches}"}}]
    for r in range(sim.ranks):
        events.append({"name": "thread_name", "ph": "M", "pid": 0, "tid": r, "args": {"name": f"rank {r}"}})
    for op in sim.ops:
        event = {"name": f"{op.type}{op.mb} s{op.stage}", "cat": op.type, "ph": "X", "pid": 0,
                 "tid": op.rank, "ts": op.start * scale, "dur": (op.end - op.start) * scale,
                 "args": {"stage": op.stage, "mb": op.mb}}
        if op.overlap is not None:
            event["args"]["overlap"] = op.overlap
        if op.waited_for:
            event["args"]["waited_for"] = op.waited_for
        events.append(event)
    for n, (src, dst, sent, arrive, stage, mb, what) in enumerate(sim.transfers):
        name = f"{what} s{stage} mb{mb}"
        events.append({"name": name, "cat": "p2p", "ph": "s", "id": n, "pid": 0, "tid": src, "ts": sent * scale})
        events.append({"name": name, "cat": "p2p", "ph": "f", "bp": "e", "id": n, "pid": 0, "tid": dst,
                       "ts": arrive * scale})
    return {"traceEvents": events, "displayTimeUnit": "ms"}


def summary(sim: Simulation) -> str:  # pragma: no cover - convenience for the REPL
    return (f"{sim.kind} p={sim.ranks} m={sim.microbatches} v={sim.chunks}: makespan {sim.makespan:g}, "
            f"bubble {sim.bubble_ratio:.3f}, peaks {list(sim.peak_activations)}")


def iter_kinds() -> Iterable[str]:
    return iter(KINDS)


def peak_from_orders(orders: list[list[Action]]) -> tuple[int, ...]:
    """Per rank, the most activation sets held at once. A rank runs its list in order, so the count
    follows the list (an overlapped pair's F counts before its B frees): no timing needed."""
    peaks = []
    for order in orders:
        held = peak = 0
        pending = 0
        previous_overlap = None
        for a in order:
            if a.overlap is not None and a.overlap == previous_overlap:
                # second half of a pair: settle the pair, allocations first
                if a.type == "F":
                    held += 1
                    peak = max(peak, held)
                else:
                    pending += 1
                held -= pending
                pending, previous_overlap = 0, None
                continue
            previous_overlap = a.overlap
            if a.type == "F":
                held += 1
                if held > peak:
                    peak = held
            elif a.type in ("B", "W"):
                if a.overlap is not None:
                    pending += 1  # first half of a pair: free after its partner's F
                else:
                    held -= 1
        held -= pending
        peaks.append(peak)
    return tuple(peaks)
