"""The command line with odd inputs: every run ends with exit 0 and a valid result (strict JSON,
never NaN or Infinity), or exit 2 and one `tslab: error:` line — never exit 1, the internal error.
Also the rules every command shares: results on stdout, warnings on stderr, and one way of refusing
an invalid scenario (`mesh --json` prints its JSON first)."""
from __future__ import annotations

import math
import os
import re
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from json_docs import json_leaves, strict_json

from tslab.desktop.cli import EXIT_INTERRUPTED, NO_CJK_FONT, UserError, main, parse_bytes
from tslab.models.comm import MAX_BYTES, plan
from tslab.models.moe.settings import MAX_ROUTING_DRAWS
from tslab.models.pipeline import Durations, ScheduleError, schedule_inputs
from tslab.models.pipeline.kinds import MAX_DURATION, MAX_OPS, op_count
from tslab.models.presets import load_preset, preset_names

PRESETS = preset_names()
MOE_PRESETS = [name for name in PRESETS if load_preset(name).model.experts]
# Presets whose dense matrices do not fit dp × cp ZeRO ranks at DeepSeek-V4's five per rank.
MUON_TOO_FEW_RANKS = ["classroom-7b", "gpt3-175b"]
COMM = ["comm", "--collective", "allreduce", "--ranks", "8"]
SCHEDULE = ["schedule", "--kind", "1f1b", "--ranks", "4", "--microbatches", "8"]


def run(capsys, *argv: object) -> tuple[int, str, str]:
    """`tslab ARGV` in this process: (exit status, stdout, stderr)."""
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, *argv: object, naming: str = "") -> str:
    """Exit 2, nothing on stdout, exactly one stderr line `tslab: error: …` naming `naming`."""
    code, out, err = run(capsys, *argv)
    assert code == 2, (code, err)
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tslab: error: ") and "internal error" not in lines[0], err
    assert naming in lines[0], lines[0]
    return lines[0]


def numbers(doc):
    """Every number of a JSON document."""
    return [value for _, value in json_leaves(doc) if isinstance(value, (int, float)) and not isinstance(value, bool)]


# ---------------------------------------------------------------------------------------------
# Strict JSON from every JSON-writing command over every preset, at ordinary and extreme settings

JSON_COMMANDS = {
    "presets": ["presets", "--json"],
    "memory": ["memory", "--json"],
    "mesh": ["mesh", "--json"],
    "schedule": ["schedule", "--json"],
    "schedule-trace": ["schedule", "--chrome-trace"],
    "comm": COMM + ["--bytes", "1e9", "--json"],
    "comm-largest": ["comm", "--collective", "alltoall", "--ranks", "64", "--bytes", str(MAX_BYTES), "--json"],
    "moe": ["moe", "--json"],
    "context": ["context", "--json"],
    "muon": ["muon", "--json"],
    "sr": ["sr", "--json"],
}
# Each range at the end where infinities used to come from: the slowest links, the longest
# latencies and op times, the most fragmentation.
EXTREME = ["--set", "cluster.intra_bw_gbps=1", "--set", "cluster.inter_bw_gbps=1",
           "--set", "cluster.intra_latency_us=1e9", "--set", "cluster.inter_latency_us=1e9",
           "--set", "memory.fragmentation=0.5", "--set", "schedule.f=1e9", "--set", "schedule.b=1e9",
           "--set", "schedule.w=1e9", "--set", "schedule.fb=1e9", "--set", "schedule.p2p=1e9"]


@pytest.mark.parametrize("extreme", [False, True], ids=["ordinary", "extreme"])
@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("command", list(JSON_COMMANDS))
def test_every_json_output_is_strict_json(capsys, command: str, preset: str, extreme: bool) -> None:
    argv = list(JSON_COMMANDS[command])
    if command != "presets":
        argv += ["--preset", preset] + (EXTREME if extreme else [])
    if command == "moe" and preset not in MOE_PRESETS:
        refused(capsys, *argv, naming="model.experts")  # a dense model has no MoE layer
        return
    if command == "muon" and preset in MUON_TOO_FEW_RANKS:
        refused(capsys, *argv, naming="muon.max_matrices")  # too few ZeRO ranks for 5 matrices each
        return
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert all(line.startswith("tslab: warning: ") for line in err.splitlines()), err
    doc = strict_json(out)
    assert all(math.isfinite(x) for x in numbers(doc))
    if command.startswith("comm"):
        byte_fields = ("bytes", "per_rank_sent_bytes", "per_rank_recv_bytes")
        assert all(type(doc[key]) is int and doc[key] >= 0 for key in byte_fields)
        assert all(type(send[3]) is int and send[3] >= 0 for step in doc["steps"] for send in step["sends"])
    if command == "moe":
        assert doc["dispatch_time_s"] > 0 and doc["combine_time_s"] > 0


