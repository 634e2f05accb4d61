"""Every result a tab shows, as a pure function of the document that declares the keys it reads.

A `Computation` names the dotted keys (or whole sections: ``"model"`` is every model key) its
function reads. Two things follow from that declaration:

- a change notification carries the keys that changed, and a tab re-derives only the
  computations those keys concern (`Computation.concerns`);
- `ResultCache` keys each result by the values of exactly the keys it reads, so an edit to an
  unrelated key, or an edit and its undo, finds the result already computed.

The declarations are checked by a test that changes every undeclared key and expects the same
result. Long computations take a ``should_stop`` hook (see `Computation.cancellable`).
"""
from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .declared import STEP_TIME_READS
from .document import Document
from .scenario import Scenario

SCENARIO_SECTIONS = ("title", "model", "precision", "optimizer", "parallel", "activation", "offload", "cluster",
                     "schedule", "memory", "moe", "context", "muon")
# With schedule.durations = "model" a schedule's op durations come from everything the step-time
# model reads; typed durations read none of it (Computation.reads_when).
MODEL_DURATIONS = (("schedule.durations", "model", STEP_TIME_READS),)
LINK_KEYS = ("cluster.gpus_per_node", "cluster.intra_bw_gbps", "cluster.inter_bw_gbps", "cluster.intra_latency_us",
             "cluster.inter_latency_us")


@dataclass(frozen=True)
class Failed:
    """A computation that has no result for this document, and why (shown in the tab)."""
    reason: str


def concerns(changed: Iterable[str], reads: Iterable[str]) -> bool:
    """Whether a change of the `changed` keys can alter a result that reads `reads`."""
    reads = tuple(reads)
    return any(key == read or key.startswith(read + ".") or read.startswith(key + ".")
               for key in changed for read in reads)


@dataclass(frozen=True)
class Computation:
    """A named pure function of the document that reads only the keys in `reads` (and what its
    `inputs` computations read). `compute(doc, *inputs_results[, should_stop])`.

    `reads_when` holds reads that depend on a key's value: (key, value, keys) reads `keys` as well
    while `key` (itself in `reads`) has `value` — the schedule reads the step-time model's keys
    only while the step-time model gives its durations. Without a document, `all_reads` and
    `concerns` count every read that may happen."""
    name: str
    reads: tuple[str, ...]
    compute: Callable[..., Any] = field(compare=False)
    inputs: tuple[Computation, ...] = ()
    cancellable: bool = False  # compute takes should_stop=… and may raise Cancelled
    reads_when: tuple[tuple[str, Any, tuple[str, ...]], ...] = ()

    @property
    def all_reads(self) -> tuple[str, ...]:
        return self.reads_of(None)

    def reads_of(self, doc: Document | None) -> tuple[str, ...]:
        """The keys the result reads for `doc` (None: for any document), with its inputs'."""
        reads = list(self.reads)
        for key, value, more in self.reads_when:
            if doc is None or _value(doc, key) == value:
                reads += [r for r in more if r not in reads]
        for dependency in self.inputs:
            reads += [r for r in dependency.reads_of(doc) if r not in reads]
        return tuple(reads)

    def concerns(self, changed: Iterable[str], doc: Document | None = None) -> bool:
        """Whether a change of `changed` can alter the result; given `doc` (the document after
        the change), by what the result reads for it."""
        return concerns(changed, self.reads_of(doc))

    def key(self, doc: Document) -> tuple:
        """The values this result depends on: the cache key."""
        return (self.name,) + tuple(_value(doc, read) for read in self.reads_of(doc))


def _value(doc: Document, read: str) -> Any:
    """A key's value or a whole section (sections are frozen dataclasses: hashable)."""
    if read == "title":
        return doc.scenario.title
    parts = read.split(".")
    if parts[0] == "view":
        return getattr(doc.view, parts[1]) if len(parts) == 2 else doc.get(read)
    return getattr(doc.scenario, parts[0]) if len(parts) == 1 else doc.get(read)


