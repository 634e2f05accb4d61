"""Scenario files and overrides: TOML round-trips, atomic saves, and errors that name the key.

Scenario files carry schema_version (SCHEMA_VERSION), load with clear errors (file, line, key),
refuse a newer schema_version, and save atomically (a failed save never damages the old file).
"""
from __future__ import annotations

import dataclasses
import os
import re
import tempfile
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tslab.models.document import load_scenario
from tslab.models.presets import load_preset, preset_names, preset_path
from tslab.models.scenario import SCHEMA_VERSION, SECTIONS, Scenario, ScenarioError, declared_type, keys
from tslab.models.scenario_files import (apply_overrides, parse_value, save_scenario, scenario_from_dict,
                                         scenario_to_toml)

PRESETS = preset_names()


# ---------------------------------------------------------------------------------------------
# A strategy for every settable key, read from the field's own type and range



def _value_strategy(key: str) -> st.SearchStrategy:
    if key == "title":
        return st.text(max_size=40)
    kind, meta = declared_type(key)
    if kind == "bool":
        return st.booleans()
    if kind == "list":
        return st.lists(st.text(max_size=30), max_size=3)
    if meta.get("choices"):
        return st.sampled_from(meta["choices"])
    if meta.get("pattern"):
        return st.from_regex(meta["pattern"], fullmatch=True)
    if kind == "int":
        return st.integers(int(meta["low"]), int(meta["high"]))
    if kind == "float":
        return st.floats(meta["low"], meta["high"], allow_nan=False, allow_infinity=False)
    return st.text(max_size=30)


@st.composite
def random_scenarios(draw) -> Scenario:
    """A scenario with every key drawn independently within its declared range (not necessarily
    a valid training setup: the round-trip must not care), but only one of the two batch keys:
    set together they must agree, and the other one follows from the one set."""
    values = {key: draw(_value_strategy(key)) for key in keys()}
    del values[draw(st.sampled_from(["schedule.microbatches", "schedule.global_batch"]))]
    return Scenario().replace(**values)


# ---------------------------------------------------------------------------------------------
# Round trips

@pytest.mark.parametrize("name", PRESETS)
def test_preset_round_trips_through_a_file(name: str, tmp_path: Path) -> None:
    scenario = load_preset(name)
    path = tmp_path / f"{name}.toml"
    save_scenario(scenario, path)
    assert load_scenario(path) == scenario
    # The saved text is itself stable: saving the loaded copy writes the same bytes.
    again = tmp_path / "again.toml"
    save_scenario(load_scenario(path), again)
    assert again.read_bytes() == path.read_bytes()


def test_all_five_presets_ship() -> None:
    assert {"classroom-7b", "gpt3-175b", "llama3-405b", "deepseek-v3", "kimi-k2"} <= set(PRESETS)


@pytest.mark.parametrize("name", PRESETS)
def test_preset_files_carry_schema_version_and_sources(name: str) -> None:
    from tslab.models.presets import preset_path
    data = tomllib.loads(preset_path(name).read_text(encoding="utf-8"))
    assert data["schema_version"] == SCHEMA_VERSION
    scenario = load_preset(name)
    assert scenario.sources.refs, "every preset cites the sources of its numbers"


@settings(max_examples=80, deadline=None)
@given(random_scenarios())
def test_random_scenario_round_trips(scenario: Scenario) -> None:
    text = scenario_to_toml(scenario)
    assert scenario_from_dict(tomllib.loads(text), "round-trip", text) == scenario


@settings(max_examples=15, deadline=None)
@given(random_scenarios())
def test_random_scenario_round_trips_through_save_and_load(scenario: Scenario) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.toml"
        save_scenario(scenario, path)
        assert load_scenario(path) == scenario
        assert os.listdir(folder) == ["s.toml"]


