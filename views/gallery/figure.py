"""The widget every gallery figure is: a title, the drawing and a caption with the sources."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget

from tslab.views.common import caption_label, paint_white, title_label
from tslab.views.gallery.registry import FigureSpec


def teaching_note() -> str:
    return QCoreApplication.translate("gallery", "A deterministic teaching model, not a benchmark of a real cluster.")


class GalleryFigure(QWidget):
    """Title (the spec's, numbered), `body` (the drawing, added by `set_body`), and the caption:
    what the figure shows for this document, then "Sources: …". Painted white like every figure
    (exports and slides)."""

    def __init__(self, spec: FigureSpec, parent: QWidget | None = None):
        super().__init__(parent)
        paint_white(self)
        self.spec = spec
        self.title = title_label(self)
        self.title.setText(QCoreApplication.translate("gallery", "Figure {number}. {title}").format(
            number=spec.number, title=QCoreApplication.translate("gallery", spec.title)))
        self.title.setWordWrap(True)
        self.caption = caption_label(self, "")
        self.caption.setTextFormat(Qt.TextFormat.PlainText)
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.body: QWidget | None = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(16, 12, 16, 10)
        self._layout.addWidget(self.title)
        self._layout.addWidget(self.caption)

    def set_body(self, body: QWidget) -> None:
        """The drawing, between the title and the caption, taking the height they leave."""
        if self.body is not None:
            self._layout.removeWidget(self.body)
            self.body.deleteLater()
        self.body = body
        self._layout.insertWidget(1, body, 1)

    def set_caption(self, text: str) -> None:
        """`text` (already translated, numbers filled in), then the sources and the teaching note
        (for a diagram of stated facts, `spec.tab` None, that it shows what the sources state)."""
        sources = QCoreApplication.translate("gallery", "Sources: {sources}").format(
            sources="; ".join(self.spec.sources))
        note = teaching_note() if self.spec.tab is not None else QCoreApplication.translate(
            "gallery", "A diagram of what the sources state, not a model's output.")
        self.caption.setText("\n".join(part for part in (text, sources, note) if part))

    def caption_text(self) -> str:
        return self.caption.text()


__all__ = ["GalleryFigure", "teaching_note"]
