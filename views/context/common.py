"""What the Long Context & V4 tab's pictures share: the rank palette, a drawing surface that fills
its widget, rectangles with their own colours and hover tooltips, arrows, and texts that change
only when they change."""
from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from pyqtgraph.Qt.internals import PrimitiveArray
from PySide6.QtCore import QCoreApplication, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from tslab.models.context import ContextAnalysis
from tslab.models.units import format_bytes
from tslab.views import charts
from tslab.views.common import bold, chart_column
from tslab.views.figure_fit import LinesLabel

# One colour per rank, sequence block or head group (Tableau 10, then its lighter half).
RANK_COLOURS = ("#4E79A7", "#F28E2B", "#E15759", "#76B7B2", "#59A14F", "#EDC948", "#B07AA1", "#FF9DA7",
                "#9C755F", "#BAB0AC", "#A0CBE8", "#FFBE7D", "#FF9D9A", "#86BCB6", "#8CD17D", "#F1CE63")
EMPTY = "#F2F2F2"
OUTLINE = "#9A9A9A"
HIGHLIGHT = "#202020"
PAD_COLOUR = "#C8C8C8"
TIER_COLOURS = {"intra": "#59A14F", "inter": "#E15759"}   # NVLink inside a node, the network across

DRAW_LIMIT = 16   # ranks drawn one by one; above it the numbers stay and the picture says why not


def rank_colour(index: int) -> str:
    return RANK_COLOURS[index % len(RANK_COLOURS)]


@functools.cache
def hatched(colour: str) -> QBrush:
    """A diagonal hatch: padding, masked blocks, pads."""
    return QBrush(QColor(colour), Qt.BrushStyle.BDiagPattern)


@functools.cache
def dotted(colour: str) -> QBrush:
    """A half-filled dot pattern: a diagonal block of causal attention, half of it computed."""
    return QBrush(QColor(colour), Qt.BrushStyle.Dense4Pattern)


def tier_name(tier: str, nodes: int) -> str:
    """Where a group of ranks lands: one node's NVLink, or the network across `nodes` nodes."""
    if tier == "intra":
        return QCoreApplication.translate("context", "NVLink inside one node")
    return QCoreApplication.translate("context", "the network across {nodes} nodes").format(nodes=nodes)


def head_reason(degree: int, ulysses) -> str:
    """Why a Ulysses all-to-all over `degree` ranks cannot hand each rank whole heads, in the UI
    language, from the analysis's numbers (`ulysses`: models.context.Ulysses, heads per TP rank)."""
    translate = QCoreApplication.translate
    per_tp = translate("context", " per TP rank (tp = {tp})").format(tp=ulysses.tp) if ulysses.tp > 1 else ""
    if degree > ulysses.max_degree and ulysses.limit == "KV heads":
        text = translate("context", "Ulysses degree {degree} exceeds the {count} KV heads{per_tp}: the all-to-all "
                                    "hands each rank whole heads")
        return text.format(degree=degree, count=ulysses.kv_local, per_tp=per_tp)
    if degree > ulysses.max_degree:
        text = translate("context", "Ulysses degree {degree} exceeds the {count} attention heads{per_tp}: the "
                                    "all-to-all hands each rank whole heads")
        return text.format(degree=degree, count=ulysses.heads_local, per_tp=per_tp)
    text = translate("context", "Ulysses degree {degree} does not divide the {heads} attention heads and {kv} KV "
                                "heads{per_tp}: the all-to-all hands each rank whole heads")
    return text.format(degree=degree, heads=ulysses.heads_local, kv=ulysses.kv_local, per_tp=per_tp)


def usp_reason(usp, ulysses, cp: int) -> str:
    """Why USP's grid cannot be laid out (models.context.Usp), in the UI language."""
    if usp.ulysses < 1 or cp % usp.ulysses:
        return QCoreApplication.translate("context", "the Ulysses degree {u} does not divide cp = {cp}: no "
                                                     "ulysses × ring grid").format(u=usp.ulysses, cp=cp)
    return head_reason(usp.ulysses, ulysses)


def rich_label(parent: QWidget, lines: int = 0) -> QLabel:
    """A wrapping rich-text label as wide as its column; with `lines`, at least that many lines
    high, so that a new text of that many lines never re-lays out the pictures around it (a longer
    one, or larger type in presentation mode, makes it higher rather than cut it off)."""
    label = LinesLabel(parent, lines)
    # its width is its column's: a new text (a table of other numbers) must not move the charts beside it
    label.setSizePolicy(QSizePolicy.Policy.Ignored, label.sizePolicy().verticalPolicy())
    return label


