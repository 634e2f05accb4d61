"""One owned runner for work that can take longer than a frame: the tabs' computations and the
planner's search.

A `Runner` belongs to a widget (its QObject parent). `start(fn, *args)` cancels the run before it
(its ``should_stop`` hook returns True from then on, and a run not yet begun never starts), runs
`fn(*args, should_stop=…)` on the runner's own worker thread and emits `done(result)` on the
widget's thread — only for the latest run: results of stale runs are dropped. `cancel()` stops the
current run; `shutdown()` (called when the widget is destroyed or the application quits) cancels
and joins the worker. A synchronous runner (export, tests) runs `fn` at once on the caller's
thread, so a headless export never waits for, or fails because of, a worker.

A runner made with `progress=True` (the planner's) also passes `progress=` to `fn`: its
`progress(done, total)` calls arrive as `progressed(done, total)` on the widget's thread, at most
once per thousandth of the total (PROGRESS_STEPS), so a search of millions of candidates cannot
flood the event loop, and never after the run was cancelled.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

PROGRESS_STEPS = 1000  # progressed() at most once per thousandth of the total


class WorkerThread:
    """A runner's thread and the stop flag of its current run: plain Python, so the worker can
    be shut down from the owner's `destroyed` signal after the runner's C++ side is gone."""

    def __init__(self, name: str):
        self.name = name
        self.executor: ThreadPoolExecutor | None = None
        self.stop = threading.Event()
        self.future: Future | None = None

    def submit(self, *args: Any) -> None:
        if self.executor is None:
            self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=self.name)
        self.future = self.executor.submit(*args)

    def cancel(self) -> None:
        self.stop.set()
        if self.future is not None:
            self.future.cancel()
            self.future = None

    def shutdown(self, wait: bool = True) -> None:
        """Stop the current run and the thread; `wait`: join it (a run in progress first sees its
        stop flag at its next should_stop() call)."""
        self.cancel()
        if self.executor is not None:
            self.executor.shutdown(wait=wait, cancel_futures=True)
            self.executor = None

    def shut_down_with(self, parent: QObject | None) -> None:
        """Shut down when the application quits (joining the thread) or `parent` (the owner's
        owner) is destroyed. A destroyed owner does not wait: its `destroyed` handler runs inside
        Qt's destruction of the object, where a run finishing on the worker may be emitting to it;
        the run stops at its next should_stop() call and its result is dropped."""
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(lambda: self.shutdown())
        if parent is not None:
            parent.destroyed.connect(lambda *_: self.shutdown(wait=False))


class Runner(QObject):
    done = Signal(object)      # the result of the latest run
    failed = Signal(str)       # the latest run raised: its message
    busyChanged = Signal(bool)
    progressed = Signal(int, int)  # done, total (a runner made with progress=True)

    _finished = Signal(int, object, str)  # from the worker thread: generation, result, error
    _progress = Signal(int, int, int)     # from the worker thread: generation, done, total

    def __init__(self, parent: QObject | None = None, *, synchronous: bool = False, name: str = "tslab-runner",
                 progress: bool = False):
        super().__init__(parent)
        self.synchronous = synchronous
        self.reports_progress = progress
        self._worker = WorkerThread(name)
        self._generation = 0
        self._busy = False
        self._finished.connect(self._deliver)  # queued: emitted on the worker, delivered here
        self._progress.connect(self._deliver_progress)
        self._worker.shut_down_with(parent)

    @property
    def busy(self) -> bool:
        return self._busy

    def start(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run `fn(*args, should_stop=…)`; supersedes (and cancels) any run before it."""
        self.cancel()
        self._generation += 1
        generation, stop = self._generation, threading.Event()
        self._worker.stop = stop
        if self.synchronous:
            try:
                result = fn(*args, should_stop=stop.is_set, **self._hooks(generation, stop))
            except Exception as exc:  # shown as the tab's message, never a crash
                self.failed.emit(f"{type(exc).__name__}: {exc}")
                return
            self.done.emit(result)
            return
        self._set_busy(True)
        self._worker.submit(self._run, generation, stop, fn, args)

    def _hooks(self, generation: int, stop: threading.Event) -> dict[str, Any]:
        """`progress=` for a runner that reports it: throttled to PROGRESS_STEPS, none once stopped."""
        if not self.reports_progress:
            return {}
        last = [-1]

        def progress(done: int, total: int) -> None:
            step = done * PROGRESS_STEPS // max(total, 1)
            if step != last[0] and not stop.is_set():
                last[0] = step
                try:
                    self._progress.emit(generation, done, total)
                except RuntimeError:  # the runner was deleted while the run went on
                    pass
        return {"progress": progress}

    def _deliver_progress(self, generation: int, done: int, total: int) -> None:
        if generation == self._generation and self._busy:
            self.progressed.emit(done, total)

    def _run(self, generation: int, stop: threading.Event, fn: Callable[..., Any], args: tuple) -> None:
        if stop.is_set():
            return
        try:
            result, error = fn(*args, should_stop=stop.is_set, **self._hooks(generation, stop)), ""
        except Exception as exc:
            result, error = None, f"{type(exc).__name__}: {exc}"
        if not stop.is_set():
            try:
                self._finished.emit(generation, result, error)
            except RuntimeError:  # the runner was deleted while the run finished
                pass

    def _deliver(self, generation: int, result: Any, error: str) -> None:
        if generation != self._generation:
            return  # a newer run superseded this one
        self._worker.future = None
        self._set_busy(False)
        if error:
            self.failed.emit(error)
        else:
            self.done.emit(result)

    def cancel(self) -> None:
        """Stop the current run (its result, if it still arrives, is dropped)."""
        self._worker.cancel()
        self._generation += 1
        self._set_busy(False)

    def shutdown(self) -> None:
        """Cancel and join the worker thread."""
        self.cancel()
        self._worker.shutdown()

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            try:
                self.busyChanged.emit(busy)
            except RuntimeError:
                pass
