"""The network behind the mesh: the fat-tree's shape, closed-form link loads, the rail rule,
oversubscription, DeepSeek-V3's node-limited two-hop dispatch, structural routes against networkx
shortest paths, and flow invariants.

Oracles:
- ring collectives move every byte between ring neighbours (Thakur, Rabenseifner & Gropp, IJHPCA
  2005): a ring all-reduce of S over n ranks sends 2(n − 1)/n·S from each rank to its successor,
  so over one GPU per node each NIC link carries exactly that each way per call;
- a two-tier fat-tree's leaf uplinks total the leaf's downlink / oversubscription (Leiserson 1985;
  Al-Fares et al., SIGCOMM'08), so spine-link times scale by the ratio;
- DeepSeek-V3 technical report §2.1.2 (each token to at most M = 4 nodes) and §3.2.2 (IB to the
  same in-node index on the target node, then NVLink);
- networkx shortest-path lengths on the graph topology_graph builds (an independent search);
- flow conservation at every switch, and bytes sent = bytes received.
"""
from __future__ import annotations

import json
import math

import numpy as np
import pytest
from classroom import classroom_on
from commands import tslab
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from tslab.models.mesh import build_mesh, traffic
from tslab.models.network import (MAX_LINKS, TIERS, Fabric, Sends, all_to_all_sends, axis_sends, network_load,
                                  network_problems, route, topology_graph)
from tslab.models.presets import load_preset
from tslab.models.scenario import Scenario
from tslab.models.validation import validate

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def moe(**values: object) -> dict[str, object]:
    return {"model.experts": 32, "model.top_k": 2, "model.expert_ffn_hidden": 1024, **values}


def loaded(s: Scenario):
    mesh = build_mesh(s)
    assert mesh.errors == (), [str(e) for e in mesh.errors]
    rows = traffic(s, mesh)
    return mesh, {row.axis: row for row in rows}, network_load(s, mesh, rows)


def of_tier(load, tier: str) -> np.ndarray:
    return load.tier == TIERS.index(tier)


# ---------------------------------------------------------------------------------------------
# The fat-tree's shape

def test_rail_optimised_tree_shape() -> None:
    """6 nodes × 4 GPUs, 4 NICs, 4-port leaves: 2 leaves per rail (nodes 0–3, 4–5), 8 leaves;
    the fullest leaf has 4 NICs, so 4 spines at 1:1; every leaf to every spine."""
    s = classroom_on(6, 4, **{"cluster.leaf_ports": 4})
    graph = topology_graph(s)
    kinds = [kind for _, kind in graph.nodes(data="kind")]
    assert [kinds.count(k) for k in ("gpu", "nvswitch", "nic", "leaf", "spine")] == [24, 6, 24, 8, 4]
    assert graph.number_of_edges() == 24 + 24 + 24 + 8 * 4
    assert graph.nodes[5] == {"kind": "gpu", "node": 1, "local": 1}
    for node in range(6):
        for i in range(4):
            leaf = f"leaf:{graph.nodes[f'nic:{node}:{i}']['leaf']}"
            assert graph.has_edge(f"nic:{node}:{i}", leaf) and graph.nodes[leaf]["rail"] == i
            assert graph.edges[f"nic:{node}:{i}", leaf]["tier"] == "leaf"
        assert graph.has_edge(4 * node + 2, f"nic:{node}:2") and graph.has_edge(4 * node + 2, f"nvswitch:{node}")
    # nodes 0–3 share rail 1's first leaf, 4–5 its second
    assert len({graph.nodes[f"nic:{n}:1"]["leaf"] for n in range(4)}) == 1
    assert graph.nodes["nic:4:1"]["leaf"] != graph.nodes["nic:3:1"]["leaf"]
    ids = sorted(graph.edges[e]["id"] for e in graph.edges)
    assert ids == list(range(graph.number_of_edges()))


