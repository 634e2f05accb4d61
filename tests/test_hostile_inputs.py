"""Hostile inputs that once got through: each ends in one `tslab: error: …` line and exit 2 (or a
bounded, correct result), with nothing written or damaged.

Huge integers for float keys, deep TOML, schedules the step-time model cannot time, a file name
longer than the file system takes, an import naming stage 99,999,999, a 20,000-character title,
plans over the planner's limits, FIFOs with no writer as inputs, a full disk under `export --tab
all`, and −5.5e-17 for a zero term. Then a property test: every scenario and view key set to
hostile values (huge integers, floats at the limits, nan and inf, empty, long and non-UTF-8 text)
ends with exit 0 and strict JSON, or exit 2 and one error line, within the time and memory budget.
Special files are made inside the test's folder (mkfifo, mknod), never a real device."""
from __future__ import annotations

import dataclasses
import errno
import json
import math
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from json_docs import json_leaves, strict_json
from test_cli_inputs import refused, run
from test_fuzz_cli import check, run_batch

from tslab.models.document import _view_field, document_keys
from tslab.models.files import WriteError
from tslab.models.pipeline import ScheduleError, simulate
from tslab.models.pipeline.io import MAX_ACTION_NUMBER
from tslab.models.planner import deciding, plan_json
from tslab.models.planner.search import (MAX_PLAN_CONFIGURATIONS, MAX_PLAN_GLOBAL_BATCH, MAX_PLAN_GPUS, MAX_PLAN_SIZE,
                                         search_space)
from tslab.models.presets import load_preset, preset_names
from tslab.models.scenario import MAX_TITLE_CHARS, Scenario, _kind, key_field
from tslab.models.units import difference

KEYS = list(document_keys())
FLOAT_KEYS = [key for key in KEYS
              if key != "title" and _kind(_view_field(key) if key.startswith("view.") else key_field(key)) == "float"]
HUGE = "9" * 309  # the smallest run of nines float() overflows on


def tslab(*args: object, timeout: float = 120, **kwargs) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "TSLAB_DEBUG")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    return subprocess.run([sys.executable, "-m", "tslab", *map(str, args)], capture_output=True, text=True, env=env,
                          timeout=timeout, **kwargs)


def one_error(result: subprocess.CompletedProcess, *needles: str) -> str:
    """Exit 2, nothing on stdout, one stderr line `tslab: error: …` (no internal error) with every needle."""
    assert result.returncode == 2, (result.returncode, result.stderr[-600:])
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tslab: error: ") and "internal error" not in lines[0], lines
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


# ---------------------------------------------------------------------------------------------
# 1. An integer of 309 digits or more given to a float key

@pytest.mark.parametrize("digits", [HUGE, "-" + HUGE, "9" * 5000])
def test_a_huge_integer_for_any_float_key_is_refused_naming_it(capsys, digits) -> None:
    assert len(FLOAT_KEYS) >= 14
    for key in FLOAT_KEYS:
        line = refused(capsys, "memory", "--json", "--set", f"{key}={digits}", naming=key)
        assert len(line) < 200, line  # the number is named by its size, not printed whole


def test_a_huge_integer_in_a_scenario_file_is_refused_naming_file_and_key(capsys, tmp_path) -> None:
    for key in FLOAT_KEYS:
        section, name = key.rsplit(".", 1)
        path = tmp_path / "huge.toml"
        path.write_text(f"[{section}]\n{name} = {HUGE}\n")
        refused(capsys, "memory", "--json", "--scenario", path, naming=f"{path}, line 2: {key}")
    path.write_text(f"[cluster]\nhbm_gib = {'9' * 5000}\n")  # past Python's int conversion limit
    refused(capsys, "memory", "--scenario", path, naming="a whole number of more than")


def test_a_huge_integer_in_a_hugging_face_config_is_refused(capsys, tmp_path) -> None:
    config = json.loads((Path(__file__).parent / "data" / "hf" / "llama-3-8b.json").read_text())
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config)[:-1] + ', "attention_dropout": ' + HUGE + "}")
    refused(capsys, "scenario", "--from-hf", path, naming="attention_dropout")
    path.write_text('{"model_type": "llama", "hidden_size": ' + "9" * 5000 + "}")
    refused(capsys, "scenario", "--from-hf", path, naming="a whole number of more than")


