"""Muon × ZeRO: packing invariants, the Gram identity, matrix shapes and counts, the MoE split,
K3's fetch, validation and the `tslab muon --json` contract.

Oracles:
- Packing: every matrix exactly once, at most k per rank, buckets padded to the largest; an
  independent O(n·m) re-implementation of the least-loaded-rank-with-room rule; Graham (1969):
  LPT ≤ (4/3 − 1/(3m))·OPT (OPT by brute force) and any list schedule ≤ total/m + (1 − 1/m)·largest.
- M = [M_1 | … | M_P] ⇒ M·Mᵀ = Σ M_i·M_iᵀ (block matrix product); Jordan et al. 2024: five
  quintic steps leave the singular values of a random matrix in about [0.5, 1.5].
- Closed-form shapes: a Llama-style layer (4h² + 3hf), GQA's k/v of kv·d rows, DeepSeek-V3's MLA
  from its configuration (q_lora_rank 1536, kv_lora_rank 512, qk_rope_head_dim 64, v_head_dim
  128, 128 heads, hidden 7168), cross-checked with models/memory/params.py's attention_params.
- DeepSeek-V3's pipeline (61 layers over 16 DualPipe stages): the most loaded rank holds 8 MoE
  layers, 64 dense matrices; 256 experts / ep 64 over edp = 128/64 = 2.
"""
from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from tslab.models.memory.params import attention_params, mlp_params
from tslab.models.muon import (MHC_NOTE, Matrix, attention_shapes, gram_demo, muon_analysis, muon_json, muon_problems,
                               muon_stage, muon_validation, newton_schulz, ns_flops, pack_matrices, padding_overhead,
                               stage_matrices)
from tslab.models.presets import load_preset
from tslab.models.scenario import Scenario

CONTRACT = {"cluster.nodes": 1, "cluster.gpus_per_node": 8, "parallel.tp": 1, "parallel.pp": 1, "parallel.cp": 1,
            "parallel.dp": 8, "parallel.ep": 1, "parallel.etp": 1, "optimizer.kind": "muon", "model.layers": 2,
            "muon.p_max": 4}


def matrices_of(shapes) -> list[Matrix]:
    return [Matrix.of(f"m{i}", rows, cols, "mlp") for i, (rows, cols) in enumerate(shapes)]


def reference_pack(matrices: list[Matrix], ranks: int, cap: int) -> list[list[str]]:
    """Largest cost first (stable), each to the least-loaded rank with room (then fewer matrices,
    then the lower rank), by scanning every rank."""
    loads, members = [0.0] * ranks, [[] for _ in range(ranks)]
    for matrix in sorted(matrices, key=lambda m: -m.ns_cost):
        rank = min((r for r in range(ranks) if len(members[r]) < cap), key=lambda r: (loads[r], len(members[r]), r))
        loads[rank] += matrix.ns_cost
        members[rank].append(matrix.name)
    return members


shapes = st.lists(st.tuples(st.integers(1, 4096), st.integers(1, 4096)), min_size=1, max_size=60)


# ---- packing --------------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(shapes, st.integers(1, 12), st.integers(0, 6))
def test_packing_invariants(shape_list, ranks, extra):
    matrices = matrices_of(shape_list)
    cap = math.ceil(len(matrices) / ranks) + extra
    buckets = pack_matrices(matrices, ranks, cap)
    assert [b.rank for b in buckets] == list(range(ranks))
    names = [name for b in buckets for name in b.matrices]
    assert sorted(names) == sorted(m.name for m in matrices)          # each exactly once
    assert max(len(b.matrices) for b in buckets) <= cap
    by_name = {m.name: m for m in matrices}
    largest = max(b.elements for b in buckets)
    for b in buckets:
        assert b.padded_elements == largest >= b.elements
        assert b.elements == sum(by_name[n].elements for n in b.matrices)
        assert b.cost == pytest.approx(sum(by_name[n].ns_cost for n in b.matrices), rel=1e-12)
    assert [list(b.matrices) for b in buckets] == reference_pack(matrices, ranks, cap)
    total = sum(m.elements for m in matrices)
    assert padding_overhead(buckets) == pytest.approx(sum(largest - b.elements for b in buckets) / total)
    if cap >= len(matrices):   # no binding cap: Graham's list-scheduling bound
        costs = [m.ns_cost for m in matrices]
        bound = sum(costs) / ranks + (1 - 1 / ranks) * max(costs)
        assert max(b.cost for b in buckets) <= bound * (1 + 1e-12)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 300), st.integers(1, 300)), min_size=1, max_size=7), st.integers(1, 3))
