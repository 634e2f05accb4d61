"""Figure 1, the cost stack: every pipeline rank's optimizer step as the four layers the course
names — FLOPs (GEMM compute), HBM (memory-bound element-wise work), network (communication left
exposed, per axis) and idle (the pipeline bubble) — plus the optimizer step, from the step-time
model (models.time.step_time: StepTime.stack)."""
from __future__ import annotations

from dataclasses import dataclass

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter
from PySide6.QtWidgets import QVBoxLayout, QWidget

from tslab.models.time import StepTime
from tslab.views import charts
from tslab.views.gallery.slide_charts import Piece, Row, StackedRows, font, heading_label, ink_for
from tslab.views.time.common import (Bar, StackChart, axis_name, mean_terms, ms, percent, row_terms, term_colour,
                                     term_name, terms_tooltip)

LAYERS = ("flops", "hbm", "network", "idle", "optimizer")
MAX_RANKS_DRAWN = 64   # a deeper pipeline is drawn as its first 64 ranks (the caption says so)


def layer_of(term: str) -> str:
    """The course's layer of a stack term: compute → FLOPs, memory-bound → HBM, exposed
    communication → network, bubble → idle; the optimizer step stays its own."""
    if term.startswith("comm:"):
        return "network"
    return {"compute": "flops", "memory_bound": "hbm", "bubble": "idle"}.get(term, "optimizer")


def layer_names() -> dict[str, str]:
    return {"flops": QCoreApplication.translate("gallery", "FLOPs"),
            "hbm": QCoreApplication.translate("gallery", "HBM"),
            "network": QCoreApplication.translate("gallery", "network"),
            "idle": QCoreApplication.translate("gallery", "idle"),
            "optimizer": QCoreApplication.translate("gallery", "optimizer")}


def layer_descriptions() -> dict[str, str]:
    return {"flops": QCoreApplication.translate("gallery", "GEMM compute at the efficiency curve"),
            "hbm": QCoreApplication.translate("gallery", "element-wise work at HBM bandwidth"),
            "network": QCoreApplication.translate("gallery", "communication not hidden under compute"),
            "idle": QCoreApplication.translate("gallery", "pipeline bubble, waiting for the slowest rank"),
            "optimizer": QCoreApplication.translate("gallery", "the optimizer step, its own segment")}


@dataclass(frozen=True)
class LayerTotals:
    """A stack's terms grouped into the course's layers: seconds per layer averaged over the
    pipeline ranks (they add up to the step time, as each rank's terms do), and the exposed
    communication per axis."""
    seconds: dict[str, float]
    network_axes: tuple[tuple[str, float], ...]

    @property
    def total(self) -> float:
        return sum(self.seconds.values())


def layer_totals(time: StepTime) -> LayerTotals:
    seconds = dict.fromkeys(LAYERS, 0.0)
    axes: list[tuple[str, float]] = []
    for term, value in mean_terms(time.stack):
        seconds[layer_of(term)] += value
        if term.startswith("comm:"):
            axes.append((term[5:], value))
    return LayerTotals(seconds, tuple(sorted(axes, key=lambda item: -item[1])))


