"""Each parallel axis's traffic routed over the network: bytes per optimizer step on every link.

The sends of an axis follow its collective (models/mesh/traffic.py gives the bytes one rank sends
per step, `bytes_per_step`):
- ring collectives (TP all-reduce, SP all-gather + reduce-scatter, CP's K/V ring, DP/ZeRO
  reduce-scatter + all-gather): every rank sends bytes_per_step to its ring successor, the next
  rank of its group in group order (Thakur, Rabenseifner & Gropp, IJHPCA 2005: a ring collective
  moves all its bytes between neighbours);
- PP: at every boundary between stages on different pipeline ranks, the earlier stage sends its
  activation forward and the later one the gradient back, once per micro-batch through that chain
  of stages (Narayanan et al., SC'21 §2.2), along every pp group;
- EP all-to-all: every rank sends to every other rank of its ep group, bytes_per_step/(n − 1)
  each (uniform routing, GShard §2). With `moe.routing = "node-limited"` a rank sends only to the
  ranks on M = `moe.max_nodes` nodes of its group (DeepSeek-V3 §2.1.2: each token to at most 4
  nodes): its own node and the next M − 1 nodes of the group (nodes in the order they first
  appear in the group, cyclically) — a deterministic, balanced stand-in for the top-M node
  affinities, every node receiving from exactly M nodes; the rank's bytes are spread evenly over
  those destinations. The other routings (zipf, hot) are the MoE tab's; here they route uniformly.

Routes are structural, computed for all sends at once:
- same node: GPU → NVSwitch → GPU (2 links);
- another node, ECMP: GPU → NIC → leaf → (spine) → leaf → NIC → GPU (4 links, 6 through a spine;
  no spine when both NICs share a leaf). The spine leg is split evenly over all spines: equal-cost
  multi-path spreading flows over the equal-cost uplinks (RFC 2992), here as a fluid split;
- the rail rule (`cluster.routing = "rail"`, NCCL's PXN): first NVLink to the source node's GPU
  with the destination's local index, then along that GPU's rail (the hop is skipped when the
  source's own NIC is the destination's NIC index already);
- DeepSeek-V3's two hops (`moe.dispatch_route = "two-hop"`, §3.2.2) for the EP axis: the dispatch
  half of the bytes goes over IB to the GPU with the source's local index on the target node, then
  over NVLink to the expert's owner; the combine half, the way back, retraces it: NVLink first to
  the GPU with the destination's index, then IB. (The report also sends a token once per node
  and fans it out over NVLink; the lab's bytes stay the traffic rows' per-expert copies.)

Links are full duplex: each link's bytes are counted per direction (up = away from the GPU), and
`link_bytes` is the busier direction, which sets the link's time. An axis's time is the α–β
estimate of its most loaded link: bytes / bandwidth + calls × messages per call × α (Hockney
1994), α of the inter-node network when any send leaves a node. A deterministic teaching model
of where the bytes go, not a packet-level simulation: no congestion control, no overlap.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from ..problems import QT_TRANSLATE_NOOP
from ..scenario import Cluster, Scenario
from .topology import Fabric, Link

# The group axis whose groups carry each traffic row's sends (models/mesh/traffic.py).
GROUP_OF = {"tp": "tp", "cp": "cp", "ep": "ep", "pp": "pp", "dp": "dp-cp", "edp": "edp"}
# Sends one axis may route: the EP all-to-all lists every pair of its groups (world × (ep − 1)).
MAX_SENDS = 1 << 23
ROUTES = ("direct", "rail", "two-hop", "two-hop-back")

SRC_NETWORK = ("Thakur, Rabenseifner & Gropp (IJHPCA 2005) ring collectives; DeepSeek-V3 technical report §2.1.2 "
               "(node-limited routing) and §3.2.2 (IB then NVLink); NCCL PXN (rail rule)")


@dataclass(frozen=True, eq=False)  # eq=False: the arrays have no truth value
class Sends:
    """Point-to-point sends of one axis per optimizer step: src[i] sends bytes[i] to dst[i]."""
    src: np.ndarray
    dst: np.ndarray
    bytes: np.ndarray


class Bottleneck(NamedTuple):
    axis: str
    link: int
    seconds: float


@dataclass(frozen=True)
class AxisLoad:
    """One axis on the network per optimizer step: `bytes` sent by all its ranks (`sends` sends),
    `inter_node_bytes` of them to other nodes, `spine_bytes` crossing a spine (each crossing once),
    `hops` {links on the route: bytes}; the most loaded link `bottleneck_link` (−1: none) and its
    time `bottleneck_s` = `bandwidth_s` (its busier direction's bytes / bandwidth) + `latency_s`
    (calls × messages per call × α)."""
    axis: str
    collective: str
    bytes: float
    sends: int
    inter_node_bytes: float
    spine_bytes: float
    hops: dict[int, float]
    bottleneck_link: int
    bandwidth_s: float
    latency_s: float

    @property
    def bottleneck_s(self) -> float:
        return self.bandwidth_s + self.latency_s

    def to_json(self) -> dict[str, Any]:
        return {"collective": self.collective, "bytes": self.bytes, "sends": self.sends,
                "inter_node_bytes": self.inter_node_bytes, "spine_bytes": self.spine_bytes,
                "hops": {str(h): v for h, v in sorted(self.hops.items())},
                "bottleneck_link": self.bottleneck_link, "bottleneck_s": self.bottleneck_s,
                "bandwidth_s": self.bandwidth_s, "latency_s": self.latency_s}


@dataclass(frozen=True, eq=False)
class NetworkLoad:
    """Every axis's per-step bytes on every link. `link_bytes[axis]` (per link id: the busier
    direction), `directed_bytes[axis]` (links × 2: up, down), `links` (id order), `per_axis`,
    and `bottleneck`: the axis whose most loaded link takes longest, that link and its time (None
    without traffic)."""
    links: tuple[Link, ...]
    bandwidth: np.ndarray
    tier: np.ndarray
    link_bytes: dict[str, np.ndarray]
    directed_bytes: dict[str, np.ndarray]
    per_axis: dict[str, AxisLoad]
    bottleneck: Bottleneck | None
    spines: int
    leaves: int

    @property
    def total_bytes(self) -> np.ndarray:
        """Per link, the busier direction of every axis's bytes together."""
        if not self.directed_bytes:
            return np.zeros(len(self.links))
        return np.sum(list(self.directed_bytes.values()), axis=0).max(axis=1)

    def link_seconds(self, axis: str | None = None) -> np.ndarray:
        """Per link: bytes / bandwidth of one axis, or of all axes together (None)."""
        load = self.total_bytes if axis is None else self.link_bytes[axis]
        return load / self.bandwidth

    def to_json(self) -> dict[str, Any]:
        loads = {axis: values.tolist() for axis, values in self.link_bytes.items()}
        return {
            "links": [{"id": link.id, "a": link.a, "b": link.b, "tier": link.tier, "bandwidth": link.bandwidth,
                       "bytes": {axis: values[link.id] for axis, values in loads.items()}} for link in self.links],
            "axes": {axis: load.to_json() for axis, load in self.per_axis.items()},
            "bottleneck": None if self.bottleneck is None else self.bottleneck._asdict(),
        }


