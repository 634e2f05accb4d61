"""Framework overheads of the byte ledger against their documented sources, re-implemented here.

Oracles:
- CUDA context: pytorch/pytorch#86509 measured 287,047,680 B with lazy module loading; PyTorch's
  CUDA semantics notes give the cuBLAS workspace CUBLAS_WORKSPACE_CONFIG=:4096:2:16:8 as
  2 × 4096 KiB + 8 × 16 KiB (Hopper: :4096:8), cuBLASLt 4 MiB on Ampere, 32 MiB on Hopper.
- NCCL: NCCL_BUFFSIZE default 4 MiB (NCCL environment-variable documentation); the LL and LL128
  buffers of NCCL src/init.cc: 8 lines × 512 threads × 8 steps × 16 B, 120 × 640 × 8 × 8 B.
- DeepEP: the size hints of deepseek-ai/DeepEP csrc/config.hpp written out term by term for a
  DeepSeek-V3 shape (h = 7168, 64 EP ranks on 8 nodes, 256 experts), with deep_ep/buffer.py's
  configs for 64 and 8 ranks.
- FP8: the Llama-2-7B checkpoint's 6,738,415,616 parameters minus its embedding, head and norms
  are the linear weights Transformer Engine casts.
- DeepSpeed ZeRO-Infinity configuration defaults: offload_param 5 × 1e8, offload_optimizer 4,
  sub_group_size 1e9.
"""
from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tslab.models.memory import GROUPS, TIERS, LedgerItem, RankLayout, pipeline_layout, rank_parameters
from tslab.models.memory.overheads import (deepep_low_latency_bytes, linear_weights, nccl_communicators, overhead_items,
                                           replaces_moe_dispatch)
from tslab.models.presets import load_preset
from tslab.models.scenario import Scenario

MIB = 2**20
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def items_of(s: Scenario, rank: int = 0) -> dict[str, LedgerItem]:
    layout = pipeline_layout(s)[rank]
    dense, expert = rank_parameters(s, layout)
    return {item.key: item for item in overhead_items(s, layout, dense, expert)}


def size(s: Scenario, key: str, rank: int = 0) -> int:
    item = items_of(s, rank).get(key)
    return 0 if item is None else item.bytes


def classroom(**changes: object) -> Scenario:
    return load_preset("classroom-7b").replace(**changes)


def deepseek(**changes: object) -> Scenario:
    return load_preset("deepseek-v3").replace(**changes)


# ---------------------------------------------------------------------------------------------
# CUDA context and cuBLAS workspaces

def test_cuda_context_is_the_measured_context_and_pytorchs_workspaces() -> None:
    hopper = classroom()  # H100
    assert size(hopper, "cuda_context") == 287_047_680 + 4096 * 8 * 1024 + 32 * MIB
    ampere = classroom(**{"cluster.gpu": "a100-80"})
    assert size(ampere, "cuda_context") == 287_047_680 + (2 * 4096 + 8 * 16) * 1024 + 4 * MIB
    assert "273.75 MiB" in items_of(hopper)["cuda_context"].formula


def test_cuda_context_switches_off() -> None:
    assert "cuda_context" not in items_of(classroom(**{"memory.cuda_context_mib": 0.0}))


# ---------------------------------------------------------------------------------------------
# NCCL

def nccl_per_communicator(channels: int, buffsize: int, protocols: str = "ll,ll128,simple") -> int:
    ll, ll128 = 8 * 512 * 8 * 16, 120 * 640 * 8 * 8
    assert (ll, ll128) == (524_288, 4_915_200)
    per = {"ll": ll, "ll128": ll128, "simple": buffsize}
    return channels * sum(per[p] for p in protocols.split(","))


