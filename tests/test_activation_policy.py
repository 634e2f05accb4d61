"""The per-tensor activation policy against Korthikanti et al.'s closed forms, Megatron-LM's
partial recomputation, the named ladders' order, and invariants of every backend.

Oracles:
- Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models" (MLSys'23),
  §4 Table 2 (16-bit activations, GPT layer): sbh(34 + 5as/h) without recomputation; selective
  recomputation (§5) removes exactly the 5as/h term: 34·sbh/t with SP, sbh(10 + 24/t) without;
  full recomputation keeps the layer input, 2sbh.
- Narayanan et al., "Efficient Large-Scale Language Model Training on GPU Clusters Using
  Megatron-LM" (SC'21) §5.1: a GPT layer's forward is 24Bsh²(1 + s/(6h)) FLOPs, so rerunning it
  (full recomputation) costs that; the attention core's GEMMs (QKᵀ and attention over V) are 4Bs²h.
- Megatron-LM --recompute-method block --recompute-num-layers N: the first N layers of every
  pipeline chunk fully recomputed; --distribute-saved-activations splits their checkpoint over TP.
- DeepSeek-V3 technical report §2.2: every MTP module has its own output head on the last stage.
"""
from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st
from test_memory_properties import valid_scenarios

from tslab.models.memory import memory_ledger, pipeline_layout
from tslab.models.memory.activations import activation_formula, layer_kinds
from tslab.models.memory.policy import (ATTENTION_CORE, BACKENDS, FP8_SCALE_OVERHEAD, LAYER_INPUTS, TENSORS,
                                        activation_policy, ladder, policy_problems)
from tslab.models.memory.routed import routed_rows
from tslab.models.memory.stored import TENSOR_ITEMS
from tslab.models.presets import load_preset
from tslab.models.scenario import ACTIVATION_POLICIES, Scenario
from tslab.models.validation import errors

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LADDERS = [name for name in ACTIVATION_POLICIES if name != "manual"]


def gpt_case(s: int, b: int, h: int, a: int, t: int = 1, *, sp: bool = False, recompute: str = "none",
             **extra: object) -> Scenario:
    """Korthikanti's GPT layer: GeLU MLP of width 4h, MHA, dropout, 16-bit activations, no
    FlashAttention; no fractions or allocator allowance in the ledger."""
    return Scenario().replace(**{
        "model.seq_len": s, "model.micro_batch": b, "model.hidden": h, "model.heads": a, "model.kv_heads": a,
        "model.head_dim": 0, "model.attention": "mha", "model.ffn_hidden": 4 * h, "model.mlp": "gelu",
        "model.dropout": True, "model.experts": 0, "precision.activations": "bf16",
        "parallel.tp": t, "parallel.sp": sp, "parallel.dp": 1, "cluster.nodes": 1, "cluster.gpus_per_node": t,
        "activation.recompute": recompute, "activation.flash_attention": False,
        "memory.fragmentation": 0.0, **extra,
    })


@st.composite
def gpt_shapes(draw) -> tuple[int, int, int, int, int]:
    t = draw(st.sampled_from([1, 2, 4, 8]))
    a = t * draw(st.integers(1, 8))
    h = a * draw(st.sampled_from([8, 16, 64, 128]))
    return draw(st.integers(1, 4096)), draw(st.integers(1, 4)), h, a, t


def saved(s: Scenario, moe: bool = False, recomputed: bool = False) -> float:
    return activation_policy(s).layer(moe, recomputed).saved_bytes


def items(s: Scenario, rank: int = 0) -> dict[str, int]:
    return {item.key: item.bytes for item in memory_ledger(s, rank).items}


# ---------------------------------------------------------------------------------------------
# Korthikanti et al. Table 2 and §5

