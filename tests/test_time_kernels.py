"""The step-time model's FP8, grouped-GEMM, routing, all-to-all and overlap terms against their closed
forms on small shapes (models/time/efficiency.py, flops.py, step.py; models/moe/load.py)."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from tslab.models.hardware import GPUS
from tslab.models.moe.load import routed_load
from tslab.models.moe.routing import route
from tslab.models.moe.settings import MoeSettings
from tslab.models.presets import load_preset
from tslab.models.scenario import Scenario
from tslab.models.time import hardware_of, layer_ops, step_time
from tslab.models.time.efficiency import (ACHIEVABLE, ACHIEVABLE_FP8, KERNEL_GAP_S, gemm, grouped_gemm, grouped_tiles,
                                          wave_efficiency)
from tslab.models.time.flops import expert_rows, shard_of
from tslab.models.time.stages import _calls, _hide, _Links, _rows, _stages, _tiers

SMALL_MOE = {"model.layers": 4, "model.hidden": 1024, "model.heads": 8, "model.kv_heads": 8, "model.ffn_hidden": 4096,
             "model.vocab": 32000, "model.seq_len": 2048, "model.micro_batch": 1, "model.experts": 16,
             "model.top_k": 2, "model.expert_ffn_hidden": 512, "parallel.tp": 1, "parallel.pp": 1,
             "parallel.dp": 16, "parallel.ep": 16, "cluster.nodes": 2, "cluster.gpus_per_node": 8,
             "cluster.gpu": "h100", "schedule.microbatches": 4}


def small_moe(**extra) -> Scenario:
    return Scenario().replace(**{**SMALL_MOE, **extra})


def ops_by_name(s: Scenario, moe: bool = False) -> dict:
    return {op.name: op for op in layer_ops(s, moe, shard_of(s))}


# --- FP8 -------------------------------------------------------------------------------------

def test_fp8_linear_runs_at_the_fp8_peak_with_one_byte_operands():
    s = Scenario().replace(**{"cluster.gpu": "h100", "precision.compute": "fp8"})
    hw = hardware_of(s)
    assert hw.fp8_peak_flops == GPUS["h100"].fp8_tflops * 1e12 == 1979e12
    m, n, k = 4096, 4096, 4096
    kernel = gemm(m, n, k, 2, fp8=True)
    assert kernel.bytes == (m * k + k * n) * 1 + m * n * 2
    fill = wave_efficiency((m / 128) * (n / 256), hw.sms)   # full 128×256 tiles, one partial wave
    assert kernel.efficiency(hw) == pytest.approx(ACHIEVABLE_FP8 * max(fill, kernel.efficiency(hw) / ACHIEVABLE_FP8))
    assert kernel.time(hw) == pytest.approx(2 * m * n * k / (1979e12 * kernel.efficiency(hw))
                                            + m * n * 2 / hw.stream_Bps + KERNEL_GAP_S)
    bf16 = gemm(m, n, k, 2)
    assert kernel.time(hw) < bf16.time(hw)


def test_fp8_compute_covers_the_linear_layers_only_and_adds_their_casts():
    s = Scenario().replace(**{"cluster.gpu": "h100", "precision.compute": "fp8"})
    ops = ops_by_name(s)
    m = s.model
    tokens, h, e = m.seq_len * m.micro_batch, m.hidden, 2
    for name in ("qkv_proj", "out_proj", "mlp_up", "mlp_down"):
        assert all(k.fp8 for part in ("forward", "input_grad", "weight_grad") for k in getattr(ops[name], part))
    assert not any(k.fp8 for k in ops["flash_forward"].forward)
    cast = ops["out_proj_fp8_cast"]   # input a·d = h wide, output h wide
    assert cast.bytes_forward == tokens * h * (e + 2)
    assert cast.bytes_backward == tokens * h * (e + 2)
    up = ops["mlp_up_fp8_cast"]
    assert up.bytes_forward == tokens * h * (e + 2)
    assert up.bytes_backward == tokens * 2 * m.ffn_hidden * (e + 2)
    plain = ops_by_name(Scenario().replace(**{"cluster.gpu": "h100"}))
    assert not any(name.endswith("_fp8_cast") for name in plain)


def test_fp8_on_a_gpu_without_fp8_tensor_cores_is_bf16():
    a100 = Scenario().replace(**{"cluster.gpu": "a100-80", "cluster.nodes": 1})
    assert step_time(a100.replace(**{"precision.compute": "fp8"})).step_time_s == \
        pytest.approx(step_time(a100).step_time_s)
    notes = " ".join(n.text for n in step_time(a100.replace(**{"precision.compute": "fp8"})).notes)
    assert "no FP8 tensor cores" in notes


def test_fp8_makes_the_deepseek_v3_step_faster():
    s = load_preset("deepseek-v3")
    bf16 = step_time(s.replace(**{"precision.compute": "bf16"})).step_time_s
    fp8 = step_time(s.replace(**{"precision.compute": "fp8"})).step_time_s
    assert fp8 < bf16


# --- grouped GEMMs ---------------------------------------------------------------------------

def test_grouped_gemm_of_equal_full_tiles():
    """E experts of 256 tokens, n = 1024, k = 512 in 128×256 tiles: no padding, E·2·4 tiles."""
    hw = hardware_of(Scenario().replace(**{"cluster.gpu": "h100"}))
    rows = (256.0,) * 8
    tiles, fill = grouped_tiles(rows, 1024, hw.sms)
    assert fill == 1.0
    assert tiles in (8 * 2 * 4, 8 * 1 * 8, 8 * 2 * 8)   # whichever full tile fills the waves best
    kernel = grouped_gemm(rows, 1024, 512, 2, hw.sms)
    assert kernel.flops == 2 * 256 * 8 * 1024 * 512
    assert kernel.bytes == (256 * 8 * 512 + 8 * 512 * 1024) * 2 + 256 * 8 * 1024 * 2
    out = 256 * 8 * 1024 * 2
    assert kernel.time(hw) == pytest.approx(
        max(kernel.flops / (hw.peak_flops * ACHIEVABLE * wave_efficiency(tiles, hw.sms)),
            (kernel.bytes - out) / hw.stream_Bps) + out / hw.stream_Bps + KERNEL_GAP_S)


def test_grouped_gemm_pads_each_small_expert_to_its_own_tile():
    """Experts of 20 and 130 tokens, n = 256. In 128×256 tiles: 32 + 2·128 padded rows, 3 tiles,
    fill 150/288. In 256×128 tiles: 32 and 144 rows (an M below the tile runs in a tile cut to it
    in steps of 16), two columns each, 4 tiles, fill 150/176 — the better, so the model takes it."""
    tiles, fill = grouped_tiles((20.0, 130.0), 256, 132)
    assert fill == pytest.approx(150 / 176)
    assert tiles == 4


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.integers(1, 5000), min_size=1, max_size=32), n=st.integers(16, 8192))
def test_grouped_tiles_fill_is_a_share(rows, n):
    tiles, fill = grouped_tiles(tuple(float(r) for r in rows), n, 132)
    assert 0 < fill <= 1
    assert tiles >= len(rows)


# --- routing on the busiest rank ----------------------------------------------------------------

@pytest.mark.parametrize("routing", ["uniform", "zipf", "node-limited"])
def test_busiest_rank_is_the_routing_models(routing):
    load = routed_load(64, 4, 8, 512, routing, 3, 1, 4)
    counts = route(64, 4, 8, MoeSettings(tokens_per_rank=512, routing=routing, seed=3, max_nodes=1), 4)
    per_rank = counts.sum(axis=0).reshape(8, 8).sum(axis=1)
    assert load.imbalance == pytest.approx(per_rank.max() / per_rank.mean())
    busiest = int(np.argmax(per_rank))
    mean_expert = counts.sum() / 64
    assert load.shares == pytest.approx(counts.sum(axis=0)[busiest * 8:(busiest + 1) * 8] / mean_expert)


def test_zipf_routing_slows_the_expert_gemms():
    uniform = small_moe()
    skewed = small_moe(**{"moe.routing": "zipf"})
    rows_u, load_u = expert_rows(uniform, shard_of(uniform))
    rows_z, load_z = expert_rows(skewed, shard_of(skewed))
    assert load_z > load_u >= 1.0
    assert sum(rows_z) > sum(rows_u) * 1.5
    hw = hardware_of(uniform)

    def expert_time(s):
        return sum(k.time(hw) for op in layer_ops(s, True, shard_of(s)) if op.expert for k in op.forward)

    assert expert_time(skewed) > expert_time(uniform)


def test_distinct_nodes_closed_form():
    """Uniform routing of K = 2 of 16 experts on N = 2 nodes of 8: 2·(1 − C(8,2)/C(16,2)) nodes."""
    load = routed_load(16, 2, 16, 64, "uniform", 0, 4, 8)
    assert load.nodes == 2
    assert load.remote_copies == 0.5
    assert load.local_copies == pytest.approx(7 / 16)
    assert load.remote_nodes == pytest.approx(2 * (1 - (8 * 7) / (16 * 15)) * 0.5)


# --- all-to-all: precision and route --------------------------------------------------------------

def ep_calls(s: Scenario):
    return _calls(s, _rows(s), _Links(*_tiers(s)))


def test_fp8_dispatch_halves_the_bytes_towards_the_experts():
    zero_latency = {"cluster.intra_latency_us": 0.0, "cluster.inter_latency_us": 0.0}
    bf16 = ep_calls(small_moe(**zero_latency))
    fp8 = ep_calls(small_moe(**zero_latency, **{"moe.dispatch_precision": "fp8"}))
    assert fp8.ep == pytest.approx(bf16.ep / 2)
    assert fp8.ep_back == pytest.approx(bf16.ep_back)
    assert step_time(small_moe(**{"moe.dispatch_precision": "fp8"})).step_time_s < step_time(small_moe()).step_time_s


def test_two_hop_route_sends_each_token_once_per_remote_node():
    s = small_moe(**{"cluster.intra_latency_us": 0.0, "cluster.inter_latency_us": 0.0})
    direct = ep_calls(s)
    two_hop = ep_calls(s.replace(**{"moe.dispatch_route": "two-hop"}))
    m = s.model
    load = routed_load(16, 2, 16, 2048, "uniform", 0, 4, 8)
    bw_inter = s.cluster.inter_bw_gbps * 1e9
    bw_intra = s.cluster.intra_bw_gbps * 1e9 * s.time.nvlink_efficiency
    copies = 2048 * m.top_k * m.hidden * 2
    expected = load.imbalance * max(2048 * m.hidden * 2 * load.remote_nodes / bw_inter,
                                    copies * (load.local_copies + load.remote_copies * 7 / 8) / bw_intra)
    assert two_hop.ep == pytest.approx(expected)
    assert direct.ep == pytest.approx(load.imbalance * max(copies * load.remote_copies / bw_inter,
                                                           copies * load.local_copies / bw_intra))
    assert two_hop.ep != direct.ep


# --- overlap pays for its SMs -----------------------------------------------------------------

def test_hidden_communication_slows_the_computation_by_its_sm_share():
    assert _hide(3.0, 10.0, False) == 3.0
    assert _hide(3.0, 10.0, True) == 0.0
    assert _hide(3.0, 10.0, True, 0.25) == pytest.approx(0.75)
    assert _hide(12.0, 10.0, True, 0.25) == pytest.approx(2.0 + 2.5)


def test_dualpipe_pair_closed_form():
    """FB = max(A, C + A·deepep_sms/SMs): A the chunk pair's all-to-alls, C the rest of its work."""
    s = load_preset("deepseek-v3")
    hw = hardware_of(s)
    st_ = _stages(s, hw, _rows(s))
    share = s.memory.deepep_sms / hw.sms
    for cost, fb in zip(st_.costs, st_.fb):
        moved = cost.raw.get("ep", 0.0)
        rest = cost.total - cost.exposed("ep")
        assert fb == pytest.approx(max(moved, rest + moved * share) if moved else cost.total)
    assert any(cost.raw.get("ep", 0.0) > 0 and fb < cost.total for cost, fb in zip(st_.costs, st_.fb))


def test_more_deepep_sms_slow_the_overlapped_pair():
    s = load_preset("deepseek-v3")
    hw = hardware_of(s)
    few = _stages(s.replace(**{"memory.deepep_sms": 10}), hw, _rows(s))
    many = _stages(s.replace(**{"memory.deepep_sms": 40}), hw, _rows(s))
    moe = [k for k, cost in enumerate(few.costs) if cost.raw.get("ep", 0.0) > 0]
    assert moe
    for k in moe:
        assert many.fb[k] > few.fb[k]
        assert math.isclose(many.costs[k].F, few.costs[k].F)


def test_the_step_time_is_plain_python_numbers():
    """The routing model's numpy counts do not leak into the step's numbers (JSON, comparisons)."""
    t = step_time(load_preset("deepseek-v3"))
    assert type(t.step_time_s) is float
    for row in t.stack:
        assert all(type(v) is float for v in (row.compute_s, row.memory_bound_s, *row.exposed_comm_s.values()))
    for c in t.comm:
        assert type(c.exposed_s) is float and type(c.hidden_s) is float
