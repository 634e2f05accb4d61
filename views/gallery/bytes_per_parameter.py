"""Figure 2, bytes per parameter: "a parameter is 2 bytes" unfolded into mixed-precision Adam's
16 bytes, the ZeRO paper's per-GPU model states at stages 0–3, and the same four bars for the
document's scenario from the memory ledger.

Source: Rajbhandari et al., "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models"
(SC'20) §3.1 (mixed-precision Adam keeps 2Ψ + 2Ψ + KΨ bytes, K = 12: an FP32 copy of the
parameters, momentum and variance) and Figure 1 / §5 (Ψ = 7.5B, N_d = 64: 120 GB, 31.4 GB,
16.6 GB, 1.9 GB per GPU).
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from tslab.models.memory import MemoryLedger
from tslab.models.scenario import Scenario
from tslab.views import charts
from tslab.views.gallery.slide_charts import Piece, Row, StackedRows, key_label

PAPER_PSI = 7.5e9      # ZeRO §3.1 / Figure 1: a 7.5B-parameter model …
PAPER_DP = 64          # … on N_d = 64 data-parallel GPUs
PAPER_K = 12           # mixed-precision Adam: FP32 master 4 + momentum 4 + variance 4 bytes
GB = 1e9               # the paper's GB: 10^9 bytes
STATES = ("params", "grads", "master", "optimizer")
# What one parameter costs in mixed-precision Adam (ZeRO §3.1), element by element.
UNFOLDING = (("params", 2), ("grads", 2), ("master", 4), ("adam_m", 4), ("adam_v", 4))
COLOURS = {**{key: charts.ITEM_COLOURS[key] for key in STATES}, "adam_m": charts.ITEM_COLOURS["optimizer"],
           "adam_v": "#E4B3D2"}


@dataclass(frozen=True)
class ZeroStates:
    """Model-state bytes of one GPU at one ZeRO stage: parameters, gradients, master weights and
    optimizer states (ZeRO §5: stage 1 shards the optimizer states, 2 the gradients too, 3 the
    parameters too, each over the N_d data-parallel GPUs)."""
    stage: int
    params: float
    grads: float
    master: float
    optimizer: float

    @property
    def total(self) -> float:
        return self.params + self.grads + self.master + self.optimizer

    def value(self, item: str) -> float:
        return float(getattr(self, item))


def paper_zero(psi: float = PAPER_PSI, dp: int = PAPER_DP) -> tuple[ZeroStates, ...]:
    """(2 + 2 + K)Ψ with K = 12 (master 4Ψ, Adam's m and v 8Ψ) at ZeRO 0–3, sharded over N_d = `dp`:
    16Ψ, 4Ψ + 12Ψ/N_d, 2Ψ + 14Ψ/N_d, 16Ψ/N_d (ZeRO §5, Figure 1)."""
    out = []
    for stage in range(4):
        params = 2 * psi / (dp if stage >= 3 else 1)
        grads = 2 * psi / (dp if stage >= 2 else 1)
        shard = dp if stage >= 1 else 1
        out.append(ZeroStates(stage, params, grads, 4 * psi / shard, (PAPER_K - 4) * psi / shard))
    return tuple(out)


def scenario_zero(ledger: MemoryLedger) -> tuple[ZeroStates, ...]:
    """The ledger's model states of its state-heaviest GPU at ZeRO 0–3 (every tier: an offloaded
    optimizer still counts), as the memory tab computes them for parallel.zero = 0 … 3."""
    groups = ledger.state_zero_groups or ledger.zero_groups
    return tuple(ZeroStates(stage, *(float(groups[stage].get(item, 0)) for item in STATES)) for stage in range(4))


def gb(value: float) -> str:
    """Decimal gigabytes as the ZeRO paper rounds them: 120, 31.4, 16.6, 1.9."""
    number = value / GB
    text = f"{number:,.0f}" if number >= 100 else f"{number:.1f}" if number >= 0.1 else f"{number:.2g}"
    return QCoreApplication.translate("gallery", "{value} GB").format(value=text)


def item_names() -> dict[str, str]:
    return {"params": QCoreApplication.translate("gallery", "parameters"),
            "grads": QCoreApplication.translate("gallery", "gradients"),
            "master": QCoreApplication.translate("gallery", "FP32 master weights"),
            "optimizer": QCoreApplication.translate("gallery", "optimizer states"),
            "adam_m": QCoreApplication.translate("gallery", "Adam momentum m"),
            "adam_v": QCoreApplication.translate("gallery", "Adam variance v")}


def optimizer_name(scenario: Scenario) -> str:
    """The optimizer-state bars' key: Adam's two moments, or the one momentum of Muon and SGD."""
    if scenario.optimizer.kind == "adam":
        return QCoreApplication.translate("gallery", "optimizer states (m + v)")
    return QCoreApplication.translate("gallery", "optimizer states (ZeRO's example: Adam's m + v; this scenario's "
                                                 "{optimizer}: one momentum)").format(
        optimizer=scenario.optimizer.kind.capitalize())


def stage_names() -> list[str]:
    return [QCoreApplication.translate("gallery", "no ZeRO (DDP)"),
            QCoreApplication.translate("gallery", "ZeRO-1 (P_os)"),
            QCoreApplication.translate("gallery", "ZeRO-2 (P_os+g)"),
            QCoreApplication.translate("gallery", "ZeRO-3 (P_os+g+p)")]


def unfolding_rows() -> list[Row]:
    """Five bars, each adding one element: the 2 bytes people think of, then the gradient, the
    FP32 master weight and Adam's two moments, 16 bytes in all."""
    labels = [QCoreApplication.translate("gallery", "“2 bytes”: the BF16 parameter"),
              QCoreApplication.translate("gallery", "+ its BF16 gradient"),
              QCoreApplication.translate("gallery", "+ the FP32 master weight"),
              QCoreApplication.translate("gallery", "+ Adam momentum m (FP32)"),
              QCoreApplication.translate("gallery", "+ Adam variance v (FP32)")]
    names = item_names()
    rows = []
    for count, label in enumerate(labels, start=1):
        shown = UNFOLDING[:count]
        total = sum(size for _, size in shown)
        pieces = [Piece(size, COLOURS[key], QCoreApplication.translate("gallery", "{n} B").format(n=size),
                        f"{names[key]}: {size} B") for key, size in shown]
        text = QCoreApplication.translate("gallery", "{n} B").format(n=total)
        if count == len(labels):
            text = QCoreApplication.translate("gallery", "{n} B = 2 + 2 + K with K = 12").format(n=total)
        rows.append(Row(label, pieces, text, mine=count == len(labels)))
    return rows


