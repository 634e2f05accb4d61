"""The step-time model (models/time) against closed forms and its own invariants.

Oracles:
- Narayanan et al., "Efficient Large-Scale Language Model Training on GPU Clusters Using
  Megatron-LM" (SC'21), eq. 3: F = 96·B·s·l·h²·(1 + s/(6h) + V/(16·l·h)) FLOPs per iteration
  with full recomputation (four passes of the layers, three of the logit layer); without recompute
  three passes, 72·B·s·l·h²·(1 + s/(6h) + V/(12·l·h)). Both count the full s×s scores, which the
  model executes without FlashAttention.
- Kaplan et al., "Scaling Laws for Neural Language Models" (2020), §2.1: C ≈ 6N per token plus
  6·n_layer·n_ctx·d_attn for causal attention, N the weights the GEMMs multiply by (the LM head
  included, the embedding lookup and norms not), counted independently from the memory model's
  parameter counts (models/memory/params.py) for dense, GQA, MLA, SwiGLU/GeLU and MoE shapes.
- Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models" (MLSys'23),
  §5: selective recompute reruns QKᵀ and attention over V (and the softmax and dropout, which are
  element-wise), 4·B·s²·h FLOPs per layer.
- Qi et al., "Zero Bubble Pipeline Parallelism" (ICLR'24), §2: I = W = F for a GEMM; the attention
  scores have no weight gradient, so I = 2F there.
- NVIDIA, Matrix Multiplication Background User's Guide §3: tile and wave quantisation.
Invariants: full recompute adds exactly the forward, HFU/MFU = executed/model FLOPs, every rank's
stack adds up to the step time, the step's schedule is simulate() with model_durations, more DP at a
fixed global batch never adds compute per rank, overlap never makes a step slower.
"""
from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tslab.models.memory import attention_params, head_dim, is_moe_layer, mlp_params, padded_vocab
from tslab.models.memory.params import shared_ffn
from tslab.models.memory.policy import activation_policy
from tslab.models.pipeline import chunks_per_rank, schedule_inputs, simulate, stages_of
from tslab.models.presets import load_preset, preset_names
from tslab.models.scenario import Scenario
from tslab.models.time import (ACHIEVABLE, MODEL_NOTE, causal_share, gemm, hardware_of, layer_flops, layer_ops,
                               model_durations, step_time, tile_efficiency, time_json, wave_efficiency)
from tslab.models.time.efficiency import KERNEL_GAP_S
from tslab.models.time.flops import recompute_of, shard_of

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
REL = 1e-9


def gpt(h: int = 1024, heads: int = 16, layers: int = 4, seq: int = 512, vocab: int = 5000, tp: int = 1,
        micro_batch: int = 1, microbatches: int = 2, recompute: str = "none", flash: bool = False,
        **extra: object) -> Scenario:
    """A GPT-3-style shape (GeLU MLP of 4h, MHA), the shape Narayanan et al. count."""
    values: dict[str, object] = {
        "model.layers": layers, "model.hidden": h, "model.heads": heads, "model.kv_heads": heads,
        "model.head_dim": 0, "model.ffn_hidden": 4 * h, "model.vocab": vocab, "model.vocab_divisible_by": 1,
        "model.seq_len": seq, "model.micro_batch": micro_batch, "model.mlp": "gelu", "model.dropout": True,
        "model.norm": "layernorm", "model.linear_bias": True, "model.position_embedding": "learned",
        "model.tied_embeddings": True, "model.experts": 0,
        "parallel.tp": tp, "parallel.pp": 1, "parallel.dp": 1, "parallel.cp": 1, "parallel.zero": 0,
        "activation.recompute": recompute, "activation.flash_attention": flash,
        "cluster.gpu": "a100-80", "cluster.nodes": 1, "cluster.gpus_per_node": tp,
        "schedule.kind": "1f1b", "schedule.microbatches": microbatches,
    }
    values.update(extra)
    return Scenario().replace(**values)


gpt_shapes = st.fixed_dictionaries({
    "heads": st.sampled_from([4, 8, 16]), "d": st.sampled_from([32, 64, 128]), "layers": st.integers(1, 6),
    "seq": st.sampled_from([128, 256, 1000, 2048]), "vocab": st.integers(1000, 60000),
    "tp": st.sampled_from([1, 2, 4]), "micro_batch": st.integers(1, 3), "microbatches": st.integers(1, 4)})


