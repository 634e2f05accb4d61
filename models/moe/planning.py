"""MoonEP rank balance and the expert GEMMs inside a rank.

Sources:
- Kimi K3 technical report §5.2.1: E experts, R EP ranks, S local tokens per rank, K experts per
  token; S·K·R assignments in all; perfect rank balance = every rank receives exactly S·K.
- Kimi K3 Appendix E: the greedy planner (fill an underloaded rank exactly from one overloaded
  rank, each rank filled at most once) needs at most E/R redundant experts per rank, and a
  constructed routing needs ceil(E(R−1)/R²) ≈ E/R, so the bound is nearly tight.
- Kimi K3 §5.2 (MoonEP's workload-aware expert-GEMM scheduler): equal per-rank totals still leave
  skewed per-expert GEMMs inside a rank; fixed-order expert GEMM vs a workload-aware scheduler,
  here Longest Processing Time first (Graham, "Bounds on multiprocessing timing anomalies",
  SIAM J. Appl. Math. 1969).
- The rank's routed experts run as one grouped GEMM whose m-tiles are the step-time model's
  (models/tiles.py): each expert's rows cut into tiles of tile_tokens rows, the last one cut to the
  next multiple of 16 (NVIDIA, "Matrix Multiplication Background User's Guide", §3.1 Tile
  Quantization), one tile per SM at a time.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..tiles import row_tiles


@dataclass(frozen=True)
class MoonEPPlan:
    recv_tokens: tuple[int, ...]          # per rank after planning: exactly S·K each
    redundant_experts: tuple[int, ...]    # per rank: remote experts it hosts copies of (≤ E/R)
    moves: tuple[tuple[int, int, int, int], ...]   # (from_rank, to_rank, expert, tokens)
    bound: int                            # E/R

    def to_json(self) -> dict[str, Any]:
        return {"recv_tokens": list(self.recv_tokens), "redundant_experts": list(self.redundant_experts),
                "bound": self.bound}


def expert_load(load: np.ndarray) -> np.ndarray:
    """Tokens per expert: a (E,) vector as is, or the column sums of a (R, E) routing matrix."""
    load = np.asarray(load, dtype=np.int64)
    return load if load.ndim == 1 else load.sum(axis=0)


def moonep_plan(load: np.ndarray, experts: int, ranks: int) -> MoonEPPlan:
    """K3 Appendix E greedy. Repeatedly take the most underloaded rank u and the most overloaded
    rank o and move tokens of o's own experts (largest shares first, the last one split) until u
    holds exactly its target. u is then exact and never touched again, so it is filled once, from
    one source, which owns E/R experts: ≤ E/R redundant experts per rank. o may drop below its
    target and is then filled later (once). Targets: total / R = S·K for a route() matrix (when the
    total is not a multiple of R, the first total mod R ranks get one more)."""
    per_expert = expert_load(load)
    if per_expert.shape != (experts,) or experts % ranks:
        raise ValueError(f"load must be (R, E) or (E,) with E = {experts} a multiple of R = {ranks}")
    epr = experts // ranks
    home_left = per_expert.copy()                          # tokens still served at the home rank
    owned = home_left.reshape(ranks, epr)                  # view: rank r's own experts
    total = int(per_expert.sum())
    target = np.full(ranks, total // ranks, dtype=np.int64)
    target[: total % ranks] += 1
    recv = owned.sum(axis=1)                               # tokens each rank serves now
    hosted: list[set[int]] = [set() for _ in range(ranks)]
    moves: list[tuple[int, int, int, int]] = []
    for _ in range(2 * ranks + 1):                         # each step fills a distinct rank: ≤ R
        gap = recv - target
        u = int(np.argmin(gap))
        if gap[u] >= 0:
            break
        o = int(np.argmax(gap))
        need = int(-gap[u])
        for local in np.argsort(-owned[o], kind="stable"):
            if need == 0:
                break
            take = int(min(need, owned[o, local]))
            if take == 0:
                break
            e = o * epr + int(local)
            owned[o, local] -= take
            moves.append((o, u, e, take))
            hosted[u].add(e)
            need -= take
        moved = int(-gap[u]) - need
        recv[o] -= moved
        recv[u] += moved
    else:   # pragma: no cover - impossible by the argument above
        raise RuntimeError("MoonEP greedy did not converge")
    return MoonEPPlan(tuple(int(x) for x in recv), tuple(len(h) for h in hosted), tuple(moves), epr)


def extreme_routing(experts: int, ranks: int, top_k: int, tokens: int) -> np.ndarray:
    """A (R, E) routing whose rank 0 receives nothing and whose other ranks share all S·K·R
    assignments evenly over their E(R−1)/R experts. Rank 0 needs S·K tokens from experts holding
    S·K·R² / (E(R−1)) each, so any plan gives it ≥ ceil(E(R−1)/R²) redundant experts (exact when
    S·K·R is a multiple of E(R−1)/R) — K3 Appendix E's tightness example."""
    if ranks < 2 or experts % ranks:
        raise ValueError("extreme routing needs R ≥ 2 and E a multiple of R")
    epr = experts // ranks
    live = experts - epr                                   # experts not on rank 0
    if top_k > live:
        raise ValueError(f"top_k {top_k} > {live} experts outside rank 0")
    per_row = tokens * top_k
    routing = np.zeros((ranks, experts), dtype=np.int64)
    base, extra = divmod(per_row, live)
    for r in range(ranks):
        row = np.full(live, base, dtype=np.int64)
        start = (r * extra) % live                         # rotate the remainders: even columns
        row[(start + np.arange(extra)) % live] += 1
        routing[r, epr:] = row
    return routing   # entries ≤ ceil(S·K / live) ≤ S, so each token can pick K distinct experts


