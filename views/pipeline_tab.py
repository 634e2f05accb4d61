"""Pipeline Scheduler tab: a Gantt chart per schedule, bubbles, activations held over time, an
animation that sweeps time, and a second schedule to compare. Run alone with
``python -m tslab.views.pipeline_tab [PRESET]``.
"""
from __future__ import annotations

import bisect
import sys

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPointF, QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QCursor
from PySide6.QtWidgets import (QCheckBox, QComboBox, QHBoxLayout, QLabel, QPushButton, QSlider,
                               QToolTip, QVBoxLayout, QWidget)

from tslab.models.pipeline import KINDS, Durations, ScheduleError, Simulation, closed_form, simulate
from tslab.models.scenario import Scenario
from tslab.views import charts
from tslab.views.common import inputs_beside, paint_white, run_alone, scrolling, title_label
from tslab.views.scenario_form import Field, ScenarioForm
from tslab.views.scenario_model import ScenarioModel

OP_COLOURS = {"F": "#4E79A7", "B": "#59A14F", "I": "#8CD17D", "W": "#F28E2B", "FB": "#B07AA1"}
LANE_COLOUR = "#E4E4E4"    # a rank's lane: what no op covers is bubble
CURTAIN = (255, 255, 255, 225)  # hides what has not run yet while animating
LABEL_LIMIT = 700          # micro-batch numbers drawn on ops up to this many units
FPS = 60
KIND_NAMES = {"gpipe": "GPipe", "1f1b": "1F1B", "zb-h1": "ZB-H1", "zb-h2": "ZB-H2", "zbv": "ZB-V",
              "dualpipe": "DualPipe", "dualpipev": "DualPipeV"}


def kind_name(kind: str) -> str:
    """A schedule's display name (names are kept, "interleaved" is translated)."""
    if kind == "interleaved-1f1b":
        return QCoreApplication.translate("PipelineTab", "Interleaved 1F1B")
    return KIND_NAMES.get(kind, kind)


def schedule_inputs(s: Scenario) -> tuple[str, int, int, int, Durations]:
    """(kind, ranks, micro-batches, chunks, durations) of the scenario's schedule. The scenario
    keeps F, B, W, FB and p2p; the input-gradient time is I = B − W (ZB splits B into I and W)."""
    kind = s.schedule.kind
    chunks = s.parallel.vpp if kind == "interleaved-1f1b" else 2 if kind in ("zbv", "dualpipev") else 1
    d = s.schedule
    return kind, s.parallel.pp, d.microbatches, chunks, Durations(
        F=d.f, B=d.b, I=max(d.b - d.w, 0.0), W=d.w, FB=d.fb, p2p=d.p2p)


