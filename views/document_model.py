"""The shared, observable document: every tab reads it, and re-derives only what a change concerns.

`changed` carries the frozenset of dotted keys that changed (scenario keys such as
``parallel.pp`` and view keys such as ``view.comm.ranks``); `scenarioChanged` fires as well when
any scenario key is among them. Results come from one `ResultCache` shared by the tabs
(`result(computation)`), keyed by exactly the keys each computation reads.

Edits from a dragged slider go through `update_later`: they are merged and applied once per
frame, so a drag never queues more than one recomputation per frame.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from tslab.models.derived import VALIDATION, Computation, ResultCache
from tslab.models.document import Document, changed_keys
from tslab.models.scenario import Scenario, ScenarioError
from tslab.models.validation import Problem

FRAME_MS = 16


class DocumentModel(QObject):
    """Holds the current Document, its validation problems, its file and whether it is saved.

    `synchronous` (export, the command line): tabs compute long work at once instead of in their
    runner, so a figure is complete when it is built."""

    changed = Signal(object)           # frozenset[str] of the keys that changed
    scenarioChanged = Signal(object)   # Scenario, when a scenario key changed
    problemsChanged = Signal(list)     # list[Problem]
    pathChanged = Signal(str)
    modifiedChanged = Signal(bool)

    def __init__(self, document: Document | Scenario | None = None, parent: QObject | None = None, *,
                 synchronous: bool = False):
        super().__init__(parent)
        if isinstance(document, Scenario):
            document = Document(document)
        self.cache = ResultCache()
        self.synchronous = synchronous
        self._document = document or Document()
        self._problems = list(self.result(VALIDATION))
        self._path = ""
        self._modified = False
        self._pending: dict[str, Any] = {}
        self._frame = QTimer(self, singleShot=True, interval=FRAME_MS)
        self._frame.timeout.connect(self.flush)

    # ---------------------------------------------------------------------------------------------
    @property
    def document(self) -> Document:
        return self._document

    @property
    def scenario(self) -> Scenario:
        return self._document.scenario

    @property
    def view(self):
        return self._document.view

    @property
    def problems(self) -> list[Problem]:
        return list(self._problems)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self._problems if p.severity == "error"]

    @property
    def path(self) -> str:
        return self._path

    @property
    def modified(self) -> bool:
        return self._modified

    def result(self, computation: Computation) -> Any:
        """The computation's result for the current document (from the cache when it has it)."""
        return self.cache.get(computation, self._document)

    # ---------------------------------------------------------------------------------------------
    def set_document(self, document: Document | Scenario, path: str = "", modified: bool = False) -> None:
        """Replace the whole document (a preset or a file was opened)."""
        if isinstance(document, Scenario):
            document = Document(document)
        self._pending.clear()
        self._path = path
        self.pathChanged.emit(path)
        self._apply(document, modified)

    def set_scenario(self, scenario: Scenario, path: str = "", modified: bool = False) -> None:
        """Replace the scenario and keep every tab's view state."""
        self.set_document(Document(scenario, self._document.view), path, modified)

    def update(self, changes: dict[str, Any]) -> None:
        """Set several dotted keys as one change, now; raises ScenarioError for a bad value."""
        if self._pending:
            changes = {**self._pending, **changes}
            self._pending.clear()
            self._frame.stop()
        document = self._document.replace(**changes)
        if document != self._document:
            self._apply(document, True)

    def update_later(self, changes: dict[str, Any]) -> None:
        """Merge `changes` into the edit applied at the next frame (slider drags). Values are
        checked now: a bad one raises ScenarioError and is not kept."""
        self._document.replace(**changes)
        self._pending.update(changes)
        if not self._frame.isActive():
            self._frame.start()

    def flush(self) -> None:
        """Apply the merged edits now."""
        self._frame.stop()
        if self._pending:
            changes, self._pending = self._pending, {}
            document = self._document.replace(**changes)
            if document != self._document:
                self._apply(document, True)

    def set_value(self, key: str, value: Any) -> bool:
        """Set one key; returns False (and changes nothing) if the value is rejected."""
        try:
            self.update({key: value})
        except ScenarioError:
            return False
        return True

    def mark_saved(self, path: str) -> None:
        self._path = path
        self.pathChanged.emit(path)
        self._set_modified(False)

    def _apply(self, document: Document, modified: bool) -> None:
        keys = changed_keys(self._document, document)
        self._document = document
        scenario_changed = any(not key.startswith("view.") for key in keys)
        if scenario_changed:
            problems = list(self.result(VALIDATION))
            if problems != self._problems:
                self._problems = problems
                self.problemsChanged.emit(list(problems))
        self._set_modified(modified)
        if keys:
            self.changed.emit(keys)
        if scenario_changed:
            self.scenarioChanged.emit(document.scenario)

    def _set_modified(self, modified: bool) -> None:
        if modified != self._modified:
            self._modified = modified
            self.modifiedChanged.emit(modified)
