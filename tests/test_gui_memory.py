"""The Memory tab and the main window, driven like a user would (offscreen)."""
from __future__ import annotations

import re
import shutil
import subprocess

import pyqtgraph as pg
import pytest
from gallery_helpers import svg_texts
from PySide6.QtWidgets import QMessageBox
from test_export import H, W, classroom_memory_texts, has_colour, png_array
from windows import shown

from tslab.desktop.main_window import MainWindow
from tslab.models.document import load_scenario
from tslab.models.memory import memory_ledger
from tslab.models.presets import load_preset
from tslab.views.charts import ITEM_COLOURS
from tslab.views.document_model import DocumentModel
from tslab.views.memory import MemoryTab


@pytest.fixture
def tab(qtbot):
    model = DocumentModel(load_preset("classroom-7b"))
    return shown(qtbot, MemoryTab(model), 1400, 900)


@pytest.fixture
def window(qtbot):
    win = MainWindow(load_preset("classroom-7b"))
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.model.mark_saved(win.model.path)  # nothing to ask about on close
    win.close()
    win.deleteLater()


def stack_width_gib(tab: MemoryTab) -> float:
    return sum(s.x1 - s.x0 for s in tab.figure.stack_segments)


def test_edit_input_redraws_chart_and_oom_marker(tab, qtbot):
    before = stack_width_gib(tab)
    assert tab.ledger.first_oom is None
    assert before == pytest.approx(tab.ledger.gpu_bytes / 2**30)

    # ZeRO-2 shards the gradients over 8 ranks: the bar gets shorter by 7/8 of the gradients.
    grads = tab.ledger.group_bytes("grads")
    editor = tab.form.editors["parallel.zero"]
    editor.widget.setValue(2)
    assert tab.model.scenario.parallel.zero == 2
    after = stack_width_gib(tab)
    assert after < before
    assert tab.ledger.group_bytes("grads") == pytest.approx(grads / 8, rel=1e-6)

    # A longer micro-batch pushes the activations over 80 GiB: the OOM item is marked.
    tab.form.editors["model.micro_batch"].widget.setValue(8)
    oom = tab.ledger.first_oom
    assert oom is not None and oom[0].key == "activations"
    oom_segments = [s for s in tab.figure.stack_segments if s.key == "activations"]
    assert oom_segments
    texts = [item.toPlainText() for item in tab.figure.stack.getPlotItem().items if hasattr(item, "toPlainText")]
    assert any("first OOM" in text for text in texts)
    assert "Out of memory" in tab.figure.subtitle.text()
    row = [r for r in range(tab.table.rowCount()) if tab.table.item(r, 0).text() == "Activations"][0]
    assert tab.table.item(row, 0).background().color().name() == "#ffd9d9"

    # Back to one micro-batch of 1: it fits again and the marker is gone.
    tab.form.editors["model.micro_batch"].widget.setValue(1)
    assert tab.ledger.first_oom is None
    assert "Out of memory" not in tab.figure.subtitle.text()


def item_bytes(ledger, key: str) -> int:
    return sum(item.bytes for item in ledger.items if item.key == key)


def test_slider_edit_is_rate_limited_but_lands(tab, qtbot):
    stored = item_bytes(tab.ledger, "activations")  # nothing offloaded yet: all of it on the GPU
    assert tab.ledger.tier_bytes("cpu") == 0
    slider = tab.form.editors["activation.cpu_offload_fraction"].widget
    slider.setSliderDown(True)
    for value in range(0, 51, 5):
        slider.setValue(value)
    slider.setSliderDown(False)
    qtbot.waitUntil(lambda: tab.model.scenario.activation.cpu_offload_fraction == pytest.approx(0.5))
    # Half of the stored activations move to the CPU tier, half stay on the GPU.
    assert tab.ledger.tier_bytes("cpu") == item_bytes(tab.ledger, "activations_cpu") == pytest.approx(stored / 2, abs=1)
    assert item_bytes(tab.ledger, "activations") == pytest.approx(stored / 2, abs=1)


def test_invalid_edit_shows_reasons_not_a_crash(window, qtbot):
    editors = window.memory_tab.form.editors
    editors["parallel.tp"].widget.setValue(3)
    assert window.banner.problems
    assert "parallel.tp" in window.banner.label.text()
    assert window.memory_tab.ledger is None
    assert "Invalid scenario" in window.memory_tab.figure.subtitle.text()
    editors["parallel.tp"].widget.setValue(1)
    assert window.memory_tab.ledger is not None
    assert not window.banner.problems and not window.banner.label.text()


