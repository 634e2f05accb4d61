"""Memory over time (models/memory/timeline.py): every pipeline rank's GPU tier over the simulated
step, against the rank's ledger and an independent recount of the simulated ops.

Oracles:
- The ledger: each rank's peak is `memory_ledger(s, rank).gpu_bytes`, the first OOM at the peak
  is the ledger's first_oom (hypothesis, every schedule kind, random shapes and durations).
- The simulation: the most activation sets a rank holds is its `peak_activations`; at every
  instant the sets, logits and running backwards are recounted from the ops' start and end times.
- Closed forms: 1F1B rank r holds min(m, p − r) micro-batches (Narayanan et al., SC'21, §2.2), so
  rank 0 peaks at p sets when the p-th forward starts, at (p − 1)·F, and the last rank at 1; the
  V shape (Qi et al., Pipeline Parallelism with Controllable Memory, 2024, Figure 1) puts the
  first and the last stage on rank 0.
"""
from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st
from test_memory import generated_schedules, pipeline
from test_memory_properties import valid_scenarios

from tslab.models import derived
from tslab.models.document import Document
from tslab.models.memory import in_flight, memory_ledger
from tslab.models.memory.activations import SIMULATED_RANKS
from tslab.models.memory.timeline import (BACKWARD, FRAGMENTATION, HELD, LOGITS, PER_SET, TIMELINE_OPS, MemoryLane,
                                          memory_timeline)
from tslab.models.pipeline import chains_of, chunks_per_rank, schedule_inputs, simulate, stage_rank
from tslab.models.presets import load_preset
from tslab.models.scenario import Scenario

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
durations = st.one_of(st.just(0.0), st.floats(0.01, 10.0))


