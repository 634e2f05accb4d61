"""The network view of the Parallel Mesh tab: what it draws is what the network model says —
every link drawn once, its colour from the selected axis's bytes, the bottleneck outlined, the
routing and topology inputs redrawing it, hover tooltips naming links and switches."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QToolTip
from windows import shown

from tslab.models.derived import NETWORK, TOPOLOGY
from tslab.models.presets import load_preset
from tslab.models.units import format_seconds
from tslab.views.document_model import DocumentModel
from tslab.views.mesh import MeshTab
from tslab.views.mesh.network import IDLE_COLOUR, LEVELS, SCALE, NetworkView, load_levels
from tslab.views.mesh.network_layout import GPU_HALF_HEIGHT, GPU_Y, NIC_Y, NODE_DETAIL_LIMIT, SWITCH_Y

# Two nodes of 8 GPUs, every axis 2 wide (the lecture mesh of test_gui_mesh): wide columns on screen.
LECTURE = {"cluster.nodes": 2, "cluster.gpus_per_node": 8, "parallel.tp": 2, "parallel.cp": 2, "parallel.pp": 2,
           "parallel.dp": 2, "parallel.ep": 1, "model.kv_heads": 32}


@pytest.fixture
def make_tab(qtbot):
    def make(scenario, size=(1500, 950)) -> MeshTab:
        tab = shown(qtbot, MeshTab(DocumentModel(scenario)), *size)
        qtbot.waitUntil(lambda: not tab.runner.busy)
        return tab
    return make


def choose(box, data) -> None:
    box.setCurrentIndex(box.findData(data))


def model_load(tab: MeshTab):
    return tab.model.result(NETWORK)


def expected_bytes(load, axis: str) -> np.ndarray:
    return load.total_bytes if axis == "all" else load.link_bytes[axis]


def scene_point(view: NetworkView, x: float, y: float) -> QPointF:
    return view.plot.getPlotItem().getViewBox().mapViewToScene(QPointF(x, y))


def band(view: NetworkView, image, x: float, y: float, half_width: int = 3) -> set[tuple[int, int, int]]:
    """The colours of the pixels within `half_width` of the point (x, y) of the drawing, sideways."""
    point = view.plot.mapFromScene(scene_point(view, x, y))
    return {image.pixelColor(px, point.y()).getRgb()[:3]
            for px in range(point.x() - half_width, point.x() + half_width + 1)}


@pytest.mark.parametrize("preset", ["deepseek-v3", "kimi-k2"])
def test_every_link_is_drawn_once_and_the_view_is_not_blank(make_tab, preset):
    tab = make_tab(load_preset(preset))
    view = tab.figure.network
    load = model_load(tab)
    drawn = [link for segment in view.layout_.segments for link in segment.links]
    assert sorted(drawn) == list(range(len(load.links)))   # each link in exactly one drawn segment
    nodes = tab.model.scenario.cluster.nodes
    assert view.layout_.aggregate == (nodes > NODE_DETAIL_LIMIT)
    if not view.layout_.aggregate:   # a segment per link, a box per node
        assert len(view.layout_.segments) == len(load.links) and len(view.layout_.groups) == nodes
    image = view.plot.viewport().grab().toImage()
    colours = {image.pixelColor(x, y).getRgb()[:3] for x in range(0, image.width(), 7)
               for y in range(0, image.height(), 7)}
    assert len(colours) > 8   # switches, NICs, GPUs and loaded links, not an empty canvas


def test_large_clusters_draw_the_nodes_under_the_same_leaves_as_one_box(make_tab):
    """DeepSeek-V3's 256 nodes on rail leaves of 32 ports: NIC i of nodes 32k … 32k + 31 share a
    leaf, so the boxes are those 8 runs of 32 nodes; a plain fat-tree puts 32 // 8 = 4 nodes on a leaf."""
    scenario = load_preset("deepseek-v3")
    tab = make_tab(scenario)
    view = tab.figure.network
    ports = scenario.cluster.leaf_ports
    assert [(g.first, g.last) for g in view.layout_.groups] == [(k * ports, k * ports + ports - 1)
                                                                 for k in range(scenario.cluster.nodes // ports)]
    graph = tab.model.result(TOPOLOGY)
    for group in view.layout_.groups:
        leaves = {frozenset(v for i in range(8) for v in graph.neighbors(f"nic:{node}:{i}")
                            if str(v).startswith("leaf:")) for node in range(group.first, group.last + 1)}
        assert len(leaves) == 1   # every node of a box is on the same leaves
    assert "256 nodes in 8 boxes" in view.caption.text()
    assert [rail for rail, _, _ in view.layout_.rail_spans] == list(range(8))

    tab.model.set_value("cluster.topology", "fat-tree")
    assert view.layout_.rails == 0 and view.layout_.rail_spans == ()
    assert [g.count for g in view.layout_.groups] == [ports // 8] * (scenario.cluster.nodes * 8 // ports)


@pytest.mark.parametrize("axis", ["ep", "dp", "pp", "all"])
def test_link_colours_follow_the_selected_axis(make_tab, axis):
    tab = make_tab(load_preset("kimi-k2"))
    view = tab.figure.network
    choose(tab.network_box, axis)
    assert tab.model.view.mesh.network_axis == axis and view.axis == axis
    load = model_load(tab)
    per_link = expected_bytes(load, axis)
    links = np.array([segment.links[0] for segment in view.layout_.segments])
    assert np.array_equal(view.segment_bytes, per_link[links])
    levels = view.segment_levels
    assert np.array_equal(levels < 0, per_link[links] == 0)          # idle exactly where no byte goes
    assert levels.max() == LEVELS - 1 and view.top == per_link.max()
    order = np.argsort(per_link[links], kind="stable")
    assert (np.diff(levels[order]) >= 0).all()                       # more bytes, never a lighter colour
    assert np.array_equal(levels, load_levels(per_link[links], per_link.max()))


def test_drawn_colours_on_screen_are_the_loads(make_tab):
    """The lecture mesh on screen: the pixel in the middle of each GPU–NIC link (a vertical line
    from the GPU's top to its NIC) has the colour of that link's bytes for the chosen axis."""
    tab = make_tab(load_preset("classroom-7b").replace(**LECTURE))
    view = tab.figure.network
    palette = {c.getRgb()[:3] for c in SCALE} | {QColor(IDLE_COLOUR).getRgb()[:3]}
    seen = set()
    for axis in ("all", "tp", "pp", "dp"):
        choose(tab.network_box, axis)
        per_link = expected_bytes(model_load(tab), axis)
        top = per_link.max()
        image = view.plot.viewport().grab().toImage()
        for index, segment in enumerate(view.layout_.segments):
            if segment.tier != "nic" or index == view.bottleneck_segment:
                continue
            level = load_levels(per_link[segment.links[0]:segment.links[0] + 1], top)[0]
            expected = (QColor(IDLE_COLOUR) if level < 0 else SCALE[level]).getRgb()[:3]
            x = (segment.x0 + segment.x1) / 2
            drawn = band(view, image, x, (GPU_Y + GPU_HALF_HEIGHT + NIC_Y) / 2) & palette
            assert drawn == {expected}, (axis, segment.ends, drawn, expected)
            seen.add(expected)
    assert len(seen) >= 2   # the axes light different links


@pytest.mark.parametrize("preset", ["deepseek-v3", "kimi-k2"])
def test_the_highlighted_bottleneck_is_the_models(make_tab, preset):
    tab = make_tab(load_preset(preset))
    view = tab.figure.network
    load = model_load(tab)
    assert view.bottleneck_link == load.bottleneck.link
    for axis in ("all", "dp"):
        choose(tab.network_box, axis)
        want = load.bottleneck if axis == "all" else load.per_axis["dp"]
        link = want.link if axis == "all" else want.bottleneck_link
        seconds = want.seconds if axis == "all" else want.bottleneck_s
        which = load.bottleneck.axis if axis == "all" else "dp"
        assert view.bottleneck_link == link
        # independently: the most loaded link of that axis, bytes over bandwidth
        busy = load.link_bytes[which] / load.bandwidth
        assert busy[link] == busy.max()
        segment = view.layout_.segments[view.bottleneck_segment]
        assert link in segment.links
        xs, ys = view.highlight.getData()
        assert list(xs) == [segment.x0, segment.x1] and list(ys) == [segment.y0, segment.y1]
        text = view.bottleneck_label.text()
        assert format_seconds(seconds) in text and which.upper() in text


def test_routing_and_dispatch_toggles_redraw_the_loads(make_tab):
    """Kimi K2's rails are one leaf each: ECMP sends EP's cross-rail bytes over the spines; the
    rail rule (NVLink to the destination's local index first, NCCL's PXN) keeps every send on one
    rail, so no spine link carries a byte."""
    tab = make_tab(load_preset("kimi-k2"))
    view = tab.figure.network
    choose(tab.network_box, "ep")
    spine = np.array([segment.tier == "spine" for segment in view.layout_.segments])
    nvlink = np.array([segment.tier == "nvlink" for segment in view.layout_.segments])
    ecmp = view.segment_bytes.copy()
    assert ecmp[spine].sum() > 0
    tab.model.set_value("cluster.routing", "rail")
    rail = view.segment_bytes.copy()
    assert rail[spine].sum() == 0 and rail[nvlink].sum() > ecmp[nvlink].sum()
    links = np.array([segment.links[0] for segment in view.layout_.segments])
    assert np.array_equal(rail, model_load(tab).link_bytes["ep"][links])
    assert "rail rule" in view.heading.text()
    tab.model.set_value("cluster.routing", "ecmp")
    assert np.array_equal(view.segment_bytes, ecmp)
    # DeepSeek-V3's dispatch (§3.2.2): IB to the same-index GPU of the target node, then NVLink —
    # it stays on the source's rail as well
    tab.model.set_value("moe.dispatch_route", "two-hop")
    two_hop = view.segment_bytes
    assert two_hop[spine].sum() == 0 and not np.array_equal(two_hop, ecmp)
    assert np.array_equal(two_hop, model_load(tab).link_bytes["ep"][links])


def test_network_axis_change_does_not_rebuild_the_mesh(make_tab):
    tab = make_tab(load_preset("kimi-k2"))
    computed = dict(tab.model.cache.computed)
    mesh = tab.figure.views[0].mesh
    choose(tab.network_box, "pp")
    assert tab.model.cache.computed == computed and tab.figure.views[0].mesh is mesh
    assert tab.figure.network.axis == "pp"


def test_hover_names_links_switches_and_gpus(make_tab, qtbot):
    tab = make_tab(load_preset("kimi-k2"))
    view = tab.figure.network
    choose(tab.network_box, "ep")
    index = next(i for i, s in enumerate(view.layout_.segments) if s.tier == "spine")
    segment = view.layout_.segments[index]
    x, y = segment.x0 + 0.3 * (segment.x1 - segment.x0), segment.y0 + 0.3 * (segment.y1 - segment.y0)
    assert view.segment_at(scene_point(view, x, y)) == index
    view.plot.scene().sigMouseMoved.emit(scene_point(view, x, y))
    qtbot.waitUntil(QToolTip.isVisible)
    text = QToolTip.text()
    assert "leaf–spine" in text and f"{segment.ends[0]} — {segment.ends[1]}" in text
    assert "GB/s each way" in text and "EP:" in text and "used by:" in text

    leaf = next(m for m in view.layout_.markers if m.kind == "leaf" and m.rail == 3)
    assert view.tooltip_at(scene_point(view, leaf.x, leaf.y)) == f"<b>{leaf.name}</b> — leaf switch · rail 3"
    gpu = view.tooltip_at(scene_point(view, view.layout_.groups[2].x0 + 1.5, GPU_Y))
    assert "GPU 17" in gpu and "node 2, local 1" in gpu
    switch = view.tooltip_at(scene_point(view, view.layout_.groups[5].x0 + 0.2, SWITCH_Y))
    assert "nvswitch:5" in switch
    # a link at a GPU names the GPU's groups of the axes that load it
    bottleneck = view.layout_.segments[view.bottleneck_segment]
    tip = view.tooltip_at(scene_point(view, (bottleneck.x0 + bottleneck.x1) / 2, (bottleneck.y0 + bottleneck.y1) / 2))
    assert "the bottleneck" in tip and "EP group" in tip


def test_an_impossible_topology_says_why_and_draws_nothing(make_tab):
    tab = make_tab(load_preset("kimi-k2"))
    tab.model.set_value("cluster.nics_per_node", 3)   # 8 GPUs over 3 NICs: no rails
    view = tab.figure.network
    assert view.layout_ is None and len(view.segment_bytes) == 0
    assert "3 NICs" in view.bottleneck_label.text()
    tab.model.set_value("cluster.nics_per_node", 4)   # two GPUs per NIC: drawn again
    assert view.layout_ is not None and view.layout_.nics_per_node == 4


def test_large_clusters_are_routed_and_laid_out_on_the_runner(make_tab, qtbot):
    scenario = load_preset("deepseek-v3").replace(**{"cluster.nodes": 1024, "parallel.dp": 512})
    tab = make_tab(scenario)
    assert tab.results is not None and tab.results[5] is not None   # the layout came from the worker
    view = tab.figure.network
    assert view.layout_ is tab.results[5] and view.layout_.nodes == 1024
    assert view.bottleneck_link == model_load(tab).bottleneck.link


def test_export_figure_holds_the_network(make_tab):
    tab = make_tab(load_preset("kimi-k2"))
    figure = tab.export_widget()
    assert tab.figure.network in figure.findChildren(NetworkView)
