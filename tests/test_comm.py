"""Collective planner against closed forms and against the true result on random data.

Oracles: nccl-tests doc/PERFORMANCE.md (busbw = algbw · factor, with its per-collective factors),
Thakur, Rabenseifner & Gropp 2005 (ring: 2(n−1) rounds and 2(n−1)/n·S sent per rank for all-reduce,
n−1 rounds and (n−1)/n·S for reduce-scatter / all-gather / pairwise all-to-all, pipelined chains),
Hockney's α–β model (α dominates small messages, β large ones), Sanders, Speck & Träff 2009 (double
binary trees of height ⌊log2 n⌋); and the steps executed on symbolic inputs, whose result must be
the collective's definition.
"""
from __future__ import annotations

import inspect
import math
from collections import Counter, defaultdict

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from tslab.models.comm import (ALGORITHMS, BUILDERS, BUSBW_FACTOR, COLLECTIVES, FAMILY, MAX_BYTES, MAX_RANKS, comm_json,
                               execute, execute_rounds, overlap, plan)
from tslab.models.comm.blocks import pipeline_chunks
from tslab.models.hardware import LinkTiers, link_tiers
from tslab.models.scenario import Scenario

NCCL_FACTORS = {"allreduce": lambda n: 2 * (n - 1) / n, "reducescatter": lambda n: (n - 1) / n,
                "allgather": lambda n: (n - 1) / n, "alltoall": lambda n: (n - 1) / n,
                "broadcast": lambda n: 1.0, "reduce": lambda n: 1.0}


@pytest.mark.parametrize("name", list(NCCL_FACTORS))
def test_busbw_matches_nccl_tests(name):
    doc = comm_json(name, 8, 2**30, "ring", None)
    assert doc["ranks"] == 8 and doc["bytes"] == 2**30
    assert doc["busbw_factor"] == pytest.approx(NCCL_FACTORS[name](8), rel=1e-9)
    assert doc["busbw"] == pytest.approx(doc["algbw"] * doc["busbw_factor"], rel=1e-9)
    assert doc["algbw"] == pytest.approx(2**30 / doc["time_s"], rel=1e-9)
    for key in ("collective", "algorithm", "per_rank_sent_bytes", "per_rank_recv_bytes", "rounds",
                "time_s", "steps", "convention"):
        assert key in doc
    assert isinstance(doc["per_rank_sent_bytes"], int) and isinstance(doc["steps"], list)


@pytest.mark.parametrize("words", [("all", "reduce"), ("reduce", "scatter"), ("all", "gather"),
                                   ("all", "to", "all")])
def test_collective_spellings(words):
    want = "".join(words)
    for spelling in ("".join(words), "-".join(words), "_".join(words),
                     "".join(w.capitalize() for w in words)):
        assert comm_json(spelling, 8, 2**20, "ring", None)["collective"] == want


@pytest.mark.parametrize("n", [2, 3, 8, 16, 64])
def test_ring_closed_forms(n):
    S = n * 1_000_003
    ar = plan("allreduce", n, S)
    assert ar.rounds == 2 * (n - 1)
    assert ar.per_rank_sent_bytes == ar.per_rank_recv_bytes == 2 * (n - 1) * S // n
    for name in ("reducescatter", "allgather", "alltoall"):
        r = plan(name, n, S)
        assert r.rounds == n - 1
        assert r.per_rank_sent_bytes == (n - 1) * S // n
    assert BUSBW_FACTOR["allreduce"](n) == pytest.approx(2 * (n - 1) / n)


def test_alpha_and_beta_regimes():
    kw = dict(gpus_per_node=8, alpha_intra_s=3e-6, bw_intra_Bps=400e9)
    tiny = plan("allreduce", 8, 8, **kw)
    assert tiny.time_s == pytest.approx(tiny.rounds * 3e-6, rel=1e-3)
    huge = plan("allreduce", 8, 2**34, **kw)
    beta = huge.per_rank_sent_bytes / 400e9
    assert huge.time_s == pytest.approx(beta, rel=1e-3)
    assert huge.rounds * 3e-6 < 0.01 * huge.time_s