def test_presets_json_lists_name_and_title(capsys) -> None:
    code, out, err = run(capsys, "presets", "--json")
    assert code == 0 and err == ""
    assert strict_json(out) == [{"name": name, "title": load_preset(name).title} for name in PRESETS]


# ---------------------------------------------------------------------------------------------
# comm --bytes: exact integers up to 2^46, the rest refused

@pytest.mark.parametrize("text", ["1e19", "1e30", "1e400", "nan", "inf", "-inf", "-1", "1.5", "0x10", "",
                                  "x" * 5000, str(MAX_BYTES + 1), "1" + "0" * 30])
def test_comm_refuses_bytes_that_are_not_a_size(capsys, text: str) -> None:
    refused(capsys, *COMM, "--bytes", text, "--json", naming="--bytes")


@pytest.mark.parametrize("text, value", [("1e9", 10**9), ("2.5e3", 2500), ("1_000", 1000), ("-0", 0), (" 8 ", 8),
                                         (str(MAX_BYTES), MAX_BYTES), (str(MAX_BYTES - 1), MAX_BYTES - 1),
                                         ("7.0368744177663e13", MAX_BYTES - 1)])
def test_bytes_are_read_exactly(text: str, value: int) -> None:
    assert parse_bytes(text) == value and type(parse_bytes(text)) is int


def test_largest_size_gives_exact_nonnegative_bytes(capsys) -> None:
    """Ring all-reduce at S = 2^46 − 1 over 3 ranks: rank r sends every chunk but one twice, so the
    most any rank sends is 2(S − ⌊S/3⌋) exactly (2^46 − 1 is odd, above float32 and not a multiple
    of 3: a float or int32 anywhere would show). `--bytes 1e19` used to give negative bytes."""
    size = MAX_BYTES - 1
    code, out, err = run(capsys, "comm", "--collective", "allreduce", "--ranks", 3, "--bytes", size, "--json")
    assert code == 0, err
    doc = strict_json(out)
    assert doc["bytes"] == size and doc["per_rank_sent_bytes"] == 2 * (size - size // 3)
    assert doc["time_s"] > 0 and doc["algbw"] == pytest.approx(size / doc["time_s"])
    with pytest.raises(ValueError, match="limit"):
        plan("allreduce", 8, MAX_BYTES + 1)


@pytest.mark.parametrize("ranks", ["0", "-3", "1" + "0" * 30, "65537"])
def test_comm_refuses_rank_counts(capsys, ranks: str) -> None:
    refused(capsys, "comm", "--collective", "allreduce", "--ranks", ranks, "--bytes", 8)


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -1.0, 0.0])
def test_plan_refuses_links_that_give_no_finite_time(value: float) -> None:
    with pytest.raises(ValueError, match="bandwidth"):
        plan("allreduce", 8, 1024, bw_inter_Bps=value)
    if value != 0.0:
        with pytest.raises(ValueError, match="latency"):
            plan("allreduce", 8, 1024, alpha_intra_s=value)
    with pytest.raises(ValueError, match="ranks"):
        plan("allreduce", float("inf"), 1024)


def test_parse_bytes_is_a_user_error() -> None:
    with pytest.raises(UserError, match="--bytes"):
        parse_bytes("1e400")


# ---------------------------------------------------------------------------------------------
# schedule: bounded durations and sizes, scenario defaults, plain text

@pytest.mark.parametrize("option", ["--f", "--b", "--i", "--w", "--fb"])
@pytest.mark.parametrize("value", ["1e308", "1e10", "nan", "inf", "-inf", "0", "-0", "-1"])
def test_schedule_refuses_op_times_outside_their_range(capsys, option: str, value: str) -> None:
    refused(capsys, *SCHEDULE, option, value, "--json", naming=option)


@pytest.mark.parametrize("value", ["1e308", "nan", "inf", "-1"])
def test_schedule_refuses_p2p_outside_its_range(capsys, value: str) -> None:
    refused(capsys, *SCHEDULE, "--p2p", value, "--json", naming="--p2p")


