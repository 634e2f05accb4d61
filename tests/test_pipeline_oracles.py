"""Pipeline schedules against independent oracles: the per-rank orders of PyTorch's
torch.distributed.pipelining (ScheduleGPipe, Schedule1F1B, ScheduleInterleaved1F1B,
ScheduleInterleavedZeroBubble, ScheduleZBVZeroBubble) and of DeepSeek's DualPipe / DualPipeV
`step`, written as plain loops; and the simulation semantics (list order per rank, dependencies,
p2p) written out directly, against which every op's start and end, the transfers, busy and idle
time, the bubble ratio and the activation counts are recomputed. No torch import: the reference
algorithms are restated, with their structure, in comments and docstrings.
"""
from __future__ import annotations

from collections import defaultdict, deque

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from test_pipeline import configs, ref_chains, ref_rank_of, ref_stage_count

from tslab.models.pipeline import (KINDS, Action, Durations, ScheduleError, check_config, closed_form, from_csv,
                                   generate, simulate, to_chrome_trace, to_csv)

EPS = 1e-9
UNIT = Durations(F=1, B=2, I=1, W=1, FB=3)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------------------------
# Independent oracles: the reference schedules re-implemented as plain loops, and a reference
# simulator. PyTorch's torch.distributed.pipelining builds every schedule as per-rank lists of
# _Action(stage, type, micro-batch) and pads them with None (idle) slots; `generate` drops the
# idle slots, so the lists below are PyTorch's (and DeepSeek's DualPipe's) with the Nones removed.
# Micro-batches are handed out in order per (stage, type), as in the reference counters.

def ref_gpipe(p: int, m: int, r: int) -> list[tuple[int, int, str]]:
    """ScheduleGPipe: every forward, then every backward, micro-batches in order."""
    return [(r, j, "F") for j in range(m)] + [(r, j, "B") for j in range(m)]


def ref_1f1b(p: int, m: int, r: int) -> list[tuple[int, int, str]]:
    """Schedule1F1B: min(m, p − r) warm-up forwards, then one backward / one forward until the
    forwards run out, then the remaining backwards (Megatron's p − r − 1 warm-up followed by
    forward/backward pairs is the same sequence)."""
    ops, f, b = [], 0, 0
    for _ in range(min(m, p - r)):
        ops.append((r, f, "F"))
        f += 1
    while True:
        ops.append((r, b, "B"))
        b += 1
        if f == m:
            break
        ops.append((r, f, "F"))
        f += 1
    while b < m:
        ops.append((r, b, "B"))
        b += 1
    return ops


def ref_1f1b_rank_ops(warmup: int, fwd_bwd: int, cooldown: int, fwd_stage, bwd_stage,
                      deferred_w: int = 0, zero_bubble: bool = False) -> list[tuple[int, int, str]]:
    """PyTorch's `_get_1f1b_rank_ops` without its None slots: a forward at every step before
    warmup + fwd_bwd, a backward (I with zero bubble) at every step from warmup on; with zero bubble
    the backward of steady step j is followed by the oldest pending W once j ≥ deferred_w, and the
    W still pending come at the end."""
    fwd: dict[int, int] = defaultdict(int)
    bwd: dict[int, int] = defaultdict(int)
    wgt: dict[int, int] = defaultdict(int)
    ops: list[tuple[int, int, str]] = []
    backward_steps: list[int] = []

    def take(counter: dict[int, int], stage: int) -> int:
        counter[stage] += 1
        return counter[stage] - 1

    def weight() -> None:
        stage = bwd_stage(backward_steps[sum(wgt.values())])
        ops.append((stage, take(wgt, stage), "W"))

    for step in range(warmup + fwd_bwd + cooldown):
        if step < warmup + fwd_bwd:
            stage = fwd_stage(step)
            ops.append((stage, take(fwd, stage), "F"))
        if step >= warmup:
            stage = bwd_stage(step)
            ops.append((stage, take(bwd, stage), "I" if zero_bubble else "B"))
            backward_steps.append(step)
            if zero_bubble and step - warmup >= deferred_w:
                weight()
    while zero_bubble and sum(wgt.values()) < len(backward_steps):
        weight()
    return ops


