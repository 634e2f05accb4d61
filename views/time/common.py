"""What the step-time widgets share: the colour and name of every term of the cost stack, number
formats, the stacked-bar chart of the panel and the stack a planner row draws."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor

from tslab.views import charts

CONTEXT = "StepTime"

# Okabe–Ito colour-blind-safe hues, one per term of the stack; communication a hue per axis.
TERM_COLOURS = {"compute": "#0072B2", "memory_bound": "#56B4E9", "bubble": "#BDBDBD", "optimizer": "#6A3D9A"}
AXIS_COLOURS = {"tp": "#D55E00", "cp": "#CC79A7", "ep": "#E69F00", "pp": "#A0522D", "dp": "#009E73",
                "edp": "#7BC8A4"}
AXES = ("tp", "cp", "ep", "pp", "dp", "edp")  # the order of the exposed communication in a stack
HIDDEN_TINT = 0.55  # a hidden (overlapped) communication bar: its axis colour, this far towards white


def term_colour(term: str) -> QColor:
    """A stack term's colour: "compute", "memory_bound", "bubble", "optimizer" or "comm:<axis>"."""
    if term.startswith("comm:"):
        return QColor(AXIS_COLOURS.get(term[5:], "#777777"))
    return QColor(TERM_COLOURS.get(term, "#777777"))


def hidden_colour(colour: QColor) -> QColor:
    """The pale tint of `colour` that marks communication hidden under compute."""
    return QColor(*(round(c + (255 - c) * HIDDEN_TINT) for c in (colour.red(), colour.green(), colour.blue())))


def axis_name(axis: str) -> str:
    """A parallel axis as the papers write it (TP, CP, EP, PP, DP, EDP): names, not translated."""
    return axis.upper()


def term_name(term: str) -> str:
    if term.startswith("comm:"):
        return QCoreApplication.translate("StepTime", "exposed {axis} communication").format(axis=axis_name(term[5:]))
    return {"compute": QCoreApplication.translate("StepTime", "compute (GEMMs)"),
            "memory_bound": QCoreApplication.translate("StepTime", "memory-bound (element-wise)"),
            "bubble": QCoreApplication.translate("StepTime", "pipeline bubble"),
            "optimizer": QCoreApplication.translate("StepTime", "optimizer step")}.get(term, term)


def ms(seconds: float) -> str:
    """Seconds as milliseconds with three or four significant digits: "1,234 ms", "12.3 ms"."""
    value = seconds * 1e3
    if abs(value) >= 100:
        text = f"{value:,.0f}"
    elif abs(value) >= 10:
        text = f"{value:.1f}"
    elif abs(value) >= 0.1:
        text = f"{value:.2f}"
    else:
        text = f"{value:.3g}"
    return QCoreApplication.translate("StepTime", "{value} ms").format(value=text)


def percent(share: float) -> str:
    return f"{share:.1%}"


def row_terms(row) -> list[tuple[str, float]]:
    """(term, seconds) of one pipeline rank's StackRow, in stack order, zero terms left out."""
    terms = [("compute", row.compute_s), ("memory_bound", row.memory_bound_s)]
    exposed = dict(row.exposed_comm_s)
    terms += [(f"comm:{axis}", exposed.pop(axis)) for axis in AXES if axis in exposed]
    terms += [(f"comm:{axis}", value) for axis, value in sorted(exposed.items())]
    terms += [("bubble", row.bubble_s), ("optimizer", row.optimizer_s)]
    return [(term, seconds) for term, seconds in terms if seconds > 0]


def mean_terms(stack: Sequence) -> list[tuple[str, float]]:
    """The terms averaged over the pipeline ranks: they add up to the step time, as each rank's do."""
    totals: dict[str, float] = {}
    for row in stack:
        for term, seconds in row_terms(row):
            totals[term] = totals.get(term, 0.0) + seconds
    count = max(len(stack), 1)
    return [(term, seconds / count) for term, seconds in totals.items()]


def terms_tooltip(heading: str, terms: Sequence[tuple[str, float]], total: float) -> str:
    """Every term's time and share of `total`, the heading first (rich text)."""
    lines = [f"<b>{heading}</b>"]
    for term, seconds in terms:
        share = seconds / total if total > 0 else 0.0
        lines.append(f"<span style='color:{term_colour(term).name()}'>■</span>&nbsp;{term_name(term)}: "
                     f"{ms(seconds)} ({percent(share)})")
    return "<br>".join(lines)


def legend_html(terms: Sequence[str]) -> str:
    """Colour swatches and names of `terms`, for a legend line."""
    return " &nbsp; ".join(f"<span style='color:{term_colour(term).name()}'>■</span>&nbsp;"
                           + term_name(term).replace(" ", "&nbsp;") for term in terms)  # lines break between terms


@dataclass
class Bar:
    """One bar of a StackChart: its category label and its (term, value, tooltip) segments."""
    label: str
    segments: list[tuple[str, float, str]]
    colours: list[QColor] | None = None   # per segment; default: the term's colour


class StackChart:
    """Horizontal stacked bars, one per category from the top down, in milliseconds, with a
    tooltip on every segment. The bars are one BarGraphItem updated in place."""

    def __init__(self, plot: pg.PlotWidget):
        self.plot = plot
        self.tips = charts.HoverTips(plot)
        item = plot.getPlotItem()
        item.getViewBox().invertY(True)
        item.getAxis("left").setStyle(tickLength=0)
        self.bars: pg.BarGraphItem | None = None
        self.segments: list[charts.Segment] = []
        self.labels: list[str] = []
        self._label_step = 0
        item.getViewBox().sigResized.connect(lambda *_: self._label_axis())

    def _label_axis(self) -> None:
        """Label every bar, or every k-th where the bars are thinner than a line of text."""
        height = self.plot.getPlotItem().getViewBox().height()
        line = self.plot.fontMetrics().height() * 1.05
        per_bar = height / max(len(self.labels), 1)
        step = max(1, math.ceil(line / per_bar)) if per_bar > 0 else 1
        if step != self._label_step:
            self._label_step = step
            positions = list(range(len(self.labels)))
            charts.category_axis(self.plot, "left", self.labels[::step], positions[::step])

    def set_bars(self, bars: Sequence[Bar]) -> None:
        segments, brushes = [], []
        for index, bar in enumerate(bars):
            x = 0.0
            for position, (term, value, tip) in enumerate(bar.segments):
                width = value * 1e3
                if width <= 0:
                    continue
                segments.append(charts.Segment(x, x + width, index - 0.38, index + 0.38, term, tip))
                brushes.append(bar.colours[position] if bar.colours else term_colour(term))
                x += width
        self.segments = segments
        self.tips.set_segments(segments)
        self.bars = charts.draw_segments(self.plot, self.bars, segments, brushes,
                                         [pg.mkPen("w", width=1)] * len(segments))
        labels = [bar.label for bar in bars]
        if labels != self.labels:
            self.labels, self._label_step = labels, 0
            self._label_axis()
        top = max((s.x1 for s in segments), default=0.0)
        self.plot.setXRange(0, charts.nice_ceiling(top * 1.02) if top > 0 else 1.0, padding=0)
        self.plot.setYRange(-0.6, max(len(bars), 1) - 0.4, padding=0)
        self.plot.getPlotItem().getViewBox().prepareForPaint()

    def clear(self) -> None:
        self.set_bars([])
