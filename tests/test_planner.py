"""The configuration planner: its search space rules, its memory bound, and the ranked plan."""
from __future__ import annotations

import dataclasses
import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tslab.models.memory import memory_ledger, peak_gpu_bytes
from tslab.models.mesh import build_mesh
from tslab.models.pipeline import Cancelled, ScheduleError, check_config, chunks_per_rank
from tslab.models.planner import (DEFAULT_RULES, PLAN_KINDS, Candidate, Rules, TimeBounds, candidates, global_batch,
                                  own_candidate, plan, plan_json, states_bound)
from tslab.models.planner.evaluator import MEMORY_ORDER
from tslab.models.planner.search import NEAR_TOP
from tslab.models.presets import load_preset
from tslab.models.scenario import Scenario
from tslab.models.time import step_time
from tslab.models.time.step import _step_time, step_floor, step_parts, step_tail
from tslab.models.time.tail import dp_seconds, tail_step_floor
from tslab.models.validation import validate


@st.composite
def small_scenarios(draw) -> Scenario:
    """A small model on a small cluster: dense or MoE, MHA with GQA or MLA, 2–16 GPUs."""
    heads = draw(st.sampled_from([2, 4, 8]))
    kv = draw(st.sampled_from([k for k in (1, 2, 4, 8) if heads % k == 0]))
    head_dim = draw(st.sampled_from([16, 32]))
    experts = draw(st.sampled_from([0, 0, 4, 8]))
    mla = draw(st.booleans())
    gpn = draw(st.sampled_from([2, 4]))
    nodes = draw(st.integers(1, 2))
    dp = nodes * gpn  # the scenario's own configuration: pure data parallelism
    values = {
        "model.layers": draw(st.integers(2, 8)), "model.hidden": heads * head_dim, "model.heads": heads,
        "model.kv_heads": heads if mla else kv, "model.head_dim": head_dim,
        "model.ffn_hidden": draw(st.sampled_from([128, 256, 512])), "model.vocab": 1000,
        "model.seq_len": draw(st.sampled_from([256, 512, 8192, 16384])), "model.micro_batch": 1,
        "model.experts": experts, "model.top_k": 2 if experts else 0,
        "model.expert_ffn_hidden": 64 if experts else 0,
        "parallel.tp": 1, "parallel.pp": 1, "parallel.dp": dp, "parallel.ep": 1, "parallel.zero": 1,
        "cluster.nodes": nodes, "cluster.gpus_per_node": gpn, "cluster.gpu": "custom",
        "cluster.hbm_gib": draw(st.sampled_from([1.0, 2.0, 8.0])), "cluster.peak_tflops": 100.0,
        "cluster.hbm_gbps": 1000.0, "schedule.kind": "1f1b",
        "schedule.microbatches": draw(st.sampled_from([4, 8])),
    }
    if mla:
        values.update({"model.attention": "mla", "model.kv_lora_rank": 32, "model.q_lora_rank": 48,
                       "model.qk_rope_head_dim": 8, "model.v_head_dim": head_dim})
    if experts:
        values.update({"model.first_dense_layers": draw(st.integers(0, 1)),
                       "model.mtp_layers": draw(st.integers(0, 1))})
    values.update({"parallel.order": draw(st.sampled_from(["megatron", "megatron", "torchtitan", "picotron"])),
                   "activation.recompute_layers": draw(st.sampled_from([0, 0, 1])),
                   "offload.optimizer": draw(st.sampled_from(["gpu", "gpu", "cpu"])),
                   "time.tp_overlap": draw(st.booleans()), "time.ep_overlap": draw(st.booleans())})
    return Scenario().replace(**values)