def ref_interleaved(p: int, m: int, v: int, r: int) -> list[tuple[int, int, str]]:
    """ScheduleInterleaved1F1B: rounds of m // max(1, m // p) micro-batches per chunk, warm-up
    (v − 1)·round + 2(p − 1 − r) capped at m·v; forwards walk the chunks up, backwards down. With
    v = 1 there is nothing to interleave: Megatron-LM then runs the plain 1F1B schedule."""
    if v == 1:
        return ref_1f1b(p, m, r)
    per_round = m // max(1, m // p)
    warmup = min((v - 1) * per_round + 2 * (p - 1 - r), m * v)
    return ref_1f1b_rank_ops(warmup, m * v - warmup, warmup,
                             lambda step: (step // per_round) % v * p + r,
                             lambda step: (v - 1 - ((step - warmup) // per_round) % v) * p + r)


def ref_zb_h1(p: int, m: int, r: int) -> list[tuple[int, int, str]]:
    """ScheduleInterleavedZeroBubble with one stage per rank (the paper's ZB-H1 / ZB1P): warm-up
    p − 1 − r, zero bubble, num_1f1b_microbatches = r (rank r defers its first r weight passes)."""
    warmup = min(p - 1 - r, m)
    return ref_1f1b_rank_ops(warmup, m - warmup, warmup, lambda step: r, lambda step: r,
                             deferred_w=r, zero_bubble=True)


def ref_zbv(p: int, m: int, r: int) -> list[tuple[int, int, str]]:
    """ScheduleZBVZeroBubble._calculate_single_rank_operations: at least 2p − 1 micro-batches are
    laid out, and the ones ≥ m are dropped at the end, as PyTorch does."""
    n = max(2 * p - 1, m)
    s0, s1 = r, 2 * p - 1 - r
    ops: list[tuple[int, int, str]] = []
    f0 = f1 = b0 = b1 = 0
    for _ in range(2 * (p - r) - 1):
        ops.append((s0, f0, "F"))
        f0 += 1
    for _ in range(r):
        ops += [(s1, f1, "F"), (s0, f0, "F")]
        f0, f1 = f0 + 1, f1 + 1
    for _ in range(p - r):
        ops += [(s1, f1, "F"), (s1, b1, "I"), (s1, b1, "W")]
        f1, b1 = f1 + 1, b1 + 1
    while f1 < f0 or f0 < n:
        if f0 < n:
            ops.append((s0, f0, "F"))
            f0 += 1
        ops += [(s0, b0, "I"), (s0, b0, "W"), (s1, f1, "F"), (s1, b1, "I"), (s1, b1, "W")]
        b0, f1, b1 = b0 + 1, f1 + 1, b1 + 1
    w0, w1 = b0, b1
    for _ in range(r):
        ops += [(s0, b0, "I"), (s1, b1, "I")]
        b0, b1 = b0 + 1, b1 + 1
    for _ in range(p - r):
        ops += [(s0, b0, "I"), (s0, w0, "W")]
        b0, w0 = b0 + 1, w0 + 1
    ops += [(s1, j, "W") for j in range(w1, b1)] + [(s0, j, "W") for j in range(w0, b0)]
    return [op for op in ops if op[1] < m]


def ref_dual_step(kind: str, p: int, m: int, rank: int) -> tuple[list[tuple[int, int, str]], list[int]]:
    """One rank's `step` of DeepSeek's DualPipe (dualpipe/dualpipe.py) or DualPipeV
    (dualpipe/dualpipev.py), in the reference's own names and eight steps, its compute calls
    recorded instead of run (the sends and receives are left out). `_forward_chunk(phase)` and
    `_backward_chunk(phase, enable_zb)` take the next chunk id of the phase (current_f_chunk_id,
    current_b_chunk_id); with enable_zb the weight pass waits in the FIFO WeightGradStore until a
    `_weight_chunk`; `_forward_backward_chunk(phase0, phase1)` overlaps a forward of phase0 with a
    full backward of phase1. Returns the ops and the indices i where ops i, i + 1 are one F&B unit.

    DualPipe: two copies of the model over p ranks, num_chunks = m split in half between them; a
    rank in the second half flips the phase in every compute call (`phase ^= is_in_second_half`),
    so the flipped phase 0 is the copy entering at rank 0 (stage `rank` here, micro-batches
    0 … m/2 − 1) and 1 the copy entering at the last rank (stage 2p − 1 − rank, micro-batches
    numbered m/2 … m − 1 here). DualPipeV: one V of 2p stages, phase 0 stage `rank` and phase 1
    stage 2p − 1 − rank, every micro-batch through both; its step is DualPipe's with num_ranks,
    rank and num_chunks where DualPipe has num_half_ranks, half_rank and half_num_chunks, and
    is_last_rank where DualPipe has is_middle_rank."""
    if kind == "dualpipe":
        num_ranks, num_chunks = p, m
        num_half_ranks = num_ranks // 2
        half_rank = min(rank, num_ranks - 1 - rank)
        half_num_chunks = num_chunks // 2
        is_in_second_half = rank >= num_ranks // 2
        is_middle_rank = rank == num_ranks // 2 - 1 or rank == num_ranks // 2
        first_mb = (0, half_num_chunks)
        step_4 = half_num_chunks - num_ranks + half_rank + 1
    else:  # dualpipev, in DualPipe's names
        num_half_ranks, half_rank, num_chunks = p, rank, m
        is_in_second_half = False
        is_middle_rank = rank == p - 1  # is_last_rank
        first_mb = (0, 0)
        step_4 = num_chunks - p * 2 + rank + 1
    stage = (rank, 2 * p - 1 - rank)
    current_f_chunk_id, current_b_chunk_id = [0, 0], [0, 0]
    weight_grad_store: deque[tuple[int, int]] = deque()
    ops: list[tuple[int, int, str]] = []
    pairs: list[int] = []

    def compute_chunk(phase: int, current_chunk_id: list[int], type_: str) -> tuple[int, int]:
        """_forward_compute_chunk / _backward_compute_chunk: the phase's next chunk, recorded;
        returns its (stage, micro-batch)."""
        phase ^= is_in_second_half
        chunk_id = current_chunk_id[phase]
        current_chunk_id[phase] += 1
        op = (stage[phase], first_mb[phase] + chunk_id)
        ops.append((*op, type_))
        return op

    def forward_chunk(phase: int) -> None:
        compute_chunk(phase, current_f_chunk_id, "F")

    def backward_chunk(phase: int, enable_zb: bool = False) -> None:
        op = compute_chunk(phase, current_b_chunk_id, "I" if enable_zb else "B")
        if enable_zb:
            weight_grad_store.append(op)

    def weight_chunk() -> None:  # "Assume FIFO"
        ops.append((*weight_grad_store.popleft(), "W"))

    def forward_backward_chunk(phase0: int, phase1: int) -> None:
        pairs.append(len(ops))
        forward_chunk(phase0)
        backward_chunk(phase1)

    # Step 1: nF0
    step_1 = (num_half_ranks - half_rank - 1) * 2
    for _ in range(step_1):
        forward_chunk(0)
    # Step 2: nF0F1
    step_2 = half_rank + 1
    for _ in range(step_2):
        forward_chunk(0)
        forward_chunk(1)
    # Step 3: nB1W1F1 (Use zero bubble)
    step_3 = num_half_ranks - half_rank - 1
    for _ in range(step_3):
        backward_chunk(1, enable_zb=True)
        weight_chunk()
        forward_chunk(1)
    # Step 4 (Main step): nF0B1F1B0
    for i in range(step_4):
        if i == 0 and is_middle_rank:
            # "We don't overlap these two chunks to further reduce bubble size."
            forward_chunk(0)
            backward_chunk(1)
        else:
            forward_backward_chunk(0, 1)
        forward_backward_chunk(1, 0)
    # Step 5: nB1F1B0
    step_5 = num_half_ranks - half_rank - 1
    for _ in range(step_5):
        backward_chunk(1)
        forward_backward_chunk(1, 0)
    # Step 6: nB1B0 (The second half of the chunks use zero bubble)
    step_6 = half_rank + 1
    enable_zb = False
    for i in range(step_6):
        if i == step_6 // 2 and half_rank % 2 == 1:
            enable_zb = True
        backward_chunk(1, enable_zb=enable_zb)
        if i == step_6 // 2 and half_rank % 2 == 0:
            enable_zb = True
        backward_chunk(0, enable_zb=enable_zb)
    # Step 7: nWB0 (Use zero bubble)
    step_7 = num_half_ranks - half_rank - 1
    for _ in range(step_7):
        weight_chunk()
        backward_chunk(0, enable_zb=True)
    # Step 8: nW
    step_8 = half_rank + 1
    for _ in range(step_8):
        weight_chunk()
    assert not weight_grad_store  # DualPipe asserts WeightGradStore.funcs_queue.empty()
    return ops, pairs


def ref_orders(kind: str, p: int, m: int, v: int) -> list[tuple[list[tuple[int, int, str]], list[int]]]:
    """Per rank: (ops, F&B pair starts) of the reference schedule (ZB-H2 has none: ref_zb_h2)."""
    if kind in ("dualpipe", "dualpipev"):
        return [ref_dual_step(kind, p, m, r) for r in range(p)]
    build = {"gpipe": ref_gpipe, "1f1b": ref_1f1b, "zb-h1": ref_zb_h1, "zbv": ref_zbv,
             "interleaved-1f1b": lambda p, m, r: ref_interleaved(p, m, v, r)}[kind]
    return [(build(p, m, r), []) for r in range(p)]


def order_structure(orders: list[list[Action]]) -> list[tuple[list[tuple[int, int, str]], list[int]]]:
    """`generate`'s orders in the reference form; every overlap id must mark one adjacent pair."""
    out = []
    for order in orders:
        ids = [a.overlap for a in order if a.overlap is not None]
        pairs = [i for i in range(len(order) - 1)
                 if order[i].overlap is not None and order[i].overlap == order[i + 1].overlap]
        assert len(ids) == 2 * len(pairs) and len(set(ids)) == len(pairs), "overlap ids pair adjacent ops"
        out.append(([(a.stage, a.mb, a.type) for a in order], pairs))
    return out


def reference_configs(kind: str):
    """Every valid (p, m, v) with p ≤ 6 and a few micro-batch counts below, at and above the
    warm-up lengths."""
    for p in range(1, 7):
        for m in range(1, 4 * p + 3):
            for v in ((1, 2, 3) if kind == "interleaved-1f1b" else (2,) if kind in ("zbv", "dualpipev") else (1,)):
                try:
                    check_config(kind, p, m, v)
                except ScheduleError:
                    continue
                yield p, m, v


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "zb-h2"])
def test_orders_are_the_reference_schedules(kind: str) -> None:
    """Each generator reproduces its reference implementation op for op, overlapped pairs included."""
    configs_seen = 0
    for p, m, v in reference_configs(kind):
        assert order_structure(generate(kind, p, m, v)) == ref_orders(kind, p, m, v), (kind, p, m, v)
        configs_seen += 1
    assert configs_seen >= 6


def ref_zb_h2(p: int, m: int, r: int) -> list[tuple[int, int, str]]:
    """ZB-H2 (Qi et al. 2023 §2.2, Figure 3; no reference code), restated as a rule per step: rank r
    runs forwards until its first I can be back from the last rank (2(p − r) − 1 slots, at most m);
    after each I it defers the weight pass while the forwards still to run fit in the 2r it may
    defer, else it runs the oldest W first (freeing before allocating), then the next forward; once
    the forwards are done one W per I, and the deferred W at the end."""
    ops: list[tuple[int, int, str]] = []
    f = i = w = 0

    def forward() -> None:
        nonlocal f
        ops.append((r, f, "F"))
        f += 1

    def weight() -> None:
        nonlocal w
        ops.append((r, w, "W"))
        w += 1

    while f < min(m, 2 * (p - r) - 1):
        forward()
    while i < m:
        ops.append((r, i, "I"))
        i += 1
        if i == m:
            break
        if f < m:
            deferred = i - w - 1  # weight passes held back so far (the one of this I not counted)
            if m - f > 2 * r - deferred:
                weight()
            forward()
        else:
            weight()
    while w < m:
        weight()
    return ops


def test_zb_h2_orders() -> None:
    """generate("zb-h2") is the rule of ref_zb_h2, for every m, below 2p − 1 too."""
    for p in range(1, 8):
        for m in range(1, 4 * p + 3):
            orders = generate("zb-h2", p, m)
            assert [[(a.stage, a.mb, a.type) for a in order] for order in orders] == \
                [ref_zb_h2(p, m, r) for r in range(p)], (p, m)


def internal_idle(sim) -> list[float]:
    """Per rank, the time it waits between the start of its first op and the end of its last."""
    spans: dict[int, list[float]] = defaultdict(lambda: [float("inf"), float("-inf"), 0.0])
    for op in sim.ops:
        span = spans[op.rank]
        span[0], span[1] = min(span[0], op.start), max(span[1], op.end)
        span[2] += op.end - op.start
    return [spans[r][1] - spans[r][0] - spans[r][2] for r in range(sim.ranks)]


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 8), st.integers(0, 12), st.sampled_from([0.5, 1.0, 2.0, 3.0]))
def test_zb_h2_is_zero_bubble_and_zb_h1_is_not(p: int, extra: int, unit: float) -> None:
    """Qi et al. 2023 §2.2: with F = I = W, ZB-H2 is a parallelogram — every rank busy without a
    gap from its first op to its last, the only bubble the last rank's (p − 1)F warm-up ramp — with
    at most 2p − 1 micro-batches held per rank; ZB-H1 (§2.1) still waits inside the schedule."""
    m = 2 * p - 1 + extra
    d = Durations(F=unit, B=2 * unit, I=unit, W=unit)
    h2 = simulate("zb-h2", p, m, 1, d)
    assert max(internal_idle(h2)) == pytest.approx(0, abs=EPS)
    assert h2.makespan == pytest.approx(3 * m * unit + (p - 1) * unit)
    assert h2.bubble_time == pytest.approx((p - 1) * unit)
    assert max(h2.peak_activations) <= 2 * p - 1
    h1 = simulate("zb-h1", p, m, 1, d)
    assert max(internal_idle(h1)) >= unit - EPS  # rank 0 waits for its first I, for one


