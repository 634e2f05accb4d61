"""The step-time views: the Step time panel beside every tab, the status bar's step time and MFU,
the planner window (search, progress, cancel, load) and the Pipeline tab's time axis in ms when the
op durations come from the step-time model. Every number shown is checked against the model's own
result, computed here directly."""
from __future__ import annotations

import dataclasses
import threading

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QToolTip
from windows import open_window, shown

from tslab.desktop.main_window import MainWindow
from tslab.models.derived import STEP_TIME, heavy
from tslab.models.document import Document
from tslab.models.pipeline import Cancelled, shown_scenario
from tslab.models.planner import plan
from tslab.models.presets import load_preset, preset_document
from tslab.models.time import step_time
from tslab.views.document_model import DocumentModel
from tslab.views.pipeline import PipelineTab
from tslab.views.pipeline.gantt import time_text
from tslab.views.runner import Runner
from tslab.views.time import StepTimePanel, planner as planner_module
from tslab.views.time.common import ms, percent, row_terms
from tslab.views.time.planner import PlannerView

PRESETS = ("classroom-7b", "llama3-405b", "deepseek-v3")


def window(qtbot, preset: str) -> MainWindow:
    return open_window(qtbot, preset)


def open_panel(qtbot, win: MainWindow) -> StepTimePanel:
    """View → Step Time Panel, as the menu offers it; the panel once it shows a result."""
    view_menu = next(a.menu() for a in win.menuBar().actions() if a.menu() and a.text() == "&View")
    action = next(a for a in view_menu.actions() if a is win.step_time_action)
    action.trigger()
    panel = win.step_time_panel
    assert win.step_time_dock.isVisible() and action.isChecked()
    qtbot.waitUntil(lambda: panel.time is not None, timeout=30_000)
    return panel


@pytest.mark.parametrize("preset", PRESETS)
def test_panel_opens_from_view_menu_and_shows_the_models_numbers(qtbot, preset):
    win = window(qtbot, preset)
    panel = open_panel(qtbot, win)
    t = step_time(load_preset(preset))
    assert panel.time == t
    assert ms(t.step_time_s) in panel.headline.text()
    assert f"{t.tokens_per_s:,.0f} tokens/s" in panel.headline.text()
    assert f"MFU {percent(t.mfu)}" in panel.utilisation.text() and f"HFU {percent(t.hfu)}" in panel.utilisation.text()
    assert "recomputed" in panel.utilisation.text()          # what HFU counts that MFU does not
    assert "not a benchmark of a real cluster" in panel.caption.text()
    # One bar per pipeline rank: its segments are the rank's terms, end to end, in ms.
    segments = panel.stack.segments
    assert len(segments) == sum(len(row_terms(row)) for row in t.stack)
    for index, row in enumerate(t.stack):
        parts = [s for s in segments if abs((s.y0 + s.y1) / 2 - index) < 1e-9]
        expected = (row.compute_s + row.memory_bound_s + sum(row.exposed_comm_s.values()) + row.bubble_s
                    + row.optimizer_s)
        assert expected == pytest.approx(row.total_s, rel=1e-9)   # each rank's stack adds up to its step
        assert parts[-1].x1 == pytest.approx(row.total_s * 1e3, rel=1e-9)
        assert [s.key for s in parts] == [term for term, _ in row_terms(row)]
        assert ms(row.compute_s) in parts[0].tooltip
    # Communication: per axis, exposed then hidden, adding up to its time.
    timed = [c for c in t.comm if c.time_s > 0]
    assert len(panel.comm.segments) == sum((c.exposed_s > 0) + (c.hidden_s > 0) for c in timed)
    for comm in timed:
        parts = [s for s in panel.comm.segments if s.key == f"comm:{comm.axis}"]
        assert parts[-1].x1 == pytest.approx(comm.time_s * 1e3, rel=1e-9)
        assert ms(comm.exposed_s) in parts[0].tooltip and ms(comm.hidden_s) in parts[0].tooltip


