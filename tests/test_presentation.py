"""Presentation mode and the View menu's lecture settings: the type scale while presenting, Hide
Inputs, the theme (the figures stay white), reduced motion, and the language switched live on
the same document, file, unsaved state and undo history."""
from __future__ import annotations

import re

import pytest
import shiboken6
from PySide6.QtCore import SIGNAL, QCoreApplication, QEvent, QObject, QPoint, QSettings, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPalette
from PySide6.QtWidgets import QApplication, QMessageBox, QStyle
from windows import open_window

from tslab.desktop.main_window import DEFAULT_PRESENTATION_SCALE, MainWindow
from tslab.models.document import save_document
from tslab.models.presets import preset_document
from tslab.views.application import current_language, current_theme
from tslab.views.banner import ERROR_COLOURS
from tslab.views.texts import translate_problem

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def settings():
    """The lecture settings, put back as they were after the test."""
    store = QSettings()
    keys = ("presentationScale", "theme", "language", "reducedMotion")
    before = {key: store.value(key) for key in keys if store.contains(key)}
    yield store
    for key in keys:
        store.remove(key)
    for key, value in before.items():
        store.setValue(key, value)


@pytest.fixture
def window(qtbot, settings):
    return open_window(qtbot, "classroom-7b")


def point_size() -> float:
    return QApplication.font().pointSizeF()


# ---------------------------------------------------------------------------------------------
# Presentation scale

def test_presentation_enlarges_the_type_by_the_default_scale_and_restores_it(window, settings):
    settings.remove("presentationScale")
    normal = point_size()
    assert window.presentation_scale() == DEFAULT_PRESENTATION_SCALE == 150
    window.set_presentation(True)
    assert window.isFullScreen() and point_size() == pytest.approx(normal * 1.5)
    window.set_presentation(False)
    assert not window.isFullScreen() and point_size() == pytest.approx(normal)


def test_presenting_folds_the_inputs_and_shows_every_ledger_number_whole(qtbot, settings):
    """Presentation mode puts the figure and its numbers first: the inputs fold away (and come
    back as they were when it ends; Hide Inputs brings them back meanwhile), and the ledger table's
    tier, GiB and share columns fit their values in the larger type (at 1280×800, DeepSeek-V3)."""
    win = open_window(qtbot, "deepseek-v3")
    assert not win.hide_inputs_action.isChecked()
    win.set_presentation(True)
    assert win.hide_inputs_action.isChecked()
    table = win.memory_tab.table

    def cut() -> list[tuple[int, int, str]]:
        """The cells of the tier, GiB and share columns whose text does not fit the column with the
        cell's margins (the style's focus-frame margin, + 1, on each side, as QItemDelegate draws)."""
        margin = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1)
        return [(row, column, cell.text()) for row in range(table.rowCount()) for column in (1, 2, 3)
                if (cell := table.item(row, column)) is not None and cell.text()
                and QFontMetrics(cell.font() if cell.font() != QFont() else table.font()).horizontalAdvance(
                    cell.text()) + margin > table.columnWidth(column)]

    qtbot.waitUntil(lambda: table.font().pointSizeF() > QApplication.font().pointSizeF() / 2 and not cut(),
                    timeout=5000)
    assert table.rowCount() > 5 and not cut()
    win.set_inputs_hidden(False)   # the lecturer brings them back for an edit
    win.set_presentation(False)
    assert not win.hide_inputs_action.isChecked()
    win.set_inputs_hidden(True)    # hidden before presenting: hidden after
    win.set_presentation(True)
    win.set_presentation(False)
    assert win.hide_inputs_action.isChecked()


@pytest.mark.parametrize("percent", [125, 150, 200])
def test_presentation_scale_from_the_menu(window, settings, percent):
    normal = point_size()
    window.scale_actions[percent].trigger()
    assert int(settings.value("presentationScale")) == percent
    assert [p for p, action in window.scale_actions.items() if action.isChecked()] == [percent]
    window.present_action.trigger()
    assert point_size() == pytest.approx(normal * percent / 100)
    window.present_action.trigger()
    assert point_size() == pytest.approx(normal)