def test_nccl_buffers_are_buffsize_times_channels_per_communicator() -> None:
    # Llama 3 405B: TP 8, PP 16, DP 64 → three communicators per GPU.
    s = load_preset("llama3-405b")
    assert [name for name, _ in nccl_communicators(s, pipeline_layout(s)[1])] == ["tp", "dp×cp", "pp"]
    assert size(s, "nccl_buffers", 1) == 3 * nccl_per_communicator(16, 4 * MIB)
    # DeepSeek-V3: DP 128, PP 16, EP 64 and the expert data-parallel group of 2.
    d = deepseek()
    assert dict(nccl_communicators(d, pipeline_layout(d)[2])) == {"dp×cp": 128, "pp": 16, "ep": 64, "edp": 2}
    # Other keys: a 64 MiB NCCL_BUFFSIZE, 4 channels, Simple only.
    t = classroom(**{"memory.nccl_buffsize_mib": 64.0, "memory.nccl_channels": 4, "memory.nccl_protocols": "simple"})
    assert size(t, "nccl_buffers") == 4 * 64 * MIB == nccl_per_communicator(4, 64 * MIB, "simple")


def test_tied_embeddings_add_the_embedding_group_on_the_end_stages_only() -> None:
    s = load_preset("gpt3-175b")  # tied embeddings, PP 8
    layouts = pipeline_layout(s)
    assert "embedding" in dict(nccl_communicators(s, layouts[0]))
    assert "embedding" in dict(nccl_communicators(s, layouts[-1]))
    assert "embedding" not in dict(nccl_communicators(s, layouts[3]))


def test_nccl_switches_off_and_a_single_gpu_has_no_communicator() -> None:
    assert "nccl_buffers" not in items_of(classroom(**{"memory.nccl_channels": 0}))
    alone = classroom(**{"parallel.dp": 1, "cluster.gpus_per_node": 1})
    assert nccl_communicators(alone, pipeline_layout(alone)[0]) == []
    assert "nccl_buffers" not in items_of(alone)


# ---------------------------------------------------------------------------------------------
# DeepEP (csrc/config.hpp, written out for the DeepSeek-V3 shape)

def align(n: int, to: int) -> int:
    return (n + to - 1) // to * to


def test_deepep_normal_buffers_for_deepseek_v3() -> None:
    # 64 ranks: 8 RDMA ranks (nodes) × 8 NVLink ranks; 20 SMs → 10 channels; hidden bytes 7168 × 2.
    channels, nvl_ranks, rdma_ranks, hidden_bytes = 10, 8, 8, 7168 * 2
    # NVLink hint with 288 receive tokens (dispatch and combine configs for 64 ranks alike):
    # counters (2R + 3) int32; per token: hidden, SourceMeta (8 B), 128 int64 top-k indices,
    # 128 FP32 top-k weights, 128 FP32 scales.
    nvl = channels * nvl_ranks * (2 * rdma_ranks + 3) * 4
    for per_token in (hidden_bytes, 8, 128 * 8, 128 * 4, 128 * 4):
        nvl += channels * nvl_ranks * 288 * per_token
    nvl = align(nvl, 128)
    assert nvl == 377_677_824
    # RDMA hint: receive tokens 128 rounded up to the send chunk (dispatch 28 → 140, combine 20 →
    # 140), everything doubled (symmetric send / receive), plus an int4 per token.
    rdma = channels * rdma_ranks * (8 * 2 + 2) * 2 * 4
    for per_token in (hidden_bytes, 8, 128 * 8, 128 * 4, 128 * 4, 16):
        rdma += channels * rdma_ranks * 140 * per_token * 2
    rdma = align(rdma, 128)
    assert rdma == 367_550_720
    workspace = 32 * MIB
    s = deepseek()
    assert size(s, "deepep_buffers", 2) == nvl + rdma + workspace
    assert replaces_moe_dispatch(s)


