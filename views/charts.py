"""Shared chart helpers: one palette, one plot style, bar charts with hover tooltips."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QCursor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QToolTip, QWidget

from tslab.views.chart_axes import KeptAxis

# Okabe–Ito colour-blind-safe palette plus neutrals, one colour per ledger item everywhere.
ITEM_COLOURS = {
    "params": "#0072B2",
    "grads": "#E69F00",
    "master": "#009E73",
    "optimizer": "#CC79A7",
    "activations": "#D55E00",
    "activations_fp8": "#F0A97A",
    "activations_cpu": "#8C8C8C",
    "activations_remote": "#B0B0B0",
    "logits": "#A0522D",
    # the MoE layer's tensors of their own (models/memory/stored.py), the first and last stage's
    "router_probs": "#8C3B00",
    "router_aux_scores": "#A64B00",
    "router_topk": "#C2692A",
    "moe_routing_map": "#D9894F",
    "moe_row_ids": "#7A4A2A",
    "moe_permuted_tokens": "#E4572E",
    "moe_permuted_probs": "#F3A712",
    "moe_expert_fc1_output": "#B22222",
    "moe_expert_act_output": "#7B0D1E",
    "moe_unpermuted_output": "#5C0A2E",
    "moe_shared_fc1_output": "#BC6C25",
    "moe_shared_act_output": "#DDA15E",
    "moe_shared_gated_output": "#A68A64",
    "embedding": "#6F4E37",
    "head_inputs": "#936639",
    "comm_buffers": "#56B4E9",
    "grad_buffer": "#F0E442",
    "recompute_working_set": "#E8B08A",
    "cuda_context": "#3B4F6B",
    "nccl_buffers": "#2E8BC0",
    "deepep_buffers": "#8FD3F4",
    "fp8_weights": "#6FA8DC",
    "offload_param_buffers": "#D9C27E",
    "offload_optimizer_buffers": "#E3D3A3",
    "offload_grad_partition": "#F2C94C",
    "fragmentation": "#C8C8C8",
}
TIER_COLOURS = {"gpu": "#0072B2", "cpu": "#E69F00", "remote": "#009E73", "nvme": "#CC79A7"}
CAPACITY_COLOUR = "#C00000"
TEXT_COLOUR = "#202020"
AXIS_PEN = "#888888"


def colour(key: str) -> QColor:
    return QColor(ITEM_COLOURS.get(key, TIER_COLOURS.get(key, "#777777")))


_BRUSHES: dict[str, QBrush] = {}


def _brush(key: str) -> QBrush:
    """The fill of `key`'s segments (made once per key: a chart redraw asks for dozens)."""
    brush = _BRUSHES.get(key)
    if brush is None:
        brush = _BRUSHES[key] = QBrush(colour(key))
    return brush


# A segment's outline: thin white; thick red on the first item out of memory; thick dashed ink on
# the selected item.
SEGMENT_PEN = QPen(QColor("white"), 1)
OOM_PEN = QPen(QColor(CAPACITY_COLOUR), 3)
SELECTED_PEN = QPen(QColor(TEXT_COLOUR), 3, Qt.PenStyle.DashLine)
for _pen in (SEGMENT_PEN, OOM_PEN, SELECTED_PEN):
    _pen.setCosmetic(True)   # as pg.mkPen makes them: the width in pixels whatever the scale


def configure_pyqtgraph() -> None:
    """Global pyqtgraph options: white background, no antialiasing (every shape is an axis-aligned
    rectangle or line, and painting is a fifth faster without it), row-major images, no OpenGL
    (offscreen renders of GL widgets come out black)."""
    pg.setConfigOptions(background="w", foreground=TEXT_COLOUR, antialias=False,
                        imageAxisOrder="row-major", useOpenGL=False)


class MinimumHintPlot(pg.PlotWidget):
    """A PlotWidget whose size hint is its minimum height: layouts (and a scrolling dock asking a
    height for its width) count what it needs, not pyqtgraph's 640 × 480 default, and give it
    more only where there is room."""

    def sizeHint(self) -> QSize:
        return QSize(0, self.minimumHeight())


