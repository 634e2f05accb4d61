"""Long context in the Memory Ledger: activation bytes per GPU against the sequence length under
each context-parallel scheme, with and without full recompute, against the GPU's capacity
(models/context, `context_memory`).
"""
from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from tslab.models.units import format_bytes
from tslab.views import charts
from tslab.views.common import caption_label, paint_white

if TYPE_CHECKING:  # the annotation only: the Memory tab starts without the context models
    from tslab.models.context import ContextMemory

GIB = float(1 << 30)
SCHEME_COLOURS = {"none": "#555555", "ulysses": "#0072B2", "ring": "#D55E00", "usp": "#009E73"}


def scheme_name(scheme: str) -> str:
    names = {"none": QCoreApplication.translate("ContextMemoryChart", "no CP (cp = 1)"),
             "ulysses": QCoreApplication.translate("ContextMemoryChart", "Ulysses"),
             "ring": QCoreApplication.translate("ContextMemoryChart", "Ring"),
             "usp": QCoreApplication.translate("ContextMemoryChart", "USP (Ulysses × Ring)")}
    return names.get(scheme, scheme)


def length_text(tokens: int) -> str:
    """4K, 128K, 1M: sequence lengths as the long-context papers write them (K = 1,024 tokens)."""
    if tokens >= 1 << 20 and tokens % (1 << 20) == 0:
        return f"{tokens >> 20}M"
    if tokens >= 1 << 10 and tokens % (1 << 10) == 0:
        return f"{tokens >> 10}K"
    return f"{tokens:,}"


class ContextMemoryChart(QWidget):
    """Activation GiB per rank (log scale) against the sequence length (log₂ scale): one solid
    line per scheme at the scenario's recompute, a dashed one under full recompute, the HBM
    capacity and the scenario's own length marked."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        paint_white(self)
        self.plot = charts.make_plot(self, left=self.tr("activation GiB per GPU (log scale)"),
                                     bottom=self.tr("sequence length S (tokens, log scale)"))
        item = self.plot.getPlotItem()
        item.setLogMode(x=False, y=True)
        item.showGrid(x=True, y=True, alpha=0.15)
        charts.no_tab_stop(self.plot)
        self.legend = QLabel(self)  # under the plot: inside it, a legend would cover the curves it names
        self.legend.setWordWrap(True)
        self.caption = caption_label(self, "")
        self.reason = QLabel(self)
        self.reason.setWordWrap(True)
        self.reason.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.legend)
        layout.addWidget(self.caption)
        layout.addWidget(self.reason)
        self.plot.setMinimumHeight(220)
        self.shown: ContextMemory | None = None

    def show_reason(self, reason: str) -> None:
        self.shown = None
        self.plot.getPlotItem().clear()
        self.plot.hide()
        self.legend.hide()
        self.caption.hide()
        self.reason.setText(reason)
        self.reason.show()

    def show_memory(self, memory: ContextMemory) -> None:
        self.shown = memory
        self.reason.hide()
        self.plot.show()
        self.legend.show()
        self.caption.show()
        item = self.plot.getPlotItem()
        item.clear()
        entries = []
        x = np.log2(np.asarray(memory.lengths, dtype=float))
        floor = GIB / 1024  # 1 MiB: a log axis needs positive values
        for scheme, kept, full in zip(memory.schemes, memory.activation, memory.activation_full):
            colour = SCHEME_COLOURS.get(scheme, "#777777")
            name = scheme_name(scheme)
            item.plot(x, np.maximum(np.asarray(kept, dtype=float), floor) / GIB,
                      pen=pg.mkPen(colour, width=2), symbol="o", symbolSize=5, symbolBrush=colour,
                      symbolPen=None)
            entries.append(f'<span style="color:{colour}"><b>━━</b></span>&nbsp;{html.escape(name)}')
            item.plot(x, np.maximum(np.asarray(full, dtype=float), floor) / GIB,
                      pen=pg.mkPen(colour, width=1.5, style=Qt.PenStyle.DashLine))
        # One legend entry for every dashed line: the line style, not the scheme, says full recompute.
        entries.append('<span style="color:#555555"><b>╍╍</b></span>&nbsp;'
                       + html.escape(self.tr("the same under full recompute")))
        self.legend.setText("&nbsp;&nbsp;&nbsp; ".join(entries))
        if memory.capacity > 0:
            capacity = pg.InfiniteLine(pos=math.log10(memory.capacity / GIB), angle=0,
                                       pen=pg.mkPen(charts.CAPACITY_COLOUR, width=2, style=Qt.PenStyle.DashLine),
                                       label=self.tr("HBM {size}").format(size=format_bytes(memory.capacity)),
                                       labelOpts={"position": 0.04, "color": charts.CAPACITY_COLOUR,
                                                  "fill": (255, 255, 255, 210), "anchors": [(0, 1), (0, 1)]})
            item.addItem(capacity)
        if memory.seq_len > 0:
            here = pg.InfiniteLine(pos=math.log2(memory.seq_len), angle=90,
                                   pen=pg.mkPen("#888888", width=1, style=Qt.PenStyle.DotLine),
                                   label=self.tr("this scenario"),
                                   labelOpts={"position": 0.92, "color": "#555555", "fill": (255, 255, 255, 210),
                                              "anchors": [(0, 0), (0, 0)]})
            item.addItem(here)
        item.getAxis("bottom").setTicks([[(float(v), length_text(n)) for v, n in zip(x, memory.lengths)], []])
        item.setXRange(float(x[0]) - 0.3, float(x[-1]) + 0.3, padding=0)
        self.caption.setText(self.tr(
            "Activation bytes per GPU from the ledger at each length, the sequence split over cp = {cp} ranks, plus "
            "each scheme's buffers for one layer (Ulysses: full-sequence Q/K/V of its heads; Ring: K/V blocks in "
            "flight). Not Megatron SP, which shards activations inside the TP group. A deterministic teaching "
            "model.").format(cp=memory.cp))
