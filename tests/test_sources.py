"""The Sources panel: every row is the models' own number with its formula and source."""
from __future__ import annotations

import pytest

from tslab.models.derived import COLLECTIVE, CONTEXT, LEDGER, SCHEDULE, STEP_TIME, TRAFFIC
from tslab.models.presets import preset_document
from tslab.models.units import format_bytes
from tslab.views.document_model import DocumentModel
from tslab.views.sources import (AXIS_SOURCES, SourcesPanel, comm_rows, context_rows, memory_rows, mesh_rows,
                                 pipeline_rows, seconds_text, time_rows)


@pytest.mark.parametrize("preset", ["classroom-7b", "deepseek-v3", "llama3-405b-128k"])
def test_rows_are_the_models_numbers(qapp, preset):
    model = DocumentModel(preset_document(preset))
    ledger = model.result(LEDGER)
    rows = memory_rows(model)
    items = [item for item in ledger.items if item.bytes]
    assert [(r.value, r.formula, r.source) for r in rows] == [(format_bytes(i.bytes), i.formula, i.source)
                                                              for i in items]
    # long work is read from the cache only: nothing before a tab computed it
    assert mesh_rows(model) is None and pipeline_rows(model) is None and time_rows(model) is None
    traffic = model.result(TRAFFIC)
    rows = mesh_rows(model)
    assert len(rows) == len(traffic) and all(r.source == AXIS_SOURCES[t.axis] for r, t in zip(rows, traffic))
    assert all(r.formula == t.formula for r, t in zip(rows, traffic))
    runs = model.result(SCHEDULE).runs
    assert len(pipeline_rows(model)) == len(runs)
    t = model.result(STEP_TIME)
    assert time_rows(model)[0].value == seconds_text(t.step_time_s)
    assert len(time_rows(model)) == 2 + len(t.notes)
    plan = model.result(COLLECTIVE)
    busbw = comm_rows(model)[1]
    assert busbw.value == f"{plan.busbw / 1e9:,.4g} GB/s" and f"{plan.busbw_factor:g}" in busbw.formula
    assert plan.busbw == pytest.approx(plan.algbw * plan.busbw_factor)


def test_context_rows_and_the_panel(qapp, qtbot):
    model = DocumentModel(preset_document("llama3-405b-128k"))
    a = model.result(CONTEXT)
    rows = context_rows(model)
    assert rows[0].value == format_bytes(a.ulysses.bytes_per_link_per_layer)
    assert rows[1].value == format_bytes(a.ring.bytes_per_step)
    panel = SourcesPanel(model)
    qtbot.addWidget(panel)
    panel.show()
    panel.set_tab("memory")
    top = panel.tree.topLevelItem(0)
    assert top.childCount() == len(memory_rows(model))
    assert top.child(0).text(3)  # every ledger item names its source
    panel.set_tab("pipeline")   # not computed yet: said so, not computed on the UI thread
    assert "not computed" in panel.tree.topLevelItem(0).child(0).text(0)


def test_sources_dock_follows_the_current_tab(qapp, qtbot):
    from tslab.desktop.main_window import MainWindow
    window = MainWindow(preset_document("classroom-7b"))
    qtbot.addWidget(window, before_close_func=lambda w: w.model.mark_saved(""))
    window.show()
    window.sources_action.trigger()     # View → Sources Panel (F9)
    assert window.sources_dock.isVisible() and window.sources_action.isChecked()
    window.select_tab("comm")
    assert window.sources_panel.tab == "comm"
    assert window.sources_panel.tree.topLevelItem(0).child(1).text(0) == "Bus bandwidth"
    window.sources_dock.close()
    assert not window.sources_action.isChecked()
