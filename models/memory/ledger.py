"""The byte ledger of the most-loaded GPU: model states under ZeRO 0–3, activations, buffers and
the memory tiers they sit in, with the first item that runs out of GPU memory."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..declared import reads
from ..hardware import capacity_bytes
from ..problems import QT_TRANSLATE_NOOP
from ..scenario import BYTES_PER_ELEMENT, Scenario
from ..units import format_bytes
from .activations import LayerBytes, in_flight, layer_bytes, layer_kinds
from .items import GROUPS, OPTIMIZER_STATES, SRC_K3, SRC_OFFLOAD, SRC_ZERO, TIERS, LedgerItem, bytes_name as _bytes_name
from .overheads import overhead_items, replaces_moe_dispatch
from .params import is_moe_layer, param_counts
from .partition import LAYOUT_READS, RankLayout, _rank_params, _RankStates, pipeline_layout
from .policy import ActivationPolicy
from .stored import activation_items

DDP_BUCKET_MIN = 40_000_000  # Megatron-LM DDP bucket: max(40M, 1M·dp) elements


@dataclass(frozen=True)
class MemoryLedger:
    scenario: Scenario
    rank: int                  # pipeline rank of the most-loaded GPU
    items: tuple[LedgerItem, ...]
    capacity_bytes: int
    params_total: int
    params_activated: int
    params_per_gpu: int
    per_layer_bytes: int
    layers_on_rank: int
    in_flight: float
    in_flight_formula: str
    zero_bytes: dict[int, int]
    zero_groups: dict[int, dict[str, int]]  # ZeRO stage → {params, grads, master, optimizer}
    rank_gpu_bytes: tuple[int, ...] = field(default=())  # GPU tier of every pipeline rank
    # The pipeline rank with the most model-state bytes (parameters, gradients, master weights and
    # optimizer states on every tier), which need not be the most-loaded one, and its ZeRO table.
    state_rank: int = 0
    state_params_per_gpu: int = 0
    state_zero_groups: dict[int, dict[str, int]] = field(default_factory=dict)
    rank_state_bytes: tuple[int, ...] = field(default=())
    params_mtp: int = 0         # DeepSeek-V3's MTP modules (trained with the model)
    params_checkpoint: int = 0  # main model + MTP + the MTP modules' embedding and head copies
    policy: ActivationPolicy | None = None  # each saved tensor's backend, the ladder step by step

    def group_bytes(self, group: str) -> int:
        return sum(item.bytes for item in self.items if item.group == group)

    def tier_bytes(self, tier: str) -> int:
        return sum(item.bytes for item in self.items if item.tier == tier)

    @cached_property
    def total(self) -> int:
        """Every item's bytes, every tier (summed once: the views ask for it per item)."""
        return sum(item.bytes for item in self.items)

    @property
    def gpu_bytes(self) -> int:
        return self.tier_bytes("gpu")

    @property
    def first_oom(self) -> tuple[LedgerItem, str] | None:
        """The first item, adding GPU-tier items in ledger order, whose bytes cross capacity."""
        used = 0
        for item in self.items:
            if item.tier != "gpu" or not item.bytes:
                continue
            if used + item.bytes > self.capacity_bytes:
                return item, oom_message(item, used, self.capacity_bytes, self.gpu_bytes)
            used += item.bytes
        return None

    def to_json(self) -> dict[str, Any]:
        oom = self.first_oom
        return {
            "params": {"total": self.params_total, "activated": self.params_activated,
                       "per_gpu": self.params_per_gpu, "mtp": self.params_mtp,
                       "checkpoint": self.params_checkpoint},
            "per_gpu_bytes": {**{group: self.group_bytes(group) for group in GROUPS}, "total": self.total},
            "tiers": {tier: self.tier_bytes(tier) for tier in TIERS},
            "capacity_bytes": self.capacity_bytes,
            "first_oom": None if oom is None else {"item": oom[0].key, "name": oom[0].name, "message": oom[1]},
            "activations": {"per_layer_bytes": self.per_layer_bytes, "layers_on_rank": self.layers_on_rank,
                            "in_flight_microbatches": math.ceil(self.in_flight - 1e-9),
                            "in_flight_equivalent": self.in_flight,
                            "in_flight_formula": self.in_flight_formula},
            "zero": {str(stage): value for stage, value in self.zero_bytes.items()},
            "pipeline_rank": self.rank,
            "rank_gpu_bytes": list(self.rank_gpu_bytes),
            "state_rank": {"pipeline_rank": self.state_rank, "params_per_gpu": self.state_params_per_gpu,
                           "state_bytes": sum(self.state_zero_groups.get(self.scenario.parallel.zero, {}).values()),
                           "zero": {str(stage): sum(groups.values())
                                    for stage, groups in self.state_zero_groups.items()}},
            "rank_state_bytes": list(self.rank_state_bytes),
            "activation_policy": self.policy.to_json() if self.policy is not None else None,
            "items": [{"item": item.key, "group": item.group, "name": item.name, "bytes": item.bytes,
                       "tier": item.tier, "formula": item.formula, "source": item.source,
                       "tensor": item.tensor or None}
                      for item in self.items],
        }