def _gpt_of(shape: dict, recompute: str) -> Scenario:
    return gpt(h=shape["heads"] * shape["d"], heads=shape["heads"], layers=shape["layers"], seq=shape["seq"],
               vocab=shape["vocab"], tp=shape["tp"], micro_batch=shape["micro_batch"],
               microbatches=shape["microbatches"], recompute=recompute)


# ---------------------------------------------------------------------------------------------
# FLOP counts against the closed forms

@SETTINGS
@given(gpt_shapes)
def test_narayanan_eq3_with_and_without_recompute(shape):
    h, L, s, V = shape["heads"] * shape["d"], shape["layers"], shape["seq"], shape["vocab"]
    B = shape["micro_batch"] * shape["microbatches"]
    full = layer_flops(_gpt_of(shape, "full"))
    none = layer_flops(_gpt_of(shape, "none"))
    assert full.hardware_flops_per_step == pytest.approx(96 * B * s * L * h * h * (1 + s / (6 * h) + V / (16 * L * h)),
                                                         rel=REL)
    assert none.hardware_flops_per_step == pytest.approx(72 * B * s * L * h * h * (1 + s / (6 * h) + V / (12 * L * h)),
                                                         rel=REL)
    # model FLOPs: the causal half of the scores, whatever the recompute
    causal = 72 * B * s * L * h * h * (1 + s / (12 * h) + V / (12 * L * h))
    assert full.model_flops_per_step == pytest.approx(causal, rel=REL)
    assert none.model_flops_per_step == pytest.approx(causal, rel=REL)


@SETTINGS
@given(gpt_shapes)
def test_selective_recompute_adds_the_attention_core_forward(shape):
    """Korthikanti §5: QKᵀ and attention over V again, 4·B·s²·h per layer (non-flash, full scores)."""
    h, L, s = shape["heads"] * shape["d"], shape["layers"], shape["seq"]
    B = shape["micro_batch"] * shape["microbatches"]
    selective = layer_flops(_gpt_of(shape, "selective")).hardware_flops_per_step
    none = layer_flops(_gpt_of(shape, "none")).hardware_flops_per_step
    assert selective - none == pytest.approx(4 * B * s * s * h * L, rel=1e-7)


def _matmul_weights(s: Scenario, moe: bool) -> float:
    """The weights one token's GEMMs multiply by in one layer, from the memory model's counts."""
    m = s.model
    attention = attention_params(s)
    if m.attention == "mla":  # the two latent RMSNorm weights are no GEMM
        attention -= m.kv_lora_rank + m.q_lora_rank
    if not (moe and m.experts):
        return attention + mlp_params(m.hidden, m.ffn_hidden, m.mlp)
    shared = mlp_params(m.hidden, shared_ffn(s), m.mlp) if shared_ffn(s) else 0
    return attention + shared + m.top_k * mlp_params(m.hidden, m.expert_ffn_hidden, m.mlp) + m.hidden * m.experts


@SETTINGS
@given(heads=st.sampled_from([8, 16]), groups=st.sampled_from([1, 2, 8]), d=st.sampled_from([32, 64]),
       layers=st.integers(1, 5), seq=st.sampled_from([256, 1024]), mlp=st.sampled_from(["gelu", "swiglu"]),
       experts=st.sampled_from([0, 8, 16]), top_k=st.integers(1, 4), shared=st.integers(0, 2),
       first_dense=st.integers(0, 2), mla=st.booleans(), q_lora=st.sampled_from([0, 96]),
       tp=st.sampled_from([1, 2]), ep=st.sampled_from([1, 2]), mtp=st.integers(0, 1))
