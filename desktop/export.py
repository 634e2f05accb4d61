"""One export API for the menu and the CLI: a tab's figure as PNG, SVG or PDF bytes, headless.

The figure widget is painted through QPainter onto a QImage (PNG, with an explicit device-pixel
ratio), a QSvgGenerator (SVG) or a QPdfWriter (PDF). pyqtgraph's own SVGExporter is not used: in
pyqtgraph 0.14.0 it breaks on Qt ≥ 6.11 (closed paths end in " Z", pyqtgraph issue #3495), while
Qt's SVG generator writes what the widget paints, so the SVG shows the same picture as the PNG.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPoint, QRect, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsView, QWidget

from tslab.desktop.svg_fix import flatten_svg
from tslab.models.document import Document
from tslab.models.files import WriteError, write_file, write_stream
from tslab.models.scenario import Scenario

FORMATS = ("png", "svg", "pdf")
EXPORT_SIZE = QSize(1400, 860)  # logical pixels of an exported figure (16:9-ish, slide friendly)
SVG_DPI = 96


class ExportError(Exception):
    """The figure could not be written; the message says why. `written` lists the files that
    were written before (or besides) the failure: with several tabs, every drawable one is."""

    def __init__(self, message: str, written: list[Path] | None = None):
        super().__init__(message)
        self.written = list(written or [])


def _prepare(widget: QWidget, size: QSize) -> None:
    """Lay the widget out at `size` without showing it on screen."""
    widget.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    widget.resize(size)
    widget.show()
    widget.ensurePolished()
    QApplication.processEvents()
    widget.resize(size)
    QApplication.processEvents()


def render_png(widget: QWidget, scale: float = 1.0) -> QImage:
    """The widget as an image of size × scale pixels, drawn at device-pixel ratio `scale`."""
    size = widget.size()
    image = QImage(round(size.width() * scale), round(size.height() * scale), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(scale)
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        widget.render(painter, QPoint())
    finally:
        painter.end()
    return image


def _vector_ready(widget: QWidget) -> None:
    """Turn off the pixmap caches of graphics views and items (axes are cached for fast
    redraws) so that SVG and PDF get vector shapes, not embedded bitmaps."""
    for view in widget.findChildren(QGraphicsView):
        view.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        for item in view.scene().items():
            item.setCacheMode(QGraphicsItem.CacheMode.NoCache)


def figure_bytes(widget: QWidget, fmt: str, scale: float = 1.0, title: str = "") -> bytes:
    """Render an already laid-out widget as PNG, SVG or PDF bytes."""
    if fmt not in FORMATS:
        raise ExportError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    if fmt != "png":
        _vector_ready(widget)
    size = widget.size()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if fmt == "png":
        if not render_png(widget, scale).save(buffer, "PNG"):
            raise ExportError("PNG encoding failed")
    elif fmt == "svg":
        generator = QSvgGenerator()
        generator.setOutputDevice(buffer)
        generator.setSize(size)
        generator.setViewBox(QRect(0, 0, size.width(), size.height()))
        generator.setResolution(SVG_DPI)
        generator.setTitle(title or "tslab figure")
        generator.setDescription("Training Systems Lab — deterministic teaching model")
        painter = QPainter(generator)
        try:
            painter.fillRect(QRect(0, 0, size.width(), size.height()), QColor("white"))
            widget.render(painter, QPoint())
        finally:
            painter.end()
    else:
        writer = QPdfWriter(buffer)
        writer.setTitle(title or "tslab figure")
        writer.setCreator("Training Systems Lab")
        writer.setResolution(SVG_DPI)
        points = QSizeF(size.width() * 72 / SVG_DPI, size.height() * 72 / SVG_DPI)
        writer.setPageLayout(QPageLayout(QPageSize(points, QPageSize.Unit.Point, "figure"),
                                         QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
        painter = QPainter(writer)
        try:
            target = writer.pageLayout().paintRectPixels(writer.resolution())
            factor = min(target.width() / size.width(), target.height() / size.height())
            painter.scale(factor, factor)
            widget.render(painter, QPoint())
        finally:
            painter.end()
    buffer.close()
    if fmt == "svg":
        return flatten_svg(bytes(data.data()))
    return bytes(data.data())


def tab_figure(document: Document | Scenario, tab: str, size: QSize = EXPORT_SIZE, *,
               vector: bool = False) -> QWidget:
    """The figure widget of `tab` for `document`, laid out at `size`: the tab is built on the
    document (view state included) with a synchronous model, so the figure is complete and is
    the one the tab shows on screen for the same document and size."""
    from tslab.desktop.tabs import TAB_KEYS, tab_class
    from tslab.views import charts
    from tslab.views.document_model import DocumentModel

    charts.configure_pyqtgraph()
    if tab not in TAB_KEYS:
        raise ExportError(f"no figure for tab {tab!r}")
    host = tab_class(tab)(DocumentModel(document, synchronous=True))
    problem = host.export_error()
    if problem:
        host.deleteLater()
        raise ExportError(problem)
    figure = host.export_widget()
    figure.setParent(None)
    figure._host = host  # keep the tab (and its model) alive as long as the figure
    _prepare(figure, size)
    if vector and hasattr(host, "use_vector_shapes"):  # SVG/PDF: rasters drawn as shapes
        host.use_vector_shapes()
    if hasattr(host, "fit_to_size"):  # views that frame their content to the final size
        host.fit_to_size()
        QApplication.processEvents()
    return figure


def export_tab(document: Document | Scenario, tab: str, fmt: str, scale: float = 1.0,
               size: QSize = EXPORT_SIZE) -> bytes:
    """The figure of `tab` for `document` as PNG, SVG or PDF bytes."""
    figure = tab_figure(document, tab, size, vector=fmt != "png")
    try:
        return figure_bytes(figure, fmt, scale, title=document.title)
    finally:
        figure.close()
        figure.deleteLater()


def ensure_app(lang: str = "en") -> QApplication:
    """A QApplication for headless rendering (offscreen unless a platform was chosen)."""
    app = QApplication.instance()
    if app is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from tslab.desktop.app import create_application
        app = create_application([], lang)
    return app


# Suffixes that name a figure format: a single output file ending in one of them must end in the
# format written (a PNG saved as m.pdf is refused). Any other suffix, or none, is taken as given.
FIGURE_SUFFIXES = frozenset(FORMATS + ("jpg", "jpeg", "gif", "bmp", "tif", "tiff", "webp", "eps", "ps", "svgz"))


def export_tabs(document: Document | Scenario, tabs: list[str], fmt: str, out: Path, *, scale: float = 1.0,
                lang: str = "en", directory: bool = False, size: tuple[int, int] | None = None) -> list[Path]:
    """Write each tab's figure; `out` is the file for one tab, or a directory (TAB.FORMAT inside)
    for several tabs, for `directory=True` (--tab all) and when it already is one. `out` = ``-``
    writes the one figure to standard output (and lists nothing). Files are written by
    models.files.write_file: a regular file or a symbolic link's target is replaced atomically, a
    FIFO or device is written through, never replaced. Returns the files written. With several
    tabs every drawable figure is written, and then ExportError names the tabs that were not
    (its `written` lists the files)."""
    to_stdout = os.fspath(out) == "-"
    several = directory or len(tabs) > 1
    if to_stdout and several:
        raise ExportError("- (standard output) takes one figure; several tabs need a directory")
    ensure_app(lang)
    if not to_stdout and (several or out.is_dir()):
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ExportError(f"{out}: cannot create directory ({exc.strerror or exc})") from None
        targets = [(tab, out / f"{tab}.{fmt}") for tab in tabs]
    else:
        suffix = out.suffix.lower().lstrip(".")
        if not to_stdout and suffix in FIGURE_SUFFIXES and suffix != fmt:
            raise ExportError(f"{out}: the suffix .{suffix} names another format than the {fmt} being "
                              f"written (name the file .{fmt}, or without a suffix)")
        if not to_stdout and not out.parent.exists():
            raise ExportError(f"{out.parent}: no such directory")
        targets = [(tabs[0], out)]
    written: list[Path] = []
    undrawable: list[str] = []  # "tab: why" of each tab that has no figure for this document
    for tab, path in targets:
        try:
            data = export_tab(document, tab, fmt, scale, QSize(*size) if size else EXPORT_SIZE)
        except ExportError as exc:
            if not several:
                raise
            undrawable.append(f"{tab}: {exc}")
            continue
        try:
            if to_stdout:
                sys.stdout.flush()
                write_stream(sys.stdout.buffer, data)
                continue
            write_file(path, data)
        except WriteError as exc:
            raise ExportError(str(exc), written) from None
        written.append(path)
    if undrawable:
        raise ExportError(f"{len(undrawable)} of {len(targets)} figures not written ({'; '.join(undrawable)})",
                          written)
    return written