@settings(max_examples=80, deadline=None)
@given(gpt_shapes(), st.booleans())
def test_megatron_selective_removes_exactly_the_5as_over_h_term(shape, sp: bool) -> None:
    s_, b, h, a, t = shape
    none = gpt_case(s_, b, h, a, t, sp=sp)
    ladder_ = none.replace(**{"activation.policy": "megatron-selective"})
    sbh = s_ * b * h
    assert math.isclose(saved(none), sbh * (34 / t + 5 * a * s_ / (h * t)) if sp else
                        sbh * (10 + 24 / t + 5 * a * s_ / (h * t)), rel_tol=1e-12)
    assert math.isclose(saved(ladder_), 34 * sbh / t if sp else sbh * (10 + 24 / t), rel_tol=1e-12)
    # The step's saving is the 5as/h term, 5as²b/t bytes per layer, and it is exactly the base
    # `selective`, tensor by tensor.
    (step,) = activation_policy(ladder_).steps
    assert math.isclose(step.saving_bytes[False], 5 * a * s_ * s_ * b / t, rel_tol=1e-12)
    selective = activation_policy(none.replace(**{"activation.recompute": "selective"})).layer(False)
    assert [(r.key, r.backend) for r in activation_policy(ladder_).layer(False).rows] == \
        [(r.key, r.backend) for r in selective.rows]
    assert {r.key for r in selective.rows if r.backend == "recompute"} == set(ATTENTION_CORE) & set(TENSORS) - {
        "softmax_stats"}


@settings(max_examples=40, deadline=None)
@given(gpt_shapes(), st.booleans())
def test_full_recompute_cost_is_one_forward_and_the_attention_core_4bs2h(shape, sp: bool) -> None:
    """Rerunning a GPT layer costs its forward's GEMMs, 24·sbh² + 4·s²bh over t (Narayanan et al.
    §5.1); the selective recomputation's GEMMs are QKᵀ and attention over V, 4·s²bh/t."""
    s_, b, h, a, t = shape
    full = activation_policy(gpt_case(s_, b, h, a, t, sp=sp, recompute="full")).layer(False, True)
    gemms = sum(flops for _, flops, gemm in full.recompute_ops if gemm)
    assert math.isclose(gemms, (24 * s_ * b * h * h + 4 * s_ * s_ * b * h) / t, rel_tol=1e-12)
    selective = activation_policy(gpt_case(s_, b, h, a, t, sp=sp, recompute="selective")).layer(False)
    assert math.isclose(sum(f for _, f, gemm in selective.recompute_ops if gemm), 4 * s_ * s_ * b * h / t,
                        rel_tol=1e-12)
    # Element-wise work is counted too, and only adds.
    assert full.recompute_flops > gemms and selective.recompute_flops > 4 * s_ * s_ * b * h / t


def test_moe_layer_rerun_counts_router_experts_and_shared_experts() -> None:
    """A fully recomputed MoE layer reruns the router (2·sb·h·E), the routed experts' three GEMMs
    per routed copy of the busiest GPU (2·R·h·f_e/t_e each, R = ρ·sbK·t_e: its expert-TP group's
    copies, all-gathered) and the shared experts' (2·sb·h·f_s/t each) after the attention, whose
    GEMMs are a dense layer's."""
    s_, b, h, a, t = 1024, 1, 1024, 8, 2
    E, K, fe, etp = 16, 2, 256, 2
    base = gpt_case(s_, b, h, a, t, recompute="full").replace(**{
        "model.mlp": "swiglu", "model.experts": E, "model.top_k": K, "model.expert_ffn_hidden": fe,
        "model.shared_experts": 1, "parallel.etp": etp, "parallel.ep": 2, "parallel.dp": 2})
    policy = activation_policy(base)
    dense, moe = policy.layer(False, True), policy.layer(True, True)
    attention = (8 * s_ * b * h * h + 4 * s_ * s_ * b * h) / t  # Q, K, V, out-proj + QKᵀ, attention over V

    def gemms(layer) -> float:
        return sum(flops for _, flops, gemm in layer.recompute_ops if gemm)

    assert math.isclose(gemms(dense), attention + 3 * 2 * s_ * b * h * base.model.ffn_hidden / t, rel_tol=1e-12)
    rho = routed_rows(base).factor
    assert rho > 1  # two EP ranks: one of them receives more than the mean
    routed = 3 * 2 * rho * s_ * b * K * etp * h * fe / etp
    shared = 3 * 2 * s_ * b * h * fe / t
    assert math.isclose(gemms(moe), attention + 2 * s_ * b * h * E + routed + shared, rel_tol=1e-12)


