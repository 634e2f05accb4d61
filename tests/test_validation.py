"""Scenario validation: each rule reports a problem on the key it concerns; validate never raises."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tslab.models.memory import memory_ledger
from tslab.models.presets import load_preset, preset_names
from tslab.models.scenario import Scenario, declared_type, keys
from tslab.models.validation import Problem, errors, validate


def base() -> Scenario:
    """The classroom default: 7B Llama shape, 8 GPUs, pure data parallelism; no errors."""
    return load_preset("classroom-7b")


def problems_of(s: Scenario, severity: str) -> set[str]:
    return {problem.key for problem in validate(s) if problem.severity == severity}


def test_base_is_valid() -> None:
    assert errors(base()) == []


@pytest.mark.parametrize("name", preset_names())
def test_presets_have_no_errors(name: str) -> None:
    assert errors(load_preset(name)) == []


# Each case: the changes, the key the error is reported on, and the arguments it must carry.
ERROR_CASES = [
    pytest.param({"parallel.tp": 3, "parallel.dp": 1, "cluster.gpus_per_node": 3, "model.heads": 32,
                  "model.kv_heads": 32, "model.ffn_hidden": 11010, "model.vocab": 32001},
                 "parallel.tp", {"heads": 32, "tp": 3}, id="heads%tp"),
    pytest.param({"parallel.tp": 16, "parallel.dp": 1, "cluster.nodes": 2, "model.kv_heads": 8},
                 "parallel.tp", {"kv": 8, "tp": 16}, id="kv_heads%tp"),
    pytest.param({"parallel.tp": 8, "parallel.dp": 1, "model.ffn_hidden": 11004},
                 "parallel.tp", {"ffn": 11004, "tp": 8}, id="ffn%tp"),
    pytest.param({"model.layers": 4, "parallel.pp": 8, "parallel.dp": 1},
                 "parallel.pp", {"layers": 4, "stages": 8}, id="layers<pp"),
    pytest.param({"model.layers": 16, "parallel.pp": 4, "parallel.vpp": 8, "parallel.dp": 2,
                  "schedule.kind": "interleaved-1f1b"},
                 "parallel.pp", {"layers": 16, "stages": 32}, id="layers<pp*vpp"),
    pytest.param({"model.layers": 6, "parallel.pp": 4, "parallel.dp": 2, "schedule.kind": "zbv"},
                 "parallel.pp", {"layers": 6, "stages": 8}, id="layers<pp*2(V-shape)"),
    pytest.param({"model.experts": 6, "model.top_k": 2, "model.expert_ffn_hidden": 1024, "parallel.ep": 4},
                 "parallel.ep", {"experts": 6, "ep": 4}, id="experts%ep"),
    pytest.param({"parallel.dp": 4}, "parallel.dp", {"product": 4, "nodes": 1, "gpn": 8, "world": 8},
                 id="world-size"),
    pytest.param({"parallel.ep": 2}, "parallel.ep", {"ep": 2}, id="ep-without-experts"),
    pytest.param({"parallel.cp": 3, "parallel.dp": 2, "cluster.gpus_per_node": 6},
                 "parallel.cp", {"seq": 4096, "cp": 3}, id="cp-not-dividing-seq"),
    pytest.param({"activation.cpu_offload_fraction": 0.6, "activation.remote_offload_fraction": 0.6},
                 "activation.remote_offload_fraction", {"cpu": 0.6, "remote": 0.6}, id="offload>1"),
    pytest.param({"cluster.gpu": "custom", "cluster.hbm_gib": 0.0}, "cluster.hbm_gib", {}, id="custom-gpu"),
    pytest.param({"model.hidden": 4100}, "model.heads", {"hidden": 4100, "heads": 32}, id="hidden%heads"),
    pytest.param({"model.kv_heads": 12}, "model.kv_heads", {"heads": 32, "kv": 12}, id="heads%kv"),
    pytest.param({"model.attention": "mla", "model.kv_lora_rank": 0, "model.head_dim": 128},
                 "model.kv_lora_rank", {}, id="mla-without-latent"),
    pytest.param({"model.experts": 8, "model.top_k": 9, "model.expert_ffn_hidden": 1024},
                 "model.top_k", {"experts": 8}, id="top_k>experts"),
    pytest.param({"model.experts": 8, "model.top_k": 2, "model.expert_ffn_hidden": 0},
                 "model.expert_ffn_hidden", {}, id="moe-without-width"),
    pytest.param({"model.experts": 8, "model.top_k": 2, "model.expert_ffn_hidden": 1024,
                  "model.first_dense_layers": 33}, "model.first_dense_layers", {"dense": 33, "layers": 32},
                 id="dense-layers>layers"),
    pytest.param({"model.experts": 8, "model.top_k": 2, "model.expert_ffn_hidden": 1024,
                  "model.params": 10**9}, "model.params", {}, id="params-override-with-moe"),
    pytest.param({"model.experts": 8, "model.top_k": 2, "model.expert_ffn_hidden": 1022, "parallel.etp": 4},
                 "parallel.etp", {"ffn": 1022, "etp": 4}, id="expert-ffn%etp"),
    pytest.param({"model.experts": 16, "model.top_k": 2, "model.expert_ffn_hidden": 1024, "parallel.ep": 16},
                 "parallel.ep", {"width": 8, "expert": 16}, id="expert-grid"),
    pytest.param({"parallel.order": "tp-dp-dp-pp"}, "parallel.order", {"order": "tp-dp-dp-pp"}, id="order-repeats"),
    pytest.param({"parallel.order": "tp-dp"}, "parallel.order", {"order": "tp-dp"}, id="order-missing-pp"),
    pytest.param({"parallel.order": "tp-xx-dp-pp"}, "parallel.order", {"order": "tp-xx-dp-pp"}, id="order-unknown"),
]


@pytest.mark.parametrize(("changes", "key", "args"), ERROR_CASES)
def test_each_rule_reports_an_error_on_its_key(changes: dict, key: str, args: dict) -> None:
    s = base().replace(**changes)
    found = [problem for problem in validate(s) if problem.key == key and problem.severity == "error"]
    assert found, [str(problem) for problem in validate(s)]
    assert any(all(problem.args.get(name) == value for name, value in args.items()) for problem in found), \
        [str(problem) for problem in found]
    # Errors name their key in the text the CLI prints.
    assert all(str(problem).startswith(f"{key}: ") for problem in found)


@pytest.mark.parametrize(("changes", "key"), [
    ({"model.layers": 30, "parallel.pp": 4, "parallel.dp": 2}, "parallel.pp"),
    ({"parallel.vpp": 2}, "parallel.vpp"),
    ({"parallel.pp": 4, "parallel.dp": 2, "schedule.microbatches": 2}, "schedule.microbatches"),
    ({"parallel.pp": 4, "parallel.dp": 2, "parallel.vpp": 2, "schedule.kind": "interleaved-1f1b",
      "schedule.microbatches": 9}, "schedule.microbatches"),
    ({"parallel.sp": True}, "parallel.sp"),
    ({"model.top_k": 2}, "model.experts"),
    ({"parallel.dp": 1, "cluster.gpus_per_node": 1}, "parallel.zero"),
    ({"offload.params": "cpu"}, "offload.params"),
    ({"offload.grads": "cpu"}, "offload.grads"),
    ({"activation.remote_offload_fraction": 0.5}, "activation.remote_offload_fraction"),
    ({"model.vocab": 32001, "parallel.tp": 8, "parallel.dp": 1}, "parallel.tp"),
])
def test_warnings_keep_the_scenario_usable(changes: dict, key: str) -> None:
    s = base().replace(**changes)
    assert key in problems_of(s, "warning"), [str(problem) for problem in validate(s)]
    assert errors(s) == []
    memory_ledger(s)  # a scenario with only warnings still has a ledger


@pytest.mark.parametrize("m", range(4, 40))
def test_interleaved_warns_exactly_when_the_schedule_refuses_m(m: int) -> None:
    """PyTorch's ScheduleInterleaved1F1B runs m in max(1, ⌊m/p⌋) equal rounds: p need not divide m."""
    from tslab.models.pipeline import ScheduleError, check_config
    s = base().replace(**{"parallel.pp": 4, "parallel.dp": 2, "parallel.vpp": 2, "schedule.kind": "interleaved-1f1b",
                          "schedule.microbatches": m})
    try:
        check_config("interleaved-1f1b", 4, m, 2)
        refused = False
    except ScheduleError:
        refused = True
    assert ("schedule.microbatches" in problems_of(s, "warning")) == refused


