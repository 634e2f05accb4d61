"""One export API for the menu and the CLI: a tab's figure as PNG, SVG or PDF bytes, headless.

The figure widget is painted through QPainter onto a QImage (PNG, with an explicit device-pixel
ratio), a QSvgGenerator (SVG) or a QPdfWriter (PDF). pyqtgraph's own SVGExporter is not used: in
pyqtgraph 0.14.0 it breaks on Qt ≥ 6.11 (closed paths end in " Z", pyqtgraph issue #3495), while
Qt's SVG generator writes what the widget paints, so the SVG shows the same picture as the PNG.

The gallery's figures (views/gallery) export the same way (`figure_widget`, `export_figures`);
desktop/handout.py binds them into one lecture handout.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

from PySide6.QtCore import (QBuffer, QByteArray, QCoreApplication, QIODevice, QLocale, QMarginsF, QPoint, QRect, QSize,
                            QSizeF, QTranslator)
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsView, QWidget

from tslab.desktop.svg_fix import flatten_svg
from tslab.models.document import Document
from tslab.models.files import WriteError, check_path, write_file, write_stream
from tslab.models.scenario import Scenario
from tslab.views.render import lay_out_offscreen, render_image

FORMATS = ("png", "svg", "pdf")
EXPORT_SIZE = QSize(1400, 860)  # logical pixels of an exported figure (16:9-ish, slide friendly)
SVG_DPI = 96


class ExportError(Exception):
    """The figure could not be written; the message says why. `written` lists the files that
    were written before (or besides) the failure: with several tabs, every drawable one is."""

    def __init__(self, message: str, written: list[Path] | None = None):
        super().__init__(message)
        self.written = list(written or [])


class ExportCancelled(ExportError):
    """The user stopped an export (its progress callback returned False); `written` lists the files
    written before, which are kept."""



def _prepare(widget: QWidget, size: QSize) -> None:
    """Lay the widget out at `size` without showing it on screen."""
    lay_out_offscreen(widget, size)


def render_png(widget: QWidget, scale: float = 1.0) -> QImage:
    """The widget as an image of size × scale pixels, drawn at device-pixel ratio `scale`."""
    return render_image(widget, scale)


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
        # the binding takes the format as a str (its stub says bytes, which it refuses)
        if not render_png(widget, scale).save(buffer, "PNG"):  # type: ignore[call-overload]
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
    app = cast("QApplication | None", QApplication.instance())   # the widgets' application, if one runs
    if app is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from tslab.views.application import create_application
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
    figure_size = QSize(*size) if size else EXPORT_SIZE
    return _write_figures(tabs, lambda tab: export_tab(document, tab, fmt, scale, figure_size), fmt, out,
                          several=several)


def _write_figures(names: Sequence[str], render: Callable[[str], bytes], fmt: str, out: Path, *, several: bool,
                   progress: Callable[[int, int, str], bool] | None = None) -> list[Path]:
    """Write `render(name)` for each name: into the file `out` (one figure, `-` = standard output) or,
    with `several` or when `out` is a directory, as NAME.FORMAT inside `out` (created if missing).
    A name whose figure cannot be drawn (ExportError) is skipped when there are several and named
    at the end. `progress(done, total, name)` is asked before each figure; False stops the export
    (ExportCancelled, the files written so far kept)."""
    to_stdout = os.fspath(out) == "-"
    if not to_stdout:
        _check_path(out)
    created: list[Path] = []  # directories this export creates, removed again if it fails leaving them empty
    if not to_stdout and (several or out.is_dir()):
        created = [folder for folder in (out, *out.parents) if not os.path.lexists(folder)]
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            _remove_empty(created)
            raise ExportError(f"{out}: cannot create directory ({exc.strerror or exc})") from None
        targets = [(name, out / f"{name}.{fmt}") for name in names]
    else:
        suffix = out.suffix.lower().lstrip(".")
        if not to_stdout and suffix in FIGURE_SUFFIXES and suffix != fmt:
            raise ExportError(f"{out}: the suffix .{suffix} names another format than the {fmt} being "
                              f"written (name the file .{fmt}, or without a suffix)")
        if not to_stdout and not out.parent.exists():
            raise ExportError(f"{out.parent}: no such directory")
        targets = [(names[0], out)]
    try:
        return _write_targets(targets, render, several=several, progress=progress)
    except BaseException:
        _remove_empty(created)
        raise


def _check_path(out: Path) -> None:
    """ExportError when `out` cannot be looked up (models.files.check_path: a name too long, a
    loop of links), before any figure is drawn."""
    try:
        check_path(out)
    except WriteError as exc:
        raise ExportError(str(exc)) from None


def _remove_empty(folders: Sequence[Path]) -> None:
    """Remove each of `folders` (innermost first) that is empty: what a failed export created and
    left without a file in it. A folder holding files, or one that cannot be removed, stays."""
    for folder in folders:
        try:
            folder.rmdir()
        except OSError:
            return


def _write_targets(targets: list[tuple[str, Path]], render: Callable[[str], bytes], *, several: bool,
                   progress: Callable[[int, int, str], bool] | None) -> list[Path]:
    """`_write_figures`' loop: each (name, path) drawn and written (`-`: standard output)."""
    written: list[Path] = []
    undrawable: list[str] = []  # "name: why" of each figure that cannot be drawn for this document
    for done, (name, path) in enumerate(targets):
        if progress is not None and not progress(done, len(targets), name):
            raise ExportCancelled(f"cancelled after {len(written)} of {len(targets)} figures", written)
        try:
            data = render(name)
        except ExportError as exc:
            if not several:
                raise
            undrawable.append(f"{name}: {exc}")
            continue
        try:
            if os.fspath(path) == "-":
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