# ---------------------------------------------------------------------------------------------
# Sends

def ring_sends(groups: np.ndarray, bytes_per_step: float) -> Sends:
    """Every rank of every group sends `bytes_per_step` to the next rank of its group (cyclic)."""
    if groups.shape[1] < 2:
        return _no_sends()
    src = groups.ravel()
    dst = np.roll(groups, -1, axis=1).ravel()
    return Sends(src, dst, np.full(src.size, float(bytes_per_step)))


def pipeline_sends(s: Scenario, groups: np.ndarray, bytes_per_call: float) -> Sends:
    """Stage-to-stage sends along every pp group: per boundary between stages on different ranks,
    micro-batches × S forward and the same back (the chains of traffic's `_pp_sends`)."""
    from ..memory import pipeline_layout
    from ..mesh.traffic import _microbatches
    m = s.schedule.microbatches
    chains: dict[int, list[tuple[int, int, int]]] = {}
    for layout in pipeline_layout(s):
        for k, layers in enumerate(layout.layers):
            copy = 1 if layout.copies == 2 and k == len(layout.layers) - 1 else 0
            chains.setdefault(copy, []).append((layers.start, layout.rank,
                                                _microbatches(m, layout.copies, k, len(layout.layers))))
    pairs: dict[tuple[int, int], int] = {}
    for stages in chains.values():
        stages.sort()
        for (_, a, mb), (_, b, _) in zip(stages, stages[1:]):
            if a != b:
                pairs[(a, b)] = pairs.get((a, b), 0) + mb   # activations forward
                pairs[(b, a)] = pairs.get((b, a), 0) + mb   # gradients back
    if not pairs or groups.shape[1] < 2:
        return _no_sends()
    senders, receivers = (np.array(v, dtype=np.int64) for v in zip(*pairs))
    counts = np.array(list(pairs.values()), dtype=np.float64)
    return Sends(groups[:, senders].ravel(), groups[:, receivers].ravel(),
                 np.tile(counts * bytes_per_call, groups.shape[0]))


