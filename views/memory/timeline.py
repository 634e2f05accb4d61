"""Memory over time: a lane per pipeline rank with its GPU tier over the simulated step, the
capacity line and the peak marked (models/memory/timeline.py).

Run alone with ``python -m tslab.views.memory.timeline [PRESET]``.
"""
from __future__ import annotations

import math
import sys

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPointF, QSize, Qt
from PySide6.QtGui import QColor, QCursor, QFont, QFontMetrics
from PySide6.QtWidgets import QLabel, QToolTip, QVBoxLayout, QWidget

from tslab.models.memory import gib
from tslab.models.memory.timeline import MemoryLane, MemoryTimeline
from tslab.models.pipeline import Op
from tslab.views import charts
from tslab.views.common import paint_white
from tslab.views.memory.common import GIB
from tslab.views.texts import ledger_name

MAX_LANES = 16      # lanes drawn at most; deeper pipelines show evenly chosen ranks
LANE_FILL = 0.84    # share of a lane's height its bytes may take (capacity or the highest peak)
# The capacity sets the lanes' scale unless it is this many times the highest peak: the lanes then
# scale to the peaks (and say that the capacity is off the scale), so that a 300-pixel pane still
# shows how the bytes come and go.
CAPACITY_IN_SCALE = 1.5
HELD_COLOUR = "#9DB9D3"          # bytes held all step (model states, buffers)
VARYING_COLOUR = charts.ITEM_COLOURS["activations"]   # what comes and goes with the ops
LABEL_FILL = (255, 255, 255, 185)


def shown_ranks(count: int, most_loaded: int, limit: int = MAX_LANES) -> list[int]:
    """All ranks, or `limit` evenly chosen ones: the first and the last (they hold the embedding
    and the head) and the most loaded, which replaces the nearest chosen rank between them."""
    if count <= limit:
        return list(range(count))
    chosen = {round(i * (count - 1) / (limit - 1)) for i in range(limit)}
    if most_loaded not in chosen:
        inner = chosen - {0, count - 1}
        chosen.discard(min(inner, key=lambda rank: (abs(rank - most_loaded), rank)))
        chosen.add(most_loaded)
    return sorted(chosen)


def op_text(op: Op) -> str:
    what = QCoreApplication.translate("PipelineTab", "{type} of micro-batch {mb}, stage {stage}")
    return what.format(type=op.type, mb=op.mb, stage=op.stage)


def instant_tooltip(lane: MemoryLane, t: float) -> str:
    """What rank `lane.rank` holds at time t, and the ops it runs then."""
    index = lane.index_at(t)
    translate = QCoreApplication.translate
    lines = ["<b>" + translate("MemoryLanes", "Pipeline rank {rank} at t = {time}").format(
                 rank=lane.rank, time=f"{t:.4g}") + "</b>",
             translate("MemoryLanes", "GPU tier: {value} of {capacity}").format(
                 value=gib(lane.bytes[index]), capacity=gib(lane.capacity_bytes)),
             translate("MemoryLanes", "activation sets held: {sets} (at most {peak})").format(
                 sets=lane.sets[index], peak=lane.peak_sets)]
    if lane.peak_logits:
        lines.append(translate("MemoryLanes", "micro-batches' logits held: {count}").format(count=lane.logits[index]))
    ops = lane.ops_at(t)
    if ops:
        lines.append(translate("MemoryLanes", "running: {ops}").format(ops="; ".join(op_text(op) for op in ops)))
    else:
        lines.append(translate("MemoryLanes", "no op running (bubble)"))
    return "<br>".join(lines)


MIN_LANE_PX = 26  # a lane's least height: its peak label's line and a margin