def test_a_new_scale_applies_at_once_while_presenting(window):
    normal = point_size()
    window.set_presentation(True)
    window.set_presentation_scale(200)
    assert point_size() == pytest.approx(normal * 2)
    window.set_presentation_scale(125)
    assert point_size() == pytest.approx(normal * 1.25)
    window.set_presentation(False)
    assert point_size() == pytest.approx(normal)


def test_a_setting_that_is_no_scale_falls_back_to_the_default(window, settings):
    for value in ("huge", "175", ""):
        settings.setValue("presentationScale", value)
        assert window.presentation_scale() == DEFAULT_PRESENTATION_SCALE
    settings.setValue("presentationScale", "200")   # an INI file gives strings back
    assert window.presentation_scale() == 200


def test_closing_while_presenting_restores_the_type(qtbot, settings):
    normal = point_size()
    win = MainWindow(preset_document("classroom-7b"))
    qtbot.addWidget(win)
    win.set_presentation(True)
    assert point_size() != pytest.approx(normal)
    win.close()
    assert point_size() == pytest.approx(normal)


# ---------------------------------------------------------------------------------------------
# Hide Inputs

def test_hide_inputs_folds_every_built_tab_and_those_built_later(window, monkeypatch):
    calls = []
    tab_types = {type(window.page(key)) for key in ("memory", "pipeline")}
    from tslab.desktop.tabs import tab_class
    tab_types |= {tab_class(key) for key in window.tab_keys}
    for cls in tab_types:
        monkeypatch.setattr(cls, "set_inputs_collapsed", lambda self, collapsed: calls.append((self, collapsed)),
                            raising=False)
    assert window.hide_inputs_action.shortcut().toString() == "Ctrl+Shift+H"
    window.hide_inputs_action.trigger()
    assert window.hide_inputs_action.isChecked()
    assert {(tab, on) for tab, on in calls} == {(window.memory_tab, True), (window.pipeline_tab, True)}
    calls.clear()
    window.select_tab("comm")   # built now, with its inputs folded away
    assert calls == [(window.comm_tab, True)]
    calls.clear()
    window.hide_inputs_action.trigger()
    assert {(tab, on) for tab, on in calls} == {(window.page(k), False) for k in ("memory", "pipeline", "comm")}


# ---------------------------------------------------------------------------------------------
# Theme

