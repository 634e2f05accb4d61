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
    """Hidden when the scenario is clean; red with the errors, amber with only warnings. Compact
    (presentation mode): one line — the first problem and how many more — with every problem in
    the tooltip, so that the figure keeps the room."""

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
        self.compact = False
        self.hide()

    def set_compact(self, on: bool) -> None:
        self.compact = on
        self.show_problems(self.problems)

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
        style = ERROR_STYLE if errors else WARNING_STYLE
        if self.styleSheet() != style:   # restyling the banner and its label costs a few ms an edit
            self.setStyleSheet(style)
        if self.compact:
            first = ("✖ " if errors else "⚠ ") + translate_problem((errors or warnings)[0])
            more = len(problems) - 1
            text = first if not more else self.tr("{problem} (+{count} more: hover for all)").format(
                problem=first, count=more)
            self.label.setWordWrap(False)
            self.label.setTextFormat(Qt.TextFormat.PlainText)
            width = max(self.width() - 16, 200)   # one line: the rest in the tooltip
            self.label.setText(self.label.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, width))
            self.label.setToolTip("<br>".join(lines))
        else:
            self.label.setWordWrap(True)
            self.label.setTextFormat(Qt.TextFormat.RichText)
            self.label.setText("<br>".join(lines))
            self.label.setToolTip("")
        self.show()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.compact and self.problems and event.size().width() != event.oldSize().width():
            self.show_problems(self.problems)   # elided anew for the new width
