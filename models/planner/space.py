"""The planner's search space: every parallel configuration of a scenario's model on a cluster that
keeps its global batch, by the rules below (each with its source), before any byte or second is
counted.

Rules (`Rules` holds the tunable ones):

- World: gpus = tp · pp · cp · dp (Megatron-LM's initialize_model_parallel, megatron/core/
  parallel_state.py: the dense mesh is tp × cp × dp × pp), and EP re-slices the same GPUs for the
  expert layers, so ep · etp must divide tp · cp · dp (the same file's expert RankGenerator;
  validate() checks it too).
- TP divides the attention heads and, for grouped-query attention, the KV heads (Megatron-LM splits
  whole heads over TP; validate() refuses tp that does not divide kv_heads, so KV heads are never
  replicated here) and the FFN width; latent attention (MLA) has no KV heads to split. TP divides
  the GPUs of a node, so every TP group stays inside one NVLink domain (Narayanan et al., SC'21,
  Takeaway #1: tensor parallelism up to the GPUs of one server).
- PP ≤ layers and pp · chunks ≤ layers, chunks = the schedule's model chunks per rank; stages that
  do not divide the layers evenly hold one layer more or less (the ledger's `stage_layers`, as
  Megatron-LM's uneven split options allow).
- Virtual stages (vpp ≥ 2) only with interleaved 1F1B (Narayanan et al., SC'21 §2.2); vpp from
  `Rules.vpp`, with pp · vpp ≤ layers. Megatron-LM needs the layers per pipeline stage to be a
  multiple of vpp unless the first/last stages are set by hand; here an uneven split is allowed
  (Kimi K2 runs 61 layers over 16 ranks × 2 virtual stages), and the step-time model prices the
  heavier stages through its stage imbalance.
- CP divides the sequence length (validate()), and is tried only when the sequence is long
  (seq_len ≥ `Rules.cp_min_seq`, 8,192 tokens by default: below it a split sequence only adds ring
  traffic to short attention blocks, and keeping cp = 1 keeps the space small); each CP rank then
  keeps at least `Rules.cp_min_tokens` (1,024) tokens, a limit of this lab that keeps the space
  small too (Llama 3's long-context stage keeps 8,192 per rank: 131,072 tokens over cp = 16).
- EP divides the routed experts; etp ∈ {1, tp} (Megatron-LM's --expert-tensor-parallel-size: the
  experts either not tensor-split or split like the dense layers) and divides expert_ffn_hidden.
- ZeRO stage 0–3 (Rajbhandari et al., SC'20 §5), ZeRO-3 only without pipeline parallelism:
  DeepSpeed's pipeline engine asserts "ZeRO-2 and ZeRO-3 are incompatible with pipeline
  parallelism" (deepspeed/runtime/pipe/engine.py), while Megatron-LM's distributed optimizer
  (megatron/core/distributed, optimizer states sharded and gradients reduce-scattered: ZeRO-1/2)
  runs with PP; no framework here gathers every layer's weights for each of a pipeline's many small
  micro-batches. Without data parallelism to shard over (dp · cp = 1 and no expert-data-parallel
  group) every stage is ZeRO-0, so only 0 is kept.
- Recompute: every choice of `activation.recompute` (models/scenario.py Activation); the scenario's
  named policy ladder and per-tensor overrides stay as they are.
- Schedules (models/pipeline kinds): 1F1B (Narayanan et al., SC'21), interleaved 1F1B (vpp ≥ 2),
  ZB-H1 and ZB-H2 (Qi et al., ICLR'24), ZBV (Qi et al. 2024, V shape), DualPipe (an even pp) and
  DualPipeV (DeepSeek-V3 §3.2.1), each where `pipeline.check_config` accepts it (DualPipe: even m ≥
  2p; DualPipeV: m ≥ 2p; interleaved: m in equal rounds of ⌊m/p⌋). GPipe is left out: it holds all
  m micro-batches' activations for the same bubble as 1F1B (Narayanan et al. §2.2), so 1F1B
  dominates it. With pp = 1 every schedule is one rank running its micro-batches back to back, so
  only 1F1B is kept.
- Micro-batch size from `Rules.micro_batches` (1, 2, 4), dividing the global batch per data-parallel
  replica; microbatches m = global batch / (micro-batch × dp) ≥ pp (fewer leave pipeline ranks
  without work in the warm-up; validate() warns of it).
- Sequence parallelism: on for an MoE model whenever tp > 1 (Megatron-LM, megatron/training/
  arguments.py: "When using MoE and tensor parallelism, sequence parallelism must be used"), for a
  dense model as the scenario has it with tp > 1, off with tp = 1 (where it does nothing).

Everything else of the scenario (precisions, optimizer, offload, policy, cluster links, order, and
its uneven-stage options first/last_stage_layers and embedding/loss in the split) is kept; a
configuration those options cannot split is refused by validation and counted as a topology
problem. A deterministic teaching model of a search space, not a framework's launcher.
"""
from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..pipeline import ScheduleError, check_config, chunks_per_rank
from ..scenario import Scenario, declared_type