def test_deepep_inside_one_node_has_no_rdma_buffer() -> None:
    s = deepseek(**{"parallel.ep": 8})
    nvl = 10 * 8 * (2 * 1 + 3) * 4 + 10 * 8 * 256 * (7168 * 2 + 8 + 128 * 8 + 128 * 4 + 128 * 4)
    assert size(s, "deepep_buffers", 2) == align(nvl, 128) + 32 * MIB


def test_deepep_low_latency_hint() -> None:
    # 128 tokens per rank, h = 7168 (56 scales), 256 experts.
    scales = 7168 // 128
    dispatch_msg = 16 + max(7168 * 2, 7168 + scales * 4)   # int4 + BF16 token (≥ FP8 + scales)
    combine_msg = scales * 4 + 7168 * 2                     # BF16 pair per 128 channels + BF16 token
    send = max(128 * dispatch_msg, 256 * 128 * combine_msg)
    receive = max(256 * 128 * dispatch_msg, 256 * 128 * combine_msg)
    signal = align(256 * 4, 128)
    total = 2 * send + 2 * receive + 2 * signal
    assert deepep_low_latency_bytes(128, 7168, 256) == (total + 128) // 128 * 128 == 1_908_410_496
    s = deepseek(**{"memory.deepep": "low-latency"})
    assert size(s, "deepep_buffers", 2) == deepep_low_latency_bytes(4096, 7168, 256) + 32 * MIB


def test_deepep_switches_off_and_needs_moe_with_ep() -> None:
    for s in (deepseek(**{"memory.deepep": "none"}), deepseek(**{"parallel.ep": 1}), classroom()):
        assert "deepep_buffers" not in items_of(s, 2 if s.parallel.pp > 2 else 0)
        assert not replaces_moe_dispatch(s)


def test_deepep_takes_the_next_listed_config_for_an_unlisted_size() -> None:
    s = deepseek(**{"parallel.ep": 256, "parallel.dp": 256, "cluster.nodes": 512})
    assert "160-rank one" in items_of(s, 2)["deepep_buffers"].formula


# ---------------------------------------------------------------------------------------------
# FP8 weight copies

LLAMA2_7B = 6_738_415_616  # parameters of the released Llama-2-7B checkpoint


def test_fp8_copies_cast_the_linear_weights_only() -> None:
    s = classroom(**{"memory.fp8_weight_copies": 2})
    h, v, layers = 4096, 32000, 32
    linear = LLAMA2_7B - 2 * v * h - (2 * layers + 1) * h  # minus embedding, head and RMSNorms
    assert linear == layers * (4 * h * h + 3 * h * 11008)
    assert linear_weights(s, pipeline_layout(s)[0], rank_parameters(s, pipeline_layout(s)[0])[0])[:2] == (linear, 0)
    tensors = layers * 4  # fused QKV, output, FC1, FC2
    assert size(s, "fp8_weights") == 2 * linear + tensors * (1024 + 2) * 4
    blockwise = s.replace(**{"memory.fp8_recipe": "blockwise"})
    assert size(blockwise, "fp8_weights") == 2 * linear + 2 * math.ceil(linear / (128 * 128)) * 4
    mx = s.replace(**{"memory.fp8_recipe": "mxfp8", "memory.fp8_weight_copies": 1})
    assert size(mx, "fp8_weights") == linear + math.ceil(linear / 32)
    current = s.replace(**{"memory.fp8_recipe": "current"})
    assert size(current, "fp8_weights") == 2 * linear + tensors * 8


def test_fp8_leaves_out_the_embedding_and_head() -> None:
    s = classroom(**{"memory.fp8_weight_copies": 1, "parallel.dp": 1, "cluster.gpus_per_node": 1})
    middle = RankLayout(0, (0,), (range(0, 32),), first=False, last=False, copies=1)
    ends = dataclasses.replace(middle, first=True, last=True)
    assert linear_weights(s, middle, 0) == linear_weights(s, ends, 0)


