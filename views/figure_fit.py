"""How a figure's texts get their room: wrapped labels and table rows measured (each text once,
kept), labels that hold the height of their longest text, and FigureScroll, which fits a figure to
its view and scrolls rather than run its labels into its charts (larger type, a small window)."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import (QAbstractTextDocumentLayout, QFont, QFontMetrics, QPainter, QPalette, QTextDocument,
                           QTextOption)
from PySide6.QtWidgets import (QAbstractScrollArea, QBoxLayout, QHeaderView, QLabel, QLayout, QScrollArea, QSplitter,
                               QStyle, QStyleOption, QTableWidget, QWidget)

MAX_GROWTH_STEPS = 16         # rounds of FigureScroll making room for a squeezed label
QWIDGETSIZE_MAX = (1 << 24) - 1   # Qt's "no maximum" size
REFERENCE_LINE_PX = 17        # a line of the desktop's usual 9-point type (FigureScroll.keep_height)
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
    again). A rich text is painted from a document kept with it (paintEvent), and in a LinesBox a
    new text lays nothing out again."""

    KEPT_DOCUMENTS = 4

    def __init__(self, parent: QWidget | None = None, lines: int = 1, rich: bool = True):
        super().__init__(parent)
        self.lines = lines
        self._documents: dict[tuple, QTextDocument] = {}   # texts laid out to paint, the latest last
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
        box = self.parentWidget()
        if isinstance(box, LinesBox):   # the box's layout learns of the new height (its own is silent)
            box.setMinimumHeight(self.minimumHeight())

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

    def paintEvent(self, event) -> None:
        """Paint a rich text as QLabel does, from a document kept with its text (the last
        KEPT_DOCUMENTS): QLabel parses and lays out its text anew after every change, which for
        the Memory figure's legend and summary was about 0.7 ms each per edit; an edit and its
        undo find theirs kept. What QLabel draws differently (a frame, a margin or indent, links,
        text interaction, a style sheet, right-to-left) is left to QLabel."""
        if not self._own_painting():
            super().paintEvent(event)
            return
        option = QStyleOption()
        option.initFrom(self)   # the palette in the widget's state, as QLabel's paint takes it
        palette = option.palette
        if self.foregroundRole() != QPalette.ColorRole.Text and self.isEnabled():
            palette.setColor(QPalette.ColorRole.Text, palette.color(self.foregroundRole()))
        area = self.contentsRect()
        document = self._document(area.width())
        height = document.documentLayout().documentSize().height()
        offset = 0.0
        if self.alignment() & Qt.AlignmentFlag.AlignVCenter:
            offset = max((area.height() - height) / 2, 0.0)
        elif self.alignment() & Qt.AlignmentFlag.AlignBottom:
            offset = max(area.height() - height, 0.0)
        place = QRectF(area.x(), area.y() + offset, area.width(), area.height()).toAlignedRect()
        context = QAbstractTextDocumentLayout.PaintContext()
        context.palette = palette
        context.cursorPosition = -1
        painter = QPainter(self)
        painter.save()   # the states QLabel's paint saves and restores (an SVG export's groups)
        painter.translate(place.topLeft())
        painter.setClipRect(QRectF(0, 0, place.width(), place.height()))
        painter.save()
        document.documentLayout().draw(painter, context)
        painter.restore()
        painter.restore()
        painter.end()

    def _own_painting(self) -> bool:
        return (self.textFormat() == Qt.TextFormat.RichText and bool(self.text()) and self.frameWidth() == 0
                and self.margin() == 0 and self.indent() <= 0
                and self.layoutDirection() == Qt.LayoutDirection.LeftToRight
                and not self.textInteractionFlags() & ~Qt.TextInteractionFlag.LinksAccessibleByMouse
                and "<a " not in self.text().lower() and self.style().metaObject().className() != "QStyleSheetStyle")

    def _document(self, width: int) -> QTextDocument:
        """The text laid out at `width` as QLabel lays it out (its document's options), kept."""
        key = (self.text(), width, self.font().key(), int(self.alignment()), self.wordWrap())
        document = self._documents.pop(key, None)
        if document is None:
            document = QTextDocument()
            document.setUndoRedoEnabled(False)
            document.setDefaultFont(self.font())
            document.setHtml(self.text())
            text_option = document.defaultTextOption()
            text_option.setAlignment(self.alignment())
            text_option.setWrapMode(QTextOption.WrapMode.WordWrap if self.wordWrap()
                                    else QTextOption.WrapMode.ManualWrap)
            document.setDefaultTextOption(text_option)
            frame = document.rootFrame().frameFormat()
            frame.setMargin(0)
            document.rootFrame().setFrameFormat(frame)
            document.setTextWidth(width)
            if len(self._documents) >= self.KEPT_DOCUMENTS:
                del self._documents[next(iter(self._documents))]
        self._documents[key] = document
        return document


class LinesBox(QWidget):
    """A LinesLabel's place in a figure's layout. A QLabel given a new text asks its parent's
    layout to lay everything out again: Qt measures every part again (a rich text's hints are laid
    out at three widths) and FigureScroll fits the figure to its view again, even when the text
    takes no more room than the label holds; on the Memory tab that was 1–2 ms of every edit.
    Held in this box, which has no layout, a new text repaints the label only: the box asks its
    layout for room when the label's height changes (a longer text, another width or type), and is
    shown and hidden with the label. Its hints are the label's."""

    def __init__(self, label: LinesLabel, parent: QWidget | None = None):
        super().__init__(parent)
        self.label = label
        hidden = label.isHidden() and label.testAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide)
        label.setParent(self)
        label.move(0, 0)
        self.setSizePolicy(label.sizePolicy())
        self.setMinimumHeight(label.minimumHeight())
        label.setVisible(not hidden)
        self.setVisible(not hidden)
        label.installEventFilter(self)

    def sizeHint(self) -> QSize:
        return self.label.sizeHint()

    def minimumSizeHint(self) -> QSize:
        return self.label.minimumSizeHint()

    def hasHeightForWidth(self) -> bool:
        return self.label.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:
        return self.label.heightForWidth(width)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.label.resize(event.size())

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:   # the label's hints follow its type
            self.updateGeometry()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.ShowToParent, QEvent.Type.HideToParent):
            self.setVisible(event.type() == QEvent.Type.ShowToParent)
        return False


def held(widget: QWidget) -> QWidget:
    """What a layout should hold for `widget`: a LinesLabel of at least a line in a LinesBox (a new
    text that takes no more room then repaints it only), anything else as it is."""
    if isinstance(widget, LinesLabel) and widget.lines and not isinstance(widget.parentWidget(), LinesBox):
        return LinesBox(widget, widget.parentWidget())
    return widget


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
        texts = tuple(cell.text() for row in range(table.rowCount()) if (cell := table.item(row, last)) is not None)
        longest = _measured(("longest word", font, texts), _longest_word, metrics, font, texts) + margin + 2
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


def _longest_word(metrics: QFontMetrics, font: str, texts: tuple[str, ...]) -> int:
    """The width of the widest word of `texts` in `metrics` (whose font's key is `font`)."""
    words = {word for text in texts for word in text.split()}
    return max((_measured(("word", font, word), metrics.horizontalAdvance, word) for word in words), default=0)


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
