"""Kimi K3's KDA context parallelism step by step: every rank's fixed-size fragment, the
all-gather, and the prefix scan's steps; its bytes (independent of S) against a softmax ring's."""
from __future__ import annotations

from PySide6.QtWidgets import QWidget

from tslab.models.context import ContextAnalysis, Kda
from tslab.models.units import format_bytes
from tslab.views import charts
from tslab.views.common import set_text
from tslab.views.context.common import (DRAW_LIMIT, EMPTY, HIGHLIGHT, Box, Boxes, SchemePanel, frame, picture,
                                        rank_colour)

GATHERED = "#D9D9D9"   # a fragment received by the all-gather, not yet combined


class KdaPanel(SchemePanel):
    """Rows are ranks, columns the fragments 0 … n−1: first each rank's own fragment, then the
    all-gather's copies (pale), then after each Hillis–Steele step the range [lo, hi] a rank has
    combined (solid, outlined); beside it the bytes per rank of the all-gather and of a softmax
    ring over the same ranks."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.plot = picture(self)
        self.cells = Boxes(self.plot)
        self.texts = charts.BarChart(self.plot)
        self.lay_out_with_bytes(self.tr("KDA all-gather vs softmax ring"), 3)
        self.kda: Kda | None = None

    def show_analysis(self, analysis: ContextAnalysis) -> None:
        self.analysis, self.kda = analysis, analysis.kda
        kda = self.kda
        n = kda.ranks
        # frames: 0 the local fragments, 1 the all-gather, 2 … the scan's steps
        self.last_step = 1 + len(kda.scan_steps)
        drawn = n <= DRAW_LIMIT
        self.plot.setVisible(drawn)
        self.too_many.setVisible(not drawn)
        set_text(self.too_many, "" if drawn else self.tr(
            "{n} ranks: too many to draw one by one (up to {limit}); the numbers are for all of them.").format(
                n=n, limit=DRAW_LIMIT))
        if drawn:
            frame(self.plot, -2.6, n + 0.2, -1.3, n + 0.2)
        self.show_bytes([(self.tr("KDA all-gather"), kda.allgather_bytes_per_rank, "#59A14F"),
                         (self.tr("softmax ring"), kda.softmax_ring_bytes_per_rank, "#4E79A7")],
                        self.tr("{unit} per rank per layer"))
        set_text(self.bytes_key, self.tr(
            "One fragment: {heads} heads × (d_k² + d_k·d_v) FP32 = {fragment}, whatever the sequence length; the ring "
            "passes K/V blocks that grow with S ({s:,} tokens per rank here).").format(
                heads=kda.heads, fragment=format_bytes(kda.fragment_bytes), s=kda.tokens_per_rank))

    def set_step(self, k: int) -> str:
        kda = self.kda
        if kda is None:
            return ""
        k = max(0, min(k, self.last_step))
        if kda.ranks <= DRAW_LIMIT:
            self._draw(k)
        if k == 0:
            return self.tr("Every rank runs the delta rule over its {s:,} tokens from a zero state, composing them "
                           "into one fragment (transition, state).").format(s=kda.tokens_per_rank)
        if k == 1:
            return self.tr("One all-gather: every rank receives the other {others} fragments ({bytes}).").format(
                others=kda.ranks - 1, bytes=format_bytes(kda.allgather_bytes_per_rank))
        j = k - 2
        return self.tr("Prefix scan, step {j} of {steps}: rank r combines with rank r − {offset} (Hillis–Steele); "
                       "then each rank finishes its tokens from its incoming state.").format(
            j=j + 1, steps=len(kda.scan_steps), offset=1 << j)

    def _draw(self, k: int) -> None:
        kda = self.kda
        assert kda is not None   # set_step draws only after show_analysis
        n = kda.ranks
        ranges = kda.scan_steps[k - 2] if k >= 2 else tuple((r, r) for r in range(n))
        boxes, labels = [], []
        tip = self.tr("rank {r} holds fragment {f}")
        combined = self.tr("rank {r} has combined fragments {lo}–{hi}")
        for r in range(n):
            lo, hi = ranges[r]
            labels.append((-0.2, r + 0.5, self.tr("rank {r}").format(r=r), {"anchor": (1, 0.5), "size": 8}))
            for f in range(n):
                inside = lo <= f <= hi
                held = f == r or k >= 1
                if inside and (k >= 2 or f == r):
                    fill = rank_colour(f)
                elif held:
                    fill = GATHERED
                else:
                    fill = EMPTY
                text = combined.format(r=r, lo=lo, hi=hi) if inside and k >= 2 else tip.format(r=r, f=f) if held else ""
                boxes.append(Box(f + 0.05, r + 0.08, f + 0.95, r + 0.92, fill, text, "#FFFFFF", 0.5))
            if k >= 2:
                # the combined range: an outline only, no fill over the cells
                boxes.append(Box(lo + 0.02, r + 0.04, hi + 0.98, r + 0.96, "#00000000", "", HIGHLIGHT, 2.0))
        labels.append((n / 2, -0.2, self.tr("fragment →"), {"anchor": (0.5, 1), "size": 8}))
        self.cells.set(sorted(boxes, key=lambda box: box.width))
        self.texts.set_labels(labels)

    def headline(self) -> str:
        kda, a = self.kda, self.analysis
        assert kda is not None and a is not None   # show_analysis sets them first
        return self.tr("Kimi K3 KDA context parallelism over {n} ranks: S = {s:,} tokens").format(
            n=kda.ranks, s=a.seq_len)

    def numbers(self) -> str:
        kda = self.kda
        assert kda is not None   # show_analysis sets it first
        return "<br>".join([
            self.tr("Each rank all-gathers {gather} of fixed-size fragments per layer, independent of S; a softmax "
                    "ring over the same ranks would pass {ring}.").format(
                gather=format_bytes(kda.allgather_bytes_per_rank), ring=format_bytes(kda.softmax_ring_bytes_per_rank)),
            self.tr("Prefix scan: {steps} steps; against the sequential recurrence it differs by {error:.1e} on a "
                    "small seeded example. KDA layers only: K3's MLA layers keep other CP schemes.").format(
                steps=len(kda.scan_steps), error=kda.scan_error)])