def test_longest_op_times_keep_the_schedule_finite(capsys) -> None:
    """At the bound (10⁹ per op and per p2p hop) the largest schedule's makespan is finite: the
    case `--b 1e308` (makespan Infinity, bubble_ratio NaN) can no longer arise."""
    ranks, microbatches = 64, MAX_OPS // (3 * 64)
    assert op_count("zb-h1", ranks, microbatches) <= MAX_OPS
    times = [x for name in ("f", "b", "i", "w", "fb", "p2p") for x in (f"--{name}", MAX_DURATION)]
    code, out, err = run(capsys, "schedule", "--kind", "zb-h1", "--ranks", ranks, "--microbatches", microbatches,
                         *times, "--json")
    assert code == 0, err
    doc = strict_json(out)
    assert 0 < doc["makespan"] < math.inf and 0 <= doc["bubble_ratio"] < 1


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -1.0, MAX_DURATION * 2, True, "1"])
def test_durations_refuse_what_is_not_a_finite_time(value) -> None:
    with pytest.raises(ScheduleError, match="duration"):
        Durations(B=value)


@pytest.mark.parametrize("option", ["--ranks", "--microbatches"])
@pytest.mark.parametrize("value", ["1" + "0" * 30, "1000000", "0", "-5"])
def test_schedule_refuses_sizes_it_cannot_simulate(capsys, option: str, value: str) -> None:
    argv = {"--ranks": "4", "--microbatches": "8"} | {option: value}
    line = refused(capsys, "schedule", "--kind", "gpipe", *[x for kv in argv.items() for x in kv], "--json")
    assert option in line or "limit" in line


def test_schedule_refuses_huge_chunk_counts(capsys) -> None:
    refused(capsys, "schedule", "--kind", "interleaved", "--ranks", 4, "--microbatches", 8, "--chunks", 10**30,
            "--json", naming="limit")


def test_schedule_defaults_come_from_the_scenario(capsys) -> None:
    scenario = load_preset("kimi-k2").replace(**{"schedule.durations": "manual"})  # the typed units
    own = schedule_inputs(scenario)
    code, out, err = run(capsys, "schedule", "--preset", "kimi-k2", "--set", "schedule.durations=manual",
                         "--set", "schedule.f=1.5", "--json")
    assert code == 0, err
    doc = strict_json(out)
    assert (doc["kind"], doc["ranks"], doc["microbatches"], doc["chunks"]) == \
        (own.kind, own.ranks, own.microbatches, own.chunks)
    assert doc["durations"]["F"] == 1.5 and doc["durations"]["B"] == own.durations.B
    # explicit options override the scenario's values
    code, out, _ = run(capsys, "schedule", "--preset", "kimi-k2", "--kind", "1f1b", "--ranks", 2, "--json")
    doc = strict_json(out)
    assert (doc["kind"], doc["ranks"], doc["chunks"], doc["microbatches"]) == ("1f1b", 2, 1, own.microbatches)


def test_schedule_refuses_an_invalid_scenario(capsys) -> None:
    refused(capsys, "schedule", "--set", "parallel.dp=3", naming="invalid scenario: parallel.dp")


def test_schedule_plain_text_summary(capsys) -> None:
    code, out, err = run(capsys, *SCHEDULE)
    assert code == 0 and err == ""
    lines = out.splitlines()
    # GPipe/1F1B makespan (m + p − 1)(F + B) = 11 · 3 with the default times
    assert lines[0].startswith("1f1b: 4 ranks") and "makespan 33" in out
    rows = [line.split() for line in lines[lines.index("") + 2:]]
    assert [row[0] for row in rows] == ["0", "1", "2", "3"]
    assert all(float(busy) + float(idle) == 33 for _, busy, idle, _ in rows)


# ---------------------------------------------------------------------------------------------
# schedule --import: files that are not action lists

