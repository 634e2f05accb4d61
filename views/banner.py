"""The validation banner: every problem of the scenario with the key it concerns."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from tslab.models.validation import Problem
from tslab.views.texts import translate_problem

# The banner's text keeps dark ink on its light backgrounds whatever the theme (View → Theme).
ERROR_STYLE = ("QFrame#banner { background: #fde2e1; border: 1px solid #d9534f; border-radius: 3px; }"
               " QFrame#banner QLabel { color: #3b0d0c; }")
WARNING_STYLE = ("QFrame#banner { background: #fff4d6; border: 1px solid #e0a800; border-radius: 3px; }"
                 " QFrame#banner QLabel { color: #3d2e00; }")


class ValidationBanner(QFrame):
    """Hidden when the scenario is clean; red with the errors, amber with only warnings."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("banner")
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.label)
        self.problems: list[Problem] = []
        self.hide()

    def show_problems(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        if not problems:
            self.label.clear()
            self.hide()
            return
        errors = [p for p in problems if p.severity == "error"]
        warnings = [p for p in problems if p.severity != "error"]
        lines = []
        if errors:
            lines.append("<b>" + self.tr("Invalid scenario ({count} errors):").format(count=len(errors)) + "</b>")
            lines += ["✖ " + translate_problem(p) for p in errors]
        if warnings:
            lines.append("<b>" + self.tr("Warnings:") + "</b>")
            lines += ["⚠ " + translate_problem(p) for p in warnings]
        self.label.setText("<br>".join(lines))
        self.setStyleSheet(ERROR_STYLE if errors else WARNING_STYLE)
        self.show()