def test_preset_picker_loads_preset(window, qtbot):
    box = window.preset_box
    index = box.findData("deepseek-v3")
    box.setCurrentIndex(index)
    box.activated.emit(index)
    assert window.model.scenario == load_preset("deepseek-v3")
    expected = memory_ledger(load_preset("deepseek-v3"))
    assert window.memory_tab.ledger.gpu_bytes == expected.gpu_bytes
    # the flagship preset states its layer split: it opens without a warning
    assert not window.banner.problems and not window.banner.label.text()


def test_save_and_open_round_trip(window, tmp_path, qtbot):
    window.memory_tab.form.editors["parallel.zero"].widget.setValue(3)
    assert window.model.modified and window.windowTitle().startswith("*")
    path = tmp_path / "mine.toml"
    assert window.save_to(str(path))
    assert not window.model.modified
    assert load_scenario(path) == window.model.scenario
    assert str(path.resolve()) in window.recent_files()

    window.model.set_scenario(load_preset("gpt3-175b"))
    assert window.open_path(str(path))
    assert window.model.scenario.parallel.zero == 3


def test_corrupt_file_is_reported_and_nothing_lost(window, tmp_path, qtbot, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: shown.append(args[2]))
    bad = tmp_path / "bad.toml"
    bad.write_text("[model\nlayers = = 3\n")
    before = window.model.scenario
    assert not window.open_path(str(bad))
    assert shown and "bad.toml" in shown[0] and "line 1" in shown[0]
    assert window.model.scenario == before


def test_export_from_menu_writes_files(window, tmp_path):
    """The memory tab written as each format holds the figure: the PNG at twice the export size in
    the ledger's colours, the SVG and the one-page PDF with the title and the closed-form GiB."""
    for fmt in ("png", "svg", "pdf"):
        assert window.export_to(str(tmp_path / f"memory.{fmt}"), fmt)
    pixels = png_array((tmp_path / "memory.png").read_bytes())
    assert pixels.shape == (2 * H, 2 * W, 3)
    for key in ("params", "grads", "master", "optimizer", "activations"):
        assert has_colour(pixels, ITEM_COLOURS[key], minimum=4 * 500), key
    words = " ".join(svg_texts((tmp_path / "memory.svg").read_bytes(), (W, H)))
    for expected in classroom_memory_texts():
        assert expected in words, ("svg", expected)
    data = (tmp_path / "memory.pdf").read_bytes()
    assert data.startswith(b"%PDF-") and len(re.findall(rb"/Type\s*/Page\b(?!s)", data)) == 1
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(tmp_path / "memory.pdf"), "-"], check=True, capture_output=True,
                              text=True).stdout
        words = " ".join(text.split())
        for expected in classroom_memory_texts():
            assert expected in words, ("pdf", expected)


def test_presentation_mode_toggles(window, qtbot):
    from PySide6.QtWidgets import QApplication
    size = QApplication.font().pointSizeF()
    window.set_presentation(True)
    assert window.present_action.isChecked() and window.isFullScreen()
    assert QApplication.font().pointSizeF() == pytest.approx(size * window.presentation_scale() / 100)
    window.set_presentation(False)
    assert not window.isFullScreen()
    assert QApplication.font().pointSizeF() == pytest.approx(size)


def test_tab_runs_alone_on_the_preset_named(run_tab_alone):
    """``python -m tslab.views.memory deepseek-v3`` opens the Memory tab alone on that preset; the
    event loop is replaced by a look at the windows shown at the moment it would start."""
    from tslab.views.memory import __main__ as alone
    window = run_tab_alone(alone.main, MemoryTab, "deepseek-v3", 1400, 860)
    assert window.figure.title.text() == load_preset("deepseek-v3").title
    assert window.ledger.gpu_bytes == memory_ledger(load_preset("deepseek-v3")).gpu_bytes


def test_hover_shows_formula_and_source(tab, qtbot):
    from PySide6.QtCore import QPointF
    from PySide6.QtWidgets import QToolTip
    chart = tab.figure.stack_chart
    params = next(s for s in chart.segments if s.key == "params")
    view = tab.figure.stack.getPlotItem().getViewBox()
    scene_pos = view.mapViewToScene(QPointF((params.x0 + params.x1) / 2, 0))
    tab.figure.stack.scene().sigMouseMoved.emit(scene_pos)
    qtbot.waitUntil(QToolTip.isVisible)
    text = QToolTip.text()
    assert "Parameters" in text and "Ψ_rank × 2 B (bf16)" in text and "ZeRO (SC'20)" in text
    tab.figure.stack.scene().sigMouseMoved.emit(view.mapViewToScene(QPointF(-100, 5)))  # off every bar
    qtbot.waitUntil(lambda: not QToolTip.isVisible())