@pytest.mark.parametrize("p", [2, 3, 4, 6])
def test_zb_h2_below_2p_minus_1_microbatches_waits_but_runs(p: int) -> None:
    """With m < 2p − 1 rank 0 runs out of forwards before its first I can come back (2p − 1 op
    slots after it starts), so it waits; the order is still valid for any durations."""
    for m in range(1, 2 * p - 1):
        for d in (UNIT, Durations(F=2, I=0.5, W=3), Durations(F=0.5, I=3, W=0.25, p2p=1.0)):
            sim = simulate("zb-h2", p, m, 1, d, orders=generate("zb-h2", p, m))
            assert sim.peak_activations == (min(m, 2 * p - 1),) * p
        assert internal_idle(simulate("zb-h2", p, m, 1, UNIT))[0] > 0


durations_any = st.sampled_from([0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0])


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 7), st.integers(0, 10), durations_any, durations_any, durations_any)
def test_zb_h2_makespan_for_any_durations(p: int, extra: int, f: float, i: float, w: float) -> None:
    """F ≠ I ≠ W: the order stays valid and every rank busy for m(F + I + W); the makespan exceeds
    that by (p − 1)·max(F, I − F, F + I − 2W) — the warm-up ramp, a long I, or the paper's
    (p − 1)(F + B − 3W) with B = I + W when W is too short to fill the I chain — the closed form."""
    m = 2 * p - 1 + extra
    d = Durations(F=f, I=i, W=w)
    sim = simulate("zb-h2", p, m, 1, d)
    assert sim.busy == pytest.approx((m * (f + i + w),) * p)
    assert sim.makespan == pytest.approx(m * (f + i + w) + (p - 1) * max(f, i - f, f + i - 2 * w))
    assert sim.bubble_time == pytest.approx(closed_form("zb-h2", p, m, 1, d)[1])


