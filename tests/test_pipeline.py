"""Pipeline schedules (models/pipeline.py); `tslab schedule` is tests/test_pipeline_cli.py.

Oracles: GPipe and 1F1B makespan (m + p − 1)(F + B) and bubble (p − 1)(F + B) (Huang et al. 2019;
Narayanan et al. 2021); 1F1B peak min(p − r, m), GPipe m; interleaved bubble (p − 1)(F + B)/v with
F, B of a rank's whole stage (Narayanan et al. §2.2.2); ZB-H1 (p − 1)(F + B − 2W) for W ≤ F and
DualPipe (PP/2 − 1)(F&B + B − 3W) with PP + 1 activations per device and 2× parameters
(DeepSeek-V3 Table 2 / the DualPipe README, which also lists DualPipeV with PP = 2 × devices);
p2p latency L lengthens GPipe by exactly 2(p − 1)L (one hop per boundary each way).

The reference re-implementations of PyTorch's and DeepSeek's schedules, and of the simulation's
semantics, are tests/test_pipeline_oracles.py.
"""
from __future__ import annotations

import json
from collections import defaultdict

import pytest
from allocation import assert_refused_allocating_little
from hypothesis import HealthCheck, given, settings, strategies as st
from test_torch_csv import renumbered  # overlap ids as the CSV reader numbers them

from tslab.models.pipeline import (KINDS, MAX_OPS, MAX_RANKS, Action, DeadlockError, Durations, ScheduleError,
                                   chains_of, check_config, closed_form, from_csv, generate, op_count, peak_from_orders,
                                   simulate, stage_rank, stages_of, to_chrome_trace, to_csv)

EPS = 1e-9
UNIT = Durations(F=1, B=2, I=1, W=1, FB=3)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------------------------
# Closed forms

@pytest.mark.parametrize("kind", ["gpipe", "1f1b"])
@pytest.mark.parametrize("p, m", [(1, 1), (2, 3), (4, 8), (4, 16), (8, 8), (8, 32), (5, 2)])
def test_gpipe_and_1f1b_makespan_and_bubble(kind: str, p: int, m: int) -> None:
    sim = simulate(kind, p, m, 1, UNIT)
    assert sim.makespan == (m + p - 1) * (UNIT.F + UNIT.B)
    assert sim.bubble_time == pytest.approx(closed_form(kind, p, m, 1, UNIT)[1]) == (p - 1) * 3
    assert sim.bubble_ratio == pytest.approx((p - 1) / (m + p - 1))


@pytest.mark.parametrize("p, m", [(1, 5), (2, 1), (4, 2), (4, 8), (8, 3), (8, 32)])
def test_peaks_1f1b_and_gpipe(p: int, m: int) -> None:
    assert simulate("1f1b", p, m).peak_activations == tuple(min(p - r, m) for r in range(p))
    assert simulate("gpipe", p, m).peak_activations == (m,) * p


@pytest.mark.parametrize("p, v", [(2, 2), (4, 2), (4, 4), (8, 2), (3, 4)])
@pytest.mark.parametrize("rounds", [1, 2, 4])
def test_interleaved_bubble_is_one_vth(p: int, v: int, rounds: int) -> None:
    """Whole-stage F = 1, B = 2 split into v chunks: bubble (p − 1)(F + B)/v."""
    m = rounds * p
    chunk = Durations(F=1 / v, B=2 / v)
    sim = simulate("interleaved-1f1b", p, m, v, chunk)
    assert sim.bubble_time == pytest.approx((p - 1) * 3 / v)
    assert sim.bubble_time == pytest.approx(closed_form("interleaved-1f1b", p, m, v, chunk)[1])
    # Megatron's warm-up: (v − 1)p + 2(p − 1 − r) forwards, peak one more (in chunk sets)
    assert sim.peak_activations == tuple(min(m * v, (v - 1) * p + 2 * (p - 1 - r) + 1) for r in range(p))


