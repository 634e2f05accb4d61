"""Translating the texts the models produce (item names, validation messages, the sentences a
model writes from templates)."""
from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from tslab.models.validation import Problem

if TYPE_CHECKING:   # the comm models load when a collective is shown, not at start-up
    from tslab.models.comm.result import Phrase


def ledger_name(name: str) -> str:
    """A ledger item name from the models, translated (context "ledger")."""
    return QCoreApplication.translate("ledger", name)


def translate_template(context: str, template: str, args: dict[str, Any]) -> str:
    """A model's template (marked with QT_TRANSLATE_NOOP in `context`) in the UI language, filled
    with `args`; the English text when a translation's placeholders do not match."""
    try:
        return QCoreApplication.translate(context, template).format(**args)
    except (KeyError, IndexError, ValueError):
        return template.format(**args)


def translate_problem(problem: Problem) -> str:
    """"key: message" in the UI language (context "validation")."""
    text = QCoreApplication.translate("validation", problem.template)
    try:
        text = text.format(**problem.args)
    except (KeyError, IndexError, ValueError):
        text = problem.message
    return f"{problem.key}: {text}"


def invalid_header(errors: Sequence[Problem]) -> str:
    """The red line a figure heads itself with while the scenario is invalid: the same problems,
    with the same numbers, as the banner states ("" when there are none)."""
    if not errors:
        return ""
    return ("<span style='color:#C00000'>" + QCoreApplication.translate("texts", "Invalid scenario:") + "</span> "
            + "; ".join(html.escape(translate_problem(problem)) for problem in errors))


def translate_phrase(phrase: Phrase, context: str = "comm") -> str:
    """A model's phrase (models.comm.result.Phrase) in the UI language, its phrase arguments too."""
    from tslab.models.comm.result import Phrase
    args = {key: translate_phrase(value, context) if isinstance(value, Phrase) else value
            for key, value in phrase.args}
    return translate_template(context, phrase.template, args)


def translate_phrases(phrases: Iterable[Phrase], context: str = "comm") -> str:
    """Phrases that follow one another (a collective's convention), translated and joined."""
    return "".join(translate_phrase(phrase, context) for phrase in phrases)