def test_lpt_is_within_graham_bound_of_the_optimum(shape_list, ranks):
    matrices = matrices_of(shape_list)
    costs = np.array([m.ns_cost for m in matrices])
    assignments = np.array(list(itertools.product(range(ranks), repeat=len(matrices))))
    loads = np.stack([(assignments == r) @ costs for r in range(ranks)], axis=1)
    optimum = loads.max(axis=1).min()
    lpt = max(b.cost for b in pack_matrices(matrices, ranks, len(matrices)))
    assert lpt <= (4 / 3 - 1 / (3 * ranks)) * optimum * (1 + 1e-12)


def test_a_full_cap_gives_every_rank_exactly_k():
    matrices = matrices_of([(64 * (i + 1), 128) for i in range(20)])
    buckets = pack_matrices(matrices, 4, 5)
    assert [len(b.matrices) for b in buckets] == [5, 5, 5, 5]


def test_packing_refuses_what_cannot_fit_and_repeated_names():
    matrices = matrices_of([(8, 8)] * 11)
    with pytest.raises(ValueError, match="11 matrices do not fit 2 ranks × 5"):
        pack_matrices(matrices, 2, 5)
    with pytest.raises(ValueError, match="unique"):
        pack_matrices([Matrix.of("w", 2, 2, "mlp")] * 2, 2, 5)
    with pytest.raises(ValueError):
        pack_matrices(matrices, 0, 5)


def test_ns_cost_and_elements():
    m = Matrix.of("w", 1536, 24576, "attention")
    assert m.elements == 1536 * 24576 and m.ns_cost == 24576 * 1536**2
    assert Matrix.of("w", 24576, 1536, "attention").ns_cost == m.ns_cost
    assert ns_flops(4, 16, 1) == 4 * 16 * 16 + 2 * 64


# ---- Newton–Schulz and the Gram identity -----------------------------------------------------

@settings(max_examples=50, deadline=None)
@given(st.integers(1, 40), st.integers(2, 80), st.integers(2, 8), st.integers(0, 2**31 - 1))
def test_gram_of_column_shards_sums_to_the_whole_gram(rows, cols, shards, seed):
    m = np.random.default_rng(seed).standard_normal((rows, cols))
    pieces = np.array_split(m, min(shards, cols), axis=1)
    partial = [p @ p.T for p in pieces]
    assert all(g.shape == (rows, rows) for g in partial)
    assert np.allclose(sum(partial), m @ m.T, rtol=1e-12, atol=1e-10)


def test_newton_schulz_orthogonalises_roughly_and_shards_do_not():
    g = np.random.default_rng(1).standard_normal((64, 256))
    singular = np.linalg.svd(newton_schulz(g, 5), compute_uv=False)
    assert singular.min() > 0.5 and singular.max() < 1.5
    # tall input: NS works on the transpose and hands back the original orientation
    assert newton_schulz(g.T, 5).shape == (256, 64)
    assert np.allclose(newton_schulz(g.T, 5), newton_schulz(g, 5).T)
    whole = newton_schulz(g, 5)
    sharded = np.concatenate([newton_schulz(p, 5) for p in np.array_split(g, 8, axis=1)], axis=1)
    assert np.linalg.norm(whole - sharded) / np.linalg.norm(whole) > 0.1