def test_kaplan_six_n_per_token_plus_causal_attention(heads, groups, d, layers, seq, mlp, experts, top_k, shared,
                                                      first_dense, mla, q_lora, tp, ep, mtp):
    h = heads * d
    values: dict[str, object] = {
        "model.layers": layers, "model.hidden": h, "model.heads": heads, "model.kv_heads": heads // groups,
        "model.head_dim": 0, "model.ffn_hidden": 3 * h, "model.vocab": 3001, "model.vocab_divisible_by": 64,
        "model.seq_len": seq, "model.micro_batch": 1, "model.mlp": mlp, "model.experts": experts,
        "model.top_k": min(top_k, experts) if experts else 0, "model.expert_ffn_hidden": h // 2 if experts else 0,
        "model.shared_experts": shared if experts else 0, "model.first_dense_layers": min(first_dense, layers),
        "model.linear_bias": False, "model.qkv_bias": False, "model.tied_embeddings": False,
        "model.attention": "mla" if mla else "mha", "model.mtp_layers": mtp,
        "model.kv_lora_rank": 64 if mla else 0, "model.q_lora_rank": q_lora if mla else 0,
        "model.qk_rope_head_dim": 16 if mla else 0, "model.v_head_dim": d if mla else 0,
        "parallel.tp": tp, "parallel.ep": ep if experts else 1, "parallel.dp": 2, "parallel.pp": 1,
        "parallel.sp": tp > 1, "cluster.nodes": 1, "cluster.gpus_per_node": 2 * tp,
        "schedule.microbatches": 3, "activation.flash_attention": True, "activation.recompute": "none"}
    s = Scenario().replace(**values)
    m = s.model
    tokens = 3 * 1 * 2 * seq  # microbatches × micro-batch × dp sequences
    dq = head_dim(s) + (m.qk_rope_head_dim if mla else 0)
    dv = (m.v_head_dim or head_dim(s)) if mla else head_dim(s)
    weights = sum(_matmul_weights(s, is_moe_layer(s, layer)) for layer in range(layers + mtp))
    weights += (1 + mtp) * padded_vocab(s) * h + mtp * 2 * h * h  # the head (and MTP's own pass, projection)
    attention = 3 * (layers + mtp) * seq * heads * (dq + dv)  # causal: 6·n_ctx·d_attn when dq = dv
    assert layer_flops(s).model_flops_per_step == pytest.approx(tokens * (6 * weights + attention), rel=REL)


@pytest.mark.parametrize("flash", [False, True])
@pytest.mark.parametrize("preset", ["classroom-7b", "deepseek-v3"])
def test_zero_bubble_split(preset, flash):
    """W = F for every GEMM with weights, and the attention scores have no W: W = F − F_attention,
    I = F + F_attention (I = 2F for the scores) without FlashAttention; with it the backward also
    recomputes QKᵀ: five GEMMs, (3·d_qk + 2·d_v)/(d_qk + d_v) of the forward (2.5 when d_qk = d_v)."""
    s = load_preset(preset).replace(**{"activation.flash_attention": flash})
    m = s.model
    dq = head_dim(s) + (m.qk_rope_head_dim if m.attention == "mla" else 0)
    dv = (m.v_head_dim or head_dim(s)) if m.attention == "mla" else head_dim(s)
    ratio = (3 * dq + 2 * dv) / (dq + dv) if flash else 2.0
    for moe in (False, True) if s.model.experts else (False,):
        ops = layer_ops(s, moe, shard_of(s))
        attention = sum(op.forward_flops for op in ops if op.attention)
        forward = sum(op.forward_flops for op in ops)
        kind = layer_flops(s).moe if moe else layer_flops(s).dense
        assert kind is not None
        assert kind.forward == pytest.approx(forward, rel=REL)
        assert kind.weight_grad == pytest.approx(forward - attention, rel=REL)
        assert kind.input_grad == pytest.approx(forward - attention + ratio * attention, rel=REL)
        if not flash:
            assert kind.input_grad + kind.weight_grad == pytest.approx(2 * kind.forward, rel=REL)
        assert attention > 0


def test_flash_attention_executes_the_causal_blocks():
    """(n + 1)/(2n) of the s×s scores for n key blocks of 128; model FLOPs keep the half."""
    s = gpt(seq=2048, flash=True)
    assert causal_share(s) == pytest.approx((16 + 1) / 32)
    assert causal_share(gpt(seq=2048, flash=False)) == 1.0
    ops = layer_ops(s, False, shard_of(s))
    (att,) = [op for op in ops if op.attention]
    assert att.forward_flops == pytest.approx(att.model_forward / 0.5 * 17 / 32, rel=REL)


