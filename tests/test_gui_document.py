"""The document model in the GUI: changes name their keys, tabs re-derive only what a change
concerns, hidden tabs refresh when shown, drags are coalesced, long work has one owned runner."""
from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtWidgets import QWidget
from windows import shown_window

from tslab.desktop.export import export_tab
from tslab.desktop.main_window import MainWindow
from tslab.models.document import Document
from tslab.models.presets import preset_document
from tslab.views.document_model import DocumentModel
from tslab.views.runner import Runner


@pytest.fixture
def window(qtbot):
    win = shown_window(qtbot, MainWindow(preset_document("deepseek-v3")), 1500, 940)
    for key in ("mesh", "pipeline", "comm", "context", "memory"):  # build every tab, end on the ledger
        win.select_tab(key)
    qtbot.waitUntil(lambda: not win.pipeline_tab.runner.busy)
    return win


def counts(window) -> dict:
    return {key: window.page(key).refreshes for key in ("memory", "mesh", "pipeline", "comm", "context")}


def test_a_key_only_the_ledger_reads_recomputes_only_the_ledger(window, qtbot):
    before, computed = counts(window), dict(window.model.cache.computed)
    changes = []
    window.model.changed.connect(changes.append)
    window.memory_tab.form.editors["memory.fragmentation"].widget.setValue(12)
    assert changes == [frozenset({"memory.fragmentation"})]
    after = counts(window)
    assert after["memory"] == before["memory"] + 1
    others = ("mesh", "pipeline", "comm", "context")
    assert {k: after[k] for k in others} == {k: before[k] for k in others}
    assert window.model.cache.computed["ledger"] == computed["ledger"] + 1
    for name in ("mesh", "traffic", "schedule", "collective", "alpha-beta", "moe"):
        assert window.model.cache.computed.get(name) == computed.get(name), name
    assert window.memory_tab.ledger.scenario.memory.fragmentation == pytest.approx(0.12)


def test_hidden_tabs_go_stale_and_refresh_once_when_shown(window, qtbot):
    before = counts(window)
    window.memory_tab.form.editors["parallel.pp"].widget.setValue(8)  # dp follows: 2,048 GPUs / pp 8 = 256
    assert window.model.scenario.parallel.dp == 256
    assert window.memory_tab.form.editors["parallel.dp"].widget.value() == 256
    after = counts(window)
    assert after["memory"] == before["memory"] + 1
    assert window.mesh_tab.stale and window.pipeline_tab.stale
    assert after["mesh"] == before["mesh"] and after["pipeline"] == before["pipeline"]
    assert not window.comm_tab.stale  # the Communication tab reads neither key
    window.select_tab("pipeline")
    qtbot.waitUntil(lambda: not window.pipeline_tab.runner.busy)
    assert counts(window)["pipeline"] == before["pipeline"] + 1 and not window.pipeline_tab.stale
    assert window.pipeline_tab.sims[0].ranks == 8
    window.select_tab("mesh")
    assert window.mesh_tab.mesh.dims["pp"] == 8 and counts(window)["mesh"] == before["mesh"] + 1


def test_view_keys_reach_only_their_tab(window, qtbot):
    window.select_tab("comm")
    before = counts(window)
    window.comm_tab.ranks_box.setValue(4)
    assert window.model.view.comm.ranks == 4 and window.comm_tab.result.ranks == 4
    after = counts(window)
    assert after["comm"] == before["comm"] + 1
    others = ("memory", "mesh", "pipeline", "context")
    assert {k: after[k] for k in others} == {k: before[k] for k in others}
    assert not window.memory_tab.stale  # a view key of another tab does not concern the ledger


def test_undo_of_an_edit_finds_every_result_cached(window):
    model = window.model
    model.set_value("parallel.pp", 8)  # 1,024 GPUs of 2,048: invalid until dp follows
    model.set_value("parallel.dp", 256)
    computed = dict(model.cache.computed)
    model.set_value("parallel.dp", 128)
    # back to the preset, whose ledger is cached (a new pp takes the even layer split unless the
    # split is stated with it: the preset's 3 + 14 × 4 + 2)
    model.update({"parallel.pp": 16, "parallel.first_stage_layers": 3, "parallel.last_stage_layers": 2})
    assert model.document == preset_document("deepseek-v3")
    assert model.cache.computed["ledger"] == computed["ledger"]
    assert window.memory_tab.ledger.scenario == model.scenario


