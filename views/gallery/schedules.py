"""Figure 4, pipeline schedules side by side: GPipe, 1F1B, interleaved 1F1B, ZB-H1 and DualPipe
on the same ranks, micro-batches and time axis, each simulated by models.pipeline.simulate and
drawn by the Pipeline tab's Gantt chart, with its bubble (idle share) and peak activations."""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from tslab.models.document import Document
from tslab.models.pipeline import Durations, ScheduleError, Simulation, check_config, simulate
from tslab.views.gallery.slide_charts import drawing_over, font, key_label
from tslab.views.labels import kind_name
from tslab.views.pipeline.common import OP_COLOURS
from tslab.views.pipeline.gantt import GanttView

# (kind, chunks per rank): the five schedules of the figure in the course's order.
SCHEDULES = (("gpipe", 1), ("1f1b", 1), ("interleaved-1f1b", 2), ("zb-h1", 1), ("dualpipe", 1))
DEFAULT_RANKS, DEFAULT_MICROBATCHES = 4, 8
MAX_RANKS, MAX_MICROBATCHES = 8, 16   # a document's own p and m up to these (a readable strip)
UNIT = Durations(F=1.0, B=2.0, I=1.0, W=1.0, FB=3.0)  # the Pipeline tab's classroom units


@dataclass(frozen=True)
class Strip:
    kind: str
    chunks: int
    simulation: Simulation

    @property
    def peak_microbatches(self) -> float:
        """The most activations a rank holds at once, in micro-batches of a whole stage (a chunk's
        activations are 1/v of its stage's)."""
        return max(self.simulation.peak_activations) / self.chunks


def durations_for(chunks: int) -> Durations:
    """The unit durations of one stage, split over a rank's `chunks` model chunks: each chunk holds
    1/v of the rank's layers (Narayanan et al., SC'21 §2.2), so every schedule does the same work
    per rank and the strips compare on one time axis."""
    return Durations(F=UNIT.F / chunks, B=UNIT.B / chunks, I=UNIT.I / chunks, W=UNIT.W / chunks,
                     FB=UNIT.FB / chunks)


def setup(document: Document) -> tuple[int, int, bool]:
    """(p, m, from the document): the document's pipeline ranks and micro-batches when 2 ≤ p ≤ 8,
    m ≤ 16 and every schedule of the figure accepts them, else p = 4, m = 8."""
    p, m = document.scenario.parallel.pp, document.scenario.schedule.microbatches
    if 2 <= p <= MAX_RANKS and m <= MAX_MICROBATCHES:
        try:
            for kind, chunks in SCHEDULES:
                check_config(kind, p, m, chunks)
        except ScheduleError:
            pass
        else:
            return p, m, True
    return DEFAULT_RANKS, DEFAULT_MICROBATCHES, False


def strips(ranks: int, microbatches: int) -> list[Strip]:
    return [Strip(kind, chunks, simulate(kind, ranks, microbatches, chunks, durations_for(chunks)))
            for kind, chunks in SCHEDULES]


def strip_text(strip: Strip) -> str:
    sim = strip.simulation
    lines = [f"<b>{kind_name(strip.kind)}</b>",
             QCoreApplication.translate("gallery", "bubble {share}").format(share=f"{sim.bubble_ratio:.1%}"),
             QCoreApplication.translate("gallery", "makespan {time:g}").format(time=sim.makespan),
             QCoreApplication.translate("gallery", "activations ≤ {count:g} micro-batches").format(
                 count=strip.peak_microbatches)]
    if sim.parameter_copies > 1:
        lines.append(QCoreApplication.translate("gallery", "{copies} copies of the parameters").format(
            copies=sim.parameter_copies))
    return "<br>".join(lines)


class SchedulesBody(QWidget):
    """The figure's drawing: one labelled Gantt strip per schedule on a shared time axis, and the key."""

    def __init__(self, shown: list[Strip], parent: QWidget | None = None):
        super().__init__(parent)
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(4)
        span = max(strip.simulation.makespan for strip in shown)
        views: list[GanttView] = []
        for row, strip in enumerate(shown):
            label = QLabel(strip_text(strip), self)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setFont(font(1.05))
            label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            label.setMinimumWidth(200)
            gantt = GanttView(self)
            gantt.setMinimumHeight(60)
            gantt.show_simulation(strip.simulation)
            item = gantt.getPlotItem()
            item.getAxis("left").setTickFont(font(0.95))
            last = row == len(shown) - 1
            item.getAxis("bottom").setStyle(showValues=last)
            item.getAxis("bottom").setTickFont(font(1.0))
            if last:
                item.setLabel("bottom", QCoreApplication.translate(
                    "gallery", "time (units: F = 1, B = I + W = 2 per stage; a rank's chunks share them)"))
                item.getAxis("bottom").label.setFont(font(1.05))
            else:
                item.getAxis("bottom").setHeight(6)
                item.setLabel("bottom", "")
                item.showLabel("bottom", False)
            if views:
                gantt.setXLink(views[0])
            views.append(gantt)
            grid.addWidget(label, row, 0)
            grid.addWidget(gantt, row, 1)
            grid.setRowStretch(row, 4 if not last else 5)
        grid.setColumnStretch(1, 1)
        views[0].setXRange(0, span, padding=0.01)
        key = key_label(self, [(OP_COLOURS[key], QCoreApplication.translate("PipelineFigure", name)) for key, name in (
            ("F", "forward F"), ("B", "backward B"), ("I", "input-grad I"), ("W", "weight-grad W"),
            ("FB", "overlapped F&B"))] + [("#E4E4E4", QCoreApplication.translate("PipelineFigure", "bubble (idle)"))],
            scale=1.05)
        note = QLabel(QCoreApplication.translate("gallery", "Darker: a rank's second chunk (interleaved chunk 2, "
                                                            "DualPipe's second direction). The numbers on the ops are "
                                                            "micro-batches."), self)
        note.setFont(font(1.0))
        note.setStyleSheet("color: #555555")
        drawing_over(self, grid, key, note)
        self.views = views


__all__ = ["DEFAULT_MICROBATCHES", "DEFAULT_RANKS", "SCHEDULES", "SchedulesBody", "Strip", "UNIT", "durations_for",
           "setup", "strips"]
