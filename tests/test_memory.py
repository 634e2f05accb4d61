"""The memory ledger against primary sources and closed forms, plus ledger invariants.

Oracles:
- ZeRO (Rajbhandari et al., SC'20) §5: Ψ = 7.5B, K = 12, N_d = 64 → 120 / 31.4 / 16.6 / 1.9 GB;
  in general 16Ψ, 4Ψ + 12Ψ/N_d, 2Ψ + 14Ψ/N_d, 16Ψ/N_d (fp16 params and grads, fp32 master + Adam).
- Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models" (MLSys'23)
  §4, Table 2 (GPT case, 16-bit activations): sbh(34 + 5as/h), sbh(10 + 24/t + 5as/(ht)),
  sbh(34/t + 5as/(ht)), 34·sbh/t with selective recompute, 2sbh with full recompute.
- In-flight micro-batches: GPipe m (Huang et al. 2019); 1F1B min(m, p − r) (Narayanan et al. 2021);
  interleaved p(1 + (p−1)/(pv)) on rank 0 (Korthikanti §4.2.3).
- Parameter counts of released models; Kimi K2 §2.4.2 (≈ 6 TB over 256 GPUs, ≈ 30 GB of states per
  GPU); DeepSeek-V3 Table 2 (DualPipe keeps 2× parameters).
"""
from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from tslab.models.memory import (in_flight, in_flight_estimate, layer_activation_terms, memory_ledger, pipeline_layout,
                                 stage_layers, terms_bytes, total_params, zero_table)
from tslab.models.pipeline import check_config, chunks_per_rank, simulate
from tslab.models.presets import load_preset
from tslab.models.scenario import SCHEDULE_KINDS, Scenario
from tslab.models.validation import errors

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------------------------
# ZeRO §5

def zero_paper_scenario(psi: int = 7_500_000_000, nodes: int = 8, gpus_per_node: int = 8,
                        **extra: object) -> Scenario:
    """Mixed-precision Adam as in ZeRO §3.1: fp16 params and grads, fp32 master and m, v (K = 12)."""
    values = {
        "model.params": psi, "model.experts": 0,
        "precision.params": "fp16", "precision.grads": "fp16", "precision.master": "fp32",
        "precision.optimizer": "fp32", "optimizer.kind": "adam",
        "parallel.tp": 1, "parallel.pp": 1, "parallel.cp": 1, "parallel.ep": 1,
        "parallel.dp": nodes * gpus_per_node,
        "cluster.nodes": nodes, "cluster.gpus_per_node": gpus_per_node,
        "schedule.microbatches": 8,  # the batch follows dp: the paper's example states none
    }
    values.update(extra)
    return Scenario().replace(**values)


def test_zero_paper_example() -> None:
    s = zero_paper_scenario()
    assert errors(s) == []
    zero = memory_ledger(s).zero_bytes
    # The paper prints them as 120 / 31.4 / 16.6 / 1.9 GB.
    assert zero == {0: 120_000_000_000, 1: 31_406_250_000, 2: 16_640_625_000, 3: 1_875_000_000}
    assert zero_table(s) == {0: 120_000_000_000, 1: 31_406_250_000, 2: 16_640_625_000, 3: 1_875_000_000}