OOM_TEMPLATE = QT_TRANSLATE_NOOP("ledger", "{name} pushes the GPU past its capacity: {before} already used + {item} = "
                  "{after} > {capacity} (GPU tier in all: {total}).")


def oom_message(item: LedgerItem, used: int, capacity: int, total: int) -> str:
    return OOM_TEMPLATE.format(name=item.name, before=gib(used), item=gib(item.bytes),
                               after=gib(used + item.bytes), capacity=gib(capacity), total=gib(total))


def gib(n: float) -> str:
    return f"{n / 2**30:.2f} GiB"


def _states(s: Scenario, st: _RankStates, zero: int) -> list[LedgerItem]:
    """Parameters, gradients, master weights and optimizer states of one GPU at ZeRO stage `zero`."""
    p, pr, off = s.parallel, s.precision, s.offload
    dp_dense = p.dp * p.cp
    edp = max(1, (p.tp * p.cp * p.dp) // (p.etp * p.ep))

    def sharded(stage_needed: int) -> tuple[int, str]:
        if zero >= stage_needed:
            return math.ceil(st.dense / dp_dense) + math.ceil(st.expert / edp), "(Ψ_dense/N_d + Ψ_expert/N_edp)"
        return st.dense + st.expert, "Ψ_rank"

    n_params, f_params = sharded(3)
    n_grads, f_grads = sharded(2)
    n_opt, f_opt = sharded(1)
    has_master = pr.master != pr.params
    states = OPTIMIZER_STATES[s.optimizer.kind]
    b = BYTES_PER_ELEMENT
    zero_note = f" — ZeRO-{zero}, N_d = {dp_dense}, N_edp = {edp}"
    return [
        LedgerItem("params", "params", QT_TRANSLATE_NOOP("ledger", "Parameters"), n_params * b[pr.params], off.params,
                   f"{f_params} × {_bytes_name(pr.params)} = {n_params:,} × {b[pr.params]}{zero_note}", SRC_ZERO),
        LedgerItem("grads", "grads", QT_TRANSLATE_NOOP("ledger", "Gradients"), n_grads * b[pr.grads], off.grads,
                   f"{f_grads} × {_bytes_name(pr.grads)} = {n_grads:,} × {b[pr.grads]}{zero_note}",
                   SRC_ZERO if off.grads == "gpu" else SRC_K3),
        LedgerItem("master", "master", QT_TRANSLATE_NOOP("ledger", "Master weights"),
                   n_opt * b[pr.master] if has_master else 0, off.optimizer,
                   (f"{f_opt} × {_bytes_name(pr.master)} = {n_opt:,} × {b[pr.master]}{zero_note}" if has_master
                    else f"none: master precision = parameter precision ({pr.params})"),
                   SRC_ZERO if off.optimizer == "gpu" else SRC_OFFLOAD),
        LedgerItem("optimizer", "optimizer", QT_TRANSLATE_NOOP("ledger", "Optimizer states"),
                   n_opt * states * b[pr.optimizer], off.optimizer,
                   f"{f_opt} × {states} state{'s' if states > 1 else ''} ({s.optimizer.kind}) × "
                   f"{_bytes_name(pr.optimizer)} = {n_opt:,} × {states * b[pr.optimizer]}{zero_note}",
                   SRC_ZERO if off.optimizer == "gpu" else SRC_OFFLOAD),
    ]


def _gradient_buffer(s: Scenario, st: _RankStates, layout: RankLayout) -> LedgerItem:
    """The GPU buffer that gradients pass through on their way to the CPU, sized from what is
    reduced at a time, double-buffered (one unit being computed while the other is reduced and
    copied out):

    - Pipeline ZeRO-2 (Kimi K3): the unit is one pipeline chunk — two VPP/V-shape chunks'
      gradients on the GPU. Under ZeRO-3 gradients are reduce-scattered layer by layer, so two
      layers'; with a single chunk (no VPP) the reduction runs bucket by bucket, so two of
      Megatron-LM's DDP buckets of max(40M, 1M·dp) elements.
    - ZeRO-Offload (Ren et al., ATC'21, §4.1): gradients are moved to the CPU bucket by bucket
      as backward produces them: two DeepSpeed reduce buckets (`offload.reduce_bucket`).
    Never more than the rank's own gradients (Ψ_rank)."""
    p, pr = s.parallel, s.precision
    element = BYTES_PER_ELEMENT[pr.grads]
    rank_params = st.dense + st.expert
    chunks = len(layout.stages)
    if s.offload.grad_scheme == "zero-offload":
        unit, what = s.offload.reduce_bucket, f"2 reduce buckets of {s.offload.reduce_bucket:,} elements (DeepSpeed " \
                                               f"reduce_bucket_size), ZeRO-Offload"
        source = "Ren et al., ZeRO-Offload (ATC'21) §4.1; DeepSpeed reduce_bucket_size"
    elif p.zero >= 3:
        unit, what = st.largest_layer, "2 layers' gradients (ZeRO-3 reduce-scatters per layer), Pipeline ZeRO-2"
        source = SRC_K3 + "; " + SRC_ZERO
    elif chunks >= 2:
        unit, what = st.largest_chunk, f"2 of the rank's {chunks} pipeline chunks' gradients, Pipeline ZeRO-2"
        source = SRC_K3
    else:
        unit = max(DDP_BUCKET_MIN, 1_000_000 * p.dp)
        what = "2 DDP buckets of max(40M, 1M·dp) gradients (one chunk: reduced bucket by bucket), Pipeline ZeRO-2"
        source = SRC_K3 + "; Megatron-LM distributed data parallel buckets"
    held = min(2 * unit, rank_params)
    cap = " (capped at Ψ_rank)" if held < 2 * unit else ""
    return LedgerItem("grad_buffer", "buffers", QT_TRANSLATE_NOOP("ledger", "GPU gradient double buffer"),
                      held * element, "gpu",
                      f"{held:,} × {_bytes_name(pr.grads)} = {format_bytes(held * element)}: {what}{cap}", source)


def _buffers(s: Scenario, st: _RankStates, layout: RankLayout, gpu_before: int) -> list[LedgerItem]:
    m, p, pr = s.model, s.parallel, s.precision
    element = BYTES_PER_ELEMENT[s.precision.activations]
    tokens = m.seq_len / p.cp * m.micro_batch
    parts: list[str] = []
    sizes: list[float] = []
    if s.memory.comm_buffers:
        if p.pp > 1:
            sizes.append(4 * tokens * m.hidden / (p.tp if p.sp else 1) * element)
            parts.append(f"PP send/recv 4·s·b·h{'/t' if p.sp else ''}")
        if p.tp > 1 and p.sp:
            sizes.append(tokens * m.hidden * element)
            parts.append("SP all-gather s·b·h")
        if p.zero >= 2 and p.dp * p.cp > 1 and s.offload.grads == "gpu":  # else the gradient buffer is them
            sizes.append(2 * max(DDP_BUCKET_MIN, 1_000_000 * p.dp) * BYTES_PER_ELEMENT[pr.grads])
            parts.append("2 reduce-scatter buckets of max(40M, 1M·dp) grads")
        if p.zero >= 3 and p.dp * p.cp > 1:
            sizes.append(2 * st.largest_layer * BYTES_PER_ELEMENT[pr.params])
            parts.append("2 gathered layers (ZeRO-3 prefetch)")
        if m.experts and p.ep > 1 and not replaces_moe_dispatch(s):  # else DeepEP's buffers are them
            sizes.append(2 * tokens * m.top_k * m.hidden * element)
            parts.append("dispatch + combine receive 2·s·b·K·h")
    total = sum(sizes)
    items = []
    if total:
        # each term in bytes, so that the sum the formula shows is the item's exactly
        numbers = " + ".join(f"{size:,.0f} B" for size in sizes)
        items.append(LedgerItem("comm_buffers", "buffers", QT_TRANSLATE_NOOP("ledger", "Communication buffers"),
                                round(total), "gpu", f"{numbers} = {format_bytes(round(total))}: {' + '.join(parts)}",
                                "Megatron-LM DDP / MoE token dispatcher (teaching estimate)"))
    if s.offload.grads == "cpu":
        items.append(_gradient_buffer(s, st, layout))
    items += overhead_items(s, layout, st.dense, st.expert)
    gpu = gpu_before + sum(item.bytes for item in items if item.tier == "gpu")
    frag = s.memory.fragmentation
    if frag:
        lost = round(gpu * frag / (1 - frag)) if frag < 1 else gpu
        share = f"{frag * 100:.4g}%"
        items.append(LedgerItem("fragmentation", "buffers", QT_TRANSLATE_NOOP("ledger", "Allocator fragmentation"),
                                lost, "gpu",
                                f"{share} / (100% − {share}) × {gpu:,} B (the GPU tier's other items) = "
                                f"{format_bytes(lost)}: {frag:.0%} of the GPU tier lost to the caching allocator "
                                f"(an allowance)",
                                "PyTorch CUDA caching allocator (allowance set in memory.fragmentation)"))
    return items


def _rank_ledger(s: Scenario, layout: RankLayout, kinds: LayerBytes
                 ) -> tuple[list[LedgerItem], _RankStates, int, float, str]:
    st = _rank_params(s, layout)
    items = _states(s, st, s.parallel.zero)
    acts, per_layer, held, held_formula = activation_items(s, layout, kinds)
    items += acts
    gpu = sum(item.bytes for item in items if item.tier == "gpu")
    items += _buffers(s, st, layout, gpu)
    return items, st, per_layer, held, held_formula


def _rank_key(s: Scenario, layout: RankLayout) -> tuple:
    """What a rank's ledger bytes depend on: its dense and MoE layer counts per chunk (which
    layers does not matter: every dense layer is alike, every MoE layer too), whether it holds the
    embedding and the head, its model copies, and its activations in flight (last, so that
    `[:-1]` keys the model states alone)."""
    chunks = tuple((len(r), sum(is_moe_layer(s, layer) for layer in r)) for r in layout.layers)
    kinds = tuple(sorted(layer_kinds(s, layout).items()))  # (MoE, fully recomputed) → layers
    return (chunks, kinds, layout.first, layout.last, layout.copies, in_flight(s, layout.rank)[0])


@reads(*LAYOUT_READS, "model", "activation", "schedule.microbatches")
def rank_keys(s: Scenario) -> tuple[tuple, ...]:
    """`_rank_key` of every pipeline rank, in rank order."""
    return tuple(_rank_key(s, layout) for layout in pipeline_layout(s))


def memory_ledger(s: Scenario, rank: int | None = None) -> MemoryLedger:
    """The byte ledger of the most-loaded GPU (the pipeline rank with the most GPU-tier bytes), or
    of pipeline rank `rank`. Ranks alike (`_rank_key`) share one ledger computation, so deep
    pipelines, whose ranks differ only in a few ways, cost little more than a shallow one."""
    layouts = pipeline_layout(s)
    kinds = layer_bytes(s)
    gpu_of: dict[tuple, int] = {}
    gpu_totals = []
    for layout, key in zip(layouts, rank_keys(s)):
        if key not in gpu_of:
            gpu_of[key] = sum(item.bytes for item in _rank_ledger(s, layout, kinds)[0] if item.tier == "gpu")
        gpu_totals.append(gpu_of[key])
    if rank is None:
        rank = max(range(len(layouts)), key=lambda r: (gpu_totals[r], -r))
    elif not 0 <= rank < len(layouts):
        raise ValueError(f"pipeline rank {rank} is not in 0…{len(layouts) - 1}")
    states_of: dict[tuple, _RankStates] = {}
    rank_states = []
    for layout, full_key in zip(layouts, rank_keys(s)):
        key = full_key[:-1]  # states do not depend on the activations in flight
        if key not in states_of:
            states_of[key] = _rank_params(s, layout)
        rank_states.append(states_of[key])
    state_bytes = [sum(item.bytes for item in _states(s, st_r, s.parallel.zero)) for st_r in rank_states]
    state_rank = max(range(len(layouts)), key=lambda r: (state_bytes[r], -r))
    items, st, per_layer, held, held_formula = _rank_ledger(s, layouts[rank], kinds)
    zero_groups = _zero_groups(s, st)
    zero = {stage: sum(groups.values()) for stage, groups in zero_groups.items()}
    counts = param_counts(s)
    state_st = rank_states[state_rank]
    return MemoryLedger(
        scenario=s, rank=rank, items=tuple(items), capacity_bytes=capacity_bytes(s.cluster.gpu, s.cluster.hbm_gib),
        params_total=counts.total, params_activated=counts.activated, params_per_gpu=st.dense + st.expert,
        per_layer_bytes=per_layer, layers_on_rank=layouts[rank].layer_count, in_flight=held,
        in_flight_formula=held_formula, zero_bytes=zero, zero_groups=zero_groups, rank_gpu_bytes=tuple(gpu_totals),
        state_rank=state_rank, state_params_per_gpu=state_st.dense + state_st.expert,
        state_zero_groups=_zero_groups(s, state_st), rank_state_bytes=tuple(state_bytes),
        params_mtp=counts.mtp, params_checkpoint=counts.checkpoint, policy=kinds)


def peak_gpu_bytes(s: Scenario, limit: int | None = None) -> int:
    """The GPU-tier bytes of the most-loaded pipeline rank, `memory_ledger(s).gpu_bytes`, without
    the ledger's other tables. With `limit`, it returns as soon as one rank holds more than that
    (that rank's bytes, a lower bound on the peak): the ranks with the most activations in flight
    are counted first, where an overflow shows soonest (the planner's fit test)."""
    layouts = pipeline_layout(s)
    kinds = layer_bytes(s)
    keyed = sorted(zip(rank_keys(s), layouts), key=lambda pair: -pair[0][-1])
    seen: set[tuple] = set()
    most = 0
    for key, layout in keyed:
        if key in seen:
            continue
        seen.add(key)
        gpu = sum(item.bytes for item in _rank_ledger(s, layout, kinds)[0] if item.tier == "gpu")
        most = max(most, gpu)
        if limit is not None and most > limit:
            break
    return most


def _zero_groups(s: Scenario, st: _RankStates) -> dict[int, dict[str, int]]:
    return {stage: {item.group: item.bytes for item in _states(s, st, stage)} for stage in range(4)}


def rank_items(s: Scenario) -> list[tuple[RankLayout, tuple[LedgerItem, ...]]]:
    """Every pipeline rank's layout and ledger items (those of `memory_ledger(s, rank)`), ranks
    alike sharing one computation."""
    kinds = layer_bytes(s)
    items_of: dict[tuple, tuple[LedgerItem, ...]] = {}
    result = []
    for layout in pipeline_layout(s):
        key = _rank_key(s, layout)
        if key not in items_of:
            items_of[key] = tuple(_rank_ledger(s, layout, kinds)[0])
        result.append((layout, items_of[key]))
    return result


def zero_table(s: Scenario) -> dict[int, int]:
    """Model-state bytes per GPU at ZeRO 0–3 (ZeRO §5: 16Ψ, 4Ψ + 12Ψ/N_d, 2Ψ + 14Ψ/N_d, 16Ψ/N_d)."""
    return memory_ledger(s).zero_bytes
