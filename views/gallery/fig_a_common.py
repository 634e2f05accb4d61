"""What figures 1–6 of the gallery share: fonts scaled for a projected slide, a colour-key line,
and a painted chart of horizontal stacked bars with its numbers written on it."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QHelpEvent, QPainter, QPen
from PySide6.QtWidgets import QApplication, QLabel, QSizePolicy, QToolTip, QWidget

from tslab.views import charts

GRID_COLOUR = "#E6E6E6"
MUTED = "#666666"


def font(scale: float = 1.0, *, bold: bool = False) -> QFont:
    """The application's font at `scale` times its size (slides want larger text than a tab)."""
    base = QFont(QApplication.font())
    base.setPointSizeF(base.pointSizeF() * scale)
    base.setBold(bold)
    return base


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


class StackedRows(QWidget):
    """A chart painted with QPainter: a title, one horizontal stacked bar per row with its label
    on the left and its total after its end, the value written on every piece wide enough for it,
    a light grid and an axis along the bottom named `unit`. Hover a piece for its tooltip."""

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
        return QSize(320, int(line * (3.2 + 1.3 * len(self.rows))))

    def sizeHint(self) -> QSize:
        return QSize(600, self.minimumSizeHint().height() + 60)

    def _title_height(self) -> float:
        """The title's height at this width: it wraps onto a second line rather than being cut."""
        metrics = QFontMetricsF(font(self.scale * 1.05, bold=True))
        flags = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)
        return metrics.boundingRect(QRectF(0, 0, max(self.width(), 50), 1000), flags, self.title).height()

    def _geometry(self) -> tuple[QRectF, float, float]:
        """The bars' area, the label column's width and the line height."""
        body, small = QFontMetricsF(font(self.scale)), QFontMetricsF(font(self.scale * 0.95))
        bold = QFontMetricsF(font(self.scale, bold=True))
        label_w = max((bold.horizontalAdvance(r.label) for r in self.rows), default=0.0) + 12
        total_w = max(((bold if r.mine else body).horizontalAdvance(r.total) for r in self.rows), default=0.0) + 14
        line = body.height()
        top = self._title_height() + line * 0.3 if self.title else 4.0
        bottom = small.height() * 2.4
        area = QRectF(label_w, top, max(self.width() - label_w - total_w - 6, 10.0),
                      max(self.height() - top - bottom, 10.0))
        return area, label_w, line

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        area, label_w, line = self._geometry()
        ink = QColor(charts.TEXT_COLOUR)
        if self.title:
            painter.setFont(font(self.scale * 1.05, bold=True))
            painter.setPen(ink)
            painter.drawText(QRectF(0, 0, self.width(), self._title_height() + 2),
                             int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap), self.title)
        scale_x = area.width() / self.maximum
        step = nice_step(self.maximum)
        small = font(self.scale * 0.95)
        painter.setFont(small)
        metrics = QFontMetricsF(small)
        value = 0.0
        while value <= self.maximum * (1 + 1e-9):
            x = area.left() + value * scale_x
            painter.setPen(QPen(QColor(GRID_COLOUR), 1))
            painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()))
            painter.setPen(QColor(MUTED))
            text = tick_text(value)
            width = metrics.horizontalAdvance(text)
            painter.drawText(QRectF(x - width / 2 - 2, area.bottom() + 2, width + 4, metrics.height()),
                             Qt.AlignmentFlag.AlignCenter, text)
            value += step
        painter.setPen(QColor(MUTED))
        painter.drawText(QRectF(area.left(), area.bottom() + metrics.height() + 2, area.width(), metrics.height()),
                         Qt.AlignmentFlag.AlignCenter, self.unit)
        painter.setPen(QPen(QColor(charts.AXIS_PEN), 1))
        painter.drawLine(QPointF(area.left(), area.bottom()), QPointF(area.right(), area.bottom()))
        self.hits = []
        count = max(len(self.rows), 1)
        pitch = area.height() / count
        bar = min(pitch * 0.66, self.max_bar)
        body_font, bold_font = font(self.scale), font(self.scale, bold=True)
        piece_font = font(self.scale * 0.95)
        piece_metrics = QFontMetricsF(piece_font)
        for index, row in enumerate(self.rows):
            centre = area.top() + pitch * (index + 0.5)
            painter.setFont(bold_font if row.mine else body_font)
            painter.setPen(ink)
            painter.drawText(QRectF(0, centre - pitch / 2, label_w - 8, pitch),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, row.label)
            x = area.left()
            for piece in row.pieces:
                if piece.value <= 0:
                    continue
                rect = QRectF(x, centre - bar / 2, piece.value * scale_x, bar)
                fill = QColor(piece.colour)
                painter.fillRect(rect, fill)
                painter.setPen(QPen(QColor("white"), 1))
                painter.drawRect(rect)
                if piece.text and piece_metrics.horizontalAdvance(piece.text) + 6 <= rect.width() \
                        and piece_metrics.height() <= rect.height():
                    painter.setFont(piece_font)
                    painter.setPen(ink_for(fill))
                    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, piece.text)
                if piece.tooltip:
                    self.hits.append(_Hit(rect, piece.tooltip))
                x = rect.right()
            if row.mine:
                painter.setPen(QPen(ink, 2.5))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(QRectF(area.left(), centre - bar / 2, x - area.left(), bar))
            if row.total:
                painter.setFont(bold_font if row.mine else body_font)
                painter.setPen(ink)
                painter.drawText(QRectF(x + 6, centre - pitch / 2, self.width() - x - 6, pitch),
                                 Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, row.total)
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


__all__ = ["GRID_COLOUR", "MUTED", "Piece", "Row", "StackedRows", "Tips", "font", "heading_label", "ink_for",
           "key_label", "nice_step", "tick_text"]
