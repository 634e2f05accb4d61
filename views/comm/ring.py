"""A collective on its ranks: ranks on a circle with their chunks, the sends of one round."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from tslab.models.comm import CollectiveResult, execute_rounds
from tslab.views import charts

CHUNK_COLOURS = ["#4E79A7", "#F28E2B", "#E15759", "#76B7B2", "#59A14F", "#EDC948", "#B07AA1", "#FF9DA7",
                 "#9C755F", "#BAB0AC", "#A0CBE8", "#FFBE7D", "#FF9D9A", "#86BCB6", "#8CD17D", "#F1CE63"]


MAX_SQUARES = 16   # chunk squares drawn per rank; more chunks are drawn in this many groups
LABEL_GAP_PX = 3   # between a rank's label and its row of squares


class RingView(pg.PlotWidget):
    """Ranks on a circle, each with its chunks as squares whose fill shows how much of the final
    value has arrived; the sends of the current round as arrows. Driven by execute_rounds, so
    what is drawn is what the algorithm computes."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, background="w", enableMenu=False)
        charts.canvas(self, mouse=False)
        self.cells = pg.BarGraphItem(x0=[0], y0=[0], width=[0], height=[0])
        self.arrows = pg.PlotDataItem(pen=pg.mkPen("#202020", width=1.6), connect="pairs")
        self.heads = pg.ScatterPlotItem(symbol="o", size=6, brush="#202020", pen=None)
        self.names = charts.BarChart(self)
        for graphic in (self.cells, self.arrows, self.heads):
            self.addItem(graphic)
        self.result: CollectiveResult | None = None
        self.states: list[np.ndarray] = []
        self.getPlotItem().getViewBox().sigResized.connect(self.frame)

    def sizeHint(self) -> QSize:
        return QSize(520, 460)

    def show_result(self, result: CollectiveResult) -> None:
        self.result = result
        n = result.ranks
        # Rank r's own data is the bit 2^r: a chunk's value is then the set of ranks summed into it
        # (an algorithm adds each contribution once; tests/test_comm.py checks it), and its popcount
        # how many have arrived. One number per chunk instead of one per (chunk, rank) keeps a
        # pipelined plan's thousands of chunks and rounds cheap; their squares are drawn in at most
        # MAX_SQUARES groups, a group's fill the share of its chunks' final contributions arrived.
        inputs = np.broadcast_to(2.0 ** np.arange(n)[:, None], (n, result.chunks))
        group = np.arange(result.chunks) * min(result.chunks, MAX_SQUARES) // result.chunks
        starts = np.flatnonzero(np.diff(group, prepend=-1))
        self.states = [np.add.reduceat(np.bitwise_count(state.astype(np.int64)), starts, axis=1).astype(np.int64)
                       for state in execute_rounds(result, inputs)]
        angle = np.pi / 2 - 2 * np.pi * np.arange(n) / n
        self.centres = np.stack([np.cos(angle), np.sin(angle)], axis=1) * (1.0 + 0.05 * n)
        squares = min(result.chunks, MAX_SQUARES)
        self.row = (squares * min(0.9 / squares, 0.22) / 2, min(0.9 / squares, 0.22) / 2)  # half width, height
        self.names.set_labels([(x, y, self.tr("rank {r}").format(r=r), {"anchor": (0.5, 0.5), "size": 8})
                               for r, (x, y) in enumerate(self.centres)])
        self.frame()
        self.set_round(0)

    def frame(self) -> None:
        """Put every rank's label outside the rows of chunk squares, on its rank's side of the ring,
        and frame the ring with its labels. Labels are sized in pixels, so both are worked out for
        the view's size (again whenever it is resized): a label goes out from its row along its
        rank's direction until its box clears every row and every label placed before it by a few
        pixels, and the square range is the smallest that holds every row and label (a few rounds
        of this converge, as the labels' share of the range shrinks with it)."""
        if self.result is None:
            return
        view = self.getPlotItem().getViewBox().boundingRect()
        pixels = max(min(view.width(), view.height()), 120.0)
        half_row, half_height = self.row
        labels = self.names.labels[:len(self.centres)]
        sizes = [(label.textItem.boundingRect().width() / 2, label.textItem.boundingRect().height() / 2)
                 for label in labels]
        radius = float(np.hypot(*self.centres[0]))
        span = radius + half_row + 0.5
        for _ in range(4):
            positions, extent = self._place_labels(sizes, 2 * span / pixels)
            span = max(extent, radius + half_row) * 1.03
        for label, (x, y, _, _) in zip(labels, positions):
            label.setPos(x, y)
        # one span for both axes, set at once: the view keeps its aspect and widens the range of its
        # longer side, so a square range frames the same picture whatever size the view has (on
        # screen and in an export; set one after the other, the second would narrow the first)
        self.getPlotItem().getViewBox().setRange(xRange=(-span, span), yRange=(-span, span), padding=0)

    def _place_labels(self, sizes: list[tuple[float, float]], per_pixel: float) -> tuple[list[tuple], float]:
        """(x, y, half width, half height) of every label for `per_pixel` data units per pixel, and
        the extent (largest |x| or |y| of a row's or label's edge)."""
        half_row, half_height = self.row
        gap, step = LABEL_GAP_PX * per_pixel, 2 * per_pixel
        taken = [(x, y, half_row, half_height) for x, y in self.centres]   # the rows, then the labels
        radius = float(np.hypot(*self.centres[0]))
        placed = []
        for (cx, cy), (w, h) in zip(self.centres, sizes):
            w, h = w * per_pixel, h * per_pixel
            dx, dy = cx / radius, cy / radius
            # the nearest distance along (dx, dy) at which the label's box clears its own row
            t = min((half_row + w + gap) / abs(dx) if abs(dx) > 1e-9 else np.inf,
                    (half_height + h + gap) / abs(dy) if abs(dy) > 1e-9 else np.inf)
            for _ in range(1000):
                x, y = cx + dx * t, cy + dy * t
                if all(abs(x - bx) >= bw + w + gap or abs(y - by) >= bh + h + gap for bx, by, bw, bh in taken):
                    break
                t += step
            taken.append((x, y, w, h))
            placed.append((x, y, w, h))
        extent = max(max(abs(x) + w, abs(y) + h) for x, y, w, h in taken)
        return placed, extent

    def set_round(self, k: int) -> None:
        """Show the buffers after k rounds and the sends of round k (if any)."""
        result = self.result
        if result is None:
            return
        counts, final = self.states[min(k, len(self.states) - 1)], self.states[-1]
        n, chunks = counts.shape
        size = min(0.9 / max(chunks, 1), 0.22)
        x0, y0, brushes = [], [], []
        for r in range(n):
            cx, cy = self.centres[r]
            for c in range(chunks):
                x0.append(cx - chunks * size / 2 + c * size)
                y0.append(cy - size / 2)
                full = max(final[r, c], 1)
                colour = QColor(CHUNK_COLOURS[c % len(CHUNK_COLOURS)])
                share = counts[r, c] / full
                colour.setAlphaF(0.12 + 0.88 * min(share, 1.0)) if counts[r, c] else colour.setAlphaF(0.05)
                brushes.append(colour)
        self.cells.setOpts(x0=x0, y0=y0, width=np.full(len(x0), size * 0.9), height=np.full(len(x0), size * 0.9),
                           brushes=brushes, pens=[pg.mkPen("#888888")] * len(x0))
        steps = result.steps
        if k < len(steps):
            sends = steps[k].sends
            xs, ys, hx, hy = [], [], [], []
            for src, dst, _, _ in sends:
                (ax, ay), (bx, by) = self.centres[src] * 0.82, self.centres[dst] * 0.82
                xs += [ax, bx]
                ys += [ay, by]
                hx.append(ax + 0.85 * (bx - ax))
                hy.append(ay + 0.85 * (by - ay))
            self.arrows.setData(xs, ys)
            self.heads.setData(hx, hy)
        else:
            self.arrows.setData([], [])
            self.heads.setData([], [])