def test_hierarchical_moves_fewer_bytes_across_nodes():
    flat = plan("allreduce", 16, 2**30, "ring", gpus_per_node=8)
    hier = plan("allreduce", 16, 2**30, "hierarchical", gpus_per_node=8)
    assert hier.inter_node_bytes < flat.inter_node_bytes
    assert hier.time_s < flat.time_s
    assert {s.tier for s in hier.steps} == {"intra", "inter"}
    assert {s.tier for s in flat.steps} == {"inter"}


def test_tree_fallback_and_latency():
    rs = plan("reducescatter", 8, 1024, "tree")
    assert rs.algorithm == "ring" and "ring used instead" in rs.convention
    tree, ring = plan("allreduce", 64, 64, "tree", gpus_per_node=1), plan("allreduce", 64, 64, "ring")
    assert tree.rounds == 2 * 6 and tree.time_s < ring.time_s
    # 8 nodes of 8: a chain of 7 hops in the root node, then a hop and a chain of 7 per node level
    assert plan("allreduce", 64, 64, "tree").rounds == 2 * (7 + 8 * 3) < ring.rounds


def test_every_algorithm_name_plans_every_collective():
    """The registry: a builder for each (algorithm, family) it lists, the ring one for every
    family (the fallback), and the fallbacks the convention names."""
    assert {family for _, family in BUILDERS} == set(FAMILY.values())
    assert all(("ring", family) in BUILDERS for family in FAMILY.values())
    used = {(name, algorithm): plan(name, 8, 4096, algorithm).algorithm
            for name in COLLECTIVES for algorithm in ALGORITHMS}
    assert {key for key, algorithm in used.items() if algorithm != key[1]} == {
        ("reducescatter", "tree"), ("allgather", "tree"), ("alltoall", "tree"), ("alltoall", "hierarchical"),
        ("alltoall", "halving-doubling"), ("broadcast", "halving-doubling"), ("reduce", "halving-doubling")}
    assert "flat algorithm used" in plan("alltoall", 8, 4096, "hierarchical").convention
    assert plan("broadcast", 8, 4096, "halving-doubling").convention.startswith(
        "halving-doubling is not defined for broadcast: ring used instead; ")


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("name", COLLECTIVES)
def test_per_rank_bytes_are_a_tally_of_the_steps(name, algorithm):
    """sent_per_rank / received_per_rank come from each algorithm's structure; adding up the bytes
    of every send in `steps` rank by rank must give the same arrays (uneven chunks, partial nodes)."""
    for n in range(1, 17):
        for gpn in (1, 3, 4, 8):
            if name == "p2p" and n < 2 or algorithm == "hierarchical" and n % min(gpn, n):
                continue
            r = plan(name, n, 1_000_003 + n, algorithm, gpus_per_node=gpn)
            sent, received = [0] * n, [0] * n
            for step in r.steps:
                for src, dst, _, nbytes in step.sends:
                    sent[src] += nbytes
                    received[dst] += nbytes
            assert r.sent_per_rank.tolist() == sent, (n, gpn)
            assert r.received_per_rank.tolist() == received, (n, gpn)
            assert (max(sent), max(received)) == (r.per_rank_sent_bytes, r.per_rank_recv_bytes)
            assert r.sent_per_rank.dtype == np.int64 and not r.sent_per_rank.flags.writeable