def all_to_all_sends(groups: np.ndarray, bytes_per_step: float, gpus_per_node: int,
                     max_nodes: int | None = None) -> Sends:
    """Every rank to every other of its group, bytes_per_step/(n − 1) each; with `max_nodes`, only
    to the ranks on its own node and the next max_nodes − 1 nodes of the group (cyclically, in order
    of first appearance), the rank's bytes spread evenly over them."""
    rows, n = groups.shape
    if n < 2:
        return _no_sends()
    if rows * n * n > MAX_SENDS:
        raise ValueError(f"the all-to-all of {rows:,} groups of {n:,} ranks has {rows * n * (n - 1):,} sends, over "
                         f"the {MAX_SENDS:,}-send limit of the network model")
    allowed = ~np.eye(n, dtype=bool)[None, :, :].repeat(rows, axis=0)
    if max_nodes is not None:
        nodes = groups // gpus_per_node
        first = (nodes[:, :, None] == nodes[:, None, :]).argmax(axis=2)      # first member on the same node
        starts = first == np.arange(n)[None, :]
        order = np.cumsum(starts, axis=1) - 1                                 # node index in first appearance
        node_index = np.take_along_axis(order, first, axis=1)
        distinct = starts.sum(axis=1)[:, None, None]
        ahead = (node_index[:, None, :] - node_index[:, :, None]) % distinct  # dst node's distance ahead
        allowed &= ahead < max_nodes
    destinations = allowed.sum(axis=2, keepdims=True)
    weight = np.where(allowed, bytes_per_step / np.maximum(destinations, 1), 0.0)
    r, i, j = np.nonzero(allowed)
    return Sends(groups[r, i], groups[r, j], weight[r, i, j])


def _no_sends() -> Sends:
    empty = np.zeros(0, dtype=np.int64)
    return Sends(empty, empty, np.zeros(0))


def axis_sends(s: Scenario, mesh, row) -> Sends:
    """The sends of one traffic row (see the module's docstring)."""
    groups = mesh.groups[GROUP_OF[row.axis]]
    if groups.size == 0:
        return _no_sends()
    if row.axis == "pp":
        return pipeline_sends(s, groups, row.bytes_per_call)
    if row.axis == "ep":
        limited = s.moe.max_nodes if s.moe.routing == "node-limited" else None
        return all_to_all_sends(groups, row.bytes_per_step, mesh.gpus_per_node, limited)
    return ring_sends(groups, row.bytes_per_step)


# ---------------------------------------------------------------------------------------------
# Routes

@dataclass(frozen=True, eq=False)
class Routed:
    """Sends laid on the links: `directed` (links × 2: up, down) bytes, and per send its `hops`
    (links on its route), whether it leaves its node (`inter`) and crosses a spine (`spine`)."""
    directed: np.ndarray
    hops: np.ndarray
    inter: np.ndarray
    spine: np.ndarray


