"""Collective communication: which rank sends which chunk to whom in each round, how many bytes each
rank sends and receives, and how long it takes in the α–β model. A deterministic teaching model,
not a measurement.

Sources:
- nccl-tests, doc/PERFORMANCE.md: algbw = S / t; busbw = algbw · factor with factor 2(n−1)/n for
  AllReduce, (n−1)/n for ReduceScatter, AllGather and AlltoAll, 1 for Broadcast and Reduce. S is
  the nccl-tests size: the per-rank buffer, and for AllGather/ReduceScatter the full gathered array
  (n times the shard).
- Thakur, Rabenseifner & Gropp, "Optimization of Collective Communication Operations in MPICH"
  (IJHPCA 2005): ring reduce-scatter / all-gather (n−1 rounds of S/n), ring all-reduce =
  reduce-scatter + all-gather (2(n−1) rounds, 2(n−1)/n·S sent per rank), pairwise-exchange
  all-to-all (n−1 rounds), pipelined chain broadcast/reduce, tree algorithms (⌈log2 n⌉ levels).
- Sanders, Speck & Träff (2009) / NVIDIA/nccl src/graph/trees.cc: pipelined double binary trees —
  two trees each carrying half of the data, the interior ranks of one tree being leaves of the
  other (tree.py); Thakur et al. 2005 §4 recursive halving and doubling (halving.py).
- Hockney (1994) α–β model, as Thakur et al. 2005 §3 use it: time ≈ α·rounds +
  bytes_on_critical_path / bandwidth; here per round α(tier) + max over ranks of bytes sent or
  received that round / bandwidth(tier), where a round's tier is "inter" as soon as one of its
  sends leaves a node (the slowest link sets the round).

Modules: one per algorithm builder (ring, chain, tree, hierarchical, halving, pairwise, p2p), `registry`
(which builder plans which collective), `planner` (plan), `result` (Step, CollectiveResult),
`execute` (execute, execute_rounds), `overlap`, `comm_json`; `blocks` holds what the builders
share.

Chunk layout (what `execute` expects): every rank's buffer is split into `result.chunks` chunks.
- ring/hierarchical allreduce, reducescatter, allgather: n chunks; after reduce-scatter rank r holds
  the sum of chunk r; for allgather rank r contributes its chunk r.
- broadcast/reduce (ring = pipelined chain, hierarchical): k chunks pipelined, k chosen for the size
  (blocks.pipeline_chunks); root is rank 0.
- tree (double binary tree, allreduce/broadcast/reduce): 2k chunks, chunk t·k + j is pipeline
  chunk j of tree t.
- halving-doubling: allreduce 2^⌊lg n⌋ blocks; reducescatter/allgather n chunks as the ring's.
- alltoall: n chunks per rank, chunk c of rank r is the block rank r sends to rank c; inside the
  steps a block is named by the logical id r·n + c (kept by whoever holds it); the result of
  `execute` has out[r, c] = inputs[c, r].
- p2p: 1 chunk, rank 0 sends it to rank 1.
"""
from __future__ import annotations

from .comm_json import comm_json
from .execute import execute, execute_rounds
from .overlap import overlap
from .planner import BUSBW_FACTOR, MAX_BYTES, MAX_RANKS, normalise_algorithm, normalise_collective, plan
from .registry import ALGORITHMS, BUILDERS, COLLECTIVES, FAMILY
from .result import CollectiveResult, Step

__all__ = [
    "ALGORITHMS", "BUILDERS", "BUSBW_FACTOR", "COLLECTIVES", "FAMILY", "MAX_BYTES", "MAX_RANKS",
    "CollectiveResult", "Step", "comm_json", "execute", "execute_rounds", "normalise_algorithm", "normalise_collective",
    "overlap", "plan",
]