def test_toml_writes_every_key() -> None:
    data = tomllib.loads(scenario_to_toml(Scenario()))
    written = {"title"} | {f"{section}.{name}" for section, table in data.items()
                           if isinstance(table, dict) for name in table}
    assert written == set(keys())
    assert data["schema_version"] == SCHEMA_VERSION


def test_missing_keys_take_defaults_and_schema_version_defaults_to_current() -> None:
    assert scenario_from_dict({}) == Scenario()
    assert scenario_from_dict({"parallel": {"tp": 2}}).parallel.tp == 2


def test_replace_checks_values_and_keeps_the_original() -> None:
    base = Scenario()
    changed = base.replace(**{"parallel.tp": 8, "model.hidden": 12288, "title": "x"})
    assert (changed.parallel.tp, changed.model.hidden, changed.title) == (8, 12288, "x")
    assert base.parallel.tp == 1 and base == Scenario()
    with pytest.raises(ScenarioError, match=r"parallel\.tp"):
        base.replace(**{"parallel.tp": 0})
    assert changed.get("parallel.tp") == 8
    assert base.replace(**{"cluster.nodes": 3, "cluster.gpus_per_node": 4}).world_size == 12


# ---------------------------------------------------------------------------------------------
# Atomic save

def test_failed_save_leaves_the_old_file_intact_and_no_temporary(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "lecture.toml"
    old = Scenario().replace(title="old")
    save_scenario(old, path)
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(ScenarioError, match=re.escape(str(path))):
        save_scenario(Scenario().replace(title="new"), path)
    monkeypatch.undo()

    assert path.read_bytes() == before
    assert load_scenario(path) == old
    assert sorted(os.listdir(tmp_path)) == ["lecture.toml"]


def test_failed_write_before_replace_leaves_no_temporary(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "lecture.toml"
    save_scenario(Scenario(), path)
    before = path.read_bytes()

    def broken_fsync(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(ScenarioError):
        save_scenario(Scenario().replace(title="new"), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["lecture.toml"]


def test_save_into_a_missing_folder_is_a_scenario_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="missing"):
        save_scenario(Scenario(), tmp_path / "missing" / "s.toml")


# ---------------------------------------------------------------------------------------------
# Load errors name the file, the line and the key

def _write(tmp_path: Path, text: str, name: str = "bad.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _load_error(tmp_path: Path, text: str) -> tuple[Path, str]:
    """The scenario file written with `text`, and the ScenarioError message that loading it raises."""
    path = _write(tmp_path, text)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    return path, str(info.value)


def test_invalid_toml_names_file_and_line(tmp_path: Path) -> None:
    path, message = _load_error(tmp_path, "schema_version = 1\n[model]\nlayers = = 3\n")
    assert str(path) in message
    assert "line 3" in message


@pytest.mark.parametrize(("text", "key", "line"), [
    ("\n[modle]\nlayers = 3\n", "modle", 3),                  # a section
    ("titel = \"x\"\n", "titel", 2),                           # a top-level key
    ("[model]\nlayers = 3\nlayerz = 4\n", "model.layerz", 4),  # a key, named dotted
])
def test_unknown_key_names_the_key_and_line(tmp_path: Path, text: str, key: str, line: int) -> None:
    path, message = _load_error(tmp_path, "schema_version = 1\n" + text)
    assert str(path) in message and key in message and f"line {line}" in message


@pytest.mark.parametrize(("text", "key", "line"), [
    ('[model]\nlayers = "x"\n', "model.layers", 3),
    ("[model]\nlayers = 2.5\n", "model.layers", 3),
    ("[model]\ndropout = 1\n", "model.dropout", 3),
    ('[parallel]\nsp = "yes"\n', "parallel.sp", 3),
    ("[activation]\nfp8_fraction = true\n", "activation.fp8_fraction", 3),
    ("[model]\nname = 7\n", "model.name", 3),
    ("[sources]\nrefs = [1, 2]\n", "sources.refs", 3),
    ("[model]\nmlp = \"relu\"\n", "model.mlp", 3),
    ("[parallel]\norder = \"TP DP\"\n", "parallel.order", 3),
    ("title = 5\n", "title", 2),
])
def test_wrong_type_or_choice_names_the_key(tmp_path: Path, text: str, key: str, line: int) -> None:
    path, message = _load_error(tmp_path, "schema_version = 1\n" + text)
    assert key in message and str(path) in message and f"line {line}" in message


def test_section_that_is_not_a_table_names_it(tmp_path: Path) -> None:
    path = _write(tmp_path, "schema_version = 1\nmodel = 3\n")
    with pytest.raises(ScenarioError, match="model"):
        load_scenario(path)


@pytest.mark.parametrize(("text", "key"), [
    ("[parallel]\ntp = 0\n", "parallel.tp"),
    ("[parallel]\nzero = 4\n", "parallel.zero"),
    ("[activation]\nfp8_fraction = 1.5\n", "activation.fp8_fraction"),
    ("[model]\nlayers = -1\n", "model.layers"),
    ("[memory]\nfragmentation = -0.1\n", "memory.fragmentation"),
])
def test_out_of_range_names_the_key(tmp_path: Path, text: str, key: str) -> None:
    path, message = _load_error(tmp_path, "schema_version = 1\n" + text)
    assert key in message and str(path) in message and "line 3" in message


def test_newer_schema_version_is_refused_with_a_message(tmp_path: Path) -> None:
    path, message = _load_error(tmp_path, f"schema_version = {SCHEMA_VERSION + 1}\n[model]\nlayers = 3\n")
    assert str(path) in message and "schema_version" in message and "newer" in message


@pytest.mark.parametrize("version", ['"1"', "0", "true"])
def test_invalid_schema_version_is_refused(tmp_path: Path, version: str) -> None:
    path = _write(tmp_path, f"schema_version = {version}\n")
    with pytest.raises(ScenarioError, match="schema_version"):
        load_scenario(path)


def test_non_utf8_file_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('schema_version = 1\ntitle = "Gr\u00fc\u00dfe"\n'.encode("latin-1"))
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert str(path) in str(info.value) and "UTF-8" in str(info.value)


def test_missing_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(ScenarioError, match=re.escape(str(path))):
        load_scenario(path)


def test_directory_is_a_scenario_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=re.escape(str(tmp_path))):
        load_scenario(tmp_path)


def test_utf8_text_survives(tmp_path: Path) -> None:
    scenario = Scenario().replace(title="训练系统实验室 \"quoted\" \\ back\nline\ttab")
    path = tmp_path / "zh.toml"
    save_scenario(scenario, path)
    assert load_scenario(path) == scenario


# ---------------------------------------------------------------------------------------------
# --set KEY=VALUE

def test_set_parses_scientific_notation_to_int() -> None:
    s = apply_overrides(Scenario(), ["model.params=7.5e9"])
    assert s.model.params == 7_500_000_000 and type(s.model.params) is int


@pytest.mark.parametrize(("text", "value"), [
    ("8", 8), ("7.5e9", 7.5e9), ("1_000", 1000), ("true", True), ("False", False), ("0.25", 0.25),
    ('"quoted"', "quoted"), ("'single'", "single"), ("bare", "bare"), ("tp-dp-pp", "tp-dp-pp"),
])
def test_parse_value(text: str, value: object) -> None:
    parsed = parse_value(text)
    assert parsed == value and type(parsed) is type(value)


def test_set_booleans_floats_and_strings() -> None:
    s = apply_overrides(Scenario(), [
        "parallel.sp=true", "model.dropout=false", "activation.fp8_fraction=0.5",
        "cluster.hbm_gib=96", "model.name=my-model", "model.mlp=gelu", "parallel.order=tp-cp-dp-pp",
        "title=Lecture 3",
    ])
    assert s.parallel.sp is True and s.model.dropout is False
    assert s.activation.fp8_fraction == 0.5
    assert s.cluster.hbm_gib == 96.0 and type(s.cluster.hbm_gib) is float
    assert s.model.name == "my-model" and s.model.mlp == "gelu"
    assert s.parallel.order == "tp-cp-dp-pp" and s.title == "Lecture 3"


def test_set_a_number_into_a_string_key_keeps_the_text() -> None:
    assert apply_overrides(Scenario(), ["model.name=405"]).model.name == "405"


def test_later_set_wins() -> None:
    assert apply_overrides(Scenario(), ["parallel.tp=2", "parallel.tp=4"]).parallel.tp == 4


@pytest.mark.parametrize(("assignment", "needle"), [
    ("model.layerz=3", "model.layerz"),
    ("modle.layers=3", "modle.layers"),
    ("parallel.tp=abc", "parallel.tp"),
    ("parallel.tp=2.5", "parallel.tp"),
    ("parallel.tp=0", "parallel.tp"),
    ("parallel.sp=1", "parallel.sp"),
    ("model.mlp=relu", "model.mlp"),
    ("activation.fp8_fraction=nan", "activation.fp8_fraction"),
    ("activation.fp8_fraction=2", "activation.fp8_fraction"),
    ("parallel.tp", "parallel.tp"),      # missing '='
    ("=3", "=3"),                         # missing key
])
def test_bad_set_names_the_key(assignment: str, needle: str) -> None:
    with pytest.raises(ScenarioError) as info:
        apply_overrides(Scenario(), [assignment])
    assert needle in str(info.value)


def test_set_missing_equals_says_key_value() -> None:
    with pytest.raises(ScenarioError, match="KEY=VALUE"):
        apply_overrides(Scenario(), ["parallel.tp"])


def test_keys_are_stable_names_from_design() -> None:
    required = {
        "model.name", "model.layers", "model.hidden", "model.heads", "model.kv_heads", "model.ffn_hidden",
        "model.vocab", "model.seq_len", "model.micro_batch", "model.tied_embeddings", "model.mlp",
        "model.dropout", "model.params", "model.experts", "model.top_k", "model.expert_ffn_hidden",
        "model.shared_experts", "model.first_dense_layers",
        "precision.params", "precision.grads", "precision.master", "precision.optimizer",
        "precision.activations", "optimizer.kind",
        "parallel.tp", "parallel.pp", "parallel.vpp", "parallel.dp", "parallel.cp", "parallel.ep",
        "parallel.etp", "parallel.sp", "parallel.zero", "parallel.order",
        "activation.recompute", "activation.flash_attention", "activation.fp8_fraction",
        "activation.cpu_offload_fraction", "activation.remote_offload_fraction",
        "offload.optimizer", "offload.params", "offload.grads",
        "cluster.nodes", "cluster.gpus_per_node", "cluster.gpu", "cluster.hbm_gib",
        "cluster.intra_bw_gbps", "cluster.inter_bw_gbps", "cluster.intra_latency_us",
        "cluster.inter_latency_us",
        "schedule.kind", "schedule.microbatches", "schedule.f", "schedule.b", "schedule.w",
        "schedule.fb", "schedule.p2p",
    }
    assert required <= set(keys())
    # Scenario.get reads what the file says: every key of a preset, checked against tomllib's reading.
    data = tomllib.loads(preset_path("deepseek-v3").read_text(encoding="utf-8"))
    s = load_preset("deepseek-v3")
    seen = 0
    for section, table in data.items():
        if isinstance(table, dict) and section in SECTIONS:
            for name, value in table.items():
                if (section, name) == ("parallel", "dp") and value == 0:  # the rest of the cluster
                    value = s.world_size // (s.parallel.tp * s.parallel.pp * s.parallel.cp)
                assert s.get(f"{section}.{name}") == (tuple(value) if isinstance(value, list) else value)
                seen += 1
    assert s.get("title") == data["title"] and seen > 40


def test_scenario_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Scenario().parallel.tp = 8  # type: ignore[misc]