def test_dark_theme_colours_the_chrome_and_keeps_the_figures_white(window, settings, qtbot):
    app = QApplication.instance()
    light_window = app.palette().color(QPalette.ColorRole.Window)
    try:
        window.theme_actions["dark"].trigger()
        assert settings.value("theme") == "dark" and current_theme(app) == "dark"
        assert app.palette().color(QPalette.ColorRole.Window).lightness() < 80
        assert app.palette().color(QPalette.ColorRole.WindowText).lightness() > 200
        assert window.theme_actions["dark"].isChecked() and not window.theme_actions["light"].isChecked()
        assert "white paper" in window.theme_actions["dark"].toolTip()
        bar = window.statusBar()   # the widgets take the new palette as the event loop runs
        qtbot.waitUntil(lambda: bar.palette().color(QPalette.ColorRole.Window).lightness() < 80)
        figure = window.memory_tab.export_widget()
        qtbot.waitUntil(lambda: figure.isVisible())
        image = figure.grab().toImage()
        assert image.pixelColor(2, image.height() - 3).name() == "#ffffff"   # the figure's paper
        title = window.memory_tab.figure.title   # and the figure's text stays dark on it
        assert title.palette().color(title.foregroundRole()).lightness() < 80
        chrome = window.statusBar().grab().toImage()
        assert chrome.pixelColor(2, chrome.height() // 2).lightness() < 80
    finally:
        window.set_theme("light")
    assert app.palette().color(QPalette.ColorRole.Window) == light_window
    assert settings.value("theme") == "light"


def test_the_saved_theme_is_applied_at_start_up(settings):
    from tslab.views.application import apply_theme, create_application
    app = QApplication.instance()
    settings.setValue("theme", "dark")
    del app._tslab_theme   # as a fresh start-up sees it
    try:
        create_application(["tslab-tests"], "en")
        assert current_theme(app) == "dark"
        assert app.palette().color(QPalette.ColorRole.Window).lightness() < 80
    finally:
        apply_theme(app, "light")


# ---------------------------------------------------------------------------------------------
# Reduced motion

def test_reduced_motion_is_one_setting(window, settings):
    settings.setValue("reducedMotion", False)
    window.reduced_motion_action.trigger()
    assert settings.value("reducedMotion", type=bool) is True
    settings.setValue("reducedMotion", False)   # a tab's own control changed it meanwhile
    window.menuBar().actions()[2].menu().aboutToShow.emit()
    assert not window.reduced_motion_action.isChecked()


# ---------------------------------------------------------------------------------------------
# Language

@pytest.fixture
def english_afterwards(qapp):
    yield
    from tslab.views.application import switch_language
    switch_language(qapp, "en")


@pytest.fixture
def handed_over(qtbot):
    """Windows that a language switch replaces: closed at the end if they are still there (the
    switch deletes the old one, so it cannot be left to qtbot)."""
    windows = []
    yield windows.append
    for win in windows:
        if shiboken6.isValid(win):
            win.model.mark_saved("")
            win.close()


def test_language_switch_keeps_the_document_and_shows_chinese(qtbot, settings, tmp_path, monkeypatch,
                                                              english_afterwards, handed_over):
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *args: asked.append(args) or QMessageBox.StandardButton.Cancel)
    path = tmp_path / "week1.toml"
    save_document(preset_document("classroom-7b"), path)
    old = MainWindow(preset_document("classroom-7b"), path=str(path))
    handed_over(old)
    old.resize(1280, 800)
    old.show()
    qtbot.waitExposed(old)
    app = QApplication.instance()
    app._tslab_main_window = old
    model = old.model
    model.set_value("parallel.tp", 2)
    model.set_value("parallel.pp", 2)
    model.undo()
    old.select_tab("pipeline")
    old.show_step_time(True)
    old.hide_inputs_action.setChecked(True)
    stack = (model.undo_stack.count(), model.undo_stack.index())

    new = old.language_actions["zh"].trigger() or app._tslab_main_window
    qtbot.addWidget(new, before_close_func=lambda w: w.model.mark_saved(""))
    try:
        assert new is not old and new.model is model and new.isVisible()
        qtbot.waitUntil(lambda: not shiboken6.isValid(old))   # closed and deleted
        assert asked == []   # closed without asking: nothing was lost
        assert settings.value("language") == "zh" and current_language(app) == "zh"
        assert model.path == str(path.resolve()) and model.modified
        assert (model.undo_stack.count(), model.undo_stack.index()) == stack
        assert model.scenario.parallel.tp == 2 and model.scenario.parallel.pp == 1
        assert new.current_tab_key() == "pipeline"
        assert new.step_time_dock is not None and new.step_time_dock.isVisible() and new.step_time_action.isChecked()
        assert new.hide_inputs_action.isChecked()
        assert new.language_actions["zh"].isChecked()
        titles = {action.text(): action for action in new.menuBar().actions()}
        for source in ("&File", "&View", "&Help"):
            assert CJK.search(QCoreApplication.translate("MainWindow", source))
        for source in ("&File", "&Edit", "&View", "&Help"):
            assert QCoreApplication.translate("MainWindow", source) in titles
        assert CJK.search(new.tabs.tabText(0))
        new.redo_action.trigger()   # the undo history came along
        assert model.scenario.parallel.pp == 2
        model.set_value("parallel.tp", 4)   # and the new window's views follow the model
        assert new.memory_tab.form.editors["parallel.tp"].widget.value() == 4
        assert model.receivers(SIGNAL("changed(PyObject)")) > 0
    finally:
        app._tslab_main_window = None


