"""Opening the main window the way the GUI tests need it."""
from __future__ import annotations

from tslab.desktop.main_window import MainWindow
from tslab.models.presets import preset_document


def open_window(qtbot, preset: str) -> MainWindow:
    """A MainWindow on `preset` at 1280×800 (the projector case), closed without a "save
    changes?" question at the end of the test."""
    window = MainWindow(preset_document(preset))
    qtbot.addWidget(window, before_close_func=lambda w: w.model.mark_saved(""))
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    return window
