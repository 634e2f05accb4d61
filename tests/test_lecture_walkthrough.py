"""A lecture given from the keyboard alone: a preset, every tab, an animation stepped, the figure
gallery (open a figure, the next one, back, open its tab), a figure exported, and the preset undone."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QDialog

from tslab.desktop.gallery import FigureExportDialog
from tslab.desktop.main_window import MainWindow
from tslab.models.presets import preset_document
from tslab.views.gallery import figures

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def press(qtbot, key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    """A key pressed where the focus is, as a lecturer does."""
    widget = QApplication.focusWidget()
    assert widget is not None, "no widget has the keyboard focus"
    qtbot.keyClick(widget, key, modifiers)


def test_a_lecture_from_the_keyboard(qtbot, qapp, monkeypatch, tmp_path):
    window = MainWindow(preset_document("gpt3-175b"))
    qtbot.addWidget(window, before_close_func=lambda w: w.model.mark_saved(""))
    window.resize(1280, 800)
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.tabs.tabBar(), timeout=5_000)  # where it opens

    # a preset from the toolbar
    press(qtbot, Qt.Key.Key_Backtab, SHIFT)
    assert QApplication.focusWidget() is window.preset_box
    press(qtbot, Qt.Key.Key_Up)
    assert window.model.scenario == preset_document("classroom-7b").scenario
    # every tab in turn, then the pipeline's animation from its start
    seen = []
    for _ in window.tab_keys:
        press(qtbot, Qt.Key.Key_Tab, CTRL)
        seen.append(window.current_tab_key())
    assert sorted(seen) == sorted(window.tab_keys)
    while window.current_tab_key() != "pipeline":
        press(qtbot, Qt.Key.Key_Tab, CTRL)
    tab = window.pipeline_tab
    qtbot.waitUntil(lambda: bool(tab.sims), timeout=10_000)
    press(qtbot, Qt.Key.Key_Home)
    assert tab.time == 0.0
    press(qtbot, Qt.Key.Key_PageDown)
    press(qtbot, Qt.Key.Key_PageDown)
    assert 0.0 < tab.time < tab.makespan

    # the gallery: F8, the first figure, the next, back to all, the second's own tab
    press(qtbot, Qt.Key.Key_F8)
    gallery = window.gallery_dialog
    qtbot.waitUntil(lambda: gallery.isVisible() and QApplication.focusWidget() is gallery.grid, timeout=5_000)
    assert gallery.grid.count() == len(figures()) == 12
    press(qtbot, Qt.Key.Key_Return)
    assert gallery.stack.currentWidget() is gallery.figure_page and gallery.current == 0
    press(qtbot, Qt.Key.Key_PageDown)
    assert gallery.current == 1
    spec = figures()[1]

    # export the figure shown: Tab to Export…, Space, the dialog's path typed, Enter
    target = tmp_path / f"{spec.key}.png"

    def typed(dialog: FigureExportDialog) -> int:
        dialog.path_edit.clear()
        qtbot.keyClicks(dialog.path_edit, str(target))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(FigureExportDialog, "exec", typed)
    for _ in range(12):
        if QApplication.focusWidget() is gallery.export_button:
            break
        press(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is gallery.export_button
    press(qtbot, Qt.Key.Key_Space)
    assert QImage(str(target)).width() > 0

    press(qtbot, Qt.Key.Key_Escape)
    assert gallery.stack.currentWidget() is not gallery.figure_page
    press(qtbot, Qt.Key.Key_Escape)   # on the grid: the gallery closes
    qtbot.waitUntil(lambda: not gallery.isVisible(), timeout=2_000)

    # back in the main window, the preset is undone
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2_000)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None, timeout=2_000)
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert window.model.scenario == preset_document("gpt3-175b").scenario


@pytest.mark.parametrize("spec_index", [0, 9])
def test_open_in_its_tab_selects_the_figure_tab(qtbot, qapp, spec_index):
    window = MainWindow(preset_document("classroom-7b"))
    qtbot.addWidget(window, before_close_func=lambda w: w.model.mark_saved(""))
    window.show()
    gallery = window.open_gallery()
    gallery.open_figure(spec_index)
    spec = figures()[spec_index]
    assert gallery.open_tab_button.isEnabled() == (spec.tab is not None)
    if spec.tab is not None:
        gallery.open_tab_button.click()
        assert window.current_tab_key() == spec.tab
        for key, value in spec.live_view.items():
            section, field = key.split(".")[1:]
            assert getattr(getattr(window.model.view, section), field) == value