class ResultCache:
    """A small thread-safe LRU cache of computation results, keyed by what they read. A result is
    computed once however many threads ask for it at the same time: a thread that finds it under
    way waits for it instead of computing it again (and computes it itself when that run was
    cancelled or failed). `computed` counts the runs of each computation (tests and the benchmark
    read it)."""

    def __init__(self, size: int = 48):
        self.size = size
        self._results: OrderedDict[tuple, Any] = OrderedDict()
        self._lock = threading.Lock()
        self._under_way: dict[tuple, threading.Event] = {}
        self.computed: dict[str, int] = {}

    def cached(self, computation: Computation, doc: Document) -> tuple[bool, Any]:
        """(True, result) when the result is cached already, else (False, None)."""
        key = computation.key(doc)
        with self._lock:
            if key in self._results:
                self._results.move_to_end(key)
                return True, self._results[key]
        return False, None

    def get(self, computation: Computation, doc: Document, should_stop: Callable[[], bool] | None = None) -> Any:
        """The result of `computation` for `doc`, computed (with its inputs) only if not cached
        and not under way in another thread."""
        key = computation.key(doc)
        while True:
            with self._lock:
                if key in self._results:
                    self._results.move_to_end(key)
                    return self._results[key]
                running = self._under_way.get(key)
                if running is None:
                    running = self._under_way[key] = threading.Event()
                    break
            running.wait()   # another thread computes it; then look again
        try:
            inputs = [self.get(dependency, doc, should_stop) for dependency in computation.inputs]
            if computation.cancellable:
                result = computation.compute(doc, *inputs, should_stop=should_stop)
            else:
                result = computation.compute(doc, *inputs)
            with self._lock:
                self.computed[computation.name] = self.computed.get(computation.name, 0) + 1
                self._results[key] = result
                while len(self._results) > self.size:
                    self._results.popitem(last=False)
        finally:
            with self._lock:
                del self._under_way[key]
            running.set()
        return result


# ---------------------------------------------------------------------------------------------
# The computations of the tabs

def _validation(doc: Document):
    from .validation import validate
    return tuple(validate(doc.scenario))


VALIDATION = Computation("validation", SCENARIO_SECTIONS, _validation)


def _ledger(doc: Document):
    from .memory import memory_ledger
    try:
        return memory_ledger(doc.scenario)
    except (ValueError, ZeroDivisionError) as exc:  # only for scenarios validation rejects
        return Failed(str(exc))


# An MoE layer's busiest GPU follows the routing model (models/memory/routed.py).
LEDGER = Computation("ledger", ("title", "model", "precision", "optimizer", "parallel", "activation", "offload",
                                "cluster.gpu", "cluster.hbm_gib", "schedule.kind", "schedule.microbatches", "memory",
                                "cluster.gpus_per_node", "moe.routing", "moe.seed", "moe.max_nodes",
                                "moe.capacity_factor", "moe.pad_to_capacity", "moe.weighting"),
                     _ledger)


def _memory_timeline(doc: Document):
    from .memory.timeline import memory_timeline
    try:
        return memory_timeline(doc.scenario)
    except (ValueError, ZeroDivisionError) as exc:  # only for scenarios validation rejects
        return Failed(str(exc))


# The ledger's bytes over the simulated schedule: the ledger's keys, the schedule's, and the op
# durations (the step-time model's keys while it gives them).
MEMORY_TIMELINE = Computation("memory-timeline", tuple(dict.fromkeys(LEDGER.reads + ("schedule",))),
                              _memory_timeline, reads_when=MODEL_DURATIONS)

MESH_READS = ("model", "parallel", "cluster.nodes", "cluster.gpus_per_node",
              "cluster.intra_bw_gbps", "cluster.inter_bw_gbps")  # the bandwidths appear in its warnings


def _mesh(doc: Document):
    from .mesh import build_mesh
    return build_mesh(doc.scenario)


MESH = Computation("mesh", MESH_READS, _mesh)


def _compare_mesh(doc: Document):
    from .mesh import build_mesh
    order = doc.view.mesh.compare_order
    return build_mesh(doc.scenario.replace(**{"parallel.order": order})) if order else None


COMPARE_MESH = Computation("compare-mesh", MESH_READS + ("view.mesh.compare_order",), _compare_mesh)


def _traffic(doc: Document, mesh):
    from .mesh import traffic
    return tuple(traffic(doc.scenario, mesh)) if not mesh.errors else ()