def test_uneven_layers_warn_but_fewer_layers_than_stages_is_an_error() -> None:
    uneven = base().replace(**{"model.layers": 30, "parallel.pp": 4, "parallel.dp": 2})
    short = base().replace(**{"model.layers": 3, "parallel.pp": 4, "parallel.dp": 2})
    assert "parallel.pp" in problems_of(uneven, "warning") and "parallel.pp" not in problems_of(uneven, "error")
    assert "parallel.pp" in problems_of(short, "error") and "parallel.pp" not in problems_of(short, "warning")


def test_world_size_error_only_when_the_product_differs() -> None:
    assert "parallel.dp" not in problems_of(base(), "error")
    s = base().replace(**{"parallel.tp": 2, "parallel.pp": 2, "parallel.dp": 2, "parallel.cp": 2,
                          "cluster.nodes": 2})
    assert "parallel.dp" not in problems_of(s, "error")


def test_offload_fractions_up_to_one_are_fine() -> None:
    s = base().replace(**{"activation.cpu_offload_fraction": 0.7, "activation.remote_offload_fraction": 0.3,
                          "parallel.pp": 2, "parallel.dp": 4})
    assert errors(s) == []


def test_errors_come_first_and_every_message_formats() -> None:
    s = base().replace(**{"parallel.dp": 4, "parallel.sp": True, "parallel.vpp": 2, "parallel.ep": 2})
    problems = validate(s)
    severities = [problem.severity for problem in problems]
    assert severities == sorted(severities, key=lambda severity: severity != "error")
    assert "error" in severities and "warning" in severities
    for problem in problems:
        assert problem.message and "{" not in problem.message