@SETTINGS
@given(gpt_shapes(), st.booleans(), st.booleans())
def test_a_fully_recomputed_layer_rematerialises_what_it_would_have_saved(shape, sp: bool, flash: bool) -> None:
    """The working set of a checkpointed layer is every tensor the layer saves without
    recomputation; its own store is the checkpoint, 2sbh (/t with SP)."""
    s_, b, h, a, t = shape
    extra = {"activation.flash_attention": flash}
    none = activation_policy(gpt_case(s_, b, h, a, t, sp=sp, **extra)).layer(False)
    full = activation_policy(gpt_case(s_, b, h, a, t, sp=sp, recompute="full", **extra)).layer(False, True)
    assert math.isclose(full.working_set_bytes, none.saved_bytes, rel_tol=1e-12)
    assert math.isclose(full.saved_bytes, 2 * s_ * b * h / (t if sp else 1), rel_tol=1e-12)
    assert [row.key for row in full.rows if row.backend != "recompute"] == ["layer_input"]


# ---------------------------------------------------------------------------------------------
# Megatron-LM's partial recomputation

@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4), st.integers(1, 3), st.integers(0, 7), st.data(),
       st.sampled_from(["none", "selective", "full"]))
def test_recompute_layers_interpolates_between_none_and_full(pp: int, vpp: int, n: int, data, recompute: str) -> None:
    """N of each chunk's layers fully recomputed, the others as `recompute` (none when it is
    full): the activations are exactly N_full·full + (L − N_full)·other per micro-batch in flight."""
    layers = data.draw(st.integers(pp * vpp, pp * vpp + 7))
    s = gpt_case(512, 1, 512, 8, 2, sp=True).replace(**{
        "model.layers": layers, "parallel.pp": pp, "parallel.vpp": vpp, "schedule.microbatches": 2 * pp,
        "schedule.kind": "interleaved-1f1b" if vpp > 1 else "1f1b", "activation.recompute": recompute,
        "activation.recompute_layers": n, "cluster.gpus_per_node": 2 * pp})
    assert errors(s) == []
    other = activation_policy(s.replace(**{"activation.recompute_layers": 0,
                                           "activation.recompute": "none" if recompute == "full" else recompute}))
    full = activation_policy(s.replace(**{"activation.recompute_layers": 0, "activation.recompute": "full"}))
    for layout in pipeline_layout(s):
        if n == 0:
            recomputed = layout.layer_count if recompute == "full" else 0
        else:
            recomputed = sum(min(n, len(chunk)) for chunk in layout.layers)
        expected = recomputed * full.layer(False, True).saved_bytes + \
            (layout.layer_count - recomputed) * other.follows_recompute[0].saved_bytes
        ledger = memory_ledger(s, layout.rank)
        assert abs(items(s, layout.rank)["activations"] - expected * ledger.in_flight) <= 1
        assert sum(count for (_, r), count in layer_kinds(s, layout).items() if r) == recomputed