def picture(parent: QWidget | None = None, *, square: bool = False) -> pg.PlotWidget:
    """A drawing surface without axes or mouse: its range is set by the picture and fills the
    widget (`square`: one unit the same length both ways, for a ring of ranks)."""
    plot = pg.PlotWidget(parent, background="w", enableMenu=False)
    item = plot.getPlotItem()
    item.hideButtons()
    for side in ("left", "bottom"):
        item.hideAxis(side)
    view = item.getViewBox()
    view.setMouseEnabled(False, False)
    view.setAspectLocked(square)
    view.invertY(True)   # rows run downwards, as in a table
    charts.no_tab_stop(plot)   # looked at and hovered, never operated
    return plot


@dataclass
class Box:
    """One rectangle of a picture: its fill (a colour or a brush), outline and hover text (a
    string, or a function that makes it when the mouse gets there)."""
    x0: float
    y0: float
    x1: float
    y1: float
    fill: str | QColor | QBrush
    tooltip: str | Callable[[], str] = ""
    outline: str = OUTLINE
    width: float = 1.0


def _fill_key(fill: str | QColor | QBrush) -> tuple:
    if isinstance(fill, QBrush):
        return ("brush", fill.color().rgba(), int(fill.style().value))
    if isinstance(fill, QColor):
        return ("colour", fill.rgba())
    return ("name", fill)


class LazyTips(charts.HoverTips):
    """Hover tooltips whose texts may be functions, made only for the segment under the mouse; or,
    with `tip_at`, one function of the point for the whole picture."""

    tip_at: Callable[[float, float], str] | None = None

    def segment_at(self, point):
        if self.tip_at is None:
            return super().segment_at(point)
        text = self.tip_at(point.x(), point.y())
        if not text:
            return None
        if self._shown is not None and self._shown.tooltip == text:
            return self._shown
        return charts.Segment(point.x(), point.x(), point.y(), point.y(), "", text)

    def tip_text(self, segment) -> str:
        """The segment's text, made now if it is a function."""
        return segment.tooltip() if callable(segment.tooltip) else segment.tooltip


class BoxLayer(pg.GraphicsObject):
    """Every rectangle of a picture in one item: per style (pen, brush) one batch of rectangles,
    painted with one drawRects call each, so thousands of cells cost one item's paint."""

    def __init__(self):
        super().__init__()
        self.batches: list[tuple[QPen, QBrush, PrimitiveArray]] = []
        self._bounds = QRectF()

    def set_batches(self, batches: list[tuple[QPen, QBrush, np.ndarray]]) -> None:
        """(pen, brush, corners) with corners an (n, 4) array of x0, y0, x1, y1."""
        self.prepareGeometryChange()
        self.batches = []
        lows, highs = [], []
        for pen, brush, corners in batches:
            rects = PrimitiveArray(QRectF, 4)
            rects.resize(len(corners))
            memory = rects.ndarray()
            memory[:, 0], memory[:, 1] = corners[:, 0], corners[:, 1]
            memory[:, 2], memory[:, 3] = corners[:, 2] - corners[:, 0], corners[:, 3] - corners[:, 1]
            self.batches.append((pen, brush, rects))
            lows.append(corners[:, :2].min(axis=0))
            highs.append(corners[:, 2:].max(axis=0))
        if lows:
            (x0, y0), (x1, y1) = np.min(lows, axis=0), np.max(highs, axis=0)
            pad = 0.02 * max(x1 - x0, y1 - y0, 1e-12)   # room for the outlines' pixels
            self._bounds = QRectF(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad)
        else:
            self._bounds = QRectF()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter, *_) -> None:
        for pen, brush, rects in self.batches:
            painter.setPen(pen)
            painter.setBrush(brush)
            painter.drawRects(*rects.drawargs())


