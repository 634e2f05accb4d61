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
        # Outside the circle and clear of the rank's row of chunk squares (half as wide as the row).
        squares = min(result.chunks, MAX_SQUARES)
        half_row = squares * min(0.9 / squares, 0.22) / 2
        self.names.set_labels([(x * 1.22 + np.cos(a) * (half_row + 0.08), y * 1.22, f"rank {r}",
                                {"anchor": (0.5, 0.5), "size": 8})
                               for r, ((x, y), a) in enumerate(zip(self.centres, angle))])
        span = 1.45 * (1.0 + 0.05 * n)
        # the labels of the ranks at 3 and 9 o'clock sit beside their rows: room for them (about
        # half a label, 0.5, past the row's end) so that they are not cut at the view's edge
        # (one span for both axes: the view keeps its aspect, and a square range frames the same
        # picture whatever size the view has when it is set — on screen and in an export)
        span = max(span, 1.22 * (1.0 + 0.05 * n) + half_row + 0.5)
        self.setXRange(-span, span, padding=0)
        self.setYRange(-span, span, padding=0)
        self.set_round(0)

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