class _FitsItsType(QObject):
    """Keeps a plot's texts inside it in the type it is shown in (presentation mode's larger type
    arrives as a FontChange): a margin above the plot of half a line, so that the top tick label is
    not cut at the widget's edge; a bottom axis as high as its tick labels' lines
    (`tick_lines`); and the plot at least as high as its left axis title is long, with the bottom
    axis and the margin, so that the title is not cut. A minimum height the caller sets stays the
    floor."""

    def __init__(self, plot: pg.PlotWidget, tick_lines: int = 1):
        super().__init__(plot)
        self.plot, self.tick_lines = plot, tick_lines
        self.floor = plot.minimumHeight()
        self.set_by_us = -1
        plot.installEventFilter(self)
        self.fit()

    def fit(self) -> None:
        plot = self.plot
        item = plot.getPlotItem()
        if item is None:   # closed (pyqtgraph lets go of its plot item on close)
            return
        if plot.minimumHeight() != self.set_by_us:   # the caller's own minimum
            self.floor = plot.minimumHeight()
        metrics = QFontMetrics(plot.font())
        margin = math.ceil(metrics.height() / 2) + 2
        # the first and last bottom tick labels are centred on the plot's edges: half of one stays
        # inside (on the left, the left axis holds it when it is shown)
        side = math.ceil(metrics.horizontalAdvance("000") / 2) + 4
        item.layout.setContentsMargins(2 if item.getAxis("left").isVisible() else side, margin, side, 2)
        bottom = item.getAxis("bottom")
        if self.tick_lines > 1:
            bottom.setHeight(metrics.lineSpacing() * self.tick_lines + 14)
        needed = 0
        left = item.getAxis("left")
        if left.isVisible() and left.labelText:
            title = " ".join(part for part in (left.labelText, left.labelUnits) if part)
            needed = metrics.horizontalAdvance(title) + 12 + margin + (bottom.height() if bottom.isVisible() else 0)
        height = max(self.floor, needed)
        if height != plot.minimumHeight():
            plot.setMinimumHeight(height)
        self.set_by_us = plot.minimumHeight()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FontChange:   # after the caller's own minimum has followed the type
            QTimer.singleShot(0, self, self.fit)
        return False


def fits_its_type(plot: pg.PlotWidget, tick_lines: int = 1) -> None:
    """See _FitsItsType; make_plot applies it to every plot it makes (`tick_lines`: bottom tick
    labels of that many lines)."""
    fitter = plot.__dict__.get("_fits_its_type")
    if fitter is None:
        plot.__dict__["_fits_its_type"] = _FitsItsType(plot, tick_lines)
    else:
        fitter.tick_lines = tick_lines
        fitter.fit()


def set_left_label(plot: pg.PlotWidget, text: str) -> None:
    """A new left axis title, the plot kept high enough for it (fits_its_type)."""
    plot.getPlotItem().setLabel("left", text)
    fits_its_type(plot)


def make_plot(parent: QWidget | None = None, *, left: str = "", bottom: str = "",
              widget_class: type[pg.PlotWidget] = pg.PlotWidget) -> pg.PlotWidget:
    """A PlotWidget in the lab's style: no mouse panning, light grid, labelled axes, its texts
    inside it in the type it is shown in (fits_its_type)."""
    plot = widget_class(parent, background="w", enableMenu=False,   # no menu: half the set-up time
                        axisItems={"left": KeptAxis("left"), "bottom": KeptAxis("bottom")})
    item = plot.getPlotItem()
    item.hideButtons()
    item.getViewBox().setMouseEnabled(False, False)
    item.showGrid(x=True, y=False, alpha=0.15)
    for name in ("left", "bottom"):  # tick text takes the foreground colour set at start-up
        axis = item.getAxis(name)
        axis.setPen(AXIS_PEN)
        # Axes change only with the range: repaint them from a cached pixmap, not their picture.
        axis.setCacheMode(axis.CacheMode.DeviceCoordinateCache)
    if left:
        item.setLabel("left", left)
    if bottom:
        item.setLabel("bottom", bottom)
    fits_its_type(plot)
    return plot


