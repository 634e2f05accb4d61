"""One simulated schedule: its heading, Gantt chart, activation lanes and numbers."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from tslab.models.pipeline import Simulation
from tslab.views.common import bold
from tslab.views.pipeline.activations import ActivationView
from tslab.views.pipeline.common import kind_name
from tslab.views.pipeline.gantt import GanttView


DRAW_LIMIT_OPS = 20_000  # drawn op by op up to this many (about 0.15 s to draw and 0.15 s to paint)


class PipelinePanel(QWidget):
    """One schedule: its Gantt, its activation lanes and the numbers beside them."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.heading = bold(QLabel(self))
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
        heading = self.tr("{kind}: p = {p}, m = {m}, v = {v}").format(
            kind=kind_name(sim.kind), p=sim.ranks, m=sim.microbatches, v=sim.chunks)
        drawn = len(sim.ops) <= DRAW_LIMIT_OPS
        if not drawn:
            heading += " — " + self.tr("{ops:,} ops: too many to draw one by one (more than {limit:,}); "
                                       "the numbers beside are exact").format(ops=len(sim.ops), limit=DRAW_LIMIT_OPS)
        self.heading.setText(heading)
        self.gantt.show_simulation(sim, draw_ops=drawn)
        self.activations.show_simulation(sim if drawn else None)
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
