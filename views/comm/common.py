"""What the Communication / MoE tab's widgets share: the collectives' names, how many ranks are
animated, and the scenario's link tiers in the units of the collective planner."""
from __future__ import annotations

from tslab.models.scenario import Scenario


ANIMATION_RANK_LIMIT = 16   # ranks drawn as a ring with their chunks


NAMES = {"allreduce": "AllReduce", "reducescatter": "ReduceScatter", "allgather": "AllGather",
         "alltoall": "All-to-All", "broadcast": "Broadcast", "reduce": "Reduce", "p2p": "P2P"}


def links(s: Scenario) -> dict:
    """The cluster's two link tiers in plan()'s units."""
    c = s.cluster
    return dict(gpus_per_node=c.gpus_per_node, alpha_intra_s=c.intra_latency_us * 1e-6,
                alpha_inter_s=c.inter_latency_us * 1e-6, bw_intra_Bps=c.intra_bw_gbps * 1e9,
                bw_inter_Bps=c.inter_bw_gbps * 1e9)
