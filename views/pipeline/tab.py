"""Pipeline Scheduler tab: a Gantt chart per schedule, bubbles, activations held over time, an
animation that sweeps time, and a second schedule to compare. Run alone with
``python -m tslab.views.pipeline [PRESET]``.
"""
from __future__ import annotations

import bisect

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QHBoxLayout, QLabel, QPushButton, QSlider, QWidget

from tslab.models.derived import SCHEDULE, ScheduleResult, heavy, schedule_ops, schedule_scenario, schedule_taught
from tslab.models.pipeline import KINDS, Simulation
from tslab.views.common import controls_above, inputs_beside
from tslab.views.document_model import DocumentModel
from tslab.views.document_tab import DocumentTab
from tslab.views.figure_fit import FigureScroll
from tslab.views.labels import field, fields, kind_name
from tslab.views.layout import FlowBar, ShownDegree, fit_combo_boxes, inputs_column
from tslab.views.pipeline.figure import PipelineFigure
from tslab.views.pipeline.panel import DRAW_LIMIT_OPS
from tslab.views.runner import Runner
from tslab.views.scenario_form import Field, ScenarioForm
from tslab.views.texts import invalid_header

FPS = 60
REDUCED_MOTION = "reducedMotion"   # the QSettings key View → Reduced Motion writes
# the duration inputs and the op each one times (models.pipeline.Durations)
DURATION_FIELDS = (("schedule.f", "F"), ("schedule.b", "B"), ("schedule.w", "W"), ("schedule.fb", "FB"),
                   ("schedule.p2p", "p2p"))


