"""Collective planner against closed forms and against the true result on random data.

Oracles: nccl-tests doc/PERFORMANCE.md (busbw = algbw · factor; factors as tools/check-contract
uses them), Thakur, Rabenseifner & Gropp 2005 (ring: 2(n−1) rounds and 2(n−1)/n·S sent per rank for
all-reduce, n−1 rounds and (n−1)/n·S for reduce-scatter / all-gather), seed 002 §5.2 (α–β model:
α dominates small messages, β large ones).
"""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tslab.models.comm import (
    ALGORITHMS, BUSBW_FACTOR, COLLECTIVES, comm_json, execute, overlap, plan,
)

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
def test_spellings_check_contract_tries(words):
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
    tree, ring = plan("allreduce", 64, 64, "tree"), plan("allreduce", 64, 64, "ring")
    assert tree.rounds == 2 * 6 and tree.time_s < ring.time_s


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