def canvas(plot: pg.PlotWidget, *, mouse: bool) -> None:
    """A plot used as a drawing surface: no axes, no buttons, one unit the same length both ways
    (a ring of ranks, a mesh of GPUs); `mouse` lets the user pan and zoom it."""
    item = plot.getPlotItem()
    item.hideButtons()
    for side in ("left", "bottom"):
        item.hideAxis(side)
    item.getViewBox().setAspectLocked(True)
    item.getViewBox().setMouseEnabled(mouse, mouse)


def no_tab_stop(*widgets: QWidget) -> None:
    """Charts (and the scroll areas around figures) that are looked at, not operated: Tab passes
    them by and a click leaves the focus where it was. Their hover tooltips need no focus."""
    for widget in widgets:
        widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)


def mouse_chart(plot: QWidget, name: str) -> None:
    """A chart the mouse pans, zooms or picks from and the keyboard has nothing to do with: a click
    gives it the focus (the lecture keys then step the animation rather than an editor left
    focused), Tab passes it by; `name` is what a screen reader says for it."""
    plot.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
    plot.setAccessibleName(name)


NICE_STEPS = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)


def nice_ceiling(value: float) -> float:
    """The smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k at or above `value`: an axis range
    that stays put under small edits (no jitter while a slider moves, and an unchanged axis is
    repainted from its cached pixmap)."""
    if not value > 0 or not math.isfinite(value):
        return 1.0
    scale = 10.0 ** math.floor(math.log10(value))
    return next(step * scale for step in NICE_STEPS if step * scale >= value * (1 - 1e-12))


@dataclass
class Segment:
    """One rectangle of a bar chart, with what to say about it on hover."""
    x0: float
    x1: float
    y0: float
    y1: float
    key: str
    tooltip: str


class HoverTips:
    """Shows a segment's tooltip while the mouse is over it (pyqtgraph items have no tooltips)."""

    def __init__(self, plot: pg.PlotWidget):
        self.plot = plot
        self.segments: list[Segment] = []
        self._shown: Segment | None = None
        plot.scene().sigMouseMoved.connect(self._moved)

    def set_segments(self, segments: Sequence[Segment]) -> None:
        self.segments = list(segments)

    def segment_at(self, point: QPointF) -> Segment | None:
        for segment in self.segments:
            if segment.x0 <= point.x() <= segment.x1 and segment.y0 <= point.y() <= segment.y1:
                return segment
        return None

    def tip_text(self, segment: Segment) -> str:
        """What to show for `segment` when the mouse gets to it."""
        return segment.tooltip

    def _moved(self, scene_pos: QPointF) -> None:
        view = self.plot.getPlotItem().getViewBox()
        if not view.sceneBoundingRect().contains(scene_pos):
            segment = None
        else:
            segment = self.segment_at(view.mapSceneToView(scene_pos))
        if segment is None:
            if self._shown is not None:
                QToolTip.hideText()
            self._shown = None
            return
        if segment is not self._shown:
            QToolTip.showText(QCursor.pos(), self.tip_text(segment), self.plot)
            self._shown = segment


def draw_segments(plot: pg.PlotWidget, bars: pg.BarGraphItem | None, segments: Sequence[Segment],
                  brushes: Sequence, pens: Sequence) -> pg.BarGraphItem | None:
    """`segments` as the rectangles of one BarGraphItem on `plot`, filled with `brushes` and outlined
    with `pens` (one of each per segment). `bars` is the item drawn before: it is updated in place
    (setting arrays instead of creating graphics items, which costs milliseconds), or hidden when
    there are no segments; the first segments create it. Returns the item (None: none yet)."""
    if not segments:
        if bars is not None:
            bars.hide()
        return bars
    opts = dict(x0=[s.x0 for s in segments], x1=[s.x1 for s in segments],
                y0=[s.y0 for s in segments], y1=[s.y1 for s in segments], brushes=brushes, pens=pens)
    if bars is None:
        bars = pg.BarGraphItem(**opts)
        plot.addItem(bars)
    else:
        bars.setOpts(**opts)
        bars.show()
    return bars


