"""The activation policy as an editor: the named ladder and how many of its steps apply, every saved
tensor of a layer with its size, backend and recompute cost, and the ladder step by step.

Picking a tensor's backend writes an override to `activation.tensors` ("tensor=backend"); picking
the backend the policy would give it anyway removes the override. Run alone with
``python -m tslab.views.memory.policy_table [PRESET]``.
"""
from __future__ import annotations

import sys

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QFormLayout, QHeaderView, QLabel, QSpinBox, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from tslab.models.derived import concerns
from tslab.models.memory.params import is_moe_layer
from tslab.models.memory.policy import (BACKENDS, POLICY_READS, TENSORS, ActivationPolicy, TensorRow, activation_policy,
                                        parse_overrides, policy_problems, recompute_rule)
from tslab.models.scenario import ACTIVATION_POLICIES, Scenario
from tslab.views.document_model import DocumentModel
from tslab.views.texts import translate_problem

MIB = float(1 << 20)


def _policy_name(name: str) -> str:
    return QCoreApplication.translate("policy", name)


class PolicyEditor(QWidget):
    """`activation.policy`, `activation.policy_steps` and per-tensor `activation.tensors` overrides
    of `model`; follows the document and shows why nothing is computed for an invalid scenario."""

    def __init__(self, model: DocumentModel, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = model
        self.policy: ActivationPolicy | None = None
        labels = {"manual": self.tr("Manual (recompute setting only)"),
                  "megatron-selective": self.tr("Megatron-LM selective"),
                  "megatron-modules": self.tr("Megatron-LM recompute modules"), "kimi-k2": self.tr("Kimi K2"),
                  "deepseek-v3": self.tr("DeepSeek-V3"), "deepseek-v4": self.tr("DeepSeek-V4")}
        self.policy_box = QComboBox(self)
        for name in ACTIVATION_POLICIES:
            self.policy_box.addItem(labels.get(name, name), name)
        self.policy_box.setToolTip(self.tr("A named ladder of per-tensor steps applied over the recompute setting"))
        self.steps_box = QSpinBox(self)
        self.steps_box.setRange(0, 64)
        self.steps_box.setSpecialValueText(self.tr("all"))
        self.steps_box.setKeyboardTracking(False)
        self.steps_box.setToolTip(self.tr("Apply the first N steps of the ladder (0 = all)"))
        self.policy_box.setAccessibleName(self.tr("Activation policy"))
        self.steps_box.setAccessibleName(self.tr("Steps applied"))
        form = QFormLayout()
        form.addRow(self.tr("Activation policy"), self.policy_box)
        form.addRow(self.tr("Steps applied"), self.steps_box)
        self.reasons = QLabel(self)
        self.reasons.setWordWrap(True)
        self.reasons.setStyleSheet("color: #b00020;")
        self.reasons.setVisible(False)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.backend_labels = {"keep": self.tr("keep"), "recompute": self.tr("recompute"), "fp8": self.tr("FP8"),
                               "cpu": self.tr("CPU"), "remote": self.tr("remote GPU")}
        self.tensors = self._table([self.tr("Tensor"), self.tr("MiB / dense layer"), self.tr("MiB / MoE layer"),
                                    self.tr("Backend"), self.tr("Recompute GFLOP")])
        self.tensors.setAccessibleName(self.tr("Saved tensors"))
        self.tensors.setToolTip(recompute_rule())
        self.steps = self._table([self.tr("Step"), self.tr("Saves MiB / layer"), self.tr("Saved so far"),
                                  self.tr("Recompute GFLOP / layer, in all"), self.tr("Applied"), self.tr("Source")])
        self.steps.setAccessibleName(self.tr("Ladder steps"))
        self.steps.setToolTip(self.tr("Per dense / MoE layer and micro-batch: the GPU memory each step frees, "
                                      "what the steps up to it free, and the layer's recompute FLOPs after it"))
        column = QVBoxLayout(self)
        column.setContentsMargins(4, 4, 4, 4)
        column.addLayout(form)
        column.addWidget(self.reasons)
        column.addWidget(self.summary)
        column.addWidget(self.tensors, 3)
        column.addWidget(QLabel(self.tr("Ladder, step by step (layers that follow the recompute setting)"), self))
        column.addWidget(self.steps, 2)
        self._row_keys: list[str] = []
        self._combos: dict[str, QComboBox] = {}
        self.policy_box.currentIndexChanged.connect(self._policy_picked)
        self.steps_box.valueChanged.connect(self._steps_picked)
        self._stale = False
        self._errors = list(model.errors)   # the scenario's errors the editor last showed
        model.changed.connect(self._document_changed)
        self.refresh()

    def _document_changed(self, keys: frozenset[str]) -> None:
        """Refresh when the change concerns the policy (POLICY_READS) or the scenario's errors,
        now when shown; a hidden editor (another page or tab) refreshes when shown."""
        errors = list(self.model.errors)
        if not concerns(keys, POLICY_READS) and errors == self._errors:
            return
        self._errors = errors
        if self.isVisible():
            self.refresh()
        else:
            self._stale = True

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if self._stale:
            self.refresh()
        super().showEvent(event)

    def _table(self, headers: list[str]) -> QTableWidget:
        table = QTableWidget(0, len(headers), self)
        table.setHorizontalHeaderLabels(headers)
        table.verticalHeader().setVisible(False)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        table.setAlternatingRowColors(True)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setStretchLastSection(True)
        table.setWordWrap(False)
        table.setTabKeyNavigation(False)   # Tab leaves the table; the arrow keys move in it
        return table

    # ---------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the document's policy, or why there is none (an invalid scenario)."""
        self._stale = False
        s = self.model.scenario
        self._show_choice(s)
        errors = self.model.errors
        problems = [*errors, *(p for p in policy_problems_safe(s) if p.severity == "error" and p not in errors)]
        policy = None
        reasons = [translate_problem(problem) for problem in problems]
        if not reasons:
            try:
                policy = activation_policy(s)
            except (ValueError, ZeroDivisionError, KeyError) as exc:  # a scenario validation missed
                reasons = [str(exc)]
        self.policy = policy
        self.reasons.setText("\n".join(reasons))
        self.reasons.setVisible(bool(reasons))
        self.tensors.setEnabled(policy is not None)
        self.steps.setEnabled(policy is not None)
        if policy is None:
            self.summary.setText("")
            self._show_tensors([], s)
            self.steps.setRowCount(0)
            return
        self._show_summary(policy, s)
        self._show_tensors(self._rows(policy), s)
        self._show_steps(policy)

    def _show_choice(self, s: Scenario) -> None:
        self.policy_box.blockSignals(True)
        self.steps_box.blockSignals(True)
        try:
            index = self.policy_box.findData(s.activation.policy)
            if index >= 0:
                self.policy_box.setCurrentIndex(index)
            self.steps_box.setValue(s.activation.policy_steps)
        finally:
            self.policy_box.blockSignals(False)
            self.steps_box.blockSignals(False)

    def _show_summary(self, policy: ActivationPolicy, s: Scenario) -> None:
        act = s.activation
        parts = [self.tr("Base: recompute {recompute}").format(recompute=act.recompute)]
        if act.recompute_layers:
            checkpoint = policy.layer(False, True).saved_bytes / MIB
            parts.append(self.tr("the first {n} layers of each pipeline chunk fully recomputed "
                                 "(checkpoint {mib} MiB per layer)").format(n=act.recompute_layers,
                                                                          mib=f"{checkpoint:,.1f}"))
        if policy.steps:
            parts.append(self.tr("{applied} of {count} ladder steps applied").format(
                applied=policy.steps_applied, count=len(policy.steps)))
        if policy.overrides:
            parts.append(self.tr("{n} per-tensor overrides").format(n=len(policy.overrides)))
        self.summary.setText("; ".join(parts))

    def _rows(self, policy: ActivationPolicy) -> list[tuple[str, TensorRow | None, TensorRow | None]]:
        """(key, dense row, MoE row) of every tensor the layers following `recompute` save, plus the
        checkpoint of the fully recomputed layers when some are."""
        following = policy.follows_recompute
        by_kind = {layer.moe: {row.key: row for row in layer.rows} for layer in following}
        act = self.model.scenario.activation
        if act.recompute_layers and not any("layer_input" in rows for rows in by_kind.values()):
            for layer in policy.layers:
                if layer.recomputed:
                    by_kind.setdefault(layer.moe, {})["layer_input"] = layer.rows[0]
        keys = [key for key in TENSORS if any(key in rows for rows in by_kind.values())]
        return [(key, by_kind.get(False, {}).get(key), by_kind.get(True, {}).get(key)) for key in keys]

    def _show_tensors(self, rows: list[tuple[str, TensorRow | None, TensorRow | None]], s: Scenario) -> None:
        keys = [key for key, _, _ in rows]
        if keys != self._row_keys:
            self.tensors.setRowCount(0)
            self._combos.clear()
            self.tensors.setRowCount(len(rows))
            for index, key in enumerate(keys):
                combo = QComboBox(self.tensors)
                combo.setAccessibleName(self.tr("Backend of {tensor}").format(tensor=_policy_name(TENSORS[key])))
                for backend in BACKENDS:
                    combo.addItem(self.backend_labels[backend], backend)
                combo.currentIndexChanged.connect(lambda _, k=key: self._backend_picked(k))
                self.tensors.setCellWidget(index, 3, combo)
                self._combos[key] = combo
            self._row_keys = keys
        self.tensors.setColumnHidden(2, not s.model.experts)
        self.tensors.setColumnHidden(1, bool(rows) and not any(not is_moe_layer(s, layer)
                                                               for layer in range(s.model.layers)))
        for index, (key, dense, moe) in enumerate(rows):
            row = dense or moe
            assert row is not None
            decided = {"base": self.tr("the recompute setting"), "override": self.tr("an override")}.get(
                row.decided_by, self.tr("ladder {step}").format(step=row.decided_by.removeprefix("step ")))
            tip = (f"<b>{key}</b>: {row.formula}<br>" + self.tr("Decided by {who}").format(who=decided)
                   + "<br>" + self.tr("Regenerated by: {ops}").format(ops=row.recompute_ops or "—"))
            name = self._cell(self.tensors, index, 0, _policy_name(TENSORS[key]), tip)
            font = QFont(self.font())
            font.setBold(row.decided_by == "override")
            font.setItalic(row.decided_by.startswith("step"))
            name.setFont(font)
            for column, kind in ((1, dense), (2, moe)):
                self._cell(self.tensors, index, column, f"{kind.bytes / MIB:,.2f}" if kind else "—", tip, True)
            self._cell(self.tensors, index, 4, f"{row.recompute_flops / 1e9:,.2f}" if row.recompute_flops else "—",
                       tip, True)
            combo = self._combos[key]
            combo.blockSignals(True)
            try:
                combo.setCurrentIndex(combo.findData(row.backend))
            finally:
                combo.blockSignals(False)
            combo.setToolTip(tip)

    def _show_steps(self, policy: ActivationPolicy) -> None:
        kinds = [layer.moe for layer in policy.follows_recompute]
        self.steps.setRowCount(len(policy.steps))

        def pair(values: dict[bool, float], scale: float) -> str:
            return " / ".join(f"{values[moe] / scale:,.1f}" for moe in kinds)

        for index, result in enumerate(policy.steps):
            tip = result.step.source + (f"<br><i>{result.step.note}</i>" if result.step.note else "")
            self._cell(self.steps, index, 0, f"{result.index}. {_policy_name(result.step.name)}", tip)
            self._cell(self.steps, index, 1, pair(result.saving_bytes, MIB), tip, True)
            self._cell(self.steps, index, 2, pair(result.cumulative_saving_bytes, MIB), tip, True)
            self._cell(self.steps, index, 3, pair(result.recompute_flops, 1e9), tip, True)
            self._cell(self.steps, index, 4, self.tr("yes") if result.applied else self.tr("no"), tip)
            self._cell(self.steps, index, 5, result.step.source, tip)

    @staticmethod
    def _cell(table: QTableWidget, row: int, column: int, text: str, tip: str, number: bool = False
              ) -> QTableWidgetItem:
        cell = table.item(row, column)
        if cell is None:
            cell = QTableWidgetItem()
            if number:
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(row, column, cell)
        cell.setText(text)
        cell.setToolTip(tip)
        return cell

    # ---------------------------------------------------------------------------------------------
    def _policy_picked(self) -> None:
        if not self.model.set_value("activation.policy", self.policy_box.currentData()):
            self.refresh()

    def _steps_picked(self, steps: int) -> None:
        if not self.model.set_value("activation.policy_steps", steps):
            self.refresh()

    def _backend_picked(self, key: str) -> None:
        """Write `key`'s override: none when the backend is what the policy gives it without one."""
        backend = self._combos[key].currentData()
        s = self.model.scenario
        others = tuple(entry for entry, tensor, _ in parse_overrides(s.activation.tensors) if tensor != key)
        try:
            without = activation_policy(s.replace(**{"activation.tensors": others}))
            rows = [layer.row(key) for layer in without.layers]
            default = next((row.backend for row in rows if row is not None), None)
        except (ValueError, ZeroDivisionError, KeyError):
            default = None
        overrides = others if backend == default else others + (f"{key}={backend}",)
        if not self.model.set_value("activation.tensors", overrides):
            self.refresh()


def policy_problems_safe(s: Scenario) -> list:
    """policy_problems, or none when the scenario is too broken to build the policy (validation
    reports why)."""
    try:
        return policy_problems(s)
    except (ValueError, ZeroDivisionError, KeyError):
        return []


def main(argv: list[str] | None = None) -> int:
    """Open the policy editor alone on a preset (default: Kimi K2)."""
    from tslab.views.common import run_alone
    return run_alone(PolicyEditor, "kimi-k2", (980, 760), argv)


if __name__ == "__main__":
    sys.exit(main())