def test_gram_demo_on_deepseek_v3s_largest_attention_projection():
    s = load_preset("deepseek-v3").replace(**{"muon.p_max": 16})
    demo = gram_demo(s, stage_matrices(s, muon_stage(s)))
    assert demo.name.endswith("attn.o_proj") and (demo.rows, demo.cols) == (7168, 128 * 128)
    assert demo.shards == 128 and demo.shard_cols == 128           # dp × cp = 128 ZeRO ranks
    assert demo.gram_elements == 7168**2 and demo.partial_gram_elements == 128 * 7168**2
    assert demo.ns_flops_whole == ns_flops(7168, 16384, 5)
    assert demo.ns_flops_per_shard == ns_flops(7168, 128, 5)
    assert demo.demo_rows / demo.demo_cols == pytest.approx(7168 / 16384, rel=0.01)
    assert demo.gram_identity_error < 1e-12
    assert demo.sharded_error > 0.1


# ---- the matrices of a stage ----------------------------------------------------------------

def test_llama_style_dense_matrices_by_closed_form():
    s = Scenario().replace(**{"muon.p_max": 64, "parallel.dp": 64, "cluster.nodes": 8})
    matrices = stage_matrices(s, muon_stage(s))
    h, f, layers = 4096, 11008, 32
    assert len(matrices) == 7 * layers
    assert sum(m.elements for m in matrices) == layers * (4 * h * h + 3 * h * f)
    assert sum(m.elements for m in matrices) == layers * (attention_params(s) + mlp_params(h, f, "swiglu"))
    by_name = {m.name: (m.rows, m.cols, m.kind) for m in matrices}
    assert by_name["layers.0.attn.q_proj"] == (4096, 4096, "attention")
    assert by_name["layers.31.mlp.down_proj"] == (4096, 11008, "mlp")
    a = muon_analysis(s)
    assert a.ranks_used == 64 and len(a.matrices) == 224 and a.redundant_groups == 0


def test_gqa_and_gelu_shapes():
    s = Scenario().replace(**{"model.kv_heads": 8, "model.mlp": "gelu", "model.layers": 1})
    names = {m.name: (m.rows, m.cols) for m in stage_matrices(s, muon_stage(s))}
    assert names == {"layers.0.attn.q_proj": (4096, 4096), "layers.0.attn.k_proj": (1024, 4096),
                     "layers.0.attn.v_proj": (1024, 4096), "layers.0.attn.o_proj": (4096, 4096),
                     "layers.0.mlp.up_proj": (11008, 4096), "layers.0.mlp.down_proj": (4096, 11008)}


def test_deepseek_v3_mla_shapes_from_its_configuration():
    s = load_preset("deepseek-v3")
    h, heads, q_lora, kv_lora, rope, d, dv = 7168, 128, 1536, 512, 64, 128, 128
    assert attention_shapes(s) == [("q_a_proj", q_lora, h), ("q_b_proj", heads * (d + rope), q_lora),
                                   ("kv_a_proj_with_mqa", kv_lora + rope, h), ("kv_b_proj", heads * (d + dv), kv_lora),
                                   ("o_proj", h, heads * dv)]
    # the two latent RMSNorms are the only attention parameters that are not matrices
    assert sum(r * c for _, r, c in attention_shapes(s)) + q_lora + kv_lora == attention_params(s)
    no_query_lora = s.replace(**{"model.q_lora_rank": 0})
    assert attention_shapes(no_query_lora)[0] == ("q_proj", heads * (d + rope), h)


