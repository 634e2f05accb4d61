"""What each parallel axis sends per optimizer step, on its most-loaded rank.

For every axis: the tensor size (nccl-tests' S), the bytes one rank sends, the collective and how
often it runs per step. A deterministic teaching model with ring algorithms, not a measurement:
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
Ring volumes: Thakur, Rabenseifner & Gropp (IJHPCA 2005); bus-bandwidth factors as nccl-tests,
doc/PERFORMANCE.md.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..memory import RankLayout, head_dim, is_moe_layer, pipeline_layout, rank_parameter_pairs
from ..problems import QT_TRANSLATE_NOOP
from ..scenario import BYTES_PER_ELEMENT, GROUP_AXES, Scenario
from .groups import Mesh

SRC_TP = "Shoeybi et al., Megatron-LM (2019) §3; Narayanan et al., Megatron-LM (SC'21) §3.1"
SRC_SP = "Korthikanti et al., Reducing Activation Recomputation (MLSys'23) §4.2.2"
SRC_CP = "Liu et al., Ring Attention (ICLR'24) §3; Megatron-LM context parallelism (TE P2P ring)"
SRC_EP = "Lepikhin et al., GShard (ICLR'21) §2; DeepSeek-V3 technical report §3.2.2"
SRC_PP = "Narayanan et al., Megatron-LM (SC'21) §2.2, §4.1"
SRC_DP = "Rajbhandari et al., ZeRO (SC'20) §7; Narayanan et al. (SC'21) §3.2"


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


def _layer_passes(s: Scenario, layouts: Sequence[RankLayout], moe_only: bool = False) -> int:
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


def _pp_sends(s: Scenario, layouts: Sequence[RankLayout]) -> int:
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
        spans = mesh.nodes_spanned(axis) if axis in GROUP_AXES else np.zeros(0)
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
                _ring(calls, size, t), t, f"{base}; sent = {per}·L·m·(t−1)/t·S = {per} × {layers:,} × {t - 1}/{t} × "
                f"{size:,} B = {_ring(calls, size, t):,} B, t = {t} [{SRC_SP}]")
        else:
            per = 6 if full else 4
            calls = per * layers
            when = (QT_TRANSLATE_NOOP("mesh", "6 per layer per micro-batch (2 forward, 2 recomputed forward, "
                                              "2 backward)") if full else
                    QT_TRANSLATE_NOOP("mesh", "4 per layer per micro-batch (2 forward, 2 backward)"))
            row("tp", "tp", QT_TRANSLATE_NOOP("mesh", "all-reduce"), when, calls, size, _ring(calls, size, t, 2), t,
                f"{base}; sent = {per}·L·m·2(t−1)/t·S = {per} × {layers:,} × 2 × {t - 1}/{t} × {size:,} B = "
                f"{_ring(calls, size, t, 2):,} B, t = {t} [{SRC_TP}]")

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
            f"sent = {per // (p.cp - 1)}(cp−1)·L·m·S = {per // (p.cp - 1)} × {p.cp - 1} × {calls // per:,} × "
            f"{size:,} B = {calls * size:,} B, cp = {p.cp} [{SRC_CP}]")

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
            f"= {size:,} B; sent = {per}·L_moe·m·(ep−1)/ep·S (uniform routing) = {per} × {moe_layers:,} × "
            f"{p.ep - 1}/{p.ep} × {size:,} B = {_ring(calls, size, p.ep):,} B, L_moe·m = {moe_layers:,}, "
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
            f"(sends per micro-batch over the rank's stage boundaries)·m·S = {calls:,}·S = {calls:,} × {size:,} B = "
            f"{calls * size:,} B [{SRC_PP}]")

    # DP — ZeRO §7 volumes with ring algorithms, n = data-parallel ranks, Ψ = the rank's parameters:
    # ZeRO-0 all-reduces gradients once per step (2Ψ); ZeRO-1 reduce-scatters gradients and
    # all-gathers the updated parameters once per step (Ψ + Ψ); ZeRO-2 keeps only a gradient shard,
    # so it reduce-scatters every micro-batch; ZeRO-3 gathers parameters for forward and backward and
    # reduce-scatters gradients in every micro-batch (3Ψ per micro-batch). With m = 1 these are the
    # paper's 2Ψ, 2Ψ, 2Ψ, 3Ψ.
    held = rank_parameter_pairs(s)
    dense = max((d for d, _ in held), default=0)
    expert = max((e for _, e in held), default=0)

    def data_parallel(axis: str, group_axis: str, n: int, psi: int, label: str) -> None:
        gb, pb = BYTES_PER_ELEMENT[pr.grads], BYTES_PER_ELEMENT[pr.params]
        grads, params = psi * gb, psi * pb
        sizes = f"S = Ψ·{gb} B = {psi:,}·{gb} = {grads:,} B gradients"
        if p.zero == 0:
            row(axis, group_axis, QT_TRANSLATE_NOOP("mesh", "all-reduce"),
                QT_TRANSLATE_NOOP("mesh", "per optimizer step"), 1, grads, _ring(1, grads, n, 2), n,
                f"{sizes}; sent = 2(n−1)/n·S = 2 × {n - 1}/{n} × {grads:,} B = {_ring(1, grads, n, 2):,} B, "
                f"n = {n} ({label}) [{SRC_DP}]")
            return
        gathered = f"{params:,} B parameters (Ψ·{pb} B)"
        if p.zero == 1:
            calls, sent = 2, _ring(1, grads + params, n)
            when = QT_TRANSLATE_NOOP("mesh", "per optimizer step (reduce-scatter gradients, all-gather "
                                             "updated parameters)")
            text = "(n−1)/n·(S + P)"
            numbers = f"{n - 1}/{n} × ({grads:,} B + {params:,} B)"
        elif p.zero == 2:
            calls, sent = m + 1, _ring(1, m * grads + params, n)
            when = QT_TRANSLATE_NOOP("mesh", "reduce-scatter per micro-batch, all-gather per optimizer step")
            text = "(n−1)/n·(m·S + P)"
            numbers = f"{n - 1}/{n} × ({m} × {grads:,} B + {params:,} B)"
        else:
            calls, sent = 3 * m, _ring(m, grads + 2 * params, n)
            when = QT_TRANSLATE_NOOP("mesh", "per micro-batch (all-gather parameters forward and backward, "
                                             "reduce-scatter gradients)")
            text = "(n−1)/n·m·(S + 2P)"
            numbers = f"{n - 1}/{n} × {m} × ({grads:,} B + 2 × {params:,} B)"
        row(axis, group_axis, QT_TRANSLATE_NOOP("mesh", "reduce-scatter + all-gather"), when, calls, grads, sent, n,
            f"{sizes}, P = {gathered}; ZeRO-{p.zero}: sent = {text} = {numbers} = {sent:,} B, n = {n} ({label}), "
            f"m = {m} [{SRC_DP}]")

    if p.dp * p.cp > 1 and dense:
        data_parallel("dp", "dp-cp", p.dp * p.cp, dense, "dp·cp" if p.cp > 1 else "dp")
    edp = mesh.dims.get("edp", 1)
    if mo.experts and edp > 1 and expert:
        data_parallel("edp", "edp", edp, expert, "edp = tp·cp·dp/(etp·ep)")
    return rows