TRAFFIC = Computation("traffic", ("model", "precision", "parallel", "activation", "schedule.kind",
                                  "schedule.microbatches", "cluster"), _traffic, inputs=(MESH,))

# The network: the cluster's shape and links (cluster.* of models/network/topology.py).
TOPOLOGY_READS = ("cluster.nodes", "cluster.gpus_per_node", "cluster.intra_bw_gbps", "cluster.inter_bw_gbps",
                  "cluster.topology", "cluster.nics_per_node", "cluster.leaf_ports", "cluster.oversubscription",
                  "cluster.spine_bw_gbps", "cluster.routing")


def _topology(doc: Document):
    from .network import topology_graph
    try:
        return topology_graph(doc.scenario)
    except ValueError as exc:  # an impossible topology or one over the link limit
        return Failed(str(exc))


TOPOLOGY = Computation("topology", TOPOLOGY_READS, _topology)


def _network(doc: Document, mesh, rows):
    from .network import network_load
    try:
        return network_load(doc.scenario, mesh, rows)
    except ValueError as exc:  # an impossible topology, or beyond the link or send limits
        return Failed(str(exc))


# The traffic rows routed over the network: its links, their latencies, the MoE dispatch routes.
NETWORK = Computation("network", TOPOLOGY_READS + ("cluster.intra_latency_us", "cluster.inter_latency_us",
                                                   "moe.routing", "moe.max_nodes", "moe.dispatch_route"),
                      _network, inputs=(MESH, TRAFFIC))


@dataclass(frozen=True)
class ScheduleResult:
    """The scenario's schedule and the comparison, each (Simulation, paper's formula or None),
    and (kind, reason) for each that could not be simulated."""
    runs: tuple[tuple[Any, tuple[str, float] | None], ...]
    problems: tuple[tuple[str, str], ...]
    # (pp, dp, micro-batches) of the scenario simulated when it is taught at a PP degree the
    # scenario itself does not use (schedule_scenario), else None
    taught: tuple[int, int, int] | None = None


SCHEDULE_READS = ("schedule", "parallel.pp", "parallel.vpp", "parallel.dp", "model.layers", "view.pipeline.compare",
                  "view.pipeline.degree")
# Without PP (parallel.pp = 1) the tab teaches at view.pipeline.degree, which DP makes room for on
# a mesh the cluster lays out (models.mesh.teaching): the mesh's keys as well.
TEACHING_READS = (("parallel.pp", 1, MESH_READS),)
def schedule_scenario(doc: Document) -> Scenario:
    """The scenario the Pipeline tab simulates: the document's, or at the PP degree it teaches
    when the scenario trains without PP (models.pipeline.shown_scenario)."""
    from .pipeline import shown_scenario
    return shown_scenario(doc.scenario, doc.view.pipeline.degree)[0]


def schedule_taught(doc: Document, scenario: Scenario) -> tuple[int, int, int] | None:
    """(pp, dp, micro-batches) of `scenario` (schedule_scenario's) when it teaches a PP degree the
    document's scenario does not use, else None."""
    p = scenario.parallel
    return (p.pp, p.dp, scenario.schedule.microbatches) if p.pp != doc.scenario.parallel.pp else None


def schedule_kinds(doc: Document) -> list[str | None]:
    """The schedules the Pipeline tab simulates: the scenario's (None) and the comparison, if any."""
    compare = doc.view.pipeline.compare
    return [None, compare] if compare else [None]


def schedule_jobs(doc: Document) -> list:
    """The ScheduleInputs of the scenario's schedule and of the comparison, if any (ValueError when
    the step-time model gives no durations: schedule.durations = "model" on a scenario it refuses)."""
    from .pipeline import schedule_inputs
    scenario = schedule_scenario(doc)
    return [schedule_inputs(scenario, kind) for kind in schedule_kinds(doc)]


def schedule_ops(doc: Document) -> int:
    """Operations the schedule (and comparison) simulate: the size of the work, from the shapes
    alone (no durations)."""
    from .pipeline import chunks_per_rank, normalise_kind
    s = schedule_scenario(doc)
    total = 0
    for kind in schedule_kinds(doc):
        name = normalise_kind(kind or s.schedule.kind)
        chunks = max(s.parallel.vpp, 2) if kind == "interleaved-1f1b" else chunks_per_rank(name, s.parallel.vpp)
        total += s.parallel.pp * s.schedule.microbatches * max(chunks, 1) * 3
    return total


