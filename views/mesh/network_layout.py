"""Where the network drawing puts each switch, NIC and GPU, and which model links each drawn
segment stands for.

Tiers stack upwards: each node's NVSwitch bar, its GPUs and its NICs at the bottom, the leaf
switches above (grouped by rail in a rail-optimised tree), the spines on top. Up to
NODE_DETAIL_LIMIT nodes every node is a box of its own; beyond, the nodes attached to the same
leaves form one box (a rail-optimised leaf serves NIC i of `leaf_ports` consecutive nodes, a plain
fat-tree leaf all NICs of a few nodes), and a drawn segment then stands for the bundle of
parallel links of its group. Plain arithmetic on the topology graph (no Qt).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

NODE_DETAIL_LIMIT = 64   # above this many nodes, the nodes under the same leaves are one box
GROUP_GAP = 1.0          # empty columns between node boxes

# Heights of the tiers, in drawing units (the drawing is not aspect-locked: it fills its view).
SWITCH_Y = 0.0   # a node's NVSwitch bar
GPU_Y = 1.0
NIC_Y = 2.1
LEAF_Y = 5.0
SPINE_Y = 8.0
BOX_BOTTOM, BOX_TOP = -0.45, 2.55
GPU_HALF_HEIGHT = 0.3
SWITCH_HALF_HEIGHT = 0.14
TIERS = ("nvlink", "nic", "leaf", "spine")


@dataclass(frozen=True)
class NodeGroup:
    """Consecutive nodes drawn as one box (one node when the cluster is drawn in detail)."""
    first: int
    last: int
    x0: float       # the box's left edge
    width: float

    @property
    def count(self) -> int:
        return self.last - self.first + 1


@dataclass(frozen=True)
class Segment:
    """One drawn line: the model links it stands for (one, or a bundle of parallel links)."""
    tier: str
    x0: float
    y0: float
    x1: float
    y1: float
    links: tuple[int, ...]   # link ids
    ends: tuple[str, str]    # what it joins, as written in its tooltip (names of vertices or groups)


@dataclass(frozen=True)
class Marker:
    """A switch, NIC or GPU drawn at (x, y); `name` is what hovering it says."""
    kind: str   # "spine", "leaf", "nic", "gpu", "nvswitch"
    x: float
    y: float
    name: str
    rail: int = -1


@dataclass(frozen=True, eq=False)  # eq=False: the arrays have no truth value
class NetworkLayout:
    nodes: int
    gpus_per_node: int
    nics_per_node: int
    columns: int                 # columns of a node box: max(GPUs, NICs) per node
    groups: tuple[NodeGroup, ...]
    aggregate: bool              # node boxes stand for several nodes
    rails: int                   # leaf rails of a rail-optimised tree (0: leaves on no rail)
    markers: tuple[Marker, ...]
    segments: tuple[Segment, ...]
    rail_spans: tuple[tuple[int, float, float], ...]  # (rail, x from, x to) of each rail's leaves
    xy: np.ndarray          # (segments, 4): x0, y0, x1, y1 of every segment
    tiers: np.ndarray       # tier name of every segment
    links: np.ndarray       # the segments' link ids, segment after segment
    starts: np.ndarray      # where each segment's links begin in `links`

    @property
    def width(self) -> float:
        return self.groups[-1].x0 + self.groups[-1].width if self.groups else 1.0

    def segment_of_link(self) -> dict[int, int]:
        """Link id → index of the drawn segment that stands for it."""
        return {link: index for index, segment in enumerate(self.segments) for link in segment.links}


def _node_groups(nodes: int, leaves_of_node: list[frozenset], detail_limit: int, columns: int) -> list[NodeGroup]:
    """One group per node up to `detail_limit` nodes; else runs of consecutive nodes attached to
    the same leaves, merged further (runs of equal length) if there are still too many."""
    if nodes <= detail_limit:
        spans = [(n, n) for n in range(nodes)]
    else:
        spans = []
        for node in range(nodes):
            if spans and leaves_of_node[node] == leaves_of_node[spans[-1][0]]:
                spans[-1] = (spans[-1][0], node)
            else:
                spans.append((node, node))
        if len(spans) > detail_limit:
            per = math.ceil(len(spans) / detail_limit)
            spans = [(spans[i][0], spans[min(i + per, len(spans)) - 1][1]) for i in range(0, len(spans), per)]
    width = columns + GROUP_GAP
    return [NodeGroup(first, last, index * width, columns) for index, (first, last) in enumerate(spans)]


def network_layout(graph, detail_limit: int = NODE_DETAIL_LIMIT) -> NetworkLayout:
    """The drawing of `graph` (models.network.topology_graph): vertices are GPU ranks (attributes
    kind="gpu", node, local), "nvswitch:{node}", "nic:{node}:{i}", "leaf:{j}" (attribute rail) and
    "spine:{k}"; edges carry tier, bandwidth and id."""
    kinds: dict[str, list] = {"gpu": [], "nvswitch": [], "nic": [], "leaf": [], "spine": []}
    for vertex, data in graph.nodes(data=True):
        kinds.setdefault(data.get("kind", ""), []).append((vertex, data))
    gpu_node = {vertex: int(data["node"]) for vertex, data in kinds["gpu"]}
    gpu_local = {vertex: int(data["local"]) for vertex, data in kinds["gpu"]}
    nodes = max(gpu_node.values(), default=-1) + 1
    gpus_per_node = max(gpu_local.values(), default=-1) + 1
    nic_of: dict[str, tuple[int, int]] = {}   # NIC vertex → (node, index)
    for vertex, _ in kinds["nic"]:
        _, node_text, index_text = str(vertex).split(":")
        nic_of[vertex] = (int(node_text), int(index_text))
    nics_per_node = max((i for _, i in nic_of.values()), default=-1) + 1
    columns = max(gpus_per_node, nics_per_node, 1)

    leaf_rail = {vertex: int(data.get("rail", -1)) for vertex, data in kinds["leaf"]}
    leaves_of_node: list[set] = [set() for _ in range(nodes)]
    for nic, (node, _) in nic_of.items():
        leaves_of_node[node].update(v for v in graph.neighbors(nic) if v in leaf_rail)
    groups = _node_groups(nodes, [frozenset(s) for s in leaves_of_node], detail_limit, columns)
    group_of_node = np.empty(max(nodes, 1), dtype=int)
    for index, group in enumerate(groups):
        group_of_node[group.first:group.last + 1] = index
    aggregate = any(group.count > 1 for group in groups)
    width = groups[-1].x0 + groups[-1].width if groups else 1.0

    def gpu_x(node: int, local: int) -> float:
        return groups[group_of_node[node]].x0 + (local + 0.5) * columns / max(gpus_per_node, 1)

    def nic_x(node: int, index: int) -> float:
        return groups[group_of_node[node]].x0 + (index + 0.5) * columns / max(nics_per_node, 1)

    # Leaves: grouped by rail (rail r's leaves side by side in the r-th of `rails` equal spans),
    # or, on no rail, in the order of the nodes they serve.
    def index_of(vertex: str) -> int:
        return int(str(vertex).rsplit(":", 1)[1])

    rails = max(leaf_rail.values(), default=-1) + 1
    leaf_pos: dict = {}
    rail_spans = []
    if rails:
        for rail in range(rails):
            members = sorted((v for v, r in leaf_rail.items() if r == rail), key=index_of)
            span = width / rails
            start = rail * span
            for k, vertex in enumerate(members):
                leaf_pos[vertex] = start + span * (k + 1) / (len(members) + 1)
            if members:
                rail_spans.append((rail, start + span * 0.5 / (len(members) + 1),
                                   start + span * (len(members) + 0.5) / (len(members) + 1)))
        others = sorted((v for v, r in leaf_rail.items() if r < 0), key=index_of)
    else:
        others = list(leaf_rail)
    if others:
        served: dict[str, list[float]] = {v: [] for v in others}
        for nic, (node, index) in nic_of.items():
            for v in graph.neighbors(nic):
                if v in served:
                    served[v].append(nic_x(node, index))
        order = sorted(others, key=lambda v: (np.mean(served[v]) if served[v] else math.inf, index_of(v)))
        for k, vertex in enumerate(order):
            leaf_pos[vertex] = width * (k + 0.5) / len(order)
    spines = sorted((v for v, _ in kinds["spine"]), key=index_of)
    spine_pos = {v: width * (k + 0.5) / len(spines) for k, v in enumerate(spines)}

    markers: list[Marker] = []
    markers += [Marker("spine", spine_pos[v], SPINE_Y, str(v)) for v in spines]
    markers += [Marker("leaf", leaf_pos[v], LEAF_Y, str(v), leaf_rail[v]) for v in leaf_rail]
    if aggregate:
        for group in groups:
            for index in range(nics_per_node):
                markers.append(Marker("nic", nic_x(group.first, index), NIC_Y,
                                      f"nic:{group.first}…{group.last}:{index}"))
    else:
        markers += [Marker("nic", nic_x(node, index), NIC_Y, str(v)) for v, (node, index) in nic_of.items()]

    # Segments: a bundle key per drawn line; aggregate boxes merge the parallel links of their nodes.
    bundles: dict[tuple, list] = {}

    def add(key: tuple, tier: str, x0: float, y0: float, x1: float, y1: float, link: int, ends) -> None:
        entry = bundles.get(key)
        if entry is None:
            bundles[key] = [tier, x0, y0, x1, y1, [link], ends]
        else:
            entry[5].append(link)

    def group_name(node: int, suffix: str = "") -> str:
        group = groups[group_of_node[node]]
        if group.count == 1:
            return f"node {node}{suffix}"
        return f"nodes {group.first}–{group.last}{suffix}"

    for a, b, data in graph.edges(data=True):
        tier, link = data.get("tier", ""), int(data["id"])
        if tier == "nvlink":
            gpu = a if a in gpu_node else b
            node, local = gpu_node[gpu], gpu_local[gpu]
            x = gpu_x(node, local)
            ends = (f"GPU {gpu}", f"nvswitch:{node}") if not aggregate else (
                f"GPU {local} of {group_name(node)}", f"NVSwitch of {group_name(node)}")
            add(("nvlink", group_of_node[node], local), tier, x, GPU_Y - GPU_HALF_HEIGHT, x,
                SWITCH_Y + SWITCH_HALF_HEIGHT, link, ends)
        elif tier == "nic":
            gpu, nic = (a, b) if a in gpu_node else (b, a)
            node, local = gpu_node[gpu], gpu_local[gpu]
            index = nic_of[nic][1]
            ends = (f"GPU {gpu}", str(nic)) if not aggregate else (
                f"GPU {local} of {group_name(node)}", f"NIC {index} of {group_name(node)}")
            add(("nic", group_of_node[node], local, index), tier, gpu_x(node, local), GPU_Y + GPU_HALF_HEIGHT,
                nic_x(node, index), NIC_Y, link, ends)
        elif tier == "leaf":
            nic, leaf = (a, b) if a in nic_of else (b, a)
            node, index = nic_of[nic]
            ends = (str(nic), str(leaf)) if not aggregate else (f"NIC {index} of {group_name(node)}", str(leaf))
            add(("leaf", group_of_node[node], index, leaf), tier, nic_x(node, index), NIC_Y, leaf_pos[leaf],
                LEAF_Y, link, ends)
        elif tier == "spine":
            leaf, spine = (a, b) if a in leaf_pos else (b, a)
            add(("spine", leaf, spine), tier, leaf_pos[leaf], LEAF_Y, spine_pos[spine], SPINE_Y, link,
                (str(leaf), str(spine)))
    segments = tuple(Segment(tier, float(x0), float(y0), float(x1), float(y1), tuple(links), ends)
                     for tier, x0, y0, x1, y1, links, ends in bundles.values())
    xy = np.array([(s.x0, s.y0, s.x1, s.y1) for s in segments], dtype=float).reshape(-1, 4)
    counts = np.array([len(s.links) for s in segments], dtype=np.int64)
    links = np.fromiter((link for s in segments for link in s.links), dtype=np.int64, count=int(counts.sum()))
    starts = np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.int64) if len(counts) else counts
    return NetworkLayout(nodes, gpus_per_node, nics_per_node, columns, tuple(groups), aggregate, rails,
                         tuple(markers), segments, tuple(rail_spans), xy, np.array([s.tier for s in segments]),
                         links, starts)
