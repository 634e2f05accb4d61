"""What a projector would show cut or run together, from the items' geometry: table cells whose
text is elided, labels narrower than their text, and texts that cover each other — widgets, the
texts of pyqtgraph plots (tick labels, axis labels, titles, legends, text items) and the texts of
QGraphicsView scenes. Used by the presentation-mode tests; every finding is a sentence."""
from __future__ import annotations

from collections.abc import Iterator

import pyqtgraph as pg
from PySide6.QtCore import QPoint, QRect, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetrics, QImage, QPainter, QTextDocument
from PySide6.QtWidgets import (QAbstractItemView, QAbstractScrollArea, QGraphicsSimpleTextItem, QGraphicsTextItem,
                               QGraphicsView, QLabel, QScrollArea, QStyle, QTableView, QWidget)

MIN_COMMON = 2.0   # pixels: rectangles that share less than this in either direction only touch


def _shown(widget: QWidget) -> bool:
    return widget.isVisible() and widget.width() > 0 and widget.height() > 0


def elided_cells(table: QTableView) -> list[str]:
    """Cells of `table` whose text the view would elide: wider than the column (with the item
    delegate's margins) when the table does not wrap, or taller than the row when it does."""
    model = table.model()
    if model is None or not _shown(table):
        return []
    margin = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1)
    found = []
    for row in range(model.rowCount()):
        if table.isRowHidden(row):
            continue
        for column in range(model.columnCount()):
            if table.isColumnHidden(column):
                continue
            index = model.index(row, column)
            text = model.data(index, Qt.ItemDataRole.DisplayRole)
            if text is None or table.indexWidget(index) is not None:
                continue
            text = str(text)
            if not text:
                continue
            font = model.data(index, Qt.ItemDataRole.FontRole)
            metrics = QFontMetrics(font if isinstance(font, QFont) else table.font())
            width = table.columnWidth(column) - margin
            if table.wordWrap():
                needed = metrics.boundingRect(QRect(0, 0, max(width, 1), 1 << 20),
                                              int(Qt.TextFlag.TextWordWrap), text)
                if needed.width() > width or needed.height() > table.rowHeight(row):
                    found.append(f"cell ({row}, {column}) {text[:40]!r}: {needed.width()}×{needed.height()} "
                                 f"> {width}×{table.rowHeight(row)}")
            elif "\n" not in text and metrics.horizontalAdvance(text) > width:
                found.append(f"cell ({row}, {column}) {text[:40]!r}: {metrics.horizontalAdvance(text)} > {width}")
    return found


def cut_labels(root: QWidget) -> list[str]:
    """Visible labels under `root` narrower than their one line of text, or (wrapped) lower than
    their lines."""
    found = []
    for label in root.findChildren(QLabel):
        if not _shown(label) or not label.text() or label.pixmap() is not None and not label.pixmap().isNull():
            continue
        if label.wordWrap():
            if label.maximumHeight() > 1 << 20 and label.heightForWidth(label.width()) > label.height() + 1:
                found.append(f"label {label.text()[:40]!r} lower than its lines")
            if label.textFormat() != Qt.TextFormat.PlainText and "<table" in label.text():
                document = QTextDocument()   # a table cannot wrap: wider than the label, it is cut off
                document.setDefaultFont(label.font())
                document.setHtml(label.text())
                document.setTextWidth(label.contentsRect().width())
                if document.idealWidth() > label.contentsRect().width() + 1:
                    found.append(f"label {label.text()[:40]!r}: its table is wider than the label")
        elif label.width() + 1 < label.minimumSizeHint().width():
            found.append(f"label {label.text()[:40]!r}: {label.width()} < {label.minimumSizeHint().width()}")
    return found


