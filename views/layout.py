"""What a lecture needs of every tab: an inputs column that never clips its inputs, combo boxes
as wide as their longest choice (or elided, with the whole text in the tooltip), hiding the column
so that the figure takes the width, and rows of controls that wrap instead of widening the window
(larger type in presentation mode)."""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (QAbstractScrollArea, QBoxLayout, QComboBox, QHBoxLayout, QHeaderView, QLabel, QLayout,
                               QLayoutItem, QScrollArea, QSizePolicy, QSpinBox, QSplitter, QStyle, QStyleOptionComboBox,
                               QStylePainter, QTableWidget, QWidget)

# A combo box never asks for more than this many average character widths: a longer choice is
# elided and its whole text is the tooltip (larger type in presentation mode would otherwise push
# the figure aside for one long name).
MAX_COMBO_CHARACTERS = 34
MAX_GROWTH_STEPS = 16         # rounds of FigureScroll making room for a squeezed label
QWIDGETSIZE_MAX = (1 << 24) - 1   # Qt's "no maximum" size
REFERENCE_LINE_PX = 17        # a line of the desktop's usual 9-point type (FigureScroll.keep_height)


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


_RULER: list[QLabel] = []   # one hidden label that measures the others (made on first use)
_MEASURED: dict[tuple, int] = {}   # texts measured (wrapped_height, wrapped tables), by all that decides them
MEASURED_KEPT = 4096               # answers kept before the dict starts afresh


def _measured(key: tuple, measure: Callable[..., int], *args: Any) -> int:
    """`measure(*args)`, kept by `key`: a figure or a table is fitted again after every edit, mostly
    with its texts as they were."""
    size = _MEASURED.get(key)
    if size is None:
        if len(_MEASURED) >= MEASURED_KEPT:
            _MEASURED.clear()
        size = _MEASURED[key] = measure(*args)
    return size


def wrapped_height(label: QLabel, width: int) -> int:
    """The height of `label`'s text wrapped at `width`, measured on a copy: a QLabel's own height
    for a width never falls below the minimum height it was given (and FigureScroll gives it one).
    Kept by the text, type, style, format, margins and width (`_measured`)."""
    if not label.text():
        return 0
    margins = label.contentsMargins()
    key = ("label", label.text(), label.font().key(), label.styleSheet(), label.textFormat(), label.margin(),
           label.indent(), margins.left(), margins.top(), margins.right(), margins.bottom(), width)
    return _measured(key, _ruler_height, label, width)


def _ruler_height(label: QLabel, width: int) -> int:
    if not _RULER:
        _RULER.append(QLabel())
    ruler = _RULER[0]
    ruler.setFont(label.font())
    if ruler.styleSheet() != label.styleSheet():   # a new style sheet is parsed and polished again
        ruler.setStyleSheet(label.styleSheet())
    ruler.setTextFormat(label.textFormat())
    ruler.setWordWrap(True)
    ruler.setMargin(label.margin())
    ruler.setIndent(label.indent())
    ruler.setContentsMargins(label.contentsMargins())
    ruler.setText(label.text())
    ruler.ensurePolished()
    return ruler.heightForWidth(width)


def minimum_height_for_width(widget: QWidget, width: int, own_minimum: dict | None = None,
                             measured: dict | None = None) -> int:
    """The least height `widget` needs at `width` without its parts overlapping: what its layout's
    minimum counts, except that a word-wrapped label (or any part with a height for its width)
    counts the height of its wrapped lines. Qt's own minimum leaves wrapped lines out, and a
    splitter or a scroll area gives a figure no more than that, so larger type ran labels into
    charts. Box layouts and vertical splitters are followed down; other layouts count their own
    minimum. `own_minimum` overrides the minimum height a widget was given (FigureScroll's own
    pins); `measured` collects each wrapped label's (width, height) as counted."""
    if widget.isHidden():
        return 0
    own_minimum = {} if own_minimum is None else own_minimum
    measured = {} if measured is None else measured
    own = max(own_minimum.get(widget, widget.minimumHeight()), 0)
    layout = widget.layout()
    if isinstance(widget, QSplitter):
        sizes = [minimum_height_for_width(child, width, own_minimum, measured)
                 for child in map(widget.widget, range(widget.count())) if child is not None]
        if widget.orientation() == Qt.Orientation.Vertical:
            shown = [s for s in sizes if s]
            return max(own, sum(shown) + widget.handleWidth() * max(len(shown) - 1, 0))
        return max([own] + sizes)
    if layout is None:
        if isinstance(widget, QLabel) and widget.wordWrap():
            measured[widget] = (width, wrapped_height(widget, width))
            return max(own, measured[widget][1])
        if widget.hasHeightForWidth():
            return max(own, widget.heightForWidth(width))
        return max(own, widget.minimumSizeHint().height())
    return max(own, _layout_height(layout, width, own_minimum, measured))


