"""The Gantt chart of one schedule: a lane per rank, its ops as boxes, a time cursor and a curtain
over what has not run yet."""
from __future__ import annotations

import bisect
import math

import numpy as np
import pyqtgraph as pg
from pyqtgraph.Qt.internals import PrimitiveArray
from PySide6.QtCore import QCoreApplication, QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QCursor, QPainter, QPen, QPicture
from PySide6.QtWidgets import QToolTip, QWidget

from tslab.models.pipeline import Simulation
from tslab.views import charts
from tslab.views.pipeline.common import OP_COLOURS

LANE_COLOUR = "#E4E4E4"    # a rank's lane: what no op covers is bubble
CURTAIN = (255, 255, 255, 225)  # hides what has not run yet while animating
LABEL_LIMIT = 700          # micro-batch numbers drawn on ops up to this many units
LABELLED_RANKS = 32        # up to this many ranks each lane is named (the chart grows for them)


def axis_label(seconds: bool) -> str:
    """The time axis: milliseconds when the durations are the step-time model's seconds
    (schedule.durations = "model"), else the units the durations were typed in."""
    if seconds:
        return QCoreApplication.translate("PipelineTab", "time (ms, from the step-time model)")
    return QCoreApplication.translate("PipelineTab", "time (units of the op durations)")


def time_text(value: float, seconds: bool) -> str:
    """A time of the schedule: "1.23 ms" for the model's seconds, else the typed units as they are."""
    if seconds:
        ms = value * 1e3
        return QCoreApplication.translate("PipelineTab", "{value} ms").format(
            value=f"{ms:,.0f}" if abs(ms) >= 1000 else f"{ms:.4g}")
    return f"{value:g}"


def set_time_axis(plot: pg.PlotWidget, seconds: bool, *, label: bool = True) -> None:
    """Ticks in milliseconds for seconds (the view keeps seconds: the ops' own times), else units."""
    item = plot.getPlotItem()
    axis = item.getAxis("bottom")
    axis.setSIPrefixEnableRanges(())   # pyqtgraph would rescale times below 1 by an SI prefix of its own
    axis.setScale(1e3 if seconds else 1.0)
    axis.updateAutoSIPrefix()
    if label:
        item.setLabel("bottom", axis_label(seconds))


_FILLS: dict[tuple[str, bool], QBrush] = {}   # an op type's fill, and its darker one (second chunk)


def fill(kind: str, second: bool) -> QBrush:
    """The box fill of an op type ("FB": an overlapped pair), darker for a rank's second chunk:
    made once (a long schedule draws 10⁴–10⁵ boxes at each edit, each fill made anew took
    pyqtgraph a tenth of a second)."""
    brush = _FILLS.get((kind, second))
    if brush is None:
        colour = QColor(OP_COLOURS[kind])
        brush = _FILLS[(kind, second)] = QBrush(colour.darker(135) if second else colour)
    return brush


class OneOutlineBars(pg.BarGraphItem):
    """Bars with one outline and a fill each, recorded a fill at a time: every fill's bars in one
    QPainter.drawRects, where pyqtgraph sets a brush and draws a rectangle per bar in Python (a
    schedule's 10⁴ boxes took it tens of milliseconds, at each edit). The bars do not overlap (a
    rank runs one op at a time), so the order they are drawn in does not show. While the typical
    bar is narrower than OUTLINED_PX on screen the outlines are left out: a pixel of outline per
    bar of less than a pixel painted a long schedule's lanes white (zoomed in, they come back)."""

    OUTLINED_PX = 3.0
    picture: QPicture | None
    _fills: QPicture | None = None   # the bars without outlines, recorded when first shown
    _batches: tuple = ()             # (fill, its bars) of the bars drawn
    _width = 0.0                     # the median bar's width, in data units

    def drawPicture(self):
        brushes = self._brushes
        if brushes is None or self._pens is not None:   # not what the Gantt draws: pyqtgraph's way
            super().drawPicture()
            self._fills, self._batches, self._width = self.picture, (), 0.0
            return
        rectangles = self._rectarray.ndarray()
        self._width = float(np.median(rectangles[:, 2])) if len(rectangles) else 0.0
        groups: dict[int, list[int]] = {}
        for index, brush in enumerate(brushes):
            groups.setdefault(id(brush), []).append(index)
        batches = []
        for indices in groups.values():
            batch = PrimitiveArray(QRectF, 4)
            batch.resize(len(indices))
            batch.ndarray()[:] = rectangles[indices]
            batches.append((brushes[indices[0]], batch))
        self._batches, self._fills = tuple(batches), None
        self.picture = self._record(self._sharedPen)

    def _record(self, pen: QPen) -> QPicture:
        """The bars, a fill at a time, outlined with `pen`."""
        picture = QPicture()
        painter = QPainter(picture)
        try:
            painter.setPen(pen)
            for brush, batch in self._batches:
                painter.setBrush(brush)
                painter.drawRects(*batch.drawargs())
        finally:
            painter.end()
        return picture

    def paint(self, p, *args):
        # nothing here may raise: an exception escaping a paint override makes PySide (6.10–6.12)
        # drop a reference to the override's function, which crashes the window later
        if self.picture is None:
            self.drawPicture()
        if self._width * abs(p.transform().m11()) >= self.OUTLINED_PX:
            drawing = self.picture
        else:
            if self._fills is None:
                self._fills = self._record(QPen(Qt.PenStyle.NoPen))
            drawing = self._fills
        if drawing is not None:
            drawing.play(p)