@SETTINGS
@given(gpt_shapes(), st.integers(0, 3))
def test_distribute_saved_divides_the_checkpoint_by_t(shape, n: int) -> None:
    s_, b, h, a, t = shape
    s = gpt_case(s_, b, h, a, t, recompute="full", **{"activation.recompute_layers": n})
    split = s.replace(**{"activation.distribute_saved": True})
    assert math.isclose(saved(split, recomputed=True), saved(s, recomputed=True) / t, rel_tol=1e-12)
    assert math.isclose(saved(split, recomputed=True), 2 * s_ * b * h / t, rel_tol=1e-12)
    # The other layers do not change; the restored input is gathered whole for the rerun.
    assert saved(split) == saved(s)
    assert activation_policy(split).layer(False, True).working_set_bytes == \
        activation_policy(s).layer(False, True).working_set_bytes
    # With SP the checkpoint is split already: no change, and a warning says so.
    with_sp = s.replace(**{"parallel.sp": True})
    assert saved(with_sp.replace(**{"activation.distribute_saved": True}), recomputed=True) == \
        saved(with_sp, recomputed=True)
    keys = [p.key for p in policy_problems(with_sp.replace(**{"activation.distribute_saved": True}))]
    assert keys == ["activation.distribute_saved"]


# ---------------------------------------------------------------------------------------------
# Ladders

@st.composite
def policy_scenarios(draw, moe: bool | None = None) -> Scenario:
    s = draw(valid_scenarios(moe=moe))
    keys = list(TENSORS)
    overrides = draw(st.lists(st.tuples(st.sampled_from(keys), st.sampled_from(BACKENDS)), max_size=4))
    overrides = [(k, b) for k, b in overrides if not (k in LAYER_INPUTS and b == "recompute")]
    return s.replace(**{
        "activation.policy": draw(st.sampled_from(ACTIVATION_POLICIES)),
        "activation.recompute_layers": draw(st.integers(0, 3)),
        "activation.distribute_saved": draw(st.booleans()),
        "activation.tensors": tuple(f"{k}={b}" for k, b in overrides),
        "memory.fragmentation": 0.0,
    })


@SETTINGS
@given(valid_scenarios(), st.sampled_from(LADDERS))
def test_ladders_never_add_gpu_bytes_nor_take_back_recomputation(s: Scenario, name: str) -> None:
    """Step by step (Kimi K2's cheapest-first ladder in particular): GPU bytes per layer never
    grow, recompute FLOPs never fall, and what an earlier step recomputes stays recomputed."""
    s = s.replace(**{"activation.policy": name})
    policy = activation_policy(s)
    assert len(policy.steps) == len(ladder(s)) == policy.steps_applied
    for layer in policy.follows_recompute:
        moe, previous = layer.moe, 0.0
        for result in policy.steps:
            assert result.saving_bytes[moe] >= -1e-6 * max(1.0, layer.saved_bytes)
            assert result.added_recompute_flops[moe] >= 0
            assert result.recompute_flops[moe] >= previous
            previous = result.recompute_flops[moe]
        cumulative = [r.cumulative_saving_bytes[moe] for r in policy.steps]
        assert cumulative == sorted(cumulative) or all(abs(x - y) < 1e-6 * max(1.0, layer.saved_bytes)
                                                       for x, y in zip(cumulative, sorted(cumulative)))
    for steps in range(1, len(ladder(s)) + 1):
        fewer = activation_policy(s.replace(**{"activation.policy_steps": steps}))
        more = activation_policy(s.replace(**{"activation.policy_steps": min(steps + 1, len(ladder(s)))}))
        for layer in fewer.layers:
            wider = more.layer(layer.moe, layer.recomputed)
            assert {r.key for r in layer.rows if r.backend == "recompute"} <= \
                {r.key for r in wider.rows if r.backend == "recompute"}
            assert all(r.decided_by in ("base",) + tuple(f"step {i}" for i in range(1, steps + 1))
                       for r in layer.rows)


