"""DeepSpeed-Ulysses step by step: what every rank holds, as sequence blocks × head groups, through
the QKV all-to-all, attention on whole sequences, and the output all-to-all back."""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from tslab.models.context import ContextAnalysis, Ulysses, ulysses_holdings
from tslab.models.units import format_bytes, format_seconds
from tslab.views import charts
from tslab.views.common import set_text
from tslab.views.context.common import (DRAW_LIMIT, EMPTY, HIGHLIGHT, Boxes, SchemePanel, frame, head_reason,
                                        panel_columns, picture, rank_colour, rich_label, tier_name)


class UlyssesPanel(SchemePanel):
    """Rank r's panel is an n × n grid, rows the sequence blocks and columns the head groups; a
    filled cell is held by the rank (coloured by its sequence block), a dark outline marks what it
    received in this round. The holdings are `models.context.ulysses_holdings`."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.plot = picture(self, square=True)
        self.cells = Boxes(self.plot)
        self.texts = charts.BarChart(self.plot)
        self.too_many = QLabel(self)
        self.too_many.setWordWrap(True)
        self.key = rich_label(self, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.too_many)
        layout.addWidget(self.key)
        self.ulysses: Ulysses | None = None
        self.frames: list[tuple[frozenset[tuple[int, int]], ...]] = []
        self.sources: list[dict[int, set[int]]] = []   # per frame: rank → the ranks it received from
        self.step = 0
        self.held = np.zeros((0,), dtype=bool)   # [step, rank, block, group]: the holdings as an array

    def sizeHint(self) -> QSize:
        return QSize(800, 420)

    def show_analysis(self, analysis: ContextAnalysis) -> None:
        self.analysis, self.ulysses = analysis, analysis.ulysses
        n = self.ulysses.degree
        self.last_step = self.ulysses.steps
        drawn = n <= DRAW_LIMIT
        self.plot.setVisible(drawn)
        self.key.setVisible(drawn)
        self.too_many.setVisible(not drawn)
        if not drawn:
            self.frames, self.sources = [], []
            set_text(self.too_many, self.tr("{n} ranks: too many to draw one by one (up to {limit}); the numbers "
                                            "above are for all of them.").format(n=n, limit=DRAW_LIMIT))
            return
        self.frames = [ulysses_holdings(n, k) for k in range(self.last_step + 1)]
        self.sources = [{}]
        for before, after in zip(self.frames, self.frames[1:]):
            received: dict[int, set[int]] = {}
            for r in range(n):
                for cell in after[r] - before[r]:
                    received.setdefault(r, set()).update(q for q in range(n) if q != r and cell in before[q])
            self.sources.append(received)
        set_text(self.key, self.tr("Each rank's grid: rows are sequence blocks, columns head groups; a cell is "
                                   "coloured by its sequence block; outlined: received in this round."))
        self.per_row = 0
        self._lay_out()

    def _aspect(self) -> float:
        """The picture's width over its height (a typical one before it is laid out)."""
        size = self.plot.size()
        return size.width() / size.height() if size.width() > 50 and size.height() > 50 else 2.1

    def _lay_out(self) -> bool:
        """Arrange the rank panels in the rows that draw them largest; whether that changed."""
        assert self.ulysses is not None   # show_analysis sets it first
        n = self.ulysses.degree
        gap = max(1.0, n * 0.25)
        per_row = panel_columns(n, n + gap + 1.2, n + gap, self._aspect())
        if per_row == self.per_row:
            return False
        self.per_row = per_row
        rows = -(-n // per_row)
        self._origins = [((r % per_row) * (n + gap), (r // per_row) * (n + gap + 1.2)) for r in range(n)]
        width = per_row * (n + gap) - gap
        height = rows * (n + gap + 1.2) - gap
        frame(self.plot, -0.5, width + 0.5, -0.8, height + 0.2)
        return True

    def fit(self) -> None:
        if self.frames and self._lay_out():
            self._draw(self.step)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit()

    def set_step(self, k: int) -> str:
        u = self.ulysses
        if u is None:
            return ""
        n = u.degree
        k = self.step = max(0, min(k, self.last_step))
        if self.frames:
            self._draw(k)
        rounds = max(n - 1, 1)
        if k == 0:
            return self.tr("Sequence-sharded: rank r holds sequence block r (S/n tokens) of every head.")
        if k < n:
            return self.tr("QKV all-to-all, round {k} of {rounds}: {pairs}").format(
                k=k, rounds=rounds, pairs=self._pairs(k))
        if k == n:
            return self.tr("Head-sharded: rank r holds head group r for the whole sequence; attention runs with "
                           "no further communication.")
        if k < 2 * n:
            return self.tr("Output all-to-all, round {k} of {rounds}: {pairs}").format(
                k=k - n, rounds=rounds, pairs=self._pairs(k))
        return self.tr("Sequence-sharded again: the attention output of block r is back on rank r.")

    def _pairs(self, k: int) -> str:
        """"1 ← 0, 2 ← 1, …": who receives from whom in the round that ends at frame k."""
        if not self.sources or k >= len(self.sources):
            return ""
        received = self.sources[k]
        return ", ".join(f"{r} ← {', '.join(str(q) for q in sorted(received[r]))}" for r in sorted(received))

    def cell_at(self, x: float, y: float) -> tuple[int, int, int] | None:
        """(rank, sequence block, head group) of the cell at picture coordinates (x, y), if any."""
        assert self.ulysses is not None   # hovered only once show_analysis has drawn the cells
        n = self.ulysses.degree
        for r, (ox, oy) in enumerate(self._origins):
            if ox <= x < ox + n and oy <= y < oy + n:
                return r, int(y - oy), int(x - ox)
        return None

    def _tip(self, x: float, y: float) -> str:
        cell = self.cell_at(x, y)
        if cell is None or not self.held[self.step][cell]:
            return ""
        r, b, g = cell
        return self.tr("rank {r}: sequence block {b}, head group {g}").format(r=r, b=b, g=g)

    def _draw(self, k: int) -> None:
        """The cells as batches: one per sequence block's colour, the empty ones, and the outlines
        of what arrived in this round (numpy over the n³ cells, no object per cell)."""
        assert self.ulysses is not None   # drawn only after show_analysis
        n = self.ulysses.degree
        if len(self.held) != len(self.frames):
            self.held = np.zeros((len(self.frames), n, n, n), dtype=bool)   # [step, rank, block, group]
            for step, holdings in enumerate(self.frames):
                for r, pairs in enumerate(holdings):
                    for b, g in pairs:
                        self.held[step, r, b, g] = True
        origins = np.asarray(self._origins, dtype=float)
        rank, block, group = np.indices((n, n, n))
        x0 = origins[rank, 0] + group
        y0 = origins[rank, 1] + block
        corners = np.stack([x0, y0, x0 + 1, y0 + 1], axis=-1)
        held = self.held[k]
        new = held & ~self.held[k - 1] if k else np.zeros_like(held)
        batches = [(EMPTY, "#FFFFFF", 0.6, corners[~held])]
        batches += [(rank_colour(b), "#FFFFFF", 0.6, corners[held & (block == b)]) for b in range(n)]
        batches.append(("#00000000", HIGHLIGHT, 2.2, corners[new]))
        self.cells.set_batches(batches, self._tip)
        self.texts.set_labels([(ox + n / 2, oy + n + 0.1, self.tr("rank {r}").format(r=r),
                                {"anchor": (0.5, 0), "size": 8.5}) for r, (ox, oy) in enumerate(self._origins)])

    def headline(self) -> str:
        u, a = self.ulysses, self.analysis
        assert u is not None and a is not None   # show_analysis sets them first
        return self.tr("DeepSpeed-Ulysses over {n} ranks: S = {s:,} tokens, {heads} heads").format(
            n=u.degree, s=a.seq_len, heads=u.heads)

    def numbers(self) -> str:
        u = self.ulysses
        assert u is not None   # show_analysis sets it first
        limits = {"attention heads": self.tr("attention heads"), "KV heads": self.tr("KV heads")}
        lines = [self.tr("Per layer every rank sends {total} per link: {qkv} of Q, K, V and {out} of output "
                         "(4SH/n without GQA); both all-to-alls take {time} on {tier}.").format(
            total=format_bytes(u.bytes_per_link_per_layer), qkv=format_bytes(u.qkv_bytes_per_link),
            out=format_bytes(u.output_bytes_per_link), time=format_seconds(u.time_s),
            tier=tier_name(u.placement.tier, u.placement.nodes))]
        limit = self.tr("The degree is at most {max}, set by the {limit} ({heads} attention heads, {kv} KV "
                        "heads).").format(max=u.max_degree, limit=limits.get(u.limit, u.limit), heads=u.heads,
                                          kv=u.kv_heads)
        if not u.feasible:
            reason = head_reason(u.degree, u)
            limit = "<span style='color:#C00000'>" + self.tr("Not feasible: {reason}").format(reason=reason) \
                + "</span> " + limit
        return "<br>".join(lines + [limit])