def test_slider_drag_is_coalesced_into_one_edit_per_frame(qtbot):
    model = DocumentModel(Document())
    changes = []
    model.changed.connect(changes.append)
    for step in range(30):
        model.update_later({"memory.fragmentation": step / 100})
    assert changes == [] and model.scenario.memory.fragmentation == Document().scenario.memory.fragmentation
    qtbot.waitUntil(lambda: len(changes) == 1, timeout=1000)
    qtbot.wait(50)
    assert changes == [frozenset({"memory.fragmentation"})]
    assert model.scenario.memory.fragmentation == pytest.approx(0.29)
    with pytest.raises(Exception, match="memory.fragmentation"):
        model.update_later({"memory.fragmentation": 2.0})  # checked at once, never kept
    model.update({"model.layers": 40})  # an immediate edit takes pending drags with it
    assert model.scenario.model.layers == 40


def test_a_dragged_form_slider_edits_at_most_once_per_frame(window, qtbot):
    slider = window.memory_tab.form.editors["memory.fragmentation"].widget
    computed = window.model.cache.computed["ledger"]
    slider.setSliderDown(True)
    start = time.perf_counter()
    for value in range(10, 40):
        slider.setValue(value)
        qtbot.wait(2)
    slider.setSliderDown(False)
    slider.sliderReleased.emit()
    frames = (time.perf_counter() - start) / 0.016
    runs = window.model.cache.computed["ledger"] - computed
    assert 1 <= runs <= frames + 2
    assert window.model.scenario.memory.fragmentation == pytest.approx(0.39)
    assert not window.model._pending and not window.model._frame.isActive()  # nothing queued behind


# ---------------------------------------------------------------------------------------------
# The runner

def slow_square(x: int, *, should_stop) -> int:
    for _ in range(200):
        if should_stop():
            raise RuntimeError("stopped")
        time.sleep(0.002)
    return x * x


def test_runner_delivers_only_the_latest_run(qtbot):
    owner = QWidget()
    qtbot.addWidget(owner)
    runner = Runner(owner)
    results = []
    runner.done.connect(results.append)
    runner.start(slow_square, 2)
    runner.start(slow_square, 3)  # supersedes the first, which is cancelled
    qtbot.waitUntil(lambda: bool(results), timeout=5000)
    qtbot.wait(100)
    assert results == [9] and not runner.busy


def test_runner_cancel_stops_the_work_and_drops_the_result(qtbot):
    owner = QWidget()
    qtbot.addWidget(owner)
    runner = Runner(owner)
    seen = threading.Event()

    def watch(*, should_stop):
        while not should_stop():
            time.sleep(0.001)
        seen.set()
        return "late"

    results = []
    runner.done.connect(results.append)
    runner.start(watch)
    qtbot.waitUntil(lambda: runner.busy)
    runner.cancel()
    assert seen.wait(2)
    qtbot.wait(50)
    assert results == [] and not runner.busy
    runner.shutdown()
    assert runner._worker.executor is None


def test_runner_shuts_down_with_its_widget(qtbot):
    owner = QWidget()
    runner = Runner(owner)
    worker = runner._worker
    runner.start(slow_square, 5)
    owner.deleteLater()
    qtbot.waitUntil(lambda: worker.executor is None, timeout=5000)


def test_synchronous_runner_runs_at_once(qtbot):
    runner = Runner(None, synchronous=True)
    results, failures = [], []
    runner.done.connect(results.append)
    runner.failed.connect(failures.append)
    runner.start(slow_square, 4)
    assert results == [16]
    runner.start(lambda *, should_stop: 1 / 0)
    assert failures and "ZeroDivisionError" in failures[0]


def test_large_schedule_exports_headless_without_waiting_for_a_worker(qapp):
    doc = Document(preset_document("classroom-7b").scenario).replace(
        **{"parallel.pp": 16, "schedule.microbatches": 2048, "schedule.kind": "1f1b"})  # 98,304 ops
    data = export_tab(doc, "pipeline", "png")
    assert data[:8] == b"\x89PNG\r\n\x1a\n"


def test_pipeline_tab_drops_a_superseded_run(window, qtbot):
    window.select_tab("pipeline")
    tab = window.pipeline_tab
    form = tab.form.editors
    form["schedule.microbatches"].widget.setValue(4096)  # long: goes to the runner
    assert tab.runner.busy
    form["schedule.microbatches"].widget.setValue(2048)  # supersedes it
    qtbot.waitUntil(lambda: not tab.runner.busy, timeout=30000)
    qtbot.wait(100)
    assert tab.sims[0].microbatches == 2048
