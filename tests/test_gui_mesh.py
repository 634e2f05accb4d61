"""The Parallel Mesh tab: colours, hover, node zoom, order comparison, invalid topologies."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QToolTip

from tslab.models.presets import load_preset
from tslab.views.mesh import MeshTab
from tslab.views.mesh.common import CROSS_COLOUR, DETAIL_LIMIT
from tslab.views.mesh.layout import MeshLayout
from tslab.views.document_model import DocumentModel

LECTURE = {"cluster.nodes": 2, "cluster.gpus_per_node": 8, "parallel.tp": 2, "parallel.cp": 2, "parallel.pp": 2,
           "parallel.dp": 2, "parallel.ep": 1, "model.kv_heads": 32}


@pytest.fixture
def make_tab(qtbot):
    def make(scenario) -> MeshTab:
        tab = MeshTab(DocumentModel(scenario))
        qtbot.addWidget(tab)
        tab.resize(1500, 900)
        tab.show()
        qtbot.waitExposed(tab)
        return tab
    return make


def choose(box, data) -> None:
    box.setCurrentIndex(box.findData(data))


def cell_pens(view) -> list[str]:
    """Per drawn cell: red where its group spans nodes, else white (no outline)."""
    return ["#c00000" if cross else "#ffffff" for cross in view.cell_crosses]


def test_layout_maps_points_back_to_ranks():
    layout = MeshLayout.for_cluster(nodes=5, gpus_per_node=8)
    for rank in range(40):
        x, y = layout.cell_centre(rank)
        assert layout.rank_at(float(x), float(y)) == rank
        assert layout.node_at(float(x), float(y)) == rank // 8
    assert layout.rank_at(-1.0, -1.0) is None


def test_colour_by_axis_and_cross_node_outlines(make_tab):
    tab = make_tab(load_preset("classroom-7b").replace(**LECTURE))
    view = tab.figure.views[0]
    choose(tab.axis_box, "tp")
    assert set(cell_pens(view)) == {"#ffffff"}  # TP pairs sit inside a node
    choose(tab.axis_box, "pp")
    crossing = tab.mesh.cross_node("pp")
    expected = ["#c00000" if crossing[g] else "#ffffff" for g in tab.mesh.group_index["pp"]]
    assert cell_pens(view) == expected
    assert CROSS_COLOUR.lower() in expected  # with megatron's order PP is the slowest axis: it crosses
    assert len(set(view.cell_colours)) == len(tab.mesh.groups["pp"])  # one colour per group
    image = view.cells.image  # and the raster shows them: the red of the outlines, each group colour
    pixels = {tuple(p) for p in image.reshape(-1, 3)}
    assert (192, 0, 0) in pixels
    assert all(tuple(int(view.cell_colours[0][i:i + 2], 16) for i in (1, 3, 5)) in pixels for _ in [0])


def test_hover_shows_coordinates_groups_and_ring(make_tab, qtbot):
    tab = make_tab(load_preset("classroom-7b").replace(**LECTURE))
    choose(tab.axis_box, "dp")
    view = tab.figure.views[0]
    x, y = view.layout_.cell_centre(5)
    scene = view.getPlotItem().getViewBox().mapViewToScene(QPointF(float(x), float(y)))
    view.scene().sigMouseMoved.emit(scene)
    qtbot.waitUntil(QToolTip.isVisible)
    text = QToolTip.text()
    assert "GPU 5" in text and "node 0" in text and "DP:" in text and "TP·CP:" in text
    ring_x, _ = view.ring.getData()
    members = tab.mesh.groups["dp"][tab.mesh.group_index["dp"][5]]
    assert len(ring_x) == len(members) + 1  # a closed ring through the group


def test_compare_orders_side_by_side(make_tab):
    tab = make_tab(load_preset("classroom-7b").replace(**LECTURE))
    choose(tab.axis_box, "tp-cp")
    assert not tab.figure.views[1].isVisible()
    choose(tab.compare_box, "picotron")
    left, right = tab.figure.views
    assert right.isVisible() and right.mesh.order != left.mesh.order
    assert right.mesh.world_size == left.mesh.world_size


def test_large_mesh_draws_nodes_and_zooms_into_one(make_tab, qtbot):
    tab = make_tab(load_preset("deepseek-v3"))
    view = tab.figure.views[0]
    assert tab.mesh.world_size > DETAIL_LIMIT and view.aggregate
    assert len(view.cell_colours) == tab.mesh.nodes  # one cell per node
    choose(tab.axis_box, "ep")
    assert tab.mesh.cross_node("ep").all()  # 64-way EP spans 8 nodes (DeepSeek-V3 §3.2)
    tab.select_rank(8 * 17 + 3)
    assert tab.node_view.isVisible() and tab.node_view.node == 17
    assert len(tab.node_view.cell_colours) == 8
    assert "GPU 139" in tab.details.text()


def test_invalid_topology_still_draws_and_lists_reasons(qtbot):
    from tslab.desktop.main_window import MainWindow
    window = MainWindow(load_preset("classroom-7b").replace(**{"parallel.dp": 3}))
    window.show()
    qtbot.waitExposed(window)
    window.select_tab("mesh")
    assert window.tabs.currentWidget().layout().itemAt(0).widget() is window.mesh_tab
    assert window.banner.isVisible() and "parallel.dp" in window.banner.label.text()
    assert window.mesh_tab.mesh.errors
    window.model.mark_saved("")
    window.close()
