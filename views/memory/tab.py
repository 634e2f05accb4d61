"""Memory Ledger tab: where every byte of the most-loaded GPU goes, and what runs out first.

Run alone with ``python -m tslab.views.memory [PRESET]``.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QWidget

from tslab.models.hardware import GPUS
from tslab.models.memory import MemoryLedger, memory_ledger
from tslab.views.common import inputs_beside, scrolling
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
        recompute = (("none", self.tr("none")), ("selective", self.tr("selective")), ("full", self.tr("full")))
        optimizers = (("adam", self.tr("Adam (2 states)")), ("muon", self.tr("Muon (1 state)")),
                      ("sgd", self.tr("SGD momentum (1 state)")))
        placement = (("gpu", self.tr("GPU")), ("cpu", self.tr("CPU")), ("nvme", self.tr("NVMe")))
        kinds = (("gpipe", "GPipe"), ("1f1b", "1F1B"), ("interleaved-1f1b", self.tr("Interleaved 1F1B")),
                 ("zb-h1", "ZB-H1"), ("zb-h2", "ZB-H2"), ("zbv", "ZB-V"), ("dualpipe", "DualPipe"),
                 ("dualpipev", "DualPipeV"))
        gpus = tuple((name, gpu.label) for name, gpu in GPUS.items()) + (("custom", self.tr("Custom")),)
        return [
            (self.tr("Model"), [
                Field("model.params", self.tr("Parameters Ψ (0 = from shape)"),
                      self.tr("A dense parameter count to use directly, as in the ZeRO paper's Ψ"),
                      scale=1e9, suffix=" B", decimals=2),
                Field("model.layers", self.tr("Layers")),
                Field("model.hidden", self.tr("Hidden size h")),
                Field("model.heads", self.tr("Attention heads a")),
                Field("model.kv_heads", self.tr("KV heads (GQA)")),
                Field("model.ffn_hidden", self.tr("FFN hidden")),
                Field("model.vocab", self.tr("Vocabulary V")),
                Field("model.seq_len", self.tr("Sequence length s")),
                Field("model.micro_batch", self.tr("Micro-batch size b")),
                Field("model.mlp", self.tr("MLP"), choices=(("gelu", "GeLU"), ("swiglu", "SwiGLU"))),
                Field("model.dropout", self.tr("Dropout")),
                Field("model.experts", self.tr("Routed experts E (0 = dense)")),
                Field("model.top_k", self.tr("Experts per token K")),
            ]),
            (self.tr("Precision and optimizer"), [
                Field("precision.params", self.tr("Parameters")),
                Field("precision.grads", self.tr("Gradients")),
                Field("precision.master", self.tr("Master weights")),
                Field("precision.optimizer", self.tr("Optimizer states")),
                Field("precision.activations", self.tr("Activations")),
                Field("optimizer.kind", self.tr("Optimizer"), choices=optimizers),
            ]),
            (self.tr("Parallelism and ZeRO"), [
                Field("parallel.tp", self.tr("Tensor parallel TP")),
                Field("parallel.sp", self.tr("Sequence parallel (with TP)")),
                Field("parallel.pp", self.tr("Pipeline parallel PP")),
                Field("parallel.vpp", self.tr("Virtual stages per rank v")),
                Field("parallel.dp", self.tr("Data parallel DP")),
                Field("parallel.cp", self.tr("Context parallel CP")),
                Field("parallel.ep", self.tr("Expert parallel EP")),
                Field("parallel.zero", self.tr("ZeRO stage")),
                Field("schedule.kind", self.tr("Pipeline schedule"), choices=kinds),
                Field("schedule.microbatches", self.tr("Micro-batches m")),
            ]),
            (self.tr("Activations"), [
                Field("activation.recompute", self.tr("Recomputation"), choices=recompute),
                Field("activation.flash_attention", self.tr("FlashAttention")),
                Field("activation.fp8_fraction", self.tr("Stored in FP8"), suffix="%"),
                Field("activation.cpu_offload_fraction", self.tr("Offloaded to CPU"), suffix="%"),
                Field("activation.remote_offload_fraction", self.tr("Offloaded to a remote GPU"), suffix="%"),
                Field("offload.optimizer", self.tr("Optimizer and master on"), choices=placement),
                Field("offload.params", self.tr("Parameters on"), choices=placement),
                Field("offload.grads", self.tr("Gradients on"), choices=placement[:2]),
            ]),
            (self.tr("GPU and allowances"), [
                Field("cluster.gpu", self.tr("GPU"), choices=gpus),
                Field("cluster.hbm_gib", self.tr("HBM override (0 = catalogue)"), suffix=" GiB", decimals=0),
                Field("cluster.nodes", self.tr("Nodes")),
                Field("cluster.gpus_per_node", self.tr("GPUs per node")),
                Field("memory.fragmentation", self.tr("Allocator fragmentation"), suffix="%"),
                Field("memory.comm_buffers", self.tr("Communication buffers")),
            ]),
        ]
