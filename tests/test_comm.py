"""Collective planner against closed forms and against the true result on random data.

Oracles: nccl-tests doc/PERFORMANCE.md (busbw = algbw · factor; factors as tools/check-contract
uses them), Thakur, Rabenseifner & Gropp 2005 (ring: 2(n−1) rounds and 2(n−1)/n·S sent per rank for
all-reduce, n−1 rounds and (n−1)/n·S for reduce-scatter / all-gather), Hockney's α–β model (α
dominates small messages, β large ones).
"""
from __future__ import annotations

import functools
import hashlib
import inspect
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tslab.models.comm import (
    ALGORITHMS, BUILDERS, BUSBW_FACTOR, COLLECTIVES, FAMILY, comm_json, execute, execute_rounds, overlap,
    plan,
)
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


def test_every_algorithm_name_plans_every_collective():
    """The registry: a builder for each (algorithm, family) it lists, the ring one for every
    family (the fallback), and the fallbacks the convention names."""
    assert {family for _, family in BUILDERS} == set(FAMILY.values())
    assert all(("ring", family) in BUILDERS for family in FAMILY.values())
    used = {(name, algorithm): plan(name, 8, 4096, algorithm).algorithm
            for name in COLLECTIVES for algorithm in ALGORITHMS}
    assert {key for key, algorithm in used.items() if algorithm != key[1]} == {
        ("reducescatter", "tree"), ("allgather", "tree"), ("alltoall", "tree"), ("alltoall", "hierarchical")}
    assert "flat algorithm used" in plan("alltoall", 8, 4096, "hierarchical").convention


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
# Identical results across the structural (closed-form) rewrite of plan(): tests/data/
# comm_golden.json was written by the implementation that tallied every send. Regenerate only on
# purpose: `.venv/bin/python tests/test_comm.py --write-golden`.

GOLDEN_PATH = Path(__file__).parent / "data" / "comm_golden.json"
GOLDEN_FIELDS = ("collective", "ranks", "bytes", "algorithm", "per_rank_sent_bytes",
                 "per_rank_recv_bytes", "rounds", "time_s", "algbw", "busbw", "busbw_factor",
                 "convention", "chunks", "inter_node_bytes")


def golden_cases():
    """(collective, n, S, algorithm, gpus_per_node, link overrides): small n with uneven splits and
    partial nodes, every combination at n = 1024, hierarchical with several node sizes."""
    cases = []
    for name in COLLECTIVES:
        for algorithm in ALGORITHMS:
            for n, gpn in ((1, 8), (2, 1), (3, 2), (6, 4), (12, 8), (16, 4), (24, 8)):
                if name == "p2p" and n < 2 or algorithm == "hierarchical" and n % min(gpn, n):
                    continue
                cases.append((name, n, 1_000_003 if n % 2 else 2**20 + 5, algorithm, gpn, {}))
            cases.append((name, 1024, 2**30, algorithm, 8, {}))
        cases.append((name, 1000, 10**9 + 7, "ring", 16, {}))
        cases.append((name, 5, 0, "ring", 2, {}))
        cases.append((name, 7, 3, "tree", 2, {}))
    for gpn in (1, 2, 4, 16, 32, 1024, 2048):
        for name in ("allreduce", "reducescatter", "allgather", "broadcast", "reduce"):
            cases.append((name, 1024, 2**30 + 13, "hierarchical", gpn, {}))
    cases.append(("allreduce", 64, 12345, "hierarchical", 8,
                  dict(alpha_intra_s=1e-6, alpha_inter_s=2e-5, bw_intra_Bps=3e11,
                       bw_inter_Bps=2.5e10)))
    return cases


def _digest_rounds(rows: np.ndarray, counts: np.ndarray, reduce, tiers) -> str:
    h = hashlib.sha256()
    h.update(np.ascontiguousarray(rows, np.int64).tobytes())
    h.update(np.asarray(counts, np.int64).tobytes())
    h.update(("".join("R" if r else "C" for r in reduce) + "|" + ",".join(tiers)).encode())
    return h.hexdigest()[:24]


def steps_digest(result) -> str:
    """Digest of the public `steps`: every send in order, each round's reduce flag and tier."""
    sends = [s for step in result.steps for s in step.sends]
    return _digest_rounds(np.array(sends, np.int64).reshape(-1, 4),
                          [len(step.sends) for step in result.steps],
                          [step.reduce for step in result.steps],
                          [step.tier for step in result.steps])


def plan_digest(result) -> str:
    """The same digest from the flat send arrays `steps` is built from (fast at n = 1024);
    test_plan_digest_is_the_steps_digest checks the two agree."""
    p = result._plan
    order = np.argsort(p.rnd, kind="stable")
    rows = np.stack([p.src, p.dst, p.chunk, p.nbytes], axis=1)[order]
    counts = np.bincount(p.rnd, minlength=result.rounds) if len(p.rnd) else np.zeros(result.rounds)
    return _digest_rounds(rows, counts, [bool(r) for r in p.reduce],
                          ["inter" if i else "intra" for i in p.inter])


def execute_digest(result):
    """Every intermediate state of execute_rounds on fixed random data, bit for bit (small n)."""
    if result.ranks > 32:
        return None
    rng = np.random.default_rng(result.ranks * 1009 + result.chunks)
    x = rng.normal(size=(result.ranks, result.chunks, 2))
    h = hashlib.sha256()
    for state in execute_rounds(result, x):
        h.update(np.ascontiguousarray(state).tobytes())
    h.update(np.ascontiguousarray(execute(result, x)).tobytes())
    return h.hexdigest()[:24]


