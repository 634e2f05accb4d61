"""An MoE layer's saved tensors in the ledger, against an independent build of the same tensors.

Oracle: a small MoE layer whose every tensor kept for backward is allocated here shape by shape,
as Megatron-LM's MoE code path keeps it (numpy arrays of the same shapes and element sizes; their
`nbytes` is the oracle), and compared with the ledger item by item:

- the router (megatron/core/transformer/moe/router.py, moe_utils.py): the scores over all experts
  and the load-balancing loss's scores in FP32 (tokens × E), the top-k scores (FP32) and indices
  (int64, tokens × K), the routing map (bool, tokens × E);
- the dispatcher (token_dispatcher.py; Transformer Engine's permutation.py): the row-id map
  (int32, tokens × (2E + 1)) and one int64 sort index per routed copy; the routed copies of the GPU
  that receives the most (the busiest EP rank's count, recounted here from the routing draws);
- the experts (experts.py TEGroupedMLP, the weighted SwiGLU): FC1's input, FC1's output, the
  SwiGLU's output and the routing weight, per routed copy; the K expert outputs per token that
  the weighted combine keeps (moe_utils.py unpermute, Megatron-LM before core 0.13);
- the shared expert (shared_experts.py): its FC1 output and SwiGLU output per token.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from tslab.models.memory import memory_ledger
from tslab.models.memory.policy import activation_policy, ladder
from tslab.models.memory.routed import routed_rows
from tslab.models.memory.stored import TENSOR_ITEMS
from tslab.models.memory.timeline import PER_SET, memory_timeline
from tslab.models.moe.routing import route
from tslab.models.moe.settings import MoeSettings
from tslab.models.presets import load_preset
from tslab.models.scenario import Scenario

BF16 = np.float16  # two bytes per element, as BF16 (numpy has no bfloat16)


def small_moe(**extra: object) -> Scenario:
    """Two MoE layers of hidden 64, 8 experts of width 32, top-2, one shared expert; 4 GPUs, each
    its own EP rank; one stage, one micro-batch of 2 × 128 tokens in flight; sigmoid routing with
    a per-expert bias (DeepSeek-V3 style); no allowances."""
    return Scenario().replace(**{
        "model.layers": 2, "model.hidden": 64, "model.heads": 4, "model.kv_heads": 4, "model.head_dim": 0,
        "model.ffn_hidden": 128, "model.vocab": 512, "model.seq_len": 128, "model.micro_batch": 2,
        "model.mlp": "swiglu", "model.dropout": False, "model.experts": 8, "model.top_k": 2,
        "model.expert_ffn_hidden": 32, "model.shared_experts": 1, "model.first_dense_layers": 0,
        "model.expert_bias": True, "precision.activations": "bf16",
        "parallel.tp": 1, "parallel.pp": 1, "parallel.dp": 4, "parallel.ep": 4, "parallel.zero": 1,
        "cluster.nodes": 1, "cluster.gpus_per_node": 4, "schedule.kind": "1f1b", "schedule.microbatches": 1,
        "activation.recompute": "none", "activation.flash_attention": True, "memory.fragmentation": 0.0,
        "moe.routing": "uniform", "moe.seed": 0, "moe.weighting": "combine", **extra})


def busiest_copies(s: Scenario) -> int:
    """The routed copies the busiest EP rank receives: the routing draws of every rank's tokens,
    counted per expert, summed per rank, the largest."""
    m, p = s.model, s.parallel
    tokens = m.seq_len * m.micro_batch
    counts = route(m.experts, m.top_k, p.ep, MoeSettings(tokens_per_rank=tokens, routing=s.moe.routing,
                                                         seed=s.moe.seed, max_nodes=s.moe.max_nodes),
                   s.cluster.gpus_per_node).sum(axis=0)
    return int(counts.reshape(p.ep, -1).sum(axis=1).max())


def moe_layer_tensors(s: Scenario) -> dict[str, list[np.ndarray]]:
    """Every tensor one MoE layer keeps for backward on the busiest GPU, by ledger item."""
    m = s.model
    n, h, experts, k = m.seq_len * m.micro_batch, m.hidden, m.experts, m.top_k
    f_e, f_s = m.expert_ffn_hidden, m.expert_ffn_hidden * m.shared_experts
    copies = busiest_copies(s)
    return {
        "router_probs": [np.empty((n, experts), np.float32)],
        "router_aux_scores": [np.empty((n, experts), np.float32)],
        "router_topk": [np.empty((n, k), np.float32), np.empty((n, k), np.int64)],
        "moe_routing_map": [np.empty((n, experts), np.bool_)],
        "moe_row_ids": [max(np.empty((n, 2 * experts + 1), np.int32), np.empty((2, n * k), np.int64),
                            key=lambda a: a.nbytes), np.empty(copies, np.int64)],
        "moe_permuted_tokens": [np.empty((copies, h), BF16)],
        "moe_permuted_probs": [np.empty(copies, np.float32)],
        "moe_expert_fc1_output": [np.empty((copies, 2 * f_e), BF16)],
        "moe_expert_act_output": [np.empty((copies, f_e), BF16)],
        "moe_unpermuted_output": [np.empty((n * k, h), BF16)],
        "moe_shared_fc1_output": [np.empty((n, 2 * f_s), BF16)],
        "moe_shared_act_output": [np.empty((n, f_s), BF16)],
    }


def test_a_small_moe_layer_built_shape_by_shape_is_the_ledger_item_by_item() -> None:
    s = small_moe()
    ledger = memory_ledger(s)
    assert ledger.in_flight == 1 and ledger.layers_on_rank == 2
    items = {item.key: item for item in ledger.items}
    built = moe_layer_tensors(s)
    assert busiest_copies(s) > s.model.seq_len * s.model.micro_batch * s.model.top_k  # the busiest is above the mean
    for key, arrays in built.items():
        expected = 2 * sum(a.nbytes for a in arrays)  # two MoE layers, one micro-batch in flight
        assert items[key].bytes == expected, key
        assert items[key].group == "activations" and items[key].tier == "gpu"
    assert {key for key in items if key in {k for k, _ in TENSOR_ITEMS.values()}} == set(built)
    # The rest of the layer is the attention's and the norms', as for a dense layer; the embedding
    # keeps its token ids, the head its two inputs.
    n, h = s.model.seq_len * s.model.micro_batch, s.model.hidden
    assert items["embedding"].bytes == np.empty(n, np.int64).nbytes
    assert items["head_inputs"].bytes == 2 * np.empty((n, h), BF16).nbytes


def test_the_routing_weights_in_the_expert_activation_keep_no_expert_outputs() -> None:
    """Megatron-LM from core 0.13 multiplies the weights inside the SwiGLU: the combine keeps no
    expert outputs; torchtitan casts them to FP32 first: twice the bytes."""
    s = small_moe()
    combine = {item.key: item.bytes for item in memory_ledger(s).items}
    inside = {item.key: item.bytes for item in memory_ledger(s.replace(**{"moe.weighting": "activation"})).items}
    fp32 = {item.key: item.bytes for item in memory_ledger(s.replace(**{"moe.weighting": "combine-fp32"})).items}
    assert "moe_unpermuted_output" not in inside
    assert fp32["moe_unpermuted_output"] == 2 * combine["moe_unpermuted_output"]
    assert {k: v for k, v in combine.items() if k != "moe_unpermuted_output"} == \
        {k: v for k, v in inside.items() if k != "moe_unpermuted_output"}


@pytest.mark.parametrize("routing", ["zipf", "hot"])
def test_skewed_routing_loads_the_busiest_gpu_more(routing: str) -> None:
    """The routed tensors follow the busiest GPU's copies: a skewed routing puts more on it."""
    uniform, skewed = small_moe(), small_moe(**{"moe.routing": routing})
    assert busiest_copies(skewed) > busiest_copies(uniform)
    items = {item.key: item.bytes for item in memory_ledger(skewed).items}
    h = skewed.model.hidden
    assert items["moe_permuted_tokens"] == 2 * busiest_copies(skewed) * h * 2
    assert routed_rows(skewed).factor == pytest.approx(busiest_copies(skewed) / (256 * 2))