def test_fp8_copies_are_off_by_default_and_sharded_under_zero3() -> None:
    assert "fp8_weights" not in items_of(classroom())
    on = classroom(**{"memory.fp8_weight_copies": 1, "memory.fp8_recipe": "current"})
    sharded = on.replace(**{"parallel.zero": 3})
    linear = size(on, "fp8_weights") - 32 * 4 * 8
    assert size(sharded, "fp8_weights") == math.ceil(linear / 8) + 32 * 4 * 8


# ---------------------------------------------------------------------------------------------
# Offload host buffers

def test_nvme_swap_buffers_are_deepspeeds_defaults_on_the_cpu() -> None:
    s = classroom(**{"parallel.zero": 3, "offload.params": "nvme", "offload.optimizer": "nvme"})
    items = items_of(s)
    assert items["offload_param_buffers"].bytes == 5 * 100_000_000 * 2
    shard = math.ceil(LLAMA2_7B / 8)  # Ψ/N_d, below sub_group_size 1e9
    assert items["offload_optimizer_buffers"].bytes == 4 * shard * 4
    assert {items[k].tier for k in ("offload_param_buffers", "offload_optimizer_buffers")} == {"cpu"}
    whole = s.replace(**{"parallel.dp": 1, "cluster.gpus_per_node": 1})
    assert size(whole, "offload_optimizer_buffers") == 4 * 1_000_000_000 * 4  # the largest sub-group


def test_cpu_optimizer_steps_on_an_fp32_gradient_partition() -> None:
    s = classroom(**{"offload.optimizer": "cpu"})
    item = items_of(s)["offload_grad_partition"]
    assert item.tier == "cpu" and item.bytes == math.ceil(LLAMA2_7B / 8) * 4
    assert "offload_grad_partition" not in items_of(s.replace(**{"offload.grads": "cpu"}))


def test_offload_buffers_only_with_offload_and_switch_off() -> None:
    keys = {"offload_param_buffers", "offload_optimizer_buffers", "offload_grad_partition"}
    assert not keys & set(items_of(classroom()))
    off = classroom(**{"offload.optimizer": "nvme", "offload.params": "nvme", "memory.offload_buffers": False})
    assert not keys & set(items_of(off))


# ---------------------------------------------------------------------------------------------
# Invariants

@st.composite
def scenarios(draw) -> Scenario:
    tp, pp, dp, cp = (draw(st.sampled_from([1, 2, 4])) for _ in range(4))
    moe = draw(st.booleans())
    width = tp * cp * dp
    ep = draw(st.sampled_from([e for e in (1, 2, 4, 8, 16) if width % e == 0])) if moe else 1
    values: dict[str, object] = {
        "parallel.tp": tp, "parallel.pp": pp, "parallel.dp": dp, "parallel.cp": cp, "parallel.ep": ep,
        "parallel.zero": draw(st.integers(0, 3)),
        "model.layers": draw(st.integers(pp, 16)), "model.hidden": draw(st.sampled_from([512, 1024, 7168])),
        "model.heads": 8, "model.kv_heads": 8, "model.tied_embeddings": draw(st.booleans()),
        "model.attention": draw(st.sampled_from(["mha", "mla"])),
        "model.q_lora_rank": draw(st.sampled_from([0, 256])), "model.kv_lora_rank": 128,
        "model.qk_rope_head_dim": 32,
        "model.experts": draw(st.sampled_from([16, 64, 256])) if moe else 0, "model.top_k": 4 if moe else 0,
        "model.expert_ffn_hidden": 512 if moe else 0, "model.shared_experts": draw(st.integers(0, 1)) if moe else 0,
        "cluster.gpus_per_node": 1, "cluster.nodes": tp * pp * dp * cp,
        "cluster.gpu": draw(st.sampled_from(["h100", "a100-80", "b200", "custom"])),
        "offload.optimizer": draw(st.sampled_from(["gpu", "cpu", "nvme"])),
        "offload.params": draw(st.sampled_from(["gpu", "cpu", "nvme"])),
        "offload.grads": draw(st.sampled_from(["gpu", "cpu"])),
        "memory.cuda_context_mib": draw(st.floats(0, 4096)),
        "memory.nccl_buffsize_mib": draw(st.floats(0, 64)),
        "memory.nccl_channels": draw(st.integers(0, 64)),
        "memory.nccl_protocols": draw(st.sampled_from(["ll,ll128,simple", "ll,simple", "simple"])),
        "memory.deepep": draw(st.sampled_from(["none", "normal", "low-latency"])),
        "memory.deepep_sms": draw(st.integers(2, 132)),
        "memory.fp8_weight_copies": draw(st.integers(0, 2)),
        "memory.fp8_recipe": draw(st.sampled_from(["delayed", "current", "blockwise", "mxfp8"])),
        "memory.offload_buffers": draw(st.booleans()),
    }
    return Scenario().replace(**values)