def rule_violations(s: Scenario, c: Candidate, gpus: int) -> list[str]:
    """Each rule of models/planner/space.py, checked on one configuration."""
    m, gpn = s.model, s.cluster.gpus_per_node
    broken = []
    if c.tp * c.pp * c.cp * c.dp != gpus:
        broken.append("world")
    if gpn % c.tp or m.heads % c.tp or m.ffn_hidden % c.tp or (m.attention == "mha" and m.kv_heads % c.tp):
        broken.append("tp")
    if c.pp * chunks_per_rank(c.kind, c.vpp) > m.layers:
        broken.append("pp")
    if (c.vpp > 1) != (c.kind == "interleaved-1f1b") or (c.vpp > 1 and c.vpp not in DEFAULT_RULES.vpp):
        broken.append("vpp")
    if c.cp > 1 and (m.seq_len < 8192 or m.seq_len % c.cp or m.seq_len // c.cp < 1024):
        broken.append("cp")
    if m.experts and (m.experts % c.ep or (c.tp * c.cp * c.dp) % (c.ep * c.etp) or c.etp not in (1, c.tp)):
        broken.append("ep")
    if not m.experts and (c.ep, c.etp) != (1, 1):
        broken.append("ep")
    if c.zero == 3 and c.pp > 1:
        broken.append("zero")
    if c.kind not in PLAN_KINDS or c.kind == "gpipe" or (c.pp == 1 and c.kind != "1f1b"):
        broken.append("kind")
    if c.micro_batch not in DEFAULT_RULES.micro_batches or c.microbatches < c.pp:
        broken.append("microbatches")
    if c.microbatches * c.micro_batch * c.dp != global_batch(s):
        broken.append("global batch")
    try:
        check_config(c.kind, c.pp, c.microbatches, chunks_per_rank(c.kind, c.vpp))
    except ScheduleError:
        broken.append("schedule")
    if c.sp != (c.tp > 1 and (bool(m.experts) or s.parallel.sp)):
        broken.append("sp")
    return broken


def brute_force_space(s: Scenario, gpus: int) -> set[Candidate]:
    """The search space by trying every tuple of degrees in range and keeping those that break no
    rule: an independent enumeration to compare `candidates` with."""
    m = s.model
    nodes = gpus // s.cluster.gpus_per_node
    found = set()
    rng = range(1, gpus + 1)
    for tp, pp, cp in itertools.product(rng, rng, rng):
        if gpus % (tp * pp * cp):
            continue
        dp = gpus // (tp * pp * cp)
        for ep, etp in itertools.product(range(1, max(m.experts, 1) + 1), sorted({1, tp})):
            if m.experts and m.expert_ffn_hidden % etp:
                continue
            for zero, mb, kind, vpp, recompute in itertools.product(
                    range(4), DEFAULT_RULES.micro_batches, PLAN_KINDS, (1,) + DEFAULT_RULES.vpp,
                    ("none", "selective", "full")):
                if global_batch(s) % (mb * dp):
                    continue
                edp = tp * cp * dp // (ep * etp) if m.experts else 1
                if zero and dp * cp == 1 and edp == 1:
                    continue
                c = Candidate(tp, pp, vpp, dp, cp, ep, etp, zero, recompute, kind, mb, global_batch(s) // (mb * dp),
                              nodes, tp > 1 and (bool(m.experts) or s.parallel.sp))
                if not rule_violations(s, c, gpus):
                    found.add(c)
    return found


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_scenarios())
def test_the_space_is_exactly_the_configurations_the_rules_allow(s: Scenario) -> None:
    space = list(candidates(s))
    assert len(space) == len(set(space))  # no configuration twice
    for c in space:
        assert rule_violations(s, c, s.world_size) == [], c
    assert set(space) == brute_force_space(s, s.world_size)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_scenarios(), st.data())
def test_settings_reproduce_the_scenario_and_the_states_bound_is_below_the_ledger(s: Scenario, data) -> None:
    space = list(candidates(s))
    for c in data.draw(st.lists(st.sampled_from(space), min_size=1, max_size=6, unique=True)):
        planned = c.scenario(s)
        for key, value in c.settings().items():
            assert planned.get(key) == value
        assert global_batch(planned) == global_batch(s)
        assert states_bound(planned) <= memory_ledger(planned).gpu_bytes