def _schedule(doc: Document, should_stop: Callable[[], bool] | None = None) -> ScheduleResult:
    from .pipeline import ScheduleError, closed_form, schedule_inputs, simulate
    runs, problems = [], []
    scenario = schedule_scenario(doc)
    taught = schedule_taught(doc, scenario)
    for kind in schedule_kinds(doc):
        try:
            job = schedule_inputs(scenario, kind)
        except ValueError as exc:  # the step-time model's reason for giving no durations
            problems.append((kind or scenario.schedule.kind, str(exc)))
            continue
        try:
            sim = simulate(job.kind, job.ranks, job.microbatches, job.chunks, job.durations,
                           stage_imbalance=job.stage_imbalance, should_stop=should_stop)
        except ScheduleError as exc:
            problems.append((job.kind, str(exc)))
            continue
        _ = sim.ops  # build the ops here (off the UI thread when run by a worker)
        try:
            formula = closed_form(job.kind, job.ranks, job.microbatches, job.chunks, job.durations)
        except (ScheduleError, ValueError, KeyError):
            formula = None
        runs.append((sim, formula))
    return ScheduleResult(tuple(runs), tuple(problems), taught)


SCHEDULE = Computation("schedule", SCHEDULE_READS, _schedule, cancellable=True,
                       reads_when=MODEL_DURATIONS + TEACHING_READS)


def collective_inputs(doc: Document) -> tuple[str, int, int, str]:
    """(collective, ranks, bytes, algorithm) of the Communication tab; P2P is between two ranks."""
    v = doc.view.comm
    return v.collective, 2 if v.collective == "p2p" else v.ranks, v.bytes, v.algorithm


def _collective(doc: Document):
    from .comm import plan
    from .hardware import link_tiers
    collective, ranks, size, algorithm = collective_inputs(doc)
    try:
        return plan(collective, ranks, size, algorithm, **link_tiers(doc.scenario.cluster).kwargs())
    except ValueError as exc:
        return Failed(str(exc))


COLLECTIVE_READS = LINK_KEYS + ("view.comm.collective", "view.comm.ranks", "view.comm.bytes", "view.comm.algorithm")
COLLECTIVE = Computation("collective", COLLECTIVE_READS, _collective)

ALPHA_BETA_SIZES = np.logspace(3, 32 * math.log10(2), 24)  # 1 kB … 4 GiB
CROSSOVER_STEPS = 6   # bisections of a crossover between two samples: the size within 1.9^(1/64) ≈ 1 %


@dataclass(frozen=True)
class Crossover:
    """Where two algorithms' α–β curves cross: `before` is the faster just below `size` bytes,
    `after` just above; both take about `time_s` there."""
    size: float
    before: str
    after: str
    time_s: float


@dataclass(frozen=True)
class AlphaBetaCurves:
    """α–β time of the tab's collective against message size, one curve per algorithm that has a
    builder of its own for the collective (models.comm.registry; one that falls back to the ring
    would repeat its curve, and hierarchical is left out when the ranks do not fill whole nodes),
    on the tab's ranks and the scenario's cluster. `current` is the algorithm the tab's collective
    runs; `crossovers` are the sizes where its curve crosses another's, in size order (Hockney's
    model: latency terms set the small sizes, bandwidth terms the large ones, Thakur et al. 2005 §3)."""
    sizes: tuple[float, ...]
    curves: tuple[tuple[str, tuple[float, ...]], ...]   # (algorithm, time at every size)
    current: str
    crossovers: tuple[Crossover, ...]

    def times(self, algorithm: str) -> tuple[float, ...]:
        return dict(self.curves)[algorithm]


