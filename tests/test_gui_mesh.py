"""The Parallel Mesh tab: colours, hover, node zoom, order comparison, invalid topologies."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QToolTip
from windows import shown

from tslab.models.mesh import MAX_WORLD
from tslab.models.presets import load_preset
from tslab.views.document_model import DocumentModel
from tslab.views.mesh import MeshTab
from tslab.views.mesh.common import CROSS_COLOUR, DETAIL_LIMIT
from tslab.views.mesh.layout import MAX_RASTER_TEXELS, TEXELS, MeshLayout

LECTURE = {"cluster.nodes": 2, "cluster.gpus_per_node": 8, "parallel.tp": 2, "parallel.cp": 2, "parallel.pp": 2,
           "parallel.dp": 2, "parallel.ep": 1, "model.kv_heads": 32}


@pytest.fixture
def make_tab(qtbot):
    def make(scenario) -> MeshTab:
        return shown(qtbot, MeshTab(DocumentModel(scenario)), 1500, 900)
    return make


def choose(box, data) -> None:
    box.setCurrentIndex(box.findData(data))


RED = QColor(CROSS_COLOUR).getRgb()[:3]


def crossing_ranks(mesh, axis: str) -> set[int]:
    """The ranks whose `axis` group holds GPUs of more than one node (node = rank // gpus_per_node)."""
    return {int(rank) for group in mesh.groups[axis]
            if len({int(r) // mesh.gpus_per_node for r in group}) > 1 for rank in group}


def drawn_cells(view) -> list[tuple[tuple[int, int, int], set[tuple[int, int, int]]]]:
    """Per GPU cell as rendered on screen: (colour at its centre, colours on the band from 0.2 to
    0.49 right of its centre, where a red outline must show; the cell is 1 × 1 around its centre)."""
    image = view.viewport().grab().toImage()
    box = view.getPlotItem().getViewBox()

    def point(x: float, y: float):
        return view.mapFromScene(box.mapViewToScene(QPointF(x, y)))

    cells = []
    for rank in range(view.mesh.world_size):
        x, y = (float(v) for v in view.layout_.cell_centre(rank))
        centre, start, end = point(x, y), point(x + 0.2, y), point(x + 0.49, y)
        assert end.x() - start.x() >= 8, "cells too small on screen to tell their outline"
        band = {image.pixelColor(px, centre.y()).getRgb()[:3] for px in range(start.x(), end.x() + 1)}
        cells.append((image.pixelColor(centre).getRgb()[:3], band))
    return cells


def check_drawn_groups(view, axis: str) -> None:
    """What is on screen shows what the mesh's groups say: red outlines exactly on the GPUs of
    groups that span nodes, and one fill colour per group (the GPUs of a group share it)."""
    crossing = crossing_ranks(view.mesh, axis)
    cells = drawn_cells(view)
    for rank, (centre, band) in enumerate(cells):
        assert centre != RED, rank
        assert (RED in band) == (rank in crossing), (rank, band)
    by_colour: dict[tuple[int, int, int], set[int]] = {}
    for rank, (centre, _) in enumerate(cells):
        by_colour.setdefault(centre, set()).add(rank)
    groups = {frozenset(int(r) for r in group) for group in view.mesh.groups[axis]}
    if min(len(group) for group in groups) > 1:  # singleton groups are all drawn alike
        assert {frozenset(ranks) for ranks in by_colour.values()} == groups


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
    assert not view.aggregate
    choose(tab.axis_box, "tp")
    assert crossing_ranks(tab.mesh, "tp") == set()  # TP pairs sit inside a node
    check_drawn_groups(view, "tp")
    choose(tab.axis_box, "pp")
    # With Megatron's order PP is the slowest axis: stride tp·cp·dp = 8, a whole node, so every
    # PP group pairs a GPU of node 0 with one of node 1.
    assert crossing_ranks(tab.mesh, "pp") == set(range(16))
    check_drawn_groups(view, "pp")


MIXED = {"cluster.nodes": 3, "cluster.gpus_per_node": 4, "parallel.tp": 1, "parallel.cp": 1, "parallel.pp": 4,
         "parallel.dp": 3, "parallel.ep": 1}


def test_outlines_only_the_groups_that_cross_raster_and_vector(make_tab):
    """DP groups of 3 consecutive GPUs on nodes of 4: {0,1,2} and {9,10,11} stay inside a node,
    {3,4,5} and {6,7,8} straddle one: only those six GPUs are outlined, in the raster and in the
    vector cells exports draw."""
    tab = make_tab(load_preset("classroom-7b").replace(**MIXED))
    view = tab.figure.views[0]
    choose(tab.axis_box, "dp")
    assert crossing_ranks(tab.mesh, "dp") == {3, 4, 5, 6, 7, 8}
    check_drawn_groups(view, "dp")

    view.use_vector_cells()  # what SVG and PDF exports draw: rectangles instead of the raster
    assert not view.cells.isVisible()
    check_drawn_groups(view, "dp")
    choose(tab.axis_box, "pp")
    assert crossing_ranks(tab.mesh, "pp") == set(range(12))  # stride 3 over 12 GPUs: every group spans nodes
    check_drawn_groups(view, "pp")


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
    assert right.isVisible() and (left.mesh.order, right.mesh.order) == ("tp-cp-ep-dp-pp", "tp-cp-pp-dp")
    assert right.mesh.world_size == left.mesh.world_size == 16
    # Picotron puts DP last: its PP pairs are 4 apart, inside a node, where Megatron's are 8 apart.
    choose(tab.axis_box, "pp")
    assert [list(g) for g in left.mesh.groups["pp"][:2]] == [[0, 8], [1, 9]]
    assert [list(g) for g in right.mesh.groups["pp"][:2]] == [[0, 4], [1, 5]]
    assert crossing_ranks(left.mesh, "pp") == set(range(16)) and crossing_ranks(right.mesh, "pp") == set()
    check_drawn_groups(left, "pp")
    check_drawn_groups(right, "pp")


def test_large_mesh_draws_nodes_and_zooms_into_one(make_tab, qtbot):
    tab = make_tab(load_preset("deepseek-v3"))
    view = tab.figure.views[0]
    assert tab.mesh.world_size > DETAIL_LIMIT and view.aggregate
    assert len(view.cell_colours) == tab.mesh.nodes  # one cell per node
    choose(tab.axis_box, "ep")
    assert tab.mesh.cross_node("ep").all()  # 64-way EP spans 8 nodes (DeepSeek-V3 §3.2)
    assert not tab.figure.zoom.isVisible() and tab.model.view.mesh.node == -1
    tab.pick_rank(8 * 17 + 3)   # a click on node 17's cell names a GPU of it: the node is zoomed
    assert tab.model.view.mesh.node == 17
    assert tab.figure.zoom.isVisible() and tab.figure.zoom.node == 17
    assert len(tab.figure.zoom.cell_colours) == 8
    assert "GPU 139" in tab.details.text()
    assert "Node 17: GPUs 136–143" in tab.figure.zoom_title.text()
    tab.model.set_value("view.mesh.node", -1)   # navigation (saved, not undone): back to the nodes alone
    assert tab.model.view.mesh.node == -1 and not tab.figure.zoom.isVisible()


def zoom_cells(zoom) -> list[tuple[int, str, list[str]]]:
    """(rank, fill colour, label lines) of each GPU the node zoom draws, from its cells and labels."""
    rank_of = {}
    for index, (x, y, _, _) in enumerate(zoom.labels.cells):
        rank_of[index] = zoom.layout_.rank_at(x, y) + zoom.offset
    return [(rank_of[i], zoom.cell_colours[i], zoom.labels.cells[i][2]) for i in range(len(zoom.cell_colours))]


@pytest.mark.parametrize("axis", ["ep", "pp", "dp"])
def test_node_zoom_shows_its_gpus_ranks_and_groups(make_tab, axis):
    """view.mesh.node = 17 on DeepSeek-V3: the zoom draws GPUs 136–143, each labelled with its rank
    and its coordinates as models.mesh gives them, filled with its group's colour (the colour of the
    group index of the coloured axis, as a small mesh is drawn)."""
    tab = make_tab(load_preset("deepseek-v3"))
    tab.model.update({"view.mesh.node": 17, "view.mesh.colour_by": axis})
    zoom, mesh = tab.figure.zoom, tab.mesh
    cells = zoom_cells(zoom)
    assert [rank for rank, _, _ in cells] == list(range(136, 144))
    expected = zoom.colours_for(mesh.group_index[axis][136:144])
    for (rank, colour, lines), rgb in zip(cells, expected):
        assert colour == "#{:02x}{:02x}{:02x}".format(*rgb)
        coords = mesh.coordinates(rank)
        assert lines[0] == f"r{rank}"
        shown = " ".join(lines[1:]).split()
        for axis_name, index in ((a, coords[a]) for a in ("dp", "pp", "ep", "edp")):
            assert f"{axis_name}{index}" in shown, (rank, lines)
    # the node's cell in the grid is outlined, and coloured as its class of nodes
    grid = tab.figure.views[0]
    assert grid.focus.isVisible()
    classes = mesh.node_classes(axis)
    assert grid.cell_colours[17] == "#{:02x}{:02x}{:02x}".format(*grid.colours_for(classes[17:18])[0])


def test_node_grid_colours_nodes_that_hold_the_same_groups_alike(make_tab):
    """A cell per node: two nodes share a colour class exactly when their GPUs hold the same set of
    groups; for EP (each node's 8 GPUs in one 64-GPU group) the class is the group itself, so that
    a node's cell has the colour its GPUs have in the zoom."""
    tab = make_tab(load_preset("deepseek-v3"))
    mesh, grid = tab.mesh, tab.figure.views[0]
    for axis in ("ep", "pp", "dp"):
        choose(tab.axis_box, axis)
        classes = mesh.node_classes(axis)
        held = [frozenset(mesh.group_index[axis][n * 8:(n + 1) * 8].tolist()) for n in range(mesh.nodes)]
        for a in range(0, mesh.nodes, 7):
            for b in range(mesh.nodes):
                assert (classes[a] == classes[b]) == (held[a] == held[b])
        assert len(grid.cell_colours) == mesh.nodes == mesh.world_size // 8
    choose(tab.axis_box, "ep")
    first_gpu_group = mesh.group_index["ep"][::8]
    assert (mesh.node_classes("ep") == first_gpu_group).all()
    assert grid.cell_colours == ["#{:02x}{:02x}{:02x}".format(*c) for c in grid.colours_for(first_gpu_group)]


@pytest.mark.parametrize("preset, least_px", [("deepseek-v3", 12.0), ("llama3-405b-128k", 4.5)])
def test_node_cells_fill_the_space_at_1280_by_800(qtbot, preset, least_px):
    """The node grid takes the shape of the space it is given: at the tab's size on a 1280×800
    screen (inputs shown) 2,048 GPUs are 256 node cells of at least 12 px, 16,384 GPUs 2,048 of at
    least 4.5 px, and the grid fills the view's width or height; with the inputs folded away
    (presentation) the cells grow."""
    tab = shown(qtbot, MeshTab(DocumentModel(load_preset(preset), synchronous=True)), 1280, 740)
    view = tab.figure.views[0]
    layout = view.layout_
    assert view.aggregate and layout.nodes == tab.mesh.world_size // 8 == len(view.cell_colours)
    assert layout.node_cols * layout.node_rows >= layout.nodes > layout.node_cols * (layout.node_rows - 1)
    width, height = view.area_pixels()
    side = view.node_cell_pixels()
    assert side >= least_px
    # filled: one more column or row of cells would not fit the other way
    assert max(layout.width * side / width, layout.height * side / height) > 0.9
    assert layout == MeshLayout.node_cells(layout.nodes, 8, width, height)
    before = side
    tab.set_inputs_collapsed(True)
    qtbot.waitUntil(lambda: view.node_cell_pixels() > before * 1.2)


def test_node_cells_layout_is_the_largest_grid_that_fits():
    for nodes, width, height in ((256, 676, 135), (2048, 676, 120), (256, 300, 900), (1, 50, 50), (7, 700, 100)):
        layout = MeshLayout.node_cells(nodes, 8, width, height)
        best = layout.cell_pixels(width, height)
        for cols in range(1, nodes + 1):
            other = MeshLayout(nodes, 8, 1, 1, cols, layout.gap)
            assert other.cell_pixels(width, height) <= best + 1e-9
        x, y = (float(v) + 0.6 for v in layout.node_origin(nodes - 1))
        assert layout.node_at(x, y) == nodes - 1 and layout.rank_at(x, y) == (nodes - 1) * 8


def test_zoom_by_keyboard(make_tab, qtbot):
    """Keyboard only: the node box is a Tab stop beside the figure; typing a node and Enter zooms
    into it; the box is shown only for a mesh drawn a cell per node."""
    from PySide6.QtCore import Qt
    tab = make_tab(load_preset("deepseek-v3"))
    box = tab.node_box
    assert tab.node_row.isVisible() and box.focusPolicy() & Qt.FocusPolicy.TabFocus
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, "42")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert tab.model.view.mesh.node == 42 and tab.figure.zoom.node == 42
    qtbot.keyClick(box, Qt.Key.Key_Up)
    assert tab.model.view.mesh.node == 43
    small = make_tab(load_preset("classroom-7b"))
    assert not small.node_row.isVisible() and not small.figure.zoom.isVisible()


def test_the_largest_mesh_is_a_bounded_raster_with_every_node_drawn(qtbot):
    """2^19 GPUs drawn a cell per node: fewer texels per cell keep the raster within
    MAX_RASTER_TEXELS, and each node's cell still shows its group colour inside a red outline."""
    scenario = load_preset("deepseek-v3").replace(**{"cluster.nodes": MAX_WORLD // 8, "parallel.dp": MAX_WORLD // 16})
    tab = MeshTab(DocumentModel(scenario, synchronous=True))
    qtbot.addWidget(tab)
    choose(tab.axis_box, "ep")
    view = tab.figure.views[0]
    image, t, b = view.cells.image, view.texels, view.border
    assert view.aggregate and t < TEXELS and image.shape[0] * image.shape[1] <= MAX_RASTER_TEXELS
    assert tab.mesh.cross_node("ep").all() and view.cell_crosses.all()
    red = QColor(CROSS_COLOUR).getRgb()[:3]
    layout = view.layout_
    for node in (0, 1, layout.nodes // 2, layout.nodes - 1):
        x, y = (int(round(v * t)) + 1 for v in layout.node_origin(node))  # margin: 1 texel at this size
        fill = QColor(view.cell_colours[node]).getRgb()[:3]
        assert tuple(image[y, x]) == red and tuple(image[y + b, x + b]) == fill, node


def test_invalid_topology_still_draws_and_lists_reasons(qtbot):
    from tslab.desktop.main_window import MainWindow
    window = MainWindow(load_preset("classroom-7b").replace(**{"parallel.dp": 3}))
    window.show()
    qtbot.waitExposed(window)
    window.select_tab("mesh")
    assert window.tabs.currentWidget().layout().itemAt(0).widget() is window.mesh_tab
    assert window.banner.problems and "parallel.dp" in window.banner.label.text()
    assert [(p.key, p.args) for p in window.mesh_tab.mesh.errors] == [
        ("parallel.dp", {"product": 3, "nodes": 1, "gpn": 8, "world": 8})]
    assert [list(g) for g in window.mesh_tab.mesh.groups["dp"]] == [[0, 1, 2]]  # the 3 ranks asked for, drawn
    window.model.mark_saved("")
    window.close()


def test_tab_runs_alone_on_the_preset_named(run_tab_alone):
    """``python -m tslab.views.mesh gpt3-175b`` opens the Parallel Mesh tab alone on that preset; the event
    loop is replaced by a look at the windows shown at the moment it would start."""
    from tslab.views.mesh import __main__ as alone
    window = run_tab_alone(alone.main, MeshTab, "gpt3-175b", 1500, 900)
    assert window.figure.title.text() == load_preset("gpt3-175b").title
    assert window.mesh.world_size == load_preset("gpt3-175b").world_size


def test_an_invalid_mesh_states_the_numbers_of_the_error(make_tab):
    """DeepSeek-V3 with tp 8 and dp 128 stated asks for 16,384 GPUs on 2,048: the mesh header says
    the degrees asked and their product, as the error does, beside the dp it could draw."""
    s = load_preset("deepseek-v3").replace(**{"parallel.tp": 8, "parallel.dp": 128})
    tab = make_tab(s)
    assert tab.mesh.errors and tab.mesh.dims["dp"] == 16
    text = tab.figure.subtitle.text()
    assert "tp 8 · cp 1 · pp 16 · dp 128 = 16,384 GPUs" in text and "drawn: dp 16" in text
    error = " ".join(str(p) for p in tab.mesh.errors)
    assert "16384" in error.replace(",", "")
    tab.model.set_value("parallel.dp", 16)   # valid again: no such line
    assert not tab.mesh.errors and "Asked:" not in tab.figure.subtitle.text()