def test_the_states_bound_over_the_deepseek_v3_space_at_1024_gpus() -> None:
    s = load_preset("deepseek-v3").replace(**{"cluster.nodes": 128})
    space = list(candidates(s))
    for c in space[:: max(1, len(space) // 40)]:
        planned = c.scenario(s)
        assert states_bound(planned) <= memory_ledger(planned).gpu_bytes


def test_gpus_set_the_nodes_and_keep_the_global_batch() -> None:
    s = load_preset("deepseek-v3")
    space = list(candidates(s, 1024))
    assert {c.nodes for c in space} == {128}
    assert {c.microbatches * c.micro_batch * c.dp for c in space} == {s.schedule.global_batch} == {15360}
    with pytest.raises(ValueError):
        list(candidates(s, 1020))  # not whole nodes of 8


@pytest.mark.parametrize("name", ["deepseek-v3", "kimi-k2", "gpt3-175b", "llama3-405b"])
def test_the_presets_own_configuration_is_in_the_space(name: str) -> None:
    s = load_preset(name)
    own = own_candidate(s)
    assert own is not None
    for key, value in own.settings().items():
        assert s.get(key) == value
    assert own in set(candidates(s))


# ---------------------------------------------------------------------------------------------
# The ranked plan (with the step-time model)

def tiny_scenarios():
    """Small enough to time every configuration: up to 8 GPUs and 6 layers."""
    return small_scenarios().filter(lambda s: s.world_size <= 8 and s.model.layers <= 6)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(tiny_scenarios())
def test_every_entry_fits_is_valid_keeps_the_batch_and_the_order(s: Scenario) -> None:
    result = plan(s, top=6)
    times = [e.time.step_time_s for e in result.entries]
    assert times == sorted(times)
    assert [e.rank for e in result.entries] == list(range(1, len(result.entries) + 1))
    for e in result.entries:
        assert e.scenario == s.replace(**e.settings)
        assert memory_ledger(e.scenario).first_oom is None
        assert e.peak_bytes == memory_ledger(e.scenario).gpu_bytes
        assert not [p for p in validate(e.scenario) if p.severity == "error"]
        assert not build_mesh(e.scenario).errors
        assert global_batch(e.scenario) == global_batch(s)
        assert e.time == step_time(e.scenario)
    assert result.considered == len(list(candidates(s)))
    settled = result.pruned_memory + result.pruned_topology + result.pruned_other + result.pruned_bound
    assert settled + result.timed + result.faster_by_bound >= result.considered  # each once (and the reference)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(tiny_scenarios(), st.integers(1, 8))
def test_the_pruned_search_finds_what_the_exhaustive_one_finds(s: Scenario, top: int) -> None:
    rules = Rules(micro_batches=(1, 2), vpp=(2, 3))  # fewer configurations to time one by one
    fast = plan(s, top=top, reference_budget=None, rules=rules)
    full = plan(s, top=top, exhaustive=True, rules=rules)
    assert [e.time.step_time_s for e in fast.entries] == [e.time.step_time_s for e in full.entries]
    distinct = {e.time.step_time_s for e in full.entries}
    if len(distinct) == len(full.entries):  # no ties: the same configurations in the same order
        assert [e.settings for e in fast.entries] == [e.settings for e in full.entries]
    assert fast.reference_rank == full.reference_rank and fast.reference_rank_exact
    assert full.pruned_bound == 0 and full.timed + full.pruned_memory + full.pruned_topology + \
        full.pruned_other >= full.considered


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_scenarios(), st.data())
def test_the_time_bounds_are_below_the_step_time(s: Scenario, data) -> None:
    space = list(candidates(s))
    bounds = TimeBounds(s)
    for c in data.draw(st.lists(st.sampled_from(space), min_size=1, max_size=6, unique=True)):
        try:
            t = step_time(c.scenario(s))
        except ValueError:
            continue
        assert bounds(c, exact=False) <= bounds(c) <= t.step_time_s


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_scenarios(), st.data())
def test_the_floor_and_the_parts_of_the_step_time(s: Scenario, data) -> None:
    """step_floor is below the step time (with the layer bound as its makespan bound too);
    step_parts and step_tail are its makespan and tail, found without its tables; peak_gpu_bytes
    is the ledger's GPU tier, and with a limit it passes the limit exactly when the ledger does."""
    space = list(candidates(s))
    bounds = TimeBounds(s)
    for c in data.draw(st.lists(st.sampled_from(space), min_size=1, max_size=6, unique=True)):
        scenario = c.scenario(s)
        ledger = memory_ledger(scenario)
        assert peak_gpu_bytes(scenario) == ledger.gpu_bytes
        limit = data.draw(st.integers(0, 2 * ledger.gpu_bytes + 1))
        assert (peak_gpu_bytes(scenario, limit) > limit) == (ledger.gpu_bytes > limit)
        try:
            floor = step_floor(scenario, bounds(c))
            makespan, tail = step_parts(scenario)
            t = step_time(scenario)
        except ValueError:
            continue
        assert floor <= t.step_time_s * (1 + 1e-12) and bounds(c) <= makespan * (1 + 1e-12)
        assert (makespan, tail) == (t.pipeline_s, pytest.approx(t.step_time_s - t.pipeline_s, rel=1e-12, abs=1e-15))
        assert makespan + tail == pytest.approx(t.step_time_s, rel=1e-15)
        assert step_tail(scenario) == pytest.approx(tail, rel=1e-12, abs=1e-15)
        # Timed again from a search's ScheduleTiming, the step time is the same to the bit
        assert _step_time(scenario, None, {}) == _step_time(scenario, None, None) == t


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_scenarios(), st.data())
def test_the_tail_floor_is_below_the_step_time(s: Scenario, data) -> None:
    """tail_step_floor, from the DP traffic of any configuration the search shares it with (another
    recompute, another micro-batch size under ZeRO 0/1, another schedule of the layout), is at or
    below the step time for any bound on the makespan up to the simulated one; and dp_seconds is
    the same over those configurations. Slow links make the DP traffic as long as the work, so
    that how much of it hides decides the bound."""
    s = s.replace(**{"cluster.intra_bw_gbps": data.draw(st.sampled_from([1.0, 4.0, 400.0])),
                     "cluster.inter_bw_gbps": data.draw(st.sampled_from([1.0, 2.0, 50.0])),
                     "time.dp_overlap": data.draw(st.sampled_from([True, True, False]))})
    space = list(candidates(s))
    bounds = TimeBounds(s)
    for c in data.draw(st.lists(st.sampled_from(space), min_size=1, max_size=6, unique=True)):
        group = MEMORY_ORDER.get(c.kind, (c.kind, 0))[0]
        shared = [o for o in space if MEMORY_ORDER.get(o.kind, (o.kind, 0))[0] == group and
                  dataclasses.replace(o, kind="", recompute="", micro_batch=0, microbatches=0) ==
                  dataclasses.replace(c, kind="", recompute="", micro_batch=0, microbatches=0) and
                  (c.zero < 2 or o.microbatches == c.microbatches)]
        try:
            t = step_time(c.scenario(s))
            seconds = dp_seconds(c.scenario(s))
        except ValueError:
            continue
        for o in data.draw(st.lists(st.sampled_from(shared), min_size=1, max_size=3)):
            try:
                theirs = dp_seconds(o.scenario(s))
            except ValueError:
                continue
            assert theirs == seconds
        for makespan in (0.0, bounds(c), t.pipeline_s):
            assert tail_step_floor(c.scenario(s), seconds, makespan) <= t.step_time_s * (1 + 1e-12)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_scenarios(), st.data())
