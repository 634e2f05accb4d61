"""The lecture handout: the gallery's figures bound into one PDF (A4 landscape) with a title page
(the scenario's facts, the date, the contents), a page per figure as vector shapes, and the reading
list, page numbers in the footer. The figures are built and drawn as desktop/export.py exports them.
"""
from __future__ import annotations

import datetime
import html
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import (QBuffer, QByteArray, QCoreApplication, QIODevice, QMarginsF, QPoint, QPointF, QRect, QRectF,
                            QSize, Qt)
from PySide6.QtGui import QColor, QFont, QPageLayout, QPageSize, QPainter, QPdfWriter, QTextDocument
from PySide6.QtWidgets import QApplication

from tslab.desktop.export import (SVG_DPI, ExportCancelled, ExportError, _check_path, _vector_ready, current_language,
                                  ensure_app, figure_language, figure_widget)
from tslab.models.document import Document
from tslab.models.files import WriteError, write_file
from tslab.models.scenario import Scenario

translate = QCoreApplication.translate  # the handout's texts (context "handout"), as lupdate reads them


# The handout: A4 landscape, 14 mm margins, laid out in points-as-pixels at 96 dpi (the figures'
# logical pixels), text as text and the figures as vector shapes.
HANDOUT_DPI = SVG_DPI
HANDOUT_MARGIN_MM = 14.0
FOOTER_GAP = 10.0  # pixels between a page's body and its footer line
# The smallest type the handout prints: its footers, and the figures' captions and sources, which
# keep their own size because a figure is laid out at the page's size rather than shrunk onto it.
HANDOUT_MIN_POINTS = 8.0


def _count(n: float) -> str:
    """A parameter count as the course writes it: 6.74B, 671B, 1.04T."""
    if n >= 1e12:
        return f"{n / 1e12:.2f}T"
    if n >= 1e9:
        return f"{n / 1e9:.3g}B"
    if n >= 1e6:
        return f"{n / 1e6:.3g}M"
    return f"{n:,.0f}"


def handout_facts(scenario: Scenario) -> list[tuple[str, str]]:
    """The title page's (label, text) rows: the built-in preset the scenario is (if any), the
    model's size and shape, the parallel configuration, the GPUs and cluster (in the current
    translators' language)."""
    from tslab.models.hardware import GPUS, capacity_bytes
    from tslab.models.memory import total_params
    from tslab.models.units import format_bytes
    from tslab.views.labels import choice_label

    m, p, c, s = scenario.model, scenario.parallel, scenario.cluster, scenario.schedule
    total, activated = total_params(scenario)
    if m.experts:
        size = translate(
            "handout", "{name}: {total} parameters, {activated} activated per token ({experts} experts, {top_k} "
                       "per token)").format(name=m.name, total=_count(total), activated=_count(activated),
                                            experts=m.experts, top_k=m.top_k)
    else:
        size = translate("handout", "{name}: {total} parameters").format(
            name=m.name, total=_count(total))
    shape = translate(
        "handout", "{layers} layers, hidden size {hidden}, {heads} attention heads ({kv_heads} key/value heads), "
                   "FFN {ffn}, vocabulary {vocab}; sequence {seq} tokens, micro-batch {micro}").format(
        layers=m.layers, hidden=f"{m.hidden:,}", heads=m.heads, kv_heads=m.kv_heads, ffn=f"{m.ffn_hidden:,}",
        vocab=f"{m.vocab:,}", seq=f"{m.seq_len:,}", micro=m.micro_batch)
    parallel = translate(
        "handout", "TP {tp} × PP {pp} × DP {dp} × CP {cp} (VPP {vpp}, EP {ep}, ZeRO-{zero}); schedule {kind} "
                   "with {microbatches} micro-batches").format(
        tp=p.tp, pp=p.pp, dp=p.dp, cp=p.cp, vpp=p.vpp, ep=p.ep, zero=p.zero,
        kind=choice_label("schedule.kind", s.kind), microbatches=s.microbatches)
    gpu = GPUS[c.gpu].label if c.gpu in GPUS else c.gpu
    cluster = translate(
        "handout", "{gpus} GPUs: {nodes} nodes × {per_node} {gpu} ({hbm} HBM each); {intra} GB/s inside a node, "
                   "{inter} GB/s per GPU between nodes").format(
        gpus=f"{scenario.world_size:,}", nodes=f"{c.nodes:,}", per_node=c.gpus_per_node, gpu=gpu,
        hbm=format_bytes(capacity_bytes(c.gpu, c.hbm_gib)), intra=f"{c.intra_bw_gbps:,g}",
        inter=f"{c.inter_bw_gbps:,g}")
    from tslab.models.presets import matching_preset
    preset = matching_preset(scenario) or translate("handout", "(custom scenario)")
    return [(translate("handout", "Preset"), preset), (translate("handout", "Model"), size),
            (translate("handout", "Shape"), shape),
            (translate("handout", "Parallelism"), parallel), (translate("handout", "GPUs and cluster"), cluster)]