class MemoryLanes(QWidget):
    """One lane per pipeline rank (at most MAX_LANES): the rank's GPU tier over the step as a
    filled step curve (dark: held all step; orange: activations, logits and working sets that come
    and go with the ops), the capacity as a dashed red line, the peak marked and labelled. All
    lanes share one byte scale, so uneven ranks look uneven. Hover a lane for the bytes at that
    instant and the ops running."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        paint_white(self)
        self.timeline: MemoryTimeline | None = None
        self.capacity = 0
        self.ranks: list[int] = []                 # the ranks drawn, top lane first
        self.scale = 1.0                           # GiB of a whole lane's height
        self.markers: list[tuple[int, float, int, str]] = []  # (rank, time, bytes, label) of each peak

        self.heading = QLabel(self)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.heading.setWordWrap(True)
        self.plot = charts.make_plot(self, bottom=QCoreApplication.translate(
            "PipelineTab", "time (units of the op durations)"))
        self.plot.getPlotItem().showGrid(x=True, y=False, alpha=0.12)
        self.plot.setMinimumHeight(150)
        charts.no_tab_stop(self.plot)   # hover tips only
        self.lane_bands = pg.BarGraphItem(x0=[0], y0=[0], width=[0], height=[0], brush="#F4F4F4",
                                          pen=pg.mkPen(None))
        self.plot.addItem(self.lane_bands)
        self.curves: list[pg.PlotDataItem] = []
        self.capacity_lines = pg.PlotDataItem(pen=pg.mkPen(charts.CAPACITY_COLOUR, width=1.5,
                                                           style=Qt.PenStyle.DashLine), connect="finite")
        self.capacity_lines.setZValue(3)
        self.plot.addItem(self.capacity_lines)
        self.peaks = pg.ScatterPlotItem(size=9, symbol="t", pen=pg.mkPen("w", width=1))
        self.peaks.setZValue(5)
        self.plot.addItem(self.peaks)
        self.labels: list[pg.TextItem] = []
        self.capacity_label = self._text_item(charts.CAPACITY_COLOUR, bold=False)
        self.cursor_line = pg.InfiniteLine(angle=90, pen=pg.mkPen(charts.TEXT_COLOUR, width=1))
        self.cursor_line.setZValue(6)
        self.cursor_line.hide()
        self.plot.addItem(self.cursor_line)
        self._hovered: tuple[int, int] | None = None
        self.plot.scene().sigMouseMoved.connect(self._moved)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(2)
        self.reason = QLabel(self)  # why there are no lanes, in place of the plot
        self.reason.setWordWrap(True)
        self.reason.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.reason.hide()
        layout.addWidget(self.heading)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.reason, 1)

    def sizeHint(self) -> QSize:
        return QSize(900, 300)

    def _text_item(self, colour_: str, *, bold: bool = True, size: float = 8.0) -> pg.TextItem:
        item = pg.TextItem("", color=colour_, anchor=(0, 0.5), fill=pg.mkBrush(*LABEL_FILL))
        font = QFont()
        font.setPointSizeF(size)
        font.setBold(bold)
        item.setFont(font)
        item.setZValue(7)
        item.hide()
        self.plot.addItem(item)
        return item

    # -----------------------------------------------------------------------------------------
    def show_reason(self, text: str) -> None:
        """No lanes: say why (a schedule too large to simulate, or one that cannot be generated)."""
        self.timeline = None
        self.ranks, self.markers = [], []
        self._clear_lanes()
        self._set_heading("", legend=False)
        self.reason.setText(self.tr("No memory over time: {reason}").format(reason=text))
        self.plot.hide()
        self.reason.show()

    def show_timeline(self, timeline: MemoryTimeline, capacity: int) -> None:
        """Draw every rank's lane (or MAX_LANES evenly chosen ones) with `capacity` bytes marked."""
        if timeline.reason or not timeline.lanes:
            self.show_reason(timeline.reason)
            return
        self.timeline, self.capacity = timeline, capacity
        self.reason.hide()
        self.plot.show()
        self._hovered = None
        most = timeline.most_loaded
        self.ranks = shown_ranks(len(timeline.lanes), most)
        lanes = [timeline.lanes[rank] for rank in self.ranks]
        highest = max(lane.peak_bytes for lane in lanes)
        on_scale = capacity <= CAPACITY_IN_SCALE * highest
        top = max(highest, capacity if on_scale else 0) / GIB
        self.scale = charts.nice_ceiling(top) / LANE_FILL if top > 0 else 1.0
        makespan = timeline.makespan if timeline.makespan > 0 else 1.0
        count = len(lanes)
        # every lane keeps room for its peak label: a short pane scrolls (MemoryTab) instead
        self.plot.setMinimumHeight(max(150, count * MIN_LANE_PX + 50))
        self._clear_lanes()
        self.lane_bands.setOpts(x0=np.zeros(count), y0=np.arange(count) + 0.02, width=np.full(count, makespan),
                                height=np.full(count, 0.96))
        self.lane_bands.show()
        capacity_x: list[float] = []
        capacity_y: list[float] = []
        for index, lane in enumerate(lanes):
            base = self._base(index)
            self._draw_lane(lane, base, makespan)
            level = base + capacity / GIB / self.scale
            capacity_x += [0.0, makespan, math.nan]
            capacity_y += [level, level, math.nan]
        self.capacity_lines.setData(capacity_x, capacity_y)
        self.capacity_lines.setVisible(on_scale)
        if on_scale:
            self.capacity_label.setText(self.tr("capacity {value}").format(value=gib(capacity)))
            self.capacity_label.setAnchor((1, 0))  # under the line, inside the top lane
            self.capacity_label.setPos(makespan, self._base(0) + capacity / GIB / self.scale)
        else:
            self.capacity_label.setText(self.tr("capacity {value}: above the scale, {free} over the highest "
                                                "peak").format(value=gib(capacity), free=gib(capacity - highest)))
            self.capacity_label.setAnchor((1, 0))
            self.capacity_label.setPos(makespan, float(count))
        self.capacity_label.show()
        self._draw_peaks(lanes, makespan)
        ticks = [self.tr("rank {rank}").format(rank=rank) + (" ◆" if rank == most else "") for rank in self.ranks]
        charts.category_axis(self.plot, "left", ticks, [self._base(i) + 0.45 for i in range(count)])
        axis = self.plot.getPlotItem().getAxis("left")
        metrics = QFontMetrics(axis.style["tickFont"] or QFont())
        axis.setWidth(max(metrics.horizontalAdvance(tick) for tick in ticks) + 14)  # now, not after a paint
        self.plot.setXRange(0, makespan, padding=0.01)
        self.plot.setYRange(0, count, padding=0.01)
        note = self.tr("◆ most loaded: peak {value} on rank {rank}").format(
            value=gib(timeline.lanes[most].peak_bytes), rank=most)
        if len(self.ranks) < len(timeline.lanes):
            note = self.tr("{shown} of {count} ranks shown, evenly chosen, with the first, the last and the most "
                           "loaded.").format(shown=len(self.ranks), count=len(timeline.lanes)) + " " + note
        self._set_heading(note)
        self.plot.getPlotItem().getViewBox().prepareForPaint()

    # -----------------------------------------------------------------------------------------
    def _base(self, index: int) -> float:
        """The bottom of the lane drawn `index`-th from the top."""
        return float(len(self.ranks) - 1 - index)

    def _set_heading(self, note: str, *, legend: bool = True) -> None:
        """Two lines at most: the title, the legend and what the figure is; then `note`."""
        swatch = "<span style='color:{c}'>■</span>&nbsp;{t}"
        swatches = " &nbsp; ".join([swatch.format(c=HELD_COLOUR, t=self.tr("held all step")),
                                  swatch.format(c=VARYING_COLOUR, t=self.tr("activations over time")),
                                  f"<span style='color:{charts.CAPACITY_COLOUR}'>- -</span>&nbsp;"
                                  + self.tr("capacity")])
        title = self.tr("GPU memory over the step, per pipeline rank")
        caption = self.tr("(deterministic teaching model)")
        text = (f"<b>{title}</b> &nbsp; " + (f"{swatches} &nbsp; " if legend else "")
                + f"<span style='color:#555555'>{caption}</span>")
        if note:
            text += f"<br><span style='font-size:small'>{note}</span>"
        if self.heading.text() != text:
            self.heading.setText(text)

    def _clear_lanes(self) -> None:
        for curve in self.curves:
            self.plot.removeItem(curve)
        self.curves = []
        self.lane_bands.hide()
        self.capacity_lines.hide()
        self.capacity_label.hide()
        self.peaks.setData([], [])
        for label in self.labels:
            label.hide()
        self.cursor_line.hide()

    def _draw_lane(self, lane: MemoryLane, base: float, makespan: float) -> None:
        held = min(lane.bytes) / GIB / self.scale
        x = np.append(np.asarray(lane.times, dtype=float), makespan)
        y = base + np.asarray(lane.bytes, dtype=float) / GIB / self.scale
        floor = pg.PlotDataItem([0.0, makespan], [base + held], stepMode="center",
                                fillLevel=base, brush=pg.mkBrush(HELD_COLOUR), pen=pg.mkPen(None))
        varying = QColor(VARYING_COLOUR)
        varying.setAlpha(150)
        curve = pg.PlotDataItem(x, y, stepMode="center", fillLevel=base + held, brush=pg.mkBrush(varying),
                                pen=pg.mkPen(VARYING_COLOUR, width=1.2))
        for item in (floor, curve):
            item.setZValue(1)
            self.plot.addItem(item)
            self.curves.append(item)
        curve.setZValue(2)

    def _draw_peaks(self, lanes: list[MemoryLane], makespan: float) -> None:
        self.markers = []
        xs, ys, brushes = [], [], []
        while len(self.labels) < len(lanes):
            self.labels.append(self._text_item(charts.TEXT_COLOUR))
        font = QFont()  # lanes of 15 pixels (16 in a 300-pixel pane) take a lighter, smaller label
        font.setPointSizeF(8.0 if len(lanes) <= 8 else 7.5)
        font.setBold(len(lanes) <= 8)
        for index, (lane, label) in enumerate(zip(lanes, self.labels)):
            base = self._base(index)
            top = base + lane.peak_bytes / GIB / self.scale
            over = lane.peak_bytes > self.capacity
            text = self.tr("peak {value} at t = {time} ({item})").format(
                value=gib(lane.peak_bytes), time=f"{lane.peak_time:.4g}", item=ledger_name(lane.peak_item.name))
            oom = lane.first_oom if over else None
            if oom is not None:
                text += " · " + QCoreApplication.translate("MemoryFigure", "first OOM: {name}").format(
                    name=ledger_name(oom.name))
            self.markers.append((lane.rank, lane.peak_time, lane.peak_bytes, text))
            xs.append(lane.peak_time)
            ys.append(top)
            brushes.append(pg.mkBrush(charts.CAPACITY_COLOUR if over else charts.TEXT_COLOUR))
            label.setFont(font)
            label.setText(text)
            label.setColor(QColor(charts.CAPACITY_COLOUR if over else charts.TEXT_COLOUR))
            right = lane.peak_time > 0.6 * makespan   # the label on the side with room
            label.setAnchor((1, 0.5) if right else (0, 0.5))
            label.setPos(lane.peak_time + (-0.006 if right else 0.006) * makespan, base + 0.5)
            label.show()
        for label in self.labels[len(lanes):]:
            label.hide()
        self.peaks.setData(xs, ys, brush=brushes)

    def peak_marker_bytes(self) -> list[tuple[int, float, float]]:
        """(rank, time, bytes) of each drawn peak marker, read back from the plot's points."""
        points = self.peaks.data
        out = []
        for index, (x, y) in enumerate(zip(points["x"], points["y"])):
            base = self._base(index)
            out.append((self.ranks[index], float(x), (float(y) - base) * self.scale * GIB))
        return out

    # -----------------------------------------------------------------------------------------
    def lane_at(self, x: float, y: float) -> MemoryLane | None:
        if self.timeline is None or not self.ranks:
            return None
        index = len(self.ranks) - 1 - math.floor(y)
        if not 0 <= index < len(self.ranks) or not 0 <= x <= self.timeline.makespan:
            return None
        return self.timeline.lanes[self.ranks[index]]

    def _moved(self, scene_pos: QPointF) -> None:
        view = self.plot.getPlotItem().getViewBox()
        lane = None
        if view.sceneBoundingRect().contains(scene_pos):
            point = view.mapSceneToView(scene_pos)
            lane = self.lane_at(point.x(), point.y())
        if lane is None:
            self.cursor_line.hide()
            if self._hovered is not None:
                QToolTip.hideText()
            self._hovered = None
            return
        t = point.x()
        self.cursor_line.setValue(t)
        self.cursor_line.show()
        key = (lane.rank, lane.index_at(t))
        if key != self._hovered:
            self._hovered = key
            QToolTip.showText(QCursor.pos(), instant_tooltip(lane, t), self.plot)


def main(argv: list[str] | None = None) -> int:
    """Open the lanes alone on a preset (default: the classroom scenario on four pipeline ranks)."""
    from tslab.models.hardware import capacity_bytes
    from tslab.models.memory.timeline import memory_timeline
    from tslab.models.presets import DEFAULT_PRESET, load_preset
    from tslab.views.application import create_application
    argv = sys.argv[1:] if argv is None else argv
    app = create_application(sys.argv[:1])
    scenario = load_preset(argv[0]) if argv else load_preset(DEFAULT_PRESET).replace(**{"parallel.pp": 4})
    lanes = MemoryLanes()
    lanes.show_timeline(memory_timeline(scenario), capacity_bytes(scenario.cluster.gpu, scenario.cluster.hbm_gib))
    lanes.resize(1000, 320)
    lanes.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