def test_what_siblings_share(s: Scenario, data) -> None:
    """The facts the search borrows between configurations: the makespan does not depend on ZeRO,
    the DP tail not on the schedule within a layout, and memory grows along MEMORY_ORDER and with
    the micro-batch size."""
    # The space also holds configurations the mesh refuses (the search sets them aside as
    # topology errors before timing them): the facts concern the ones it times.
    space = [o for o in candidates(s) if not build_mesh(o.scenario(s)).errors]
    c = data.draw(st.sampled_from(space))
    others = [o for o in space if o != c and dataclasses.replace(o, zero=c.zero) == c]
    for o in others[:2]:
        assert step_time(o.scenario(s)).pipeline_s == pytest.approx(step_time(c.scenario(s)).pipeline_s, rel=1e-12)
    group = MEMORY_ORDER.get(c.kind, ("", 0))[0]
    layout = [o for o in space if MEMORY_ORDER.get(o.kind, ("-", 0))[0] == group and
              dataclasses.replace(o, kind=c.kind) == c]
    t = step_time(c.scenario(s))
    ledger = memory_ledger(c.scenario(s))
    for o in layout:
        u = step_time(o.scenario(s))
        assert u.step_time_s - u.pipeline_s == pytest.approx(t.step_time_s - t.pipeline_s, rel=1e-9, abs=1e-15)
        other = memory_ledger(o.scenario(s))
        if MEMORY_ORDER[o.kind][1] > MEMORY_ORDER[c.kind][1]:
            assert other.gpu_bytes >= ledger.gpu_bytes
    larger = [o for o in space if o.micro_batch > c.micro_batch and
              dataclasses.replace(o, micro_batch=c.micro_batch, microbatches=c.microbatches) == c]
    for o in larger:
        assert memory_ledger(o.scenario(s)).gpu_bytes >= ledger.gpu_bytes


