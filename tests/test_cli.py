"""The `tslab` command line as users script it, run in subprocesses
without a display."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from commands import headless_env, tslab

from tslab import __version__
from tslab.models.document import load_scenario
from tslab.models.memory import memory_ledger
from tslab.models.pipeline import schedule_inputs
from tslab.models.presets import load_preset

PRESETS = ["classroom-7b", "gpt3-175b", "llama3-405b", "deepseek-v3", "kimi-k2"]
CONSOLE_SCRIPT = Path(sys.executable).with_name("tslab")


def assert_user_error(result: subprocess.CompletedProcess[str], *needles: str) -> str:
    """Exit status 2, nothing on stdout, exactly one stderr line `tslab: error: …`, no traceback."""
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    line = lines[0]
    assert line.startswith("tslab: error: ")
    assert "Traceback" not in result.stderr
    for needle in needles:
        assert needle in line, line
    return line


# ---------------------------------------------------------------------------------------------
# presets, --version

def test_presets_lists_name_tab_title() -> None:
    result = tslab("presets")
    assert result.returncode == 0 and result.stderr == ""
    rows = [line.split("\t") for line in result.stdout.splitlines()]
    assert all(len(row) == 2 and row[0] and row[1] for row in rows)
    names = [row[0] for row in rows]
    assert names[:5] == PRESETS
    for name, title in rows:
        assert title == load_preset(name).title


@pytest.mark.skipif(not CONSOLE_SCRIPT.exists(), reason="console script not installed")
def test_console_script_runs() -> None:
    result = subprocess.run([str(CONSOLE_SCRIPT), "presets"], capture_output=True, text=True,
                            env=headless_env(), timeout=120)
    assert result.returncode == 0 and "classroom-7b\t" in result.stdout


def test_version() -> None:
    result = tslab("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"tslab {__version__}"


# ---------------------------------------------------------------------------------------------
# memory --json

ZERO_PAPER = ["--set", "model.params=7.5e9", "--set", "precision.params=fp16", "--set", "precision.grads=fp16",
              "--set", "precision.master=fp32", "--set", "precision.optimizer=fp32", "--set", "optimizer.kind=adam",
              "--set", "cluster.nodes=8", "--set", "cluster.gpus_per_node=8", "--set", "parallel.tp=1",
              "--set", "parallel.pp=1", "--set", "parallel.cp=1", "--set", "parallel.dp=64"]


def test_memory_json_zero_paper_example() -> None:
    """ZeRO §5: Ψ = 7.5B, N_d = 64 → 120 / 31.4 / 16.6 / 1.9 GB."""
    result = tslab("memory", *ZERO_PAPER, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["zero"] == {"0": 120_000_000_000, "1": 31_406_250_000, "2": 16_640_625_000, "3": 1_875_000_000}
    assert data["params"]["total"] == 7_500_000_000


def _check_memory_contract(data: dict) -> None:
    assert set(data["params"]) >= {"total", "activated", "per_gpu"}
    assert set(data["per_gpu_bytes"]) >= {"params", "grads", "master", "optimizer", "activations", "buffers", "total"}
    assert set(data["tiers"]) >= {"gpu", "cpu", "remote", "nvme"}
    assert set(data["activations"]) >= {"per_layer_bytes", "layers_on_rank", "in_flight_microbatches"}
    assert set(data["zero"]) == {"0", "1", "2", "3"}
    integers = [*data["params"].values(), *data["per_gpu_bytes"].values(), *data["tiers"].values(),
                *data["zero"].values(), data["capacity_bytes"],
                *(data["activations"][key] for key in ("per_layer_bytes", "layers_on_rank", "in_flight_microbatches"))]
    assert all(type(value) is int for value in integers), integers
    per_gpu = data["per_gpu_bytes"]
    assert per_gpu["total"] == sum(value for key, value in per_gpu.items() if key != "total")
    assert sum(data["tiers"].values()) == per_gpu["total"]
    oom = data["first_oom"]
    assert oom is None or (isinstance(oom["item"], str) and isinstance(oom["message"], str))
    assert (oom is None) == (data["tiers"]["gpu"] <= data["capacity_bytes"])


@pytest.mark.parametrize("name", PRESETS)
def test_memory_json_contract_for_every_preset(name: str) -> None:
    result = tslab("memory", "--preset", name, "--json")
    assert result.returncode == 0, result.stderr
    assert all(line.startswith("tslab: warning: ") for line in result.stderr.splitlines())
    data = json.loads(result.stdout)
    _check_memory_contract(data)
    # The CLI prints exactly what the Python API computes.
    assert data == json.loads(json.dumps(memory_ledger(load_preset(name)).to_json()))


def test_memory_json_without_source_uses_the_default_scenario() -> None:
    result = tslab("memory", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == json.loads(json.dumps(memory_ledger(load_preset("classroom-7b")).to_json()))


def test_memory_json_from_a_scenario_file_with_overrides(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    assert tslab("scenario", "--preset", "gpt3-175b", "--out", str(path)).returncode == 0
    result = tslab("memory", "--scenario", str(path), "--set", "activation.recompute=full", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    _check_memory_contract(data)
    s = load_preset("gpt3-175b")
    m = s.model
    assert data["activations"]["per_layer_bytes"] == 2 * m.seq_len * m.micro_batch * m.hidden // s.parallel.tp


def test_memory_text_report() -> None:
    """The report's rows carry the ledger's numbers in GiB: the Llama-2-7B checkpoint's 6,738,415,616
    parameters in bf16 are 2 × 6,738,415,616 B = 12.55 GiB; the GPU tier against an H100's 80 GiB."""
    result = tslab("memory", "--preset", "classroom-7b")
    assert result.returncode == 0, result.stderr
    rows = {line.split("  ")[0]: line for line in result.stdout.splitlines() if "  " in line}
    assert f"{2 * 6_738_415_616 / 2**30:.2f} GiB" in rows["Parameters"]
    gpu = memory_ledger(load_preset("classroom-7b")).gpu_bytes
    assert rows["GPU tier"].split()[2:] == [f"{gpu / 2**30:.2f}", "GiB", "of", "80.00", "GiB"]