def test_the_rank_with_the_most_states_is_named_beside_the_most_loaded(tab, qtbot):
    """Rank 0 of 1F1B is the most loaded; an eleven-layer last stage holds the most states."""
    tab.model.update({"parallel.pp": 4, "parallel.dp": 2, "schedule.kind": "1f1b", "parallel.first_stage_layers": 7,
                      "parallel.last_stage_layers": 11, "model.seq_len": 8192})
    qtbot.waitUntil(lambda: tab.ledger is not None and tab.ledger.state_rank == 3)
    heading = tab.figure.zero_title.text()
    assert "rank 0 (most-loaded)" in heading and "most states: rank 3" in heading
    assert any("states" in label.toPlainText() for label in tab.figure.ranks_chart.labels if label.isVisible())
    tab.model.mark_saved("")


def test_memory_over_time_page_draws_every_ranks_peak(tab, qtbot):
    """The lanes are simulated when their page is shown; each peak is that rank's GPU tier."""
    from tslab.models.derived import MEMORY_TIMELINE
    tab.model.update({"parallel.pp": 4, "parallel.dp": 2, "schedule.kind": "1f1b"})
    before = tab.model.cache.computed.get(MEMORY_TIMELINE.name, 0)
    assert before == 0  # not simulated while the ledger table is shown
    tab.pages.setCurrentWidget(tab.lanes_scroll)
    qtbot.waitUntil(lambda: tab.lanes.timeline is not None)
    s = tab.model.scenario
    assert [peak for _, _, peak in tab.lanes.peak_marker_bytes()] == pytest.approx(
        [memory_ledger(s, r).gpu_bytes for r in range(4)])
    tab.model.update({"schedule.f": 2.0})  # durations alone: the lanes follow, the ledger stays
    qtbot.waitUntil(lambda: tab.lanes.timeline is not None and tab.lanes.timeline.makespan > 0 and
                    tab.model.cache.computed[MEMORY_TIMELINE.name] == before + 2)
    tab.model.mark_saved("")


def test_a_large_schedules_lanes_and_curves_are_computed_off_the_ui_thread(qtbot):
    """DeepSeek-V3's timeline (4,024 ops) and long-context curves go to the tab's runners: the page
    says what is being computed, then draws the result the runner delivers."""
    from tslab.models.derived import CONTEXT_MEMORY, MEMORY_TIMELINE
    tab = shown(qtbot, MemoryTab(DocumentModel(load_preset("deepseek-v3"))), 1400, 900)
    tab.pages.setCurrentWidget(tab.lanes_scroll)
    assert tab.lanes.timeline is None and "Simulating" in tab.lanes.reason.text()
    qtbot.waitUntil(lambda: tab.lanes.timeline is not None, timeout=60_000)
    assert tab.model.cache.computed[MEMORY_TIMELINE.name] == 1
    tab.pages.setCurrentWidget(tab.context_page)
    assert "sequence length" in tab.context_chart.reason.text()
    qtbot.waitUntil(lambda: tab.model.cache.computed.get(CONTEXT_MEMORY.name) == 1, timeout=60_000)
    qtbot.waitUntil(lambda: not tab.context_runner.busy, timeout=10_000)
    assert not tab.context_chart.reason.isVisibleTo(tab.context_chart)


def test_activation_ladder_page_edits_the_scenario(tab, qtbot):
    """Picking a ladder on its page sets activation.policy and the ledger follows."""
    assert tab.policy is None  # built when its page is first shown
    tab.pages.setCurrentWidget(tab.policy_page)
    before = tab.ledger.gpu_bytes
    box = tab.policy.policy_box
    box.setCurrentIndex(box.findData("kimi-k2"))
    qtbot.waitUntil(lambda: tab.model.scenario.activation.policy == "kimi-k2")
    qtbot.waitUntil(lambda: tab.ledger is not None and tab.ledger.gpu_bytes < before)
    tab.model.mark_saved("")


