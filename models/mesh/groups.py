"""The parallel mesh: which GPUs form the TP/CP/DP/PP/EP groups and which groups leave a node.

Group generation follows Megatron-LM's `RankGenerator` (megatron/core/parallel_state.py,
`generate_masked_orthogonal_rank_groups`): an order string such as "tp-cp-ep-dp-pp" lists the axes
with the first varying fastest, so rank = Σ index_i · stride_i with stride 1 for the first axis.
The groups of an axis (or of several, "tp-cp") hold the ranks that differ only along it; groups are
enumerated with the first remaining axis fastest. Dense layers use a generator with sizes
(tp, cp, ep = 1, dp, pp); expert layers a second one with (tp = etp, cp = 1, ep, dp = edp, pp),
edp = tp·cp·dp / (etp·ep), exactly as Megatron's `initialize_model_parallel` builds them. So
world = tp·cp·dp·pp holds only because these axes are defined as orthogonal mesh dimensions; EP is
not another factor — it re-slices the same GPUs for the expert layers.
"""
from __future__ import annotations

import dataclasses
import functools
import gc
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..problems import QT_TRANSLATE_NOOP, Problem
from ..scenario import AXES, GROUP_AXES, Scenario
from ..validation import validate

# Axis strings list axes first-varying-fastest.
ORDERS = {
    # Megatron-LM: initialize_model_parallel(order="tp-cp-ep-dp-pp") (megatron/core/parallel_state.py).
    "megatron": "tp-cp-ep-dp-pp",
    # torchtitan: ParallelDims.build_mesh (torchtitan/distributed/parallel_dims.py) unflattens the world
    # into (pp, dp_replicate, dp_shard, cp, tp), the last dimension fastest → tp-cp-dp-pp with
    # dp = dp_replicate × dp_shard (shard fastest). EP borrows dp_shard's fastest ranks (and cp, and
    # tp when etp = 1): the same ranks as Megatron's expert generator with ep just before dp.
    "torchtitan": "tp-cp-dp-pp",
    # picotron: ProcessGroupManager (picotron/process_group_manager.py) builds
    # grid = torch.arange(world).view(dp, pp, cp, tp), the last dimension fastest → tp-cp-pp-dp.
    "picotron": "tp-cp-pp-dp",
}
DENSE_AXES = ("tp", "cp", "dp", "pp")
EXPERT_AXES = ("etp", "ep", "edp")
# Expert groups come from the expert generator, whose tp/dp axes are etp/edp.
_EXPERT_TOKEN = {"etp": "tp", "ep": "ep", "edp": "dp"}
# GPUs the mesh enumerates; beyond it the groups stay empty (an error says so). 2^19 = 524,288,
# over twice the largest cluster built: `tslab mesh --json` there takes ~2 s and 0.7 GB, and the
# exported mesh figure (a cell per GPU; SVG ~7 s and 1.4 GB, measured) twice that at 2^20.
MAX_WORLD = 1 << 19


def resolve_order(order: str) -> str:
    """A named framework order → its axis string; an axis string is returned as is."""
    return ORDERS.get(order, order)


def _check_order(names: list[str]) -> None:
    unknown = [name for name in names if name not in AXES]
    if unknown or len(set(names)) != len(names):
        raise ValueError(f"order {'-'.join(names)} must list distinct axes from {', '.join(AXES)}")