# ---------------------------------------------------------------------------------------------
# scenario

@pytest.mark.parametrize("name", PRESETS)
def test_scenario_out_loads_back_equal(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.toml"
    result = tslab("scenario", "--preset", name, "--out", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    assert load_scenario(path) == load_preset(name)


def test_scenario_to_stdout_with_set(tmp_path: Path) -> None:
    result = tslab("scenario", "--preset", "classroom-7b", "--set", "parallel.zero=3", "--set", "title=Lecture 4")
    assert result.returncode == 0, result.stderr
    path = tmp_path / "out.toml"
    path.write_text(result.stdout, encoding="utf-8")
    assert load_scenario(path) == load_preset("classroom-7b").replace(**{"parallel.zero": 3, "title": "Lecture 4"})


def test_scenario_from_file_round_trips(tmp_path: Path) -> None:
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    assert tslab("scenario", "--preset", "kimi-k2", "--out", str(first)).returncode == 0
    assert tslab("scenario", "--scenario", str(first), "--out", str(second)).returncode == 0
    assert first.read_bytes() == second.read_bytes()


# ---------------------------------------------------------------------------------------------
# Errors: one line, exit 2, no traceback

def test_bad_set_value_names_the_key() -> None:
    assert_user_error(tslab("memory", "--set", "parallel.tp=abc", "--json"), "parallel.tp")


def test_out_of_range_set_names_the_key() -> None:
    assert_user_error(tslab("memory", "--set", "parallel.zero=7", "--json"), "parallel.zero")


def test_unknown_key_names_the_key() -> None:
    assert_user_error(tslab("memory", "--set", "model.layerz=3", "--json"), "model.layerz")


def test_set_without_equals_names_the_key() -> None:
    assert_user_error(tslab("memory", "--set", "parallel.tp", "--json"), "parallel.tp")


def test_missing_file_names_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.toml"
    assert_user_error(tslab("memory", "--scenario", str(missing), "--json"), str(missing))


@pytest.mark.parametrize(("name", "text", "naming"), [
    ("corrupt.toml", "schema_version = 1\n[model]\nlayers = = 3\n", ("line 3",)),
    ("future.toml", "schema_version = 99\n", ("schema_version",)),
    ("typo.toml", 'schema_version = 1\n[parallel]\ntp = "eight"\n', ("line 3", "parallel.tp")),
])
def test_a_bad_scenario_file_names_the_file_and_the_fault(tmp_path: Path, name: str, text: str,
                                                          naming: tuple[str, ...]) -> None:
    """Corrupt TOML (the file and line), a newer schema, a wrong type (the file, line and key)."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert_user_error(tslab("memory", "--scenario", str(path), "--json"), str(path), *naming)


def test_non_utf8_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('title = "Gr\u00fc\u00dfe"\n'.encode("latin-1"))
    assert_user_error(tslab("scenario", "--scenario", str(path)), str(path))


def test_invalid_scenario_names_the_key() -> None:
    assert_user_error(tslab("memory", "--set", "parallel.dp=4", "--json"), "parallel.dp")


def test_unknown_preset_names_it() -> None:
    assert_user_error(tslab("memory", "--preset", "gpt-5", "--json"), "gpt-5")


def test_usage_errors_are_one_line() -> None:
    assert_user_error(tslab("scenario"))  # --preset or --scenario is required
    assert_user_error(tslab("memory", "--preset", "kimi-k2", "--scenario", "x.toml"))
    assert_user_error(tslab("frobnicate"), "frobnicate")


def test_scenario_out_into_missing_folder(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "dir.toml"
    assert_user_error(tslab("scenario", "--preset", "classroom-7b", "--out", str(target)), str(target))
    assert not target.parent.exists()


@pytest.mark.parametrize("argv", [("gui",), (), ("--preset", "kimi-k2")])
def test_gui_without_display_points_to_xvfb_run(argv: tuple[str, ...]) -> None:
    assert_user_error(tslab(*argv), "xvfb-run")


def test_comm_json_ring_allreduce_closed_form() -> None:
    """Ring AllReduce: each rank sends 2(n−1)/n·S in 2(n−1) rounds; busbw = algbw·2(n−1)/n."""
    result = tslab("comm", "--collective", "all-reduce", "--ranks", "8", "--bytes", "1e9", "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["per_rank_sent_bytes"] == 2 * 7 * 10**9 // 8 and doc["rounds"] == 14
    assert doc["busbw"] == pytest.approx(doc["algbw"] * 1.75)
    assert len(doc["steps"]) == 14 and "steps_truncated" not in doc


def test_comm_json_cuts_huge_step_lists() -> None:
    result = tslab("comm", "--collective", "allreduce", "--ranks", "1024", "--bytes", "1073741824", "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["rounds"] == 2 * 1023 and doc["steps_truncated"]["rounds"] == 2 * 1023
    assert sum(len(step["sends"]) for step in doc["steps"]) <= 100_000


def test_comm_errors_are_one_line() -> None:
    assert_user_error(tslab("comm", "--collective", "allsum", "--ranks", "8", "--bytes", "10", "--json"), "allsum")
    assert_user_error(tslab("comm", "--collective", "allreduce", "--ranks", "8", "--bytes", "-1", "--json"), "--bytes")


@pytest.mark.parametrize("size", ["1e19", "1e30", "nan", "inf"])
def test_comm_bytes_beyond_the_maximum_are_one_line(size: str) -> None:
    """1e19 used to give negative per-rank bytes (int64 overflow); 1e30, nan and inf an internal error."""
    assert_user_error(tslab("comm", "--collective", "allreduce", "--ranks", "8", "--bytes", size, "--json"),
                      "--bytes", "2^46")


def test_presets_json() -> None:
    result = tslab("presets", "--json")
    assert result.returncode == 0 and result.stderr == ""
    assert [row["name"] for row in json.loads(result.stdout)][:5] == PRESETS


def test_mesh_refuses_an_invalid_scenario_like_every_command() -> None:
    """Text: refused (exit 2, one line, nothing on stdout). --json: the mesh with its `errors`, then
    the same one line, exit 2."""
    line = assert_user_error(tslab("mesh", "--set", "parallel.dp=7"), "invalid scenario: parallel.dp")
    assert line == assert_user_error(tslab("memory", "--set", "parallel.dp=7"))
    result = tslab("mesh", "--set", "parallel.dp=7", "--json")
    assert result.returncode == 2 and result.stderr.splitlines() == [line]
    assert json.loads(result.stdout)["errors"]


def test_schedule_without_a_format_prints_a_summary() -> None:
    result = tslab("schedule", "--preset", "gpt3-175b")
    assert result.returncode == 0, result.stderr
    scenario = load_preset("gpt3-175b")
    p, m = scenario.parallel.pp, scenario.schedule.microbatches
    job = schedule_inputs(scenario, None)
    d = job.durations
    lines = result.stdout.splitlines()
    assert lines[0] == f"1f1b: {p} ranks × 1 chunk = {p} stages, {m} micro-batches"
    assert lines[1].startswith(f"op times: F {d.F:g}, B {d.B:g}, ")
    summary = re.fullmatch(r"makespan (\S+); bubble (\S+)% of rank-time \(bubble time (\S+)\)", lines[2])
    assert summary, lines[2]
    makespan = float(summary[1])
    # 1F1B on p equal stages takes (m + p − 1)(F + B) (Narayanan et al. 2021); each stage's times are
    # scaled by its imbalance factor, and each of the at most 2(m + p) hops on the critical path adds p2p.
    one_stage = (m + p - 1) * (d.F + d.B)
    assert one_stage * min(job.stage_imbalance) <= makespan
    assert makespan <= one_stage * max(job.stage_imbalance) + 2 * (m + p) * d.p2p
    header = next(i for i, line in enumerate(lines) if line.split()[:1] == ["rank"])
    rows = [line.split() for line in lines[header + 1:] if line.strip()]
    assert [int(row[0]) for row in rows] == list(range(p))
    for rank, busy, idle, peak in rows:
        assert float(busy) + float(idle) == pytest.approx(makespan, rel=1e-5), rank
        assert int(peak) == min(m, p - int(rank)), rank  # 1F1B keeps p − r micro-batches in flight on rank r
    bubble = sum(float(row[2]) for row in rows) / (p * makespan)
    assert float(summary[2]) == pytest.approx(100 * bubble, abs=0.05)
