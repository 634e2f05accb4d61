"""The Sources panel: where the numbers of the current tab come from — quantity, value, formula and
primary source — gathered from the models' own results (the ledger's items, the traffic table,
the schedule's closed forms, the collective's convention, the long-context analysis, the
step-time model's notes).

Results that take long to compute (the mesh over thousands of GPUs, the schedules, the step time)
are shown when the tabs have computed them: the panel reads the shared cache and never computes
them on the UI thread.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from tslab.models.derived import COLLECTIVE, CONTEXT, LEDGER, SCHEDULE, STEP_TIME, TRAFFIC, Computation, Failed
from tslab.models.units import format_bytes
from tslab.views.common import caption_label
from tslab.views.document_model import DocumentModel
from tslab.views.texts import ledger_name

# Where each axis's collectives and their byte counts come from (models/mesh/traffic.py).
AXIS_SOURCES = {
    "tp": "Shoeybi et al., Megatron-LM (2019) §3; Korthikanti et al. (MLSys'23) §4.2.2 with sequence parallelism",
    "cp": "Liu et al., Ring Attention (2023) §3; Jacobs et al., DeepSpeed-Ulysses (2023) §3",
    "ep": "Lepikhin et al., GShard (2020) §2; DeepSeek-V3 Technical Report §3.2.2",
    "pp": "Narayanan et al., Efficient Large-Scale Language Model Training (SC'21) §2.2",
    "dp": "Rajbhandari et al., ZeRO (SC'20) §7: communication volume",
    "edp": "Rajbhandari et al., ZeRO (SC'20) §7, over the expert data-parallel group",
}
# The closed form of each schedule's bubble (models/pipeline/closed_forms.py).
SCHEDULE_SOURCES = {
    "gpipe": "Huang et al., GPipe (NeurIPS'19) §2.3",
    "1f1b": "Narayanan et al., PipeDream-Flush (ICML'21); Narayanan et al. (SC'21) §2.2.1",
    "interleaved-1f1b": "Narayanan et al. (SC'21) §2.2.2",
    "zb-h1": "Qi et al., Zero Bubble Pipeline Parallelism (ICLR'24) §3",
    "zb-h2": "Qi et al., Zero Bubble Pipeline Parallelism (ICLR'24) §3",
    "zbv": "Qi et al., Pipeline Parallelism with Controllable Memory (2024), ZB-V",
    "dualpipe": "DeepSeek-V3 Technical Report §3.2.1, Table 2",
    "dualpipev": "DeepSeek-V3 Technical Report §3.2.1, Table 2 (the V-shaped DualPipeV of the DualPipe repository)",
}
TIME_SOURCE = "the step-time model (models/time): roofline of Williams et al. (CACM'09), NVIDIA GEMM guide §3"


@dataclass(frozen=True)
class Row:
    quantity: str
    value: str
    formula: str
    source: str


def tr(text: str) -> str:
    """`text` in the UI language. lupdate files a module-level tr() call under the empty context,
    so that is the context looked up (with "Sources" the panel stayed English in Chinese)."""
    return QCoreApplication.translate("", text)


def seconds_text(value: float) -> str:
    return f"{value * 1e3:,.3g} ms" if value < 1 else f"{value:,.4g} s"


def memory_rows(model: DocumentModel) -> list[Row]:
    ledger = model.result(LEDGER)
    return [Row(ledger_name(item.name), format_bytes(item.bytes), item.formula, item.source)
            for item in ledger.items if item.bytes]


def cached(model: DocumentModel, computation: Computation):
    """The computation's result if a tab has computed it for this document, else None."""
    hit, result = model.cache.cached(computation, model.document)
    return result if hit and not isinstance(result, Failed) else None


def mesh_rows(model: DocumentModel) -> list[Row] | None:
    rows = cached(model, TRAFFIC)
    if rows is None:
        return None
    return [Row(f"{row.axis.upper()} · {QCoreApplication.translate('mesh', row.collective)}",
                tr("{size} per step").format(size=format_bytes(row.bytes_per_step)), row.formula,
                AXIS_SOURCES.get(row.axis, "")) for row in rows]


def pipeline_rows(model: DocumentModel) -> list[Row] | None:
    result = cached(model, SCHEDULE)
    if result is None:
        return None
    out = []
    for sim, formula in result.runs:
        seconds = model.scenario.schedule.durations == "model"
        value = (tr("makespan {makespan}, bubble {ratio:.1%} of rank-time") if seconds else
                 tr("makespan {makespan} time units, bubble {ratio:.1%} of rank-time")).format(
            makespan=seconds_text(sim.makespan) if seconds else f"{sim.makespan:.4g}", ratio=sim.bubble_ratio)
        expression = QCoreApplication.translate("pipeline", formula[0]) if formula else tr("no closed form")
        out.append(Row(tr("Bubble of {kind}").format(kind=sim.kind), value, expression,
                       SCHEDULE_SOURCES.get(sim.kind, "")))
    return out