def ref_simulate(kind: str, p: int, v: int, d: Durations, orders, factor):
    """The simulation semantics written out directly: rank r runs its list in order, one unit at
    a time (an op, or an F&B pair); a unit starts when its rank is free and each op's dependency
    has ended, plus d.p2p when the dependency ran on another rank. Dependencies: F(s) after F of
    the previous stage; B or I after the next stage's B/I, or after its own F on a chain's last
    stage; W after its I. Returns {(stage, mb, type): (rank, start, end, waited_for)} and the
    transfers (src, dst, sent, arrive, stage, mb, "act" | "grad"). `waited_for` names the dependency
    that held the unit back beyond the moment its rank was free (the last one to, in unit order)."""
    prev, nxt = {}, {}
    for chain in ref_chains(kind, p, v):
        for a, b in zip(chain, chain[1:]):
            nxt[a], prev[b] = b, a

    def dependency(stage: int, mb: int, type_: str):
        if type_ == "F":
            return (prev[stage], mb, "F") if stage in prev else None
        if type_ == "W":
            return (stage, mb, "B/I")
        return (nxt[stage], mb, "B/I") if stage in nxt else (stage, mb, "F")

    units = []
    for ops, pairs in orders:
        rank_units, i = [], 0
        while i < len(ops):
            size = 2 if i in pairs else 1
            rank_units.append(ops[i:i + size])
            i += size
        units.append(rank_units)
    done: dict[tuple, tuple[float, int]] = {}
    times: dict[tuple[int, int, str], tuple[int, float, float, str]] = {}
    transfers = []
    free, position = [0.0] * p, [0] * p
    progress = True
    while progress:
        progress = False
        for r in range(p):
            while position[r] < len(units[r]):
                unit = units[r][position[r]]
                start, arrivals, waited = free[r], [], ""
                deps = [dependency(*op) for op in unit]
                if any(dep is not None and dep not in done for dep in deps):
                    break
                for dep in deps:
                    if dep is None:
                        continue
                    end, src = done[dep]
                    hop = d.p2p if src != r else 0.0
                    if end + hop > start:
                        start = end + hop
                        waited = f"{dep[2]}(stage {dep[0]}, mb {dep[1]}) on rank {src}" + (" + p2p" if src != r else "")
                    if src != r:
                        arrivals.append((src, r, end, end + hop, dep[0], dep[1], "act" if dep[2] == "F" else "grad"))
                if len(unit) == 2:
                    length = d.FB * max(factor[unit[0][0]], factor[unit[1][0]])
                else:
                    length = d.of(unit[0][2]) * factor[unit[0][0]]
                for stage, mb, type_ in unit:
                    times[stage, mb, type_] = (r, start, start + length, waited)
                    done[stage, mb, "F" if type_ == "F" else "W" if type_ == "W" else "B/I"] = (start + length, r)
                transfers += arrivals
                free[r] = start + length
                position[r] += 1
                progress = True
    assert position == [len(u) for u in units], "the reference simulation deadlocked"
    return times, transfers


