"""The planner's rows of `make bench`: the CPU time of `tslab plan` on the published searches, how far
each preset's own (published) layout lies from the planner's fastest, and the highest MFU a dense
plan promises against what a validated published dense run reached.

- `tslab plan --json` as a child process, its user + system CPU seconds from wait4 (two cores: the
  search runs on one), for every preset on its own cluster, Llama 3 405B on 16,384 H100 and Kimi
  K2 on 8,192 H800: target ≤ 10 s of CPU (the planner stops itself at MAX_PLAN_CPU_S), with the
  reference's rank, exact or, when the search stopped at its limit, the range;
- per preset, the reference's step time over the fastest's − 1 (the planner's own layout, or its
  variant that fits, `Plan.reference_variant`): target ≤ 10 %;
- per dense preset, the top plan's MFU: target ≤ the larger of 55 % and the highest MFU of a dense
  run in the validation table (`tslab validate`), a published run at its published time.

`--quick` runs the GPT-3 175B search and rows alone.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CPU_TARGET_S = 10.0
GAP_TARGET = 0.10
DENSE_MFU_FLOOR = 0.55
SEARCHES = (("classroom-7b", None), ("gpt3-175b", None), ("deepseek-v3", None), ("kimi-k2", None),
            ("kimi-k2", 8192), ("llama3-405b-128k", None), ("llama3-405b", None), ("llama3-405b", 16384))
PRESETS = ("classroom-7b", "gpt3-175b", "llama3-405b", "llama3-405b-128k", "deepseek-v3", "kimi-k2")


def plan_cpu(preset: str, gpus: int | None, env: dict[str, str]) -> tuple[float, dict[str, Any]]:
    """(CPU seconds of the child, its JSON) of `tslab plan --preset PRESET [--gpus N] --json`."""
    args = [sys.executable, "-m", "tslab", "plan", "--preset", preset, "--top", "1", "--json"]
    if gpus is not None:
        args += ["--gpus", str(gpus)]
    with tempfile.TemporaryFile() as out:
        child = subprocess.Popen(args, cwd=ROOT, env=env, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise RuntimeError(f"tslab plan --preset {preset} failed")
        out.seek(0)
        return usage.ru_utime + usage.ru_stime, json.load(out)


def gap(data: dict[str, Any]) -> float | None:
    """The reference's step time over the fastest's − 1 (None: no reference)."""
    entry = data["reference"]["entry"]
    if entry is None or not data["entries"]:
        return None
    return entry["step_time_s"] / data["entries"][0]["step_time_s"] - 1


def validated_dense_mfu() -> tuple[float, str]:
    """The highest MFU of a dense BF16/FP16 run of the validation table at its published time:
    tslab's MFU × (1 + error) (its time, or rate, error), with the run's name."""
    from tslab.models.time import step_time
    from tslab.models.time.published import validation_rows
    best, name = 0.0, ""
    for row in validation_rows():
        s = row.run.scenario.build()
        if row.error is None or s.model.experts or s.precision.compute != "bf16":
            continue
        published = step_time(s).mfu * (1 + row.error)
        if published > best:
            best, name = published, row.run.name
    return best, name


def planner_rows(quick: bool, env: dict[str, str]) -> list[tuple[str, Any, str, str]]:
    from tslab.models.planner import plan
    from tslab.models.presets import load_preset
    rows: list[tuple[str, Any, str, str]] = []
    searches = (("gpt3-175b", None),) if quick else SEARCHES
    for preset, gpus in searches:
        cpu, data = plan_cpu(preset, gpus, env)
        where = f"{data['gpus']:,} GPUs"
        reference = data["reference"]
        rank = f"{reference['rank']:,}, exact" if reference["rank_exact"] else \
            f"between {reference['rank']:,} and {reference['rank_max']:,}: stopped at the CPU limit"
        rows.append((f"tslab plan {preset}, {where}: CPU (reference ranks {rank})", cpu,
                     f"≤ {CPU_TARGET_S:.0f} s CPU", "ok" if cpu <= CPU_TARGET_S else "MISSED"))
    ceiling, run = validated_dense_mfu()
    limit = max(DENSE_MFU_FLOOR, ceiling)
    for preset in (("gpt3-175b",) if quick else PRESETS):
        s = load_preset(preset)
        result = plan(s, top=1, reference_budget=0)
        best = result.entries[0].time if result.entries else None
        reference = result.reference
        if best is not None and reference is not None:
            value = reference.time.step_time_s / best.step_time_s - 1
            variant = " (its variant that fits)" if result.reference_variant else ""
            rows.append((f"published layout{variant} vs the fastest plan ({preset})", f"{value:+.1%}",
                         f"≤ +{GAP_TARGET:.0%}", "ok" if value <= GAP_TARGET else "MISSED"))
        if best is not None and not s.model.experts:
            rows.append((f"top dense plan's MFU ({preset})", f"{best.mfu:.1%}",
                         f"≤ {limit:.1%} ({run or 'floor'})", "ok" if best.mfu <= limit else "MISSED"))
    return rows