# ---------------------------------------------------------------------------------------------
# Intra-rank expert GEMM (Kimi K3, MoonEP's expert-GEMM scheduler)

def expert_tiles(tokens_per_expert: np.ndarray, tile_tokens: int = 128) -> np.ndarray:
    """GEMM tiles per expert: ceil(tokens / tile_tokens) M-tiles (empty experts: 0)."""
    t = np.asarray(tokens_per_expert, dtype=np.int64)
    return -(-t // tile_tokens)


def expert_tile_costs(tokens_per_expert: np.ndarray, tile_tokens: int = 128) -> np.ndarray:
    """The m-tiles of the grouped GEMM over the experts, in expert order (expert 0's tiles, then
    expert 1's, …), each as its padded rows (tiles.row_tiles) / tile_tokens: a full tile costs 1,
    the last tile of a 20-token expert 32/128 = 0.25 (empty experts: no tile)."""
    if tile_tokens < 1:
        raise ValueError("tile_tokens must be ≥ 1")
    t = np.maximum(np.asarray(tokens_per_expert, dtype=np.int64), 0)
    full, rest = np.divmod(t, tile_tokens)
    count = full + (rest > 0)
    costs = np.ones(int(count.sum()))
    # every tile but an expert's last partial one is full (row_tiles); the partial one is cut to 16s
    partial = rest > 0
    costs[np.cumsum(count)[partial] - 1] = [row_tiles(int(r), tile_tokens)[0] / tile_tokens for r in rest[partial]]
    return costs


def _lpt(costs: np.ndarray, workers: int) -> float:
    """Longest Processing Time first over the tiles: each, longest first, to the least-loaded
    worker. The full tiles (cost 1, the longest) come first and fill the workers round-robin
    from empty — q = F // W each and one more on F mod W of them, whichever ties are broken — so
    only the partial tiles (at most one per expert) go through the heap."""
    full = int(np.count_nonzero(costs >= 1.0))
    q, r = divmod(full, workers)
    heap = [float(q)] * (workers - r) + [float(q + 1)] * r   # ascending: already a heap
    for cost in sorted(costs[costs < 1.0].tolist(), reverse=True):
        heapq.heapreplace(heap, heap[0] + cost)
    return max(heap)


def expert_gemm_makespan(tokens_per_expert: np.ndarray, workers: int, workload_aware: bool, *,
                         tile_tokens: int = 128) -> float:
    """Makespan of one rank's expert GEMMs on `workers` SM workers, in tile units (one full tile
    of tile_tokens rows = 1). The jobs are the grouped GEMM's m-tiles (expert_tile_costs), each
    costing its padded rows / tile_tokens.
    Fixed order: the static schedule of a persistent grouped-GEMM kernel — tiles in expert order,
    tile i on worker i mod W, blind to their cost.
    Workload-aware: LPT over the tiles (Graham 1969, ≤ 4/3 − 1/(3W) of optimal); the scheduler
    evaluates its cost model on both and never runs a plan worse than the fixed order (Kimi K3
    §5.2), so aware ≤ fixed. Both are ≥ makespan_lower_bound."""
    if workers < 1:
        raise ValueError("workers must be ≥ 1")
    costs = expert_tile_costs(tokens_per_expert, tile_tokens)
    if not costs.size:
        return 0.0
    fixed = float(np.bincount(np.arange(costs.size) % workers, weights=costs, minlength=workers).max())
    return min(fixed, _lpt(costs, workers)) if workload_aware else fixed


def makespan_lower_bound(tokens_per_expert: np.ndarray, workers: int, *, tile_tokens: int = 128) -> float:
    """max(total / W, largest tile), over the tiles of expert_tile_costs: no schedule of whole
    tiles on W workers beats it."""
    costs = expert_tile_costs(tokens_per_expert, tile_tokens)
    return float(max(costs.sum() / workers, costs.max(initial=0.0)))
