"""Memory Ledger tab: where every byte of the most-loaded GPU goes, and what runs out first.

Run alone with ``python -m tslab.views.memory [PRESET]``.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QWidget

from tslab.models.memory import MemoryLedger, memory_ledger
from tslab.views.common import inputs_beside, scrolling
from tslab.views.labels import fields
from tslab.views.memory.figure import MemoryFigure
from tslab.views.memory.ledger_table import LedgerTable
from tslab.views.scenario_form import Field, ScenarioForm
from tslab.views.scenario_model import ScenarioModel
from tslab.views.texts import translate_problem


class MemoryTab(QWidget):
    """Inputs on the left; the figure and the ledger table on the right. Edits recompute at once
    (the ledger takes well under a frame); sliders are rate-limited while dragged."""

    def __init__(self, model: ScenarioModel, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = model
        self.form = ScenarioForm(model, self._groups(), self)
        scroll = scrolling(self, self.form, 330)
        self.figure = MemoryFigure(self)
        self.table = LedgerTable(self)
        right = QSplitter(Qt.Orientation.Vertical, self)
        right.addWidget(self.figure)
        right.addWidget(self.table)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 2)
        inputs_beside(self, scroll, right, 360, 1000)
        self.ledger: MemoryLedger | None = None
        model.scenarioChanged.connect(self.refresh)
        self.refresh()

    def refresh(self, *_: object) -> None:
        errors = self.model.errors
        scenario = self.model.scenario
        if errors:
            self.ledger = None
            reasons = [translate_problem(problem) for problem in errors]
            self.figure.show_invalid(scenario.title, reasons)
            self.table.show_ledger(None)
            return
        self.ledger = memory_ledger(scenario)
        self.figure.show_ledger(self.ledger)
        self.table.show_ledger(self.ledger)

    def export_widget(self) -> QWidget:
        return self.figure

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
            (self.tr("Precision and optimizer"), fields("precision.params", "precision.grads", "precision.master",
                                                        "precision.optimizer", "precision.activations",
                                                        "optimizer.kind")),
            (self.tr("Parallelism and ZeRO"), fields("parallel.tp", "parallel.sp", "parallel.pp", "parallel.vpp",
                                                     "parallel.dp", "parallel.cp", "parallel.ep", "parallel.zero",
                                                     "schedule.kind", "schedule.microbatches")),
            (self.tr("Activations"), fields("activation.recompute", "activation.flash_attention",
                                            "activation.fp8_fraction", "activation.cpu_offload_fraction",
                                            "activation.remote_offload_fraction", "offload.optimizer",
                                            "offload.params", "offload.grads")),
            (self.tr("GPU and allowances"), fields("cluster.gpu", "cluster.hbm_gib", "cluster.nodes",
                                                   "cluster.gpus_per_node", "memory.fragmentation",
                                                   "memory.comm_buffers")),
        ]