class _Handout:
    """The handout's pages on one QPdfWriter: the body rectangle of a page and its footer."""

    def __init__(self, buffer: QBuffer, title: str, footer: str, pages: int):
        self.writer = QPdfWriter(buffer)
        self.writer.setTitle(title)
        self.writer.setCreator("Training Systems Lab")
        self.writer.setResolution(HANDOUT_DPI)
        margin = HANDOUT_MARGIN_MM
        self.writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Landscape,
                                              QMarginsF(margin, margin, margin, margin),
                                              QPageLayout.Unit.Millimeter))
        paint = self.writer.pageLayout().paintRectPixels(HANDOUT_DPI)
        self.width, self.height = float(paint.width()), float(paint.height())
        self.footer, self.pages, self.page = footer, pages, 0
        self.painter = QPainter()
        self.footer_font = QFont(QApplication.font())
        self.footer_font.setPointSizeF(HANDOUT_MIN_POINTS)
        self.footer_height = 0.0

    def begin(self) -> QPainter:
        if not self.painter.begin(self.writer):
            raise ExportError("the PDF writer cannot start")
        self.painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.painter.setFont(self.footer_font)
        self.footer_height = float(self.painter.fontMetrics().height())
        self.page = 1
        return self.painter

    @property
    def body(self) -> QRectF:
        """Where a page's content goes: the page inside its margins, above the footer."""
        return QRectF(0, 0, self.width, self.height - self.footer_height - FOOTER_GAP)

    def finish_page(self, last: bool = False) -> None:
        """Draw the footer (the lab and scenario on the left, the page number on the right) and
        start the next page."""
        painter = self.painter
        painter.save()
        painter.resetTransform()
        painter.setFont(self.footer_font)
        painter.setPen(QColor("#bbbbbb"))
        top = self.height - self.footer_height
        painter.drawLine(QPointF(0, top - FOOTER_GAP / 2), QPointF(self.width, top - FOOTER_GAP / 2))
        painter.setPen(QColor("#666666"))
        line = QRectF(0, top, self.width, self.footer_height)
        number = translate("handout", "Page {page} of {pages}").format(page=self.page, pages=self.pages)
        painter.drawText(line, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, number)
        room = self.width - painter.fontMetrics().horizontalAdvance(number) - 24
        left = painter.fontMetrics().elidedText(self.footer, Qt.TextElideMode.ElideRight, int(room))
        painter.drawText(line, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, left)
        painter.restore()
        if not last:
            self.writer.newPage()
            self.page += 1

    def text_document(self, markup: str, width: float, point_size: float = 10.0) -> QTextDocument:
        """Rich text laid out for this PDF at `width` pixels (links stay links in the PDF)."""
        document = QTextDocument()
        document.documentLayout().setPaintDevice(self.writer)
        font = QFont(QApplication.font())
        font.setPointSizeF(point_size)
        font.setFeature(QFont.Tag("liga"), 0)  # "paper_files" stays f, i in the PDF's text (URLs are copied)
        document.setDefaultFont(font)
        document.setDocumentMargin(0)
        document.setDefaultStyleSheet("a { color: #1f5fa8; text-decoration: none; } .muted { color: #555555; }")
        document.setHtml(markup)
        document.setTextWidth(width)
        return document

    def draw_document(self, document: QTextDocument, top_left: QPointF) -> None:
        self.painter.save()
        self.painter.translate(top_left)
        document.drawContents(self.painter)
        self.painter.restore()


ENTRY_GAP = 7.0  # pixels between two entries of the reading list


def _reading_blocks(lang: str) -> list[str]:
    """Each reading as rich text: the year in a gutter, then the title, the URL (a link) and what
    it changed in `lang`."""
    from tslab.models.bibliography import load_bibliography
    return [f"<table cellspacing='0' cellpadding='0' width='100%'><tr>"
            f"<td width='48'><b>{reading.year}</b></td>"
            f"<td><b>{html.escape(reading.title)}</b><br>"
            f"<a href='{html.escape(reading.url, quote=True)}'>{html.escape(reading.url)}</a><br>"
            f"<span class='muted'>{html.escape(reading.changed(lang))}</span></td></tr></table>"
            for reading in load_bibliography()]


COLUMN_GAP = 28.0  # pixels between the reading list's two columns