# The schedules searched, in the order entries with equal times are listed.
PLAN_KINDS = ("1f1b", "interleaved-1f1b", "zb-h1", "zb-h2", "zbv", "dualpipe", "dualpipev")


@dataclass(frozen=True)
class Rules:
    """The tunable limits of the search space (see the module docstring for the fixed rules)."""
    micro_batches: tuple[int, ...] = (1, 2, 4)
    vpp: tuple[int, ...] = (2, 3, 4, 6, 8)
    cp_min_seq: int = 8192
    cp_min_tokens: int = 1024
    kinds: tuple[str, ...] = PLAN_KINDS
    recompute: tuple[str, ...] = field(default_factory=lambda: tuple(declared_type("activation.recompute")[1]
                                                                     ["choices"]))


DEFAULT_RULES = Rules()


@dataclass(frozen=True, order=True)
class Candidate:
    """One configuration: the keys the planner sets (`settings`)."""
    tp: int
    pp: int
    vpp: int
    dp: int
    cp: int
    ep: int
    etp: int
    zero: int
    recompute: str
    kind: str
    micro_batch: int
    microbatches: int
    nodes: int
    sp: bool

    @property
    def chunks(self) -> int:
        return chunks_per_rank(self.kind, self.vpp)

    def settings(self) -> dict[str, Any]:
        """The dotted keys this configuration sets, as `Scenario.replace` takes them."""
        return {"parallel.tp": self.tp, "parallel.pp": self.pp, "parallel.vpp": self.vpp, "parallel.dp": self.dp,
                "parallel.cp": self.cp, "parallel.ep": self.ep, "parallel.etp": self.etp,
                "parallel.zero": self.zero, "parallel.sp": self.sp, "activation.recompute": self.recompute,
                "schedule.kind": self.kind, "model.micro_batch": self.micro_batch,
                "schedule.microbatches": self.microbatches, "cluster.nodes": self.nodes}

    def scenario(self, s: Scenario) -> Scenario:
        return s.replace(**self.settings())

    @property
    def states_key(self) -> tuple:
        """What the model states (parameters, gradients, master weights, optimizer states) per GPU
        depend on: the degrees, the ZeRO stage and the pipeline layout (chunks per rank, and
        DualPipe's two model copies)."""
        layout = ("dualpipe" if self.kind == "dualpipe" else "v" if self.kind in ("zbv", "dualpipev")
                  else f"chunks{self.chunks}")
        return (self.tp, self.pp, layout, self.dp, self.cp, self.ep, self.etp, self.zero)


def global_batch(s: Scenario) -> int:
    """Sequences per optimizer step: schedule.global_batch, the scenario's input (for a valid
    scenario, schedule.microbatches × model.micro_batch × parallel.dp)."""
    return s.schedule.global_batch


