"""Long-context parallelism (models/context) against closed forms, re-implementations and invariants.

Oracles:
- DeepSpeed-Ulysses (Jacobs et al. 2023 §3): 3SH/n (QKV) + SH/n (output) = 4SH/n elements per
  link per layer for MHA, constant when S and n grow together; with GQA (S/n)(a + 2g)d; each rank
  needs whole heads, so the KV heads bound the degree under GQA.
- Ring attention (Liu et al. 2023): n − 1 P2P steps of one K and one V block, 2·b·(S/n)·g·d
  bytes; causal work per rank r + 1/2 full blocks when contiguous (max/min = 2n − 1), n/2 for
  every rank under the head–tail order (Megatron-LM, megatron/training/utils.py
  get_batch_on_this_cp_rank); the ring's online softmax (Milakov & Gimelshein 2018) equals exact
  softmax attention.
- USP (Fang & Zhao 2024): ulysses × ring = cp, consecutive members form a Ulysses group,
  4(S/ring)H/ulysses per link on the Ulysses axis.
- DeepSeek-V4 two-stage CP: s/m + 1 compressed entries on every rank; blocks cut by a rank
  boundary counted again token by token.
- Kimi K3 KDA CP: an exclusive prefix scan of fixed-size fragments equals the sequential
  recurrence; the all-gather's bytes do not depend on S.
- Korthikanti et al. 2022 Table 2: SP shards 10sbh(1 − 1/t) of a GPT layer's activations.
- The `tslab context --json` contract keys; the pairwise all-to-all priced as models.comm prices it.
"""
from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from json_docs import json_leaves

from tslab.models.comm import plan
from tslab.models.context import (ContextAnalysis, context_analysis, context_json, context_lengths, context_memory,
                                  context_problems, context_validation, kda_demo, ring_demo, scan_ranges,
                                  straddling_blocks, ulysses_holdings, work_matrix)
from tslab.models.context.analysis import shown_scenario
from tslab.models.hardware import link_tiers, peak_flops
from tslab.models.presets import load_preset
from tslab.models.scenario import BYTES_PER_ELEMENT, Scenario


