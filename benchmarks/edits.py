"""`make bench`'s edit latency per key: the main window on DeepSeek-V3 with every tab built (each
visited once, the Memory tab shown, as a lecturer has it), and for every scenario key edits there
and back between two values its range allows, timed from the edit until the window is idle again:
the UI thread's refresh of every tab the key concerns, and the results of any worker the edit
started, delivered and drawn. The target is one frame (16 ms).

The first edit computes the models for the new value; the edits after it find them kept, as an
edit and its undo do, and redraw only. The table shows both: the p95 of the redraws (20 of them by
default: the nearest-rank p95 of 20 is the second slowest, so one pause of a busy machine is not
taken for the key's time, and two are), and the first edit's time, counted against the frame
apart. A value the scenario accepts may still make it
invalid (a banner, every tab's reasons): that is timed too. A key whose other value the scenario
refuses (no second value in its range, or one another key constrains) is listed as not edited.
Each key starts from the preset's document (an edit that another key resolved is not carried on).
The times are wall-clock on this machine: a busy machine lengthens them.
"""
from __future__ import annotations

import math
import sys
import time
from typing import Any

FRAME_S = 0.016
IDLE_DEADLINE_S = 5.0  # a worker's result that never comes: stop waiting


def other_value(key: str, value: Any) -> Any:
    """A second valid value for `key` near `value` (None: none to try)."""
    from tslab.models.scenario import key_field
    meta = key_field(key).metadata
    if isinstance(value, bool):
        return not value
    if meta.get("choices"):
        others = [c for c in meta["choices"] if c != value]
        return others[0] if others else None
    if isinstance(value, (str, tuple)):
        return None
    low, high = meta.get("low", 0), meta.get("high")
    candidates = [value + 1, value - 1, value * 2] if isinstance(value, int) else [value * 1.1 + 0.01, value * 0.9]
    for candidate in candidates:
        if candidate != value and candidate >= low and (high is None or candidate <= high):
            return candidate
    return None


def p95(times: list[float]) -> float:
    """The nearest-rank 95th percentile of `times` (not empty): the smallest time at least 95 % of
    them do not exceed."""
    ordered = sorted(times)
    return ordered[math.ceil(0.95 * len(ordered)) - 1]


def edit_latencies(preset: str = "deepseek-v3", redraws: int = 20, keys: list[str] | None = None
                   ) -> list[tuple[str, float | None, float | None]]:
    """(key, p95 seconds from an edit to an idle window over `redraws` edits after the first, the
    first edit's seconds; None, None when not edited) per scenario key."""
    from tslab.desktop.app import create_application, freeze_heap
    from tslab.desktop.main_window import MainWindow
    from tslab.models.presets import preset_document
    from tslab.models.scenario import ScenarioError, keys as scenario_keys
    from tslab.views.runner import Runner

    app = create_application(["bench"], "en")
    window = MainWindow(preset_document(preset))
    window.resize(1500, 940)
    window.show()
    app.processEvents()
    freeze_heap()
    runners = window.findChildren(Runner)

    def settle() -> None:
        start = time.perf_counter()
        app.processEvents()
        while any(runner.busy for runner in runners) and time.perf_counter() - start < IDLE_DEADLINE_S:
            app.processEvents()
        app.processEvents()

    for tab in ("mesh", "pipeline", "comm", "context", "memory"):
        window.select_tab(tab)
        settle()
    runners = window.findChildren(Runner)
    model = window.model
    preset_state = model.document
    found: list[tuple[str, float | None, float | None]] = []
    for key in keys if keys is not None else [k for k in scenario_keys() if k != "title"]:
        if model.document != preset_state:   # an edit another key resolved (pp, layers): the preset again
            model.set_document(preset_state)
            settle()
        first = model.document.get(key)
        second = other_value(key, first)
        times: list[float] = []
        if second is not None:
            try:
                for i in range(redraws + 1):
                    start = time.perf_counter()
                    model.set_value(key, second if i % 2 == 0 else first)
                    settle()
                    times.append(time.perf_counter() - start)
            except (ScenarioError, ValueError):
                times = []
            if model.document.get(key) != first:
                try:
                    model.set_value(key, first)
                except (ScenarioError, ValueError):
                    pass
                settle()
        found.append((key, p95(times[1:]) if len(times) > 1 else None, times[0] if times else None))
    model.mark_saved("")   # an edit that did not go back (a key another resolves) asks nothing on close
    window.close()
    return found


def print_table(preset: str, rows: list[tuple[str, float | None, float | None]], redraws: int = 20) -> None:
    edited = [(key, t, first) for key, t, first in rows if t is not None]
    within = sum(1 for _, t, _ in edited if t <= FRAME_S)
    first_within = sum(1 for _, _, first in edited if first is not None and first <= FRAME_S)
    print(f"Edit → idle window per key ({preset}, every tab built, Memory tab shown; target ≤ "
          f"{FRAME_S * 1000:.0f} ms): p95 of {redraws} redraws within a frame for {within} of {len(edited)} keys; "
          f"the first edit to the other value, which computes its models, for {first_within}")
    width = max(len(key) for key, _, _ in rows)
    print(f"  {'key':<{width}}  {'p95':>12}  {'first edit':>10}")
    for key, seconds, first in sorted(rows, key=lambda row: -(row[1] or 0.0)):
        shown = "not edited" if seconds is None else f"{seconds * 1000:.1f} ms"
        first_shown = "" if first is None else f"{first * 1000:.1f} ms"
        verdict = "" if seconds is None else ("ok" if seconds <= FRAME_S else "MISSED")
        print(f"  {key:<{width}}  {shown:>12}  {first_shown:>10}  {verdict}")
    print()


def main(argv: list[str] | None = None) -> int:
    """`python benchmarks/edits.py [--redraws N] [--keys K,K…] [PRESET]`: the table, in a process
    of its own (`make bench` runs it so: a fresh window, as a lecturer has one, not one beside the
    windows and caches of the measurements before it)."""
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("preset", nargs="?", default="deepseek-v3")
    parser.add_argument("--redraws", type=int, default=20, help="edits after the first, per key (default 20)")
    parser.add_argument("--keys", default="", help="comma-separated scenario keys (default: every key)")
    args = parser.parse_args(argv)
    keys = [key for key in args.keys.split(",") if key] or None
    print_table(args.preset, edit_latencies(args.preset, args.redraws, keys), args.redraws)
    return 0


if __name__ == "__main__":
    sys.exit(main())