class BarChart:
    """A plot whose bars, text labels and reference lines are persistent items updated in place:
    a redraw sets arrays and texts instead of creating graphics items (which costs milliseconds).
    The bars of the last KEPT_BARS drawings stay as items, one shown: an edit and its undo show
    the other again instead of setting its arrays and recording its picture anew."""

    KEPT_BARS = 3

    def __init__(self, plot: pg.PlotWidget):
        self.plot = plot
        self.tips = HoverTips(plot)
        self.segments: list[Segment] = []
        self.bars: pg.BarGraphItem | None = None   # the bars shown (None: none drawn yet)
        self._kept_bars: dict[tuple, pg.BarGraphItem] = {}   # by what they draw, the latest last
        self.labels: list[pg.TextItem] = []
        self._styles: list[tuple | None] = []
        self._places: list[tuple[float, float] | None] = []
        self.lines: dict[str, pg.InfiniteLine] = {}
        # What is drawn, so that an edit that leaves the chart as it was costs nothing, not even a
        # repaint: the segments with their outlines, the view's range, changed since the last settle()
        self._drawn: tuple | None = None
        self._range: tuple | None = None
        self._changed = True

    def set_segments(self, segments: Sequence[Segment], *, highlight: str | None = None,
                     selected: str | None = None) -> None:
        """Draw filled rectangles; segments whose key is `highlight` get a thick red outline, the
        `selected` one a thick dashed outline in the text colour."""
        drawn = (segments if isinstance(segments, list) else list(segments), highlight, selected)
        if drawn == self._drawn:
            return
        self._drawn, self._changed = drawn, True
        self.segments = list(segments)
        self.tips.set_segments(self.segments)
        if not self.segments:
            if self.bars is not None:
                self.bars.hide()
            return
        key = (tuple((s.x0, s.x1, s.y0, s.y1, s.key) for s in self.segments), highlight, selected)
        bars = self._kept_bars.pop(key, None)
        if bars is None:   # the oldest drawing's item takes these bars, or a new one beneath the first
            oldest = (self._kept_bars.pop(next(iter(self._kept_bars))) if len(self._kept_bars) >= self.KEPT_BARS
                      else None)
            first = next(iter(self._kept_bars.values()), None)
            bars = draw_segments(self.plot, oldest, self.segments, [_brush(s.key) for s in self.segments],
                                 [OOM_PEN if s.key == highlight else SELECTED_PEN if s.key == selected else
                                  SEGMENT_PEN for s in self.segments])
            assert bars is not None   # segments were given
            if oldest is None and first is not None:
                bars.stackBefore(first)   # where the chart's bars are drawn: beneath its labels
        if self.bars is not None and self.bars is not bars:
            self.bars.hide()
        bars.show()
        self.bars = bars
        self._kept_bars[key] = bars

    def set_labels(self, labels: Sequence[tuple]) -> list[pg.TextItem]:
        """Show (x, y, text, options) labels, reusing text items; options as for `text`."""
        while len(self.labels) < len(labels):
            self.labels.append(text(self.plot, 0, 0, ""))
            self._styles.append(None)
            self._places.append(None)
        for index, (item, (x, y, content, options)) in enumerate(zip(self.labels, labels)):
            style = (content, tuple(sorted(options.items())))
            shown = self._styles[index]
            if style != shown:  # each of font, colour, anchor and text lays the text out again
                if shown is not None and shown[1] == style[1]:
                    item.setText(content)   # the same style: the text only
                else:
                    style_text(item, content, **options)
                self._styles[index] = style
                self._changed = True
            if self._places[index] != (x, y):
                item.setPos(x, y)
                self._places[index] = (x, y)
                self._changed = True
            if not item.isVisible():
                item.show()
                self._changed = True
        for item in self.labels[len(labels):]:
            if item.isVisible():
                item.hide()
                self._changed = True
        return self.labels[:len(labels)]

    def set_range(self, x0: float, x1: float, y0: float, y1: float) -> None:
        """Show x0..x1 by y0..y1, without padding (nothing done when it is shown already)."""
        if (x0, x1, y0, y1) != self._range:
            self._range, self._changed = (x0, x1, y0, y1), True
            self.plot.getPlotItem().getViewBox().setRange(xRange=(x0, x1), yRange=(y0, y1), padding=0)

    def set_line(self, name: str, value: float | None, label: str = "", *, vertical: bool = True) -> None:
        """A dashed red reference line (capacity); None hides it."""
        line = self.lines.get(name)
        if value is None:
            if line is not None and line.isVisible():
                line.hide()
                self._changed = True
            return
        if line is None:
            line = self.lines[name] = capacity_line(self.plot, value, label, vertical=vertical)
            self._changed = True
        if line.value() != value:
            line.setValue(value)
            self._changed = True
        if line.label.format != label:
            line.label.setFormat(label)
            self._changed = True
        if not line.isVisible():
            line.show()
            self._changed = True

    def settle(self) -> None:
        """Apply the new view range and text transforms now rather than inside the next paint
        (pyqtgraph does both lazily in paint, which schedules a second paint of the chart);
        nothing when nothing changed since the last time."""
        if not self._changed:
            return
        self._changed = False
        self.plot.getPlotItem().getViewBox().prepareForPaint()
        texts = [label for label in self.labels if label.isVisible()]
        texts += [line.label for line in self.lines.values() if line.isVisible()]
        for item in texts:
            item.updateTransform()

    def clear(self) -> None:
        self.set_segments([])
        self.set_labels([])
        for name in self.lines:
            self.set_line(name, None)


