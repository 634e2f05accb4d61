"""The planner view (View → Plan configurations…): search the parallel configurations of the
document's model on a number of GPUs, ranked by the step-time model, each with its cost stack;
the scenario's own configuration marked with its rank and the term that decides; Load applies a
configuration to the document in one edit, so every tab shows it.

The search runs on a worker thread (a `Runner` that reports progress) with a progress bar and Cancel.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QShowEvent
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QDialogButtonBox, QHBoxLayout, QHeaderView, QLabel,
                               QProgressBar, QPushButton, QSpinBox, QStyle, QStyledItemDelegate, QStyleOptionViewItem,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from tslab.models.memory import gib
from tslab.models.planner import Plan, PlanEntry, plan
from tslab.models.planner.search import MAX_PLAN_GPUS
from tslab.models.scenario import Scenario, ScenarioError
from tslab.views.common import caption_label, set_text
from tslab.views.document_model import DocumentModel
from tslab.views.labels import choice_label, kind_name
from tslab.views.runner import Runner
from tslab.views.time.common import AXES, legend_html, mean_terms, ms, percent, term_colour, term_name, terms_tooltip

TOP = 10
TERMS_ROLE = int(Qt.ItemDataRole.UserRole) + 1   # the cost stack cell: [(term, seconds)]
SCALE_ROLE = int(Qt.ItemDataRole.UserRole) + 2   # … and the longest step of the table, for one scale
REFERENCE_BACKGROUND = "#FFF4CC"
TEACHING_NOTE = "a deterministic teaching model, not a benchmark of a real cluster"  # the caption says it
TEXT_COLUMNS = (9, 10, 16)  # recompute, schedule, the stack: left-aligned; numbers right-aligned

# (scenario key, column header): the settings the planner changes, as the papers name them.
SETTING_COLUMNS = (("parallel.tp", "TP"), ("parallel.pp", "PP"), ("parallel.vpp", "VPP"), ("parallel.dp", "DP"),
                   ("parallel.cp", "CP"), ("parallel.ep", "EP"), ("parallel.etp", "ETP"))


def search(scenario: Scenario, gpus: int, top: int, *, should_stop: Callable[[], bool],
           progress: Callable[[int, int], None]) -> Plan:
    """The planner on the worker: `plan` with the worker's cancel and progress hooks. Without the
    command line's CPU limit (MAX_PLAN_CPU_S): the view shows the progress and a Cancel button,
    and a lecture machine busy with other work must not turn an exact rank into a range."""
    return plan(scenario, gpus, top=top, should_stop=should_stop, progress=progress, cpu_limit=None)


def stack_term(term: str) -> str:
    """A term as models.planner.stack_terms names it ("memory-bound", "exposed comm (ep)") in the
    panel's keys ("memory_bound", "comm:ep")."""
    match = re.fullmatch(r"exposed comm \((\w+)\)", term)
    if match:
        return f"comm:{match.group(1)}"
    return term.replace("-", "_")


def deciding_name(term: str) -> str:
    """The deciding term of a Plan, in the stack's words."""
    return term_name(stack_term(term)) if term else ""