class Unit:
    """What a rank runs for a while: one op, or an overlapped F&B pair drawn as one box. Ops of
    a rank's second chunk (the V's way back, DualPipe's second copy, odd interleaved chunks) are
    drawn darker, as the papers tell the two directions apart."""
    __slots__ = ("rank", "start", "end", "ops", "label", "colour")

    def __init__(self, ops, ranks: int):
        self.ops = ops
        self.rank, self.start, self.end = ops[0].rank, ops[0].start, ops[0].end
        second = (ops[0].stage // ranks) % 2 == 1
        if len(ops) > 1:
            self.label = "/".join(f"{op.type}{op.mb}" for op in ops)
            colour = QColor(OP_COLOURS["FB"])
        else:
            self.label = str(ops[0].mb)
            colour = QColor(OP_COLOURS[ops[0].type])
        self.colour = colour.darker(135) if second else colour


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


def op_tooltip(unit: Unit) -> str:
    lines = []
    for op in unit.ops:
        lines.append("<b>" + QCoreApplication.translate("PipelineTab", "{type} of micro-batch {mb}, stage {stage}").format(
            type=op.type, mb=op.mb, stage=op.stage) + "</b>")
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
        item.setLabel("bottom", QCoreApplication.translate("PipelineTab", "time (units of the op durations)"))
        view = item.getViewBox()
        view.setMouseEnabled(True, False)
        view.invertY(True)
        self.lanes = pg.BarGraphItem(x0=[0], y0=[0], width=[0], height=[0], brush=LANE_COLOUR, pen=pg.mkPen(None))
        self.boxes = pg.BarGraphItem(x0=[0], y0=[0], width=[0], height=[0])
        self.curtain = pg.BarGraphItem(x0=[0], y0=[0], width=[0], height=[0], brush=pg.mkBrush(CURTAIN),
                                       pen=pg.mkPen(None))
        self.cursor = pg.InfiniteLine(pos=0, angle=90, pen=pg.mkPen("#202020", width=2))
        self.curtain.setZValue(5)
        self.cursor.setZValue(6)
        for graphic in (self.lanes, self.boxes, self.curtain, self.cursor):
            self.addItem(graphic)
        for graphic in (self.lanes, self.boxes):  # static while animating: paint from a pixmap
            graphic.setCacheMode(graphic.CacheMode.DeviceCoordinateCache)
        self.labels = charts.BarChart(self)
        self.sim: Simulation | None = None
        self.units: list[Unit] = []
        self._starts: dict[int, list[float]] = {}
        self._by_rank: dict[int, list[Unit]] = {}
        self._hovered: Unit | None = None
        self.scene().sigMouseMoved.connect(self._moved)

    def sizeHint(self) -> QSize:
        return QSize(900, 300)

    def show_simulation(self, sim: Simulation) -> None:
        self.sim = sim
        self.units = units_of(sim)
        p = sim.ranks
        self.lanes.setOpts(x0=np.zeros(p), y0=np.arange(p) - 0.42, width=np.full(p, sim.makespan),
                           height=np.full(p, 0.84))
        self.boxes.setOpts(x0=[u.start for u in self.units], y0=[u.rank - 0.38 for u in self.units],
                           width=[u.end - u.start for u in self.units], height=np.full(len(self.units), 0.76),
                           brushes=[u.colour for u in self.units], pens=[pg.mkPen("w")] * len(self.units))
        self._by_rank = {rank: [u for u in self.units if u.rank == rank] for rank in range(p)}
        self._starts = {rank: [u.start for u in units] for rank, units in self._by_rank.items()}
        labels = []
        if len(self.units) <= LABEL_LIMIT:
            labels = [((u.start + u.end) / 2, u.rank, u.label, {"anchor": (0.5, 0.5), "colour_": "#ffffff", "size": 7.5})
                      for u in self.units]
        self.labels.set_labels(labels)
        charts.category_axis(self, "left", [f"rank {r}" for r in range(p)])
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
            QToolTip.showText(QCursor.pos(), op_tooltip(unit), self)


class ActivationView(pg.PlotWidget):
    """Activations held per rank over time (a step line per rank lane), its peak marked."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, background="w", enableMenu=False)
        item = self.getPlotItem()
        item.hideButtons()
        item.getViewBox().setMouseEnabled(True, False)
        item.getViewBox().invertY(True)
        self.curves: list[pg.PlotDataItem] = []
        self.peaks = charts.BarChart(self)
        self.now = charts.BarChart(self)
        self.sim: Simulation | None = None

    def sizeHint(self) -> QSize:
        return QSize(900, 160)

    def show_simulation(self, sim: Simulation) -> None:
        self.sim = sim
        for curve in self.curves:
            self.removeItem(curve)
        self.curves = []
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
        self.peaks.set_labels(labels)
        charts.category_axis(self, "left", [f"{r}" for r in range(sim.ranks)])
        self.getPlotItem().setLabel("left", QCoreApplication.translate("PipelineTab", "activations held"))
        self.setYRange(-0.7, sim.ranks - 0.4, padding=0)
        self.set_time(sim.makespan)

    def set_time(self, t: float) -> None:
        """Live counts at time t, one per lane."""
        if self.sim is None:
            return
        labels = []
        if t < self.sim.makespan:
            for rank, steps in enumerate(self.sim.activation_steps):
                index = bisect.bisect_right([s for s, _ in steps], t) - 1
                count = steps[max(index, 0)][1]
                labels.append((t, rank, str(count), {"anchor": (0, 0.5), "colour_": "#202020", "size": 8, "bold": True}))
        self.now.set_labels(labels)


class PipelinePanel(QWidget):
    """One schedule: its Gantt, its activation lanes and the numbers beside them."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.heading = QLabel(self)
        bold = self.heading.font()
        bold.setBold(True)
        self.heading.setFont(bold)
        self.gantt = GanttView(self)
        self.activations = ActivationView(self)
        self.activations.setXLink(self.gantt)
        self.numbers = QLabel(self)
        self.numbers.setTextFormat(Qt.TextFormat.RichText)
        self.numbers.setWordWrap(True)
        self.numbers.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.numbers.setMinimumWidth(230)
        self.numbers.setMaximumWidth(300)
        charts_column = QVBoxLayout()
        charts_column.addWidget(self.heading)
        charts_column.addWidget(self.gantt, 3)
        charts_column.addWidget(self.activations, 2)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addLayout(charts_column, 1)
        row.addWidget(self.numbers)
        self.sim: Simulation | None = None

    def show_simulation(self, sim: Simulation, formula: tuple[str, float] | None) -> None:
        self.sim = sim
        self.heading.setText(self.tr("{kind}: p = {p}, m = {m}, v = {v}").format(
            kind=kind_name(sim.kind), p=sim.ranks, m=sim.microbatches, v=sim.chunks))
        self.gantt.show_simulation(sim)
        self.activations.show_simulation(sim)
        busy = [sim.makespan - idle for idle in sim.idle]
        lines = [
            self.tr("makespan {value:g}").format(value=sim.makespan),
            self.tr("bubble ratio {value:.1%} (idle rank-time / ranks × makespan)").format(value=sim.bubble_ratio),
            self.tr("bubble time {value:g} (makespan − busiest rank's work {busy:g})").format(
                value=sim.makespan - max(busy), busy=max(busy)),
        ]
        if formula:
            d = sim.durations
            numbers = (f"p = {sim.ranks}, m = {sim.microbatches}, v = {sim.chunks}, F = {d.F:g}, B = {d.B:g}, "
                       f"I = {d.I:g}, W = {d.W:g}, F&B = {d.FB:g}")
            text = QCoreApplication.translate("pipeline", formula[0])
            lines.append(self.tr("paper's bubble: {formula} = {value:g}").format(formula=text, value=formula[1])
                         + f"<br>&nbsp;&nbsp;<i>{numbers}</i>")
        lines += [self.tr("peak activations per rank: {peaks}").format(peaks=", ".join(map(str, sim.peak_activations))),
                  self.tr("parameter copies: {copies}×").format(copies=sim.parameter_copies)]
        self.numbers.setText("<br>".join(lines))

    def set_time(self, t: float) -> None:
        self.gantt.set_time(t)
        self.activations.set_time(t)


class PipelineFigure(QWidget):
    """The exportable figure: title, one or two schedule panels, the colour key."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        paint_white(self)
        self.title = title_label(self)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.RichText)
        self.panels = [PipelinePanel(self), PipelinePanel(self)]
        self.panels[1].gantt.setXLink(self.panels[0].gantt)
        swatches = " &nbsp; ".join(f"<span style='color:{OP_COLOURS[key]}'>■</span>&nbsp;{name}" for key, name in (
            ("F", self.tr("forward F")), ("B", self.tr("backward B")), ("I", self.tr("input-grad I")),
            ("W", self.tr("weight-grad W")), ("FB", self.tr("overlapped F&B"))))
        self.key = QLabel(swatches + " &nbsp; <span style='color:#999999'>■</span>&nbsp;" + self.tr("bubble (idle)")
                          + " &nbsp; " + self.tr("darker: a rank's second chunk"), self)
        self.key.setTextFormat(Qt.TextFormat.RichText)
        self.caption = QLabel(self.tr("Deterministic event simulation with the durations given, not a measurement. "
                                      "Hover an op for its times and what it waited for."), self)
        self.caption.setStyleSheet("color: #555555")
        self.caption.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 8)
        layout.addWidget(self.title)
        layout.addWidget(self.message)
        layout.addWidget(self.panels[0], 1)
        layout.addWidget(self.panels[1], 1)
        layout.addWidget(self.key)
        layout.addWidget(self.caption)

    def sizeHint(self) -> QSize:
        return QSize(1100, 760)


WORKER_THRESHOLD_OPS = 60_000  # above about this many ops a simulation can take longer than a frame


def run_jobs(jobs) -> tuple[list, list[str]]:
    """Simulate each (kind, p, m, v, durations): ([(Simulation, closed form or None)], [problems])."""
    sims, problems = [], []
    for name, p, m, chunks, durations in jobs:
        try:
            sim = simulate(name, p, m, chunks, durations)
        except ScheduleError as exc:
            problems.append(f"{kind_name(name)}: {exc}")
            continue
        sim.ops  # build the ops here, off the UI thread
        try:
            formula = closed_form(name, p, m, chunks, durations)
        except (ScheduleError, ValueError, KeyError):
            formula = None
        sims.append((sim, formula))
    return sims, problems


_POOL = None


def _pool():
    global _POOL
    if _POOL is None:
        from concurrent.futures import ThreadPoolExecutor
        _POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tslab-simulate")
    return _POOL


class PipelineTab(QWidget):
    """Inputs on the left; the schedule(s), the animation controls and the comparison on the right."""

    def __init__(self, model: ScenarioModel, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = model
        self.form = ScenarioForm(model, self._groups(), self)
        scroll = scrolling(self, self.form, 300)

        self.compare_box = QComboBox(self)
        self.compare_box.addItem(self.tr("no comparison"), "")
        for kind in KINDS:
            self.compare_box.addItem(kind_name(kind), kind)
        self.compare_box.currentIndexChanged.connect(lambda _: self.refresh())
        self.play_button = QPushButton(self.tr("Play"), self)
        self.play_button.setCheckable(True)
        self.play_button.toggled.connect(self.play)
        self.step_button = QPushButton(self.tr("Step one op"), self)
        self.step_button.clicked.connect(self.step)
        self.speed_box = QComboBox(self)
        for factor in (0.25, 0.5, 1.0, 2.0, 4.0, 8.0):
            self.speed_box.addItem(f"{factor:g}×", factor)
        self.speed_box.setCurrentIndex(2)
        self.scrub = QSlider(Qt.Orientation.Horizontal, self)
        self.scrub.setRange(0, 1000)
        self.scrub.valueChanged.connect(self._scrubbed)
        self.reduced_motion = QCheckBox(self.tr("Reduced motion"), self)
        self.reduced_motion.setToolTip(self.tr("Play jumps from op to op instead of sweeping time"))
        self.reduced_motion.setChecked(QSettings().value("reducedMotion", False, type=bool))
        self.reduced_motion.toggled.connect(lambda on: QSettings().setValue("reducedMotion", on))
        controls = QHBoxLayout()
        for widget in (self.play_button, self.step_button, QLabel(self.tr("speed"), self), self.speed_box):
            controls.addWidget(widget)
        controls.addWidget(self.scrub, 1)
        controls.addWidget(self.reduced_motion)
        controls.addSpacing(12)
        controls.addWidget(QLabel(self.tr("Compare with"), self))
        controls.addWidget(self.compare_box)

        self.figure = PipelineFigure(self)
        right = QWidget(self)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(controls)
        right_layout.addWidget(self.figure, 1)
        inputs_beside(self, scroll, right, 330)

        self.timer = QTimer(self, interval=round(1000 / FPS))
        self.timer.timeout.connect(self._tick)
        self.time = 0.0
        self.sims: list[Simulation] = []
        self._events: list[float] = []  # every op start and end, for stepping
        self._generation = 0  # increases with every refresh; a worker's stale result is dropped
        model.scenarioChanged.connect(lambda _: self.refresh())
        self.refresh()

    # ------------------------------------------------------------------------------------------
    @property
    def makespan(self) -> float:
        return max((sim.makespan for sim in self.sims), default=0.0)

    def refresh(self) -> None:
        """Simulate the scenario's schedule (and the comparison): at once when small, in a worker
        thread when it may take longer than a frame, so editing stays responsive."""
        self.play_button.setChecked(False)
        kind, p, m, v, durations = schedule_inputs(self.model.scenario)
        kinds = [kind] + ([self.compare_box.currentData()] if self.compare_box.currentData() else [])
        jobs = [(name, p, m, v if name == kind else (2 if name in ("zbv", "dualpipev") else
                                                      max(v, 2) if name == "interleaved-1f1b" else 1), durations)
                for name in kinds]
        self._generation += 1
        if p * m * max(v, 2) * 3 * len(jobs) <= WORKER_THRESHOLD_OPS:
            self._show(run_jobs(jobs))
            return
        generation = self._generation
        self.figure.message.setText(self.tr("Simulating {ops:,} operations…").format(ops=p * m * max(v, 1) * 3))
        future = _pool().submit(run_jobs, jobs)

        def poll() -> None:
            if generation != self._generation:
                return  # a newer edit superseded this run
            if not future.done():
                QTimer.singleShot(30, poll)
                return
            self._show(future.result())
        QTimer.singleShot(30, poll)

    def _show(self, results: tuple[list, list[str]]) -> None:
        self.sims, problems = list(results[0]), results[1]
        self.figure.title.setText(self.model.scenario.title)
        self.figure.message.setText("<span style='color:#C00000'>" + "<br>".join(problems) + "</span>"
                                    if problems else "")
        for index, panel in enumerate(self.figure.panels):
            visible = index < len(self.sims)
            panel.setVisible(visible)
            if visible:
                panel.show_simulation(*self.sims[index])
        self.sims = [sim for sim, _ in self.sims]
        self._events = sorted({t for sim in self.sims for op in sim.ops for t in (op.start, op.end)})
        self.set_time(self.makespan)

    def set_time(self, t: float) -> None:
        self.time = min(max(t, 0.0), self.makespan)
        for panel, _ in zip(self.figure.panels, self.sims):
            panel.set_time(self.time)
        self.scrub.blockSignals(True)
        self.scrub.setValue(round(1000 * self.time / self.makespan) if self.makespan else 1000)
        self.scrub.blockSignals(False)

    def play(self, on: bool) -> None:
        self.play_button.setText(self.tr("Pause") if on else self.tr("Play"))
        if on:
            if self.time >= self.makespan:
                self.set_time(0.0)
            self.timer.start()
        else:
            self.timer.stop()

    def step(self) -> None:
        """Advance to the next moment an op starts or ends."""
        index = bisect.bisect_right(self._events, self.time + 1e-9)
        self.set_time(self._events[index] if index < len(self._events) else self.makespan)

    def _tick(self) -> None:
        if self.reduced_motion.isChecked():
            self.step()
        else:  # the whole schedule in about 10 s at 1×
            self.set_time(self.time + self.makespan / (10 * FPS) * self.speed_box.currentData())
        if self.time >= self.makespan:
            self.play_button.setChecked(False)

    def _scrubbed(self, value: int) -> None:
        self.set_time(self.makespan * value / 1000)

    def export_widget(self) -> QWidget:
        return self.figure

    def export_error(self) -> str | None:
        return None if self.sims else "no valid schedule: " + self.figure.message.text()

    def _groups(self) -> list[tuple[str, list[Field]]]:
        kinds = tuple((kind, kind_name(kind)) for kind in KINDS)
        return [
            (self.tr("Schedule"), [
                Field("schedule.kind", self.tr("Schedule"), choices=kinds),
                Field("parallel.pp", self.tr("Pipeline ranks p")),
                Field("schedule.microbatches", self.tr("Micro-batches m")),
                Field("parallel.vpp", self.tr("Chunks per rank v (interleaved)")),
            ]),
            (self.tr("Durations"), [
                Field("schedule.f", self.tr("Forward F")),
                Field("schedule.b", self.tr("Backward B (= I + W)")),
                Field("schedule.w", self.tr("Weight-grad W")),
                Field("schedule.fb", self.tr("Overlapped F&B")),
                Field("schedule.p2p", self.tr("Point-to-point latency")),
            ]),
        ]


def main(argv: list[str] | None = None) -> int:
    """Open the Pipeline tab alone on a preset (default: the classroom scenario)."""
    from tslab.models.presets import DEFAULT_PRESET
    return run_alone(PipelineTab, DEFAULT_PRESET, (1500, 900), argv)


if __name__ == "__main__":
    sys.exit(main())