def test_deepseek_v3s_most_loaded_stage_and_expert_split():
    s = load_preset("deepseek-v3")
    stage = muon_stage(s)
    # the preset's split: 3, 4 × 14, 2 (+ the MTP module); DualPipe rank r also holds stage 15 − r
    assert stage.rank == 1 and stage.layers == (3, 4, 5, 6, 55, 56, 57, 58)
    assert stage.matrices == 8 * (5 + 3)              # MLA's five + the shared expert's three
    with pytest.raises(ValueError, match=r"muon\.p_max = 8.*muon\.max_matrices = 5.*at least 13"):
        muon_analysis(s.replace(**{"muon.p_max": 8}))
    auto = muon_analysis(s)                            # muon.p_max = 0: the fewest that fit, ⌈64 / 5⌉
    assert (auto.p_max, auto.ranks_used, auto.max_matrices_per_rank) == (13, 13, 5)
    a = muon_analysis(s.replace(**{"muon.p_max": 16}))
    assert (a.zero_ranks, a.ranks_used, a.redundant_groups) == (128, 16, 7)
    assert len(a.matrices) == 64 and a.max_matrices_per_rank == max(len(b.matrices) for b in a.buckets) <= 5
    assert not any(m.layer >= 61 for m in a.matrices)   # the MTP module is left out
    assert a.moe.ranks == 2                            # edp = tp·cp·dp / (etp·ep) = 128 / 64
    assert a.moe.local_experts == 4 and a.moe.moe_layers == 8
    assert a.moe.matrices == 8 * 4 * 3 and a.moe.matrices_per_rank == 48
    assert a.moe.elements_per_rank == 48 * 7168 * 2048 and a.moe.padding_elements == 0
    costs = [b.cost for b in a.buckets]
    assert a.imbalance == pytest.approx(max(costs) / (sum(costs) / len(costs)))


def test_uneven_expert_split_pads_to_the_largest_rank():
    s = Scenario().replace(**{"model.experts": 8, "model.top_k": 2, "model.expert_ffn_hidden": 1024,
                              "model.mlp": "gelu", "model.layers": 2, "model.first_dense_layers": 1,
                              "parallel.dp": 6, "parallel.ep": 2, "cluster.nodes": 2, "cluster.gpus_per_node": 3})
    split = muon_analysis(s).moe
    size = 4096 * 1024
    assert (split.ranks, split.matrices, split.local_experts, split.moe_layers) == (3, 8, 4, 1)
    assert split.matrices_per_rank == 3 and split.elements_per_rank == 3 * size
    assert split.padding_elements == (3 * 3 - 8) * size
    assert split.padding_overhead == pytest.approx(1 / 8)


def test_a_dense_model_has_an_empty_expert_split():
    split = muon_analysis(Scenario().replace(**CONTRACT)).moe
    assert (split.ranks, split.matrices, split.elements_per_rank, split.padding_elements) == (8, 0, 0, 0)


def test_pipeline_stages_pick_the_most_loaded_rank():
    s = Scenario().replace(**{"model.layers": 5, "parallel.pp": 2, "parallel.dp": 4})
    stage = muon_stage(s)
    assert stage.rank == 1 and stage.layers == (2, 3, 4) and stage.matrices == 21
    interleaved = Scenario().replace(**{"model.layers": 8, "parallel.pp": 2, "parallel.vpp": 2, "cluster.nodes": 2,
                                        "schedule.kind": "interleaved-1f1b", "schedule.microbatches": 4})
    chunked = muon_stage(interleaved)
    assert chunked.rank == 0 and chunked.chunks == ((0, 1), (4, 5))   # stage k on rank k mod pp
    assert muon_analysis(interleaved).k3.chunks == 2


# ---- K3 fetch -------------------------------------------------------------------------------

