"""The collective algorithms' own structure, against the papers that define them: pipelining's
chunk count against the closed form it minimises (and the ring broadcast's trade-off), NCCL's double
binary tree (Sanders, Speck & Träff 2009; NCCL's btree), recursive halving and doubling (Thakur,
Rabenseifner & Gropp 2005). The planner's collectives against closed forms and the true result are
tests/test_comm.py."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from test_comm import tallies, truth  # the collectives' definitions and a plan's byte tallies

from tslab.models.comm import ALGORITHMS, execute, plan
from tslab.models.comm.blocks import MAX_PIPELINE_CHUNKS, pipeline_chunks
from tslab.models.comm.halving import fold
from tslab.models.comm.tree import btree_parent, build_trees, unit_trees
from tslab.models.hardware import link_tiers
from tslab.models.scenario import Scenario


@settings(max_examples=300, deadline=None)
@given(depth=st.integers(0, 70_000), size=st.integers(0, 2**46), alpha=st.floats(0, 1e-4),
       bw=st.floats(1e9, 1e13))
def test_pipeline_chunks_minimise_the_closed_form(depth, size, alpha, bw):
    """k = pipeline_chunks(P, S, α, B) minimises T(k) = α(P + k) + βS(P + k)/k over the whole
    numbers 1 … min(MAX_PIPELINE_CHUNKS, S) (brute force), and lies next to k* = sqrt(βS·P/α)."""
    k = pipeline_chunks(depth, size, alpha, bw)
    cap = max(1, min(MAX_PIPELINE_CHUNKS, size))
    assert 1 <= k <= cap
    ks = np.arange(1, cap + 1)
    cost = (depth + ks) * (alpha + size / bw / ks)
    assert (depth + k) * (alpha + size / bw / k) <= cost.min() * (1 + 1e-12)
    if alpha > 0 and depth > 0 and size > 0:
        star = math.sqrt(size / bw * depth / alpha)
        assert k == cap or abs(k - star) < 1 or k == 1 and star < 1


@pytest.mark.parametrize("n", [3, 4, 8, 16, 64, 256])
def test_pipelined_ring_broadcast_trade_off(n):
    """Thakur et al. 2005, pipelined broadcast down a chain of n ranks in k chunks: n − 2 + k
    rounds, T = α(n − 2 + k) + βS(n − 2 + k)/k. Latency: a small message is one chunk, n − 1 rounds;
    bandwidth: a large one approaches βS (busbw near the link), where n chunks gave about 2βS."""
    links = dict(gpus_per_node=1, alpha_inter_s=10e-6, bw_inter_Bps=50e9)
    small = plan("broadcast", n, 1024, "ring", **links)
    assert small.chunks == 1 and small.rounds == n - 1
    S = 2**34
    big = plan("broadcast", n, S, "ring", **links)
    k = big.chunks
    assert k == pipeline_chunks(n - 2, S, 10e-6, 50e9) and big.rounds == n - 2 + k
    closed = lambda k: 10e-6 * (n - 2 + k) + S / 50e9 * (n - 2 + k) / k  # noqa: E731
    assert big.time_s == pytest.approx(closed(k), rel=1e-6)
    assert big.time_s <= closed(n) and big.busbw > 0.75 * 50e9
    reduce = plan("reduce", n, S, "ring", **links)
    assert reduce.time_s == big.time_s and reduce.rounds == big.rounds


# ---------------------------------------------------------------------------------------------
# The double binary tree: NCCL's trees, pipelined, a chain inside each node.

def test_first_tree_is_nccls_btree():
    """NVIDIA/nccl src/graph/trees.cc draws its btree on 14 ranks: 0 → 8; 8 → 4, 12; 4 → 2, 6;
    12 → 10, 13; 2 → 1, 3; 6 → 5, 7; 10 → 9, 11."""
    parent = dict(zip(range(1, 14), btree_parent(np.arange(1, 14), 14).tolist()))
    assert parent == {8: 0, 4: 8, 12: 8, 2: 4, 6: 4, 10: 12, 13: 12, 1: 2, 3: 2, 5: 6, 7: 6, 9: 10, 11: 10}


@pytest.mark.parametrize("m", list(range(2, 40)) + [100, 255, 256, 257, 1000])
def test_the_two_trees_are_complementary(m):
    """Tree 0 is NCCL's btree, tree 1 the btree on 1 … m − 1 mirrored (m − 1 even) or shifted (odd),
    both below unit 0: every unit has one parent in each, and no unit is interior in both."""
    first, second = unit_trees(m)
    for parent in (first, second):
        assert np.all((parent >= 0) & (parent < m)) and np.all(parent != np.arange(1, m))
        assert np.bincount(parent, minlength=m)[0] == 1 and np.bincount(parent, minlength=m).max() <= 2
    interior = [set(np.unique(parent[parent > 0]).tolist()) for parent in (first, second)]
    assert not interior[0] & interior[1]
    assert interior[0] == set(range(2, m, 2))   # NCCL: the leaves of the btree are the odd positions


@pytest.mark.parametrize("n, gpn", [(n, g) for n in (2, 3, 5, 8, 13, 16, 24, 40) for g in (1, 2, 3, 8)])
def test_tree_broadcast_sends_at_most_s(n, gpn):
    """Each tree carries S/2 and a rank forwards at most two chunks a round: a broadcast sends at
    most S from any rank (S + 1 for an odd S: one half is a byte larger) and delivers exactly S to
    every other; a reduce mirrors it."""
    for S in (2**32 + 6, 2**32 + 7):
        _broadcast_and_reduce_bounds(n, gpn, S)


def _broadcast_and_reduce_bounds(n, gpn, S):
    bound = S + S % 2
    trees = build_trees(n, gpn)
    assert np.all(trees.children[0] + trees.children[1] <= 2)
    broadcast = plan("broadcast", n, S, "tree", gpus_per_node=gpn)
    assert broadcast.per_rank_sent_bytes <= bound
    assert broadcast.received_per_rank.tolist() == [0] + [S] * (n - 1)
    reduce = plan("reduce", n, S, "tree", gpus_per_node=gpn)
    assert reduce.sent_per_rank.tolist() == [0] + [S] * (n - 1) and reduce.per_rank_recv_bytes <= bound


@pytest.mark.parametrize("n, gpn", [(8, 1), (16, 1), (64, 1), (1024, 1), (16, 8), (64, 8), (1024, 8), (96, 4)])
def test_tree_runs_near_ring_bandwidth_and_log_latency(n, gpn):
    """Large messages: the pipelined trees come within 1.2× of the ring (all-reduce: 2S against
    2(n−1)/n·S per rank; broadcast and reduce: S each). Small messages: one chunk per tree,
    2⌈lg n⌉ rounds one GPU per node, 2((g − 1) + g⌈lg m⌉) with a chain in each of m nodes, against
    the ring's 2(n − 1)."""
    S = 2**36
    for name in ("allreduce", "broadcast", "reduce"):
        tree, ring = plan(name, n, S, "tree", gpus_per_node=gpn), plan(name, n, S, "ring", gpus_per_node=gpn)
        assert tree.time_s < 1.2 * ring.time_s, name
    small = plan("allreduce", n, 8, "tree", gpus_per_node=gpn)
    m = n // gpn
    depth = math.ceil(math.log2(n)) if gpn == 1 else gpn - 1 + gpn * math.ceil(math.log2(m))
    assert small.rounds == 2 * depth <= plan("allreduce", n, 8, "ring", gpus_per_node=gpn).rounds
    if n >= 64:
        assert small.time_s < plan("allreduce", n, 8, "ring", gpus_per_node=gpn).time_s


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(["allreduce", "broadcast", "reduce"]), n=st.integers(2, 24),
       gpn=st.sampled_from([1, 2, 3, 4, 8]), size=st.integers(10**6, 10**10), seed=st.integers(0, 2**31))
