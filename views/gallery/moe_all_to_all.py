"""Figure 6, MoE's two all-to-alls and MoonEP: tokens dispatched from every EP rank to the ranks
of their experts and combined back (bytes per rank, inside the node and across nodes), then
MoonEP's redundant experts, which make every rank receive exactly S·K tokens — from models.moe.

Sources: DeepSeek-V3 Technical Report §3.2.2 (dispatch in FP8, combine in BF16, IB then NVLink)
and §2.1.2 (node-limited routing); Lepikhin et al., GShard (ICLR'21) §2 (dispatch → experts →
combine); Kimi K3 technical report §5.2.1 and Appendix E with the MoonEP repository
(github.com/MoonshotAI/MoonEP): S·K tokens per rank, at most E/R redundant experts per rank.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPen, QPolygonF
from PySide6.QtWidgets import QGridLayout, QSizePolicy, QVBoxLayout, QWidget

from tslab.models.hardware import link_tiers
from tslab.models.moe import MoeResult, settings_from
from tslab.models.scenario import Scenario
from tslab.models.units import format_bytes
from tslab.views import charts
from tslab.views.gallery.slide_charts import (GRID_COLOUR, MUTED, TippedPicture, font, nice_step, smooth_painter,
                                              tick_text)

INTRA_COLOUR, INTER_COLOUR = "#56B4E9", "#0072B2"        # NVLink inside the node, the network across nodes
BEFORE_COLOUR, AFTER_COLOUR = "#E69F00", "#009E73"       # home placement, after MoonEP's planning
REDUNDANT_COLOUR = "#CC79A7"
LINE_COLOUR = charts.CAPACITY_COLOUR
MIB = 1 << 20   # the charts' unit, as format_bytes writes the flow's numbers


@dataclass(frozen=True)
class MoeTraffic:
    """One MoE layer per EP rank: bytes it sends in the dispatch and in the combine all-to-all, to
    ranks on its own node and on other nodes, the tokens its experts receive before and after
    MoonEP's planning, and the redundant experts MoonEP copies to it. The bytes follow
    models.moe.analyse: one hidden vector per (token, chosen expert) sent to another rank, at the
    dispatch and combine precisions."""
    result: MoeResult
    gpus_per_node: int
    dispatch_intra: np.ndarray
    dispatch_inter: np.ndarray
    combine_intra: np.ndarray
    combine_inter: np.ndarray
    dispatch_element_bytes: int
    combine_element_bytes: int
    hidden: int
    before: np.ndarray = field(repr=False)
    after: np.ndarray = field(repr=False)
    redundant: np.ndarray = field(repr=False)

    @property
    def dispatch(self) -> np.ndarray:
        return self.dispatch_intra + self.dispatch_inter

    @property
    def combine(self) -> np.ndarray:
        return self.combine_intra + self.combine_inter

    @property
    def target(self) -> int:
        """S·K: what every rank receives after MoonEP."""
        return self.result.tokens_per_rank * self.result.top_k


def moe_traffic(scenario: Scenario, result: MoeResult) -> MoeTraffic:
    settings = settings_from(scenario)
    ranks, experts = result.ranks, result.experts
    gpn = max(1, link_tiers(scenario.cluster).gpus_per_node)
    to_rank = np.asarray(result.load, dtype=np.int64).reshape(ranks, ranks, experts // ranks).sum(axis=2)
    node = np.arange(ranks) // gpn
    same = node[:, None] == node[None, :]
    remote = ~np.eye(ranks, dtype=bool)
    d = scenario.model.hidden * settings.dispatch_bytes_per_element
    c = scenario.model.hidden * settings.combine_bytes_per_element
    return MoeTraffic(
        result=result, gpus_per_node=gpn,
        dispatch_intra=(to_rank * (same & remote)).sum(axis=1) * d, dispatch_inter=(to_rank * ~same).sum(axis=1) * d,
        combine_intra=(to_rank * (same & remote)).sum(axis=0) * c, combine_inter=(to_rank * ~same).sum(axis=0) * c,
        dispatch_element_bytes=settings.dispatch_bytes_per_element,
        combine_element_bytes=settings.combine_bytes_per_element, hidden=scenario.model.hidden,
        before=np.asarray(result.recv_tokens, dtype=np.int64), after=np.asarray(result.moonep.recv_tokens, np.int64),
        redundant=np.asarray(result.moonep.redundant_experts, dtype=np.int64))


def precision_name(element_bytes: int) -> str:
    return "FP8" if element_bytes == 1 else "BF16"


@dataclass
class Series:
    """Bars of one quantity per rank; series with the same `stack` are stacked, different stacks
    stand side by side."""
    name: str
    colour: str
    values: np.ndarray
    stack: int = 0
    tooltip: str = ""   # with {rank} and {value}


class RankBars(TippedPicture):
    """A painted bar chart with one slot per EP rank: the series side by side or stacked, a value
    axis on the left with a light grid, rank numbers along the bottom (thinned to fit), an optional
    dashed reference line with its label, and a key under the title."""

    def __init__(self, title: str, series: Sequence[Series], unit: str, *, scale_by: float = 1.0,
                 line: tuple[float, str] | None = None, line_colour: str = LINE_COLOUR,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.title, self.series, self.unit, self.scale_by, self.line = title, list(series), unit, scale_by, line
        self.line_colour = line_colour

    def sizeHint(self) -> QSize:
        return QSize(640, 260)

    def minimumSizeHint(self) -> QSize:
        return QSize(300, 170)

    def _range(self) -> tuple[float, float]:
        """The value axis: from min(0, lowest bar) to the highest stack (or reference line), with air."""
        stacks: dict[int, np.ndarray] = {}
        for series in self.series:
            stacks[series.stack] = stacks.get(series.stack, 0) + np.clip(series.values, 0, None)
        top = max((float(np.max(v)) for v in stacks.values() if np.size(v)), default=0.0)
        low = min((float(np.min(s.values)) for s in self.series if np.size(s.values)), default=0.0)
        if self.line is not None:
            top, low = max(top, self.line[0]), min(low, self.line[0])
        top, low = top / self.scale_by, min(low, 0.0) / self.scale_by
        span = top - low
        if span <= 0:
            return 0.0, 1.0
        return (low - span * 0.08 if low < 0 else 0.0), (top + span * 0.12 if top > 0 else span * 0.12)

    def paintEvent(self, _event) -> None:
        painter = smooth_painter(self)
        self.tips.clear()
        ink = QColor(charts.TEXT_COLOUR)
        title_font, key_font, tick_font = font(1.1, bold=True), font(1.0), font(0.95)
        title_m, key_m, tick_m = QFontMetricsF(title_font), QFontMetricsF(key_font), QFontMetricsF(tick_font)
        painter.setFont(title_font)
        painter.setPen(ink)
        painter.drawText(QRectF(0, 0, self.width(), title_m.height()), Qt.AlignmentFlag.AlignLeft, self.title)
        # the key, wrapping between entries
        x, y = 0.0, title_m.height() + 2
        for series in self.series:
            width = key_m.height() * 0.8 + 4 + key_m.horizontalAdvance(series.name) + 16
            if x > 0 and x + width > self.width():
                x, y = 0.0, y + key_m.height()
            painter.fillRect(QRectF(x, y + key_m.height() * 0.15, key_m.height() * 0.7, key_m.height() * 0.7),
                             QColor(series.colour))
            painter.setFont(key_font)
            painter.setPen(ink)
            painter.drawText(QRectF(x + key_m.height() * 0.8 + 4, y, width, key_m.height()),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, series.name)
            x += width
        low_value, top_value = self._range()
        step = nice_step(top_value - low_value, 4)
        ticks = [step * i for i in range(math.ceil(low_value / step), math.floor(top_value / step) + 1)]
        span = top_value - low_value

        def y_of(value: float) -> float:
            return area.bottom() - (value - low_value) / span * area.height()

        axis_w = max(tick_m.horizontalAdvance(tick_text(t)) for t in ticks) + 8
        area = QRectF(axis_w + tick_m.height() + 4, y + key_m.height() + 6, 0, 0)
        area.setRight(self.width() - 6)
        area.setBottom(self.height() - tick_m.height() * 2.3)
        if area.height() < 20 or area.width() < 20:
            painter.end()
            return
        painter.setFont(tick_font)
        for value in ticks:
            yy = y_of(value)
            painter.setPen(QPen(QColor(GRID_COLOUR), 1))
            painter.drawLine(QPointF(area.left(), yy), QPointF(area.right(), yy))
            painter.setPen(QColor(MUTED))
            painter.drawText(QRectF(area.left() - axis_w - 4, yy - tick_m.height() / 2, axis_w, tick_m.height()),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, tick_text(value))
        painter.save()   # the unit, turned along the value axis
        painter.translate(2, area.center().y())
        painter.rotate(-90)
        painter.setPen(QColor(MUTED))
        painter.drawText(QRectF(-area.height() / 2, 0, area.height(), tick_m.height()), Qt.AlignmentFlag.AlignCenter,
                         self.unit)
        painter.restore()
        ranks = len(self.series[0].values) if self.series else 0
        slot = area.width() / max(ranks, 1)
        stacks = sorted({s.stack for s in self.series})
        bar_w = slot * 0.8 / max(len(stacks), 1)
        for r in range(ranks):
            for position, stack in enumerate(stacks):
                base = 0.0
                x0 = area.left() + r * slot + slot * 0.1 + position * bar_w
                for series in (s for s in self.series if s.stack == stack):
                    value = float(series.values[r]) / self.scale_by
                    if value == 0:
                        continue
                    if value < 0:   # below the axis (not stacked)
                        y1, y0 = y_of(0.0), y_of(value)
                    else:
                        y1, y0 = y_of(base + value), y_of(base)
                        base += value
                    rect = QRectF(x0, y1, max(bar_w - (1 if bar_w > 4 else 0), 1.0), y0 - y1)
                    painter.fillRect(rect, QColor(series.colour))
                    if series.tooltip:
                        self.tips.add(rect, series.tooltip.format(rank=r, value=series.values[r]))
        painter.setPen(QPen(QColor(charts.AXIS_PEN), 1))
        painter.drawLine(QPointF(area.left(), y_of(0.0)), QPointF(area.right(), y_of(0.0)))
        # rank numbers, every k-th where they would collide
        widest = tick_m.horizontalAdvance(str(max(ranks - 1, 0))) + 8
        every = max(1, math.ceil(widest / slot))
        every = next(k for k in (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, every) if k >= every)
        painter.setPen(QColor(MUTED))
        for r in range(0, ranks, every):
            cx = area.left() + (r + 0.5) * slot
            painter.drawText(QRectF(cx - widest / 2, area.bottom() + 2, widest, tick_m.height()),
                             Qt.AlignmentFlag.AlignCenter, str(r))
        painter.drawText(QRectF(area.left(), area.bottom() + tick_m.height() + 2, area.width(), tick_m.height()),
                         Qt.AlignmentFlag.AlignCenter, QCoreApplication.translate("gallery", "EP rank"))
        if self.line is not None:
            value, label = self.line
            yy = y_of(value / self.scale_by)
            painter.setPen(QPen(QColor(self.line_colour), 2, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(area.left(), yy), QPointF(area.right(), yy))
            if label:
                label_w = key_m.horizontalAdvance(label) + 8
                box = QRectF(area.right() - label_w, yy - key_m.height() - 2, label_w, key_m.height())
                painter.fillRect(box, QColor(255, 255, 255, 220))
                painter.setFont(key_font)
                painter.setPen(QColor(self.line_colour))
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label)
        painter.end()


class MoeFlow(QWidget):
    """The layer as a strip: tokens on their rank → dispatch all-to-all → the experts' GEMMs →
    combine all-to-all → back on their rank, with each all-to-all's bytes."""

    def __init__(self, traffic: MoeTraffic, parent: QWidget | None = None):
        super().__init__(parent)
        self.traffic = traffic
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(int(QFontMetricsF(font(1.05)).height() * 5.4))

    def texts(self) -> tuple[list[str], list[str]]:
        t, result = self.traffic, self.traffic.result
        boxes = [QCoreApplication.translate("gallery", "EP rank r\nS = {s:,} tokens, each to K = {k} experts").format(
                     s=result.tokens_per_rank, k=result.top_k),
                 QCoreApplication.translate("gallery", "E/R = {epr} experts per rank\n(+ MoonEP's redundant copies)"
                                            ).format(epr=result.experts // result.ranks),
                 QCoreApplication.translate("gallery", "back on rank r: K outputs\nper token, weighted and summed")]
        arrows = [QCoreApplication.translate("gallery", "dispatch all-to-all\n≤ {bytes} per rank ({precision}), "
                                                        "{inter} across nodes").format(
                      bytes=format_bytes(int(t.dispatch.max())), precision=precision_name(t.dispatch_element_bytes),
                      inter=format_bytes(int(t.dispatch_inter.max()))),
                  QCoreApplication.translate("gallery", "combine all-to-all\n≤ {bytes} per rank ({precision})").format(
                      bytes=format_bytes(int(t.combine.max())), precision=precision_name(t.combine_element_bytes))]
        return boxes, arrows

    def paintEvent(self, _event) -> None:
        painter = smooth_painter(self)
        boxes, arrows = self.texts()
        box_font, arrow_font = font(1.05, bold=True), font(1.05)
        width, height = self.width(), self.height()
        box_w = width * 0.2
        arrow_w = (width - 3 * box_w) / 2
        ink = QColor(charts.TEXT_COLOUR)
        fills = ("#EAF3FB", "#FBEFF6", "#EAF3FB")
        for index, text in enumerate(boxes):
            rect = QRectF(index * (box_w + arrow_w) + 1, height * 0.12, box_w - 2, height * 0.76)
            painter.setPen(QPen(QColor("#8C8C8C"), 1.3))
            painter.setBrush(QColor(fills[index]))
            painter.drawRoundedRect(rect, 8, 8)
            painter.setFont(box_font)
            painter.setPen(ink)
            painter.drawText(rect.adjusted(6, 4, -6, -4), int(Qt.AlignmentFlag.AlignCenter) |
                             int(Qt.TextFlag.TextWordWrap), text)
        for index, text in enumerate(arrows):
            x0 = (index + 1) * box_w + index * arrow_w + 8
            x1 = x0 + arrow_w - 16
            mid = height * 0.62
            colour = QColor(INTER_COLOUR)
            painter.setPen(QPen(colour, 3))
            painter.drawLine(QPointF(x0, mid), QPointF(x1 - 10, mid))
            painter.setBrush(colour)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawPolygon(QPolygonF([QPointF(x1, mid), QPointF(x1 - 14, mid - 7), QPointF(x1 - 14, mid + 7)]))
            painter.setFont(arrow_font)
            painter.setPen(ink)
            painter.drawText(QRectF(x0 - 4, 0, arrow_w - 8, mid - 4), int(Qt.AlignmentFlag.AlignHCenter) |
                             int(Qt.AlignmentFlag.AlignBottom) | int(Qt.TextFlag.TextWordWrap), text)
        painter.end()


class MoeBody(QWidget):
    """The figure's drawing: the layer's flow, the two all-to-alls per EP rank, tokens per rank
    before and after MoonEP and the redundant experts it plans."""

    def __init__(self, traffic: MoeTraffic, parent: QWidget | None = None):
        super().__init__(parent)
        t, result = traffic, traffic.result
        self.flow = MoeFlow(traffic, self)
        tip_bytes = QCoreApplication.translate("gallery", "rank {rank}: {value:,} bytes")

        def byte_bars(title: str, intra: tuple[str, Any], inter: tuple[str, Any]) -> RankBars:
            """Bytes per EP rank, to the same node and to other nodes, in MiB."""
            return RankBars(title, [Series(intra[0], INTRA_COLOUR, intra[1], 0, tip_bytes),
                                    Series(inter[0], INTER_COLOUR, inter[1], 0, tip_bytes)],
                            QCoreApplication.translate("gallery", "MiB"), scale_by=MIB, parent=self)

        self.dispatch = byte_bars(
            QCoreApplication.translate("gallery", "Dispatch: bytes each EP rank sends to the experts' ranks"),
            (QCoreApplication.translate("gallery", "to ranks on the same node (NVLink)"), t.dispatch_intra),
            (QCoreApplication.translate("gallery", "to other nodes (network)"), t.dispatch_inter))
        self.combine = byte_bars(
            QCoreApplication.translate("gallery", "Combine: bytes each EP rank sends back to the tokens' ranks"),
            (QCoreApplication.translate("gallery", "back to the same node"), t.combine_intra),
            (QCoreApplication.translate("gallery", "back to other nodes"), t.combine_inter))
        tip_tokens = QCoreApplication.translate("gallery", "rank {rank}: {value:+,} tokens against S·K")
        self.tokens = RankBars(
            QCoreApplication.translate("gallery", "Tokens each EP rank's experts receive, minus S·K = "
                                                  "{target:,}").format(target=t.target),
            [Series(QCoreApplication.translate("gallery", "home placement"), BEFORE_COLOUR, t.before - t.target, 0,
                    tip_tokens),
             Series(QCoreApplication.translate("gallery", "after MoonEP: {exact} of {ranks} ranks at exactly S·K "
                                                          "(the dashed line)").format(
                        exact=int(np.sum(t.after == t.target)), ranks=result.ranks),
                    AFTER_COLOUR, t.after - t.target, 1, tip_tokens)],
            QCoreApplication.translate("gallery", "tokens − S·K"), line=(0.0, ""), line_colour=AFTER_COLOUR,
            parent=self)
        self.redundant = RankBars(
            QCoreApplication.translate("gallery", "MoonEP: redundant experts copied to each EP rank"),
            [Series(QCoreApplication.translate("gallery", "redundant experts"), REDUNDANT_COLOUR,
                    t.redundant.astype(float), 0, QCoreApplication.translate("gallery", "rank {rank}: {value:g} "
                                                                                       "redundant experts"))],
            QCoreApplication.translate("gallery", "experts"),
            line=(result.moonep.bound, QCoreApplication.translate("gallery", "bound E/R = {bound}").format(
                bound=result.moonep.bound)), parent=self)
        grid = QGridLayout()
        grid.setHorizontalSpacing(28)
        grid.setVerticalSpacing(10)
        grid.addWidget(self.dispatch, 0, 0)
        grid.addWidget(self.combine, 0, 1)
        grid.addWidget(self.tokens, 1, 0)
        grid.addWidget(self.redundant, 1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.flow)
        layout.addLayout(grid, 1)


__all__ = ["MoeBody", "MoeFlow", "MoeTraffic", "RankBars", "Series", "moe_traffic", "precision_name"]