def test_k3_p2p_fetch_moves_less_than_an_all_gather():
    for s in (Scenario().replace(**CONTRACT), load_preset("deepseek-v3").replace(**{"muon.p_max": 16})):
        a = muon_analysis(s)
        n, psi = a.zero_ranks, sum(m.elements for m in a.matrices)
        assert a.k3.naive_bytes_per_rank == (n - 1) * math.ceil(psi / n) * 2
        assert a.k3.naive_buffer_bytes == psi * 2
        assert a.k3.p2p_bytes_per_rank < a.k3.naive_bytes_per_rank
        assert a.k3.p2p_buffer_bytes < a.k3.naive_buffer_bytes
        owned = max(b.elements for b in a.buckets)
        assert a.k3.p2p_bytes_per_rank <= (n - 1) * math.ceil(owned / n) * 2 + len(a.matrices) * 2 * n
    one_layer_chunks = muon_analysis(Scenario().replace(**CONTRACT)).k3
    assert one_layer_chunks.chunks == 2                # pp = 1, one chunk: a buffer per layer


# ---- validation -----------------------------------------------------------------------------

def test_validation_only_for_muon_and_with_the_keys_to_change():
    s = load_preset("deepseek-v3").replace(**{"muon.p_max": 8})
    assert muon_validation(s) == []                    # Adam: the analysis is informative only
    (problem,) = muon_validation(s.replace(**{"optimizer.kind": "muon"}))
    assert problem.key == "muon.p_max" and problem.severity == "warning" and problem.args["needed"] == 13
    assert "{needed}" in problem.template              # a translatable template, formatted later
    assert muon_problems(s.replace(**{"optimizer.kind": "muon"})) == [("warning", "muon.p_max", problem.message)]
    assert muon_validation(s.replace(**{"optimizer.kind": "muon", "muon.p_max": 13})) == []
    assert muon_validation(s.replace(**{"optimizer.kind": "muon", "muon.p_max": 0})) == []   # auto: 13
    few_ranks = Scenario().replace(**{"optimizer.kind": "muon", "muon.p_max": 64})   # dp = 8: 40 < 224
    (problem,) = muon_validation(few_ranks)
    assert problem.key == "muon.max_matrices" and problem.args["least_max"] == 28
    assert muon_validation(few_ranks.replace(**{"muon.p_max": 0}))[0].key == "muon.max_matrices"
    with pytest.raises(ValueError, match="muon.max_matrices"):
        muon_analysis(few_ranks)
    unsharded = Scenario().replace(**{**CONTRACT, "parallel.zero": 0})
    assert [(p.key, p.severity) for p in muon_validation(unsharded)] == [("parallel.zero", "warning")]


# ---- the JSON contract ----------------------------------------------------------------------

def test_muon_json_contract():
    doc = muon_json(muon_analysis(Scenario().replace(**CONTRACT)))
    assert json.loads(json.dumps(doc)) == doc
    names = [name for rank in doc["ranks"] for name in rank["matrices"]]
    assert len(names) == len(set(names)) == doc["matrices_total"] == 14
    assert len(doc["ranks"]) <= doc["p_max"] == 4
    assert max(len(rank["matrices"]) for rank in doc["ranks"]) == doc["max_matrices_per_rank"]
    assert all(rank["padded_elements"] >= rank["elements"] for rank in doc["ranks"])
    assert 0 <= doc["padding_overhead"] < 1
    for key in ("zero_ranks", "ranks_used", "redundant_groups", "matrices_total", "max_matrices_per_rank"):
        assert type(doc[key]) is int
    assert (doc["zero_ranks"], doc["ranks_used"], doc["redundant_groups"]) == (8, 4, 1)
    assert type(doc["moe"]["ranks"]) is int and doc["moe"]["elements_per_rank"] == 0
    assert doc["mhc"]["overhead"] == 0.067 and doc["mhc"]["eager_baseline"] is None
    assert doc["mhc"]["note"] == MHC_NOTE and "6.7 %" in MHC_NOTE
    assert doc["p_max_disclosed"] is False
    assert doc["model"] == "a deterministic teaching model, not a benchmark of a real cluster"
    assert {"gram", "k3", "imbalance"} <= doc.keys()
