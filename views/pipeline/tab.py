"""Pipeline Scheduler tab: a Gantt chart per schedule, bubbles, activations held over time, an
animation that sweeps time, and a second schedule to compare. Run alone with
``python -m tslab.views.pipeline [PRESET]``.
"""
from __future__ import annotations

import bisect

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QPushButton, QSlider, QVBoxLayout, QWidget

from tslab.models.pipeline import KINDS, Durations, ScheduleError, Simulation, closed_form, simulate
from tslab.models.scenario import Scenario
from tslab.views.common import inputs_beside, scrolling
from tslab.views.labels import field, fields
from tslab.views.pipeline.common import kind_name
from tslab.views.pipeline.figure import PipelineFigure
from tslab.views.scenario_form import Field, ScenarioForm
from tslab.views.scenario_model import ScenarioModel


FPS = 60


def schedule_inputs(s: Scenario) -> tuple[str, int, int, int, Durations]:
    """(kind, ranks, micro-batches, chunks, durations) of the scenario's schedule. The scenario
    keeps F, B, W, FB and p2p; the input-gradient time is I = B − W (ZB splits B into I and W)."""
    kind = s.schedule.kind
    chunks = s.parallel.vpp if kind == "interleaved-1f1b" else 2 if kind in ("zbv", "dualpipev") else 1
    d = s.schedule
    return kind, s.parallel.pp, d.microbatches, chunks, Durations(
        F=d.f, B=d.b, I=max(d.b - d.w, 0.0), W=d.w, FB=d.fb, p2p=d.p2p)


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
        _ = sim.ops  # build the ops here, off the UI thread
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
        return [
            (self.tr("Schedule"), [  # the schedule papers' p, m, v
                field("schedule.kind", self.tr("Schedule")),
                field("parallel.pp", self.tr("Pipeline ranks p")),
                field("schedule.microbatches"),
                field("parallel.vpp", self.tr("Chunks per rank v (interleaved)")),
            ]),
            (self.tr("Durations"), fields("schedule.f", "schedule.b", "schedule.w", "schedule.fb", "schedule.p2p")),
        ]
