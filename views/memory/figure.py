"""The Memory Ledger tab's exportable figure: the most-loaded GPU's stacked bar with the capacity
line and the first item that runs out of memory, the tiers, ZeRO 0–3 and every pipeline rank."""
from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from tslab.models.hardware import GPUS
from tslab.models.memory import OOM_TEMPLATE, TIERS, MemoryLedger, gib
from tslab.views import charts
from tslab.views.common import bold, caption_label, paint_white, set_text, title_label
from tslab.views.figure_fit import LinesLabel, held
from tslab.views.memory.common import GIB, item_tooltip, tier_names
from tslab.views.texts import ledger_name

SMALL_CHART_CHARACTERS = 40   # a small chart's least width, in average characters of the type shown
LEGEND_SHARE = 0.01  # items below this share of the ledger are summed in the legend


def group_names() -> dict[str, str]:
    return {"params": ledger_name("Parameters"), "grads": ledger_name("Gradients"),
            "master": ledger_name("Master weights"), "optimizer": ledger_name("Optimizer states"),
            "activations": ledger_name("Activations"),
            "buffers": QCoreApplication.translate("MemoryFigure", "Buffers")}


def oom_text(ledger: MemoryLedger) -> str | None:
    oom = ledger.first_oom
    if oom is None:
        return None
    item = oom[0]
    used = 0
    for other in ledger.items:
        if other is item:
            break
        if other.tier == "gpu":
            used += other.bytes
    return QCoreApplication.translate("ledger", OOM_TEMPLATE).format(
        name=ledger_name(item.name), before=gib(used), item=gib(item.bytes), after=gib(used + item.bytes),
        capacity=gib(ledger.capacity_bytes), total=gib(ledger.gpu_bytes))