@pytest.mark.parametrize("preset", ["classroom-7b", "gpt3-175b", "deepseek-v3", "kimi-k2"])
def test_full_recompute_adds_exactly_the_forward(preset):
    base = load_preset(preset).replace(**{"activation.policy": "manual", "activation.tensors": (),
                                          "activation.recompute_layers": 0})
    full = layer_flops(base.replace(**{"activation.recompute": "full"}))
    none = layer_flops(base.replace(**{"activation.recompute": "none"}))
    for kind in (full.dense, full.moe):
        if kind is not None:
            assert kind.recompute == pytest.approx(kind.forward, rel=REL)
            assert kind.hbm_recompute_bytes == pytest.approx(kind.hbm_forward_bytes, rel=REL)
    assert none.dense.recompute == 0
    assert none.recompute_flops_per_step == 0
    assert full.hardware_flops_per_step - none.hardware_flops_per_step == pytest.approx(
        full.recompute_flops_per_step, rel=1e-9)
    assert full.model_flops_per_step == pytest.approx(none.model_flops_per_step, rel=REL)


def test_full_recompute_of_a_dense_model_closed_form():
    s = gpt(layers=6, tp=2, micro_batch=2, microbatches=3, recompute="full")
    f = layer_flops(s)
    gpus_per_position = 2  # tp · cp · dp
    assert f.recompute_flops_per_step == pytest.approx(6 * f.dense.forward * 3 * gpus_per_position, rel=REL)


@pytest.mark.parametrize("preset", preset_names())
@pytest.mark.parametrize("recompute", ["none", "selective", "full"])
def test_every_recomputed_op_of_the_policy_is_priced(preset, recompute):
    """Each op the memory model's policy recomputes is one this model prices (none left over)."""
    s = load_preset(preset).replace(**{"activation.recompute": recompute})
    policy = activation_policy(s)
    for moe in (False, True) if s.model.experts else (False,):
        ops = layer_ops(s, moe, shard_of(s))
        rec = recompute_of(s, ops, moe, False)
        assert rec.unknown_flops == 0
        if policy.layer(moe, False).recompute_ops:
            assert rec.flops + rec.bytes > 0


# ---------------------------------------------------------------------------------------------
# The efficiency curve

def test_wave_and_tile_quantisation():
    # 108 SMs: 108 tiles fill one wave, 109 need a second (NVIDIA Matrix Multiplication guide §3.2)
    assert wave_efficiency(108, 108) == 1.0
    assert wave_efficiency(109, 108) == pytest.approx(109 / 216)
    # an output of whole 128×256 tiles in whole waves wastes nothing
    assert tile_efficiency(128 * 12, 256 * 9, 1, 108) == pytest.approx(1.0)
    # one more row adds a row of padded tiles (§3.1): the best of the tile shapes is taken
    assert tile_efficiency(128 * 12 + 1, 256 * 9, 1, 108) < 1.0


def test_gemm_time_roofline_and_constant():
    s = load_preset("classroom-7b").replace(**{"cluster.gpu": "a100-80"})
    hw = hardware_of(s)
    big = gemm(8192, 8192, 8192, 2)
    gap = KERNEL_GAP_S   # every kernel's launch gap
    stream = hw.hbm_Bps * 0.9   # time.hbm_efficiency's default
    out = 8192 * 8192 * 2       # the output, written after the main loop
    assert big.time(hw) == pytest.approx(big.flops / (hw.peak_flops * ACHIEVABLE * big.efficiency(hw) / ACHIEVABLE)
                                         + out / stream + gap)
    thin = gemm(8192, 8, 8192, 2)  # a GEMV-like product: HBM-bound
    assert thin.time(hw) == pytest.approx(thin.bytes / stream + gap)
    half = hardware_of(s.replace(**{"time.hbm_efficiency": 0.45}))
    assert thin.time(half) - gap == pytest.approx(2 * (thin.time(hw) - gap))
    fixed = hardware_of(s.replace(**{"time.gemm_efficiency": 0.5}))
    for k in (big, thin):
        assert k.time(fixed) == pytest.approx(k.flops / (hw.peak_flops * 0.5))


@SETTINGS
@given(m=st.integers(1, 20000), n=st.integers(1, 20000), batch=st.integers(1, 64))
def test_tile_efficiency_is_a_fraction(m, n, batch):
    assert 0 < tile_efficiency(m, n, batch, 132) <= 1.0