# ---------------------------------------------------------------------------------------------
# 2. TOML nested 600 deep

@pytest.mark.parametrize("nested", ["a = " + "[" * 600 + "]" * 600, "a = " + "{b = " * 600 + "1" + "}" * 600])
def test_deeply_nested_toml_is_refused(capsys, tmp_path, nested) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(nested + "\n")
    refused(capsys, "memory", "--scenario", path, naming=f"{path}: invalid TOML: nested too deeply")


# ---------------------------------------------------------------------------------------------
# 3. A schedule the step-time model cannot time: refused as `time` refuses it

@pytest.mark.parametrize("preset", ["deepseek-v3", "kimi-k2", "llama3-405b"])
@pytest.mark.parametrize("tier", ["nvme", "cpu"])
def test_schedule_refuses_what_time_refuses(capsys, preset, tier) -> None:
    argv = ("--json", "--preset", preset, "--set", f"offload.params={tier}")
    from_time = refused(capsys, "time", *argv, naming="offload.params")
    assert refused(capsys, "schedule", *argv, naming="offload.params") == from_time


def test_schedule_refuses_more_gpus_than_the_mesh_enumerates(capsys) -> None:
    argv = ("--json", "--preset", "deepseek-v3", "--set", "cluster.nodes=131072", "--set", "parallel.dp=65536",
            "--set", "schedule.global_batch=1048576")
    from_time = refused(capsys, "time", *argv, naming="mesh")
    assert refused(capsys, "schedule", *argv, naming="mesh") == from_time


# ---------------------------------------------------------------------------------------------
# 4. A file name longer than the file system takes

@pytest.mark.parametrize("what", [("--tab", "memory", "png"), ("--tab", "memory", "svg"), ("--tab", "memory", "pdf"),
                                  ("--figure", "cost-stack", "png"), ("--figure", "all", "pdf"),
                                  ("--tab", "all", "png")])
def test_export_to_a_file_name_too_long_is_refused_before_drawing(tmp_path, what) -> None:
    option, name, fmt = what
    out = tmp_path / f"{'a' * 300}.{fmt}"
    one_error(tslab("export", option, name, "--format", fmt, "--out", out), "file name too long")
    assert list(tmp_path.iterdir()) == []


def test_every_command_writing_out_refuses_a_name_too_long(capsys, tmp_path) -> None:
    out = tmp_path / ("b" * 300)
    for argv in (("scenario", "--preset", "classroom-7b"), ("schedule", "--json")):
        refused(capsys, *argv, "--out", out, naming="file name too long")
    refused(capsys, "scenario", "--preset", "classroom-7b", "--out", out / "s.toml", naming="file name too long")
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------------------------------------
# 5. An import naming stage 99,999,999: bounded before anything is sized by it

@pytest.mark.parametrize("kind", ["interleaved-1f1b", "1f1b", "dualpipe"])
@pytest.mark.parametrize("cells", ["0F0,99999999F0,0B0,99999999B0", "0F0,9999999F0,0B0,9999999B0",
                                   "0F0,0F99999999,0B0,0B99999999", "0F" + "9" * 5000])
def test_an_import_naming_a_huge_stage_or_micro_batch_is_refused_at_once(capsys, tmp_path, kind, cells) -> None:
    path = tmp_path / "orders.csv"
    path.write_text(cells + "\n")
    start = time.process_time()
    refused(capsys, "schedule", "--json", "--kind", kind, "--import", path, naming=str(path))
    assert time.process_time() - start < 5  # 17 s and 3 GB before the bound; a generous limit for a busy machine


def test_the_largest_stage_number_an_import_may_name_is_still_checked_cheaply(capsys, tmp_path) -> None:
    """Stage MAX_ACTION_NUMBER on one rank passes the reader; the simulator then refuses the orders
    (stages without actions) before it sizes a table by the 250,000 stages."""
    path = tmp_path / "orders.csv"
    path.write_text(f"0F0,{MAX_ACTION_NUMBER}F0,0B0,{MAX_ACTION_NUMBER}B0\n")
    start = time.process_time()
    refused(capsys, "schedule", "--json", "--kind", "interleaved-1f1b", "--import", path, naming="stage")
    assert time.process_time() - start < 5
    with pytest.raises(ScheduleError, match="more than the 2 actions"):
        from tslab.models.pipeline.kinds import Action
        simulate("interleaved-1f1b", 1, 1, 10**8, orders=[[Action(0, 0, "F"), Action(0, 0, "B")]])


