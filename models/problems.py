"""The pieces every model package shares to report a problem: `Problem` and the translation marker.

A leaf module (it imports nothing of tslab), so that any package can report problems while
`validation.validate`, which gathers every package's checks, imports those packages in turn.
Messages are templates so the GUI can translate them (QT_TRANSLATE_NOOP marks them for Qt's
lupdate without importing Qt here).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks `text` for Qt's translation catalogue; the view layer translates it."""
    return text


@dataclass(frozen=True)
class Problem:
    key: str
    template: str
    args: dict[str, Any] = field(default_factory=dict)
    severity: str = "error"  # error | warning

    @property
    def message(self) -> str:
        return self.template.format(**self.args)

    def __str__(self) -> str:
        return f"{self.key}: {self.message}"