class TextLayer(pg.GraphicsObject):
    """Many short labels of one style, centred on data points, painted by one item: a redraw of
    hundreds of labels costs one paint instead of hundreds of graphics items (each TextItem costs
    about a quarter of a millisecond to create and lay out). `ground`: a colour filled behind each
    label (None: none), `pad`: pixels added to a label's width."""

    ground: QColor | None = None
    pad = 2

    def __init__(self, colour_: str = "#ffffff", size: float = 7.5):
        super().__init__()
        self.font = QFont()
        self.font.setPointSizeF(size)
        self.colour = QColor(colour_)
        self.points: list[tuple[float, float, str]] = []
        self._bounds = QRectF()

    def set_texts(self, points: Sequence[tuple[float, float, str]]) -> None:
        """(x, y, text) in data coordinates."""
        self.prepareGeometryChange()
        self.points = list(points)
        if self.points:
            xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
            self._bounds = QRectF(min(xs) - 1, min(ys) - 1, max(xs) - min(xs) + 2, max(ys) - min(ys) + 2)
        else:
            self._bounds = QRectF()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, *_) -> None:
        if not self.points:
            return
        transform = painter.transform()
        painter.save()
        painter.resetTransform()
        painter.setFont(self.font)
        painter.setPen(self.colour)
        metrics = QFontMetrics(self.font)
        height = metrics.height()
        for x, y, content in self.points:
            centre = transform.map(QPointF(x, y))
            width = metrics.horizontalAdvance(content) + self.pad
            box = QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)
            if self.ground is not None:
                painter.fillRect(box, self.ground)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, content)
        painter.restore()


LABEL_POINTS = 9.0     # a chart label's type size (text, style_text)
LABEL_MARGIN_PX = 8    # a pg.TextItem's text document keeps 4 px each side of its text


def label_font(size: float = LABEL_POINTS, bold: bool = False) -> QFont:
    """A chart label's type (text, style_text; what a label's width is measured in)."""
    font = QFont()
    font.setPointSizeF(size)
    font.setBold(bold)
    return font


def style_text(item: pg.TextItem, content: str, *, anchor=(0, 0.5), bold: bool = False,
               colour_: str = TEXT_COLOUR, size: float = LABEL_POINTS) -> None:
    item.setFont(label_font(size, bold))
    item.setColor(QColor(colour_))
    item.setAnchor(anchor)
    item.setText(content)


def capacity_line(plot: pg.PlotWidget, value: float, label: str, *, vertical: bool = True) -> pg.InfiniteLine:
    """A dashed red reference line. A horizontal line's label is right-aligned at the plot's right
    edge, above the line: the whole word stays inside the plot however narrow it is (left-aligned
    at 90 % of the width, "HBM" and "S·K = 32,768" ran past the edge at 1280 px)."""
    line = pg.InfiniteLine(pos=value, angle=90 if vertical else 0,
                           pen=pg.mkPen(CAPACITY_COLOUR, width=2, style=Qt.PenStyle.DashLine),
                           label=label, labelOpts={"position": 0.92 if vertical else 0.99,
                                                   "color": CAPACITY_COLOUR, "fill": (255, 255, 255, 210),
                                                   "anchors": [(1, 0.5), (1, 0.5)] if vertical else [(1, 1), (1, 1)]})
    plot.addItem(line)
    return line


