"""The global batch is an input and parallel.dp = 0 is the rest of the cluster (scenario.resolve_batch):
TP, PP, CP and the cluster move DP when the mesh filled the cluster, the micro-batches follow the
global batch, and a batch that does not divide is a validation error naming its numbers."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tslab.models.document import load_scenario
from tslab.models.presets import load_preset
from tslab.models.scenario import MAX_MICROBATCHES, Scenario, ScenarioError
from tslab.models.scenario_files import apply_overrides, save_scenario, scenario_from_dict, scenario_to_toml
from tslab.models.validation import errors

DATA = Path(__file__).resolve().parent / "data"


def batch(s: Scenario) -> tuple[int, int, int]:
    """(dp, microbatches, global_batch)"""
    return s.parallel.dp, s.schedule.microbatches, s.schedule.global_batch


def test_the_default_scenario_is_consistent() -> None:
    s = Scenario()
    assert batch(s) == (8, 8, 64) and s.model.micro_batch == 1
    assert s.parallel.tp * s.parallel.pp * s.parallel.cp * s.parallel.dp == s.world_size


def test_deepseek_v3_with_tp8_keeps_its_gpus_and_its_batch() -> None:
    """DeepSeek-V3 §4.2: 15,360 sequences per step on 2,048 GPUs. TP 1 → 8 leaves tp·pp = 128
    ranks per replica, so dp 128 → 16 and 15,360 / 16 = 960 micro-batches of 1."""
    v3 = load_preset("deepseek-v3")
    assert batch(v3) == (128, 120, 15360)
    s = v3.replace(**{"parallel.tp": 8})
    assert s.world_size == 2048 and s.parallel.tp * s.parallel.pp * s.parallel.dp == 2048
    assert batch(s) == (16, 960, 15360)
    assert errors(s) == []


def test_a_version_1_file_derives_its_global_batch() -> None:
    s = load_scenario(DATA / "scenario_v1.toml")  # dp 8, microbatches 8, micro_batch 1, no global_batch
    assert batch(s) == (8, 8, 64)
    assert scenario_from_dict({"schema_version": 2, "parallel": {"dp": 4}, "schedule": {"microbatches": 3}}) \
        .schedule.global_batch == 12


def test_a_file_without_dp_keeps_the_default_dp() -> None:
    """A file states its values: a missing dp is 8, as before, even on a bigger cluster (only edits
    move dp with the mesh)."""
    s = scenario_from_dict({"cluster": {"nodes": 4}})
    assert batch(s) == (8, 8, 64) and errors(s)


def test_set_dp_0_takes_the_rest_of_the_cluster() -> None:
    s = apply_overrides(load_preset("classroom-7b"), ["cluster.nodes=4", "parallel.tp=2", "parallel.dp=0"])
    assert s.parallel.dp == 32 // 2 and batch(s) == (16, 4, 64)
    assert errors(s) == []


def test_dp_0_that_does_not_divide_keeps_the_whole_quotient_and_fails_validation() -> None:
    s = Scenario().replace(**{"model.heads": 24, "model.kv_heads": 24, "model.ffn_hidden": 11010,  # tp 3 divides them
                              "parallel.tp": 3, "parallel.dp": 0})
    assert s.parallel.dp == 8 // 3
    assert any(p.key == "parallel.dp" and "= 6 GPUs" in p.message for p in errors(s))


def test_an_explicit_dp_is_kept() -> None:
    s = Scenario().replace(**{"parallel.tp": 2, "parallel.dp": 2})
    assert s.parallel.dp == 2 and batch(s) == (2, 32, 64)
    assert any(p.key == "parallel.dp" for p in errors(s))  # 2 × 2 GPUs of 8


def test_dp_follows_only_a_mesh_that_filled_the_cluster() -> None:
    full = Scenario().replace(**{"parallel.pp": 4})
    assert full.parallel.dp == 2
    broken = Scenario().replace(**{"parallel.dp": 2})                # 2 of 8 GPUs
    assert broken.replace(**{"parallel.tp": 2}).parallel.dp == 2      # stays: the mesh did not fill it
    assert full.replace(**{"parallel.pp": 3}).parallel.dp == 2        # 8 / 3 does not divide: stays, invalid
    assert full.replace(**{"cluster.nodes": 4}).parallel.dp == 8      # 32 GPUs / pp 4


def test_editing_the_microbatches_moves_the_global_batch() -> None:
    s = load_preset("classroom-7b").replace(**{"schedule.microbatches": 16})
    assert batch(s) == (8, 16, 128)
    s = s.replace(**{"model.micro_batch": 2})  # the batch stays: half as many micro-batches of two
    assert batch(s) == (8, 8, 128)


def test_the_batch_keys_set_together_must_agree() -> None:
    s = Scenario().replace(**{"schedule.microbatches": 4, "schedule.global_batch": 32})
    assert batch(s) == (8, 4, 32)
    with pytest.raises(ScenarioError) as info:
        Scenario().replace(**{"schedule.microbatches": 5, "schedule.global_batch": 32})
    message = str(info.value)
    assert all(part in message for part in ("schedule.microbatches = 5", "schedule.global_batch = 32", "dp 8",
                                            "micro-batch 1", "= 40 sequences"))


def test_a_batch_that_does_not_divide_is_a_validation_error_naming_its_numbers() -> None:
    s = Scenario().replace(**{"parallel.tp": 2, "parallel.dp": 3, "schedule.global_batch": 4096})
    assert s.schedule.microbatches == 4096 // 3
    (problem,) = [p for p in errors(s) if p.key == "schedule.global_batch"]
    assert problem.message == "the global batch of 4,096 sequences is not a multiple of dp 3 × micro-batch 1"


def test_a_batch_of_more_micro_batches_than_a_step_can_have_is_a_validation_error() -> None:
    s = Scenario().replace(**{"cluster.gpus_per_node": 1, "schedule.global_batch": 4 * MAX_MICROBATCHES})
    assert batch(s) == (1, MAX_MICROBATCHES, 4 * MAX_MICROBATCHES)
    (problem,) = [p for p in errors(s) if p.key == "schedule.global_batch"]
    assert "needs 4,194,304 micro-batches" in problem.message


def test_an_invalid_batch_round_trips_through_a_file(tmp_path: Path) -> None:
    s = Scenario().replace(**{"schedule.global_batch": 60})
    assert batch(s) == (8, 7, 60) and errors(s)
    data = tomllib.loads(scenario_to_toml(s))
    assert (data["parallel"]["dp"], data["schedule"]["microbatches"], data["schedule"]["global_batch"]) == (8, 7, 60)
    save_scenario(s, tmp_path / "s.toml")
    assert load_scenario(tmp_path / "s.toml") == s


def test_every_preset_states_its_batch_and_fills_its_cluster() -> None:
    for name, expected in (("deepseek-v3", 15360), ("llama3-405b", 2048), ("llama3-405b-128k", 128),
                           ("kimi-k2", 16384), ("gpt3-175b", 64), ("classroom-7b", 64)):
        s = load_preset(name)
        assert s.schedule.global_batch == expected, name
        assert s.parallel.dp * s.schedule.microbatches * s.model.micro_batch == expected, name
        assert errors(s) == [], name


def divisors(n: int) -> list[int]:
    return [d for d in range(1, n + 1) if n % d == 0]


@st.composite
def meshes(draw) -> tuple[int, int, int, int, int, int]:
    """(nodes, gpus_per_node, tp, pp, cp, micro_batch) with tp · pp · cp dividing the cluster."""
    nodes, gpn = draw(st.integers(1, 64)), draw(st.sampled_from([1, 2, 4, 8]))
    world = nodes * gpn
    tp = draw(st.sampled_from(divisors(world)))
    pp = draw(st.sampled_from(divisors(world // tp)))
    cp = draw(st.sampled_from(divisors(world // (tp * pp))))
    return nodes, gpn, tp, pp, cp, draw(st.sampled_from([1, 2, 4]))


@settings(max_examples=200, deadline=None)
@given(mesh=meshes(), steps=st.integers(1, 64), dp_zero=st.booleans())
def test_resolution_fills_the_cluster_and_keeps_the_batch(mesh, steps: int, dp_zero: bool) -> None:
    """From the filled default, any tp/pp/cp dividing the cluster (dp 0, or DP following the edit)
    gives tp·pp·cp·dp = world, and a global batch that divides gives dp·m·b = global batch."""
    nodes, gpn, tp, pp, cp, micro_batch = mesh
    world = nodes * gpn
    dp = world // (tp * pp * cp)
    global_batch = dp * micro_batch * steps
    changes = {"cluster.nodes": nodes, "cluster.gpus_per_node": gpn, "parallel.tp": tp, "parallel.pp": pp,
               "parallel.cp": cp, "model.micro_batch": micro_batch, "schedule.global_batch": global_batch}
    if dp_zero:
        changes["parallel.dp"] = 0
    s = Scenario().replace(**changes)
    assert s.parallel.tp * s.parallel.pp * s.parallel.cp * s.parallel.dp == world
    assert s.parallel.dp * s.schedule.microbatches * s.model.micro_batch == global_batch
    assert s.schedule.microbatches == steps


def test_the_cli_takes_dp_0_and_prints_the_resolved_scenario() -> None:
    done = subprocess.run([sys.executable, "-m", "tslab", "scenario", "--preset", "deepseek-v3",
                           "--set", "parallel.tp=8"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    data = tomllib.loads(done.stdout)
    assert (data["parallel"]["tp"], data["parallel"]["dp"]) == (8, 16)
    assert (data["schedule"]["microbatches"], data["schedule"]["global_batch"]) == (960, 15360)
    bad = subprocess.run([sys.executable, "-m", "tslab", "memory", "--preset", "classroom-7b",
                          "--set", "schedule.global_batch=60", "--json"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and bad.stderr.startswith("tslab: error: ")
    assert "the global batch of 60 sequences is not a multiple of dp 8 × micro-batch 1" in bad.stderr


# ---------------------------------------------------------------------------------------------
# The app: the inputs show the resolved numbers, and a TP edit that moves DP is one undo step

@pytest.fixture
def form(qtbot):
    from tslab.models.presets import preset_document
    from tslab.views.document_model import DocumentModel
    from tslab.views.labels import fields
    from tslab.views.scenario_form import ScenarioForm
    model = DocumentModel(preset_document("deepseek-v3"))
    widget = ScenarioForm(model, [("Batch", fields("parallel.tp", "parallel.dp", "schedule.global_batch",
                                                   "schedule.microbatches"))])
    qtbot.addWidget(widget)
    return widget


def test_a_tp_edit_moves_dp_and_the_micro_batches_as_one_undo_step(form) -> None:
    model, editors = form.model, form.editors
    editors["parallel.tp"].widget.setValue(8)
    assert batch(model.scenario) == (16, 960, 15360)
    assert editors["parallel.dp"].widget.value() == 16 and editors["schedule.microbatches"].widget.value() == 960
    assert model.undo_stack.count() == 1 and model.undo_stack.undoText() == "Tensor parallel TP 1 → 8"
    model.undo()
    assert batch(model.scenario) == (128, 120, 15360) and model.scenario.parallel.tp == 1
    assert editors["parallel.dp"].widget.value() == 128 and editors["schedule.microbatches"].widget.value() == 120


def test_dp_0_typed_in_shows_the_rest_of_the_cluster(form) -> None:
    editors = form.editors
    editors["parallel.dp"].widget.setValue(0)   # the preset fills its cluster: nothing changes
    assert form.model.scenario.parallel.dp == 128 and editors["parallel.dp"].widget.value() == 128
    assert form.model.undo_stack.count() == 0


def test_the_global_batch_shows_its_tokens(form) -> None:
    hint = form.editors["schedule.global_batch"].hint
    assert hint is not None and hint.text() == "= 62.9M tokens"   # 15,360 × 4,096
    assert "62,914,560 tokens" in hint.toolTip()
    form.editors["schedule.microbatches"].widget.setValue(60)
    assert form.model.scenario.schedule.global_batch == 7680 and hint.text() == "= 31.5M tokens"


def test_a_new_pipeline_depth_goes_back_to_the_even_layer_split():
    s = load_preset("deepseek-v3")
    assert (s.parallel.first_stage_layers, s.parallel.last_stage_layers) == (3, 2)
    deeper = s.replace(**{"parallel.pp": 8})
    assert (deeper.parallel.first_stage_layers, deeper.parallel.last_stage_layers) == (0, 0)
    stated = s.replace(**{"parallel.pp": 8, "parallel.first_stage_layers": 7, "parallel.last_stage_layers": 6})
    assert (stated.parallel.first_stage_layers, stated.parallel.last_stage_layers) == (7, 6)
    wider = s.replace(**{"parallel.tp": 8})   # not the pipeline: the split stays
    assert (wider.parallel.first_stage_layers, wider.parallel.last_stage_layers) == (3, 2)


def test_a_resolved_dp_stays_within_its_key_s_range():
    """A cluster of more GPUs than dp may hold (2^24) does not resolve dp past its maximum: the
    scenario keeps a dp it can save and load, and validation names the mesh that does not fill."""
    huge = Scenario().replace(**{"cluster.nodes": 1 << 20, "cluster.gpus_per_node": 32, "parallel.dp": 0})
    assert huge.parallel.dp == 1 << 24
    moved = Scenario().replace(**{"cluster.nodes": 1 << 20, "cluster.gpus_per_node": 32})   # dp would follow
    assert moved.parallel.dp == Scenario().parallel.dp   # past 2^24: it stays, and the mesh does not fill
    assert load_scenario_text(huge) == huge


def load_scenario_text(s):
    from tslab.models.scenario_files import scenario_from_dict, scenario_to_toml
    return scenario_from_dict(tomllib.loads(scenario_to_toml(s)))