# ---------------------------------------------------------------------------------------------
# 6. A 20,000-character title

def test_a_title_longer_than_the_limit_is_refused_and_one_at_the_limit_drawn(capsys, tmp_path) -> None:
    refused(capsys, "memory", "--set", "title=" + "t" * (MAX_TITLE_CHARS + 1), naming="MAX_TITLE_CHARS")
    refused(capsys, "memory", "--set", "model.name=" + "n" * 20_000, naming="MAX_TITLE_CHARS")
    path = tmp_path / "long.toml"
    path.write_text(f'title = "{"x" * 20_000}"\n')
    refused(capsys, "memory", "--scenario", path, naming="MAX_TITLE_CHARS")
    code, out, err = run(capsys, "memory", "--set", "title=" + "t" * MAX_TITLE_CHARS)
    assert code == 0 and out.startswith("t" * MAX_TITLE_CHARS), err
    result = tslab("export", "--tab", "memory", "--format", "png", "--set", "title=" + "x" * 20_000,
                   "--out", tmp_path / "m.png")
    one_error(result, "MAX_TITLE_CHARS")
    assert not (tmp_path / "m.png").exists()


def test_a_hugging_face_import_with_a_long_name_gets_a_title_within_the_limit(tmp_path) -> None:
    from tslab.models.hf_config import scenario_from_hf
    config = {"model_type": "gpt2", "n_embd": 64, "n_layer": 2, "n_head": 4, "vocab_size": 100, "n_positions": 128}
    scenario = scenario_from_hf(config, name="m" * 250)
    assert len(scenario.title) == MAX_TITLE_CHARS and scenario.title.endswith("…")
    assert len(scenario.model.name) == MAX_TITLE_CHARS


def test_a_title_past_the_check_is_drawn_cut(qapp) -> None:
    """A Scenario built in code without the check: each figure draws its title cut, whole in the
    tooltip, in a bounded time."""
    from tslab.desktop.export import export_tab, tab_figure
    from tslab.views.common import TITLE_SHOWN_CHARS, TitleLabel
    scenario = dataclasses.replace(Scenario(), title="x " * 10_000)
    for tab in ("memory", "mesh", "pipeline", "comm", "context"):
        start = time.process_time()
        data = export_tab(scenario, tab, "png")
        assert data.startswith(b"\x89PNG") and time.process_time() - start < 10, tab
    figure = tab_figure(scenario, "memory")
    try:
        titles = [label for label in figure.findChildren(TitleLabel) if label.toolTip()]
        assert titles and all(len(label.text()) <= TITLE_SHOWN_CHARS and label.text().endswith("…")
                              for label in titles)
        assert titles[0].toolTip() == scenario.title
    finally:
        figure.close()
        figure.deleteLater()


# ---------------------------------------------------------------------------------------------
# 7. Plans over the planner's limits

def test_a_plan_over_the_gpu_limit_is_refused_naming_it(capsys) -> None:
    refused(capsys, "plan", "--preset", "llama3-405b", "--gpus", 65536, naming="MAX_PLAN_GPUS")
    refused(capsys, "plan", "--preset", "classroom-7b", "--set", f"cluster.nodes={MAX_PLAN_GPUS // 8 * 2}",
            "--set", f"schedule.global_batch={MAX_PLAN_GPUS * 2}", naming="MAX_PLAN_GPUS")
    refused(capsys, "plan", "--preset", "kimi-k2", "--gpus", MAX_PLAN_GPUS, naming="MAX_PLAN_SIZE")


def test_a_plan_over_the_global_batch_limit_is_refused_naming_it(capsys) -> None:
    start = time.process_time()
    refused(capsys, "plan", "--preset", "deepseek-v3", "--set", "schedule.microbatches=1048576",
            naming="MAX_PLAN_GLOBAL_BATCH")
    assert time.process_time() - start < 5


def test_a_search_space_over_its_limit_is_refused_naming_it(capsys, monkeypatch) -> None:
    s = load_preset("gpt3-175b")
    assert 100 < len(search_space(s, None)) <= MAX_PLAN_CONFIGURATIONS
    monkeypatch.setattr("tslab.models.planner.search.MAX_PLAN_CONFIGURATIONS", 100)
    refused(capsys, "plan", "--preset", "gpt3-175b", naming="MAX_PLAN_CONFIGURATIONS")


