"""Parallel Mesh tab: nodes and GPUs, the groups of every parallel axis, and which traffic leaves
the node. Run alone with ``python -m tslab.views.mesh [PRESET]``.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QScrollArea, QSplitter, QVBoxLayout, QWidget

from tslab.models.derived import COMPARE_MESH, MESH, TRAFFIC
from tslab.models.mesh import GROUP_AXES, ORDERS, Mesh
from tslab.views.common import controls_above, inputs_beside, scrolling
from tslab.views.document_tab import DocumentTab
from tslab.views.runner import Runner
from tslab.views.labels import fields
from tslab.views.mesh.common import DETAIL_LIMIT, axis_label
from tslab.views.mesh.figure import MeshFigure
from tslab.views.mesh.view import MeshView, gpu_tooltip
from tslab.views.scenario_form import Field, ScenarioForm
from tslab.views.document_model import DocumentModel


WORKER_THRESHOLD_GPUS = 1 << 15  # larger clusters are enumerated on the tab's runner (≳ 20 ms)


class MeshTab(DocumentTab):
    """Inputs on the left; the mesh figure, axis and comparison pickers and the selected GPU's
    coordinates on the right. The colour axis (`view.mesh.colour_by`) and the compared order
    (`view.mesh.compare_order`) are the document's."""

    reads = (MESH, COMPARE_MESH, TRAFFIC, "view.mesh")

    def __init__(self, model: DocumentModel, parent: QWidget | None = None):
        super().__init__(model, parent)
        self.form = ScenarioForm(model, self._groups(), self)
        scroll = scrolling(self, self.form, 340)

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

        inner = QSplitter(Qt.Orientation.Horizontal, self)
        inner.addWidget(self.figure)
        inner.addWidget(side)
        inner.setStretchFactor(0, 4)
        inner.setStretchFactor(1, 1)
        inputs_beside(self, scroll, controls_above(self, controls, inner), 360)

        self.mesh: Mesh | None = None
        self.selected: int | None = None
        self.runner = Runner(self, synchronous=model.synchronous, name="tslab-mesh")
        self.runner.done.connect(self._show)
        self.runner.failed.connect(lambda message: self.figure.subtitle.setText(
            f"<span style='color:#C00000'>{message}</span>"))
        self.refresh()

    @property
    def axis(self) -> str:
        return self.model.view.mesh.axis(self.model.scenario)

    def _show_controls(self) -> None:
        for box, value in ((self.axis_box, self.axis), (self.compare_box, self.model.view.mesh.compare_order)):
            index = box.findData(value)
            if index != box.currentIndex():
                box.blockSignals(True)
                box.setCurrentIndex(max(index, 0))
                box.blockSignals(False)

    def refresh(self, keys: frozenset[str] | None = None) -> None:
        """Enumerate the mesh, the compared order's mesh and the traffic — on the runner for a
        cluster over WORKER_THRESHOLD_GPUS — and draw them."""
        self._show_controls()
        cluster = self.model.scenario.cluster
        world = cluster.nodes * cluster.gpus_per_node
        results = self.derive(self.runner, (MESH, COMPARE_MESH, TRAFFIC), heavy=world > WORKER_THRESHOLD_GPUS)
        if results is None:
            self.figure.subtitle.setText(self.tr("Enumerating the groups of {world:,} GPUs…").format(world=world))
        else:
            self._show(results)

    def _show(self, results: tuple) -> None:
        scenario = self.model.scenario
        self.mesh, compared, traffic_rows = results
        meshes = [(self.tr("order {order}").format(order=self.mesh.order), self.mesh)]
        if compared is not None:
            meshes.append((self.tr("order {order} ({name})").format(
                order=compared.order, name=self.model.view.mesh.compare_order), compared))
        self.figure.show_meshes(scenario, meshes, self.axis, list(traffic_rows))
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
        """Export: every mesh framed in its view at the export size."""
        for view in self.figure.views:
            if not view.parentWidget().isHidden():
                view.fit()

    def use_vector_shapes(self) -> None:
        """SVG and PDF export: the cells as rectangles instead of the raster."""
        for view in self.figure.views:
            if not view.parentWidget().isHidden():
                view.use_vector_cells()

    def export_error(self) -> str | None:
        """The mesh draws what it can even for an invalid topology: never an export error."""
        return None

    def _groups(self) -> list[tuple[str, list[Field]]]:
        return [
            (self.tr("Cluster"), fields("cluster.nodes", "cluster.gpus_per_node", "cluster.intra_bw_gbps",
                                        "cluster.inter_bw_gbps")),
            (self.tr("Parallelism"), fields("parallel.tp", "parallel.sp", "parallel.cp", "parallel.pp", "parallel.vpp",
                                            "parallel.dp", "parallel.ep", "parallel.etp", "parallel.zero",
                                            "parallel.order")),
            (self.tr("Model"), fields("model.layers", "model.heads", "model.kv_heads", "model.experts", "model.seq_len",
                                      "schedule.microbatches")),
        ]