def _layout_height(layout: QLayout, width: int, own_minimum: dict, measured: dict) -> int:
    margins = layout.contentsMargins()
    inner = width - margins.left() - margins.right()
    if not isinstance(layout, QBoxLayout):
        return layout.minimumSize().height()
    heights = []
    for index in range(layout.count()):
        item = layout.itemAt(index)
        if item is None:
            continue
        child, inner_layout = item.widget(), item.layout()
        if child is not None:
            if child.isHidden():
                continue
            along = child.width() if layout.direction() in (QBoxLayout.Direction.LeftToRight,
                                                            QBoxLayout.Direction.RightToLeft) else inner
            heights.append(minimum_height_for_width(child, along, own_minimum, measured))
        elif inner_layout is not None:
            heights.append(_layout_height(inner_layout, inner if layout.direction() in (
                QBoxLayout.Direction.TopToBottom, QBoxLayout.Direction.BottomToTop) else item.geometry().width(),
                own_minimum, measured))
        else:
            heights.append(item.minimumSize().height())
    vertical = layout.direction() in (QBoxLayout.Direction.TopToBottom, QBoxLayout.Direction.BottomToTop)
    if vertical:
        shown = [h for h in heights if h]
        body = sum(shown) + layout.spacing() * max(len(shown) - 1, 0)
    else:
        body = max(heights, default=0)
    return body + margins.top() + margins.bottom()


def _inside_a_part(widget: QWidget, figure: QWidget) -> bool:
    """Whether `widget` belongs to a label, chart or table of `figure` (its viewport, its header)."""
    parent = widget.parentWidget()
    while parent is not None and parent is not figure:
        if isinstance(parent, (QLabel, QAbstractScrollArea)):
            return True
        parent = parent.parentWidget()
    return False


