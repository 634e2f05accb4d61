"""The shared, observable document: every tab reads it, and re-derives only what a change concerns.

`changed` carries the frozenset of dotted keys that changed (scenario keys such as
``parallel.pp`` and view keys such as ``view.comm.ranks``): the one change signal, so that every
listener refreshes only for the keys it reads. Results come from one `ResultCache` shared by the tabs
(`result(computation)`), keyed by exactly the keys each computation reads.

Edits from a dragged slider go through `update_later`: they are merged and applied once per
frame, so a drag never queues more than one recomputation per frame.

Every edit of scenario keys is a command on `undo_stack` (a QUndoStack): consecutive edits of the
same single key merge into one command (a slider drag, typing into one field), and replacing the
whole document with a preset (`replace_document`) is a command too. Opening a file or a new
document (`set_document`) clears the stack. View keys (``view.*``: the animation step, the
collective drawn) are navigation, not edits: they are saved with the document but are neither
undone nor counted as unsaved changes. `modified` follows the stack's clean state (set when the
document is saved or opened), so undoing back to the saved document clears it.
"""
from __future__ import annotations

import dataclasses
import warnings
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from tslab.models.derived import VALIDATION, Computation, ResultCache
from tslab.models.document import Document, changed_keys
from tslab.models.presets import preset_document
from tslab.models.scenario import Scenario, ScenarioError
from tslab.models.validation import Problem
from tslab.views.labels import setting_name, value_text

FRAME_MS = 16
ONE_KEY_EDIT = 1   # QUndoCommand.id of an edit of one scenario key: consecutive ones of the same key merge
NAMED_KEYS = 3     # an edit of more keys than this is named by their count in the Edit menu


def is_view_key(key: str) -> bool:
    return key.startswith("view.")


class DocumentEdit(QUndoCommand):
    """One undoable edit: the document before and after it.

    An edit of scenario keys (`whole` False) restores only the scenario, so undoing it leaves every
    tab's navigation (view state) where it is now. Replacing the whole document (a preset,
    `whole` True) restores it whole, with the file and the preset it came from (`origins`: the
    (path, preset) before and after)."""

    def __init__(self, model: DocumentModel, old: Document, new: Document, keys: frozenset[str], text: str, *,
                 whole: bool = False, origins: tuple[tuple[str, str], tuple[str, str]] | None = None):
        super().__init__(text)
        self.model, self.old, self.new, self.keys, self.whole = model, old, new, keys, whole
        self.origins = origins
        self._applied = True   # the model applied the edit before pushing it; push() calls redo()

    def id(self) -> int:
        return ONE_KEY_EDIT if not self.whole and len(self.keys) == 1 else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, DocumentEdit) or other.whole or other.keys != self.keys:
            return False
        self.new = other.new
        self.setText(self.model._edit_text(self.keys, self.old, self.new))  # from where it started
        self.setObsolete(self.new.scenario == self.old.scenario)  # dragged back to where it started
        return True

    def redo(self) -> None:
        if self._applied:
            self._applied = False
            return
        self.model._restore(self.new, self.whole, self.origins[1] if self.origins else None)

    def undo(self) -> None:
        self.model._restore(self.old, self.whole, self.origins[0] if self.origins else None)