class SegmentLabels(pg.GraphicsObject):
    """The time of every stack segment written on it, in the segment's contrasting ink, where the
    segment is wide and tall enough on screen for the text (checked as it is painted, so the
    labels follow the plot's size: a thumbnail simply shows fewer)."""

    def __init__(self, size: float):
        super().__init__()
        self.font = font(size)
        self.items: list[tuple[QRectF, str, QColor]] = []
        self._bounds = QRectF()

    def set_items(self, items: list[tuple[QRectF, str, QColor]]) -> None:
        self.prepareGeometryChange()
        self.items = items
        bounds = QRectF()
        for rect, _, _ in items:
            bounds = bounds.united(rect)
        self._bounds = bounds
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, *_) -> None:
        transform = painter.transform()
        painter.save()
        painter.resetTransform()
        painter.setFont(self.font)
        metrics = QFontMetricsF(self.font)
        for rect, text, ink in self.items:
            shown = transform.mapRect(rect)
            if metrics.horizontalAdvance(text) + 8 > shown.width() or metrics.height() > shown.height() + 2:
                continue
            painter.setPen(ink)
            painter.drawText(shown, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()


def rank_bars(time: StepTime) -> list[Bar]:
    bars = []
    for row in time.stack[:MAX_RANKS_DRAWN]:
        terms = row_terms(row)
        heading = QCoreApplication.translate("gallery", "pipeline rank {rank}: {total}").format(
            rank=row.rank, total=ms(row.total_s))
        tip = terms_tooltip(heading, terms, row.total_s)
        bars.append(Bar(QCoreApplication.translate("gallery", "rank {rank}").format(rank=row.rank),
                        [(term, seconds, tip) for term, seconds in terms]))
    return bars


def layer_rows(totals: LayerTotals, ranks: int) -> list[Row]:
    """The four layers and the optimizer as bars of their mean time over the ranks: the network
    split by axis, each bar's total with its share of the step."""
    names, descriptions = layer_names(), layer_descriptions()
    rows = []
    for layer in LAYERS:
        seconds = totals.seconds[layer]
        share = seconds / totals.total if totals.total > 0 else 0.0
        if layer == "network":
            pieces = [Piece(value * 1e3, term_colour("comm:" + axis).name(),
                            f"{axis_name(axis)} {ms(value)}", f"{axis_name(axis)}: {ms(value)}")
                      for axis, value in totals.network_axes]
        else:
            term = {"flops": "compute", "hbm": "memory_bound", "idle": "bubble", "optimizer": "optimizer"}[layer]
            pieces = [Piece(seconds * 1e3, term_colour(term).name(), ms(seconds), f"{term_name(term)}: {ms(seconds)}")]
        rows.append(Row(QCoreApplication.translate("gallery", "{layer}: {what}").format(
                            layer=names[layer], what=descriptions[layer]),
                        pieces, QCoreApplication.translate("gallery", "{time} · {share}").format(
                            time=ms(seconds), share=percent(share))))
    return rows


class CostStackBody(QWidget):
    """The figure's drawing: the headline, every rank's stack and the layers averaged over the ranks."""

    def __init__(self, time: StepTime, title: str, parent: QWidget | None = None):
        super().__init__(parent)
        totals = layer_totals(time)
        headline = heading_label(self, QCoreApplication.translate(
            "gallery", "<b>Step time {step}</b> &nbsp;·&nbsp; <b>MFU {mfu}</b> &nbsp;·&nbsp; {tokens} tokens/s "
                       "&nbsp;·&nbsp; {title} &nbsp;·&nbsp; PP = {ranks}, {gpus} GPUs").format(
            step=ms(time.step_time_s), mfu=percent(time.mfu), tokens=f"{time.tokens_per_s:,.0f}", title=title,
            ranks=len(time.stack), gpus=f"{time.gpus:,}"), scale=1.25)
        plot = charts.make_plot(self, bottom=QCoreApplication.translate(
            "gallery", "time within one optimizer step (ms); every rank's bar adds up to the step time"))
        item = plot.getPlotItem()
        item.showGrid(x=False, y=False)
        for side in ("left", "bottom"):
            item.getAxis(side).setTickFont(font(1.1))
            item.getAxis(side).label.setFont(font(1.1))
        chart = StackChart(plot)
        bars = rank_bars(time)
        chart.set_bars(bars)
        labels = SegmentLabels(1.0)
        labels.setZValue(5)
        labels.set_items([(QRectF(s.x0, s.y0, s.x1 - s.x0, s.y1 - s.y0), ms((s.x1 - s.x0) / 1e3),
                           ink_for(term_colour(s.key))) for s in chart.segments])
        plot.addItem(labels)
        # every bar ends at the step time: the axis ends there too, not at the next round number
        plot.setXRange(0, max(row.total_s for row in time.stack[:MAX_RANKS_DRAWN]) * 1e3 * 1.01, padding=0)
        rows = len(bars)
        plot.setMaximumHeight(96 + 46 * rows)
        plot.setMinimumHeight(min(96 + 14 * rows, 440))  # a rank's row: one line of its tick labels
        layers = StackedRows(QCoreApplication.translate("gallery", "The layers of the stack, mean over the {ranks} "
                                                                   "pipeline ranks").format(ranks=len(time.stack))
                             if len(time.stack) > 1 else
                             QCoreApplication.translate("gallery", "The layers of the stack"),
                             layer_rows(totals, len(time.stack)), QCoreApplication.translate("gallery", "ms"),
                             maximum=max(max(totals.seconds.values()) * 1e3, 1e-9), parent=self, max_bar=34)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(headline)
        layout.addWidget(plot, 3 if rows > 4 else 1)
        layout.addSpacing(6)
        layout.addWidget(layers, 2)
        self.time, self.chart, self.plot, self.totals, self.layers = time, chart, plot, totals, layers


__all__ = ["LAYERS", "MAX_RANKS_DRAWN", "LayerTotals", "SegmentLabels", "CostStackBody", "layer_of", "layer_totals",
           "layer_rows", "rank_bars"]