@pytest.mark.parametrize("d", [UNIT, Durations(F=2, B=3, I=2, W=1, FB=5), Durations(F=1.5, B=2, I=1, W=1)])
@pytest.mark.parametrize("p, m", [(2, 4), (4, 8), (4, 12), (8, 16)])
def test_zb_h1_bubble(d: Durations, p: int, m: int) -> None:
    """ZB-H1: (p − 1)(F + B − 2W) with B = I + W, when W ≤ F; PyTorch's ZB1P peak: p (held until W)."""
    assert d.W <= d.F
    sim = simulate("zb-h1", p, m, 1, d)
    assert sim.bubble_time == pytest.approx((p - 1) * (d.F + (d.I + d.W) - 2 * d.W))
    assert sim.bubble_time == pytest.approx(closed_form("zb-h1", p, m, 1, d)[1])
    assert sim.peak_activations == (min(p, m),) * p


@pytest.mark.parametrize("p, m", [(2, 4), (4, 8), (4, 16), (6, 12), (8, 16), (8, 32)])
def test_dualpipe_table_2(p: int, m: int) -> None:
    """DeepSeek-V3 Table 2: bubble (PP/2 − 1)(F&B + B − 3W), parameters 2×, activation PP + 1."""
    sim = simulate("dualpipe", p, m, 1, UNIT)
    assert sim.bubble_time == pytest.approx((p / 2 - 1) * (UNIT.FB + UNIT.B - 3 * UNIT.W))
    assert max(sim.peak_activations) == p + 1
    assert sim.parameter_copies == 2
    assert any(op.overlap is not None for op in sim.ops)


@pytest.mark.parametrize("p, m", [(1, 2), (2, 4), (4, 8), (4, 16), (8, 16)])
def test_dualpipev_table_2(p: int, m: int) -> None:
    """DualPipeV: PP = 2p stages on p devices; bubble (PP/2 − 1)(F&B + B − 3W), PP + 1 chunk sets."""
    sim = simulate("dualpipev", p, m, 2, UNIT)
    stages = 2 * p
    assert sim.bubble_time == pytest.approx((stages / 2 - 1) * (UNIT.FB + UNIT.B - 3 * UNIT.W))
    assert sim.bubble_time == pytest.approx(closed_form("dualpipev", p, m, 2, UNIT)[1])
    assert max(sim.peak_activations) == stages + 1
    assert sim.parameter_copies == 1


@pytest.mark.parametrize("kind, v", [("zb-h2", 1), ("zbv", 2)])
def test_zero_bubble_shapes_vanish_with_m(kind: str, v: int) -> None:
    """F = I = W: what remains is the last rank's (p − 1)F warm-up under a synchronous flush."""
    p = 4
    ratios = [simulate(kind, p, m, v, UNIT).bubble_ratio for m in (8, 32, 128)]
    assert ratios[0] > ratios[1] > ratios[2] and ratios[2] < 0.01
    assert simulate(kind, p, 16, v, UNIT).bubble_time == pytest.approx(closed_form(kind, p, 16, v, UNIT)[1])
    assert simulate("zb-h2", p, 16, 1, UNIT).peak_activations == (7, 7, 7, 7)  # 2p − 1 on every rank


@pytest.mark.parametrize("p, m", [(2, 2), (4, 8), (8, 5)])
@pytest.mark.parametrize("latency", [0.25, 1.0, 3.0])
def test_gpipe_p2p_latency_adds_two_hops_per_boundary(p: int, m: int, latency: float) -> None:
    base = simulate("gpipe", p, m, 1, UNIT).makespan
    slow = simulate("gpipe", p, m, 1, Durations(F=1, B=2, I=1, W=1, FB=3, p2p=latency))
    assert slow.makespan == pytest.approx(base + 2 * (p - 1) * latency)
    assert all(arrive - sent == pytest.approx(latency) for _, _, sent, arrive, *_ in slow.transfers)


@pytest.mark.parametrize("p", [1, 2, 4, 7, 16])
@pytest.mark.parametrize("d", [UNIT, Durations(F=1.5, B=2.5, I=1.25, W=0.5, FB=3.5),
                               Durations(F=2, B=5, I=3, W=2, FB=6)])