def test_a_capacity_factor_caps_or_pads_the_busiest_gpu() -> None:
    """Megatron-LM --moe-expert-capacity-factor c: an expert keeps at most c times its mean (the
    rest dropped); padded to capacity, every expert holds exactly that."""
    s = small_moe(**{"moe.routing": "hot"})
    imbalance = routed_rows(s).imbalance
    assert imbalance > 1.05
    capped = routed_rows(s.replace(**{"moe.capacity_factor": 1.05}))
    assert capped.factor == 1.05 and "dropped" in capped.note
    loose = routed_rows(s.replace(**{"moe.capacity_factor": 100.0}))
    assert loose.factor == imbalance
    padded = routed_rows(small_moe(**{"moe.capacity_factor": 1.5, "moe.pad_to_capacity": True}))
    assert padded.factor == 1.5 and padded.rows == 1.5 * 256 * 2


def test_sequence_parallelism_splits_the_routers_tokens_and_expert_tp_gathers_the_copies() -> None:
    """With SP the MoE layer sees the GPU's sequence shard (s·b/t); the t_e expert-TP ranks of an
    expert all-gather theirs, so a GPU's experts receive N·K·t_e copies of width f_e/t_e."""
    s = small_moe(**{"parallel.tp": 2, "parallel.sp": True, "parallel.dp": 2, "parallel.ep": 2,
                     "parallel.etp": 2})
    rows = routed_rows(s)
    assert rows.tokens == 128 * 2 / 2 and rows.mean_rows == rows.tokens * 2 * 2
    layer = activation_policy(s).layer(True)
    assert layer.row("router_probs").bytes == 4 * rows.tokens * 8
    assert layer.row("dispatched").elements == rows.rows * 64
    assert layer.row("expert_act_input").elements == 2 * rows.rows * 32 / 2


