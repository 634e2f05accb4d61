"""The network behind the mesh drawn: spines on top, leaves below (by rail in a rail-optimised
tree), node boxes with their NICs, GPUs and NVSwitch at the bottom; every link coloured by the
bytes the selected axis puts on it per step, the bottleneck link outlined in red."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPointF, QSize, Qt
from PySide6.QtGui import QColor, QCursor, QFontMetrics
from PySide6.QtWidgets import QLabel, QToolTip, QVBoxLayout, QWidget

from tslab.models.mesh import Mesh
from tslab.models.units import format_bytes, format_seconds
from tslab.views import charts
from tslab.views.common import bold, caption_label
from tslab.views.mesh.common import axis_label
# The colour scale and the drawing's parts live in network_items; their names stay importable here.
from tslab.views.mesh.network_items import (BOTTLENECK_COLOUR, IDLE_COLOUR, LEVELS, SCALE,
                                            SCALE_ANCHORS as SCALE_ANCHORS, HaloText, LinkLayer, LoadScale, NetworkPlot,
                                            load_levels, scale_colours as scale_colours)
from tslab.views.mesh.network_layout import (BOX_BOTTOM, BOX_TOP, GPU_HALF_HEIGHT, GPU_Y, GROUP_GAP, LEAF_Y, NIC_Y,
                                             SPINE_Y, SWITCH_HALF_HEIGHT, SWITCH_Y, TIERS, NetworkLayout,
                                             network_layout)
from tslab.views.mesh.view import GROUP_COLOURS

if TYPE_CHECKING:
    from tslab.models.network.load import NetworkLoad

TIER_WIDTHS = {"nvlink": 2.0, "nic": 1.6, "leaf": 1.4, "spine": 0.8}  # px
HOVER_PX = 5.0       # a link within this many pixels of the mouse is hovered
MARKER_HOVER_PX = 7.0
SPINE_COLOUR, NIC_COLOUR, GPU_COLOUR, SWITCH_COLOUR = "#404040", "#F28E2B", "#59A14F", "#9a9a9a"
NETWORK_AXES = ("all", "tp", "cp", "ep", "pp", "dp", "edp")


def axis_name(axis: str) -> str:
    return QCoreApplication.translate("NetworkView", "all axes") if axis == "all" else axis_label(axis)


def tier_name(tier: str) -> str:
    from tslab.models.network import TIER_LABELS
    return QCoreApplication.translate("network", TIER_LABELS[tier]) if tier in TIER_LABELS else tier


def format_rate(bytes_per_s: float) -> str:
    return f"{bytes_per_s / 1e9:,.0f} GB/s" if bytes_per_s >= 1e10 else f"{bytes_per_s / 1e9:,.1f} GB/s"


class NetworkView(QWidget):
    """The fat-tree under the mesh with every link's per-step load of one axis ("all": every
    axis together), the bottleneck named and outlined, hover tooltips for links and switches."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.heading = bold(QLabel(self))
        self.heading.setWordWrap(True)
        self.plot = NetworkPlot(self)
        charts.mouse_chart(self.plot, self.tr("Network links and their load"))
        self.scale = LoadScale(self)
        self.bottleneck_label = QLabel(self)
        self.bottleneck_label.setWordWrap(True)
        self.bottleneck_label.setTextFormat(Qt.TextFormat.RichText)
        self.caption = caption_label(self, "")
        self.caption.setTextFormat(Qt.TextFormat.RichText)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addWidget(self.heading)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.scale)
        layout.addWidget(self.bottleneck_label)
        layout.addWidget(self.caption)

        view = self.plot.getPlotItem().getViewBox()
        self.boxes = pg.BarGraphItem(x0=[], y0=[], width=[], height=[], brush="#f3f3f3", pen=pg.mkPen("#b8b8b8"))
        self.switch_bars = pg.BarGraphItem(x0=[], y0=[], width=[], height=[], brush=SWITCH_COLOUR, pen=pg.mkPen(None))
        self.gpu_cells = pg.BarGraphItem(x0=[], y0=[], width=[], height=[], brush=GPU_COLOUR, pen=pg.mkPen(None))
        self.layers = {tier: LinkLayer(TIER_WIDTHS[tier]) for tier in TIERS}
        self.highlight = pg.PlotCurveItem(pen=pg.mkPen(BOTTLENECK_COLOUR, width=7), connect="pairs")
        self.highlight_core = pg.PlotCurveItem(pen=pg.mkPen(SCALE[-1], width=2.5), connect="pairs")
        self.nics = pg.ScatterPlotItem(symbol="s", size=6, pen=pg.mkPen(None), brush=NIC_COLOUR)
        self.leaves = pg.ScatterPlotItem(symbol="s", size=11, pen=pg.mkPen("#303030", width=1))
        self.spines = pg.ScatterPlotItem(symbol="s", size=11, pen=pg.mkPen(None), brush=SPINE_COLOUR)
        self.ring = pg.ScatterPlotItem(symbol="o", size=22, pen=pg.mkPen(BOTTLENECK_COLOUR, width=2),
                                       brush=pg.mkBrush(None))
        self.group_labels = charts.TextLayer(charts.TEXT_COLOUR, 7.5)
        self.rail_labels = HaloText("#404040", 7.5)
        for z, graphic in enumerate((self.boxes, self.switch_bars, self.gpu_cells, *self.layers.values(),
                                     self.highlight, self.highlight_core, self.nics, self.leaves, self.spines,
                                     self.ring, self.group_labels, self.rail_labels)):
            graphic.setZValue(z)
            self.plot.addItem(graphic)
        self.layout_: NetworkLayout | None = None
        self.load: NetworkLoad | None = None
        self.mesh: Mesh | None = None
        self.axis = "all"
        self.graph = None
        self.segment_bytes = np.zeros(0)   # per drawn segment: the bytes its colour shows
        self.segment_levels = np.zeros(0, dtype=int)
        self.top = 0.0
        self.bottleneck_segment: int | None = None
        self.bottleneck_link: int | None = None
        self._xy = np.zeros((0, 4))
        self._hovered: object = None
        self._user_moved = False
        view.sigRangeChangedManually.connect(self._moved_by_user)
        view.sigResized.connect(self._view_resized)
        view.sigXRangeChanged.connect(lambda *_: self._label_groups())
        self.plot.scene().sigMouseMoved.connect(self._mouse_moved)

    def sizeHint(self) -> QSize:
        return QSize(760, 360)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_text()

    def _fit_text(self) -> None:
        """Wrapped labels ask for the height their text takes at the view's width: a splitter
        (which knows no height-for-width) then never squeezes them under the drawing."""
        for label in (self.heading, self.bottleneck_label, self.caption):
            before = label.minimumHeight()
            label.setMinimumHeight(0)  # a label's height for a width is at least its minimum
            height = max(label.heightForWidth(max(self.width(), 1)), 0) if label.text() else 0
            if height != before:
                label.setMinimumHeight(height)
            elif before:
                label.setMinimumHeight(before)

    # ------------------------------------------------------------------------------------------
    def show_failure(self, heading: str, reason: str) -> None:
        """No network to draw (an impossible topology, or too large): say why, draw nothing."""
        self.heading.setText(heading)
        self.bottleneck_label.setText(f"<span style='color:{BOTTLENECK_COLOUR}'>{reason}</span>")
        self.caption.setText("")
        self.layout_, self.load = None, None
        self._clear()
        self._fit_text()

    def _clear(self) -> None:
        self.boxes.setOpts(x0=[], y0=[], width=[], height=[])
        self.switch_bars.setOpts(x0=[], y0=[], width=[], height=[])
        self.gpu_cells.setOpts(x0=[], y0=[], width=[], height=[])
        for layer in self.layers.values():
            layer.set_segments(np.zeros((0, 4)), [], np.zeros(0, dtype=int))
        for item in (self.highlight, self.highlight_core):
            item.setData([], [])
        for item in (self.nics, self.leaves, self.spines, self.ring):
            item.setData([], [])
        self.group_labels.set_texts([])
        self.rail_labels.set_texts([])
        self.segment_bytes = np.zeros(0)
        self.segment_levels = np.zeros(0, dtype=int)
        self._xy = np.zeros((0, 4))
        self.bottleneck_segment = self.bottleneck_link = None
        self.scale.set_scale("", 0.0)

    def show_network(self, scenario, graph, load, axis: str, mesh: Mesh | None = None,
                     layout: NetworkLayout | None = None) -> None:
        """Draw `graph` (models.network.topology_graph) with the per-link bytes of `load`
        (models.network.network_load) for `axis` ("all" = every axis); `layout` when computed
        already (network_layout(graph))."""
        relaid = layout is not None or graph is not self.graph or self.layout_ is None
        if relaid:
            self.layout_ = layout if layout is not None else network_layout(graph)
            self.graph = graph
        self.load, self.mesh, self.axis = load, mesh, axis
        c = scenario.cluster
        topology = self.tr("rail-optimised fat-tree") if c.topology == "rail-fat-tree" else self.tr("fat-tree")
        routing = self.tr("ECMP") if c.routing == "ecmp" else self.tr("rail rule (PXN)")
        self.heading.setText(self.tr("Network: {topology} · {leaves} leaves, {spines} spines, {ratio}:1 "
                                     "oversubscription · {routing}").format(
            topology=topology, leaves=load.leaves, spines=load.spines, ratio=f"{c.oversubscription:g}",
            routing=routing))
        if relaid:
            self._draw_structure()
        self._draw_loads()
        self._fit_text()
        if relaid:
            self.fit()

    def link_load(self, axis: str | None = None) -> np.ndarray:
        """Per link id: the bytes per step the colours show for `axis` (default: the view's)."""
        load, axis = self.load, axis or self.axis
        if load is None:
            return np.zeros(0)
        if axis == "all":
            return load.total_bytes
        values = load.link_bytes.get(axis)
        return np.zeros(len(load.links)) if values is None else values

    # ------------------------------------------------------------------------------------------
    def _draw_structure(self) -> None:
        lay = self.layout_
        assert lay is not None   # show_network sets it first
        groups = lay.groups
        self.boxes.setOpts(x0=[g.x0 for g in groups], y0=[BOX_BOTTOM] * len(groups), width=[g.width for g in groups],
                           height=[BOX_TOP - BOX_BOTTOM] * len(groups))
        self.switch_bars.setOpts(x0=[g.x0 + 0.15 for g in groups], y0=[SWITCH_Y - SWITCH_HALF_HEIGHT] * len(groups),
                                 width=[g.width - 0.3 for g in groups], height=[2 * SWITCH_HALF_HEIGHT] * len(groups))
        step = lay.columns / max(lay.gpus_per_node, 1)
        x0 = [g.x0 + (local + 0.5) * step - 0.36 * step for g in groups for local in range(lay.gpus_per_node)]
        self.gpu_cells.setOpts(x0=x0, y0=[GPU_Y - GPU_HALF_HEIGHT] * len(x0), width=[0.72 * step] * len(x0),
                               height=[2 * GPU_HALF_HEIGHT] * len(x0))
        by_kind: dict[str, list] = {"nic": [], "leaf": [], "spine": []}
        for marker in lay.markers:
            by_kind.setdefault(marker.kind, []).append(marker)
        self.nics.setData([m.x for m in by_kind["nic"]], [m.y for m in by_kind["nic"]])
        leaves = by_kind["leaf"]
        brushes = [pg.mkBrush(GROUP_COLOURS[m.rail % len(GROUP_COLOURS)] if m.rail >= 0 else "#bdbdbd")
                   for m in leaves]
        self.leaves.setData([m.x for m in leaves], [m.y for m in leaves], brush=brushes)
        self.spines.setData([m.x for m in by_kind["spine"]], [m.y for m in by_kind["spine"]])
        self._marker_xy = np.array([(m.x, m.y) for m in lay.markers], dtype=np.float64).reshape(-1, 2)
        self._label_groups()
        self.rail_labels.set_texts([((x0 + x1) / 2, LEAF_Y - 0.65, self.tr("rail {rail}").format(rail=rail))
                                    for rail, x0, x1 in lay.rail_spans])
        self._xy, self._tiers = lay.xy, lay.tiers
        self._link_segment = lay.segment_of_link()
        self._name_tiers()

    def _name_tiers(self) -> None:
        """The tiers' names on the left axis; where a node's NIC, GPU and NVSwitch rows lie closer
        than a line of type (larger type, a low view), only its GPUs are named."""
        left = self.plot.getPlotItem().getAxis("left")
        view = self.plot.getPlotItem().getViewBox()
        low, high = view.viewRange()[1]
        per_unit = view.boundingRect().height() / max(high - low, 1e-9)
        # names a little closer than their ascent still read (capitals and lower case, no descenders)
        crowded = per_unit * (GPU_Y - SWITCH_Y) < 0.85 * QFontMetrics(self.plot.font()).ascent()
        names = [(SPINE_Y, self.tr("spines")), (LEAF_Y, self.tr("leaves")), (GPU_Y, self.tr("GPUs"))]
        if not crowded:
            names += [(NIC_Y, self.tr("NICs")), (SWITCH_Y, self.tr("NVSwitch"))]
        left.setTicks([sorted(names, reverse=True), []])

    def _label_groups(self) -> None:
        """Name the boxes, as many as fit side by side at the view's width (every k-th box)."""
        lay = self.layout_
        if lay is None:
            return
        groups = lay.groups
        names = [self.tr("node {node}").format(node=g.first) if g.count == 1 else
                 self.tr("nodes {first}–{last}").format(first=g.first, last=g.last) for g in groups]
        metrics = QFontMetrics(self.group_labels.font)
        widest = max((metrics.horizontalAdvance(name) for name in names), default=0) + 12
        pixels = self.plot.getPlotItem().getViewBox().width() or 1.0
        x_range = self.plot.getPlotItem().getViewBox().viewRange()[0]
        per_group = pixels * (lay.columns + GROUP_GAP) / max(x_range[1] - x_range[0], 1e-9)
        every = max(1, math.ceil(widest / max(per_group, 1e-9)))
        self.group_labels.set_texts([(groups[i].x0 + groups[i].width / 2, BOX_BOTTOM - 0.5, names[i])
                                     for i in range(0, len(groups), every)])

    def _draw_loads(self) -> None:
        lay = self.layout_
        assert lay is not None   # show_network sets it first
        per_link = self.link_load()
        # a drawn segment shows the busiest of the links it stands for
        self.segment_bytes = (np.maximum.reduceat(per_link[lay.links], lay.starts) if len(lay.links)
                              else np.zeros(0))
        self.top = float(self.segment_bytes.max()) if len(self.segment_bytes) else 0.0
        self.segment_levels = load_levels(self.segment_bytes, self.top)
        for tier, layer in self.layers.items():
            mask = self._tiers == tier
            width = TIER_WIDTHS[tier]
            colours = [(colour, width + 0.6) for colour in SCALE] + [(QColor(IDLE_COLOUR), 1.0)]
            index = np.where(self.segment_levels[mask] < 0, LEVELS, self.segment_levels[mask])
            layer.set_segments(self._xy[mask], colours, index)
        self.scale.set_scale(self.tr("{axis}, bytes per step on a link:").format(axis=axis_name(self.axis)),
                             self.top)
        # the bottleneck: the model's, of the step ("all") or of the chosen axis
        link, seconds, which = self._bottleneck()
        self.bottleneck_link = link
        self.bottleneck_segment = self._link_segment.get(link) if link is not None else None
        if self.bottleneck_segment is not None:
            x0, y0, x1, y1 = self._xy[self.bottleneck_segment]
            self.highlight.setData([x0, x1], [y0, y1])
            level = self.segment_levels[self.bottleneck_segment]
            self.highlight_core.setPen(pg.mkPen(SCALE[level] if level >= 0 else QColor(IDLE_COLOUR), width=2.5))
            self.highlight_core.setData([x0, x1], [y0, y1])
            self.ring.setData([(x0 + x1) / 2], [(y0 + y1) / 2])
        else:
            self.highlight.setData([], [])
            self.highlight_core.setData([], [])
            self.ring.setData([], [])
        self.bottleneck_label.setText(self._bottleneck_text(link, seconds, which))
        note = ""
        if lay.aggregate:
            note = self.tr("{nodes} nodes in {boxes} boxes, the nodes under the same leaves (a line is a bundle of "
                           "parallel links, coloured by its busiest). ").format(nodes=lay.nodes, boxes=len(lay.groups))
        self.caption.setText(note + self.tr("Deterministic teaching model of routes and bytes (a fluid ECMP split, "
                                            "no congestion), not a measurement. Hover a link or switch."))

    def _bottleneck(self) -> tuple[int | None, float, str]:
        load = self.load
        if load is None:
            return None, 0.0, ""
        if self.axis == "all":
            if load.bottleneck is None:
                return None, 0.0, ""
            return load.bottleneck.link, load.bottleneck.seconds, load.bottleneck.axis
        axis_load = load.per_axis.get(self.axis)
        if axis_load is None or axis_load.bottleneck_link < 0:
            return None, 0.0, self.axis
        return axis_load.bottleneck_link, axis_load.bottleneck_s, self.axis

    def _bottleneck_text(self, link: int | None, seconds: float, axis: str) -> str:
        if link is None or self.load is None:   # a link comes from the load (_bottleneck)
            if self.axis != "all":
                return self.tr("{axis} sends nothing over the network in this scenario.").format(
                    axis=axis_label(self.axis))
            return self.tr("No traffic between GPUs in this scenario.")
        item = self.load.links[link]
        axis_load = self.load.per_axis[axis]
        text = self.tr("<b>Bottleneck</b> of {axis}: {tier} link {a} — {b} ({bandwidth}), {bytes} per step → "
                       "<b>{time}</b> ({transfer} of bytes + {latency} of latency α)").format(
            axis=axis_label(axis), tier=tier_name(item.tier), a=self._vertex_name(item.a),
            b=self._vertex_name(item.b), bandwidth=format_rate(item.bandwidth),
            bytes=format_bytes(self.load.link_bytes[axis][link]), time=format_seconds(seconds),
            transfer=format_seconds(axis_load.bandwidth_s), latency=format_seconds(axis_load.latency_s))
        if self.axis == "all":
            text = self.tr("{text} (the slowest axis of the step)").format(text=text)
        return text

    @staticmethod
    def _vertex_name(vertex) -> str:
        return QCoreApplication.translate("NetworkView", "GPU {rank}").format(rank=vertex) \
            if isinstance(vertex, (int, np.integer)) else str(vertex)

    def use_vector_shapes(self) -> None:
        """SVG and PDF export: switches and NICs drawn as paths, not from the symbols' pixmap cache."""
        for item in (self.nics, self.leaves, self.spines, self.ring):
            item.opts["useCache"] = False
            item.update()

    # ------------------------------------------------------------------------------------------
    def _moved_by_user(self, *_) -> None:
        self._user_moved = True

    def _view_resized(self, *_) -> None:
        if self.layout_ is not None and not self._user_moved:
            self.fit()
        self._label_groups()
        if self.layout_ is not None:
            self._name_tiers()

    def fit(self) -> None:
        """Frame the whole network (and forget the user's pan and zoom)."""
        self._user_moved = False
        if self.layout_ is None:
            return
        view = self.plot.getPlotItem().getViewBox()
        margin = max(0.6, self.layout_.width * 0.015)  # room for the outer boxes' names
        view.setRange(xRange=(-margin, self.layout_.width + margin),
                      yRange=(BOX_BOTTOM - 0.9, SPINE_Y + 0.45), padding=0)

    def _to_pixels(self) -> tuple[np.ndarray, np.ndarray]:
        """The affine map data → scene pixels of the view: (2 × 2 matrix, offset)."""
        t = self.plot.getPlotItem().getViewBox().childGroup.sceneTransform()
        return np.array([[t.m11(), t.m21()], [t.m12(), t.m22()]]), np.array([t.dx(), t.dy()])

    def segment_at(self, scene_pos: QPointF) -> int | None:
        """The drawn link nearest `scene_pos`, within HOVER_PX pixels."""
        if not len(self._xy):
            return None
        matrix, offset = self._to_pixels()
        a = self._xy[:, :2] @ matrix.T + offset
        b = self._xy[:, 2:] @ matrix.T + offset
        p = np.array([scene_pos.x(), scene_pos.y()])
        d = b - a
        length = np.maximum((d * d).sum(axis=1), 1e-12)
        t = np.clip(((p - a) * d).sum(axis=1) / length, 0.0, 1.0)
        distance = np.hypot(*(a + t[:, None] * d - p).T)
        index = int(np.argmin(distance))
        return index if distance[index] <= HOVER_PX else None

    def marker_at(self, scene_pos: QPointF) -> int | None:
        """The switch or NIC drawn nearest `scene_pos`, within MARKER_HOVER_PX pixels."""
        if self.layout_ is None or not len(self._marker_xy):
            return None
        matrix, offset = self._to_pixels()
        points = self._marker_xy @ matrix.T + offset
        distance = np.hypot(points[:, 0] - scene_pos.x(), points[:, 1] - scene_pos.y())
        index = int(np.argmin(distance))
        return index if distance[index] <= MARKER_HOVER_PX else None

    def _group_at(self, scene_pos: QPointF, row_y: float,
                  half_height: float) -> tuple[NetworkLayout, int, float] | None:
        """(the layout, node group index, x from the group's left edge in data units) of the node
        group column under `scene_pos`, when it lies within `half_height` of the row drawn at
        `row_y` (the GPU cells, the NVSwitch bars)."""
        lay = self.layout_
        if lay is None:
            return None
        point = self.plot.getPlotItem().getViewBox().mapSceneToView(scene_pos)
        if abs(point.y() - row_y) > half_height:
            return None
        index = math.floor(point.x() / (lay.columns + GROUP_GAP))
        if not 0 <= index < len(lay.groups):
            return None
        return lay, index, point.x() - lay.groups[index].x0

    def gpu_at(self, scene_pos: QPointF) -> tuple[int, int] | None:
        """(node group index, local index) of the GPU cell under `scene_pos`."""
        found = self._group_at(scene_pos, GPU_Y, GPU_HALF_HEIGHT)
        if found is None:
            return None
        lay, index, x = found
        local = math.floor(x / (lay.columns / max(lay.gpus_per_node, 1)))
        return (index, local) if 0 <= local < lay.gpus_per_node else None

    def switch_at(self, scene_pos: QPointF) -> int | None:
        """The node group whose NVSwitch bar is under `scene_pos`."""
        found = self._group_at(scene_pos, SWITCH_Y, SWITCH_HALF_HEIGHT)
        if found is None:
            return None
        lay, index, x = found
        return index if x <= lay.groups[index].width else None

    def tooltip_at(self, scene_pos: QPointF) -> str:
        view = self.plot.getPlotItem().getViewBox()
        if self.layout_ is None or not view.sceneBoundingRect().contains(scene_pos):
            return ""
        marker = self.marker_at(scene_pos)
        if marker is not None:
            return self.marker_tooltip(marker)
        gpu = self.gpu_at(scene_pos)
        if gpu is not None:
            return self.gpu_tooltip(*gpu)
        switch = self.switch_at(scene_pos)
        if switch is not None:
            group = self.layout_.groups[switch]
            if group.count == 1:
                return self.tr("<b>nvswitch:{node}</b> — the NVSwitch of node {node}").format(node=group.first)
            return self.tr("<b>NVSwitch</b> of each of nodes {first}–{last}").format(first=group.first,
                                                                                    last=group.last)
        segment = self.segment_at(scene_pos)
        if segment is not None:
            return self.link_tooltip(segment)
        return ""

    def marker_tooltip(self, index: int) -> str:
        assert self.layout_ is not None   # called by tooltip_at, after its check
        marker = self.layout_.markers[index]
        kind = {"spine": self.tr("spine switch"), "leaf": self.tr("leaf switch"), "nic": self.tr("NIC")}[marker.kind]
        text = f"<b>{marker.name}</b> — {kind}"
        if marker.kind == "leaf" and marker.rail >= 0:
            text += " · " + self.tr("rail {rail}").format(rail=marker.rail)
        return text

    def gpu_tooltip(self, group_index: int, local: int) -> str:
        assert self.layout_ is not None   # called by tooltip_at, after its check
        group = self.layout_.groups[group_index]
        if group.count > 1:
            return self.tr("GPU {local} of nodes {first}–{last} ({count} GPUs)").format(
                local=local, first=group.first, last=group.last, count=group.count)
        rank = group.first * self.layout_.gpus_per_node + local
        return self.tr("<b>GPU {rank}</b> — node {node}, local {local}").format(
            rank=rank, node=group.first, local=local)

    def link_tooltip(self, index: int) -> str:
        """Tier, bandwidth, bytes per axis and the axes (and, at a GPU, the groups) that use the link."""
        lay, load = self.layout_, self.load
        assert lay is not None and load is not None   # called by tooltip_at, after show_network
        segment = lay.segments[index]
        members = np.asarray(segment.links, dtype=np.int64)
        per_link = self.link_load()
        if self.bottleneck_link is not None and self.bottleneck_link in segment.links:
            busiest = self.bottleneck_link   # a bundle holding the bottleneck speaks of it
        else:
            busiest = int(members[np.argmax(per_link[members])]) if len(members) else segment.links[0]
        link = load.links[busiest]
        lines = [f"<b>{tier_name(segment.tier)}</b>: {segment.ends[0]} — {segment.ends[1]}"]
        if len(members) > 1:
            which = (self.tr("{count} parallel links; the bottleneck, {a} — {b}:") if busiest == self.bottleneck_link
                     else self.tr("{count} parallel links; the busiest, {a} — {b}:"))
            lines.append(which.format(count=len(members), a=self._vertex_name(link.a), b=self._vertex_name(link.b)))
        lines.append(self.tr("{bandwidth} each way").format(bandwidth=format_rate(link.bandwidth)))
        used = []
        for axis in NETWORK_AXES[1:]:
            values = load.link_bytes.get(axis)
            if values is not None and values[busiest] > 0:
                used.append(axis)
                seconds = values[busiest] / link.bandwidth
                lines.append(self.tr("{axis}: {bytes} per step, {time} at this bandwidth").format(
                    axis=axis_label(axis), bytes=format_bytes(values[busiest]), time=format_seconds(seconds)))
        if used:
            total = load.total_bytes[busiest]
            lines.append(self.tr("all axes: {bytes} per step").format(bytes=format_bytes(total)))
            lines.append(self.tr("used by: {axes}").format(axes=", ".join(axis_label(a) for a in used)))
            groups = self._gpu_groups(link, used)
            if groups:
                lines.append(groups)
        else:
            lines.append(self.tr("idle: no axis sends over it"))
        if busiest == self.bottleneck_link:
            lines.append(f"<span style='color:{BOTTLENECK_COLOUR}'><b>" + self.tr("the bottleneck") + "</b></span>")
        return "<br>".join(lines)

    def _gpu_groups(self, link, axes: list[str]) -> str:
        """For a link at a GPU (NVLink, PCIe): the GPU's groups of the axes that use the link."""
        from tslab.models.network import GROUP_OF
        mesh = self.mesh
        rank = link.a if isinstance(link.a, (int, np.integer)) else None
        if mesh is None or rank is None or rank >= mesh.world_size:
            return ""
        parts = []
        for axis in axes:
            group_axis = GROUP_OF.get(axis, axis)
            if group_axis not in mesh.groups or not mesh.groups[group_axis].size:
                continue
            index = int(mesh.group_index[group_axis][rank])
            if index < 0:
                continue
            members = mesh.groups[group_axis][index]
            nodes = len({int(m) // mesh.gpus_per_node for m in members})
            parts.append(self.tr("{axis} group {index} ({size} GPUs on {nodes} nodes)").format(
                axis=axis_label(group_axis), index=index, size=len(members), nodes=nodes))
        return self.tr("GPU {rank} in: {groups}").format(rank=rank, groups="; ".join(parts)) if parts else ""

    def _mouse_moved(self, scene_pos: QPointF) -> None:
        text = self.tooltip_at(scene_pos)
        if text == self._hovered:
            return
        self._hovered = text
        if not text:
            QToolTip.hideText()
            return
        QToolTip.showText(QCursor.pos(), text, self.plot)