@SETTINGS
@given(scenarios(), st.data())
def test_items_are_well_formed(s: Scenario, data: st.DataObject) -> None:
    layouts = pipeline_layout(s)
    layout = layouts[data.draw(st.integers(0, len(layouts) - 1))]
    dense, expert = rank_parameters(s, layout)
    items = overhead_items(s, layout, dense, expert)
    assert len({item.key for item in items}) == len(items)
    for item in items:
        assert type(item.bytes) is int and item.bytes >= 0
        assert item.group in GROUPS and item.tier in TIERS and item.name and item.formula and item.source
        assert item.tier == ("cpu" if item.key.startswith("offload_") else "gpu")
    assert ("deepep_buffers" in {item.key for item in items}) == replaces_moe_dispatch(s)


MONOTONE = [
    ("cuda_context", "memory.cuda_context_mib", st.floats(0, 4096)),
    ("nccl_buffers", "memory.nccl_buffsize_mib", st.floats(0, 64)),
    ("nccl_buffers", "memory.nccl_channels", st.integers(0, 64)),
    ("deepep_buffers", "memory.deepep_sms", st.integers(2, 132)),
    ("deepep_buffers", "model.hidden", st.sampled_from([512, 1024, 2048, 4096, 7168])),
    ("fp8_weights", "memory.fp8_weight_copies", st.integers(0, 2)),
    ("fp8_weights", "memory.fp8_amax_history", st.integers(1, 4096)),
    ("offload_param_buffers", "memory.offload_param_buffer_size", st.integers(0, 10**9)),
    ("offload_optimizer_buffers", "memory.offload_sub_group_size", st.integers(1, 10**10)),
]


@pytest.mark.parametrize("key,setting,values", MONOTONE, ids=[f"{k}-{s}" for k, s, _ in MONOTONE])
def test_items_grow_with_their_sizes(key: str, setting: str, values: st.SearchStrategy) -> None:
    base = deepseek(**{"memory.fp8_weight_copies": 1, "offload.params": "nvme", "offload.optimizer": "nvme",
                       "parallel.zero": 3})

    @settings(max_examples=25, deadline=None)
    @given(values, values)
    def check(a: object, b: object) -> None:
        low, high = sorted((a, b))  # type: ignore[type-var]
        assert size(base.replace(**{setting: low}), key, 2) <= size(base.replace(**{setting: high}), key, 2)

    check()


@SETTINGS
@given(st.integers(1, 8192), st.sampled_from([128, 1024, 7168]), st.integers(1, 512))
def test_low_latency_buffer_grows_with_tokens_and_experts(tokens: int, hidden: int, experts: int) -> None:
    here = deepep_low_latency_bytes(tokens, hidden, experts)
    assert here % 128 == 0 and here > 0
    assert deepep_low_latency_bytes(tokens + 1, hidden, experts) >= here
    assert deepep_low_latency_bytes(tokens, hidden, experts + 1) >= here
