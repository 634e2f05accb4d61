"""The configuration planner: the fastest parallel configurations that fit, by the step-time model.

`plan(s, gpus)` walks the search space of `models.planner.space` (every rule there names its
source) for the scenario's model, global batch and cluster, and keeps what

1. fits: the byte ledger's most-loaded GPU has no first_oom (models/memory/ledger.py); a lower
   bound on the model states per GPU (`bounds.StatesBounds`) rules out whole groups of
   configurations before any ledger runs;
2. is valid: `validation.validate` has no errors, nor has the mesh (`mesh.build_mesh`);
3. the step-time model can time (`time.step_time`; its other ValueErrors count under "other").

It ranks them by step time with a best-first branch and bound. Every configuration starts with a
lower bound on its step time (`bounds.TimeBounds`: the busiest pipeline rank's work, from the
model's own per-layer times, without simulating a schedule); the one with the lowest bound is
checked and timed next, and what a timed configuration says about its siblings (`_Siblings`)
raises their bounds or settles their memory. The search stops once the `top` fastest are known and
no bound left is below the scenario's own step time, so that its rank among all that fit is exact —
or, when that would take more than `reference_budget` further checks, a range. Configurations never
checked count under `pruned_bound`. With `exhaustive=True` every configuration is checked and timed
without bounds (the tests compare both).

`deciding_term` names the stack term (models/time: compute, memory-bound, exposed communication per
axis, bubble, optimizer; each the mean over pipeline ranks) that most separates the scenario's own
configuration from the fastest, when it is more than NEAR_TOP slower.

A deterministic teaching model of a planner over a deterministic teaching model of step time, not a
benchmark of a real cluster.
"""
from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..pipeline import Cancelled, gc_paused
from ..problems import QT_TRANSLATE_NOOP
from ..scenario import Scenario, ScenarioError
from ..time import MODEL_NOTE, StepTime, step_time, time_json
from ..time.step import Note, Timings, larger_caches
from ..units import difference
from .bounds import SAFETY, StatesBounds, TimeBounds
from .evaluator import _Counts, _Evaluator, _Siblings
from .space import DEFAULT_RULES, Candidate, Rules, candidates, global_batch, own_candidate, world

PROGRESS_EVERY = 256  # configurations settled between two progress() calls
LIMIT_EVERY = 16  # heap items between two looks at the CPU limit (a few ms of work at the most)
# The reference is near the top within this share of the fastest step time: then no term "decides".
NEAR_TOP = 0.02
# Configurations checked, once the top is known, to count those faster than the scenario's own
# configuration (each costs a ledger and often a step time: ~5–10 ms); beyond it the rank is a range.
REFERENCE_BUDGET: int | None = None
FLOORED, TIMED = 2, 3  # heap states (plan)
PLAN_CACHE = 4096      # scenarios the step-time model keeps prepared during a search (~100 MB at the most)
# The size of a search, refused up front beyond these (ValueError naming the limit), so that a plan
# stays within the time of the largest preset's: every preset's own plan is inside them.
# GPUs: every configuration checked builds its mesh and traffic per GPU, so a search costs about
# GPUs × configurations checked (Llama 3 405B on 65,536 GPUs took 88 s); the largest preset, Llama 3
# 405B at 128K context, runs on 16,384 GPUs.
MAX_PLAN_GPUS = 16_384
# Sequences per optimizer step: the global batch sets every configuration's micro-batches, and the
# schedules simulated grow with them (DeepSeek-V3 with 1,048,576 micro-batches, 134 million sequences,
# took 50 s; Kimi K2 at 65,536 sequences 32 s). The largest preset's: Kimi K2's 16,384 sequences of
# 4,096 tokens, 67 million tokens per step, the most any run here publishes.
MAX_PLAN_GLOBAL_BATCH = 16_384
# Configurations in the search space, counted up to the limit only: the largest preset's space is
# DeepSeek-V3's on 2,048 GPUs, 56,709 configurations.
MAX_PLAN_CONFIGURATIONS = 65_536
# Configurations × GPUs, what the meshes of a search cost at the most: four times the largest preset's
# (Llama 3 405B at 128K context: 8,220 configurations on 16,384 GPUs, 1.3·10⁸). Kimi K2 on 8,192 GPUs
# (5.1·10⁸) takes about 22 s of CPU, as Llama 3 405B's own plan; on 16,384 (8.5·10⁸) about 30 s.
MAX_PLAN_SIZE = 1 << 29
# The CPU time a plan may take (its search thread's, time.thread_time), the entries' full step times
# after the search included (`_Evaluator.reserve`), so that every plan accepted ends within 10 s of
# CPU with the command's start (0.5 s). Past it the search stops: once the top is known the
# reference's rank becomes a range (`reference_rank_exact` False, with CPU_LIMIT_NOTE); before
# that the plan is refused, naming the limit. A time, not a count of work, because the work per
# configuration differs tenfold between models (an MoE layer's routing and grouped GEMMs, a deep
# schedule's passes); a result near the limit can therefore differ between machines. The presets'
# own plans take 1–8 s of CPU on a 2-core desktop (`make bench`), Llama 3 405B's the most: its
# exact rank counts 780 configurations faster than Meta's layout.
MAX_PLAN_CPU_S = 8.5
CPU_LIMIT_NOTE = QT_TRANSLATE_NOOP("time", "the search stopped at its CPU limit (MAX_PLAN_CPU_S) before it had "
                                           "counted every configuration faster than the reference: its rank is a "
                                           "range")