class Boxes:
    """Rectangles with their own fills and outlines, with hover tooltips, drawn by one BoxLayer:
    the boxes of one style in one batch, thicker outlines on top."""

    def __init__(self, plot: pg.PlotWidget, z: float = 0):
        self.plot = plot
        self.tips = LazyTips(plot)
        self.boxes: list[Box] = []
        self.layer = BoxLayer()
        self.layer.setZValue(z)
        plot.addItem(self.layer)
        self._pens: dict[tuple[str, float], QPen] = {}
        self._brushes: dict[tuple, QBrush] = {}
        self.batches: list[tuple] = []   # what is drawn: (fill, outline, width[, corners]) per batch

    def _pen(self, colour: str, width: float) -> QPen:
        key = (colour, width)
        if key not in self._pens:
            self._pens[key] = pg.mkPen(colour, width=width)
        return self._pens[key]

    def _brush(self, fill: str | QColor | QBrush) -> QBrush:
        key = _fill_key(fill)
        if key not in self._brushes:
            self._brushes[key] = fill if isinstance(fill, QBrush) else QBrush(QColor(fill))
        return self._brushes[key]

    def set(self, boxes: Sequence[Box]) -> None:
        self.boxes = list(boxes)
        # a tooltip may be a function: LazyTips calls it when the mouse gets there
        self.tips.set_segments([charts.Segment(b.x0, b.x1, min(b.y0, b.y1), max(b.y0, b.y1), "",
                                               b.tooltip)  # type: ignore[arg-type]
                                for b in self.boxes if b.tooltip])
        groups: dict[tuple, list[Box]] = {}
        for box in self.boxes:
            groups.setdefault((box.width, _fill_key(box.fill), box.outline), []).append(box)
        batches = []
        for key in sorted(groups, key=lambda k: k[0]):   # thin outlines first, thick ones on top
            members = groups[key]
            corners = np.array([(b.x0, b.y0, b.x1, b.y1) for b in members], dtype=float)
            batches.append((self._pen(members[0].outline, members[0].width), self._brush(members[0].fill), corners))
        self.layer.set_batches(batches)
        self.batches = [(members[0].fill, members[0].outline, members[0].width) for members in groups.values()]

    def set_batches(self, batches: Sequence[tuple[str | QColor | QBrush, str, float, np.ndarray]],
                    tip_at: Callable[[float, float], str] | None = None) -> None:
        """Draw (fill, outline, width, corners) batches, corners an (n, 4) array of x0, y0, x1, y1,
        in order; `tip_at(x, y)` says what is under the mouse. For thousands of cells that change
        together: no Box per cell."""
        self.boxes = []
        self.batches = [(fill, outline, width, corners) for fill, outline, width, corners in batches if len(corners)]
        self.tips.tip_at = tip_at
        self.tips.set_segments([])
        self.layer.set_batches([(self._pen(outline, width), self._brush(fill), np.asarray(corners, dtype=float))
                                for fill, outline, width, corners in self.batches])


class Arrows:
    """Straight arrows from one point to another, a dot near the head (as the Communication
    tab's ring draws its sends)."""

    def __init__(self, plot: pg.PlotWidget, colour: str = HIGHLIGHT, width: float = 1.8):
        self.lines = pg.PlotDataItem(pen=pg.mkPen(colour, width=width), connect="pairs")
        # a few heads, drawn as shapes every paint (not from the symbol cache): vector in SVG and PDF
        self.heads = pg.ScatterPlotItem(symbol="o", size=7, brush=colour, pen=None, useCache=False)
        for item in (self.lines, self.heads):
            item.setZValue(5)
            plot.addItem(item)
        self.pairs: list[tuple[tuple[float, float], tuple[float, float]]] = []

    def set(self, pairs: Sequence[tuple[tuple[float, float], tuple[float, float]]]) -> None:
        self.pairs = list(pairs)
        xs = [x for (ax, _), (bx, _) in self.pairs for x in (ax, bx)]
        ys = [y for (_, ay), (_, by) in self.pairs for y in (ay, by)]
        self.lines.setData(np.asarray(xs, dtype=float), np.asarray(ys, dtype=float))
        self.heads.setData([ax + 0.88 * (bx - ax) for (ax, _), (bx, _) in self.pairs],
                           [ay + 0.88 * (by - ay) for (_, ay), (_, by) in self.pairs])


def frame(plot: pg.PlotWidget, x0: float, x1: float, y0: float, y1: float) -> None:
    """Show exactly [x0, x1] × [y0, y1]."""
    plot.setXRange(x0, x1, padding=0)
    plot.setYRange(y0, y1, padding=0)