def test_pipelined_tree_computes_the_collective(name, n, gpn, size, seed):
    """With many pipeline chunks (large messages) the executed trees still give the true
    reduction or broadcast, and the rounds are k + D − 1 per phase."""
    r = plan(name, n, size, "tree", gpus_per_node=gpn)
    x = np.random.default_rng(seed).normal(size=(n, r.chunks))
    assert truth(name, x)(execute(r, x))
    height = build_trees(n, gpn).height
    assert r.rounds == (2 if name == "allreduce" else 1) * (r.chunks // 2 + height - 1)


# ---------------------------------------------------------------------------------------------
# Recursive halving and doubling against Thakur, Rabenseifner & Gropp 2005's costs.

HD_LINKS = dict(gpus_per_node=1, alpha_inter_s=7e-6, bw_inter_Bps=25e9)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 31, 64, 100, 1000])
def test_halving_doubling_closed_forms(n):
    """p = n a power of two (Thakur et al. 2005 §4): recursive-doubling all-gather and
    recursive-halving reduce-scatter take lg p·α + (p − 1)/p·S·β, Rabenseifner's all-reduce
    2 lg p·α + 2(p − 1)/p·S·β. Otherwise p' = 2^⌊lg n⌋, r = n − p' and the first 2r ranks fold in
    pairs: all-reduce adds two rounds of S/2 (halves swapped, half returned) and one of S (result
    handed back); reduce-scatter the same fold and one chunk back; all-gather one chunk in and n − 1
    back; the power-of-two rounds then move d + min(d, r) chunks at distance d."""
    a, beta = 7e-6, 1 / 25e9
    p, r, _ = fold(n)
    lg = p.bit_length() - 1
    S = 2 * n * p * 1_024          # every block and chunk of equal size
    c = S // n
    extra = sum(min(d, r) for d in (1 << i for i in range(lg)))
    time = lambda name: plan(name, n, S, "halving-doubling", **HD_LINKS)  # noqa: E731
    if r == 0:
        assert time("allreduce").rounds == 2 * lg
        assert time("allreduce").time_s == pytest.approx(2 * lg * a + 2 * (p - 1) / p * S * beta, rel=1e-12)
        for name in ("allgather", "reducescatter"):
            assert time(name).rounds == lg
            assert time(name).time_s == pytest.approx(lg * a + (p - 1) / p * S * beta, rel=1e-12)
        for name in ("allreduce", "allgather", "reducescatter"):
            sent, received = tallies(time(name))
            share = (2 if name == "allreduce" else 1) * (p - 1) * S // p
            assert sent == received == [share] * n
        return
    ar = time("allreduce")
    assert ar.rounds == 2 * lg + 3
    assert ar.time_s == pytest.approx((2 * lg + 3) * a + (2 + 2 * (p - 1) / p) * S * beta, rel=1e-12)
    half = n - n // 2
    rs = time("reducescatter")
    assert rs.rounds == lg + 3
    assert rs.time_s == pytest.approx((lg + 3) * a + c * beta * (2 * half + (p - 1) + extra + 1), rel=1e-12)
    ag = time("allgather")
    assert ag.rounds == lg + 2
    assert ag.time_s == pytest.approx((lg + 2) * a + c * beta * (1 + (p - 1) + extra + (n - 1)), rel=1e-12)