def zero_rows(states: tuple[ZeroStates, ...], formulas: bool, current: int | None = None) -> list[Row]:
    names, stages = item_names(), stage_names()
    formula = ["16Ψ", "4Ψ + 12Ψ/N_d", "2Ψ + 14Ψ/N_d", "16Ψ/N_d"]
    rows = []
    for state in states:
        pieces = [Piece(state.value(item) / GB, COLOURS[item], gb(state.value(item)),
                        f"{names[item]}: {gb(state.value(item))}") for item in STATES]
        total = gb(state.total)
        if formulas:
            total = QCoreApplication.translate("gallery", "{total} = {formula}").format(
                total=total, formula=formula[state.stage])
        elif state.stage == current:
            total = QCoreApplication.translate("gallery", "{total} ← this scenario").format(total=total)
        rows.append(Row(stages[state.stage], pieces, total, mine=state.stage == current))
    return rows


def per_parameter(states: ZeroStates, params: int) -> dict[str, float]:
    """Bytes per parameter of each model state without ZeRO (the scenario's precisions and optimizer)."""
    return {item: states.value(item) / params if params else 0.0 for item in STATES}


class BytesBody(QWidget):
    """The figure's drawing: the key, the 2 → 16 bytes unfolding, the paper's and the scenario's ZeRO bars."""

    def __init__(self, scenario: Scenario, ledger: MemoryLedger, parent: QWidget | None = None):
        super().__init__(parent)
        names = item_names()
        key = key_label(self, [(COLOURS[item], names[item]) for item in ("params", "grads", "master", "adam_m",
                                                                            "adam_v")]
                        + [(COLOURS["optimizer"], optimizer_name(scenario))])
        unfolding = StackedRows(QCoreApplication.translate("gallery", "One parameter in mixed-precision Adam training"),
                                unfolding_rows(), QCoreApplication.translate("gallery", "bytes per parameter"),
                                maximum=16, parent=self)
        paper = StackedRows(QCoreApplication.translate("gallery", "ZeRO's example: Ψ = 7.5B, N_d = 64 (per GPU)"),
                            zero_rows(paper_zero(), True), QCoreApplication.translate("gallery", "GB per GPU"),
                            parent=self)
        mine = scenario_zero(ledger)
        ours = StackedRows(QCoreApplication.translate("gallery", "This scenario: {title} (per GPU)").format(
                               title=scenario.title),
                           zero_rows(mine, False, scenario.parallel.zero),
                           QCoreApplication.translate("gallery", "GB per GPU"), parent=self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(key)
        layout.addWidget(unfolding, 5)
        row = QHBoxLayout()
        row.setSpacing(28)
        row.addWidget(paper, 1)
        row.addWidget(ours, 1)
        layout.addLayout(row, 5)
        self.charts = (unfolding, paper, ours)


__all__ = ["GB", "PAPER_DP", "PAPER_K", "PAPER_PSI", "UNFOLDING", "ZeroStates", "BytesBody", "gb", "paper_zero",
           "per_parameter", "scenario_zero", "unfolding_rows", "zero_rows"]