class FigureScroll(QScrollArea):
    """A figure that fills the view; when the view is lower than the figure needs at its width
    (larger type, a small window) it scrolls up and down instead of running its labels into its
    charts, and it is never narrower than its minimum width. (A resizable QScrollArea would give
    it the preferred height of its parts, not the space there is.) Fitted again whenever the view
    is resized or the figure's contents change (a longer text after an edit)."""

    def __init__(self, figure: QWidget, parent: QWidget | None = None, keep_height: int = 0):
        """`keep_height`: in a splitter, ask for the figure's own minimum height up to this many
        pixels, so that the pane beside it gives way first (0: scroll from 120 px down)."""
        super().__init__(parent)
        self.keep_height = keep_height
        self.giving_way = False   # a panel below the tabs is open: scroll from 120 px, keep nothing
        self.setWidget(figure)
        self.setWidgetResizable(False)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)   # a picture: Tab stops only at what it holds (a table)
        self._fitting = False
        self._fitted: tuple | None = None   # (view size, type size) of the last fit, while nothing changed
        self._refit = QTimer(self, singleShot=True, interval=0)
        self._refit.timeout.connect(self.fit_figure)
        figure.installEventFilter(self)

    def minimumSizeHint(self) -> QSize:
        content = self.widget()
        assert content is not None   # set in __init__
        figure = content.minimumSizeHint()
        width = figure.width() + self.verticalScrollBar().sizeHint().width()
        # in larger type the figure scrolls sooner: the window keeps to the screen's height
        keep = self.keep_height * REFERENCE_LINE_PX // max(self.fontMetrics().lineSpacing(), REFERENCE_LINE_PX)
        if self.giving_way:
            keep = 0
        return QSize(width, max(120, min(figure.height(), keep)))

    def give_way(self, on: bool) -> None:
        """While a panel below the tabs is open (Sources, F9), ask for no more than 120 px, so that
        the panel opens at a usable height and the figure scrolls rather than the panel shrinking
        to its header row; keep_height again when it closes."""
        if on != self.giving_way:
            self.giving_way = on
            self.updateGeometry()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit_figure()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest and not self._fitting:
            self._fitted = None
            self._refit.start()   # once the figure's new contents are laid out
        return super().eventFilter(watched, event)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._fitted = None
        self._refit.start()   # a hidden figure is not laid out: its labels' widths mean nothing yet

    def fit_figure(self) -> None:
        """Size the figure to the view's width and to the larger of the view's height and what the
        figure needs (minimum_height_for_width); then, as long as a word-wrapped label is still
        lower than its lines (a splitter or a row's stretch shared the height out otherwise), a
        little higher, so that the share that reaches the label grows."""
        figure = self.widget()
        if figure is None or self._fitting or not self.isVisible():
            return
        viewport = self.maximumViewportSize()
        fitted = (viewport.width(), viewport.height(), figure.font().pointSizeF())
        if fitted == self._fitted:   # the same view and type, and the contents have not changed since
            return
        self._fitting = True
        try:
            least = figure.minimumSizeHint().width()
            # lay the figure out at the view's size first: the parts side by side then have the
            # widths their wrapped labels are measured at
            width = max(viewport.width(), least)
            self._lay_out(figure, width, viewport.height())
            needed = minimum_height_for_width(figure, width)
            if needed > viewport.height():   # the vertical scroll bar takes width
                width = max(viewport.width() - self.verticalScrollBar().sizeHint().width(), least)
                self._lay_out(figure, width, needed)
                needed = minimum_height_for_width(figure, width)
            height = max(viewport.height(), needed)
            self._lay_out(figure, width, height)
            for _ in range(MAX_GROWTH_STEPS):
                short = self._shortfall(figure)
                if short <= 0:
                    break
                if height == viewport.height():   # the scroll bar appears: measure at its width
                    width = max(viewport.width() - self.verticalScrollBar().sizeHint().width(), least)
                height += short   # the part gets a share of it: again until it has its room
                self._lay_out(figure, width, height)
            self._fitted = fitted
        finally:
            self._fitting = False

    @staticmethod
    def _shortfall(figure: QWidget) -> int:
        """How many pixels the most squeezed part of `figure` lacks: a word-wrapped label lower
        than its lines, a part lower than the minimum height it was given, a box of parts lower
        than its layout's minimum, or two parts (texts, charts, tables) drawn over each other —
        a nested row given less than its tallest column needs (labels of a fixed height, which
        cut rather than overlap, are left out)."""
        short = 0
        parts: list[QRect] = []
        for part in figure.findChildren(QWidget):
            if not part.isVisible():
                continue
            if isinstance(part, (QLabel, QAbstractScrollArea)) and not _inside_a_part(part, figure):
                parts.append(QRect(part.mapTo(figure, QPoint(0, 0)), part.size()))
            if part.maximumHeight() < QWIDGETSIZE_MAX:
                continue
            if isinstance(part, QLabel) and part.wordWrap() and part.text():
                short = max(short, wrapped_height(part, part.width()) - part.height())
            elif part.minimumHeight() > 0:
                short = max(short, part.minimumHeight() - part.height())
            if part.layout() is not None:   # a box of parts lower than its parts' minimum (a splitter's pane)
                short = max(short, part.minimumSizeHint().height() - part.height())
        for index, rect in enumerate(parts):
            for other in parts[index + 1:]:
                common = rect.intersected(other)
                if common.width() > 1 and common.height() > 1:
                    short = max(short, common.height())
        return short

    @staticmethod
    def _lay_out(figure: QWidget, width: int, height: int) -> None:
        figure.resize(width, height)
        layout = figure.layout()
        if layout is not None:
            layout.activate()


class LinesLabel(QLabel):
    """A word-wrapped label at least `lines` lines of its font high (recounted when its font
    changes: presentation mode's larger type), growing when its text needs more: a new text of
    up to `lines` lines never re-lays out what is around it, and a longer one (or larger type) is
    not cut off. It keeps the height the longest text it showed needed at its width: a text that
    comes and goes (an "Out of memory" line, an invalid scenario's reasons) makes the charts
    below it give way once, not at every edit (each time, every chart was laid out and drawn
    again)."""

    def __init__(self, parent: QWidget | None = None, lines: int = 1, rich: bool = True):
        super().__init__(parent)
        self.lines = lines
        self._held = 0        # the height kept for the longest text shown at `_held_width`
        self._held_width = -1
        self.setWordWrap(True)
        if rich:
            self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._count_lines()

    def _count_lines(self) -> None:
        lines = self.lines * self.fontMetrics().lineSpacing() + 4 if self.lines else 0
        self.setMinimumHeight(max(lines, self._held))

    def setText(self, text: str) -> None:
        super().setText(text)
        self._hold()

    def _hold(self) -> None:
        """Keep the height this text needs at the label's width, if it is the most yet."""
        if not self.lines or self.width() <= 0:
            return
        held = self._held
        if self.width() != self._held_width:   # another width: the texts shown before count no more
            self._held, self._held_width = 0, self.width()
        self._held = max(self._held, wrapped_height(self, self.width()))
        if self._held != held:
            self._count_lines()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._hold()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._held, self._held_width = 0, -1
            self._count_lines()


