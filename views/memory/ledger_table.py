"""The memory ledger as a table: item, tier, bytes, share and formula of every item."""
from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from tslab.models.memory import GROUPS, MemoryLedger, gib
from tslab.views import charts
from tslab.views.figure_fit import fitted_rows, wrap_last_column
from tslab.views.memory.common import GIB, item_tooltip, tier_names
from tslab.views.texts import ledger_name


class LedgerTable(QTableWidget):
    """The ledger as a table: item, tier, bytes, share, formula; hover for the source.

    Cells are reused between updates and column widths recomputed only when the rows change
    (ResizeToContents on every edit costs more than the whole ledger)."""

    itemPicked = Signal(str)  # the key of the ledger item the user selected ("" = none)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(0, 5, parent)
        self.setHorizontalHeaderLabels([self.tr("Item"), self.tr("Tier"), self.tr("GiB"), self.tr("Share"),
                                        self.tr("Formula")])
        self.verticalHeader().setVisible(False)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setAlternatingRowColors(True)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self._row_keys: list[str] = []
        self._rows_shown: list[tuple | None] = []   # what each row shows (its cells, tooltip, key, OOM)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setTabKeyNavigation(False)   # Tab leaves the table; the arrow keys move along its rows
        self.itemSelectionChanged.connect(self._picked)
        wrap_last_column(self, min_characters=30)   # the formulas whole, wrapped (narrower: it scrolls)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # presentation mode's larger type: no value cut off
            self._rows_shown = []   # the names' bold type follows at the next ledger
            fitted_rows(self, range(4))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        fitted_rows(self)

    def _picked(self) -> None:
        rows = {index.row() for index in self.selectedIndexes()}
        row = min(rows) if rows else -1
        self.itemPicked.emit(self._row_keys[row] if 0 <= row < len(self._row_keys) else "")

    def select_key(self, key: str) -> None:
        """Select the row of ledger item `key` ("" or an absent key: none), without emitting."""
        self.blockSignals(True)
        try:
            if key in self._row_keys:
                self.selectRow(self._row_keys.index(key))
            else:
                self.clearSelection()
        finally:
            self.blockSignals(False)

    def _cell(self, row: int, column: int) -> QTableWidgetItem:
        cell = self.item(row, column)
        if cell is None:
            cell = QTableWidgetItem()
            if column in (2, 3):
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.setItem(row, column, cell)
        return cell

    def show_ledger(self, ledger: MemoryLedger | None) -> None:
        """Show `ledger`'s items and total; None (an invalid scenario): no rows. The rows of an
        invalid scenario are hidden, not removed: an edit that passes through one and back (a
        parallel degree on its way to the next that divides) finds them with their texts and the
        columns with their widths, instead of filling and measuring every cell again."""
        if ledger is None:
            for row in range(self.rowCount()):
                self.setRowHidden(row, True)
            return
        items = [item for item in ledger.items if item.bytes or item.group in GROUPS[:4]]
        oom = ledger.first_oom
        names = tier_names()
        if self.rowCount() != len(items) + 1:
            self.setRowCount(len(items) + 1)
        for row in range(self.rowCount()):
            if self.isRowHidden(row):
                self.setRowHidden(row, False)
        bold = QFont(self.font())
        bold.setBold(True)
        white, red = QBrush(), QBrush(QColor("#ffd9d9"))
        if len(self._rows_shown) != len(items) + 1:
            self._rows_shown = [None] * (len(items) + 1)
        for row, item in enumerate(items):
            share = item.bytes / ledger.total if ledger.total else 0.0
            tip = item_tooltip(ledger, item)
            cells = (ledger_name(item.name), names[item.tier], f"{item.bytes / GIB:,.2f}", f"{share:.1%}",
                     item.formula)
            shown = (cells, tip, item.key, bool(oom and oom[0] is item))
            if self._rows_shown[row] == shown:   # each cell set again repaints it: only a changed row
                continue
            self._rows_shown[row] = shown
            for column, content in enumerate(cells):
                cell = self._cell(row, column)
                cell.setText(content)
                cell.setToolTip(tip)
                cell.setBackground(red if oom and oom[0] is item else white)
                # the name in the item's colour and bold; the rest plain (the row may have been
                # the total's before the ledger grew)
                cell.setForeground(QBrush(charts.colour(item.key)) if column == 0 else QBrush())
                cell.setFont(bold if column == 0 else QFont())
        total_row = (self.tr("Total (all tiers)"), "", f"{ledger.total / GIB:,.2f}", "100.0%",
                     self.tr("GPU tier {gpu} of capacity {capacity}").format(gpu=gib(ledger.gpu_bytes),
                                                                             capacity=gib(ledger.capacity_bytes)))
        for column, content in enumerate(total_row):
            cell = self._cell(len(items), column)
            cell.setText(content)
            cell.setToolTip("")
            cell.setBackground(white)
            cell.setForeground(QBrush(QColor(charts.TEXT_COLOUR)))
            cell.setFont(bold)
        keys = [item.key for item in items]
        sized = range(4) if keys != self._row_keys else range(0)
        self._row_keys = keys
        fitted_rows(self, sized)
