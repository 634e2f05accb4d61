"""`tslab scenario --from-hf` and `tslab keys`, run in subprocesses without a display."""
from __future__ import annotations

import json
from pathlib import Path

from test_cli import assert_user_error, tslab

from tslab.models.document import document_keys, load_document
from tslab.models.hf_config import load_hf_config
from tslab.models.keys import describe
from tslab.models.scenario import Scenario, declared_type

DATA = Path(__file__).parent / "data" / "hf"


def test_from_hf_writes_the_imported_scenario(tmp_path):
    out = tmp_path / "v3.toml"
    result = tslab("scenario", "--from-hf", str(DATA / "deepseek-v3.json"), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    assert load_document(out) == load_hf_config(DATA / "deepseek-v3.json")
    printed = tslab("scenario", "--from-hf", str(DATA / "deepseek-v3.json"))
    assert printed.returncode == 0 and printed.stdout == out.read_text()


def test_from_hf_then_set_and_the_compute_commands_take_the_file(tmp_path):
    out = tmp_path / "mixtral.toml"
    result = tslab("scenario", "--from-hf", str(DATA / "mixtral-8x7b.json"), "--set", "parallel.ep=8",
                   "--set", "parallel.dp=8", "--set", "parallel.zero=3", "--set", "title=lecture", "--out", str(out))
    assert result.returncode == 0, result.stderr
    doc = load_document(out)
    assert doc.scenario.parallel.ep == 8 and doc.scenario.title == "lecture"
    assert doc.scenario.model.experts == 8
    memory = tslab("memory", "--scenario", str(out), "--json")
    assert memory.returncode == 0, memory.stderr
    assert json.loads(memory.stdout)["params"]["total"] == 46_702_792_704  # Mixtral 8x7B's checkpoint


def test_from_hf_is_exclusive_with_scenario_and_preset():
    for other in (["--preset", "kimi-k2"], ["--scenario", "x.toml"]):
        result = tslab("scenario", "--from-hf", str(DATA / "gpt2.json"), *other)
        assert_user_error(result, "--from-hf")
    assert_user_error(tslab("scenario"), "--scenario", "--preset", "--from-hf")
    # only `scenario` imports
    assert_user_error(tslab("memory", "--from-hf", str(DATA / "gpt2.json")), "--from-hf")


def test_from_hf_errors_name_the_file_and_field(tmp_path):
    bad = tmp_path / "config.json"
    bad.write_text(json.dumps(json.loads((DATA / "llama-2-7b.json").read_text()) | {"hidden_size": "4096"}))
    assert_user_error(tslab("scenario", "--from-hf", str(bad)), str(bad), "hidden_size", "whole number")
    bad.write_text('{"model_type": "gemma"}')
    assert_user_error(tslab("scenario", "--from-hf", str(bad)), "model_type 'gemma'", "supported", "qwen3_moe")
    bad.write_text("{nope")
    assert_user_error(tslab("scenario", "--from-hf", str(bad)), str(bad), "invalid JSON")
    assert_user_error(tslab("scenario", "--from-hf", str(tmp_path / "missing.json")), "missing.json", "no such file")
    assert_user_error(tslab("scenario", "--from-hf", ""), "--from-hf", "empty")
    assert_user_error(tslab("scenario", "--from-hf", "/dev/zero"), "/dev/zero", "device")
    # an imported scenario that --set makes invalid is refused like any other
    assert_user_error(tslab("scenario", "--from-hf", str(DATA / "gpt2.json"), "--set", "model.seq_len=2048"),
                      "invalid scenario", "model.seq_len", "1024")


def test_keys_lists_every_key_with_type_range_default_and_meaning():
    result = tslab("keys")
    assert result.returncode == 0 and result.stderr == ""
    rows = [line.split("\t") for line in result.stdout.splitlines()]
    assert [row[0] for row in rows] == document_keys()
    assert all(len(row) == 5 and all(row) for row in rows)
    by_key = {row[0]: row for row in rows}
    assert by_key["parallel.tp"][1:4] == ["int", "1 … 1,048,576", "1"]
    assert by_key["model.mlp"][1:4] == ["str", "gelu | swiglu", '"swiglu"']
    assert by_key["view.mesh.compare_order"][2].startswith('"" | megatron')
    assert by_key["model.tied_embeddings"][1:4] == ["bool", "true | false", "false"]
    assert by_key["model.hidden"][4] == describe("model.hidden")


def test_keys_json():
    result = tslab("keys", "--json")
    assert result.returncode == 0 and result.stderr == ""
    doc = json.loads(result.stdout)
    assert [entry["key"] for entry in doc] == document_keys()
    defaults = Scenario()
    for entry in doc:
        assert set(entry) == {"key", "type", "default", "low", "high", "choices", "pattern", "meaning"}
        assert entry["meaning"] == describe(entry["key"])
        if not entry["key"].startswith("view.") and entry["key"] != "title":
            kind, meta = declared_type(entry["key"])
            assert entry["type"] == kind
            assert entry["low"] == meta.get("low") and entry["high"] == meta.get("high")
            assert entry["choices"] == (list(meta["choices"]) if meta.get("choices") else None)
            value = defaults.get(entry["key"])
            assert entry["default"] == (list(value) if isinstance(value, tuple) else value)
    ranks = next(entry for entry in doc if entry["key"] == "view.comm.ranks")
    assert (ranks["type"], ranks["low"], ranks["high"], ranks["default"]) == ("int", 2, 1024, 8)


def test_main_help_points_to_keys():
    result = tslab("--help")
    assert result.returncode == 0
    assert "`tslab keys`" in result.stdout
    assert "--from-hf" in tslab("scenario", "--help").stdout