def test_fp8_gemms_pad_each_local_expert() -> None:
    s = small_moe(**{"precision.compute": "fp8"})
    assert routed_rows(s).padding_rows == 2 * 15  # two local experts, up to 15 rows each
    mx = small_moe(**{"precision.compute": "fp8", "memory.fp8_recipe": "mxfp8"})
    assert routed_rows(mx).padding_rows == 2 * 31


def test_megatron_recompute_modules_free_what_they_name() -> None:
    """Megatron-LM --recompute-modules: moe_act drops the SwiGLU's output (FC2's input),
    shared_experts the shared expert's tensors, moe every MoE-layer tensor but its input."""
    s = small_moe(**{"activation.policy": "megatron-modules"})
    names = [step.name.split(":")[0] for step in ladder(s)]
    assert names == ["core_attn", "moe_act", "layernorm", "mla_up_proj", "mlp", "shared_experts", "moe"]

    def recomputed(steps: int) -> set[str]:
        layer = activation_policy(s.replace(**{"activation.policy_steps": steps})).layer(True)
        return {row.key for row in layer.rows if row.backend == "recompute"}

    assert recomputed(2) - recomputed(1) == {"expert_down_input"}
    assert recomputed(6) - recomputed(5) == {"shared_act_input", "shared_down_input"}
    last = recomputed(7) - recomputed(6)
    assert last == {"router_probs", "router_aux_scores", "router_topk", "moe_routing_map", "moe_row_ids",
                    "dispatched", "moe_permuted_probs", "expert_act_input", "moe_unpermuted_output"}
    # the ledger then lists no MoE tensor, and rematerialises them one layer at a time
    items = {item.key for item in memory_ledger(s).items}
    assert not items & {key for key, _ in TENSOR_ITEMS.values()}
    assert "recompute_working_set" in items


