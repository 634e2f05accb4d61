"""What a lecture needs of every tab: an inputs column that never clips its inputs, combo boxes
as wide as their longest choice (or elided, with the whole text in the tooltip), and hiding the
column so that the figure takes the width."""
from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (QComboBox, QScrollArea, QSplitter, QStyle, QStyleOptionComboBox, QStylePainter,
                               QWidget)

# A combo box never asks for more than this many average character widths: a longer choice is
# elided and its whole text is the tooltip (larger type in presentation mode would otherwise push
# the figure aside for one long name).
MAX_COMBO_CHARACTERS = 34


def combo_text_width(combo: QComboBox) -> int:
    """The width the combo box's edit field has for its text (its contents rectangle)."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    return combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                        QStyle.SubControl.SC_ComboBoxEditField, combo).width()


def combo_text_fits(combo: QComboBox, text: str) -> bool:
    return combo.fontMetrics().horizontalAdvance(text) <= combo_text_width(combo)


class _ElidedCombo(QObject):
    """Paints a combo box's current text elided when it is wider than its field, and puts the whole
    text in the tooltip (after the input's own tip). An event filter, so that it works on combo
    boxes built elsewhere (the scenario form's)."""

    def __init__(self, combo: QComboBox):
        super().__init__(combo)
        self.combo = combo
        self.tip = combo.toolTip()
        combo.installEventFilter(self)
        combo.currentIndexChanged.connect(self.update_tip)

    def elided(self) -> bool:
        return not combo_text_fits(self.combo, self.combo.currentText())

    def update_tip(self, *_) -> None:
        text = self.combo.currentText()
        tip = (self.tip + "\n\n" + text if self.tip else text) if self.elided() else self.tip
        if self.combo.toolTip() != tip:
            self.combo.setToolTip(tip)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.Resize, QEvent.Type.FontChange, QEvent.Type.Show):
            self.update_tip()
        elif kind == QEvent.Type.Paint and self.elided() and not self.combo.isEditable():
            painter = QStylePainter(self.combo)
            option = QStyleOptionComboBox()
            self.combo.initStyleOption(option)
            painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
            width = combo_text_width(self.combo)
            option.currentText = QFontMetrics(self.combo.font()).elidedText(
                option.currentText, Qt.TextElideMode.ElideRight, width)
            painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)
            return True
        return False


def fit_combo_boxes(root: QWidget) -> None:
    """Every combo box under `root` as wide as its longest choice, up to MAX_COMBO_CHARACTERS
    average characters; past that (or in a narrower column) its text is elided, the whole of it
    in the tooltip. Never clipped."""
    for combo in root.findChildren(QComboBox):
        metrics = combo.fontMetrics()
        longest = max((metrics.horizontalAdvance(combo.itemText(i)) for i in range(combo.count())), default=0)
        # Qt counts the minimum contents length in widths of "x"; a Chinese character takes about two.
        characters = math.ceil(longest / max(metrics.horizontalAdvance("x"), 1))
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(max(min(characters, MAX_COMBO_CHARACTERS), 4))
        if combo.findChild(_ElidedCombo) is None:
            _ElidedCombo(combo)


class InputsColumn(QScrollArea):
    """A tab's inputs column: scrolls vertically, never sideways, and is never narrower than its
    content's minimum width (a QScrollArea asks for no width of its own, so a splitter would give
    it less and cut the inputs off at the right). `set_collapsed` hides it for the figure."""

    def __init__(self, parent: QWidget, content: QWidget):
        super().__init__(parent)
        self.setWidget(content)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)   # its width is counted
        content.installEventFilter(self)
        self._sizes: list[int] | None = None   # the splitter's sizes when the column was hidden

    def content_width(self) -> int:
        return (self.widget().minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width()
                + 2 * self.frameWidth())

    def minimumSizeHint(self) -> QSize:
        return QSize(self.content_width(), 80)

    def sizeHint(self) -> QSize:
        return QSize(self.content_width(), 400)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()   # a wider input (a new choice, larger type) widens the column
        return super().eventFilter(watched, event)

    def set_collapsed(self, collapsed: bool) -> None:
        """Hide the column (the figure takes its width) or show it again at its former width."""
        if collapsed == self.isHidden():
            return
        splitter = self.parentWidget() if isinstance(self.parentWidget(), QSplitter) else None
        if collapsed:
            self._sizes = splitter.sizes() if splitter is not None else None
            self.hide()
        else:
            self.show()
            if splitter is not None and self._sizes is not None:
                splitter.setSizes(self._sizes)


def inputs_column(parent: QWidget, content: QWidget) -> InputsColumn:
    """The inputs column of `content` with its combo boxes fitted (fit_combo_boxes)."""
    fit_combo_boxes(content)
    return InputsColumn(parent, content)
