"""Figure 7: Ulysses, Ring and USP side by side for one scenario (models.context).

Ulysses as the ownership of sequence blocks × head groups before and after its all-to-all
(models.context.ulysses_holdings), Ring as its ranks with fixed Q blocks and the K/V block each
holds step by step (the analysis's schedule), USP as its ulysses × ring grid of GPUs; under them
the bytes one layer's forward pass moves per link on each scheme, as context_analysis gives them.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QPointF, QRectF
from PySide6.QtGui import QPainter

from tslab.models.context import ContextAnalysis, context_analysis, ulysses_holdings
from tslab.models.document import Document
from tslab.models.presets import preset_document
from tslab.models.units import format_bytes
from tslab.views.context.common import DRAW_LIMIT, TIER_COLOURS, head_reason, rank_colour, tier_name, usp_reason
from tslab.views.gallery.painted import CENTRE, FAINT, INK, LEFT, MUTED, PANEL, RULE, TOP_CENTRE, TOP_LEFT, Diagram

# The labelled example when the document has no context parallelism: the classroom model with its
# eight GPUs as cp = 4 × dp = 2, and USP as 2 Ulysses × 2 Ring so that its grid is two-dimensional.
EXAMPLE_PRESET = "classroom-7b"
EXAMPLE_CHANGES = {"parallel.cp": 4, "parallel.dp": 2, "context.ulysses": 2}
GRID_TEXT_LIMIT = 64   # USP cells that carry their GPU's number

translate = QCoreApplication.translate


def context_document(document: Document) -> tuple[Document, ContextAnalysis, str | None]:
    """The document drawn, its analysis and why the example is drawn instead: None when the
    document has cp > 1 and an analysis (it is drawn), "" when it has cp = 1, else the reason
    the long-context model gives for not laying it out."""
    reason = ""
    if document.scenario.parallel.cp > 1:
        try:
            return document, context_analysis(document.scenario), None
        except ValueError as exc:
            reason = str(exc)
    example = preset_document(EXAMPLE_PRESET).replace(**EXAMPLE_CHANGES)
    return example, context_analysis(example.scenario), reason


def ring_bytes_per_link(a: ContextAnalysis) -> int:
    """Ring attention: n − 1 steps, each passing one K and one V block over the ring link."""
    return a.ring.steps * a.ring.bytes_per_step


def usp_ring_bytes_per_link(a: ContextAnalysis) -> int:
    return a.usp.ring_steps * a.usp.ring_bytes_per_step


class ContextComparison(Diagram):
    """The three schemes' pictures in a row, their bytes per link per layer under them.
    `printed` holds every number the figure prints, in bytes (the tests compare it with the
    analysis)."""

    def __init__(self, analysis: ContextAnalysis, parent=None):
        super().__init__(parent)
        self.analysis = analysis
        u, usp = analysis.ulysses, analysis.usp
        self.printed: dict[str, int] = {"ring": ring_bytes_per_link(analysis)}
        if u.feasible and u.degree > 1:
            self.printed["ulysses"] = u.bytes_per_link_per_layer
        if usp.feasible and usp.ring >= 1:
            self.printed["usp_ulysses"] = usp.ulysses_bytes_per_link_per_layer
            self.printed["usp_ring"] = usp_ring_bytes_per_link(analysis)

    # ------------------------------------------------------------------------------------------
    def draw(self, painter: QPainter, area: QRectF) -> None:
        area = area.adjusted(6, 4, -6, -4)
        bars_height = max(160.0, min(250.0, area.height() * 0.36))
        top = QRectF(area.x(), area.y(), area.width(), area.height() - bars_height - 14)
        gap = 16.0
        width = (top.width() - 2 * gap) / 3
        panels = [QRectF(top.x() + k * (width + gap), top.y(), width, top.height()) for k in range(3)]
        a = self.analysis
        n = a.cp
        titles = [
            translate("gallery", "Ulysses: sequence shard ↔ head shard"),
            translate("gallery", "Ring: fixed Q blocks, K/V blocks rotate"),
            translate("gallery", "USP: a {u} × {r} mesh (Ulysses × Ring)").format(u=a.usp.ulysses,
                                                                                   r=max(a.usp.ring, 1)),
        ]
        notes = [
            translate("gallery", "Before: rank r holds sequence block r of every head group. The QKV all-to-all hands "
                                 "rank r head group r for the whole sequence; attention runs locally; a second "
                                 "all-to-all returns the output."),
            translate("gallery", "Every rank keeps its own Q block; the K/V blocks travel one rank on around the ring, "
                                 "{steps} P2P steps, each block folded into the online softmax.").format(
                steps=a.ring.steps),
            translate("gallery", "A row is one Ulysses group (all-to-all inside the row), a column one ring (K/V "
                                 "passed down the column); ulysses × ring = cp = {cp}.").format(cp=n),
        ]
        if a.usp.auto and a.usp.feasible:
            notes[2] += " " + translate("gallery", "The Ulysses degree is the largest the heads allow "
                                                   "(context.ulysses = 0).")
        title_px = self.common_px([(QRectF(0, 0, p.width() - 16, 40), t) for p, t in zip(panels, titles)],
                                  16, 10, bold=True)
        note_px = self.common_px([(QRectF(0, 0, p.width() - 16, 78), t) for p, t in zip(panels, notes)], 13, 9)
        for panel, title, note in zip(panels, titles, notes):
            self.box(panel, PANEL, RULE, 1, 6)
            self.text(QRectF(panel.x() + 8, panel.y() + 6, panel.width() - 16, 40), title, px=title_px, bold=True,
                      align=TOP_CENTRE)
            self.text(QRectF(panel.x() + 8, panel.bottom() - 84, panel.width() - 16, 78), note, px=note_px,
                      colour=MUTED)
        inner = [QRectF(p.x() + 10, p.y() + 50, p.width() - 20, p.height() - 50 - 92) for p in panels]
        if n > DRAW_LIMIT:
            too_many = translate("gallery", "{n} ranks: too many to draw one by one (up to {limit}); the bytes below "
                                            "are for all of them.").format(n=n, limit=DRAW_LIMIT)
            for rect in inner:
                self.text(rect, too_many, align=CENTRE, largest=13)
        else:
            self._ulysses(inner[0])
            self._ring(inner[1])
        self._usp(inner[2])
        self._bars(QRectF(area.x(), area.bottom() - bars_height, area.width(), bars_height))

    # ------------------------------------------------------------------------------------------
    def _ulysses(self, rect: QRectF) -> None:
        a = self.analysis
        u = a.ulysses
        n = u.degree
        if not u.feasible:
            reason = translate("gallery", "Not feasible for this scenario: {reason}.").format(reason=head_reason(n, u))
            self.text(rect.adjusted(6, 0, -6, 0), reason, colour="#C00000", align=CENTRE, largest=14)
            return
        label_h = 40.0
        gap = 54.0
        side = min((rect.width() - gap) / 2, rect.height() - label_h - 6)
        x0 = rect.center().x() - (2 * side + gap) / 2
        y0 = rect.y() + (rect.height() - label_h - side) / 2
        before, after = ulysses_holdings(n, 0), ulysses_holdings(n, n)
        cell = side / n
        for k, holdings in enumerate((before, after)):
            left = x0 + k * (side + gap)
            owner = {pair: r for r, pairs in enumerate(holdings) for pair in pairs}
            for (block, group), r in owner.items():
                self.box(QRectF(left + group * cell, y0 + block * cell, cell, cell), rank_colour(r), "#FFFFFF",
                         0.8 if n <= 8 else 0.4, 0)
            if n <= 8:
                for (block, group), r in owner.items():
                    self.text(QRectF(left + group * cell, y0 + block * cell, cell, cell), str(r), align=CENTRE,
                              largest=13, smallest=7, colour="#FFFFFF")
        labels = [translate("gallery", "sequence-sharded: rows = sequence blocks"),
                  translate("gallery", "head-sharded: columns = head groups")]
        px = self.common_px([(QRectF(0, 0, side + gap * 0.4, label_h), t) for t in labels], 13, 9)
        for k, label in enumerate(labels):
            left = x0 + k * (side + gap)
            self.text(QRectF(left - gap * 0.2, y0 + side + 4, side + gap * 0.4, label_h), label, px=px,
                      align=TOP_CENTRE, colour=MUTED)
        mid_y = y0 + side / 2
        self.arrow(QPointF(x0 + side + 6, mid_y - 8), QPointF(x0 + side + gap - 6, mid_y - 8), INK, 1.8)
        self.arrow(QPointF(x0 + side + gap - 6, mid_y + 8), QPointF(x0 + side + 6, mid_y + 8), INK, 1.8)
        self.text(QRectF(x0 + side, mid_y - 44, gap, 32), translate("gallery", "all-to-all"), align=CENTRE,
                  largest=12, smallest=8)
        legend = (translate("gallery", "cell number = the rank holding it") if n <= 8
                  else translate("gallery", "colour = the rank holding the cell"))
        self.text(QRectF(x0 - 4, y0 - 22, 2 * side + gap + 8, 20), legend, align=TOP_CENTRE, largest=12,
                  colour=MUTED)

    def _ring(self, rect: QRectF) -> None:
        a = self.analysis
        ring = a.ring
        n = ring.degree
        circle_w = rect.width() * 0.48
        table = QRectF(rect.x() + circle_w + 12, rect.y(), rect.width() - circle_w - 12, rect.height())
        text_h = 50.0   # under the ring: what a rank keeps and what it passes on
        room = min(circle_w, rect.height() - text_h)
        centre = QPointF(rect.x() + circle_w / 2, rect.y() + (rect.height() - text_h) / 2)
        node = max(24.0, min(36.0, 2 * math.pi * (room / 2 - 20) / n * 0.62))
        radius = max(10.0, room / 2 - node / 2 - 6)
        points = [QPointF(centre.x() + radius * math.sin(2 * math.pi * r / n),
                          centre.y() - radius * math.cos(2 * math.pi * r / n)) for r in range(n)]
        for r in range(n):   # K/V of rank r goes to rank r + 1 (rank r computes with rank r − t's block)
            p, q = points[r], points[(r + 1) % n]
            d = q - p
            length = math.hypot(d.x(), d.y())
            if length > node:
                shrink = (node * 0.62) / length
                self.arrow(p + d * shrink, q - d * shrink, FAINT, 1.4, 7)
        for r, p in enumerate(points):
            box = QRectF(p.x() - node / 2, p.y() - node / 2, node, node)
            self.box(box, rank_colour(r), "#FFFFFF", 1, 5)
            self.text(box, str(r), align=CENTRE, largest=13, smallest=9, colour="#FFFFFF", bold=True)
        if ring.zigzag:
            keeps = translate("gallery", "rank r keeps Q chunks r and 2n − 1 − r (zigzag); its K/V go on to rank "
                                         "r + 1")
        else:
            keeps = translate("gallery", "rank r keeps Q block r; its K/V go on to rank r + 1")
        below = centre.y() + radius + node / 2 + 4
        self.text(QRectF(rect.x(), below, circle_w, rect.bottom() - below), keeps, align=TOP_CENTRE, largest=12,
                  smallest=9, colour=MUTED)
        # the step table: which rank's K/V block each rank computes with at each step
        head_h = 40.0
        self.text(QRectF(table.x(), table.y(), table.width(), head_h),
                  translate("gallery", "K/V block each rank holds, step by step"), align=TOP_CENTRE, largest=12,
                  smallest=8, colour=MUTED)
        label_w = 44.0
        cell = min((table.width() - label_w) / n, (table.height() - head_h - 22) / n)
        left = table.x() + label_w + (table.width() - label_w - cell * n) / 2
        top = table.y() + head_h + 16
        for t, step in enumerate(ring.schedule):
            for r, owner in enumerate(step.kv_block):
                self.box(QRectF(left + r * cell, top + t * cell, cell, cell), rank_colour(owner), "#FFFFFF", 0.5, 0)
                if n <= 8:
                    self.text(QRectF(left + r * cell, top + t * cell, cell, cell), str(owner), align=CENTRE,
                              largest=12, smallest=7, colour="#FFFFFF")
        self.text(QRectF(left, top - 16, cell * n, 15), translate("gallery", "rank →"), align=TOP_LEFT,
                  largest=11, smallest=7, colour=MUTED)
        for t in sorted({0, n - 1}):
            self.text(QRectF(left - label_w, top + t * cell, label_w - 4, cell),
                      translate("gallery", "step {t}").format(t=t + 1), align=LEFT, largest=11, smallest=7,
                      colour=MUTED)

    def _usp(self, rect: QRectF) -> None:
        a = self.analysis
        usp = a.usp
        if not usp.feasible or not usp.grid:
            reason = translate("gallery", "Not feasible for this scenario: {reason}.").format(
                reason=usp_reason(usp, a.ulysses, a.cp))
            self.text(rect.adjusted(6, 0, -6, 0), reason, colour="#C00000", align=CENTRE, largest=14)
            return
        rows, cols = len(usp.grid), len(usp.grid[0])
        if rows * cols > 256:
            too_many = translate("gallery", "{n} GPUs: too many to draw (up to {limit}).").format(n=rows * cols,
                                                                                                  limit=256)
            self.text(rect, too_many, align=CENTRE, largest=13)
            return
        top_h, bottom_h = 34.0, 34.0
        cell = min((rect.width() - 40) / cols, (rect.height() - top_h - bottom_h - 8) / rows, 64.0)
        grid_w, grid_h = cell * cols, cell * rows
        x0 = rect.x() + 20 + (rect.width() - 40 - grid_w) / 2
        y0 = rect.y() + top_h + (rect.height() - top_h - bottom_h - grid_h) / 2
        for row, gpus in enumerate(usp.grid):
            for col, gpu in enumerate(gpus):
                box = QRectF(x0 + col * cell + 1.5, y0 + row * cell + 1.5, cell - 3, cell - 3)
                self.box(box, rank_colour(row), "#FFFFFF", 1, 3)
                if rows * cols <= GRID_TEXT_LIMIT and cell >= 24:
                    self.text(box, str(gpu), align=CENTRE, largest=12, smallest=8, colour="#FFFFFF")
        ul_tier, ring_tier = TIER_COLOURS[usp.ulysses_placement.tier], TIER_COLOURS[usp.ring_placement.tier]
        if cols > 1:
            y = y0 - 8
            self.arrow(QPointF(x0 + 4, y), QPointF(x0 + grid_w - 4, y), ul_tier, 2)
            self.arrow(QPointF(x0 + grid_w - 4, y), QPointF(x0 + 4, y), ul_tier, 2)
        self.text(QRectF(rect.x(), y0 - top_h - 2, rect.width(), top_h - 12),
                  translate("gallery", "↔ Ulysses axis (u = {u}): all-to-all inside a row").format(u=cols),
                  align=TOP_CENTRE, largest=13, smallest=9)
        if rows > 1:
            x = x0 - 8
            self.arrow(QPointF(x, y0 + 4), QPointF(x, y0 + grid_h - 4), ring_tier, 2)
        self.text(QRectF(rect.x(), y0 + grid_h + 6, rect.width(), bottom_h - 6),
                  translate("gallery", "↓ Ring axis (r = {r}): P2P down a column").format(r=rows), align=TOP_CENTRE,
                  largest=13, smallest=9)

    # ------------------------------------------------------------------------------------------
    def _bars(self, rect: QRectF) -> None:
        a = self.analysis
        u, usp = a.ulysses, a.usp
        self.text(QRectF(rect.x(), rect.y(), rect.width() * 0.62, 22),
                  translate("gallery", "Bytes per link per layer (forward pass, one TP rank)"), bold=True, largest=14,
                  smallest=10)
        key = [(TIER_COLOURS["intra"], tier_name("intra", 1)),
               (TIER_COLOURS["inter"], translate("gallery", "the network"))]
        self.swatch_key(QRectF(rect.x() + rect.width() * 0.64, rect.y() + 2, rect.width() * 0.36, 22), key, 12)
        rows_top = rect.y() + 30
        row_h = (rect.height() - 30) / 3
        label_w = min(300.0, rect.width() * 0.22)
        value_w = min(520.0, rect.width() * 0.38)
        bar_x = rect.x() + label_w + 8
        bar_w = rect.width() - label_w - value_w - 24
        values = [self.printed.get("ulysses", 0), self.printed["ring"],
                  self.printed.get("usp_ulysses", 0) + self.printed.get("usp_ring", 0)]
        top_value = max(max(values), 1)
        names = [translate("gallery", "Ulysses over {n} ranks").format(n=u.degree),
                 translate("gallery", "Ring over {n} ranks").format(n=a.ring.degree),
                 translate("gallery", "USP {u} × {r}").format(u=usp.ulysses, r=max(usp.ring, 1))]
        if u.feasible and u.degree > 1:
            ulysses_text = translate("gallery", "{total}: {qkv} of Q, K, V and {out} of output (4SH/n without GQA); "
                                                "{tier}").format(
                total=format_bytes(u.bytes_per_link_per_layer), qkv=format_bytes(u.qkv_bytes_per_link),
                out=format_bytes(u.output_bytes_per_link), tier=tier_name(u.placement.tier, u.placement.nodes))
        elif u.degree <= 1:
            ulysses_text = translate("gallery", "no link: one rank")
        else:
            ulysses_text = translate("gallery", "not feasible: {reason}").format(reason=head_reason(u.degree, u))
        ring_text = translate("gallery", "{total}: {steps} × {step} (one K and one V block per step); {tier}").format(
            total=format_bytes(self.printed["ring"]), steps=a.ring.steps, step=format_bytes(a.ring.bytes_per_step),
            tier=tier_name(a.ring.placement.tier, a.ring.placement.nodes))
        if "usp_ulysses" in self.printed:
            usp_text = translate("gallery", "{ulysses} on the Ulysses axis + {ring} on the Ring axis ({steps} × "
                                            "{step})").format(
                ulysses=format_bytes(self.printed["usp_ulysses"]), ring=format_bytes(self.printed["usp_ring"]),
                steps=usp.ring_steps, step=format_bytes(usp.ring_bytes_per_step))
        else:
            usp_text = translate("gallery", "not feasible: {reason}").format(reason=usp_reason(usp, u, a.cp))
        texts = [ulysses_text, ring_text, usp_text]
        colours = [INK if u.feasible or u.degree <= 1 else "#C00000", INK,
                   INK if "usp_ulysses" in self.printed else "#C00000"]
        label_px = self.common_px([(QRectF(0, 0, label_w, row_h - 6), t) for t in names], 14, 9, bold=True)
        value_px = self.common_px([(QRectF(0, 0, value_w, row_h - 4), t) for t in texts], 13, 9)
        for k, (name, text, colour) in enumerate(zip(names, texts, colours)):
            y = rows_top + k * row_h
            self.line(QPointF(rect.x(), y), QPointF(rect.right(), y), RULE, 0.8)
            self.text(QRectF(rect.x(), y + 3, label_w, row_h - 6), name, px=label_px, bold=True, align=LEFT)
            bar = QRectF(bar_x, y + row_h * 0.22, 0, row_h * 0.56)
            if k == 0 and "ulysses" in self.printed:
                self.box(QRectF(bar.x(), bar.y(), bar_w * values[0] / top_value, bar.height()),
                         TIER_COLOURS[u.placement.tier], "", 0, 2)
            elif k == 1:
                self.box(QRectF(bar.x(), bar.y(), bar_w * values[1] / top_value, bar.height()),
                         TIER_COLOURS[a.ring.placement.tier], "", 0, 2)
            elif k == 2 and "usp_ulysses" in self.printed:
                first = bar_w * self.printed["usp_ulysses"] / top_value
                second = bar_w * self.printed["usp_ring"] / top_value
                self.box(QRectF(bar.x(), bar.y(), first, bar.height()), TIER_COLOURS[usp.ulysses_placement.tier],
                         "", 0, 2)
                self.box(QRectF(bar.x() + first, bar.y(), second, bar.height()),
                         TIER_COLOURS[usp.ring_placement.tier], "#FFFFFF", 1, 2)
            self.text(QRectF(rect.right() - value_w, y + 2, value_w, row_h - 4), text, px=value_px, align=LEFT,
                      colour=colour)


def context_caption(document: Document, a: ContextAnalysis, example: str | None) -> str:
    """What the figure draws; `example` as context_document returns it."""
    u, usp = a.ulysses, a.usp
    scenario = document.scenario
    lines = []
    if example:
        lines.append(translate("gallery", "The current scenario's context parallelism cannot be laid out ({reason}): "
                                          "drawn for the labelled example {preset} with cp = {cp}, dp = {dp} and USP "
                                          "as {u} Ulysses × {r} Ring.").format(
            reason=example, preset=EXAMPLE_PRESET, cp=a.cp, dp=scenario.parallel.dp, u=usp.ulysses, r=usp.ring))
    elif example is not None:
        lines.append(translate("gallery", "The current scenario has no context parallelism (cp = 1): drawn for the "
                                          "labelled example {preset} with cp = {cp}, dp = {dp} and USP as {u} Ulysses "
                                          "× {r} Ring.").format(
            preset=EXAMPLE_PRESET, cp=a.cp, dp=scenario.parallel.dp, u=usp.ulysses, r=usp.ring))
    numbers = dict(title=scenario.title, s=a.seq_len, cp=a.cp, tp=a.tp, ring=format_bytes(ring_bytes_per_link(a)),
                   steps=a.ring.steps)
    if u.feasible and u.degree > 1:
        lines.append(translate("gallery", "{title}: S = {s:,} tokens over cp = {cp} ranks (tp = {tp}), one layer's "
                                          "forward pass per TP rank, from the long-context model. Ulysses sends "
                                          "{ulysses} per link, Ring {ring} per link ({steps} steps).").format(
            ulysses=format_bytes(u.bytes_per_link_per_layer), **numbers))
    else:
        lines.append(translate("gallery", "{title}: S = {s:,} tokens over cp = {cp} ranks (tp = {tp}), one layer's "
                                          "forward pass per TP rank, from the long-context model. Ulysses over all "
                                          "{cp} ranks cannot hand each rank whole heads; Ring sends {ring} per link "
                                          "({steps} steps).").format(**numbers))
    if usp.feasible and usp.ulysses == 1:
        lines.append(translate("gallery", "USP with a Ulysses degree of 1 is Ring attention: {usp_r} per link on its "
                                          "Ring axis.").format(usp_r=format_bytes(usp_ring_bytes_per_link(a))))
    elif usp.feasible:
        lines.append(translate("gallery", "USP as {u} Ulysses × {r} Ring sends {usp_u} per link on its Ulysses axis "
                                          "({u_tier}) and {usp_r} on its Ring axis ({r_tier}).").format(
            u=usp.ulysses, r=usp.ring, usp_u=format_bytes(usp.ulysses_bytes_per_link_per_layer),
            usp_r=format_bytes(usp_ring_bytes_per_link(a)),
            u_tier=tier_name(usp.ulysses_placement.tier, usp.ulysses_placement.nodes),
            r_tier=tier_name(usp.ring_placement.tier, usp.ring_placement.nodes)))
    return "\n".join(lines)


__all__ = ["ContextComparison", "EXAMPLE_CHANGES", "EXAMPLE_PRESET", "context_caption", "context_document",
           "ring_bytes_per_link", "usp_ring_bytes_per_link"]
