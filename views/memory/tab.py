"""Memory Ledger tab: where every byte of the most-loaded GPU goes, and what runs out first.

Run alone with ``python -m tslab.views.memory [PRESET]``.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QScrollArea, QSplitter, QTabWidget, QVBoxLayout, QWidget

from tslab.models.derived import CONTEXT_MEMORY, LEDGER, MEMORY_TIMELINE, Failed
from tslab.models.memory import MemoryLedger
from tslab.views import charts
from tslab.views.common import inputs_beside, problems_line
from tslab.views.document_model import DocumentModel
from tslab.views.document_tab import DocumentTab
from tslab.views.figure_fit import FigureScroll
from tslab.views.labels import fields
from tslab.views.layout import inputs_column
from tslab.views.memory.context_chart import ContextMemoryChart
from tslab.views.memory.figure import MemoryFigure
from tslab.views.memory.ledger_table import LedgerTable
from tslab.views.memory.policy_table import PolicyEditor
from tslab.views.memory.timeline import MemoryLanes
from tslab.views.runner import Runner
from tslab.views.scenario_form import Field, ScenarioForm
from tslab.views.texts import translate_problem


class MemoryTab(DocumentTab):
    """Inputs on the left; the figure on the right over four pages: the ledger table, memory over
    time (a lane per pipeline rank from the simulated schedule), the activation ladder and long
    context (activation bytes against the sequence length under each CP scheme). Edits recompute
    at once (the ledger takes well under a frame); a dragged slider recomputes at most once per
    frame; the lanes and the long-context curves are computed only while their page is shown.
    Picking a table row selects that item (`view.memory.selected`)."""

    reads = (LEDGER, MEMORY_TIMELINE, CONTEXT_MEMORY, "view.memory")

    def __init__(self, model: DocumentModel, parent: QWidget | None = None):
        super().__init__(model, parent)
        self.form = ScenarioForm(model, self._groups(), self)
        self.inputs = inputs_column(self, self.form)
        self.figure = MemoryFigure(self)
        self.table = LedgerTable(self)
        self.table.setAccessibleName(self.tr("Ledger items"))
        self.lanes: MemoryLanes | None = None  # built when its page is first shown (start-up)
        self.pages = QTabWidget(self)
        self.pages.tabBar().setAccessibleName(self.tr("Pages"))
        self.pages.addTab(self.table, self.tr("Ledger items"))
        self.lanes_scroll = QScrollArea(self)  # many ranks: the lanes scroll, never squeeze
        self.lanes_scroll.setWidgetResizable(True)
        self.lanes_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        charts.no_tab_stop(self.lanes_scroll)
        self.pages.addTab(self.lanes_scroll, self.tr("Memory over time"))
        self.policy: PolicyEditor | None = None  # built when its page is first shown (start-up)
        self.policy_page = QWidget(self)
        QVBoxLayout(self.policy_page).setContentsMargins(0, 0, 0, 0)
        self.pages.addTab(self.policy_page, self.tr("Activation ladder"))
        self.context_chart: ContextMemoryChart | None = None  # built when its page is first shown
        self.context_page = QScrollArea(self)  # a short pane scrolls the curves, never squeezes them
        self.context_page.setWidgetResizable(True)
        self.context_page.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        charts.no_tab_stop(self.context_page)
        self.pages.addTab(self.context_page, self.tr("Long context"))
        self._context_shown: tuple | None = None  # the document the curves show (CONTEXT_MEMORY's key)
        self.pages.currentChanged.connect(lambda _: self._page_shown())
        right = QSplitter(Qt.Orientation.Vertical, self)
        right.addWidget(FigureScroll(self.figure, self, keep_height=520))   # the pages give way first
        right.addWidget(self.pages)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 2)
        inputs_beside(self, self.inputs, right, 360, 1000)
        self.ledger: MemoryLedger | None = None
        self._lanes_shown: tuple | None = None  # the document the lanes show (MEMORY_TIMELINE's key)
        # the lanes simulate the schedule and the curves build 4 ledgers per length: on these
        # runners when the work is more than a frame (models.derived.heavy)
        self.lanes_runner = Runner(self, synchronous=model.synchronous, name="tslab-memory-timeline")
        self.lanes_runner.done.connect(lambda results: self._draw_lanes(results[0]))
        self.context_runner = Runner(self, synchronous=model.synchronous, name="tslab-context-memory")
        self.context_runner.done.connect(lambda results: self._draw_context(results[0]))
        self.table.itemPicked.connect(lambda key: self.model.set_value("view.memory.selected", key))
        self.refresh()

    def refresh(self, keys: frozenset[str] | None = None) -> None:
        selected = self.model.view.memory.selected
        if keys is not None and not LEDGER.concerns(keys):  # the selection, op durations or CP settings
            self.figure.set_selected(selected)
            self.table.select_key(selected)
            if MEMORY_TIMELINE.concerns(keys, self.model.document):
                self._show_lanes()
            if CONTEXT_MEMORY.concerns(keys):
                self._show_context()
            return
        errors = self.model.errors
        ledger = None if errors else self.model.result(LEDGER)
        if ledger is None or isinstance(ledger, Failed):
            self.ledger = None
            reasons = ([translate_problem(problem) for problem in errors]
                       or ([ledger.reason] if ledger is not None else []))
            self.figure.show_invalid(self.model.scenario.title, reasons)
            self.table.show_ledger(None)
            if self.lanes is not None:
                self.lanes.show_reason("; ".join(reasons))
            if self.context_chart is not None:
                self.context_chart.show_reason("; ".join(reasons))
            self._lanes_shown = self._context_shown = None
            self.lanes_runner.cancel()   # a result under way would draw over the reasons
            self.context_runner.cancel()
            return
        self.ledger = ledger
        self.figure.show_ledger(ledger, selected)
        self.table.show_ledger(ledger)
        self.table.select_key(selected)
        self._show_lanes()
        self._show_context()

    def _page_shown(self) -> None:
        if self.pages.currentWidget() is self.policy_page and self.policy is None:
            self.policy = PolicyEditor(self.model, self.policy_page)
            page_layout = self.policy_page.layout()
            assert page_layout is not None   # set in __init__
            page_layout.addWidget(self.policy)
        self._show_lanes()
        self._show_context()

    def _no_ledger_reason(self) -> str:
        """Why a page draws nothing without a ledger: the scenario's errors."""
        return problems_line(self.model.errors) or self.tr("the scenario has no ledger")

    def _show_context(self) -> None:
        """Compute and draw the long-context curves when their page is shown and the document changed."""
        if self.pages.currentWidget() is not self.context_page:
            return
        if self.context_chart is None:
            self.context_chart = ContextMemoryChart(self.context_page)
            self.context_page.setWidget(self.context_chart)
        if self.ledger is None:
            self.context_chart.show_reason(self._no_ledger_reason())
            self._context_shown = None
            return
        key = CONTEXT_MEMORY.key(self.model.document)
        if self._context_shown == key:
            return
        self._context_shown = key
        chart = self.context_chart
        self.show_derived(self.context_runner, CONTEXT_MEMORY, self._draw_context, lambda: chart.show_reason(
            self.tr("Computing the ledgers of every sequence length…")))

    def _draw_context(self, memory) -> None:
        if self.context_chart is None:
            return
        if isinstance(memory, Failed):
            self.context_chart.show_reason(memory.reason)
        else:
            self.context_chart.show_memory(memory)

    def _show_lanes(self) -> None:
        """Simulate and draw the lanes when their page is shown and the document changed."""
        if self.pages.currentWidget() is not self.lanes_scroll:
            return
        if self.lanes is None:
            self.lanes = MemoryLanes(self.lanes_scroll)
            self.lanes_scroll.setWidget(self.lanes)
        if self.ledger is None:  # an invalid scenario: the figure's reasons
            self.lanes.show_reason(self._no_ledger_reason())
            return
        key = MEMORY_TIMELINE.key(self.model.document)
        if self._lanes_shown == key:
            return
        self._lanes_shown = key
        lanes = self.lanes
        self.show_derived(self.lanes_runner, MEMORY_TIMELINE, self._draw_lanes,
                          lambda: lanes.show_reason(self.tr("Simulating the schedule…")))

    def _draw_lanes(self, timeline) -> None:
        if self.lanes is None or self.ledger is None:
            return
        if isinstance(timeline, Failed) or timeline.reason:
            self.lanes.show_reason(timeline.reason)
        else:
            self.lanes.show_timeline(timeline, self.ledger.capacity_bytes)

    # Lecture hooks (the main window's keyboard shortcuts) ----------------------------------------
    def export_error(self) -> str | None:
        """Why the figure cannot be drawn (an invalid scenario), or None."""
        if self.ledger is not None:
            return None
        return "invalid scenario: " + "; ".join(str(p) for p in self.model.errors)

    def _groups(self) -> list[tuple[str, list[Field]]]:
        return [
            (self.tr("Model"), fields("model.params", "model.layers", "model.hidden", "model.heads", "model.kv_heads",
                                      "model.ffn_hidden", "model.vocab", "model.seq_len", "model.micro_batch",
                                      "model.mlp", "model.dropout", "model.experts", "model.top_k")),
            (self.tr("Model details"), fields("model.norm", "model.linear_bias", "model.qkv_bias", "model.qk_norm",
                                              "model.position_embedding", "model.max_positions",
                                              "model.vocab_divisible_by", "model.first_dense_layers",
                                              "model.moe_layer_freq", "model.shared_experts",
                                              "model.shared_ffn_hidden", "model.shared_expert_gate",
                                              "model.expert_bias", "model.mtp_layers")),
            (self.tr("Precision and optimizer"), fields("precision.params", "precision.grads", "precision.master",
                                                        "precision.optimizer", "precision.activations",
                                                        "precision.compute", "optimizer.kind")),
            (self.tr("Parallelism and ZeRO"), fields("parallel.tp", "parallel.sp", "parallel.pp", "parallel.vpp",
                                                     "parallel.dp", "parallel.cp", "parallel.ep", "parallel.zero",
                                                     "schedule.kind", "schedule.global_batch",
                                                     "schedule.microbatches",
                                                     "parallel.first_stage_layers", "parallel.last_stage_layers",
                                                     "parallel.embedding_in_split", "parallel.loss_in_split")),
            (self.tr("Activations"), fields("activation.recompute", "activation.recompute_layers",
                                            "activation.distribute_saved", "activation.flash_attention",
                                            "activation.fp8_fraction", "activation.cpu_offload_fraction",
                                            "activation.remote_offload_fraction", "offload.optimizer",
                                            "offload.params", "offload.grads", "offload.grad_scheme",
                                            "offload.reduce_bucket")),
            (self.tr("MoE tokens on the busiest GPU"), fields("moe.routing", "moe.max_nodes", "moe.seed",
                                                              "moe.capacity_factor", "moe.pad_to_capacity",
                                                              "moe.weighting")),
            (self.tr("GPU and allowances"), fields("cluster.gpu", "cluster.hbm_gib", "cluster.nodes",
                                                   "cluster.gpus_per_node", "memory.fragmentation",
                                                   "memory.comm_buffers")),
        ]
