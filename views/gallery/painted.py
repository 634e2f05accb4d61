"""What the QPainter figures of the gallery's second half share: a white drawing that lays itself
out for the size it is given, text fitted into its box (wrapped, shrunk down to a floor, never
clipped: what does not fit even then is recorded in `overflows`, which the tests read), boxes,
arrows and a key of colour swatches."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from tslab.views import charts

INK = charts.TEXT_COLOUR
MUTED = "#555555"
FAINT = "#9A9A9A"
RULE = "#D0D0D0"
PANEL = "#F6F6F6"
# The DeepSeek-V3 report's Figure 4 key: forward orange, backward for input green, backward for
# weights blue, PP communication purple; the same hues for chunks and lanes everywhere here.
FORWARD = "#F28E2B"
BACKWARD_INPUT = "#59A14F"
BACKWARD_WEIGHT = "#4E79A7"
PP_COLOUR = "#B07AA1"
EXPOSED = "#C00000"

WRAP = Qt.TextFlag.TextWordWrap
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
CENTRE = Qt.AlignmentFlag.AlignCenter
TOP_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
TOP_CENTRE = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter

LARGEST_PX = 15   # the largest text a box gets
SMALLEST_PX = 9   # below this a slide is not legible: text that needs less is an overflow


@dataclass(frozen=True)
class Overflow:
    """A text that did not fit its box even at the smallest size (drawn anyway, past the box)."""
    text: str
    box: tuple[float, float, float, float]


def font_px(base: QFont, px: int, bold: bool = False) -> QFont:
    font = QFont(base)
    font.setPixelSize(max(1, int(px)))
    font.setBold(bold)
    return font


def text_rect(font: QFont, width: float, text: str, flags=TOP_LEFT) -> QRectF:
    """The rectangle `text` takes wrapped into `width` in `font`."""
    return QFontMetricsF(font).boundingRect(QRectF(0, 0, max(width, 1.0), 1e6), int(flags) | int(WRAP), text)


def fits(font: QFont, rect: QRectF, text: str) -> bool:
    bound = text_rect(font, rect.width(), text)
    return bound.width() <= rect.width() + 0.5 and bound.height() <= rect.height() + 0.5


def fitting_px(base: QFont, rect: QRectF, text: str, largest: int = LARGEST_PX, smallest: int = SMALLEST_PX,
               bold: bool = False) -> int:
    """The largest pixel size from `largest` down to `smallest` at which `text` fits `rect`
    wrapped (`smallest` when none does)."""
    for px in range(int(largest), int(smallest) - 1, -1):
        if fits(font_px(base, px, bold), rect, text):
            return px
    return int(smallest)


class Diagram(QWidget):
    """A white drawing laid out at paint time for its size; `draw(painter)` paints it with the
    helpers below. After a paint, `texts` lists every text drawn and `overflows` those that did
    not fit their boxes."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.overflows: list[Overflow] = []
        self.texts: list[str] = []
        self._painter: QPainter | None = None

    def sizeHint(self) -> QSize:
        return QSize(1360, 640)

    def minimumSizeHint(self) -> QSize:
        return QSize(400, 240)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
            painter.fillRect(self.rect(), QColor("white"))
            self.overflows, self.texts = [], []
            self._painter = painter
            self.draw(painter, QRectF(self.rect()))
        finally:
            self._painter = None
            painter.end()

    def draw(self, painter: QPainter, area: QRectF) -> None:
        raise NotImplementedError

    def _active_painter(self) -> QPainter:
        """The painter of the paint under way: the helpers below draw only from `draw`."""
        assert self._painter is not None, "a Diagram draws only inside its paintEvent"
        return self._painter

    # ------------------------------------------------------------------------------------------
    def text(self, rect: QRectF, text: str, *, largest: int = LARGEST_PX, smallest: int = SMALLEST_PX,
             bold: bool = False, colour: str = INK, align=TOP_LEFT, px: int | None = None) -> int:
        """Draw `text` wrapped in `rect` at the largest size that fits (or at `px`); returns the
        size used. A text that does not fit at `smallest` is drawn at it and recorded."""
        painter = self._active_painter()
        size = px if px is not None else fitting_px(self.font(), rect, text, largest, smallest, bold)
        font = font_px(self.font(), size, bold)
        self.texts.append(text)
        if not fits(font, rect, text):
            self.overflows.append(Overflow(text, (rect.x(), rect.y(), rect.width(), rect.height())))
        painter.setFont(font)
        painter.setPen(QColor(colour))
        painter.drawText(rect, int(align) | int(WRAP), text)
        return size

    def empty(self, rect: QRectF) -> None:
        """A cell the sources leave empty: a faint dash, so that it reads as nothing stated there."""
        self.text(rect, "—", align=CENTRE, largest=16, colour=FAINT)

    def common_px(self, items: list[tuple[QRectF, str]], largest: int = LARGEST_PX, smallest: int = SMALLEST_PX,
                  bold: bool = False) -> int:
        """One size for a set of boxes (a row of labels looks even): the smallest of their fits."""
        return min((fitting_px(self.font(), rect, text, largest, smallest, bold) for rect, text in items),
                   default=largest)

    def box(self, rect: QRectF, fill: str | QColor | QBrush, outline: str = "#FFFFFF", width: float = 1.0,
            radius: float = 4.0, dashed: bool = False) -> None:
        painter = self._active_painter()
        pen = QPen(QColor(outline), width)
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen if outline else Qt.PenStyle.NoPen)
        painter.setBrush(fill if isinstance(fill, QBrush) else QBrush(QColor(fill)))
        painter.drawRoundedRect(rect, radius, radius)

    def line(self, a: QPointF, b: QPointF, colour: str = FAINT, width: float = 1.2, dashed: bool = False) -> None:
        painter = self._active_painter()
        pen = QPen(QColor(colour), width)
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(a, b)

    def arrow(self, a: QPointF, b: QPointF, colour: str = INK, width: float = 1.6, head: float = 8.0,
              dashed: bool = False) -> None:
        """A straight arrow from a to b with a filled head at b."""
        self.line(a, b, colour, width, dashed)
        d = b - a
        length = (d.x() ** 2 + d.y() ** 2) ** 0.5
        if length < 1e-6:
            return
        ux, uy = d.x() / length, d.y() / length
        left = QPointF(b.x() - head * ux + head * 0.45 * uy, b.y() - head * uy - head * 0.45 * ux)
        right = QPointF(b.x() - head * ux - head * 0.45 * uy, b.y() - head * uy + head * 0.45 * ux)
        painter = self._active_painter()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(colour))
        painter.drawPolygon(QPolygonF([b, left, right]))

    def curved_arrow(self, a: QPointF, control: QPointF, b: QPointF, colour: str = INK, width: float = 1.6,
                     head: float = 8.0) -> None:
        """A quadratic curve from a to b bending towards `control`, its head at b."""
        painter = self._active_painter()
        path = QPainterPath(a)
        path.quadTo(control, b)
        painter.setPen(QPen(QColor(colour), width))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        self.arrow(control + (b - control) * 0.9, b, colour, width, head)

    def swatch_key(self, rect: QRectF, entries: Sequence[tuple[str | QColor | QBrush, str]], px: int = 12) -> float:
        """A one-line (wrapping) key of colour swatches and their names in `rect`; returns the
        height it took."""
        painter = self._active_painter()
        font = font_px(self.font(), px)
        metrics = QFontMetricsF(font)
        x, y = rect.x(), rect.y()
        line = metrics.height() + 4
        for fill, name in entries:
            width = 14 + 6 + metrics.horizontalAdvance(name) + 18
            if x + width > rect.right() and x > rect.x():
                x, y = rect.x(), y + line
            self.box(QRectF(x, y + (line - 12) / 2 - 2, 14, 12), fill, "#777777", 0.6, 2)
            painter.setFont(font)
            painter.setPen(QColor(INK))
            painter.drawText(QRectF(x + 20, y, width - 20, line - 4), int(LEFT), name)
            self.texts.append(name)
            x += width
        return y + line - rect.y()


def hatch(colour: str, style: Qt.BrushStyle = Qt.BrushStyle.BDiagPattern) -> QBrush:
    return QBrush(QColor(colour), style)


def lighter(colour: str, factor: int = 160) -> QColor:
    return QColor(colour).lighter(factor)


__all__ = ["BACKWARD_INPUT", "BACKWARD_WEIGHT", "CENTRE", "Diagram", "EXPOSED", "FAINT", "FORWARD", "INK", "LEFT",
           "MUTED", "Overflow", "PANEL", "PP_COLOUR", "RIGHT", "RULE", "TOP_CENTRE", "TOP_LEFT", "fits", "fitting_px",
           "font_px", "hatch", "lighter", "text_rect"]
