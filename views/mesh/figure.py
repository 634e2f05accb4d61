"""The Parallel Mesh tab's exportable figure: one or two meshes, the colour key, the network under
them and the traffic."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSplitter, QVBoxLayout, QWidget

from tslab.models.mesh import GROUP_AXES, Mesh
from tslab.models.scenario import Scenario
from tslab.views import charts
from tslab.views.common import bold, caption_label, paint_white, title_label
from tslab.views.figure_fit import lines_high
from tslab.views.mesh.common import DETAIL_LIMIT, HIGH_FREQUENCY, axis_label
from tslab.views.mesh.network import NetworkView
from tslab.views.mesh.traffic_table import TrafficTable
from tslab.views.mesh.view import MeshView
from tslab.views.texts import translate_problem

AGGREGATE_LINES = 8   # the least height, in lines of type, of a mesh drawn a cell per node


class MeshFigure(QWidget):
    """The exportable figure: title, one or two meshes (the scenario's order and a comparison
    order) and their colour key above the network (a splitter between them), the traffic table."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        paint_white(self)
        self.title = title_label(self)
        self.title.setWordWrap(True)   # a long title wraps in larger type instead of widening the figure
        self.subtitle = QLabel(self)
        self.subtitle.setWordWrap(True)
        self.subtitle.setTextFormat(Qt.TextFormat.RichText)
        self.split = QSplitter(Qt.Orientation.Vertical, self)
        self.split.setChildrenCollapsible(False)
        # The figure is exported as drawn: its handle is a thin rule, not the style's grip dots.
        self.split.setStyleSheet("QSplitter::handle { background: #e6e6e6; } "
                                 "QSplitter::handle:vertical { height: 3px; }")
        meshes = QWidget(self.split)
        self.columns = [QWidget(meshes), QWidget(meshes)]  # a hidden column gives its width away
        self.views = [MeshView(column) for column in self.columns]
        self.view_titles = [QLabel(column) for column in self.columns]
        for view, name in zip(self.views, (self.tr("Mesh of GPUs"), self.tr("Compared mesh of GPUs"))):
            view.setMinimumHeight(80)   # with the network and the table, 1280×800 under a banner
            charts.mouse_chart(view, name)
        # A mesh drawn a cell per node: the GPUs of one node (view.mesh.node) beside it, labelled
        self.zoom_column = QWidget(meshes)
        self.zoom = MeshView(self.zoom_column)
        self.zoom.setMinimumHeight(80)
        charts.mouse_chart(self.zoom, self.tr("GPUs of the chosen node"))
        self.zoom_title = QLabel(self.zoom_column)
        self.zoom_column.hide()
        row = QHBoxLayout()
        for column, heading, view, stretch in zip(self.columns + [self.zoom_column],
                                                  self.view_titles + [self.zoom_title],
                                                  self.views + [self.zoom], (3, 3, 2)):
            stack = QVBoxLayout(column)
            stack.setContentsMargins(0, 0, 0, 0)
            bold(heading, centred=True)
            stack.addWidget(heading)
            stack.addWidget(view, 1)
            row.addWidget(column, stretch)
        self.key = QLabel(meshes)
        self.key.setWordWrap(True)
        self.key.setTextFormat(Qt.TextFormat.RichText)
        top = QVBoxLayout(meshes)
        top.setContentsMargins(0, 0, 0, 4)
        top.addLayout(row, 1)
        top.addWidget(self.key)
        self.network = NetworkView(self.split)
        lines_high(self.network.plot, 9, floor=130)   # its five tiers' names clear of each other in larger type
        self.split.addWidget(meshes)
        self.split.addWidget(self.network)
        # the meshes keep their aspect; half the height lets a GPU's cell hold its label at 1280×800
        self.split.setStretchFactor(0, 1)
        self.split.setStretchFactor(1, 1)
        self.split.setSizes([500, 500])
        self._aggregate = False   # the meshes are drawn a cell per node (their share of the height)
        self.table = TrafficTable(self)
        self.table.setAccessibleName(self.tr("Traffic per axis"))
        self.table.setMinimumHeight(84)   # its header and two rows: the figure fits 1280×800 under a banner
        self.caption = caption_label(self, self.tr("Deterministic teaching model of groups and bytes, not a "
                                                   "measurement. Hover a GPU for its coordinates and groups; click "
                                                   "to pin it; drag and scroll to pan and zoom."))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 8)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addWidget(self.split, 4)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.caption)

    def drawn_views(self) -> list[MeshView]:
        """The mesh views shown: the scenario's, the compared order's and the node zoom's."""
        return [view for view in self.views + [self.zoom] if not view.parentWidget().isHidden()]

    def show_zoom(self, mesh: Mesh, axis: str, node: int | None) -> None:
        """Beside a mesh drawn a cell per node, the GPUs of `node` (None: no zoom), each cell with
        its rank and coordinates, coloured by the groups of `axis` as a small mesh is."""
        shown = node is not None and mesh.world_size > DETAIL_LIMIT and node < mesh.nodes
        self.zoom_column.setVisible(shown)
        if not shown or node is None:
            return
        first = node * mesh.gpus_per_node
        self.zoom_title.setText(self.tr("Node {node}: GPUs {first}–{last}").format(
            node=node, first=first, last=first + mesh.gpus_per_node - 1))
        self.zoom.show_mesh(mesh, axis, node=node)
        self.views[0].mark_node(node)

    def show_meshes(self, scenario: Scenario, meshes: list[tuple[str, Mesh]], axis: str, rows,
                    node: int | None = None) -> None:
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
            p = scenario.parallel
            asked = {"tp": p.tp, "cp": p.cp, "pp": p.pp, "dp": p.dp}
            differ = [name for name, value in asked.items() if first.dims.get(name) != value]
            if differ:   # the header says what the error says: the degrees asked, and what is drawn of them
                text += "<br>" + self.tr(
                    "Asked: {asked} = {gpus:,} GPUs; drawn: {drawn}, what the cluster holds").format(
                    asked=" · ".join(f"{name} {value}" for name, value in asked.items()),
                    gpus=p.tp * p.cp * p.pp * p.dp,
                    drawn=" · ".join(f"{name} {first.dims.get(name)}" for name in differ))
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
        self.show_zoom(first, axis, node)
        aggregate = first.world_size > DETAIL_LIMIT
        if aggregate != self._aggregate:
            # a cell per node: the meshes take the larger share of the height, the network the rest
            self._aggregate = aggregate
            self._keep_mesh_height()
            self.split.setStretchFactor(0, 3 if aggregate else 1)
            self.split.setSizes([600, 400] if aggregate else [500, 500])
        groups = first.groups[axis]
        size = groups.shape[1] if groups.size else 0
        self.key.setText(self.tr("Colour = the {axis} group of each GPU ({count} groups of {size}); "
                                 "<span style='color:#C00000'>red outline</span> = the group spans several "
                                 "nodes; the ring joins the hovered GPU's group.").format(
            axis=axis_label(axis), count=len(groups), size=size)
            + (" " + self.tr("{world} GPUs: one cell per node, nodes of one colour holding the same {axis} "
                             "groups; click a node, or choose it under “Zoom into node”, for its GPUs.").format(
                world=f"{first.world_size:,}", axis=axis_label(axis)) if aggregate else
               " " + self.tr("A cell: its GPU's global rank r and index on each axis of size > 1.")))
        self.table.show_traffic(rows)

    def _keep_mesh_height(self) -> None:
        """A mesh drawn a cell per node keeps AGGREGATE_LINES of type, so that in presentation
        mode its nodes stay readable (the figure scrolls to the network rather than squeezing
        them); GPU by GPU, 80 px as before."""
        height = AGGREGATE_LINES * self.fontMetrics().lineSpacing() if self._aggregate else 0
        for view in self.views:
            view.setMinimumHeight(max(80, height))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:   # presentation mode's larger type
            self._keep_mesh_height()

    def sizeHint(self) -> QSize:
        return QSize(1100, 760)
