"""The "Muon × ZeRO" page's exportable figure: the dense matrices packed whole into at most P_max
ZeRO ranks (each matrix a segment, the padding hatched), each rank's Newton–Schulz cost, the MoE
experts' split, why Newton–Schulz needs the whole matrix, Kimi K3's P2P fetch against a naive
all-gather, and the report's mHC figure."""
from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from tslab.models.muon import MHC_OVERHEAD, MuonAnalysis
from tslab.models.units import format_bytes
from tslab.views import charts
from tslab.views.common import bold, caption_label, chart_column, figure_column, paint_white, set_text, wrapping_title
from tslab.views.context.common import Box, Boxes, bar_plot, byte_scale, hatched, rich_label

KIND_COLOURS = {"attention": "#4E79A7", "mlp": "#F28E2B", "shared": "#59A14F", "expert": "#B07AA1"}
BANNER_STYLE = "background: #fde2e1; border: 1px solid #d9534f; border-radius: 3px; padding: 6px;"
BUSY_STYLE = "background: #eef3fa; border: 1px solid #9db3d3; border-radius: 3px; padding: 6px;"
MILLION = 1e6


class MuonFigure(QWidget):
    """Title and numbers; the packed ranks (stacked bars) beside their Newton–Schulz cost; under
    them the MoE split, the Gram demonstration and K3's fetch; the mHC note; the caption. When
    the analysis fails, its reason in a banner instead of the charts."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        paint_white(self)
        self.title = wrapping_title(self)
        self.summary = rich_label(self)
        self.banner = QLabel(self)
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet(BANNER_STYLE)
        self.banner.hide()
        self.filler = QWidget(self)   # under the banner when there are no charts
        self.filler.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.filler.hide()

        self.packing = bar_plot(self, left=self.tr("elements (millions)"), bottom=self.tr("ZeRO rank"))
        self.packing_bars = Boxes(self.packing)
        self.packing_title = bold(QLabel(self), centred=True)
        self.packing_title.setWordWrap(True)
        self.packing_key = rich_label(self, 1)
        self.cost = bar_plot(self, left=self.tr("Newton–Schulz cost (relative)"), bottom=self.tr("ZeRO rank"))
        self.cost_chart = charts.BarChart(self.cost)
        self.cost_title = bold(QLabel(self), centred=True)
        self.cost_title.setWordWrap(True)
        self.fetch = bar_plot(self)
        self.fetch_bars = Boxes(self.fetch)
        self.fetch_labels = charts.BarChart(self.fetch)
        self.moe_text = rich_label(self)
        self.gram_text = rich_label(self)
        self.fetch_text = rich_label(self)
        self.mhc = rich_label(self)
        self.caption = caption_label(self, self.tr(
            "A deterministic teaching model of shapes, packing and bytes, not a measurement; P_max is an input "
            "(DeepSeek-V4 does not disclose it). Embeddings, the LM head, norms and biases use AdamW and are not "
            "packed. Hover a segment for its matrix."), scale=0.9)

        top = QHBoxLayout()
        top.addLayout(chart_column(self.packing, heading=self.packing_title, notes=[self.packing_key]), 3)
        top.addLayout(chart_column(self.cost, heading=self.cost_title), 2)
        bottom = QHBoxLayout()
        bottom.addWidget(self.moe_text, 3)
        bottom.addWidget(self.gram_text, 4)
        bottom.addLayout(chart_column(self.fetch, notes=[self.fetch_text]), 3)
        self.charts = QWidget(self)
        charts_layout = QVBoxLayout(self.charts)
        charts_layout.setContentsMargins(0, 0, 0, 0)
        charts_layout.addLayout(top, 3)
        charts_layout.addLayout(bottom, 2)
        charts_layout.addWidget(self.mhc)
        layout = figure_column(self)
        layout.addWidget(self.title)
        layout.addWidget(self.summary)
        layout.addWidget(self.banner)
        layout.addWidget(self.charts, 1)
        layout.addWidget(self.filler, 1)
        layout.addWidget(self.caption)
        self.analysis: MuonAnalysis | None = None

    def sizeHint(self) -> QSize:
        return QSize(1000, 700)

    def kind_names(self) -> dict[str, str]:
        return {"attention": self.tr("attention"), "mlp": self.tr("dense MLP"), "shared": self.tr("shared expert"),
                "expert": self.tr("routed expert")}

    def show_busy(self, text: str) -> None:
        """The analysis is running on the tab's runner: say what, over the charts shown."""
        self.banner.setStyleSheet(BUSY_STYLE)
        self.banner.show()
        set_text(self.banner, text)
        if self.analysis is None:   # nothing drawn yet: no empty axes under the message
            set_text(self.title, self.tr("Muon × ZeRO"))
            self.summary.hide()
            self.charts.hide()
            self.filler.show()

    def show_failed(self, reason: str) -> None:
        """No packing for this scenario: the reason, in a banner, instead of the charts."""
        self.analysis = None
        set_text(self.title, self.tr("Muon × ZeRO"))
        self.summary.hide()
        self.charts.hide()
        self.filler.show()
        self.banner.setStyleSheet(BANNER_STYLE)
        self.banner.show()
        set_text(self.banner, self.tr("No Muon × ZeRO packing for this scenario: {reason}").format(reason=reason))

    def show_analysis(self, a: MuonAnalysis, auto: bool = False) -> None:
        """Draw `a`; `auto`: P_max was not given (muon.p_max = 0), the fewest ranks that fit are used."""
        self.analysis = a
        self.banner.hide()
        self.filler.hide()
        self.summary.show()
        self.charts.show()
        p_max = (self.tr("P_max = {p}, the fewest that fit") if auto else self.tr("P_max = {p}")).format(p=a.p_max)
        set_text(self.title, self.tr("Muon × ZeRO: {count:,} dense matrices packed whole into {used} ranks "
                                     "({p_max})").format(count=len(a.matrices), used=a.ranks_used, p_max=p_max))
        set_text(self.summary, "<br>".join([
            self.tr("ZeRO shards the optimizer over {zero:,} ranks, but Newton–Schulz needs whole matrices: the dense "
                    "ones go to at most P_max = {p} ranks (an input — the report does not disclose it), at most {most} "
                    "per rank (the report's limit).").format(zero=a.zero_ranks, p=a.p_max, most=a.max_matrices),
            self.tr("Padding to equal shards costs {padding:.1%}; the busiest rank's Newton–Schulz work is "
                    "{imbalance:.2f}× the mean; DP groups beyond P_max that repeat the same dense Muon work: "
                    "{redundant:,}.").format(
                padding=a.padding_overhead, imbalance=a.imbalance, redundant=a.redundant_groups)]))
        self._show_packing(a)
        self._show_cost(a)
        self._show_texts(a)
        self._show_fetch(a)

    def _show_packing(self, a: MuonAnalysis) -> None:
        matrices = {matrix.name: matrix for matrix in a.matrices}
        names = self.kind_names()
        boxes = []
        tip = self.tr("rank {r}: {name}, {rows:,} × {cols:,} = {elements:.2f} M elements ({kind})")
        pad_tip = self.tr("rank {r}: padding to {padded:.2f} M elements")
        for i, bucket in enumerate(a.buckets):
            y = 0.0
            for name in bucket.matrices:
                matrix = matrices.get(name)
                if matrix is None:
                    continue
                height = matrix.elements / MILLION
                boxes.append(Box(i - 0.38, y, i + 0.38, y + height, KIND_COLOURS.get(matrix.kind, "#888888"),
                                 tip.format(r=bucket.rank, name=name, rows=matrix.rows, cols=matrix.cols,
                                            elements=height, kind=names.get(matrix.kind, matrix.kind)),
                                 "#FFFFFF", 0.8))
                y += height
            padded = bucket.padded_elements / MILLION
            if bucket.padded_elements > bucket.elements:
                boxes.append(Box(i - 0.38, y, i + 0.38, padded, hatched("#777777"),
                                 pad_tip.format(r=bucket.rank, padded=padded), "#777777", 0.8))
        self.packing_bars.set(boxes)
        top = max((b.padded_elements for b in a.buckets), default=1) / MILLION
        self.packing.setXRange(-0.7, max(len(a.buckets), 1) - 0.3, padding=0)
        self.packing.setYRange(0, charts.nice_ceiling(top * 1.08), padding=0)
        self._rank_ticks(self.packing, a)
        set_text(self.packing_title, self.tr("The dense matrices, whole, per rank (≤ {most} each)").format(
            most=a.max_matrices))
        present = {matrix.kind for matrix in a.matrices}
        kinds = [kind for kind in KIND_COLOURS if kind in present] + sorted(present - set(KIND_COLOURS))
        set_text(self.packing_key, "&nbsp; ".join(
            [f"<span style='color:{KIND_COLOURS.get(kind, '#888888')}'>■</span>&nbsp;{names.get(kind, kind)}"
             for kind in kinds] + ["▧&nbsp;" + self.tr("padding")]))

    def _rank_ticks(self, plot, a: MuonAnalysis) -> None:
        # every k-th rank, k the least that keeps the labels apart (16 ranks ran together in larger type)
        charts.spaced_category_axis(plot, "bottom", [str(b.rank) for b in a.buckets])

    def _show_cost(self, a: MuonAnalysis) -> None:
        costs = [bucket.cost for bucket in a.buckets]
        mean = sum(costs) / len(costs) if costs else 0.0
        tip = self.tr("rank {r}: {share:.2f}× the mean Newton–Schulz cost ({count} matrices)")
        segments = [charts.Segment(i - 0.38, i + 0.38, 0, cost / mean if mean else 0, "params",
                                   tip.format(r=bucket.rank, share=cost / mean if mean else 0,
                                              count=len(bucket.matrices)))
                    for i, (bucket, cost) in enumerate(zip(a.buckets, costs))]
        self.cost_chart.set_segments(segments)
        self.cost_chart.set_line("mean", 1.0, "", vertical=False)
        self.cost.setXRange(-0.7, max(len(a.buckets), 1) - 0.3, padding=0)
        self.cost.setYRange(0, charts.nice_ceiling(max(a.imbalance, 1.0) * 1.15), padding=0)
        self._rank_ticks(self.cost, a)
        set_text(self.cost_title, self.tr("Newton–Schulz work per rank, max(M,N)·min(M,N)² per matrix, over the mean "
                                          "(dashed): max/mean {imbalance:.2f}").format(imbalance=a.imbalance))

    def _show_texts(self, a: MuonAnalysis) -> None:
        moe, gram = a.moe, a.gram
        set_text(self.moe_text, "<b>" + self.tr("MoE experts") + "</b><br>" + self.tr(
            "{matrices:,} expert matrices ({elements:.1f} M elements) split over {ranks:,} ranks: {per_rank:.1f} M per "
            "rank, padding {padding:.1%}.").format(
                matrices=moe.matrices, elements=moe.elements / MILLION, ranks=moe.ranks,
                per_rank=moe.elements_per_rank / MILLION, padding=moe.padding_overhead))
        set_text(self.gram_text, "<b>" + self.tr("Why Newton–Schulz needs the whole matrix") + "</b><br>" + self.tr(
            "{name} is {rows:,} × {cols:,}. Cut into {shards} column shards M_i of {rows:,} × {shard_cols:,}, each "
            "M_i M_iᵀ is still {rows:,} × {rows:,} ({gram:,} elements): MMᵀ = Σ M_i M_iᵀ needs every shard. "
            "Newton–Schulz on the shards instead of the whole is off by {error:.0%} (a seeded small matrix of the same "
            "aspect).").format(name=gram.name, rows=gram.rows, cols=gram.cols, shards=gram.shards,
                               shard_cols=gram.shard_cols, gram=gram.gram_elements, error=gram.sharded_error))
        set_text(self.mhc, "<b>" + self.tr("mHC") + "</b> — " + self.tr(
            "The DeepSeek-V4 report's one figure: with fused kernels, selective checkpointing and the adjusted "
            "DualPipe 1F1B overlap, mHC's wall-time overhead is {overhead:.1%} of the overlapped 1F1B pipeline stage. "
            "The report gives no eager baseline and no breakdown, so none is shown.").format(overhead=MHC_OVERHEAD))

    def _show_fetch(self, a: MuonAnalysis) -> None:
        k3 = a.k3
        values = ((self.tr("naive all-gather"), k3.naive_bytes_per_rank, "#E15759"),
                  (self.tr("K3 P2P fetch"), k3.p2p_bytes_per_rank, "#59A14F"))
        top = max(k3.naive_bytes_per_rank, k3.p2p_bytes_per_rank, 1)
        unit, unit_name = byte_scale(top)
        boxes, labels = [], []
        for i, (name, value, colour) in enumerate(values):   # the names above the bars: two fit no axis
            boxes.append(Box(i - 0.35, 0, i + 0.35, value / unit, colour, f"{name}: {format_bytes(value)}",
                             "#FFFFFF", 0.5))
            labels.append((i, value / unit, f"{name}\n{format_bytes(value)}", {"anchor": (0.5, 1), "size": 8.5}))
        self.fetch_bars.set(boxes)
        self.fetch_labels.set_labels(labels)
        self.fetch.getPlotItem().getAxis("bottom").setTicks([[], []])
        charts.set_left_label(self.fetch, self.tr("{unit} per rank").format(unit=unit_name))
        self.fetch.setXRange(-0.6, 1.6, padding=0)
        self.fetch.setYRange(0, charts.nice_ceiling(top / unit * 1.45), padding=0)
        set_text(self.fetch_text, "<b>" + self.tr("Kimi K3: fetch only the shards a rank needs") + "</b><br>" + self.tr(
            "over {ranks:,} ranks; buffers {naive} → {p2p}, pipelined over {chunks} model chunks.").format(
                ranks=k3.ranks, naive=format_bytes(k3.naive_buffer_bytes), p2p=format_bytes(k3.p2p_buffer_bytes),
                chunks=k3.chunks))