def test_halving_doubling_wins_the_middle():
    """At the rank counts MPI uses it for (Thakur et al. 2005 §4: medium and long messages with a
    power of two), Rabenseifner's all-reduce has the ring's bandwidth term with lg p instead of
    p − 1 latencies: faster than the ring at every size there, and than the tree once the message
    is large."""
    for S in (2**10, 2**20, 2**30):
        hd = plan("allreduce", 64, S, "halving-doubling", **HD_LINKS)
        assert hd.time_s < plan("allreduce", 64, S, "ring", **HD_LINKS).time_s
    assert plan("allreduce", 64, 2**30, "halving-doubling", **HD_LINKS).time_s < \
        plan("allreduce", 64, 2**30, "tree", **HD_LINKS).time_s


@pytest.mark.parametrize("n", [8, 12, 64])
def test_alpha_beta_chart_crossovers(n):
    """The α–β chart's crossovers (models.derived.alpha_beta_curves) are where the current
    algorithm's planned time crosses another's: "tree wins small, ring wins large" for an
    all-reduce — below the tree → ring size the tree is faster, above it the ring."""
    from tslab.models.derived import alpha_beta_curves
    tiers = link_tiers(Scenario().cluster)
    curves = alpha_beta_curves("allreduce", n, "ring", tiers)
    assert curves.current == "ring"
    assert [name for name, _ in curves.curves] == [a for a in ALGORITHMS if a != "hierarchical" or n % 8 == 0]
    crossing = next(c for c in curves.crossovers if (c.before, c.after) == ("tree", "ring"))
    time = lambda name, size: plan("allreduce", n, int(size), name, **tiers.kwargs()).time_s  # noqa: E731
    assert time("tree", crossing.size / 1.05) < time("ring", crossing.size / 1.05)
    assert time("tree", crossing.size * 1.05) > time("ring", crossing.size * 1.05)
    assert crossing.time_s == pytest.approx(time("ring", crossing.size), rel=1e-9)
    for c in curves.crossovers:
        assert "ring" in (c.before, c.after)
    assert [name for name, _ in alpha_beta_curves("p2p", 2, "tree", tiers).curves] == ["ring"]   # all the same