def test_hover_gives_each_number(qtbot):
    win = window(qtbot, "classroom-7b")
    panel = open_panel(qtbot, win)
    segment = panel.stack.segments[0]
    view = panel.stack_plot.getPlotItem().getViewBox()
    scene = view.mapViewToScene(QPointF((segment.x0 + segment.x1) / 2, (segment.y0 + segment.y1) / 2))
    panel.stack_plot.scene().sigMouseMoved.emit(scene)
    qtbot.waitUntil(QToolTip.isVisible)
    assert ms(panel.time.stack[0].compute_s) in QToolTip.text() and "compute" in QToolTip.text()


def test_panel_refreshes_only_when_concerned_and_seen(qtbot):
    win = window(qtbot, "classroom-7b")
    panel = open_panel(qtbot, win)
    before = panel.refreshes
    win.model.update({"view.comm.ranks": 16})           # a view key STEP_TIME does not read
    win.model.update({"memory.fragmentation": 0.1})     # a scenario key it does not read either
    assert not STEP_TIME.concerns({"memory.fragmentation"})
    assert panel.refreshes == before
    win.model.update({"time.dp_overlap": False})
    assert panel.refreshes == before + 1
    t = step_time(win.model.scenario)
    qtbot.waitUntil(lambda: panel.time == t, timeout=30_000)
    assert ms(t.step_time_s) in panel.headline.text()
    # Hidden, it only remembers that it is stale, and refreshes once when shown again.
    win.step_time_action.setChecked(False)
    assert not win.step_time_dock.isVisible()
    win.model.update({"model.micro_batch": 2})
    win.model.update({"time.tp_overlap": True})
    assert panel.refreshes == before + 1 and panel.stale
    win.step_time_action.setChecked(True)
    assert panel.refreshes == before + 2
    t = step_time(win.model.scenario)
    qtbot.waitUntil(lambda: panel.time == t, timeout=30_000)


def test_a_big_schedule_is_timed_off_the_ui_thread(qtbot):
    big = load_preset("deepseek-v3").replace(**{"schedule.microbatches": 256})
    assert heavy(STEP_TIME, Document(big)) and not heavy(STEP_TIME, Document(load_preset("classroom-7b")))
    win = window(qtbot, "classroom-7b")
    panel = open_panel(qtbot, win)
    win.model.set_scenario(big)
    t = step_time(big)
    assert panel.time != t and "Timing the step" in panel.message.text()   # the worker times it
    assert win.status_time.text() == "Step time: timing…"
    qtbot.waitUntil(lambda: panel.time == t, timeout=30_000)
    assert win.status_time.text() == f"Step {ms(t.step_time_s)} · MFU {percent(t.mfu)}"
    # The panel and the status bar both asked for it: timed once, and from the cache after an undo.
    computed = win.model.cache.computed["step-time"]
    win.model.set_document(preset_document("classroom-7b"))
    win.model.set_scenario(big)
    assert win.model.cache.computed["step-time"] == computed and panel.time == t


def test_failed_shows_the_reason(qtbot):
    model = DocumentModel(load_preset("classroom-7b").replace(**{"parallel.dp": 3}))  # 3 ≠ 8 GPUs: invalid
    panel = StepTimePanel(model)
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)
    assert panel.time is None and panel.message.isVisible()
    assert "Invalid scenario" in panel.message.text() and "parallel" in panel.message.text()
    assert not panel.stack.segments


@pytest.mark.parametrize("preset", ("classroom-7b", "deepseek-v3"))
def test_status_bar_shows_step_time_and_mfu(qtbot, preset):
    win = window(qtbot, preset)
    t = step_time(load_preset(preset))
    expected = f"Step {ms(t.step_time_s)} · MFU {percent(t.mfu)}"
    qtbot.waitUntil(lambda: win.status_time.text() == expected, timeout=30_000)
    assert win.status_summary.text().startswith("Most-loaded GPU")   # beside the memory figure
    win.model.update({"model.micro_batch": 2})
    t = step_time(win.model.scenario)
    qtbot.waitUntil(lambda: win.status_time.text() == f"Step {ms(t.step_time_s)} · MFU {percent(t.mfu)}",
                    timeout=30_000)