def test_plain_tree_puts_a_node_on_one_leaf() -> None:
    """8-port leaves and 4 NICs per node: 2 nodes per leaf, 3 leaves for 6 nodes."""
    s = classroom_on(6, 4, **{"cluster.topology": "fat-tree", "cluster.leaf_ports": 8})
    graph = topology_graph(s)
    for node in range(6):
        leaves = {graph.nodes[f"nic:{node}:{i}"]["leaf"] for i in range(4)}
        assert leaves == {node // 2}
    assert {graph.nodes[f"leaf:{j}"]["rail"] for j in range(3)} == {-1}
    assert graph.graph["leaves"] == 3 and graph.graph["spines"] == 8


@pytest.mark.parametrize("topology", ["rail-fat-tree", "fat-tree"])
@pytest.mark.parametrize("ratio", [1.0, 2.0, 3.0, 8.0])
@pytest.mark.parametrize("spine_bw", [0.0, 100.0])
def test_uplinks_total_the_downlink_over_the_ratio(topology: str, ratio: float, spine_bw: float) -> None:
    """Each leaf's leaf–spine links add up to its NICs' bandwidth / oversubscription, and no link
    is faster than a leaf–spine link may be; spines = ⌈fullest leaf's downlink / (ratio × link)⌉."""
    s = classroom_on(10, 8, **{"cluster.topology": topology, "cluster.leaf_ports": 32,
                           "cluster.oversubscription": ratio, "cluster.spine_bw_gbps": spine_bw})
    graph = topology_graph(s)
    nic_bw = 8 * s.cluster.inter_bw_gbps * 1e9 / 8
    link_bw = spine_bw * 1e9 or nic_bw
    leaves = [v for v, kind in graph.nodes(data="kind") if kind == "leaf"]
    downlinks = {leaf: sum(graph.edges[e]["bandwidth"] for e in graph.edges(leaf)
                           if graph.edges[e]["tier"] == "leaf") for leaf in leaves}
    spines = math.ceil(max(downlinks.values()) / (ratio * link_bw) - 1e-9)
    assert graph.graph["spines"] == spines
    for leaf in leaves:
        up = [graph.edges[e]["bandwidth"] for e in graph.edges(leaf) if graph.edges[e]["tier"] == "spine"]
        assert len(up) == spines
        assert sum(up) == pytest.approx(downlinks[leaf] / ratio)
        assert max(up) <= link_bw * (1 + 1e-12)


def test_a_single_leaf_or_node_needs_no_spine() -> None:
    one_leaf = topology_graph(classroom_on(4, 8, **{"cluster.topology": "fat-tree"}))
    assert one_leaf.graph["leaves"] == 1 and one_leaf.graph["spines"] == 0
    one_node = topology_graph(classroom_on(1, 8))
    assert one_node.graph["leaves"] == 8 and one_node.graph["spines"] == 0


def test_a_network_over_the_link_limit_is_refused_before_networkx() -> None:
    nodes = MAX_LINKS // 24 + 1  # 8 GPUs and 8 NICs per node: 24 links per node before the spines
    s = classroom_on(nodes, 8)
    with pytest.raises(ValueError, match=f"over the {MAX_LINKS:,}-link limit"):
        topology_graph(s)
    with pytest.raises(ValueError, match="-link limit"):
        network_load(s, build_mesh(s), [])


def test_topologies_that_cannot_host_the_mesh() -> None:
    def keys(s: Scenario, severity: str = "error") -> set[str]:
        return {p.key for p in network_problems(s) if p.severity == severity}
    assert keys(classroom_on(2, 8, **{"cluster.nics_per_node": 16})) == {"cluster.nics_per_node"}
    assert keys(classroom_on(2, 8, **{"cluster.nics_per_node": 3})) == {"cluster.nics_per_node"}  # rails
    plain = {"cluster.topology": "fat-tree", "cluster.nics_per_node": 3}
    assert keys(classroom_on(2, 8, **plain)) == set()   # ECMP on a plain tree shares NICs unevenly
    assert keys(classroom_on(2, 8, **plain, **{"cluster.routing": "rail"})) == {"cluster.nics_per_node"}
    assert keys(classroom_on(2, 8, **{"cluster.topology": "fat-tree", "cluster.leaf_ports": 4})) == \
        {"cluster.leaf_ports"}
    assert keys(classroom_on(2, 8, **{"cluster.topology": "fat-tree", "cluster.routing": "rail"}),
                "warning") == {"cluster.routing"}
    bad = classroom_on(2, 8, **{"cluster.nics_per_node": 16})
    assert "cluster.nics_per_node" in {p.key for p in validate(bad) if p.severity == "error"}
    with pytest.raises(ValueError, match="16 NICs per node but only 8 GPUs"):
        Fabric(bad)
    for problem in network_problems(bad):
        assert problem.message and "{" not in problem.message


# ---------------------------------------------------------------------------------------------
# Closed forms

def test_ring_all_reduce_over_one_gpu_per_node_loads_every_nic_link_with_2_n_minus_1_over_n() -> None:
    """tp = 8 fills each node, so each dp group is one GPU per node (a rail): a ZeRO-0 all-reduce
    of S per step, each NIC link carries 2(n − 1)/n·S each way, NVLink none, no spine."""
    n = 4
    s = classroom_on(n, 8, tp=8, zero=0, **{"schedule.microbatches": 1})
    mesh, rows, load = loaded(s)
    dp = rows["dp"]
    assert dp.collective == "all-reduce" and dp.calls_per_step == 1 and dp.group_size == n
    size = dp.bytes_per_call
    expected = 2 * (n - 1) * size / n
    assert dp.bytes_per_step == pytest.approx(expected, abs=1)
    for tier in ("leaf", "nic"):
        links = of_tier(load, tier)
        assert np.allclose(load.directed_bytes["dp"][links], dp.bytes_per_step)  # both directions
        assert np.allclose(load.link_bytes["dp"][links], dp.bytes_per_step)
    assert not load.link_bytes["dp"][of_tier(load, "nvlink")].any()
    assert load.per_axis["dp"].spine_bytes == 0 and load.per_axis["dp"].hops == {4: n * 8 * dp.bytes_per_step}
    # and the TP all-reduce stays on NVLink: each GPU's NVLink carries its 2(t − 1)/t·S per call
    tp = rows["tp"]
    assert np.allclose(load.directed_bytes["tp"][of_tier(load, "nvlink")], tp.bytes_per_step)
    assert not load.link_bytes["tp"][~of_tier(load, "nvlink")].any()


def test_ring_across_leaves_splits_over_every_spine() -> None:
    """Plain tree, 16-port leaves, 8 NICs per node: nodes {0, 1} and {2, 3} on two leaves, 16
    spines. Each of the 8 rings (one GPU per node, 0 → 1 → 2 → 3 → 0) crosses out of each leaf
    once each way, so every leaf–spine link carries 8·B/16 = B/2 each way."""
    s = classroom_on(4, 8, tp=8, zero=0, **{"cluster.topology": "fat-tree", "cluster.leaf_ports": 16})
    _, rows, load = loaded(s)
    b = rows["dp"].bytes_per_step
    assert load.spines == 16 and load.leaves == 2
    spine = of_tier(load, "spine")
    assert np.allclose(load.directed_bytes["dp"][spine], b / 2)
    assert load.per_axis["dp"].spine_bytes == pytest.approx(2 * 8 * b)  # two crossings per ring
    assert load.per_axis["dp"].hops == pytest.approx({4: 2 * 8 * b, 6: 2 * 8 * b})


@pytest.mark.parametrize("ratio", [2.0, 3.0, 4.0])
def test_oversubscription_scales_the_spine_links_time_by_its_ratio(ratio: float) -> None:
    base = {"cluster.topology": "fat-tree", "cluster.leaf_ports": 16}
    _, _, blocking = loaded(classroom_on(4, 8, tp=8, zero=0, **base, **{"cluster.oversubscription": ratio}))
    _, _, free = loaded(classroom_on(4, 8, tp=8, zero=0, **base))
    assert blocking.spines < free.spines  # fewer spines, each link the same or slower
    assert blocking.link_seconds("dp")[of_tier(blocking, "spine")].max() == pytest.approx(
        ratio * free.link_seconds("dp")[of_tier(free, "spine")].max())
    assert blocking.link_seconds("dp")[of_tier(blocking, "leaf")].max() == pytest.approx(
        free.link_seconds("dp")[of_tier(free, "leaf")].max())
    # the ring's time is its slowest link's: a NIC link carries B, a spine link B/2 at 1:1 (see
    # test_ring_across_leaves_splits_over_every_spine), so the spine bounds it once the ratio passes 2
    assert blocking.per_axis["dp"].bandwidth_s == pytest.approx(max(1.0, ratio / 2) * free.per_axis["dp"].bandwidth_s)


def test_pipeline_boundaries_carry_microbatches_times_the_activation_each_way() -> None:
    """pp = 4 over 4 nodes (tp = 8): each boundary carries m·S forward and m·S back."""
    m = 8
    s = classroom_on(4, 8, tp=8, pp=4, **{"schedule.microbatches": m})
    mesh, rows, load = loaded(s)
    pp = rows["pp"]
    sends = axis_sends(s, mesh, pp)
    assert np.allclose(sends.bytes, m * pp.bytes_per_call)
    assert sends.src.size == 8 * 2 * 3  # 8 pp groups × 3 boundaries × 2 directions
    assert load.per_axis["pp"].bytes == pytest.approx(8 * 2 * 3 * m * pp.bytes_per_call)
    # a middle stage sends what the traffic row says its most-loaded rank sends
    per_rank = np.bincount(sends.src, sends.bytes)
    assert per_rank.max() == pytest.approx(pp.bytes_per_step)


# ---------------------------------------------------------------------------------------------
# The rail rule and the MoE dispatch

def test_rail_rule_keeps_same_index_traffic_on_one_rail() -> None:
    """EP = 32 over 4 nodes on a rail-optimised tree whose rails fit a leaf: ECMP sends the
    cross-index pairs through the spines; the rail rule moves them over NVLink first, so every
    IB byte stays on one rail (no spine), each NIC–leaf link carrying only its rail's bytes."""
    base = {**moe(), "parallel.ep": 32}
    _, _, ecmp = loaded(classroom_on(4, 8, **base))
    _, _, rail = loaded(classroom_on(4, 8, **base, **{"cluster.routing": "rail"}))
    assert ecmp.per_axis["ep"].spine_bytes > 0
    assert rail.per_axis["ep"].spine_bytes == 0 and not rail.link_bytes["ep"][of_tier(rail, "spine")].any()
    assert rail.per_axis["ep"].inter_node_bytes == pytest.approx(ecmp.per_axis["ep"].inter_node_bytes)
    assert set(rail.per_axis["ep"].hops) <= {2, 4, 6}
    # same-index sends alone: only rail i's links carry them, under either routing
    fabric = Fabric(classroom_on(4, 8, **{"cluster.leaf_ports": 2}))  # rails of two leaves each
    src = np.array([3, 11, 19, 27])
    routed = route(fabric, Sends(src, np.roll(src, -1), np.ones(4)), "direct")
    leaf_links = np.arange(fabric.leaf0, fabric.spine0)
    used = leaf_links[routed.directed[fabric.leaf0:fabric.spine0].sum(axis=1) > 0]
    assert set(((used - fabric.leaf0) % fabric.nics).tolist()) == {3}
    spine_used = np.flatnonzero(routed.directed[fabric.spine0:].sum(axis=1)) // fabric.spines
    assert set(fabric.leaf_rail[spine_used].tolist()) == {3}  # the spines it crosses join rail 3's leaves


def test_deepseek_v3_node_limited_dispatch() -> None:
    """DeepSeek-V3 (§2.1.2, §3.2.2): EP = 64 over 8 nodes, each token to at most 4 nodes; every
    rank here sends to exactly 4 nodes of its group, every node hears from exactly 4, and the
    two-hop route crosses at most one spine (here none: the group's nodes share their rails'
    leaves), so no route is longer than NVLink + one spine crossing (2 + 6 links)."""
    s = load_preset("deepseek-v3")
    assert (s.moe.routing, s.moe.max_nodes, s.moe.dispatch_route) == ("node-limited", 4, "two-hop")
    mesh, rows, load = loaded(s)
    sends = axis_sends(s, mesh, rows["ep"])
    gpn = s.cluster.gpus_per_node
    pairs = np.unique(np.stack([sends.src, sends.dst // gpn]), axis=1)
    per_source = np.bincount(pairs[0], minlength=s.world_size)
    assert per_source.max() == 4 and per_source.min() == 4
    node_pairs = np.unique(np.stack([sends.src // gpn, sends.dst // gpn]), axis=1)
    assert set(np.bincount(node_pairs[1]).tolist()) == {4}
    ep = load.per_axis["ep"]
    assert max(ep.hops) <= 2 + 6 and ep.spine_bytes == 0
    assert ep.bytes == pytest.approx(rows["ep"].bytes_per_step * s.world_size)
    # uniform routing spreads over all 8 nodes of the group
    uniform = all_to_all_sends(mesh.groups["ep"], 1.0, gpn)
    assert np.unique(np.stack([uniform.src, uniform.dst // gpn]), axis=1)[0].size == 8 * s.world_size


def test_two_hop_sends_ib_only_between_same_index_gpus() -> None:
    """Dispatch over IB to the same local index on the target node, then NVLink; its way back
    retraces it: every IB byte leaves and enters a GPU of one local index pair (l, l)."""
    s = classroom_on(4, 8, **moe(), **{"parallel.ep": 32, "moe.dispatch_route": "two-hop"})
    mesh, rows, load = loaded(s)
    fabric = Fabric(s)
    sends = axis_sends(s, mesh, rows["ep"])
    half = Sends(sends.src, sends.dst, sends.bytes / 2)
    there, back = route(fabric, half, "two-hop"), route(fabric, half, "two-hop-back")
    assert np.allclose(there.directed + back.directed, load.directed_bytes["ep"])
    # IB: per local index, the NIC links' up bytes = the bytes between GPUs of that index's nodes…
    nic_up = load.directed_bytes["ep"][fabric.nic0:fabric.leaf0, 0].reshape(4, 8).sum(axis=0)
    inter = sends.src // 8 != sends.dst // 8
    by_source_index = np.bincount(sends.src[inter] % 8, sends.bytes[inter] / 2, minlength=8)
    by_dest_index = np.bincount(sends.dst[inter] % 8, sends.bytes[inter] / 2, minlength=8)
    assert np.allclose(nic_up, by_source_index + by_dest_index)  # dispatch by source, combine by destination
    assert load.per_axis["ep"].spine_bytes == 0


# ---------------------------------------------------------------------------------------------
# Structural routes against networkx

SMALL = [
    {"cluster.leaf_ports": 2},                                                  # rails of 3 leaves
    {"cluster.leaf_ports": 4, "cluster.nics_per_node": 2},                      # 2 GPUs per NIC
    {"cluster.topology": "fat-tree", "cluster.leaf_ports": 8},                  # 2 nodes per leaf
    {"cluster.topology": "fat-tree", "cluster.leaf_ports": 6, "cluster.nics_per_node": 3,
     "cluster.gpus_per_node": 4},                                               # uneven GPUs per NIC
]


@pytest.mark.parametrize("changes", SMALL, ids=lambda c: ",".join(f"{k[8:]}={v}" for k, v in c.items()))
def test_structural_routes_are_networkx_shortest_paths(changes: dict) -> None:
    """Every ordered pair of 24 GPUs: the ECMP route's links = the shortest path length in the
    graph; the rail and two-hop routes = the shortest legs through their relay GPU; and the links
    each route loads connect its ends in exactly that many hops."""
    import networkx as nx
    s = classroom_on(6, 4, **changes)
    fabric = Fabric(s)
    graph = topology_graph(s)
    g, world = fabric.gpus_per_node, fabric.world
    src, dst = (a.ravel() for a in np.meshgrid(np.arange(world), np.arange(world), indexing="ij"))
    keep = src != dst
    src, dst = src[keep], dst[keep]
    ones = Sends(src, dst, np.ones(src.size))
    lengths = dict(nx.all_pairs_shortest_path_length(graph))
    direct = route(fabric, ones, "direct")
    assert direct.hops.tolist() == [lengths[a][b] for a, b in zip(src.tolist(), dst.tolist())]
    for how, via_of, relayed in (
            ("rail", lambda a, b: a // g * g + b % g, lambda a, b: fabric.local_nic[a % g] != fabric.local_nic[b % g]),
            ("two-hop", lambda a, b: b // g * g + a % g, lambda a, b: a % g != b % g),
            ("two-hop-back", lambda a, b: a // g * g + b % g, lambda a, b: a % g != b % g)):
        hops = route(fabric, ones, how).hops
        for a, b, h in zip(src.tolist(), dst.tolist(), hops.tolist()):
            if a // g != b // g and relayed(a, b):
                via = via_of(a, b)
                assert h == lengths[a][via] + lengths[via][b], (how, a, b)
            else:
                assert h == lengths[a][b], (how, a, b)
    edges = {data["id"]: (x, y) for x, y, data in graph.edges(data=True)}
    for a, b in [(0, 1), (0, 5), (1, 22), (7, 13), (23, 2)]:
        for how in ("direct", "rail", "two-hop"):
            one = route(fabric, Sends(np.array([a]), np.array([b]), np.ones(1)), how)
            used = np.flatnonzero(one.directed.sum(axis=1))
            sub = graph.edge_subgraph(edges[i] for i in used.tolist())
            assert nx.shortest_path_length(sub, a, b) == int(one.hops[0])
            if not one.spine[0]:  # one path: exactly its links, each used once
                assert used.size == int(one.hops[0]) and np.allclose(one.directed[used].sum(axis=1), 1)


# ---------------------------------------------------------------------------------------------
# Invariants

@st.composite
def networked(draw) -> Scenario:
    gpn = draw(st.sampled_from([1, 2, 4, 8]))
    nodes = draw(st.integers(1, 6))
    tp = draw(st.sampled_from([d for d in (1, 2, 4, 8) if gpn % d == 0]))
    pp = draw(st.sampled_from([1, 2]))
    assume(nodes * gpn % (tp * pp) == 0)
    dp = nodes * gpn // (tp * pp)
    values: dict[str, object] = {"tp": tp, "pp": pp, "zero": draw(st.integers(0, 3)),
                                 "order": draw(st.sampled_from(["megatron", "torchtitan", "picotron"]))}
    if draw(st.booleans()):
        values |= moe(**{"parallel.ep": draw(st.sampled_from([e for e in (1, 2, 4, 8, 16, 32) if (tp * dp) % e == 0]))})
    nics = draw(st.sampled_from([0] + [d for d in (1, 2, 4, 8) if gpn % d == 0]))
    values |= {"cluster.topology": draw(st.sampled_from(["rail-fat-tree", "fat-tree"])),
               "cluster.nics_per_node": nics,
               "cluster.leaf_ports": draw(st.sampled_from([8, 16, 64])),
               "cluster.oversubscription": draw(st.sampled_from([1.0, 1.5, 4.0])),
               "cluster.spine_bw_gbps": draw(st.sampled_from([0.0, 25.0, 400.0])),
               "cluster.routing": draw(st.sampled_from(["ecmp", "rail"])),
               "moe.routing": draw(st.sampled_from(["uniform", "node-limited"])),
               "moe.max_nodes": draw(st.integers(1, 4)),
               "moe.dispatch_route": draw(st.sampled_from(["direct", "two-hop"]))}
    return classroom_on(nodes, gpn, **values)


@SETTINGS
@given(networked())
def test_bytes_are_conserved_and_never_negative(s: Scenario) -> None:
    """Every load ≥ 0; at every switch (NVSwitch, NIC, leaf, spine) bytes in = bytes out; at every
    GPU bytes out − in = sent − received; per axis the bytes sent are the sends' and the rows';
    without relays the first hops (GPU links, up) carry exactly the bytes sent."""
    assume(not [p for p in validate(s) if p.severity == "error"])
    mesh = build_mesh(s)
    assume(mesh.errors == ())
    rows = traffic(s, mesh)
    load = network_load(s, mesh, rows)
    fabric = Fabric(s)
    a, b = fabric.ends()
    vertices = {v: i for i, v in enumerate(dict.fromkeys(a + b))}
    ia = np.array([vertices[v] for v in a])
    ib = np.array([vertices[v] for v in b])
    gpu = np.array([isinstance(v, int) for v in vertices])
    for row in rows:
        directed = load.directed_bytes[row.axis]
        assert (directed >= 0).all() and (load.link_bytes[row.axis] >= 0).all()
        up, down = directed[:, 0], directed[:, 1]
        out = np.bincount(ia, up, len(vertices)) + np.bincount(ib, down, len(vertices))
        into = np.bincount(ib, up, len(vertices)) + np.bincount(ia, down, len(vertices))
        scale = max(float(directed.max()), 1.0)
        assert np.allclose(out[~gpu], into[~gpu], atol=1e-9 * scale)
        sends = axis_sends(s, mesh, row)
        sent = np.bincount(sends.src, sends.bytes, fabric.world) - np.bincount(sends.dst, sends.bytes, fabric.world)
        ranks = [vertices[r] for r in range(fabric.world)]
        assert np.allclose(out[ranks] - into[ranks], sent, atol=1e-9 * scale)
        axis = load.per_axis[row.axis]
        assert axis.bytes == pytest.approx(float(sends.bytes.sum()))
        assert sum(axis.hops.values()) == pytest.approx(axis.bytes)
        assert 0 <= axis.spine_bytes <= axis.inter_node_bytes * (1 + 1e-12) <= axis.bytes * (1 + 1e-12)
        if row.axis not in ("pp", "ep"):  # rings: every rank sends the row's bytes
            assert axis.bytes == pytest.approx(row.bytes_per_step * sends.src.size)
        relayed = s.cluster.routing == "rail" or (row.axis == "ep" and s.moe.dispatch_route == "two-hop")
        if not relayed:
            assert up[:fabric.leaf0].sum() == pytest.approx(axis.bytes)
        assert axis.bottleneck_s >= 0 and (axis.bottleneck_link >= 0) == (axis.bytes > 0)
    json.dumps(load.to_json(), allow_nan=False)


# ---------------------------------------------------------------------------------------------
# The command line

def test_topology_json_is_the_graph() -> None:
    result = tslab("topology", "--preset", "kimi-k2", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    graph = topology_graph(load_preset("kimi-k2"))
    assert data["graph"] == graph.graph
    assert len(data["nodes"]) == graph.number_of_nodes() and len(data["edges"]) == graph.number_of_edges()
    assert data["nodes"][0] == {"id": 0, "kind": "gpu", "node": 0, "local": 0}
    edge = data["edges"][-1]
    assert set(edge) == {"a", "b", "id", "tier", "bandwidth"} and graph.edges[edge["a"], edge["b"]]["id"] == edge["id"]
    assert sum(row["links"] for row in data["tiers"].values()) == len(data["edges"])
    assert data["tiers"]["leaf"]["bandwidths"] == [50e9]  # Kimi K2 §2.4.1: 8 × 400 Gbps per node


def test_topology_text_and_errors() -> None:
    result = tslab("topology", "--preset", "deepseek-v3")
    assert result.returncode == 0, result.stderr
    assert "rail-optimised two-tier fat-tree: 256 nodes × 8 GPUs, 8 NICs per node, 64 leaves (8 rails)" in result.stdout
    assert "32 spines" in result.stdout and "spine      2,048  50 GB/s" in result.stdout
    for args, text in ((("--set", "cluster.nics_per_node=16"), "cluster.nics_per_node"),
                       (("--set", "cluster.nodes=20000", "--set", "parallel.dp=160000",
                         "--set", "schedule.microbatches=1"), "-link limit")):  # a batch that divides
        bad = tslab("topology", *args)
        assert bad.returncode == 2 and bad.stdout == ""
        lines = bad.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("tslab: error: ") and text in lines[0]


def test_mesh_json_carries_the_links_and_the_bottleneck() -> None:
    result = tslab("mesh", "--preset", "deepseek-v3", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    s = load_preset("deepseek-v3")
    _, _, load = loaded(s)
    assert len(data["links"]) == len(load.links) == Fabric(s).count
    link = data["links"][load.bottleneck.link]
    assert set(link) == {"id", "a", "b", "tier", "bandwidth", "bytes"} and set(link["bytes"]) == {"ep", "pp", "dp",
                                                                                                   "edp"}
    assert data["bottleneck"] == {"axis": "ep", "link": load.bottleneck.link,
                                  "seconds": pytest.approx(load.bottleneck.seconds)}
    assert data["network"]["error"] is None and data["network"]["spines"] == 32
    assert data["network"]["axes"]["ep"]["spine_bytes"] == 0
    over = json.loads(tslab("mesh", "--json", "--set", "cluster.nodes=20000",
                            "--set", "parallel.dp=160000", "--set", "schedule.microbatches=1").stdout)
    assert over["links"] == [] and over["bottleneck"] is None and "-link limit" in over["network"]["error"]
