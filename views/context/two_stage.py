"""DeepSeek-V4's two-stage context parallelism for compressed attention, step by step: each rank's
token blocks of m, the last m tokens sent on to the next rank, the s/m + 1 compressed entries with
the bridge, the all-gather, and select-and-pad."""
from __future__ import annotations

import math

from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from tslab.models.context import ContextAnalysis, TwoStage
from tslab.models.units import format_bytes
from tslab.views import charts
from tslab.views.common import bold, chart_column, set_text
from tslab.views.context.common import (HIGHLIGHT, Arrows, Box, Boxes, SchemePanel, frame, hatched, picture,
                                        rank_colour, rich_label)

RANKS_DRAWN = 8     # rank rows drawn
BLOCKS_DRAWN = 12   # compression blocks drawn per rank; more are drawn as the first and last few
EDGE_BLOCKS = 5
ROW = 3.4           # height of one rank's rows (tokens, compressed entries, spacing)


def drawn_blocks(blocks: int) -> list[int | None]:
    """The blocks drawn for a rank's `blocks`: all of them, or the first and last EDGE_BLOCKS with
    None for the ones left out between."""
    if blocks <= BLOCKS_DRAWN:
        return list(range(blocks))
    return list(range(EDGE_BLOCKS)) + [None] + list(range(blocks - EDGE_BLOCKS, blocks))