# ---------------------------------------------------------------------------------------------
# The step

PRESET_KINDS = [("classroom-7b", None), ("gpt3-175b", None), ("gpt3-175b", "zb-h1"), ("gpt3-175b", "gpipe"),
                ("llama3-405b", None), ("llama3-405b-128k", None), ("deepseek-v3", None), ("kimi-k2", None),
                ("deepseek-v3", "dualpipev"), ("kimi-k2", "zbv")]


def _variant(preset: str, kind: str | None) -> Scenario:
    s = load_preset(preset)
    return s if kind is None else s.replace(**{"schedule.kind": kind, "parallel.vpp": 1})


@pytest.mark.parametrize("preset,kind", PRESET_KINDS)
def test_stack_adds_up_to_the_step_time(preset, kind):
    t = step_time(_variant(preset, kind))
    assert t.step_time_s == pytest.approx(t.pipeline_s + t.dp_exposed_s + t.optimizer_s, rel=1e-12)
    for row in t.stack:
        parts = row.compute_s + row.memory_bound_s + sum(row.exposed_comm_s.values()) + row.bubble_s + row.optimizer_s
        assert parts == pytest.approx(t.step_time_s, rel=1e-9)
        assert row.total_s == pytest.approx(t.step_time_s, rel=1e-9)
        assert min(row.compute_s, row.memory_bound_s, row.bubble_s, row.optimizer_s,
                   *row.exposed_comm_s.values()) >= -1e-9
    for c in t.comm:
        assert c.exposed_s + c.hidden_s == pytest.approx(c.time_s, rel=1e-12, abs=1e-15)
        assert c.exposed_s >= 0 and c.hidden_s >= -1e-12
    assert len(t.stack) == t.stack[-1].rank + 1 == _variant(preset, kind).parallel.pp


@pytest.mark.parametrize("preset,kind", PRESET_KINDS)
def test_durations_drive_the_schedule(preset, kind):
    s = _variant(preset, kind)
    durations, imbalance = model_durations(s)
    p = s.parallel
    chunks = chunks_per_rank(s.schedule.kind, p.vpp)
    assert len(imbalance) == stages_of(s.schedule.kind, p.pp, chunks)
    assert max(imbalance) == pytest.approx(1.0) and min(imbalance) > 0
    assert pytest.approx(durations.I + durations.W) == durations.B
    sim = simulate(s.schedule.kind, p.pp, s.schedule.microbatches, chunks, durations, stage_imbalance=imbalance)
    t = step_time(s)
    assert t.pipeline_s == pytest.approx(sim.makespan, rel=1e-12)
    assert t.durations == durations
    # the pipeline model's adapter takes the same seconds when the schedule asks for them
    inputs = schedule_inputs(s.replace(**{"schedule.durations": "model"}))
    assert inputs.durations == durations and inputs.stage_imbalance == imbalance


def test_mfu_and_hfu():
    for preset in ("classroom-7b", "gpt3-175b", "deepseek-v3"):
        t = step_time(load_preset(preset))
        gpus = load_preset(preset).world_size
        assert t.mfu == pytest.approx(t.flops_per_step / (t.step_time_s * gpus * t.peak_flops), rel=1e-12)
        assert t.hfu / t.mfu == pytest.approx(t.hardware_flops_per_step / t.flops_per_step, rel=1e-12)
        assert 0 < t.mfu <= t.hfu < 1
        assert t.tokens_per_s * t.step_time_s == pytest.approx(t.tokens_per_step)


@SETTINGS
@given(dp=st.sampled_from([1, 2]), global_batch=st.sampled_from([8, 16]), recompute=st.sampled_from(["none", "full"]),
       zero=st.integers(0, 3))