@dataclass(frozen=True)
class PlanEntry:
    rank: int                       # 1 = fastest
    settings: dict[str, Any]        # the dotted keys it sets
    scenario: Scenario              # the planned scenario with `settings` applied
    time: StepTime
    peak_bytes: int                 # the ledger's most-loaded GPU tier
    checks: tuple[Note, ...] = ()   # what the configuration assumes that a practitioner should check


@dataclass(frozen=True)
class Plan:
    gpus: int
    considered: int                 # configurations in the search space
    pruned_memory: int              # do not fit (states bound or ledger)
    pruned_topology: int            # validation or mesh errors
    pruned_other: int               # the step-time model cannot time them
    entries: tuple[PlanEntry, ...]  # ranked by step time, at most `top`
    reference: PlanEntry | None     # the scenario's own configuration (None: it does not fit or is invalid)
    reference_rank: int             # its rank among all that fit; 0 when it does not fit
    deciding_term: str              # the stack term that most separates the reference from the fastest, when
                                    # the reference is more than NEAR_TOP slower ("" otherwise)
    pruned_bound: int = 0           # never checked: their time bound rules them out of the top and the reference's rank
    timed: int = 0                  # configurations timed by the step-time model
    ledgers: int = 0                # byte ledgers computed
    global_batch: int = 0           # sequences per step, kept for every configuration
    reference_reason: str = ""      # why the reference is None (the first OOM, a validation error, …)
    reference_terms: dict[str, float] = field(default_factory=dict)  # reference − fastest, per stack term (s)
    reference_rank_exact: bool = True   # False: the reference ranks between reference_rank and reference_rank_max
    reference_rank_max: int = 0
    notes: tuple[str, ...] = ()
    # The settings by which the ranked reference differs from the scenario's own configuration:
    # empty when that fits; else the fastest variant of its layout (degrees and schedule) with more
    # recompute or a smaller micro-batch that fits, and reference_reason says why the own does not.
    reference_variant: dict[str, Any] = field(default_factory=dict)
    # Configurations that fit, counted faster than the reference by an upper bound on their step
    # time (a timing of the same schedule scaled, models.pipeline.timing), not timed themselves
    faster_by_bound: int = 0


def stack_terms(t: Any) -> dict[str, float]:
    """The step time split into the stack's terms, each the mean over pipeline ranks (every rank's
    row adds up to the step time, so the terms do too): compute, memory-bound, exposed
    communication per axis ("exposed comm (ep)"), bubble, optimizer."""
    rows = t.stack
    n = max(len(rows), 1)
    terms = {"compute": sum(r.compute_s for r in rows) / n,
             "memory-bound": sum(r.memory_bound_s for r in rows) / n}
    axes = sorted({axis for r in rows for axis in r.exposed_comm_s})
    for axis in axes:
        terms[f"exposed comm ({axis})"] = sum(r.exposed_comm_s.get(axis, 0.0) for r in rows) / n
    terms["bubble"] = sum(r.bubble_s for r in rows) / n
    terms["optimizer"] = sum(r.optimizer_s for r in rows) / n
    return terms