class _LinesHigh(QObject):
    """Keeps a widget at least `lines` lines of its font high (FontChange: presentation mode)."""

    def __init__(self, widget: QWidget, lines: float, floor: int = 0):
        super().__init__(widget)
        self.widget, self.lines, self.floor = widget, lines, floor
        widget.installEventFilter(self)
        self.count()

    def count(self) -> None:
        height = max(self.floor, round(self.lines * self.widget.fontMetrics().lineSpacing()))
        if self.widget.maximumHeight() < height:   # a cap for normal type gives way to larger type
            self.widget.setMaximumHeight(height)
        self.widget.setMinimumHeight(height)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FontChange:
            self.count()
        return False


def lines_high(widget: QWidget, lines: float, floor: int = 0) -> None:
    """Keep `widget` (a chart whose axis title must fit beside it) at least `lines` lines of the
    application's type high (and at least `floor` pixels), in normal and in presentation mode."""
    _LinesHigh(widget, lines, floor)


class _WrappedLastColumn(QObject):
    """Fits each row of a table to its last column's text wrapped at the column's width (see
    wrap_last_column)."""

    def __init__(self, table: QTableWidget, min_characters: int):
        super().__init__(table)
        self.table, self.min_characters = table, min_characters
        self.held = False   # fitted_rows is sizing columns: it fits the rows once afterwards
        table.setWordWrap(True)
        table.setTextElideMode(Qt.TextElideMode.ElideNone)
        table.horizontalHeader().sectionResized.connect(self._resized)
        table.installEventFilter(self)

    def _resized(self, column: int, _old: int, _new: int) -> None:
        if self.held:   # fitted_rows fits once when its columns are sized
            return
        if column == self.table.columnCount() - 1:
            self.fit()
        elif self.min_characters:
            self.widen()

    def widen(self) -> None:
        """The last column fills the table, but is never narrower than `min_characters` average
        characters or its longest word: a narrower table scrolls sideways rather than stand its
        words one per line or cut one."""
        table = self.table
        last = table.columnCount() - 1
        others = sum(table.columnWidth(c) for c in range(last) if not table.isColumnHidden(c))
        margin = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1)
        metrics, font = table.fontMetrics(), table.font().key()
        words = {word for row in range(table.rowCount()) if (cell := table.item(row, last)) is not None
                 for word in cell.text().split()}
        longest = max((_measured(("word", font, word), metrics.horizontalAdvance, word) for word in words),
                      default=0) + margin + 2
        width = max(metrics.averageCharWidth() * self.min_characters, longest, table.viewport().width() - others)
        if table.columnWidth(last) != width:
            table.setColumnWidth(last, width)   # sectionResized: fit() follows

    def fit(self) -> None:
        table = self.table
        last = table.columnCount() - 1
        margin = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1)
        width = max(table.columnWidth(last) - margin, 1)
        base = table.verticalHeader().defaultSectionSize()
        for row in range(table.rowCount()):
            cell = table.item(row, last)
            text = cell.text() if cell is not None else ""
            font = cell.font() if cell is not None and cell.font() != QFont() else table.font()
            needed = _measured(("lines", font.key(), text, width), _lines_height, font, text, width) + 6
            height = max(base, needed)
            if table.rowHeight(row) != height:
                table.setRowHeight(row, height)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FontChange:
            if self.min_characters:
                self.widen()
            self.fit()
        return False


def _lines_height(font: QFont, text: str, width: int) -> int:
    return QFontMetrics(font).boundingRect(QRect(0, 0, width, 1 << 20), int(Qt.TextFlag.TextWordWrap), text).height()


def wrap_last_column(table: QTableWidget, min_characters: int = 0) -> None:
    """A table whose last (stretched) column holds sentences or formulas: wrapped rather than
    elided, each row as high as its text at the column's width — on a projector a formula cut to
    "ZeRO…" cannot be read. With `min_characters`, the column is at least that many average
    characters wide and the table scrolls sideways when narrower. Call `fitted_rows(table)` after
    filling it and from its resizeEvent (after the view's own: the viewport then has its new width;
    an event filter would see the old one)."""
    if min_characters:
        table.horizontalHeader().setStretchLastSection(False)
        table.horizontalHeader().setSectionResizeMode(table.columnCount() - 1, QHeaderView.ResizeMode.Fixed)
    table.__dict__["_wrapped_last_column"] = _WrappedLastColumn(table, min_characters)


def fitted_rows(table: QTableWidget, sized_columns: Iterable[int] = ()) -> None:
    """Refit the rows of a table made with wrap_last_column (after its texts changed), first
    sizing `sized_columns` to their contents: the rows are fitted once, not after each column."""
    fitter = table.__dict__.get("_wrapped_last_column")
    if fitter is None:
        for column in sized_columns:
            table.resizeColumnToContents(column)
        return
    fitter.held = True
    try:
        for column in sized_columns:
            table.resizeColumnToContents(column)
    finally:
        fitter.held = False
    if fitter.min_characters:
        fitter.widen()
    fitter.fit()


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