def comm_rows(model: DocumentModel) -> list[Row]:
    c = model.result(COLLECTIVE)   # one collective's plan: light
    if isinstance(c, Failed):
        return []
    return [Row(tr("Time of the collective"), seconds_text(c.time_s),
                tr("α per round + bytes sent / β, round by round"),
                "Hockney, The communication challenge for MPP (Parallel Computing, 1994)"),
            Row(tr("Bus bandwidth"), f"{c.busbw / 1e9:,.4g} GB/s",
                tr("busbw = algbw × {factor:g}, algbw = S / t").format(factor=c.busbw_factor),
                "nccl-tests, doc/PERFORMANCE.md")]


def context_rows(model: DocumentModel) -> list[Row] | None:
    a = cached(model, CONTEXT)
    if a is None:
        return None
    rows = [Row(tr("Ulysses bytes per link per layer"), format_bytes(a.ulysses.bytes_per_link_per_layer),
                tr("(Q + K + V + output)·b·S/n, K and V at the KV heads' width"),
                "Jacobs et al., DeepSpeed-Ulysses (2023) §3"),
            Row(tr("Ring K/V bytes per step"), format_bytes(a.ring.bytes_per_step),
                tr("2·b·(S/n)·H_kv per step, n − 1 steps"), "Liu et al., Ring Attention (2023) §3"),
            Row(tr("USP grid"), f"{a.usp.ulysses} × {a.usp.ring}", "n = ulysses × ring",
                "Fang & Zhao, USP (2024) §3")]
    return rows


def time_rows(model: DocumentModel) -> list[Row] | None:
    t = cached(model, STEP_TIME)
    if t is None:
        return None
    rows = [Row(tr("Step time"), seconds_text(t.step_time_s), tr("pipeline makespan + exposed DP/ZeRO + optimizer"),
                TIME_SOURCE),
            Row("MFU", f"{t.mfu:.1%}", tr("model FLOPs / (step time × GPUs × peak)"),
                "Chowdhery et al., PaLM (2022) Appendix B; Korthikanti et al. (MLSys'23) §6")]
    rows += [Row(tr("Assumption"), "", QCoreApplication.translate("time", note.template).format(**note.args), "")
             for note in t.notes]
    return rows


TAB_ROWS = {"memory": memory_rows, "mesh": mesh_rows, "pipeline": pipeline_rows, "context": context_rows}


class SourcesPanel(QWidget):
    """Quantity · value · formula · source for the current tab, then the step time's terms."""

    def __init__(self, model: DocumentModel, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = model
        self.tab = "memory"
        self.tree = QTreeWidget(self)
        self.tree.setAccessibleName(tr("Where the numbers come from"))
        self.tree.setHeaderLabels([tr("Quantity"), tr("Value"), tr("Formula"), tr("Source")])
        self.tree.setRootIsDecorated(True)
        self.tree.setWordWrap(True)
        self.tree.setUniformRowHeights(False)
        header = self.tree.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        self.note = caption_label(self, tr("Each number with its formula and primary source, from the models' own "
                                           "results; a deterministic teaching model. Results a tab has not computed "
                                           "yet appear once it has."))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.note)
        model.changed.connect(lambda _keys: self.refresh())

    def set_tab(self, key: str) -> None:
        self.tab = key
        self.refresh()

    def sections(self) -> list[tuple[str, list[Row] | None]]:
        """(heading, rows or None when not computed yet) for the current tab and the step time."""
        out = []
        builder = TAB_ROWS.get(self.tab)
        if builder is not None:
            try:
                out.append((tr("This tab"), builder(self.model)))
            except (ValueError, AttributeError):
                out.append((tr("This tab"), []))
        if self.tab == "comm":
            out.append((tr("This tab"), comm_rows(self.model)))
        out.append((tr("Step time"), time_rows(self.model)))
        return out

    def refresh(self) -> None:
        if not self.isVisible():
            return
        self.tree.clear()
        for heading, rows in self.sections():
            top = QTreeWidgetItem([heading])
            font = top.font(0)
            font.setBold(True)
            top.setFont(0, font)
            self.tree.addTopLevelItem(top)
            if rows is None:
                top.addChild(QTreeWidgetItem([tr("not computed yet: open the tab that shows it")]))
            for row in rows or []:
                item = QTreeWidgetItem([row.quantity, row.value, row.formula, row.source])
                for column, text in enumerate((row.quantity, row.value, row.formula, row.source)):
                    item.setToolTip(column, text)
                top.addChild(item)
            top.setExpanded(True)
        for column in range(3):
            self.tree.resizeColumnToContents(column)
            self.tree.setColumnWidth(column, min(self.tree.columnWidth(column), 360))

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.refresh()


__all__ = ["AXIS_SOURCES", "Row", "SCHEDULE_SOURCES", "SourcesPanel", "memory_rows"]