@SETTINGS
@given(configs())
def test_simulation_matches_the_reference_semantics(config) -> None:
    """Start and end of every op, the p2p transfers, busy and idle time, the bubble ratio
    idle / (p · makespan), peak activations and the activation curve, all recomputed."""
    kind, p, m, v, d, imbalance = config
    sim = simulate(kind, p, m, v, d, stage_imbalance=imbalance)
    factor = imbalance or (1.0,) * ref_stage_count(kind, p, v)
    orders = order_structure(generate(kind, p, m, v))
    times, transfers = ref_simulate(kind, p, v, d, orders, factor)
    got = {(op.stage, op.mb, op.type): op for op in sim.ops}
    assert got.keys() == times.keys()
    for key, (rank, start, end, waited) in times.items():
        op = got[key]
        assert op.rank == rank == ref_rank_of(kind, p, key[0])
        assert (op.start, op.end) == pytest.approx((start, end), abs=EPS), key
        assert op.waited_for == waited, key
    by_key = lambda t: (t[4], t[5], t[6], t[0], t[1])  # noqa: E731 - stage, mb, what, src, dst
    assert sorted(map(by_key, sim.transfers)) == sorted(map(by_key, transfers))
    sent = {by_key(t): t[2:4] for t in transfers}
    assert all(t[2:4] == pytest.approx(sent[by_key(t)], abs=EPS) for t in sim.transfers)
    makespan = max(end for _, _, end, _ in times.values())
    busy = [0.0] * p
    for ops, pairs in orders:
        for i, (stage, mb, type_) in enumerate(ops):
            if i - 1 not in pairs:  # the second half of an F&B pair adds no time
                rank, start, end, _ = times[stage, mb, type_]
                busy[rank] += end - start
    assert sim.makespan == pytest.approx(makespan, abs=EPS)
    assert list(sim.busy) == pytest.approx(busy, abs=EPS)
    assert list(sim.idle) == pytest.approx([makespan - b for b in busy], abs=EPS)
    assert sim.bubble_ratio == pytest.approx(sum(makespan - b for b in busy) / (p * makespan), abs=EPS)
    assert sim.bubble_time == pytest.approx(makespan - max(busy), abs=EPS)
    # Activations: +1 when an F ends, −1 when a B or W ends (an I keeps what its W needs); a rank
    # runs one unit at a time, so its list order is time order (in an F&B pair the F counts first).
    for r, (ops, pairs) in enumerate(orders):
        held, steps = 0, [(0.0, 0)]
        for stage, mb, type_ in ops:
            change = {"F": 1, "B": -1, "W": -1, "I": 0}[type_]
            if change:
                held += change
                steps.append((times[stage, mb, type_][2], held))
        assert all(ops[i][2] == "F" for i in pairs)  # each F&B pair is listed F first, as it is counted
        assert [c for _, c in sim.activation_steps[r]] == [c for _, c in steps]
        assert [t for t, _ in sim.activation_steps[r]] == pytest.approx([t for t, _ in steps], abs=EPS)
        assert sim.peak_activations[r] == max(c for _, c in steps)
    # The JSON document and the Chrome trace show the same ops and transfers (1 time unit = 1 ms).
    doc = sim.to_json()
    assert [(o["rank"], o["stage"], o["mb"], o["type"], o["start"], o["end"]) for o in doc["ops"]] == \
        [(o.rank, o.stage, o.mb, o.type, o.start, o.end) for o in sim.ops]
    assert (doc["makespan"], doc["bubble_ratio"], doc["peak_activations"], doc["idle"], doc["bubble_time"]) == \
        (sim.makespan, sim.bubble_ratio, list(sim.peak_activations), list(sim.idle), sim.bubble_time)
    events = to_chrome_trace(sim)["traceEvents"]
    boxes = []   # tid = rank + 1; an overlapped F&B pair is one box holding both halves
    for e in (e for e in events if e["ph"] == "X"):
        for half in e["args"].get("pair", [{"type": e["cat"], **e["args"]}]):
            boxes.append((e["tid"] - 1, half["stage"], half["mb"], half["type"], e["ts"], e["dur"]))
    assert boxes == [(o.rank, o.stage, o.mb, o.type, o.start * 1000, (o.end - o.start) * 1000) for o in sim.ops]
    # a flow per transfer, from inside the producer to the consumer's start (tests/test_trace.py)
    s = {e["id"]: e for e in events if e["ph"] == "s"}
    f = {e["id"]: e for e in events if e["ph"] == "f"}
    assert [(s[n]["tid"] - 1, f[n]["tid"] - 1) for n in range(len(sim.transfers))] == \
        [(t[0], t[1]) for t in sim.transfers] and len(s) == len(f) == len(sim.transfers)
    assert all(s[n]["ts"] < t[2] * 1000 <= t[3] * 1000 <= f[n]["ts"] for n, t in enumerate(sim.transfers))


