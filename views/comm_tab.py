"""Communication / MoE tab: a collective step by step on its ranks, its α–β time against message
size, exposed vs hidden communication, and MoE routing before and after MoonEP's planning.
Run alone with ``python -m tslab.views.comm_tab [PRESET]``.
"""
from __future__ import annotations

import math
import sys

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDoubleSpinBox, QFormLayout, QGroupBox, QHBoxLayout,
                               QHeaderView, QLabel, QPushButton, QSlider, QSpinBox,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from tslab.models.comm import COLLECTIVES, CollectiveResult, execute_rounds, overlap, plan
from tslab.models.moe import analyse, route, settings_from
from tslab.models.scenario import Scenario
from tslab.views import charts
from tslab.views.common import inputs_beside, paint_white, run_alone, scrolling, title_label
from tslab.views.scenario_form import Field, ScenarioForm
from tslab.views.scenario_model import ScenarioModel

ANIMATION_RANK_LIMIT = 16   # ranks drawn as a ring with their chunks
CHUNK_COLOURS = ["#4E79A7", "#F28E2B", "#E15759", "#76B7B2", "#59A14F", "#EDC948", "#B07AA1", "#FF9DA7",
                 "#9C755F", "#BAB0AC", "#A0CBE8", "#FFBE7D", "#FF9D9A", "#86BCB6", "#8CD17D", "#F1CE63"]
NAMES = {"allreduce": "AllReduce", "reducescatter": "ReduceScatter", "allgather": "AllGather",
         "alltoall": "All-to-All", "broadcast": "Broadcast", "reduce": "Reduce", "p2p": "P2P"}


def links(s: Scenario) -> dict:
    """The cluster's two link tiers in plan()'s units."""
    c = s.cluster
    return dict(gpus_per_node=c.gpus_per_node, alpha_intra_s=c.intra_latency_us * 1e-6,
                alpha_inter_s=c.inter_latency_us * 1e-6, bw_intra_Bps=c.intra_bw_gbps * 1e9,
                bw_inter_Bps=c.inter_bw_gbps * 1e9)


def seconds(t: float) -> str:
    return f"{t * 1e6:,.1f} µs" if t < 1e-3 else f"{t * 1e3:,.2f} ms" if t < 1 else f"{t:,.2f} s"