def test_link_tiers_convert_the_cluster_units():
    """GB/s → B/s and µs → s once, and kwargs() is exactly plan()'s link keywords."""
    cluster = Scenario().replace(**{"cluster.gpus_per_node": 4, "cluster.intra_bw_gbps": 900.0,
                                    "cluster.inter_bw_gbps": 25.0, "cluster.intra_latency_us": 2.0,
                                    "cluster.inter_latency_us": 15.0}).cluster
    tiers = link_tiers(cluster)
    assert isinstance(tiers, LinkTiers) and type(tiers.gpus_per_node) is int
    assert tiers.kwargs() == pytest.approx(dict(gpus_per_node=4, alpha_intra_s=2e-6, alpha_inter_s=15e-6,
                                                bw_intra_Bps=900e9, bw_inter_Bps=25e9), rel=1e-12)
    keywords = {name for name, p in inspect.signature(plan).parameters.items() if p.kind is p.KEYWORD_ONLY}
    assert set(tiers.kwargs()) == keywords
    by_hand = plan("allreduce", 16, 2**20, "hierarchical", gpus_per_node=4, alpha_intra_s=2.0 * 1e-6,
                   alpha_inter_s=15.0 * 1e-6, bw_intra_Bps=900.0 * 1e9, bw_inter_Bps=25.0 * 1e9)
    assert plan("allreduce", 16, 2**20, "hierarchical", **tiers.kwargs()) == by_hand


def test_steps_json_shape():
    doc = plan("allgather", 4, 400).to_json()
    assert doc["steps"][0] == {"sends": [[0, 1, 0, 100], [1, 2, 1, 100], [2, 3, 2, 100],
                                         [3, 0, 3, 100]], "reduce": False, "tier": "intra"}


@pytest.mark.parametrize("bad", [dict(collective="allsum"), dict(ranks=0), dict(size_bytes=-1),
                                 dict(algorithm="butterfly"),
                                 dict(algorithm="hierarchical", ranks=12)])
def test_errors(bad):
    args = dict(collective="allreduce", ranks=16, size_bytes=1024, algorithm="ring") | bad
    with pytest.raises(ValueError):
        plan(args["collective"], args["ranks"], args["size_bytes"], args["algorithm"])


@pytest.mark.parametrize("name", COLLECTIVES)
def test_limits_are_refused_with_the_numbers(name):
    """Above MAX_RANKS ranks or MAX_BYTES bytes plan() refuses at once, naming the limit; at the
    limits it plans."""
    with pytest.raises(ValueError, match=f"{MAX_RANKS + 1:,} ranks exceed the planner's limit of {MAX_RANKS:,}"):
        plan(name, MAX_RANKS + 1, 1024)
    with pytest.raises(ValueError, match=f"{MAX_BYTES + 1:,} B exceeds the planner's limit of {MAX_BYTES:,} B"):
        plan(name, 8, MAX_BYTES + 1)
    r = plan(name, 8, MAX_BYTES)
    assert r.per_rank_sent_bytes <= 2 * MAX_BYTES and r.time_s > 0


def truth(name, x):
    n = x.shape[0]
    d = np.arange(n)
    if name == "allreduce":
        return lambda o: np.allclose(o, x.sum(0)[None])
    if name == "reducescatter":
        return lambda o: np.allclose(o[d, d], x.sum(0))
    if name == "allgather":
        return lambda o: np.allclose(o, x[d, d][None])
    if name == "alltoall":
        return lambda o: np.allclose(o, np.swapaxes(x, 0, 1))
    if name == "broadcast":
        return lambda o: np.allclose(o, x[0][None])
    if name == "reduce":
        return lambda o: np.allclose(o[0], x.sum(0))
    return lambda o: np.allclose(o[1], x[0])


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from(COLLECTIVES), algorithm=st.sampled_from(ALGORITHMS),
       n=st.integers(2, 16), gpn=st.sampled_from([1, 2, 4, 8]), size=st.integers(0, 10_000),
       seed=st.integers(0, 2**31))
def test_execute_matches_truth(name, algorithm, n, gpn, size, seed):
    if algorithm == "hierarchical" and n % min(gpn, n):
        n = max(gpn, n - n % gpn)
    r = plan(name, n, size, algorithm, gpus_per_node=gpn)
    x = np.random.default_rng(seed).normal(size=(n, r.chunks, 2))
    assert truth(name, x)(execute(r, x))
    assert r.busbw == pytest.approx(r.algbw * r.busbw_factor)
    assert len(r.steps) == r.rounds


