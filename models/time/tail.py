"""The step's tail: what follows a pipeline rank's last backward, the DP/ZeRO communication not
hidden under its work and the optimizer step (models/time/step.py composes the step as the
simulated makespan plus the longest rank's tail), and a lower bound on the step from the tail's
traffic alone for the planner (`tail_step_floor`).

ZeRO's volumes per stage are the traffic table's DP rows (models/mesh/traffic.py, ZeRO §7); what
hides under which window follows Megatron-LM's overlap of the gradient reduce-scatter with the
backward and of the parameter all-gather with the forward (module docstring of step.py).
"""
from __future__ import annotations

from typing import Any

from ..memory import rank_parameter_pairs
from ..mesh import Traffic
from ..pipeline.kinds import normalise_kind
from ..scenario import BYTES_PER_ELEMENT, Scenario
from .efficiency import Hardware, hardware_of
from .stages import OVERLAPPED_KINDS, _check, _Links, _rows, _sm_shares, _Stages, _tiers


def _optimizer_bytes_per_param(s: Scenario) -> tuple[float, float]:
    """(HBM bytes per parameter of the update on the GPU, PCIe bytes per parameter when the
    optimizer is offloaded): Adam reads and writes the master weight and two moments, reads the
    gradient (twice: once more for the gradient norm) and writes the parameter; Muon and SGD with
    momentum keep one moment, plain SGD none."""
    pr = s.precision
    master, moment = BYTES_PER_ELEMENT[pr.master], BYTES_PER_ELEMENT[pr.optimizer]
    grad, param = BYTES_PER_ELEMENT[pr.grads], BYTES_PER_ELEMENT[pr.params]
    moments = {"adam": 2, "muon": 1, "sgd": 0}[s.optimizer.kind]
    return 2.0 * (master + moments * moment) + 2 * grad + param, float(grad + param)


def _dp_parts(s: Scenario, row: Traffic, psi: float, psi_max: float, links: _Links) -> tuple[float, float]:
    """(gradient-reduction seconds, parameter-gather seconds) of one DP row for a rank holding
    `psi` of the row's `psi_max` parameters."""
    n = row.group_size
    pr = s.precision
    grad, param = BYTES_PER_ELEMENT[pr.grads], BYTES_PER_ELEMENT[pr.params]
    m = s.schedule.microbatches
    zero = s.parallel.zero
    rounds_per_call = 2 * (n - 1) if zero == 0 else n - 1
    share = psi / psi_max if psi_max else 0.0
    seconds = links.alpha(row.cross_node) * rounds_per_call * row.calls_per_step + \
        row.bytes_per_step * share / links.bw(row.cross_node)
    if zero == 0:
        grads = 1.0
    elif zero == 1:
        grads = grad / (grad + param)
    elif zero == 2:
        grads = m * grad / (m * grad + param)
    else:
        grads = grad / (grad + 2 * param)
    return seconds * grads, seconds * (1 - grads)


RankDp = tuple[dict[str, float], dict[str, float], float]  # per axis grads and gathers seconds, optimizer seconds


