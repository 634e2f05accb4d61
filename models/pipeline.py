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

Everything here is a deterministic teaching model, not a benchmark of a real cluster. Pure Python
(no Qt); `simulate` is one pass over the ops with per-rank pointers and a ready queue.
"""
from __future__ import annotations

import csv
import io
import re
from collections import deque
from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable

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

def _gpipe(p: int, m: int, r: int) -> list[Action]:
    return [Action(r, j, "F") for j in range(m)] + [Action(r, j, "B") for j in range(m)]


def _one_f_one_b(p: int, m: int, r: int) -> list[Action]:
    warmup = min(m, p - r)
    ops = [Action(r, j, "F") for j in range(warmup)]
    f = warmup
    for b in range(m):
        ops.append(Action(r, b, "B"))
        if f < m:
            ops.append(Action(r, f, "F"))
            f += 1
    return ops


def _rank_ops_1f1b(p: int, m: int, v: int, r: int, warmup: int, zero_bubble: bool,
                   deferred_w: int) -> list[Action]:
    """PyTorch's `_get_1f1b_rank_ops` (interleaved and zero-bubble variants), idle slots dropped."""
    per_round = m // max(1, m // p) if v > 1 else max(m, 1)
    total = m * v
    warmup = min(warmup, total)
    fwd_bwd = total - warmup

    def fwd_stage(step: int) -> int:
        return ((step // per_round) % v) * p + r

    def bwd_stage(step: int) -> int:
        return (v - 1 - ((step - warmup) // per_round) % v) * p + r

    fmb, bmb, wmb = [0] * v, [0] * v, [0] * v
    backward_steps: list[int] = []
    w_count = 0
    ops: list[Action] = []
    back = "I" if zero_bubble else "B"

    def forward(step: int) -> None:
        s = fwd_stage(step)
        ops.append(Action(s, fmb[s // p], "F"))
        fmb[s // p] += 1

    def backward(step: int) -> None:
        nonlocal w_count
        s = bwd_stage(step)
        ops.append(Action(s, bmb[s // p], back))
        bmb[s // p] += 1
        backward_steps.append(step)
        if zero_bubble and step - warmup >= deferred_w:
            weight()

    def weight() -> None:
        nonlocal w_count
        s = bwd_stage(backward_steps[w_count])
        ops.append(Action(s, wmb[s // p], "W"))
        wmb[s // p] += 1
        w_count += 1

    for step in range(total + warmup):
        if step < warmup:
            forward(step)
        elif step < warmup + fwd_bwd:
            forward(step)
            backward(step)
        else:
            backward(step)
    while zero_bubble and w_count < len(backward_steps):
        weight()
    return ops


def _zbv(p: int, m: int, r: int) -> list[Action]:
    """PyTorch ScheduleZBVZeroBubble; micro-batches ≥ m (padding to 2p−1) dropped afterwards."""
    n = max(2 * p - 1, m)
    c0, c1 = r, 2 * p - 1 - r
    ops: list[Action] = []
    f0 = f1 = b0 = b1 = 0
    for _ in range(2 * (p - r) - 1):
        ops.append(Action(c0, f0, "F")); f0 += 1
    for _ in range(r):
        ops.append(Action(c1, f1, "F")); f1 += 1
        ops.append(Action(c0, f0, "F")); f0 += 1
    for _ in range(p - r):
        ops.append(Action(c1, f1, "F")); f1 += 1
        ops += [Action(c1, b1, "I"), Action(c1, b1, "W")]; b1 += 1
    while f1 < f0 or f0 < n:
        if f0 < n:
            ops.append(Action(c0, f0, "F")); f0 += 1
        ops += [Action(c0, b0, "I"), Action(c0, b0, "W")]; b0 += 1
        ops.append(Action(c1, f1, "F")); f1 += 1
        ops += [Action(c1, b1, "I"), Action(c1, b1, "W")]; b1 += 1
    w0, w1 = b0, b1
    for _ in range(r):
        ops.append(Action(c0, b0, "I")); b0 += 1
        ops.append(Action(c1, b1, "I")); b1 += 1
    for _ in range(p - r):
        ops.append(Action(c0, b0, "I")); b0 += 1
        ops.append(Action(c0, w0, "W")); w0 += 1
    while w1 < b1:
        ops.append(Action(c1, w1, "W")); w1 += 1
    while w0 < b0:
        ops.append(Action(c0, w0, "W")); w0 += 1
    return [a for a in ops if a.mb < m]


def _dual(n_ranks: int, n_chunks: int, rank: int, special: bool, stage: tuple[int, int],
          mb0: tuple[int, int], next_overlap) -> list[Action]:
    """The eight steps of DeepSeek's DualPipeV.step (DualPipe.step is the same with half the ranks
    and half the micro-batches per direction, the middle ranks playing the last rank's part).
    `stage[phase]` is the rank's stage for phase 0/1; `mb0[phase]` its first micro-batch id."""
    ops: list[Action] = []
    fc, bc = [0, 0], [0, 0]
    wq: deque[tuple[int, int]] = deque()

    def f(ph: int, overlap: int | None = None) -> None:
        ops.append(Action(stage[ph], mb0[ph] + fc[ph], "F", overlap)); fc[ph] += 1

    def b(ph: int, zb: bool = False, overlap: int | None = None) -> None:
        mb = mb0[ph] + bc[ph]; bc[ph] += 1
        ops.append(Action(stage[ph], mb, "I" if zb else "B", overlap))
        if zb:
            wq.append((stage[ph], mb))

    def w() -> None:
        s, mb = wq.popleft()
        ops.append(Action(s, mb, "W"))

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
    return ops


def generate(kind: str, ranks: int, microbatches: int, chunks: int = 1) -> list[list[Action]]:
    """Per rank, the actions in execution order."""
    kind = check_config(kind, ranks, microbatches, chunks)
    p, m, v = ranks, microbatches, chunks
    if kind == "gpipe":
        return [_gpipe(p, m, r) for r in range(p)]
    if kind == "1f1b":
        return [_one_f_one_b(p, m, r) for r in range(p)]
    if kind == "interleaved-1f1b":
        if v == 1:
            return [_one_f_one_b(p, m, r) for r in range(p)]
        return [_rank_ops_1f1b(p, m, v, r, (v - 1) * p + 2 * (p - 1 - r), False, 0) for r in range(p)]
    if kind == "zb-h1":
        return [_rank_ops_1f1b(p, m, 1, r, p - 1 - r, True, r) for r in range(p)]
    if kind == "zb-h2":
        return [_rank_ops_1f1b(p, m, 1, r, 2 * (p - 1 - r), True, r) for r in range(p)]
    if kind == "zbv":
        return [_zbv(p, m, r) for r in range(p)]
    counter = iter(range(1 << 62))
    next_overlap = counter.__next__
    if kind == "dualpipev":
        return [_dual(p, m, r, r == p - 1, (r, 2 * p - 1 - r), (0, 0), next_overlap) for r in range(p)]
    # dualpipe: phase 0 is copy 1 (stage r, micro-batches 0..m/2−1) on the first half of the ranks,
    # copy 2 (stage 2p−1−r, micro-batches m/2..m−1) on the second half (the reference's phase ^= …).
    half, orders = p // 2, []
    for r in range(p):
        second = r >= half
        copy1, copy2 = (r, 0), (2 * p - 1 - r, m // 2)
        ph0, ph1 = (copy2, copy1) if second else (copy1, copy2)
        orders.append(_dual(half, m // 2, min(r, p - 1 - r), r in (half - 1, half),
                            (ph0[0], ph1[0]), (ph0[1], ph1[1]), next_overlap))
    return orders


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
    _rows: tuple = field(default=(), repr=False, compare=False)  # per rank: (action, start, end, waited key, src)
    _keys: tuple[int, int] = field(default=(1, 1), repr=False, compare=False)

    @cached_property
    def ops(self) -> tuple[Op, ...]:
        """Every op, sorted by (rank, start); built on first use (a simulation of 260k ops is cheap
        to run, its Op objects are not)."""
        key_span, mb_count = self._keys
        new = object.__new__
        out = []
        for r, rows in enumerate(self._rows):
            for a, start, end, waited, src in rows:
                text = ""
                if waited >= 0:
                    code, rest = divmod(waited, key_span)
                    ws, wmb = divmod(rest, mb_count)
                    text = f"{_label(ws, wmb, code)} on rank {src}" + (" + p2p" if src != r else "")
                op = new(Op)
                op.__dict__.update(rank=r, stage=a.stage, mb=a.mb, type=a.type, start=start, end=end,
                                   overlap=a.overlap, waited_for=text)
                out.append(op)
        return tuple(out)

    @property
    def bubble_time(self) -> float:
        """makespan − the largest per-rank busy time (the papers' bubble, per rank)."""
        return self.makespan - (max(self.busy) if self.busy else 0.0)

    def to_json(self) -> dict:
        d = self.durations
        ops = []
        for r, rows in enumerate(self._rows):
            for a, start, end, _, _ in rows:
                row = {"rank": r, "stage": a.stage, "mb": a.mb, "type": a.type, "start": start, "end": end}
                if a.overlap is not None:
                    row["overlap"] = a.overlap
                ops.append(row)
        return {"kind": self.kind, "ranks": self.ranks, "stages": self.stages,
                "microbatches": self.microbatches, "chunks": self.chunks,
                "durations": {"F": d.F, "B": d.B, "I": d.I, "W": d.W, "FB": d.FB, "p2p": d.p2p},
                "ops": ops, "makespan": self.makespan, "bubble_ratio": self.bubble_ratio,
                "peak_activations": list(self.peak_activations), "idle": list(self.idle),
                "parameter_copies": self.parameter_copies, "bubble_time": self.bubble_time}


_TYPE_CODE = {"F": 0, "B": 1, "I": 1, "W": 2}  # done-keys: forward, first backward, weight


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
    kind = normalise_kind(kind)
    p, m, v = ranks, microbatches, chunks
    if orders is None:
        orders = generate(kind, p, m, v)
        count = stages_of(kind, p, v)
    else:
        if not isinstance(p, int) or p < 1:
            raise ScheduleError(f"ranks must be a whole number ≥ 1, not {p!r}")
        if kind in V_SHAPES and v != 2:
            raise ScheduleError(f"{kind} is a V shape with exactly 2 chunks per rank, not {v}")
        if v < 1:
            raise ScheduleError(f"chunks must be a whole number ≥ 1, not {v!r}")
        count = _check_orders(kind, p, m, v, orders)
    if stage_imbalance is not None and len(stage_imbalance) != count:
        raise ScheduleError(f"stage_imbalance has {len(stage_imbalance)} factors for {count} stages")
    factor = list(stage_imbalance) if stage_imbalance is not None else [1.0] * count
    owner = [stage_rank(kind, p, v, s) for s in range(count)]
    prev_stage = [-1] * count
    next_stage = [-1] * count
    for chain in chains_of(kind, p, v):
        for a, b in zip(chain, chain[1:]):
            next_stage[a], prev_stage[b] = b, a
    mb_count = 1 + max((a.mb for order in orders for a in order), default=0)
    key_span = count * mb_count
    done: list[float | None] = [None] * (3 * key_span)
    waiting: dict[int, list[int]] = {}
    dur = {t: durations.of(t) for t in TYPES}
    fb = durations.FB
    latency = durations.p2p

    ptr = [0] * p
    free = [0.0] * p
    busy = [0.0] * p
    rows: list[list[tuple]] = [[] for _ in range(p)]  # per rank: (action, start, end, waited key, src)
    transfers: list[tuple[int, int, float, float, int, int, str]] = []
    blocked_on: dict[int, int] = {}
    ready = deque(range(p))
    code_of = _TYPE_CODE
    fb_span = key_span

    def deps(a: Action) -> int:
        s, t = a.stage, a.type
        if t == "F":
            return prev_stage[s] * mb_count + a.mb if prev_stage[s] >= 0 else -1
        if t == "W":
            return fb_span + s * mb_count + a.mb
        nxt = next_stage[s]
        return fb_span + nxt * mb_count + a.mb if nxt >= 0 else s * mb_count + a.mb

    while ready:
        r = ready.popleft()
        order = orders[r]
        n = len(order)
        i = ptr[r]
        now = free[r]
        out = rows[r]
        while i < n:
            a = order[i]
            pair = a.overlap is not None and i + 1 < n and order[i + 1].overlap == a.overlap
            start, waited, wsrc = now, -1, -1
            t = a.type
            s = a.stage
            if t == "F":
                dep = prev_stage[s] * mb_count + a.mb if prev_stage[s] >= 0 else -1
            elif t == "W":
                dep = fb_span + s * mb_count + a.mb
            else:
                nxt = next_stage[s]
                dep = fb_span + nxt * mb_count + a.mb if nxt >= 0 else s * mb_count + a.mb
            if dep >= 0:
                end = done[dep]
                if end is None:
                    waiting.setdefault(dep, []).append(r)
                    blocked_on[r] = dep
                    break
                src = owner[(dep % key_span) // mb_count]
                if src != r:
                    transfers.append((src, r, end, end + latency, (dep % key_span) // mb_count,
                                      dep % mb_count, "grad" if dep >= key_span else "act"))
                    end += latency
                if end > start:
                    start, waited, wsrc = end, dep, src
            if pair:
                b = order[i + 1]
                dep2 = deps(b)
                if dep2 >= 0:
                    end = done[dep2]
                    if end is None:
                        if dep2 == code_of[a.type] * key_span + a.stage * mb_count + a.mb:
                            raise DeadlockError(f"deadlock: the overlapped pair {a} + {b} on rank {r} "
                                                f"needs its own first half before it can start")
                        if dep >= 0 and owner[(dep % key_span) // mb_count] != r:
                            transfers.pop()
                        waiting.setdefault(dep2, []).append(r)
                        blocked_on[r] = dep2
                        break
                    src = owner[(dep2 % key_span) // mb_count]
                    if src != r:
                        transfers.append((src, r, end, end + latency, (dep2 % key_span) // mb_count,
                                          dep2 % mb_count, "grad" if dep2 >= key_span else "act"))
                        end += latency
                    if end > start:
                        start, waited, wsrc = end, dep2, src
                length = fb * max(factor[a.stage], factor[b.stage])
                now = start + length
                for x in (a, b):
                    key = code_of[x.type] * key_span + x.stage * mb_count + x.mb
                    done[key] = now
                    woken = waiting.pop(key, None)
                    if woken:
                        ready.extend(woken)
                    out.append((x, start, now, waited, wsrc))
                i += 2
            else:
                length = dur[t] * factor[s]
                now = start + length
                key = code_of[t] * key_span + s * mb_count + a.mb
                done[key] = now
                woken = waiting.pop(key, None)
                if woken:
                    ready.extend(woken)
                out.append((a, start, now, waited, wsrc))
                i += 1
            busy[r] += length
        ptr[r] = i
        free[r] = now
        if i >= n:
            blocked_on.pop(r, None)

    stuck = [r for r in range(p) if ptr[r] < len(orders[r])]
    if stuck:
        raise DeadlockError(_deadlock_message(stuck, orders, ptr, blocked_on, key_span, mb_count, owner))

    makespan = max(free) if p else 0.0
    idle = tuple(makespan - b for b in busy)
    bubble_ratio = (sum(idle) / (p * makespan)) if makespan > 0 else 0.0
    peaks: list[int] = []
    steps_all: list[tuple[tuple[float, int], ...]] = []
    for r in range(p):
        held = peak = 0
        steps = [(0.0, 0)]
        rank_rows = rows[r]
        i, n = 0, len(rank_rows)
        while i < n:
            a = rank_rows[i][0]
            j = i + 2 if a.overlap is not None and i + 1 < n and rank_rows[i + 1][0].overlap == a.overlap else i + 1
            group = rank_rows[i:j]
            for x, _, end, _, _ in group:  # at equal times allocations count before frees
                if x.type == "F":
                    held += 1
                    steps.append((end, held))
                    if held > peak:
                        peak = held
            for x, _, end, _, _ in group:
                if x.type == "B" or x.type == "W":
                    held -= 1
                    steps.append((end, held))
            i = j
        peaks.append(peak)
        steps_all.append(tuple(steps))
    return Simulation(kind=kind, ranks=p, stages=count, microbatches=m, chunks=v, durations=durations,
                      makespan=makespan, bubble_ratio=bubble_ratio, idle=idle,
                      peak_activations=tuple(peaks), activation_steps=tuple(steps_all),
                      transfers=tuple(transfers), parameter_copies=2 if kind == "dualpipe" else 1,
                      busy=tuple(busy), _rows=tuple(tuple(x) for x in rows), _keys=(key_span, mb_count))


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
    p, m, v = ranks, microbatches, chunks
    if kind in ("gpipe", "1f1b"):
        return "(p − 1)(F + B)", (p - 1) * (d.F + d.B)
    if kind == "interleaved-1f1b":
        return ("(p − 1)(F + B)/v with F, B of a rank's whole stage = (p − 1)(F + B) per chunk op",
                (p - 1) * (d.F + d.B))
    if kind == "zb-h1":
        return "(p − 1)(F + B − 2W), B = I + W, valid when W ≤ F", (p - 1) * (d.F + d.I - d.W)
    if kind in ("zb-h2", "zbv"):
        # The papers count (p − 1)(F + B − 3W) (B = I + W; zero when F = I = W) because they bypass the
        # optimizer synchronisation; with a synchronous flush the last rank still starts (p − 1)F late.
        return ("(p − 1)(F + B − 3W) + (p − 1)F, B = I + W: ≈ 0 per rank when F = I = W, plus the "
                "last rank's warm-up under a synchronous flush (teaching estimate)",
                (p - 1) * max(0.0, d.F + d.I - 2 * d.W) + (p - 1) * d.F)
    stages = p if kind == "dualpipe" else 2 * p
    return ("(PP/2 − 1)(F&B + B − 3W), PP = " + ("p" if kind == "dualpipe" else "2p stages") +
            " (DeepSeek-V3 Table 2)", (stages / 2 - 1) * (d.FB + d.B - 3 * d.W))


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