class RingView(pg.PlotWidget):
    """Ranks on a circle, each with its chunks as squares whose fill shows how much of the final
    value has arrived; the sends of the current round as arrows. Driven by execute_rounds, so
    what is drawn is what the algorithm computes."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, background="w", enableMenu=False)
        item = self.getPlotItem()
        item.hideButtons()
        for side in ("left", "bottom"):
            item.hideAxis(side)
        item.getViewBox().setAspectLocked(True)
        item.getViewBox().setMouseEnabled(False, False)
        self.cells = pg.BarGraphItem(x0=[0], y0=[0], width=[0], height=[0])
        self.arrows = pg.PlotDataItem(pen=pg.mkPen("#202020", width=1.6), connect="pairs")
        self.heads = pg.ScatterPlotItem(symbol="o", size=6, brush="#202020", pen=None)
        self.names = charts.BarChart(self)
        for graphic in (self.cells, self.arrows, self.heads):
            self.addItem(graphic)
        self.result: CollectiveResult | None = None
        self.states: list[np.ndarray] = []

    def sizeHint(self) -> QSize:
        return QSize(520, 460)

    def show_result(self, result: CollectiveResult) -> None:
        self.result = result
        n = result.ranks
        inputs = np.zeros((n, result.chunks, n))
        inputs[np.arange(n), :, np.arange(n)] = 1.0  # rank r's own data: contribution r
        self.states = [(state > 0).sum(axis=2) for state in execute_rounds(result, inputs)]
        angle = np.pi / 2 - 2 * np.pi * np.arange(n) / n
        self.centres = np.stack([np.cos(angle), np.sin(angle)], axis=1) * (1.0 + 0.05 * n)
        self.names.set_labels([(x * 1.28, y * 1.28, f"rank {r}", {"anchor": (0.5, 0.5), "size": 8})
                               for r, (x, y) in enumerate(self.centres)])
        span = 1.45 * (1.0 + 0.05 * n)
        self.setXRange(-span, span, padding=0)
        self.setYRange(-span, span, padding=0)
        self.set_round(0)

    def set_round(self, k: int) -> None:
        """Show the buffers after k rounds and the sends of round k (if any)."""
        result = self.result
        if result is None:
            return
        counts, final = self.states[min(k, len(self.states) - 1)], self.states[-1]
        n, chunks = counts.shape
        size = min(0.9 / max(chunks, 1), 0.22)
        x0, y0, brushes = [], [], []
        for r in range(n):
            cx, cy = self.centres[r]
            for c in range(chunks):
                x0.append(cx - chunks * size / 2 + c * size)
                y0.append(cy - size / 2)
                full = max(final[r, c], 1)
                colour = QColor(CHUNK_COLOURS[c % len(CHUNK_COLOURS)])
                share = counts[r, c] / full
                colour.setAlphaF(0.12 + 0.88 * min(share, 1.0)) if counts[r, c] else colour.setAlphaF(0.05)
                brushes.append(colour)
        self.cells.setOpts(x0=x0, y0=y0, width=np.full(len(x0), size * 0.9), height=np.full(len(x0), size * 0.9),
                           brushes=brushes, pens=[pg.mkPen("#888888")] * len(x0))
        steps = result.steps
        if k < len(steps):
            sends = steps[k].sends
            xs, ys, hx, hy = [], [], [], []
            for src, dst, _, _ in sends:
                (ax, ay), (bx, by) = self.centres[src] * 0.82, self.centres[dst] * 0.82
                xs += [ax, bx]
                ys += [ay, by]
                hx.append(ax + 0.85 * (bx - ax))
                hy.append(ay + 0.85 * (by - ay))
            self.arrows.setData(xs, ys)
            self.heads.setData(hx, hy)
        else:
            self.arrows.setData([], [])
            self.heads.setData([], [])


class CommTab(QWidget):
    """Collective controls and animation, α–β chart, overlap bar, and the MoE panel."""

    def __init__(self, model: ScenarioModel, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = model
        self.form = ScenarioForm(model, self._groups(), self)

        # collective controls
        self.collective_box = QComboBox(self)
        for name in COLLECTIVES:
            self.collective_box.addItem(NAMES[name], name)
        self.algorithm_box = QComboBox(self)
        for name, label in (("ring", self.tr("ring")), ("tree", self.tr("double binary tree")),
                            ("hierarchical", self.tr("hierarchical (node, then across)"))):
            self.algorithm_box.addItem(label, name)
        self.ranks_box = QSpinBox(self)
        self.ranks_box.setRange(2, 1024)
        self.ranks_box.setValue(8)
        self.size_box = QDoubleSpinBox(self)
        self.size_box.setRange(0.001, 65536)
        self.size_box.setDecimals(3)
        self.size_box.setValue(256)
        self.size_box.setSuffix(" MiB")
        self.compute_box = QDoubleSpinBox(self)
        self.compute_box.setRange(0, 1e6)
        self.compute_box.setValue(5.0)
        self.compute_box.setSuffix(" ms")
        self.overlap_box = QSlider(Qt.Orientation.Horizontal, self)
        self.overlap_box.setRange(0, 100)
        self.overlap_box.setValue(70)
        for widget in (self.collective_box, self.algorithm_box):
            widget.currentIndexChanged.connect(lambda _: self.refresh())
        for widget in (self.ranks_box, self.size_box, self.compute_box):
            widget.setKeyboardTracking(False)
            widget.valueChanged.connect(lambda _: self.refresh())
        self.overlap_box.valueChanged.connect(lambda _: self.refresh())
        controls = QGroupBox(self.tr("Collective"), self)
        form = QFormLayout(controls)
        form.addRow(self.tr("Collective"), self.collective_box)
        form.addRow(self.tr("Algorithm"), self.algorithm_box)
        form.addRow(self.tr("Ranks n"), self.ranks_box)
        form.addRow(self.tr("Message size S"), self.size_box)
        form.addRow(self.tr("Compute to overlap with"), self.compute_box)
        form.addRow(self.tr("Share that can overlap"), self.overlap_box)

        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(controls)
        left_layout.addWidget(self.form)
        left_layout.addStretch(1)
        scroll = scrolling(self, left, 330)

        self.figure = CommFigure(self)
        self.play_button = QPushButton(self.tr("Play"), self)
        self.play_button.setCheckable(True)
        self.play_button.toggled.connect(self.play)
        self.step_button = QPushButton(self.tr("Step one round"), self)
        self.step_button.clicked.connect(lambda: self.set_round(self.round + 1))
        self.scrub = QSlider(Qt.Orientation.Horizontal, self)
        self.scrub.valueChanged.connect(self.set_round)
        bar = QHBoxLayout()
        bar.addWidget(self.play_button)
        bar.addWidget(self.step_button)
        bar.addWidget(self.scrub, 1)
        right = QWidget(self)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(bar)
        right_layout.addWidget(self.figure, 1)
        inputs_beside(self, scroll, right, 340)

        self.timer = QTimer(self, interval=600)
        self.timer.timeout.connect(lambda: self.set_round(self.round + 1))
        self.round = 0
        self.result: CollectiveResult | None = None
        model.scenarioChanged.connect(lambda _: (self.refresh(), self.refresh_moe()))
        self.refresh()
        self.refresh_moe()

    # ------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        s = self.model.scenario
        collective, algorithm = self.collective_box.currentData(), self.algorithm_box.currentData()
        n = 2 if collective == "p2p" else self.ranks_box.value()
        size = int(self.size_box.value() * 2**20)
        try:
            self.result = plan(collective, n, size, algorithm, **links(s))
        except ValueError as exc:
            self.result = None
            self.figure.show_error(str(exc))
            return
        compute = self.compute_box.value() / 1e3
        split = overlap(self.result.time_s, compute, self.overlap_box.value() / 100)
        self.figure.show_collective(self.result, split, compute, s)
        rounds = self.result.rounds
        self.scrub.blockSignals(True)
        self.scrub.setRange(0, rounds)
        self.scrub.blockSignals(False)
        self.set_round(rounds if n > ANIMATION_RANK_LIMIT else 0)

    def refresh_moe(self) -> None:
        s = self.model.scenario
        m = s.model
        if not m.experts or m.experts % s.parallel.ep or s.parallel.ep < 2:
            self.figure.show_moe(None, self.tr("MoE needs experts > 0 divisible by an expert-parallel degree ep ≥ 2 "
                                               "(try the DeepSeek-V3 or Kimi K2 preset)."), s)
            return
        settings = settings_from(s)
        link = links(s)
        result = analyse(m.experts, m.top_k, s.parallel.ep, m.hidden, settings, gpus_per_node=link["gpus_per_node"],
                         bw_intra_Bps=link["bw_intra_Bps"], bw_inter_Bps=link["bw_inter_Bps"],
                         alpha_intra_s=link["alpha_intra_s"], alpha_inter_s=link["alpha_inter_s"])
        load = route(m.experts, m.top_k, s.parallel.ep, settings, link["gpus_per_node"])
        self.figure.show_moe(result, "", s, load)

    def set_round(self, k: int) -> None:
        if self.result is None:
            return
        self.round = max(0, min(k, self.result.rounds))
        if self.figure.ring.isVisible():
            self.figure.ring.set_round(self.round)
        self.figure.round_label.setText(self.tr("round {k} of {rounds}").format(k=self.round, rounds=self.result.rounds))
        self.scrub.blockSignals(True)
        self.scrub.setValue(self.round)
        self.scrub.blockSignals(False)
        if self.round >= self.result.rounds and self.play_button.isChecked():
            self.play_button.setChecked(False)

    def play(self, on: bool) -> None:
        self.play_button.setText(self.tr("Pause") if on else self.tr("Play"))
        if on:
            if self.result is not None and self.round >= self.result.rounds:
                self.set_round(0)
            self.timer.start()
        else:
            self.timer.stop()

    def export_widget(self) -> QWidget:
        return self.figure

    def fit_to_size(self) -> None:
        """Export: show the collective half way through, chunks in flight."""
        if self.result is not None:
            self.set_round(self.result.rounds // 2)

    def export_error(self) -> str | None:
        return None if self.result is not None else "no valid collective"

    def _groups(self) -> list[tuple[str, list[Field]]]:
        return [
            (self.tr("Links"), [
                Field("cluster.gpus_per_node", self.tr("GPUs per node")),
                Field("cluster.intra_bw_gbps", self.tr("NVLink GB/s per GPU"), decimals=0),
                Field("cluster.inter_bw_gbps", self.tr("Inter-node GB/s per GPU"), decimals=0),
                Field("cluster.intra_latency_us", self.tr("NVLink latency α (µs)"), decimals=1),
                Field("cluster.inter_latency_us", self.tr("Inter-node latency α (µs)"), decimals=1),
            ]),
            (self.tr("MoE routing"), [
                Field("model.experts", self.tr("Routed experts E (0 = dense)")),
                Field("model.top_k", self.tr("Experts per token K")),
                Field("parallel.ep", self.tr("Expert parallel EP")),
                Field("moe.tokens_per_rank", self.tr("Tokens per rank S")),
                Field("moe.routing", self.tr("Routing"), choices=(
                    ("uniform", self.tr("uniform")), ("zipf", self.tr("Zipf skew")), ("hot", self.tr("hot experts")),
                    ("node-limited", self.tr("node-limited")))),
                Field("moe.max_nodes", self.tr("Nodes per token (node-limited)")),
                Field("moe.dispatch_precision", self.tr("Dispatch precision"),
                      choices=(("bf16", "BF16"), ("fp8", "FP8"))),
                Field("moe.seed", self.tr("Seed")),
            ]),
        ]


class CommFigure(QWidget):
    """The exportable figure: the collective on its ranks with the bytes table, the α–β chart with
    the overlap bar, and the MoE panel (routing heatmap, loads before/after MoonEP, buffers)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        paint_white(self)
        self.title = title_label(self, 1.25)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.ring = RingView(self)
        self.round_label = QLabel(self)
        self.bytes_table = QTableWidget(0, 3, self)
        self.bytes_table.setHorizontalHeaderLabels([self.tr("Rank"), self.tr("Sent"), self.tr("Received")])
        self.bytes_table.verticalHeader().setVisible(False)
        self.bytes_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.bytes_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.bytes_table.setWordWrap(False)
        self.bytes_table.setMinimumWidth(230)
        self.alpha_beta = charts.make_plot(self, left=self.tr("time (s)"), bottom=self.tr("message size (bytes)"))
        self.alpha_beta.setLogMode(x=True, y=True)
        for side in ("left", "bottom"):  # plain powers of ten, no SI-prefix scaling of a log axis
            self.alpha_beta.getPlotItem().getAxis(side).enableAutoSIPrefix(False)
        self.alpha_beta.addLegend(offset=(10, 10))
        self.overlap_plot = charts.make_plot(self, bottom=self.tr("time (ms)"))
        self.overlap_plot.setMaximumHeight(110)
        self.overlap_chart = charts.BarChart(self.overlap_plot)
        self.heatmap = charts.make_plot(self, left=self.tr("source rank"), bottom=self.tr("expert"))
        self.heat_image = pg.ImageItem(axisOrder="row-major")
        self.heatmap.addItem(self.heat_image)
        self.loads = charts.make_plot(self, left=self.tr("tokens received"), bottom=self.tr("EP rank"))
        self.loads_chart = charts.BarChart(self.loads)
        # a marker above each rank that hosts redundant (copied) experts; its size grows with the count
        self.redundant = pg.ScatterPlotItem(symbol="t", brush="#202020", pen=None)
        self.loads.addItem(self.redundant)
        self.moe_text = QLabel(self)
        self.moe_text.setWordWrap(True)
        self.moe_text.setTextFormat(Qt.TextFormat.RichText)
        self.caption = QLabel(self.tr("Deterministic α–β teaching model and seeded routing, not a measurement. "
                                      "Chunk squares fill as their final value arrives."), self)
        self.caption.setStyleSheet("color: #555555")

        top = QHBoxLayout()
        ring_column = QVBoxLayout()
        ring_column.addWidget(self.ring, 1)
        ring_column.addWidget(self.round_label)
        top.addLayout(ring_column, 3)
        top.addWidget(self.bytes_table, 1)
        charts_column = QVBoxLayout()
        charts_column.addWidget(self.alpha_beta, 3)
        charts_column.addWidget(self.overlap_plot, 1)
        top.addLayout(charts_column, 3)
        bottom = QHBoxLayout()
        bottom.addWidget(self.heatmap, 3)
        bottom.addWidget(self.loads, 3)
        bottom.addWidget(self.moe_text, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 8)
        layout.addWidget(self.title)
        layout.addWidget(self.summary)
        layout.addLayout(top, 5)
        layout.addLayout(bottom, 4)
        layout.addWidget(self.caption)
        self._curves: list = []

    def sizeHint(self) -> QSize:
        return QSize(1100, 800)

    def show_error(self, message: str) -> None:
        self.summary.setText(f"<span style='color:#C00000'>{message}</span>")

    def show_collective(self, result: CollectiveResult, split: dict, compute: float, s: Scenario) -> None:
        name = NAMES[result.collective]
        self.title.setText(self.tr("{name} of {size} over {n} ranks ({algorithm})").format(
            name=name, size=f"{result.bytes / 2**20:,.1f} MiB", n=result.ranks, algorithm=result.algorithm))
        self.summary.setText(self.tr(
            "per rank sent {sent}, received {received}; {rounds} rounds; α–β time {time}; algbw {algbw} GB/s, "
            "busbw {busbw} GB/s (× {factor:g}, nccl-tests)").format(
                sent=f"{result.per_rank_sent_bytes / 2**20:,.1f} MiB", received=f"{result.per_rank_recv_bytes / 2**20:,.1f} MiB",
                rounds=result.rounds, time=seconds(result.time_s), algbw=f"{result.algbw / 1e9:,.1f}",
                busbw=f"{result.busbw / 1e9:,.1f}", factor=result.busbw_factor)
            + "<br><i>" + result.convention + "</i>")
        small = result.ranks <= ANIMATION_RANK_LIMIT
        self.ring.setVisible(small)
        if small:
            self.ring.show_result(result)
        else:
            self.round_label.setText(self.tr("{n} ranks: too many to animate (up to {limit})").format(
                n=result.ranks, limit=ANIMATION_RANK_LIMIT))
        self._fill_bytes(result)
        self._draw_alpha_beta(result, s)
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
        self.overlap_plot.setXRange(0, max(compute_ms + exposed, 1e-6) * 1.3, padding=0)
        self.overlap_plot.setYRange(-0.6, 1.5, padding=0)

    def _fill_bytes(self, result: CollectiveResult) -> None:
        n = result.ranks
        sent, received = np.zeros(n), np.zeros(n)
        p = result._plan
        np.add.at(sent, p.src, p.nbytes)
        np.add.at(received, p.dst, p.nbytes)
        shown = min(n, 64)
        self.bytes_table.setRowCount(shown)
        for r in range(shown):
            for column, content in enumerate((str(r), f"{sent[r] / 2**20:,.1f} MiB", f"{received[r] / 2**20:,.1f} MiB")):
                cell = QTableWidgetItem(content)
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.bytes_table.setItem(r, column, cell)

    def _draw_alpha_beta(self, result: CollectiveResult, s: Scenario) -> None:
        """Time against message size on NVLink (one node) and across nodes (one GPU per node)."""
        for curve in self._curves:
            self.alpha_beta.removeItem(curve)
        self._curves = []
        legend = self.alpha_beta.getPlotItem().legend
        if legend is not None:
            legend.clear()
        sizes = np.logspace(3, 32 * math.log10(2), 24)
        link = links(s)
        for label, per_node, colour in ((self.tr("NVLink, one node"), max(result.ranks, 2), "#4E79A7"),
                                        (self.tr("across nodes, 1 GPU each"), 1, "#E15759")):
            times = [plan(result.collective, result.ranks, int(size), result.algorithm,
                          **{**link, "gpus_per_node": per_node}).time_s for size in sizes]
            curve = self.alpha_beta.plot(sizes, times, pen=pg.mkPen(colour, width=2), symbol="o", symbolSize=4,
                                         symbolBrush=colour, name=label)
            self._curves.append(curve)
        marker = self.alpha_beta.plot([max(result.bytes, 1)], [max(result.time_s, 1e-12)], pen=None, symbol="star",
                                      symbolSize=14, symbolBrush="#202020", name=self.tr("this message"))
        self._curves.append(marker)

    def show_moe(self, result, message: str, s: Scenario, load: np.ndarray | None = None) -> None:
        if result is None:
            self.heat_image.clear()
            self.loads_chart.clear()
            self.redundant.clear()
            self.moe_text.setText(message)
            return
        self.heat_image.setImage(load.astype(float), autoLevels=True)
        self.heat_image.setLookupTable(pg.colormap.get("viridis").getLookupTable(nPts=256))
        self.heat_image.setRect(0, 0, load.shape[1], load.shape[0])
        self.heatmap.setXRange(0, load.shape[1], padding=0)
        self.heatmap.setYRange(0, load.shape[0], padding=0)
        before, after = np.asarray(result.recv_tokens), np.asarray(result.moonep.recv_tokens)
        segments = []
        for r in range(result.ranks):
            segments.append(charts.Segment(r - 0.4, r, 0, before[r], "activations",
                                           self.tr("rank {r}: {t:,} tokens before planning").format(r=r, t=int(before[r]))))
            segments.append(charts.Segment(r, r + 0.4, 0, after[r], "params",
                                           self.tr("rank {r}: {t:,} tokens after MoonEP, {e} redundant experts").format(
                                               r=r, t=int(after[r]), e=result.moonep.redundant_experts[r])))
        self.loads_chart.set_segments(segments)
        target = result.tokens_per_rank * result.top_k
        hosts = [(r, e) for r, e in enumerate(result.moonep.redundant_experts) if e]
        self.redundant.setData([r + 0.2 for r, _ in hosts], [target * 1.06] * len(hosts),
                               size=[5 + 3 * e for _, e in hosts],
                               data=[self.tr("rank {r} hosts {e} redundant experts").format(r=r, e=e) for r, e in hosts])
        self.loads_chart.set_line("target", target, self.tr("S·K = {t:,}").format(t=target), vertical=False)
        self.loads.setXRange(-0.8, result.ranks - 0.2, padding=0)
        self.loads.setYRange(0, max(before.max(), target) * 1.15, padding=0)
        b = result.buffers
        self.moe_text.setText("<br>".join([
            "<b>" + self.tr("Dispatch → experts → combine") + "</b>",
            self.tr("imbalance max/mean {imb:.2f}; maxvio {vio:.2f}").format(imb=result.imbalance, vio=result.maxvio),
            self.tr("MoonEP (▼ = redundant experts copied to a rank): every rank gets exactly S·K = {t:,}; at most "
                    "{bound} redundant experts per rank (E/R); planned {most}").format(t=target, bound=result.moonep.bound,
                                                   most=max(result.moonep.redundant_experts)),
            self.tr("dispatch {d}, combine {c} per rank; across nodes {x}").format(
                d=f"{result.dispatch_bytes / 2**20:,.1f} MiB", c=f"{result.combine_bytes / 2**20:,.1f} MiB",
                x=f"{result.inter_node_bytes / 2**20:,.1f} MiB"),
            self.tr("all-to-all time: dispatch {d}, combine {c}").format(
                d=seconds(result.dispatch_time_s), c=seconds(result.combine_time_s)),
            self.tr("receive buffer: worst case S·K·R = {w:,} tokens (DeepEP-style, copy-free) vs MoonEP's fixed "
                    "S·K = {m:,} — a worst-case bound, not DeepEP's typical use").format(
                w=b["worst_case_tokens"], m=b["moonep_tokens"]),
            self.tr("expert-GEMM makespan on the busiest rank: fixed order {f:,.0f}, workload-aware {a:,.0f} "
                    "(rank balance is not kernel balance)").format(f=max(result.makespan_fixed),
                                                                    a=max(result.makespan_aware)),
        ]))


def main(argv: list[str] | None = None) -> int:
    """Open the Communication / MoE tab alone on a preset (default: DeepSeek-V3)."""
    return run_alone(CommTab, "deepseek-v3", (1500, 950), argv)


if __name__ == "__main__":
    sys.exit(main())
