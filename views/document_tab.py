"""What every tab does with the document: refresh only what a change concerns, and only when seen.

A tab subclasses `DocumentTab`, lists the keys (or computations) it shows in `reads`, and
implements `refresh(keys)`, which redraws the parts those keys concern (`keys` is None for "all").
A change that concerns the tab while it is hidden marks it stale; it refreshes once when shown.
Work that can take longer than a frame goes to the tab's Runner (`derive`), so the GUI never blocks.

The rest of the interface the window, the export and the lecture keys use, with its defaults:

- `figure` / `export_widget()`: the white figure the tab draws and exports (default `self.figure`);
- `export_error()`: why the figure cannot be drawn, or None (default None);
- `fit_to_size()`: frame the figure for its final size before an export (default: nothing);
- `step_animation(delta)`, `animation_to(end)`: PageDown/PageUp, Home/End; False when nothing is
  animated (the default);
- `inputs` / `set_inputs_collapsed(collapsed)`: the inputs column, folded away in a lecture.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtWidgets import QWidget

from tslab.models import derived
from tslab.models.derived import Computation, ResultCache, concerns
from tslab.models.document import Document
from tslab.views.document_model import DocumentModel
from tslab.views.runner import Runner


def derive_all(cache: ResultCache, computations: tuple[Computation, ...], document: Document,
               should_stop: Callable[[], bool] | None = None) -> tuple:
    """The results of `computations` for `document`, from (and into) `cache`."""
    return tuple(cache.get(computation, document, should_stop) for computation in computations)


class DocumentTab(QWidget):
    """A tab bound to a DocumentModel. Subclasses set `reads` (a tuple of keys, sections or
    computations) and implement `refresh(keys)`."""

    reads: tuple = ()

    def __init__(self, model: DocumentModel, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = model
        self._stale: set[str] | None = set()  # None: everything is stale
        self.refreshes = 0  # how often the tab re-derived something (tests and the benchmark)
        self._errors = self._error_state()   # what the tab last showed of the scenario's errors
        model.changed.connect(self._changed)

    def _error_state(self) -> tuple[str, ...]:
        return tuple(problem.message for problem in self.model.errors)

    def read_keys(self) -> tuple[str, ...]:
        """The keys the tab reads for the current document (a computation's reads may depend on
        it: Computation.reads_when)."""
        document = self.model.document
        keys: list[str] = []
        for read in self.reads:
            keys += read.reads_of(document) if isinstance(read, Computation) else [read]
        return tuple(keys)

    def concerns(self, keys: Iterable[str] | None) -> bool:
        return keys is None or concerns(keys, self.read_keys())

    def _changed(self, keys: frozenset[str] | None) -> None:
        # every tab heads itself with the scenario's errors while it is invalid: a change of those
        # (an edit of a key the tab does not read, such as parallel.dp) concerns every tab
        errors = self._error_state()
        if errors != self._errors:
            self._errors = errors
            keys = None
        if not self.concerns(keys):
            return
        if self.isVisible() or self.model.synchronous:
            self.refreshes += 1
            self.refresh(keys)
        elif keys is None:
            self._stale = None
        elif self._stale is not None:
            self._stale |= keys

    @property
    def stale(self) -> bool:
        return self._stale is None or bool(self._stale)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.stale:
            keys, self._stale = self._stale, set()
            self.refreshes += 1
            self.refresh(None if keys is None else frozenset(keys))

    def derive(self, runner: Runner, computations: tuple[Computation, ...]) -> tuple | None:
        """The results of `computations` for the current document, at once when the work is
        light (`models.derived.heavy`, the one place that decides), cached or headless; else None,
        and `runner` computes them on its worker (its `done` then delivers the tuple). Either way
        a run still under way is superseded."""
        document, cache = self.model.document, self.model.cache
        if self.model.synchronous or all(cache.cached(c, document)[0] for c in computations) or \
                not any(derived.heavy(c, document) for c in computations):
            runner.cancel()
            return derive_all(cache, computations, document)
        runner.start(derive_all, cache, computations, document)
        return None

    def show_derived(self, runner: Runner, computation: Computation, draw: Callable[[Any], None],
                     busy: Callable[[], None]) -> None:
        """Draw `computation`'s result with `draw`: at once when `derive` computes it now, else
        `busy()` shows what is being computed until `runner` delivers it (the runner's `done` is
        connected to the same drawing)."""
        results = self.derive(runner, (computation,))
        if results is None:
            busy()
        else:
            draw(results[0])

    def refresh(self, keys: frozenset[str] | None = None) -> None:
        """Redraw what `keys` concern (None: everything)."""
        raise NotImplementedError

    def export_widget(self) -> QWidget:
        """The figure as drawn on screen, for the export."""
        return self.figure  # type: ignore[attr-defined]

    def export_error(self) -> str | None:
        """Why the figure cannot be drawn (plain text), or None."""
        return None

    def fit_to_size(self) -> None:
        """Frame the figure for its final size before an export (views that depend on it)."""

    def step_animation(self, delta: int) -> bool:
        """Show the animation `delta` steps on (back when negative); False: nothing is animated."""
        return False

    def animation_to(self, end: bool) -> bool:
        """Show the animation's last step (`end`) or its first; False: nothing is animated."""
        return False

    def set_inputs_collapsed(self, collapsed: bool) -> None:
        """Hide (or show again) the inputs column, so that the figure takes the width."""
        self.inputs.set_collapsed(collapsed)  # type: ignore[attr-defined]