def test_import_refuses_files_that_are_not_action_lists(capsys, tmp_path: Path) -> None:
    cases = {
        "binary.csv": b"\xff\xfe\x00binary\x80\x81",
        "latin1.csv": "0F0,0B0 \u00e9\n".encode("latin-1"),
        "long.csv": b"0F" + b"1" * 200_000 + b",0B0\n",
        "mb.csv": b"0F99999999,0B99999999\n",  # a micro-batch far beyond --microbatches
        "huge.csv": b"0F" + b"9" * 30 + b",0B" + b"9" * 30 + b"\n",
        "empty.csv": b"",
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        refused(capsys, "schedule", "--kind", "1f1b", "--ranks", 1, "--microbatches", 8, "--json",
                "--import", path, naming=name)
    refused(capsys, *SCHEDULE, "--json", "--import", tmp_path, naming=str(tmp_path))
    refused(capsys, *SCHEDULE, "--json", "--import", "", naming="--import")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_import_reads_a_bounded_amount(capsys) -> None:
    refused(capsys, *SCHEDULE, "--json", "--import", "/dev/zero", naming="/dev/zero")


# ---------------------------------------------------------------------------------------------
# Scenario inputs: files and --set values

@pytest.mark.parametrize("value", ["1e400", "nan", "inf", "-inf", "0x10", "", "x" * 5000, "1" + "0" * 30])
@pytest.mark.parametrize("key", ["parallel.tp", "model.hidden", "cluster.inter_bw_gbps", "schedule.b",
                                 "memory.fragmentation", "moe.tokens_per_rank", "view.comm.bytes"])
def test_odd_set_values_are_refused_naming_the_key(capsys, key: str, value: str) -> None:
    refused(capsys, "memory", "--json", "--set", f"{key}={value}", naming=key)


def test_minus_zero_is_zero(capsys) -> None:
    code, out, err = run(capsys, "memory", "--json", "--set", "parallel.zero=-0", "--set", "schedule.p2p=-0")
    assert code == 0, err
    strict_json(out)


@pytest.mark.parametrize("key, value", [("cluster.intra_bw_gbps", 0), ("cluster.inter_bw_gbps", 0),
                                        ("cluster.inter_bw_gbps", 0.5), ("memory.fragmentation", 1),
                                        ("memory.fragmentation", 0.999999)])
def test_degenerate_links_and_fragmentation_are_refused(capsys, key: str, value: float) -> None:
    for command in (["moe", "--preset", "deepseek-v3", "--json"], ["memory", "--json"]):
        refused(capsys, *command, "--set", f"{key}={value}", naming=key)


def test_scenario_files_that_are_not_files(capsys, tmp_path: Path) -> None:
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00\x81")
    for path in (binary, tmp_path):
        refused(capsys, "memory", "--scenario", path, naming=str(path))
    refused(capsys, "memory", "--scenario", "", naming="--scenario")
    if Path("/dev/zero").exists():
        refused(capsys, "mesh", "--json", "--scenario", "/dev/zero", naming="/dev/zero")


def test_moe_refuses_a_layer_too_large_to_analyse(capsys) -> None:
    """S·K·R = 2^24 · 8 · 64 assignments used to end in a MemoryError (exit 1)."""
    line = refused(capsys, "moe", "--preset", "deepseek-v3", "--set", "moe.tokens_per_rank=16777216",
                   naming="moe.tokens_per_rank")
    assert f"{MAX_ROUTING_DRAWS:,}" in line


# ---------------------------------------------------------------------------------------------
# One rule for invalid scenarios; results on stdout, warnings on stderr

INVALID = ["--set", "parallel.dp=7"]  # 7 GPUs of parallel sizes on an 8-GPU node


@pytest.mark.parametrize("command", [["memory"], ["memory", "--json"], ["mesh"], ["schedule"], ["moe"],
                                     ["scenario", "--preset", "classroom-7b"], COMM + ["--bytes", "8"]])
def test_every_compute_command_refuses_an_invalid_scenario(capsys, command: list[str]) -> None:
    refused(capsys, *command, *INVALID, naming="invalid scenario: parallel.dp")


def test_mesh_json_prints_the_mesh_of_an_invalid_scenario_and_exits_2(capsys) -> None:
    code, out, err = run(capsys, "mesh", "--json", *INVALID)
    assert code == 2
    doc = strict_json(out)
    assert doc["world_size"] == 8 and doc["dims"]["dp"] == 7
    assert any(error.startswith("parallel.dp: ") for error in doc["errors"])
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tslab: error: invalid scenario: parallel.dp: ")


def test_mesh_refuses_its_own_topology_errors(capsys) -> None:
    """An order without cp when cp = 2 is an error of the mesh (build_mesh), refused like the rest."""
    bad = ["--set", "parallel.cp=2", "--set", "parallel.dp=4", "--set", "parallel.order=tp-dp-pp"]
    refused(capsys, "mesh", *bad, naming="parallel.order")
    code, out, _ = run(capsys, "mesh", "--json", *bad)
    assert code == 2 and any("does not list cp" in error for error in strict_json(out)["errors"])


def test_warnings_go_to_stderr_results_to_stdout(capsys) -> None:
    """DeepSeek-V3's 61 layers split evenly over 16 stages (not the preset's stated split) is a
    warning: every command prints it on stderr."""
    even = ["--set", "parallel.first_stage_layers=0", "--set", "parallel.last_stage_layers=0"]
    for command in (["memory"], ["mesh"], ["mesh", "--json"], ["moe"], ["schedule"], COMM + ["--bytes", "8"]):
        code, out, err = run(capsys, *command, "--preset", "deepseek-v3", *even)
        assert code == 0, err
        assert "tslab: warning: parallel.pp: 61 layers" in err, command
        assert all(line.startswith("tslab: warning: ") for line in err.splitlines())
        assert "warning" not in out.replace("warnings", ""), command


def test_moe_text_is_readable(capsys) -> None:
    code, out, err = run(capsys, "moe", "--preset", "deepseek-v3")
    assert code == 0, err
    assert "[" not in out and "{" not in out  # no Python lists or dicts
    lines = out.splitlines()
    assert lines[0] == load_preset("deepseek-v3").title
    rows = [line.split() for line in lines if line.strip()[:1].isdigit()]
    assert len(rows) == 64 and all(row[2] == "32,768" for row in rows)  # MoonEP: S·K each


# ---------------------------------------------------------------------------------------------
# export --lang zh without a CJK font

def _export_zh(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tslab", "export", "--tab", "memory", "--format", "svg",
                           "--out", str(tmp_path / "m.svg"), "--lang", "zh"],
                          capture_output=True, text=True, env=env, timeout=120)