finite = st.sampled_from([0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["gpipe", "1f1b"]), st.integers(1, 8), st.integers(1, 24), finite, finite)
def test_gpipe_and_1f1b_makespan_for_any_durations(kind: str, p: int, m: int, f: float, b: float) -> None:
    """(m + p − 1)(F + B) for any F and B (Huang et al. 2019; Narayanan et al. 2021 §2.1)."""
    sim = simulate(kind, p, m, 1, Durations(F=f, B=b))
    assert sim.makespan == pytest.approx((m + p - 1) * (f + b))
    assert sim.bubble_ratio == pytest.approx((p - 1) / (m + p - 1))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.integers(2, 4), st.integers(1, 4), finite, finite)
def test_interleaved_makespan_for_any_durations(p: int, v: int, rounds: int, f: float, b: float) -> None:
    """Narayanan et al. 2021 §2.2: per-chunk F = f, B = b (a rank's whole stage vf, vb): bubble
    (p − 1)(vf + vb)/v = (p − 1)(f + b), makespan m·v(f + b) + (p − 1)(f + b)."""
    m = rounds * p
    sim = simulate("interleaved-1f1b", p, m, v, Durations(F=f, B=b))
    assert sim.makespan == pytest.approx(m * v * (f + b) + (p - 1) * (f + b))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 8), st.integers(0, 12), finite, finite, st.data())