def test_kimi_k2_ladder_on_its_preset() -> None:
    """Kimi K2 §2.4.3 on the K2 shape: after LayerNorm, SwiGLU and MLA up-projection recompute and
    FP8 for the MoE up-projection and SwiGLU inputs, all the rest goes to the CPU: an MoE layer
    keeps nothing at the activation precision on its GPU, only the FP8 inputs."""
    s = load_preset("kimi-k2").replace(**{"activation.policy": "kimi-k2", "activation.recompute": "none",
                                          "activation.fp8_fraction": 0.0, "activation.cpu_offload_fraction": 0.0})
    policy = activation_policy(s)
    moe = policy.layer(True)
    backends = {row.key: row.backend for row in moe.rows}
    assert {key for key, backend in backends.items() if backend == "fp8"} == {
        "dispatched", "expert_act_input", "shared_act_input"}
    assert {key for key, backend in backends.items() if backend == "recompute"} == {
        "qkv_input", "mlp_input", "q_k", "v", "expert_down_input", "shared_down_input", "moe_unpermuted_output"}
    assert moe.bytes_of("keep") == 0
    fp8 = sum(row.elements for row in moe.rows if row.backend == "fp8") * (1 + FP8_SCALE_OVERHEAD)
    assert moe.gpu_bytes == pytest.approx(fp8, rel=1e-12)
    # Step 2 (MoE down-projection recompute) frees the expert outputs the weighted combine keeps,
    # sbK·h in BF16, and reruns the down-projection; with the weights in the expert activation
    # there are none, and it frees nothing.
    m = s.model
    assert s.moe.weighting == "combine"
    assert policy.steps[1].saving_bytes[True] == 2 * m.seq_len * m.micro_batch * m.top_k * m.hidden
    assert policy.steps[1].added_recompute_flops[True] > 0
    inside = activation_policy(s.replace(**{"moe.weighting": "activation"}))
    assert inside.steps[1].saving_bytes[True] == 0 and inside.steps[1].added_recompute_flops[True] == 0
    assert [step.applied for step in policy.steps] == [True] * 4
    two = activation_policy(s.replace(**{"activation.policy_steps": 2}))
    assert [step.applied for step in two.steps] == [True, True, False, False]
    assert not any(row.backend in ("fp8", "cpu") for row in two.layer(True).rows)


@SETTINGS
@given(valid_scenarios(), st.booleans())
def test_deepseek_v3_first_two_steps_are_mla_selective(s: Scenario, flash: bool) -> None:
    """DeepSeek-V3 §3.2.3 (RMSNorm outputs and MLA up-projections recomputed, latents kept) plus
    the attention core is what `selective` means for an MLA model, tensor by tensor."""
    s = s.replace(**{"model.attention": "mla", "model.kv_lora_rank": 32, "model.head_dim": 32,
                     "activation.flash_attention": flash, "activation.recompute": "selective",
                     "activation.recompute_layers": 0})
    assume(errors(s) == [])
    ladder_ = s.replace(**{"activation.recompute": "none", "activation.policy": "deepseek-v3",
                           "activation.policy_steps": 2,
                           "activation.tensors": tuple(f"{key}=recompute" for key in ATTENTION_CORE)})
    for moe in ((False, True) if s.model.experts else (False,)):
        base = {row.key: row.backend for row in activation_policy(s).layer(moe).rows}
        assert {row.key: row.backend for row in activation_policy(ladder_).layer(moe).rows} == base
        assert base["norm1_input"] == base["norm2_input"] == base["mla_latents"] == "keep"


# ---------------------------------------------------------------------------------------------
# Overrides and backends

@SETTINGS
@given(policy_scenarios())
def test_overrides_win_and_bytes_are_never_negative(s: Scenario) -> None:
    assume(errors(s) == [] and not [p for p in policy_problems(s) if p.severity == "error"])
    policy = activation_policy(s)
    wanted = dict(entry.split("=") for entry in s.activation.tensors)
    for layer in policy.layers:
        for row in layer.rows:
            assert row.bytes >= 0 and row.stored_bytes >= 0 and row.recompute_flops >= 0
            assert row.backend in BACKENDS
            if row.key in wanted and not (layer.recomputed and row.key == "norm1_input"):
                assert (row.backend, row.decided_by) == (wanted[row.key], "override")
        assert layer.working_set_bytes >= 0 and layer.gpu_bytes <= layer.saved_bytes + 1e-6
    data = json.loads(json.dumps(policy.to_json()))
    for layer in data["layers"].values():
        assert all(type(row["bytes"]) is int and row["bytes"] >= 0 for row in layer["tensors"])
    ledger = memory_ledger(s)
    assert all(item.bytes >= 0 for item in ledger.items)


