"""The parallel mesh: which GPUs form the TP/CP/DP/PP/EP groups, which groups leave a node, and
what each axis sends per optimizer step.

Group generation follows Megatron-LM's `RankGenerator` (megatron/core/parallel_state.py,
`generate_masked_orthogonal_rank_groups`): an order string such as "tp-cp-ep-dp-pp" lists the axes
with the first varying fastest, so rank = Σ index_i · stride_i with stride 1 for the first axis.
The groups of an axis (or of several, "tp-cp") hold the ranks that differ only along it; groups are
enumerated with the first remaining axis fastest. Dense layers use a generator with sizes
(tp, cp, ep = 1, dp, pp); expert layers a second one with (tp = etp, cp = 1, ep, dp = edp, pp),
edp = tp·cp·dp / (etp·ep), exactly as Megatron's `initialize_model_parallel` builds them. Seed 002
§0.3: world = tp·cp·dp·pp holds only because these axes are defined as orthogonal mesh dimensions;
EP is not another factor — it re-slices the same GPUs for the expert layers.

Traffic (seed 002 §5.1: tensor size, per-rank sent bytes, algorithm, calls per step) is a
deterministic teaching model with ring algorithms, not a measurement:
- TP: Shoeybi et al., Megatron-LM (2019) §3 and Narayanan et al. (SC'21) §3.1 — two all-reduces
  forward (f/g after attention and MLP) and two backward per layer; Korthikanti et al. (MLSys'23)
  §4.2.2 — with sequence parallelism each all-reduce becomes an all-gather + reduce-scatter pair
  of the same total volume.
- CP: Liu et al., Ring Attention (ICLR'24) §3 and Megatron-LM's context parallelism (Transformer
  Engine P2P ring): cp − 1 K/V block passes per layer forward; backward passes K/V and dK/dV.
- EP: Lepikhin et al., GShard (ICLR'21) §2 and DeepSeek-V3 report §3.2.2 — dispatch and combine
  all-to-all per MoE layer, each token sent to top-K experts.
- PP: Narayanan et al. (SC'21) §2.2, §4.1 — one activation forward and one gradient backward per
  micro-batch at every stage boundary (point to point).
- DP: Rajbhandari et al., ZeRO (SC'20) §7 — DP all-reduce 2Ψ; ZeRO-1/2 reduce-scatter Ψ +
  all-gather Ψ = 2Ψ; ZeRO-3 two parameter all-gathers + one reduce-scatter = 3Ψ.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from tslab.models.memory import head_dim, is_moe_layer, pipeline_layout, rank_parameters
from tslab.models.scenario import AXES, BYTES_PER_ELEMENT, Scenario
from tslab.models.validation import QT_TRANSLATE_NOOP, Problem, validate

if TYPE_CHECKING:  # networkx loads only when a graph is built: `tslab mesh --json` stays light
    import networkx

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
GROUP_AXES = ("tp", "cp", "dp", "pp", "tp-cp", "dp-cp", "ep", "etp", "edp")
DENSE_AXES = ("tp", "cp", "dp", "pp")
EXPERT_AXES = ("etp", "ep", "edp")
# Expert groups come from the expert generator, whose tp/dp axes are etp/edp.
_EXPERT_TOKEN = {"etp": "tp", "ep": "ep", "edp": "dp"}
MAX_WORLD = 1 << 20  # GPUs the mesh enumerates; beyond it the groups stay empty (an error says so)

SRC_TP = "Shoeybi et al., Megatron-LM (2019) §3; Narayanan et al., Megatron-LM (SC'21) §3.1"
SRC_SP = "Korthikanti et al., Reducing Activation Recomputation (MLSys'23) §4.2.2"
SRC_CP = "Liu et al., Ring Attention (ICLR'24) §3; Megatron-LM context parallelism (TE P2P ring)"
SRC_EP = "Lepikhin et al., GShard (ICLR'21) §2; DeepSeek-V3 technical report §3.2.2"
SRC_PP = "Narayanan et al., Megatron-LM (SC'21) §2.2, §4.1"
SRC_DP = "Rajbhandari et al., ZeRO (SC'20) §7; Narayanan et al. (SC'21) §3.2"


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
    groups: dict[str, np.ndarray]       # GROUP_AXES → (num_groups, size) int arrays
    group_index: dict[str, np.ndarray]  # axis → per rank: row of groups[axis], −1 outside the groups
    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]

    @property
    def drawn(self) -> int:
        """Ranks covered by the groups (= world_size for a valid mesh)."""
        return int(self.groups["pp"].size)

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
        """Per group of `axis`: the number of distinct nodes its ranks live on."""
        groups = self.groups[axis]
        if groups.shape[0] == 0:
            return np.zeros(0, dtype=np.int64)
        nodes = np.sort(groups // self.gpus_per_node, axis=1)
        return 1 + np.count_nonzero(np.diff(nodes, axis=1), axis=1)

    def cross_node(self, axis: str) -> np.ndarray:
        """Per group of `axis`: True when it spans more than one node."""
        return self.nodes_spanned(axis) > 1

    def groups_of(self, rank: int) -> dict[str, list[int]]:
        """Every GROUP_AXES group containing `rank` (axes whose groups do not contain it are left out)."""
        found = {}
        for axis in GROUP_AXES:
            row = int(self.group_index[axis][rank]) if rank < self.world_size else -1
            if row >= 0:
                found[axis] = self.groups[axis][row].tolist()
        return found

    def to_json(self) -> dict[str, Any]:
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

    # Ulysses all-to-all gives each rank whole heads (seed 002 §7.2): its degree is bounded by the
    # KV heads (MLA: every head has its own K and V after the up-projection).
    kv = m.kv_heads if m.attention == "mha" else m.heads
    if p.cp > kv:  # a warning: the lab's CP traffic is Ring attention's, which has no such bound
        warn("parallel.cp", QT_TRANSLATE_NOOP("mesh", "Ulysses degree cp = {cp} exceeds the {kv} KV heads: "
                                               "Ulysses all-to-all hands each rank whole heads (Ring "
                                               "attention has no such limit)"), cp=p.cp, kv=kv)

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
    groups = {axis: _empty(size) for axis, size in sizes.items()}

    if readable and dp > 0:
        dense_order = "-".join(_full_order(names, expert=False))
        dense = {"tp": p.tp, "cp": p.cp, "ep": 1, "dp": dp, "pp": p.pp}
        for axis in ("tp", "cp", "dp", "pp", "tp-cp", "dp-cp"):
            groups[axis] = rank_groups(drawn, dense, dense_order, axis)
        if expert_fits:
            expert_order = "-".join(_full_order(names, expert=True))
            expert = {"tp": p.etp, "cp": 1, "ep": p.ep, "dp": edp, "pp": p.pp}
            for axis, token in _EXPERT_TOKEN.items():
                groups[axis] = rank_groups(drawn, expert, expert_order, token)
            # Megatron asserts that both generators give the same pipeline groups: a GPU must hold
            # the expert layers of the stage whose dense layers it holds (a dense model has none).
            if m.experts and not np.array_equal(rank_groups(drawn, expert, expert_order, "pp"), groups["pp"]):
                error("parallel.order", QT_TRANSLATE_NOOP("mesh", "with order {order}, the expert layers "
                                                          "(etp = {etp}, ep = {ep}, edp = {edp}) would put "
                                                          "pipeline stages on other GPUs than the dense "
                                                          "layers (dp = {dp}): put pp last or keep "
                                                          "edp = dp"),
                      order=order, etp=p.etp, ep=p.ep, edp=edp, dp=dp)

    mesh = Mesh(world_size=world, nodes=c.nodes, gpus_per_node=c.gpus_per_node, order=order, dims=dims,
                groups=groups, group_index={axis: _group_index(g, world) for axis, g in groups.items()},
                errors=(), warnings=())

    # Warnings about where the frequent collectives land (seed 002 §3.4: TP inside the NVLink domain).
    gpn = c.gpus_per_node
    if groups["tp"].size and p.tp > 1:
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
    if m.experts and p.ep > 1 and groups["ep"].size:
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


# ---------------------------------------------------------------------------------------------
# Traffic per axis

@dataclass(frozen=True)
class Traffic:
    """One axis's collective on the most-loaded rank.

    bytes_per_call is nccl-tests' size S: the full tensor for all-reduce, the gathered array for
    all-gather / reduce-scatter, the rank's send buffer for all-to-all, the tensor for send/recv (for
    the DP rows, which mix collectives: the gradients reduced). bytes_per_step counts the bytes one
    rank sends per optimizer step with ring algorithms: all-reduce 2(n−1)/n·S, all-gather and
    reduce-scatter (n−1)/n·S, all-to-all (n−1)/n·S (uniform routing), send/recv S."""
    axis: str            # "tp", "cp", "ep", "pp", "dp", "edp"
    collective: str      # English, marked for translation (context "mesh")
    when: str            # English, marked for translation (context "mesh")
    calls_per_step: int
    bytes_per_call: int
    bytes_per_step: int
    group_size: int
    cross_node: bool     # any group of this axis spans nodes
    max_nodes: int       # most nodes any group of this axis spans
    formula: str


def _ring(calls: int, size: int, n: int, factor: int = 1) -> int:
    """Bytes a rank sends in `calls` ring collectives of size S over n ranks: calls·factor·(n−1)/n·S."""
    return (calls * factor * (n - 1) * size + n // 2) // n


def _microbatches(m: int, copies: int, chunk: int, chunks: int) -> int:
    """Micro-batches through one model chunk: all of them, except that DualPipe feeds half of them
    from each end (its second model copy is the rank's last chunk)."""
    if copies == 2:
        return m // 2 if chunk == chunks - 1 else m - m // 2
    return m


def _layer_passes(s: Scenario, layouts, moe_only: bool = False) -> int:
    """Most layer × micro-batch passes on any pipeline rank per optimizer step."""
    m = s.schedule.microbatches
    best = 0
    for layout in layouts:
        total = 0
        for k, layers in enumerate(layout.layers):
            count = sum(1 for layer in layers if is_moe_layer(s, layer)) if moe_only else len(layers)
            total += count * _microbatches(m, layout.copies, k, len(layout.layers))
        best = max(best, total)
    return best


def _pp_sends(s: Scenario, layouts) -> int:
    """Most point-to-point sends of any pipeline rank per step: at each boundary between stages on
    different ranks, the earlier stage sends the activation forward and the later one the gradient
    backward, once per micro-batch through that chain of stages."""
    m = s.schedule.microbatches
    chains: dict[int, list[tuple[int, int, int]]] = {}  # copy → (first layer, rank, micro-batches)
    for layout in layouts:
        for k, layers in enumerate(layout.layers):
            copy = 1 if layout.copies == 2 and k == len(layout.layers) - 1 else 0
            chains.setdefault(copy, []).append((layers.start, layout.rank,
                                                _microbatches(m, layout.copies, k, len(layout.layers))))
    sends = [0] * max(len(layouts), 1)
    for stages in chains.values():
        stages.sort()
        for (_, a, mb), (_, b, _) in zip(stages, stages[1:]):
            if a != b:
                sends[a] += mb
                sends[b] += mb
    return max(sends)


def traffic(scenario: Scenario, mesh: Mesh) -> list[Traffic]:
    """What each parallel axis sends per optimizer step on its most-loaded rank: one row per axis of
    size > 1, in the order tp, cp, ep, pp, dp, edp (most to least frequent)."""
    s = scenario
    mo, p, pr = s.model, s.parallel, s.precision
    act = BYTES_PER_ELEMENT[pr.activations]
    m = s.schedule.microbatches
    layouts = pipeline_layout(s)
    tokens = math.ceil(mo.seq_len / p.cp) * mo.micro_batch  # tokens of one micro-batch on a rank
    h = mo.hidden
    full = s.activation.recompute == "full"
    rows: list[Traffic] = []

    def placed(axis: str) -> tuple[bool, int]:
        spans = mesh.nodes_spanned(axis) if axis in mesh.groups else np.zeros(0)
        return bool((spans > 1).any()), int(spans.max()) if spans.size else 0

    def row(axis: str, group_axis: str, collective: str, when: str, calls: int, size: int, sent: int,
            n: int, formula: str) -> None:
        crosses, nodes = placed(group_axis)
        rows.append(Traffic(axis, collective, when, calls, size, sent, n, crosses, nodes, formula))

    # TP — Megatron-LM (Shoeybi 2019 §3; SC'21 §3.1): f and g operators put 2 all-reduces of the
    # [s/cp, b, h] activations in the forward pass and 2 in the backward pass of every layer
    # (attention and MLP/MoE block); full recompute reruns the forward ones. With SP (Korthikanti
    # §4.2.2) each all-reduce is an all-gather + reduce-scatter of the same array: same volume.
    # (Megatron also re-gathers SP inputs in backward for the weight gradients, overlapped; not counted.)
    if p.tp > 1:
        t = p.tp
        layers = _layer_passes(s, layouts)
        size = tokens * h * act
        base = f"S = s/cp·b·h·{act} B = {tokens:,}·{h:,}·{act} = {size:,} B; L·m = {layers:,} layer passes"
        if p.sp:
            per = 12 if full else 8
            calls = per * layers
            when = (QT_TRANSLATE_NOOP("mesh", "12 per layer per micro-batch (2 all-gathers and 2 reduce-"
                                              "scatters in each of forward, recomputed forward and backward)")
                    if full else
                    QT_TRANSLATE_NOOP("mesh", "8 per layer per micro-batch (2 all-gathers and 2 reduce-"
                                              "scatters forward, the same backward)"))
            row("tp", "tp", QT_TRANSLATE_NOOP("mesh", "all-gather + reduce-scatter"), when, calls, size,
                _ring(calls, size, t), t, f"{base}; sent = {per}·L·m·(t−1)/t·S, t = {t} [{SRC_SP}]")
        else:
            per = 6 if full else 4
            calls = per * layers
            when = (QT_TRANSLATE_NOOP("mesh", "6 per layer per micro-batch (2 forward, 2 recomputed forward, "
                                              "2 backward)") if full else
                    QT_TRANSLATE_NOOP("mesh", "4 per layer per micro-batch (2 forward, 2 backward)"))
            row("tp", "tp", QT_TRANSLATE_NOOP("mesh", "all-reduce"), when, calls, size, _ring(calls, size, t, 2), t,
                f"{base}; sent = {per}·L·m·2(t−1)/t·S, t = {t} [{SRC_TP}]")

    # CP — Ring attention (Liu et al. §3; Megatron/TE P2P ring): each rank keeps its Q block and
    # passes its K/V block on cp − 1 times per layer forward; backward passes K/V and the
    # accumulated dK/dV cp − 1 times each. A K/V block: s/cp·b tokens × (K + V widths)/t.
    if p.cp > 1:
        d = head_dim(s)
        if mo.attention == "mla":
            kv_width = mo.heads * (d + mo.qk_rope_head_dim) + mo.heads * (mo.v_head_dim or d)
            width_text = "a·(d + d_rope) + a·d_v"
        else:
            kv_width = 2 * mo.kv_heads * d
            width_text = "2·n_kv·d"
        width = math.ceil(kv_width / p.tp)
        size = tokens * width * act
        per = (4 if full else 3) * (p.cp - 1)
        calls = per * _layer_passes(s, layouts)
        when = (QT_TRANSLATE_NOOP("mesh", "4(cp − 1) per layer per micro-batch (K/V passes in forward and "
                                          "recomputed forward, K/V and dK/dV passes backward)") if full else
                QT_TRANSLATE_NOOP("mesh", "3(cp − 1) per layer per micro-batch (cp − 1 K/V passes forward; "
                                          "cp − 1 K/V and cp − 1 dK/dV passes backward)"))
        row("cp", "cp", QT_TRANSLATE_NOOP("mesh", "send/recv"), when, calls, size, calls * size, p.cp,
            f"S = s/cp·b·({width_text})/t·{act} B = {tokens:,}·{width:,}·{act} = {size:,} B; "
            f"sent = {per // (p.cp - 1)}(cp−1)·L·m·S, cp = {p.cp} [{SRC_CP}]")

    # EP — GShard §2 / DeepSeek-V3 §3.2.2: dispatch sends each of the rank's tokens to its top-K
    # experts, combine brings the outputs back; the backward pass runs both in reverse. Tokens are
    # sequence-sharded over TP when SP is on (Megatron requires SP with TP and EP).
    moe_layers = _layer_passes(s, layouts, moe_only=True)
    if p.ep > 1 and mo.experts and moe_layers:
        ep_tokens = math.ceil(tokens / p.tp) if p.sp else tokens
        size = ep_tokens * mo.top_k * h * act
        per = 6 if full else 4
        calls = per * moe_layers
        when = (QT_TRANSLATE_NOOP("mesh", "6 per MoE layer per micro-batch (dispatch and combine in forward, "
                                          "recomputed forward and backward)") if full else
                QT_TRANSLATE_NOOP("mesh", "4 per MoE layer per micro-batch (dispatch and combine, forward and "
                                          "backward)"))
        row("ep", "ep", QT_TRANSLATE_NOOP("mesh", "all-to-all"), when, calls, size, _ring(calls, size, p.ep), p.ep,
            f"S = s/cp·b{'/t' if p.sp and p.tp > 1 else ''}·K·h·{act} B = {ep_tokens:,}·{mo.top_k}·{h:,}·{act} "
            f"= {size:,} B; sent = {per}·L_moe·m·(ep−1)/ep·S (uniform routing), L_moe·m = {moe_layers:,}, "
            f"ep = {p.ep} [{SRC_EP}]")

    # PP — SC'21 §2.2: point to point, one activation forward and one gradient backward per
    # micro-batch and stage boundary; with SP the tensor is the sequence shard (s/t).
    if p.pp > 1:
        calls = _pp_sends(s, layouts)
        size = math.ceil(tokens / p.tp) * h * act if p.sp else tokens * h * act
        row("pp", "pp", QT_TRANSLATE_NOOP("mesh", "send/recv"),
            QT_TRANSLATE_NOOP("mesh", "per micro-batch per stage boundary (activation forward, gradient "
                                      "backward)"),
            calls, size, calls * size, p.pp,
            f"S = s/cp·b·h{'/t' if p.sp and p.tp > 1 else ''}·{act} B = {size:,} B; sent = "
            f"(sends per micro-batch over the rank's stage boundaries)·m·S = {calls:,}·S [{SRC_PP}]")

    # DP — ZeRO §7 volumes with ring algorithms, n = data-parallel ranks, Ψ = the rank's parameters:
    # ZeRO-0 all-reduces gradients once per step (2Ψ); ZeRO-1 reduce-scatters gradients and
    # all-gathers the updated parameters once per step (Ψ + Ψ); ZeRO-2 keeps only a gradient shard,
    # so it reduce-scatters every micro-batch; ZeRO-3 gathers parameters for forward and backward and
    # reduce-scatters gradients in every micro-batch (3Ψ per micro-batch). With m = 1 these are the
    # paper's 2Ψ, 2Ψ, 2Ψ, 3Ψ.
    dense = max((rank_parameters(s, layout)[0] for layout in layouts), default=0)
    expert = max((rank_parameters(s, layout)[1] for layout in layouts), default=0)

    def data_parallel(axis: str, group_axis: str, n: int, psi: int, label: str) -> None:
        gb, pb = BYTES_PER_ELEMENT[pr.grads], BYTES_PER_ELEMENT[pr.params]
        grads, params = psi * gb, psi * pb
        sizes = f"S = Ψ·{gb} B = {psi:,}·{gb} = {grads:,} B gradients"
        if p.zero == 0:
            row(axis, group_axis, QT_TRANSLATE_NOOP("mesh", "all-reduce"),
                QT_TRANSLATE_NOOP("mesh", "per optimizer step"), 1, grads, _ring(1, grads, n, 2), n,
                f"{sizes}; sent = 2(n−1)/n·S, n = {n} ({label}) [{SRC_DP}]")
            return
        gathered = f"{params:,} B parameters (Ψ·{pb} B)"
        if p.zero == 1:
            calls, sent = 2, _ring(1, grads + params, n)
            when = QT_TRANSLATE_NOOP("mesh", "per optimizer step (reduce-scatter gradients, all-gather "
                                             "updated parameters)")
            text = "(n−1)/n·(S + P)"
        elif p.zero == 2:
            calls, sent = m + 1, _ring(1, m * grads + params, n)
            when = QT_TRANSLATE_NOOP("mesh", "reduce-scatter per micro-batch, all-gather per optimizer step")
            text = "(n−1)/n·(m·S + P)"
        else:
            calls, sent = 3 * m, _ring(m, grads + 2 * params, n)
            when = QT_TRANSLATE_NOOP("mesh", "per micro-batch (all-gather parameters forward and backward, "
                                             "reduce-scatter gradients)")
            text = "(n−1)/n·m·(S + 2P)"
        row(axis, group_axis, QT_TRANSLATE_NOOP("mesh", "reduce-scatter + all-gather"), when, calls, grads, sent, n,
            f"{sizes}, P = {gathered}; ZeRO-{p.zero}: sent = {text}, n = {n} ({label}), m = {m} [{SRC_DP}]")

    if p.dp * p.cp > 1 and dense:
        data_parallel("dp", "dp-cp", p.dp * p.cp, dense, "dp·cp" if p.cp > 1 else "dp")
    edp = mesh.dims.get("edp", 1)
    if mo.experts and edp > 1 and expert:
        data_parallel("edp", "edp", edp, expert, "edp = tp·cp·dp/(etp·ep)")
    return rows


# ---------------------------------------------------------------------------------------------
# The cluster as a graph

def cluster_graph(mesh: Mesh) -> "networkx.Graph":
    """A two-tier topology: GPUs as vertices (attrs kind="gpu", node, local) joined by NVLink inside
    their node (a complete graph per node, tier="intra"), each GPU linked to its node's switch vertex
    "node:N" (kind="switch"), and every node switch linked to the spine vertex "fabric" (tier="inter")."""
    import networkx as nx

    graph = nx.Graph(nodes=mesh.nodes, gpus_per_node=mesh.gpus_per_node)
    gpn = mesh.gpus_per_node
    world = mesh.nodes * gpn
    graph.add_nodes_from((rank, {"kind": "gpu", "node": rank // gpn, "local": rank % gpn}) for rank in range(world))
    graph.add_nodes_from((f"node:{node}", {"kind": "switch", "node": node}) for node in range(mesh.nodes))
    graph.add_node("fabric", kind="spine")
    if gpn > 1:
        a, b = np.triu_indices(gpn, 1)
        offsets = np.arange(mesh.nodes, dtype=np.int64)[:, None] * gpn
        graph.add_edges_from(zip((offsets + a).ravel().tolist(), (offsets + b).ravel().tolist()), tier="intra")
    graph.add_edges_from(((rank, f"node:{rank // gpn}") for rank in range(world)), tier="inter")
    graph.add_edges_from(((f"node:{node}", "fabric") for node in range(mesh.nodes)), tier="inter")
    return graph