def divisors(n: int) -> list[int]:
    small = [d for d in range(1, math.isqrt(n) + 1) if n % d == 0]
    return sorted(set(small + [n // d for d in small]))


def world(s: Scenario, gpus: int | None) -> tuple[int, int]:
    """(gpus, nodes): the scenario's cluster, or `gpus` on nodes of cluster.gpus_per_node
    (ValueError when `gpus` is not a positive multiple of it)."""
    gpn = s.cluster.gpus_per_node
    if gpus is None:
        return s.world_size, s.cluster.nodes
    if isinstance(gpus, bool) or not isinstance(gpus, int) or gpus < 1:
        raise ValueError(f"the GPU count must be a whole number ≥ 1, not {gpus!r}")
    if gpus % gpn:
        raise ValueError(f"{gpus:,} GPUs are not whole nodes of {gpn} GPUs (cluster.gpus_per_node)")
    return gpus, gpus // gpn


def tp_choices(s: Scenario) -> list[int]:
    m = s.model
    return [t for t in divisors(s.cluster.gpus_per_node)
            if m.heads % t == 0 and m.ffn_hidden % t == 0 and (m.attention == "mla" or m.kv_heads % t == 0)]


def cp_choices(s: Scenario, rest: int, rules: Rules) -> list[int]:
    seq = s.model.seq_len
    if seq < rules.cp_min_seq:
        return [1]
    return [c for c in divisors(rest) if seq % c == 0 and (c == 1 or seq // c >= rules.cp_min_tokens)]


def ep_choices(s: Scenario, tp: int, cp: int, dp: int) -> list[tuple[int, int]]:
    m = s.model
    if not m.experts:
        return [(1, 1)]
    width = tp * cp * dp
    pairs = []
    for etp in sorted({1, tp}):
        if m.expert_ffn_hidden % etp:
            continue
        pairs += [(ep, etp) for ep in divisors(m.experts) if width % (ep * etp) == 0]
    return pairs


def zero_choices(s: Scenario, tp: int, pp: int, cp: int, dp: int, ep: int, etp: int) -> list[int]:
    edp = (tp * cp * dp) // (ep * etp) if s.model.experts else 1
    if dp * cp == 1 and edp == 1:
        return [0]
    return [0, 1, 2, 3] if pp == 1 else [0, 1, 2]


def schedule_choices(s: Scenario, pp: int, m: int, rules: Rules) -> list[tuple[str, int]]:
    """(kind, vpp) pairs the pipeline model accepts for pp ranks and m micro-batches."""
    if pp == 1:
        return [("1f1b", 1)]
    layers = s.model.layers
    found = []
    for kind in rules.kinds:
        for vpp in (rules.vpp if kind == "interleaved-1f1b" else (1,)):
            chunks = chunks_per_rank(kind, vpp)
            if pp * chunks > layers:
                continue
            try:
                check_config(kind, pp, m, chunks)
            except ScheduleError:
                continue
            found.append((kind, vpp))
    return found


def sp_for(s: Scenario, tp: int) -> bool:
    if tp == 1:
        return False
    return True if s.model.experts else s.parallel.sp


def candidates(s: Scenario, gpus: int | None = None, rules: Rules = DEFAULT_RULES) -> Iterator[Candidate]:
    """Every configuration of the search space (the module docstring's rules), for the scenario's
    global batch on `gpus` GPUs (default: the scenario's cluster)."""
    total, nodes = world(s, gpus)
    batch = global_batch(s)
    layers = s.model.layers
    for tp in tp_choices(s):
        if total % tp:
            continue
        for pp in divisors(total // tp):
            if pp > layers:
                break
            for cp in cp_choices(s, total // (tp * pp), rules):
                dp = total // (tp * pp * cp)
                if batch % dp:
                    continue
                for ep, etp in ep_choices(s, tp, cp, dp):
                    for zero in zero_choices(s, tp, pp, cp, dp, ep, etp):
                        for mb in rules.micro_batches:
                            if (batch // dp) % mb:
                                continue
                            m = batch // (dp * mb)
                            if m < pp:
                                continue
                            for kind, vpp in schedule_choices(s, pp, m, rules):
                                for recompute in rules.recompute:
                                    yield Candidate(tp, pp, vpp, dp, cp, ep, etp, zero, recompute, kind, mb, m,
                                                    nodes, sp_for(s, tp))


def own_candidate(s: Scenario, gpus: int | None = None) -> Candidate | None:
    """The scenario's own configuration on `gpus` GPUs: its tp, pp, cp, ep, etp, ZeRO stage,
    recompute, schedule and micro-batch size, with dp = gpus / (tp·pp·cp) and the micro-batches
    that keep its global batch; None when those are not whole numbers."""
    total, nodes = world(s, gpus)
    p = s.parallel
    model_ranks = p.tp * p.pp * p.cp
    if total % model_ranks:
        return None
    dp = total // model_ranks
    per_step = dp * s.model.micro_batch
    batch = global_batch(s)
    if batch % per_step:
        return None
    return Candidate(p.tp, p.pp, p.vpp, dp, p.cp, p.ep, p.etp, p.zero, s.activation.recompute, s.schedule.kind,
                     s.model.micro_batch, batch // per_step, nodes, p.sp)