@given(comm=st.floats(0, 1e3), compute=st.floats(0, 1e3), fraction=st.floats(0, 1))
def test_overlap_invariants(comm, compute, fraction):
    o = overlap(comm, compute, fraction)
    assert o["hidden_s"] + o["exposed_s"] == pytest.approx(comm)
    assert 0 <= o["hidden_s"] <= compute and o["hidden_s"] <= fraction * comm + 1e-12
    assert o["total_s"] == pytest.approx(compute + o["exposed_s"])


# ---------------------------------------------------------------------------------------------
# Independent oracles: the steps executed on symbolic data, closed forms for bytes, rounds and
# α–β time, nccl-tests' bus-bandwidth factors, and the α–β model recomputed from the steps.

SMALL = [(n, gpn) for n in range(1, 14) for gpn in (1, 2, 3, 4, 8)]


def symbolic_rounds(result):
    """Run `result.steps` on symbolic buffers: a chunk holds a multiset of (source rank, source
    chunk) contributions, so a sum that counts a contribution twice or misses one shows. Every
    round reads the state at its start; a reduce round adds the sender's chunk into the
    receiver's, any other round replaces it (module docstring of tslab.models.comm). Yields the
    state before the first round and after each round: per rank {chunk id: Counter}."""
    n = result.ranks
    if result.collective == "alltoall":  # block r·n + c is what rank r sends to rank c
        state = [{r * n + c: Counter({(r, c): 1}) for c in range(n)} for r in range(n)]
    else:
        state = [{c: Counter({(r, c): 1}) for c in range(result.chunks)} for r in range(n)]
    yield state
    for step in result.steps:
        before = [{c: Counter(held) for c, held in rank.items()} for rank in state]
        for src, dst, chunk, _ in step.sends:
            assert chunk in before[src], f"rank {src} sends chunk {chunk} it does not hold"
            if step.reduce:
                state[dst][chunk] = state[dst].get(chunk, Counter()) + before[src][chunk]
            else:
                state[dst][chunk] = Counter(before[src][chunk])
        yield state


def definition_holds(result, state) -> bool:
    """The collective's definition on the final symbolic buffers (root = rank 0; p2p: 0 → 1)."""
    n, chunks = result.ranks, result.chunks

    def everyone(c: int) -> Counter:
        return Counter({(r, c): 1 for r in range(n)})
    name = result.collective
    if name == "allreduce":        # every rank holds the sum of every chunk
        return all(state[r][c] == everyone(c) for r in range(n) for c in range(chunks))
    if name == "reducescatter":    # rank r holds the sum of chunk r
        return all(state[r][r] == everyone(r) for r in range(n))
    if name == "allgather":        # every rank holds chunk c of rank c, for every c
        return all(state[r][c] == Counter({(c, c): 1}) for r in range(n) for c in range(chunks))
    if name == "alltoall":         # rank r holds block r of every source s
        return all(state[r].get(s * n + r) == Counter({(s, r): 1}) for r in range(n) for s in range(n))
    if name == "broadcast":        # every rank holds the root's buffer
        return all(state[r][c] == Counter({(0, c): 1}) for r in range(n) for c in range(chunks))
    if name == "reduce":           # the root holds the sum
        return all(state[0][c] == everyone(c) for c in range(chunks))
    return state[1][0] == Counter({(0, 0): 1})


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("name", COLLECTIVES)
def test_steps_compute_the_collective(name, algorithm):
    """For n = 1 … 13 (powers of two and not) and several node sizes: the steps, executed on
    symbolic inputs, produce exactly the collective's result; execute_rounds (what the animation
    shows) agrees with the symbolic state after every round on numeric inputs."""
    for n, gpn in SMALL:
        if name == "p2p" and n < 2 or algorithm == "hierarchical" and n % min(gpn, n):
            continue
        r = plan(name, n, 1000 + 7 * n, algorithm, gpus_per_node=gpn)
        states = [[{c: Counter(v) for c, v in rank.items()} for rank in s] for s in symbolic_rounds(r)]
        assert len(states) == r.rounds + 1
        assert definition_holds(r, states[-1]), (name, algorithm, n, gpn)
        x = np.random.default_rng(n).normal(size=(n, r.chunks))
        for state, shown in zip(states, execute_rounds(r, x), strict=True):
            want = np.zeros((n, r.chunks))
            for rank in range(n):
                for c in range(r.chunks):
                    held = state[rank].get(c * n + rank if name == "alltoall" else c, Counter())
                    want[rank, c] = sum(count * x[src, chunk] for (src, chunk), count in held.items())
            assert np.allclose(shown, want), (name, algorithm, n, gpn)