@st.composite
def simulated_scenarios(draw, positive: bool = False) -> Scenario:
    """A valid scenario (test_memory.valid_scenarios) whose schedule the simulator runs, with
    random op durations (zero too, unless `positive`)."""
    s = draw(valid_scenarios())
    kind, p = s.schedule.kind, s.parallel.pp
    m = s.schedule.microbatches
    if kind == "interleaved-1f1b" and s.parallel.vpp > 1:
        m -= m % max(1, m // p)
    elif kind == "dualpipe":
        assume(p % 2 == 0)
        m = 2 * draw(st.integers(p, 3 * p))
    elif kind == "dualpipev":
        m = draw(st.integers(2 * p, 6 * p))
    time = st.floats(0.01, 10.0) if positive else durations
    return s.replace(**{"schedule.microbatches": m, "schedule.f": draw(time), "schedule.b": draw(time),
                        "schedule.w": draw(time), "schedule.fb": draw(time), "schedule.p2p": draw(durations)})


def lane_ops(s: Scenario, rank: int):
    job = schedule_inputs(s)
    sim = simulate(job.kind, job.ranks, job.microbatches, job.chunks, job.durations)
    return sim, [op for op in sim.ops if op.rank == rank]


# ---------------------------------------------------------------------------------------------
# The invariant: each rank's peak is its ledger's GPU tier

def check_peaks_are_the_ledger(s: Scenario) -> None:
    timeline = memory_timeline(s)
    assert timeline.reason == "" and len(timeline.lanes) == s.parallel.pp
    for lane in timeline.lanes:
        ledger = memory_ledger(s, lane.rank)
        assert lane.peak_bytes == ledger.gpu_bytes == lane.ledger_gpu_bytes, lane.rank
        assert max(lane.bytes) == lane.peak_bytes
        oom = ledger.first_oom
        assert (lane.first_oom.key if lane.first_oom else None) == (oom[0].key if oom else None)
        at_peak = dict((item.key, value) for item, value in lane.breakdown(lane.peak_index))
        assert at_peak == {item.key: item.bytes for item in ledger.items if item.tier == "gpu"}
    assert timeline.most_loaded == memory_ledger(s).rank
    assert timeline.capacity_bytes == memory_ledger(s).capacity_bytes


@SETTINGS
@given(simulated_scenarios())
def test_each_rank_peaks_at_its_ledger_gpu_tier(s: Scenario) -> None:
    check_peaks_are_the_ledger(s)


@SETTINGS
@given(generated_schedules(), st.floats(0.0, 5.0), st.floats(0.01, 5.0), st.floats(0.0, 5.0))
def test_each_rank_peaks_at_its_ledger_gpu_tier_on_deeper_pipelines(case, f: float, b: float, w: float) -> None:
    kind, p, m, vpp = case
    s = pipeline(kind, p, m, vpp).replace(**{"schedule.f": f, "schedule.b": b, "schedule.w": w,
                                             "activation.recompute": "none"})
    check_peaks_are_the_ledger(s)


@SETTINGS
@given(simulated_scenarios())
def test_most_sets_held_is_the_schedules_peak_and_the_ledgers_in_flight(s: Scenario) -> None:
    job = schedule_inputs(s)
    sim = simulate(job.kind, job.ranks, job.microbatches, job.chunks, job.durations)
    per_rank = 2 if job.kind == "dualpipe" and job.ranks > 1 else chunks_per_rank(job.kind, s.parallel.vpp)
    for lane in memory_timeline(s).lanes:
        assert lane.peak_sets == sim.peak_activations[lane.rank]
        assert math.isclose(lane.peak_sets / per_rank, in_flight(s, lane.rank)[0], rel_tol=1e-12)


@SETTINGS
@given(simulated_scenarios())
def test_no_instant_exceeds_the_ledger_and_the_step_ends_with_the_held_bytes(s: Scenario) -> None:
    timeline = memory_timeline(s)
    for lane in timeline.lanes:
        assert all(value <= lane.ledger_gpu_bytes for value in lane.bytes)
        assert all(a <= b for a, b in zip(lane.times, lane.times[1:]))
        assert lane.times[0] == 0.0 and lane.times[-1] <= timeline.makespan
        assert (lane.sets[-1], lane.logits[-1], lane.backward[-1]) == (0, 0, 0)
        assert min(lane.sets) >= 0 and min(lane.logits) >= 0 and set(lane.backward) <= {0, 1}
        held = sum(item.bytes for item in lane.items if item.follows == HELD)
        fragmentation = [item.bytes for item in lane.items if item.follows == FRAGMENTATION]
        rest = sum(item.bytes for item in lane.items if item.follows != FRAGMENTATION)
        expected = held + sum(round(value * held / rest) if rest else value for value in fragmentation)
        assert abs(lane.bytes[-1] - expected) <= len(fragmentation)  # rounding of the allowance
        assert lane.bytes[0] == lane.bytes[-1]


def recount(lane: MemoryLane, ops, last: set[int], t: float) -> tuple[int, int, int]:
    """Sets, logits and backwards at time t (inside a step of positive length), from the ops
    alone: a forward's set from its start until the end of its B or W, its logits on the last stage
    until the end of its first backward (B or I)."""
    sets = sum(op.type == "F" and op.start <= t for op in ops) - sum(op.type in "BW" and op.end <= t for op in ops)
    logits = (sum(op.type == "F" and op.stage in last and op.start <= t for op in ops)
              - sum(op.type in "BI" and op.stage in last and op.end <= t for op in ops))
    running = sum(op.type in "BI" and op.start <= t < op.end for op in ops)
    return sets, logits, running


@SETTINGS
@given(simulated_scenarios(positive=True))
def test_held_sets_logits_and_backwards_recounted_from_the_ops(s: Scenario) -> None:
    job = schedule_inputs(s)
    last = {chain[-1] for chain in chains_of(job.kind, job.ranks, job.chunks)}
    timeline = memory_timeline(s)
    for lane in timeline.lanes:
        _, ops = lane_ops(s, lane.rank)
        own = {k for k in last if stage_rank(job.kind, job.ranks, job.chunks, k) == lane.rank}
        ends = list(lane.times[1:]) + [timeline.makespan]
        for i, (start, end) in enumerate(zip(lane.times, ends)):
            if end - start > 1e-9 * timeline.makespan:  # not two sums of the same time that round apart
                t = (start + end) / 2
                assert recount(lane, ops, own, t) == (lane.sets[i], lane.logits[i], lane.backward[i]), (lane.rank, t)
                assert lane.index_at(t) == i and lane.bytes_at(t) == lane.bytes[i]
                assert set(lane.ops_at(t)) == {op for op in ops if op.start <= t < op.end}


@SETTINGS
@given(simulated_scenarios(positive=True), st.floats(0.1, 10.0))
def test_slower_ops_stretch_the_time_but_not_the_bytes(s: Scenario, scale: float) -> None:
    d = s.schedule
    slower = s.replace(**{"schedule.f": d.f * scale, "schedule.b": d.b * scale, "schedule.w": d.w * scale,
                          "schedule.fb": d.fb * scale, "schedule.p2p": d.p2p * scale})
    for lane, other in zip(memory_timeline(s).lanes, memory_timeline(slower).lanes):
        assert other.bytes == lane.bytes and other.sets == lane.sets
        assert all(math.isclose(b, a * scale, rel_tol=1e-9, abs_tol=1e-9) for a, b in zip(lane.times, other.times))


# ---------------------------------------------------------------------------------------------
# The recompute working set, live only during a backward

def test_a_recompute_working_set_is_held_only_while_a_backward_runs(monkeypatch) -> None:
    """A ledger item named "Recompute working set" (one layer's forward redone inside a backward)
    is live during B and I only, and the peak still is the ledger's GPU tier with it."""
    for kind in ("1f1b", "zb-h1", "zbv", "dualpipev", "interleaved-1f1b"):
        s = load_preset("classroom-7b").replace(**{"parallel.pp": 4, "schedule.kind": kind, "parallel.vpp": 2,
                                                   "schedule.microbatches": 8, "memory.fragmentation": 0.0,
                                                   "activation.recompute": "full"})
        for lane in memory_timeline(s).lanes:
            ledger = memory_ledger(s, lane.rank)
            extra = next(item.bytes for item in ledger.items if item.key == "recompute_working_set")
            assert extra > 0
            assert [item.follows for item in lane.items if item.key == "recompute_working_set"] == [BACKWARD]
            assert lane.peak_bytes == ledger.gpu_bytes
            _, ops = lane_ops(s, lane.rank)
            for i, value in enumerate(lane.breakdown(index) for index in range(len(lane.times))):
                working = dict((item.key, v) for item, v in value)["recompute_working_set"]
                assert working == extra * lane.backward[i]
            ends = list(lane.times[1:]) + [lane.times[-1]]
            for i, (start, end) in enumerate(zip(lane.times, ends)):
                if end > start:
                    t = (start + end) / 2
                    assert lane.backward[i] == any(op.type in "BI" for op in lane.ops_at(t))


# ---------------------------------------------------------------------------------------------
# The users' questions

def classroom(kind: str, p: int = 4, m: int = 8) -> Scenario:
    return load_preset("classroom-7b").replace(**{"parallel.pp": p, "schedule.kind": kind,
                                                  "schedule.microbatches": m})


@pytest.mark.parametrize("p", [2, 4, 8])
def test_1f1b_memory_is_uneven_over_the_stages(p: int) -> None:
    """1F1B: rank r holds min(m, p − r) micro-batches, so rank 0 holds p sets and peaks when its
    p-th forward starts, at (p − 1)·F; the last rank holds one, from its first forward on."""
    s = classroom("1f1b", p, 2 * p).replace(**{"schedule.f": 1.5, "schedule.p2p": 0.0})
    timeline = memory_timeline(s)
    sets = [lane.peak_sets for lane in timeline.lanes]
    assert sets == [p - r for r in range(p)]
    first, last = timeline.lanes[0], timeline.lanes[-1]
    assert first.peak_time == pytest.approx((p - 1) * 1.5) and first.peak_item.key == "activations"
    assert last.peak_time == pytest.approx((p - 1) * 1.5)
    assert timeline.most_loaded == 0
    assert first.peak_bytes > last.peak_bytes
    # the middle ranks hold the same layers and no embedding or head: one set less per rank
    peaks = [lane.peak_bytes for lane in timeline.lanes[1:-1]]
    assert peaks == sorted(peaks, reverse=True) and len(set(peaks)) == len(peaks)
    held = {sum(item.bytes for item in lane.items if item.follows == HELD) for lane in timeline.lanes[1:-1]}
    assert len(held) <= 1


def test_zbv_puts_the_embedding_and_the_head_on_rank_0() -> None:
    """ZB-V's V shape places stage 0 and stage 2p − 1 (the head and the loss) on rank 0, so its
    rank 0 keeps the logits and the head besides the embedding and peaks above ZB-H1's rank 0, which
    holds as many activations (p micro-batches of its layers, 2p chunk sets of half the layers)."""
    zbv, zbh1 = memory_timeline(classroom("zbv")), memory_timeline(classroom("zb-h1"))
    rank0_v, rank0_h1 = zbv.lanes[0], zbh1.lanes[0]
    assert rank0_v.peak_sets == 2 * rank0_h1.peak_sets == 8
    assert rank0_v.peak_bytes > rank0_h1.peak_bytes
    assert "logits" in {item.key for item in rank0_v.items}
    assert "logits" not in {item.key for item in rank0_h1.items}
    assert "logits" in {item.key for item in zbh1.lanes[-1].items}
    assert rank0_v.peak_logits == 1 and rank0_v.logits[rank0_v.peak_index] == 1
    head = memory_ledger(classroom("zbv"), 0).params_per_gpu - memory_ledger(classroom("zb-h1"), 0).params_per_gpu
    assert head >= classroom("zbv").model.vocab * classroom("zbv").model.hidden  # the untied head V·h, tp = 1


def test_presets_peak_at_their_ledgers() -> None:
    for name in ("classroom-7b", "gpt3-175b", "deepseek-v3", "kimi-k2"):
        s = load_preset(name)
        if name == "kimi-k2":  # 1,024 micro-batches per step: more ops than the timeline simulates
            s = s.replace(**{"schedule.microbatches": 32})
        check_peaks_are_the_ledger(s)


def test_item_kinds() -> None:
    lane = memory_timeline(classroom("1f1b")).lanes[-1]
    follows = {item.key: item.follows for item in lane.items}
    expected = {"params": HELD, "grads": HELD, "master": HELD, "optimizer": HELD, "activations": PER_SET,
                "logits": LOGITS, "comm_buffers": HELD, "fragmentation": FRAGMENTATION}
    assert {key: follows[key] for key in expected} == expected


# ---------------------------------------------------------------------------------------------
# No lanes

def test_schedules_too_large_to_simulate_give_a_reason() -> None:
    too_many_ops = pipeline("1f1b", 8, TIMELINE_OPS // 16 + 1)
    timeline = memory_timeline(too_many_ops)
    assert timeline.lanes == () and "ops" in timeline.reason and f"{TIMELINE_OPS:,}" in timeline.reason
    just_enough = pipeline("1f1b", 8, TIMELINE_OPS // 16)
    assert len(memory_timeline(just_enough).lanes) == 8
    check_peaks_are_the_ledger(just_enough)   # beyond the ledger's own simulation: its closed forms, the same peaks
    too_deep = pipeline("1f1b", SIMULATED_RANKS + 1, 1)
    assert memory_timeline(too_deep).lanes == () and f"{SIMULATED_RANKS:,}" in memory_timeline(too_deep).reason


def test_a_schedule_that_cannot_be_generated_gives_its_reason() -> None:
    timeline = memory_timeline(pipeline("dualpipe", 3, 6))
    assert timeline.lanes == () and "even number of ranks" in timeline.reason
    assert timeline.to_json()["lanes"] == [] and timeline.to_json()["reason"] == timeline.reason


def test_to_json() -> None:
    timeline = memory_timeline(classroom("dualpipev"))
    data = json.loads(json.dumps(timeline.to_json()))
    assert data["ranks"] == 4 and len(data["lanes"]) == 4 and data["reason"] is None
    assert data["most_loaded_rank"] == memory_ledger(classroom("dualpipev")).rank
    for lane, out in zip(timeline.lanes, data["lanes"]):
        assert out["peak"]["bytes"] == lane.peak_bytes == out["ledger_gpu_bytes"]
        assert out["peak"]["time"] == lane.peak_time and out["peak"]["item"] == lane.peak_item.key
        assert len(out["times"]) == len(out["bytes"]) == len(out["activation_sets"]) == len(lane.times)
        assert max(out["bytes"]) == lane.peak_bytes


def test_the_computation_reads_the_ledgers_keys_and_the_durations() -> None:
    computation = next(c for c in derived.ALL if c.name == "memory-timeline")
    # The ledger's keys and the op durations: the typed units, or what the step-time model reads.
    assert set(computation.all_reads) == set(derived.LEDGER.reads) | set(derived.STEP_TIME_READS)
    doc = Document(classroom("1f1b"))
    assert doc.scenario.schedule.durations == "manual"
    assert set(computation.reads_of(doc)) == set(derived.LEDGER.reads) | {"schedule"}
    result = derived.ResultCache().get(computation, doc)
    assert [lane.peak_bytes for lane in result.lanes] == [memory_ledger(doc.scenario, r).gpu_bytes for r in range(4)]
    assert computation.concerns({"schedule.fb"}) and not derived.LEDGER.concerns({"schedule.fb"})


def test_durations_the_step_time_model_refuses_leave_no_lanes_and_say_why() -> None:
    s = load_preset("gpt3-175b").replace(**{"parallel.pp": 48, "model.layers": 96, "schedule.microbatches": 96})
    assert s.schedule.durations == "model"      # 8 × 48 = 384 GPUs on the preset's 64: not timed
    timeline = memory_timeline(s)
    assert timeline.lanes == () and timeline.reason.startswith("no op durations: ")