class _Tally:
    """Directed link traversals summed into (2·link + direction) bytes as they come."""

    def __init__(self, fabric: Fabric):
        self.fabric = fabric
        self.flat = np.zeros(2 * fabric.count)
        self.leaf_up = np.zeros(fabric.leaves)
        self.leaf_down = np.zeros(fabric.leaves)

    def add(self, links: np.ndarray, down: bool, weight: np.ndarray) -> None:
        if links.size:
            self.flat += np.bincount(2 * links + int(down), weight, minlength=self.flat.size)

    def nvlink(self, a: np.ndarray, b: np.ndarray, w: np.ndarray) -> None:
        """GPU a → NVSwitch → GPU b (link id = rank)."""
        self.add(a, False, w)
        self.add(b, True, w)

    def ib(self, a: np.ndarray, b: np.ndarray, w: np.ndarray) -> np.ndarray:
        """GPU a → its NIC → leaf → (every spine, evenly) → leaf → NIC → GPU b; True where a spine."""
        f = self.fabric
        g = f.gpus_per_node
        na, nb = a // g, b // g
        ia, ib = f.local_nic[a % g], f.local_nic[b % g]
        self.add(f.nic0 + a, False, w)
        self.add(f.leaf0 + na * f.nics + ia, False, w)
        self.add(f.leaf0 + nb * f.nics + ib, True, w)
        self.add(f.nic0 + b, True, w)
        la, lb = f.leaf_of[na, ia], f.leaf_of[nb, ib]
        cross = la != lb
        if cross.any():
            self.leaf_up += np.bincount(la[cross], w[cross], minlength=f.leaves)
            self.leaf_down += np.bincount(lb[cross], w[cross], minlength=f.leaves)
        return cross

    def total(self) -> np.ndarray:
        f = self.fabric
        directed = self.flat.reshape(f.count, 2)
        if f.spines:
            directed[f.spine0:, 0] += np.repeat(self.leaf_up / f.spines, f.spines)
            directed[f.spine0:, 1] += np.repeat(self.leaf_down / f.spines, f.spines)
        return directed