def test_closed_form_values_are_the_papers_formulas(p: int, d: Durations) -> None:
    """Bubble time per rank, F, B, I, W, FB being one op on one stage (or chunk): GPipe / 1F1B
    (p − 1)(F + B); interleaved (p − 1)(F + B)/v of a whole stage = (p − 1)(F + B) of a chunk;
    ZB-H1 (p − 1)(F + B − 2W) with B = I + W; DualPipe (PP/2 − 1)(F&B + B − 3W), PP = p for
    DualPipe and 2p stages for DualPipeV."""
    m = 4 * p
    assert closed_form("gpipe", p, m, 1, d)[1] == pytest.approx((p - 1) * (d.F + d.B))
    assert closed_form("1f1b", p, m, 1, d)[1] == pytest.approx((p - 1) * (d.F + d.B))
    assert closed_form("interleaved-1f1b", p, m, 2, d)[1] == pytest.approx((p - 1) * (d.F + d.B))
    assert closed_form("zb-h1", p, m, 1, d)[1] == pytest.approx((p - 1) * (d.F + (d.I + d.W) - 2 * d.W))
    if p % 2 == 0:
        assert closed_form("dualpipe", p, 2 * m, 1, d)[1] == pytest.approx((p / 2 - 1) * (d.FB + d.B - 3 * d.W))
    assert closed_form("dualpipev", p, 2 * m, 2, d)[1] == pytest.approx((2 * p / 2 - 1) * (d.FB + d.B - 3 * d.W))


# ---------------------------------------------------------------------------------------------
# Properties over random valid configurations

def ref_stage_count(kind: str, p: int, v: int) -> int:
    """p·v virtual stages for interleaving, two per rank for the V shapes and for DualPipe's two
    model copies, one per rank otherwise."""
    if kind == "interleaved-1f1b":
        return p * v
    return 2 * p if kind in ("zbv", "dualpipev", "dualpipe") else p


def ref_rank_of(kind: str, p: int, stage: int) -> int:
    """Narayanan et al. 2021 §2.2: with interleaving rank r holds stages r, r + p, r + 2p, …
    (s mod p). V shapes (Qi et al. 2024; DualPipeV): chunk 0 walks down the ranks (stage s on rank
    s), chunk 1 back up (stage p + k on rank p − 1 − k). DualPipe's second copy runs the other way
    (DeepSeek-V3 §3.2.1): its k-th stage, p + k, on rank p − 1 − k."""
    if kind in ("zbv", "dualpipev", "dualpipe"):
        return stage if stage < p else 2 * p - 1 - stage
    return stage % p


def ref_chains(kind: str, p: int, v: int) -> list[list[int]]:
    """Stages in data-flow order: one chain, or DualPipe's two copies side by side."""
    if kind == "dualpipe":
        return [list(range(p)), list(range(p, 2 * p))]
    return [list(range(ref_stage_count(kind, p, v)))]


def test_placement_and_chains_are_the_documented_ones() -> None:
    for kind in KINDS:
        for p in (1, 2, 3, 4, 6):
            for v in (1, 2, 3):
                try:
                    check_config(kind, p, 4 * p, v)
                except ScheduleError:
                    continue
                count = ref_stage_count(kind, p, v)
                assert stages_of(kind, p, v) == count
                assert [stage_rank(kind, p, v, s) for s in range(count)] == [ref_rank_of(kind, p, s)
                                                                             for s in range(count)]
                assert chains_of(kind, p, v) == ref_chains(kind, p, v)