def deciding(reference: Any, fastest: Any) -> tuple[str, dict[str, float]]:
    """The term of the stack by which the reference loses most time against the fastest entry, and
    every term's difference (reference − fastest, seconds)."""
    ref, best = stack_terms(reference), stack_terms(fastest)
    gap = {term: difference(ref.get(term, 0.0), best.get(term, 0.0)) for term in dict.fromkeys([*ref, *best])}
    term = max(gap, key=lambda name: gap[name]) if gap else ""
    return (term if gap.get(term, 0.0) > 0 else ""), gap


# A sequence split finer than this leaves short attention blocks to hide the ring's K/V exchange
# under: Llama 3 used context parallelism only in its long-context stage, with 8,192 tokens per CP
# rank (131,072 over 16; Dubey et al. 2024, §3.3.2).
CP_BLOCK_TOKENS = 8192
# Dense BF16 runs at scale publish MFUs of 38–43 % (Llama 3 405B, Dubey et al. 2024, Table 4) and at
# most 56 % (Korthikanti et al., MLSys'23, Table 5: the 1T model with selective recomputation).
DENSE_MFU_PUBLISHED = 0.55
ZERO_BUBBLE = ("zb-h1", "zb-h2", "zbv")


def plan_checks(s: Scenario, t: StepTime | None = None) -> tuple[Note, ...]:
    """What a configuration assumes that the step-time model prices but a practitioner should check
    before running it: context parallelism on short sequences, zero-bubble schedules (the split
    backward and the memory of the deferred W passes), DualPipe's two parameter copies, a TP
    group across nodes, and (with its step time `t`) a dense BF16 MFU above what published runs
    reach."""
    m, p, kind = s.model, s.parallel, s.schedule.kind
    checks = []
    if t is not None and not m.experts and t.compute == "bf16" and t.mfu > DENSE_MFU_PUBLISHED:
        checks.append(Note(QT_TRANSLATE_NOOP(
            "time", "MFU {mfu:.1%} is above what published dense runs reach (Llama 3 405B: 38–43 % on 8,192 "
                    "and 16,384 GPUs, Table 4; Korthikanti et al.: at most 56 %, Table 5); the model's large "
                    "GEMMs run at 80 % of the peak, the optimistic end: read it as an upper bound"),
            {"mfu": t.mfu}))
    if p.cp > 1 and m.seq_len // p.cp < CP_BLOCK_TOKENS:
        checks.append(Note(QT_TRANSLATE_NOOP(
            "time", "CP {cp} on a sequence of {seq:,} tokens leaves {block:,} tokens per rank: Llama 3 split "
                    "sequences only in its long-context stage, with 8,192 tokens per rank (§3.3.2); check that "
                    "the ring's K/V exchange hides under attention blocks this short"),
            {"cp": p.cp, "seq": m.seq_len, "block": m.seq_len // p.cp}))
    if kind in ZERO_BUBBLE and p.pp > 1:
        checks.append(Note(QT_TRANSLATE_NOOP(
            "time", "{kind} splits the backward into I and W and defers W (Qi et al., ICLR'24): each deferred "
                    "micro-batch keeps its activations until its W, which the ledger counts; the framework must "
                    "run the split backward"), {"kind": kind.upper()}))
    if kind == "dualpipe" and p.pp > 1:
        checks.append(Note(QT_TRANSLATE_NOOP(
            "time", "DualPipe keeps two copies of the parameters and gradients of the rank's stages (DeepSeek-V3 "
                    "§3.2.1), which the ledger counts"), {}))
    gpn = s.cluster.gpus_per_node
    if p.tp > gpn:
        checks.append(Note(QT_TRANSLATE_NOOP(
            "time", "TP {tp} spans {nodes} nodes of {gpn} GPUs: every layer's TP collectives cross the network"),
            {"tp": p.tp, "nodes": -(-p.tp // gpn), "gpn": gpn}))
    return tuple(checks)


def plan(s: Scenario, gpus: int | None = None, *, top: int = 10,
         should_stop: Callable[[], bool] | None = None,
         progress: Callable[[int, int], None] | None = None,
         rules: Rules = DEFAULT_RULES, exhaustive: bool = False,
         reference_budget: int | None = REFERENCE_BUDGET, cpu_limit: float | None = MAX_PLAN_CPU_S) -> Plan:
    """The `top` fastest configurations of the scenario's model on `gpus` GPUs (default: its
    cluster; else cluster.nodes = gpus / cluster.gpus_per_node) at its global batch, and the
    scenario's own configuration with its rank among all that fit.

    Once the `top` fastest are known, the reference's rank is counted with at most
    `reference_budget` more configurations checked (None: as many as it takes); beyond that the
    rank is given as the range [reference_rank, reference_rank_max] (`reference_rank_exact` False).
    The search takes at most `cpu_limit` seconds of its thread's CPU time (MAX_PLAN_CPU_S; None:
    no limit): past it the reference's rank is a range, or, when the top is not known yet,
    ValueError names the limit. With `exhaustive`, every configuration is checked and timed,
    without any bound or limit.

    `progress(done, total)` is called now and then with configurations settled; `should_stop()`
    is polled as often, and when it returns True the search raises models.pipeline.Cancelled.
    ValueError for a GPU count that is not whole nodes, a `top` below 1, or a search past one of
    the limits (MAX_PLAN_GPUS, MAX_PLAN_GLOBAL_BATCH, MAX_PLAN_CONFIGURATIONS, MAX_PLAN_SIZE,
    MAX_PLAN_CPU_S)."""
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise ValueError(f"top must be a whole number ≥ 1, not {top!r}")
    # Thousands of scenarios and tables, none of them cyclic: no collector passes. The step-time
    # model's caches hold a configuration's stage costs from its bound to its timing.
    with gc_paused(), larger_caches(PLAN_CACHE):
        return _plan(s, gpus, top, should_stop, progress, rules, exhaustive, reference_budget,
                     None if exhaustive else cpu_limit)


def _plan(s: Scenario, gpus: int | None, top: int, should_stop: Callable[[], bool] | None,
          progress: Callable[[int, int], None] | None, rules: Rules, exhaustive: bool,
          reference_budget: int | None, cpu_limit: float | None) -> Plan:
    started = time.thread_time()
    total_gpus, nodes = world(s, gpus)
    space = search_space(s, gpus, rules)
    base = s.replace(**{"cluster.nodes": nodes})
    counts = _Counts()
    total = len(space)
    settled = 0
    last_report = -PROGRESS_EVERY

    def tick(n: int = 1) -> None:
        nonlocal settled, last_report
        settled += n
        if should_stop is not None and should_stop():
            raise Cancelled("planner cancelled")
        if progress is not None and settled - last_report >= PROGRESS_EVERY:
            last_report = settled
            progress(settled, total)

    def over_limit() -> bool:
        """Whether the search, with the entries' full step times still to come (`_Evaluator.reserve`),
        would pass the CPU limit."""
        if cpu_limit is None:
            return False
        entries = [value[0] for _, _, value in ranked[:top]] + ([ref_result[0]] if ref_result is not None else [])
        return time.thread_time() - started + evaluator.reserve(entries) > cpu_limit

    def refuse() -> None:
        raise ValueError(f"the search for the {top} fastest of {total:,} configurations on {total_gpus:,} GPUs passed "
                         f"the planner's limit of {cpu_limit:g} s of CPU (MAX_PLAN_CPU_S) before it knew them: plan "
                         f"for fewer GPUs (--gpus), a smaller global batch (schedule.global_batch) or fewer entries "
                         f"(--top)")

    if progress is not None:
        progress(0, total)
    evaluator = _Evaluator(base, counts, should_stop)
    cap = evaluator.capacity

    # 1. Model states: one bound per group of configurations that hold the same states.
    groups: dict[tuple, list[Candidate]] = {}
    for c in space:
        groups.setdefault(c.states_key, []).append(c)
    alive: list[Candidate] = []
    states = StatesBounds(base)
    for members in groups.values():
        if not exhaustive and states(members[0]) > cap:
            counts.memory += len(members)
            tick(len(members))
        else:
            alive.extend(members)

    # 2. The scenario's own configuration, timed first: its time bounds the search from above.
    own = own_candidate(s, gpus)
    variant: dict[str, Any] = {}
    ref_result: tuple[Scenario, float, int, float] | None = None
    reference_reason = ""
    if own is None:
        reference_reason = (f"the scenario's tp·pp·cp = {s.parallel.tp * s.parallel.pp * s.parallel.cp} and global "
                            f"batch of {global_batch(s)} sequences do not divide over {total_gpus:,} GPUs")
    else:
        evaluator.own = own
        status, value = evaluator.evaluate(own)
        if status == "ok":
            ref_result = value
        else:
            reference_reason = value
            if status == "memory":
                variant, ref_result = _variant(own, evaluator, rules)
    ref_time = ref_result[1] if ref_result is not None else None

    # 3. Best first: the lowest bound is checked and timed next; what a timed configuration tells
    # about its siblings (`_Siblings`) raises their bounds before they are checked.
    bound = None if exhaustive else TimeBounds(base)
    siblings = _Siblings(enabled=not exhaustive)
    # Heap items: (key, state, index, configuration, result); state 0: the key is the cheaper
    # bound without recompute, 1: the configuration's own bound, FLOORED: its step_floor (stage
    # costs and DP/ZeRO tail, no simulation), TIMED: the key is its step time.
    heap: list[tuple[float, int, int, Candidate, Any]] = []
    ranked: list[tuple[float, Candidate, Any]] = []
    for index, c in enumerate(alive):
        weak = bound is not None and c.recompute != "none"
        heap.append((0.0 if bound is None else bound(c, exact=not weak), 0 if weak else 1, index, c, None))
        if index % PROGRESS_EVERY == 0:
            tick(0)
            if over_limit():
                refuse()
    heapq.heapify(heap)
    faster_than_reference = 0
    own_is_candidate = False
    counting = 0  # configurations checked after the top was known, for the reference's rank alone
    faster_by_bound = 0  # of those, counted faster than the reference by an upper bound, not timed
    rank_exact = True
    stopped = False  # at the CPU limit
    iteration = 0
    while heap:
        key, state, index, c, value = heap[0]
        if not exhaustive and len(ranked) >= top:
            if ref_time is None or key >= ref_time:
                break
            if reference_budget is not None and counting >= reference_budget and state < TIMED:
                rank_exact = False
                break
        iteration += 1
        if state < TIMED and iteration % LIMIT_EVERY == 0 and over_limit():
            if len(ranked) < top:
                refuse()
            rank_exact, stopped = False, True  # the top is known: the reference's rank becomes a range
            break
        heapq.heappop(heap)
        if state == TIMED:
            ranked.append((key, c, value))
            if ref_time is not None and key < ref_time:
                faster_than_reference += 1
            own_is_candidate |= c == own
            continue
        raised = siblings.bound(c)
        if state < FLOORED and bound is not None:  # the makespan's bound and a layout sibling's tail
            makespan = max(bound(c), siblings.known_makespan(c))
            raised = max(raised, bound(c) + SAFETY * siblings.tail.get(siblings.layout(c), 0.0))
            if raised <= key or not heap or raised <= heap[0][0]:  # the tail from the DP traffic alone
                raised = max(raised, evaluator.tail_floor(c, makespan))
        if raised > key and heap and raised > heap[0][0]:
            heapq.heappush(heap, (raised, 1, index, c, None))
            continue
        if siblings.out_of_memory(c):
            counts.memory += 1
            tick()
            continue
        if state < FLOORED and bound is not None:
            # valid and fits (the ledger costs less than the stage costs below)
            failed = evaluator.fits(c)
            if failed is not None:
                counting += len(ranked) >= top
                siblings.learn(c, *failed)
                setattr(counts, failed[0], getattr(counts, failed[0]) + 1)
                tick()
                continue
            # the stage costs and DP/ZeRO tail without the simulation (models/time step_floor)
            floor, tail = evaluator.floor(c, bound(c))  # a bound on the makespan alone: the floor adds the tail
            if tail is not None:
                siblings.tail[siblings.layout(c)] = tail
            if floor > key and heap and floor > heap[0][0]:
                heapq.heappush(heap, (floor, FLOORED, index, c, None))
                continue
        if len(ranked) >= top and ref_time is not None and evaluator.faster_than(c, ref_time):
            # counting for the reference's rank: faster than it by an upper bound, no timing needed
            faster_than_reference += 1
            faster_by_bound += 1
            counting += 1
            tick()
            continue
        status, result = evaluator.evaluate(c)
        counting += len(ranked) >= top
        siblings.learn(c, status, result)
        if status == "ok":
            heapq.heappush(heap, (result[1], TIMED, index, c, result))
        else:
            setattr(counts, status, getattr(counts, status) + 1)
        tick()
    pruned_bound = sum(1 for item in heap if item[1] < TIMED)
    maybe_faster = 0
    if not rank_exact and ref_time is not None:
        # Timed ones left are faster; unchecked ones with a bound below the reference's time may be
        faster_than_reference += sum(1 for item in heap if item[1] == TIMED and item[0] < ref_time)
        maybe_faster = sum(1 for item in heap if item[1] < TIMED and item[0] < ref_time)
        rank_exact = maybe_faster == 0
    tick(pruned_bound)
    if progress is not None:
        progress(total, total)

    entries = tuple(_entry(i + 1, c.settings(), value, evaluator.timings)
                    for i, (_, c, value) in enumerate(ranked[:top]))
    reference = None
    reference_rank = reference_rank_max = 0
    term, gap = "", dict[str, float]()
    if ref_result is not None and own is not None:
        reference_rank = faster_than_reference + 1
        reference_rank_max = reference_rank + maybe_faster
        reference = _entry(reference_rank, {**own.settings(), **variant}, ref_result, evaluator.timings)
        if entries and reference_rank > 1:
            term, gap = deciding(reference.time, entries[0].time)
            best = entries[0].time.step_time_s
            if best > 0 and (reference.time.step_time_s - best) / best <= NEAR_TOP:
                term = ""  # near the top: no term decides
    notes = [MODEL_NOTE]
    if own is not None and ref_result is not None and not own_is_candidate and own not in set(alive):
        notes.append(QT_TRANSLATE_NOOP("time", "the scenario's own configuration lies outside the search space; it "
                                               "is ranked against it"))
    if stopped and not rank_exact:
        notes.append(CPU_LIMIT_NOTE)
    return Plan(gpus=total_gpus, considered=total, pruned_memory=counts.memory, pruned_topology=counts.topology,
                pruned_other=counts.other, entries=entries, reference=reference, reference_rank=reference_rank,
                deciding_term=term, pruned_bound=pruned_bound, timed=counts.timed, ledgers=counts.ledgers,
                global_batch=global_batch(s), reference_reason=reference_reason, reference_terms=gap,
                reference_rank_exact=rank_exact, reference_rank_max=reference_rank_max, notes=tuple(notes),
                reference_variant=variant, faster_by_bound=faster_by_bound)


def search_space(s: Scenario, gpus: int | None, rules: Rules = DEFAULT_RULES) -> list[Candidate]:
    """The configurations a plan searches (`space.candidates`), or ValueError naming the limit the
    search is over: MAX_PLAN_GPUS, MAX_PLAN_GLOBAL_BATCH, MAX_PLAN_CONFIGURATIONS or MAX_PLAN_SIZE."""
    total_gpus, _ = world(s, gpus)
    if total_gpus > MAX_PLAN_GPUS:
        raise ValueError(f"a plan for {total_gpus:,} GPUs is over the planner's limit of {MAX_PLAN_GPUS:,} GPUs "
                         f"(MAX_PLAN_GPUS): plan for fewer (--gpus, cluster.nodes)")
    batch = global_batch(s)
    if batch > MAX_PLAN_GLOBAL_BATCH:
        raise ValueError(f"a global batch of {batch:,} sequences is over the planner's limit of "
                         f"{MAX_PLAN_GLOBAL_BATCH:,} (MAX_PLAN_GLOBAL_BATCH): plan for a smaller "
                         f"schedule.global_batch (or schedule.microbatches)")
    space = list(itertools.islice(candidates(s, gpus, rules), MAX_PLAN_CONFIGURATIONS + 1))
    if len(space) > MAX_PLAN_CONFIGURATIONS:
        raise ValueError(f"the search space holds more than {MAX_PLAN_CONFIGURATIONS:,} configurations, the "
                         f"planner's limit (MAX_PLAN_CONFIGURATIONS): plan for fewer GPUs or a smaller global batch")
    if len(space) * total_gpus > MAX_PLAN_SIZE:
        raise ValueError(f"{len(space):,} configurations on {total_gpus:,} GPUs are over the planner's limit of "
                         f"{MAX_PLAN_SIZE:,} configurations × GPUs (MAX_PLAN_SIZE): plan for fewer GPUs")
    return space


def _entry(rank: int, settings: dict[str, Any], result: tuple[Scenario, float, int, float],
           timings: Timings | None = None) -> PlanEntry:
    """A ranked configuration from evaluate()'s result: its full step time, tables and checks
    (`timings`: the search's, step_time's)."""
    t = step_time(result[0], timings=timings)
    return PlanEntry(rank=rank, settings=settings, scenario=result[0], time=t, peak_bytes=result[2],
                     checks=plan_checks(result[0], t))


def _variant(own: Candidate, evaluator: _Evaluator, rules: Rules) -> tuple[dict[str, Any], Any]:
    """The scenario's own layout (degrees and schedule) when its own configuration runs out of
    memory: the fastest variant that fits with more recompute — the planner's recompute choices, or
    Megatron-LM's block method, k layers per stage chunk recomputed in full and the others as the
    scenario has them (--recompute-method block --recompute-num-layers k, the smallest k that
    fits) — or a smaller micro-batch at the same global batch. ({settings it changes}, result), or
    ({}, None) when none fits."""
    base = evaluator.base
    batch = own.micro_batch * own.microbatches
    tried: list[dict[str, Any]] = []
    for mb in sorted({own.micro_batch, *rules.micro_batches}, reverse=True):
        if mb > own.micro_batch or batch % mb:
            continue
        shape = {} if mb == own.micro_batch else {"model.micro_batch": mb, "schedule.microbatches": batch // mb}
        tried += [{**shape, "activation.recompute": r} for r in rules.recompute if r != own.recompute or shape]
        if base.activation.recompute_layers == 0:
            layers = -(-base.model.layers // (own.pp * own.chunks))  # the most of one stage chunk
            tried += [{**shape, "activation.recompute_layers": k} for k in range(1, layers)]
    best: tuple[float, dict[str, Any], Any] | None = None
    layered_fits: set[tuple] = set()  # block recompute: once k fits, a larger k only recomputes more
    for changes in tried:
        shape_key = (changes.get("model.micro_batch"),)
        if "activation.recompute_layers" in changes and shape_key in layered_fits:
            continue
        try:
            scenario = own.scenario(base).replace(**changes)
        except ScenarioError:
            continue
        status, value = evaluator.check(scenario)
        if status != "ok":
            continue
        if "activation.recompute_layers" in changes:
            layered_fits.add(shape_key)
        if best is None or value[1] < best[0]:
            best = (value[1], changes, value)
    return ({}, None) if best is None else (best[1], best[2])


def entry_json(e: PlanEntry) -> dict[str, Any]:
    t = e.time
    return {"rank": e.rank, "settings": dict(e.settings), "step_time_s": t.step_time_s,
            "tokens_per_s": t.tokens_per_s, "mfu": t.mfu, "hfu": t.hfu, "peak_bytes": e.peak_bytes,
            "terms": stack_terms(t), "checks": [note.text for note in e.checks], "time": time_json(t)}


def plan_json(p: Plan) -> dict[str, Any]:
    """`tslab plan --json`: the GPU count, the configurations considered and why the others
    dropped out, the ranked entries and the scenario's own configuration."""
    return {
        "model": MODEL_NOTE,
        "gpus": p.gpus,
        "global_batch": p.global_batch,
        "considered": p.considered,
        "pruned": {"memory": p.pruned_memory, "topology": p.pruned_topology, "other": p.pruned_other,
                   "bound": p.pruned_bound},
        "timed": p.timed,
        "faster_by_bound": p.faster_by_bound,
        "ledgers": p.ledgers,
        "entries": [entry_json(e) for e in p.entries],
        "reference": {"rank": p.reference_rank, "rank_exact": p.reference_rank_exact,
                      "rank_max": p.reference_rank_max, "deciding_term": p.deciding_term,
                      "terms_vs_fastest": dict(p.reference_terms), "reason": p.reference_reason,
                      "variant": dict(p.reference_variant),
                      "entry": entry_json(p.reference) if p.reference is not None else None},
        "notes": list(p.notes),
    }