def alpha_beta_curves(collective: str, ranks: int, algorithm: str, tiers) -> AlphaBetaCurves:
    """The curves of AlphaBetaCurves. A crossover found between two samples (the sign of
    log t_current − log t_other changes) is refined by CROSSOVER_STEPS bisections in log size on
    the planned times themselves."""
    from .comm import plan
    from .comm.registry import ALGORITHMS, BUILDERS, FAMILY, builder
    coll = collective   # normalised (planner.normalise_collective)
    family = FAMILY[coll]
    current = builder(algorithm, coll)[0]
    if BUILDERS[(current, family)] is BUILDERS[("ring", family)]:
        current = "ring"   # the same builder (p2p): one curve
    kwargs = tiers.kwargs()

    def time(name: str, size: float) -> float:
        return plan(coll, ranks, int(size), name, **kwargs).time_s
    curves = []
    for name in ALGORITHMS:
        own = BUILDERS.get((name, family))
        if own is None or name != "ring" and own is BUILDERS[("ring", family)]:
            continue
        try:
            curves.append((name, tuple(time(name, size) for size in ALPHA_BETA_SIZES)))
        except ValueError:
            if name == current:
                raise
    mine = dict(curves)[current]
    crossovers = []
    for name, theirs in curves:
        if name == current:
            continue
        diff = np.log(np.maximum(mine, 1e-300)) - np.log(np.maximum(theirs, 1e-300))
        for i in np.flatnonzero(np.sign(diff[:-1]) * np.sign(diff[1:]) < 0):
            lo, hi = math.log(ALPHA_BETA_SIZES[i]), math.log(ALPHA_BETA_SIZES[i + 1])
            below = diff[i] < 0          # the current algorithm is the faster below
            for _ in range(CROSSOVER_STEPS):
                mid = (lo + hi) / 2
                if (time(current, math.exp(mid)) < time(name, math.exp(mid))) == below:
                    lo = mid
                else:
                    hi = mid
            size = math.exp((lo + hi) / 2)
            pair = (current, name) if below else (name, current)
            crossovers.append(Crossover(size, *pair, time(current, size)))
    crossovers.sort(key=lambda c: c.size)
    return AlphaBetaCurves(tuple(float(s) for s in ALPHA_BETA_SIZES), tuple(curves), current, tuple(crossovers))


def _alpha_beta(doc: Document):
    from .comm import normalise_collective
    from .hardware import link_tiers
    collective, ranks, _, algorithm = collective_inputs(doc)
    try:
        return alpha_beta_curves(normalise_collective(collective), ranks, algorithm,
                                 link_tiers(doc.scenario.cluster))
    except ValueError as exc:
        return Failed(str(exc))


ALPHA_BETA = Computation("alpha-beta", LINK_KEYS + ("view.comm.collective", "view.comm.ranks", "view.comm.algorithm"),
                         _alpha_beta)


def _moe(doc: Document):
    from .moe import analyse_scenario, moe_unavailable
    reason = moe_unavailable(doc.scenario)
    if reason:
        return Failed(reason)
    return analyse_scenario(doc.scenario)


MOE = Computation("moe", ("model.experts", "model.top_k", "model.hidden", "parallel.ep", "moe") + LINK_KEYS, _moe)

# The Long Context & V4 tab.
CONTEXT_READS = ("model", "precision.activations", "parallel", "activation", "cluster", "context",
                 "view.context.degree", "schedule.global_batch")


def _context(doc: Document):
    from .context import context_analysis
    try:
        return context_analysis(doc.scenario, doc.view.context.degree)
    except ValueError as exc:
        return Failed(str(exc))


CONTEXT = Computation("context", CONTEXT_READS, _context)


def _context_memory(doc: Document):
    from .context import context_memory
    try:
        return context_memory(doc.scenario)
    except (ValueError, ZeroDivisionError) as exc:
        return Failed(str(exc))


# Activation bytes per rank against the sequence length: the ledger's keys and the CP schemes'.
CONTEXT_MEMORY = Computation("context-memory", tuple(dict.fromkeys(LEDGER.reads + CONTEXT_READS)), _context_memory)


def _muon(doc: Document):
    from .muon import muon_analysis
    try:
        return muon_analysis(doc.scenario)
    except ValueError as exc:
        return Failed(str(exc))


# The most loaded pipeline stage depends on the schedule's kind (DualPipe's two stages per rank).
MUON = Computation("muon", ("model", "parallel", "precision", "muon", "schedule.kind"), _muon)


def _sr(doc: Document):
    from .numerics import sr_analysis
    try:
        return sr_analysis(doc.scenario)
    except ValueError as exc:
        return Failed(str(exc))