def test_zb_h1_makespan(p: int, extra: int, f: float, i: float, data) -> None:
    """Qi et al. 2023 §3.1: ZB-H1's bubble is (p − 1)(T_F + T_B − T_W), T_B the input-gradient pass
    (I here), when W fits in the bubbles it fills (W ≤ F and W ≤ I) and m ≥ p."""
    w = data.draw(st.sampled_from([x for x in (0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0) if x <= min(f, i)]))
    m = p + extra
    sim = simulate("zb-h1", p, m, 1, Durations(F=f, I=i, W=w))
    assert sim.makespan == pytest.approx(m * (f + i + w) + (p - 1) * (f + i - w))
    assert sim.bubble_time == pytest.approx(closed_form("zb-h1", p, m, 1, Durations(F=f, I=i, W=w))[1])


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["dualpipe", "dualpipev"]), st.integers(1, 4), st.integers(0, 6), finite, st.data())
def test_dualpipe_bubble_of_table_2(kind: str, half: int, extra: int, f: float, data) -> None:
    """DeepSeek-V3 Table 2: bubble (PP/2 − 1)(F&B + B − 3W), PP the stages of one direction (p for
    DualPipe, 2p for DualPipeV). Exact here when the backward for input costs a forward (I = F),
    W ≤ F, B = I + W and an F&B unit costs F + B; peak activations PP + 1 (chunk sets)."""
    w = data.draw(st.sampled_from([x for x in (0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0) if x <= f]))
    d = Durations(F=f, I=f, W=w, B=f + w, FB=2 * f + w)
    if kind == "dualpipe":
        p, pp = 2 * half, 2 * half
        m = 2 * (p + extra)
    else:
        p, pp = half, 2 * half
        m = 2 * p + extra
    sim = simulate(kind, p, m, 1 if kind == "dualpipe" else 2, d)
    assert sim.bubble_time == pytest.approx((pp / 2 - 1) * (d.FB + d.B - 3 * d.W))
    assert max(sim.peak_activations) == pp + 1