def test_the_moe_items_in_json_and_over_time() -> None:
    """Each MoE tensor is a JSON item with its policy tensor, formula and source, and follows the
    activation sets in the memory-over-time view, whose peak is the ledger's GPU tier."""
    s = small_moe(**{"parallel.pp": 2, "parallel.dp": 2, "parallel.ep": 2, "schedule.microbatches": 4})
    data = json.loads(json.dumps(memory_ledger(s).to_json()))
    moe = [item for item in data["items"] if item["tensor"] in TENSOR_ITEMS]
    assert {item["item"] for item in moe} == {key for key, _ in TENSOR_ITEMS.values()} - {"moe_shared_gated_output"}
    for item in moe:
        assert TENSOR_ITEMS[item["tensor"]][0] == item["item"]
        assert "MoE layers" in item["formula"] and "Megatron-LM" in item["source"]
    permuted = next(item for item in moe if item["item"] == "moe_permuted_tokens")
    assert "ρ = " in permuted["formula"] and "busiest" in permuted["formula"]
    timeline = memory_timeline(s)
    for lane in timeline.lanes:
        follows = {item.key: item.follows for item in lane.items}
        assert all(follows[item["item"]] == PER_SET for item in moe if item["item"] in follows)
        assert lane.peak_bytes == memory_ledger(s, lane.rank).gpu_bytes


def test_a_gated_shared_expert_keeps_its_output_for_the_gate() -> None:
    s = small_moe(**{"model.shared_expert_gate": True})
    items = {item.key: item.bytes for item in memory_ledger(s).items}
    n, h = 256, 64
    assert items["moe_shared_gated_output"] == 2 * np.empty((n, h + 1), BF16).nbytes


def test_dense_models_list_no_moe_items() -> None:
    for name in ("classroom-7b", "gpt3-175b"):
        keys = {item.key for item in memory_ledger(load_preset(name)).items}
        assert not keys & {key for key, _ in TENSOR_ITEMS.values()}


@pytest.mark.parametrize("name", ["deepseek-v3", "kimi-k2"])
def test_the_moe_presets_list_their_router_dispatcher_and_expert_items(name: str) -> None:
    """DeepSeek-V3 and Kimi K2 with the MoE layer's tensors on the busiest GPU: both still fit
    their 80 GB (the presets' assumptions say how the routing weights are applied)."""
    ledger = memory_ledger(load_preset(name))
    keys = {item.key for item in ledger.items}
    assert {"moe_permuted_tokens", "moe_expert_fc1_output"} <= keys
    assert ledger.first_oom is None


def test_the_planners_fit_check_counts_the_moe_tensors() -> None:
    """The planner keeps a configuration only when the ledger fits it, the MoE layer's items
    included: with the capacity just below the permuted tokens the scenario's own configuration is
    refused for them (and ranked in its layout's variant that fits, which says why), and every
    configuration planned fits its ledger."""
    from tslab.models.planner import plan
    s = small_moe(**{"cluster.gpu": "custom", "cluster.peak_tflops": 100.0, "cluster.hbm_gbps": 1000.0,
                     "schedule.global_batch": 8, "memory.cuda_context_mib": 0.0, "memory.nccl_channels": 0,
                     "memory.deepep": "none"})
    gpu = [item for item in memory_ledger(s).items if item.tier == "gpu"]
    upto = next(i for i, item in enumerate(gpu) if item.key == "moe_permuted_tokens")
    s = s.replace(**{"cluster.hbm_gib": (sum(item.bytes for item in gpu[:upto + 1]) - 1) / 2**30})
    oom = memory_ledger(s).first_oom
    assert oom is not None and oom[0].key == "moe_permuted_tokens"
    result = plan(s, top=3)
    assert result.reference_reason == oom[1] and result.reference_variant
    assert result.reference is not None and memory_ledger(result.reference.scenario).first_oom is None
    assert result.entries
    for entry in result.entries:
        ledger = memory_ledger(entry.scenario)
        assert ledger.first_oom is None and entry.peak_bytes == ledger.gpu_bytes