def rank_groups(world_size: int, sizes: dict[str, int], order: str, axes: str) -> np.ndarray:
    """Megatron RankGenerator.get_ranks semantics: `order` like "tp-cp-ep-dp-pp" (first axis fastest),
    `sizes` per axis (missing axes = 1; an axis of size > 1 absent from the order is an error, as in
    Megatron), `axes` like "dp" or "tp-cp": returns an int array (num_groups, group_size).

    Rank = Σ index_i·stride_i with stride 1 for the first order axis. Groups are enumerated with the
    first non-masked axis fastest; within a group the first masked axis varies fastest — the result of
    generate_masked_orthogonal_rank_groups in Megatron-LM's parallel_state.py, computed here as one
    reshape and transpose of arange(world_size) instead of a loop over ranks."""
    names = resolve_order(order).split("-")
    _check_order(names)
    for name, size in sizes.items():
        if name not in names and size != 1:
            raise ValueError(f"{name} = {size} but the order {order} does not list {name}")
    shape = [int(sizes.get(name, 1)) for name in names]
    if math.prod(shape) != world_size:
        raise ValueError(f"the sizes {dict(zip(names, shape))} make {math.prod(shape)} ranks, not {world_size}")
    wanted = axes.split("-")
    if len(set(wanted)) != len(wanted) or not set(wanted) <= set(names):
        raise ValueError(f"axes {axes} are not distinct axes of the order {order}")
    k = len(names)
    # Row-major: the last array dimension varies fastest, so order axis i is array dimension k−1−i.
    grid = np.arange(world_size, dtype=np.int64).reshape(shape[::-1])
    outer = [k - 1 - i for i in range(k) if names[i] not in wanted]  # which group: first fastest
    inner = [k - 1 - i for i in range(k) if names[i] in wanted]      # within a group: first fastest
    size = math.prod(shape[i] for i in range(k) if names[i] in wanted)
    return grid.transpose(outer[::-1] + inner[::-1]).reshape(-1, size)


def _empty(size: int) -> np.ndarray:
    return np.empty((0, max(size, 1)), dtype=np.int64)