def test_every_preset_plan_is_within_the_limits() -> None:
    for name in preset_names():
        s = load_preset(name)
        assert s.world_size <= MAX_PLAN_GPUS and s.schedule.global_batch <= MAX_PLAN_GLOBAL_BATCH, name
        space = search_space(s, None)
        assert 0 < len(space) <= MAX_PLAN_CONFIGURATIONS and len(space) * s.world_size <= MAX_PLAN_SIZE, name


# ---------------------------------------------------------------------------------------------
# 8. FIFOs (and device nodes) as inputs

INPUTS = [("memory", "--scenario"), ("scenario", "--from-hf"), ("schedule", "--json", "--import"),
          ("gui", "--scenario")]


@pytest.mark.parametrize("argv", INPUTS, ids=lambda argv: argv[-1])
def test_a_fifo_without_a_writer_is_refused_at_once(tmp_path, argv) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    one_error(tslab(*argv, fifo, timeout=60), str(fifo), "no writer")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.skipif(not Path("/dev/stdin").exists(), reason="no /dev/stdin")
@pytest.mark.parametrize("written_first", [True, False])
def test_a_pipe_with_a_writer_is_read(written_first) -> None:
    """`--scenario /dev/stdin` on a pipe: read whether its bytes are there at the first look, or
    come later from a writer that holds it open (this test, through the child's standard input)."""
    text = tslab("scenario", "--preset", "deepseek-v3").stdout
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    with subprocess.Popen([sys.executable, "-m", "tslab", "memory", "--json", "--scenario", "/dev/stdin"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          env=env) as process:
        if not written_first:
            time.sleep(0.5)  # either way the pipe has a writer (this process) until its bytes are in
        out, err = process.communicate(text, timeout=60)
    assert process.returncode == 0, err
    assert strict_json(out)["params"]["total"] > 6e11


def device_twin(tmp_path: Path, name: str, numbers: tuple[int, int]) -> Path:
    """A character device node in tmp_path (mknod needs CAP_MKNOD: skipped without it)."""
    path = tmp_path / name
    try:
        os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(*numbers))
    except PermissionError:
        pytest.skip("mknod is not permitted here")
    return path


@pytest.mark.parametrize("argv", INPUTS[:3], ids=lambda argv: argv[-1])
def test_a_device_node_as_input_is_refused(capsys, tmp_path, argv) -> None:
    zero = device_twin(tmp_path, "zero", (1, 5))  # the numbers of /dev/zero, made inside tmp_path
    refused(capsys, *argv, zero, naming="a device")
    assert stat.S_ISCHR(os.lstat(zero).st_mode)


# ---------------------------------------------------------------------------------------------
# 9. A full disk under `export --tab all`

def test_a_failed_export_removes_the_folders_it_created(capsys, qapp, tmp_path, monkeypatch) -> None:
    def full(path, data):
        raise WriteError(errno.ENOSPC, "no space left on device", path)

    monkeypatch.setattr("tslab.desktop.export.write_file", full)
    out = tmp_path / "new" / "deeper"
    refused(capsys, "export", "--tab", "all", "--format", "png", "--out", out, naming="no space left on device")
    assert list(tmp_path.iterdir()) == []
    refused(capsys, "export", "--figure", "all", "--format", "svg", "--out", out, naming="no space left on device")
    assert list(tmp_path.iterdir()) == []
    kept = tmp_path / "kept"
    kept.mkdir()
    refused(capsys, "export", "--tab", "all", "--format", "png", "--out", kept, naming="no space left on device")
    assert kept.is_dir()  # a folder that was there stays


# ---------------------------------------------------------------------------------------------
# 10. −5.5e-17 for a zero term

def test_differences_of_equal_sums_are_zero() -> None:
    a = sum([0.1] * 10) / 10  # 0.09999999999999999
    assert a - 0.1 != 0 and difference(a, 0.1) == 0.0 and difference(0.1, a) == 0.0
    assert difference(0.3, 0.1) == pytest.approx(0.2) and difference(0.0, 0.0) == 0.0