class TwoStagePanel(SchemePanel):
    """Per rank: its tokens in compression blocks of m (the last block outlined when it is sent to
    the next rank), under them its compressed entries — the bridge first (the predecessor's last m
    tokens; rank 0's is a pad), then one per block, "s/m + 1" of them. Below, the all-gathered
    entries of every rank and what select-and-pad keeps. Beside it, the shapes and bytes."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.plot = picture(self)
        self.cells = Boxes(self.plot)
        self.texts = charts.BarChart(self.plot)
        self.sends = Arrows(self.plot, "#B03030", 1.6)
        self.table_title = bold(QLabel(self.tr("Shapes and bytes per stage"), self))
        self.table = rich_label(self)
        self.key = rich_label(self, 2)
        left = chart_column(self.plot, notes=[self.key])
        right = QVBoxLayout()
        right.addWidget(self.table_title)
        right.addWidget(self.table)
        right.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(left, 3)
        layout.addLayout(right, 1)
        self.two: TwoStage | None = None
        self.last_step = 4

    def stage_names(self) -> dict[str, str]:
        return {"stage 1: send": self.tr("stage 1: send"), "stage 1: output": self.tr("stage 1: output"),
                "stage 2: all-gather": self.tr("stage 2: all-gather"),
                "stage 2: select-and-pad": self.tr("stage 2: select-and-pad")}

    def show_analysis(self, analysis: ContextAnalysis) -> None:
        self.analysis, self.two = analysis, analysis.two_stage
        two = self.two
        self.blocks = math.ceil(two.tokens_per_rank / two.compress_ratio)
        self.slots = drawn_blocks(self.blocks)
        self.ranks_drawn = min(two.ranks, RANKS_DRAWN)
        width = len(self.slots)
        self.gather_y = self.ranks_drawn * ROW + 0.6
        frame(self.plot, -3.6, width + 3.4, -0.9, self.gather_y + 3.9)
        names = self.stage_names()
        bytes_of = {"stage 1: send": two.stage1_bytes_per_rank, "stage 2: all-gather": two.stage2_bytes_per_rank}
        rows = []
        for name, shape in two.shapes:
            size = bytes_of.get(name)
            detail = (self.tr("{bytes} per rank").format(bytes=format_bytes(size)) if size is not None else "")
            rows.append(f"<tr><td>{names.get(name, name)}</td><td align='right'>&nbsp;({', '.join(map(str, shape))})"
                        f"</td></tr><tr><td colspan='2' style='color:#555555'>&nbsp;&nbsp;{detail}</td></tr>"
                        if detail else
                        f"<tr><td>{names.get(name, name)}</td><td align='right'>&nbsp;({', '.join(map(str, shape))})"
                        f"</td></tr>")
        notes = [self.tr("d_kv = {d}: one token's KV entry; the compressor itself is not modelled, only shapes and "
                         "bytes.").format(d=two.d_kv)]
        if not two.aligned:
            notes.append(self.tr("m = {m} does not divide s = {s:,}: ⌈s/m⌉ + 1 entries per rank; under plain CP "
                                 "{straddling} compression blocks straddle a rank boundary.").format(
                m=two.compress_ratio, s=two.tokens_per_rank, straddling=two.straddling_blocks))
        set_text(self.table, "<table>" + "".join(rows) + "</table><p>" + "<br>".join(notes) + "</p>")
        set_text(self.key, self.tr("Each cell of a rank's upper row is a block of m = {m} tokens; the lower row its "
                                   "compressed entries: ▣ the bridge (from the previous rank's last m tokens), ▧ a "
                                   "pad.").format(m=two.compress_ratio))

    def set_step(self, k: int) -> str:
        two = self.two
        if two is None:
            return ""
        k = max(0, min(k, self.last_step))
        self._draw(k)
        m, s = two.compress_ratio, two.tokens_per_rank
        if k == 0:
            return self.tr("Plain CP: every rank holds s = {s:,} tokens, {blocks:,} compression blocks of "
                           "m = {m}.").format(s=s, blocks=self.blocks, m=m)
        if k == 1:
            return self.tr("Stage 1: every rank sends its last m = {m} uncompressed KV entries ({bytes}) to the next "
                           "rank.").format(m=m, bytes=format_bytes(two.stage1_bytes_per_rank))
        if k == 2:
            return self.tr("Stage 1: every rank compresses them into its bridge entry and its own blocks into one "
                           "entry each: s/m + 1 = {count:,} entries per rank (rank 0's bridge is a pad).").format(
                count=two.compressed_tokens_per_rank)
        if k == 3:
            return self.tr("Stage 2: an all-gather gives every rank all {ranks} × {count:,} = {gathered:,} entries "
                           "({bytes} received per rank).").format(
                ranks=two.ranks, count=two.compressed_tokens_per_rank, gathered=two.gathered_tokens,
                bytes=format_bytes(two.stage2_bytes_per_rank))
        return self.tr("Stage 2: select-and-pad keeps the {valid:,} valid entries in order and pads to {gathered:,} "
                       "({pads} pad).").format(valid=two.valid_tokens, gathered=two.gathered_tokens,
                                               pads=two.pad_tokens)

    def _draw(self, k: int) -> None:
        two = self.two
        assert two is not None   # set_step draws only after show_analysis
        m, s = two.compress_ratio, two.tokens_per_rank
        boxes, labels, arrows = [], [], []
        block_tip = self.tr("rank {r}, block {b}: tokens {lo:,}–{hi:,}")
        entry_tip = self.tr("rank {r}: the compressed entry of block {b}")
        bridge_tip = self.tr("rank {r}: the bridge entry, from rank {p}'s last {m} tokens")
        pad_tip = self.tr("rank 0: no predecessor, its bridge slot is a pad")
        for r in range(self.ranks_drawn):
            y = r * ROW
            colour = rank_colour(r)
            labels.append((-3.4, y + 0.5, self.tr("rank {r}").format(r=r), {"anchor": (0, 0.5), "size": 8.5}))
            for i, b in enumerate(self.slots):
                if b is None:
                    labels.append((i + 0.5, y + 0.5, "…", {"anchor": (0.5, 0.5), "size": 10}))
                    continue
                lo = r * s + b * m
                sent = k >= 1 and b == self.blocks - 1 and r + 1 < two.ranks
                boxes.append(Box(i + 0.05, y, i + 0.95, y + 1, colour,
                                 block_tip.format(r=r, b=b, lo=lo, hi=min(lo + m, (r + 1) * s) - 1),
                                 "#B03030" if sent else "#FFFFFF", 2.4 if sent else 0.5))
            if k >= 2:
                predecessor = two.bridges[r] if r < len(two.bridges) else r - 1
                if predecessor < 0:
                    boxes.append(Box(-1.25, y + 1.5, -0.35, y + 2.5, hatched("#777777"), pad_tip, "#777777", 1))
                else:
                    boxes.append(Box(-1.25, y + 1.5, -0.35, y + 2.5, rank_colour(predecessor),
                                     bridge_tip.format(r=r, p=predecessor, m=m), HIGHLIGHT, 2.4))
                for i, b in enumerate(self.slots):
                    if b is not None:
                        boxes.append(Box(i + 0.2, y + 1.6, i + 0.8, y + 2.4, colour, entry_tip.format(r=r, b=b),
                                         "#FFFFFF", 0.5))
                labels.append((len(self.slots) + 0.2, y + 2.0, f"s/m + 1 = {two.compressed_tokens_per_rank:,}",
                               {"anchor": (0, 0.5), "size": 8.5, "bold": True}))
            if k >= 1 and r + 1 < two.ranks and r + 1 < self.ranks_drawn:   # the last m tokens go to rank r + 1
                arrows.append(((len(self.slots) - 0.5, y + 1.0), (-0.8, y + ROW + 1.5)))
        if two.ranks > self.ranks_drawn:
            labels.append((-3.4, self.ranks_drawn * ROW - 0.6, self.tr("… {more} more ranks").format(
                more=two.ranks - self.ranks_drawn), {"anchor": (0, 0.5), "size": 8.5}))
        if k >= 3:
            self._draw_gathered(k, boxes, labels)
        self.cells.set(sorted(boxes, key=lambda box: box.width))
        self.texts.set_labels(labels)
        self.sends.set(arrows)

    def _draw_gathered(self, k: int, boxes: list[Box], labels: list[tuple]) -> None:
        """The all-gathered entries (rank by rank: bridge, then its own), and after select-and-pad
        the valid ones in order with the pads at the end — at most four cells per rank drawn."""
        two = self.two
        assert two is not None   # _draw's, set by show_analysis
        per_rank = two.compressed_tokens_per_rank
        shown = min(per_rank, 4)
        groups = min(two.ranks, RANKS_DRAWN)
        left, right = -1.25, len(self.slots) - 0.05
        gap = 1.0 if per_rank > shown else 0.5   # between ranks: room for "…" when entries are left out
        cell = (right - left) / (groups * (shown + gap))
        y = self.gather_y
        labels.append((-3.4, y + 0.45, self.tr("gathered"), {"anchor": (0, 0.5), "size": 8.5}))
        entries = []   # (rank, is_bridge_pad, index within the rank)
        for r in range(groups):
            for j in range(shown):
                entries.append((r, j == 0 and r < len(two.bridges) and two.bridges[r] < 0, j))
        x = left
        for r in range(groups):
            for j in range(shown):
                pad = j == 0 and r < len(two.bridges) and two.bridges[r] < 0
                fill = hatched("#777777") if pad else rank_colour(two.bridges[r] if j == 0 else r)
                boxes.append(Box(x, y, x + cell * 0.9, y + 0.9, fill,
                                 self.tr("from rank {r}").format(r=r), HIGHLIGHT if j == 0 and not pad else "#FFFFFF",
                                 1.6 if j == 0 and not pad else 0.5))
                x += cell
            if per_rank > shown:
                labels.append((x + cell * 0.4, y + 0.45, "…", {"anchor": (0.5, 0.5), "size": 9}))
            x += cell * gap
        if k < 4:
            return
        y += 1.5
        labels.append((-3.4, y + 0.45, self.tr("selected"), {"anchor": (0, 0.5), "size": 8.5}))
        kept = [(r, j) for r, pad, j in entries if not pad]
        pads = len(entries) - len(kept)
        x = left
        for r, j in kept:
            fill = rank_colour(two.bridges[r] if j == 0 else r)
            boxes.append(Box(x, y, x + cell * 0.9, y + 0.9, fill, self.tr("from rank {r}").format(r=r), "#FFFFFF", 0.5))
            x += cell
        for _ in range(pads):
            boxes.append(Box(x, y, x + cell * 0.9, y + 0.9, hatched("#777777"), self.tr("pad"), "#777777", 1))
            x += cell
        labels.append((x + 0.2, y + 0.45, self.tr("{valid:,} valid + {pads} pad = {gathered:,}").format(
            valid=two.valid_tokens, pads=two.pad_tokens, gathered=two.gathered_tokens),
            {"anchor": (0, 0.5), "size": 8.5}))

    def headline(self) -> str:
        two, a = self.two, self.analysis
        assert two is not None and a is not None   # show_analysis sets them first
        return self.tr("DeepSeek-V4 two-stage CP over {n} ranks: S = {s:,} tokens, compression m = {m}").format(
            n=two.ranks, s=a.seq_len, m=two.compress_ratio)

    def numbers(self) -> str:
        two = self.two
        assert two is not None   # show_analysis sets it first
        return "<br>".join([
            self.tr("s = S/cp = {s:,} tokens per rank → s/m + 1 = {count:,} compressed entries per rank (the +1 is "
                    "the bridge).").format(s=two.tokens_per_rank, count=two.compressed_tokens_per_rank),
            self.tr("Stage 1 sends {one} to the next rank; stage 2's all-gather receives {two} per rank.").format(
                one=format_bytes(two.stage1_bytes_per_rank), two=format_bytes(two.stage2_bytes_per_rank))])
