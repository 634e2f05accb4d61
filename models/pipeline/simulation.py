"""Discrete-event simulation of per-rank orders: start and end of every op, idle time, peak
activations, p2p transfers, and a deadlock message that names the op that waits and what for."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from .generators import _generate
from .kinds import (DEFAULT_DURATIONS, TYPES, V_SHAPES, Action, Cancelled, DeadlockError, Durations, ScheduleError,
                    chains_of, check_config, check_size, normalise_kind, stage_rank, stages_of)
from .orders import _F, _W, _gc_paused, _Orders

_DONE_CODE = (0, 1, 1, 2)  # per type code, the done-key code: forward, first backward (B or I), weight
_STOP_EVERY = 4096  # ops between two should_stop() calls: ~1 ms of simulation, far below a frame


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
        new = object.__new__
        out = []
        with _gc_paused():
            for r, stage, mb, type_, overlap, start, end, text in self.op_rows():
                op = new(Op)
                op.__dict__.update(rank=r, stage=stage, mb=mb, type=type_, start=start, end=end,
                                   overlap=overlap, waited_for=text)
                out.append(op)
            return tuple(out)

    def op_rows(self) -> Iterator[tuple[int, int, int, str, int | None, float, float, str]]:
        """The fields of `ops`, (rank, stage, mb, type, overlap, start, end, waited_for), one tuple
        per op in the same order, without keeping Op objects: for writers that stream them."""
        trace = self._rows
        if not isinstance(trace, _Trace):
            return
        key_span, mb_count = self._keys
        owner, names = trace.owner, TYPES
        for r, rows in enumerate(trace.ranks()):
            for stage, mb, type_, overlap, start, end, waited in rows:
                text = ""
                if waited >= 0:
                    code, rest = divmod(waited, key_span)
                    ws, wmb = divmod(rest, mb_count)
                    src = owner[ws]
                    text = f"{_label(ws, wmb, code)} on rank {src}" + (" + p2p" if src != r else "")
                yield r, stage, mb, names[type_], overlap, start, end, text

    @property
    def bubble_time(self) -> float:
        """makespan − the largest per-rank busy time (the papers' bubble, per rank)."""
        return self.makespan - (max(self.busy) if self.busy else 0.0)

    def to_json(self) -> dict[str, Any]:
        d = self.durations
        ops: list[dict[str, Any]] = []
        trace, names = self._rows, TYPES
        with _gc_paused():   # a dict per op, none in a cycle
            for r, rows in enumerate(trace.ranks() if isinstance(trace, _Trace) else ()):
                for stage, mb, type_, overlap, start, end, _ in rows:
                    row: dict[str, Any] = {"rank": r, "stage": stage, "mb": mb, "type": names[type_],
                                           "start": start, "end": end}
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
    `Simulation.ops` and `to_json` pay for per-op objects only when asked. `ran` lists the op ids
    in the order they ran (each after its dependency and its rank's previous op), `dep_op` the op
    each one waits for (−1: none), `cross` whether that arrives over p2p and `pairs` the first ops
    of the overlapped pairs: `timing.ScheduleTiming` times the same order with other durations."""
    __slots__ = ("orders", "start", "end", "waited", "owner", "ran", "dep_op", "cross", "pairs")

    def __init__(self, orders: _Orders, start: list[float], end: list[float], waited: list[int],
                 owner: list[int], ran: np.ndarray, dep_op: np.ndarray, cross: np.ndarray,
                 pairs: np.ndarray) -> None:
        self.orders, self.start, self.end, self.waited, self.owner = orders, start, end, waited, owner
        self.ran, self.dep_op, self.cross, self.pairs = ran, dep_op, cross, pairs

    def ranks(self) -> Iterator[Iterator[tuple[int, int, int, int | None, float, float, int]]]:
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
            if a.overlap is not None and previous is not None and previous.overlap == a.overlap and \
                    sorted((previous.type, a.type)) not in (["B", "F"], ["F", "I"]):
                raise ScheduleError(f"rank {r}: overlapped pair {previous} + {a} must be one F and one B or I")
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
    forwards: dict[int, set[int]] = {}   # stage → its forward micro-batches, in one pass over the ops
    for (s, mb, t) in seen:
        if t == "F":
            forwards.setdefault(s, set()).add(mb)
    for chain in chains_of(kind, p, v):
        mbs = {stage: forwards.get(stage, set()) for stage in chain}
        for stage in chain[1:]:
            if mbs[stage] != mbs[chain[0]]:
                missing = sorted(mbs[chain[0]] ^ mbs[stage])[:3]
                raise ScheduleError(f"stages {chain[0]} and {stage} run different micro-batches "
                                    f"(e.g. mb {missing})")
    return count


def simulate(kind: str, ranks: int, microbatches: int, chunks: int = 1, durations: Durations = DEFAULT_DURATIONS,
             orders: list[list[Action]] | None = None,
             stage_imbalance: tuple[float, ...] | None = None,
             should_stop: Callable[[], bool] | None = None) -> Simulation:
    """Discrete-event simulation of the per-rank orders: each op (or overlapped pair) starts when its
    rank is free and its dependencies are done (+ p2p latency across ranks). O(ops).

    `should_stop`, if given, is called every few thousand ops (`_STOP_EVERY`); when it returns True
    the simulation stops with `Cancelled`. A worker thread passes one that checks whether a newer
    request has superseded this one."""
    with _gc_paused():
        sim = _simulate(kind, ranks, microbatches, chunks, durations, orders, stage_imbalance, should_stop)
    assert isinstance(sim, Simulation)
    return sim


def run_order(kind: str, ranks: int, microbatches: int, chunks: int = 1, durations: Durations = DEFAULT_DURATIONS,
              stage_imbalance: tuple[float, ...] | None = None,
              should_stop: Callable[[], bool] | None = None) -> tuple[_Trace, float]:
    """The generated schedule's ops in the order a simulation with these durations runs them, with
    what each waits for (`_Trace`'s orders, ran, dep_op, cross and pairs; its times are left
    empty), and that simulation's makespan: what `timing.ScheduleTiming` times again.
    ScheduleError and DeadlockError as `simulate`."""
    with _gc_paused():
        found = _simulate(kind, ranks, microbatches, chunks, durations, None, stage_imbalance, should_stop,
                          order_only=True)
    assert isinstance(found, tuple)
    return found


def _simulate(kind: str, ranks: int, microbatches: int, chunks: int, durations: Durations,
              orders: list[list[Action]] | None, stage_imbalance: tuple[float, ...] | None,
              should_stop: Callable[[], bool] | None,
              order_only: bool = False) -> Simulation | tuple[_Trace, float]:
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
        ops = sum(len(order) for order in orders)
        check_size(kind, p, ops)
        stages = stages_of(kind, p, v)
        if stages > max(ops, p):  # before any table is sized by the stage count
            raise ScheduleError(f"{kind} on {p:,} ranks × {v:,} chunks has {stages:,} stages, more than the {ops:,} "
                                f"actions given: every stage runs a forward and a backward of each micro-batch")
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
    firsts = compact.pair_firsts()
    pair = [False] * n_ops
    for i in firsts.tolist():
        pair[i] = True
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
    # Ops left before should_stop() is asked again; without a callback more than all ops, so the
    # budget never runs out and the loop below costs one comparison more per stretch, not per op.
    budget = _STOP_EVERY if should_stop is not None else n_ops + 1

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
        while True:
            # Run to the end of the rank's order, or to where the should_stop budget runs out.
            limit = i + budget if i + budget < stop else stop
            mark = i
            while i < limit:
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
                                half, other = compact.action(i), compact.action(i + 1)
                                raise DeadlockError(f"deadlock: the overlapped pair {half} + {other} on rank {r} "
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
            else:
                budget -= i - mark
                if i < stop:  # the budget ran out in the middle of this rank's stretch
                    if should_stop is not None and should_stop():
                        raise Cancelled(f"simulation of {kind} p={p} m={m} v={v} cancelled")
                    budget = _STOP_EVERY
                    continue
                break
            budget -= i - mark  # blocked: another rank's op must end first
            break
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

    # The ops in the order they ran, and the op each one waited for
    run_lo, run_hi = np.array(runs[0::2], np.int64), np.array(runs[1::2], np.int64)
    sizes = run_hi - run_lo
    ran = np.arange(int(sizes.sum())) + np.repeat(run_lo - (np.cumsum(sizes) - sizes), sizes)
    op_of_key = np.zeros(3 * key_span, np.int64)
    op_of_key[done_key] = np.arange(n_ops)
    dep_op = np.where(dep >= 0, op_of_key[np.maximum(dep, 0)], -1)
    makespan = max(free) if p else 0.0
    if order_only:
        return _Trace(compact, [], [], [], owner, ran, dep_op, cross, firsts), makespan

    idle = tuple(makespan - b for b in busy)
    bubble_ratio = (sum(idle) / (p * makespan)) if makespan > 0 else 0.0
    ends = np.array(start_of) + unit_length  # the same float sums as the loop's start + length

    # Transfers: one per op with a cross-rank dependency, in the order the ops ran (a pair's first
    # half before its second), sent when the dependency ended.
    moved = ran[cross[ran]]
    dep_moved = dep[moved]
    sent = ends[op_of_key[dep_moved]]
    transfers = tuple(zip(np.array(owner)[dep_stage[moved]].tolist(), rank_of[moved].tolist(), sent.tolist(),
                          (sent + latency).tolist(), dep_stage[moved].tolist(), (dep_moved % mb_count).tolist(),
                          np.array(["act", "grad"], dtype=object)[(dep_moved >= key_span).astype(np.int64)].tolist()))

    event, change = _activation_events(type_, firsts)
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
                      busy=tuple(busy),
                      _rows=_Trace(compact, start_of, ends.tolist(), waited_of, owner, ran, dep_op, cross, firsts),
                      _keys=(key_span, mb_count))


def _deadlock_message(stuck: list[int], orders: list[list[Action]], ptr: list[int], blocked_on: dict[int, int],
                      key_span: int, mb_count: int, owner: list[int]) -> str:
    """Names the first stuck rank's op, the done-key it waits for and, if that key's rank is stuck
    as well, what that rank waits for."""
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


def _activation_events(type_: np.ndarray, firsts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the ops in the order their activations count, and each one's change): +1 when an F ends,
    −1 when a B or W ends (an I frees nothing); in an overlapped pair the F counts first ("at equal
    times allocations count before frees")."""
    event = np.arange(len(type_))
    if len(firsts):
        swap = firsts[(type_[firsts] != _F) & (type_[firsts + 1] == _F)]
        event[swap], event[swap + 1] = swap + 1, swap
    return event, np.array([1, -1, 0, -1])[type_[event]]


def generated_peaks(kind: str, ranks: int, microbatches: int, chunks: int = 1) -> tuple[int, ...]:
    """`peak_from_orders(generate(kind, ranks, microbatches, chunks))` from the generated integer
    orders, without Action objects: per rank the most of the running count, +1 for an F, −1 for a
    B or W, an overlapped pair's F counted before its partner frees. ScheduleError as generate."""
    kind = check_config(kind, ranks, microbatches, chunks)
    orders = _generate(kind, ranks, microbatches, chunks)
    _, change = _activation_events(orders.type, orders.pair_firsts())
    peaks = []
    for lo, hi in zip(orders.bounds, orders.bounds[1:]):
        held = np.cumsum(change[lo:hi])
        peaks.append(max(0, int(held.max())) if hi > lo else 0)
    return tuple(peaks)


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
