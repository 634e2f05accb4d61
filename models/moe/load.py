"""What the step-time model (and any model that needs one MoE layer's load) takes from the routing
model (routing.py): how many tokens each routed expert of the busiest EP rank receives, and where a
token's copies go.

One MoE layer's routing is drawn for the real tokens of one micro-batch on each EP rank (at most
MAX_SAMPLED of them: beyond that the shares barely move and the draws cost time), with the
scenario's `moe.routing`, `moe.seed` and `moe.max_nodes`; the rank that receives the most
assignments is the busiest, and the layer waits for it. Its experts' token counts, relative to the
mean, feed the grouped GEMMs (models/time/flops.py); the ratio of its load to the mean scales the
all-to-all bytes it receives and sends back.

Where a token's K copies go (the all-to-all's two links): with E/R experts per rank and g GPUs per
node, an EP group of R ranks spans N = ⌈R/g⌉ nodes. A copy goes to another node with probability
(N − 1)/N when every node is as likely (uniform routing; node-limited routing keeps that symmetry
for the copies, DeepSeek-V3 §2.1.2), to a peer on the same node with (g − 1)/(g·N) for R ≥ g.
DeepSeek-V3's two-hop route (§3.2.2; DeepEP's normal kernels) sends a token once over the network
to each distinct remote node it needs and fans out there over NVLink, so the network carries
distinct remote nodes, not copies:

    uniform:       distinct nodes = N·(1 − C(E − E/N, K) / C(E, K))
    node-limited:  distinct nodes = M·(1 − C(E·(M − 1)/N, K) / C(E·M/N, K))   (M = max_nodes < N)

and (N − 1)/N of them are remote (each node is the rank's own with probability 1/N). Zipf and hot
routing take the uniform counts for the links. A deterministic teaching model, not a measurement.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

from ..scenario import Scenario
from .routing import node_limit_problem, route
from .settings import MoeSettings

MAX_SAMPLED = 4096        # tokens per rank drawn at most
MAX_DRAWS = 1 << 22       # R·S·K at most (about 0.1 s of drawing)


@dataclass(frozen=True)
class RoutedLoad:
    """One MoE layer's routing as the time model uses it."""
    shares: tuple[float, ...]   # the busiest rank's experts: tokens / the mean tokens per expert
    imbalance: float            # the busiest rank's assignments / the mean rank's
    nodes: int                  # nodes the EP group spans
    remote_copies: float        # share of a token's K copies that go to another node
    local_copies: float         # share that goes to a peer GPU on the same node
    remote_nodes: float         # distinct remote nodes a token needs (the two-hop route's network sends)
    sampled: bool               # drawn from the routing model (False: the uniform mean, routing not drawable)


def _distinct_nodes(experts: int, top_k: int, nodes: int, max_nodes: int, limited: bool) -> float:
    """Expected distinct nodes a token's K distinct experts lie on (module docstring)."""
    per_node = experts / nodes
    if limited and max_nodes < nodes:
        pool, rest = per_node * max_nodes, per_node * (max_nodes - 1)
        return max_nodes * (1.0 - _comb_ratio(rest, pool, top_k))
    return nodes * (1.0 - _comb_ratio(experts - per_node, experts, top_k))


def _comb_ratio(a: float, b: float, k: int) -> float:
    """C(a, k) / C(b, k) as the product ∏ (a − i)/(b − i), 0 when a < k."""
    ratio = 1.0
    for i in range(k):
        if a - i <= 0:
            return 0.0
        ratio *= (a - i) / (b - i)
    return ratio


@functools.lru_cache(maxsize=128)
def routed_load(experts: int, top_k: int, ep: int, tokens: int, routing: str, seed: int, max_nodes: int,
                gpus_per_node: int) -> RoutedLoad:
    """The routing of one MoE layer over `ep` ranks of `tokens` tokens each (module docstring)."""
    g = max(1, gpus_per_node)
    nodes = max(1, math.ceil(ep / g))
    local_ranks = min(ep, g)
    remote = (nodes - 1) / nodes
    local = (local_ranks - 1) / (local_ranks * nodes) if ep > 1 else 0.0
    limited = routing == "node-limited"
    distinct = _distinct_nodes(experts, top_k, nodes, max_nodes, limited) if top_k else 0.0
    per_rank = experts // ep if ep else experts
    sampled = min(max(1, tokens), MAX_SAMPLED, max(1, MAX_DRAWS // max(1, ep * top_k)))
    settings = MoeSettings(tokens_per_rank=sampled, routing=routing, seed=seed, max_nodes=max_nodes)
    usable = ep >= 1 and experts % ep == 0 and 1 <= top_k <= experts and \
        settings.problem(experts, top_k, ep) is None and node_limit_problem(experts, top_k, ep, settings, g) is None
    if not usable:
        return RoutedLoad((1.0,) * per_rank, 1.0, nodes, remote, local, distinct * remote, False)
    counts = route(experts, top_k, ep, settings, g).sum(axis=0).astype(float)   # per expert
    by_rank = counts.reshape(ep, per_rank)
    loads = by_rank.sum(axis=1)
    busiest = int(np.argmax(loads))
    mean_expert = float(counts.sum()) / experts
    shares = tuple(float(x) / mean_expert for x in by_rank[busiest])   # plain floats: results stay JSON-able
    return RoutedLoad(shares, float(loads[busiest] / loads.mean()), nodes, remote, local, distinct * remote, True)


def ep_tokens(s: Scenario) -> int:
    """The tokens one GPU routes in one MoE layer for one micro-batch: s/cp · b, ÷ t with sequence
    parallelism (Megatron-LM requires it for MoE with TP), at least one."""
    m, p = s.model, s.parallel
    tokens = m.seq_len / p.cp * m.micro_batch / (p.tp if p.sp else 1)
    return max(1, math.ceil(tokens))


def scenario_load(s: Scenario) -> RoutedLoad:
    """`routed_load` of the scenario's MoE layer: its experts, top-k, EP ranks, `ep_tokens` per rank
    and [moe] routing, the one place the step time and the memory ledger draw it from."""
    m, mo = s.model, s.moe
    return routed_load(m.experts, m.top_k, s.parallel.ep, ep_tokens(s), mo.routing, mo.seed, mo.max_nodes,
                       s.cluster.gpus_per_node)


__all__ = ["MAX_DRAWS", "MAX_SAMPLED", "RoutedLoad", "ep_tokens", "routed_load", "scenario_load"]