class Unit:
    """What a rank runs for a while: one op, or an overlapped F&B pair drawn as one box. Ops of
    a rank's second chunk (the V's way back, DualPipe's second copy, odd interleaved chunks) are
    drawn darker, as the papers tell the two directions apart."""
    __slots__ = ("rank", "start", "end", "ops", "label", "fill")

    def __init__(self, ops, ranks: int):
        self.ops = ops
        self.rank, self.start, self.end = ops[0].rank, ops[0].start, ops[0].end
        second = (ops[0].stage // ranks) % 2 == 1
        if len(ops) > 1:
            self.label = "/".join(f"{op.type}{op.mb}" for op in ops)
            self.fill = fill("FB", second)
        else:
            self.label = str(ops[0].mb)
            self.fill = fill(ops[0].type, second)

    @property
    def colour(self) -> QColor:
        return self.fill.color()


def units_of(sim: Simulation) -> list[Unit]:
    pairs: dict[tuple[int, int], list] = {}
    units = []
    for op in sim.ops:
        if op.overlap is None:
            units.append(Unit([op], sim.ranks))
        else:
            pairs.setdefault((op.rank, op.overlap), []).append(op)
    units += [Unit(sorted(ops, key=lambda op: op.type != "F"), sim.ranks) for ops in pairs.values()]
    units.sort(key=lambda unit: (unit.rank, unit.start))
    return units


def op_tooltip(unit: Unit, seconds: bool = False) -> str:
    lines = []
    for op in unit.ops:
        what = QCoreApplication.translate("PipelineTab", "{type} of micro-batch {mb}, stage {stage}")
        lines.append("<b>" + what.format(type=op.type, mb=op.mb, stage=op.stage) + "</b>")
    if seconds:
        lines.append(QCoreApplication.translate("PipelineTab", "rank {rank}: {start} → {end}").format(
            rank=unit.rank, start=time_text(unit.start, True), end=time_text(unit.end, True)))
    else:
        lines.append(QCoreApplication.translate("PipelineTab", "rank {rank}: {start:g} → {end:g}").format(
            rank=unit.rank, start=unit.start, end=unit.end))
    waits = [op.waited_for for op in unit.ops if op.waited_for]
    if waits:
        lines.append(QCoreApplication.translate("PipelineTab", "waited for: {what}").format(what="; ".join(waits)))
    else:
        lines.append(QCoreApplication.translate("PipelineTab", "started as soon as the rank was free"))
    return "<br>".join(lines)


class GanttView(pg.PlotWidget):
    """One schedule: lanes per rank (grey = bubble), ops coloured by type, a time cursor and a
    curtain over what has not run yet, and below each lane nothing else: activations are drawn
    by ActivationView."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, background="w", enableMenu=False)
        item = self.getPlotItem()
        item.hideButtons()
        self.seconds = False   # the durations are the step-time model's seconds: the axis in ms
        set_time_axis(self, False)
        view = item.getViewBox()
        view.setMouseEnabled(True, False)
        view.invertY(True)
        self.lanes = pg.BarGraphItem(x0=[0], y0=[0], width=[0], height=[0], brush=LANE_COLOUR, pen=pg.mkPen(None))
        self.boxes = OneOutlineBars(x0=[0], y0=[0], width=[0], height=[0])
        self.curtain = pg.BarGraphItem(x0=[0], y0=[0], width=[0], height=[0], brush=pg.mkBrush(CURTAIN),
                                       pen=pg.mkPen(None))
        self.cursor = pg.InfiniteLine(pos=0, angle=90, pen=pg.mkPen("#202020", width=2))
        self.curtain.setZValue(5)
        self.cursor.setZValue(6)
        for graphic in (self.lanes, self.boxes, self.curtain, self.cursor):
            self.addItem(graphic)
        for graphic in (self.lanes, self.boxes):  # static while animating: paint from a pixmap
            graphic.setCacheMode(graphic.CacheMode.DeviceCoordinateCache)
        self.labels = charts.TextLayer("#ffffff", 7.5)  # micro-batch numbers on the ops
        self.addItem(self.labels)
        self.sim: Simulation | None = None
        self.units: list[Unit] = []
        self._starts: dict[int, list[float]] = {}
        self._by_rank: dict[int, list[Unit]] = {}
        self._hovered: Unit | None = None
        self.scene().sigMouseMoved.connect(self._moved)

    def sizeHint(self) -> QSize:
        return QSize(900, 300)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and self.sim is not None and self.getPlotItem() is not None:
            self._fit_ranks(self.sim.ranks)

    def _fit_ranks(self, ranks: int) -> None:
        """At least a label's height per rank up to LABELLED_RANKS ranks, so that each is named
        (in presentation type too: the figure scrolls rather than name every other rank); more
        ranks than that are named every k-th (spaced_category_axis)."""
        metrics = self.fontMetrics()
        axis = self.getPlotItem().getAxis("bottom")
        height = (min(ranks, LABELLED_RANKS) + 0.2) * (metrics.ascent() + 3) + axis.height() + metrics.height()
        self.setMinimumHeight(math.ceil(height))

    def show_simulation(self, sim: Simulation, *, draw_ops: bool = True, seconds: bool = False) -> None:
        """Draw `sim`; without `draw_ops` only the lanes and the time axis (a schedule too large to
        draw op by op). `seconds`: its times are seconds (shown in ms), else typed units."""
        self.sim = sim
        if seconds != self.seconds:
            self.seconds = seconds
            set_time_axis(self, seconds)
        self.units = units_of(sim) if draw_ops else []
        p = sim.ranks
        self._fit_ranks(p)
        self.lanes.setOpts(x0=np.zeros(p), y0=np.arange(p) - 0.42, width=np.full(p, sim.makespan),
                           height=np.full(p, 0.84))
        self.boxes.setVisible(bool(self.units))  # (pyqtgraph's bars cannot take empty pen lists)
        if self.units:
            self.boxes.setOpts(x0=[u.start for u in self.units], y0=[u.rank - 0.38 for u in self.units],
                               width=[u.end - u.start for u in self.units], height=np.full(len(self.units), 0.76),
                               brushes=[u.fill for u in self.units], pens=None,
                               pen=charts.SEGMENT_PEN)   # one outline for every box
        self._by_rank = {rank: [u for u in self.units if u.rank == rank] for rank in range(p)}
        self._starts = {rank: [u.start for u in units] for rank, units in self._by_rank.items()}
        labels = []
        if len(self.units) <= LABEL_LIMIT:
            labels = [((u.start + u.end) / 2, u.rank, u.label) for u in self.units]
        self.labels.set_texts(labels)
        charts.spaced_category_axis(self, "left", [f"rank {r}" for r in range(p)])   # larger type: every k-th rank
        self.setXRange(0, sim.makespan, padding=0.01)
        self.setYRange(-0.6, p - 0.4, padding=0)
        self.set_time(sim.makespan)

    def set_time(self, t: float) -> None:
        """Show the schedule up to time t: the cursor at t, a curtain over what comes later."""
        if self.sim is None:
            return
        end = self.sim.makespan
        self.cursor.setValue(t)
        self.cursor.setVisible(t < end)
        self.curtain.setOpts(x0=[t], y0=[-0.6], width=[max(end - t, 0) * 1.02 + 1e-9], height=[self.sim.ranks + 0.2])
        self.curtain.setVisible(t < end)

    def unit_at(self, x: float, y: float) -> Unit | None:
        rank = round(y)
        if rank not in self._by_rank:
            return None
        index = bisect.bisect_right(self._starts[rank], x) - 1
        if index < 0:
            return None
        unit = self._by_rank[rank][index]
        return unit if unit.start <= x <= unit.end and abs(y - rank) <= 0.4 else None

    def _moved(self, scene_pos: QPointF) -> None:
        view = self.getPlotItem().getViewBox()
        unit = None
        if self.sim is not None and view.sceneBoundingRect().contains(scene_pos):
            point = view.mapSceneToView(scene_pos)
            unit = self.unit_at(point.x(), point.y())
        if unit is self._hovered:
            return
        self._hovered = unit
        if unit is None:
            QToolTip.hideText()
        else:
            QToolTip.showText(QCursor.pos(), op_tooltip(unit, self.seconds), self)
