"""Parallel Mesh tab: nodes and GPUs, the groups of every parallel axis, and which traffic leaves
the node. Run alone with ``python -m tslab.views.mesh_tab [PRESET]``.
"""
from __future__ import annotations

import sys

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPointF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QCursor
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QScrollArea,
                               QSplitter, QTableWidget, QTableWidgetItem, QToolTip, QVBoxLayout, QWidget)

from tslab.models.memory import gib
from tslab.models.mesh import GROUP_AXES, ORDERS, Mesh, build_mesh, traffic
from tslab.models.scenario import Scenario
from tslab.views.common import inputs_beside, paint_white, run_alone, scrolling, title_label
from tslab.views.mesh_layout import TEXELS, MeshLayout
from tslab.views.scenario_form import Field, ScenarioForm
from tslab.views.scenario_model import ScenarioModel
from tslab.views.texts import translate_problem

DETAIL_LIMIT = 1024  # above this many GPUs a node is drawn as one aggregate cell
# A qualitative palette (Tableau 20): neighbouring groups get distinct colours.
GROUP_COLOURS = ["#4E79A7", "#F28E2B", "#E15759", "#76B7B2", "#59A14F", "#EDC948", "#B07AA1", "#FF9DA7",
                 "#9C755F", "#BAB0AC", "#A0CBE8", "#FFBE7D", "#FF9D9A", "#86BCB6", "#8CD17D", "#F1CE63",
                 "#D4A6C8", "#FABFD2", "#D7B5A6", "#79706E"]
CROSS_COLOUR = "#C00000"
HIGH_FREQUENCY = ("tp", "cp", "ep")  # collectives every layer: they should stay inside a node


def axis_label(axis: str) -> str:
    return axis.upper().replace("-", "·")


def mb(n: float) -> str:
    return f"{n / 2**20:,.1f} MiB" if n < 2**30 else gib(n)


