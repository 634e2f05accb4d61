"""The main window's parts that are not the window: the preset picker, which keys a lecturer's
presses belong to (the window's shortcuts work from a number field once its value is entered),
and the Page/Home/End keys routed to the current tab's animation."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (QAbstractItemView, QAbstractSpinBox, QApplication, QComboBox, QDoubleSpinBox, QLineEdit,
                               QMainWindow, QPlainTextEdit, QSizePolicy, QSpinBox, QStyle, QStyleOptionComboBox,
                               QStylePainter, QTabWidget, QTextEdit, QWidget)

if TYPE_CHECKING:
    from tslab.desktop.main_window import MainWindow

# Where the keys belong to the focused widget: text is typed or a value stepped there.
TEXT_EDITORS = (QLineEdit, QAbstractSpinBox, QTextEdit, QPlainTextEdit)


def editor_has_focus() -> bool:
    """Whether the keys are the focused widget's own: a line edit, a spin box, a text edit, a
    table cell being edited, or an open popup (a combo box's list, a menu)."""
    if QApplication.activePopupWidget() is not None:
        return True
    widget = QApplication.focusWidget()
    while widget is not None:   # up from the line edit inside a spin box or a cell editor
        if isinstance(widget, TEXT_EDITORS):
            return True
        if isinstance(widget, QAbstractItemView) and widget.state() == QAbstractItemView.State.EditingState:
            return True
        if widget.isWindow():
            break
        widget = widget.parentWidget()
    return False


class PresetBox(QComboBox):
    """The toolbar's preset picker: as wide as its longest title where the window has room, else
    narrower with the title elided and the whole of it in the tooltip (large type in presentation
    mode, a narrow window); never cut off."""

    MIN_CHARACTERS = 20

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(self.MIN_CHARACTERS)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.currentIndexChanged.connect(self._update_tip)

    def _option(self) -> QStyleOptionComboBox:
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        return option

    def _text_width(self) -> int:
        return self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, self._option(),
                                           QStyle.SubControl.SC_ComboBoxEditField, self).width()

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        metrics = self.fontMetrics()
        longest = max((metrics.horizontalAdvance(self.itemText(i)) for i in range(self.count())), default=0)
        return QSize(hint.width() + max(0, longest - self._text_width()) + 8, hint.height())

    def _update_tip(self, *_) -> None:
        text = self.currentText()
        self.setToolTip(text if self.fontMetrics().horizontalAdvance(text) > self._text_width() else "")

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._update_tip()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.updateGeometry()
            self._update_tip()

    def paintEvent(self, event) -> None:
        painter = QStylePainter(self)
        option = self._option()
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = self.fontMetrics().elidedText(option.currentText, Qt.TextElideMode.ElideRight,
                                                           self._text_width())
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)


class LectureKeys(QObject):
    """The lecturer's keys anywhere in the window (an application event filter, so that a focused
    button, slider or chart does not take them first), except where a text editor has the focus:
    there they stay the editor's. What each key does is `MainWindow.lecture_key`.

    A number field is not a text editor for the window's own shortcuts: once its value is entered
    (Enter, or the arrows), Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y and Ctrl+Tab / Ctrl+Shift+Tab are the
    window's there too — undo the edit, change tab — where the field's line edit would take them
    (a ShortcutOverride it accepts). While it holds typed text not yet entered, Ctrl+Z stays its
    own, undoing the typing."""

    def __init__(self, window: QMainWindow):
        super().__init__(window)
        self.main = cast("MainWindow", window)   # the window that installs it

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.KeyPress, QEvent.Type.ShortcutOverride) or not isinstance(watched, QWidget):
            return False
        event = cast(QKeyEvent, event)   # what a KeyPress or a ShortcutOverride is
        if watched.window() not in (self.main, self.main.step_time_dock):
            return False
        field = entered_number_field()
        if kind == QEvent.Type.ShortcutOverride:
            # Not accepted, the override lets the window's shortcut (undo, redo) fire
            return field is not None and window_shortcut(event)
        if field is not None and is_tab_key(event):
            return self.main.lecture_key(event)
        if editor_has_focus():
            # An editor that ignores Ctrl+Tab passes it up to the tab widget, which would change
            # tab: in an editor the key stays the editor's, used or not.
            return isinstance(watched, QTabWidget) and is_tab_key(event)
        return self.main.lecture_key(event)


def entered_number_field() -> QAbstractSpinBox | None:
    """The focused number field when no typed text waits in it (its text is its value's), else None."""
    widget = QApplication.focusWidget()
    while widget is not None and not isinstance(widget, QAbstractSpinBox) and not widget.isWindow():
        widget = widget.parentWidget()   # up from the line edit inside a spin box
    if isinstance(widget, QSpinBox):   # its value an int
        return widget if widget.cleanText() == widget.textFromValue(widget.value()) else None
    if isinstance(widget, QDoubleSpinBox):   # its value a float
        return widget if widget.cleanText() == widget.textFromValue(widget.value()) else None
    return None


def window_shortcut(event: QKeyEvent) -> bool:
    """Whether the key is one of the window's own that a number field would take: undo, redo and
    the tab keys."""
    return (event.matches(QKeySequence.StandardKey.Undo) or event.matches(QKeySequence.StandardKey.Redo)
            or QKeySequence(event.keyCombination()).matches(QKeySequence("Ctrl+Y")) ==
            QKeySequence.SequenceMatch.ExactMatch or is_tab_key(event))


def is_tab_key(event: QKeyEvent) -> bool:
    """Ctrl+Tab or Ctrl+Shift+Tab (which X11 sends as Backtab)."""
    modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
    return (event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab)
            and modifiers & Qt.KeyboardModifier.ControlModifier == Qt.KeyboardModifier.ControlModifier)