@SETTINGS
@given(valid_scenarios(), st.sampled_from(["none", "selective"]))
def test_keep_everything_is_recompute_none(s: Scenario, recompute: str) -> None:
    s = s.replace(**{"activation.recompute_layers": 0})
    none = s.replace(**{"activation.recompute": "none"})
    keep_all = s.replace(**{"activation.recompute": recompute, "activation.policy": "kimi-k2",
                            "activation.tensors": tuple(f"{key}=keep" for key in TENSORS)})
    assert items(keep_all) == items(none)
    for moe in ((False, True) if s.model.experts else (False,)):
        assert saved(keep_all, moe) == saved(none, moe)


@SETTINGS
@given(valid_scenarios(), st.sampled_from(sorted(set(TENSORS) - {"layer_input"})),
       st.sampled_from(["fp8", "cpu", "remote", "recompute"]))
def test_every_backend_moves_a_tensors_bytes_to_its_tier(s: Scenario, key: str, backend: str) -> None:
    """Moving one tensor from keep to a backend takes held × (its bytes over the rank's layers) off
    the GPU's activations and puts it in FP8 on the GPU, on the CPU, on a remote GPU, or (recomputed)
    nowhere; the recompute working set then holds at least one layer's copy of it."""
    assume(not (key == "norm1_input" and backend == "recompute"))
    s = s.replace(**{"activation.recompute": "none", "activation.recompute_layers": 0,
                     "activation.fp8_fraction": 0.0, "activation.cpu_offload_fraction": 0.0,
                     "activation.remote_offload_fraction": 0.0, "memory.fragmentation": 0.0,
                     "precision.activations": "bf16"})
    kept, moved = s.replace(**{"activation.tensors": (f"{key}=keep",)}), \
        s.replace(**{"activation.tensors": (f"{key}={backend}",)})
    layout = pipeline_layout(s)[0]
    policy = activation_policy(moved)
    rows = [(policy.layer(moe, recomputed).row(key), count)
            for (moe, recomputed), count in layer_kinds(s, layout).items()]
    rows = [(row, count) for row, count in rows if row is not None]
    assume(rows)
    held = memory_ledger(s, 0).in_flight
    plain = sum(row.bytes * count for row, count in rows) * held
    before, after = items(kept), items(moved)
    # the MoE layer's router, dispatcher and expert tensors are ledger items of their own
    own = TENSOR_ITEMS[key][0] if key in TENSOR_ITEMS else ""
    target = {"fp8": "activations_fp8", "cpu": "activations_cpu", "remote": "activations_remote"}.get(backend)
    if own:
        assert abs(before.get(own, 0) - plain) <= 1
    if own and backend == "fp8":  # stays an item of its own, in FP8
        assert abs(after.get(own, 0) - sum(row.fp8_bytes * count for row, count in rows) * held) <= 1
        target = None
    else:
        assert abs((before.get(own or "activations", 0) - after.get(own or "activations", 0)) - plain) <= 1
    if target:
        per_row = "fp8_bytes" if backend == "fp8" else "bytes"
        expected = sum(getattr(row, per_row) * count for row, count in rows) * held
        assert abs(after.get(target, 0) - before.get(target, 0) - expected) <= 1
        ledger = memory_ledger(moved, 0)
        assert {item.tier for item in ledger.items if item.key == target} == \
            {"fp8": {"gpu"}, "cpu": {"cpu"}, "remote": {"remote"}}[backend]
    elif backend == "recompute":
        assert after.get("recompute_working_set", 0) >= round(max(row.bytes for row, _ in rows)) - 1
    unrelated = {k for k in before if k not in ("activations", "activations_fp8", "activations_cpu",
                                                "activations_remote", "recompute_working_set", own)}
    assert {k: before[k] for k in unrelated} == {k: after[k] for k in unrelated}