SR = Computation("sr", ("sr",), _sr)



def _step_time(doc: Document, should_stop: Callable[[], bool] | None = None):
    from .time import step_time
    try:
        return step_time(doc.scenario, should_stop=should_stop)
    except (ValueError, ZeroDivisionError) as exc:  # a scenario the model cannot time, with the reason
        return Failed(str(exc))


STEP_TIME = Computation("step-time", STEP_TIME_READS, _step_time, cancellable=True)

# ---------------------------------------------------------------------------------------------
# Where a computation runs: at once on the UI thread while it fits in a frame (16 ms), else on its
# tab's Runner (views.document_tab.DocumentTab.derive), by the size of what it computes, measured
# on a 2-core desktop. `heavy(computation, document)` is the one place that decides.

WORKER_OPS = 60_000         # simulated schedule ops: above about this many a simulation can take a frame
LIGHT_STEP_OPS = 4_000      # the step-time model: every preset times in 1–13 ms, each further 1,000 ops ~2 ms
WORKER_GPUS = 1 << 12       # the mesh, traffic and network of a larger cluster: its graph, loads and drawing ≳ 0.1 s
WORKER_PICKS = 1 << 22      # MoE routing: more token·expert picks (~80 ms)
WORKER_MUON_RANKS = 32      # Muon's Gram demonstration orthogonalises a shard per ZeRO rank (dp·cp): > ~30 ms
WORKER_SR = (1_000_000, 2_000_000, 64)  # stochastic rounding's samples, accumulation steps, ranks: > ~30 ms
WORKER_TIMELINE_OPS = 512   # the memory timeline simulates the schedule and a ledger per rank: GPT-3's 1,024 ops ~22 ms
WORKER_CONTEXT_LAYERS = 2_000  # the long-context curves: 4 ledgers per length, each over the model's layers
                               # (classroom-7b 1,152 ledger·layers ~10 ms; DeepSeek-V3's 2,196 with routing ~0.3 s)


def step_ops(s: Scenario) -> int:
    """The ops of the scenario's simulated schedule: the size of the step-time model's largest
    piece of work (models.pipeline.op_count; 0 for a schedule it refuses)."""
    from .pipeline import ScheduleError, chunks_per_rank, normalise_kind, op_count
    try:
        kind = normalise_kind(s.schedule.kind)
        return op_count(kind, s.parallel.pp, s.schedule.microbatches, chunks_per_rank(kind, s.parallel.vpp))
    except ScheduleError:
        return 0


def heavy(computation: Computation, doc: Document) -> bool:
    """Whether `computation` for `doc` may take longer than a frame: then a tab runs it on its
    Runner. ValueError as the computation's own size estimate (schedule_ops) raises it."""
    s = doc.scenario
    if computation is SCHEDULE:
        return schedule_ops(doc) > WORKER_OPS
    if computation is STEP_TIME:
        return step_ops(s) > LIGHT_STEP_OPS
    if computation is MEMORY_TIMELINE:
        return step_ops(s) > WORKER_TIMELINE_OPS
    if computation is CONTEXT_MEMORY:
        from .context import context_lengths
        return 4 * len(context_lengths(s.model.seq_len)) * s.model.layers > WORKER_CONTEXT_LAYERS
    if computation in (MESH, COMPARE_MESH, TRAFFIC, TOPOLOGY, NETWORK):
        return s.cluster.nodes * s.cluster.gpus_per_node > WORKER_GPUS
    if computation is MOE:
        return s.parallel.ep * s.moe.tokens_per_rank * max(s.model.top_k, 1) > WORKER_PICKS
    if computation is MUON:
        return s.parallel.dp * s.parallel.cp > WORKER_MUON_RANKS
    if computation is SR:
        samples, steps, ranks = WORKER_SR
        return s.sr.samples > samples or s.sr.steps > steps or s.sr.ranks > ranks
    return False


ALL = (VALIDATION, LEDGER, MESH, COMPARE_MESH, TRAFFIC, TOPOLOGY, NETWORK, SCHEDULE, COLLECTIVE, ALPHA_BETA, MOE,
       MEMORY_TIMELINE, CONTEXT, CONTEXT_MEMORY, MUON, SR, STEP_TIME)