@pytest.mark.parametrize("p", [1, 2, 3, 5, 8])
def test_zero_bubble_peaks(p: int) -> None:
    """Qi et al. 2023 §2.2: ZB-H2 holds up to 2p − 1 micro-batches, on every rank here (rank r warms
    up with 2(p − r) − 1 forwards and defers 2r weight passes); ZB-V (Qi et al. 2024 §6) holds what
    1F1B holds, p whole-stage micro-batches = 2p chunk sets on every rank, once m ≥ 2p."""
    for m in range(1, 4 * p):
        assert simulate("zb-h2", p, m).peak_activations == (min(m, 2 * p - 1),) * p
    for m in range(2 * p, 4 * p):
        assert simulate("zbv", p, m, 2).peak_activations == (2 * p,) * p


def test_csv_format_is_pytorch_action_strings() -> None:
    # ZB1P, p = m = 2: rank 0 warms up with one F, rank 1 defers its first W (hand-derived)
    assert to_csv(generate("zb-h1", 2, 2)) == "0F0,0F1,0I0,0W0,0I1,0W1\n1F0,1I0,1F1,1I1,1W0,1W1\n"
    # an F&B pair is one cell (F;B)OVERLAP_F_B, as PyTorch writes _Action(OVERLAP_F_B, sub_actions)
    name = "{0}{2}{1}".format  # stage, type, micro-batch: 0F2
    rows = []
    for ops, pairs in ref_orders("dualpipev", 2, 4, 2):
        cells, i = [], 0
        while i < len(ops):
            if i in pairs:
                cells.append(f"({name(*ops[i])};{name(*ops[i + 1])})OVERLAP_F_B")
                i += 2
            else:
                cells.append(name(*ops[i]))
                i += 1
        rows.append(",".join(cells) + "\n")
    assert to_csv(generate("dualpipev", 2, 4, 2)) == "".join(rows) and "OVERLAP_F_B" in rows[0]
    # PyTorch's idle slots (empty cells) are skipped on import
    assert from_csv("0F0,,0B0\n,1F0,1B0\n") == [[Action(0, 0, "F"), Action(0, 0, "B")],
                                                 [Action(1, 0, "F"), Action(1, 0, "B")]]


def test_interleaved_runs_whole_rounds_not_only_multiples_of_p() -> None:
    """PyTorch's ScheduleInterleaved1F1B no longer needs p | m: it walks the chunks in
    max(1, ⌊m/p⌋) rounds of equal size (one round of all m when m < p). Every such m gives
    PyTorch's order and runs without deadlock for any durations; every other m is refused, naming
    the rule (unequal rounds would leave micro-batches without a backward on some chunk)."""
    accepted = refused = 0
    for p in range(1, 8):
        for v in (2, 3, 4):
            for m in range(1, 5 * p + 3):
                rounds = max(1, m // p)
                if m % rounds:
                    with pytest.raises(ScheduleError, match=f"{rounds} equal rounds"):
                        check_config("interleaved-1f1b", p, m, v)
                    refused += 1
                    continue
                orders = generate("interleaved-1f1b", p, m, v)
                assert order_structure(orders) == ref_orders("interleaved-1f1b", p, m, v), (p, m, v)
                for d in (UNIT, Durations(F=2, B=0.5, p2p=1.0)):
                    simulate("interleaved-1f1b", p, m, v, d, orders=orders)  # checks coverage too
                accepted += 1
    assert refused > 0 and accepted > refused
    assert check_config("interleaved-1f1b", 4, 6, 2) == check_config("interleaved-1f1b", 4, 10, 2) == \
        "interleaved-1f1b"  # one round of 6; two rounds of 5