# ---------------------------------------------------------------------------------------------
# The planner

@pytest.fixture
def classroom_planner(qtbot):
    model = DocumentModel(load_preset("classroom-7b"))
    return shown(qtbot, PlannerView(model), 1180, 640)


def run_search(qtbot, view: PlannerView, gpus: int) -> None:
    view.gpus_box.setValue(gpus)
    with qtbot.waitSignal(view.worker.done, timeout=120_000):
        view.search_button.click()


def test_planner_ranks_the_configurations_of_classroom_7b_on_8_gpus(qtbot, classroom_planner):
    view = classroom_planner
    assert view.gpus_box.value() == 8            # the cluster's by default
    run_search(qtbot, view, 8)
    expected = plan(load_preset("classroom-7b"), 8, top=planner_module.TOP)
    assert [e.settings for e in view.plan.entries] == [e.settings for e in expected.entries]
    assert len(expected.entries) > 1
    times = [e.time.step_time_s for e in expected.entries]
    assert times == sorted(times)
    headers = [view.table.horizontalHeaderItem(c).text() for c in range(view.table.columnCount())]
    for row, entry in enumerate(expected.entries):
        cells = {headers[c]: view.table.item(row, c).text() for c in range(view.table.columnCount())}
        assert cells["Rank"].endswith(str(entry.rank))
        assert cells["TP"] == str(entry.settings["parallel.tp"]) and cells["DP"] == str(entry.settings["parallel.dp"])
        assert cells["PP"] == str(entry.settings["parallel.pp"])
        assert cells["ZeRO"] == str(entry.settings["parallel.zero"])
        assert cells["Micro-batches"] == str(entry.settings["schedule.microbatches"])
        assert cells["Step time"] == ms(entry.time.step_time_s) and cells["MFU"] == percent(entry.time.mfu)
        terms = view.table.item(row, view.stack_column).data(planner_module.TERMS_ROLE)
        assert sum(s for _, s in terms) == pytest.approx(entry.time.step_time_s, rel=1e-9)
    # The scenario's own configuration: marked with its rank.
    assert expected.reference is not None
    assert f"ranks {expected.reference_rank:,}" in view.reference.text()
    marked = [row for row in range(view.table.rowCount()) if view.table.item(row, 0).text().startswith("◆")]
    assert len(marked) == 1 and view.rows[marked[0]].settings == expected.reference.settings
    if expected.deciding_term:
        assert "deciding term" in view.reference.text()
    assert view.progress.value() == view.progress.maximum()


def test_opening_the_planner_searches_and_selects_the_scenarios_own_configuration(qtbot):
    """View → Plan Configurations… searches at once, with progress, and selects the scenario's own
    configuration in the ranking (here GPT-3 175B's TP8 PP8, below the top: its row is added under
    the ten fastest), with what it assumes; reopening without an edit does not search again."""
    win = window(qtbot, "gpt3-175b")
    progressed = []
    dialog = win.open_planner()
    view = dialog.view
    view.worker.progressed.connect(lambda done, total: progressed.append((done, total)))
    qtbot.waitUntil(lambda: view.plan is not None, timeout=120_000)
    expected = plan(win.model.scenario, top=planner_module.TOP)
    assert progressed and view.plan.reference_rank == expected.reference_rank > 1
    entry = view.selected_entry()
    assert entry is not None and entry.settings == expected.reference.settings
    assert entry.scenario == win.model.scenario
    assert view.table.item(view.rows.index(entry), 0).text() == f"◆ {expected.reference_rank:,}"
    assert "Against the fastest:" in view.reference.text()
    for note in entry.checks:
        assert note.text in view.checks.text()
    dialog.reject()
    searched = view.plan
    win.open_planner()
    qtbot.wait(50)
    assert view.plan is searched and not view.running
    dialog.reject()