def test_the_reference_is_the_scenarios_own_configuration() -> None:
    s = load_preset("classroom-7b")
    result = plan(s, top=3, reference_budget=None)
    ref = result.reference
    assert ref is not None and result.reference_rank == ref.rank >= 1 and result.reference_rank_exact
    assert ref.scenario == s and s.replace(**ref.settings) == s
    assert ref.time == step_time(s)
    faster = plan(s, top=max(ref.rank, 1), reference_budget=None)
    assert all(e.time.step_time_s < ref.time.step_time_s for e in faster.entries[:ref.rank - 1])
    if ref.rank > 1:  # the gap, term by term, adds up to the difference of the step times
        assert sum(result.reference_terms.values()) == pytest.approx(
            ref.time.step_time_s - result.entries[0].time.step_time_s, rel=1e-9)
    gap = ref.time.step_time_s / result.entries[0].time.step_time_s - 1
    assert (result.deciding_term == "") == (gap <= NEAR_TOP)  # 8 × DP on one node: near the top


def test_the_deciding_term_of_a_reference_far_from_the_top() -> None:
    """GPT-3 175B in the preset's TP8 PP8 on 64 GPUs is not the fastest the planner finds there: the
    deciding term is the stack term with the largest share of the gap."""
    s = load_preset("gpt3-175b")
    result = plan(s, top=1)
    assert result.reference is not None and result.reference_rank > 1
    gaps = result.reference_terms
    assert result.deciding_term == max(gaps, key=gaps.__getitem__) and gaps[result.deciding_term] > 0


@pytest.mark.parametrize("name", ["classroom-7b", "gpt3-175b", "llama3-405b-128k", "kimi-k2", "deepseek-v3",
                                  "llama3-405b"])
def test_every_presets_own_layout_is_in_the_ranking(name: str) -> None:
    """The published layout of each preset is ranked: as it is, or, when the ledger finds it out of
    memory (Llama 3 405B's interleaved warm-up), its fastest variant that fits, which changes only
    recompute or the micro-batch. (A small budget keeps the test short: the rank may then be a
    range; `tslab plan` counts it exactly.)"""
    s = load_preset(name)
    result = plan(s, top=1, reference_budget=20)
    ref = result.reference
    assert ref is not None and result.reference_rank >= 1
    assert set(result.reference_variant) <= {"activation.recompute", "activation.recompute_layers",
                                             "model.micro_batch", "schedule.microbatches"}
    assert ref.scenario == s.replace(**ref.settings)
    layout = ("parallel.tp", "parallel.pp", "parallel.vpp", "parallel.cp", "parallel.ep", "parallel.etp",
              "parallel.zero", "schedule.kind")
    assert {key: ref.scenario.get(key) for key in layout} == {key: s.get(key) for key in layout}
    assert ref.scenario.schedule.global_batch == s.schedule.global_batch
    assert memory_ledger(ref.scenario).first_oom is None and ref.peak_bytes == memory_ledger(ref.scenario).gpu_bytes
    assert not [p for p in validate(ref.scenario) if p.severity == "error"]
    if result.reference_variant:
        assert memory_ledger(s).first_oom is not None and result.reference_reason == memory_ledger(s).first_oom[1]
    else:
        assert ref.scenario == s and result.reference_reason == ""


def test_a_variant_is_ranked_exactly_against_the_exhaustive_search() -> None:
    """A reference that needs a variant: GPT-3 175B's TP8 PP8 at micro-batches of 4 sequences does
    not fit (its activations); its rank among all that fit is the exhaustive search's."""
    s = load_preset("gpt3-175b").replace(**{"model.micro_batch": 4})
    assert memory_ledger(s).first_oom is not None
    rules = Rules(micro_batches=(1, 2, 4), vpp=(2,))
    fast = plan(s, top=2, rules=rules)
    full = plan(s, top=2, rules=rules, exhaustive=True)
    assert fast.reference_variant and fast.reference_variant == full.reference_variant
    assert fast.reference_rank_exact and fast.reference_rank == full.reference_rank


def test_a_reference_that_does_not_fit_has_no_rank_and_says_why() -> None:
    s = load_preset("classroom-7b").replace(**{"cluster.gpu": "custom", "cluster.hbm_gib": 24.0,
                                               "cluster.peak_tflops": 400.0, "cluster.hbm_gbps": 2000.0})
    assert memory_ledger(s).first_oom is not None  # 7B parameters and their Adam states on every GPU
    result = plan(s, top=1)
    assert result.reference is None and result.reference_rank == 0
    assert result.reference_reason == memory_ledger(s).first_oom[1]
    assert result.entries  # sharded over TP, PP or ZeRO it fits


