"""MoonEP rank balance and the expert GEMMs inside a rank.

Sources:
- Kimi K3 technical report §5.2.1: E experts, R EP ranks, S local tokens per rank, K experts per
  token; S·K·R assignments in all; perfect rank balance = every rank receives exactly S·K.
- Kimi K3 Appendix E: the greedy planner (fill an underloaded rank exactly from one overloaded
  rank, each rank filled at most once) needs at most E/R redundant experts per rank, and a
  constructed routing needs ceil(E(R−1)/R²) ≈ E/R, so the bound is nearly tight.
- Kimi K3 (MoonEP's workload-aware expert-GEMM scheduler): equal per-rank totals still leave
  skewed per-expert GEMMs inside a rank; fixed-order expert GEMM vs a workload-aware scheduler,
  here Longest Processing Time first (Graham, "Bounds on multiprocessing timing anomalies",
  SIAM J. Appl. Math. 1969).
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any

import numpy as np


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


def expert_gemm_makespan(tokens_per_expert: np.ndarray, workers: int, workload_aware: bool, *,
                         tile_tokens: int = 1) -> float:
    """Makespan, in tile units, of one rank's expert GEMMs on `workers` SM workers; one expert's
    tiles run on one worker (a job of ceil(n_e / tile_tokens) tiles).
    Fixed order: expert i goes to worker i mod W (round robin, blind to the load).
    Workload-aware: Longest Processing Time first (Graham 1969, ≤ 4/3 − 1/(3W) of optimal); the
    scheduler evaluates its cost model on both and never runs a plan worse than the fixed order,
    so aware ≤ fixed. Both are ≥ max(total / W, largest job)."""
    jobs = expert_tiles(tokens_per_expert, tile_tokens)
    if workers < 1:
        raise ValueError("workers must be ≥ 1")
    fixed = np.bincount(np.arange(jobs.size) % workers, weights=jobs, minlength=workers).max() \
        if jobs.size else 0.0
    if not workload_aware:
        return float(fixed)
    heap = [0] * min(workers, max(1, jobs.size))
    for job in sorted(jobs.tolist(), reverse=True):
        heapq.heapreplace(heap, heap[0] + job)
    return float(min(fixed, max(heap)))


def makespan_lower_bound(tokens_per_expert: np.ndarray, workers: int, *, tile_tokens: int = 1) -> float:
    """max(total / W, largest job): no schedule of indivisible jobs beats it."""
    jobs = expert_tiles(tokens_per_expert, tile_tokens)
    return float(max(jobs.sum() / workers, jobs.max(initial=0)))