def test_a_plans_checks_name_what_it_assumes() -> None:
    """Context parallelism on a short sequence, zero-bubble schedules, DualPipe's two copies and a
    TP group across nodes are named; a plain 1F1B layout inside a node assumes none of them."""
    from tslab.models.planner.search import plan_checks
    s = load_preset("llama3-405b")
    assert plan_checks(s.replace(**{"schedule.kind": "1f1b", "parallel.vpp": 1})) == ()
    short = plan_checks(s.replace(**{"parallel.cp": 4, "schedule.kind": "zbv", "parallel.vpp": 1}))
    assert [n.args.get("block") for n in short][:1] == [2048] and "ZBV" in short[1].text
    assert plan_checks(s.replace(**{"model.seq_len": 131072, "parallel.cp": 16}))[:1] == ()  # 8,192 per rank
    wide = plan_checks(s.replace(**{"parallel.tp": 16, "schedule.kind": "dualpipe", "parallel.vpp": 1}))
    assert {"DualPipe" in n.text for n in wide} == {True, False} and any("spans 2 nodes" in n.text for n in wide)
    small = load_preset("classroom-7b")   # one node of H100s: the model's MFU is above published dense runs
    t = step_time(small)
    assert t.mfu > 0.55 and [n.args for n in plan_checks(small, t)] == [{"mfu": t.mfu}]
    assert plan_checks(small, dataclasses.replace(t, mfu=0.5)) == ()


def test_planner_load_applies_the_entry_in_one_edit(qtbot, classroom_planner):
    view = classroom_planner
    run_search(qtbot, view, 8)
    row = next(r for r, e in enumerate(view.rows) if e.scenario != view.model.scenario)
    entry = view.rows[row]
    view.table.selectRow(row)
    assert view.load_button.isEnabled()
    edits = []
    view.model.changed.connect(edits.append)
    view.load_button.click()
    assert len(edits) == 1
    for key, value in entry.settings.items():
        assert view.model.scenario.get(key) == value
    assert view.model.modified


def test_planner_load_shows_in_every_tab(qtbot):
    win = window(qtbot, "classroom-7b")
    dialog = win.open_planner()
    view = dialog.view
    run_search(qtbot, view, 8)
    row = next(r for r, e in enumerate(view.rows) if e.scenario != win.model.scenario)
    view.table.selectRow(row)
    view.load_selected()
    t = step_time(win.model.scenario)
    assert win.model.scenario == view.rows[row].scenario
    qtbot.waitUntil(lambda: win.status_time.text() == f"Step {ms(t.step_time_s)} · MFU {percent(t.mfu)}",
                    timeout=30_000)
    win.select_tab("pipeline")
    # the plan's PP (a plan without PP is taught at the degree the tab shows for it)
    pp = shown_scenario(view.rows[row].scenario, win.model.view.pipeline.degree)[1]
    assert pp == view.rows[row].settings["parallel.pp"] or view.rows[row].settings["parallel.pp"] == 1
    assert win.pipeline_tab.sims[0].ranks == pp
    dialog.reject()


