"""What the Communication / MoE tab's widgets share: the collectives' names and how many ranks
are animated."""
from __future__ import annotations

ANIMATION_RANK_LIMIT = 16   # ranks drawn as a ring with their chunks


NAMES = {"allreduce": "AllReduce", "reducescatter": "ReduceScatter", "allgather": "AllGather",
         "alltoall": "All-to-All", "broadcast": "Broadcast", "reduce": "Reduce", "p2p": "P2P"}
