"""The network drawing's parts (views/mesh/network.py draws with them): the links' sequential colour
scale and its levels, a tier's links as one item, labels on a white halo, the colour key under the
drawing, and the plot whose left axis names the tiers."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QLineF, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from tslab.models.units import format_bytes
from tslab.views import charts
from tslab.views.mesh.common import CROSS_COLOUR

# A sequential scale (ColorBrewer YlGnBu, its five darker classes): more bytes, darker; an idle
# link is light grey, so the red of the bottleneck outline stays the only red.
SCALE_ANCHORS = ("#a1dab4", "#41b6c4", "#2c7fb8", "#253494", "#081d58")
LEVELS = 16
IDLE_COLOUR = "#d4d4d4"
BOTTLENECK_COLOUR = CROSS_COLOUR


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    return QColor(round(a.red() + (b.red() - a.red()) * t), round(a.green() + (b.green() - a.green()) * t),
                  round(a.blue() + (b.blue() - a.blue()) * t))


def scale_colours(levels: int = LEVELS) -> list[QColor]:
    """`levels` colours evenly along SCALE_ANCHORS, lightest first."""
    anchors = [QColor(c) for c in SCALE_ANCHORS]
    colours = []
    for level in range(levels):
        position = level / max(levels - 1, 1) * (len(anchors) - 1)
        i = min(int(position), len(anchors) - 2)
        colours.append(_mix(anchors[i], anchors[i + 1], position - i))
    return colours


SCALE = scale_colours()


def load_levels(values: np.ndarray, top: float) -> np.ndarray:
    """Colour level of each load: −1 for an idle link, else 0 … LEVELS − 1 in equal steps of `top`/LEVELS."""
    values = np.asarray(values, dtype=float)
    if top <= 0:
        return np.full(values.shape, -1, dtype=int)
    level = np.minimum(np.floor(values / top * LEVELS), LEVELS - 1).astype(int)
    return np.where(values > 0, level, -1)


class LinkLayer(pg.GraphicsObject):
    """The links of one tier, all in one item: one path per colour, segments joined in pairs."""

    def __init__(self, width: float):
        super().__init__()
        self.width = width
        self.paths: list[tuple[QPen, list[QLineF]]] = []  # drawLines: 5× faster than one path per colour
        self._bounds = QRectF()

    def set_segments(self, xy: np.ndarray, colours: list[tuple[QColor, float]], index: np.ndarray) -> None:
        """`xy` (n, 4): x0, y0, x1, y1 per segment; segment i drawn in colours[index[i]] (colour, width)."""
        self.prepareGeometryChange()
        self.paths = []
        for level in np.unique(index) if len(index) else ():
            rows = xy[index == level]
            colour, width = colours[int(level)]
            pen = pg.mkPen(colour, width=width)
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            self.paths.append((pen, [QLineF(a, b, c, d) for a, b, c, d in rows.tolist()]))
        if len(xy):
            x0, x1 = float(xy[:, [0, 2]].min()), float(xy[:, [0, 2]].max())
            y0, y1 = float(xy[:, [1, 3]].min()), float(xy[:, [1, 3]].max())
            self._bounds = QRectF(x0, y0, max(x1 - x0, 1e-6), max(y1 - y0, 1e-6))
        else:
            self._bounds = QRectF()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, *_) -> None:
        for pen, lines in self.paths:
            painter.setPen(pen)
            painter.drawLines(lines)


class HaloText(charts.TextLayer):
    """Labels on a white ground, readable over the links they sit on."""

    ground = QColor(255, 255, 255, 225)
    pad = 6


class LoadScale(QWidget):
    """The colour key of the links: idle grey, the scale from 0 to the busiest link, the red outline."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.top = 0.0
        self.title = ""
        self.setMinimumHeight(QFontMetrics(self.font()).height() * 2 + 8)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_scale(self, title: str, top: float) -> None:
        """`title` names what the colours count; `top` is the bytes of the darkest colour."""
        self.title, self.top = title, top
        self.update()

    def sizeHint(self) -> QSize:
        metrics = QFontMetrics(self.font())
        return QSize(metrics.horizontalAdvance("0") * 48, metrics.height() * 2 + 8)

    def labels(self) -> tuple[str, str, str]:
        return (self.tr("idle"), self.tr("bottleneck"), format_bytes(self.top))

    def paint_contents(self, painter: QPainter) -> None:
        metrics = QFontMetrics(self.font())
        h = metrics.height()
        idle, bottleneck, top = self.labels()
        painter.setPen(QColor(charts.TEXT_COLOUR))
        x = 0
        if self.title:
            width = metrics.horizontalAdvance(self.title) + 2
            painter.drawText(QRectF(x, 0, width, 16), Qt.AlignmentFlag.AlignVCenter, self.title)
            x += width + 12
        # idle swatch
        painter.fillRect(QRectF(x, 4, 18, 8), QColor(IDLE_COLOUR))
        painter.drawText(QRectF(x + 22, 0, metrics.horizontalAdvance(idle) + 2, 16), Qt.AlignmentFlag.AlignVCenter,
                         idle)
        x += 22 + metrics.horizontalAdvance(idle) + 14
        bar = max(80, min(220, self.width() - x - metrics.horizontalAdvance(bottleneck) - 60))
        gradient = QLinearGradient(x, 0, x + bar, 0)
        for level, colour in enumerate(SCALE):
            gradient.setColorAt(level / (len(SCALE) - 1), colour)
        painter.fillRect(QRectF(x, 2, bar, 12), gradient)
        painter.drawText(QRectF(x - 20, 16, 40, h), Qt.AlignmentFlag.AlignHCenter, "0")
        width = metrics.horizontalAdvance(top) + 4
        painter.drawText(QRectF(x + bar - width / 2, 16, width, h), Qt.AlignmentFlag.AlignHCenter, top)
        half = format_bytes(self.top / 2)
        width = metrics.horizontalAdvance(half) + 4
        if self.top > 0 and bar > 2.6 * width:
            painter.drawText(QRectF(x + bar / 2 - width / 2, 16, width, h), Qt.AlignmentFlag.AlignHCenter, half)
        x += bar + max(14, metrics.horizontalAdvance(top) // 2 + 10)
        pen = QPen(QColor(BOTTLENECK_COLOUR), 6)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(pen)
        painter.drawLine(QPointF(x, 8), QPointF(x + 20, 8))
        pen = QPen(SCALE[-1], 2)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(pen)
        painter.drawLine(QPointF(x, 8), QPointF(x + 20, 8))
        painter.setPen(QColor(charts.TEXT_COLOUR))
        painter.drawText(QRectF(x + 24, 0, metrics.horizontalAdvance(bottleneck) + 4, 16),
                         Qt.AlignmentFlag.AlignVCenter, bottleneck)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        try:
            self.paint_contents(painter)
        finally:
            painter.end()


class NetworkPlot(pg.PlotWidget):
    """The drawing surface: tiers as named rows of the left axis, mouse pans and zooms sideways."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, background="w", enableMenu=False)
        item = self.getPlotItem()
        item.hideButtons()
        item.hideAxis("bottom")
        axis = item.getAxis("left")
        axis.setPen(charts.AXIS_PEN)
        axis.setStyle(tickLength=0)
        item.getViewBox().setMouseEnabled(True, False)
        item.getViewBox().setDefaultPadding(0.0)

    def sizeHint(self) -> QSize:
        return QSize(700, 260)
