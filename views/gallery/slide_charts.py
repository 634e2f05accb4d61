"""What figures 1–6 of the gallery share: fonts scaled for a projected slide, a colour-key line,
the column of a drawing over its key, a painted chart of horizontal stacked bars with its numbers
written on it, and a base for the other pictures they paint with tooltips."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QHelpEvent, QPainter, QPen
from PySide6.QtWidgets import QApplication, QLabel, QLayout, QSizePolicy, QToolTip, QVBoxLayout, QWidget

from tslab.views import charts

GRID_COLOUR = "#E6E6E6"
MUTED = "#666666"


def font(scale: float = 1.0, *, bold: bool = False) -> QFont:
    """The application's font at `scale` times its size (slides want larger text than a tab)."""
    base = QFont(QApplication.font())
    base.setPointSizeF(base.pointSizeF() * scale)
    base.setBold(bold)
    return base


def smooth_painter(widget: QWidget) -> QPainter:
    """A painter on `widget` that antialiases its lines and its text (a slide is seen large)."""
    painter = QPainter(widget)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    return painter


def ink_for(fill: QColor) -> QColor:
    """White text on a dark fill, the lab's ink on a light one (relative luminance, WCAG)."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    luminance = 0.2126 * channel(fill.red()) + 0.7152 * channel(fill.green()) + 0.0722 * channel(fill.blue())
    return QColor("white") if luminance < 0.36 else QColor(charts.TEXT_COLOUR)


def key_label(parent: QWidget, entries: Sequence[tuple[str, str]], *, scale: float = 1.1) -> QLabel:
    """A colour key on one wrapping line: (colour, text) entries, a square swatch before each;
    lines break between entries, never inside one."""
    html = " &nbsp;&nbsp; ".join(f"<span style='color:{colour}'>■</span>&nbsp;{text.replace(' ', '&nbsp;')}"
                                 for colour, text in entries)
    label = QLabel(html, parent)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setWordWrap(True)
    label.setFont(font(scale))
    return label


def heading_label(parent: QWidget, text: str = "", *, scale: float = 1.15) -> QLabel:
    label = QLabel(text, parent)
    label.setFont(font(scale))
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setWordWrap(True)
    return label


def drawing_over(body: QWidget, drawing: QWidget | QLayout, *under: QWidget) -> QVBoxLayout:
    """`body`'s layout as a column: the drawing, which takes the height there is, over `under`
    (its key, a note) at their own heights; a little air under the figure's title, none at the
    sides."""
    layout = QVBoxLayout(body)
    layout.setContentsMargins(0, 4, 0, 0)
    if isinstance(drawing, QLayout):
        layout.addLayout(drawing, 1)
    else:
        layout.addWidget(drawing, 1)
    for widget in under:
        layout.addWidget(widget)
    return layout


def nice_step(span: float, ticks: int = 5) -> float:
    """A tick spacing of 1, 2 or 5 × 10^k giving about `ticks` intervals over `span`."""
    if not span > 0 or not math.isfinite(span):
        return 1.0
    raw = span / max(ticks, 1)
    power = 10.0 ** math.floor(math.log10(raw))
    return next(step * power for step in (1.0, 2.0, 2.5, 5.0, 10.0) if step * power >= raw * (1 - 1e-9))


def tick_text(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 10 or value == int(value) else f"{value:g}"


@dataclass
class Piece:
    """One segment of a painted bar: its value, colour, the text written on it when it fits, and
    the tooltip shown on hover."""
    value: float
    colour: str
    text: str = ""
    tooltip: str = ""


@dataclass
class Row:
    """One bar: the label left of it, its pieces from the axis out, the total written after it and
    whether it is the scenario's own (drawn with a dark outline and a bold label)."""
    label: str
    pieces: list[Piece]
    total: str = ""
    mine: bool = False


@dataclass
class _Hit:
    rect: QRectF
    tooltip: str


@dataclass
class PlacedText:
    """One text of a painted chart: the box it is drawn in, its alignment flags, font and colour."""
    box: QRectF
    flags: int
    text: str
    font: QFont
    colour: QColor

    def bounds(self) -> QRectF:
        """The rectangle the text's glyphs take inside its box (what must not overlap another text)."""
        return QFontMetricsF(self.font).boundingRect(self.box, self.flags, self.text)


TICK_GAP = 10.0       # pixels of white at least between two tick labels of an axis
MIN_BAR_WIDTH = 160.0  # the bars' area never narrower than this: the totals and ticks need it
AXIS_NAME_GAP = 3.0    # pixels between the tick labels and the axis' name under them