def _axis_text_rects(axis: pg.AxisItem) -> Iterator[tuple[str, QRectF]]:
    """The tick labels an axis draws, in scene coordinates (from its own draw specs)."""
    if not axis.isVisible() or not axis.style.get("showValues", True):
        return
    image = QImage(4, 4, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        specs = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    if specs is None:
        return
    for rect, _flags, text in specs[2]:
        if text:
            yield text, axis.mapRectToScene(QRectF(rect))


def plot_texts(plot: pg.PlotWidget) -> list[tuple[str, QRectF]]:
    """Every text a pyqtgraph plot draws, with its rectangle in the plot's scene."""
    texts: list[tuple[str, QRectF]] = []
    for item in plot.scene().items():
        if not item.isVisible() or not _visible_chain(item):
            continue
        if isinstance(item, pg.AxisItem):
            texts.extend(_axis_text_rects(item))
        elif isinstance(item, QGraphicsTextItem) and item.toPlainText().strip():
            texts.append((item.toPlainText(), _ink(item)))
        elif isinstance(item, QGraphicsSimpleTextItem) and item.text().strip():
            texts.append((item.text(), item.sceneBoundingRect()))
    return texts


def _visible_chain(item) -> bool:
    while item is not None:
        if not item.isVisible() or item.opacity() == 0:
            return False
        item = item.parentItem()
    return True


def _ink(item: QGraphicsTextItem) -> QRectF:
    """A text item's rectangle without the document margin Qt puts round it."""
    margin = item.document().documentMargin()
    return item.mapRectToScene(item.boundingRect().adjusted(margin, margin, -margin, -margin))


def scene_texts(view: QGraphicsView) -> list[tuple[str, QRectF]]:
    """The texts of a QGraphicsView's scene, in the view's pixels."""
    texts = []
    for item in view.scene().items():
        if not _visible_chain(item):
            continue
        if isinstance(item, QGraphicsTextItem) and item.toPlainText().strip():
            text, rect = item.toPlainText(), _ink(item)
        elif isinstance(item, QGraphicsSimpleTextItem) and item.text().strip():
            text, rect = item.text(), item.sceneBoundingRect()
        else:
            continue
        texts.append((text, view.mapFromScene(rect).boundingRect().toRectF()))
    return texts


def overlaps(texts: list[tuple[str, QRectF]], where: str) -> list[str]:
    found = []
    for index, (a, rect_a) in enumerate(texts):
        for b, rect_b in texts[index + 1:]:
            common = rect_a.intersected(rect_b)
            if common.width() > MIN_COMMON and common.height() > MIN_COMMON:
                found.append(f"{where}: {a[:30]!r} covers {b[:30]!r}")
    return found


def outside(texts: list[tuple[str, QRectF]], frame: QRectF, where: str) -> list[str]:
    return [f"{where}: {text[:30]!r} runs out of its view" for text, rect in texts
            if rect.left() < frame.left() - MIN_COMMON or rect.right() > frame.right() + MIN_COMMON
            or rect.top() < frame.top() - MIN_COMMON or rect.bottom() > frame.bottom() + MIN_COMMON]


def paint_charts(root: QWidget) -> None:
    """Paint every chart under `root` once off screen, as scrolling to it would: pyqtgraph sizes an
    axis for its tick labels while painting them, so a chart never painted in the current type (one
    scrolled out of view) would be measured at the old size."""
    for view in root.findChildren(QGraphicsView):
        if _shown(view):
            view.grab()


def cut_sideways(root: QWidget) -> list[str]:
    """Scroll areas that cannot scroll sideways (a figure fitted to the view's width) holding a
    figure wider than the view: its right part is cut off."""
    return [f"{type(area.widget()).__name__} {area.widget().width()} px wide in a {area.viewport().width()} px view"
            for area in root.findChildren(QAbstractScrollArea)
            if isinstance(area, QScrollArea) and _shown(area) and area.widget() is not None
            and area.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
            and area.widget().width() > area.viewport().width() + 1]


def figure_problems(root: QWidget) -> list[str]:
    """Everything under `root` (a tab's figure) that is cut or covers another text."""
    found = cut_labels(root) + cut_sideways(root)
    for table in root.findChildren(QTableView):
        if _shown(table):
            found += [f"{type(table).__name__}: {cell}" for cell in elided_cells(table)]
    for view in root.findChildren(QGraphicsView):
        if not _shown(view) or view.scene() is None:
            continue
        if isinstance(view, (pg.PlotWidget, pg.GraphicsView)):
            texts = plot_texts(view)
            texts = [(t, view.mapFromScene(r).boundingRect().toRectF()) for t, r in texts]
        else:
            texts = scene_texts(view)
        name = f"{type(view).__name__} in {type(view.parentWidget()).__name__} {view.objectName() or hex(id(view))}"
        found += overlaps(texts, name)
        found += outside(texts, QRectF(view.viewport().rect()), name)
    return found


def text_of(widget: QWidget) -> str:
    return getattr(widget, "text", lambda: "")()


def at(widget: QWidget, root: QWidget) -> QRect:
    return QRect(widget.mapTo(root, QPoint(0, 0)), widget.size())


__all__ = ["elided_cells", "cut_labels", "plot_texts", "scene_texts", "figure_problems", "QAbstractItemView"]
