"""What a lecture needs of every tab: an inputs column that never clips its inputs, combo boxes
as wide as their longest choice (or elided, with the whole text in the tooltip), hiding the column
so that the figure takes the width, and rows of controls that wrap instead of widening the window
(larger type in presentation mode)."""
from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QLabel, QLayout, QLayoutItem, QScrollArea, QSizePolicy, QSpinBox,
                               QSplitter, QStyle, QStyleOptionComboBox, QStylePainter, QWidget)

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
        # Tab goes from input to input and the column scrolls to the one focused; the column
        # itself is no stop of its own.
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        content.installEventFilter(self)
        self._sizes: list[int] | None = None   # the splitter's sizes when the column was hidden

    def content_width(self) -> int:
        """The content's minimum width and room for the vertical scroll bar (whether or not it shows)."""
        content = self.widget()
        assert content is not None   # set in __init__
        return (content.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width()
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
        parent = self.parentWidget()
        splitter = parent if isinstance(parent, QSplitter) else None
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


class FlowLayout(QLayout):
    """Items left to right, wrapping onto the next row when the width runs out (Qt's flow layout
    example): a row of controls that fits a narrow window or larger type instead of widening it."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6):
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        width = sum(item.sizeHint().width() for item in self._items) + self._spacing * max(len(self._items) - 1, 0)
        height = max((item.sizeHint().height() for item in self._items), default=0)
        return QSize(width, height)

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        return size

    def _arrange(self, rect: QRect, move: bool) -> int:
        """Place the items in rows inside `rect` (when `move`), the rows' expanding items (a
        slider) sharing what a row leaves over; the height the rows take."""
        rows: list[list[QLayoutItem]] = [[]]
        x = rect.x()
        for item in self._items:
            width = item.sizeHint().width()
            if rows[-1] and x + width > rect.right() + 1:
                rows.append([])
                x = rect.x()
            rows[-1].append(item)
            x += width + self._spacing
        y = rect.y()
        for row in rows:
            height = max((item.sizeHint().height() for item in row), default=0)
            if move:
                spare = rect.width() - sum(item.sizeHint().width() for item in row) - self._spacing * (len(row) - 1)
                growing = [item for item in row if item.expandingDirections() & Qt.Orientation.Horizontal]
                x = rect.x()
                for item in row:
                    width = item.sizeHint().width() + (max(spare, 0) // len(growing) if item in growing else 0)
                    item.setGeometry(QRect(QPoint(x, y + (height - item.sizeHint().height()) // 2),
                                           QSize(width, item.sizeHint().height())))
                    x += width + self._spacing
            y += height + self._spacing
        return y - self._spacing - rect.y()


class FlowBar(QWidget):
    """A bar of controls in a FlowLayout that asks for the height its rows take at its width (a
    splitter and a box layout do not ask a layout for its height for a width). Each group (a
    label and its combo box) stays on one row; a group of one expanding widget (a slider) takes
    what its row leaves over."""

    def __init__(self, parent: QWidget, groups: list[list[QWidget]], spacing: int = 16):
        super().__init__(parent)
        self.flow = FlowLayout(self, spacing=spacing)
        for widgets in groups:
            if len(widgets) == 1:
                self.flow.addWidget(widgets[0])
                continue
            group = QWidget(self)
            row = QHBoxLayout(group)
            row.setContentsMargins(0, 0, 0, 0)
            for widget in widgets:
                row.addWidget(widget)
            self.flow.addWidget(group)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        height = self.flow.heightForWidth(self.width())
        if height != self.minimumHeight():
            self.setFixedHeight(height)

    def minimumSizeHint(self) -> QSize:
        return self.flow.minimumSize()


class ShownDegree(QObject):
    """The "PP shown" / "CP shown" control of a tab that teaches a parallel degree the scenario
    does not use: a label and a spin box writing the view key `key` (0 = auto, shown as `auto`),
    enabled only while the scenario itself has the degree 1."""

    def __init__(self, tab: QWidget, model, key: str, label: str, name: str, tip: str, auto: str):
        super().__init__(tab)
        self.label = QLabel(label, tab)
        self.box = QSpinBox(tab)
        self.box.setRange(0, 64)
        self.box.setSpecialValueText(auto)
        self.box.setKeyboardTracking(False)
        self.box.setAccessibleName(name)
        self.box.setToolTip(tip)
        self.label.setBuddy(self.box)
        self.box.valueChanged.connect(lambda value: model.set_value(key, value))

    def show_degree(self, degree: int, own: bool) -> None:
        """Show the view's `degree` without writing it back; `own`: the scenario has the degree 1,
        so the control applies."""
        if self.box.value() != degree:
            self.box.blockSignals(True)
            self.box.setValue(degree)
            self.box.blockSignals(False)
        self.box.setEnabled(own)
        self.label.setEnabled(own)
