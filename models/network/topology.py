"""The network behind the mesh: NVLink/NVSwitch inside each node, a two-tier leaf/spine fat-tree
between nodes, as numbered links (`Fabric`) and as a networkx graph (`topology_graph`).

The scale-out network is a two-tier Clos (folded fat-tree; Leiserson, "Fat-trees", IEEE Trans.
Computers 1985; Al-Fares et al., "A Scalable, Commodity Data Center Network Architecture",
SIGCOMM'08) of leaf switches that face the NICs and spine switches that join the leaves:

- rail-optimised (`cluster.topology = "rail-fat-tree"`): NIC i of every node sits on a leaf of
  rail i, and each rail's leaves take `cluster.leaf_ports` consecutive nodes, so same-index GPUs
  of up to leaf_ports nodes are one leaf hop apart (NVIDIA DGX SuperPOD reference architecture;
  NCCL's PXN, `NCCL_PXN_DISABLE`, moves data over NVLink onto the destination's rail first);
- plain (`"fat-tree"`): all of a node's NICs on one leaf, leaf_ports // NICs nodes per leaf.

Every leaf is joined to every spine. A leaf's uplinks carry its downlink bandwidth (its NICs')
divided by `cluster.oversubscription`: spines = ⌈NICs of the fullest leaf × NIC bandwidth /
(oversubscription × leaf–spine link bandwidth)⌉, and each leaf–spine link gets the leaf's
downlink / (oversubscription × spines), so a leaf's uplinks total exactly its downlink divided by
the ratio (a non-blocking tree at 1). A single leaf, or a single node, needs no spine.

A node's NICs share its GPUs' scale-out bandwidth: `cluster.inter_bw_gbps` is per GPU, so a NIC
has gpus_per_node × inter_bw_gbps / NICs; GPU local l uses NIC ⌊l·NICs/gpus_per_node⌋. The PCIe
link between a GPU and its NIC is given the NIC's bandwidth (PCIe is not modelled). Every GPU has
one link to its node's NVSwitch of `cluster.intra_bw_gbps` (each GPU's NVLink bandwidth).

A deterministic teaching model of the topology, not a measured fabric.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from ..problems import QT_TRANSLATE_NOOP, Problem
from ..scenario import Scenario

if TYPE_CHECKING:  # networkx loads only when a graph is built: `tslab mesh --json` stays light
    import networkx

TIERS = ("nvlink", "nic", "leaf", "spine")
NVLINK, NIC, LEAF, SPINE = range(4)  # tier codes, indices into TIERS
# Links one fabric may have. The GUI draws every link and networkx keeps ~0.35 KB per edge; 2^18
# links are ~65,000 GPUs in nodes of 8 (4 links per GPU: NVLink, PCIe, NIC–leaf, and the spines).
MAX_LINKS = 1 << 18


@dataclass(frozen=True)
class Link:
    """One full-duplex link: `a` is the end nearer the GPUs (the GPU, the NIC, the leaf), `b` the
    switch side; bytes going a → b are "up", b → a "down". `bandwidth` in bytes/s each way."""
    id: int
    a: int | str
    b: int | str
    tier: str
    bandwidth: float


def gpu_nics(gpus_per_node: int, nics_per_node: int) -> int:
    """NICs of a node: `cluster.nics_per_node`, 0 meaning one per GPU."""
    return nics_per_node or gpus_per_node


def network_problems(s: Scenario) -> list[Problem]:
    """What keeps the topology from hosting the mesh, for validate(): more NICs than GPUs; GPUs
    that do not split evenly over the NICs where rails need it (a rail-optimised tree, or the rail
    rule); a plain fat-tree leaf too small for one node's NICs. The rail rule on a plain tree is a
    warning (there are no rails to reach)."""
    c = s.cluster
    gpn, nics = c.gpus_per_node, gpu_nics(c.gpus_per_node, c.nics_per_node)
    problems: list[Problem] = []
    if nics > gpn:
        problems.append(Problem("cluster.nics_per_node", QT_TRANSLATE_NOOP(
            "validation", "{nics} NICs per node but only {gpn} GPUs: every NIC needs a GPU that sends through it"),
            {"nics": nics, "gpn": gpn}))
    elif gpn % nics and (c.topology == "rail-fat-tree" or c.routing == "rail"):
        problems.append(Problem("cluster.nics_per_node", QT_TRANSLATE_NOOP(
            "validation", "{gpn} GPUs per node do not split evenly over {nics} NICs: rails need the same "
                          "GPUs on every NIC (the rail-optimised tree and the rail rule pair local index with NIC)"),
            {"gpn": gpn, "nics": nics}))
    if c.topology == "fat-tree" and c.leaf_ports < nics:
        problems.append(Problem("cluster.leaf_ports", QT_TRANSLATE_NOOP(
            "validation", "a leaf of {ports} ports cannot take one node's {nics} NICs (a plain fat-tree puts "
                          "all of a node's NICs on one leaf)"),
            {"ports": c.leaf_ports, "nics": nics}))
    if c.topology == "fat-tree" and c.routing == "rail" and nics > 1:
        problems.append(Problem("cluster.routing", QT_TRANSLATE_NOOP(
            "validation", "the rail rule on a plain fat-tree: a node's NICs share one leaf, so the NVLink hop "
                          "to the destination's local index reaches no other rail"),
            {}, "warning"))
    return problems


class Fabric:
    """The links of the scenario's cluster, numbered: per GPU rank r its NVLink link (id r, GPU–
    NVSwitch) and its PCIe link to its NIC (id W + r); per node n and NIC i the NIC–leaf link
    (id 2W + n·NICs + i); per leaf j and spine k the leaf–spine link (after those,
    j·spines + k). Arrays only: routing needs no graph (`topology_graph` builds one from this).
    ValueError for a topology network_problems rejects, or beyond MAX_LINKS links."""

    def __init__(self, s: Scenario):
        c = s.cluster
        errors = [problem for problem in network_problems(s) if problem.severity == "error"]
        if errors:
            raise ValueError("; ".join(str(problem) for problem in errors))
        self.nodes, self.gpus_per_node = int(c.nodes), int(c.gpus_per_node)
        self.nics = gpu_nics(self.gpus_per_node, int(c.nics_per_node))
        self.world = self.nodes * self.gpus_per_node
        self.topology = c.topology
        self.leaf_ports = int(c.leaf_ports)
        self.oversubscription = float(c.oversubscription)
        self.alpha_intra_s, self.alpha_inter_s = c.intra_latency_us * 1e-6, c.inter_latency_us * 1e-6
        self.nvlink_bw = c.intra_bw_gbps * 1e9
        self.nic_bw = self.gpus_per_node * c.inter_bw_gbps * 1e9 / self.nics
        uplink_bw = c.spine_bw_gbps * 1e9 if c.spine_bw_gbps > 0 else self.nic_bw
        # local index → NIC; node, NIC → leaf
        self.local_nic = (np.arange(self.gpus_per_node, dtype=np.int64) * self.nics) // self.gpus_per_node
        nodes = np.arange(self.nodes, dtype=np.int64)[:, None]
        nic = np.arange(self.nics, dtype=np.int64)[None, :]
        if self.topology == "rail-fat-tree":
            self.leaves_per_rail = -(-self.nodes // self.leaf_ports)
            self.leaf_of = nic * self.leaves_per_rail + nodes // self.leaf_ports
            self.leaves = self.nics * self.leaves_per_rail
            self.leaf_rail = np.repeat(np.arange(self.nics, dtype=np.int64), self.leaves_per_rail)
        else:
            self.nodes_per_leaf = self.leaf_ports // self.nics
            self.leaf_of = np.broadcast_to(nodes // self.nodes_per_leaf, (self.nodes, self.nics))
            self.leaves = -(-self.nodes // self.nodes_per_leaf)
            self.leaf_rail = np.full(self.leaves, -1, dtype=np.int64)
        self.leaf_nics = np.bincount(self.leaf_of.ravel(), minlength=self.leaves)  # NICs on each leaf
        if self.leaves > 1 and self.nodes > 1:  # a lone node's traffic never leaves it
            self.spines = max(1, math.ceil(int(self.leaf_nics.max()) * self.nic_bw
                                           / (self.oversubscription * uplink_bw) - 1e-9))
        else:
            self.spines = 0
        self.nic0 = self.world
        self.leaf0 = 2 * self.world
        self.spine0 = self.leaf0 + self.nodes * self.nics
        self.count = self.spine0 + self.leaves * self.spines
        if self.count > MAX_LINKS:
            raise ValueError(f"a network of {self.nodes:,} nodes × {self.gpus_per_node:,} GPUs has {self.count:,} "
                             f"links, over the {MAX_LINKS:,}-link limit; use fewer nodes, GPUs or spines "
                             f"(a larger oversubscription or faster leaf–spine links)")

    @cached_property
    def tier(self) -> np.ndarray:
        """Tier code (index into TIERS) of every link."""
        tier = np.empty(self.count, dtype=np.int8)
        tier[:self.nic0], tier[self.nic0:self.leaf0] = NVLINK, NIC
        tier[self.leaf0:self.spine0], tier[self.spine0:] = LEAF, SPINE
        return tier

    @cached_property
    def bandwidth(self) -> np.ndarray:
        """Bytes/s of every link, each way."""
        bw = np.empty(self.count, dtype=np.float64)
        bw[:self.nic0], bw[self.nic0:self.spine0] = self.nvlink_bw, self.nic_bw
        if self.spines:
            # each leaf's uplinks total its downlink / oversubscription
            per_link = self.leaf_nics * self.nic_bw / (self.oversubscription * self.spines)
            bw[self.spine0:] = np.repeat(per_link, self.spines)
        return bw

    def ends(self) -> tuple[list[int | str], list[int | str]]:
        """The a and b vertex of every link, in link-id order (graph vertex names)."""
        gpn, nics = self.gpus_per_node, self.nics
        ranks = list(range(self.world))
        a: list[int | str] = [*ranks, *ranks]
        b: list[int | str] = [f"nvswitch:{r // gpn}" for r in ranks]
        b += [f"nic:{r // gpn}:{self.local_nic[r % gpn]}" for r in ranks]
        leaf_of = self.leaf_of.tolist()
        for node in range(self.nodes):
            for i in range(nics):
                a.append(f"nic:{node}:{i}")
                b.append(f"leaf:{leaf_of[node][i]}")
        for j in range(self.leaves):
            for k in range(self.spines):
                a.append(f"leaf:{j}")
                b.append(f"spine:{k}")
        return a, b

    def links(self) -> tuple[Link, ...]:
        a, b = self.ends()
        tiers = [TIERS[t] for t in self.tier.tolist()]
        return tuple(Link(i, x, y, t, bw) for i, (x, y, t, bw) in enumerate(zip(a, b, tiers,
                                                                                 self.bandwidth.tolist())))

    def tier_summary(self) -> dict[str, dict[str, Any]]:
        """Per tier: links and their bandwidths (bytes/s; distinct values, smallest first)."""
        summary = {}
        for code, name in enumerate(TIERS):
            mask = self.tier == code
            summary[name] = {"links": int(mask.sum()),
                             "bandwidths": sorted({float(v) for v in np.unique(self.bandwidth[mask])})}
        return summary


def topology_graph(s: Scenario) -> networkx.Graph:
    """The cluster as a networkx graph: GPU vertices (int rank; kind="gpu", node, local), one
    NVSwitch per node ("nvswitch:N", kind="nvswitch", node), NICs ("nic:N:I", kind="nic", node,
    index, leaf), leaves ("leaf:J", kind="leaf", rail = the rail or −1 on a plain tree) and spines
    ("spine:K", kind="spine"). Every edge has tier ("nvlink", "nic", "leaf", "spine"), bandwidth
    (bytes/s each way) and id (the link id of `Fabric` and NetworkLoad). Graph attributes: nodes,
    gpus_per_node, nics_per_node, topology, leaves, spines. ValueError as Fabric (an impossible
    topology, or over MAX_LINKS links) before networkx is asked for anything."""
    fabric = Fabric(s)
    import networkx as nx

    gpn = fabric.gpus_per_node
    graph = nx.Graph(nodes=fabric.nodes, gpus_per_node=gpn, nics_per_node=fabric.nics, topology=fabric.topology,
                     leaves=fabric.leaves, spines=fabric.spines)
    graph.add_nodes_from((r, {"kind": "gpu", "node": r // gpn, "local": r % gpn}) for r in range(fabric.world))
    graph.add_nodes_from((f"nvswitch:{n}", {"kind": "nvswitch", "node": n}) for n in range(fabric.nodes))
    leaf_of = fabric.leaf_of.tolist()
    graph.add_nodes_from((f"nic:{n}:{i}", {"kind": "nic", "node": n, "index": i, "leaf": leaf_of[n][i]})
                         for n in range(fabric.nodes) for i in range(fabric.nics))
    rails = fabric.leaf_rail.tolist()
    graph.add_nodes_from((f"leaf:{j}", {"kind": "leaf", "rail": rails[j]}) for j in range(fabric.leaves))
    graph.add_nodes_from((f"spine:{k}", {"kind": "spine"}) for k in range(fabric.spines))
    a, b = fabric.ends()
    tiers = [TIERS[t] for t in fabric.tier.tolist()]
    graph.add_edges_from((x, y, {"tier": t, "bandwidth": bw, "id": i})
                         for i, (x, y, t, bw) in enumerate(zip(a, b, tiers, fabric.bandwidth.tolist())))
    return graph
