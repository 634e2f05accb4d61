"""Ring attention step by step: the ranks on a ring with the K/V block each computes with, the
causal work grid, each rank's work under the contiguous and the zigzag layouts, and the online
softmax's running max m and denominator ℓ."""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QColor, QTextDocument
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from tslab.models.context import ContextAnalysis, Ring
from tslab.models.units import format_bytes, format_seconds
from tslab.views import charts
from tslab.views.common import bold, chart_column, set_text
from tslab.views.context.common import (DRAW_LIMIT, EMPTY, HIGHLIGHT, Arrows, Box, Boxes, SchemePanel, bar_plot, dotted,
                                        frame, hatched, picture, rank_colour, rich_label, tier_name)

SOFTMAX_COLUMNS = 8   # ranks whose m and ℓ are listed at most: fewer when the column is too narrow for them


def causal(query: int, key: int) -> str:
    """A block of causal attention between chunks: every key before the query chunk is seen in
    full, the chunk itself through the triangular mask, a later chunk not at all."""
    return "full" if key < query else "diagonal" if key == query else "masked"


def faded(colour: str, alpha: float) -> QColor:
    c = QColor(colour)
    c.setAlphaF(alpha)
    return c


class RingPanel(SchemePanel):
    """Left, the ring: each rank's query chunks and, at this step, whose K/V block it computes with;
    arrows pass the blocks on. Right, the causal grid of query × key chunks (full, diagonal,
    masked; coloured by the rank that computed the block, this step outlined), the per-rank work of
    both layouts, and m, ℓ of each rank's first query row after this step."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.ring_plot = picture(self, square=True)
        self.ranks = Boxes(self.ring_plot)
        self.ring_texts = charts.BarChart(self.ring_plot)
        self.sends = Arrows(self.ring_plot)
        self.grid_plot = picture(self, square=True)
        self.grid = Boxes(self.grid_plot)
        self.grid_texts = charts.BarChart(self.grid_plot)
        self.grid_title = bold(QLabel(self.tr("Causal blocks: query chunk × key chunk"), self), centred=True)
        self.grid_key = rich_label(self)
        self.work = bar_plot(self, left=self.tr("work (full blocks)"), bottom=self.tr("rank"))
        self.work_chart = charts.BarChart(self.work)
        self.work_bars = Boxes(self.work)
        self.work_title = bold(rich_label(self, 2), centred=True)
        self.softmax = rich_label(self, 9)   # fixed: a step's new numbers must not re-lay out the charts
        self._softmax_step: int | None = None
        self._softmax_width = 0
        self.softmax.installEventFilter(self)   # a new width or type: as many ranks as then fit
        self.too_many = QLabel(self)
        self.too_many.setWordWrap(True)

        left = chart_column(self.ring_plot, notes=[self.too_many])
        middle = chart_column(self.grid_plot, heading=self.grid_title, notes=[self.grid_key])
        right = chart_column(self.work, heading=self.work_title, notes=[self.softmax])
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(left, 4)
        layout.addLayout(middle, 3)
        layout.addLayout(right, 3)
        self.ring: Ring | None = None

    def show_analysis(self, analysis: ContextAnalysis) -> None:
        self.analysis, self.ring = analysis, analysis.ring
        ring = self.ring
        n = ring.degree
        self.last_step = max(len(ring.schedule) - 1, 0)
        drawn = n <= DRAW_LIMIT
        for widget in (self.ring_plot, self.grid_plot, self.grid_title, self.grid_key):
            widget.setVisible(drawn)
        self.too_many.setVisible(not drawn)
        if not drawn:
            set_text(self.too_many, self.tr("{n} ranks: too many to draw one by one (up to {limit}); the numbers "
                                            "and the work per rank are for all of them.").format(n=n, limit=DRAW_LIMIT))
        else:
            angle = np.pi / 2 - 2 * np.pi * np.arange(n) / n
            self.centres = np.stack([np.cos(angle), np.sin(-angle)], axis=1) * (1.0 + 0.06 * n)
            span = (1.0 + 0.06 * n) + 0.8   # room for the labels under the ranks at 3 and 9 o'clock
            frame(self.ring_plot, -span, span, -span, span)
            chunks = 2 * n if ring.zigzag else n
            frame(self.grid_plot, -1.4, chunks + 0.2, -1.0, chunks + 0.2)
            self._lay_out_grid()
            set_text(self.grid_key, "&nbsp;&nbsp;".join([
                "■ " + self.tr("full"), "▦ " + self.tr("diagonal (half)"), "▧ " + self.tr("masked (skipped)")])
                + "<br>" + self.tr("Rows: query chunks, columns: key chunks. Colour: the rank that computes the "
                                   "block; outlined: this step."))
        self._show_work()

    def _show_work(self) -> None:
        ring = self.ring
        assert ring is not None   # show_analysis sets it first
        n = ring.degree
        boxes = []
        for r in range(n):
            for offset, zigzag, values in ((-0.4, False, ring.work_contiguous), (0.0, True, ring.work_zigzag)):
                mine = zigzag == ring.zigzag
                colour = "#E15759" if zigzag else "#4E79A7"
                tip = (self.tr("rank {r}, zigzag: {w:.2f} full blocks") if zigzag
                       else self.tr("rank {r}, contiguous: {w:.2f} full blocks")).format(r=r, w=values[r])
                boxes.append(Box(r + offset, 0, r + offset + 0.4, values[r],
                                 colour if mine else faded(colour, 0.45), tip,
                                 "#FFFFFF", 0.5))
        self.work_bars.set(boxes)
        top = max(max(ring.work_contiguous, default=0), max(ring.work_zigzag, default=0))
        self.work.setXRange(-0.7, n - 0.3, padding=0)
        self.work.setYRange(0, charts.nice_ceiling(top * 1.12), padding=0)
        charts.spaced_category_axis(self.work, "bottom", [str(r) for r in range(n)])   # every k-th in larger type
        imbalance = [max(w) / (sum(w) / len(w)) if sum(w) else 1.0
                     for w in (ring.work_contiguous, ring.work_zigzag)]
        set_text(self.work_title, self.tr("Causal work per rank: {contiguous} contiguous (max/mean {c:.2f}) {zigzag} "
                                          "zigzag ({z:.2f})").format(
            contiguous="<span style='color:#4E79A7'>■</span>", zigzag="<span style='color:#E15759'>■</span>",
            c=imbalance[0], z=imbalance[1]))

    def set_step(self, k: int) -> str:
        ring = self.ring
        if ring is None or not ring.schedule:
            return ""
        n = ring.degree
        k = max(0, min(k, self.last_step))
        step = ring.schedule[k]
        self._show_softmax(k)
        if n <= DRAW_LIMIT:
            self._draw_ring(k)
            self._draw_grid(k)
        if k < ring.steps:
            return self.tr("Step {k} of {steps}: every rank computes its queries with the K/V block it holds (rank 0 "
                           "with rank {owner}'s) while it passes that block on to its neighbour.").format(
                k=k + 1, steps=len(ring.schedule), owner=step.kv_block[0])
        return self.tr("Step {k} of {steps}: the last block; every rank has now seen every K/V block that its "
                       "causal mask allows (rank 0 with rank {owner}'s).").format(
            k=k + 1, steps=len(ring.schedule), owner=step.kv_block[0])

    def _draw_ring(self, k: int) -> None:
        ring = self.ring
        assert ring is not None   # set_step draws only after show_analysis
        n = ring.degree
        step = ring.schedule[k]
        boxes, labels = [], []
        size = 0.34
        for r, (x, y) in enumerate(self.centres):
            owner = step.kv_block[r]
            boxes.append(Box(x - size, y - size / 2, x, y + size / 2, rank_colour(r),
                             self.tr("rank {r} holds query chunks {chunks}").format(
                                 r=r, chunks=", ".join(map(str, ring.chunks[r]))), "#FFFFFF", 1))
            boxes.append(Box(x, y - size / 2, x + size, y + size / 2, rank_colour(owner),
                             self.tr("rank {r} computes with the K/V of rank {owner} (chunks {chunks})").format(
                                 r=r, owner=owner, chunks=", ".join(map(str, ring.chunks[owner]))), HIGHLIGHT, 1.5))
            if n <= 8:
                text = self.tr("rank {r}").format(r=r) + "\n" + self.tr("Q {chunks} · KV {owner}").format(
                    chunks=",".join(map(str, ring.chunks[r])), owner=owner)
            else:   # the neighbours' labels would overlap: the number only (the rest on hover)
                text = str(r)
            above = y < -0.35 * np.hypot(x, y)   # the upper ranks' labels outside the ring, clear of the arrows
            labels.append((x, y - size / 2 - 0.04 if above else y + size / 2 + 0.04, text,
                           {"anchor": (0.5, 1) if above else (0.5, 0), "size": 8.5 if n <= 8 else 8}))
        self.ranks.set(boxes)
        self.ring_texts.set_labels(labels)
        pairs = []
        if k < ring.steps and k + 1 < len(ring.schedule):
            following = ring.schedule[k + 1].kv_block
            for r in range(n):   # who holds, at the next step, the block r computes with now
                for q in range(n):
                    if q != r and following[q] == step.kv_block[r]:
                        a, b = self.centres[r] * 0.62, self.centres[q] * 0.62
                        pairs.append(((a[0], a[1]), (b[0], b[1])))
        self.sends.set(pairs)

    def _lay_out_grid(self) -> None:
        """The causal grid's cells and when each is computed: at show time, so that a step only
        recolours them. Every kept query × key chunk pair is computed once, by the rank that holds
        the query chunk, at the step it holds the key chunk's K/V."""
        ring = self.ring
        assert ring is not None   # show_analysis sets it first
        chunks = 2 * ring.degree if ring.zigzag else ring.degree
        computed: dict[tuple[int, int], tuple[int, int]] = {}   # (query, key) → (rank, step)
        for t, step in enumerate(ring.schedule):
            for r, owner in enumerate(step.kv_block):
                for q in ring.chunks[r]:
                    for key in ring.chunks[owner]:
                        computed.setdefault((q, key), (r, t))
        names = {"full": self.tr("full"), "diagonal": self.tr("diagonal"), "masked": self.tr("masked")}
        tip, by = self.tr("query chunk {q} × key chunk {k}: {kind}"), self.tr("rank {r} at step {t}")
        self.cells = []   # (query, key, kind, computed by rank or −1, at step, tooltip)
        for q in range(chunks):
            for key in range(chunks):
                kind = causal(q, key)
                r, t = computed.get((q, key), (-1, -1)) if kind != "masked" else (-1, -1)
                text = tip.format(q=q, k=key, kind=names[kind])
                if r >= 0:
                    text += " — " + by.format(r=r, t=t + 1)
                self.cells.append((q, key, kind, r, t, text))
        self.grid_texts.set_labels([
            (0.5, -0.15, "0", {"anchor": (0.5, 1), "size": 7}),
            (chunks - 0.5, -0.15, str(chunks - 1), {"anchor": (0.5, 1), "size": 7}),
            (-0.15, chunks - 0.5, str(chunks - 1), {"anchor": (1, 0.5), "size": 7}),
        ])
        # room above and left of the grid for those labels (an automatic range fits the cells alone,
        # and cut "0" and "31" at the view's edge)
        room = 0.06 * chunks + 0.4
        self.grid_plot.setRange(xRange=(-room, chunks + 0.1), yRange=(-room, chunks + 0.1), padding=0)

    def _draw_grid(self, k: int) -> None:
        boxes = []
        for q, key, kind, r, t, tip in self.cells:
            if kind == "masked":
                boxes.append(Box(key, q, key + 1, q + 1, hatched("#BBBBBB"), tip, "#FFFFFF", 0.5))
            elif r < 0 or t > k:   # not computed yet
                boxes.append(Box(key, q, key + 1, q + 1, EMPTY, tip, "#FFFFFF", 0.5))
            else:
                fill = rank_colour(r) if kind == "full" else dotted(rank_colour(r))
                now = t == k
                boxes.append(Box(key, q, key + 1, q + 1, fill, tip, HIGHLIGHT if now else "#FFFFFF",
                                 2.0 if now else 0.5))
        self.grid.set(boxes)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        new_width = event.type() == QEvent.Type.Resize and self.softmax.width() != self._softmax_width
        if (watched is self.softmax and self._softmax_step is not None
                and (new_width or event.type() == QEvent.Type.FontChange)):
            self._show_softmax(self._softmax_step)
        return super().eventFilter(watched, event)

    def _show_softmax(self, k: int) -> None:
        ring = self.ring
        assert ring is not None   # set_step shows it only after show_analysis
        m, ell = np.asarray(ring.demo_max), np.asarray(ring.demo_sum)
        k = min(k, m.shape[0] - 1)   # the demo runs on at most its own ranks' steps
        self._softmax_step, self._softmax_width = k, self.softmax.width()

        def table(shown: int) -> str:
            cells = "".join(f"<td align='right'>&nbsp;{r}</td>" for r in range(shown))
            more = "<td>&nbsp;…</td>" if m.shape[1] > shown else ""
            rows = [f"<tr><td>{self.tr('rank')}</td>{cells}{more}</tr>"]
            for name, values in (("m", m), ("ℓ", ell)):
                numbers = "".join(f"<td align='right'>&nbsp;{values[k, r]:.3g}</td>" for r in range(shown))
                rows.append(f"<tr><td><i>{name}</i></td>{numbers}{more}</tr>")
            return "<table>" + "".join(rows) + "</table>"

        # as many ranks as the column holds: a table cannot wrap, and its last columns were cut off
        document = QTextDocument()
        document.setDefaultFont(self.softmax.font())
        shown = min(m.shape[1], SOFTMAX_COLUMNS)
        while shown > 1:
            document.setHtml(table(shown))
            if document.idealWidth() <= self.softmax.contentsRect().width():
                break
            shown -= 1
        heading = self.tr("Online softmax after step {k}").format(k=k + 1)
        if ring.demo_ranks < ring.degree:
            heading += " " + self.tr("(a demonstration on {d} ranks)").format(d=ring.demo_ranks)
        set_text(self.softmax, "<b>" + heading + "</b> — "
                 + self.tr("each rank's first query row: running max m, denominator ℓ") + table(shown)
                 + self.tr("ring attention = exact attention to {error:.1e} on a small "
                                                        "seeded example").format(error=ring.demo_error))

    def headline(self) -> str:
        ring, a = self.ring, self.analysis
        assert ring is not None and a is not None   # show_analysis sets them first
        layout = self.tr("zigzag (head–tail) chunks") if ring.zigzag else self.tr("contiguous chunks")
        return self.tr("Ring attention over {n} ranks: S = {s:,} tokens, {layout}").format(
            n=ring.degree, s=a.seq_len, layout=layout)

    def numbers(self) -> str:
        ring = self.ring
        assert ring is not None   # show_analysis sets it first
        verdict = (self.tr("compute hides the transfer") if ring.hidden else
                   "<span style='color:#C00000'>" + self.tr("the transfer is exposed") + "</span>")
        return "<br>".join([
            self.tr("{steps} P2P steps of {bytes} each (one K and one V block) on {tier}.").format(
                steps=ring.steps, bytes=format_bytes(ring.bytes_per_step),
                tier=tier_name(ring.placement.tier, ring.placement.nodes)),
            self.tr("A block's attention takes {compute}, its transfer {transfer}: {verdict}.").format(
                compute=format_seconds(ring.block_compute_s), transfer=format_seconds(ring.transfer_s),
                verdict=verdict)])