# ---------------------------------------------------------------------------------------------
# validate never raises, for any value of any key within its declared range



def _value(key: str) -> st.SearchStrategy:
    kind, meta = declared_type(key)
    if key == "model.moe_layer_pattern":  # often as long as the model, sometimes not
        return st.one_of(st.just(""), st.integers(1, 12).map(lambda n: "[0]*1+[1]*" + str(n)),
                         st.from_regex(meta["pattern"], fullmatch=True))
    if kind == "bool":
        return st.booleans()
    if kind == "list":
        return st.lists(st.text(max_size=5), max_size=2)
    if meta.get("choices"):
        return st.sampled_from(meta["choices"])
    if key == "parallel.order":
        return st.one_of(st.sampled_from(["megatron", "torchtitan", "picotron", "tp-cp-ep-dp-pp"]),
                         st.from_regex(meta["pattern"], fullmatch=True))
    if kind == "int":
        low, high = int(meta["low"]), int(meta["high"])
        # Mostly small values (so some scenarios come out valid), sometimes anywhere in range.
        return st.one_of(st.integers(low, min(high, low + 8)), st.sampled_from([v for v in (1, 2, 4, 8, 16, 32)
                                                                                  if low <= v <= high]),
                         st.integers(low, high))
    if kind == "float":
        return st.floats(meta["low"], meta["high"], allow_nan=False, allow_infinity=False)
    return st.text(max_size=10)


SETTABLE = [key for key in keys() if key != "title"]


@st.composite
def any_scenarios(draw) -> Scenario:
    values = {key: draw(_value(key)) for key in SETTABLE}
    # One of the two batch keys: set together they must agree (the other one follows).
    del values[draw(st.sampled_from(["schedule.microbatches", "schedule.global_batch"]))]
    if draw(st.booleans()):  # often make the cluster match the parallel degrees (dp 0 takes the rest)
        world = values["parallel.tp"] * values["parallel.pp"] * max(1, values["parallel.dp"]) * values["parallel.cp"]
        if world <= 1024:
            values["cluster.nodes"], values["cluster.gpus_per_node"] = 1, world
    return Scenario().replace(**values)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_scenarios())
def test_validate_never_raises(s: Scenario) -> None:
    problems = validate(s)
    for problem in problems:
        assert isinstance(problem, Problem)
        assert problem.severity in ("error", "warning")
        assert problem.key in keys()
        assert isinstance(problem.message, str) and problem.message
    if not errors(s):
        chunks = 2 if s.schedule.kind in ("zbv", "dualpipev") else (
            s.parallel.vpp if s.schedule.kind == "interleaved-1f1b" else 1)
        if s.parallel.pp * chunks <= 256 and s.model.layers <= 2000:  # keep the example fast
            ledger = memory_ledger(s)
            data = ledger.to_json()
            assert data["per_gpu_bytes"]["total"] == sum(data["tiers"].values())


# ---------------------------------------------------------------------------------------------
# Ranges that keep every derived number finite (models/scenario.py): a value outside them is
# refused when it is set, naming the key, so no scenario can reach validate() or a tab with it.

@pytest.mark.parametrize(("key", "value"), [("cluster.intra_bw_gbps", 0.0), ("cluster.inter_bw_gbps", 0.0),
                                            ("cluster.inter_bw_gbps", 0.5), ("memory.fragmentation", 1.0),
                                            ("memory.fragmentation", 0.999999), ("memory.fragmentation", 0.5001)])
def test_ranges_refuse_degenerate_links_and_fragmentation(key: str, value: float) -> None:
    from tslab.models.scenario import ScenarioError
    with pytest.raises(ScenarioError, match=key.replace(".", r"\.")):
        base().replace(**{key: value})


def test_largest_fragmentation_doubles_the_gpu_tier() -> None:
    """The ledger adds f/(1 − f) of the rest of the GPU tier: at the maximum f = 0.5 the allowance
    equals the rest (a 50% share, as labelled), instead of 51 million GiB at f = 0.999999."""
    s = base().replace(**{"memory.fragmentation": 0.5})
    ledger = memory_ledger(s)
    allowance = next(item for item in ledger.items if item.key == "fragmentation")
    rest = sum(item.bytes for item in ledger.items if item.tier == "gpu" and item.key != "fragmentation")
    assert abs(allowance.bytes - rest) <= 1
    assert "50%" in allowance.formula
    assert errors(s) == []


def test_slowest_links_give_finite_times() -> None:
    from tslab.models.moe import analyse_scenario
    s = load_preset("deepseek-v3").replace(**{"cluster.intra_bw_gbps": 1.0, "cluster.inter_bw_gbps": 1.0})
    result = analyse_scenario(s)
    assert 0 < result.dispatch_time_s < float("inf") and 0 < result.combine_time_s < float("inf")