def test_plan_and_time_carry_no_negative_or_rounding_residue(capsys) -> None:
    def walk(doc):
        """The floats of `doc`, with their paths."""
        return [(path, value) for path, value in json_leaves(doc) if isinstance(value, float)]

    for name in ("classroom-7b", "gpt3-175b"):
        code, out, err = run(capsys, "plan", "--preset", name, "--json")
        assert code == 0, err
        for path, value in walk(strict_json(out)):
            assert value == 0 or abs(value) > 1e-12, (name, path, value)
            assert value >= 0 or ".terms_vs_fastest." in path, (name, path, value)  # only gaps are signed
    for name in preset_names():
        code, out, err = run(capsys, "time", "--preset", name, "--json")
        assert code == 0, err
        for path, value in walk(strict_json(out)):
            assert value >= 0 and (value == 0 or abs(value) > 1e-12), (name, path, value)


def test_deciding_rounds_a_zero_gap_to_zero() -> None:
    from tslab.models.time import step_time
    t = step_time(load_preset("gpt3-175b"))
    term, gap = deciding(t, t)
    assert term == "" and all(value == 0.0 and not math.copysign(1, value) < 0 for value in gap.values())
    assert plan_json  # the JSON of a plan carries these gaps as terms_vs_fastest


# ---------------------------------------------------------------------------------------------
# The property: hostile values for every key

HUGE_INTEGERS = st.one_of(st.integers(min_value=10**18, max_value=10**400).map(str),
                          st.integers(min_value=10**18, max_value=10**400).map(lambda n: f"-{n}"),
                          st.integers(300, 6000).map(lambda n: "9" * n))
LIMIT_FLOATS = st.one_of(st.sampled_from([sys.float_info.max, -sys.float_info.max, sys.float_info.min, 5e-324,
                                          -5e-324, -0.0, 1e308, 1.7976931348623157e308, 2.0**63, 2.0**64,
                                          -(2.0**63), 9007199254740993.0]).map(repr),
                         st.floats(allow_nan=False, allow_infinity=False, width=64).map(repr))
NOT_FINITE = st.sampled_from(["nan", "-nan", "NaN", "inf", "-inf", "Infinity", "1e400", "-1e400", "+inf"])
EMPTY = st.sampled_from(["", " ", "\t", '""', "''"])
LONG_TEXT = st.one_of(st.integers(200, 20_000).map(lambda n: "x" * n), st.text(min_size=200, max_size=2_000))
NOT_UTF8 = st.binary(min_size=1, max_size=8).map(lambda raw: (raw + b"\xff").decode("utf-8", "surrogateescape"))


def own_edges(key: str) -> st.SearchStrategy[str]:
    """The key's own range edges and just beyond them."""
    meta = {} if key == "title" else (_view_field(key) if key.startswith("view.") else key_field(key)).metadata
    edges = ["0", "1", "-1"]
    for bound in (meta.get("low"), meta.get("high")):
        if bound is not None:
            edges += [repr(bound), repr(math.nextafter(float(bound), math.inf)),
                      repr(math.nextafter(float(bound), -math.inf)), repr(bound * 2 + 1)]
    return st.sampled_from(edges + [str(choice) for choice in (meta.get("choices") or ())])


def hostile(key: str) -> st.SearchStrategy[str]:
    return st.one_of(HUGE_INTEGERS, LIMIT_FLOATS, NOT_FINITE, EMPTY, LONG_TEXT, NOT_UTF8, own_edges(key)) \
        .map(lambda text: f"{key}={text}")


COMMANDS = [["memory", "--json"], ["time", "--json"], ["schedule", "--json"], ["mesh", "--json"], ["moe", "--json"],
            ["scenario"], ["topology", "--json"], ["context", "--json"]]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_hostile_values_for_every_key_end_cleanly_within_budget(data) -> None:
    batch = []
    for _ in range(8):
        command = data.draw(st.sampled_from(COMMANDS))
        source = data.draw(st.sampled_from([[]] + [["--preset", name] for name in preset_names()]))
        sets = data.draw(st.lists(st.sampled_from(KEYS).flatmap(hostile), min_size=1, max_size=3))
        if command == ["scenario"] and not source:
            source = ["--preset", "classroom-7b"]
        batch.append(command + source + [part for assignment in sets for part in ("--set", assignment)])
    for result in run_batch(batch):
        check(result)
