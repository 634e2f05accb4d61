"""Translating the texts the models produce (item names, validation messages)."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tslab.models.validation import Problem


def ledger_name(name: str) -> str:
    """A ledger item name from the models, translated (context "ledger")."""
    return QCoreApplication.translate("ledger", name)


def translate_problem(problem: Problem) -> str:
    """"key: message" in the UI language (context "validation")."""
    text = QCoreApplication.translate("validation", problem.template)
    try:
        text = text.format(**problem.args)
    except (KeyError, IndexError, ValueError):
        text = problem.message
    return f"{problem.key}: {text}"