class MeshView(pg.PlotWidget):
    """One mesh: node blocks, GPU cells coloured by the groups of one axis, red outlines where a
    group spans nodes, the hovered GPU's group drawn as a ring; per-node cells above DETAIL_LIMIT."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, background="w", enableMenu=False)
        item = self.getPlotItem()
        item.hideButtons()
        for side in ("left", "bottom"):
            item.hideAxis(side)
        view = item.getViewBox()
        view.setAspectLocked(True)
        view.setMouseEnabled(True, True)
        # Node frames and GPU cells are one raster (TEXELS per cell, drawn without smoothing):
        # panning and zooming then paint one image, not thousands of rectangles.
        self.cells = pg.ImageItem(axisOrder="row-major")
        self.cell_colours: list[str] = []          # per drawn cell (GPU, or node when aggregated)
        self.vector_cells: pg.BarGraphItem | None = None  # the cells as rectangles, for exports
        self.cell_crosses = np.zeros(0, dtype=bool)  # per drawn cell: its group spans nodes
        self.ring = pg.PlotDataItem(pen=pg.mkPen("#202020", width=2.5))
        self.ring.setZValue(10)
        self.focus = pg.BarGraphItem(x0=[0], y0=[0], width=[0], height=[0], brush=None,
                                     pen=pg.mkPen("#202020", width=3))
        self.focus.setZValue(11)
        for graphic in (self.cells, self.ring, self.focus):
            self.addItem(graphic)
        self.mesh: Mesh | None = None
        self.layout_: MeshLayout | None = None
        self.node: int | None = None  # show only this node's GPUs (the zoom of an aggregate mesh)
        self.offset = 0
        self.axis = "tp"
        self.aggregate = False
        self._hovered: int | None = None
        self._user_moved = False  # refit on resize until the user pans or zooms
        view.sigRangeChangedManually.connect(self._moved_by_user)
        view.sigResized.connect(self._view_resized)
        self.scene().sigMouseMoved.connect(self._moved)
        self.scene().sigMouseClicked.connect(self._clicked)
        self.on_select = None  # callable(rank) set by the tab

    def sizeHint(self) -> QSize:
        return QSize(700, 480)

    def _moved_by_user(self, *_) -> None:
        self._user_moved = True

    def fit(self) -> None:
        """Frame the whole mesh (and forget the user's pan and zoom)."""
        self._user_moved = False
        self.autoRange(padding=0.02)

    def _view_resized(self, *_) -> None:
        if self.mesh is not None and not self._user_moved:
            self.autoRange(padding=0.02)

    def show_mesh(self, mesh: Mesh, axis: str, node: int | None = None) -> None:
        """Draw `mesh` coloured by the groups of `axis`; with `node`, only that node's GPUs."""
        self.mesh, self.axis, self.node = mesh, axis, node
        self.offset = 0 if node is None else node * mesh.gpus_per_node
        layout = MeshLayout.for_cluster(1 if node is not None else mesh.nodes, mesh.gpus_per_node)
        refit = self.layout_ is None or (layout.nodes, layout.gpus_per_node) != (
            self.layout_.nodes, self.layout_.gpus_per_node)
        self.layout_ = layout
        self.aggregate = node is None and mesh.world_size > DETAIL_LIMIT
        self._draw_cells()
        self._hovered = None
        self.ring.setData([], [])
        self.focus.hide()
        if refit:
            self.fit()

    @staticmethod
    def colours_for(index: np.ndarray) -> np.ndarray:
        """RGB per group index (n, 3); −1 (a GPU outside every group of an invalid mesh) is grey."""
        palette = np.array([QColor(c).getRgb()[:3] for c in GROUP_COLOURS], dtype=np.uint8)
        rgb = palette[np.asarray(index) % len(palette)]
        rgb[np.asarray(index) < 0] = (208, 208, 208)
        return rgb

    def _draw_cells(self) -> None:
        mesh, layout, axis = self.mesh, self.layout_, self.axis
        groups = mesh.groups.get(axis)
        if groups is None or groups.size == 0:
            group_of = np.full(mesh.world_size, -1)
            crossing = np.zeros(1, dtype=bool)
        else:
            crossing = mesh.cross_node(axis)
            group_of = mesh.group_index[axis]
            if groups.shape[1] == 1:  # every GPU is its own group: nothing to tell apart
                group_of = np.where(group_of >= 0, 0, -1)
                crossing = np.zeros(1, dtype=bool)
        t = TEXELS
        image = np.full((round(layout.height * t), round(layout.width * t), 3), 255, dtype=np.uint8)
        if self.aggregate:  # one cell per node, coloured as its first GPU, red if any of its groups crosses
            index = group_of[np.arange(layout.nodes) * layout.gpus_per_node]
            node_groups = group_of.reshape(layout.nodes, layout.gpus_per_node)
            crosses = (crossing[node_groups] & (node_groups >= 0)).any(axis=1)
            x, y = layout.node_origin(np.arange(layout.nodes))
            w, h, margin = round(layout.block_width * t), round(layout.block_height * t), 2
        else:
            count = mesh.world_size if self.node is None else layout.gpus_per_node
            index = group_of[self.offset:self.offset + count]
            crosses = (index >= 0) & crossing[np.maximum(index, 0)]
            nodes = np.arange(layout.nodes)  # light node frames behind the cells
            fx, fy = layout.node_origin(nodes)
            for x0, y0 in zip(np.round(fx * t).astype(int), np.round(fy * t).astype(int)):
                image[y0 + 2:y0 + round(layout.block_height * t) - 2,
                      x0 + 2:x0 + round(layout.block_width * t) - 2] = (232, 232, 232)
            x, y = layout.cell_origin(np.arange(count))
            w = h = t
            margin = 1
        colours = self.colours_for(index)
        red = np.array(QColor(CROSS_COLOUR).getRgb()[:3], dtype=np.uint8)
        for x0, y0, colour, cross in zip(np.round(x * t).astype(int), np.round(y * t).astype(int), colours, crosses):
            cell = image[y0 + margin:y0 + h - margin, x0 + margin:x0 + w - margin]
            cell[:] = red if cross else colour
            if cross:  # a 2-texel red border around the group colour
                cell[2:-2, 2:-2] = colour
        self.cell_colours = ["#%02x%02x%02x" % tuple(c) for c in colours]
        self.cell_crosses = np.asarray(crosses, dtype=bool)
        self._cell_rects = (x + margin / t, y + margin / t, w / t - 2 * margin / t, h / t - 2 * margin / t)
        self.cells.setImage(image, autoLevels=False, levels=(0, 255))
        self.cells.setRect(0, 0, layout.width, layout.height)
        if self.vector_cells is not None:
            self.use_vector_cells()

    def use_vector_cells(self) -> None:
        """Draw the cells as rectangles instead of the raster: slower to pan, but SVG and PDF
        exports then hold vector shapes (the export path calls it)."""
        x, y, w, h = self._cell_rects
        count = len(self.cell_colours)
        pens = [pg.mkPen(CROSS_COLOUR, width=2) if cross else pg.mkPen(None) for cross in self.cell_crosses]
        opts = dict(x0=x, y0=y, width=np.full(count, w), height=np.full(count, h),
                    brushes=[QColor(c) for c in self.cell_colours], pens=pens)
        if self.vector_cells is None:
            self.vector_cells = pg.BarGraphItem(**opts)
            self.addItem(self.vector_cells)
        else:
            self.vector_cells.setOpts(**opts)
        self.cells.hide()

    # ------------------------------------------------------------------------------------------
    def rank_at_scene(self, scene_pos: QPointF) -> int | None:
        if self.mesh is None or self.layout_ is None:
            return None
        view = self.getPlotItem().getViewBox()
        if not view.sceneBoundingRect().contains(scene_pos):
            return None
        point = view.mapSceneToView(scene_pos)
        if self.aggregate:
            node = self.layout_.node_at(point.x(), point.y())
            return None if node is None else node * self.layout_.gpus_per_node
        rank = self.layout_.rank_at(point.x(), point.y())
        if rank is None:
            return None
        rank += self.offset
        return rank if rank < self.mesh.world_size else None

    def show_group_of(self, rank: int | None) -> None:
        """Draw the hovered GPU's group (of the coloured axis) as a closed ring through its cells."""
        if rank is None or self.mesh is None:
            self.ring.setData([], [])
            return
        groups, index = self.mesh.groups[self.axis], self.mesh.group_index[self.axis][rank]
        if index < 0:
            self.ring.setData([], [])
            return
        members = groups[index]
        if self.aggregate:
            members = np.unique(members // self.layout_.gpus_per_node) * self.layout_.gpus_per_node
            x, y = self.layout_.node_origin(members // self.layout_.gpus_per_node)
            x, y = x + self.layout_.block_width / 2, y + self.layout_.block_height / 2
        else:
            if self.node is not None:  # only the members inside the shown node
                members = members[members // self.mesh.gpus_per_node == self.node]
            x, y = self.layout_.cell_centre(members - self.offset)
        x, y = np.append(x, x[:1]), np.append(y, y[:1])
        self.ring.setData(x, y)

    def select(self, rank: int | None) -> None:
        if rank is None or self.layout_ is None:
            self.focus.hide()
            return
        if self.aggregate:
            x, y = self.layout_.node_origin(rank // self.layout_.gpus_per_node)
            w, h = self.layout_.block_width, self.layout_.block_height
        else:
            if self.node is not None and rank // self.mesh.gpus_per_node != self.node:
                self.focus.hide()
                return
            x, y = self.layout_.cell_origin(rank - self.offset)
            w = h = 1.0
        self.focus.setOpts(x0=[x], y0=[y], width=[w], height=[h])
        self.focus.show()

    def _moved(self, scene_pos: QPointF) -> None:
        rank = self.rank_at_scene(scene_pos)
        if rank == self._hovered:
            return
        self._hovered = rank
        self.show_group_of(rank)
        if rank is None:
            QToolTip.hideText()
            return
        QToolTip.showText(QCursor.pos(), gpu_tooltip(self.mesh, rank, self.aggregate), self)

    def _clicked(self, event) -> None:
        rank = self.rank_at_scene(event.scenePos())
        if rank is not None and self.on_select is not None:
            self.on_select(rank)


def gpu_tooltip(mesh: Mesh, rank: int, aggregate: bool = False) -> str:
    """Coordinates and groups of one GPU as rich text (for a node aggregate: of its first GPU)."""
    coords = mesh.coordinates(rank)
    head = ""
    if aggregate:
        head = QCoreApplication.translate("MeshTab", "Node {node} (GPUs {first}–{last}); its first GPU:").format(
            node=coords["node"], first=rank, last=rank + mesh.gpus_per_node - 1) + "<br>"
    gpu = QCoreApplication.translate("MeshTab", "GPU {rank}").format(rank=rank)
    where = QCoreApplication.translate("MeshTab", "node {node}, local {local}").format(
        node=coords["node"], local=coords["local"])
    lines = [f"{head}<b>{gpu}</b> — {where}",
             " · ".join(f"{axis} {coords[axis]}" for axis in ("tp", "cp", "dp", "pp", "etp", "ep", "edp")
                        if axis in coords)]
    for axis, members in mesh.groups_of(rank).items():
        spans = len({m // mesh.gpus_per_node for m in members})
        shown = ", ".join(map(str, members[:12])) + (" …" if len(members) > 12 else "")
        mark = ""
        if spans > 1:
            nodes = QCoreApplication.translate("MeshTab", "{count} nodes").format(count=spans)
            mark = f" <span style='color:{CROSS_COLOUR}'>⇄ {nodes}</span>"
        lines.append(f"{axis_label(axis)}: [{shown}]{mark}")
    return "<br>".join(lines)


class TrafficTable(QTableWidget):
    """Per axis: collective, how often, bytes, and whether it leaves the node."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(0, 7, parent)
        self.setHorizontalHeaderLabels([self.tr("Axis"), self.tr("Collective"), self.tr("Group"),
                                        self.tr("Per call"), self.tr("Sent per step"), self.tr("Network"),
                                        self.tr("When")])
        self.verticalHeader().setVisible(False)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(True)
        self.setWordWrap(False)

    def show_traffic(self, rows) -> None:
        self.setRowCount(len(rows))
        warn = QBrush(QColor("#ffd9d9"))
        for row, t in enumerate(rows):
            where = (self.tr("crosses nodes (up to {n})").format(n=t.max_nodes) if t.cross_node
                     else self.tr("inside a node"))
            cells = [axis_label(t.axis), QCoreApplication.translate("mesh", t.collective), str(t.group_size),
                     mb(t.bytes_per_call), mb(t.bytes_per_step), where, QCoreApplication.translate("mesh", t.when)]
            for column, content in enumerate(cells):
                cell = QTableWidgetItem(content)
                cell.setToolTip(t.formula)
                if column in (2, 3, 4):
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if t.cross_node and t.axis in HIGH_FREQUENCY:
                    cell.setBackground(warn)
                self.setItem(row, column, cell)


class MeshFigure(QWidget):
    """The exportable figure: title, one or two meshes (the scenario's order and a comparison
    order), the colour key and the traffic table."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        paint_white(self)
        self.title = title_label(self)
        self.subtitle = QLabel(self)
        self.subtitle.setWordWrap(True)
        self.subtitle.setTextFormat(Qt.TextFormat.RichText)
        self.columns = [QWidget(self), QWidget(self)]  # a hidden column gives its width away
        self.views = [MeshView(column) for column in self.columns]
        self.view_titles = [QLabel(column) for column in self.columns]
        row = QHBoxLayout()
        for column, heading, view in zip(self.columns, self.view_titles, self.views):
            stack = QVBoxLayout(column)
            stack.setContentsMargins(0, 0, 0, 0)
            heading.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            bold = heading.font()
            bold.setBold(True)
            heading.setFont(bold)
            stack.addWidget(heading)
            stack.addWidget(view, 1)
            row.addWidget(column, 1)
        self.key = QLabel(self)
        self.key.setWordWrap(True)
        self.key.setTextFormat(Qt.TextFormat.RichText)
        self.table = TrafficTable(self)
        self.table.setMinimumHeight(150)
        self.caption = QLabel(self.tr("Deterministic teaching model of groups and bytes, not a measurement. "
                                      "Hover a GPU for its coordinates and groups; click to pin it; "
                                      "drag and scroll to pan and zoom."), self)
        self.caption.setWordWrap(True)
        self.caption.setStyleSheet("color: #555555")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 8)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addLayout(row, 3)
        layout.addWidget(self.key)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.caption)

    def show_meshes(self, scenario: Scenario, meshes: list[tuple[str, Mesh]], axis: str, rows) -> None:
        first = meshes[0][1]
        self.title.setText(scenario.title)
        dims = " · ".join(f"{name} {first.dims[name]}" for name in ("tp", "cp", "pp", "dp", "ep", "etp", "edp"))
        crossing = [axis_label(a) for a in GROUP_AXES if first.groups[a].size and first.cross_node(a).any()]
        text = self.tr("{world} GPUs = {nodes} nodes × {gpn} · {dims}").format(
            world=first.world_size, nodes=first.nodes, gpn=first.gpus_per_node, dims=dims)
        if crossing:
            text += "<br>" + self.tr("Groups that leave a node: {axes}").format(axes=", ".join(crossing))
        if first.errors:
            text += "<br><span style='color:#C00000; font-weight:bold'>" + self.tr("Invalid topology:") + \
                "</span> " + "; ".join(translate_problem(p) for p in first.errors)
        high = [axis_label(t.axis) for t in rows if t.cross_node and t.axis in HIGH_FREQUENCY]
        if high:
            text += " · <span style='color:#C00000; font-weight:bold'>" + self.tr(
                "per-layer traffic over the inter-node network: {axes}").format(axes=", ".join(high)) + "</span>"
        self.subtitle.setText(text)
        for index, (column, view, heading) in enumerate(zip(self.columns, self.views, self.view_titles)):
            visible = index < len(meshes)
            column.setVisible(visible)
            if visible:
                label, mesh = meshes[index]
                heading.setText(label)
                view.show_mesh(mesh, axis)
        groups = first.groups[axis]
        size = groups.shape[1] if groups.size else 0
        self.key.setText(self.tr("Colour = the {axis} group of each GPU ({count} groups of {size}); "
                                 "<span style='color:#C00000'>red outline</span> = the group spans several "
                                 "nodes; the ring joins the hovered GPU's group.").format(
            axis=axis_label(axis), count=len(groups), size=size)
            + (" " + self.tr("{world} GPUs: one cell per node (click a node for its GPUs).").format(
                world=first.world_size) if first.world_size > DETAIL_LIMIT else ""))
        self.table.show_traffic(rows)

    def sizeHint(self) -> QSize:
        return QSize(1100, 760)


class MeshTab(QWidget):
    """Inputs on the left; the mesh figure, axis and comparison pickers and the selected GPU's
    coordinates on the right."""

    def __init__(self, model: ScenarioModel, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = model
        self.form = ScenarioForm(model, self._groups(), self)
        scroll = scrolling(self, self.form, 340)

        self.axis_box = QComboBox(self)
        for axis in GROUP_AXES:
            self.axis_box.addItem(axis_label(axis), axis)
        self.compare_box = QComboBox(self)
        self.compare_box.addItem(self.tr("no comparison"), "")
        for name, axes in ORDERS.items():
            self.compare_box.addItem(f"{name} ({axes})", name)
        self.axis_box.currentIndexChanged.connect(lambda _: self.refresh())
        self.compare_box.currentIndexChanged.connect(lambda _: self.refresh())
        controls = QHBoxLayout()
        controls.addWidget(QLabel(self.tr("Colour by the groups of"), self))
        controls.addWidget(self.axis_box)
        controls.addSpacing(16)
        controls.addWidget(QLabel(self.tr("Compare with the order of"), self))
        controls.addWidget(self.compare_box)
        controls.addStretch(1)

        self.figure = MeshFigure(self)
        for view in self.figure.views:
            view.on_select = self.select_rank
        self.details = QLabel(self.tr("Click a GPU to pin its coordinates and groups here."), self)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setWordWrap(True)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        details_scroll = QScrollArea(self)
        details_scroll.setWidget(self.details)
        details_scroll.setWidgetResizable(True)
        details_scroll.setMinimumWidth(240)
        self.node_view = MeshView(self)  # the selected node's GPUs, when the mesh shows node aggregates
        self.node_view.setMinimumHeight(160)
        self.node_view.on_select = self.select_rank
        side = QWidget(self)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(details_scroll, 1)
        side_layout.addWidget(self.node_view)

        right = QWidget(self)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(controls)
        inner = QSplitter(Qt.Orientation.Horizontal, right)
        inner.addWidget(self.figure)
        inner.addWidget(side)
        inner.setStretchFactor(0, 4)
        inner.setStretchFactor(1, 1)
        right_layout.addWidget(inner, 1)
        inputs_beside(self, scroll, right, 360)

        self.mesh: Mesh | None = None
        self.selected: int | None = None
        model.scenarioChanged.connect(lambda _: self.refresh())
        dims = model.scenario.parallel
        first = next((axis for axis in ("tp", "ep", "cp", "pp", "dp") if getattr(dims, axis) > 1), "tp")
        self.axis_box.blockSignals(True)
        self.axis_box.setCurrentIndex(self.axis_box.findData(first))
        self.axis_box.blockSignals(False)
        self.refresh()

    @property
    def axis(self) -> str:
        return self.axis_box.currentData()

    def refresh(self) -> None:
        scenario = self.model.scenario
        self.mesh = build_mesh(scenario)
        meshes = [(self.tr("order {order}").format(order=self.mesh.order), self.mesh)]
        other = self.compare_box.currentData()
        if other:
            compared = build_mesh(scenario.replace(**{"parallel.order": other}))
            meshes.append((self.tr("order {order} ({name})").format(order=compared.order, name=other), compared))
        rows = traffic(scenario, self.mesh) if not self.mesh.errors else []
        self.figure.show_meshes(scenario, meshes, self.axis, rows)
        if self.selected is not None and self.selected >= self.mesh.world_size:
            self.selected = None
        self.select_rank(self.selected)

    def select_rank(self, rank: int | None) -> None:
        self.selected = rank
        for view in self.figure.views:
            view.select(rank if not view.parentWidget().isHidden() else None)
        mesh = self.mesh
        show_node = mesh is not None and mesh.world_size > DETAIL_LIMIT and rank is not None
        self.node_view.setVisible(show_node)
        if rank is None or mesh is None or not mesh.groups[self.axis].size:
            self.details.setText(self.tr("Click a GPU to pin its coordinates and groups here."))
            return
        self.details.setText(gpu_tooltip(mesh, rank))
        if show_node:
            self.node_view.show_mesh(mesh, self.axis, node=rank // mesh.gpus_per_node)
            self.node_view.select(rank)

    def export_widget(self) -> QWidget:
        return self.figure

    def fit_to_size(self) -> None:
        """Export only: vector cells, and every mesh framed in its view at the export size."""
        for view in self.figure.views:
            if not view.parentWidget().isHidden():
                view.use_vector_cells()
                view.fit()

    def export_error(self) -> str | None:
        """The mesh draws what it can even for an invalid topology: never an export error."""
        return None

    def _groups(self) -> list[tuple[str, list[Field]]]:
        orders = tuple((name, f"{name} ({axes})") for name, axes in ORDERS.items())
        return [
            (self.tr("Cluster"), [
                Field("cluster.nodes", self.tr("Nodes")),
                Field("cluster.gpus_per_node", self.tr("GPUs per node")),
                Field("cluster.intra_bw_gbps", self.tr("NVLink GB/s per GPU"), decimals=0),
                Field("cluster.inter_bw_gbps", self.tr("Inter-node GB/s per GPU"), decimals=0),
            ]),
            (self.tr("Parallelism"), [
                Field("parallel.tp", self.tr("Tensor parallel TP")),
                Field("parallel.sp", self.tr("Sequence parallel (with TP)")),
                Field("parallel.cp", self.tr("Context parallel CP")),
                Field("parallel.pp", self.tr("Pipeline parallel PP")),
                Field("parallel.vpp", self.tr("Virtual stages per rank v")),
                Field("parallel.dp", self.tr("Data parallel DP")),
                Field("parallel.ep", self.tr("Expert parallel EP")),
                Field("parallel.etp", self.tr("Expert tensor parallel ETP")),
                Field("parallel.zero", self.tr("ZeRO stage")),
                Field("parallel.order", self.tr("Rank order"), choices=orders),
            ]),
            (self.tr("Model"), [
                Field("model.layers", self.tr("Layers")),
                Field("model.heads", self.tr("Attention heads a")),
                Field("model.kv_heads", self.tr("KV heads (GQA)")),
                Field("model.experts", self.tr("Routed experts E (0 = dense)")),
                Field("model.seq_len", self.tr("Sequence length s")),
                Field("schedule.microbatches", self.tr("Micro-batches m")),
            ]),
        ]


def main(argv: list[str] | None = None) -> int:
    """Open the Mesh tab alone on a preset (default: DeepSeek-V3)."""
    return run_alone(MeshTab, "deepseek-v3", (1500, 900), argv)


if __name__ == "__main__":
    sys.exit(main())