def scenario(*, cp: int, seq: int, heads: int = 8, kv: int | None = None, d: int = 16, b: int = 1, tp: int = 1,
             gpus_per_node: int | None = None, **extra) -> Scenario:
    """A dense MHA/GQA model on tp·cp GPUs (dp = pp = 1), one node unless gpus_per_node says."""
    world = tp * cp
    gpn = gpus_per_node or world
    return Scenario().replace(**{
        "model.heads": heads, "model.kv_heads": kv or heads, "model.head_dim": d, "model.hidden": heads * d,
        "model.seq_len": seq, "model.micro_batch": b, "model.ffn_hidden": 64 * tp,
        "parallel.tp": tp, "parallel.cp": cp, "parallel.dp": 1, "parallel.pp": 1, "parallel.zero": 0,
        "cluster.nodes": world // gpn, "cluster.gpus_per_node": gpn, **extra})


# ---------------------------------------------------------------------------------------------
# Ulysses

@settings(max_examples=40, deadline=None)
@given(n=st.sampled_from([2, 4, 8, 16]), blocks=st.integers(1, 64), heads_per_rank=st.integers(1, 4),
       d=st.sampled_from([8, 16, 64]), b=st.integers(1, 3), precision=st.sampled_from(["bf16", "fp32"]))
def test_ulysses_moves_4sh_over_n_per_link_for_mha(n, blocks, heads_per_rank, d, b, precision):
    heads = n * heads_per_rank
    seq = n * blocks * 8
    s = scenario(cp=n, seq=seq, heads=heads, d=d, b=b, **{"precision.activations": precision})
    u = context_analysis(s).ulysses
    hidden, element = heads * d, BYTES_PER_ELEMENT[precision]
    assert u.qkv_bytes_per_link == 3 * b * seq * hidden * element // n
    assert u.output_bytes_per_link == b * seq * hidden * element // n
    assert u.bytes_per_link_per_layer == 4 * b * seq * hidden * element // n
    assert u.feasible and u.reason == "" and u.limit == "attention heads" and u.max_degree == heads
    assert u.steps == 2 * n


@settings(max_examples=30, deadline=None)
@given(n=st.sampled_from([2, 4, 8]), kv_per_rank=st.integers(1, 3), group=st.sampled_from([1, 2, 4, 8]),
       blocks=st.integers(1, 32))
def test_ulysses_gqa_bytes_are_s_over_n_times_a_plus_2g_heads(n, kv_per_rank, group, blocks):
    kv = n * kv_per_rank
    heads, d, seq = kv * group, 16, n * blocks * 4
    u = context_analysis(scenario(cp=n, seq=seq, heads=heads, kv=kv, d=d)).ulysses
    assert u.qkv_bytes_per_link == (seq // n) * (heads + 2 * kv) * d * 2
    assert u.output_bytes_per_link == (seq // n) * heads * d * 2
    assert u.max_degree == kv
    assert u.limit == ("KV heads" if group > 1 else "attention heads")


@settings(max_examples=30, deadline=None)
@given(n=st.sampled_from([2, 4]), k=st.sampled_from([2, 4]), blocks=st.integers(1, 32))
def test_ulysses_bytes_constant_when_s_and_n_grow_together(n, k, blocks):
    seq = n * blocks * 16
    small = context_analysis(scenario(cp=n, seq=seq, heads=16)).ulysses
    large = context_analysis(scenario(cp=n * k, seq=seq * k, heads=16)).ulysses
    assert small.bytes_per_link_per_layer == large.bytes_per_link_per_layer > 0


def test_ulysses_limited_by_kv_heads_under_gqa_llama3_405b():
    s = load_preset("llama3-405b")      # 128 heads, 8 KV heads, tp = 8
    assert (s.model.heads, s.model.kv_heads, s.parallel.tp) == (128, 8, 8)
    u = context_analysis(s.replace(**{"parallel.cp": 2, "parallel.dp": 32})).ulysses
    assert (u.max_degree, u.limit) == (1, "KV heads")   # one KV head per TP rank
    assert not u.feasible and "KV heads" in u.reason
    whole = s.replace(**{"parallel.tp": 1, "parallel.cp": 16, "parallel.dp": 32, "parallel.sp": False})
    u = context_analysis(whole).ulysses
    assert (u.max_degree, u.limit, u.feasible) == (8, "KV heads", False)
    assert "16" in u.reason and "8 KV heads" in u.reason
    fits = context_analysis(whole.replace(**{"parallel.cp": 8, "parallel.dp": 64})).ulysses
    assert fits.feasible and fits.reason == ""


def test_ulysses_mla_has_a_kv_head_per_head_deepseek_v3():
    s = load_preset("deepseek-v3").replace(**{"parallel.cp": 8, "parallel.dp": 16, "model.seq_len": 32768})
    u = context_analysis(s).ulysses
    assert (u.max_degree, u.limit, u.feasible) == (128, "attention heads", True)
    # MLA up-projects q, k of 128 + 64 and v of 128 per head (DeepSeek-V3 §2.1.1)
    tokens = 32768 // 8
    assert u.qkv_bytes_per_link == tokens * 128 * (192 + 192 + 128) * 2
    assert u.output_bytes_per_link == tokens * 128 * 128 * 2


def test_ulysses_time_is_models_comm_pairwise_alltoall():
    s = scenario(cp=8, seq=8192, heads=16, d=64)
    u = context_analysis(s).ulysses
    kwargs = link_tiers(s.cluster).kwargs()
    expected = (plan("alltoall", 8, u.qkv_bytes_per_link, "ring", **kwargs).time_s
                + plan("alltoall", 8, u.output_bytes_per_link, "ring", **kwargs).time_s)
    assert u.placement.tier == "intra"
    assert u.time_s == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7])
def test_ulysses_holdings_every_block_once_and_the_layouts(n):
    everything = {(block, group) for block in range(n) for group in range(n)}
    for step in range(2 * n + 1):
        held = ulysses_holdings(n, step)
        assert len(held) == n
        assert sum(len(pairs) for pairs in held) == n * n
        assert set().union(*held) == everything
        assert all(len(pairs) == n for pairs in held)
        if step in (0, 2 * n):      # sequence-sharded: rank r holds block r of every head group
            assert held == tuple(frozenset((r, g) for g in range(n)) for r in range(n))
        if step == n:               # head-sharded: rank r holds head group r of every block
            assert held == tuple(frozenset((blk, r) for blk in range(n)) for r in range(n))
        if 0 < step < n:            # one pairwise round moves one block per rank
            before = ulysses_holdings(n, step - 1)
            assert all(len(after - prior) == 1 for after, prior in zip(held, before))
    with pytest.raises(ValueError):
        ulysses_holdings(n, 2 * n + 1)


# ---------------------------------------------------------------------------------------------
# Ring

@settings(max_examples=30, deadline=None)
@given(n=st.sampled_from([1, 2, 4, 8, 16]), blocks=st.integers(1, 32), kv=st.sampled_from([1, 2, 8]),
       b=st.integers(1, 2))
def test_ring_steps_and_bytes_per_step(n, blocks, kv, b):
    seq, d = n * blocks * 8, 32
    r = context_analysis(scenario(cp=n, seq=seq, heads=8, kv=kv, d=d, b=b)).ring
    assert r.steps == n - 1 and len(r.schedule) == n
    assert r.bytes_per_step == 2 * b * (seq // n) * kv * d * 2
    for t, step in enumerate(r.schedule):
        assert step.kv_block == tuple((rank - t) % n for rank in range(n))


@settings(max_examples=50, deadline=None)
@given(n=st.integers(1, 64))
def test_zigzag_work_is_equal_and_contiguous_is_imbalanced(n):
    contiguous, zigzag = work_matrix(n, False), work_matrix(n, True)
    # contiguous: rank r attends to r full blocks and half its diagonal
    assert contiguous.sum(axis=0).tolist() == [r + 0.5 for r in range(n)]
    assert contiguous.sum(axis=0).max() / contiguous.sum(axis=0).min() == 2 * n - 1
    # head–tail: every rank n/2, and at every step half a block
    assert zigzag.sum(axis=0).tolist() == [n / 2] * n
    assert (zigzag == 0.5).all()
    assert zigzag.sum() == contiguous.sum() == n * n / 2  # the same causal triangle


@pytest.mark.parametrize("n", [1, 2, 3, 4, 6])
def test_work_matrix_counted_query_by_query(n):
    """Each step's work recounted from the token positions each rank holds: a key before the
    query counts 1, the query's own key 1/2 (so a diagonal block is half a block), per (S/n)²."""
    width = 3                       # a zigzag chunk; a rank holds 2 × width tokens either way
    tokens = 2 * width
    for zigzag in (False, True):
        if zigzag:
            held = [np.r_[r * width:(r + 1) * width, (2 * n - 1 - r) * width:(2 * n - r) * width] for r in range(n)]
        else:
            held = [np.arange(r * tokens, (r + 1) * tokens) for r in range(n)]
        matrix = work_matrix(n, zigzag)
        for t in range(n):
            for r in range(n):
                q, k = held[r][:, None], held[(r - t) % n][None, :]
                pairs = (k < q).sum() + 0.5 * (k == q).sum()
                assert matrix[t, r] == pairs / tokens**2


@pytest.mark.parametrize("zigzag", [False, True])
@pytest.mark.parametrize("n", [1, 2, 3, 5, 8])
def test_ring_online_softmax_equals_exact_attention(n, zigzag):
    demo_max, demo_sum, error = ring_demo(n, zigzag)
    assert error < 1e-12
    assert demo_max.shape == demo_sum.shape == (n, n)
    assert (np.diff(demo_max, axis=0) >= 0).all()   # a running maximum never falls
    assert (demo_sum > 0).all()


def test_ring_times_closed_form():
    s = scenario(cp=4, seq=16384, heads=16, d=64, **{"cluster.peak_tflops": 1000.0,
                                                      "context.attention_efficiency": 0.5})
    r = context_analysis(s).ring
    block = 4 * 1 * 4096 * 4096 * 16 * 64
    assert r.block_flops == block
    assert r.block_compute_s == pytest.approx(0.5 * block / (1000e12 * 0.5))  # zigzag: half a block a step
    tiers = link_tiers(s.cluster)
    assert r.transfer_s == pytest.approx(tiers.alpha_intra_s + r.bytes_per_step / tiers.bw_intra_Bps)
    assert r.hidden == (r.block_compute_s >= r.transfer_s)
    contiguous = context_analysis(s.replace(**{"context.zigzag": False})).ring
    assert contiguous.block_compute_s == pytest.approx(block / (1000e12 * 0.5))
    assert contiguous.chunks == ((0,), (1,), (2,), (3,)) and r.chunks == ((0, 7), (1, 6), (2, 5), (3, 4))
    assert peak_flops("h100", 0) == 989.5e12


def test_ring_placement_crosses_nodes_when_the_cp_group_does():
    s = scenario(cp=4, seq=4096, tp=2, gpus_per_node=4)  # megatron order: tp fastest, cp next
    a = context_analysis(s)
    assert a.cp_ranks == (0, 2, 4, 6)
    assert (a.ring.placement.nodes, a.ring.placement.tier) == (2, "inter")
    tiers = link_tiers(s.cluster)
    assert a.ring.transfer_s == pytest.approx(tiers.alpha_inter_s + a.ring.bytes_per_step / tiers.bw_inter_Bps)


# ---------------------------------------------------------------------------------------------
# USP

@pytest.mark.parametrize("cp, heads, kv, ulysses, expected", [
    (8, 8, 8, 0, (8, 1)), (8, 16, 4, 0, (4, 2)), (16, 8, 2, 0, (2, 8)), (8, 8, 8, 2, (2, 4)), (6, 4, 4, 0, (2, 3)),
])
def test_usp_degrees_grid_and_bytes(cp, heads, kv, ulysses, expected):
    seq, d = 24 * cp * 16, 16
    s = scenario(cp=cp, seq=seq, heads=heads, kv=kv, d=d, **{"context.ulysses": ulysses})
    a = context_analysis(s)
    usp = a.usp
    assert (usp.ulysses, usp.ring) == expected and usp.ulysses * usp.ring == cp
    assert usp.feasible
    assert usp.grid == tuple(tuple(a.cp_ranks[i * usp.ulysses:(i + 1) * usp.ulysses]) for i in range(usp.ring))
    row = seq // usp.ring
    if usp.ulysses > 1:
        assert usp.ulysses_bytes_per_link_per_layer == row * (2 * heads + 2 * kv) * d * 2 // usp.ulysses
    assert usp.ring_bytes_per_step == 2 * row * (kv // usp.ulysses) * d * 2
    assert usp.ring_steps == usp.ring - 1
    assert usp.ulysses_placement.ranks == usp.grid[0]
    assert usp.ring_placement.ranks == tuple(line[0] for line in usp.grid)


def test_usp_mha_bytes_4sh_over_ring_and_ulysses():
    s = scenario(cp=8, seq=8192, heads=8, d=32, **{"context.ulysses": 4})
    usp = context_analysis(s).usp
    assert usp.ulysses_bytes_per_link_per_layer == 4 * (8192 // 2) * 256 * 2 // 4


def test_usp_degree_not_dividing_cp_is_infeasible_and_an_error():
    s = scenario(cp=8, seq=8192, **{"context.ulysses": 3})
    usp = context_analysis(s).usp
    assert not usp.feasible and usp.grid == () and "3" in usp.reason
    assert ("error", "context.ulysses") in [(sev, key) for sev, key, _ in context_problems(s)]


# ---------------------------------------------------------------------------------------------
# DeepSeek-V4 two-stage CP

@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 16), m=st.integers(1, 16), blocks=st.integers(1, 40))
def test_two_stage_outputs_s_over_m_plus_one_on_every_rank(n, m, blocks):
    s_tokens = m * blocks
    two = context_analysis(scenario(cp=n, seq=n * s_tokens, heads=4, d=8,
                                    **{"context.compress_ratio": m})).two_stage
    assert two.tokens_per_rank == s_tokens and two.aligned
    assert two.compressed_tokens_per_rank == s_tokens // m + 1
    assert two.gathered_tokens == n * (s_tokens // m + 1)
    assert two.valid_tokens == two.gathered_tokens - 1 and two.bridges[0] == -1
    assert two.straddling_blocks == 0
    entry = 4 * 8 * 2   # d_kv = a·d for MHA, BF16
    assert two.stage1_bytes_per_rank == min(m, s_tokens) * entry
    assert two.stage2_bytes_per_rank == (n - 1) * (s_tokens // m + 1) * entry
    assert dict(two.shapes)["stage 2: all-gather"] == (n, s_tokens // m + 1, 32)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 12), m=st.integers(2, 9), s_tokens=st.integers(1, 60))
def test_straddling_blocks_counted_token_by_token(n, m, s_tokens):
    owners = np.arange(n * s_tokens) // s_tokens
    cut = sum(len(set(owners[k * m:(k + 1) * m])) > 1 for k in range(math.ceil(n * s_tokens / m)))
    assert straddling_blocks(s_tokens, n, m) == cut
    if s_tokens % m:
        two = context_analysis(scenario(cp=n, seq=n * s_tokens, heads=4, d=8,
                                        **{"context.compress_ratio": m})).two_stage
        assert not two.aligned and two.compressed_tokens_per_rank == math.ceil(s_tokens / m) + 1
        assert two.straddling_blocks == cut and (cut > 0) == (n > 1)


def test_two_stage_mla_kv_width_deepseek_v3():
    s = load_preset("deepseek-v3").replace(**{"parallel.cp": 4, "parallel.dp": 32, "model.seq_len": 16384})
    two = context_analysis(s).two_stage
    assert two.d_kv == 512 + 64   # DeepSeek-V3 §4.2: d_c = 512, d_r = 64
    assert (two.tokens_per_rank, two.compressed_tokens_per_rank) == (4096, 1025)
    assert two.stage1_bytes_per_rank == 4 * 576 * 2


# ---------------------------------------------------------------------------------------------
# Kimi K3 KDA

@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 7, 8, 13])
def test_kda_prefix_scan_equals_the_sequential_recurrence(n):
    assert kda_demo(n) < 1e-12
    steps = scan_ranges(n)
    assert len(steps) == (math.ceil(math.log2(n)) if n > 1 else 0)
    if steps:
        assert steps[-1] == tuple((0, r) for r in range(n))   # an inclusive scan covers every prefix
    for j, ranges in enumerate(steps):
        assert all(hi == r and hi - lo + 1 == min(r + 1, 2 ** (j + 1)) for r, (lo, hi) in enumerate(ranges))


def test_kda_scan_error_detects_a_wrong_order():
    """Composing fragments in the wrong order is not the recurrence (the check can fail)."""
    from tslab.models.context.kda import combine
    rng = np.random.default_rng(1)
    a1, a2 = rng.standard_normal((2, 3, 3))
    b1, b2 = rng.standard_normal((2, 3, 2))
    state = np.zeros((3, 2))
    right = a2 @ (a1 @ state + b1) + b2
    assert np.allclose(combine((a2, b2), (a1, b1))[1], right)
    assert not np.allclose(combine((a1, b1), (a2, b2))[1], right)


@pytest.mark.parametrize("seq", [8192, 65536, 524288])
def test_kda_allgather_bytes_do_not_grow_with_s(seq):
    base = context_analysis(scenario(cp=8, seq=8192, heads=8, d=64)).kda
    k = context_analysis(scenario(cp=8, seq=seq, heads=8, d=64)).kda
    assert k.fragment_bytes == 8 * (64 * 64 + 64 * 64) * 4
    assert k.allgather_bytes_per_rank == base.allgather_bytes_per_rank == 7 * k.fragment_bytes
    assert k.softmax_ring_bytes_per_rank == base.softmax_ring_bytes_per_rank * seq // 8192
    assert k.tokens_per_rank == seq // 8


# ---------------------------------------------------------------------------------------------
# Megatron SP

def test_megatron_sp_shards_10sbh_of_a_gpt_layer():
    """Korthikanti et al. Table 2: sbh(10 + 24/t + 5as/(ht)) without SP, sbh(34/t + 5as/(ht)) with."""
    s = Scenario().replace(**{"model.mlp": "gelu", "model.ffn_hidden": 4 * 4096, "model.dropout": True,
                              "activation.flash_attention": False, "parallel.tp": 8, "parallel.dp": 1,
                              "parallel.sp": True})
    sp = context_analysis(s).megatron_sp
    assert sp.enabled and sp.tp == 8
    assert sp.saved_bytes_per_layer == 10 * 4096 * 1 * 4096 * (1 - 1 / 8)
    off = context_analysis(s.replace(**{"parallel.sp": False}))
    assert off.megatron_sp.saved_bytes_per_layer == sp.saved_bytes_per_layer and not off.megatron_sp.enabled
    # SP is not CP: the long-context schemes over cp ranks do not change with it
    both = s.replace(**{"parallel.tp": 4, "parallel.cp": 2})
    with_sp, without = context_analysis(both), context_analysis(both.replace(**{"parallel.sp": False}))
    assert with_sp.ulysses == without.ulysses and with_sp.ulysses.bytes_per_link_per_layer > 0
    assert with_sp.ring.bytes_per_step == without.ring.bytes_per_step > 0
    assert context_analysis(s.replace(**{"parallel.tp": 1, "parallel.dp": 8})).megatron_sp.saved_bytes_per_layer == 0


# ---------------------------------------------------------------------------------------------
# JSON, validation, errors

CONTRACT = {
    "ulysses": {"degree": int, "bytes_per_link_per_layer": int, "max_degree": int},
    "ring": {"steps": int, "bytes_per_step": int},
    "two_stage": {"compress_ratio": int, "tokens_per_rank": int, "compressed_tokens_per_rank": int},
}


def test_context_json_contract_keys_and_plain_types():
    # the contract's own case: one node of 8 GPUs, cp = 4, dp = 2, S = 4096, m = 4
    s = Scenario().replace(**{"cluster.nodes": 1, "cluster.gpus_per_node": 8, "parallel.tp": 1, "parallel.pp": 1,
                              "parallel.cp": 4, "parallel.dp": 2, "model.seq_len": 4096,
                              "context.compress_ratio": 4})
    doc = context_json(context_analysis(s))
    for section, fields in CONTRACT.items():
        for name, kind in fields.items():
            assert type(doc[section][name]) is kind, (section, name)
    assert doc["two_stage"]["compressed_tokens_per_rank"] == 4096 // 4 // 4 + 1
    assert {"usp", "kda", "megatron_sp"} <= doc.keys()
    assert doc["model"] == "a deterministic teaching model, not a benchmark of a real cluster"
    assert not any(isinstance(v, (np.generic, np.ndarray, tuple)) for _, v in json_leaves(doc))
    json.dumps(doc, allow_nan=False)
    assert len(doc["ring"]["demo"]["max"]) == 4 and len(doc["ring"]["schedule"]) == 4


def test_context_problems_keys_and_templates():
    gqa = scenario(cp=16, seq=16 * 1024, heads=16, kv=4, **{"context.ulysses": 8, "context.compress_ratio": 3})
    found = {(severity, key): message for severity, key, message in context_problems(gqa)}
    assert "KV heads" in found[("warning", "context.ulysses")]
    assert "KV heads" in found[("warning", "parallel.cp")]
    assert "m = 3" in found[("warning", "context.compress_ratio")]
    for problem in context_validation(gqa):   # translatable templates with their arguments
        assert problem.template.format(**problem.args) == problem.message and "{" in problem.template
    mha = scenario(cp=16, seq=16 * 1024, heads=8)
    assert "attention heads" in dict(((k, m) for _, k, m in context_problems(mha)))["parallel.cp"]
    assert context_problems(load_preset("deepseek-v3")) == []


def test_context_analysis_refuses_what_it_cannot_lay_out():
    with pytest.raises(ValueError, match="not divisible by cp"):
        context_analysis(scenario(cp=4, seq=4098))
    with pytest.raises(ValueError, match="context-parallel ranks"):
        context_analysis(scenario(cp=2048, seq=2048 * 4, gpus_per_node=8))


@pytest.mark.parametrize("preset", ["classroom-7b", "gpt3-175b", "llama3-405b", "deepseek-v3", "kimi-k2"])
def test_every_preset_analyses(preset):
    """Shown as the scenario is (degree 1), a preset without CP exchanges nothing."""
    a = context_analysis(load_preset(preset), 1)
    assert isinstance(a, ContextAnalysis) and a.cp == a.scenario_cp == 1
    assert a.ring.steps == 0 and a.ulysses.bytes_per_link_per_layer == 0 and a.kda.allgather_bytes_per_rank == 0
    json.dumps(context_json(a), allow_nan=False)


@pytest.mark.parametrize("preset, shown", [("classroom-7b", 8), ("llama3-405b", 8), ("deepseek-v3", 8), ("kimi-k2", 8),
                                           ("gpt3-175b", 1), ("llama3-405b-128k", 16)])
def test_a_preset_without_cp_is_taught_at_the_largest_degree_that_fits(preset, shown):
    """The tab teaches CP on a preset that trains without it: at the largest of 8, 4, 2 dividing
    the sequence with whole data-parallel replicas left (DP gives up the ranks, the GPUs stay);
    GPT-3 175B's TP8 PP8 fills its 64 GPUs with one replica, so there is no room and it stays at
    1; a preset with CP is shown at its own."""
    s = load_preset(preset)
    a = context_analysis(s)
    assert (a.cp, a.scenario_cp) == (shown, s.parallel.cp)
    data = context_json(a)
    assert data["shown_degree"] == shown and data["scenario_cp"] == s.parallel.cp
    taught, degree = shown_scenario(s)
    assert degree == shown and taught.world_size == s.world_size
    if shown != s.parallel.cp:
        p = taught.parallel
        assert p.cp == shown and p.tp * p.cp * p.pp * p.dp == s.world_size and s.model.seq_len % shown == 0
        assert context_analysis(s, 4).cp == 4 and context_analysis(s, 3).cp == 1   # 3 does not divide S
        assert a.ring.steps == shown - 1 and a.cp_ranks and len(a.cp_ranks) == shown
    else:
        assert context_analysis(s, 4).cp == shown  # the scenario's own CP is shown whatever the view asks


# ---------------------------------------------------------------------------------------------
# Memory against sequence length

def test_context_lengths():
    assert context_lengths(4096) == tuple(1 << k for k in range(12, 21))
    assert context_lengths(3000) == (2048, 3000) + tuple(1 << k for k in range(12, 21))
    assert context_lengths(1 << 21)[-1] == 1 << 21


@pytest.mark.parametrize("preset, cp", [("deepseek-v3", 8), ("kimi-k2", 4), ("llama3-405b", 2), ("gpt3-175b", 8)])
def test_context_memory_monotone_and_divided_by_cp(preset, cp):
    s = load_preset(preset)
    s = s.replace(**{"parallel.cp": cp, "parallel.dp": max(1, s.parallel.dp // cp)})
    mem = context_memory(s)
    assert mem.schemes == ("none", "ulysses", "ring", "usp") and mem.cp == cp
    assert s.model.seq_len in mem.lengths and mem.lengths[-1] >= 1 << 20
    for table in (mem.activation, mem.activation_full, mem.comm_per_layer):
        assert len(table) == 4 and all(len(row) == len(mem.lengths) for row in table)
        for row in table:
            assert all(a <= b for a, b in zip(row, row[1:])), "bytes grow with the length"
    for i, _ in enumerate(mem.lengths):
        assert mem.activation_full[0][i] < mem.activation[0][i]    # full recompute keeps less
        for k in (1, 2, 3):
            shared = mem.activation[k][i] - mem.transient[k][i]
            # about cp: the busiest stage's share that CP does not divide (norms' statistics,
            # the logits of a stage holding the output head and an MTP module) moves it either way
            assert 0.9 * cp <= mem.activation[0][i] / shared <= 1.25 * cp
    assert mem.comm_per_layer[0] == (0,) * len(mem.lengths)
    assert mem.capacity == 80 * 2**30   # H800, H100, A100-80 data sheets


def test_context_memory_buffers_closed_forms():
    s = scenario(cp=4, seq=8192, heads=8, kv=2, d=16)
    mem = context_memory(s)
    i = mem.lengths.index(8192)
    tokens = 8192 // 4
    assert mem.transient[1][i] == tokens * (8 + 2 + 2 + 8) * 16 * 2          # Ulysses: QKV + output
    assert mem.transient[2][i] == 2 * tokens * (2 + 2) * 16 * 2               # Ring: two K/V blocks
    assert mem.comm_per_layer[2][i] == 3 * tokens * (2 + 2) * 16 * 2           # n − 1 K/V blocks
    assert mem.usp_ulysses == 2                                                # KV heads allow 2
