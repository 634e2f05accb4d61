"""The GUI on the largest accepted scenario of each kind: the window is shown within 2 s, and the
event loop keeps running while the work is done (long work goes to the tab's runner, figures too
large to draw op by op are summarised). Generous bounds: a responsiveness check, not a benchmark
(`make bench` measures the speed)."""
from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QTimer

from tslab.desktop.main_window import MainWindow
from tslab.models.document import Document
from tslab.models.presets import preset_document
from tslab.models.scenario import _field

WINDOW_SHOWN_S = 2.0
LONGEST_STALL_S = 1.0


def largest(key: str):
    return _field(key).metadata["high"]


CASES = {
    "memory": Document(preset_document("deepseek-v3").scenario).replace(
        **{"schedule.microbatches": largest("schedule.microbatches")}),
    "pipeline": Document(preset_document("classroom-7b").scenario).replace(
        **{"parallel.pp": 64, "schedule.microbatches": 3900, "schedule.kind": "1f1b"}),  # 499,200 ops
    "mesh": Document(preset_document("deepseek-v3").scenario).replace(
        **{"cluster.nodes": 16384, "parallel.dp": 8192}),  # 131,072 GPUs
    "comm": Document(preset_document("deepseek-v3").scenario).replace(
        **{"view.comm.collective": "alltoall", "view.comm.ranks": 1024}),
}


@pytest.mark.parametrize("tab", list(CASES))
def test_largest_scenario_opens_quickly_and_stays_responsive(tab: str, qtbot) -> None:
    start = time.perf_counter()
    window = MainWindow(CASES[tab])
    qtbot.addWidget(window, before_close_func=lambda w: w.model.mark_saved(""))
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    assert time.perf_counter() - start <= WINDOW_SHOWN_S

    ticks: list[float] = []
    timer = QTimer(interval=10)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start()
    window.select_tab(tab)
    page = window.page(tab)
    runner = getattr(page, "runner", None)
    qtbot.waitUntil(lambda: runner is None or not runner.busy, timeout=60_000)
    qtbot.wait(200)
    timer.stop()
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    assert ticks and max(gaps, default=0.0) <= LONGEST_STALL_S, f"the event loop stalled {max(gaps):.2f} s"
    if tab == "pipeline":
        assert page.sims and len(page.sims[0].ops) == 64 * 3900 * 2
    if tab == "mesh":
        assert page.mesh.world_size == 131072
    if tab == "comm":
        assert page.result.ranks == 1024
    if tab == "memory":
        assert page.ledger is not None