def test_memory_over_time_of_an_invalid_scenario_says_why(tab, qtbot):
    tab.model.update({"parallel.tp": 3})  # 32 heads are not divisible by 3
    qtbot.waitUntil(lambda: tab.ledger is None)
    tab.pages.setCurrentWidget(tab.lanes_scroll)
    assert tab.lanes is not None and tab.lanes.timeline is None
    assert "tp = 3" in tab.lanes.reason.text() and tab.lanes.reason.isVisibleTo(tab.lanes)
    tab.model.mark_saved("")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_ledger_table_lists_deepseek_v3s_moe_tensors_with_their_formulas(qtbot, lang):
    """The MoE layer's router, dispatcher and expert tensors are rows of their own in the ledger
    table, each with its formula, in either language."""
    from tslab.desktop.export import figure_language
    scenario = load_preset("deepseek-v3")
    ledger = memory_ledger(scenario)
    moe = [item for item in ledger.items if item.tensor]
    assert {"moe_permuted_tokens", "moe_expert_fc1_output", "router_probs", "moe_row_ids"} <= \
        {item.key for item in moe}
    with figure_language(lang):
        widget = shown(qtbot, MemoryTab(DocumentModel(scenario)), 1400, 900)
        table = widget.table
        formulas = [table.item(row, 4).text() for row in range(table.rowCount())]
        names = [table.item(row, 0).text() for row in range(table.rowCount())]
    for item in moe:
        row = formulas.index(item.formula)
        assert names[row] and f"{item.bytes / 2**30:,.2f}" == table.item(row, 2).text()


def test_parameters_at_zero_show_the_count_from_the_shape(qtbot):
    """Ψ = 0 means "from the shape": the input shows the count the model derives (DeepSeek-V3's
    671.03 B, its report's 671B), not "0.00 B", and follows the shape."""
    from tslab.models.memory import param_counts
    model = DocumentModel(load_preset("deepseek-v3"))
    memory = MemoryTab(model)
    qtbot.addWidget(memory)
    spin = memory.form.editors["model.params"].widget
    assert model.scenario.model.params == 0 and spin.value() == spin.minimum()
    assert spin.text() == "671.03 B" == f"{param_counts(model.scenario).total / 1e9:,.2f} B"
    model.set_value("model.layers", 31)
    assert spin.text() == f"{param_counts(model.scenario).total / 1e9:,.2f} B" != "671.03 B"
    model.set_value("model.params", 7_000_000_000)
    assert spin.text() == "7.00 B"


def drawn(chart) -> tuple:
    """What a BarChart shows: its bars (rectangles, fills, outlines), its visible labels (text,
    place), its visible lines (value, label, the label's place) and its view's range."""
    shown = [item.opts for item in chart.plot.getPlotItem().items
             if isinstance(item, pg.BarGraphItem) and item.isVisible()]   # kept drawings hidden
    rectangles = [[tuple(bars.get(name) or ()) for name in ("x0", "x1", "y0", "y1")] for bars in shown]
    fills = [[brush.color().name() for brush in bars.get("brushes") or ()] for bars in shown]
    outlines = [[(pen.color().name(), pen.widthF(), pen.style()) for pen in bars.get("pens") or ()] for bars in shown]
    labels = [(item.toPlainText(), item.pos().toTuple()) for item in chart.labels if item.isVisible()]
    lines = [(name, line.value(), line.label.toPlainText(), line.label.pos().toTuple(), tuple(line.label.anchor))
             for name, line in sorted(chart.lines.items()) if line.isVisible()]
    view_range = chart.plot.getPlotItem().getViewBox().viewRange()
    return rectangles, fills, outlines, labels, lines, view_range


@pytest.mark.parametrize("preset", ["deepseek-v3", "classroom-7b"])
def test_a_figure_redrawn_edit_by_edit_shows_what_one_drawn_afresh_shows(qtbot, preset):
    """The Memory figure skips what an edit leaves as it was (bars, labels, lines, ranges: nothing
    repainted): after a run of edits there and back, through an invalid scenario and a selection,
    every chart and the table show what a new tab draws for the final document."""
    from tslab.models.presets import preset_document
    edited = shown(qtbot, MemoryTab(DocumentModel(preset_document(preset))), 1400, 900)
    scenario = edited.model.scenario
    for change in ({"schedule.kind": "gpipe"}, {"parallel.zero": 3}, {"parallel.pp": 3},
                   {"parallel.pp": scenario.parallel.pp}, {"view.memory.selected": "optimizer"},
                   {"precision.grads": "fp32"}, {"schedule.kind": scenario.schedule.kind},
                   {"parallel.zero": scenario.parallel.zero}, {"model.micro_batch": 2},
                   {"view.memory.selected": ""}):
        edited.model.update(change)
        qtbot.wait(10)
    afresh = shown(qtbot, MemoryTab(DocumentModel(edited.model.document)), 1400, 900)
    qtbot.wait(50)
    for name in ("stack_chart", "stack_names", "tiers_chart", "zero_chart", "ranks_chart"):
        assert drawn(getattr(edited.figure, name)) == drawn(getattr(afresh.figure, name)), name
    assert edited.figure.zero_outline.rect() == afresh.figure.zero_outline.rect()
    assert table_cells(edited.table) == table_cells(afresh.table)