def route(fabric: Fabric, sends: Sends, how: str = "direct") -> Routed:
    """Lay `sends` on the fabric's links, all at once. `how`: "direct" (ECMP), "rail" (NVLink to
    the source node's GPU with the destination's local index, unless the source's NIC is that
    index's already, then the rail), "two-hop" (IB to the target node's GPU with the source's local
    index, then NVLink) or "two-hop-back" (its way back: NVLink to the destination's local index,
    then IB)."""
    if how not in ROUTES:
        raise ValueError(f"unknown route {how!r} (one of {', '.join(ROUTES)})")
    f, g = fabric, fabric.gpus_per_node
    src, dst, w = sends.src, sends.dst, sends.bytes.astype(np.float64)
    tally = _Tally(f)
    hops = np.zeros(src.size, dtype=np.int64)
    spine = np.zeros(src.size, dtype=bool)
    inter = src // g != dst // g
    local = ~inter
    tally.nvlink(src[local], dst[local], w[local])
    hops[local] = 2
    s, d, x = src[inter], dst[inter], w[inter]
    ls, ld = s % g, d % g
    if how == "direct":
        via, relay = d, np.zeros(s.size, dtype=bool)
    elif how == "rail":
        via, relay = (s // g) * g + ld, f.local_nic[ls] != f.local_nic[ld]
    elif how == "two-hop":
        via, relay = (d // g) * g + ls, ls != ld
    else:
        via, relay = (s // g) * g + ld, ls != ld
    if how == "two-hop":       # IB to `via` on the target node, then NVLink to the destination
        crossed = tally.ib(s, np.where(relay, via, d), x)
        tally.nvlink(via[relay], d[relay], x[relay])
    else:                      # NVLink to `via` on the source node (where relayed), then IB
        tally.nvlink(s[relay], via[relay], x[relay])
        crossed = tally.ib(np.where(relay, via, s), d, x)
    hops[inter] = 4 + 2 * crossed + 2 * relay
    spine[inter] = crossed
    return Routed(tally.total(), hops, inter, spine)


# ---------------------------------------------------------------------------------------------
# The load

def _messages_per_call(collective: str, n: int, destinations: int) -> int:
    """Messages one rank sends per call (its α count): ring all-reduce 2(n − 1), ring all-gather or
    reduce-scatter n − 1, all-to-all one per destination, send/recv 1."""
    if collective == "all-reduce":
        return 2 * (n - 1)
    if collective in ("all-gather + reduce-scatter", "reduce-scatter + all-gather"):
        return n - 1
    if collective == "all-to-all":
        return destinations
    return 1


@functools.lru_cache(maxsize=8)
def cluster_fabric(cluster: Cluster) -> Fabric:
    """The fabric of a cluster section (it reads nothing else), built once per cluster."""
    return Fabric(Scenario(cluster=cluster))


@functools.lru_cache(maxsize=8)
def fabric_links(fabric: Fabric) -> tuple[Link, ...]:
    return fabric.links()


def network_load(s: Scenario, mesh, rows) -> NetworkLoad:
    """The per-step bytes of every traffic row (`traffic(s, mesh)`) routed over the scenario's
    network (see the module's docstring). ValueError for a topology the network cannot be built
    for (network_problems, MAX_LINKS) or an all-to-all of more than MAX_SENDS sends."""
    fabric = cluster_fabric(s.cluster)  # the same cluster's fabric is built once
    bandwidth = fabric.bandwidth
    directed_bytes: dict[str, np.ndarray] = {}
    link_bytes: dict[str, np.ndarray] = {}
    per_axis: dict[str, AxisLoad] = {}
    for row in rows:
        sends = axis_sends(s, mesh, row)
        if row.axis == "ep" and s.moe.dispatch_route == "two-hop":
            half = Sends(sends.src, sends.dst, sends.bytes / 2)
            there, back = route(fabric, half, "two-hop"), route(fabric, half, "two-hop-back")
            directed = there.directed + back.directed
            hops = np.concatenate([there.hops, back.hops])
            weights = np.concatenate([half.bytes, half.bytes])
            inter = np.concatenate([there.inter, back.inter])
            spine = np.concatenate([there.spine, back.spine])
        else:
            routed = route(fabric, sends, "rail" if s.cluster.routing == "rail" else "direct")
            directed, hops, weights = routed.directed, routed.hops, sends.bytes
            inter, spine = routed.inter, routed.spine
        busier = directed.max(axis=1)
        directed_bytes[row.axis], link_bytes[row.axis] = directed, busier
        seconds = busier / bandwidth
        worst = int(np.argmax(seconds)) if busier.size and busier.max() > 0 else -1
        destinations = int(np.bincount(sends.src).max()) if sends.src.size else 0
        alpha = fabric.alpha_inter_s if inter.any() else fabric.alpha_intra_s
        latency = row.calls_per_step * _messages_per_call(row.collective, row.group_size, destinations) * alpha
        histogram = np.bincount(hops, weights, minlength=1) if hops.size else np.zeros(1)
        per_axis[row.axis] = AxisLoad(
            axis=row.axis, collective=row.collective, bytes=float(sends.bytes.sum()), sends=int(sends.src.size),
            inter_node_bytes=float(weights[inter].sum()), spine_bytes=float(weights[spine].sum()),
            hops={h: float(v) for h, v in enumerate(histogram.tolist()) if v > 0},
            bottleneck_link=worst, bandwidth_s=float(seconds[worst]) if worst >= 0 else 0.0,
            latency_s=float(latency) if sends.src.size else 0.0)
    loads = [load for load in per_axis.values() if load.sends]
    bottleneck = None
    if loads:
        slowest = max(loads, key=lambda load: load.bottleneck_s)
        bottleneck = Bottleneck(slowest.axis, slowest.bottleneck_link, slowest.bottleneck_s)
    return NetworkLoad(fabric_links(fabric), bandwidth, fabric.tier, link_bytes, directed_bytes, per_axis, bottleneck,
                       fabric.spines, fabric.leaves)


# Labels for a view's legend (context "network").
TIER_LABELS = {
    "nvlink": QT_TRANSLATE_NOOP("network", "NVLink (GPU–NVSwitch)"),
    "nic": QT_TRANSLATE_NOOP("network", "PCIe (GPU–NIC)"),
    "leaf": QT_TRANSLATE_NOOP("network", "NIC–leaf"),
    "spine": QT_TRANSLATE_NOOP("network", "leaf–spine"),
}