def test_zero_paper_example_by_item() -> None:
    groups = memory_ledger(zero_paper_scenario()).zero_groups
    psi, nd = 7_500_000_000, 64
    assert groups[0] == {"params": 2 * psi, "grads": 2 * psi, "master": 4 * psi, "optimizer": 8 * psi}
    assert groups[1] == {"params": 2 * psi, "grads": 2 * psi, "master": 4 * psi // nd, "optimizer": 8 * psi // nd}
    assert groups[2] == {"params": 2 * psi, "grads": 2 * psi // nd, "master": 4 * psi // nd,
                         "optimizer": 8 * psi // nd}
    assert groups[3] == {"params": 2 * psi // nd, "grads": 2 * psi // nd, "master": 4 * psi // nd,
                         "optimizer": 8 * psi // nd}


def test_ledger_state_items_follow_the_chosen_zero_stage() -> None:
    """The ledger's state items at ZeRO stage k add up to ZeRO §5's number for stage k."""
    psi, nd = 7_500_000_000, 64
    paper = {0: 16 * psi, 1: 4 * psi + 12 * psi // nd, 2: 2 * psi + 14 * psi // nd, 3: 16 * psi // nd}
    for stage in range(4):
        ledger = memory_ledger(zero_paper_scenario(**{"parallel.zero": stage}))
        states = sum(ledger.group_bytes(group) for group in ("params", "grads", "master", "optimizer"))
        assert states == paper[stage]


@st.composite
def data_parallel_degrees(draw) -> tuple[int, int]:
    nodes = draw(st.integers(1, 64))
    gpus_per_node = draw(st.integers(1, 16))
    return nodes, gpus_per_node


@SETTINGS
@given(data_parallel_degrees(), st.integers(1, 10**9))
def test_zero_closed_forms(degrees: tuple[int, int], per_rank: int) -> None:
    nodes, gpus_per_node = degrees
    nd = nodes * gpus_per_node
    psi = nd * per_rank  # Ψ divisible by N_d: the paper's formulas hold exactly
    s = zero_paper_scenario(psi, nodes, gpus_per_node)
    assert errors(s) == []
    assert memory_ledger(s).zero_bytes == {
        0: 16 * psi,
        1: 4 * psi + 12 * psi // nd,
        2: 2 * psi + 14 * psi // nd,
        3: 16 * psi // nd,
    }


@SETTINGS
@given(data_parallel_degrees(), st.integers(1, 10**13))
def test_zero_closed_forms_round_shards_up(degrees: tuple[int, int], psi: int) -> None:
    nodes, gpus_per_node = degrees
    nd = nodes * gpus_per_node
    shard = -(-psi // nd)  # a rank holds ⌈Ψ/N_d⌉ elements of every sharded state
    zero = memory_ledger(zero_paper_scenario(psi, nodes, gpus_per_node)).zero_bytes
    assert zero == {0: 16 * psi, 1: 4 * psi + 12 * shard, 2: 2 * psi + 14 * shard, 3: 16 * shard}


@SETTINGS
@given(st.sampled_from([1, 2, 4, 8]), st.sampled_from([1, 2, 4]), st.integers(1, 16), st.integers(1, 10**8))
def test_zero_with_model_parallelism_divides_psi_by_tp_pp(tp: int, pp: int, dp: int, k: int) -> None:
    """ZeRO §5 with model parallelism: every term is over Ψ/N_m, N_m = tp·pp."""
    psi = tp * pp * dp * k
    s = zero_paper_scenario(psi, 1, tp * pp * dp, **{"parallel.tp": tp, "parallel.pp": pp, "parallel.dp": dp,
                                                     "model.layers": 32})
    local = psi // (tp * pp)
    assert memory_ledger(s).zero_bytes == {0: 16 * local, 1: 4 * local + 12 * local // dp,
                                           2: 2 * local + 14 * local // dp, 3: 16 * local // dp}


# ---------------------------------------------------------------------------------------------
# Korthikanti et al. Table 2

def gpt_case(s: int, b: int, h: int, a: int, t: int = 1, *, sp: bool = False, cp: int = 1,
             recompute: str = "none", flash: bool = False, dropout: bool = True, mlp: str = "gelu",
             ffn: int | None = None, kv: int | None = None) -> Scenario:
    """Korthikanti's GPT layer: GeLU MLP of width 4h, MHA, dropout, 16-bit activations."""
    return Scenario().replace(**{
        "model.seq_len": s, "model.micro_batch": b, "model.hidden": h, "model.heads": a,
        "model.kv_heads": a if kv is None else kv, "model.head_dim": 0, "model.attention": "mha",
        "model.ffn_hidden": 4 * h if ffn is None else ffn, "model.mlp": mlp, "model.dropout": dropout,
        "model.experts": 0, "precision.activations": "bf16",
        "parallel.tp": t, "parallel.sp": sp, "parallel.cp": cp,
        "activation.recompute": recompute, "activation.flash_attention": flash,
    })


def layer_bytes(scenario: Scenario, moe: bool = False) -> Fraction:
    """Exact bytes one layer saves (16-bit activations); Fraction keeps the comparison exact."""
    return Fraction(terms_bytes(layer_activation_terms(scenario, moe), 2))


def test_korthikanti_worked_example() -> None:
    """s = 1024, b = 2, h = 4096, a = 32: sbh(34 + 5as/h) = sbh(34 + 40) = 74·sbh = 592 MiB."""
    s, b, h, a = 1024, 2, 4096, 32
    assert layer_bytes(gpt_case(s, b, h, a)) == 74 * s * b * h == 592 * 2**20


@st.composite
def gpt_shapes(draw, cp: int = 1) -> tuple[int, int, int, int, int]:
    t = draw(st.sampled_from([1, 2, 4, 8]))
    a = t * draw(st.integers(1, 16))           # heads divisible by t
    h = a * draw(st.sampled_from([8, 16, 24, 64, 128]))  # hidden divisible by heads
    s = cp * draw(st.integers(1, 4096 // cp))
    b = draw(st.integers(1, 8))
    return s, b, h, a, t


@SETTINGS
@given(gpt_shapes())
def test_table2_no_parallelism(shape: tuple[int, int, int, int, int]) -> None:
    s, b, h, a, _ = shape
    assert layer_bytes(gpt_case(s, b, h, a)) == s * b * h * (34 + Fraction(5 * a * s, h))


@SETTINGS
@given(gpt_shapes())
def test_table2_tensor_parallel(shape: tuple[int, int, int, int, int]) -> None:
    s, b, h, a, t = shape
    expected = s * b * h * (10 + Fraction(24, t) + Fraction(5 * a * s, h * t))
    assert layer_bytes(gpt_case(s, b, h, a, t)) == expected


@SETTINGS
@given(gpt_shapes())
def test_table2_tensor_and_sequence_parallel(shape: tuple[int, int, int, int, int]) -> None:
    s, b, h, a, t = shape
    expected = s * b * h * (Fraction(34, t) + Fraction(5 * a * s, h * t))
    assert layer_bytes(gpt_case(s, b, h, a, t, sp=True)) == expected


@SETTINGS
@given(gpt_shapes())
def test_table2_selective_recompute(shape: tuple[int, int, int, int, int]) -> None:
    s, b, h, a, t = shape
    assert layer_bytes(gpt_case(s, b, h, a, t, sp=True, recompute="selective")) == Fraction(34 * s * b * h, t)
    # Without SP the TP-replicated part stays: sbh(10 + 24/t).
    assert layer_bytes(gpt_case(s, b, h, a, t, recompute="selective")) == s * b * h * (10 + Fraction(24, t))
    # FlashAttention does not matter once the attention core is recomputed anyway.
    assert layer_bytes(gpt_case(s, b, h, a, t, sp=True, recompute="selective", flash=True)) == \
        Fraction(34 * s * b * h, t)


@SETTINGS
@given(gpt_shapes(), st.booleans())
def test_table2_full_recompute(shape: tuple[int, int, int, int, int], flash: bool) -> None:
    s, b, h, a, t = shape
    assert layer_bytes(gpt_case(s, b, h, a, t, recompute="full", flash=flash)) == 2 * s * b * h
    assert layer_bytes(gpt_case(s, b, h, a, t, sp=True, recompute="full", flash=flash)) == \
        Fraction(2 * s * b * h, t)


@SETTINGS
@given(gpt_shapes(), st.booleans(), st.booleans())
def test_flash_attention_removes_exactly_the_s_squared_term(shape: tuple[int, int, int, int, int],
                                                            sp: bool, dropout: bool) -> None:
    """FlashAttention (Dao et al. §3) keeps no a·s² tensor, only FP32 row statistics (4·a·s·b/t);
    everything else is unchanged. Without dropout the s² term is 2as²b/t (softmax output only)."""
    s, b, h, a, t = shape
    plain = layer_bytes(gpt_case(s, b, h, a, t, sp=sp, dropout=dropout))
    flash = layer_bytes(gpt_case(s, b, h, a, t, sp=sp, dropout=dropout, flash=True))
    s_squared = Fraction((5 if dropout else 2) * a * s * s * b, t)
    assert plain - flash == s_squared - Fraction(4 * a * s * b, t)


@SETTINGS
@given(st.sampled_from([1, 2, 4, 8]).flatmap(lambda c: st.tuples(st.just(c), gpt_shapes(cp=c))),
       st.booleans(), st.booleans(), st.sampled_from(["none", "selective", "full"]))
def test_context_parallel_divides_the_sequence(cp_shape, flash: bool, sp: bool, recompute: str) -> None:
    c, (s, b, h, a, t) = cp_shape
    with_cp = layer_bytes(gpt_case(s, b, h, a, t, cp=c, flash=flash, sp=sp, recompute=recompute))
    # Each CP rank keeps s/c queries (against all s keys without FlashAttention): 1/c of everything.
    assert with_cp == layer_bytes(gpt_case(s, b, h, a, t, flash=flash, sp=sp, recompute=recompute)) / c
    if flash or recompute != "none":
        # With no s² tensor, CP = c is the same as a c-times shorter sequence.
        assert with_cp == layer_bytes(gpt_case(s // c, b, h, a, t, flash=flash, sp=sp, recompute=recompute))


@SETTINGS
@given(gpt_shapes(), st.booleans(), st.booleans())
def test_no_dropout_removes_masks_and_dropout_output(shape: tuple[int, int, int, int, int],
                                                     sp: bool, flash: bool) -> None:
    """Dropout keeps two 1-byte sbh masks (after attention and after the MLP; /t with SP) and, without
    FlashAttention, an a·s² mask (1 B) plus the dropout output (2 B): 2sbh/rep + 3as²b/t."""
    s, b, h, a, t = shape
    rep = t if sp else 1
    with_dropout = layer_bytes(gpt_case(s, b, h, a, t, sp=sp, flash=flash))
    without = layer_bytes(gpt_case(s, b, h, a, t, sp=sp, flash=flash, dropout=False))
    expected = Fraction(2 * s * b * h, rep) + (0 if flash else Fraction(3 * a * s * s * b, t))
    assert with_dropout - without == expected
    # Selective recompute leaves only the two sbh masks to remove.
    sel = layer_bytes(gpt_case(s, b, h, a, t, sp=sp, recompute="selective"))
    sel_without = layer_bytes(gpt_case(s, b, h, a, t, sp=sp, recompute="selective", dropout=False))
    assert sel - sel_without == Fraction(2 * s * b * h, rep)


@st.composite
def gqa_shapes(draw):
    s, b, h, a, t = draw(gpt_shapes())
    groups_per_tp = a // t
    j = draw(st.sampled_from([d for d in range(1, groups_per_tp + 1) if groups_per_tp % d == 0]))
    return s, b, h, a, t, t * j  # kv heads divide the query heads and are divisible by t


@SETTINGS
@given(gqa_shapes(), st.booleans(), st.booleans())
def test_grouped_query_attention_saves_k_and_v(shape, sp: bool, flash: bool) -> None:
    """With g KV heads, K and V shrink from a·d to g·d per token: 2 tensors × 2 B × sb(a − g)d/t."""
    s, b, h, a, t, g = shape
    d = h // a
    mha = layer_bytes(gpt_case(s, b, h, a, t, sp=sp, flash=flash))
    gqa = layer_bytes(gpt_case(s, b, h, a, t, sp=sp, flash=flash, kv=g))
    assert mha - gqa == Fraction(4 * s * b * (a - g) * d, t)


@SETTINGS
@given(gpt_shapes(), st.integers(1, 64), st.booleans())
def test_swiglu_keeps_gate_and_up(shape, k: int, sp: bool) -> None:
    """SwiGLU keeps gate and up outputs (2·sbf) and the down-proj input (sbf); GeLU keeps its input
    and output (2·sbf): at equal width f SwiGLU saves 2·s·b·f/t bytes more."""
    s, b, h, a, t = shape
    f = t * k * 8
    gelu = layer_bytes(gpt_case(s, b, h, a, t, sp=sp, ffn=f))
    swiglu = layer_bytes(gpt_case(s, b, h, a, t, sp=sp, ffn=f, mlp="swiglu"))
    assert swiglu - gelu == Fraction(2 * s * b * f, t)


def test_swiglu_at_two_thirds_width_matches_gelu_at_4h() -> None:
    """Llama's f = 8h/3 SwiGLU stores as much as the GPT 4h GeLU MLP: 3·(8h/3) = 2·4h."""
    s, b, h, a, t = 2048, 1, 3072, 24, 4
    assert layer_bytes(gpt_case(s, b, h, a, t, mlp="swiglu", ffn=8 * h // 3)) == layer_bytes(gpt_case(s, b, h, a, t))


def test_fp32_activations_double_elements_but_not_masks() -> None:
    scenario = gpt_case(1024, 2, 4096, 32)
    terms = layer_activation_terms(scenario, False)
    s, b, h, a = 1024, 2, 4096, 32
    masks = 2 * s * b * h + a * s * s * b  # two sbh masks + the attention dropout mask, 1 B each
    assert terms_bytes(terms, 4) == 2 * terms_bytes(terms, 2) - masks


def test_moe_layer_terms_closed_form() -> None:
    """An MoE layer swaps the dense MLP for: the router's FP32 scores and its load-balancing loss's
    (4·sbE B each), the top-k scores and indices (12·sbK), the routing map (sbE), the permutation's
    row ids (4·sb(2E+1) + 8·R), the dispatched inputs (R·h), each copy's routing weight (4·R), the
    routed experts' SwiGLU tensors (3·R·f_e/etp), the expert outputs the weighted combine keeps
    (sbK·h) and the shared experts'. One EP rank: the busiest GPU receives the mean, R = sbK."""
    s, b, h, a, t = 4096, 1, 2048, 16, 2
    E, K, fe, shared, etp = 64, 6, 1408, 2, 1
    base = gpt_case(s, b, h, a, t, mlp="swiglu", dropout=False, flash=True)
    moe = base.replace(**{"model.experts": E, "model.top_k": K, "model.expert_ffn_hidden": fe,
                          "model.shared_experts": shared, "parallel.etp": etp})
    assert moe.parallel.ep == 1 and moe.moe.weighting == "combine"
    dense_mlp = 3 * s * b * base.model.ffn_hidden // t * 2
    routed = s * b * K
    router = 4 * s * b * E + 4 * s * b * E + 12 * s * b * K + s * b * E
    row_ids = 4 * s * b * (2 * E + 1) + 8 * routed
    expected = (layer_bytes(base) - dense_mlp + router + row_ids + 2 * routed * h + 4 * routed
                + 2 * 3 * routed * fe // etp + 2 * s * b * K * h + 2 * 3 * s * b * fe * shared // t)
    assert layer_bytes(moe, moe=True) == expected
    # In the expert activation (Megatron-LM from core 0.13) the combine keeps no expert outputs.
    inside = moe.replace(**{"moe.weighting": "activation"})
    assert layer_bytes(inside, moe=True) == expected - 2 * s * b * K * h


# ---------------------------------------------------------------------------------------------
# In-flight micro-batches

def pipeline(kind: str, p: int, m: int, v: int = 1) -> Scenario:
    return Scenario().replace(**{"schedule.kind": kind, "parallel.pp": p, "schedule.microbatches": m,
                                 "parallel.vpp": v, "model.layers": 4 * p * v})


@SETTINGS
@given(st.integers(2, 32), st.integers(1, 128), st.data())
def test_gpipe_and_1f1b_in_flight(p: int, m: int, data) -> None:
    r = data.draw(st.integers(0, p - 1))
    assert in_flight(pipeline("gpipe", p, m), r)[0] == m
    assert in_flight(pipeline("1f1b", p, m), 0)[0] == min(m, p)
    assert in_flight(pipeline("1f1b", p, m), r)[0] == min(m, p - r)


@SETTINGS
@given(st.integers(2, 32), st.integers(2, 8), st.integers(2, 12))
def test_interleaved_rank0_in_flight(p: int, v: int, rounds: int) -> None:
    """Korthikanti §4.2.3: the first stage holds p(1 + (p−1)/(pv)) micro-batches' worth of its
    layers, i.e. (vp + p − 1) chunk activations = (vp + p − 1)/v in units of the rank's layers —
    with Megatron-LM's rounds of p micro-batches, i.e. m a multiple of p."""
    m = rounds * p  # m·v ≥ vp + p − 1: enough micro-batches to fill the warm-up
    held, _ = in_flight(pipeline("interleaved-1f1b", p, m, v), 0)
    assert math.isclose(held, (v * p + p - 1) / v, rel_tol=1e-12)
    assert math.isclose(held, p * (1 + (p - 1) / (p * v)), rel_tol=1e-12)


@SETTINGS
@given(st.integers(2, 16), st.integers(2, 6), st.integers(1, 64), st.data())
def test_interleaved_in_flight_every_rank(p: int, v: int, m: int, data) -> None:
    """PyTorch's ScheduleInterleaved1F1B warm-up: (v−1)n + 2(p−r−1) forwards, then one more, capped
    at all m·v chunks; n = m / max(1, ⌊m/p⌋) micro-batches per round (p when p divides m, as
    Megatron-LM). For an m that does not split into equal rounds the schedule is refused and the
    ledger's closed form uses the same n."""
    r = data.draw(st.integers(0, p - 1))
    held, _ = in_flight(pipeline("interleaved-1f1b", p, m, v), r)
    n = m // max(1, m // p)
    assert math.isclose(held * v, min(m * v, (v - 1) * n + 2 * (p - r - 1) + 1), rel_tol=1e-12)
    assert held <= in_flight(pipeline("interleaved-1f1b", p, m, v), 0)[0]


@SETTINGS
@given(st.integers(2, 32), st.integers(1, 128), st.data())
def test_dualpipe_holds_p_plus_one_stage_activations(p: int, m: int, data) -> None:
    """DeepSeek-V3 Table 2: DualPipe keeps PP + 1 micro-batches of a stage (1F1B: PP); a rank holds
    two stages, so in units of the rank's layers that is (PP + 1)/2."""
    r = data.draw(st.integers(0, p - 1))
    assert in_flight(pipeline("dualpipe", p, m), r)[0] * 2 == min(m, p + 1)


def test_single_stage_holds_one_microbatch_except_gpipe() -> None:
    for kind in SCHEDULE_KINDS:
        # DualPipeV on one rank runs F0, F1, then F0 before its first B1 (DualPipeV.step, steps 2
        # and 4 on the last rank): three chunk sets = 1.5 of the rank's layers.
        expected = 7 if kind == "gpipe" else 1.5 if kind == "dualpipev" else 1
        assert in_flight(pipeline(kind, 1, 7), 0)[0] == expected


@st.composite
def generated_schedules(draw) -> tuple[str, int, int, int]:
    """(kind, p, m, vpp) that the pipeline model can generate, small: interleaved with v > 1 needs
    m in equal rounds of m / max(1, ⌊m/p⌋), DualPipe an even p and an even m ≥ 2p, DualPipeV m ≥ 2p."""
    kind = draw(st.sampled_from(SCHEDULE_KINDS))
    p = draw(st.integers(1, 8))
    vpp = draw(st.integers(1, 4)) if kind == "interleaved-1f1b" else 1
    if kind == "interleaved-1f1b" and vpp > 1:
        m = draw(st.integers(1, 5 * p))
        m -= m % max(1, m // p)  # m < p is one round; else the nearest whole rounds below
    elif kind == "dualpipe":
        p += p % 2
        m = 2 * draw(st.integers(p, 3 * p))
    elif kind == "dualpipev":
        m = draw(st.integers(2 * p, 6 * p))
    else:
        m = draw(st.integers(1, 3 * p + 2))  # m < p too: the pipeline never fills
    return kind, p, m, vpp


@SETTINGS
@given(generated_schedules())
def test_closed_form_in_flight_is_the_simulated_peak(case: tuple[str, int, int, int]) -> None:
    """The ledger's closed-form fallback and the simulated schedule agree on every rank, for every
    kind the simulator can run (Qi et al., Zero Bubble Pipeline Parallelism, §2.1–2.2: ZB-H1 holds
    p on every rank, ZB-H2 min(m, 2p − 1) on every rank). Units: the simulation counts stage (chunk) × micro-batch
    sets; a rank holds v chunks, or two DualPipe stages (one per model copy)."""
    kind, p, m, vpp = case
    v = chunks_per_rank(kind, vpp)
    assert check_config(kind, p, m, v) == kind
    peaks = simulate(kind, p, m, v).peak_activations
    stages_per_rank = 2 if kind == "dualpipe" else v
    s = pipeline(kind, p, m, vpp)
    for r in range(p):
        held, formula = in_flight_estimate(s, r)
        assert math.isclose(held, peaks[r] / stages_per_rank, rel_tol=1e-12), (r, formula, peaks)
        assert math.isclose(in_flight(s, r)[0], held, rel_tol=1e-12)


def test_korthikanti_first_stage_holds_the_whole_model_once() -> None:
    """GPT-3 175B (Korthikanti Table 3 setting: t = p = 8, SP + selective): with 1F1B the first
    stage keeps p micro-batches × L/p layers = 34·sbhL/t bytes, independent of p."""
    s = load_preset("gpt3-175b")
    ledger = memory_ledger(s)
    m = s.model
    seq, b, h, layers, t = m.seq_len, m.micro_batch, m.hidden, m.layers, s.parallel.tp
    assert ledger.per_layer_bytes == 34 * seq * b * h // t
    items = {item.key: item for item in ledger.items}
    assert ledger.rank == 0 and ledger.layers_on_rank == layers // s.parallel.pp
    assert items["activations"].bytes == 34 * seq * b * h * layers // t


def test_activation_item_is_per_layer_times_layers_times_in_flight() -> None:
    s = load_preset("classroom-7b").replace(**{"parallel.pp": 4, "parallel.dp": 2,
                                               "schedule.kind": "1f1b"})
    ledger = memory_ledger(s)
    data = ledger.to_json()["activations"]
    items = {item.key: item.bytes for item in ledger.items}
    assert items["activations"] == data["per_layer_bytes"] * data["layers_on_rank"] * ledger.in_flight
    # 1F1B, p = 4, m = 8: rank r holds min(m, p − r) micro-batches of its 32/4 = 8 layers
    assert data["layers_on_rank"] == 8
    assert ledger.in_flight == data["in_flight_microbatches"] == min(8, 4 - ledger.rank)


# ---------------------------------------------------------------------------------------------
# Parameter counts

def test_classroom_is_the_llama2_7b_shape() -> None:
    total, activated = total_params(load_preset("classroom-7b"))
    assert total == activated == 6_738_415_616  # the released Llama-2-7B checkpoint's count
    assert total == pytest.approx(6.74e9, rel=0.01)


def test_gpt3_175b_closed_form() -> None:
    """Narayanan et al. (SC'21) §5.1: P = 12lh²(1 + 13/(12h) + (V + s)/(12lh)) — GeLU 4h MLP,
    biases on every linear layer, LayerNorm, learned positions, tied embeddings, V padded to 51200
    — plus the final LayerNorm's 2h, which the formula leaves out."""
    s = load_preset("gpt3-175b")
    m = s.model
    total, activated = total_params(s)
    layers, h, vocab, seq = m.layers, m.hidden, 51200, m.seq_len
    assert total == 12 * layers * h**2 + 13 * layers * h + (vocab + seq) * h + 2 * h
    assert total == activated == pytest.approx(175e9, rel=0.01)


@pytest.mark.parametrize(("name", "total", "total_rel", "activated", "activated_rel"), [
    ("gpt3-175b", 175e9, 0.01, 175e9, 0.01),
    ("llama3-405b", 405e9, 0.01, 405e9, 0.01),
    ("deepseek-v3", 671e9, 0.01, 37e9, 0.03),
    ("kimi-k2", 1.04e12, 0.02, 32.6e9, 0.03),
])
def test_preset_parameter_counts(name: str, total: float, total_rel: float, activated: float,
                                 activated_rel: float) -> None:
    counted_total, counted_activated = total_params(load_preset(name))
    assert counted_total == pytest.approx(total, rel=total_rel)
    assert counted_activated == pytest.approx(activated, rel=activated_rel)
    ledger = memory_ledger(load_preset(name)).to_json()
    assert ledger["params"]["total"] == counted_total and ledger["params"]["activated"] == counted_activated


def test_kimi_k2_states_per_gpu() -> None:
    """Kimi K2 §2.4.2: BF16 parameters + FP32 gradient buffer ≈ 6 TB over a 256-GPU model-parallel
    group (PP16 × EP16); each GPU holds ≈ 30 GB for all states; with 32 nodes the optimizer states
    are offloaded to CPU."""
    s = load_preset("kimi-k2")
    assert s.parallel.pp * s.parallel.ep == 256
    ledger = memory_ledger(s)
    data = ledger.to_json()
    total_params_count = data["params"]["total"]
    assert total_params_count * (2 + 4) == pytest.approx(6e12, rel=0.05)
    params_and_grads = data["per_gpu_bytes"]["params"] + data["per_gpu_bytes"]["grads"]
    # No GPU can hold less than an even split of the 6 TB; dense (non-expert) weights are replicated
    # over the 16 EP ranks and the busiest pipeline rank holds 4 of the 61 layers, so it holds more.
    assert 6e12 / 256 <= params_and_grads <= 30e9 * 1.05
    # "Each GPU holds approximately 30 GB for all states": the GPU-resident states are params+grads.
    gpu_states = sum(item.bytes for item in ledger.items
                     if item.group in ("params", "grads", "master", "optimizer") and item.tier == "gpu")
    assert gpu_states == params_and_grads == pytest.approx(30e9, rel=0.05)
    by_key = {item.key: item for item in ledger.items}
    assert by_key["master"].tier == "cpu" and by_key["optimizer"].tier == "cpu"
    assert by_key["params"].tier == "gpu" and by_key["grads"].tier == "gpu"
    assert data["tiers"]["cpu"] >= data["per_gpu_bytes"]["master"] + data["per_gpu_bytes"]["optimizer"]


def test_dualpipe_doubles_parameters_exactly_with_a_flat_parameter_count() -> None:
    base = zero_paper_scenario(64_000_000_000, 4, 8, **{"parallel.pp": 8, "parallel.dp": 4,
                                                        "model.layers": 64})
    one_f_one_b = memory_ledger(base.replace(**{"schedule.kind": "1f1b"}))
    dualpipe = memory_ledger(base.replace(**{"schedule.kind": "dualpipe"}))
    assert dualpipe.params_per_gpu == 2 * one_f_one_b.params_per_gpu
    for group in ("params", "grads"):
        assert dualpipe.group_bytes(group) == 2 * one_f_one_b.group_bytes(group)


def test_dualpipe_doubles_deepseek_v3_parameters() -> None:
    """DeepSeek-V3 Table 2: DualPipe keeps two copies of the parameters (2×), 1F1B one (1×): rank r
    holds stage r of one copy and stage p − 1 − r of the other."""
    s = load_preset("deepseek-v3")
    assert s.schedule.kind == "dualpipe"
    one_f_one_b = s.replace(**{"schedule.kind": "1f1b"})
    p = s.parallel.pp
    for r in range(1, p - 1):  # the end ranks also hold the embedding, the head and the MTP module
        dual, single, mirror = memory_ledger(s, r), memory_ledger(one_f_one_b, r), memory_ledger(one_f_one_b, p - 1 - r)
        assert dual.params_per_gpu == single.params_per_gpu + mirror.params_per_gpu
        assert dual.group_bytes("grads") == single.group_bytes("grads") + mirror.group_bytes("grads")
    # Every layer sits on exactly two pipeline ranks (once per model copy), on one under 1F1B.
    for s_kind, copies in ((s, 2), (one_f_one_b, 1)):
        held = [layer for layout in pipeline_layout(s_kind) for r in layout.layers for layer in r]
        layers = s.model.layers + s.model.mtp_layers  # the MTP module sits with the last stage
        assert sorted(held) == sorted(list(range(layers)) * copies)


@SETTINGS
@given(st.integers(1, 200), st.integers(1, 64))
def test_stage_layers_cover_every_layer_once_and_evenly(layers: int, stages: int) -> None:
    assume(layers >= stages)
    ranges = stage_layers(layers, stages)
    assert [layer for r in ranges for layer in r] == list(range(layers))
    sizes = [len(r) for r in ranges]
    assert max(sizes) - min(sizes) <= 1
    assert sizes[0] == min(sizes)  # the first stage (embedding, most in flight) never gets extra
