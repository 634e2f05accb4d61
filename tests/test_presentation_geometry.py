"""Every tab in presentation mode at 1280×800, in English and Chinese and at every presentation
scale: no table cell elided, no label narrower than its text, no text of a chart or a drawing
covering another or running out of its view — measured from the items' geometry (tests/geometry.py),
not by eye."""
from __future__ import annotations

import pytest
from geometry import elided_cells, figure_problems, paint_charts
from PySide6.QtCore import QLocale, QSettings
from PySide6.QtWidgets import QHeaderView, QTableWidget, QTableWidgetItem, QWidget
from windows import open_window

from tslab.desktop.main_window import PRESENTATION_SCALES, MainWindow
from tslab.views.application import install_translators
from tslab.views.figure_fit import fitted_rows, wrap_last_column

TABS = ("memory", "mesh", "pipeline", "comm", "context")


@pytest.fixture
def scale_setting():
    store = QSettings()
    before = store.value("presentationScale") if store.contains("presentationScale") else None
    yield store
    store.remove("presentationScale")
    if before is not None:
        store.setValue("presentationScale", before)


def in_language(qapp, language: str):
    translators = install_translators(qapp, language)

    def undo() -> None:
        for translator in translators:
            qapp.removeTranslator(translator)
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
    return undo


def presenting(qtbot, preset: str) -> MainWindow:
    """A window presenting `preset` on a 1280×800 projector (full screen is the screen the test
    platform has: the window is put back to 1280×800 with the presentation type kept)."""
    window = open_window(qtbot, preset)
    window.set_presentation(True)
    window.showNormal()
    window.resize(1280, 800)
    return window


def problems_of(window: MainWindow, qtbot, views=None) -> dict[str, list[str]]:
    """What is cut or covered in each tab (or in each of `views`: (tab, view key, value))."""
    found = {}
    for tab, key, value in views or [(tab, None, None) for tab in TABS]:
        if key is not None:
            window.model.set_value(key, value)
        window.select_tab(tab)
        page = window.page(tab)
        qtbot.waitUntil(lambda page=page: not getattr(getattr(page, "runner", None), "busy", False),
                        timeout=20_000)
        qtbot.wait(60)          # scroll areas and splitters settle in the new type
        paint_charts(page)      # axes size themselves for their labels while painting
        qtbot.wait(60)
        paint_charts(page)
        problems = figure_problems(page)
        if problems:
            found[f"{tab} {key}={value}" if key else tab] = problems
    return found


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_tab_shows_its_numbers_whole_at_every_presentation_scale(qtbot, qapp, scale_setting, language):
    undo = in_language(qapp, language)
    try:
        window = presenting(qtbot, "deepseek-v3")
        for percent in PRESENTATION_SCALES:
            window.set_presentation_scale(percent)
            assert problems_of(window, qtbot) == {}, (language, percent)
            assert (window.width(), window.height()) == (1280, 800)   # nothing grew the window: it scrolls
    finally:
        undo()


@pytest.mark.parametrize(("preset", "language"), [("kimi-k2", "zh"), ("classroom-7b", "en"),
                                                  ("llama3-405b-128k", "zh")])
def test_the_other_presets_too(qtbot, qapp, scale_setting, preset, language):
    undo = in_language(qapp, language)
    try:
        scale_setting.setValue("presentationScale", 150)
        window = presenting(qtbot, preset)
        assert problems_of(window, qtbot) == {}, (preset, language)
    finally:
        undo()


# the views a tab has besides its first: the other context pages and schemes, two schedules,
# another collective
OTHER_VIEWS = [("context", "view.context.scheme", scheme) for scheme in ("ulysses", "usp", "two-stage", "kda")] + [
    ("context", "view.context.page", page) for page in ("muon", "sr")] + [
    ("pipeline", "view.pipeline.compare", "1f1b"), ("comm", "view.comm.collective", "alltoall")]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_page_scheme_and_comparison_of_a_tab_too(qtbot, qapp, scale_setting, language):
    undo = in_language(qapp, language)
    try:
        scale_setting.setValue("presentationScale", 150)
        window = presenting(qtbot, "deepseek-v3")
        assert problems_of(window, qtbot, OTHER_VIEWS) == {}, language
    finally:
        undo()


# ---------------------------------------------------------------------------------------------
# the checks themselves find what they are meant to find

def test_an_elided_cell_is_found_and_a_wrapped_last_column_keeps_it_whole(qtbot):
    table = QTableWidget(1, 2)
    qtbot.addWidget(table)
    table.horizontalHeader().setStretchLastSection(True)
    table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Fixed)
    table.setColumnWidth(0, 40)
    table.resize(300, 200)
    long = "(Ψ_dense/N_d + Ψ_expert/N_edp) × 2 states (adam) × 2 B (bf16) = 719,205,392 × 4 — ZeRO-1"
    table.setItem(0, 0, QTableWidgetItem("a name longer than forty pixels"))
    table.setItem(0, 1, QTableWidgetItem(long))
    table.setWordWrap(False)
    table.show()
    qtbot.waitExposed(table)
    cut = elided_cells(table)
    assert len(cut) == 2 and cut[0].startswith("cell (0, 0)") and cut[1].startswith("cell (0, 1)")
    table.setColumnWidth(0, table.fontMetrics().horizontalAdvance("a name longer than forty pixels") + 12)
    wrap_last_column(table)
    fitted_rows(table)
    assert elided_cells(table) == []
    assert table.rowHeight(0) >= 2 * table.fontMetrics().height()   # the formula takes lines, not "…"


def test_texts_that_cover_each_other_or_leave_their_view_are_found(qtbot):
    from tslab.views import charts

    holder = QWidget()
    qtbot.addWidget(holder)
    plot = charts.make_plot(holder, left="GiB")
    plot.resize(400, 300)
    plot.setXRange(0, 1, padding=0)
    plot.setYRange(0, 1, padding=0)
    charts.text(plot, 0.4, 0.5, "first label")
    charts.text(plot, 0.45, 0.5, "second label")
    holder.resize(400, 300)
    holder.show()
    qtbot.waitExposed(holder)
    paint_charts(holder)
    found = figure_problems(holder)
    assert any("covers" in p and "'first label'" in p and "'second label'" in p for p in found), found
    charts.text(plot, 0.98, 0.5, "past the right edge")
    assert any("'past the right edge' runs out of its view" in p for p in figure_problems(holder))