def bar_plot(parent: QWidget, *, left: str = "", bottom: str = "", height: int = 0) -> pg.PlotWidget:
    """A small chart in the lab's style, its grid along y."""
    plot = charts.make_plot(parent, left=left, bottom=bottom)
    charts.no_tab_stop(plot)
    plot.getPlotItem().showGrid(x=False, y=True, alpha=0.15)
    for side in ("left", "bottom"):   # the units are in the labels: no "(×0.001)" scaling
        plot.getPlotItem().getAxis(side).enableAutoSIPrefix(False)
    if height:
        plot.setMinimumHeight(height)
    return plot


class SchemePanel(QWidget):
    """One context-parallel scheme's pictures. `show_analysis` takes the ContextAnalysis, then
    `set_step(k)` draws step k (0 … last_step) and returns what happens at that step; `headline`
    and `numbers` are the figure's title and summary for the scheme."""

    last_step = 0
    plot: pg.PlotWidget   # the scheme's picture, made by the panel (lay_out_with_bytes places it)
    analysis: ContextAnalysis | None = None   # what show_analysis was last given

    def sizeHint(self) -> QSize:
        return QSize(900, 420)

    def lay_out_with_bytes(self, title: str, key_lines: int = 0) -> None:
        """The layout the KDA and USP panels share: `self.plot` (with a note under it for too many
        ranks) on the left, a bytes chart titled `title` with its key on the right."""
        self.too_many = QLabel(self)
        self.too_many.setWordWrap(True)
        self.bytes = bar_plot(self)
        self.bytes_bars = Boxes(self.bytes)
        self.bytes_labels = charts.BarChart(self.bytes)
        self.bytes_title = bold(QLabel(title, self), centred=True)
        self.bytes_key = rich_label(self, key_lines)
        left = chart_column(self.plot, notes=[self.too_many])
        right = chart_column(self.bytes, heading=self.bytes_title, notes=[self.bytes_key])
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(left, 3)
        layout.addLayout(right, 2)

    def show_bytes(self, bars: Sequence[tuple[str, float, str]], axis_title: str) -> None:
        """The bytes chart of lay_out_with_bytes: a bar per (name, bytes, colour) with its bytes on
        top, in the binary unit of the largest; `axis_title` names the left axis, its "{unit}"
        that unit."""
        top = max(max(value for _, value, _ in bars), 1)
        unit, unit_name = byte_scale(top)
        boxes, labels = [], []
        for i, (name, value, colour) in enumerate(bars):
            boxes.append(Box(i - 0.35, 0, i + 0.35, value / unit, colour, f"{name}: {format_bytes(value)}",
                             "#FFFFFF", 0.5))
            labels.append((i, value / unit, format_bytes(value), {"anchor": (0.5, 1), "size": 8.5}))
        self.bytes_bars.set(boxes)
        self.bytes_labels.set_labels(labels)
        charts.category_axis(self.bytes, "bottom", [name for name, _, _ in bars])
        charts.set_left_label(self.bytes, axis_title.format(unit=unit_name))
        self.bytes.setXRange(-0.7, len(bars) - 0.3, padding=0)
        self.bytes.setYRange(0, charts.nice_ceiling(top / unit * 1.2), padding=0)

    def show_analysis(self, analysis) -> None:
        raise NotImplementedError

    def set_step(self, k: int) -> str:
        raise NotImplementedError

    def fit(self) -> None:
        """Frame the pictures for the panel's present size (the panels that depend on it)."""

    def headline(self) -> str:
        raise NotImplementedError

    def numbers(self) -> str:
        raise NotImplementedError


def byte_scale(top: float) -> tuple[float, str]:
    """The binary unit a byte axis reaching `top` is drawn in: (bytes per unit, its name)."""
    for name, size in (("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if top >= size:
            return float(size), name
    return 1.0, "B"


def panel_columns(count: int, rows_per_panel: float, columns_per_panel: float, aspect: float = 2.1) -> int:
    """How many of `count` equal panels to put side by side so that they are drawn largest in an
    area `aspect` times as wide as it is high."""
    def scale(columns: int) -> float:
        rows = -(-count // columns)
        return min(aspect / (columns * columns_per_panel), 1.0 / (rows * rows_per_panel))
    return max(range(1, count + 1), key=lambda columns: (scale(columns), -columns))