def tallies(result):
    """Bytes sent and received per rank, from the steps."""
    sent, received = [0] * result.ranks, [0] * result.ranks
    for step in result.steps:
        for src, dst, _, nbytes in step.sends:
            sent[src] += nbytes
            received[dst] += nbytes
    return sent, received


@pytest.mark.parametrize("n", [2, 3, 5, 6, 7, 8, 12, 13, 16])
def test_per_rank_bytes_closed_forms(n):
    """Thakur et al. 2005 §4 with S divisible by n: ring all-reduce 2(n−1)/n·S sent and received by
    every rank; ring reduce-scatter and all-gather (n−1)/n·S; pairwise all-to-all (n−1)/n·S;
    pipelined chain broadcast S from every rank but the last, reduce S from every rank but the
    root; double-binary-tree broadcast: every non-root rank receives both halves (S), reduce:
    every non-root rank sends both halves up (S)."""
    S = n * 1_000_003
    every = lambda value: [value] * n  # noqa: E731
    ring = lambda name: tallies(plan(name, n, S, "ring"))  # noqa: E731
    assert ring("allreduce") == (every(2 * (n - 1) * S // n), every(2 * (n - 1) * S // n))
    assert ring("reducescatter") == (every((n - 1) * S // n), every((n - 1) * S // n))
    assert ring("allgather") == (every((n - 1) * S // n), every((n - 1) * S // n))
    assert ring("alltoall") == (every((n - 1) * S // n), every((n - 1) * S // n))
    assert ring("broadcast") == ([S] * (n - 1) + [0], [0] + [S] * (n - 1))
    assert ring("reduce") == ([0] + [S] * (n - 1), [S] * (n - 1) + [0])
    assert tallies(plan("p2p", n, S)) == ([S] + [0] * (n - 1), [0, S] + [0] * (n - 2))
    assert tallies(plan("broadcast", n, S, "tree"))[1] == [0] + [S] * (n - 1)
    assert tallies(plan("reduce", n, S, "tree"))[0] == [0] + [S] * (n - 1)
    for name in COLLECTIVES:
        r = plan(name, n, S, "ring")
        sent, received = tallies(r)
        assert (r.per_rank_sent_bytes, r.per_rank_recv_bytes) == (max(sent), max(received))


@pytest.mark.parametrize("nodes, gpn", [(2, 2), (2, 4), (3, 4), (4, 2), (2, 8)])
def test_hierarchical_and_flat_ring_bytes_across_nodes(nodes, gpn):
    """Hierarchical all-reduce on m nodes of g: intra-node reduce-scatter (g−1)/g·S, inter-node ring
    all-reduce of one S/g shard 2(m−1)/m·S/g, intra-node all-gather (g−1)/g·S per rank; only the
    inter-node part leaves a node: n·2(m−1)/m·S/g in all. A flat ring over the same ranks crosses
    a node boundary on m of its n links, each carrying 2(n−1)/n·S."""
    n, S = nodes * gpn, nodes * gpn * 10_007
    hier = plan("allreduce", n, S, "hierarchical", gpus_per_node=gpn)
    per_rank = 2 * (gpn - 1) * S // gpn + 2 * (nodes - 1) * (S // gpn) // nodes
    assert tallies(hier) == ([per_rank] * n, [per_rank] * n)
    assert hier.inter_node_bytes == n * 2 * (nodes - 1) * (S // gpn) // nodes
    flat = plan("allreduce", n, S, "ring", gpus_per_node=gpn)
    assert flat.inter_node_bytes == nodes * 2 * (n - 1) * S // n


@pytest.mark.parametrize("n", list(range(2, 34)) + [64, 65, 100, 127, 128, 1000])
def test_double_binary_tree_depth(n):
    """Sanders, Speck & Träff 2009 with NCCL's trees, one GPU per node (the trees span the ranks):
    both trees hang below rank 0 and are ⌈lg n⌉ deep; a small message (one chunk per tree) takes
    ⌈lg n⌉ rounds to broadcast or reduce and twice that to all-reduce; every rank but the root is
    interior in at most one of the two trees."""
    height = math.ceil(math.log2(n))
    tree = lambda name, size=4096: plan(name, n, size, "tree", gpus_per_node=1)  # noqa: E731
    assert tree("broadcast", 1).rounds == tree("reduce", 1).rounds == height
    assert tree("allreduce", 1).rounds == 2 * height
    broadcast = tree("broadcast")
    k = broadcast.chunks // 2
    inner = [{src for step in broadcast.steps for src, _, c, _ in step.sends if c // k == t} for t in (0, 1)]
    assert inner[0] & inner[1] <= {0}


@pytest.mark.parametrize("name", COLLECTIVES)
@pytest.mark.parametrize("n", [1, 2, 3, 5, 8, 12, 17])
def test_busbw_factor_is_nccl_tests(name, n):
    """nccl-tests doc/PERFORMANCE.md: busbw = algbw · factor, algbw = S / t; factors 2(n−1)/n for
    AllReduce, (n−1)/n for ReduceScatter, AllGather and AlltoAll, 1 for Broadcast, Reduce and
    SendRecv."""
    factor = {"allreduce": 2 * (n - 1) / n, "reducescatter": (n - 1) / n, "allgather": (n - 1) / n,
              "alltoall": (n - 1) / n, "broadcast": 1.0, "reduce": 1.0, "p2p": 1.0}[name]
    if name == "p2p" and n < 2:
        return
    for algorithm in ALGORITHMS:
        if algorithm == "hierarchical" and n % min(8, n):
            continue
        r = plan(name, n, 3 * 2**20, algorithm)
        assert r.busbw_factor == pytest.approx(factor)
        if r.time_s > 0:
            assert r.algbw == pytest.approx(3 * 2**20 / r.time_s)
            assert r.busbw == pytest.approx(r.algbw * factor)


@pytest.mark.parametrize("n, gpn", [(2, 8), (5, 8), (8, 8), (6, 3), (16, 4), (9, 1)])
def test_alpha_beta_time_of_the_ring(n, gpn):
    """Hockney's model as Thakur et al. 2005 use it: a ring step costs α + (S/n)·β, so all-reduce
    takes 2(n−1)(α + S/(nB)), reduce-scatter, all-gather and pairwise all-to-all (n−1)(α + S/(nB)),
    and the pipelined chain with k chunks n − 2 + k rounds of α + S/(kB). α and B are the intra-node
    link's while the ring stays inside one node, the inter-node link's once it spans nodes (every
    round of a ring then has a link that leaves a node; a chain only once its pipeline is full)."""
    S = n * 65_536
    links = dict(alpha_intra_s=2e-6, alpha_inter_s=9e-6, bw_intra_Bps=300e9, bw_inter_Bps=40e9)
    alpha, bw = (links["alpha_intra_s"], links["bw_intra_Bps"]) if n <= gpn else \
        (links["alpha_inter_s"], links["bw_inter_Bps"])
    step = alpha + S / n / bw

    def time(name):
        return plan(name, n, S, "ring", gpus_per_node=gpn, **links).time_s
    assert time("allreduce") == pytest.approx(2 * (n - 1) * step, rel=1e-12)
    for name in ("reducescatter", "allgather", "alltoall"):
        assert time(name) == pytest.approx((n - 1) * step, rel=1e-12)
    if n <= gpn or gpn == 1:  # otherwise the chain's first and last rounds use intra-node links only
        for name in ("broadcast", "reduce"):
            k = plan(name, n, S, "ring", gpus_per_node=gpn, **links).chunks
            assert k == pipeline_chunks(n - 2, S, alpha, bw) and S % k == 0
            assert time(name) == pytest.approx((n - 2 + k) * (alpha + S / k / bw), rel=1e-12)
    tiers = {s.tier for s in plan("allreduce", n, S, "ring", gpus_per_node=gpn, **links).steps}
    assert tiers == {"intra" if n <= gpn else "inter"}


def alpha_beta_from_steps(result, gpus_per_node, alpha_intra_s=3e-6, alpha_inter_s=10e-6, bw_intra_Bps=400e9,
                          bw_inter_Bps=50e9):
    """The α–β model of the module docstring recomputed from the steps: per round α(tier) plus the
    most bytes any rank sends or receives that round over the tier's bandwidth; a round is "inter"
    as soon as one of its sends leaves a node (node = rank // gpus_per_node). Also the bytes of all
    sends that leave a node, and each round's tier."""
    time_s, inter_bytes, tiers = 0.0, 0, []
    for step in result.steps:
        sent, received = defaultdict(int), defaultdict(int)
        crosses = False
        for src, dst, _, nbytes in step.sends:
            sent[src] += nbytes
            received[dst] += nbytes
            if src // gpus_per_node != dst // gpus_per_node:
                crosses = True
                inter_bytes += nbytes
        crit = max([*sent.values(), *received.values(), 0])
        time_s += (alpha_inter_s + crit / bw_inter_Bps) if crosses else (alpha_intra_s + crit / bw_intra_Bps)
        tiers.append("inter" if crosses else "intra")
    return time_s, inter_bytes, tiers


@settings(max_examples=200, deadline=None)
@given(name=st.sampled_from(COLLECTIVES), algorithm=st.sampled_from(ALGORITHMS),
       n=st.integers(1, 40), gpn=st.integers(1, 12), size=st.integers(0, 10**12))
def test_time_and_inter_node_bytes_are_the_alpha_beta_model_of_the_steps(name, algorithm, n, gpn, size):
    """plan() derives time and node-crossing bytes from each algorithm's structure; the steps
    (partial nodes, uneven chunks, n not a power of two) must give the same numbers."""
    if name == "p2p":
        n = max(n, 2)
    if algorithm == "hierarchical" and n % min(gpn, n):
        n -= n % gpn
        if n < 2:
            n = gpn
    r = plan(name, n, size, algorithm, gpus_per_node=gpn)
    time_s, inter_bytes, tiers = alpha_beta_from_steps(r, gpn)
    assert r.time_s == pytest.approx(time_s, rel=1e-12, abs=1e-18)
    assert r.inter_node_bytes == inter_bytes
    assert [s.tier for s in r.steps] == tiers
    assert len(r.steps) == r.rounds


def test_plan_builds_no_sends_until_asked():
    """The steps (~2·10^6 sends for a ring at n = 1024) are built on first use only; the byte
    counts and the round count come without them, and a truncated JSON document builds only the
    rounds it lists."""
    r = plan("allreduce", 1024, 2**30, "ring")
    assert "steps" not in vars(r)
    assert r.per_rank_sent_bytes == 2 * 1023 * 2**30 // 1024 and r.rounds == 2046
    doc = r.to_json(max_sends=3000)
    assert doc["steps_truncated"] == {"rounds_shown": 2, "rounds": 2046, "sends": 2046 * 1024}
    assert [len(step["sends"]) for step in doc["steps"]] == [1024, 1024] and "steps" not in vars(r)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("name", COLLECTIVES)
def test_truncated_json_lists_the_first_rounds_of_the_full_plan(name, algorithm):
    """to_json(max_sends=k) builds only the rounds it lists; they must be the first rounds of the
    full plan, as many whole rounds as fit in k sends, and "sends" the count of every send."""
    for n, gpn in [(6, 2), (8, 4), (12, 4), (16, 8)]:
        r = plan(name, 2 if name == "p2p" else n, 1_000_003, algorithm, gpus_per_node=gpn)
        full = plan(name, r.ranks, 1_000_003, algorithm, gpus_per_node=gpn).to_json()["steps"]
        counts = [len(step["sends"]) for step in full]
        assert r.sends == sum(counts)
        for k in (0, 1, counts[0], counts[0] + 1, sum(counts) // 2, sum(counts) - 1):
            doc = plan(name, r.ranks, 1_000_003, algorithm, gpus_per_node=gpn).to_json(max_sends=k)
            if k >= sum(counts):
                assert doc["steps"] == full and "steps_truncated" not in doc
                continue
            shown = sum(1 for i in range(len(counts)) if sum(counts[:i + 1]) <= k)
            assert doc["steps"] == full[:shown], (name, algorithm, n, k)
            assert doc["steps_truncated"] == {"rounds_shown": shown, "rounds": r.rounds, "sends": sum(counts)}


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("name", COLLECTIVES)
def test_the_rank_limit_plans_without_building_the_sends(name, algorithm):
    """At MAX_RANKS = 65,536 ranks every collective plans from its structure: a pairwise all-to-all
    there has n(n − 1) ≈ 4.3·10^9 sends and a hierarchical all-reduce's intra-node reduce-scatter
    m·g·m·(g − 1) ≈ 3.8·10^9; neither is built. The closed forms of Thakur et al. 2005 §4 hold
    (S divisible by n), and the JSON's first rounds are built alone."""
    n, S = MAX_RANKS, MAX_RANKS * 16_384   # 1 GiB
    r = plan(name, n, S, algorithm)
    assert "_plan" not in vars(r)
    ring_like = r.algorithm == "ring"
    if name == "alltoall" or ring_like and name in ("reducescatter", "allgather"):
        assert r.rounds == n - 1 and r.per_rank_sent_bytes == (n - 1) * S // n
    if name == "alltoall":
        assert r.sends == n * (n - 1)
    if name == "allreduce" and ring_like:
        assert r.rounds == 2 * (n - 1) and r.per_rank_sent_bytes == 2 * (n - 1) * S // n
    if name == "allreduce" and r.algorithm == "hierarchical":   # m = 8,192 nodes of g = 8
        m, g = n // 8, 8
        assert r.per_rank_sent_bytes == 2 * (g - 1) * S // g + 2 * (m - 1) * (S // g) // m
        assert r.sends == 2 * (g - 1) * m * g * m + 2 * (m - 1) * g * m
    doc = r.to_json(max_sends=100_000)
    listed = sum(len(step["sends"]) for step in doc["steps"])
    if r.sends > 100_000:   # cut: only the listed rounds were built
        assert "_plan" not in vars(r) and "steps" not in vars(r)
        assert listed <= 100_000 and doc["steps_truncated"]["sends"] == r.sends
    else:                   # a tree or p2p: 2(n − 1) sends or fewer, all listed
        assert listed == r.sends and "steps_truncated" not in doc
    assert doc["busbw"] == pytest.approx(doc["algbw"] * doc["busbw_factor"])
    if name == "alltoall":   # block ids r·n + c pass 2^31: rank n − 1 sends block (n − 1, 0) in round 0
        assert doc["steps"][0]["sends"][-1] == [n - 1, 0, (n - 1) * n, S // n]
