"""Pipeline schedules (models/pipeline.py) and `tslab schedule`.

Oracles: GPipe and 1F1B makespan (m + p − 1)(F + B) and bubble (p − 1)(F + B) (Huang et al. 2019;
Narayanan et al. 2021); 1F1B peak min(p − r, m), GPipe m; interleaved bubble (p − 1)(F + B)/v with
F, B of a rank's whole stage (Narayanan et al. §2.2.2); ZB-H1 (p − 1)(F + B − 2W) for W ≤ F and
DualPipe (PP/2 − 1)(F&B + B − 3W) with PP + 1 activations per device and 2× parameters
(DeepSeek-V3 Table 2 / the DualPipe README, which also lists DualPipeV with PP = 2 × devices);
p2p latency L lengthens GPipe by exactly 2(p − 1)L (one hop per boundary each way).
"""
from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tslab.desktop.cli import main
from tslab.models.pipeline import (KINDS, Action, DeadlockError, Durations, ScheduleError, chains_of,
                                   closed_form, from_csv, generate, peak_from_orders, simulate,
                                   stage_rank, stages_of, to_chrome_trace, to_csv)

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
    assert simulate("zb-h2", p, 16, 1, UNIT).peak_activations == (7, 6, 5, 4)  # 2p − 1 on rank 0


@pytest.mark.parametrize("p, m", [(2, 2), (4, 8), (8, 5)])
@pytest.mark.parametrize("latency", [0.25, 1.0, 3.0])
def test_gpipe_p2p_latency_adds_two_hops_per_boundary(p: int, m: int, latency: float) -> None:
    base = simulate("gpipe", p, m, 1, UNIT).makespan
    slow = simulate("gpipe", p, m, 1, Durations(F=1, B=2, I=1, W=1, FB=3, p2p=latency))
    assert slow.makespan == pytest.approx(base + 2 * (p - 1) * latency)
    assert all(arrive - sent == pytest.approx(latency) for _, _, sent, arrive, *_ in slow.transfers)


def test_closed_form_texts_have_symbols() -> None:
    for kind in KINDS:
        v = 2 if kind in ("zbv", "dualpipev", "interleaved-1f1b") else 1
        text, value = closed_form(kind, 4, 8, v, UNIT)
        assert "p" in text.lower() and value >= 0


# ---------------------------------------------------------------------------------------------
# Properties over random valid configurations

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
        m = p * draw(st.integers(1, 4)) if v > 1 else draw(st.integers(1, 12))
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
        assert op.rank == stage_rank(kind, p, v, op.stage)
    # every (stage, mb) runs once: F and B, or F, I and W; each chain runs the micro-batches once
    total = 0
    for chain in chains_of(kind, p, v):
        mbs = {mb for (s, mb, t) in by_key if s == chain[0]}
        total += len(mbs)
        for stage in chain:
            assert {mb for (s, mb, t) in by_key if s == stage} == mbs
            for mb in mbs:
                n = {t: len(by_key.get((stage, mb, t), [])) for t in "FBIW"}
                assert n["F"] == 1 and (n["B"], n["I"], n["W"]) in ((1, 0, 0), (0, 1, 1)), (stage, mb, n)
    assert total == m
    # dependencies (+ p2p across ranks)
    for chain in chains_of(kind, p, v):
        for i, stage in enumerate(chain):
            for (s, mb, t), (op,) in list(by_key.items()):
                if s != stage:
                    continue

                def after(dep):
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
    assert back == orders or _same_up_to_overlap_ids(back, orders)
    assert to_csv(back) == text
    assert simulate(kind, p, m, v, orders=back).makespan == simulate(kind, p, m, v).makespan


def _same_up_to_overlap_ids(a, b) -> bool:
    strip = lambda orders: [[(x.stage, x.mb, x.type, x.overlap is None) for x in o] for o in orders]  # noqa: E731
    return strip(a) == strip(b)


def test_csv_format_is_pytorch_action_strings() -> None:
    text = to_csv(generate("zb-h1", 2, 2))
    assert text.splitlines()[0].split(",")[:2] == ["0F0", "0F1"]
    assert "1I0" in text and "1W0" in text
    dual = to_csv(generate("dualpipev", 2, 4, 2))
    assert "OVERLAP_F_B" in dual and dual.count("(") == dual.count(")OVERLAP_F_B")
    # PyTorch's idle slots (empty cells) are skipped on import
    assert from_csv("0F0,,0B0\n,1F0,1B0\n") == [[Action(0, 0, "F"), Action(0, 0, "B")],
                                                 [Action(1, 0, "F"), Action(1, 0, "B")]]


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
    ("interleaved-1f1b", 4, 6, 2, "divisible"),
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
    assert len(xs) == len(sim.ops) and {e["tid"] for e in xs} == set(range(4))
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
# CLI

def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


BASE = ("schedule", "--ranks", 4, "--microbatches", 8)


@pytest.mark.parametrize("kind, chunks", [("gpipe", None), ("interleaved-1f1b", 2), ("zbv", 2),
                                          ("dualpipe", None), ("dualpipev", 2), ("zb-h2", None)])