def test_planner_cancel_stops_the_search(qtbot, monkeypatch, classroom_planner):
    view = classroom_planner
    outcome: list[str] = []
    stopped = threading.Event()

    def recorded(*args, **kwargs):
        try:
            result = planner_module.plan(*args[:2], top=args[2], should_stop=kwargs["should_stop"],
                                         progress=kwargs["progress"])
        except Cancelled:
            outcome.append("cancelled")
            raise
        finally:
            stopped.set()
        outcome.append("finished")
        return result

    monkeypatch.setattr(planner_module, "search", recorded)
    finished = []
    view.worker.done.connect(finished.append)
    view.model.set_scenario(load_preset("deepseek-v3"))
    view.gpus_box.setValue(2048)
    with qtbot.waitSignal(view.worker.progressed, timeout=60_000):
        view.search_button.click()
    assert view.running and view.cancel_button.isEnabled() and not view.search_button.isEnabled()
    view.cancel_button.click()
    assert not view.running and view.search_button.isEnabled() and "cancelled" in view.status.text()
    qtbot.waitUntil(stopped.is_set, timeout=60_000)
    assert outcome == ["cancelled"] and not finished and view.plan is None


def test_a_progress_runner_delivers_progress_and_drops_cancelled_runs(qtbot):
    worker = Runner(progress=True)
    release = threading.Event()

    def count(total, *, should_stop, progress):
        for done in range(total + 1):
            progress(done, total)
        release.wait(30)
        if should_stop():
            raise Cancelled("stopped")
        return total

    reports = []
    worker.progressed.connect(lambda done, total: reports.append((done, total)))
    with qtbot.waitSignal(worker.done, timeout=30_000) as blocker:
        worker.start(count, 10_000)
        release.set()
    assert blocker.args == [10_000]
    assert reports[-1] == (10_000, 10_000) and len(reports) <= 1001   # at most one per thousandth
    release.clear()
    finished = []
    worker.done.connect(finished.append)
    worker.start(count, 10)
    worker.cancel()
    release.set()
    worker.shutdown()   # joins the thread: the run has ended
    qtbot.wait(0)
    assert not finished and not worker.busy


# ---------------------------------------------------------------------------------------------
# The Pipeline tab with the model's durations

def test_gantt_axis_is_in_ms_with_model_durations(qtbot):
    s = load_preset("classroom-7b").replace(**{"parallel.pp": 4, "parallel.dp": 2, "schedule.durations": "model"})
    tab = shown(qtbot, PipelineTab(DocumentModel(s)), 1500, 900)
    panel = tab.figure.panels[0]
    axis = panel.gantt.getPlotItem().getAxis("bottom")
    assert "ms" in axis.labelText and axis.scale * axis.autoSIPrefixScale == 1e3   # no SI prefix on top
    assert axis.tickStrings([0.2], axis.scale * axis.autoSIPrefixScale, 0.1) == ["200"]   # 0.2 s reads 200 (ms)
    assert panel.activations.getPlotItem().getAxis("bottom").scale == 1e3
    sim = tab.sims[0]
    assert sim.durations == step_time(s).durations           # the model's seconds drove it
    assert sim.makespan == pytest.approx(step_time(s).pipeline_s, rel=1e-9)   # seconds, not units
    assert f"makespan {time_text(sim.makespan, True)}" in panel.numbers.text()
    tab.model.update({"schedule.durations": "manual"})
    assert "units" in axis.labelText and axis.scale * axis.autoSIPrefixScale == 1.0
    assert f"makespan {tab.sims[0].makespan:g}" in panel.numbers.text()


def test_runs_alone(run_alone):
    from tslab.views.time.__main__ import main
    panel = run_alone(main, StepTimePanel, "classroom-7b")
    assert panel.time == step_time(load_preset("classroom-7b"))


def test_pipeline_tab_says_why_the_model_gives_no_durations(qtbot):
    s = load_preset("deepseek-v3")
    assert s.schedule.durations == "model"
    bad = s.replace(**{"parallel.dp": 64})     # tp·cp·dp·pp = 1,024 of the cluster's 2,048 GPUs
    with pytest.raises(ValueError) as refused:
        step_time(bad)
    tab = PipelineTab(DocumentModel(bad))
    qtbot.addWidget(tab)
    tab.show()
    qtbot.waitExposed(tab)
    assert not tab.sims and not tab.figure.panels[0].isVisible()
    assert str(refused.value) in tab.figure.message.text()
    assert tab.export_error()