class StackedRows(QWidget):
    """A chart painted with QPainter: a title, one horizontal stacked bar per row with its label
    on the left and its total after its end, the value written on every piece wide enough for it,
    a light grid and an axis along the bottom named `unit`. Hover a piece for its tooltip.
    `texts()` is every text with its box: no two of them overlap (the ticks thin out to fit the
    width, the axis name keeps to a line of its own)."""

    def __init__(self, title: str, rows: Sequence[Row], unit: str, *, maximum: float | None = None,
                 parent: QWidget | None = None, scale: float = 1.1, max_bar: float = 46.0):
        super().__init__(parent)
        self.title, self.rows, self.unit = title, list(rows), unit
        top = max((sum(p.value for p in row.pieces) for row in self.rows), default=0.0)
        self.maximum = maximum if maximum is not None else (top * 1.0 or 1.0)
        self.scale, self.max_bar = scale, max_bar
        self.hits: list[_Hit] = []
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def minimumSizeHint(self) -> QSize:
        line = QFontMetricsF(font(self.scale)).height()
        label_w, total_w = self._columns()
        title = QFontMetricsF(font(self.scale * 1.05, bold=True)).height() * 2 if self.title else 0.0
        return QSize(int(label_w + total_w + MIN_BAR_WIDTH + 6),
                     int(title + line * (2.8 + 1.3 * len(self.rows))))

    def sizeHint(self) -> QSize:
        return QSize(max(600, self.minimumSizeHint().width()), self.minimumSizeHint().height() + 60)

    def _title_height(self) -> float:
        """The title's height at this width: it wraps onto a second line rather than being cut."""
        metrics = QFontMetricsF(font(self.scale * 1.05, bold=True))
        flags = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)
        return metrics.boundingRect(QRectF(0, 0, max(self.width(), 50), 1000), flags, self.title).height()

    def _columns(self) -> tuple[float, float]:
        """The widths of the label column (left of the bars) and of the totals (after the longest bar)."""
        body, bold = QFontMetricsF(font(self.scale)), QFontMetricsF(font(self.scale, bold=True))
        label_w = max((bold.horizontalAdvance(r.label) for r in self.rows), default=0.0) + 12
        total_w = max(((bold if r.mine else body).horizontalAdvance(r.total) for r in self.rows), default=0.0) + 14
        return label_w, total_w

    def _geometry(self) -> tuple[QRectF, float, float]:
        """The bars' area, the label column's width and the line height."""
        body, small = QFontMetricsF(font(self.scale)), QFontMetricsF(font(self.scale * 0.95))
        label_w, total_w = self._columns()
        line = body.height()
        top = self._title_height() + line * 0.3 if self.title else 4.0
        bottom = small.height() + 2 + AXIS_NAME_GAP + self._line_height(font(self.scale * 0.95), self.unit) + 4
        area = QRectF(label_w, top, max(self.width() - label_w - total_w - 6, 10.0),
                      max(self.height() - top - bottom, 10.0))
        return area, label_w, line

    @staticmethod
    def _line_height(line_font: QFont, text: str) -> float:
        """The height `text` takes on one line: more than the font's own when a fallback font draws
        some of it (Chinese in WenQuanYi is taller than the Latin font's line)."""
        metrics = QFontMetricsF(line_font)
        return max(metrics.height(), metrics.boundingRect(QRectF(0, 0, 1e6, 1e6), int(Qt.AlignmentFlag.AlignLeft),
                                                          text).height())

    def ticks(self, area: QRectF) -> list[float]:
        """The axis' tick values: a 1-2-5 step giving at most five intervals, fewer when the
        labels would otherwise come closer than TICK_GAP (a narrow chart: 0, 50, 100, not 0 … 100
        in 25s run together)."""
        metrics = QFontMetricsF(font(self.scale * 0.95))
        widest = max(metrics.horizontalAdvance(tick_text(value)) for value in (0.0, self.maximum)) + TICK_GAP
        # nice_step's step is at least maximum / intervals, so the labels are at least `widest` apart
        step = nice_step(self.maximum, max(1, min(5, int(area.width() // widest))))
        values, value = [], 0.0
        while value <= self.maximum * (1 + 1e-9):
            values.append(value)
            value += step
        return values

    def texts(self) -> list[PlacedText]:
        """Every text the chart draws, where, in which font (the title, the tick labels, the axis'
        name, each row's label, the values on the pieces wide enough for them, the totals)."""
        area, label_w, line = self._geometry()
        ink, muted = QColor(charts.TEXT_COLOUR), QColor(MUTED)
        placed: list[PlacedText] = []
        if self.title:
            placed.append(PlacedText(QRectF(0, 0, self.width(), self._title_height() + 2),
                                     int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap), self.title,
                                     font(self.scale * 1.05, bold=True), ink))
        small = font(self.scale * 0.95)
        metrics = QFontMetricsF(small)
        scale_x = area.width() / self.maximum
        for value in self.ticks(area):
            x = area.left() + value * scale_x
            text = tick_text(value)
            width = metrics.horizontalAdvance(text)
            placed.append(PlacedText(QRectF(x - width / 2 - 2, area.bottom() + 2, width + 4, metrics.height()),
                                     int(Qt.AlignmentFlag.AlignCenter), text, small, muted))
        # The axis' name on its own line under the ticks, centred under the bars, kept inside the chart.
        unit_w = metrics.horizontalAdvance(self.unit) + 4
        left = min(max(area.center().x() - unit_w / 2, 0.0), max(self.width() - unit_w, 0.0))
        placed.append(PlacedText(QRectF(left, area.bottom() + 2 + metrics.height() + AXIS_NAME_GAP, unit_w,
                                        self._line_height(small, self.unit)),
                                 int(Qt.AlignmentFlag.AlignCenter), self.unit, small, muted))
        pitch = area.height() / max(len(self.rows), 1)
        bar = min(pitch * 0.66, self.max_bar)
        body_font, bold_font = font(self.scale), font(self.scale, bold=True)
        piece_font = font(self.scale * 0.95)
        piece_metrics = QFontMetricsF(piece_font)
        for index, row in enumerate(self.rows):
            centre = area.top() + pitch * (index + 0.5)
            row_font = bold_font if row.mine else body_font
            placed.append(PlacedText(QRectF(0, centre - pitch / 2, label_w - 8, pitch),
                                     int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), row.label,
                                     row_font, ink))
            x = area.left()
            for piece in row.pieces:
                if piece.value <= 0:
                    continue
                rect = QRectF(x, centre - bar / 2, piece.value * scale_x, bar)
                if piece.text and piece_metrics.horizontalAdvance(piece.text) + 6 <= rect.width() \
                        and piece_metrics.height() <= rect.height():
                    placed.append(PlacedText(rect, int(Qt.AlignmentFlag.AlignCenter), piece.text, piece_font,
                                             ink_for(QColor(piece.colour))))
                x = rect.right()
            if row.total:
                placed.append(PlacedText(QRectF(x + 6, centre - pitch / 2, self.width() - x - 6, pitch),
                                         int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), row.total,
                                         row_font, ink))
        return placed

    def paintEvent(self, _event) -> None:
        painter = smooth_painter(self)
        area, _label_w, _line = self._geometry()
        ink = QColor(charts.TEXT_COLOUR)
        scale_x = area.width() / self.maximum
        painter.setPen(QPen(QColor(GRID_COLOUR), 1))
        for value in self.ticks(area):
            x = area.left() + value * scale_x
            painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()))
        painter.setPen(QPen(QColor(charts.AXIS_PEN), 1))
        painter.drawLine(QPointF(area.left(), area.bottom()), QPointF(area.right(), area.bottom()))
        self.hits = []
        pitch = area.height() / max(len(self.rows), 1)
        bar = min(pitch * 0.66, self.max_bar)
        for index, row in enumerate(self.rows):
            centre = area.top() + pitch * (index + 0.5)
            x = area.left()
            for piece in row.pieces:
                if piece.value <= 0:
                    continue
                rect = QRectF(x, centre - bar / 2, piece.value * scale_x, bar)
                painter.fillRect(rect, QColor(piece.colour))
                painter.setPen(QPen(QColor("white"), 1))
                painter.drawRect(rect)
                if piece.tooltip:
                    self.hits.append(_Hit(rect, piece.tooltip))
                x = rect.right()
            if row.mine:
                painter.setPen(QPen(ink, 2.5))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(QRectF(area.left(), centre - bar / 2, x - area.left(), bar))
        for placed in self.texts():
            painter.setFont(placed.font)
            painter.setPen(placed.colour)
            painter.drawText(placed.box, placed.flags, placed.text)
        painter.end()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            point = QPointF(event.pos())
            hit = next((h for h in self.hits if h.rect.contains(point)), None)
            if hit is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), hit.tooltip, self)
            return True
        return super().event(event)