@st.composite
def configs(draw):
    kind = draw(st.sampled_from(KINDS))
    if kind == "dualpipe":
        p = draw(st.sampled_from([2, 4, 6]))
        m = 2 * draw(st.integers(p, 2 * p + 3))
        v = 1
    elif kind == "dualpipev":
        p = draw(st.integers(1, 5))
        m = draw(st.integers(2 * p, 2 * p + 8))
        v = 2
    elif kind == "interleaved-1f1b":
        p, v = draw(st.integers(1, 5)), draw(st.integers(1, 3))
        m = draw(st.integers(1, 4 * p + 3))
        if v > 1:  # whole rounds of m / max(1, ⌊m/p⌋) micro-batches (PyTorch's rule); m < p is one round
            m -= m % max(1, m // p)
    else:
        p, m = draw(st.integers(1, 6)), draw(st.integers(1, 14))
        v = 2 if kind == "zbv" else 1
    value = st.sampled_from([0.5, 1.0, 1.5, 2.0, 3.0])
    d = Durations(F=draw(value), B=draw(value), I=draw(value), W=draw(value), FB=draw(value),
                  p2p=draw(st.sampled_from([0.0, 0.0, 0.25, 1.0])))
    imbalance = None
    if draw(st.booleans()):
        imbalance = tuple(draw(st.sampled_from([0.5, 1.0, 2.0])) for _ in range(stages_of(kind, p, v)))
    return kind, p, m, v, d, imbalance


def recount_peaks(ops, ranks: int) -> list[int]:
    events = defaultdict(list)
    for op in ops:
        if op.type == "F":
            events[op.rank].append((op.end, 0, 1))
        elif op.type in ("B", "W"):
            events[op.rank].append((op.end, 1, -1))
    peaks = []
    for r in range(ranks):
        held = peak = 0
        for _, _, change in sorted(events[r]):
            held += change
            peak = max(peak, held)
        peaks.append(peak)
    return peaks


@SETTINGS
@given(configs())
def test_simulation_properties(config) -> None:
    kind, p, m, v, d, imbalance = config
    sim = simulate(kind, p, m, v, d, stage_imbalance=imbalance)
    factor = imbalance or (1.0,) * sim.stages
    ops = sim.ops
    by_key = defaultdict(list)
    for op in ops:
        by_key[op.stage, op.mb, op.type].append(op)
        assert op.rank == ref_rank_of(kind, p, op.stage)
    # every (stage, mb) runs once: F and B, or F, I and W; each chain runs the micro-batches once
    total = 0
    for chain in ref_chains(kind, p, v):
        mbs = {mb for (s, mb, t) in by_key if s == chain[0]}
        total += len(mbs)
        for stage in chain:
            assert {mb for (s, mb, t) in by_key if s == stage} == mbs
            for mb in mbs:
                n = {t: len(by_key.get((stage, mb, t), [])) for t in "FBIW"}
                assert n["F"] == 1 and (n["B"], n["I"], n["W"]) in ((1, 0, 0), (0, 1, 1)), (stage, mb, n)
    assert total == m
    # dependencies (+ p2p across ranks)
    for chain in ref_chains(kind, p, v):
        for i, stage in enumerate(chain):
            for (s, mb, t), (op,) in list(by_key.items()):
                if s != stage:
                    continue

                def after(dep, op=op):
                    gap = d.p2p if dep.rank != op.rank else 0.0
                    assert op.start >= dep.end + gap - EPS, (op, dep)
                if t == "F" and i > 0:
                    after(by_key[chain[i - 1], mb, "F"][0])
                if t in ("B", "I"):
                    if i + 1 < len(chain):
                        nxt = by_key.get((chain[i + 1], mb, "B")) or by_key[chain[i + 1], mb, "I"]
                        after(nxt[0])
                    else:
                        after(by_key[stage, mb, "F"][0])
                if t == "W":
                    after(by_key[stage, mb, "I"][0])
    # one op, or one overlapped pair, at a time per rank; durations
    units = defaultdict(list)
    for n, op in enumerate(ops):
        units[op.rank, op.overlap if op.overlap is not None else ("solo", n)].append(op)
    per_rank = defaultdict(list)
    for (rank, _), members in units.items():
        assert len(members) in (1, 2)
        start, end = members[0].start, members[0].end
        assert all(x.start == start and x.end == end for x in members)
        if len(members) == 2:
            assert sorted(x.type for x in members) in (["B", "F"], ["F", "I"])
            want = d.FB * max(factor[x.stage] for x in members)
        else:
            want = getattr(d, members[0].type) * factor[members[0].stage]
        assert end - start == pytest.approx(want)
        per_rank[rank].append((start, end))
    for spans in per_rank.values():
        spans.sort()
        for (_, e1), (s2, _) in zip(spans, spans[1:]):
            assert s2 >= e1 - EPS
    # summaries recomputed from the ops
    assert sim.makespan == pytest.approx(max(op.end for op in ops))
    busy = sum(e - s for spans in per_rank.values() for s, e in spans)
    assert sim.bubble_ratio == pytest.approx((p * sim.makespan - busy) / (p * sim.makespan), abs=1e-9)
    assert list(sim.peak_activations) == recount_peaks(ops, p)
    assert sim.peak_activations == peak_from_orders(generate(kind, p, m, v))
    for r, steps in enumerate(sim.activation_steps):
        assert steps[0] == (0.0, 0) and max(c for _, c in steps) == sim.peak_activations[r]
        assert all(a[0] <= b[0] for a, b in zip(steps, steps[1:])) and steps[-1][1] == 0
    assert all(op.start >= 0 for op in ops)
    assert sorted(ops, key=lambda o: (o.rank, o.start)) == list(ops)
    doc = sim.to_json()
    assert len(doc["ops"]) == len(ops) and doc["peak_activations"] == list(sim.peak_activations)


@SETTINGS
@given(configs())
def test_csv_round_trip(config) -> None:
    kind, p, m, v, *_ = config
    orders = generate(kind, p, m, v)
    text = to_csv(orders)
    back = from_csv(text)
    # from_csv numbers the overlapped pairs 0, 1, 2, … in reading order (row by row); everything
    # else is what was written.
    assert back == renumbered(orders)
    assert to_csv(back) == text
    assert simulate(kind, p, m, v, orders=back).makespan == simulate(kind, p, m, v).makespan


@pytest.mark.parametrize("text", ["0X0\n", "F0\n", "0F\n", "", "(0F0;0F1)OVERLAP_F_B\n"])
def test_from_csv_rejects_bad_input(text: str) -> None:
    with pytest.raises(ScheduleError):
        from_csv(text)


# ---------------------------------------------------------------------------------------------
# Deadlocks and invalid configurations

def test_deadlock_names_the_waiting_op() -> None:
    bad = [[Action(0, 0, "B"), Action(0, 0, "F")], [Action(1, 0, "F"), Action(1, 0, "B")]]
    with pytest.raises(DeadlockError) as info:
        simulate("1f1b", 2, 1, orders=bad)
    message = str(info.value)
    assert "B(stage 0, mb 0) on rank 0 waits for B/I(stage 1, mb 0) on rank 1" in message
    assert "F(stage 1, mb 0)" in message and "F(stage 0, mb 0)" in message


def test_overlapped_pair_depending_on_itself_is_a_deadlock() -> None:
    bad = [[Action(0, 0, "F", 7), Action(0, 0, "B", 7)]]
    with pytest.raises(DeadlockError, match="overlapped pair"):
        simulate("1f1b", 1, 1, orders=bad)


@pytest.mark.parametrize("orders, words", [
    ([[Action(0, 0, "F")], [Action(1, 0, "F"), Action(1, 0, "B")]], "no backward"),
    ([[Action(0, 0, "F"), Action(0, 0, "B")], [Action(0, 0, "F"), Action(1, 0, "B")]], "rank"),
    ([[Action(0, 0, "F"), Action(0, 0, "I")], [Action(1, 0, "F"), Action(1, 0, "B")]], "no W"),
    ([[Action(0, 0, "F"), Action(0, 0, "B")]], "1 rank orders for 2 ranks"),
])
def test_bad_orders_are_rejected(orders, words: str) -> None:
    with pytest.raises(ScheduleError, match=words):
        simulate("1f1b", 2, 1, orders=orders)


@pytest.mark.parametrize("kind, p, m, v, words", [
    ("dualpipe", 3, 8, 1, "even number of ranks"),
    ("dualpipe", 4, 6, 1, "≥ 2p"),
    ("dualpipev", 4, 7, 2, "≥ 2p"),
    ("interleaved-1f1b", 4, 9, 2, "2 equal rounds, so m must be a multiple of 2 .e.g. 8 or 10"),
    ("interleaved-1f1b", 4, 13, 3, "3 equal rounds.*e.g. 12 or 15"),
    ("zbv", 4, 8, 3, "2 chunks"),
    ("dualpipev", 4, 8, 1, "2 chunks"),
    ("1f1b", 4, 8, 2, "one chunk"),
    ("pipedream", 4, 8, 1, "unknown schedule kind"),
    ("gpipe", 0, 8, 1, "ranks"),
    ("gpipe", 4, 0, 1, "microbatches"),
])
def test_invalid_configs(kind: str, p: int, m: int, v: int, words: str) -> None:
    with pytest.raises(ScheduleError, match=words):
        generate(kind, p, m, v)


def test_placement_and_stage_counts() -> None:
    assert stages_of("dualpipe", 4, 1) == 8 and [stage_rank("dualpipe", 4, 1, s) for s in range(8)] == \
        [0, 1, 2, 3, 3, 2, 1, 0]
    assert stages_of("interleaved-1f1b", 4, 3) == 12 and stage_rank("interleaved-1f1b", 4, 3, 9) == 1
    assert stages_of("zbv", 4, 2) == 8 and stage_rank("zbv", 4, 2, 5) == 2
    assert stages_of("interleaved", 2, 2) == 4  # alias


def test_waited_for_and_chrome_trace() -> None:
    sim = simulate("1f1b", 4, 8, 1, Durations(p2p=0.5))
    waits = [op.waited_for for op in sim.ops if op.waited_for]
    assert waits and any("+ p2p" in text for text in waits)
    assert sim.ops[0].waited_for == ""
    trace = to_chrome_trace(sim)
    events = trace["traceEvents"]
    xs = [e for e in events if e["ph"] == "X"]
    assert len(xs) == len(sim.ops) and {e["tid"] for e in xs} == set(range(1, 5))  # tid = rank + 1
    starts = [e for e in events if e["ph"] == "s"]
    ends = [e for e in events if e["ph"] == "f"]
    assert starts and len(starts) == len(ends) == len(sim.transfers)
    assert {e["id"] for e in starts} == {e["id"] for e in ends}
    assert xs[0]["name"] == "F0 s0"
    json.dumps(trace)


def test_large_schedule_is_linear() -> None:
    sim = simulate("interleaved-1f1b", 16, 128, 2)
    assert len(sim.ops) == 16 * 128 * 2 * 2


# ---------------------------------------------------------------------------------------------
# The memory ledger uses the schedule's exact peak

def test_memory_in_flight_is_the_schedule_peak() -> None:
    from tslab.models.memory import in_flight
    from tslab.models.presets import default_scenario
    from tslab.models.scenario_files import apply_overrides

    def scenario(kind: str, pp: int, m: int, vpp: int = 1):
        return apply_overrides(default_scenario(), [f"schedule.kind={kind}", f"parallel.pp={pp}",
                                                    f"parallel.vpp={vpp}", f"schedule.microbatches={m}",
                                                    f"model.layers={8 * pp * max(vpp, 2)}"])
    assert in_flight(scenario("zb-h1", 4, 8), 3)[0] == 4  # PyTorch ZB1P defers rank r's first r W
    assert in_flight(scenario("interleaved", 4, 8, 2), 0)[0] == 11 / 2
    assert in_flight(scenario("zbv", 4, 8), 0)[0] == 8 / 2
    assert in_flight(scenario("dualpipe", 4, 8), 2)[0] == 5 / 2
    held, formula = in_flight(scenario("dualpipe", 4, 4), 0)  # m < 2p: the closed form, said so
    assert held == min(4, 4 + 1) / 2 and "fallback" in formula


def test_old_interleaved_name_is_accepted(tmp_path) -> None:
    from tslab.models.document import load_scenario
    from tslab.models.presets import default_scenario
    from tslab.models.scenario_files import apply_overrides, scenario_to_toml
    s = apply_overrides(default_scenario(), ["schedule.kind=interleaved"])
    assert s.schedule.kind == "interleaved-1f1b"
    path = tmp_path / "old.toml"
    path.write_text(scenario_to_toml(s).replace('"interleaved-1f1b"', '"interleaved"'))
    assert load_scenario(path).schedule.kind == "interleaved-1f1b"


# ---------------------------------------------------------------------------------------------
# Adapters for the scenario, and cancelling a long simulation

@pytest.mark.parametrize("kind, vpp, chunks", [
    ("gpipe", 3, 1), ("1f1b", 1, 1), ("interleaved-1f1b", 1, 1), ("interleaved-1f1b", 4, 4),
    ("interleaved", 2, 2), ("zb-h1", 2, 1), ("zb-h2", 1, 1), ("zbv", 1, 2), ("zbv", 4, 2),
    ("dualpipe", 2, 1), ("dualpipev", 3, 2)])
def test_chunks_per_rank(kind: str, vpp: int, chunks: int) -> None:
    """Interleaved 1F1B: v = vpp virtual stages per rank; the V shapes two; everything else one."""
    from tslab.models.pipeline import chunks_per_rank
    assert chunks_per_rank(kind, vpp) == chunks
    check_config(kind, 4, 8, chunks)  # the generators accept what the rule gives


def test_schedule_inputs_of_a_scenario() -> None:
    from tslab.models.pipeline import ScheduleInputs, schedule_inputs
    from tslab.models.scenario import Scenario
    s = Scenario().replace(**{"schedule.kind": "zb-h1", "parallel.pp": 4, "parallel.vpp": 3,
                              "schedule.microbatches": 12, "schedule.f": 1.5, "schedule.b": 3.0,
                              "schedule.w": 1.0, "schedule.fb": 4.0, "schedule.p2p": 0.25})
    own = schedule_inputs(s)
    assert own == ScheduleInputs("zb-h1", 4, 12, 1, Durations(F=1.5, B=3.0, I=2.0, W=1.0, FB=4.0, p2p=0.25))
    assert simulate(own.kind, own.ranks, own.microbatches, own.chunks, own.durations).makespan > 0
    # a second schedule to compare: the same ranks, micro-batches and durations, its own chunks
    assert schedule_inputs(s, "interleaved").chunks == 3
    assert schedule_inputs(s, "zbv").chunks == 2
    assert schedule_inputs(s, "gpipe").chunks == 1
    flat = s.replace(**{"parallel.vpp": 1, "schedule.kind": "interleaved-1f1b"})
    assert schedule_inputs(flat).chunks == 1  # the scenario's own schedule keeps vpp = 1
    assert schedule_inputs(flat, "interleaved-1f1b").chunks == 2  # compared: interleaved after all
    assert schedule_inputs(s, "zbv").durations == own.durations
    assert schedule_inputs(s.replace(**{"schedule.w": 5.0})).durations.I == 0.0  # I = max(B − W, 0)
    with pytest.raises(ScheduleError):
        schedule_inputs(s, "no-such-kind")


def test_should_stop_cancels_the_simulation() -> None:
    """Asked every few thousand ops; the first True stops the run with Cancelled, which is not a
    configuration error."""
    from tslab.models.pipeline import Cancelled
    assert not issubclass(Cancelled, (ScheduleError, ValueError))
    calls = []

    def stop_on_third() -> bool:
        calls.append(None)
        return len(calls) >= 3
    with pytest.raises(Cancelled):
        simulate("interleaved-1f1b", 16, 512, 2, should_stop=stop_on_third)  # 32,768 ops
    assert len(calls) == 3
    calls.clear()
    with pytest.raises(Cancelled):  # one rank: a single stretch of 20,000 ops is cut as well
        simulate("gpipe", 1, 10_000, should_stop=stop_on_third)
    assert len(calls) == 3


@pytest.mark.parametrize("kind, p, m, v", [("interleaved-1f1b", 16, 512, 2), ("gpipe", 1, 10_000, 1),
                                           ("dualpipev", 8, 256, 2), ("zb-h2", 8, 64, 1)])
def test_should_stop_that_never_stops_changes_nothing(kind: str, p: int, m: int, v: int) -> None:
    calls = []

    def never() -> bool:
        calls.append(None)
        return False
    d = Durations(F=1, B=2.5, I=1.5, W=1, FB=3, p2p=0.125)
    plain = simulate(kind, p, m, v, d)
    watched = simulate(kind, p, m, v, d, should_stop=never)
    assert watched.to_json() == plain.to_json()
    assert watched.transfers == plain.transfers and watched.activation_steps == plain.activation_steps
    ops = len(plain.to_json()["ops"])
    assert (1 if ops > 2 * 4096 else 0) <= len(calls) <= ops // 4096  # at most one call per 4,096 ops


# ---------------------------------------------------------------------------------------------
# Limits: MAX_OPS ops and MAX_RANKS ranks, refused before anything is generated

def _chunks(kind: str, vpp: int = 2) -> int:
    return 2 if kind in ("zbv", "dualpipev") else vpp if kind == "interleaved-1f1b" else 1


@pytest.mark.parametrize("kind", KINDS)
def test_op_count_is_what_the_generator_builds(kind: str) -> None:
    """op_count is exact: the generated orders hold that many ops (ZBV: the reference's 6 per
    micro-batch and rank, padded to 2p − 1 micro-batches, of which the m real ones are kept)."""
    for p in range(1, 9):
        for m in range(1, 3 * p + 3):
            v = _chunks(kind)
            try:
                check_config(kind, p, m, v)
            except ScheduleError:
                continue
            ops = sum(len(order) for order in generate(kind, p, m, v))
            if kind == "zbv":
                assert op_count(kind, p, m, v) == 6 * p * max(m, 2 * p - 1) and ops == 6 * p * m
            else:
                assert ops == op_count(kind, p, m, v), (kind, p, m)


def _refused_without_allocating(call, match: str) -> None:
    """`call()` raises ScheduleError matching `match` having allocated next to nothing (the
    refusal comes before any order, array or op is built)."""
    assert_refused_allocating_little(call, ScheduleError, match, 256 * 1024)


@pytest.mark.parametrize("entry", ["check_config", "generate", "simulate"])
def test_over_the_op_limit_is_refused_up_front(entry: str) -> None:
    """1F1B on 4,096 ranks with 65,536 micro-batches is 2·p·m = 536,870,912 ops: refused with the
    numbers and what to lower, by every entry point, before any work."""
    call = {"check_config": check_config, "generate": generate, "simulate": simulate}[entry]
    _refused_without_allocating(lambda: call("1f1b", 4096, 65536, 1),
                                f"1f1b schedule of 536,870,912 ops exceeds the {MAX_OPS:,}-op limit.*lower m or p")
    _refused_without_allocating(lambda: call("zbv", 1024, 1, 2), "ZBV pads to 2p − 1 micro-batches")
    _refused_without_allocating(lambda: call("1f1b", MAX_RANKS + 1, 1, 1),
                                f"{MAX_RANKS + 1:,} ranks exceeds the {MAX_RANKS:,}-rank limit.*lower p")


def test_the_largest_accepted_schedules_sit_at_the_limits() -> None:
    """Exactly MAX_OPS ops and exactly MAX_RANKS ranks are accepted, one more of either is not."""
    assert MAX_OPS % 100 == 0
    p, m = 100, MAX_OPS // 200            # 2·p·m = MAX_OPS
    assert op_count("1f1b", p, m) == MAX_OPS and check_config("1f1b", p, m) == "1f1b"
    with pytest.raises(ScheduleError):
        check_config("1f1b", p, m + 1)
    assert check_config("gpipe", MAX_RANKS, 1) == "gpipe"
    with pytest.raises(ScheduleError):
        check_config("gpipe", MAX_RANKS + 1, 1)


def test_imported_orders_over_the_limits_are_refused() -> None:
    """A CSV is refused as soon as it passes MAX_OPS actions or MAX_RANKS rows, and orders handed to
    simulate are counted before they are checked."""
    row = ",".join(["0F0"] * 1000) + "\n"
    with pytest.raises(ScheduleError, match=f"more than {MAX_OPS:,} actions"):
        from_csv(row * (MAX_OPS // 1000 + 1))
    with pytest.raises(ScheduleError, match=f"more than {MAX_RANKS:,} rows"):
        from_csv("0F0\n" * (MAX_RANKS + 1))
    orders = [[Action(0, mb, "F") for mb in range(MAX_OPS // 2 + 1)]
              + [Action(0, mb, "B") for mb in range(MAX_OPS // 2)]]
    # one rank, MAX_OPS + 1 ops: refused by the count, before _check_orders reads them
    with pytest.raises(ScheduleError, match=f"{MAX_OPS + 1:,} ops exceeds the {MAX_OPS:,}-op limit"):
        simulate("1f1b", 1, 1, orders=orders)


def test_the_pipeline_tab_reports_a_schedule_over_the_limit() -> None:
    """The Pipeline tab's SCHEDULE computation lists a schedule over the limit (the scenario's own
    and the comparison) as a problem, which the tab shows, instead of simulating it."""
    from tslab.models.derived import SCHEDULE
    from tslab.models.document import Document
    from tslab.models.presets import default_scenario
    doc = Document(default_scenario()).replace(**{"schedule.microbatches": 1 << 20, "view.pipeline.compare": "gpipe",
                                                  "view.pipeline.degree": 1})   # the scenario's own single rank
    result = SCHEDULE.compute(doc)
    assert result.runs == ()
    assert [kind for kind, _ in result.problems] == ["1f1b", "gpipe"]
    assert all(f"2,097,152 ops exceeds the {MAX_OPS:,}-op limit" in reason for _, reason in result.problems)
