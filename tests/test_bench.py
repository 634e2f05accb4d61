"""The benchmark keeps running: `benchmarks/bench.py --quick` prints its whole table. Its numbers
are not judged here (a shared machine is noisy); `make bench` compares them with the targets."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given, strategies as st

ROOT = Path(__file__).resolve().parent.parent


def _benchmark_edits():
    """benchmarks/edits.py (not a package, and tests/edits.py has its module name)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("benchmark_edits", ROOT / "benchmarks" / "edits.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


p95 = _benchmark_edits().p95


def test_the_p95_of_twenty_redraws_is_the_second_slowest():
    assert p95([float(t) for t in range(20, 0, -1)]) == 19.0
    assert p95([7.0]) == 7.0
    assert p95([1.0, 2.0]) == 2.0   # of two, 95 % is both


@given(st.lists(st.floats(0, 1), min_size=1, max_size=60))
def test_the_p95_is_the_least_time_95_percent_do_not_exceed(times):
    found = p95(times)
    assert found in times
    assert sum(t <= found for t in times) >= 0.95 * len(times)
    assert sum(t < found for t in times) < 0.95 * len(times)


def test_quick_benchmark_prints_every_row():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "benchmarks/bench.py", "--quick"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    table = done.stdout.split("\nQt platform:")[0]  # the timing table; the accuracy table follows
    rows = [line for line in table.splitlines() if line and not line.startswith(("-", "measurement", "Qt "))]
    names = " ".join(rows)
    for preset in ("deepseek-v3", "kimi-k2"):
        assert f"ledger-only key: edit → redraw p95 ({preset})" in names
        for tab in ("memory", "mesh", "pipeline", "comm", "context"):
            assert f"parallel.pp, {tab} tab visible: UI thread held at most ({preset})" in names
        assert f"30-step slider drag: recomputations per frame ({preset})" in names
    assert "tslab main window to first paint" in names
    assert "tslab plan gpt3-175b, 64 GPUs: CPU (reference ranks" in names  # the planner's rows, --quick
    assert "vs the fastest plan (gpt3-175b)" in names and "top dense plan's MFU (gpt3-175b)" in names
    assert "FP32 → BF16 stochastic rounding, 10⁷ values" in names and "Muon: 1,000 matrices packed" in names
    per_key = done.stdout.split("Edit → idle window per key (deepseek-v3")[1].split("\n\n")[0]
    for key in ("model.hidden", "parallel.zero", "memory.fragmentation", "context.zigzag"):  # --quick's keys
        assert any(line.split()[:1] == [key] and line.rstrip().endswith(("ok", "MISSED", "not edited"))
                   for line in per_key.splitlines()), per_key
    assert "Korthikanti et al." in done.stdout and "175B selective" in done.stdout  # the accuracy table
    validation = done.stdout.split("Validation table")[1]  # and its last page, `tslab validate`'s table
    assert "DeepSeek-V3: GPU-hours per 1T tokens" in validation
    goal = [line for line in validation.splitlines() if line.startswith(("median |error|", "max |error|"))]
    assert len(goal) == 2 and all(line.rstrip().endswith(("ok", "MISSED")) for line in goal), goal
    assert all(line.rstrip().endswith(("ok", "MISSED")) or "floor" in line or "p90" in line or "node cells" in line
               for line in rows), rows
