"""Activations held per rank over a schedule's time, drawn under its Gantt chart."""
from __future__ import annotations

import bisect
import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QSize
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QWidget

from tslab.models.pipeline import Simulation
from tslab.views import charts
from tslab.views.pipeline.gantt import set_time_axis


class ActivationView(pg.PlotWidget):
    """Activations held per rank over time (a step line per rank lane), its peak marked."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, background="w", enableMenu=False)
        item = self.getPlotItem()
        item.hideButtons()
        item.getViewBox().setMouseEnabled(True, False)
        item.getViewBox().invertY(True)
        # lanes of whole ranks: a single rank's lane spans less than 1, which pyqtgraph would mark "(x0.001)"
        item.getAxis("left").enableAutoSIPrefix(False)
        self.curves: list[pg.PlotDataItem] = []
        self.peaks = charts.BarChart(self)
        self.now = charts.BarChart(self)
        self.sim: Simulation | None = None
        self._peak_labels: list[tuple] = []
        self._time = 0.0
        charts.fits_its_type(self)   # its axis title and top lane's label inside it in larger type
        self.every = 1   # a lane's labels on every k-th rank: k the least that keeps them apart
        item.getViewBox().sigResized.connect(self._respace)
        item.getViewBox().sigYRangeChanged.connect(self._respace)

    def sizeHint(self) -> QSize:
        return QSize(900, 160)

    def show_simulation(self, sim: Simulation | None, seconds: bool = False) -> None:
        """Draw the activations held over `sim`'s time (None: clear the lanes); `seconds`: its times
        are seconds, ticked in ms as the Gantt above."""
        self.sim = sim
        set_time_axis(self, seconds, label=False)
        for curve in self.curves:
            self.removeItem(curve)
        self.curves = []
        if sim is None:
            self.peaks.set_labels([])
            self.now.set_labels([])
            return
        top = max(max(sim.peak_activations), 1)
        labels = []
        for rank, steps in enumerate(sim.activation_steps):
            times = [t for t, _ in steps] + [sim.makespan]
            counts = [c for _, c in steps]
            lane = rank + 0.4 - 0.8 * np.asarray(counts, dtype=float) / top  # a lane per rank, up = more
            curve = pg.PlotDataItem(times, lane, stepMode="center", pen=pg.mkPen("#D55E00", width=1.5))
            curve.setCacheMode(curve.CacheMode.DeviceCoordinateCache)  # static while animating
            self.addItem(curve)
            self.curves.append(curve)
            peak = sim.peak_activations[rank]
            at = next((t for t, c in steps if c == peak), 0.0)
            labels.append((at, rank + 0.4 - 0.8 * peak / top, f"◀ {peak}",
                           {"anchor": (0, 0.5), "colour_": "#D55E00", "size": 7.5, "bold": True}))
        self._peak_labels = labels
        charts.spaced_category_axis(self, "left", [f"{r}" for r in range(sim.ranks)])
        charts.set_left_label(self, QCoreApplication.translate("PipelineTab", "activations held"))
        self.setYRange(-0.7, sim.ranks - 0.4, padding=0)
        self._time = sim.makespan
        self._respace()

    def _respace(self, *_) -> None:
        """Label every k-th lane, k the least that keeps a label's height between shown lanes (16
        ranks in larger type ran their peak labels into each other); the peaks of all ranks are
        listed beside the chart."""
        if self.sim is None:
            return
        view = self.getPlotItem().getViewBox()
        low, high = view.viewRange()[1]
        per_lane = view.boundingRect().height() / max(high - low, 1e-9)
        font = QFont()
        font.setPointSizeF(8)
        font.setBold(True)
        every = max(1, math.ceil(QFontMetrics(font).height() / max(per_lane, 1e-9)))
        self.every = every
        self.peaks.set_labels([label for rank, label in enumerate(self._peak_labels) if rank % every == 0])
        self.set_time(self._time)

    def set_time(self, t: float) -> None:
        """Live counts at time t, one per labelled lane."""
        self._time = t
        if self.sim is None:
            return
        labels = []
        if t < self.sim.makespan:
            for rank, steps in enumerate(self.sim.activation_steps):
                if rank % self.every:
                    continue
                index = bisect.bisect_right([s for s, _ in steps], t) - 1
                count = steps[max(index, 0)][1]
                labels.append((t, rank, str(count),
                               {"anchor": (0, 0.5), "colour_": "#202020", "size": 8, "bold": True}))
        self.now.set_labels(labels)