def test_more_data_parallelism_at_a_fixed_batch_never_adds_compute_per_rank(dp, global_batch, recompute, zero):
    """Doubling dp (and the GPUs) and halving the micro-batches per replica keeps the global batch:
    each rank's GEMM and element-wise time can only fall, and so can its optimizer step."""
    base = gpt(h=512, heads=8, layers=4, seq=256, tp=2, recompute=recompute, microbatches=global_batch // dp,
               **{"parallel.dp": dp, "cluster.gpus_per_node": 2 * dp, "parallel.zero": zero})
    wider = base.replace(**{"parallel.dp": 2 * dp, "cluster.gpus_per_node": 4 * dp,
                            "schedule.microbatches": global_batch // (2 * dp)})
    a, b = step_time(base), step_time(wider)
    assert a.global_batch == b.global_batch
    for before, after in zip(a.stack, b.stack):
        assert after.compute_s <= before.compute_s * (1 + 1e-12)
        assert after.memory_bound_s <= before.memory_bound_s * (1 + 1e-12)
        if zero >= 1:
            assert after.optimizer_s <= before.optimizer_s * (1 + 1e-12)


@pytest.mark.parametrize("key", ["time.tp_overlap", "time.ep_overlap", "time.dp_overlap"])
@pytest.mark.parametrize("preset", ["gpt3-175b", "deepseek-v3", "kimi-k2", "llama3-405b"])
def test_overlap_never_makes_a_step_slower(preset, key):
    s = load_preset(preset)
    on, off = step_time(s.replace(**{key: True})), step_time(s.replace(**{key: False}))
    assert on.step_time_s <= off.step_time_s * (1 + 1e-12)


def test_dualpipe_pairs_hide_the_all_to_alls():
    """An F&B pair takes max(F + B − their all-to-alls, their all-to-alls) ≤ F + B."""
    s = load_preset("deepseek-v3")
    d, _ = model_durations(s)
    assert d.FB < d.F + d.B
    t = step_time(s)
    (ep,) = [c for c in t.comm if c.axis == "ep"]
    assert ep.hidden_s > 0
    plain = step_time(s.replace(**{"schedule.kind": "1f1b"}))
    assert pytest.approx(plain.durations.F + plain.durations.B) == plain.durations.FB


def test_context_parallel_ring_hides_behind_the_blocks():
    """Llama 3's 128K stage: a 16-way ring of 8K-token blocks hides the K/V transfers."""
    t = step_time(load_preset("llama3-405b-128k"))
    (cp,) = [c for c in t.comm if c.axis == "cp"]
    assert cp.time_s > 0 and cp.exposed_s == pytest.approx(0.0)


def test_nvlink_efficiency_scales_the_nvlink_bandwidth_term():
    """A TP group inside a node at zero latency: halving time.nvlink_efficiency doubles its time;
    the network tier (DP across nodes) keeps its data-sheet rate."""
    s = load_preset("llama3-405b").replace(**{"cluster.intra_latency_us": 0.0, "cluster.inter_latency_us": 0.0})

    def comm(efficiency: float) -> dict[str, float]:
        return {c.axis: c.time_s for c in step_time(s.replace(**{"time.nvlink_efficiency": efficiency})).comm}

    full, half = comm(1.0), comm(0.5)
    assert half["tp"] == pytest.approx(2 * full["tp"])
    assert half["dp"] == pytest.approx(full["dp"])


def test_notes_are_templates_with_their_arguments():
    t = step_time(load_preset("gpt3-175b").replace(**{"time.hbm_efficiency": 0.75}))
    texts = [note.text for note in t.notes]
    assert any("75%" in text and "time.hbm_efficiency" in text for text in texts)
    assert all("{" not in text for text in texts) and time_json(t)["notes"] == texts


def test_caching_and_errors():
    s = load_preset("deepseek-v3")
    assert step_time(s) is step_time(s)
    with pytest.raises(ValueError, match="offload"):
        step_time(s.replace(**{"offload.params": "cpu"}))
    with pytest.raises(ValueError):
        step_time(s.replace(**{"cluster.nodes": 128, "parallel.dp": 128}))  # tp·cp·dp·pp no longer fills the cluster


def test_time_json_keys():
    t = step_time(load_preset("deepseek-v3"))
    doc = time_json(t)
    for key in ("step_time_s", "tokens_per_s", "mfu", "hfu", "flops_per_step", "hardware_flops_per_step",
                "pipeline_s", "optimizer_s", "stack", "comm", "durations", "gpu", "notes", "model"):
        assert key in doc
    assert doc["model"] == MODEL_NOTE and any(MODEL_NOTE in note for note in doc["notes"])
    assert doc["compute"] == "fp8" and doc["fp8_peak_flops"] == 1979e12   # the preset's FP8 GEMMs, H800's FP8 rate
    assert time_json(step_time(load_preset("llama3-405b")))["compute"] == "bf16"
    assert set(doc["durations"]) == {"F", "B", "I", "W", "FB", "p2p"}
    row = doc["stack"][0]
    assert set(row) == {"rank", "compute_s", "memory_bound_s", "exposed_comm_s", "bubble_s", "optimizer_s", "total_s"}
    assert {c["axis"] for c in doc["comm"]} == {"ep", "pp", "dp", "edp"}
    assert all(set(c) == {"axis", "bytes", "time_s", "hidden_s", "exposed_s"} for c in doc["comm"])
    assert all(math.isfinite(v) for v in (doc["step_time_s"], doc["mfu"], doc["hfu"]))


# ---------------------------------------------------------------------------------------------
# The accuracy script

def test_accuracy_script_rows():
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "accuracy.py"
    spec = importlib.util.spec_from_file_location("tslab_accuracy", path)
    assert spec and spec.loader
    accuracy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(accuracy)
    table = accuracy.rows()
    assert [row["measured_s"] for row in table] == [1.42, 1.10, 18.13, 13.75, 49.05, 37.83, 94.42, 71.49]
    for row in table:
        assert row["error"] == pytest.approx(row["model_s"] / row["measured_s"] - 1)
    other = accuracy.other_rows(2)
    assert [row["tflops"] for row in other] == [430.0, 400.0, 380.0]   # Llama 3 report, Table 4
    for row in other:
        assert row["error"] == pytest.approx(row["model_s"] / row["measured_s"] - 1) and row["measured_s"] > 0
    summary = accuracy.summary(table)
    assert summary["full_above_selective"] and summary["order_across_models"]
    assert summary["max_abs_error"] < 0.20  # the lab's acceptance bound for this table


@pytest.mark.parametrize("preset", ["deepseek-v3", "gpt3-175b", "kimi-k2"])
def test_a_step_timed_again_from_a_kept_schedule_is_a_fresh_simulations(preset):
    """The model keeps the op order of the schedules it simulated (KEPT_TIMINGS): an edit of the
    durations, not the schedule, is timed in one pass. Its step time is the one a fresh simulation
    with the edited durations gives, every field to the bit, and its makespan is simulate()'s."""
    from tslab.models.scenario import with_values
    from tslab.models.time import step as step_module
    s = load_preset(preset)
    step_module._TIMED.uncached(s)   # the schedule's order kept, from the preset's durations
    retimed = 0
    for change in ({"cluster.intra_bw_gbps": s.cluster.intra_bw_gbps / 2}, {"time.nvlink_efficiency": 0.6},
                   {"cluster.gpu": "h200" if s.cluster.gpu != "h200" else "h100"}):
        edited = with_values(s, change)
        st_ = step_module._prepared(edited).stages
        schedule = (st_.kind, edited.parallel.pp, edited.schedule.microbatches, st_.chunks)
        kept = step_module.KEPT_TIMINGS.get(schedule)
        assert kept is not None
        durations, imbalance = model_durations(edited)
        if (durations, imbalance) == model_durations(s):
            continue   # the same durations: nothing to time again
        retimed += 1
        timed = step_module._TIMED.uncached(edited)
        assert timed.pipeline_s == simulate(st_.kind, edited.parallel.pp, edited.schedule.microbatches, st_.chunks,
                                            durations, stage_imbalance=imbalance).makespan
        step_module.KEPT_TIMINGS.clear()   # simulated afresh with the edited durations
        assert step_module._TIMED.uncached(edited) == timed
        step_module._TIMED.uncached(s)   # the preset's order kept again
    assert retimed


def test_the_kept_schedules_are_the_latest_few():
    from tslab.models.pipeline.timing import ScheduleTiming
    from tslab.models.time.step import _KeptTimings
    kept = _KeptTimings(2)
    for m in (2, 3, 4, 5):
        kept[("1f1b", 2, m, 1)] = ScheduleTiming("1f1b", 2, m)
    assert list(kept) == [("1f1b", 2, 4, 1), ("1f1b", 2, 5, 1)]