def test_export_zh_warns_once_without_a_cjk_font(tmp_path: Path) -> None:
    """An empty fontconfig configuration hides every installed font, as on a machine without CJK
    fonts: the figure is still written, with one warning that says what to install."""
    conf = tmp_path / "fonts.conf"
    conf.write_text('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig></fontconfig>\n')
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "TSLAB_DEBUG")}
    result = _export_zh(tmp_path, env | {"FONTCONFIG_FILE": str(conf)})
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [f"tslab: warning: {NO_CJK_FONT}"]
    # Written all the same, its text still text and in Chinese (a reader with the fonts shows it).
    root = ET.fromstring((tmp_path / "m.svg").read_bytes())
    texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert load_preset("classroom-7b").title in texts
    assert sum(bool(re.search(r"[\u4e00-\u9fff]", text)) for text in texts) >= 5, texts
    assert "fonts-wqy-microhei" in NO_CJK_FONT


@pytest.mark.parametrize("after_s", [0.0, 1.5])
def test_gui_zh_warns_at_start_without_a_cjk_font(tmp_path: Path, after_s: float) -> None:
    """`tslab gui --lang zh` says it at once (not when the window closes); Ctrl-C then ends it with
    exit 130 whenever it comes: while the window is built (right after the warning) or once it is
    up (desktop.app.defer_interrupts records it, the event loop acts on it). `after_s` only varies
    when it comes; the status must not depend on it."""
    import signal
    conf = tmp_path / "fonts.conf"
    conf.write_text('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig></fontconfig>\n')
    env = {k: v for k, v in os.environ.items() if k != "TSLAB_DEBUG"}
    env |= {"FONTCONFIG_FILE": str(conf), "QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0",
            "TSLAB_CONFIG_DIR": str(tmp_path)}
    with subprocess.Popen([sys.executable, "-m", "tslab", "gui", "--lang", "zh"], stderr=subprocess.PIPE,
                          text=True, env=env) as process:
        try:
            assert process.stderr is not None
            assert process.stderr.readline().rstrip("\n") == f"tslab: warning: {NO_CJK_FONT}"
            time.sleep(after_s)
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=60)
    assert process.returncode == EXIT_INTERRUPTED


def test_export_zh_is_quiet_with_a_cjk_font(tmp_path: Path, qapp) -> None:
    from tslab.desktop.cli import has_cjk_font
    if not has_cjk_font():
        pytest.skip("no CJK font installed here")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "TSLAB_DEBUG")}
    result = _export_zh(tmp_path, env)
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_help_states_the_limits_the_models_enforce():
    """The limits in --help are the models' own numbers (docs/cli-and-json.md, Limits)."""
    import subprocess
    import sys

    from tslab.models.comm.planner import MAX_RANKS as COMM_RANKS
    from tslab.models.pipeline.kinds import MAX_OPS, MAX_RANKS
    schedule = subprocess.run([sys.executable, "-m", "tslab", "schedule", "--help"], capture_output=True, text=True)
    comm = subprocess.run([sys.executable, "-m", "tslab", "comm", "--help"], capture_output=True, text=True)
    flat = " ".join(schedule.stdout.split())
    assert f"at most {MAX_RANKS:,}" in flat and f"at most {MAX_OPS:,} ops" in flat
    flat = " ".join(comm.stdout.split())
    assert f"at most {COMM_RANKS:,}" in flat and "up to 2^46" in flat