class StackDelegate(QStyledItemDelegate):
    """A table cell drawn as a small horizontal stacked bar: the entry's cost terms (averaged over
    its pipeline ranks) on the table's common scale, so the rows compare at a glance."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        terms = index.data(TERMS_ROLE)
        scale = index.data(SCALE_ROLE)
        if not terms or not scale:
            super().paint(painter, option, index)
            return
        painter.save()
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(option.rect, option.palette.highlight())
        else:
            background = index.data(Qt.ItemDataRole.BackgroundRole)
            if background is not None:
                painter.fillRect(option.rect, background)
        area = option.rect.adjusted(4, 5, -4, -5)
        x = float(area.left())
        for term, seconds in terms:
            width = seconds / scale * area.width()
            painter.fillRect(QRect(round(x), area.top(), max(round(x + width) - round(x), 1), area.height()),
                             term_colour(term))
            x += width
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        return QSize(180, super().sizeHint(option, index).height())


class PlannerView(QWidget):
    """GPUs, Search, Cancel and progress; the ranked table; the reference; Load."""

    def __init__(self, model: DocumentModel, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = model
        self.plan: Plan | None = None
        self.searched: Scenario | None = None   # the scenario of the search shown
        self.rows: list[PlanEntry] = []         # the entry of each table row
        self.worker = Runner(self, name="tslab-plan", progress=True)
        self.worker.progressed.connect(self._progressed)
        self.worker.done.connect(self.show_plan)
        self.worker.failed.connect(self._failed)
        self.worker.busyChanged.connect(self._busy)

        self.gpus_box = QSpinBox(self)
        self.gpus_box.setRange(1, MAX_PLAN_GPUS)   # the planner refuses more (the limit it names)
        self.gpus_box.setGroupSeparatorShown(True)
        self.gpus_box.setValue(model.scenario.world_size)
        self.gpus_box.setAccessibleName(self.tr("GPUs"))
        self.gpus_box.setToolTip(self.tr("The GPUs to plan for (the cluster's by default); the global batch stays "
                                         "as the scenario has it"))
        self.search_button = QPushButton(self.tr("Search"), self)
        self.search_button.setDefault(True)
        self.search_button.clicked.connect(self.start)
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setTextVisible(False)
        controls = QHBoxLayout()
        controls.addWidget(QLabel(self.tr("GPUs"), self))
        controls.addWidget(self.gpus_box)
        controls.addWidget(self.search_button)
        controls.addWidget(self.cancel_button)
        controls.addWidget(self.progress, 1)

        self.summary = QLabel(self)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        self.summary.setText(self.tr("Search ranks every parallel configuration of this model that fits on the "
                                     "GPUs by its step time."))
        self.reference = QLabel(self)
        self.reference.setTextFormat(Qt.TextFormat.RichText)
        self.reference.setWordWrap(True)

        headers = ([self.tr("Rank")] + [name for _, name in SETTING_COLUMNS]
                   + [self.tr("ZeRO"), self.tr("Recompute"), self.tr("Schedule"), self.tr("Micro-batch"),
                      self.tr("Micro-batches"), self.tr("Step time"), self.tr("MFU"), self.tr("Peak memory"),
                      self.tr("Cost stack")])
        self.table = QTableWidget(0, len(headers), self)
        self.table.setHorizontalHeaderLabels(headers)
        self.stack_column = len(headers) - 1
        stack_header = self.table.horizontalHeaderItem(self.stack_column)
        assert stack_header is not None   # setHorizontalHeaderLabels made it
        stack_header.setToolTip(self.tr("Each term averaged over the configuration's pipeline ranks, on one scale "
                                        "for the whole table; hover for the numbers"))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(False)
        self.table.setAccessibleName(self.tr("Configurations by step time"))
        self.table.setTabKeyNavigation(False)   # Tab leaves the table; the arrow keys move along its rows
        self.table.setItemDelegateForColumn(self.stack_column, StackDelegate(self.table))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(self.stack_column, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(36)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.table.itemDoubleClicked.connect(lambda _: self.load_selected())

        self.legend = QLabel(self)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setWordWrap(True)
        self.load_button = QPushButton(self.tr("Load"), self)
        self.load_button.setToolTip(self.tr("Apply the selected configuration to the document (one edit: Undo "
                                            "is a reload of the file or preset)"))
        self.load_button.setEnabled(False)
        self.load_button.clicked.connect(self.load_selected)
        self.checks = QLabel(self)   # what the selected configuration assumes (plan_checks)
        self.checks.setTextFormat(Qt.TextFormat.RichText)
        self.checks.setWordWrap(True)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        bottom = QHBoxLayout()
        bottom.addWidget(self.legend, 1)
        bottom.addWidget(self.load_button, 0, Qt.AlignmentFlag.AlignTop)

        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(self.summary)
        layout.addWidget(self.reference)
        layout.addWidget(self.table, 1)
        layout.addLayout(bottom)
        layout.addWidget(self.checks)
        layout.addWidget(self.status)
        layout.addWidget(caption_label(self, QCoreApplication.translate(
            "StepTime", "A deterministic teaching model, not a benchmark of a real cluster: configurations ranked by "
                        "the step-time model, among those whose memory ledger fits and that validate without errors."),
            scale=0.9))
        model.changed.connect(self._document_changed)

    def sizeHint(self) -> QSize:
        return QSize(1180, 640)

    # ------------------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.worker.busy

    def start(self) -> None:
        """Search on the worker for the document's scenario and the GPUs asked for."""
        self.searched = self.model.scenario
        gpus = self.gpus_box.value()
        self.progress.setRange(0, 0)   # busy until the first progress report gives the total
        self.progress.setTextVisible(False)
        set_text(self.status, self.tr("Searching the configurations of {gpus:,} GPUs…").format(gpus=gpus))
        self.worker.start(search, self.searched, gpus, TOP)

    def search_if_stale(self) -> None:
        """Search unless a search runs or the ranking shown is of the document as it is, on the
        GPUs asked for."""
        current = self.plan is not None and self.searched == self.model.scenario and \
            self.plan.gpus == self.gpus_box.value()
        if not self.running and not current:
            self.start()

    def cancel(self) -> None:
        if self.running:
            self.worker.cancel()
            set_text(self.status, self.tr("Search cancelled."))
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setTextVisible(False)

    def _busy(self, busy: bool) -> None:
        self.search_button.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        self.gpus_box.setEnabled(not busy)
        self._selection_changed()

    def _progressed(self, done: int, total: int) -> None:
        if self.progress.maximum() != total:
            self.progress.setRange(0, max(total, 1))
            self.progress.setTextVisible(True)
        self.progress.setValue(min(done, total))
        self.progress.setFormat(self.tr("{done:,} of {total:,} configurations settled").format(done=done, total=total))

    def _failed(self, message: str) -> None:
        self.cancel()
        set_text(self.status, "<span style='color:#C00000'>" + self.tr("The search failed: {reason}").format(
            reason=message) + "</span>")

    def _document_changed(self, keys: frozenset[str]) -> None:
        """A scenario edit: the GPU count follows the scenario until a search is shown, and a
        ranking shown says when the document has left it (view keys change neither)."""
        if all(key.startswith("view.") for key in keys):
            return
        scenario = self.model.scenario
        if not self.running and self.plan is None and self.gpus_box.value() != scenario.world_size:
            self.gpus_box.setValue(scenario.world_size)
        if self.plan is not None and scenario != self.searched and not any(r.scenario == scenario for r in self.rows):
            set_text(self.status, self.tr("The document changed after this search: search again to rank its "
                                          "configurations."))

    # ------------------------------------------------------------------------------------------
    def show_plan(self, result: Plan) -> None:
        self.plan = result
        self.progress.setRange(0, max(result.considered, 1))
        self.progress.setValue(self.progress.maximum())
        self.progress.setFormat(self.tr("{total:,} configurations settled").format(total=result.considered))
        self.progress.setTextVisible(True)
        set_text(self.summary, self.tr(
            "<b>The {count} fastest of {considered:,} configurations on {gpus:,} GPUs</b> at a global batch of "
            "{batch:,} sequences. Set aside: {memory:,} out of memory, {topology:,} invalid or not mapping onto "
            "the cluster, {other:,} the model cannot time, {bound:,} whose lower bound on the step time rules "
            "them out; {timed:,} timed.").format(
            count=len(result.entries), considered=result.considered, gpus=result.gpus, batch=result.global_batch,
            memory=result.pruned_memory, topology=result.pruned_topology, other=result.pruned_other,
            bound=result.pruned_bound, timed=result.timed)
            + (" " + self.tr("{faster:,} more counted faster than the scenario's own configuration by an upper "
                             "bound on their step time, without timing them.").format(faster=result.faster_by_bound)
               if result.faster_by_bound else "")
            + "".join(f"<br><i>{QCoreApplication.translate('time', note)}</i>" for note in result.notes
                      if note != TEACHING_NOTE))
        self._show_reference(result)
        self.rows = list(result.entries)
        reference = result.reference
        in_table = reference is not None and any(_same(entry, reference) for entry in self.rows)
        if reference is not None and not in_table:
            self.rows.append(reference)
        self._fill_table(reference)
        terms = sorted({term for entry in self.rows for term, _ in mean_terms(entry.time.stack)},
                       key=_term_order)
        set_text(self.legend, self.tr("Cost stack:") + " &nbsp; " + legend_html(terms))
        if not self.rows:
            set_text(self.status, self.tr("No configuration fits on {gpus:,} GPUs.").format(gpus=result.gpus))
        else:
            set_text(self.status, self.tr("Select a row and press Load (or double-click it) to apply its settings "
                                          "to the document."))
        if self.rows:  # the scenario's own configuration selected, so that the user sees where it stands
            row = next((r for r, entry in enumerate(self.rows) if reference is not None and _same(entry, reference)), 0)
            self.table.selectRow(row)
            first = self.table.item(row, 0)
            if first is not None:
                self.table.scrollToItem(first)

    def _show_reference(self, result: Plan) -> None:
        reference = result.reference
        self.reference.setToolTip("")
        if reference is None:
            set_text(self.reference, self.tr("The scenario's own configuration is not ranked: {reason}").format(
                reason=QCoreApplication.translate("time", result.reference_reason) or self.tr("it does not fit")))
            return
        best = result.entries[0].time.step_time_s if result.entries else reference.time.step_time_s
        slower = reference.time.step_time_s / best - 1 if best else 0.0
        step = ms(reference.time.step_time_s)
        rank = f"{result.reference_rank:,}" if result.reference_rank_exact else \
            self.tr("{low:,} to {high:,}").format(low=result.reference_rank, high=result.reference_rank_max)
        if result.reference_variant:
            changes = ", ".join(f"{key} = {value}" for key, value in result.reference_variant.items())
            text = self.tr("◆ The scenario's own configuration does not fit in the GPU's memory. <b>Its layout with "
                           "{changes} ranks {rank}</b>: {step} per step").format(changes=changes, rank=rank, step=step)
            self.reference.setToolTip(result.reference_reason)
        else:
            text = self.tr("◆ <b>The scenario's own configuration ranks {rank}</b>: {step} per step").format(
                rank=rank, step=step)
        if result.reference_rank <= 1 or slower <= 0:
            text += ", " + self.tr("the fastest")
        else:
            text += ", " + self.tr("{slower} slower than the fastest").format(slower=percent(slower))
        deciding = deciding_name(result.deciding_term)
        if deciding:
            text += " · " + self.tr("deciding term: <b>{term}</b>").format(term=deciding)
        gaps = [(stack_term(term), gap) for term, gap in result.reference_terms.items() if abs(gap) >= 5e-4]
        if gaps and result.reference_rank > 1:  # term by term, why the fastest beats it: the largest first
            gaps.sort(key=lambda item: -abs(item[1]))
            text += "<br>" + self.tr("Against the fastest:") + " " + ", ".join(
                self.tr("{term} {sign}{gap}").format(term=term_name(term), sign="+" if gap > 0 else "−",
                                                     gap=ms(abs(gap))) for term, gap in gaps[:5])
        set_text(self.reference, text)

    def _fill_table(self, reference: PlanEntry | None) -> None:
        self.table.setSortingEnabled(False)
        self.table.clearContents()
        self.table.setRowCount(len(self.rows))
        scale = max((entry.time.step_time_s for entry in self.rows), default=0.0)
        bold = QFont(self.table.font())
        bold.setBold(True)
        for row, entry in enumerate(self.rows):
            is_reference = reference is not None and _same(entry, reference)
            s = entry.scenario
            values: list[Any] = [("◆ " if is_reference else "") + f"{entry.rank:,}"]
            values += [s.get(key) for key, _ in SETTING_COLUMNS]
            recompute = choice_label("activation.recompute", s.activation.recompute)
            if s.activation.recompute_layers:  # Megatron-LM's block method on top of the policy
                recompute = self.tr("{policy}, {layers} in full").format(policy=recompute,
                                                                         layers=s.activation.recompute_layers)
            values += [s.parallel.zero, recompute,
                       kind_name(s.schedule.kind) if s.parallel.pp > 1 else "—", s.model.micro_batch,
                       s.schedule.microbatches, ms(entry.time.step_time_s), percent(entry.time.mfu),
                       gib(entry.peak_bytes), ""]
            terms = mean_terms(entry.time.stack)
            tip = terms_tooltip(self.tr("Rank {rank}: {step} per step (mean over {pp} pipeline ranks)").format(
                rank=entry.rank, step=ms(entry.time.step_time_s), pp=len(entry.time.stack)),
                terms, entry.time.step_time_s)
            for column, value in enumerate(values):
                cell = QTableWidgetItem(str(value))
                if column not in TEXT_COLUMNS:
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                cell.setToolTip(tip)
                if is_reference:
                    cell.setFont(bold)
                    cell.setBackground(QBrush(QColor(REFERENCE_BACKGROUND)))
                self.table.setItem(row, column, cell)
            stack_cell = self.table.item(row, self.stack_column)
            assert stack_cell is not None   # set in the loop above
            stack_cell.setData(TERMS_ROLE, terms)
            stack_cell.setData(SCALE_ROLE, scale)
        self.table.resizeColumnsToContents()

    # ------------------------------------------------------------------------------------------
    def selected_entry(self) -> PlanEntry | None:
        rows = {index.row() for index in self.table.selectedIndexes()}
        row = min(rows) if rows else -1
        return self.rows[row] if 0 <= row < len(self.rows) else None

    def _selection_changed(self) -> None:
        entry = self.selected_entry()
        self.load_button.setEnabled(entry is not None and not self.running)
        notes = [QCoreApplication.translate("time", note.template).format(**note.args)
                 for note in (entry.checks if entry is not None else ())]
        set_text(self.checks, "<br>".join(self.tr("<b>Check</b> (rank {rank}): {note}").format(
            rank=entry.rank, note=note) for note in notes) if entry is not None else "")

    def load_selected(self) -> bool:
        """Apply the selected entry's settings to the document in one edit."""
        entry = self.selected_entry()
        if entry is None or self.running:
            return False
        try:
            self.model.update(dict(entry.settings))
        except ScenarioError as exc:
            set_text(self.status, self.tr("Cannot load this configuration: {reason}").format(reason=exc))
            return False
        set_text(self.status, self.tr("Loaded the configuration ranked {rank:,}: every tab shows it now.").format(
            rank=entry.rank))
        return True


def _same(a: PlanEntry, b: PlanEntry) -> bool:
    return a.rank == b.rank and a.settings == b.settings


def _term_order(term: str) -> int:
    order = ["compute", "memory_bound"] + [f"comm:{axis}" for axis in AXES] + ["bubble", "optimizer"]
    return order.index(term) if term in order else len(order)


class PlannerDialog(QDialog):
    """The planner in its own window beside the main one (not modal: the tabs stay usable)."""

    def __init__(self, model: DocumentModel, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Plan configurations"))
        self.view = PlannerView(model, self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.view, 1)
        layout.addWidget(buttons)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Opening the planner searches (cancellable, with progress) unless its ranking is current
        QTimer.singleShot(0, self.view.search_if_stale)

    def reject(self) -> None:
        self.view.cancel()   # a search nobody watches is not worth the cores
        super().reject()