# ---------------------------------------------------------------------------------------------
# Validation, formula text, MTP logits, JSON

def test_policy_problems() -> None:
    s = load_preset("classroom-7b")
    assert policy_problems(s) == []

    def problems(**values: object) -> list[tuple[str, str]]:
        return [(p.key, p.severity) for p in policy_problems(s.replace(**{f"activation.{k}": v
                                                                           for k, v in values.items()}))]

    assert problems(tensors=("qkv=keep",)) == [("activation.tensors", "error")]
    assert problems(tensors=("qkv_input=disk",)) == [("activation.tensors", "error")]
    assert problems(tensors=("qkv_input",)) == [("activation.tensors", "error")]
    assert problems(tensors=("norm1_input=recompute",)) == [("activation.tensors", "error")]
    assert problems(policy="kimi-k2", policy_steps=4) == []
    assert problems(policy="kimi-k2", policy_steps=5) == [("activation.policy_steps", "error")]
    assert problems(policy_steps=1) == [("activation.policy_steps", "error")]  # manual has no steps
    # Llama is dense, MHA, FlashAttention: no router, no latents, no softmax output to override.
    assert problems(tensors=("router_probs=cpu", "mla_latents=fp8", "softmax_output=cpu")) == \
        [("activation.tensors", "warning")] * 3
    assert problems(tensors=("v=cpu", "v=fp8")) == [("activation.tensors", "warning")]
    assert problems(tensors=("softmax_stats=fp8",)) == [("activation.tensors", "warning")]
    assert problems(distribute_saved=True) == [("activation.distribute_saved", "warning")]
    messages = [p.message for p in policy_problems(s.replace(**{"activation.tensors": ("qkv=keep",)}))]
    assert "qkv_input" in messages[0] and "qkv=keep" in messages[0]


def test_formula_lists_the_models_own_terms() -> None:
    """Llama (SwiGLU, GQA-free MHA with RoPE, no dropout, FlashAttention) is not Korthikanti's GPT
    case: the formula names its tensors (FP32 softmax statistics, SwiGLU's two inputs) and their
    sum, and claims no Table 2 form; the GPT case says it equals Table 2's."""
    llama = load_preset("classroom-7b")
    text = activation_formula(llama)
    assert "GPT case" not in text and "Table 2" not in text
    assert "4asb (softmax_stats)" in text and "mlp_act_input" in text and "dropout" not in text
    per_layer = activation_policy(llama).layer(False).saved_bytes
    assert f"= {per_layer / 2**20:,.1f} MiB" in text
    gqa = activation_formula(llama.replace(**{"model.kv_heads": 8}))
    assert "sb(a+g)d (q_k)" in gqa and "sb·g·d (v)" in gqa
    gpt = activation_formula(gpt_case(2048, 1, 4096, 32, 8, sp=True, recompute="selective"))
    assert "= 34sbh/t = " in gpt and "Korthikanti et al. Table 2" in gpt
    assert "sbh(10 + 24/t + 5as/(ht))" in activation_formula(gpt_case(2048, 1, 4096, 32, 8))
    # A ladder step or an override makes it another configuration than Table 2's.
    overridden = gpt_case(2048, 1, 4096, 32, 8, **{"activation.tensors": ("mlp_down_input=cpu",)})
    assert "Table 2" not in activation_formula(overridden) and "mlp_down_input, cpu" in activation_formula(overridden)
    ledger_formula = {i.key: i.formula for i in memory_ledger(llama).items}["activations"]
    assert "GPT case" not in ledger_formula and text in ledger_formula


