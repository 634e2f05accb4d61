"""One MoE layer analysed: dispatch/combine traffic and time, rank balance before and after
MoonEP planning, receive buffers, expert-GEMM makespans; and when a scenario has such a layer.

Sources:
- An MoE layer is router → dispatch all-to-all → local expert GEMM → combine all-to-all
  (Lepikhin et al., GShard (ICLR'21) §2; DeepSeek-V3, arXiv 2412.19437, §3.2.2); the payload is
  one hidden vector per (token, chosen expert): tokens × top_k × hidden × bytes per element.
- DeepSeek-V3 §3.2.2: FP8 dispatch, BF16 combine.
- MaxVio (Wang et al., "Auxiliary-Loss-Free Load Balancing", 2024, §4.1):
  (max load − mean load) / mean load.
- Kimi K3 technical report §5.2.1 and MoonEP (github.com/MoonshotAI/MoonEP): worst-case
  DeepEP-style receive buffer S·K·R tokens vs MoonEP's fixed S·K; DeepEP itself sizes its
  buffers from a size hint for the MoE settings (github.com/deepseek-ai/DeepEP, README).
- α–β time (Hockney 1994; Thakur, Rabenseifner & Gropp 2005 §3): t = α + bytes / β per tier.

Layout: expert e lives on EP rank e // (E/R) (contiguous placement), and EP rank r on node
r // gpus_per_node (EP ranks contiguous within nodes).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..hardware import link_tiers
from ..problems import QT_TRANSLATE_NOOP, Problem
from ..scenario import Scenario
from .planning import MoonEPPlan, expert_gemm_makespan, moonep_plan
from .routing import node_limit_problem_of, route, work_problem_of
from .settings import MoeSettings

# Part of every `tslab moe --json` document ("buffers"."caveat"), kept word for word; the views
# translate it (context "moe").
BUFFER_CAVEAT = QT_TRANSLATE_NOOP(
    "moe",
    "Kimi K3 technical report §5.2.1 and MoonEP (github.com/MoonshotAI/MoonEP): S·K·R is the receive "
    "buffer under the report's worst-case imbalance and copy-free path, S·K is MoonEP's fixed shape; "
    "this is a bound under K3's comparison conditions, not the typical occupancy of every DeepEP "
    "configuration (DeepEP sizes its buffers from its own size hint for the MoE settings: "
    "github.com/deepseek-ai/DeepEP, README, \"Buffer initialization\").")


@dataclass(frozen=True)
class MoeResult:
    tokens_per_rank: int
    top_k: int
    experts: int
    ranks: int
    recv_tokens: tuple[int, ...]     # per rank before planning (home placement)
    maxvio: float                    # (max − mean) / mean of recv_tokens
    imbalance: float                 # max / mean of recv_tokens
    dispatch_bytes: int              # max over ranks of bytes sent to other ranks in dispatch
    combine_bytes: int               # max over ranks of bytes sent back in combine
    intra_node_bytes: int            # dispatch, max over ranks, to ranks on the same node
    inter_node_bytes: int            # dispatch, max over ranks, to ranks on other nodes
    dispatch_time_s: float
    combine_time_s: float
    buffers: dict[str, Any]
    moonep: MoonEPPlan
    # per rank, the grouped expert GEMM's makespan in tile units (a full m-tile of tile_tokens rows
    # = 1) with the tiles in a fixed order and workload-aware (planning.expert_gemm_makespan)
    makespan_fixed: tuple[float, ...]
    makespan_aware: tuple[float, ...]
    # tokens[source rank, expert]: the routing matrix (R, E) the numbers above come from, each row
    # summing to S·K (read-only int64)
    load: np.ndarray = field(repr=False, compare=False)
    routing: str = "uniform"
    seed: int = 0
    tokens_per_expert: tuple[int, ...] = field(default=())
    # the makespans' SM workers and m-tile rows (MoeSettings.sm_workers, .tile_tokens)
    sm_workers: int = 132
    tile_tokens: int = 128

    def to_json(self) -> dict[str, Any]:
        """The `tslab moe --json` keys, then the extra fields."""
        return {
            "tokens_per_rank": self.tokens_per_rank, "top_k": self.top_k, "experts": self.experts,
            "ranks": self.ranks, "recv_tokens": list(self.recv_tokens), "maxvio": self.maxvio,
            "dispatch_bytes": self.dispatch_bytes, "combine_bytes": self.combine_bytes,
            "buffers": dict(self.buffers), "moonep": self.moonep.to_json(),
            "routing": self.routing, "seed": self.seed, "imbalance": self.imbalance,
            "intra_node_bytes": self.intra_node_bytes, "inter_node_bytes": self.inter_node_bytes,
            "dispatch_time_s": self.dispatch_time_s, "combine_time_s": self.combine_time_s,
            "tokens_per_expert": list(self.tokens_per_expert),
            "makespan_fixed": list(self.makespan_fixed), "makespan_aware": list(self.makespan_aware),
        }


def _alpha_beta(intra: np.ndarray, inter: np.ndarray, bw_intra: float, bw_inter: float,
                a_intra: float, a_inter: float) -> float:
    """α–β model (Hockney 1994), t = α + n/β per tier; the tiers run concurrently, so a rank takes
    its slowest tier used, and the all-to-all takes its slowest rank."""
    def tier(n: np.ndarray, bw: float, alpha: float) -> np.ndarray:
        if bw <= 0:
            return np.where(n > 0, math.inf, 0.0)
        return np.where(n > 0, alpha + n / bw, 0.0)
    return float(np.maximum(tier(intra, bw_intra, a_intra), tier(inter, bw_inter, a_inter)).max(initial=0.0))


def analyse(experts: int, top_k: int, ranks: int, hidden: int, s: MoeSettings, *, gpus_per_node: int = 8,
            bw_intra_Bps: float = 400e9, bw_inter_Bps: float = 50e9,
            alpha_intra_s: float = 3e-6, alpha_inter_s: float = 10e-6) -> MoeResult:
    """Route, count traffic, plan MoonEP and schedule the expert GEMMs of one MoE layer. The link
    keywords are hardware.LinkTiers.kwargs()."""
    routing = route(experts, top_k, ranks, s, gpus_per_node)
    gpn = max(1, gpus_per_node)
    # tokens[src, dst]: assignments rank src sends to rank dst (K3 §5.2.1: S·K per source row)
    to_rank = routing.reshape(ranks, ranks, experts // ranks).sum(axis=2)
    recv = to_rank.sum(axis=0)                                        # column sums: received
    node = np.arange(ranks) // gpn
    same_node = node[:, None] == node[None, :]
    remote = ~np.eye(ranks, dtype=bool)
    # GShard §2 / DeepSeek-V3 §3.2.2: payload = tokens × top_k × hidden × bytes, one hidden vector
    # per assignment (no per-rank deduplication), local assignments copy in place.
    intra_tok = (to_rank * (same_node & remote)).sum(axis=1)
    inter_tok = (to_rank * ~same_node).sum(axis=1)
    d_bytes, c_bytes = hidden * s.dispatch_bytes_per_element, hidden * s.combine_bytes_per_element
    dispatch = (intra_tok + inter_tok) * d_bytes
    # combine returns each received remote assignment to its source rank
    c_intra = (to_rank * (same_node & remote)).sum(axis=0) * c_bytes
    c_inter = (to_rank * ~same_node).sum(axis=0) * c_bytes
    mean = recv.mean()
    plan = moonep_plan(routing, experts, ranks)
    # per-rank experts after planning: home experts' remaining share, then hosted copies; each
    # runs as the m-tiles of one grouped GEMM (planning.expert_tile_costs)
    per_expert = routing.sum(axis=0)
    home = per_expert.copy()
    hosted: list[list[int]] = [[] for _ in range(ranks)]
    for _, dst, e, n in plan.moves:
        home[e] -= n
        hosted[dst].append(n)
    epr = experts // ranks
    fixed, aware = [], []
    for r in range(ranks):
        jobs = np.concatenate((home[r * epr:(r + 1) * epr], np.array(hosted[r], dtype=np.int64)))
        fixed.append(expert_gemm_makespan(jobs, s.sm_workers, False, tile_tokens=s.tile_tokens))
        aware.append(expert_gemm_makespan(jobs, s.sm_workers, True, tile_tokens=s.tile_tokens))
    sk = s.tokens_per_rank * top_k
    routing.flags.writeable = False   # shared with the result: MoeResult is frozen
    return MoeResult(
        tokens_per_rank=s.tokens_per_rank, top_k=top_k, experts=experts, ranks=ranks,
        recv_tokens=tuple(int(x) for x in recv),
        maxvio=float((recv.max() - mean) / mean), imbalance=float(recv.max() / mean),
        dispatch_bytes=int(dispatch.max()), combine_bytes=int((c_intra + c_inter).max()),
        intra_node_bytes=int((intra_tok * d_bytes).max()), inter_node_bytes=int((inter_tok * d_bytes).max()),
        dispatch_time_s=_alpha_beta(intra_tok * d_bytes, inter_tok * d_bytes, bw_intra_Bps, bw_inter_Bps,
                                    alpha_intra_s, alpha_inter_s),
        combine_time_s=_alpha_beta(c_intra, c_inter, bw_intra_Bps, bw_inter_Bps,
                                   alpha_intra_s, alpha_inter_s),
        buffers={"worst_case_tokens": sk * ranks, "moonep_tokens": sk, "caveat": BUFFER_CAVEAT},
        moonep=plan, makespan_fixed=tuple(fixed), makespan_aware=tuple(aware), load=routing,
        routing=s.routing, seed=s.seed, tokens_per_expert=tuple(int(x) for x in per_expert),
        sm_workers=s.sm_workers, tile_tokens=s.tile_tokens)


def settings_from(scenario: Scenario) -> MoeSettings:
    """The scenario's [moe] section as MoeSettings (dispatch in FP8 halves the bytes per element)."""
    m = scenario.moe
    return MoeSettings(tokens_per_rank=m.tokens_per_rank, routing=m.routing, seed=m.seed, max_nodes=m.max_nodes,
                       dispatch_bytes_per_element=1 if m.dispatch_precision == "fp8" else 2)