def test_language_switch_keeps_presentation_mode(qtbot, settings, english_afterwards, handed_over):
    normal = point_size()
    old = MainWindow(preset_document("classroom-7b"))
    handed_over(old)
    old.set_presentation(True)
    presenting = point_size()
    new = old.set_language("zh")
    qtbot.addWidget(new, before_close_func=lambda w: w.model.mark_saved(""))
    qtbot.waitUntil(new.isFullScreen)   # a window shown full screen becomes so when the platform says
    assert new.present_action.isChecked()
    assert point_size() == pytest.approx(presenting)
    new.set_presentation(False)
    assert point_size() == pytest.approx(normal)


def test_choosing_the_language_shown_changes_nothing(window, settings):
    assert window.set_language(current_language(QApplication.instance())) is window
    assert window.isVisible()


def banner_fits_one_line(window) -> None:
    """The banner is one line, whole or elided within its width, beside the tabs and no higher."""
    banner, label, bar = window.banner, window.banner.label, window.tabs.tabBar()
    assert "\n" not in label.text() and "<br>" not in label.text()
    assert label.fontMetrics().horizontalAdvance(label.text()) <= label.width() + 1
    assert banner.height() <= bar.height()
    corner = banner.mapTo(window, QPoint(0, 0))
    assert corner.x() >= bar.mapTo(window, QPoint(bar.width(), 0)).x()   # right of the last tab
    assert corner.x() + banner.width() <= window.width()


def test_the_banner_is_one_line_beside_the_tabs_and_resizes_no_page(window, qtbot):
    """The validation banner sits in the tab bar's corner: a problem that comes or goes leaves the
    page's size alone (no figure laid out again), in and out of presentation mode. Its line is
    the first problem and how many more; the tooltip and the panel a click opens (Escape closes it)
    list them all."""
    page = window.tabs.currentWidget()
    resizes = []

    class Watch(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Resize:
                resizes.append(event.size())
            return False

    watch = Watch(page)
    page.installEventFilter(watch)
    window.model.update({"parallel.pp": 3})   # 32 layers over 3 stages and more: several problems
    problems = window.model.problems
    assert len(problems) >= 2 and window.banner.problems == problems
    qtbot.wait(50)
    assert resizes == []
    banner_fits_one_line(window)
    inside = QPoint(3, window.banner.height() // 2)   # left of the text, inside the border
    assert window.banner.grab().toImage().pixelColor(inside).name() == ERROR_COLOURS[0]
    texts = [translate_problem(problem) for problem in problems]
    assert window.banner.toolTip().count("<br>") >= len(problems)
    assert f"+{len(problems) - 1} more" in window.banner.summary()
    qtbot.mouseClick(window.banner, Qt.MouseButton.LeftButton)
    details = window.banner.details
    assert details.isVisible() and all(text in details.text() for text in texts)
    qtbot.keyClick(details, Qt.Key.Key_Escape)
    assert not details.isVisible()
    window.model.update({"parallel.pp": 1})   # clean again: the banner goes, the page stays
    assert not window.banner.problems and not window.banner.label.text()
    assert window.banner.grab().toImage().pixelColor(inside).name() != ERROR_COLOURS[0]
    qtbot.wait(50)
    assert resizes == []
    window.model.update({"parallel.pp": 3})
    window.set_presentation(True)
    qtbot.waitUntil(lambda: window.banner.height() <= window.tabs.tabBar().height(), timeout=5000)
    banner_fits_one_line(window)
    window.set_presentation(False)
