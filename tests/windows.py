"""Opening the main window, and showing a single tab or widget, the way the GUI tests need it."""
from __future__ import annotations

from typing import TypeVar

from PySide6.QtWidgets import QWidget

from tslab.desktop.main_window import MainWindow
from tslab.models.presets import preset_document

Shown = TypeVar("Shown", bound=QWidget)


def shown(qtbot, widget: Shown, width: int, height: int) -> Shown:
    """`widget` at width × height, shown and exposed (a hidden tab defers its refresh until shown),
    and closed at the end of the test."""
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def shown_window(qtbot, window: MainWindow, width: int = 1280, height: int = 800) -> MainWindow:
    """`window` at width × height (1280×800, the projector case, unless said otherwise), shown and
    exposed, and closed without a "save changes?" question at the end of the test."""
    qtbot.addWidget(window, before_close_func=lambda w: w.model.mark_saved(""))
    window.resize(width, height)
    window.show()
    qtbot.waitExposed(window)
    return window


def open_window(qtbot, preset: str) -> MainWindow:
    """A MainWindow on `preset`, shown at 1280×800 (shown_window)."""
    return shown_window(qtbot, MainWindow(preset_document(preset)))
