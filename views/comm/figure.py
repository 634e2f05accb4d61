"""The Communication / MoE tab's exportable figure: the collective on its ranks with the bytes
table, its α–β time against message size, exposed vs hidden communication, and MoE routing."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from tslab.models.comm import CollectiveResult
from tslab.models.derived import AlphaBetaCurves
from tslab.models.moe import BUFFER_CAVEAT, MoeResult
from tslab.models.units import format_bytes, format_seconds
from tslab.views import charts
from tslab.views.comm.common import ANIMATION_RANK_LIMIT, NAMES
from tslab.views.comm.ring import RingView
from tslab.views.common import caption_label, chart_column, figure_column, paint_white, wrapping_title
from tslab.views.figure_fit import lines_high, wrapped_height
from tslab.views.texts import translate_phrases

LABEL_ROOM_PX = 10   # between the overlap bar's label and the plot's right edge
MOE_MESSAGE_STYLE = "QLabel { background: #f4f4f4; border: 1px solid #d0d0d0; padding: 16px; }"


# One colour per algorithm on the α–β chart (Tableau 10, as the rest of the app).
ALGORITHM_COLOURS = {"ring": "#4E79A7", "tree": "#E15759", "hierarchical": "#59A14F", "halving-doubling": "#F28E2B"}


class CommFigure(QWidget):
    """The exportable figure: the collective on its ranks with the bytes table, the α–β chart with
    the overlap bar, and the MoE panel (routing heatmap, loads before/after MoonEP, buffers)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        paint_white(self)
        self.title = wrapping_title(self)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.ring = RingView(self)
        self.round_label = QLabel(self)
        self.round_label.setWordWrap(True)
        self.bytes_table = QTableWidget(0, 3, self)
        self.bytes_table.setHorizontalHeaderLabels([self.tr("Rank"), self.tr("Sent"), self.tr("Received")])
        self.bytes_table.verticalHeader().setVisible(False)
        self.bytes_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.bytes_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.bytes_table.setWordWrap(False)
        self.bytes_table.setMinimumWidth(230)
        self.bytes_table.setAccessibleName(self.tr("Bytes sent and received per rank"))
        self.bytes_table.setTabKeyNavigation(False)   # Tab leaves the table; the arrow keys move along its rows
        self.alpha_beta = charts.make_plot(self, left=self.tr("time (s)"), bottom=self.tr("message size (bytes)"))
        self.alpha_beta.setLogMode(x=True, y=True)
        charts.spaced_log_axis(self.alpha_beta, "left")
        for side in ("left", "bottom"):  # plain powers of ten, no SI-prefix scaling of a log axis
            self.alpha_beta.getPlotItem().getAxis(side).enableAutoSIPrefix(False)
        # The legend and the crossover sizes are a label under the chart: inside the plot they
        # covered the curves at 1280×800.
        self.alpha_beta_key = QLabel(self)
        self.alpha_beta_key.setWordWrap(True)
        self.alpha_beta_key.setTextFormat(Qt.TextFormat.RichText)
        self.overlap_plot = charts.make_plot(self, bottom=self.tr("time (ms)"))
        self.overlap_plot.setMaximumHeight(110)
        lines_high(self.overlap_plot, 6.5)   # two bars, their labels and the time axis stay legible
        self.overlap_chart = charts.BarChart(self.overlap_plot)
        self._overlap_end = 0.0   # ms where the communication ends: the label starts there
        self.overlap_plot.getPlotItem().getViewBox().sigResized.connect(self._frame_overlap)
        self.heatmap = charts.make_plot(self, left=self.tr("source rank"), bottom=self.tr("expert"))
        self.heat_image = pg.ImageItem(axisOrder="row-major")
        self.heatmap.addItem(self.heat_image)
        self.loads = charts.make_plot(self, left=self.tr("tokens received"), bottom=self.tr("EP rank"))
        for plot in (self.heatmap, self.loads):   # counts and ranks: no "(x0.001)" scaling of the axes
            for side in ("left", "bottom"):
                plot.getPlotItem().getAxis(side).enableAutoSIPrefix(False)
        self.loads_chart = charts.BarChart(self.loads)
        # a marker above each rank that hosts redundant (copied) experts; its size grows with the count
        self.redundant = pg.ScatterPlotItem(symbol="t", brush="#202020", pen=None)
        self.loads.addItem(self.redundant)
        self.moe_text = QLabel(self)
        self.moe_text.setWordWrap(True)
        self.moe_text.setTextFormat(Qt.TextFormat.RichText)
        self.moe_text.setToolTip(QCoreApplication.translate("moe", BUFFER_CAVEAT))
        self.caption = caption_label(self, self.tr("Deterministic α–β teaching model and seeded routing, not a "
                                                   "measurement. Chunk squares fill as their final value arrives."))

        top = self._top = QHBoxLayout()
        top.addLayout(chart_column(self.ring, notes=[self.round_label]), 3)
        top.addWidget(self.bytes_table, 1)
        charts_column = QVBoxLayout()
        charts_column.addWidget(self.alpha_beta, 3)
        charts_column.addWidget(self.alpha_beta_key)
        charts_column.addWidget(self.overlap_plot, 1)
        top.addLayout(charts_column, 3)
        bottom = QHBoxLayout()
        bottom.addWidget(self.heatmap, 3)
        bottom.addWidget(self.loads, 3)
        bottom.addWidget(self.moe_text, 3)   # wide enough that its lines fit the row at 1280×800
        layout = figure_column(self)
        layout.addWidget(self.title)
        layout.addWidget(self.summary)
        layout.addLayout(top, 5)
        layout.addLayout(bottom, 4)
        layout.addWidget(self.caption)
        self._curves: list = []
        charts.no_tab_stop(self.ring, self.alpha_beta, self.overlap_plot, self.heatmap, self.loads)   # hovered only

    def sizeHint(self) -> QSize:
        return QSize(1100, 800)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        # The wrapped texts beside the charts ask for their lines at their width: Qt's rows count a
        # wrapped label's height at a width of their own reckoning, a few pixels short in larger
        # type, and the overlap bar then ran into the MoE row.
        for label in (self.alpha_beta_key, self.moe_text):
            height = wrapped_height(label, label.width()) if label.isVisible() else 0
            if label.minimumHeight() != height:
                label.setMinimumHeight(height)

    def show_error(self, message: str) -> None:
        self.summary.setText(f"<span style='color:#C00000'>{message}</span>")

    def show_collective(self, result: CollectiveResult) -> None:
        name = NAMES[result.collective]
        self.title.setText(self.tr("{name} of {size} over {n} ranks ({algorithm})").format(
            name=name, size=format_bytes(result.bytes), n=result.ranks,
            algorithm=self.algorithm_names().get(result.algorithm, result.algorithm)))
        convention = translate_phrases(result.convention_phrases) if result.convention_phrases else result.convention
        self.summary.setText(self.tr(
            "per rank sent {sent}, received {received}; {rounds} rounds; α–β time {time}; algbw {algbw} GB/s, "
            "busbw {busbw} GB/s (× {factor:g}, nccl-tests)").format(
                sent=format_bytes(result.per_rank_sent_bytes),
                received=format_bytes(result.per_rank_recv_bytes),
                rounds=result.rounds, time=format_seconds(result.time_s), algbw=f"{result.algbw / 1e9:,.1f}",
                busbw=f"{result.busbw / 1e9:,.1f}", factor=result.busbw_factor)
            + "<br><i>" + convention + "</i>")
        small = result.ranks <= ANIMATION_RANK_LIMIT
        self.ring.setVisible(small)
        self._top.setStretch(0, 3 if small else 1)  # no ring: the table and the charts take its width
        if small:
            self.ring.show_result(result)
        else:
            self.round_label.setText(self.tr("{n} ranks: too many to animate (up to {limit})").format(
                n=result.ranks, limit=ANIMATION_RANK_LIMIT))
        self._fill_bytes(result)

    def show_overlap(self, split: dict, compute: float) -> None:
        """Compute and communication on one time axis: what overlap hides and what stays exposed."""
        hidden, exposed = split["hidden_s"] * 1e3, split["exposed_s"] * 1e3
        compute_ms = compute * 1e3
        self.overlap_chart.set_segments([
            charts.Segment(0, compute_ms, 0.55, 1.25, "params", self.tr("compute {t:.2f} ms").format(t=compute_ms)),
            charts.Segment(compute_ms - hidden, compute_ms, -0.35, 0.35, "comm_buffers",
                           self.tr("hidden communication {t:.2f} ms").format(t=hidden)),
            charts.Segment(compute_ms, compute_ms + exposed, -0.35, 0.35, "activations",
                           self.tr("exposed communication {t:.2f} ms").format(t=exposed))])
        self.overlap_chart.set_labels([(compute_ms + exposed, 0, self.tr(" exposed {t:.2f} ms").format(t=exposed),
                                        {"anchor": (0, 0.5)})])
        charts.category_axis(self.overlap_plot, "left", [self.tr("comm"), self.tr("compute")], [0, 0.9])
        self._overlap_end = max(compute_ms + exposed, 1e-6)
        self._frame_overlap()
        self.overlap_plot.setYRange(-0.6, 1.5, padding=0)

    def _frame_overlap(self) -> None:
        """The time range that leaves room for the exposed label right of the bars, inside the plot
        at the plot's current width: the label is a fixed number of pixels, so its share of the
        range is worked out from them (the bars keep at least 40% of the width)."""
        if not self.overlap_chart.labels:
            return
        label = self.overlap_chart.labels[0]
        width = self.overlap_plot.getPlotItem().getViewBox().boundingRect().width()
        share = (label.textItem.boundingRect().width() + LABEL_ROOM_PX) / max(width, 1.0)
        self.overlap_plot.setXRange(0, self._overlap_end / (1 - min(share, 0.6)), padding=0)

    def _fill_bytes(self, result: CollectiveResult) -> None:
        n = result.ranks
        sent, received = result.sent_per_rank, result.received_per_rank
        shown = min(n, 64)
        self.bytes_table.setRowCount(shown)
        for r in range(shown):
            row = (str(r), format_bytes(sent[r]), format_bytes(received[r]))
            for column, content in enumerate(row):
                cell = QTableWidgetItem(content)
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.bytes_table.setItem(r, column, cell)
        # as wide as its columns (larger type too), so that "Received" is never cut off
        table, header = self.bytes_table, self.bytes_table.horizontalHeader()
        columns = sum(max(table.sizeHintForColumn(c), header.sectionSizeHint(c)) for c in range(table.columnCount()))
        table.setMinimumWidth(max(230, columns + 2 * table.frameWidth() + table.verticalScrollBar().sizeHint().width()))

    def algorithm_names(self) -> dict[str, str]:
        """The chart's short names of the algorithms (models.scenario.ALGORITHMS)."""
        return {"ring": self.tr("ring"), "tree": self.tr("double binary tree"),
                "hierarchical": self.tr("hierarchical"), "halving-doubling": self.tr("halving-doubling")}

    def show_alpha_beta(self, result: CollectiveResult, curves: AlphaBetaCurves | None) -> None:
        """Time against message size of every algorithm that has a builder for the collective, on
        the tab's ranks and cluster: the current algorithm's curve bold, the sizes where it crosses
        another's marked on the chart (a ring) and named under it ("double binary tree → ring at
        1.2 MiB"), and a star at this message."""
        for curve in self._curves:
            self.alpha_beta.removeItem(curve)
        self._curves = []
        names = self.algorithm_names()
        key = []
        if curves is not None:
            for name, times in curves.curves:
                colour = ALGORITHM_COLOURS[name]
                mine = name == curves.current
                pen = pg.mkPen(colour, width=3 if mine else 1.5)
                self._curves.append(self.alpha_beta.plot(curves.sizes, times, pen=pen, name=name))
                label = names[name] + (self.tr(" (this one)") if mine else "")
                entry = f"{'━━' if mine else '──'} {label}".replace(" ", "&nbsp;")   # an entry never wraps
                key.append(f"<span style='color:{colour}; font-weight:{'bold' if mine else 'normal'}'>{entry}</span>")
            if curves.crossovers:
                crossings = self.alpha_beta.plot([c.size for c in curves.crossovers],
                                                 [c.time_s for c in curves.crossovers], pen=None, symbol="o",
                                                 symbolSize=11, symbolPen=pg.mkPen("#202020", width=1.5),
                                                 symbolBrush=None, name="crossovers")
                self._curves.append(crossings)
        marker = self.alpha_beta.plot([max(result.bytes, 1)], [max(result.time_s, 1e-12)], pen=None, symbol="star",
                                      symbolSize=14, symbolBrush="#202020", name="this message")
        self._curves.append(marker)
        lines = ["&nbsp;&nbsp; ".join(key + [("★ " + self.tr("this message")).replace(" ", "&nbsp;")])]
        if curves is not None and curves.crossovers:
            text = self.tr("{before} → {after} at {size}")
            lines.append("○ " + "; ".join(text.format(before=names[c.before], after=names[c.after],
                                                      size=format_bytes(c.size)) for c in curves.crossovers))
        self.alpha_beta_key.setText("<br>".join(lines))

    def show_moe(self, result: MoeResult | None, message: str = "") -> None:
        """The routing heatmap, loads before and after MoonEP, and the numbers; or why not."""
        for chart in (self.heatmap, self.loads):  # no empty axes: the reason takes their place
            chart.setVisible(result is not None)
        if result is None:
            self.heat_image.clear()
            self.loads_chart.clear()
            self.redundant.clear()
            self.moe_text.setText(message)
            self.moe_text.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.moe_text.setStyleSheet(MOE_MESSAGE_STYLE)
            return
        self.moe_text.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.moe_text.setStyleSheet("")
        load = result.load
        self.heat_image.setImage(load.astype(float), autoLevels=True)
        self.heat_image.setLookupTable(pg.colormap.get("viridis").getLookupTable(nPts=256))
        self.heat_image.setRect(0, 0, load.shape[1], load.shape[0])
        self.heatmap.setXRange(0, load.shape[1], padding=0)
        self.heatmap.setYRange(0, load.shape[0], padding=0)
        before, after = np.asarray(result.recv_tokens), np.asarray(result.moonep.recv_tokens)
        segments = []
        for r in range(result.ranks):
            segments.append(charts.Segment(
                r - 0.4, r, 0, before[r], "activations",
                self.tr("rank {r}: {t:,} tokens before planning").format(r=r, t=int(before[r]))))
            segments.append(charts.Segment(r, r + 0.4, 0, after[r], "params",
                                           self.tr("rank {r}: {t:,} tokens after MoonEP, {e} redundant experts").format(
                                               r=r, t=int(after[r]), e=result.moonep.redundant_experts[r])))
        self.loads_chart.set_segments(segments)
        target = result.tokens_per_rank * result.top_k
        hosts = [(r, e) for r, e in enumerate(result.moonep.redundant_experts) if e]
        hosts_text = self.tr("rank {r} hosts {e} redundant experts")
        self.redundant.setData([r + 0.2 for r, _ in hosts], [target * 1.06] * len(hosts),
                               size=[5 + 3 * e for _, e in hosts],
                               data=[hosts_text.format(r=r, e=e) for r, e in hosts])
        self.loads_chart.set_line("target", target, self.tr("S·K = {t:,}").format(t=target), vertical=False)
        self.loads.setXRange(-0.8, result.ranks - 0.2, padding=0)
        self.loads.setYRange(0, max(before.max(), target) * 1.15, padding=0)
        b = result.buffers
        self.moe_text.setText("<br>".join([
            "<b>" + self.tr("Dispatch → experts → combine") + "</b>",
            self.tr("imbalance max/mean {imb:.2f}; maxvio {vio:.2f}").format(imb=result.imbalance, vio=result.maxvio),
            self.tr("MoonEP (▼ = redundant experts copied to a rank): every rank gets exactly S·K = {t:,}; at most "
                    "{bound} redundant experts per rank (E/R); planned {most}").format(
                        t=target, bound=result.moonep.bound, most=max(result.moonep.redundant_experts)),
            self.tr("dispatch {d}, combine {c} per rank; across nodes {x}").format(
                d=format_bytes(result.dispatch_bytes), c=format_bytes(result.combine_bytes),
                x=format_bytes(result.inter_node_bytes)),
            self.tr("all-to-all time: dispatch {d}, combine {c}").format(
                d=format_seconds(result.dispatch_time_s), c=format_seconds(result.combine_time_s)),
            self.tr("receive buffer: worst case S·K·R = {w:,} tokens (DeepEP-style, copy-free) vs MoonEP's fixed "
                    "S·K = {m:,} — a worst-case bound, not DeepEP's typical use").format(
                w=b["worst_case_tokens"], m=b["moonep_tokens"]),
            self.tr("expert-GEMM makespan on the busiest rank, in full tiles of {tile} tokens on {sms} SMs: "
                    "round-robin tile order {f:,g}, workload-aware (longest tile first) {a:,g} "
                    "(rank balance is not kernel balance)").format(
                        tile=result.tile_tokens, sms=result.sm_workers, f=max(result.makespan_fixed),
                        a=max(result.makespan_aware)),
        ]))