class MemoryFigure(QWidget):
    """The exportable figure: stacked bar of the most-loaded GPU with the capacity line and the
    OOM item, the tiers, ZeRO 0–3 side by side and the GPU tier of every pipeline rank."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        paint_white(self)
        self.ledger: MemoryLedger | None = None

        self.title = title_label(self)
        self.title.setWordWrap(True)   # a long title wraps in larger type instead of widening the figure
        # Texts at least as high as their usual lines: a changed text must not re-lay out the charts
        # (and larger type makes them higher rather than cut them off).
        self.subtitle = LinesLabel(self, 2)

        self.stack = charts.make_plot(self, bottom=self.tr("GiB on the most-loaded GPU"))
        self.stack.setMinimumHeight(150)
        self.stack.getPlotItem().getAxis("left").setTicks([[(0, "")], []])
        self.stack_chart = charts.BarChart(self.stack)
        self.stack_names = charts.BarChart(self.stack)  # item names inside wide segments
        self.stack.getPlotItem().getViewBox().sigResized.connect(lambda *_: self._place_stack_labels())
        self.legend = LinesLabel(self, 3)
        self.selection = LinesLabel(self, 2)  # the item picked in the table: its formula and source
        self.selection.hide()
        self.selected = ""

        self.tiers = charts.make_plot(self, left=self.tr("GiB"))
        self.zero = charts.make_plot(self, left=self.tr("GiB of model states"))
        self.ranks = charts.make_plot(self, left=self.tr("GiB on the GPU"))
        for plot in (self.tiers, self.zero, self.ranks):
            plot.getPlotItem().showGrid(x=False, y=True, alpha=0.15)
            plot.setMinimumHeight(170)
        charts.no_tab_stop(self.stack, self.tiers, self.zero, self.ranks)   # hover tips; the table has the items
        self.tiers_chart = charts.BarChart(self.tiers)
        self.zero_chart = charts.BarChart(self.zero)
        self.ranks_chart = charts.BarChart(self.ranks)
        self.zero_outline = pg.QtWidgets.QGraphicsRectItem()
        self.zero_outline.setPen(pg.mkPen(charts.TEXT_COLOUR, width=2, style=Qt.PenStyle.DotLine))
        self.zero.addItem(self.zero_outline)
        # Two-word tier names on two lines: side by side "Remote GPU" ran into "NVMe" at 1280 px.
        charts.category_axis(self.tiers, "bottom", [tier_names()[t].replace(" ", "\n", 1) for t in TIERS])
        charts.fits_its_type(self.tiers, tick_lines=2)
        charts.fits_its_type(self.zero, tick_lines=2)   # "ZeRO" over the stage: four fit at 200 % type
        self.tiers_title = QLabel(self.tr("Where the bytes live (tiers)"), self)
        self.zero_title = LinesLabel(self, 2, rich=False)
        self.zero_title.setText(self.tr("ZeRO stages 0–3, same rank"))
        self.ranks_title = QLabel(self.tr("GPU tier of each pipeline rank"), self)
        self.caption = caption_label(self, self.tr("Deterministic teaching model of byte counts, not a benchmark of "
                                                   "a real cluster. Hover any bar for its formula and source."),
                                     scale=0.9)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 8)
        layout.addWidget(self.title)
        layout.addWidget(held(self.subtitle))
        layout.addWidget(self.stack, 3)
        layout.addWidget(held(self.legend))
        layout.addWidget(held(self.selection))
        self.small_charts = QGridLayout()
        self.small_columns = []
        for heading, plot in ((self.tiers_title, self.tiers), (self.zero_title, self.zero),
                              (self.ranks_title, self.ranks)):
            holder = QWidget(self)
            column = QVBoxLayout(holder)
            column.setContentsMargins(0, 0, 0, 0)
            bold(heading, centred=True)
            column.addWidget(held(heading))
            column.addWidget(plot, 1)
            self.small_columns.append(holder)
        self._per_row = 0
        self._reflow()
        layout.addLayout(self.small_charts, 4)
        layout.addWidget(self.caption)

    def sizeHint(self) -> QSize:
        return QSize(1100, 720)

    def _reflow(self) -> None:
        """The three small charts side by side while each is at least SMALL_CHART_CHARACTERS
        average characters wide, else two to a row: in 200 % type, "Remote GPU" ran into "NVMe"
        in a third of 1280 px."""
        wide = self.fontMetrics().averageCharWidth() * SMALL_CHART_CHARACTERS
        per_row = 3 if self.width() >= 3 * wide else 2
        if per_row == self._per_row:
            return
        self._per_row = per_row
        for holder in self.small_columns:
            self.small_charts.removeWidget(holder)
        for index, holder in enumerate(self.small_columns):
            self.small_charts.addWidget(holder, index // per_row, index % per_row)
        for column in range(3):
            self.small_charts.setColumnStretch(column, 1 if column < per_row else 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._reflow()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._reflow()


    # -----------------------------------------------------------------------------------------
    def show_invalid(self, title: str, reasons: list[str]) -> None:
        self.ledger = None
        set_text(self.title, title)
        set_text(self.subtitle, "<span style='color:#C00000'>" + self.tr("Invalid scenario — nothing to draw:")
                              + "</span> " + "; ".join(reasons))
        for chart in (self.stack_chart, self.stack_names, self.tiers_chart, self.zero_chart, self.ranks_chart):
            chart.clear()
        self.zero_outline.hide()
        set_text(self.legend, "")
        set_text(self.selection, "")
        self.selection.hide()

    def show_ledger(self, ledger: MemoryLedger, selected: str = "") -> None:
        self.ledger = ledger
        self.selected = selected
        scenario = ledger.scenario
        set_text(self.title, scenario.title)
        pp = scenario.parallel.pp
        gpu = GPUS[scenario.cluster.gpu].label if scenario.cluster.gpu in GPUS else scenario.cluster.gpu
        summary = self.tr(
            "Most-loaded GPU: pipeline rank {rank} of {pp} · GPU tier {used} of {capacity} ({gpu})").format(
            rank=ledger.rank, pp=pp, used=gib(ledger.gpu_bytes), capacity=gib(ledger.capacity_bytes), gpu=gpu)
        oom = oom_text(ledger)
        if oom:
            summary += "<br><span style='color:#C00000; font-weight:bold'>" + self.tr("Out of memory") + \
                       ":</span> " + oom
        else:
            free = ledger.capacity_bytes - ledger.gpu_bytes
            summary += " · <span style='color:#007a3d; font-weight:bold'>" + \
                       self.tr("fits, {free} free").format(free=gib(free)) + "</span>"
        set_text(self.subtitle, summary)
        self._draw_stack(ledger)
        self._draw_selection(ledger)
        self._draw_tiers(ledger)
        self._draw_zero(ledger)
        self._draw_ranks(ledger)
        for chart in (self.stack_chart, self.stack_names, self.tiers_chart, self.zero_chart, self.ranks_chart):
            chart.settle()  # one paint per chart and edit, not two

    @property
    def stack_segments(self) -> list[charts.Segment]:
        return self.stack_chart.segments

    @property
    def oom_key(self) -> str | None:
        oom = self.ledger.first_oom if self.ledger else None
        return oom[0].key if oom else None

    def _draw_stack(self, ledger: MemoryLedger) -> None:
        segments, x = [], 0.0
        for item in ledger.items:
            if item.tier != "gpu" or not item.bytes:
                continue
            width = item.bytes / GIB
            segments.append(charts.Segment(x, x + width, -0.4, 0.4, item.key, item_tooltip(ledger, item)))
            x += width
        oom_key = self.oom_key
        self.stack_chart.set_segments(segments, highlight=oom_key, selected=self.selected)
        self.stack_chart.set_line("capacity", ledger.capacity_bytes / GIB,
                                  self.tr("capacity {value}").format(value=gib(ledger.capacity_bytes)))
        self.stack_chart.set_range(0, charts.nice_ceiling(max(x, ledger.capacity_bytes / GIB) * 1.04), -0.75, 0.95)
        self._place_stack_labels()
        swatches, small = [], []
        for item in ledger.items:
            if not item.bytes:
                continue
            if item.bytes < LEGEND_SHARE * ledger.total:  # named in the table and on hover
                small.append(item)
                continue
            tier = "" if item.tier == "gpu" or item.group == "activations" else f" ({tier_names()[item.tier]})"
            swatches.append(f"<span style='color:{charts.ITEM_COLOURS.get(item.key, '#777')}'>■</span>&nbsp;"
                            f"{ledger_name(item.name)}{tier} {item.bytes / GIB:.1f}")
        if small:
            swatches.append(self.tr("{count} smaller items {value}").format(
                count=len(small), value=f"{sum(item.bytes for item in small) / GIB:.1f}"))
        set_text(self.legend, self.tr("GiB:") + " &nbsp; " + " &nbsp; ".join(swatches))

    def set_selected(self, key: str) -> None:
        """Outline the ledger item `key` ("" = none) and state its formula and source."""
        self.selected = key
        if self.ledger is not None:
            self.stack_chart.set_segments(self.stack_chart.segments, highlight=self.oom_key, selected=key)
            self._draw_selection(self.ledger)
            self.stack_chart.settle()

    def _draw_selection(self, ledger: MemoryLedger) -> None:
        item = next((item for item in ledger.items if item.key == self.selected), None)
        self.selection.setVisible(item is not None)  # no empty line when nothing is selected
        if item is None:
            set_text(self.selection, "")
            return
        share = item.bytes / ledger.total if ledger.total else 0.0
        set_text(self.selection, self.tr("<b>{name}</b>: {bytes} ({share:.1%}, {tier}) = {formula} · <i>{source}</i>")
                 .format(name=ledger_name(item.name), bytes=gib(item.bytes), share=share,
                         tier=tier_names()[item.tier], formula=item.formula, source=item.source))

    def _place_stack_labels(self) -> None:
        """Item names inside the segments wide enough, and the first OOM's marker, at the bar's
        current width in pixels."""
        if self.ledger is None:
            self.stack_names.set_labels([])
            self.stack_chart.set_labels([])
            return
        view = self.stack.getPlotItem().getViewBox()
        (x0, x1), _ = view.viewRange()
        pixels_per_gib = view.width() / max(x1 - x0, 1e-9)
        self._place_oom_marker(x0, pixels_per_gib, view.width())
        metrics = QFontMetrics(QFont())
        names = {item.key: ledger_name(item.name) for item in self.ledger.items}
        labels = []
        for segment in self.stack_segments:
            name = names[segment.key]
            if (segment.x1 - segment.x0) * pixels_per_gib > metrics.horizontalAdvance(name) * 0.95 + 10:
                labels.append(((segment.x0 + segment.x1) / 2, 0, name,
                               {"anchor": (0.5, 0.5), "colour_": "#ffffff", "size": 8.5}))
        self.stack_names.set_labels(labels)

    def _place_oom_marker(self, start: float, pixels_per_gib: float, width: float) -> None:
        """▼ at the start of the item that first overflows the GPU, its name to the right; where
        the name would run past the chart's right edge (the item is what overflows, so it sits near
        the end), the name ends at the item's end, ▼ after it."""
        oom = self.ledger.first_oom if self.ledger is not None else None
        segment = next((s for s in self.stack_segments if oom is not None and s.key == oom[0].key), None)
        if oom is None or segment is None:
            self.stack_chart.set_labels([])
            return
        name = self.tr("first OOM: {name}").format(name=ledger_name(oom[0].name))
        style = {"bold": True, "colour_": charts.CAPACITY_COLOUR}
        needed = QFontMetrics(charts.label_font(bold=True)).horizontalAdvance("▼ " + name) + charts.LABEL_MARGIN_PX
        if (segment.x0 - start) * pixels_per_gib + needed <= width:
            marker = (segment.x0, 0.62, "▼ " + name, style)
        else:
            marker = (segment.x1, 0.62, name + " ▼", {**style, "anchor": (1, 0.5)})
        self.stack_chart.set_labels([marker])

    def _draw_tiers(self, ledger: MemoryLedger) -> None:
        segments, labels = [], []
        for index, tier in enumerate(TIERS):
            y = 0.0
            for item in ledger.items:
                if item.tier == tier and item.bytes:
                    height = item.bytes / GIB
                    segments.append(charts.Segment(index - 0.35, index + 0.35, y, y + height, item.key,
                                                   item_tooltip(ledger, item)))
                    y += height
            labels.append((index, y, f"{y:.1f}", {"anchor": (0.5, 1)}))
        self.tiers_chart.set_segments(segments)
        self.tiers_chart.set_labels(labels)
        capacity = ledger.capacity_bytes / GIB
        self.tiers_chart.set_line("capacity", capacity, self.tr("HBM"), vertical=False)
        self.tiers_chart.set_range(-0.6, len(TIERS) - 0.4,
                                   0, charts.nice_ceiling(max([s.y1 for s in segments] + [capacity]) * 1.15))

    def _draw_zero(self, ledger: MemoryLedger) -> None:
        names = group_names()
        current = ledger.scenario.parallel.zero
        total_label = self.tr("Total model states")
        segments, labels = [], []
        for stage, groups in ledger.zero_groups.items():
            y = 0.0
            for group in ("params", "grads", "master", "optimizer"):
                height = groups.get(group, 0) / GIB
                if height:
                    tip = (f"<b>ZeRO-{stage}</b>: {names[group]} {groups[group] / GIB:.2f} GiB"
                           f"<br>{total_label}: {sum(groups.values()) / GIB:.2f} GiB")
                    segments.append(charts.Segment(stage - 0.35, stage + 0.35, y, y + height, group, tip))
                    y += height
            labels.append((stage, y, f"{y:.1f}", {"anchor": (0.5, 1), "bold": stage == current}))
        self.zero_chart.set_segments(segments)
        self.zero_chart.set_labels(labels)
        top = max([s.y1 for s in segments] + [1e-9])
        outline = QRectF(current - 0.42, 0, 0.84, sum(ledger.zero_groups[current].values()) / GIB)
        if self.zero_outline.rect() != outline:   # an unchanged rectangle repaints nothing
            self.zero_outline.setRect(outline)
        self.zero_outline.show()
        charts.category_axis(self.zero, "bottom",
                             [f"ZeRO\n{stage}" + (" ◆" if stage == current else "") for stage in range(4)])
        self.zero_chart.set_range(-0.6, 3.6, 0, charts.nice_ceiling(top * 1.18))
        if ledger.state_rank == ledger.rank:
            heading = self.tr("ZeRO stages 0–3, rank {rank}\n(most-loaded, most model states)").format(
                rank=ledger.rank)
        else:
            states = sum(ledger.state_zero_groups[current].values())
            heading = self.tr("ZeRO stages 0–3, rank {rank} (most-loaded)\nmost states: rank {state_rank}, "
                              "{bytes}").format(rank=ledger.rank, state_rank=ledger.state_rank, bytes=gib(states))
        set_text(self.zero_title, heading)

    def _draw_ranks(self, ledger: MemoryLedger) -> None:
        values = [v / GIB for v in ledger.rank_gpu_bytes]
        segments = []
        for rank, value in enumerate(values):
            key = "activations" if rank == ledger.rank else "params"
            tip = self.tr("Pipeline rank {rank}: {value} on the GPU").format(
                rank=rank, value=gib(ledger.rank_gpu_bytes[rank]))
            segments.append(charts.Segment(rank - 0.38, rank + 0.38, 0, value, key, tip))
        self.ranks_chart.set_segments(segments)
        if ledger.state_rank != ledger.rank and ledger.state_rank < len(values):
            # over its bar, growing away from the nearer edge: centred on rank 0 it ran into the axis
            rank = ledger.state_rank
            left_half = rank < len(values) / 2
            self.ranks_chart.set_labels([(rank - 0.38 if left_half else rank + 0.38, values[rank],
                                          "◆ " + self.tr("states"), {"anchor": (0, 1) if left_half else (1, 1)})])
        else:
            self.ranks_chart.set_labels([])
        capacity = ledger.capacity_bytes / GIB
        self.ranks_chart.set_line("capacity", capacity, self.tr("HBM"), vertical=False)
        step = max(1, len(values) // 8)
        charts.category_axis(self.ranks, "bottom", [str(r) for r in range(0, len(values), step)],
                             list(range(0, len(values), step)))
        top = charts.nice_ceiling(max(values + [capacity]) * 1.12)
        self.ranks_chart.set_range(-0.6, max(len(values), 4) - 0.4, 0, top)   # a lone rank keeps a slim bar
