"""Figure 5, the collectives as frames: AllReduce (ring), ReduceScatter, AllGather and All-to-All on
n = 4 ranks, one small multiple per round showing which data every rank's chunks hold, from the
start to the result. The frames are models.comm's own plan run on data (execute_rounds): rank r's
contribution is the bit 2^r, so a chunk's value is the set of ranks summed (or copied) into it.

Sources: Thakur, Rabenseifner & Gropp, "Optimization of Collective Communication Operations in
MPICH" (IJHPCA 2005) for the ring and pairwise-exchange algorithms; nccl-tests, doc/PERFORMANCE.md
for the bytes and the bus-bandwidth factor.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QWidget

from tslab.models.comm import CollectiveResult, execute_rounds, plan
from tslab.models.units import format_bytes
from tslab.views import charts
from tslab.views.comm.common import NAMES
from tslab.views.comm.ring import CHUNK_COLOURS
from tslab.views.gallery.slide_charts import (MUTED, TippedPicture, drawing_over, font, ink_for, key_label,
                                              smooth_painter)

COLLECTIVES = ("allreduce", "reducescatter", "allgather", "alltoall")
RANKS = 4
# nccl-tests doc/PERFORMANCE.md: bytes one rank sends per S, and the busbw factor, as written there.
FORMULAS = {"allreduce": "2(n−1)/n", "reducescatter": "(n−1)/n", "allgather": "(n−1)/n", "alltoall": "(n−1)/n"}


@dataclass(frozen=True)
class Frames:
    """One collective round by round. `held[k][r, c]`: after k rounds (k = 0: the start), the set of
    ranks whose data chunk c of rank r holds, as a bit mask (bit q = rank q). For All-to-All, column
    c of rank r is the block rank c sends to rank r (0 until it has arrived; a rank's own block is
    there from the start). `changed[k]`: the cells round k wrote (none for the start)."""
    collective: str
    result: CollectiveResult
    held: tuple[np.ndarray, ...]
    changed: tuple[np.ndarray, ...]

    @property
    def ranks(self) -> int:
        return self.result.ranks

    def result_cells(self) -> np.ndarray:
        """Cells that make up the collective's result in the last frame: every chunk of every rank,
        except for ReduceScatter, whose result at rank r is its reduced chunk r."""
        n = self.ranks
        if self.collective == "reducescatter":
            return np.eye(n, dtype=bool)
        return np.ones((n, n), dtype=bool)


def inputs_of(collective: str, n: int) -> np.ndarray:
    """Rank r's buffer of n chunks holding its bit 2^r: every chunk for the reductions and for
    All-to-All (block c of rank r goes to rank c), only its own chunk r for AllGather."""
    own = np.broadcast_to((1 << np.arange(n))[:, None], (n, n)).astype(np.int64)
    if collective == "allgather":
        return np.where(np.eye(n, dtype=bool), own, 0)
    return own


def frames(collective: str, size_bytes: int, n: int = RANKS) -> Frames:
    result = plan(collective, n, size_bytes, "ring")
    if result.chunks != n:
        raise ValueError(f"{collective} over ring with {n} ranks has {result.chunks} chunks, not {n}")
    held = tuple(np.rint(state).astype(np.int64) for state in execute_rounds(result, inputs_of(collective, n)))
    changed = (np.zeros((n, n), dtype=bool),) + tuple(after != before for before, after in zip(held, held[1:]))
    return Frames(collective, result, held, changed)


def all_frames(size_bytes: int, n: int = RANKS) -> list[Frames]:
    return [frames(collective, size_bytes, n) for collective in COLLECTIVES]


def algorithm_name(collective: str) -> str:
    if collective == "alltoall":
        return QCoreApplication.translate("gallery", "pairwise exchange")
    return QCoreApplication.translate("gallery", "ring")


def ranks_of(mask: int, n: int) -> list[int]:
    return [q for q in range(n) if mask >> q & 1]


class CollectiveFrames(TippedPicture):
    """Every collective as a row: its name and bytes on the left, then one frame per round — a grid
    of ranks (rows) × chunks (columns) whose fill is the chunk's colour, stronger as more ranks'
    data have been summed in, with the ranks it holds written on it (Σ when all n are), the cells
    written in that round outlined, and the result outlined in the last frame."""

    def __init__(self, rows: list[Frames], parent: QWidget | None = None):
        super().__init__(parent)
        self.rows = rows

    def sizeHint(self) -> QSize:
        return QSize(1300, 640)

    def minimumSizeHint(self) -> QSize:
        return QSize(700, 360)

    def _row_text(self, row: Frames) -> list[tuple[str, bool]]:
        result = row.result
        return [(NAMES[row.collective], True),
                (algorithm_name(row.collective), False),
                (QCoreApplication.translate("gallery", "sent per rank {sent}").format(
                    sent=format_bytes(result.per_rank_sent_bytes)), False),
                (QCoreApplication.translate("gallery", "= {formula} · S").format(formula=FORMULAS[row.collective]),
                 False),
                (QCoreApplication.translate("gallery", "busbw = algbw × {factor:g}").format(
                    factor=result.busbw_factor), False)]

    def paintEvent(self, _event) -> None:
        painter = smooth_painter(self)
        self.tips.clear()
        name_font, text_font = font(1.3, bold=True), font(1.05)
        name_metrics, text_metrics = QFontMetricsF(name_font), QFontMetricsF(text_font)
        left = 12 + max(max(name_metrics.horizontalAdvance(text) if bold else text_metrics.horizontalAdvance(text)
                            for text, bold in self._row_text(row)) for row in self.rows)
        label_w = QFontMetricsF(font(0.95)).horizontalAdvance("rank 0") + 8
        most = max(len(row.held) for row in self.rows)
        gap = 22.0
        row_h = self.height() / max(len(self.rows), 1)
        title_h = QFontMetricsF(font(1.0)).height() * 1.25
        header_h = QFontMetricsF(font(0.9)).height() * 1.05
        n = RANKS
        cell_w = (self.width() - left - label_w - gap * (most - 1) - 4) / (most * n)
        cell_h = (row_h - title_h - header_h - 14) / n
        cell = max(8.0, min(cell_w, cell_h * 1.6))
        height = max(8.0, min(cell_h, cell))
        frame_w = cell * n
        for index, row in enumerate(self.rows):
            top = index * row_h
            if index:
                painter.setPen(QPen(QColor("#E0E0E0"), 1))
                painter.drawLine(QPointF(0, top), QPointF(self.width(), top))
            y = top + 6
            for text, bold in self._row_text(row):
                painter.setFont(name_font if bold else text_font)
                painter.setPen(QColor(charts.TEXT_COLOUR) if bold else QColor(MUTED))
                metrics = name_metrics if bold else text_metrics
                painter.drawText(QRectF(0, y, left, metrics.height()), Qt.AlignmentFlag.AlignLeft, text)
                y += metrics.height() * (1.15 if bold else 1.0)
            grid_top = top + 6 + title_h + header_h
            painter.setFont(font(0.9))
            painter.setPen(QColor(MUTED))
            head = (QCoreApplication.translate("gallery", "from") if row.collective == "alltoall"
                    else QCoreApplication.translate("gallery", "chunk"))
            painter.drawText(QRectF(left - 40, grid_top - header_h, label_w + 36, header_h),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, head)
            painter.setFont(font(0.95))
            for r in range(n):
                painter.drawText(QRectF(left, grid_top + r * height, label_w - 4, height),
                                 Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                                 QCoreApplication.translate("gallery", "rank {r}").format(r=r))
            for k in range(len(row.held)):
                x0 = left + label_w + k * (frame_w + gap)
                self._frame(painter, row, k, QRectF(x0, top + 6, frame_w, title_h), QPointF(x0, grid_top), cell,
                            height, header_h)
                if k + 1 < len(row.held):
                    self._chevron(painter, QPointF(x0 + frame_w + gap / 2, grid_top + height * n / 2))
        painter.end()

    def _chevron(self, painter: QPainter, centre: QPointF) -> None:
        path = QPainterPath()
        path.moveTo(centre.x() - 4, centre.y() - 7)
        path.lineTo(centre.x() + 4, centre.y())
        path.lineTo(centre.x() - 4, centre.y() + 7)
        painter.setPen(QPen(QColor("#9A9A9A"), 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)

    def _frame(self, painter: QPainter, row: Frames, k: int, title: QRectF, origin: QPointF, cell: float,
               height: float, header_h: float) -> None:
        n, last = row.ranks, k == len(row.held) - 1
        if k == 0:
            text = QCoreApplication.translate("gallery", "start")
        elif last:
            text = QCoreApplication.translate("gallery", "round {k}: result").format(k=k)
        else:
            text = QCoreApplication.translate("gallery", "after round {k}").format(k=k)
        title_font = font(1.0, bold=last)
        room = title.adjusted(-9, 0, 9, 0)   # the frame and most of the gaps beside it
        width = QFontMetricsF(title_font).horizontalAdvance(text)
        if width > room.width():   # a narrow figure: a smaller font, not a cut title
            title_font.setPointSizeF(title_font.pointSizeF() * room.width() / width)
        painter.setFont(title_font)
        painter.setPen(QColor(charts.TEXT_COLOUR))
        painter.drawText(room, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, text)
        painter.setFont(font(0.9))
        painter.setPen(QColor(MUTED))
        for c in range(n):
            painter.drawText(QRectF(origin.x() + c * cell, origin.y() - header_h, cell, header_h),
                             Qt.AlignmentFlag.AlignCenter, str(c))
        held, changed = row.held[k], row.changed[k]
        result = row.result_cells() if last else np.zeros((n, n), dtype=bool)
        full = (1 << n) - 1
        cell_font = font(1.0, bold=True)
        metrics = QFontMetricsF(cell_font)
        for r in range(n):
            for c in range(n):
                rect = QRectF(origin.x() + c * cell + 1.5, origin.y() + r * height + 1.5, cell - 3, height - 3)
                mask = int(held[r, c])
                label, tip = self._cell_text(row, r, c, mask, full)
                if mask:
                    colour = QColor(CHUNK_COLOURS[c % len(CHUNK_COLOURS)])
                    share = bin(mask).count("1") / n if row.collective in ("allreduce", "reducescatter") else 1.0
                    fill = QColor(colour)
                    fill.setAlphaF(0.18 + 0.82 * share)
                    painter.fillRect(rect, fill)
                    shown = QColor(*(round(255 + (v - 255) * fill.alphaF()) for v in
                                     (colour.red(), colour.green(), colour.blue())))
                    ink = ink_for(shown)
                else:
                    painter.fillRect(rect, QColor("white"))
                    ink = QColor("#AAAAAA")
                pen = QPen(QColor("#B0B0B0"), 1, Qt.PenStyle.SolidLine if mask else Qt.PenStyle.DashLine)
                if result[r, c]:
                    pen = QPen(QColor(charts.TEXT_COLOUR), 2.6)
                elif changed[r, c]:
                    pen = QPen(QColor(charts.TEXT_COLOUR), 1.6, Qt.PenStyle.DashLine)
                painter.setPen(pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(rect)
                fits = metrics.horizontalAdvance(label) + 4 <= rect.width() and metrics.height() <= rect.height() + 4
                if label and fits:
                    painter.setFont(cell_font)
                    painter.setPen(ink)
                    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
                self.tips.add(rect, tip)

    def _cell_text(self, row: Frames, r: int, c: int, mask: int, full: int) -> tuple[str, str]:
        n = row.ranks
        if row.collective == "alltoall":
            if not mask:
                return "", QCoreApplication.translate("gallery", "rank {r}: the block from rank {c} has not arrived "
                                                                 "yet").format(r=r, c=c)
            return f"{c}→{r}", QCoreApplication.translate("gallery", "rank {r} holds the block rank {c} sent "
                                                                     "it").format(r=r, c=c)
        if not mask:
            return "", QCoreApplication.translate("gallery", "rank {r}, chunk {c}: nothing yet").format(r=r, c=c)
        ranks = ranks_of(mask, n)
        label = "Σ" if mask == full else "".join(str(q) for q in ranks)
        return label, QCoreApplication.translate("gallery", "rank {r}, chunk {c}: data of ranks {ranks}").format(
            r=r, c=c, ranks=", ".join(str(q) for q in ranks))


class CollectivesBody(QWidget):
    """The figure's drawing: the frames and their key."""

    def __init__(self, rows: list[Frames], parent: QWidget | None = None):
        super().__init__(parent)
        view = CollectiveFrames(rows, self)
        key = key_label(self, [(CHUNK_COLOURS[c], QCoreApplication.translate("gallery", "chunk {c} (All-to-All: from "
                                                                                          "rank {c})").format(c=c))
                                 for c in range(RANKS)], scale=1.05)
        note = key_label(self, [], scale=1.05)
        note.setText(QCoreApplication.translate(
            "gallery", "Digits: the ranks whose data a chunk holds (a reduction adds them; stronger fill = more "
                       "summed); Σ: all four. c→r: the block rank c sends to rank r. Dashed outline: written in that "
                       "round; bold outline: the result."))
        note.setStyleSheet("color: #444444")
        drawing_over(self, view, key, note)
        self.view = view


__all__ = ["COLLECTIVES", "FORMULAS", "RANKS", "CollectiveFrames", "Frames", "all_frames", "CollectivesBody", "frames",
           "inputs_of"]