def moe_unavailable(scenario: Scenario, settings: MoeSettings | None = None) -> str | None:
    """None when the MoE analysis applies to the scenario, else the reason (the first rule broken):
    an MoE model (model.experts ≥ 1), expert parallelism (parallel.ep ≥ 2: with one EP rank there
    is no dispatch or combine all-to-all), E/R experts on every EP rank (experts a multiple of ep),
    1 ≤ top_k ≤ experts and usable [moe] settings within the routing-matrix limit
    (MoeSettings.problem), for node-limited routing enough experts on the M nodes a token may
    draw, and routing within the draw limit (routing.work_problem). `settings` defaults to
    settings_from(scenario)."""
    problem = moe_unavailable_problem(scenario, settings)
    return None if problem is None else problem.message


def moe_unavailable_problem(scenario: Scenario, settings: MoeSettings | None = None) -> Problem | None:
    """`moe_unavailable` as a Problem: the key it concerns, and the reason as a template the views
    translate (context "moe")."""
    model, ep = scenario.model, scenario.parallel.ep
    if model.experts < 1:
        return Problem("model.experts", QT_TRANSLATE_NOOP("moe", "model.experts is 0: the MoE analysis needs an MoE "
                                                                 "model (set model.experts and model.top_k)"))
    if ep < 2:
        return Problem("parallel.ep", QT_TRANSLATE_NOOP("moe", "parallel.ep is {ep}: the MoE all-to-all needs an "
                                                               "expert-parallel degree ep ≥ 2 (each EP rank hosts "
                                                               "E/ep experts)"), {"ep": ep})
    if model.experts % ep:
        return Problem("parallel.ep", QT_TRANSLATE_NOOP("moe", "model.experts {experts} is not a multiple of "
                                                               "parallel.ep {ranks}: each EP rank must host E/R "
                                                               "experts"), {"experts": model.experts, "ranks": ep})
    s = settings_from(scenario) if settings is None else settings
    gpn = scenario.cluster.gpus_per_node
    return (s.problem_of(model.experts, model.top_k, ep)
            or node_limit_problem_of(model.experts, model.top_k, ep, s, gpn)
            or work_problem_of(model.experts, model.top_k, ep, s, gpn))


def analyse_scenario(scenario: Scenario, settings: MoeSettings | None = None) -> MoeResult:
    """analyse() of the scenario's MoE layer: E, K, h from [model], R = parallel.ep, the [moe]
    settings (settings_from, unless `settings` is given) and the cluster's link tiers
    (hardware.link_tiers). Raises ValueError with moe_unavailable's reason when it does not apply."""
    reason = moe_unavailable(scenario, settings)
    if reason is not None:
        raise ValueError(reason)
    s = settings_from(scenario) if settings is None else settings
    model = scenario.model
    return analyse(model.experts, model.top_k, scenario.parallel.ep, model.hidden, s,
                   **link_tiers(scenario.cluster).kwargs())


def moe_json(scenario: Scenario, settings: MoeSettings | None = None) -> dict[str, Any]:
    """`tslab moe --json` for a scenario: analyse_scenario(scenario, settings).to_json()."""
    return analyse_scenario(scenario, settings).to_json()
