"""The Step time panel: the step-time model's headline numbers, the cost stack of every pipeline
rank and each axis's communication, exposed or hidden under compute. It sits in a dock beside
every tab (View → Step time) and refreshes only when a change concerns STEP_TIME and it is seen.
Run alone with ``python -m tslab.views.time [PRESET]``.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QSizePolicy, QStyle, QToolButton, QVBoxLayout, QWidget

from tslab.models.derived import STEP_TIME, Failed
from tslab.models.hardware import GPUS
from tslab.views import charts
from tslab.views.common import bold, caption_label, chart_column, paint_white, problems_line, set_text
from tslab.views.document_model import DocumentModel
from tslab.views.document_tab import DocumentTab
from tslab.views.labels import fields
from tslab.views.scenario_form import ScenarioForm
from tslab.views.time.common import (AXES, Bar, StackChart, axis_name, hidden_colour, legend_html, ms, percent,
                                     row_terms, term_colour, terms_tooltip)
from tslab.views.time.source import StepTimeSource

STACK_MIN_HEIGHT, STACK_MAX_MIN_HEIGHT, BAR_PIXELS = 110, 190, 9   # a rank's bar at least 9 px while it can
BAR_MAX_PIXELS, AXIS_PIXELS = 48, 56   # … and at most 48 px: a lone rank is a bar, not a wall
COMM_MIN_HEIGHT, COMM_BAR_PIXELS = 112, 16   # an axis's bar at least 16 px
# what the step-time model assumes, beyond the configuration
INPUT_KEYS = ("cluster.gpu", "cluster.peak_tflops", "cluster.hbm_gbps", "precision.compute", "time.gemm_efficiency",
              "time.hbm_efficiency", "time.nvlink_efficiency", "time.dp_overlap", "time.tp_overlap", "time.ep_overlap")


def teaching_caption() -> str:
    return QCoreApplication.translate("StepTime", "A deterministic teaching model, not a benchmark of a real cluster. "
                                               "Hover a bar for its numbers.")


def gpu_label(gpu: str) -> str:
    return GPUS[gpu].label if gpu in GPUS else gpu


class StepTimePanel(DocumentTab):
    """Step time, tokens/s, MFU and HFU; the cost stack per pipeline rank; communication per axis.
    `source` is shared with the status bar (a panel made alone makes its own)."""

    reads = (STEP_TIME,)

    def __init__(self, model: DocumentModel, parent: QWidget | None = None, source: StepTimeSource | None = None):
        super().__init__(model, parent)
        paint_white(self)
        self.source = source or StepTimeSource(model, self)
        self.source.ready.connect(self._ready)
        self.time = None   # the StepTime shown

        self.headline = QLabel(self)
        self.headline.setTextFormat(Qt.TextFormat.RichText)
        self.headline.setWordWrap(True)
        self.headline.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.utilisation = QLabel(self)   # MFU and HFU, and how they differ
        self.utilisation.setTextFormat(Qt.TextFormat.RichText)
        self.utilisation.setWordWrap(True)
        self.details = QLabel(self)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setWordWrap(True)
        self.message = QLabel(self)       # computing…, a reason there is no result
        self.message.setTextFormat(Qt.TextFormat.RichText)
        self.message.setWordWrap(True)
        self.message.hide()

        self.stack_title = bold(QLabel(self.tr("Where each pipeline rank's step goes"), self))
        self.stack_title.setWordWrap(True)
        self.stack_plot = charts.make_plot(self, bottom=self.tr("ms per step"), widget_class=charts.MinimumHintPlot)
        self.stack_plot.setMinimumHeight(STACK_MIN_HEIGHT)
        self.stack = StackChart(self.stack_plot)
        self.legend = caption_label(self, "", scale=0.9)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setStyleSheet("")

        self.comm_title = bold(QLabel(self.tr("Communication per axis: exposed, or hidden under compute"), self))
        self.comm_title.setWordWrap(True)
        self.comm_plot = charts.make_plot(self, bottom=self.tr("ms per step"), widget_class=charts.MinimumHintPlot)
        self.comm_plot.setMinimumHeight(COMM_MIN_HEIGHT)
        self.comm = StackChart(self.comm_plot)
        self.comm_key = QLabel(self)
        self.comm_key.setTextFormat(Qt.TextFormat.RichText)
        self.comm_key.setWordWrap(True)
        self.comm_key.setText(self.tr("solid: exposed (the step waits for it) · light: hidden under compute"))

        self.inputs_button = QToolButton(self)
        self.inputs_button.setText(self.tr("Model inputs"))
        self.inputs_button.setToolTip(self.tr("The GPU's peak FLOP/s and HBM bandwidth, the GEMM efficiency and which "
                                              "communication overlaps compute"))
        self.inputs_button.setCheckable(True)
        self.inputs_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.inputs_button.setArrowType(Qt.ArrowType.RightArrow)
        self.inputs_button.setAutoRaise(True)
        self.inputs_button.toggled.connect(self._show_inputs)
        self.inputs: ScenarioForm | None = None   # built when first opened

        self.notes_button = QToolButton(self)
        self.notes_button.setText(self.tr("How the model counts"))
        self.notes_button.setCheckable(True)
        self.notes_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.notes_button.setArrowType(Qt.ArrowType.RightArrow)
        self.notes_button.setAutoRaise(True)
        self.notes_button.toggled.connect(self._show_notes)
        charts.no_tab_stop(self.stack_plot, self.comm_plot)   # looked at and hovered
        for plot in (self.stack_plot, self.comm_plot):
            # Their size hint is their minimum height (MinimumHintPlot): that is what the scrolling
            # dock's height for a width counts, and the layouts never squeeze them below it.
            plot.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.notes = caption_label(self, "", scale=0.9)   # the model's own notes: what it leaves out
        self.notes.hide()
        self.caption = caption_label(self, teaching_caption(), scale=0.9)

        numbers = QVBoxLayout()
        for widget in (self.headline, self.utilisation, self.details, self.message):
            numbers.addWidget(widget)
        numbers.addStretch(1)
        stack = chart_column(self.stack_plot, heading=self.stack_title, notes=[self.legend])
        comm = chart_column(self.comm_plot, heading=self.comm_title, notes=[self.comm_key])
        self.columns = QBoxLayout(QBoxLayout.Direction.TopToBottom)
        self.column_layouts = (numbers, stack, comm)
        self.columns.addLayout(numbers, 0)
        self.columns.addLayout(stack, 3)
        self.columns.addLayout(comm, 2)
        self.columns.addStretch(0)   # what the charts at their largest leave
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 6)
        layout.addLayout(self.columns, 1)
        toggles = QHBoxLayout()
        toggles.setSpacing(0)
        toggles.addWidget(self.inputs_button)
        toggles.addWidget(self.notes_button)
        toggles.addStretch(1)
        layout.addLayout(toggles)
        self.inputs_at = layout.count()
        layout.addWidget(self.notes)
        layout.addWidget(self.caption)
        self._stale = None  # nothing drawn yet: the first show (or an export) times the step
        if model.synchronous:
            self.refresh()

    def sizeHint(self) -> QSize:
        return QSize(430, 700)

    def heightForWidth(self, width: int) -> int:
        """The layout's height for `width`, its wrapped texts measured a scroll bar narrower: the
        dock's scroll area asks at its full width, then shows the scroll bar, and the texts need
        the lines that takes."""
        return super().heightForWidth(max(1, width - self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)))

    def set_horizontal(self, horizontal: bool) -> None:
        """Numbers, stack and communication side by side (a bottom dock) or one above the other."""
        self.columns.setDirection(QBoxLayout.Direction.LeftToRight if horizontal
                                  else QBoxLayout.Direction.TopToBottom)
        for index, stretch in enumerate((2, 4, 3) if horizontal else (0, 3, 2)):
            self.columns.setStretch(index, stretch)
        self._fit_charts()

    def _fit_charts(self) -> None:
        """Every rank's bar at least BAR_PIXELS high one above the other; side by side (a low dock)
        the charts keep to the dock's height and the rank labels thin out instead."""
        side_by_side = self.columns.direction() == QBoxLayout.Direction.LeftToRight
        ranks = len(self.stack.labels)
        self.stack_plot.setMinimumHeight(STACK_MIN_HEIGHT if side_by_side else
                                         min(STACK_MAX_MIN_HEIGHT, max(STACK_MIN_HEIGHT, BAR_PIXELS * ranks)))
        self.stack_plot.setMaximumHeight(max(ranks, 2) * BAR_MAX_PIXELS + AXIS_PIXELS)
        axes = len(self.comm.labels)
        self.comm_plot.setMinimumHeight(COMM_MIN_HEIGHT if side_by_side else
                                        max(COMM_MIN_HEIGHT, COMM_BAR_PIXELS * axes + AXIS_PIXELS))
        self.comm_plot.setMaximumHeight(max(axes, 2) * BAR_MAX_PIXELS + AXIS_PIXELS)

    def _show_inputs(self, on: bool) -> None:
        """The step-time model's own inputs (the GPU's peak and bandwidth, GEMM efficiency, which
        communication overlaps), opened below the charts."""
        self.inputs_button.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        if on and self.inputs is None:
            self.inputs = ScenarioForm(self.model, [(self.tr("What the step-time model assumes"),
                                                     fields(*INPUT_KEYS))], self)
            layout = self.layout()
            assert isinstance(layout, QVBoxLayout)   # set in __init__
            layout.insertWidget(self.inputs_at, self.inputs)
        if self.inputs is not None:
            self.inputs.setVisible(on)

    def _show_notes(self, on: bool) -> None:
        self.notes_button.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.notes.setVisible(on and bool(self.notes.text()))

    # ------------------------------------------------------------------------------------------
    def refresh(self, keys: frozenset[str] | None = None) -> None:
        """Time the step of the current document: at once when cached or light, else on the
        source's worker (the panel says so meanwhile)."""
        if self.model.errors:
            self.show_failure(self.tr("Invalid scenario — nothing to time:") + " "
                              + problems_line(self.model.errors))
            return
        result = self.source.result()
        if result is None:
            self.show_message(self.tr("Timing the step…"))
        else:
            self.show_result(result)

    def _ready(self, result) -> None:
        if self.isVisible() or self.model.synchronous:
            self.show_result(result)
        else:
            self._stale = None  # shown from the cache when the panel is next seen

    def show_result(self, result) -> None:
        if isinstance(result, Failed):
            self.show_failure(self.tr("The step-time model cannot time this scenario: {reason}").format(
                reason=result.reason))
        else:
            self.show_time(result)

    def show_message(self, text: str) -> None:
        set_text(self.message, f"<span style='color:#555555'>{text}</span>")
        self.message.show()

    def show_failure(self, text: str) -> None:
        """No numbers: the reason instead, and empty charts."""
        self.time = None
        for label in (self.headline, self.utilisation, self.details, self.legend, self.notes):
            set_text(label, "")
        self.notes.hide()
        self.show_message(f"<span style='color:#C00000'>{text}</span>")
        self.stack.clear()
        self.comm.clear()

    def show_time(self, t) -> None:
        self.time = t
        self.message.hide()
        set_text(self.headline, self.tr("<span style='font-size:large'><b>Step time {step}</b></span><br>"
                                        "{tokens} tokens/s · {tokens_per_step} tokens per step "
                                        "(global batch {batch})").format(
            step=ms(t.step_time_s), tokens=f"{t.tokens_per_s:,.0f}", tokens_per_step=f"{t.tokens_per_step:,}",
            batch=f"{t.global_batch:,}"))
        set_text(self.utilisation, self.tr(
            "<b>MFU {mfu}</b> · <b>HFU {hfu}</b><br>MFU counts the model's own FLOPs per step ({model_flops}); "
            "HFU counts what the GPUs run, recomputed forward passes included ({hardware_flops}), so HFU ≥ MFU. "
            "Both are over {gpus} × {peak} peak.").format(
            mfu=percent(t.mfu), hfu=percent(t.hfu), model_flops=flops(t.flops_per_step),
            hardware_flops=flops(t.hardware_flops_per_step), gpus=f"{self.model.scenario.world_size:,}",
            peak=flops(t.peak_flops) + "/s"))
        details = self.tr("Pipeline {pipeline} + optimizer {optimizer} · {gpu}: {peak}/s BF16, HBM {hbm}/s").format(
            pipeline=ms(t.pipeline_s), optimizer=ms(t.optimizer_s), gpu=gpu_label(t.gpu), peak=flops(t.peak_flops),
            hbm=bytes_text(t.hbm_Bps))
        if t.compute == "fp8":
            details += self.tr(" · linear layers in FP8 ({peak}/s)").format(peak=flops(t.fp8_peak_flops))
        set_text(self.details, details)
        self._draw_stack(t)
        self._draw_comm(t)
        from tslab.models.time import MODEL_NOTE  # loaded with the result, not at start-up
        notes = [QCoreApplication.translate("time", note.template).format(**note.args) for note in t.notes
                 if MODEL_NOTE not in note.text]   # the caption says it
        set_text(self.notes, " ".join(notes))
        self.notes_button.setVisible(bool(notes))
        self.notes.setVisible(bool(notes) and self.notes_button.isChecked())

    def _draw_stack(self, t) -> None:
        bars, seen = [], []
        for row in t.stack:
            terms = row_terms(row)
            heading = self.tr("Pipeline rank {rank}: {total}").format(rank=row.rank, total=ms(row.total_s))
            tip = terms_tooltip(heading, terms, row.total_s)
            bars.append(Bar(self.tr("rank {rank}").format(rank=row.rank), [(term, s, tip) for term, s in terms]))
            seen += [term for term, _ in terms if term not in seen]
        self.stack.set_bars(bars)
        order = ["compute", "memory_bound"] + [f"comm:{axis}" for axis in AXES] + ["bubble", "optimizer"]
        seen.sort(key=lambda term: order.index(term) if term in order else len(order))
        set_text(self.legend, legend_html(seen))

    def _draw_comm(self, t) -> None:
        bars = []
        order = {axis: index for index, axis in enumerate(AXES)}
        for comm in sorted(t.comm, key=lambda c: order.get(c.axis, len(order))):
            if comm.time_s <= 0:
                continue
            tip = self.tr("<b>{axis}</b>: {bytes} per rank per step<br>{time} in all: {exposed} exposed, "
                          "{hidden} hidden under compute").format(
                axis=axis_name(comm.axis), bytes=bytes_text(comm.bytes), time=ms(comm.time_s),
                exposed=ms(comm.exposed_s), hidden=ms(comm.hidden_s))
            base = term_colour(f"comm:{comm.axis}")
            bars.append(Bar(axis_name(comm.axis), [(f"comm:{comm.axis}", comm.exposed_s, tip),
                                                   (f"comm:{comm.axis}", comm.hidden_s, tip)],
                            colours=[base, hidden_colour(base)]))
        self.comm.set_bars(bars)
        self._fit_charts()
        if not bars:
            self.comm_key.setText(self.tr("No communication between GPUs in this configuration."))
        else:
            self.comm_key.setText(self.tr("solid: exposed (the step waits for it) · light: hidden under compute"))

    # ------------------------------------------------------------------------------------------
    def export_widget(self) -> QWidget:
        return self

    def export_error(self) -> str | None:
        result = self.model.result(STEP_TIME)
        return "no step time: " + result.reason if isinstance(result, Failed) else None


def flops(value: float) -> str:
    """FLOPs with an SI prefix: "1.23 PFLOP", "989 TFLOP"."""
    for prefix, scale in (("E", 1e18), ("P", 1e15), ("T", 1e12), ("G", 1e9)):
        if value >= scale:
            return f"{value / scale:.3g} {prefix}FLOP"
    return f"{value:.3g} FLOP"


def bytes_text(value: float) -> str:
    """Bytes with a decimal SI prefix, as link and HBM bandwidths are quoted: "3.35 TB", "512 MB"."""
    for prefix, scale in (("T", 1e12), ("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if value >= scale:
            return f"{value / scale:.3g} {prefix}B"
    return f"{value:.0f} B"