def test_cli_csv_out_then_import_gives_identical_json(capsys, tmp_path, kind: str, chunks) -> None:
    more = ("--chunks", chunks) if chunks else ()
    path = tmp_path / "orders.csv"
    code, _, err = run(capsys, *BASE, "--kind", kind, *more, "--csv", "--out", path)
    assert code == 0, err
    code, direct, err = run(capsys, *BASE, "--kind", kind, *more, "--f", 1.5, "--json")
    assert code == 0, err
    code, imported, err = run(capsys, *BASE, "--kind", kind, *more, "--f", 1.5, "--import", path, "--json")
    assert code == 0, err
    assert json.loads(imported) == json.loads(direct)


def test_cli_json_contract(capsys) -> None:
    code, out, _ = run(capsys, *BASE, "--kind", "interleaved", "--chunks", 2, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["kind"] == "interleaved-1f1b" and doc["stages"] == 8 and doc["chunks"] == 2
    assert set(doc) >= {"kind", "ranks", "stages", "microbatches", "chunks", "durations", "ops", "makespan",
                        "bubble_ratio", "peak_activations", "idle", "parameter_copies", "bubble_time"}
    assert all("overlap" not in op for op in doc["ops"])


def test_cli_chrome_trace(capsys, tmp_path) -> None:
    path = tmp_path / "t.json"
    code, out, _ = run(capsys, *BASE, "--kind", "1f1b", "--chrome-trace", "--out", path)
    assert code == 0 and out == ""
    assert {e["tid"] for e in json.loads(path.read_text())["traceEvents"] if e["ph"] == "X"} == {0, 1, 2, 3}


@pytest.mark.parametrize("argv, words", [
    (("--kind", "nonsense", "--json"), "unknown schedule kind"),
    (("--kind", "dualpipe", "--ranks", 3, "--json"), "even number of ranks"),
    (("--kind", "1f1b", "--f", 0, "--json"), "--f must be a positive number"),
    (("--kind", "1f1b"), "one of the arguments"),
    (("--kind", "1f1b", "--json", "--csv"), "not allowed"),
    (("--kind", "1f1b", "--json", "--import", "/nonexistent.csv"), "cannot read"),
])
def test_cli_errors(capsys, argv, words: str) -> None:
    args = list(BASE) + list(argv)
    if "--ranks" in argv:
        args = ["schedule", "--microbatches", 8] + list(argv)
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("tslab: error: ") and err.count("\n") == 1 and words in err


def test_cli_import_deadlock(capsys, tmp_path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text("0B0,0F0\n1F0,1B0\n")
    code, _, err = run(capsys, "schedule", "--kind", "1f1b", "--ranks", 2, "--microbatches", 1, "--json",
                       "--import", path)
    assert code == 2 and err.startswith("tslab: error: deadlock: B(stage 0, mb 0) on rank 0 waits for")


# ---------------------------------------------------------------------------------------------
# The memory ledger uses the schedule's exact peak

def test_memory_in_flight_is_the_schedule_peak() -> None:
    from tslab.models.memory import in_flight
    from tslab.models.presets import default_scenario
    from tslab.models.scenario import apply_overrides

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
    from tslab.models.presets import default_scenario
    from tslab.models.scenario import apply_overrides, load_scenario, save_scenario, scenario_to_toml
    s = apply_overrides(default_scenario(), ["schedule.kind=interleaved"])
    assert s.schedule.kind == "interleaved-1f1b"
    path = tmp_path / "old.toml"
    path.write_text(scenario_to_toml(s).replace('"interleaved-1f1b"', '"interleaved"'))
    assert load_scenario(path).schedule.kind == "interleaved-1f1b"


# ---------------------------------------------------------------------------------------------
# Byte-identical results across the array-based rewrite of generate / simulate

GOLDEN = json.loads((Path(__file__).parent / "data" / "pipeline_golden.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda g: "{}-p{}-m{}-v{}".format(*g["case"][:4]))
def test_results_match_the_golden_file(golden) -> None:
    """tests/data/pipeline_golden.json was written by the per-Action implementation: the JSON (as
    `tslab schedule --json` prints it) must stay byte-identical; transfers, activation steps, busy
    time, the Op objects (with waited_for), the CSV orders and the Chrome trace are compared by digest."""
    kind, p, m, v, d, imbalance = golden["case"]
    sim = simulate(kind, p, m, v, Durations(**d), stage_imbalance=tuple(imbalance) if imbalance else None)

    def dump(doc) -> str:
        return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    assert dump(sim.to_json()) == golden["json"]
    digests = {name: hashlib.sha256(text.encode()).hexdigest() for name, text in (
        ("transfers", dump(sim.transfers)),
        ("activation_steps", dump(sim.activation_steps)),
        ("busy", dump(sim.busy)),
        ("ops", repr(sim.ops)),
        ("csv", to_csv(generate(kind, p, m, v))),
        ("chrome_trace", dump(to_chrome_trace(sim))),
    )}
    assert digests == golden["sha256"]