def test_each_mtp_module_adds_its_own_logits() -> None:
    s = load_preset("deepseek-v3").replace(**{"schedule.kind": "1f1b", "parallel.pp": 4, "model.layers": 13,
                                              "cluster.nodes": 64})
    last = s.parallel.pp - 1
    base = items(s.replace(**{"model.mtp_layers": 0}), last)["logits"]
    m = s.model
    assert base == 4 * m.seq_len * m.micro_batch * m.vocab
    for depth in (1, 2, 3):
        assert items(s.replace(**{"model.mtp_layers": depth}), last)["logits"] == (1 + depth) * base
    assert "logits" not in items(s.replace(**{"model.mtp_layers": 2}), 0)


def test_to_json_shape() -> None:
    s = load_preset("kimi-k2").replace(**{"activation.policy": "kimi-k2", "activation.policy_steps": 3,
                                          "activation.tensors": ("norm2_input=remote",)})
    data = json.loads(json.dumps(activation_policy(s).to_json()))
    assert set(data) == {"policy", "steps_applied", "recompute", "recompute_layers", "distribute_saved",
                         "element_bytes", "backends", "recompute_rule", "layers", "steps", "overrides"}
    assert set(data["layers"]) == {"dense", "moe", "dense_recomputed", "moe_recomputed"}
    assert data["overrides"] == {"norm2_input": "remote"} and data["steps_applied"] == 3
    assert [step["applied"] for step in data["steps"]] == [True, True, True, False]
    step = data["steps"][0]
    assert set(step) >= {"step", "name", "source", "tensors", "saving_bytes", "cumulative_saving_bytes",
                         "added_recompute_flops", "recompute_flops", "applied", "note"}
    assert set(step["saving_bytes"]) == {"dense", "moe"}
    row = data["layers"]["moe"]["tensors"][0]
    assert set(row) == {"tensor", "name", "bytes", "stored_bytes", "formula", "backend", "decided_by",
                        "recompute_flops", "recompute_ops"}
    moe = {r["tensor"]: r for r in data["layers"]["moe"]["tensors"]}
    assert moe["norm2_input"]["backend"] == "remote" and moe["norm2_input"]["decided_by"] == "override"


def test_deepseek_v3_caches_linear_inputs_in_fp8() -> None:
    """DeepSeek-V3 §3.3.3: activations cached in FP8 for the Linear operators' backward (the
    dispatched tokens, the MLA latents), the MoE SwiGLU input in FP8 with its output recomputed;
    the input of the Linear after attention stays (its E5M6 format is not modelled)."""
    s = load_preset("deepseek-v3")
    assert s.activation.policy == "deepseek-v3"
    rows = {row.key: row.backend for row in activation_policy(s).layer(True).rows}
    assert rows["dispatched"] == rows["mla_latents"] == rows["expert_act_input"] == rows["shared_act_input"] == "fp8"
    assert rows["expert_down_input"] == rows["shared_down_input"] == "recompute"
    assert rows["attn_out"] == "keep"
    assert memory_ledger(s).first_oom is None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(valid_scenarios())
def test_the_cached_policy_is_the_whole_scenarios(s: Scenario) -> None:
    """activation_policy is cached on the model, activation and precision sections and the degrees
    that split a layer (tp, sp, cp, ep, etp): it must read nothing else."""
    from tslab.models.memory.policy import compute_activation_policy
    assert activation_policy(s) == compute_activation_policy(s)
    other = s.replace(**{"memory.fragmentation": 0.2, "schedule.microbatches": s.schedule.microbatches + 1,
                         "cluster.nodes": s.cluster.nodes + 1, "offload.optimizer": "cpu",
                         "parallel.zero": (s.parallel.zero + 1) % 4, "parallel.order": "tp-pp-dp"})
    assert compute_activation_policy(other) == compute_activation_policy(s)