def test_cancellation_and_progress() -> None:
    s = load_preset("classroom-7b")
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 3

    with pytest.raises(Cancelled):
        plan(s, should_stop=stop)
    seen: list[tuple[int, int]] = []
    result = plan(s, progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, result.considered) and seen[-1] == (result.considered, result.considered)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_plan_json() -> None:
    s = load_preset("classroom-7b")
    data = plan_json(plan(s, top=2))
    assert {"gpus", "considered", "pruned", "entries", "reference"} <= set(data)
    assert set(data["pruned"]) == {"memory", "topology", "other", "bound"}
    assert {"rank", "settings", "step_time_s", "mfu", "peak_bytes", "terms", "time"} <= set(data["entries"][0])
    assert data["entries"][0]["time"]["stack"]
    json.dumps(data, allow_nan=False)


def test_bad_arguments() -> None:
    s = load_preset("classroom-7b")
    with pytest.raises(ValueError):
        plan(s, 12)
    with pytest.raises(ValueError):
        plan(s, top=0)


def test_a_reference_rank_beyond_the_budget_is_a_range_around_the_exact_one() -> None:
    s = load_preset("gpt3-175b")
    exact = plan(s, top=1, reference_budget=None)
    cut = plan(s, top=1, reference_budget=0)
    assert exact.reference_rank_exact and exact.reference_rank == exact.reference_rank_max
    assert cut.reference_rank <= exact.reference_rank <= cut.reference_rank_max
    assert cut.reference_rank_exact == (cut.reference_rank == cut.reference_rank_max == exact.reference_rank)
    assert [e.settings for e in cut.entries] == [e.settings for e in exact.entries]


class _Clock:
    """A thread CPU clock for the planner that moves one second per look, so that the CPU limit
    trips after a known number of looks whatever the machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_past_the_cpu_limit_the_rank_is_a_range_around_the_exact_one(monkeypatch) -> None:
    """Once the top is known, a search stopped at its CPU limit gives the reference's rank as a
    range holding the exact one, says so in its notes, and keeps the same entries."""
    import tslab.models.planner.search as search
    s = load_preset("gpt3-175b")
    exact = plan(s, top=1, cpu_limit=None)
    looks = 0
    for limit in range(3, 400, 4):  # the first limit that stops it after the top is known
        monkeypatch.setattr(search.time, "thread_time", _Clock())
        try:
            cut = plan(s, top=1, cpu_limit=float(limit))
        except ValueError as exc:
            assert "MAX_PLAN_CPU_S" in str(exc) and "--gpus" in str(exc)
            looks += 1
            continue
        break
    monkeypatch.undo()
    assert looks, "a limit this low refuses the plan before its top is known"
    assert not cut.reference_rank_exact and search.CPU_LIMIT_NOTE in cut.notes
    assert cut.reference_rank <= exact.reference_rank <= cut.reference_rank_max
    assert [e.settings for e in cut.entries] == [e.settings for e in exact.entries]
    assert exact.reference_rank_exact and search.CPU_LIMIT_NOTE not in exact.notes


def test_a_plan_refused_at_the_cpu_limit_says_what_to_lower(capsys, monkeypatch) -> None:
    import tslab.models.planner.search as search
    from tslab.desktop.cli import main
    monkeypatch.setattr(search, "MAX_PLAN_CPU_S", 0.0)
    monkeypatch.setattr(search.plan, "__kwdefaults__", {**search.plan.__kwdefaults__, "cpu_limit": 0.0})
    assert main(["plan", "--preset", "classroom-7b"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("tslab: error: ") and "MAX_PLAN_CPU_S" in err[0]


def test_the_scenarios_stage_options_are_kept() -> None:
    """first_stage_layers = 4 (Megatron-LM's --decoder-first-pipeline-num-layers) is stated for the
    scenario's pipeline (pp 2): the plans at that depth keep it, the others take the even split
    (models/scenario.resolve_batch), and none is refused for it."""
    s = load_preset("classroom-7b").replace(**{"parallel.first_stage_layers": 4, "parallel.pp": 2, "parallel.dp": 4})
    result = plan(s, top=2000)
    assert result.entries and result.pruned_topology == 0
    depths = set()
    for e in result.entries:
        p = e.scenario.parallel
        same = (p.pp, p.vpp) == (s.parallel.pp, s.parallel.vpp)
        assert p.first_stage_layers == (4 if same else 0)
        depths.add(p.pp)
        assert not [problem for problem in validate(e.scenario) if problem.severity == "error"]
    assert 1 in depths and 2 in depths
