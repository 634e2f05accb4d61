"""The shared, observable scenario: every tab reads it and re-derives its numbers on change."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from tslab.models.scenario import Scenario, ScenarioError
from tslab.models.validation import Problem, validate


class ScenarioModel(QObject):
    """Holds the current Scenario and its validation problems.

    `scenarioChanged` fires once per accepted change (a batch of keys counts as one change);
    `path` is the file the scenario came from or was last saved to, if any."""

    scenarioChanged = Signal(object)   # Scenario
    problemsChanged = Signal(list)     # list[Problem]
    pathChanged = Signal(str)
    modifiedChanged = Signal(bool)

    def __init__(self, scenario: Scenario | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self._scenario = scenario or Scenario()
        self._problems = validate(self._scenario)
        self._path = ""
        self._modified = False

    @property
    def scenario(self) -> Scenario:
        return self._scenario

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

    def set_scenario(self, scenario: Scenario, path: str = "", modified: bool = False) -> None:
        """Replace the whole scenario (a preset or a file was opened)."""
        self._path = path
        self.pathChanged.emit(path)
        self._apply(scenario, modified)

    def update(self, changes: dict[str, Any]) -> None:
        """Set several dotted keys as one change; raises ScenarioError for a bad value."""
        scenario = self._scenario.replace(**changes)
        if scenario != self._scenario:
            self._apply(scenario, True)

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

    def _apply(self, scenario: Scenario, modified: bool) -> None:
        self._scenario = scenario
        problems = validate(scenario)
        if problems != self._problems:
            self._problems = problems
            self.problemsChanged.emit(list(problems))
        self._set_modified(modified)
        self.scenarioChanged.emit(scenario)

    def _set_modified(self, modified: bool) -> None:
        if modified != self._modified:
            self._modified = modified
            self.modifiedChanged.emit(modified)
