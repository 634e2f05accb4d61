"""The Figure Gallery window: every figure of the course as a thumbnail, and each one full size.

The grid shows each figure as the exported figure would look (drawn at the export size, 1400×860,
and scaled down), numbered and titled, its summary as the tooltip. Thumbnails are drawn one per
turn of the event loop after the window is shown, so it opens at once with a "drawing…"
placeholder; an edit of the document marks them stale and they are redrawn once the edits pause
(a slider drag redraws once), only while the window is shown.

Activating a thumbnail (double-click, Enter) shows the figure full size in the same window: the
live GalleryFigure built for the document, with All figures (Escape), Previous / Next (PageUp /
PageDown; Home / End for the first and last), Open in its tab, and Export…. Opening a tab and
exporting are the app's: the window calls `open_tab(tab, live_view)` and `export_figure(parent,
spec, document)` when they are given (desktop.gallery gives them).

`python -m tslab.views.gallery [PRESET]` opens the window alone.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QKeySequence, QPainter, QPalette, QPen, QPixmap, QShortcut
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QDialog, QHBoxLayout, QLabel, QListView, QListWidget,
                               QListWidgetItem, QPushButton, QScrollArea, QStackedWidget, QVBoxLayout, QWidget)

from tslab.models.derived import ResultCache
from tslab.models.document import Document
from tslab.views.document_model import DocumentModel
from tslab.views.gallery import figures
from tslab.views.gallery.figure import GalleryFigure
from tslab.views.gallery.registry import FigureSpec
from tslab.views.render import lay_out_offscreen, render_image

RENDER_SIZE = QSize(1400, 860)   # the export size: a thumbnail is the exported figure, scaled down
THUMBNAIL = QSize(272, 167)      # 1400×860 scaled by 0.194
REDRAW_DELAY_MS = 350            # after the last edit of the document (a drag redraws once)
CACHE_SIZE = 96                  # results kept for the gallery's drawings (their own cache, not the tabs')

OpenTab = Callable[[str, dict[str, Any]], None]
ExportFigure = Callable[[QWidget, FigureSpec, Document], None]
ExportAll = Callable[[QWidget], None]


def build_figure(spec: FigureSpec, document: Document, cache: ResultCache | None = None) -> GalleryFigure:
    """The figure `spec` drawn for `document` on its own synchronous model (long work done at once,
    results from `cache` when given); the figure owns the model."""
    model = DocumentModel(document, synchronous=True)
    if cache is not None:
        model.cache = cache
    try:
        figure = spec.build(model)
    except BaseException:
        model.deleteLater()
        raise
    model.setParent(figure)
    return figure


def render_figure(spec: FigureSpec, document: Document, size: QSize = RENDER_SIZE,
                  cache: ResultCache | None = None) -> QImage:
    """The figure drawn at `size` logical pixels, off screen, as an image (white background)."""
    figure = build_figure(spec, document, cache)
    try:
        lay_out_offscreen(figure, size, user_input=False)
        for drawing in (figure, *figure.findChildren(QWidget)):
            if hasattr(drawing, "fit_to_size"):
                drawing.fit_to_size()
        return render_image(figure)
    finally:
        figure.close()
        figure.deleteLater()


def thumbnail(image: QImage, ratio: float = 1.0) -> QPixmap:
    """`image` scaled smoothly to the thumbnail size, sharp at device-pixel ratio `ratio`."""
    scaled = image.scaled(THUMBNAIL * ratio, Qt.AspectRatioMode.KeepAspectRatio,
                          Qt.TransformationMode.SmoothTransformation)
    pixmap = QPixmap.fromImage(scaled)
    pixmap.setDevicePixelRatio(ratio)
    return pixmap


def placeholder(text: str, ratio: float = 1.0, *, problem: bool = False) -> QPixmap:
    """A thumbnail-sized card with `text` in its middle ("drawing…", or why a figure is missing)."""
    pixmap = QPixmap(THUMBNAIL * ratio)
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(QColor("white"))
    painter = QPainter(pixmap)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#c9c9c9"), 1, Qt.PenStyle.DashLine))
        frame = pixmap.rect()
        painter.drawRect(0, 0, round(frame.width() / ratio) - 1, round(frame.height() / ratio) - 1)
        painter.setPen(QColor("#a33a3a" if problem else "#777777"))
        inner = pixmap.rect().adjusted(12, 12, -12, -12)
        inner.setSize(inner.size() / ratio)
        painter.drawText(inner, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, text)
    finally:
        painter.end()
    return pixmap


class GalleryDialog(QDialog):
    """The Figure Gallery window (not modal) on `model`: the grid of thumbnails, and one figure full
    size. `open_tab(tab, live_view)` opens a figure's live tab; `export_figure(parent, spec,
    document)` asks where to export one figure and writes it; `export_all(parent)` exports them all.
    Without them their buttons are not shown."""

    # The figure page's scroll area. The name hides QWidget.scroll(dx, dy), which the dialog never
    # calls; the tests read the attribute under this name.
    scroll: QScrollArea  # type: ignore[assignment]

    def __init__(self, model: DocumentModel, parent: QWidget | None = None, open_tab: OpenTab | None = None, *,
                 export_figure: ExportFigure | None = None, export_all: ExportAll | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Figure Gallery"))
        self.setModal(False)
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        self.model = model
        self.specs = figures()
        self._open_tab, self._export_figure, self._export_all = open_tab, export_figure, export_all
        self.cache = ResultCache(CACHE_SIZE)
        self._drawn: dict[int, Document] = {}    # row → the document its thumbnail shows
        self._failed: dict[int, str] = {}        # row → why it could not be drawn (for that document)
        self._busy = False                       # a drawing is under way (its processEvents may re-enter)
        self.current = 0                         # the figure of the figure page
        self._page_document: Document | None = None

        self.stack = QStackedWidget(self)
        self.stack.addWidget(self._build_grid_page())
        self.stack.addWidget(self._build_figure_page())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.stack)

        self._next_drawing = QTimer(self, singleShot=True, interval=0)   # one thumbnail per turn
        self._next_drawing.timeout.connect(self.draw_next)
        self.redraw_timer = QTimer(self, singleShot=True, interval=REDRAW_DELAY_MS)   # edits pause
        self.redraw_timer.timeout.connect(self._redraw)
        model.changed.connect(self._document_changed)
        self._fill_grid()
        self.resize(self._initial_size())

    # ---------------------------------------------------------------------------------------------
    # The two pages
    def _build_grid_page(self) -> QWidget:
        page = QWidget(self)
        self.grid = QListWidget(page)
        self.grid.setViewMode(QListView.ViewMode.IconMode)
        self.grid.setMovement(QListView.Movement.Static)
        self.grid.setResizeMode(QListView.ResizeMode.Adjust)
        self.grid.setWrapping(True)
        self.grid.setWordWrap(True)
        self.grid.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.grid.setIconSize(THUMBNAIL)
        self.grid.setSpacing(6)
        lines = self.grid.fontMetrics().lineSpacing()
        self.grid.setGridSize(QSize(THUMBNAIL.width() + 28, THUMBNAIL.height() + 3 * lines + 18))
        self.grid.setAccessibleName(self.tr("Figures"))
        self.grid.setAccessibleDescription(self.tr("Every figure of the course; Enter opens the one selected"))
        self.grid.itemActivated.connect(lambda item: self.open_figure(self.grid.row(item)))
        self.hint = QLabel(self.tr("Enter or a double-click opens a figure; in a figure, PageUp and PageDown go "
                                   "to the previous and next one, Escape back to all figures."), page)
        self.hint.setWordWrap(True)
        self.hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)   # quieter than the labels, any theme
        self.export_all_button = self._button(self.tr("Export All Figures…"),
                                              self.tr("Write every figure, or the handout PDF, to a folder"), page)
        self.export_all_button.clicked.connect(lambda: self._export_all and self._export_all(self))
        self.export_all_button.setVisible(self._export_all is not None)
        close = self._button(self.tr("Close"), self.tr("Close the gallery"), page)
        close.clicked.connect(self.close)
        row = QHBoxLayout()
        row.addWidget(self.hint, 1)
        row.addWidget(self.export_all_button)
        row.addWidget(close)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.grid, 1)
        layout.addLayout(row)
        return page

    def _build_figure_page(self) -> QWidget:
        page = QWidget(self)
        self.figure_page = page
        self.back_button = self._button(self.tr("All Figures"), self.tr("Back to every figure (Escape)"), page)
        self.back_button.clicked.connect(self.show_grid)
        self.previous_button = self._button(self.tr("Previous"), self.tr("The previous figure (PageUp)"), page)
        self.previous_button.clicked.connect(lambda: self.open_figure(self.current - 1))
        self.next_button = self._button(self.tr("Next"), self.tr("The next figure (PageDown)"), page)
        self.next_button.clicked.connect(lambda: self.open_figure(self.current + 1))
        self.position = QLabel(page)
        self.position.setAccessibleName(self.tr("Figure shown"))
        self.open_tab_button = self._button(self.tr("Open in Its Tab"), "", page)
        self.open_tab_button.clicked.connect(self.open_current_tab)
        self.open_tab_button.setVisible(self._open_tab is not None)
        self.export_button = self._button(self.tr("Export…"), self.tr("Export this figure as PNG, SVG or PDF"), page)
        self.export_button.clicked.connect(self.export_current)
        self.export_button.setVisible(self._export_figure is not None)
        bar = QHBoxLayout()
        for widget in (self.back_button, self.previous_button, self.next_button):
            bar.addWidget(widget)
        bar.addSpacing(12)
        bar.addWidget(self.position, 1)
        bar.addWidget(self.open_tab_button)
        bar.addWidget(self.export_button)
        self.scroll = QScrollArea(page)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.scroll, 1)
        for key, step in ((Qt.Key.Key_PageDown, lambda: self.open_figure(self.current + 1)),
                          (Qt.Key.Key_PageUp, lambda: self.open_figure(self.current - 1)),
                          (Qt.Key.Key_Home, lambda: self.open_figure(0)),
                          (Qt.Key.Key_End, lambda: self.open_figure(len(self.specs) - 1))):
            shortcut = QShortcut(QKeySequence(key), page, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(step)
        return page

    @staticmethod
    def _button(text: str, tip: str, parent: QWidget) -> QPushButton:
        button = QPushButton(text, parent)
        button.setAutoDefault(False)   # Enter activates the grid's figure, never a button behind it
        button.setToolTip(tip)
        button.setAccessibleName(text.replace("…", ""))
        if tip:
            button.setAccessibleDescription(tip)
        return button

    def _initial_size(self) -> QSize:
        width, height = 1240, 820
        screen = self.screen() if self.screen() else QApplication.primaryScreen()
        if screen is not None:
            available = screen.availableGeometry()
            width, height = min(width, available.width() - 40), min(height, available.height() - 60)
        return QSize(width, height)

    # ---------------------------------------------------------------------------------------------
    # The grid
    def _fill_grid(self) -> None:
        for spec in self.specs:
            item = QListWidgetItem(self.figure_title(spec))
            item.setToolTip(self.summary(spec))
            item.setData(Qt.ItemDataRole.AccessibleDescriptionRole, self.summary(spec))
            item.setIcon(placeholder(self.tr("drawing…"), self.devicePixelRatioF()))
            item.setTextAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
            self.grid.addItem(item)
        if self.specs:
            self.grid.setCurrentRow(0)

    @staticmethod
    def figure_title(spec: FigureSpec) -> str:
        return QApplication.translate("gallery", "Figure {number}. {title}").format(
            number=spec.number, title=QApplication.translate("gallery", spec.title))

    @staticmethod
    def summary(spec: FigureSpec) -> str:
        return QApplication.translate("gallery", spec.summary)

    def stale_rows(self) -> list[int]:
        """The thumbnails that do not show the current document yet."""
        document = self.model.document
        return [row for row, spec in enumerate(self.specs)
                if (drawn := self._drawn.get(row)) is None or not spec.shows(drawn, document)]

    def draw_next(self) -> None:
        """Draw the first stale thumbnail, then come back on the next turn of the event loop."""
        if self._busy or self.redraw_timer.isActive() or not self.isVisible():
            return
        stale = self.stale_rows()
        if not stale:
            return
        row, document = stale[0], self.model.document
        spec, item = self.specs[row], self.grid.item(stale[0])
        self._busy = True
        try:
            image = render_figure(spec, document, RENDER_SIZE, self.cache)
        except Exception as exc:  # a figure this document breaks: say so on its card, draw the others
            reason = f"{type(exc).__name__}: {exc}"
            self._failed[row] = reason
            item.setIcon(placeholder(self.tr("This figure cannot be drawn for this scenario"),
                                     self.devicePixelRatioF(), problem=True))
            item.setToolTip(self.tr("{summary}\n\nNot drawn for this scenario: {reason}").format(
                summary=self.summary(spec), reason=reason))
        else:
            self._failed.pop(row, None)
            item.setIcon(thumbnail(image, self.devicePixelRatioF()))
            item.setToolTip(self.summary(spec))
        finally:
            self._busy = False
        self._drawn[row] = document
        self._next_drawing.start()

    def _document_changed(self, keys: frozenset[str]) -> None:
        """The thumbnails and the figure shown whose reads the change concerns (FigureSpec.shows)
        become stale; they are redrawn once the edits pause."""
        self.redraw_timer.start()

    def _redraw(self) -> None:
        if not self.isVisible():
            return
        if self.stack.currentIndex() == 1 and not self._page_current():
            self._show_figure()
        self._next_drawing.start()

    # ---------------------------------------------------------------------------------------------
    # The figure page
    def open_figure(self, row: int) -> None:
        """Show figure `row` full size (a row beyond either end is the first or last figure)."""
        if not self.specs:
            return
        row = max(0, min(row, len(self.specs) - 1))
        if self.stack.currentIndex() == 1 and row == self.current and self._page_current():
            return
        self.current = row
        self.grid.setCurrentRow(row)
        self.stack.setCurrentIndex(1)
        self._show_figure()
        self.scroll.setFocus(Qt.FocusReason.OtherFocusReason)

    def _page_current(self) -> bool:
        """Whether the figure page shows the current figure as the document has it now."""
        drawn = self._page_document
        return drawn is not None and self.specs[self.current].shows(drawn, self.model.document)

    def _show_figure(self) -> None:
        spec, document = self.specs[self.current], self.model.document
        old = self.scroll.takeWidget()
        if old is not None:
            old.deleteLater()
        try:
            figure: QWidget = build_figure(spec, document, self.cache)
        except Exception as exc:
            figure = QLabel(self.tr("Figure {number} cannot be drawn for this scenario: {reason}").format(
                number=spec.number, reason=f"{type(exc).__name__}: {exc}"))
            figure.setWordWrap(True)
            figure.setAlignment(Qt.AlignmentFlag.AlignCenter)
        figure.setAccessibleName(self.figure_title(spec))
        self.scroll.setWidget(figure)
        self.scroll.setAccessibleName(self.figure_title(spec))
        self._page_document = document
        self.position.setText(self.tr("Figure {number} of {count}: {title}").format(
            number=self.current + 1, count=len(self.specs), title=QApplication.translate("gallery", spec.title)))
        self.previous_button.setEnabled(self.current > 0)
        self.next_button.setEnabled(self.current < len(self.specs) - 1)
        if spec.tab is None:
            self.open_tab_button.setEnabled(False)
            self.open_tab_button.setToolTip(self.tr("Figure {number} is a diagram of the reports' stated facts: no "
                                                    "tab computes it").format(number=spec.number))
        else:
            self.open_tab_button.setEnabled(True)
            self.open_tab_button.setToolTip(self.tr("Open the tab that makes this figure live"))
        self.open_tab_button.setAccessibleDescription(self.open_tab_button.toolTip())

    def show_grid(self) -> None:
        """Back to every figure, the one just shown selected."""
        self.stack.setCurrentIndex(0)
        old = self.scroll.takeWidget()
        if old is not None:
            old.deleteLater()
        self._page_document = None
        self.grid.setCurrentRow(self.current)
        self.grid.setFocus(Qt.FocusReason.OtherFocusReason)
        self._next_drawing.start()

    def open_current_tab(self) -> None:
        spec = self.specs[self.current]
        if self._open_tab is not None and spec.tab is not None:
            self._open_tab(spec.tab, dict(spec.live_view))

    def export_current(self) -> None:
        if self._export_figure is not None:
            self._export_figure(self, self.specs[self.current], self.model.document)

    # ---------------------------------------------------------------------------------------------
    # Qt
    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.stack.currentIndex() == 0:
            self.grid.setFocus(Qt.FocusReason.ActiveWindowFocusReason)
        QTimer.singleShot(0, self._redraw)   # after the window is on screen

    def keyPressEvent(self, event) -> None:
        """Escape: from a figure back to all figures; from all figures, close the window (QDialog's).
        Closing the window closes it from either page."""
        plain = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier == Qt.KeyboardModifier.NoModifier
        if event.key() == Qt.Key.Key_Escape and plain and self.stack.currentIndex() == 1:
            self.show_grid()
            return
        super().keyPressEvent(event)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.DevicePixelRatioChange:   # a screen of another density
            self._drawn.clear()
            self._next_drawing.start()


def main(argv: list[str] | None = None) -> int:
    """Open the gallery alone on a preset (default: the classroom scenario)."""
    from tslab.models.presets import DEFAULT_PRESET, preset_document
    from tslab.views.application import create_application
    args = list(sys.argv[1:] if argv is None else argv)
    app = create_application(sys.argv[:1])
    model = DocumentModel(preset_document(args[0] if args else DEFAULT_PRESET))
    dialog = GalleryDialog(model)
    dialog.show()
    return app.exec()


__all__ = ["GalleryDialog", "build_figure", "render_figure"]

if __name__ == "__main__":
    sys.exit(main())
