"""Cheap lower bounds the planner prunes with before it runs the byte ledger.

Model states: what one GPU of each pipeline rank holds of parameters, gradients, master weights
and optimizer states on the GPU tier under ZeRO stage z (Rajbhandari et al., SC'20 §5: stage ≥ 3
shards the parameters, ≥ 2 the gradients, ≥ 1 the master weights and optimizer states, dense
parameters over N_d = dp·cp, routed experts over the expert-data-parallel group
N_edp = tp·cp·dp / (etp·ep)), the ledger's own rule (models/memory/ledger.py). The ledger's
most-loaded GPU holds at least the states of its rank plus the allocator's allowance, a share f of
the GPU tier (memory.fragmentation): its GPU bytes are ≥ states / (1 − f) on every rank, so when
that passes the GPU's capacity no choice of micro-batches, recompute or schedule can fit.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..hardware import capacity_bytes
from ..memory import OPTIMIZER_STATES, is_moe_layer, pipeline_layout, rank_parameters, stage_sizes
from ..mesh import resolve_order
from ..pipeline import TYPES, check_config, stage_rank, stages_of
from ..pipeline.generators import _generate
from ..scenario import BYTES_PER_ELEMENT, Scenario
from ..time.step import DRAINING_KINDS, stage_costs
from .space import Candidate


def rank_states(s: Scenario, ranks: tuple[tuple[int, int], ...], degrees: Candidate | None = None) -> int:
    """The most GPU-tier model-state bytes of one GPU over pipeline ranks holding (dense, expert)
    parameters `ranks`, at the degrees and ZeRO stage of `s` (or of `degrees`): the ledger's
    parameter, gradient, master and optimizer items on the GPU tier."""
    p = degrees if degrees is not None else s.parallel
    pr, off = s.precision, s.offload
    b = BYTES_PER_ELEMENT
    dp_dense = p.dp * p.cp
    edp = max(1, (p.tp * p.cp * p.dp) // (p.etp * p.ep))
    states = OPTIMIZER_STATES[s.optimizer.kind]
    most = 0
    for dense, expert in ranks:
        full = dense + expert
        shard = math.ceil(dense / dp_dense) + math.ceil(expert / edp)
        params = (shard if p.zero >= 3 else full) * b[pr.params]
        grads = (shard if p.zero >= 2 else full) * b[pr.grads]
        opt = shard if p.zero >= 1 else full
        master = opt * b[pr.master] if pr.master != pr.params else 0
        optimizer = opt * states * b[pr.optimizer]
        total = (params if off.params == "gpu" else 0) + (grads if off.grads == "gpu" else 0) + \
            (master + optimizer if off.optimizer == "gpu" else 0)
        most = max(most, total)
    return most


def rank_parameter_counts(s: Scenario) -> tuple[tuple[int, int], ...]:
    """(dense, expert) parameters of one GPU of each pipeline rank, each pair once."""
    return tuple(dict.fromkeys(rank_parameters(s, layout) for layout in pipeline_layout(s)))


def states_gpu_bytes(s: Scenario) -> int:
    """The most GPU-tier model-state bytes of any pipeline rank of `s` (one GPU of it)."""
    return rank_states(s, rank_parameter_counts(s))


def with_allowance(s: Scenario, states: int) -> int:
    """states / (1 − f), rounded down: the ledger adds the allocator's share f of the GPU tier
    (memory.fragmentation) to everything else, so its most-loaded GPU holds at least this."""
    frag = s.memory.fragmentation
    return math.floor(states / (1 - frag)) if frag < 1 else states


def states_bound(s: Scenario) -> int:
    """A lower bound on the ledger's most-loaded GPU bytes: the states with the allocator's
    allowance."""
    return with_allowance(s, states_gpu_bytes(s))


class StatesBounds:
    """`states_bound` of many configurations on one base scenario: the parameters per rank are
    counted once per (tp, pp, layout, ep, etp), the ZeRO arithmetic per configuration."""

    def __init__(self, base: Scenario):
        self.base = base
        self._counts: dict[tuple, tuple[tuple[int, int], ...] | None] = {}

    def __call__(self, c: Candidate) -> int:
        key = (c.tp, c.pp, c.states_key[2], c.vpp if c.kind == "interleaved-1f1b" else 1, c.ep, c.etp)
        if key not in self._counts:
            try:
                self._counts[key] = rank_parameter_counts(c.scenario(self.base))
            except ValueError:  # stages the scenario's split options cannot make: validate() refuses them
                self._counts[key] = None
        counts = self._counts[key]
        return 0 if counts is None else with_allowance(self.base, rank_states(self.base, counts, c))


def capacity(s: Scenario) -> int:
    return capacity_bytes(s.cluster.gpu, s.cluster.hbm_gib)



# ---------------------------------------------------------------------------------------------
# Step time
#
# The step-time model (models/time/step.py) ends a step with the simulated pipeline makespan plus
# the DP/ZeRO tail, and the makespan is at least every rank's busy time: the sum of its ops'
# durations. Each op of stage k lasts its kind's duration on the slowest stage chunk times the
# stage's factor T_k / T_slowest, T = F + I + W of one micro-batch, so the ops of a stage add up to
# its T_k per micro-batch, and T_k is the sum of its layers' costs (the embedding counted with the
# first layer, the head and the MTP modules with the last). The bound below times the model once
# per layer (a one-rank scenario with one layer per virtual stage) and adds the layers up for every
# layout; DualPipe's overlapped F&B pairs last FB = max(T − A, A) of the slowest stage times the
# larger factor of the two stages (A: the stage's exposed all-to-all), at least
# max(1 − ρ, ½) · max(T_a, T_b) with ρ the largest all-to-all share of a layer. No schedule is
# simulated except the orders of the overlapped kinds, generated once per (kind, p, m).

OVERLAPPED = ("dualpipe", "dualpipev")
SAFETY = 1 - 1e-9  # the sums here run in another order than the model's


@dataclass(frozen=True)
class _LayerCosts:
    """T (F + I + W seconds of one micro-batch) of each main layer, the embedding in the first and
    the head and MTP modules in the last, as prefix sums; the exposed all-to-all of one MoE layer
    and which layers (MTP modules after the main ones) are MoE."""
    prefix: tuple[float, ...]
    a2a: float
    moe_prefix: tuple[int, ...]

    def span(self, start: int, stop: int) -> float:
        n = len(self.prefix) - 1
        return self.prefix[min(stop, n)] - self.prefix[min(start, n)]

    def a2a_share(self, layers: tuple[int, int], total: float) -> float:
        """An upper bound on the all-to-all share of a stage of these layers costing `total`."""
        n = len(self.moe_prefix) - 1
        start, stop = min(layers[0], n), min(layers[1], n)
        return min(0.5, self.a2a * (self.moe_prefix[stop] - self.moe_prefix[start]) / total) if total > 0 else 0.5


@dataclass(frozen=True)
class _Orders:
    """Per rank of an overlapped schedule: its pairs {(stage a, stage b): count} and its other ops
    {(stage, type): count}."""
    pairs: tuple[dict[tuple[int, int], int], ...]
    single: tuple[dict[tuple[int, str], int], ...]


def _pair_counts(orders: Any, ranks: int) -> tuple[tuple[dict[tuple[int, int], int], ...],
                                                  tuple[dict[tuple[int, str], int], ...]]:
    """Per rank of generated orders (models.pipeline's integer arrays): its overlapped pairs by
    (stage a, stage b) and its other ops by (stage, type), pairs found as simulate() finds them
    (an op and its successor on the rank sharing an overlap id, the first such op of a run)."""
    n = len(orders.stage)
    bounds = np.asarray(orders.bounds, np.int64)
    rank = np.repeat(np.arange(ranks), np.diff(bounds))
    first = np.zeros(n, bool)
    first[orders.pair_firsts()] = True
    second = np.zeros(n, bool)
    second[1:] = first[:-1]
    pairs: list[dict[tuple[int, int], int]] = [{} for _ in range(ranks)]
    single: list[dict[tuple[int, str], int]] = [{} for _ in range(ranks)]
    heads = np.flatnonzero(first)
    if len(heads):
        keys, counts = np.unique(np.stack([rank[heads], orders.stage[heads], orders.stage[heads + 1]], axis=1),
                                 axis=0, return_counts=True)
        for (r, a, b), count in zip(keys.tolist(), counts.tolist()):
            pairs[r][(a, b)] = count
    alone = np.flatnonzero(~first & ~second)
    if len(alone):
        keys, counts = np.unique(np.stack([rank[alone], orders.stage[alone], orders.type[alone]], axis=1),
                                 axis=0, return_counts=True)
        for (r, k, type_), count in zip(keys.tolist(), counts.tolist()):
            single[r][(k, TYPES[type_])] = count
    return tuple(pairs), tuple(single)


def blocks_fixed(s: Scenario) -> bool:
    """Whether every TP, CP and EP group is a block of consecutive ranks whatever dp and pp are:
    the order lists tp and cp before dp and pp (Megatron-LM's RankGenerator, models/mesh/groups.py),
    and ep too, or leaves ep out with dp before pp (the expert generator then puts ep just before
    dp). Then the layers' communication — the traffic table's rows for tp, cp and ep, which depend
    on the groups' sizes and the nodes they span — is the same on every pipeline depth and world
    with whole groups."""
    names = resolve_order(s.parallel.order).split("-")
    if "dp" not in names or "pp" not in names:
        return False
    outer = min(names.index("dp"), names.index("pp"))
    if any(axis in names and names.index(axis) > outer for axis in ("tp", "cp", "ep")):
        return False
    return "ep" in names or names.index("dp") < names.index("pp")


class TimeBounds:
    """Lower bounds on `models.time.step_time` of the configurations of one search (module
    comment above), cached per layer-cost class and layout."""

    def __init__(self, base: Scenario):
        self.base = base
        self.pp_free = blocks_fixed(base)
        self._layers: dict[tuple, _LayerCosts | None] = {}
        self._layouts: dict[tuple, tuple[tuple[tuple[int, int, int], ...], ...] | None] = {}
        self._orders: dict[tuple, _Orders] = {}
        self._busy: dict[tuple, Any] = {}
        self.representatives = 0

    # -- per layer -------------------------------------------------------------------------------
    def _layer_costs(self, c: Candidate) -> _LayerCosts | None:
        key = (c.tp, c.cp, c.ep, c.etp, c.sp, c.micro_batch, c.recompute) + (() if self.pp_free else (c.pp,))
        if key not in self._layers:
            self._layers[key] = self._measure(c)
        return self._layers[key]

    def _measure(self, c: Candidate) -> _LayerCosts | None:
        s = self.base
        layers = s.model.layers
        act = s.activation
        recompute = c.recompute
        if act.recompute_layers:  # the block method's fully recomputed layers cost more: leave them out
            recompute = "none" if recompute == "full" else recompute
        pp = 1 if self.pp_free else c.pp
        if layers > 1024 or layers < pp:  # parallel.vpp's range
            return None
        gpus = c.tp * c.pp * c.cp * c.dp
        one = c.settings()
        if self.pp_free:  # the fewest whole nodes that hold whole TP·CP and EP·ETP groups
            gpn = s.cluster.gpus_per_node
            gpus = math.lcm(gpn, c.tp * c.cp, c.ep * c.etp)
            one["cluster.nodes"] = gpus // gpn
        one.update({"parallel.pp": pp, "parallel.dp": gpus // (c.tp * c.cp * pp), "parallel.zero": 1,
                    "parallel.vpp": layers // pp, "schedule.kind": "interleaved-1f1b" if layers // pp > 1 else "1f1b",
                    "schedule.microbatches": 1, "activation.recompute": recompute,
                    "activation.recompute_layers": 0, "parallel.first_stage_layers": 0,
                    "parallel.last_stage_layers": 0, "parallel.embedding_in_split": False,
                    "parallel.loss_in_split": False})
        try:
            stages, a2a = stage_costs(s.replace(**one))
        except (ValueError, ZeroDivisionError):
            return None
        self.representatives += 1
        if pp == 1:
            per_layer = list(stages)
        else:  # one layer per stage only where the split is even: else no layer costs
            if layers % pp or len(stages) != layers:
                return None
            per_layer = [0.0] * layers
            for k, value in enumerate(stages):
                per_layer[k] = value  # stage k holds layer k (stage_layers of an even split)
        if len(per_layer) != layers:
            return None
        prefix = [0.0]
        for value in per_layer:
            prefix.append(prefix[-1] + value)
        # MTP modules (layer numbers from `layers` on) are MoE layers with extras in the time model
        moe = [int(is_moe_layer(s, k)) for k in range(layers + s.model.mtp_layers)]
        moe_prefix = [0]
        for flag in moe:
            moe_prefix.append(moe_prefix[-1] + flag)
        # Every MoE layer (MTP modules included) sends the same all-to-all
        per_layer_a2a = a2a / moe_prefix[-1] if moe_prefix[-1] else (math.inf if a2a > 0 else 0.0)
        return _LayerCosts(tuple(prefix), per_layer_a2a, tuple(moe_prefix))

    # -- per layout ------------------------------------------------------------------------------
    def _layout(self, c: Candidate) -> tuple[tuple[tuple[int, int, int], ...], ...] | None:
        """Per rank, its (stage id, first layer, stop layer) in the step-time model's numbering;
        None when the scenario's stage options cannot split the layers so."""
        key = (c.pp, c.kind, c.vpp)
        if key not in self._layouts:
            s = self.base.replace(**{"parallel.pp": c.pp, "parallel.vpp": c.vpp, "schedule.kind": c.kind})
            chunks = c.chunks
            try:
                sizes = stage_sizes(s, c.pp * chunks)
            except ValueError:  # validate() refuses such a configuration
                self._layouts[key] = None
                return None
            starts = [0]
            for size in sizes:
                starts.append(starts[-1] + size)
            count = stages_of(c.kind, c.pp, chunks)
            per_rank: list[list[tuple[int, int, int]]] = [[] for _ in range(c.pp)]
            for k in range(count):
                j = k % (c.pp * chunks)
                stop = starts[j + 1] + (s.model.mtp_layers if j == c.pp * chunks - 1 else 0)
                per_rank[stage_rank(c.kind, c.pp, chunks, k)].append((k, starts[j], stop))
            self._layouts[key] = tuple(tuple(r) for r in per_rank)
        return self._layouts[key]

    def _overlapped(self, c: Candidate) -> _Orders:
        key = (c.kind, c.pp, c.microbatches)
        if key not in self._orders:
            orders = _generate(check_config(c.kind, c.pp, c.microbatches, c.chunks), c.pp, c.microbatches, c.chunks)
            pairs, single = _pair_counts(orders, c.pp)
            self._orders[key] = _Orders(pairs, single)
        return self._orders[key]

    # -- the bound -------------------------------------------------------------------------------
    def __call__(self, c: Candidate, exact: bool = True) -> float:
        """The bound of `c`; with exact=False, the (lower, cheaper) bound of the same
        configuration without recompute: a recomputed forward only adds to a layer's time (the
        recomputed ops' kernels and bytes, and a fully recomputed layer's TP collectives), so one
        measurement per class serves every recompute choice until a configuration is close to
        the top."""
        if not exact and c.recompute != "none":
            c = dataclasses.replace(c, recompute="none")
        costs = self._layer_costs(c)
        if costs is None:
            return 0.0
        key = (id(costs), c.pp, c.kind, c.vpp, c.microbatches if c.kind in OVERLAPPED else 0)
        if key not in self._busy:
            layout = self._layout(c)
            if layout is None:
                return 0.0
            stage_t = {k: costs.span(a, b) for rank in layout for k, a, b in rank}
            if c.kind in OVERLAPPED:
                self._busy[key] = self._overlapped_busy(c, stage_t, costs)
            else:
                # per rank: its work for one micro-batch, and the chunk-0 stages before it (the
                # fill before its first op and, in the 1F1B family, the drain after its last:
                # models.time.step_floor)
                before = [sum(stage_t.get(j, 0.0) for j in range(r)) for r in range(len(layout))]
                self._busy[key] = tuple((sum(stage_t[k] for k, _, _ in rank), before[r])
                                        for r, rank in enumerate(layout))
        busy = self._busy[key]
        if c.kind in OVERLAPPED:
            return SAFETY * busy
        drains = c.kind in DRAINING_KINDS
        return SAFETY * max(work * c.microbatches + (fill if drains else 0.0) for work, fill in busy)

    def _overlapped_busy(self, c: Candidate, stage_t: dict[int, float], costs: _LayerCosts) -> float:
        orders = self._overlapped(c)
        slowest = max(stage_t, key=lambda k: stage_t[k])
        top = stage_t[slowest]
        if top <= 0:
            return 0.0
        # FB = max(T − A, A) of the slowest stage, A ≤ its layers' share of the all-to-all
        share = max(1 - costs.a2a_share(self._stage_span(c, slowest), top), 0.5)
        most = 0.0
        for pairs, single in zip(orders.pairs, orders.single):
            paired = sum(n * share * max(stage_t[a], stage_t[b]) for (a, b), n in pairs.items())
            # The other ops' F : I : W split of the slowest stage is not known: the smallest of
            # the split's corners (all F, all I, all W) bounds them.
            by = {"F": 0.0, "B": 0.0, "I": 0.0, "W": 0.0}
            for (k, kind), n in single.items():
                by[kind] += n * stage_t[k]
            alone = min(by["F"], by["B"] + by["I"], by["B"] + by["W"])
            most = max(most, paired + alone)
        return most

    def _stage_span(self, c: Candidate, stage: int) -> tuple[int, int]:
        for rank in self._layout(c) or ():
            for k, a, b in rank:
                if k == stage:
                    return a, b
        return 0, 0

def time_bound(s: Scenario, configurations: list[Candidate]) -> dict[Candidate, float]:
    """A lower bound on the step time of each configuration (on `s`'s cluster)."""
    bounds = TimeBounds(s)
    return {c: bounds(c) for c in configurations}
