"""The "Context parallelism" page's exportable figure: the scheme's title and numbers, its
pictures at the current step, what happens at that step, and Megatron SP told apart from
long-context CP."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QFrame, QLabel, QStackedWidget, QVBoxLayout, QWidget

from tslab.models.context import ContextAnalysis, MegatronSp
from tslab.models.units import format_bytes
from tslab.views.common import caption_label, figure_column, paint_white, set_text, wrapping_title
from tslab.views.context.common import SchemePanel, rich_label
from tslab.views.context.kda import KdaPanel
from tslab.views.context.ring import RingPanel
from tslab.views.context.two_stage import TwoStagePanel
from tslab.views.context.ulysses import UlyssesPanel
from tslab.views.context.usp import UspPanel
from tslab.views.figure_fit import held

SP_STYLE = "QFrame#megatronSp { background: #F4F6F9; border: 1px solid #C9D1DC; border-radius: 3px; }"


class ParallelFigure(QWidget):
    """Title, the scheme's numbers (three lines), its panel (one per scheme, the current one
    shown), the step's description, the Megatron SP note and the caption."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        paint_white(self)
        self.title = wrapping_title(self)
        self.summary = rich_label(self, 3)
        self.panels: dict[str, SchemePanel] = {
            "ulysses": UlyssesPanel(self), "ring": RingPanel(self), "usp": UspPanel(self),
            "two-stage": TwoStagePanel(self), "kda": KdaPanel(self)}
        self.stack = QStackedWidget(self)
        for panel in self.panels.values():
            self.stack.addWidget(panel)
        self.step_label = rich_label(self, 2)
        self.sp_box = QFrame(self)
        self.sp_box.setObjectName("megatronSp")
        self.sp_box.setStyleSheet(SP_STYLE)
        self.sp_text = rich_label(self.sp_box, 2)
        box_layout = QVBoxLayout(self.sp_box)
        box_layout.setContentsMargins(8, 3, 8, 3)
        box_layout.addWidget(held(self.sp_text))
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.RichText)
        self.message.hide()
        self.caption = caption_label(self, self.tr(
            "A deterministic teaching model of data layout, bytes and α–β times for one layer's forward pass per TP "
            "rank, not a measurement. Hover a cell for what it holds."), scale=0.9)
        layout = figure_column(self)
        layout.addWidget(self.title)
        layout.addWidget(held(self.summary))
        layout.addWidget(self.message)
        layout.addWidget(self.stack, 1)
        layout.addWidget(held(self.step_label))
        layout.addWidget(self.sp_box)
        layout.addWidget(self.caption)
        layout.addStretch(0)   # without the pictures (a reason instead) the texts stay at the top
        self.analysis: ContextAnalysis | None = None
        self.scheme = "ring"

    def sizeHint(self) -> QSize:
        return QSize(1000, 700)

    @property
    def panel(self) -> SchemePanel:
        return self.panels[self.scheme]

    def show_reason(self, title: str, reason: str) -> None:
        """No analysis (cp does not divide S, …): why, in place of the pictures."""
        self.analysis = None
        set_text(self.title, title)
        self.summary.hide()
        self.stack.hide()
        self.step_label.hide()
        self.sp_box.hide()
        self.message.show()
        set_text(self.message, "<span style='color:#C00000'>" + self.tr(
            "No context-parallel analysis for this scenario: {reason}").format(reason=reason) + "</span>")

    def show_analysis(self, analysis: ContextAnalysis, scheme: str) -> None:
        """Draw `scheme` of `analysis` (its step is set by set_step)."""
        self.analysis, self.scheme = analysis, scheme
        for widget in (self.summary, self.stack, self.step_label, self.sp_box):
            widget.show()
        self.message.hide()
        panel = self.panel
        panel.show_analysis(analysis)
        self.stack.setCurrentWidget(panel)
        set_text(self.title, panel.headline())
        numbers = panel.numbers()
        if analysis.cp == 1:
            numbers = self.tr("CP = 1: one rank holds the whole sequence and nothing is exchanged; raise Context "
                              "parallel CP to split it.") + "<br>" + numbers
        elif analysis.cp != analysis.scenario_cp:
            numbers = self.tr("<b>The scenario trains without context parallelism (CP = {own})</b>: shown at CP = "
                              "{cp} to teach how the sequence would be split (CP shown, above: auto is the largest of "
                              "8, 4, 2 that its model and cluster allow).").format(
                own=analysis.scenario_cp, cp=analysis.cp) + "<br>" + numbers
        set_text(self.summary, numbers)
        set_text(self.sp_text, self.megatron_sp_text(analysis.megatron_sp, analysis.cp))

    def set_step(self, k: int) -> None:
        if self.analysis is None:
            return
        set_text(self.step_label, self.panel.set_step(k))

    def megatron_sp_text(self, sp: MegatronSp, cp: int) -> str:
        if sp.tp <= 1:
            state = self.tr("off: tp = 1, nothing to shard")
        elif sp.enabled:
            state = self.tr("on with tp = {tp}, saving {bytes} of activations per layer").format(
                tp=sp.tp, bytes=format_bytes(sp.saved_bytes_per_layer))
        else:
            state = self.tr("off; with tp = {tp} it would save {bytes} of activations per layer").format(
                tp=sp.tp, bytes=format_bytes(sp.saved_bytes_per_layer))
        return ("<b>" + self.tr("Megatron SP is not long-context CP.") + "</b> " + self.tr(
            "Megatron SP ({state}) is a companion of tensor parallelism: it shards the LayerNorm and dropout "
            "activations TP replicates. Long-context CP (here over {cp} ranks) splits one sample's sequence, "
            "attention included.").format(state=state, cp=cp))