# ---------------------------------------------------------------------------------------------
# The gallery's figures (views/gallery): one figure, several (the lecture handout: desktop/handout.py)

def current_language() -> str:
    """The language of the application's translators ("en" | "zh"; "en" without an application)."""
    from tslab.views.application import current_language as installed
    app = QCoreApplication.instance()
    return installed(app) if app is not None else "en"


@contextmanager
def figure_language(lang: str | None) -> Iterator[None]:
    """Figures built inside are in `lang` ("zh" | "en"; None: the application's language): when it
    is not the application's, its translators are replaced by `lang`'s for the duration and put
    back after, with the default locale (which formats numbers) and the language it reports."""
    app = QCoreApplication.instance()
    if lang is None or app is None or lang == current_language():
        yield
        return
    from tslab.views.application import LANGUAGE_ATTRIBUTE, install_translators
    saved: list[QTranslator] = list(getattr(app, "_tslab_translators", []))
    saved_language, locale = current_language(), QLocale()
    for translator in saved:
        app.removeTranslator(translator)
    temporary = install_translators(app, lang)
    setattr(app, LANGUAGE_ATTRIBUTE, lang)
    try:
        yield
    finally:
        for translator in temporary:
            app.removeTranslator(translator)
            translator.deleteLater()
        for translator in saved:
            app.installTranslator(translator)
        setattr(app, LANGUAGE_ATTRIBUTE, saved_language)
        QLocale.setDefault(locale)


def figure_widget(document: Document | Scenario, key: str, size: QSize = EXPORT_SIZE, *,
                  vector: bool = False) -> QWidget:
    """The gallery figure `key` drawn for `document`, laid out at `size`: built on a synchronous
    model (its long work done at once), so it is complete, and the same figure the gallery shows
    for the document. With `vector` (SVG, PDF), drawings that cache rasters switch to shapes
    (`use_vector_shapes`); drawings that frame their content to the final size do it (`fit_to_size`).
    ExportError for an unknown key or a figure that cannot be drawn for this document."""
    from tslab.views import charts
    from tslab.views.document_model import DocumentModel
    from tslab.views.gallery import figure_spec

    charts.configure_pyqtgraph()
    try:
        spec = figure_spec(key)
    except KeyError as exc:
        raise ExportError(str(exc.args[0])) from None
    model = DocumentModel(document, synchronous=True)
    try:
        figure = spec.build(model)
    except Exception as exc:  # one figure the scenario breaks must not stop the others (or exit 1)
        model.deleteLater()
        raise ExportError(f"cannot be drawn for this scenario ({type(exc).__name__}: {exc})") from None
    model.setParent(figure)  # the figure keeps its model as long as it lives
    figure.setParent(None)
    _prepare(figure, size)
    drawings = [figure, *figure.findChildren(QWidget)]
    framed = False
    for drawing in drawings:
        if vector and hasattr(drawing, "use_vector_shapes"):
            drawing.use_vector_shapes()
        if hasattr(drawing, "fit_to_size"):
            drawing.fit_to_size()
            framed = True
    if framed:
        QApplication.processEvents()
    return figure


def export_figure(document: Document | Scenario, key: str, fmt: str, scale: float = 1.0,
                  size: QSize = EXPORT_SIZE, lang: str | None = None) -> bytes:
    """The gallery figure `key` for `document` as PNG, SVG or PDF bytes, in `lang` (None: the
    application's language)."""
    with figure_language(lang):
        figure = figure_widget(document, key, size, vector=fmt != "png")
        try:
            return figure_bytes(figure, fmt, scale, title=_figure_title(figure))
        finally:
            figure.close()
            figure.deleteLater()


def _figure_title(figure: QWidget) -> str:
    title: Any = getattr(figure, "title", None)   # a figure's title label, if it has one
    return title.text() if hasattr(title, "text") else ""


def export_figures(document: Document | Scenario, keys: Sequence[str], fmt: str, out: Path, *, scale: float = 1.0,
                   lang: str | None = None, directory: bool = False, size: tuple[int, int] | None = None,
                   progress: Callable[[int, int, str], bool] | None = None) -> list[Path]:
    """Write each gallery figure, as export_tabs writes tabs: `out` is the file for one figure (``-``:
    standard output), or a directory holding KEY.FORMAT for several, for `directory=True` (--figure
    all) and when it already is one. Files go through models.files.write_file (atomic replacement;
    a FIFO or device written through). Every drawable figure is written, then ExportError names
    the others (its `written` lists the files). `progress(done, total, key)` is asked before each
    figure; False stops (ExportCancelled; the files written are kept). Returns the files written."""
    keys = list(keys)
    if not keys:
        raise ExportError("no figures to export")
    to_stdout = os.fspath(out) == "-"
    several = directory or len(keys) > 1
    if to_stdout and several:
        raise ExportError("- (standard output) takes one figure; several figures need a directory")
    ensure_app(lang or "en")
    figure_size = QSize(*size) if size else EXPORT_SIZE
    return _write_figures(keys, lambda key: export_figure(document, key, fmt, scale, figure_size, lang), fmt, out,
                          several=several, progress=progress)
