"""One simulated schedule: its heading, Gantt chart, activation lanes and numbers."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from tslab.models.pipeline import Simulation
from tslab.views import charts
from tslab.views.common import bold
from tslab.views.labels import kind_name
from tslab.views.pipeline.activations import ActivationView
from tslab.views.pipeline.gantt import GanttView, time_text

DRAW_LIMIT_OPS = 20_000  # drawn op by op up to this many (about 0.15 s to draw and 0.15 s to paint)


class PipelinePanel(QWidget):
    """One schedule: its Gantt, its activation lanes and the numbers beside them."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.heading = bold(QLabel(self))
        self.heading.setWordWrap(True)   # "…: too many to draw one by one …" must not widen the figure past the view
        self.gantt = GanttView(self)
        self.activations = ActivationView(self)
        self.activations.setXLink(self.gantt)
        # the mouse pans them sideways (and hovers an op of the Gantt for its tooltip); no keys act on them
        charts.mouse_chart(self.gantt, self.tr("Schedule chart"))
        charts.mouse_chart(self.activations, self.tr("Activations held chart"))
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

    def show_simulation(self, sim: Simulation, formula: tuple[str, float] | None, seconds: bool = False) -> None:
        """Draw `sim` and its numbers; `seconds`: the durations are the step-time model's seconds
        (schedule.durations = "model"), shown in milliseconds."""
        self.sim = sim
        heading = self.tr("{kind}: p = {p}, m = {m}, v = {v}").format(
            kind=kind_name(sim.kind), p=sim.ranks, m=sim.microbatches, v=sim.chunks)
        drawn = len(sim.ops) <= DRAW_LIMIT_OPS
        if not drawn:
            heading += " — " + self.tr("{ops:,} ops: too many to draw one by one (more than {limit:,}); "
                                       "the numbers beside are exact").format(ops=len(sim.ops), limit=DRAW_LIMIT_OPS)
        self.heading.setText(heading)
        self.gantt.show_simulation(sim, draw_ops=drawn, seconds=seconds)
        self.activations.show_simulation(sim if drawn else None, seconds)
        self.activations.setVisible(drawn)   # an empty chart would say nothing: the peaks are listed beside
        busy = [sim.makespan - idle for idle in sim.idle]
        if seconds:
            lines = [
                self.tr("makespan {value}").format(value=time_text(sim.makespan, True)),
                self.tr("bubble ratio {value:.1%} (idle rank-time / ranks × makespan)").format(
                    value=sim.bubble_ratio),
                self.tr("bubble time {value} (makespan − busiest rank's work {busy})").format(
                    value=time_text(sim.makespan - max(busy), True), busy=time_text(max(busy), True)),
            ]
        else:
            lines = [
                self.tr("makespan {value:g}").format(value=sim.makespan),
                self.tr("bubble ratio {value:.1%} (idle rank-time / ranks × makespan)").format(
                    value=sim.bubble_ratio),
                self.tr("bubble time {value:g} (makespan − busiest rank's work {busy:g})").format(
                    value=sim.makespan - max(busy), busy=max(busy)),
            ]
        if formula:
            d = sim.durations
            scale, unit = (1e3, " ms") if seconds else (1.0, "")
            numbers = (f"p = {sim.ranks}, m = {sim.microbatches}, v = {sim.chunks}, F = {d.F * scale:.4g}{unit}, "
                       f"B = {d.B * scale:.4g}{unit}, I = {d.I * scale:.4g}{unit}, W = {d.W * scale:.4g}{unit}, "
                       f"F&B = {d.FB * scale:.4g}{unit}")
            text = QCoreApplication.translate("pipeline", formula[0])
            if seconds:
                bubble = self.tr("paper's bubble: {formula} = {value}").format(
                    formula=text, value=time_text(formula[1], True))
            else:
                bubble = self.tr("paper's bubble: {formula} = {value:g}").format(formula=text, value=formula[1])
            lines.append(bubble + f"<br>&nbsp;&nbsp;<i>{numbers}</i>")
        lines += [self.tr("peak activations per rank: {peaks}").format(peaks=", ".join(map(str, sim.peak_activations))),
                  self.tr("parameter copies: {copies}×").format(copies=sim.parameter_copies)]
        self.numbers.setText("<br>".join(lines))

    def set_time(self, t: float) -> None:
        self.gantt.set_time(t)
        self.activations.set_time(t)
