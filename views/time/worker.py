"""A worker thread for a long search that reports its progress and can be cancelled.

`ProgressWorker.start(fn, *args)` runs `fn(*args, should_stop=…, progress=…)` on the worker's own
thread. `progress(done, total)` calls from the worker arrive as `progressed(done, total)` on the
owner's thread (a signal emitted on the worker is queued to the owner), at most once per
thousandth of the total, so a search of millions of candidates cannot flood the event loop.
`finished(result)` or `failed(message)` follow, only for the latest run; `cancel()` makes
`should_stop` return True and drops whatever the run still delivers.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from tslab.views.runner import WorkerThread

PROGRESS_STEPS = 1000


class ProgressWorker(QObject):
    progressed = Signal(int, int)   # done, total
    finished = Signal(object)
    failed = Signal(str)
    busyChanged = Signal(bool)

    _progress = Signal(int, int, int)       # from the worker: generation, done, total
    _finished = Signal(int, object, str)    # from the worker: generation, result, error

    def __init__(self, parent: QObject | None = None, *, name: str = "tslab-search"):
        super().__init__(parent)
        self._thread = WorkerThread(name)
        self._generation = 0
        self._busy = False
        self._progress.connect(self._deliver_progress)   # queued: emitted on the worker
        self._finished.connect(self._deliver)
        self._thread.shut_down_with(parent)

    @property
    def busy(self) -> bool:
        return self._busy

    def start(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run `fn(*args, should_stop=…, progress=…)`; cancels any run before it."""
        self.cancel()
        self._generation += 1
        generation, stop = self._generation, threading.Event()
        self._thread.stop = stop
        self._set_busy(True)
        self._thread.submit(self._run, generation, stop, fn, args)

    def _run(self, generation: int, stop: threading.Event, fn: Callable[..., Any], args: tuple) -> None:
        if stop.is_set():
            return
        last = [-1]

        def progress(done: int, total: int) -> None:
            step = done * PROGRESS_STEPS // max(total, 1)
            if step != last[0] and not stop.is_set():
                last[0] = step
                self._emit(self._progress, generation, done, total)

        try:
            result, error = fn(*args, should_stop=stop.is_set, progress=progress), ""
        except Exception as exc:   # cancellation raises too: dropped below
            result, error = None, f"{type(exc).__name__}: {exc}"
        if not stop.is_set():
            self._emit(self._finished, generation, result, error)

    @staticmethod
    def _emit(signal, *args: Any) -> None:
        try:
            signal.emit(*args)
        except RuntimeError:   # the worker's owner was deleted while the run finished
            pass

    def _deliver_progress(self, generation: int, done: int, total: int) -> None:
        if generation == self._generation and self._busy:
            self.progressed.emit(done, total)

    def _deliver(self, generation: int, result: Any, error: str) -> None:
        if generation != self._generation:
            return
        self._set_busy(False)
        if error:
            self.failed.emit(error)
        else:
            self.finished.emit(result)

    def cancel(self) -> None:
        """Stop the current run; nothing it still delivers is emitted."""
        self._thread.stop.set()
        self._generation += 1
        self._set_busy(False)

    def shutdown(self) -> None:
        """Cancel and join the worker thread."""
        self.cancel()
        self._thread.shutdown()

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busyChanged.emit(busy)
