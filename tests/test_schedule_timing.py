"""ScheduleTiming: a schedule's makespan for other durations, equal to the simulation's."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tslab.models.pipeline import KINDS, Durations, ScheduleError, check_config, simulate
from tslab.models.pipeline.timing import ScheduleTiming

seconds = st.floats(0.0, 5.0, allow_nan=False, allow_infinity=False)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(KINDS), st.integers(1, 8), st.integers(1, 24), st.integers(1, 3), st.data())
def test_the_makespan_is_the_simulated_one(kind: str, p: int, m: int, v: int, data) -> None:
    """For every kind, size and set of durations (zero-length ops and zero p2p included), with and
    without per-stage factors, the makespan equals simulate's exactly (the same float additions)."""
    try:
        check_config(kind, p, m, v)
    except ScheduleError:
        return
    timing = ScheduleTiming(kind, p, m, v)
    for _ in range(3):
        durations = Durations(F=data.draw(seconds), B=data.draw(seconds), I=data.draw(seconds),
                              W=data.draw(seconds), FB=data.draw(seconds),
                              p2p=data.draw(st.sampled_from([0.0, 1e-3, 0.25])))
        factors = data.draw(st.none() | st.lists(st.floats(0.01, 1.0), min_size=timing.stages,
                                                 max_size=timing.stages).map(tuple))
        expected = simulate(kind, p, m, v, durations, stage_imbalance=factors).makespan
        assert timing.makespan(durations, factors) == expected


def test_a_deep_schedule_equals_the_simulation() -> None:
    """DualPipeV and interleaved 1F1B at a planner's sizes (16 ranks, 128 micro-batches)."""
    durations = Durations(F=1.0, B=2.1, I=1.2, W=0.9, FB=2.7, p2p=0.013)
    for kind, v in (("dualpipev", 2), ("interleaved-1f1b", 4), ("zb-h2", 1), ("dualpipe", 1)):
        timing = ScheduleTiming(kind, 16, 128, v)
        factors = tuple(0.5 + (k % 7) / 14 for k in range(timing.stages))
        assert timing.makespan(durations, factors) == simulate(kind, 16, 128, v, durations,
                                                               stage_imbalance=factors).makespan


def test_it_refuses_what_simulate_refuses() -> None:
    with pytest.raises(ScheduleError):
        ScheduleTiming("dualpipe", 4, 3)  # DualPipe needs an even m ≥ 2p
    timing = ScheduleTiming("1f1b", 4, 8)
    with pytest.raises(ValueError, match="factors for 4 stages"):
        timing.makespan(Durations(), (1.0, 1.0))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(KINDS), st.integers(1, 6), st.integers(1, 16), st.integers(1, 3), st.data())
def test_the_busy_times_are_the_simulated_ones(kind: str, p: int, m: int, v: int, data) -> None:
    try:
        check_config(kind, p, m, v)
    except ScheduleError:
        return
    timing = ScheduleTiming(kind, p, m, v)
    durations = Durations(F=data.draw(seconds), B=data.draw(seconds), I=data.draw(seconds), W=data.draw(seconds),
                          FB=data.draw(seconds), p2p=0.01)
    factors = tuple(data.draw(st.floats(0.01, 1.0)) for _ in range(timing.stages))
    assert timing.busy(durations, factors) == simulate(kind, p, m, v, durations, stage_imbalance=factors).busy


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(KINDS), st.integers(1, 6), st.integers(1, 16), st.integers(1, 3), st.data())
def test_the_upper_bound_from_kept_timings_holds(kind: str, p: int, m: int, v: int, data) -> None:
    """After a few timings, upper_bound(d) is at least the makespan for any durations, and within
    a rounding of it for durations a kept timing scaled (every op, p2p too, × the same λ)."""
    try:
        check_config(kind, p, m, v)
    except ScheduleError:
        return
    timing = ScheduleTiming(kind, p, m, v)
    positive = st.floats(0.01, 5.0)
    kept = []
    for _ in range(3):
        d = Durations(F=data.draw(positive), B=data.draw(positive), I=data.draw(positive), W=data.draw(positive),
                      FB=data.draw(positive), p2p=data.draw(st.sampled_from([0.0, 0.01])))
        factors = tuple(data.draw(st.floats(0.05, 1.0)) for _ in range(timing.stages))
        kept.append((d, factors, timing.makespan(d, factors)))
    for _ in range(3):
        d = Durations(F=data.draw(seconds), B=data.draw(seconds), I=data.draw(seconds), W=data.draw(seconds),
                      FB=data.draw(seconds), p2p=data.draw(st.sampled_from([0.0, 0.01, 0.3])))
        factors = tuple(data.draw(st.floats(0.01, 1.0)) for _ in range(timing.stages))
        exact = simulate(kind, p, m, v, d, stage_imbalance=factors).makespan
        assert timing.upper_bound(d, factors) >= exact
    d, factors, makespan = kept[-1]
    scale = data.draw(st.floats(0.5, 2.0))
    scaled = Durations(F=d.F * scale, B=d.B * scale, I=d.I * scale, W=d.W * scale, FB=d.FB * scale, p2p=d.p2p * scale)
    bound = timing.upper_bound(scaled, factors)
    assert bound >= simulate(kind, p, m, v, scaled, stage_imbalance=factors).makespan
    assert bound == pytest.approx(scale * makespan, rel=1e-9)