# (top-left corner, laid-out text) of everything on one page of the reading list
ReadingPage = list[tuple[QPointF, QTextDocument]]


def _paginate(handout: _Handout, blocks: list[str], heading: str) -> list[ReadingPage]:
    """The reading list laid out in two columns per page (landscape pages are wide): the heading
    across the first page, then the entries down the left column and the right one, page after
    page; an entry never splits."""
    body = handout.body
    title = handout.text_document(heading, body.width())
    width = (body.width() - COLUMN_GAP) / 2
    pages: list[ReadingPage] = [[(QPointF(0, 0), title)]]
    top_of_columns = title.size().height() + ENTRY_GAP
    column, used = 0, top_of_columns
    for block in blocks:
        entry = handout.text_document(block, width, 9.0)
        height = entry.size().height()
        if used + height > body.height() and used > (top_of_columns if len(pages) == 1 else 0):
            column += 1
            used = top_of_columns if len(pages) == 1 and column == 1 else 0.0
            if column == 2:
                pages.append([])
                column, used = 0, 0.0
        pages[-1].append((QPointF(column * (width + COLUMN_GAP), used), entry))
        used += height + ENTRY_GAP
    return pages


def handout_pdf(document: Document | Scenario, keys: Sequence[str] | None = None,
                progress: Callable[[int, int, str], bool] | None = None, *, lang: str | None = None,
                size: QSize | None = None, date: datetime.date | None = None) -> bytes:
    """The lecture handout as PDF bytes (A4 landscape): a title page (the scenario: its preset, model
    size and shape, parallel configuration, GPUs and cluster; the date of export, the teaching-model
    note and the contents), one page per gallery figure (`keys`, default every figure; as vector
    shapes with its caption, laid out at the page's size, or at `size` where that is smaller, so
    that its text prints at its own size, at least HANDOUT_MIN_POINTS), then the reading list
    (resources/bibliography.toml) over as many pages as it needs; page numbers in the footer. Text
    in `lang` (None: the application's language). `progress(done, total, key)` is asked before
    each figure; False stops (ExportCancelled, nothing is returned)."""
    from tslab.views.gallery import figure_spec, figures
    from tslab.views.gallery.figure import teaching_note

    if isinstance(document, Scenario):
        document = Document(document)
    ensure_app(lang or "en")
    with figure_language(lang):
        language = current_language()
        try:
            specs = [figure_spec(key) for key in keys] if keys is not None else list(figures())
        except KeyError as exc:
            raise ExportError(str(exc.args[0])) from None
        scenario = document.scenario
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        title = translate("handout", "Training Systems Lab — lecture handout")
        footer = translate("handout", "Training Systems Lab — {scenario} — a deterministic teaching model").format(
            scenario=scenario.title)
        handout = _Handout(buffer, f"{title}: {scenario.title}", footer, pages=0)
        reading_heading = translate("handout", "Reading list")
        intro = translate("handout", "The papers and repositories the lab models, in the order they appeared, "
                                     "with what each changed.")
        heading = (f"<h2 style='margin-bottom:2px'>{html.escape(reading_heading)}</h2>"
                   f"<p class='muted'>{html.escape(intro)}</p>")
        painter = handout.begin()  # text is measured on the active PDF device, as it is drawn
        try:
            reading_pages = _paginate(handout, _reading_blocks(language), heading)
            handout.pages = 1 + len(specs) + len(reading_pages)
            _title_page(handout, scenario, specs, reading_heading, date or datetime.date.today(), teaching_note())
            handout.finish_page()
            for done, spec in enumerate(specs):
                if progress is not None and not progress(done, len(specs), spec.key):
                    raise ExportCancelled(f"cancelled after {done} of {len(specs)} figures")
                _figure_page(handout, document, spec, size)
                handout.finish_page()
            for number, page in enumerate(reading_pages, 1):
                for corner, text in page:
                    handout.draw_document(text, corner)
                handout.finish_page(last=number == len(reading_pages))
        finally:
            painter.end()
        buffer.close()
    return bytes(data.data())


