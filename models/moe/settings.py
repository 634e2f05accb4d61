"""The knobs of the MoE analysis (`MoeSettings`) and the routing distributions it knows."""
from __future__ import annotations

from dataclasses import dataclass

from ..problems import QT_TRANSLATE_NOOP, Problem

ROUTINGS = ("uniform", "zipf", "hot", "node-limited")

# Limits of one MoE analysis, checked before anything is drawn (measured on two cores, see
# docs/cli-and-json.md, Limits): the (R, E) routing matrix of int64 counts, and the random draws
# route() makes (routing.routing_draws: R·S tokens × the draws each needs for K distinct experts).
MAX_ROUTING_CELLS = 1 << 24   # R·E: 128 MiB of counts, ~1 s with the per-rank expert GEMMs
MAX_ROUTING_DRAWS = 1 << 25   # ~33.5 million draws: ~1–3 s and ~0.5 GB


@dataclass(frozen=True)
class MoeSettings:
    tokens_per_rank: int = 4096   # S, local tokens per EP rank (Kimi K3 §5.2.1)
    routing: str = "uniform"
    seed: int = 0
    zipf_s: float = 1.2           # skew for "zipf": p(i-th most popular) ∝ 1 / i^s
    hot_experts: int = 4          # for "hot": this many experts share `hot_share` of the picks
    hot_share: float = 0.5
    max_nodes: int = 4            # node-limited: each token's experts on ≤ M nodes (DeepSeek-V3 §2.1.2)
    dispatch_bytes_per_element: int = 2   # BF16 2, FP8 1 (DeepSeek-V3 §3.2.2 dispatches in FP8)
    combine_bytes_per_element: int = 2    # combine stays BF16 (DeepSeek-V3 §3.2.2)
    sm_workers: int = 132         # SM workers for the intra-rank expert-GEMM makespan (H100: 132 SMs)
    tile_tokens: int = 128        # tokens per GEMM tile (M dimension) for the makespan

    def problem(self, experts: int, top_k: int, ranks: int) -> str | None:
        """The first setting that cannot be used with E = experts, K = top_k, R = ranks, or None."""
        problem = self.problem_of(experts, top_k, ranks)
        return None if problem is None else problem.message

    def problem_of(self, experts: int, top_k: int, ranks: int) -> Problem | None:
        """`problem` as a Problem: its key, and its message as a template the views translate
        (context "moe")."""
        if self.routing not in ROUTINGS:
            return Problem("moe.routing",
                           QT_TRANSLATE_NOOP("moe", "moe.routing {routing!r}: expected one of {routings}"),
                           {"routing": self.routing, "routings": ", ".join(ROUTINGS)})
        if self.tokens_per_rank < 1:
            return Problem("moe.tokens_per_rank", QT_TRANSLATE_NOOP("moe", "moe.tokens_per_rank {tokens}: must be ≥ 1"),
                           {"tokens": self.tokens_per_rank})
        if experts < 1:
            return Problem("model.experts", QT_TRANSLATE_NOOP("moe", "model.experts is 0: the MoE view needs an MoE "
                                                                     "model (model.experts ≥ 1)"))
        if ranks < 1 or experts % ranks:
            return Problem("parallel.ep", QT_TRANSLATE_NOOP("moe", "model.experts {experts} is not a multiple of "
                                                                   "parallel.ep {ranks}: each EP rank must host E/R "
                                                                   "experts"), {"experts": experts, "ranks": ranks})
        if not 1 <= top_k <= experts:
            return Problem("model.top_k", QT_TRANSLATE_NOOP("moe", "model.top_k {top_k}: must be between 1 and "
                                                                   "model.experts {experts}"),
                           {"top_k": top_k, "experts": experts})
        if ranks * experts > MAX_ROUTING_CELLS:
            return Problem("parallel.ep", QT_TRANSLATE_NOOP("moe", "a routing matrix of R·E = {ranks:,} × {experts:,} "
                                                                   "= {cells:,} cells exceeds the {limit:,}-cell limit "
                                                                   "of the MoE analysis; lower parallel.ep or "
                                                                   "model.experts"),
                           {"ranks": ranks, "experts": experts, "cells": ranks * experts, "limit": MAX_ROUTING_CELLS})
        if self.zipf_s < 0:
            return Problem("moe.zipf_s", QT_TRANSLATE_NOOP("moe", "moe.zipf_s {value}: must be ≥ 0"),
                           {"value": self.zipf_s})
        if self.hot_experts < 1:   # ≥ E experts "hot" is uniform routing
            return Problem("moe.hot_experts", QT_TRANSLATE_NOOP("moe", "moe.hot_experts {value}: must be ≥ 1"),
                           {"value": self.hot_experts})
        if not 0.0 <= self.hot_share < 1.0:
            return Problem("moe.hot_share", QT_TRANSLATE_NOOP("moe", "moe.hot_share {value}: must be in [0, 1)"),
                           {"value": self.hot_share})
        if self.max_nodes < 1:
            return Problem("moe.max_nodes", QT_TRANSLATE_NOOP("moe", "moe.max_nodes {value}: must be ≥ 1"),
                           {"value": self.max_nodes})
        if self.sm_workers < 1 or self.tile_tokens < 1:
            return Problem("moe.sm_workers", QT_TRANSLATE_NOOP("moe", "moe.sm_workers and moe.tile_tokens must be ≥ 1"))
        return None

    def check(self, experts: int, top_k: int, ranks: int) -> None:
        """Raise ValueError naming the first setting that cannot be used (`problem`)."""
        reason = self.problem(experts, top_k, ranks)
        if reason is not None:
            raise ValueError(reason)