@dataclass(frozen=True, eq=False)  # eq=False: identity comparison (the arrays have no truth value)
class Mesh:
    world_size: int
    nodes: int
    gpus_per_node: int
    order: str                          # resolved axis string
    dims: dict[str, int]                # tp, cp, ep, dp, pp, etp, edp (of the groups drawn)
    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]
    # What the groups are generated from (`_GroupSpec`); they are made when first asked for
    spec: _GroupSpec = field(repr=False)
    _made: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def groups(self) -> dict[str, np.ndarray]:
        """GROUP_AXES → (num_groups, size) int arrays (read only)."""
        found = self._made.get("groups")
        if found is None:
            found = self._made["groups"] = _generate_groups(self.spec)
        return found

    @property
    def group_index(self) -> dict[str, np.ndarray]:
        """Axis → per rank: the row of groups[axis] holding it, −1 outside the groups (read only)."""
        found = self._made.get("group_index")
        if found is None:
            found = {axis: _group_index(g, self.world_size) for axis, g in self.groups.items()}
            for array in found.values():
                array.setflags(write=False)
            self._made["group_index"] = found
        return found

    @property
    def drawn(self) -> int:
        """Ranks covered by the groups (= world_size for a valid mesh)."""
        return self.spec.drawn if self.spec.generated else 0

    def node_of(self, rank: int) -> int:
        return rank // self.gpus_per_node

    def coordinates(self, rank: int) -> dict[str, int]:
        """Index along each dense axis (tp, cp, dp, pp) and expert axis (etp, ep, edp) — the rank's
        position in its group of that axis — plus "node" and "local" (index in the node). Axes whose
        groups do not contain the rank (an invalid mesh drawn in part) are left out."""
        coords: dict[str, int] = {}
        for axis in DENSE_AXES + EXPERT_AXES:
            row = int(self.group_index[axis][rank]) if rank < self.world_size else -1
            if row >= 0:
                coords[axis] = int(np.flatnonzero(self.groups[axis][row] == rank)[0])
        coords["node"], coords["local"] = divmod(rank, self.gpus_per_node)
        return coords

    def nodes_spanned(self, axis: str) -> np.ndarray:
        """Per group of `axis`: the number of distinct nodes its ranks live on (read only)."""
        spans = _facts(self.spec, self.gpus_per_node).spans
        found = spans.get(axis)
        if found is not None:
            return found
        groups = self.groups[axis]
        if groups.shape[0] == 0:
            found = np.zeros(0, dtype=np.int64)
        else:
            nodes = np.sort(groups // self.gpus_per_node, axis=1)
            found = 1 + np.count_nonzero(np.diff(nodes, axis=1), axis=1)
        found.setflags(write=False)
        spans[axis] = found
        return found

    def cross_node(self, axis: str) -> np.ndarray:
        """Per group of `axis`: True when it spans more than one node."""
        return self.nodes_spanned(axis) > 1

    def node_classes(self, axis: str) -> np.ndarray:
        """Per node: an index shared by the nodes that hold the same set of `axis` groups, numbered
        in order of each class's first node (−1: a node none of whose GPUs is in a group). Where a
        node's GPUs are all in one group, as EP's or DP's often are, the index is that group's
        (groups are numbered by their first rank); where a node holds parts of several groups
        that other nodes hold too (PP across nodes), the nodes of one class together form those
        groups. One colour per class makes the groups readable with a cell per node."""
        per_node = np.asarray(self.group_index[axis][:self.nodes * self.gpus_per_node]).reshape(
            self.nodes, self.gpus_per_node)
        held = np.sort(per_node, axis=1)
        _, first, inverse = np.unique(held, axis=0, return_index=True, return_inverse=True)
        rank_of_class = np.empty(len(first), dtype=np.int64)
        rank_of_class[np.argsort(first, kind="stable")] = np.arange(len(first))
        classes = rank_of_class[np.ravel(inverse)]
        return np.where((held < 0).all(axis=1), -1, classes)

    def groups_of(self, rank: int) -> dict[str, list[int]]:
        """Every GROUP_AXES group containing `rank` (axes whose groups do not contain it are left out)."""
        found = {}
        for axis in GROUP_AXES:
            row = int(self.group_index[axis][rank]) if rank < self.world_size else -1
            if row >= 0:
                found[axis] = self.groups[axis][row].tolist()
        return found

    def to_json(self) -> dict[str, Any]:
        # Up to MAX_WORLD groups of one rank per axis: millions of small lists, none in a cycle. With
        # the cyclic collector paused their creation takes 0.5 s instead of 2.6 s at 2^20 GPUs.
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            return self._json()
        finally:
            if was_enabled:
                gc.enable()

    def _json(self) -> dict[str, Any]:
        spanned = {axis: self.nodes_spanned(axis) for axis in GROUP_AXES}
        return {
            "world_size": self.world_size,
            "nodes": self.nodes,
            "gpus_per_node": self.gpus_per_node,
            "order": self.order,
            "dims": {axis: int(value) for axis, value in self.dims.items()},
            "groups": {axis: self.groups[axis].tolist() for axis in GROUP_AXES},
            "cross_node": {axis: (spanned[axis] > 1).tolist() for axis in GROUP_AXES},
            "nodes_spanned": {axis: spanned[axis].tolist() for axis in GROUP_AXES},
            "errors": [str(problem) for problem in self.errors],
            "warnings": [str(problem) for problem in self.warnings],
        }


# ---------------------------------------------------------------------------------------------
# Building the mesh

def _full_order(names: list[str], *, expert: bool) -> list[str]:
    """The order with every axis present: a missing axis is appended (size 1 there, as Megatron's
    RankGenerator does); for the expert generator a missing ep goes just before dp, which is where
    Megatron's default order and torchtitan's EP mesh put the expert ranks."""
    full = list(names)
    if expert and "ep" not in full:
        full.insert(full.index("dp") if "dp" in full else len(full), "ep")
    return full + [axis for axis in AXES if axis not in full]


def _group_index(groups: np.ndarray, world: int) -> np.ndarray:
    if world > MAX_WORLD:  # a read-only view of −1s: no memory for a cluster too large to enumerate
        return np.broadcast_to(np.int64(-1), (world,))
    index = np.full(world, -1, dtype=np.int64)
    if groups.size:
        index[groups.ravel()] = np.repeat(np.arange(groups.shape[0], dtype=np.int64), groups.shape[1])
    return index


@dataclass(frozen=True)
class _GroupSpec:
    """What Megatron's two rank generators (module docstring) make a mesh's groups from: the ranks
    drawn, the world, each of GROUP_AXES' group size, and the (tp, cp, ep, dp, pp) sizes and order
    of the dense and of the expert generator (`generated` False: no groups, as for an unreadable
    order; `expert` None: the expert groups do not fit). Meshes of equal specs have equal groups."""
    drawn: int
    world: int
    sizes: tuple[int, ...]
    generated: bool = False
    dense: tuple[int, ...] = ()
    dense_order: str = ""
    expert: tuple[int, ...] | None = None
    expert_order: str = ""


@functools.lru_cache(maxsize=8)
def _generate_groups(spec: _GroupSpec) -> dict[str, np.ndarray]:
    """The groups of every axis in GROUP_AXES, read only (the few last specs kept: a mesh's views
    and tables ask for them many times)."""
    groups = {axis: _empty(size) for axis, size in zip(GROUP_AXES, spec.sizes)}
    if spec.generated:
        dense = dict(zip(("tp", "cp", "ep", "dp", "pp"), spec.dense))
        for axis in ("tp", "cp", "dp", "pp", "tp-cp", "dp-cp"):
            groups[axis] = rank_groups(spec.drawn, dense, spec.dense_order, axis)
        if spec.expert is not None:
            expert = dict(zip(("tp", "cp", "ep", "dp", "pp"), spec.expert))
            for axis, token in _EXPERT_TOKEN.items():
                groups[axis] = rank_groups(spec.drawn, expert, spec.expert_order, token)
    for array in groups.values():
        array.setflags(write=False)
    return groups


class _Facts:
    """What the meshes of one spec and node size share besides their groups: the nodes each group
    spans, per axis (filled as asked), and whether the expert generator's pipeline groups differ
    from the dense one's. Small, so many are kept: a planner builds a mesh per configuration, and
    hundreds of configurations have the same degrees."""
    __slots__ = ("spans", "expert_pp_differs")

    def __init__(self, spec: _GroupSpec):
        self.spans: dict[str, np.ndarray] = {}
        differs = False
        if spec.generated and spec.expert is not None:
            expert = dict(zip(("tp", "cp", "ep", "dp", "pp"), spec.expert))
            differs = not np.array_equal(rank_groups(spec.drawn, expert, spec.expert_order, "pp"),
                                         _generate_groups(spec)["pp"])
        self.expert_pp_differs = differs


@functools.lru_cache(maxsize=1024)
def _facts(spec: _GroupSpec, gpus_per_node: int) -> _Facts:
    return _Facts(spec)


def build_mesh(scenario: Scenario) -> Mesh:
    """The device mesh of the scenario, with every topology problem. Never raises for a scenario that
    passed field-level checks: when the sizes do not tile the world it records errors and still draws
    what it can — all tp·cp·dp·pp ranks when they fit in the cluster, else as many data-parallel
    replicas as fit — or, when not even one replica fits (or the order is unreadable), empty groups."""
    s, p, c = scenario, scenario.parallel, scenario.cluster
    m = s.model
    world = s.world_size
    problems = [problem for problem in validate(s) if problem.key.startswith("parallel.")]
    extra: list[Problem] = []

    def error(key: str, template: str, **args: Any) -> None:
        extra.append(Problem(key, template, args, "error"))

    def warn(key: str, template: str, **args: Any) -> None:
        extra.append(Problem(key, template, args, "warning"))

    order = resolve_order(p.order)
    names = order.split("-")
    readable = set(names) <= set(AXES) and len(set(names)) == len(names)  # validate() reports it if not
    if readable and p.cp > 1 and "cp" not in names:
        error("parallel.order", QT_TRANSLATE_NOOP("mesh", "order {order} does not list cp, but cp = {cp}: "
                                                  "the context-parallel axis has no place in the mesh"),
              order=order, cp=p.cp)

    # Sizes of the mesh drawn: all of tp·cp·dp·pp when they fit, else fewer data-parallel replicas.
    dp = p.dp
    model_ranks = p.tp * p.cp * p.pp
    if model_ranks * dp > world:
        dp = world // model_ranks
    if world > MAX_WORLD:
        error("cluster.nodes", QT_TRANSLATE_NOOP("mesh", "{world} GPUs are more than the mesh enumerates "
                                                 "({limit}); no groups are drawn"), world=world, limit=MAX_WORLD)
        readable = False
    drawn = model_ranks * dp
    width = p.tp * p.cp * dp
    expert_fits = dp > 0 and width % (p.etp * p.ep) == 0
    edp = max(1, width // (p.etp * p.ep))
    dims = {"tp": p.tp, "cp": p.cp, "ep": p.ep, "dp": max(dp, 1), "pp": p.pp, "etp": p.etp, "edp": edp}
    sizes = {axis: math.prod(dims[a] for a in axis.split("-")) for axis in GROUP_AXES}
    spec = _GroupSpec(drawn, world, tuple(sizes.values()))
    if readable and dp > 0:
        spec = _GroupSpec(drawn, world, tuple(sizes.values()), True, (p.tp, p.cp, 1, dp, p.pp),
                          "-".join(_full_order(names, expert=False)),
                          (p.etp, 1, p.ep, edp, p.pp) if expert_fits else None,
                          "-".join(_full_order(names, expert=True)))
        # Megatron asserts that both generators give the same pipeline groups: a GPU must hold
        # the expert layers of the stage whose dense layers it holds (a dense model has none).
        if m.experts and expert_fits and _facts(spec, c.gpus_per_node).expert_pp_differs:
            error("parallel.order", QT_TRANSLATE_NOOP("mesh", "with order {order}, the expert layers "
                                                      "(etp = {etp}, ep = {ep}, edp = {edp}) would put "
                                                      "pipeline stages on other GPUs than the dense "
                                                      "layers (dp = {dp}): put pp last or keep "
                                                      "edp = dp"),
                  order=order, etp=p.etp, ep=p.ep, edp=edp, dp=dp)

    mesh = Mesh(world_size=world, nodes=c.nodes, gpus_per_node=c.gpus_per_node, order=order, dims=dims,
                errors=(), warnings=(), spec=spec)

    # Warnings about where the frequent collectives land (Narayanan et al. (SC'21), Takeaway #1: tensor
    # parallelism up to the GPUs of one server, inside its NVLink domain).
    gpn = c.gpus_per_node
    if spec.generated and p.tp > 1:
        spans = mesh.nodes_spanned("tp")
        if p.tp > gpn:
            warn("parallel.tp", QT_TRANSLATE_NOOP("mesh", "tp = {tp} is larger than a node of {gpn} GPUs: every "
                                                  "TP group spans {nodes} nodes, so the TP collectives of "
                                                  "every layer and every micro-batch cross the inter-node "
                                                  "network ({inter:g} GB/s per GPU instead of NVLink's "
                                                  "{intra:g} GB/s)"),
                 tp=p.tp, gpn=gpn, nodes=int(spans.max()), inter=c.inter_bw_gbps, intra=c.intra_bw_gbps)
        elif spans.max() > 1:
            warn("parallel.tp", QT_TRANSLATE_NOOP("mesh", "{count} of {groups} TP groups span nodes with order "
                                                  "{order} and {gpn} GPUs per node: their collectives of "
                                                  "every layer and micro-batch cross the inter-node network "
                                                  "({inter:g} GB/s per GPU instead of NVLink's {intra:g} GB/s)"),
                 count=int(np.count_nonzero(spans > 1)), groups=len(spans), order=order, gpn=gpn,
                 inter=c.inter_bw_gbps, intra=c.intra_bw_gbps)
    if m.experts and p.ep > 1 and spec.generated and spec.expert is not None:
        spans = mesh.nodes_spanned("ep")
        if spans.max() > 1:
            warn("parallel.ep", QT_TRANSLATE_NOOP("mesh", "EP groups of {ep} GPUs span up to {nodes} nodes: "
                                                  "the MoE all-to-all (dispatch and combine, forward and "
                                                  "backward, in every MoE layer) runs over the inter-node "
                                                  "network ({inter:g} GB/s per GPU instead of NVLink's "
                                                  "{intra:g} GB/s)"),
                 ep=p.ep, nodes=int(spans.max()), inter=c.inter_bw_gbps, intra=c.intra_bw_gbps)

    everything = problems + extra
    return dataclasses.replace(mesh, errors=tuple(pr for pr in everything if pr.severity == "error"),
                               warnings=tuple(pr for pr in everything if pr.severity != "error"))
