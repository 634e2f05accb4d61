"""The knobs of the MoE analysis (`MoeSettings`) and the routing distributions it knows."""
from __future__ import annotations

from dataclasses import dataclass

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
        if self.routing not in ROUTINGS:
            return f"moe.routing {self.routing!r}: expected one of {', '.join(ROUTINGS)}"
        if self.tokens_per_rank < 1:
            return f"moe.tokens_per_rank {self.tokens_per_rank}: must be ≥ 1"
        if experts < 1:
            return "model.experts is 0: the MoE view needs an MoE model (model.experts ≥ 1)"
        if ranks < 1 or experts % ranks:
            return (f"model.experts {experts} is not a multiple of parallel.ep {ranks}: "
                    "each EP rank must host E/R experts")
        if not 1 <= top_k <= experts:
            return f"model.top_k {top_k}: must be between 1 and model.experts {experts}"
        if ranks * experts > MAX_ROUTING_CELLS:
            return (f"a routing matrix of R·E = {ranks:,} × {experts:,} = {ranks * experts:,} cells exceeds the "
                    f"{MAX_ROUTING_CELLS:,}-cell limit of the MoE analysis; lower parallel.ep or model.experts")
        if self.zipf_s < 0:
            return f"moe.zipf_s {self.zipf_s}: must be ≥ 0"
        if self.hot_experts < 1:   # ≥ E experts "hot" is uniform routing
            return f"moe.hot_experts {self.hot_experts}: must be ≥ 1"
        if not 0.0 <= self.hot_share < 1.0:
            return f"moe.hot_share {self.hot_share}: must be in [0, 1)"
        if self.max_nodes < 1:
            return f"moe.max_nodes {self.max_nodes}: must be ≥ 1"
        if self.sm_workers < 1 or self.tile_tokens < 1:
            return "moe.sm_workers and moe.tile_tokens must be ≥ 1"
        return None

    def check(self, experts: int, top_k: int, ranks: int) -> None:
        """Raise ValueError naming the first setting that cannot be used (`problem`)."""
        reason = self.problem(experts, top_k, ranks)
        if reason is not None:
            raise ValueError(reason)