def _rank_dp(s: Scenario, rows: dict[str, Traffic], hw: Hardware) -> list[RankDp]:
    """Per pipeline rank, its DP/ZeRO gradient-reduction and parameter-gather seconds per axis
    ("dp", "edp") and its optimizer step's seconds: the tail before any of it hides under the
    rank's work. It reads the traffic table's DP rows, the parameters each rank holds and the
    precisions, not the stage costs."""
    p = s.parallel
    links = _Links(*_tiers(s))
    params = rank_parameter_pairs(s)
    dense_max = max((d for d, _ in params), default=0)
    expert_max = max((e for _, e in params), default=0)
    mesh_edp = max(1, p.tp * p.cp * p.dp // (p.etp * p.ep))
    hbm_per_param, pcie_per_param = _optimizer_bytes_per_param(s)
    offloaded = s.offload.optimizer != "gpu"
    found = []
    for dense, expert in params:
        dp_grad: dict[str, float] = {}
        dp_param: dict[str, float] = {}
        for axis, psi, psi_max in (("dp", dense, dense_max), ("edp", expert, expert_max)):
            if axis in rows:
                dp_grad[axis], dp_param[axis] = _dp_parts(s, rows[axis], psi, psi_max, links)
        shard = (dense / (p.dp * p.cp) + expert / mesh_edp) if p.zero >= 1 else float(dense + expert)
        optimizer = shard * (pcie_per_param / hw.pcie_Bps if offloaded else hbm_per_param / hw.stream_Bps)
        found.append((dp_grad, dp_param, optimizer))
    return found


def rank_tails(s: Scenario, rows: dict[str, Traffic], st: _Stages, hw: Hardware) -> list[dict[str, Any]]:
    """Per pipeline rank, what follows its last backward: the DP/ZeRO communication not hidden
    under its windows ("dp", per axis; "dp_raw" all of it) and the optimizer step ("optimizer")."""
    p = s.parallel
    nccl, _ = _sm_shares(s, hw)
    tails = []
    for r, (dp_grad, dp_param, optimizer) in enumerate(_rank_dp(s, rows, hw)):
        mine = st.by_rank[r]
        # DP/ZeRO windows: one micro-batch's backward (and forward) over the rank's chunks
        backward = sum(st.costs[k].I + st.costs[k].W for k in mine)
        forward = sum(st.costs[k].F for k in mine)
        every = sum(st.micro_batches[k] * st.totals[k] for k in mine)
        grad_window = {0: backward, 1: backward, 2: sum(st.micro_batches[k] * (st.costs[k].I + st.costs[k].W)
                                                        for k in mine)}.get(p.zero, every)
        param_window = forward if p.zero < 3 else 0.0
        grads, gathers = sum(dp_grad.values()), sum(dp_param.values())
        if not s.time.dp_overlap:
            out_g, out_p = grads, gathers
        elif p.zero == 3:  # gathers and reductions of every micro-batch under all of the rank's work
            out_g, out_p = max(0.0, grads - every * grads / (grads + gathers)) if grads + gathers else 0.0, \
                max(0.0, gathers - every * gathers / (grads + gathers)) if grads + gathers else 0.0
        else:
            out_g, out_p = max(0.0, grads - grad_window), max(0.0, gathers - param_window)
        # what runs hidden still takes NCCL's SMs from the computation under it (_hide)
        out_g += (grads - out_g) * nccl
        out_p += (gathers - out_p) * nccl
        dp_exposed = {axis: (out_g * dp_grad[axis] / grads if grads else 0.0) +
                      (out_p * dp_param[axis] / gathers if gathers else 0.0) for axis in dp_grad}
        tails.append({"dp": dp_exposed, "dp_raw": {a: dp_grad[a] + dp_param[a] for a in dp_grad},
                      "optimizer": optimizer})
    return tails


def dp_seconds(s: Scenario) -> tuple[tuple[float, float], ...]:
    """Per pipeline rank, (its DP/ZeRO communication seconds, its optimizer step's seconds) before
    any of it hides (`_rank_dp`), for `tail_step_floor`: from the mesh and the traffic table's DP
    rows, without stage costs or a simulation. It does not read activation.recompute, nor the
    micro-batch size or count under ZeRO 0 and 1. ValueError as step_time."""
    _check(s)
    hw = hardware_of(s)
    return tuple((sum(grads.values()) + sum(gathers.values()), optimizer)
                 for grads, gathers, optimizer in _rank_dp(s, _rows(s), hw))


def tail_step_floor(s: Scenario, seconds: tuple[tuple[float, float], ...], makespan_floor: float) -> float:
    """A lower bound on `step_time(s).step_time_s` given `seconds` = dp_seconds(s) and a lower bound
    on its makespan, without its stage costs.

    The step is the makespan x plus the longest rank's tail; a rank's tail is its optimizer step
    plus its DP communication D not hidden, (1 − ν)·max(0, D − window) + ν·D with ν NCCL's share
    of the SMs (`_rank_tails`). Its windows — one micro-batch's backward and forward under ZeRO 0
    and 1, all its backwards and one forward under ZeRO 2, all of its work under ZeRO 3 — add up to
    at most its busy time over the fewest micro-batches a stage runs (m; DualPipe's copies m/2)
    under ZeRO 0/1, and to its busy time under ZeRO 2/3; its busy time is at most x. So the step is
    at least f(x) = x + opt + ν·D + (1 − ν)·max(0, D − x/k), k those micro-batches or 1, and f
    grows with x (slope ≥ 1 − 1/k ≥ 0): f(makespan_floor) bounds it. Under the overlapped kinds
    a DualPipe pair can last less than its two halves, so the busy time does not bound the work
    there: their bound is makespan_floor plus opt + ν·D."""
    return tail_floor_of(seconds, makespan_floor, s.schedule.kind, s.parallel.pp, s.parallel.zero,
                         s.schedule.microbatches, nccl_share(s), s.time.dp_overlap)


def nccl_share(s: Scenario) -> float:
    """NCCL's share of the SMs while its kernels run (`_sm_shares`)."""
    return _sm_shares(s, hardware_of(s))[0]


def tail_floor_of(seconds: tuple[tuple[float, float], ...], makespan_floor: float, kind: str, pp: int, zero: int,
                  microbatches: int, nccl: float, dp_overlap: bool) -> float:
    """`tail_step_floor` from the values it reads (the planner's, without building a scenario)."""
    m = microbatches
    x = makespan_floor
    kind = normalise_kind(kind)
    if kind == "dualpipe" and pp > 1:
        k = min(m // 2, m - m // 2)
    else:
        k = m
    k = max(1, k) if zero < 2 else 1
    most = 0.0
    for dp, optimizer in seconds:
        if not dp_overlap:
            exposed = dp
        elif kind in OVERLAPPED_KINDS:
            exposed = nccl * dp
        else:
            exposed = nccl * dp + (1 - nccl) * max(0.0, dp - x / k)
        most = max(most, exposed + optimizer)
    return x + most