class DocumentModel(QObject):
    """Holds the current Document, its validation problems, its file and whether it is saved.

    `synchronous` (export, the command line): tabs compute long work at once instead of in their
    runner, so a figure is complete when it is built. `preset` names the built-in preset the
    document came from ("" when none: a file that matches no preset, an import)."""

    changed = Signal(object)           # frozenset[str] of the keys that changed
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
        self._preset = ""
        self._modified = False
        self._pending: dict[str, Any] = {}
        self._frame = QTimer(self, singleShot=True, interval=FRAME_MS)
        self._frame.timeout.connect(self.flush)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._stack_moved)
        self.undo_stack.indexChanged.connect(self._stack_moved)

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
    def preset(self) -> str:
        return self._preset

    @property
    def modified(self) -> bool:
        return self._modified

    def result(self, computation: Computation) -> Any:
        """The computation's result for the current document (from the cache when it has it)."""
        return self.cache.get(computation, self._document)

    # ---------------------------------------------------------------------------------------------
    def set_document(self, document: Document | Scenario, path: str = "", modified: bool = False, *,
                     preset: str = "") -> None:
        """Open a document (a file, an import, a new document): it replaces the whole document,
        and what came before cannot be undone. `modified` says it is not saved anywhere yet."""
        if isinstance(document, Scenario):
            document = Document(document)
        self._pending.clear()
        self._frame.stop()
        self._path, self._preset = path, preset
        self.pathChanged.emit(path)
        self._apply(document)
        self.undo_stack.clear()   # clean at the opened document
        if modified:
            self.undo_stack.resetClean()   # no state of the stack is the saved one
        self._update_modified()

    def set_scenario(self, scenario: Scenario, path: str = "", modified: bool = False) -> None:
        """Open a scenario and keep every tab's view state."""
        self.set_document(Document(scenario, self._document.view), path, modified)

    def replace_document(self, document: Document, text: str, *, path: str | None = None,
                         preset: str | None = None) -> None:
        """Replace the whole document as one undoable edit (a preset chosen, Reset to Preset);
        `path` and `preset` (None: unchanged) say where the new document comes from, and undo
        restores the old ones."""
        self.flush()
        old, old_origin = self._document, (self._path, self._preset)
        new_origin = (self._path if path is None else path, self._preset if preset is None else preset)
        if document == old and new_origin == old_origin:
            return
        self._set_origin(new_origin)
        self._apply(document)
        self.undo_stack.push(DocumentEdit(self, old, document, changed_keys(old, document), text, whole=True,
                                          origins=(old_origin, new_origin)))
        self._update_modified()

    def update(self, changes: dict[str, Any]) -> None:
        """Set several dotted keys as one change, now; raises ScenarioError for a bad value."""
        if self._pending:
            changes = {**self._pending, **changes}
            self._pending.clear()
            self._frame.stop()
        self._edit(self._document.replace(**changes), changes)

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
            self._edit(self._document.replace(**changes), changes)

    def set_value(self, key: str, value: Any) -> bool:
        """Set one key; returns False (and changes nothing) if the value is rejected."""
        try:
            self.update({key: value})
        except ScenarioError:
            return False
        return True

    def undo(self) -> None:
        """Undo the last edit (a drag still pending is applied first, as its own edit)."""
        self.flush()
        self.undo_stack.undo()

    def redo(self) -> None:
        self.flush()
        self.undo_stack.redo()

    def mark_saved(self, path: str) -> None:
        self._path = path
        self.pathChanged.emit(path)
        self.undo_stack.setClean()
        self._update_modified()

    def detach_views(self) -> None:
        """Disconnect everything connected to this model's signals: the views of a window that
        hands the model over to a new one (a language switch) must not follow it any longer, and
        some of them listen through lambdas, which Qt cannot disconnect when their widget goes."""
        names = {name for cls in type(self).__mro__ for name, value in vars(cls).items() if isinstance(value, Signal)}
        for name in sorted(names):
            with warnings.catch_warnings():   # PySide warns when a signal has nothing to disconnect
                warnings.simplefilter("ignore", RuntimeWarning)
                getattr(self, name).disconnect()

    # ---------------------------------------------------------------------------------------------
    def _edit(self, document: Document, changes: dict[str, Any]) -> None:
        """Apply an edit of the keys `changes` set; put it on the undo stack when it changed a
        scenario key. The edit is named by (and merges by) the keys set that changed, not the ones
        that follow them (a TP edit that moves DP and the micro-batches is "Tensor parallel TP 1 → 8")."""
        old = self._document
        if document == old:
            return
        keys = frozenset(key for key in changed_keys(old, document) if not is_view_key(key))
        self._apply(document)
        if keys:
            named = frozenset(key for key in keys if key in changes) or keys
            self.undo_stack.push(DocumentEdit(self, old, document, named, self._edit_text(named, old, document)))
            self._update_modified()

    def _edit_text(self, keys: frozenset[str], old: Document, new: Document) -> str:
        """The edit's name in the Edit menu, as the form names the settings: "Undo Sequence length
        4096 → 8192" ("撤销 序列长度 4096 → 8192"); an edit of more than NAMED_KEYS settings by
        their count."""
        if len(keys) > NAMED_KEYS:
            return self.tr("Set {count} keys").format(count=len(keys))
        return ", ".join(self.tr("{setting} {old} → {new}").format(
            setting=setting_name(key), old=value_text(key, old.get(key)), new=value_text(key, new.get(key)))
            for key in sorted(keys))

    def _restore(self, target: Document, whole: bool, origin: tuple[str, str] | None) -> None:
        """Undo or redo to `target`: the whole document, or its scenario with today's view state."""
        self._pending.clear()
        self._frame.stop()
        if origin is not None:
            self._set_origin(origin)
        # A scenario edit undone keeps today's view state and the text of the file being edited.
        self._apply(target if whole else dataclasses.replace(self._document, scenario=target.scenario))

    def _set_origin(self, origin: tuple[str, str]) -> None:
        path, self._preset = origin
        if path != self._path:
            self._path = path
            self.pathChanged.emit(path)

    def _stack_moved(self, *_: Any) -> None:
        self._update_modified()

    def _update_modified(self) -> None:
        """Unsaved: the stack is away from its clean state, unless the document has no file and
        is its preset exactly (the toolbar loads it again: closing loses nothing)."""
        self._set_modified(not self.undo_stack.isClean() and not (not self._path and self._is_preset()))

    def _is_preset(self) -> bool:
        if not self._preset:
            return False
        try:
            return self.scenario == preset_document(self._preset).scenario
        except ScenarioError:   # not a built-in preset's name
            return False

    def _apply(self, document: Document) -> None:
        keys = changed_keys(self._document, document)
        self._document = document
        scenario_changed = any(not key.startswith("view.") for key in keys)
        if scenario_changed:
            problems = list(self.result(VALIDATION))
            if problems != self._problems:
                self._problems = problems
                self.problemsChanged.emit(list(problems))
        if keys:
            self.changed.emit(keys)

    def _set_modified(self, modified: bool) -> None:
        if modified != self._modified:
            self._modified = modified
            self.modifiedChanged.emit(modified)
