"""USP: Ulysses × Ring over the cp ranks as a 2-D mesh.

Fang & Zhao, "USP: A Unified Sequence Parallelism Approach for Long Context Generative AI"
(2024), §3–4: the cp ranks form a grid of ring × ulysses ranks; consecutive members of the CP
group form a Ulysses group (all-to-all, ideally inside one NVLink node), the members at the same
position of each Ulysses group form a Ring group (P2P). The Ulysses all-to-all runs on the
ring-row's share S/ring of the sequence, so one layer moves 4(S/ring)H/ulysses per link (MHA);
afterwards each rank holds S/ring tokens of a/ulysses heads and the Ring passes K/V blocks of
S/ring tokens of g/ulysses KV heads, ring − 1 times. The Ulysses degree must hand out whole
heads (and KV heads); the Ring degree has no such bound.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..scenario import Scenario
from .common import Placement, Shapes, alltoall_time, message_time, placement_of, tiers_of
from .ulysses import degree_problem, ulysses_bytes


@dataclass(frozen=True)
class Usp:
    """USP (Fang & Zhao 2024) with ulysses × ring = cp.

    ulysses_bytes_per_link_per_layer: QKV + output of the Ulysses all-to-alls on S/ring tokens
    over `ulysses` ranks (4(S/ring)H/ulysses for MHA; 0 when ulysses = 1); ring_bytes_per_step:
    one K and one V block of S/ring tokens and g/ulysses KV heads; ring_steps = ring − 1. grid:
    ring rows × ulysses columns of global GPU ranks, row i = CP members i·u … i·u + u − 1 (one
    Ulysses group). When context.ulysses does not divide cp there is no grid: feasible = False,
    ring = 0, no bytes."""
    ulysses: int
    ring: int
    feasible: bool
    reason: str
    ulysses_bytes_per_link_per_layer: int
    ring_bytes_per_step: int
    ring_steps: int
    grid: tuple[tuple[int, ...], ...]
    ulysses_placement: Placement
    ring_placement: Placement
    auto: bool = True               # the Ulysses degree was chosen (context.ulysses = 0)
    ulysses_time_s: float = 0.0     # both all-to-alls on the Ulysses axis's tier
    ring_transfer_s: float = 0.0    # one Ring step's K/V transfer on the Ring axis's tier
    ulysses_buffer_bytes: int = 0   # head-sharded QKV + output receive buffers of one layer
    ring_buffer_bytes: int = 0      # two K/V blocks in flight


def auto_degree(sh: Shapes) -> int:
    """The largest divisor of cp that hands each rank whole heads and KV heads."""
    return max(u for u in range(1, sh.cp + 1) if sh.cp % u == 0 and not degree_problem(sh, u))


def analyse_usp(s: Scenario, sh: Shapes, group: tuple[int, ...]) -> Usp:
    gpn = s.cluster.gpus_per_node
    wanted = s.context.ulysses
    auto = wanted == 0
    u = auto_degree(sh) if auto else wanted
    nowhere = Placement((), 0, "intra")
    if sh.cp % u:
        return Usp(ulysses=u, ring=0, feasible=False,
                   reason=f"the Ulysses degree {u} does not divide cp = {sh.cp}: no ulysses × ring grid",
                   ulysses_bytes_per_link_per_layer=0, ring_bytes_per_step=0, ring_steps=0, grid=(),
                   ulysses_placement=nowhere, ring_placement=nowhere, auto=auto)
    ring = sh.cp // u
    grid = tuple(tuple(group[i * u:(i + 1) * u]) for i in range(ring))
    ulysses_placement = placement_of(grid[0], gpn)
    ring_placement = placement_of(tuple(row[0] for row in grid), gpn)
    reason = degree_problem(sh, u)
    row_tokens = sh.seq_len / ring
    qkv, out = ulysses_bytes(sh, row_tokens, u)
    # After the all-to-all a rank holds 1/u of the heads; the Ring moves their K/V.
    kv_block = sh.tokens_bytes(row_tokens, (sh.k_width + sh.v_width)) // u
    tiers = tiers_of(s)
    ulysses_time = (alltoall_time(tiers, ulysses_placement.tier, u, qkv)
                    + alltoall_time(tiers, ulysses_placement.tier, u, out))
    ring_transfer = message_time(tiers, ring_placement.tier, kv_block) if ring > 1 else 0.0
    buffers = sh.tokens_bytes(sh.seq_len / sh.cp, sh.q_width + sh.k_width + sh.v_width + sh.o_width)
    return Usp(ulysses=u, ring=ring, feasible=not reason, reason=reason, ulysses_bytes_per_link_per_layer=qkv + out,
               ring_bytes_per_step=kv_block, ring_steps=ring - 1, grid=grid, ulysses_placement=ulysses_placement,
               ring_placement=ring_placement, auto=auto, ulysses_time_s=ulysses_time, ring_transfer_s=ring_transfer,
               ulysses_buffer_bytes=buffers if u > 1 else 0, ring_buffer_bytes=2 * kv_block if ring > 1 else 0)
