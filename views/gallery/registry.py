"""The lecture's figure set: one FigureSpec per figure of the course, in the course's order.

A figure is a QWidget drawn from the models and the document (`GalleryFigure`): a title, the
drawing, and a caption that names the scenario drawn, the sources and that the numbers are a
deterministic teaching model. The gallery view lists the specs as thumbnails, `tslab export
--figure` and the handout render them headless (tslab.desktop.export.figure_widget), and `tab` with
`live_view` open the tab that makes the figure live.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tslab.models.derived import Computation, concerns
from tslab.models.document import Document, changed_keys

if TYPE_CHECKING:
    from tslab.views.document_model import DocumentModel
    from tslab.views.gallery.figure import GalleryFigure


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks `text` for Qt's translation catalogue (context "gallery"); translated when shown."""
    return text


@dataclass(frozen=True)
class FigureSpec:
    """One figure of the set.

    key        the name `tslab export --figure` takes ("cost-stack")
    number     its place in the course's list of twelve (1-based)
    title      QT_TRANSLATE_NOOP("gallery", …): translated when shown
    summary    one translatable sentence for the thumbnail's tooltip and the handout's contents
    sources    primary sources by name (paper + section, report + section, repository + file)
    tab        the tab key that makes the figure live ("memory", "mesh", "pipeline", "comm",
               "context"), or None for a diagram of stated facts
    build      (DocumentModel) -> GalleryFigure, drawn for the model's document (or for the
               fallback preset the figure names when the document cannot show it)
    live_view  view keys set when the figure's tab is opened from the gallery ({} = as they are)
    reads      the keys, sections and computations (models.derived) the figure draws from; an edit
               of any other key leaves it as it is, so its thumbnail is not drawn again. () for a
               diagram of stated facts (the same for every document).
    """
    key: str
    number: int
    title: str
    summary: str
    sources: tuple[str, ...]
    tab: str | None
    build: Callable[[DocumentModel], GalleryFigure]
    live_view: dict[str, Any] = field(default_factory=dict)
    reads: tuple = ()

    def read_keys(self, document: Document) -> tuple[str, ...]:
        """The keys `reads` names for `document` (a computation's, with its inputs')."""
        keys: list[str] = []
        for read in self.reads:
            keys += read.reads_of(document) if isinstance(read, Computation) else [read]
        return tuple(keys)

    def shows(self, drawn: Document, document: Document) -> bool:
        """Whether the figure drawn for `drawn` is the figure of `document` too: no key it reads
        differs between them."""
        return not concerns(changed_keys(drawn, document), self.read_keys(drawn) + self.read_keys(document))


def document_for(document: Document, usable: Callable[[Document], bool], fallback: str) -> tuple[Document, bool]:
    """`document` when `usable(document)`, else the preset `fallback` with the document's view
    state (True in the second place: the caption says which scenario is drawn instead)."""
    if usable(document):
        return document, False
    from tslab.models.presets import preset_document
    return preset_document(fallback), True


__all__ = ["FigureSpec", "QT_TRANSLATE_NOOP", "document_for"]
