"""USP (Ulysses × Ring, Fang & Zhao 2024) as its 2-D grid of GPUs: a row is one Ulysses group
(all-to-all inside the row), a column one ring (K/V passed down the column); each axis's bytes and
where it lands in the cluster."""
from __future__ import annotations

from PySide6.QtWidgets import QWidget

from tslab.models.context import ContextAnalysis, Usp
from tslab.models.units import format_bytes
from tslab.views import charts
from tslab.views.common import set_text
from tslab.views.context.common import (HIGHLIGHT, TIER_COLOURS, Arrows, Box, Boxes, SchemePanel, frame, picture,
                                        rank_colour, tier_name, usp_reason)

GRID_LIMIT = 256   # GPUs drawn as cells
TEXT_LIMIT = 64    # cells that carry their GPU's number


class UspPanel(SchemePanel):
    """The grid (rows: ring positions, columns: Ulysses positions) with the step's traffic: the
    rows' all-to-all, then the ring's steps down every column, then the output all-to-all; beside
    it, the bytes one rank sends per layer on each axis, coloured by the link tier."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.plot = picture(self, square=True)
        self.cells = Boxes(self.plot)
        self.texts = charts.TextLayer("#202020", 8)
        self.plot.addItem(self.texts)
        self.edges = charts.BarChart(self.plot)
        self.sends = Arrows(self.plot)
        self.lay_out_with_bytes(self.tr("What one rank sends per layer"))
        self.usp: Usp | None = None

    def show_analysis(self, analysis: ContextAnalysis) -> None:
        self.analysis, self.usp = analysis, analysis.usp
        usp = self.usp
        # frames: 0 sequence-sharded, 1 the rows' QKV all-to-all, 2 … ring + 1 the ring's compute
        # steps (K/V passed down the columns between them), ring + 2 the output all-to-all
        self.last_step = usp.ring + 2
        rows, cols = len(usp.grid), len(usp.grid[0]) if usp.grid else 0
        drawn = 0 < rows * cols <= GRID_LIMIT
        self.plot.setVisible(drawn)
        self.too_many.setVisible(not drawn)
        set_text(self.too_many, "" if drawn else self.tr("{n} GPUs: too many to draw (up to {limit}).").format(
            n=rows * cols, limit=GRID_LIMIT))
        if drawn:
            frame(self.plot, -1.9, cols + 0.3, -1.1, rows + 0.3)
        self._show_bytes()

    def _show_bytes(self) -> None:
        usp = self.usp
        assert usp is not None   # show_analysis sets it first
        ring_bytes = usp.ring_bytes_per_step * usp.ring_steps
        self.show_bytes([(axis, value, TIER_COLOURS.get(placement.tier, "#888888")) for axis, value, placement in (
            (self.tr("Ulysses axis"), usp.ulysses_bytes_per_link_per_layer, usp.ulysses_placement),
            (self.tr("Ring axis"), ring_bytes, usp.ring_placement))], self.tr("{unit} per layer"))
        set_text(self.bytes_key, "<br>".join([
            self.tr("Ulysses ({u} ranks, 4(S/ring)H/ulysses): {tier}").format(
                u=usp.ulysses, tier=tier_name(usp.ulysses_placement.tier, usp.ulysses_placement.nodes)),
            self.tr("Ring ({r} ranks, {steps} steps of {bytes}): {tier}").format(
                r=usp.ring, steps=usp.ring_steps, bytes=format_bytes(usp.ring_bytes_per_step),
                tier=tier_name(usp.ring_placement.tier, usp.ring_placement.nodes)),
            f"<span style='color:{TIER_COLOURS['intra']}'>■</span> " + self.tr("NVLink") + " &nbsp; "
            f"<span style='color:{TIER_COLOURS['inter']}'>■</span> " + self.tr("network")]))

    def set_step(self, k: int) -> str:
        usp = self.usp
        if usp is None:
            return ""
        k = max(0, min(k, self.last_step))
        self._draw(k)
        if k == 0:
            return self.tr("Sequence-sharded: every GPU holds S/{n} tokens of every head.").format(
                n=usp.ulysses * usp.ring)
        if k == 1:
            return self.tr("QKV all-to-all inside every row ({u} GPUs): a row's GPUs trade heads for tokens, so each "
                           "holds S/{r} tokens of 1/{u} of the heads.").format(u=usp.ulysses, r=usp.ring)
        if k <= usp.ring + 1:
            j = k - 2
            if j < usp.ring_steps:
                return self.tr("Ring step {j} of {steps}: every GPU computes with the K/V block it holds and passes "
                               "that block down its column.").format(j=j + 1, steps=usp.ring)
            return self.tr("Ring step {j} of {steps}: every GPU computes with the last K/V block it "
                           "has received.").format(j=j + 1, steps=usp.ring)
        return self.tr("Output all-to-all inside every row: back to sequence-sharded.")

    def _draw(self, k: int) -> None:
        usp = self.usp
        assert usp is not None   # set_step draws only after show_analysis
        grid = usp.grid
        rows, cols = len(grid), len(grid[0]) if grid else 0
        if not rows * cols or rows * cols > GRID_LIMIT:
            return
        in_rows = k in (1, usp.ring + 2)
        ring_step = 2 <= k <= usp.ring + 1
        boxes, texts = [], []
        tip = self.tr("GPU {g}: Ulysses position {u} of row {row}, ring position {row} of column {u}")
        for row, gpus in enumerate(grid):
            for u, gpu in enumerate(gpus):
                boxes.append(Box(u + 0.06, row + 0.06, u + 0.94, row + 0.94, rank_colour(row),
                                 tip.format(g=gpu, u=u, row=row), HIGHLIGHT if in_rows else "#FFFFFF",
                                 2.0 if in_rows else 0.5))
                if rows * cols <= TEXT_LIMIT:
                    texts.append((u + 0.5, row + 0.5, str(gpu)))
        self.cells.set(boxes)
        self.texts.set_texts(texts)
        self.edges.set_labels([
            (cols / 2, -0.15, self.tr("Ulysses axis: {u} GPUs per row (all-to-all)").format(u=cols),
             {"anchor": (0.5, 1), "size": 8.5}),
            (-0.15, rows / 2, self.tr("Ring axis (P2P):\n{r} per column").format(r=rows),
             {"anchor": (1, 0.5), "size": 8.5}),
        ])
        pairs = []
        if ring_step and k - 2 < usp.ring_steps and rows > 1:
            for row in range(rows):
                for u in range(cols):
                    below = (row + 1) % rows
                    if below == 0:   # the wrap-around send: along the cells' left edge
                        pairs.append(((u + 0.12, row + 0.8), (u + 0.12, 0.2)))
                    else:
                        pairs.append(((u + 0.5, row + 0.75), (u + 0.5, below + 0.25)))
        self.sends.set(pairs)

    def headline(self) -> str:
        usp, a = self.usp, self.analysis
        assert usp is not None and a is not None   # show_analysis sets them first
        return self.tr("USP over {n} ranks: {u} Ulysses × {r} Ring, S = {s:,} tokens").format(
            n=usp.ulysses * usp.ring, u=usp.ulysses, r=usp.ring, s=a.seq_len)

    def numbers(self) -> str:
        usp = self.usp
        assert usp is not None and self.analysis is not None   # show_analysis sets them first
        lines = [self.tr("Per layer one rank sends {u} on the Ulysses axis and {r} on the Ring axis ({steps} steps "
                         "of {step}).").format(
            u=format_bytes(usp.ulysses_bytes_per_link_per_layer),
            r=format_bytes(usp.ring_bytes_per_step * usp.ring_steps), steps=usp.ring_steps,
            step=format_bytes(usp.ring_bytes_per_step)),
            self.tr("The Ulysses axis lands on {u}; the Ring axis on {r}.").format(
                u=tier_name(usp.ulysses_placement.tier, usp.ulysses_placement.nodes),
                r=tier_name(usp.ring_placement.tier, usp.ring_placement.nodes))]
        if not usp.feasible:
            lines.append("<span style='color:#C00000'>" + self.tr("Not feasible: {reason}").format(
                reason=usp_reason(usp, self.analysis.ulysses, self.analysis.cp)) + "</span>")
        return "<br>".join(lines)