class PipelineTab(DocumentTab):
    """Inputs on the left; the schedule(s), the animation controls and the comparison on the right.
    The comparison (`view.pipeline.compare`) and the animation position (`view.pipeline.time`,
    written when the animation stops, is stepped or scrubbed) are the document's."""

    reads = (SCHEDULE, "view.pipeline")

    def __init__(self, model: DocumentModel, parent: QWidget | None = None):
        super().__init__(model, parent)
        self.form = ScenarioForm(model, self._groups(), self)
        self.inputs = inputs_column(self, self.form)

        self.compare_box = QComboBox(self)
        self.compare_box.addItem(self.tr("no comparison"), "")
        for kind in KINDS:
            self.compare_box.addItem(kind_name(kind), kind)
        self.compare_box.currentIndexChanged.connect(
            lambda _: self.model.set_value("view.pipeline.compare", self.compare_box.currentData()))
        self.play_button = QPushButton(self.tr("Play"), self)
        self.play_button.setCheckable(True)
        self.play_button.toggled.connect(self.play)
        self.step_button = QPushButton(self.tr("Step one op"), self)
        self.step_button.clicked.connect(self.step)
        self.speed_box = QComboBox(self)
        for factor in (0.25, 0.5, 1.0, 2.0, 4.0, 8.0):
            self.speed_box.addItem(f"{factor:g}×", factor)
        self.speed_box.setCurrentIndex(2)
        self.speed_box.setAccessibleName(self.tr("speed"))
        self.compare_box.setAccessibleName(self.tr("Compare with"))
        self.scrub = QSlider(Qt.Orientation.Horizontal, self)
        self.scrub.setRange(0, 1000)
        self.scrub.setAccessibleName(self.tr("Animation time"))
        self.scrub.valueChanged.connect(self._scrubbed)
        # The box shows the one setting that View → Reduced Motion shows too (QSettings
        # "reducedMotion"): it writes it, and reads it again when the tab is shown and as Play runs.
        self.reduced_motion = QCheckBox(self.tr("Reduced motion"), self)
        self.reduced_motion.setToolTip(self.tr("Play jumps from op to op instead of sweeping time"))
        self.follow_reduced_motion()
        self.reduced_motion.toggled.connect(lambda on: QSettings().setValue(REDUCED_MOTION, on))
        self.scrub.setMinimumWidth(160)
        # The PP degree taught when the scenario itself has pp = 1 (view.pipeline.degree; 0 = auto)
        self.degree = ShownDegree(self, model, "view.pipeline.degree", self.tr("PP shown"), self.tr("PP degree shown"),
                                  self.tr("The pipeline degree the figure teaches when the scenario trains without "
                                          "pipeline parallelism (pp = 1): auto is the largest of 8, 4, 2 that "
                                          "splits its layers and fits its cluster; 1 shows the scenario as it is"),
                                  self.tr("auto"))
        self.degree_label, self.degree_box = self.degree.label, self.degree.box
        fit_combo_boxes(self)
        # one row at 1280 px; in larger type the controls wrap onto a second row instead of widening the window
        self.controls_bar = FlowBar(self, [[self.play_button, self.step_button],
                                           [QLabel(self.tr("speed"), self), self.speed_box], [self.scrub],
                                           [self.reduced_motion],
                                           [QLabel(self.tr("Compare with"), self), self.compare_box],
                                           [self.degree_label, self.degree_box]], spacing=10)
        controls = QHBoxLayout()
        controls.addWidget(self.controls_bar, 1)

        self.figure = PipelineFigure(self)
        inputs_beside(self, self.inputs, controls_above(self, controls, FigureScroll(self.figure, self)), 330)

        self.timer = QTimer(self, interval=round(1000 / FPS))
        self.timer.timeout.connect(self._tick)
        self.time = 0.0
        self.sims: list[Simulation] = []
        self._durations_from_model = False   # the duration inputs show the step-time model's values
        self._events: list[float] = []  # every op start and end, for stepping
        self.runner = Runner(self, synchronous=model.synchronous, name="tslab-simulate")
        self.runner.done.connect(self._show)
        self.runner.failed.connect(self._failed)
        self.refresh()

    # ------------------------------------------------------------------------------------------
    @property
    def makespan(self) -> float:
        return max((sim.makespan for sim in self.sims), default=0.0)

    def refresh(self, keys: frozenset[str] | None = None) -> None:
        """Simulate the scenario's schedule (and the comparison): at once when small or already
        simulated, in the runner when it may take longer than a frame, so editing stays
        responsive. A change of the animation position alone only moves the cursor."""
        view = self.model.view.pipeline
        self.degree.show_degree(view.degree, self.model.scenario.parallel.pp == 1)   # with PP: its own
        index = self.compare_box.findData(view.compare)
        if index != self.compare_box.currentIndex():
            self.compare_box.blockSignals(True)
            self.compare_box.setCurrentIndex(max(index, 0))
            self.compare_box.blockSignals(False)
        if keys is not None and not SCHEDULE.concerns(keys, self.model.document):
            if not self.timer.isActive():
                self.set_time(self.document_time())
            return
        self.play_button.setChecked(False)
        document = self.model.document
        hit, result = self.model.cache.cached(SCHEDULE, document)
        try:  # with schedule.durations = "model" the step-time model gives the durations, and may refuse
            if hit or self.model.synchronous or not heavy(SCHEDULE, document):
                self.runner.cancel()
                self._show(result if hit else self.model.result(SCHEDULE))
                return
        except ValueError as exc:
            self.runner.cancel()
            reason = self.tr("the step-time model gives this scenario no op durations: {reason}").format(reason=exc)
            taught = schedule_taught(document, schedule_scenario(document))   # the refusal still says it
            self._show(ScheduleResult(runs=(), problems=((self.model.scenario.schedule.kind, reason),), taught=taught))
            return
        self.figure.message.setText(self.tr("Simulating {ops:,} operations…").format(ops=schedule_ops(document)))
        self.runner.start(self.model.cache.get, SCHEDULE, document)

    def document_time(self) -> float:
        """The document's animation position (−1: the end)."""
        t = self.model.view.pipeline.time
        return self.makespan if t < 0 else t

    def _show(self, result: ScheduleResult) -> None:
        self.figure.title.setText(self.model.scenario.title)
        problems = [f"{kind_name(kind)}: {text}" for kind, text in result.problems]
        message = "<span style='color:#C00000'>" + "<br>".join(problems) + "</span>" if problems else ""
        scenario = self.model.scenario
        if result.taught is not None:   # the degree the computation simulated, not worked out again
            degree, shown_dp, microbatches = result.taught
            note = self.tr("<b>The scenario trains without pipeline parallelism (PP = {own})</b>: shown at PP = "
                           "{pp}, DP {dp} → {shown_dp} giving up the ranks; the global batch stays, {m} micro-batches "
                           "per pipeline (“PP shown” above; 1 = the scenario as it is)").format(
                own=scenario.parallel.pp, pp=degree, dp=scenario.parallel.dp, shown_dp=shown_dp, m=microbatches)
            message = note + ("<br>" + message if message else "")
        invalid = invalid_header(self.model.errors)   # the same numbers as the banner's error
        if invalid:
            schedule = self.tr("the schedule is simulated from p, m, v and the durations alone") if result.runs else ""
            message = invalid + (" — " + schedule if schedule else "") + ("<br>" + message if message else "")
        self.figure.message.setText(message)
        seconds = self.model.scenario.schedule.durations == "model"   # the step-time model's seconds
        for index, panel in enumerate(self.figure.panels):
            visible = index < len(result.runs)
            panel.setVisible(visible)
            if visible:
                panel.show_simulation(*result.runs[index], seconds=seconds)
        self.sims = [sim for sim, _ in result.runs]
        self._show_durations(seconds)
        if len(self.sims) > 1:  # the panels share one time axis: frame the longer schedule
            self.figure.panels[0].gantt.setXRange(0, self.makespan, padding=0.01)
        # every op start and end, for stepping (a schedule too large to draw is stepped to its end)
        drawn = sum(len(sim.ops) for sim in self.sims) <= DRAW_LIMIT_OPS
        self._events = sorted({t for sim in self.sims for op in sim.ops for t in (op.start, op.end)}) if drawn else []
        self.set_time(self.document_time())

    def _show_durations(self, seconds: bool) -> None:
        """While the step-time model gives the durations, the duration inputs show its values (of
        the first stage, in ms, as the numbers beside the chart) read only: typed units of 1/2/1/3
        beside a chart that runs on 66/118/40 ms had to be explained away. Typed durations again:
        the inputs edit the scenario's values."""
        model_values = seconds and bool(self.sims)
        if not model_values and not self._durations_from_model:
            return
        self._durations_from_model = model_values
        d = self.sims[0].durations if model_values else None
        for key, name in DURATION_FIELDS:
            editor = self.form.editors.get(key)
            if editor is None:
                continue
            box = editor.widget
            assert isinstance(box, QDoubleSpinBox)   # the durations are floats in ms
            box.setReadOnly(model_values)
            box.blockSignals(True)
            try:
                if d is not None:
                    box.setSuffix(" ms")
                    box.setValue(getattr(d, name) * 1e3)
                    box.setToolTip(self.tr("From the step-time model (op durations: step-time model), the "
                                           "first stage's, read only; choose typed durations to edit them"))
                else:
                    box.setSuffix(editor.spec.suffix)
                    box.setToolTip(editor.spec.tip)
                    box.setValue(self.model.scenario.get(key) / editor.spec.scale)
            finally:
                box.blockSignals(False)

    def _failed(self, message: str) -> None:
        self.figure.message.setText(f"<span style='color:#C00000'>{message}</span>")

    def keep_time(self) -> None:
        """Write the animation position into the document (the end is written as −1)."""
        t = -1.0 if self.time >= self.makespan else round(self.time, 9)
        self.model.set_value("view.pipeline.time", t)

    def set_time(self, t: float) -> None:
        self.time = min(max(t, 0.0), self.makespan)
        for panel, _ in zip(self.figure.panels, self.sims):
            panel.set_time(self.time)
        self.scrub.blockSignals(True)
        self.scrub.setValue(round(1000 * self.time / self.makespan) if self.makespan else 1000)
        self.scrub.blockSignals(False)

    def follow_reduced_motion(self) -> bool:
        """Set the check box to the shared setting (View → Reduced Motion may have changed it
        meanwhile) without writing it back; the setting."""
        on = bool(QSettings().value(REDUCED_MOTION, False, type=bool))
        if self.reduced_motion.isChecked() != on:
            self.reduced_motion.blockSignals(True)
            self.reduced_motion.setChecked(on)
            self.reduced_motion.blockSignals(False)
        return on

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.follow_reduced_motion()

    def play(self, on: bool) -> None:
        self.play_button.setText(self.tr("Pause") if on else self.tr("Play"))
        if on:
            self.follow_reduced_motion()
            if self.time >= self.makespan:
                self.set_time(0.0)
            self.timer.start()
        elif self.timer.isActive():
            self.timer.stop()
            self.keep_time()

    def step(self) -> None:
        """Advance to the next moment an op starts or ends."""
        self._advance()
        if not self.timer.isActive():
            self.keep_time()

    def _advance(self) -> None:
        index = bisect.bisect_right(self._events, self.time + 1e-9)
        self.set_time(self._events[index] if index < len(self._events) else self.makespan)

    def _retreat(self) -> None:
        """Back to the previous moment an op starts or ends (a schedule too large to draw: its start)."""
        index = bisect.bisect_left(self._events, self.time - 1e-9) - 1
        self.set_time(self._events[index] if index >= 0 else 0.0)

    def _tick(self) -> None:
        if self.follow_reduced_motion():   # the menu may change it while the schedule plays
            self._advance()
        else:  # the whole schedule in about 10 s at 1×
            self.set_time(self.time + self.makespan / (10 * FPS) * self.speed_box.currentData())
        if self.time >= self.makespan:
            self.play_button.setChecked(False)

    def _scrubbed(self, value: int) -> None:
        self.set_time(self.makespan * value / 1000)
        t = -1.0 if self.time >= self.makespan else round(self.time, 9)
        if self.scrub.isSliderDown():
            self.model.update_later({"view.pipeline.time": t})  # one edit per frame while dragged
        else:
            self.model.set_value("view.pipeline.time", t)

    # Lecture hooks (the main window's keyboard shortcuts) ----------------------------------------
    def step_animation(self, delta: int) -> bool:
        """Step `delta` ops on (back when negative), as "Step one op" does; False without a schedule."""
        if not self.sims:
            return False
        self.play_button.setChecked(False)
        move = self._advance if delta > 0 else self._retreat
        for _ in range(abs(delta)):
            move()
        self.keep_time()
        return True

    def animation_to(self, end: bool) -> bool:
        """Jump to the end of the schedule (`end`) or its start; False without a schedule."""
        if not self.sims:
            return False
        self.play_button.setChecked(False)
        self.set_time(self.makespan if end else 0.0)
        self.keep_time()
        return True

    def export_error(self) -> str | None:
        """Why there is no figure (plain text, for the command line's one error line), or None."""
        if self.sims:
            return None
        try:
            result = self.model.result(SCHEDULE)
        except ValueError as exc:   # the step-time model's durations for a scenario it cannot time
            return f"no valid schedule: the step-time model gives no op durations: {exc}"
        return "no valid schedule: " + "; ".join(f"{kind}: {text}" for kind, text in result.problems)

    def _groups(self) -> list[tuple[str, list[Field]]]:
        return [
            (self.tr("Schedule"), [  # the schedule papers' p, m, v
                field("schedule.kind", self.tr("Schedule")),
                field("parallel.pp", self.tr("Pipeline ranks p")),
                field("schedule.global_batch"),
                field("schedule.microbatches"),
                field("parallel.vpp", self.tr("Chunks per rank v (interleaved)")),
            ]),
            (self.tr("Durations"), fields("schedule.durations", "schedule.f", "schedule.b", "schedule.w", "schedule.fb",
                                          "schedule.p2p")),
        ]
