"""Fuzzing the command line: every command with random and extreme inputs (every scenario and view
key, huge and non-finite numbers, odd strings and paths). Each run must end with exit 0 and valid
output (strict JSON: no NaN or Infinity), or exit 2 and one `tslab: error:` line — never exit 1
(an internal error), never a traceback, and never over the time and memory budget.

The runs of one example execute in one child process (the command line's `main` called in
process, stdout and stderr captured), under an address-space limit, so that the budget is measured
and a runaway input cannot take the machine down."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from tslab.models.document import _view_field, document_keys
from tslab.models.presets import preset_names
from tslab.models.scenario import key_field

ROOT = Path(__file__).resolve().parent.parent
TIME_BUDGET_S = 10.0  # CPU seconds of one run: a busy machine stretches the wall clock, not the work
WALL_LIMIT_S = 6 * TIME_BUDGET_S  # a safety net for a runaway run, generous for a loaded machine
MEMORY_BUDGET_BYTES = 2 << 30
ADDRESS_LIMIT_BYTES = 8 << 30  # a safety net for the machine; the budget is checked on the peak RSS

CHILD = textwrap.dedent("""
    import contextlib, io, json, os, resource, signal, sys, time
    resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))

    class OverBudget(BaseException):  # not an Exception: main() must not turn it into an error line
        pass

    def over_budget(signum, frame):
        raise OverBudget()

    signal.signal(signal.SIGALRM, over_budget)

    def own_peak():
        # VmHWM: this process's own resident high-water mark. ru_maxrss would also count the
        # parent's resident set at the fork (Linux carries it across exec): a test process grown
        # large would be charged to every child it starts.
        try:
            with open("/proc/self/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) * 1024
        except OSError:
            pass
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from tslab.desktop.cli import main
    results = []
    for argv in json.loads(sys.stdin.read()):
        out, err = io.StringIO(), io.StringIO()
        start, cpu = time.perf_counter(), time.process_time()
        signal.setitimer(signal.ITIMER_REAL, {alarm})
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse's --help / --version
                code = exc.code if isinstance(exc.code, int) else 2
            except BaseException as exc:  # anything main lets through is a bug
                code = "escaped " + type(exc).__name__ + ": " + str(exc)[:200]
        signal.setitimer(signal.ITIMER_REAL, 0)
        text, strict = out.getvalue(), None
        if code == 0 and ("--json" in argv or "--chrome-trace" in argv):
            def refuse(constant):
                raise ValueError(constant + " is not JSON")
            try:
                json.loads(text, parse_constant=refuse)
                text.encode("utf-8")  # UTF-8 text (RFC 8259 §8.1), no lone surrogate
                strict = "ok"
            except ValueError as exc:
                strict = str(exc)[:300]
        results.append({{"argv": argv, "code": code, "seconds": time.perf_counter() - start,
                        "cpu": time.process_time() - cpu, "json": strict,
                        "stdout": text[:2000], "stderr": err.getvalue()[:4000],
                        "peak": own_peak()}})
    print(json.dumps(results))
""")


def _field_of(key: str):
    return _view_field(key) if key.startswith("view.") else key_field(key)


EXTREME_TEXT = st.sampled_from(["", " ", "nan", "inf", "-inf", "1e400", "-1e400", "1e308", "-0", "0x10", "1_000",
                                "10" * 20, "true", "null", "[]", "{}", "\"\"", "'x'", "é", "../../x", "a" * 300,
                                "-1", "0", "1", "2", "3", "7", "64", "1024", "4096", "1048576", "1e19", "0.5",
                                "0.999999", "1"])


def value_text(key: str) -> st.SearchStrategy[str]:
    """Text for `--set KEY=…`: the key's own choices and range edges, and extreme values."""
    if key == "title":
        return st.one_of(EXTREME_TEXT, st.text(max_size=20))
    meta = _field_of(key).metadata
    own = []
    if meta.get("choices"):
        own += [str(c) for c in meta["choices"]]
    for bound in (meta.get("low"), meta.get("high")):
        if bound is not None:
            own += [repr(bound), repr(bound * 2 + 1), repr(-bound - 1)]
            if float(bound).is_integer():
                own.append(str(int(bound)))
    return st.one_of(EXTREME_TEXT, st.sampled_from(own or ["0"]))


KEYS = [key for key in document_keys()]
SETS = st.lists(st.sampled_from(KEYS).flatmap(lambda key: value_text(key).map(lambda text: f"{key}={text}")),
                max_size=3)
SOURCE = st.one_of(st.just([]), st.sampled_from(preset_names()).map(lambda name: ["--preset", name]))
NUMBER = st.one_of(st.sampled_from(["0", "1", "2", "3", "8", "16", "1024", "65536", "1048576", "-1", "1e19",
                                    "nan", "inf", "10" * 16, "2.5", ""]),
                   st.integers(-5, 5000).map(str))


def with_sets(args: list[str], sets: list[str]) -> list[str]:
    return args + [part for assignment in sets for part in ("--set", assignment)]


@st.composite
def invocation(draw, tmp: str) -> list[str]:
    command = draw(st.sampled_from(["memory", "mesh", "moe", "comm", "schedule", "scenario", "presets",
                                    "export", "keys-like"]))
    sets, source = draw(SETS), draw(SOURCE)
    json_flag = ["--json"] if draw(st.booleans()) else []
    if command in ("memory", "mesh", "moe"):
        return with_sets([command, *source, *json_flag], sets)
    if command == "comm":
        args = ["comm", "--collective", draw(st.sampled_from(["allreduce", "reducescatter", "allgather", "alltoall",
                                                              "broadcast", "reduce", "p2p", "gather", ""])),
                "--ranks", draw(NUMBER), "--bytes", draw(NUMBER)]
        if draw(st.booleans()):
            args += ["--algorithm", draw(st.sampled_from(["ring", "tree", "hierarchical"]))]
        return with_sets(args + source + json_flag, sets)
    if command == "schedule":
        kinds = ["gpipe", "1f1b", "interleaved-1f1b", "zb-h1", "zb-h2", "zbv", "dualpipe", "dualpipev", "interleaved",
                 "x"]
        args = ["schedule", "--kind", draw(st.sampled_from(kinds)),
                "--ranks", draw(NUMBER), "--microbatches", draw(NUMBER)]
        for option in ("--chunks", "--f", "--b", "--w", "--p2p"):
            if draw(st.integers(0, 4)) == 0:
                args += [option, draw(NUMBER)]
        return args + [draw(st.sampled_from(["--json", "--csv", "--chrome-trace"]))]
    if command == "scenario":
        out = draw(st.sampled_from([[], ["--out", f"{tmp}/s.toml"], ["--out", tmp], ["--out", ""]]))
        return with_sets(["scenario", *(source or ["--preset", "classroom-7b"]), *out], sets)
    if command == "presets":
        return ["presets"]
    if command == "export":
        tab = draw(st.sampled_from(["memory", "mesh", "pipeline", "comm"]))
        return with_sets(["export", *source, "--tab", tab, "--format", "png", "--out", f"{tmp}/{tab}.png"], sets)
    return [draw(st.sampled_from(["--version", "nonsense", "memory --json", ""]))]


def run_batch(batch: list[list[str]]) -> list[dict]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    child = CHILD.format(limit=ADDRESS_LIMIT_BYTES, alarm=WALL_LIMIT_S)
    done = subprocess.run([sys.executable, "-c", child], input=json.dumps(batch), capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=len(batch) * WALL_LIMIT_S + 60)
    assert done.returncode == 0, f"the child died ({done.returncode}): {done.stderr[-3000:]}"
    return json.loads(done.stdout.splitlines()[-1])


def check(result: dict) -> None:
    argv, code, err = result["argv"], result["code"], result["stderr"]
    where = f"tslab {' '.join(argv)}"
    assert code in (0, 2), f"{where}: exit {code}; stderr: {err[-500:]}"
    assert "Traceback" not in err, f"{where}: {err[-800:]}"
    assert result["cpu"] <= TIME_BUDGET_S, f"{where}: took {result['cpu']:.1f} s of CPU"
    assert result["peak"] <= MEMORY_BUDGET_BYTES, f"{where}: peak {result['peak'] / 2**30:.1f} GiB"
    lines = [line for line in err.splitlines() if line.strip()]
    assert all(line.startswith("tslab: ") for line in lines), f"{where}: stray stderr {lines}"
    errors = [line for line in lines if line.startswith("tslab: error:")]
    if code == 2:
        assert len(errors) == 1, f"{where}: {lines}"
    else:
        assert not errors, f"{where}: exit 0 with {errors}"
        if "--json" in argv or "--chrome-trace" in argv:
            assert result["json"] == "ok", f"{where}: not strict JSON: {result['json']}"


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_every_command_ends_cleanly_within_budget(data, tmp_path_factory) -> None:
    tmp = str(tmp_path_factory.mktemp("fuzz"))
    batch = data.draw(st.lists(invocation(tmp), min_size=6, max_size=6))  # a runaway costs at most 6 × 15 s
    for result in run_batch(batch):
        check(result)


def test_every_key_at_its_extremes_is_accepted_or_refused_cleanly(tmp_path) -> None:
    """Each scenario and view key set to its range edges and beyond, through `memory --json`."""
    batch = []
    for key in KEYS:
        meta = _field_of(key).metadata if key != "title" else {}
        for text in ("nan", "1e400", "", "-1", repr(meta.get("high")) if meta.get("high") is not None else "x"):
            batch.append(["memory", "--preset", "deepseek-v3", "--json", "--set", f"{key}={text}"])
    for start in range(0, len(batch), 100):
        for result in run_batch(batch[start:start + 100]):
            check(result)


def test_a_childs_peak_is_its_own_not_the_parents() -> None:
    """The budget is the command's: a test process grown large (the whole suite in one process)
    is not charged to the child it starts (ru_maxrss carries the parent's resident set across the
    fork and exec)."""
    ballast = bytearray(800 << 20)
    ballast[::4096] = b"\x01" * len(ballast[::4096])   # every page resident
    (result,) = run_batch([["--version"]])
    assert result["code"] == 0
    assert result["peak"] < 500 << 20, result["peak"]
    del ballast
