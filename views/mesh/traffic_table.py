"""The traffic of every parallel axis as a table: collective, how often, bytes, network."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor, QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from tslab.models.units import format_bytes
from tslab.views.figure_fit import fitted_rows, wrap_last_column
from tslab.views.mesh.common import HIGH_FREQUENCY, axis_label


class TrafficTable(QTableWidget):
    """Per axis: collective, how often, bytes, and whether it leaves the node."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(0, 7, parent)
        self.setHorizontalHeaderLabels([self.tr("Axis"), self.tr("Collective"), self.tr("Group"),
                                        self.tr("Per call"), self.tr("Sent per step"), self.tr("Network"),
                                        self.tr("When")])
        self.verticalHeader().setVisible(False)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        wrap_last_column(self, min_characters=16)   # the sentences of "When" whole, wrapped
        self.setTabKeyNavigation(False)   # Tab leaves the table; the arrow keys move along its rows

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        fitted_rows(self)

    def show_traffic(self, rows) -> None:
        self.setRowCount(len(rows))
        warn = QBrush(QColor("#ffd9d9"))
        for row, t in enumerate(rows):
            where = (self.tr("crosses nodes (up to {n})").format(n=t.max_nodes) if t.cross_node
                     else self.tr("inside a node"))
            cells = [axis_label(t.axis), QCoreApplication.translate("mesh", t.collective), str(t.group_size),
                     format_bytes(t.bytes_per_call), format_bytes(t.bytes_per_step), where,
                     QCoreApplication.translate("mesh", t.when)]
            for column, content in enumerate(cells):
                cell = QTableWidgetItem(content)
                cell.setToolTip(t.formula)
                if column in (2, 3, 4):
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if t.cross_node and t.axis in HIGH_FREQUENCY:
                    cell.setBackground(warn)
                self.setItem(row, column, cell)
        fitted_rows(self)