GOLDEN_COLUMNS = ("case",) + GOLDEN_FIELDS + ("steps", "execute")


def golden_row(case) -> list:
    """One line of the golden file, in GOLDEN_COLUMNS order."""
    name, n, S, algorithm, gpn, links = case
    r = plan(name, n, S, algorithm, gpus_per_node=gpn, **links)
    return [list(case), *(getattr(r, k) for k in GOLDEN_FIELDS), plan_digest(r), execute_digest(r)]


def _dump(row) -> str:
    return json.dumps(row, separators=(",", ":"), ensure_ascii=False)


@functools.cache
def golden() -> dict:
    return json.loads(GOLDEN_PATH.read_text(encoding="utf-8"))


@pytest.mark.parametrize("index", range(len(golden_cases())),
                         ids=lambda i: "-".join(map(str, golden_cases()[i][:5])))
def test_results_match_the_golden_file(index):
    """Every public field (floats by their repr), the steps and execute_rounds bit for bit."""
    assert golden()["columns"] == list(GOLDEN_COLUMNS)
    want = golden()["rows"][index]
    assert want[0] == list(golden_cases()[index])
    got = golden_row(golden_cases()[index])
    diff = {c: (g, w) for c, g, w in zip(GOLDEN_COLUMNS, got, want) if g != w}
    assert _dump(got) == _dump(want), diff


@pytest.mark.parametrize("case", [c for c in golden_cases() if c[1] <= 24][::3], ids=str)
def test_plan_digest_is_the_steps_digest(case):
    name, n, S, algorithm, gpn, links = case
    r = plan(name, n, S, algorithm, gpus_per_node=gpn, **links)
    assert plan_digest(r) == steps_digest(r)


def tally(result, gpus_per_node, alpha_intra_s=3e-6, alpha_inter_s=10e-6, bw_intra_Bps=400e9,
          bw_inter_Bps=50e9):
    """The numbers plan() reports, recomputed the slow way by tallying every flat send per rank
    and round (what plan() itself did before it summarised each algorithm from its structure)."""
    p, n, R = result._plan, result.ranks, result.rounds
    if not R:
        return 0, 0, 0.0, 0, []
    w = p.nbytes.astype(np.float64)
    key = p.rnd.astype(np.int64) * n
    sent_rr = np.bincount(key + p.src, weights=w, minlength=R * n).reshape(R, n)
    recv_rr = np.bincount(key + p.dst, weights=w, minlength=R * n).reshape(R, n)
    crit = np.maximum(sent_rr.max(axis=1), recv_rr.max(axis=1))
    cross = p.src // gpus_per_node != p.dst // gpus_per_node
    inter = np.bincount(p.rnd, weights=cross, minlength=R) > 0
    time_s = float(np.sum(np.where(inter, alpha_inter_s, alpha_intra_s)
                          + crit / np.where(inter, bw_inter_Bps, bw_intra_Bps)))
    return (int(np.bincount(p.src, weights=w, minlength=n).max()),
            int(np.bincount(p.dst, weights=w, minlength=n).max()), time_s,
            int(p.nbytes[cross].sum()), inter.tolist())


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(COLLECTIVES), algorithm=st.sampled_from(ALGORITHMS),
       n=st.integers(1, 70), gpn=st.integers(1, 12), size=st.integers(0, 10**12))
def test_structural_summary_matches_a_tally_of_the_sends(name, algorithm, n, gpn, size):
    """plan() derives bytes, tiers and time from each algorithm's structure; the flat sends
    (partial nodes, uneven chunks, n not a power of two) must give exactly the same numbers."""
    if name == "p2p":
        n = max(n, 2)
    if algorithm == "hierarchical" and n % min(gpn, n):
        n -= n % gpn
        if n < 2:
            n = gpn
    r = plan(name, n, size, algorithm, gpus_per_node=gpn)
    sent, recv, time_s, inter_bytes, inter = tally(r, gpn)
    assert (r.per_rank_sent_bytes, r.per_rank_recv_bytes, r.time_s, r.inter_node_bytes) == \
           (sent, recv, time_s, inter_bytes)
    assert r._plan.inter.tolist() == inter


def test_plan_builds_no_sends_until_asked():
    """The flat send arrays (~2·10^6 entries for a ring at n = 1024) are built on first use only."""
    r = plan("allreduce", 1024, 2**30, "ring")
    assert "_plan" not in r.__dict__ and "steps" not in r.__dict__
    assert r.per_rank_sent_bytes == 2 * 1023 * 2**30 // 1024 and r.rounds == 2046
    assert len(r._plan.src) == 2046 * 1024 and r._plan is r._plan


if __name__ == "__main__":
    import sys
    if sys.argv[1:] == ["--write-golden"]:
        rows = [golden_row(c) for c in golden_cases()]
        GOLDEN_PATH.write_text('{"columns":' + _dump(GOLDEN_COLUMNS) + ',"rows":[\n'
                               + ",\n".join(map(_dump, rows)) + "\n]}\n", encoding="utf-8")
        print(f"wrote {len(rows)} cases to {GOLDEN_PATH}")