def text(plot: pg.PlotWidget, x: float, y: float, content: str, *, anchor=(0, 0.5), bold: bool = False,
         colour_: str = TEXT_COLOUR, size: float = LABEL_POINTS) -> pg.TextItem:
    item = pg.TextItem(content, color=colour_, anchor=anchor)
    item.setFont(label_font(size, bold))
    item.setPos(x, y)
    plot.addItem(item)
    return item


def spaced_log_axis(plot: pg.PlotWidget, side: str = "left") -> None:
    """A log axis whose decade labels never run into one another: a label every k decades, k the
    least that leaves a label's height between neighbours at the plot's size (five decades in
    150–200 % type ran together on a short chart), worked out again on resize and range change."""
    view = plot.getPlotItem().getViewBox()
    axis = plot.getPlotItem().getAxis(side)
    across = side in ("bottom", "top")

    def respace(*_) -> None:
        low, high = view.viewRange()[0 if across else 1]
        pixels = view.boundingRect().width() if across else view.boundingRect().height()
        metrics = QFontMetrics(axis.style.get("tickFont") or plot.font())
        extent = metrics.horizontalAdvance("10⁻⁰⁰") + 8 if across else metrics.height() + 2
        every = max(1, math.ceil(extent * max(high - low, 1e-9) / max(pixels, 1e-9) - 1e-9))
        if every == 1:
            axis.setTickSpacing()   # pyqtgraph's own choice
        else:
            axis.setTickSpacing(major=every, minor=every)

    view.sigResized.connect(respace)
    view.sigRangeChanged.connect(respace)
    respace()


def category_axis(plot: pg.PlotWidget, side: str, labels: Sequence[str],
                  positions: Sequence[float] | None = None) -> None:
    axis = plot.getPlotItem().getAxis(side)
    positions = positions if positions is not None else range(len(labels))
    ticks = [list(zip(positions, labels)), []]
    if getattr(axis, "_tickLevels", None) != ticks:   # the same ticks again: no new picture to draw
        axis.setTicks(ticks)


def spaced_category_axis(plot: pg.PlotWidget, side: str, labels: Sequence[str],
                         positions: Sequence[float] | None = None) -> None:
    """category_axis whose labels never run into one another: every k-th label is shown, k the
    least that leaves a label's extent (its height on the left or right axis, its width at the
    bottom or top) between shown neighbours at the plot's size and range — worked out again when
    the plot is resized or its range changes (larger type in presentation mode, many ranks)."""
    positions = list(positions if positions is not None else range(len(labels)))
    spaced = plot.__dict__.setdefault("_spaced_axes", {})
    first = not spaced
    spaced[side] = (list(labels), positions)
    view = plot.getPlotItem().getViewBox()

    def respace(*_) -> None:
        for axis_side, (names, places) in spaced.items():
            axis = plot.getPlotItem().getAxis(axis_side)
            across = axis_side in ("bottom", "top")
            low, high = view.viewRange()[0 if across else 1]
            pixels = view.boundingRect().width() if across else view.boundingRect().height()
            gap = min((b - a for a, b in zip(places, places[1:]) if b > a), default=1.0)
            per_label = pixels * gap / max(high - low, 1e-12)
            metrics = QFontMetrics(axis.style.get("tickFont") or plot.font())
            extent = (max((metrics.horizontalAdvance(name) for name in names), default=0) + 8 if across
                      else metrics.ascent() + 2)   # labels without descenders: their ascent, a gap
            every = max(1, math.ceil(extent / max(per_label, 1e-9)))
            axis.setTicks([[(p, name) for i, (p, name) in enumerate(zip(places, names)) if i % every == 0], []])

    if first:
        view.sigResized.connect(respace)
        view.sigRangeChanged.connect(respace)
    respace()