def _title_page(handout: _Handout, scenario: Scenario, specs: list, reading_heading: str, date: datetime.date,
                note: str) -> None:
    """Title, scenario, the facts and the note on the left; the contents on the right."""
    body = handout.body
    title = translate("handout", "Training Systems Lab — lecture handout")
    header = handout.text_document(f"<h1 style='margin-bottom:4px'>{html.escape(title)}</h1>"
                                   f"<p style='font-size:17pt'>{html.escape(scenario.title)}</p>", body.width(), 13.0)
    handout.draw_document(header, body.topLeft())
    top = header.size().height() + 24
    gap = 36.0
    left_width = body.width() * 0.56
    right_width = body.width() - left_width - gap
    rows = "".join(f"<tr><td style='padding:0 10px 8px 0'><b>{html.escape(label)}</b></td>"
                   f"<td style='padding-bottom:8px'>{html.escape(text)}</td></tr>"
                   for label, text in handout_facts(scenario))
    exported = translate("handout", "Exported")
    rows += (f"<tr><td style='padding:0 10px 8px 0'><b>{html.escape(exported)}</b></td>"
             f"<td style='padding-bottom:8px'>{date.isoformat()}</td></tr>")
    explanation = translate("handout", "Every figure is drawn from the lab's models for this scenario, or for the "
                                       "preset its caption names where the scenario cannot show it.")
    facts = handout.text_document(
        f"<table cellspacing='0' cellpadding='0'>{rows}</table>"
        f"<p class='muted' style='margin-top:10px'>{html.escape(note)} {html.escape(explanation)}</p>",
        left_width, 12.0)
    handout.draw_document(facts, QPointF(0, top))
    lines = "".join(f"<tr><td style='padding:0 8px 5px 0'>{html.escape(_contents_title(spec))}</td>"
                    f"<td align='right' style='padding-bottom:5px'>{page}</td></tr>"
                    for page, spec in enumerate(specs, 2))
    lines += (f"<tr><td style='padding:0 8px 5px 0'>{html.escape(reading_heading)}</td>"
              f"<td align='right' style='padding-bottom:5px'>{len(specs) + 2}</td></tr>")
    contents_heading = translate("handout", "Contents")
    contents = handout.text_document(
        f"<h3 style='margin-bottom:6px'>{html.escape(contents_heading)}</h3>"
        f"<table width='100%' cellspacing='0' cellpadding='0'>{lines}</table>", right_width, 11.0)
    handout.draw_document(contents, QPointF(left_width + gap, top))


def _contents_title(spec) -> str:
    return translate("gallery", "Figure {number}. {title}").format(
        number=spec.number, title=translate("gallery", spec.title))


def _figure_page(handout: _Handout, document: Document, spec, size: QSize | None) -> None:
    """The figure as vector shapes, laid out at the page's size, or at `size` where that is smaller
    (and then scaled up to the page): never larger, so its type is not shrunk below its own size.
    A figure that cannot be drawn for this scenario leaves a page that says why."""
    body = handout.body
    painter = handout.painter
    page = QSize(int(body.width()), int(body.height()))
    size = page if size is None else size.boundedTo(page)
    try:
        figure = figure_widget(document, spec.key, size, vector=True)
        # A wrapped caption or heading may need more height at this width than the layout's
        # minimum says: the figure is then laid out taller (its parts apart) and scaled to the page.
        layout = figure.layout()
        needed = layout.minimumHeightForWidth(figure.width()) if layout and layout.hasHeightForWidth() else 0
        if needed > figure.height():
            figure.close()
            figure.deleteLater()
            figure = figure_widget(document, spec.key, QSize(figure.width(), needed), vector=True)
    except ExportError as exc:
        why = translate("handout", "This figure cannot be drawn for this scenario: {reason}").format(reason=str(exc))
        note = handout.text_document(f"<h2>{html.escape(_contents_title(spec))}</h2>"
                                     f"<p class='muted'>{html.escape(why)}</p>", body.width(), 11.0)
        handout.draw_document(note, body.topLeft())
        return
    try:
        _vector_ready(figure)
        drawn = figure.size()
        factor = min(body.width() / drawn.width(), body.height() / drawn.height())
        painter.save()
        painter.translate(body.left() + (body.width() - drawn.width() * factor) / 2, body.top())
        painter.scale(factor, factor)
        painter.setClipRect(QRect(QPoint(), drawn))
        figure.render(painter, QPoint())
        painter.restore()
    finally:
        figure.close()
        figure.deleteLater()


def write_handout(document: Document | Scenario, out: Path, *, lang: str | None = None,
                  size: tuple[int, int] | None = None,
                  progress: Callable[[int, int, str], bool] | None = None) -> Path:
    """Write the handout PDF to `out` (a file ending .pdf, written as write_file writes); returns it.
    Each figure is laid out at the page's size, or at `size` (W, H) where that is smaller."""
    _check_path(out)
    if not out.parent.exists():
        raise ExportError(f"{out.parent}: no such directory")
    data = handout_pdf(document, progress=progress, lang=lang, size=QSize(*size) if size else None)
    try:
        write_file(out, data)
    except WriteError as exc:
        raise ExportError(str(exc)) from None
    return out
