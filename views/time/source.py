"""The step-time model's result for the current document, for every widget that shows it.

The Step time panel and the status bar both show STEP_TIME. `StepTimeSource.result()` answers at
once from the document's ResultCache or, for a light scenario, by computing it on the spot; a
heavy one is timed on the source's Runner and delivered by `ready`, once, however many widgets
asked. So the panel and the status bar never time the same document twice, and the UI thread
never waits for a big preset.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from tslab.models.derived import STEP_TIME, Failed, ResultCache, heavy
from tslab.models.document import Document
from tslab.views.document_model import DocumentModel
from tslab.views.runner import Runner


def _timed(cache: ResultCache, document: Document, should_stop: Callable[[], bool] | None = None) -> tuple:
    """(the cache key, the result) of STEP_TIME for `document`: the key tells whom it is for."""
    return STEP_TIME.key(document), cache.get(STEP_TIME, document, should_stop)


class StepTimeSource(QObject):
    """STEP_TIME of `model`'s current document, now or through `ready(result)`."""

    ready = Signal(object)   # StepTime or Failed, for the document current when it arrives
    busyChanged = Signal(bool)

    def __init__(self, model: DocumentModel, parent: QObject | None = None):
        super().__init__(parent)
        self.model = model
        self.runner = Runner(self, synchronous=model.synchronous, name="tslab-step-time")
        self.runner.done.connect(self._done)
        self.runner.failed.connect(self._failed)
        self.runner.busyChanged.connect(self.busyChanged)
        self._running: tuple | None = None  # the cache key of the run under way

    @property
    def busy(self) -> bool:
        return self.runner.busy

    def cached(self) -> tuple[bool, Any]:
        return self.model.cache.cached(STEP_TIME, self.model.document)

    def result(self) -> Any | None:
        """STEP_TIME of the current document (a StepTime or Failed), or None when it is being
        timed on the worker: `ready` then delivers it."""
        document = self.model.document
        hit, result = self.cached()
        key = STEP_TIME.key(document)
        if hit:
            self._cancel_other(key)
            return result
        if self.model.synchronous or not heavy(STEP_TIME, document):
            self._cancel_other(key)
            try:
                return self.model.cache.get(STEP_TIME, document)
            except Exception as exc:  # the model's own bug for this scenario: shown, never a crash
                return Failed(f"{type(exc).__name__}: {exc}")
        if self.runner.busy and self._running == key:
            return None   # already being timed for another widget
        self._running = key
        self.runner.start(_timed, self.model.cache, document)
        return None

    def _cancel_other(self, key: tuple) -> None:
        if self.runner.busy and self._running != key:
            self.runner.cancel()
            self._running = None

    def _done(self, timed: tuple) -> None:
        key, result = timed
        self._running = None
        if key == STEP_TIME.key(self.model.document):
            self.ready.emit(result)

    def _failed(self, message: str) -> None:
        self._running = None
        self.ready.emit(Failed(message))

    def cancel(self) -> None:
        self.runner.cancel()
        self._running = None