def table_cells(table) -> list:
    """Every cell of a table: text, tooltip, fill, ink and weight, and whether its row is shown."""
    return [(cell.text(), cell.toolTip(), cell.background().color().name(), cell.foreground().color().name(),
             cell.font().bold(), table.isRowHidden(row)) if (cell := table.item(row, column)) is not None else None
            for row in range(table.rowCount()) for column in range(table.columnCount())]


def test_an_invalid_scenario_shows_no_row_and_the_valid_one_after_it_every_row(qtbot):
    """An invalid scenario leaves the ledger table without a row shown (its rows are kept hidden,
    so that the edit back finds them); the valid scenario after it shows every row as a new table
    does, also when the ledger changed meanwhile."""
    from tslab.models.presets import preset_document
    tab = shown(qtbot, MemoryTab(DocumentModel(preset_document("deepseek-v3"))), 1400, 900)
    pp = tab.model.scenario.parallel.pp
    tab.model.update({"parallel.pp": pp + 1})   # 61 layers do not split so
    assert tab.ledger is None and tab.model.errors
    assert tab.table.rowCount() > 0 and all(tab.table.isRowHidden(row) for row in range(tab.table.rowCount()))
    tab.model.update({"parallel.pp": pp, "parallel.zero": 3})
    assert tab.ledger is not None
    afresh = shown(qtbot, MemoryTab(DocumentModel(tab.model.document)), 1400, 900)
    assert table_cells(tab.table) == table_cells(afresh.table)
    assert not any(tab.table.isRowHidden(row) for row in range(tab.table.rowCount()))


def test_a_table_row_given_another_item_shows_that_item_in_full(qtbot):
    """The ledger table sets again only what changed in a row: a row that comes to hold another
    item at the same row count (two items trade places) takes that item's name, ink and fill as a
    new table draws them."""
    import dataclasses

    from tslab.views.memory.ledger_table import LedgerTable
    ledger = memory_ledger(load_preset("deepseek-v3"))
    items = list(ledger.items)
    first, second = [index for index, item in enumerate(items) if item.bytes and item.tier == "gpu"][:2]
    items[first], items[second] = items[second], items[first]
    assert charts_colour(items[first].key) != charts_colour(items[second].key)
    traded = dataclasses.replace(ledger, items=tuple(items))
    edited, afresh = LedgerTable(), LedgerTable()
    qtbot.addWidget(edited)
    qtbot.addWidget(afresh)
    edited.show_ledger(ledger)
    edited.show_ledger(traded)
    afresh.show_ledger(traded)
    assert table_cells(edited) == table_cells(afresh)
    assert table_cells(edited) != table_cells(_shown(ledger, qtbot))


def charts_colour(key: str) -> str:
    from tslab.views import charts
    return charts.colour(key).name()


def _shown(ledger, qtbot):
    from tslab.views.memory.ledger_table import LedgerTable
    table = LedgerTable()
    qtbot.addWidget(table)
    table.show_ledger(ledger)
    return table


@pytest.mark.parametrize("width", [960, 1400, 2200])
def test_the_first_oom_marker_stays_inside_its_chart(qtbot, width):
    """The item that first overflows the GPU sits near the end of the bar (it is what overflows):
    its marker, "▼ first OOM: name" from the item's start, ends at the item's end instead ("name ▼")
    when it would run past the chart's right edge, and keeps ▼ at the start when it fits."""
    from tslab.models.presets import preset_document
    from tslab.views.charts import LABEL_MARGIN_PX
    document = preset_document("deepseek-v3")
    document = document.replace(**{"precision.params": "fp32"})
    tab = shown(qtbot, MemoryTab(DocumentModel(document)), width, 900)
    qtbot.wait(50)
    figure = tab.figure
    assert figure.oom_key is not None
    (marker,) = [item for item in figure.stack_chart.labels if item.isVisible()]
    view = figure.stack.getPlotItem().getViewBox()
    inside = view.sceneBoundingRect()
    drawn = marker.mapRectToScene(marker.boundingRect()).adjusted(LABEL_MARGIN_PX / 2, 0, -LABEL_MARGIN_PX / 2, 0)
    assert inside.left() - 1 <= drawn.left() and drawn.right() <= inside.right() + 1, (drawn, inside)
    text = marker.textItem.toPlainText()
    segment = next(s for s in figure.stack_segments if s.key == figure.oom_key)
    if text.startswith("▼"):
        assert marker.pos().x() == segment.x0
    else:
        assert text.endswith("▼") and marker.pos().x() == segment.x1
    if width >= 2200:
        assert text.startswith("▼")   # room to the right: the marker as it always was