@dataclass
class Tips:
    """Tooltips of painted rectangles, for a QWidget that paints its own picture."""
    hits: list[_Hit] = field(default_factory=list)

    def clear(self) -> None:
        self.hits = []

    def add(self, rect: QRectF, tooltip: str) -> None:
        self.hits.append(_Hit(QRectF(rect), tooltip))

    def handle(self, widget: QWidget, event: QEvent) -> bool:
        """Show the tooltip under a ToolTip event; True when the event was one."""
        if event.type() != QEvent.Type.ToolTip or not isinstance(event, QHelpEvent):
            return False
        point = QPointF(event.pos())
        hit = next((h for h in reversed(self.hits) if h.rect.contains(point)), None)
        if hit is None:
            QToolTip.hideText()
        else:
            QToolTip.showText(event.globalPos(), hit.tooltip, widget)
        return True


class TippedPicture(QWidget):
    """A QWidget that paints its own picture, as large as its layout lets it, and shows the
    tooltip of the painted rectangle under the pointer: its paintEvent clears `tips` and adds
    each rectangle it paints with one."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.tips = Tips()
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def event(self, event: QEvent) -> bool:
        if self.tips.handle(self, event):
            return True
        return super().event(event)


__all__ = ["GRID_COLOUR", "MUTED", "Piece", "PlacedText", "Row", "StackedRows", "Tips", "TippedPicture",
           "drawing_over", "font", "heading_label", "ink_for", "key_label", "nice_step", "smooth_painter", "tick_text"]
