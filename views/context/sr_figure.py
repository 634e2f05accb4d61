"""The "Stochastic rounding" page's exportable figure: SR(x) sampled (its two BF16 neighbours with
x, the mean and round-to-nearest marked), an accumulator in FP32, BF16 round-to-nearest and BF16
SR over many small updates, and a gradient's reduction error against the number of ranks."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from tslab.models.numerics import SrAnalysis
from tslab.models.units import format_bytes
from tslab.views import charts
from tslab.views.common import bold, caption_label, chart_column, figure_column, paint_white, set_text, wrapping_title
from tslab.views.context.common import Box, Boxes, bar_plot, rich_label

FP32_COLOUR = "#202020"
RTN_COLOUR = "#E15759"
SR_COLOUR = "#4E79A7"
MEAN_COLOUR = "#59A14F"


def value_text(value: float) -> str:
    """A float32 value with the digits that tell it from its BF16 neighbours."""
    return f"{value:.9g}"


def swatch(colour: str, text: str, line: str = "━━") -> str:
    return f"<span style='color:{colour}'>{line}</span>&nbsp;{text.replace(' ', '&nbsp;')}"


class SrFigure(QWidget):
    """Three charts side by side, each with its heading and its numbers under it."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        paint_white(self)
        self.title = wrapping_title(self)
        self.message = rich_label(self)
        self.message.hide()

        self.histogram = bar_plot(self, left=self.tr("samples"), bottom=self.tr("SR(x) in BF16"))
        self.histogram_bars = Boxes(self.histogram)
        self.histogram_counts = charts.BarChart(self.histogram)
        self.lines = {name: pg.InfiniteLine(angle=90, pen=pg.mkPen(colour, width=2, style=style))
                      for name, colour, style in (("x", FP32_COLOUR, Qt.PenStyle.DashLine),
                                                  ("mean", MEAN_COLOUR, Qt.PenStyle.SolidLine),
                                                  ("rtn", RTN_COLOUR, Qt.PenStyle.DotLine))}
        for line in self.lines.values():
            self.histogram.addItem(line)
        self.accumulation = charts.make_plot(self, left=self.tr("running value"), bottom=self.tr("updates"))
        self.curves = {name: self.accumulation.plot([], [], pen=pg.mkPen(colour, width=2.2 if name == "rtn" else 1.6),
                                                    name=name)
                       for name, colour in (("fp32", FP32_COLOUR), ("rtn", RTN_COLOUR), ("sr", SR_COLOUR))}
        for side in ("left", "bottom"):
            self.accumulation.getPlotItem().getAxis(side).enableAutoSIPrefix(False)
        self.stall = pg.InfiniteLine(angle=90, pen=pg.mkPen(RTN_COLOUR, width=1, style=Qt.PenStyle.DashLine))
        self.accumulation.addItem(self.stall)
        self.reduction = charts.make_plot(self, left=self.tr("relative error"), bottom=self.tr("ranks n"))
        self.reduction.setLogMode(x=True, y=True)
        charts.spaced_log_axis(self.reduction, "left")
        charts.no_tab_stop(self.accumulation, self.reduction)   # the histogram is a bar_plot: no stop either
        for side in ("left", "bottom"):
            self.reduction.getPlotItem().getAxis(side).enableAutoSIPrefix(False)
        self.errors = {name: self.reduction.plot([], [], pen=pg.mkPen(colour, width=2), symbol="o", symbolSize=5,
                                                 symbolBrush=colour, symbolPen=None, name=name,
                                                 useCache=False)   # a few symbols as shapes: vector in SVG
                       for name, colour in (("bf16", RTN_COLOUR), ("sr", SR_COLOUR), ("fp32", FP32_COLOUR))}

        self.headings = [bold(QLabel(text, self), centred=True) for text in (
            self.tr("One value rounded many times"), self.tr("Accumulating small updates"),
            self.tr("A gradient reduced over n ranks"))]
        for heading in self.headings:
            heading.setWordWrap(True)
        self.notes = [rich_label(self) for _ in range(3)]
        self.caption = caption_label(self, self.tr(
            "A deterministic teaching model: FP32 → BF16 rounding bit for bit, seeded random numbers, not a "
            "measurement of a training run."), scale=0.9)

        row = QHBoxLayout()
        for heading, chart, note in zip(self.headings, (self.histogram, self.accumulation, self.reduction), self.notes):
            row.addLayout(chart_column(chart, heading=heading, notes=[note]), 1)
        self.row = QWidget(self)
        self.row.setLayout(row)
        row.setContentsMargins(0, 0, 0, 0)
        layout = figure_column(self)
        layout.addWidget(self.title)
        layout.addWidget(self.message)
        layout.addWidget(self.row, 1)
        self.filler = QWidget(self)   # under the message when there are no charts
        self.filler.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.filler.hide()
        layout.addWidget(self.filler, 1)
        layout.addWidget(self.caption)
        self.analysis: SrAnalysis | None = None

    def sizeHint(self) -> QSize:
        return QSize(1000, 620)

    def show_busy(self, text: str) -> None:
        """The analysis is running on the tab's runner: say what (over the charts, if any)."""
        self.message.show()
        set_text(self.message, text)
        if self.analysis is None:   # nothing drawn yet: no empty axes under the message
            set_text(self.title, self.tr("Stochastic rounding"))
            self.row.hide()
            self.filler.show()

    def show_failed(self, reason: str) -> None:
        self.analysis = None
        set_text(self.title, self.tr("Stochastic rounding"))
        self.row.hide()
        self.filler.show()
        self.message.show()
        set_text(self.message, "<span style='color:#C00000'>" + self.tr(
            "No stochastic-rounding analysis: {reason}").format(reason=reason) + "</span>")

    def show_analysis(self, a: SrAnalysis) -> None:
        self.analysis = a
        self.message.hide()
        self.row.show()
        self.filler.hide()
        set_text(self.title, self.tr("Stochastic rounding of x = {x} from FP32 to BF16").format(x=value_text(a.x)))
        self._show_histogram(a)
        self._show_accumulation(a)
        self._show_reduction(a)

    def _show_histogram(self, a: SrAnalysis) -> None:
        ulp = a.ulp if a.upper > a.lower else max(a.ulp, abs(a.x) * 2 ** -8, 1e-30)
        width = 0.07 * ulp   # narrow: x and the mean sit close beside a neighbour
        boxes, labels = [], []
        for value, count in a.histogram:
            boxes.append(Box(value - width, 0, value + width, count, SR_COLOUR,
                             self.tr("{count:,} samples rounded to {value}").format(count=count,
                                                                                    value=value_text(value)),
                             "#FFFFFF", 0.5))
            labels.append((value, count, f"{count:,}", {"anchor": (0.5, 1), "size": 8.5}))
        self.histogram_bars.set(boxes)
        self.histogram_counts.set_labels(labels)
        for name, value in (("x", a.x), ("mean", a.mean), ("rtn", a.rtn)):
            self.lines[name].setValue(value)
        low, high = min(a.lower, a.x) - 0.3 * ulp, max(a.upper, a.x) + 0.3 * ulp
        self.histogram.setXRange(low, high, padding=0)
        self.histogram.setYRange(0, charts.nice_ceiling(max((c for _, c in a.histogram), default=1) * 1.15),
                                 padding=0)
        ticks = sorted({a.lower, a.upper})
        self.histogram.getPlotItem().getAxis("bottom").setTicks([[(v, value_text(v)) for v in ticks], []])
        legend = "&nbsp; ".join([swatch(FP32_COLOUR, self.tr("x"), "┅"), swatch(MEAN_COLOUR, self.tr("mean")),
                                 swatch(RTN_COLOUR, self.tr("round to nearest"), "┉")])
        if a.upper > a.lower:
            lines = [
                self.tr("Neighbours {lower} and {upper}, ulp = {ulp:.3g}; up with p = (x − lower)/ulp = {p:.4f} "
                        "({up:,} of {n:,}).").format(lower=value_text(a.lower), upper=value_text(a.upper), ulp=a.ulp,
                                                     p=a.p, up=a.upper_count, n=a.samples),
                self.tr("E[SR(x)] = x: mean {mean} (bias {bias:.2g}); round to nearest gives {rtn}.").format(
                    mean=value_text(a.mean), bias=a.bias, rtn=value_text(a.rtn)),
                self.tr("Var {var:.3g} ≈ p(1 − p)·ulp² = {bound:.3g} ≤ ulp²/4 = {quarter:.3g}.").format(
                    var=a.variance, bound=a.variance_bound, quarter=a.ulp ** 2 / 4)]
        else:
            lines = [self.tr("x is exactly representable in BF16: SR(x) = x, variance 0.")]
        set_text(self.notes[0], legend + "<br>" + "<br>".join(lines))

    def _show_accumulation(self, a: SrAnalysis) -> None:
        acc = a.accumulation
        at = np.asarray(acc.at, dtype=float)
        for name, values in (("fp32", acc.fp32), ("rtn", acc.rtn), ("sr", acc.sr)):
            self.curves[name].setData(at, np.asarray(values, dtype=float))
        stalled = acc.rtn_stalled_at >= 0
        self.stall.setVisible(stalled)
        if stalled:
            self.stall.setValue(acc.rtn_stalled_at)
        values = np.concatenate([np.asarray(v, dtype=float) for v in (acc.fp32, acc.rtn, acc.sr)])
        finite = values[np.isfinite(values)]
        low, high = (float(finite.min()), float(finite.max())) if finite.size else (0.0, 1.0)
        margin = (high - low) * 0.08 or max(abs(high), 1.0) * 0.01
        self.accumulation.setXRange(0, max(acc.steps, 1), padding=0.02)
        self.accumulation.setYRange(low - margin, high + margin, padding=0)
        legend = "&nbsp; ".join([swatch(FP32_COLOUR, self.tr("FP32")),
                                 swatch(RTN_COLOUR, self.tr("BF16 round to nearest")),
                                 swatch(SR_COLOUR, self.tr("BF16 stochastic"))])
        final = self.tr("{steps:,} updates of {u:.3g} from 1: FP32 {fp32}, BF16 round to nearest {rtn}, BF16 "
                        "stochastic {sr}.").format(steps=acc.steps, u=acc.update, fp32=value_text(float(acc.fp32[-1])),
                                                   rtn=value_text(float(acc.rtn[-1])), sr=value_text(float(acc.sr[-1])))
        stall = (self.tr("Round to nearest stalls from update {k:,}: the update is below half an ulp of the "
                         "sum.").format(k=acc.rtn_stalled_at) if stalled
                 else self.tr("Round to nearest never stalls here."))
        set_text(self.notes[1], legend + "<br>" + final + " " + stall)

    def _show_reduction(self, a: SrAnalysis) -> None:
        r = a.reduction
        ranks = np.asarray(r.ranks, dtype=float)
        floor = 1e-12   # an exact sum (error 0) drawn at the chart's floor on the log axis
        for name, values in (("bf16", r.error_bf16_ring), ("sr", r.error_sr_fp32_sum), ("fp32", r.error_fp32_ring)):
            self.errors[name].setData(ranks, np.maximum(np.asarray(values, dtype=float), floor))
        shown = list(r.ranks) if len(r.ranks) <= 7 else list(r.ranks)[::2]   # powers of two, readable
        self.reduction.getPlotItem().getAxis("bottom").setTicks(
            [[(float(np.log10(n)), f"{n:,}") for n in shown], []])
        legend = "&nbsp; ".join([swatch(RTN_COLOUR, self.tr("BF16 ring")),
                                 swatch(SR_COLOUR, self.tr("V4: SR to BF16 on the wire, FP32 sums")),
                                 swatch(FP32_COLOUR, self.tr("FP32 ring"))])
        last = len(r.ranks) - 1
        text = self.tr("At n = {n}: BF16 ring {bf16:.2g}, V4 {sr:.2g}, FP32 {fp32:.2g}; on the wire {b16} instead of "
                       "{b32} per rank ({elements:,} values).").format(
            n=r.ranks[last], bf16=r.error_bf16_ring[last], sr=r.error_sr_fp32_sum[last], fp32=r.error_fp32_ring[last],
            b16=format_bytes(r.bytes_bf16), b32=format_bytes(r.bytes_fp32), elements=r.elements)
        set_text(self.notes[2], legend + "<br>" + text)
