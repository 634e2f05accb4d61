"""Parallel Mesh tab: nodes and GPUs, the groups of every parallel axis, which traffic leaves the
node, and the network that carries it. Run alone with ``python -m tslab.views.mesh [PRESET]``.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QScrollArea, QSpinBox, QSplitter, QVBoxLayout, QWidget

from tslab.models.derived import COMPARE_MESH, MESH, NETWORK, TOPOLOGY, TRAFFIC, Failed, heavy
from tslab.models.mesh import GROUP_AXES, ORDERS, Mesh
from tslab.views import charts
from tslab.views.common import controls_above, inputs_beside
from tslab.views.document_model import DocumentModel
from tslab.views.document_tab import DocumentTab, derive_all
from tslab.views.figure_fit import FigureScroll
from tslab.views.labels import fields
from tslab.views.layout import FlowBar, fit_combo_boxes, inputs_column
from tslab.views.mesh.common import DETAIL_LIMIT, axis_label
from tslab.views.mesh.figure import MeshFigure
from tslab.views.mesh.network import NETWORK_AXES, axis_name
from tslab.views.mesh.network_layout import network_layout
from tslab.views.mesh.view import gpu_tooltip
from tslab.views.runner import Runner
from tslab.views.scenario_form import Field, ScenarioForm

COMPUTATIONS = (MESH, COMPARE_MESH, TRAFFIC, TOPOLOGY, NETWORK)
NETWORK_AXIS = "view.mesh.network_axis"
ZOOM_NODE = "view.mesh.node"


def derive_and_lay_out(cache, document, should_stop=None) -> tuple:
    """The tab's results and the network's drawing layout (None without a graph), for the runner:
    laying out a large fabric takes as long as routing it."""
    results = derive_all(cache, COMPUTATIONS, document, should_stop)
    graph = results[3]
    return results + (None if isinstance(graph, Failed) else network_layout(graph),)


class MeshTab(DocumentTab):
    """Inputs on the left; the mesh figure (meshes above the network), axis, comparison and
    network-load pickers and the selected GPU's coordinates on the right. The colour axis
    (`view.mesh.colour_by`), the compared order (`view.mesh.compare_order`), the axis whose
    bytes colour the links (`view.mesh.network_axis`) and, for a mesh drawn a cell per node, the
    node whose GPUs are drawn beside it (`view.mesh.node`) are the document's."""

    reads = (MESH, COMPARE_MESH, TRAFFIC, TOPOLOGY, NETWORK, "view.mesh")

    def __init__(self, model: DocumentModel, parent: QWidget | None = None):
        super().__init__(model, parent)
        self.form = ScenarioForm(model, self._groups(), self)
        self.inputs = inputs_column(self, self.form)

        self.axis_box = QComboBox(self)
        for axis in GROUP_AXES:
            self.axis_box.addItem(axis_label(axis), axis)
        self.compare_box = QComboBox(self)
        self.compare_box.addItem(self.tr("no comparison"), "")
        for name, axes in ORDERS.items():
            self.compare_box.addItem(f"{name} ({axes})", name)
        self.axis_box.currentIndexChanged.connect(
            lambda _: self.model.set_value("view.mesh.colour_by", self.axis_box.currentData()))
        self.compare_box.currentIndexChanged.connect(
            lambda _: self.model.set_value("view.mesh.compare_order", self.compare_box.currentData()))
        self.network_box = QComboBox(self)
        for axis in NETWORK_AXES:
            self.network_box.addItem(axis_name(axis), axis)
        self.network_box.currentIndexChanged.connect(
            lambda _: self.model.set_value(NETWORK_AXIS, self.network_box.currentData()))
        fit_combo_boxes(self)
        # Above DETAIL_LIMIT GPUs the mesh is a cell per node: the keyboard's way into one node
        # (Tab to it, type the node or step with the arrow keys; "none" below 0)
        self.node_box = QSpinBox(self)
        self.node_box.setRange(-1, 0)
        self.node_box.setSpecialValueText(self.tr("none"))
        self.node_box.setKeyboardTracking(False)
        self.node_box.setToolTip(self.tr("The node whose GPUs are drawn beside the mesh, each with its rank and "
                                         "coordinates; none = the nodes alone"))
        self.node_box.valueChanged.connect(lambda value: self.model.set_value(ZOOM_NODE, value))
        pickers = ((self.tr("Colour by the groups of"), self.axis_box),
                   (self.tr("Compare with the order of"), self.compare_box),
                   (self.tr("Links loaded by"), self.network_box))
        for text, box in pickers:
            box.setAccessibleName(text)   # what a screen reader says: the label beside it
        # the three pickers wrap onto a second row rather than widen the window (larger type)
        self.controls_bar = FlowBar(self, [[QLabel(text, self), box] for text, box in pickers])
        # the node zoom heads the side column (shown for a mesh drawn a cell per node): a fourth
        # picker above would wrap onto a second row at 1280 px and take the mesh's height
        node_label = QLabel(self.tr("Zoom into node"), self)
        node_label.setBuddy(self.node_box)
        self.node_box.setAccessibleName(node_label.text())
        self.node_row = FlowBar(self, [[node_label, self.node_box]], spacing=6)
        self.node_row.hide()
        controls = QHBoxLayout()
        controls.addWidget(self.controls_bar, 1)

        self.figure = MeshFigure(self)
        for view in self.figure.views:
            view.on_select = self.pick_rank
        self.details = QLabel(self.tr("Click a GPU to pin its coordinates and groups here."), self)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setWordWrap(True)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        details_scroll = QScrollArea(self)
        details_scroll.setWidget(self.details)
        details_scroll.setWidgetResizable(True)
        details_scroll.setMinimumWidth(210)
        charts.no_tab_stop(details_scroll)
        self.figure.zoom.on_select = self.pick_rank
        side = QWidget(self)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.node_row)
        side_layout.addWidget(details_scroll, 1)

        figure_scroll = FigureScroll(self.figure, self)
        inner = QSplitter(Qt.Orientation.Horizontal, self)
        inner.addWidget(figure_scroll)
        inner.addWidget(side)
        inner.setStretchFactor(0, 4)
        inner.setStretchFactor(1, 1)
        inputs_beside(self, self.inputs, controls_above(self, controls, inner), 360)

        self.mesh: Mesh | None = None
        self.selected: int | None = None
        self.results: tuple | None = None  # the last results drawn (the network's included)
        self.mesh_drawn: tuple | None = None  # (axis, title) the meshes were drawn for; None: redraw
        self.runner = Runner(self, synchronous=model.synchronous, name="tslab-mesh")
        self.runner.done.connect(self._show)
        self.runner.failed.connect(self._failed)
        self.refresh()

    @property
    def axis(self) -> str:
        return self.model.view.mesh.axis(self.model.scenario)

    def _show_controls(self) -> None:
        view = self.model.view.mesh
        cluster = self.model.scenario.cluster
        aggregate = cluster.nodes * cluster.gpus_per_node > DETAIL_LIMIT
        self.node_row.setVisible(aggregate)
        self.node_box.blockSignals(True)
        self.node_box.setMaximum(max(cluster.nodes - 1, 0))
        self.node_box.setValue(view.node if view.node < cluster.nodes else -1)
        self.node_box.blockSignals(False)
        for box, value in ((self.axis_box, self.axis), (self.compare_box, view.compare_order),
                           (self.network_box, view.network_axis)):
            index = box.findData(value)
            if index != box.currentIndex():
                box.blockSignals(True)
                box.setCurrentIndex(max(index, 0))
                box.blockSignals(False)

    def refresh(self, keys: frozenset[str] | None = None) -> None:
        """Enumerate the mesh, the compared order's mesh and the traffic, build and load the
        network — on the runner for a large cluster (models.derived.heavy) — and draw them. A new
        network axis only recolours the links; a new node zoom only redraws that node's GPUs."""
        self._show_controls()
        if keys is not None and keys <= {NETWORK_AXIS} and self.results is not None and not self.runner.busy:
            self._show_network(self.results)
            return
        if keys is not None and keys <= {ZOOM_NODE} and self.mesh is not None and not self.runner.busy:
            self._show_zoom()
            return
        document, cache = self.model.document, self.model.cache
        cluster = document.scenario.cluster
        world = cluster.nodes * cluster.gpus_per_node
        cached = all(cache.cached(c, document)[0] for c in COMPUTATIONS)
        if not heavy(MESH, document) or self.model.synchronous or cached:
            self.runner.cancel()
            self._show(derive_all(cache, COMPUTATIONS, document) + (None,))
            return
        self.runner.start(derive_and_lay_out, cache, document)
        self.mesh_drawn = None  # the subtitle below is replaced when the results arrive
        self.figure.subtitle.setText(self.tr("Enumerating the groups of {world:,} GPUs…").format(world=world))

    def _failed(self, message: str) -> None:
        self.mesh_drawn = None
        self.figure.subtitle.setText(f"<span style='color:#C00000'>{message}</span>")

    def _show(self, results: tuple) -> None:
        scenario = self.model.scenario
        mesh, compared, traffic_rows = results[:3]
        if self.results is None or any(a is not b for a, b in zip(results[:3], self.results[:3])) \
                or self.mesh_drawn != (self.axis, scenario.title):
            self.mesh = mesh
            meshes = [(self.tr("order {order}").format(order=mesh.order), mesh)]
            if compared is not None:
                meshes.append((self.tr("order {order} ({name})").format(
                    order=compared.order, name=self.model.view.mesh.compare_order), compared))
            self.figure.show_meshes(scenario, meshes, self.axis, list(traffic_rows), self.zoomed_node)
            self.mesh_drawn = (self.axis, scenario.title)
            if self.selected is not None and self.selected >= mesh.world_size:
                self.selected = None
            self.select_rank(self.selected)
        else:
            self._show_zoom()
        self.results = results
        self._show_network(results)

    def _show_network(self, results: tuple) -> None:
        """Draw the network of `results` (mesh, compared, traffic, graph, load, layout or None)."""
        mesh, graph, load, layout = results[0], results[3], results[4], results[5]
        network = self.figure.network
        failure = graph if isinstance(graph, Failed) else load if isinstance(load, Failed) else None
        if failure is not None:
            network.show_failure(self.tr("Network"), failure.reason)
            return
        network.show_network(self.model.scenario, graph, load, self.model.view.mesh.network_axis, mesh, layout)

    @property
    def zoomed_node(self) -> int | None:
        """The node whose GPUs are drawn beside a mesh drawn a cell per node (view.mesh.node)."""
        return self.model.view.mesh.zoomed_node(self.mesh.nodes if self.mesh is not None else 0)

    def _show_zoom(self) -> None:
        if self.mesh is not None:
            self.figure.show_zoom(self.mesh, self.axis, self.zoomed_node)
            self.select_rank(self.selected)

    def pick_rank(self, rank: int) -> None:
        """A click on a GPU pins it; on a mesh drawn a cell per node, a click on a node's cell (its
        first GPU) also zooms into that node."""
        mesh = self.mesh
        if mesh is not None and mesh.world_size > DETAIL_LIMIT and rank // mesh.gpus_per_node != self.zoomed_node:
            self.selected = rank
            self.model.set_value(ZOOM_NODE, rank // mesh.gpus_per_node)   # redraws the zoom and selects
            return
        self.select_rank(rank)

    def select_rank(self, rank: int | None) -> None:
        """Pin a GPU's coordinates and groups (None: none); the views outline it."""
        mesh = self.mesh
        self.selected = rank
        zoomed = self.zoomed_node
        for view in self.figure.drawn_views():
            if view is self.figure.views[0] and rank is None and zoomed is not None:
                view.mark_node(zoomed)   # the node drawn beside stays outlined
            else:
                view.select(rank)
        if rank is None or mesh is None or not mesh.groups[self.axis].size:
            self.details.setText(self.tr("Click a GPU to pin its coordinates and groups here."))
            return
        self.details.setText(gpu_tooltip(mesh, rank))

    # Lecture hooks (the main window's keyboard shortcuts) ----------------------------------------
    def fit_to_size(self) -> None:
        """Export: every mesh and the network framed in their views at the export size."""
        for view in self.figure.drawn_views():
            view.fit()
        self.figure.network.fit()

    def use_vector_shapes(self) -> None:
        """SVG and PDF export: the cells as rectangles instead of the raster, the network's symbols
        as paths."""
        for view in self.figure.drawn_views():
            view.use_vector_cells()
        self.figure.network.use_vector_shapes()

    def _groups(self) -> list[tuple[str, list[Field]]]:
        return [
            (self.tr("Cluster"), fields("cluster.nodes", "cluster.gpus_per_node", "cluster.intra_bw_gbps",
                                        "cluster.inter_bw_gbps")),
            (self.tr("Network"), fields("cluster.topology", "cluster.routing", "cluster.nics_per_node",
                                        "cluster.leaf_ports", "cluster.oversubscription", "cluster.spine_bw_gbps",
                                        "moe.dispatch_route")),
            (self.tr("Parallelism"), fields("parallel.tp", "parallel.sp", "parallel.cp", "parallel.pp", "parallel.vpp",
                                            "parallel.dp", "parallel.ep", "parallel.etp", "parallel.zero",
                                            "parallel.order")),
            (self.tr("Model"), fields("model.layers", "model.heads", "model.kv_heads", "model.experts", "model.seq_len",
                                      "schedule.global_batch", "schedule.microbatches")),
        ]
