"""Memory ledger invariants over random valid scenarios (every item non-negative and summing to the
tiers, the states per ZeRO stage, in-flight counts against the simulated schedule, MoE and MTP
layers), and the bounded work of any accepted micro-batch count and pipeline depth. The primary
sources' own examples are in tests/test_memory.py."""
from __future__ import annotations

import math

import pytest
from allocation import peak_allocated
from hypothesis import HealthCheck, assume, given, settings, strategies as st
from test_memory import gpt_case, pipeline

from tslab.models.memory import (FP8_SCALE_OVERHEAD, GROUPS, TIERS, MemoryLedger, in_flight, in_flight_estimate,
                                 is_moe_layer, layer_activation_terms, layer_params, memory_ledger, pipeline_layout,
                                 total_params)
from tslab.models.memory.activations import SIMULATED_OPS
from tslab.models.memory.params import padded_vocab, position_params
from tslab.models.memory.stored import TENSOR_ITEMS
from tslab.models.pipeline import chunks_per_rank, op_count
from tslab.models.presets import load_preset
from tslab.models.scenario import SCHEDULE_KINDS, Scenario
from tslab.models.validation import errors

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------------------------
# Random valid scenarios

def _divisors(n: int) -> list[int]:
    return [d for d in range(1, n + 1) if n % d == 0]


@st.composite
def valid_scenarios(draw, moe: bool | None = None, pp: int | None = None) -> Scenario:
    """Scenarios built so that validate() reports no errors (warnings are allowed)."""
    tp = draw(st.sampled_from([1, 2, 4, 8]))
    cp = draw(st.sampled_from([1, 2]))
    dp = draw(st.integers(1, 4))
    pp = draw(st.sampled_from([1, 2, 3, 4])) if pp is None else pp
    kind = draw(st.sampled_from(SCHEDULE_KINDS))
    vpp = draw(st.integers(1, 3)) if kind == "interleaved-1f1b" else 1
    chunks = 2 if kind in ("zbv", "dualpipev") else vpp
    layers = draw(st.integers(pp * chunks, pp * chunks + 9))
    heads = tp * draw(st.integers(1, 4))
    kv_heads = tp * draw(st.sampled_from(_divisors(heads // tp)))
    head_dim = draw(st.sampled_from([16, 32, 64]))
    attention = draw(st.sampled_from(["mha", "mha", "mla"]))
    values: dict[str, object] = {
        "model.layers": layers, "model.heads": heads, "model.kv_heads": kv_heads,
        "model.attention": attention,
        "model.ffn_hidden": tp * 8 * draw(st.integers(1, 64)),
        "model.vocab": draw(st.integers(64, 5000)),
        "model.seq_len": cp * draw(st.integers(1, 512)),
        "model.micro_batch": draw(st.integers(1, 4)),
        "model.tied_embeddings": draw(st.booleans()),
        "model.mlp": draw(st.sampled_from(["gelu", "swiglu"])),
        "model.dropout": draw(st.booleans()),
    }
    if attention == "mha":
        values.update({"model.hidden": heads * head_dim, "model.head_dim": 0})
    else:
        values.update({"model.hidden": 64 * draw(st.integers(1, 16)), "model.head_dim": head_dim,
                       "model.q_lora_rank": draw(st.sampled_from([0, 48])),
                       "model.kv_lora_rank": draw(st.sampled_from([16, 32])),
                       "model.qk_rope_head_dim": draw(st.sampled_from([0, 8])),
                       "model.v_head_dim": draw(st.sampled_from([0, head_dim]))})
    width = tp * cp * dp
    etp, ep = 1, 1
    is_moe = draw(st.booleans()) if moe is None else moe
    if is_moe:
        etp = draw(st.sampled_from(_divisors(width)))
        ep = draw(st.sampled_from(_divisors(width // etp)))
        experts = ep * draw(st.integers(1, 4))
        values.update({"model.experts": experts, "model.top_k": draw(st.integers(1, experts)),
                       "model.expert_ffn_hidden": etp * 8 * draw(st.integers(1, 32)),
                       "model.shared_experts": draw(st.integers(0, 2)),
                       "model.shared_expert_gate": draw(st.booleans()), "model.expert_bias": draw(st.booleans()),
                       "model.first_dense_layers": draw(st.integers(0, layers)), "model.params": 0,
                       "moe.routing": draw(st.sampled_from(["uniform", "zipf", "hot"])),
                       "moe.seed": draw(st.integers(0, 3)),
                       "moe.weighting": draw(st.sampled_from(["combine", "combine-fp32", "activation"])),
                       "moe.capacity_factor": draw(st.sampled_from([0.0, 0.0, 1.0, 1.25])),
                       "moe.pad_to_capacity": draw(st.booleans())})
    else:
        values.update({"model.experts": 0, "model.top_k": 0, "model.shared_experts": 0,
                       "model.params": draw(st.one_of(st.just(0), st.just(0), st.integers(1, 10**11)))})
    precisions = st.sampled_from(["fp32", "bf16", "fp16", "fp8"])
    for item in ("params", "grads", "master", "optimizer", "activations"):
        values[f"precision.{item}"] = draw(precisions)
    world = tp * pp * dp * cp
    gpus_per_node = draw(st.sampled_from(_divisors(world)))
    cpu = draw(st.floats(0, 1))
    gpu = draw(st.sampled_from(["h100", "h800", "h200", "b200", "a100-40", "a100-80", "custom"]))
    axes = draw(st.permutations(["tp", "cp", "ep", "dp", "pp"]))
    values.update({
        "optimizer.kind": draw(st.sampled_from(["adam", "muon", "sgd"])),
        "parallel.tp": tp, "parallel.pp": pp, "parallel.vpp": vpp, "parallel.dp": dp, "parallel.cp": cp,
        "parallel.ep": ep, "parallel.etp": etp, "parallel.sp": draw(st.booleans()),
        "parallel.zero": draw(st.integers(0, 3)),
        "parallel.order": draw(st.sampled_from(["megatron", "torchtitan", "picotron", "-".join(axes)])),
        "activation.recompute": draw(st.sampled_from(["none", "selective", "full"])),
        "activation.flash_attention": draw(st.booleans()),
        "activation.fp8_fraction": draw(st.floats(0, 1)),
        "activation.cpu_offload_fraction": cpu,
        "activation.remote_offload_fraction": draw(st.floats(0, 1 - cpu)),
        "offload.optimizer": draw(st.sampled_from(["gpu", "cpu", "nvme"])),
        "offload.params": draw(st.sampled_from(["gpu", "cpu", "nvme"])),
        "offload.grads": draw(st.sampled_from(["gpu", "cpu"])),
        "cluster.nodes": world // gpus_per_node, "cluster.gpus_per_node": gpus_per_node,
        "cluster.gpu": gpu,
        # Small capacities too, so that first_oom is exercised.
        "cluster.hbm_gib": draw(st.one_of(st.floats(1e-4, 0.05), st.floats(0.05, 200))) if gpu == "custom"
        else draw(st.sampled_from([0.0, 0.001, 0.01, 0.5, 24.0])),
        "schedule.kind": kind, "schedule.microbatches": draw(st.integers(1, 16)),
        "memory.fragmentation": draw(st.floats(0, 0.5)),
        "memory.comm_buffers": draw(st.booleans()),
    })
    scenario = Scenario().replace(**values)
    assert errors(scenario) == [], [str(problem) for problem in errors(scenario)]
    return scenario


@SETTINGS
@given(valid_scenarios())
def test_ledger_invariants(s: Scenario) -> None:
    ledger = memory_ledger(s)
    data = ledger.to_json()
    per_gpu = data["per_gpu_bytes"]
    # JSON contract: integers in bytes.
    for section in ("params", "per_gpu_bytes", "tiers", "zero"):
        for value in data[section].values():
            assert type(value) is int and value >= 0
    for key in ("per_layer_bytes", "layers_on_rank", "in_flight_microbatches"):
        assert type(data["activations"][key]) is int
    assert type(data["capacity_bytes"]) is int and data["capacity_bytes"] > 0
    assert set(data["zero"]) == {"0", "1", "2", "3"}
    assert all(item["bytes"] >= 0 for item in data["items"])
    # total = sum of the items = sum of the tiers
    assert per_gpu["total"] == sum(per_gpu[group] for group in GROUPS) == sum(i["bytes"] for i in data["items"])
    assert sum(data["tiers"][tier] for tier in TIERS) == per_gpu["total"]
    assert {item["group"] for item in data["items"]} <= set(GROUPS)
    assert {item["tier"] for item in data["items"]} <= set(TIERS)
    # ZeRO stages never add bytes.
    zero = [data["zero"][str(stage)] for stage in range(4)]
    assert zero == sorted(zero, reverse=True)
    # Most-loaded rank.
    assert data["tiers"]["gpu"] == max(data["rank_gpu_bytes"]) == data["rank_gpu_bytes"][ledger.rank]
    # first_oom: None iff the GPU tier fits; otherwise the first GPU-tier item, in ledger order,
    # whose cumulative sum crosses the capacity.
    capacity = data["capacity_bytes"]
    if data["tiers"]["gpu"] <= capacity:
        assert data["first_oom"] is None
    else:
        used, expected = 0, None
        for item in data["items"]:
            if item["tier"] != "gpu":
                continue
            used += item["bytes"]
            if used > capacity:
                expected = item["item"]
                break
        oom = data["first_oom"]
        assert oom is not None and oom["item"] == expected
        assert isinstance(oom["message"], str) and oom["message"]
    assert data["activations"]["in_flight_microbatches"] >= 1
    assert 1 <= data["activations"]["layers_on_rank"] <= s.model.layers


def _compared_ledgers(s: Scenario, before: dict[str, object],
                      after: dict[str, object]) -> tuple[MemoryLedger, MemoryLedger]:
    """The ledgers of `s` without fragmentation, with the changes `before` and with `after`; an
    example whose two ledgers report different ranks (each reports its fullest) is rejected."""
    first = memory_ledger(s.replace(**{"memory.fragmentation": 0.0, **before}))
    second = memory_ledger(s.replace(**{"memory.fragmentation": 0.0, **after}))
    assume(first.rank == second.rank)
    return first, second


@SETTINGS
@given(valid_scenarios(), st.sampled_from(["cpu", "nvme"]))
def test_optimizer_offload_moves_master_and_optimizer_bytes(s: Scenario, where: str) -> None:
    """Moving the optimizer moves its bytes (the host buffers offloading adds are tests/test_overheads.py's)."""
    s = s.replace(**{"memory.offload_buffers": False})
    on_gpu, off = _compared_ledgers(s, {"offload.optimizer": "gpu"}, {"offload.optimizer": where})
    moved = on_gpu.group_bytes("master") + on_gpu.group_bytes("optimizer")
    assert on_gpu.gpu_bytes - off.gpu_bytes == moved
    assert off.tier_bytes(where) - on_gpu.tier_bytes(where) == moved
    assert off.total == on_gpu.total  # nothing counted twice
    for group in GROUPS:
        assert off.group_bytes(group) == on_gpu.group_bytes(group)
    assert {item.tier for item in off.items if item.group in ("master", "optimizer")} == {where}


@SETTINGS
@given(valid_scenarios(), st.sampled_from(["cpu", "nvme"]))
def test_parameter_offload_moves_parameter_bytes(s: Scenario, where: str) -> None:
    s = s.replace(**{"memory.offload_buffers": False})
    on_gpu, off = _compared_ledgers(s, {"offload.params": "gpu"}, {"offload.params": where})
    assert on_gpu.gpu_bytes - off.gpu_bytes == on_gpu.group_bytes("params")
    assert off.total == on_gpu.total


def _items(ledger) -> dict[str, int]:
    return {item.key: item.bytes for item in ledger.items}


@SETTINGS
@given(valid_scenarios(), st.floats(0, 1), st.data())
def test_activation_offload_moves_exactly_its_fractions(s: Scenario, cpu: float, data) -> None:
    remote = data.draw(st.floats(0, 1 - cpu))
    kept, moved = _compared_ledgers(
        s, {"activation.cpu_offload_fraction": 0.0, "activation.remote_offload_fraction": 0.0},
        {"activation.cpu_offload_fraction": cpu, "activation.remote_offload_fraction": remote})
    before, after = _items(kept), _items(moved)
    # the layers' tensors: the aggregate items and the MoE layer's tensors listed on their own
    layer_items = ("activations", "activations_fp8", *(key for key, _ in TENSOR_ITEMS.values()))
    slack = 2 * len(layer_items)  # each item rounds on its own
    stored = sum(before.get(key, 0) for key in layer_items)
    assert abs(after.get("activations_cpu", 0) - stored * cpu) <= slack
    assert abs(after.get("activations_remote", 0) - stored * remote) <= slack
    on_gpu = sum(after.get(key, 0) for key in layer_items)
    assert abs(on_gpu - stored * (1 - cpu - remote)) <= 2 * slack
    assert after.get("logits", 0) == before.get("logits", 0)  # the FP32 logits are not offloaded
    assert abs(moved.group_bytes("activations") - kept.group_bytes("activations")) <= 2 * slack
    assert moved.tier_bytes("remote") == after.get("activations_remote", 0)
    assert moved.tier_bytes("cpu") - kept.tier_bytes("cpu") == after.get("activations_cpu", 0)


@SETTINGS
@given(valid_scenarios(moe=False), st.sampled_from(["selective", "full", "none"]))
def test_fp8_activation_storage_ratio(s: Scenario, recompute: str) -> None:
    """Kimi K2 §2.4.3: FP8-E4M3 with one FP32 scale per 1×128 tile stores 1 + 4/128 B per element,
    i.e. (1 + 4/128)/2 of BF16 (no masks and no FP32 statistics in this configuration)."""
    changes = {"precision.activations": "bf16", "model.dropout": False, "activation.recompute": recompute,
               "activation.flash_attention": False, "activation.cpu_offload_fraction": 0.0,
               "activation.remote_offload_fraction": 0.0}
    bf16, fp8 = _compared_ledgers(s, {**changes, "activation.fp8_fraction": 0.0},
                                  {**changes, "activation.fp8_fraction": 1.0})
    before, after = _items(bf16), _items(fp8)
    assert after["activations"] == 0
    assert abs(after["activations_fp8"] - before["activations"] * (1 + 4 / 128) / 2) <= 1
    assert after.get("logits", 0) == before.get("logits", 0)


def test_fp8_compresses_only_elements_not_masks_or_fp32_statistics() -> None:
    """Masks are already 1 byte and softmax statistics stay FP32: FP8 storage shrinks elements only."""
    s = gpt_case(2048, 1, 4096, 32, flash=True, dropout=True).replace(**{
        "parallel.dp": 8, "memory.fragmentation": 0.0, "activation.cpu_offload_fraction": 0.0})
    terms = layer_activation_terms(s, False)
    elements = sum(term.elements for term in terms)
    other = sum(term.mask_bytes + term.fixed_bytes for term in terms)
    assert other > 0
    fp8 = _items(memory_ledger(s.replace(**{"activation.fp8_fraction": 1.0})))
    expected = s.model.layers * (elements * (1 + FP8_SCALE_OVERHEAD) + other)
    assert abs(fp8["activations_fp8"] - expected) <= 1


def test_fp8_fraction_has_no_effect_on_fp8_activations() -> None:
    s = load_preset("classroom-7b").replace(**{"precision.activations": "fp8"})
    assert _items(memory_ledger(s.replace(**{"activation.fp8_fraction": 1.0}))) == _items(memory_ledger(s))


@SETTINGS
@given(valid_scenarios(), st.sampled_from(["pipeline-zero2", "zero-offload"]))
def test_cpu_gradients_pass_through_a_buffer_of_two_reduction_units(s: Scenario, scheme: str) -> None:
    """Gradients on the CPU: the GPU keeps two of whatever is reduced at a time — two DeepSpeed
    reduce buckets (ZeRO-Offload, Ren et al. §4.1), two layers under ZeRO-3, two pipeline chunks
    (Kimi K3's Pipeline ZeRO-2) or, with one chunk, two DDP buckets — never more than the rank's
    own gradients; the reduce-scatter buckets are then that buffer, not a second one."""
    s = s.replace(**{"offload.grad_scheme": scheme, "offload.optimizer": "cpu" if scheme == "zero-offload"
                     else s.offload.optimizer})
    on_gpu, off = _compared_ledgers(s, {"offload.grads": "gpu"}, {"offload.grads": "cpu"})
    items = {item.key: item for item in off.items}
    assert items["grads"].tier == "cpu" and items["grads"].bytes == on_gpu.group_bytes("grads")
    assert "grad_buffer" not in _items(on_gpu)
    layout = pipeline_layout(off.scenario)[off.rank]
    p = s.parallel
    if scheme == "zero-offload":
        unit = s.offload.reduce_bucket
    elif p.zero >= 3:
        unit = max(_layer_shard(s, layer) for r in layout.layers for layer in r) if not s.model.params else \
            math.ceil(math.ceil(s.model.params / (p.pp * p.tp)) / max(layout.layer_count, 1))
    elif len(layout.stages) >= 2:
        unit = max(_chunk_shard(s, layout, r) for r in layout.layers) if not s.model.params else \
            math.ceil(off.params_per_gpu / len(layout.layers))  # a flat count splits evenly
    else:
        unit = max(40_000_000, 1_000_000 * p.dp)
    element = {"fp32": 4, "bf16": 2, "fp16": 2, "fp8": 1}[s.precision.grads]
    buffer = items["grad_buffer"]
    assert buffer.tier == "gpu" and buffer.bytes == min(2 * unit, off.params_per_gpu) * element
    scheme_named = "ZeRO-Offload" if scheme == "zero-offload" else "Pipeline ZeRO-2"
    assert scheme_named in buffer.formula
    buckets = 2 * max(40_000_000, 1_000_000 * p.dp) * element if s.memory.comm_buffers and p.zero >= 2 \
        and p.dp * p.cp > 1 else 0
    assert off.gpu_bytes == on_gpu.gpu_bytes - items["grads"].bytes + buffer.bytes - buckets


def _layer_shard(s: Scenario, layer: int) -> int:
    """One layer's parameters on one GPU (TP-sharded dense part + EP·ETP-sharded experts)."""
    lp = layer_params(s, is_moe_layer(s, layer))
    mtp = 0
    if layer >= s.model.layers:
        mtp = math.ceil(2 * s.model.hidden**2 / s.parallel.tp) + 3 * s.model.hidden * (
            2 if s.model.norm == "layernorm" else 1)
    return (math.ceil((lp.attention + lp.mlp) / s.parallel.tp) + lp.replicated + mtp
            + math.ceil(lp.experts / (s.parallel.ep * s.parallel.etp)))


def _chunk_shard(s: Scenario, layout, layers: range) -> int:
    m = s.model
    vocab = math.ceil(padded_vocab(s) / s.parallel.tp) * m.hidden
    ends = vocab + position_params(s) if 0 in layers else 0
    if m.layers - 1 in layers:
        ends += m.hidden * (2 if m.norm == "layernorm" else 1) + (0 if m.tied_embeddings and layout.first else vocab)
        ends += vocab if m.mtp_layers and not layout.first and not m.tied_embeddings else 0
    return sum(_layer_shard(s, layer) for layer in layers) + ends


def test_cpu_gradients_under_zero3_shrink_the_gpu_tier() -> None:
    """The defect this replaces: under ZeRO-3 with one chunk the buffer was the whole rank's
    unsharded gradients, so moving gradients to the CPU made the GPU tier larger."""
    s = load_preset("classroom-7b").replace(**{"parallel.zero": 3, "memory.fragmentation": 0.0})
    on_gpu, off = memory_ledger(s), memory_ledger(s.replace(**{"offload.grads": "cpu"}))
    assert off.gpu_bytes < on_gpu.gpu_bytes
    buffer = _items(off)["grad_buffer"]
    assert buffer == 2 * max(_layer_shard(s, layer) for layer in range(s.model.layers)) * 2


@SETTINGS
@given(valid_scenarios())
def test_fragmentation_is_its_share_of_the_gpu_tier(s: Scenario) -> None:
    ledger = memory_ledger(s)
    frag = s.memory.fragmentation
    allowance = _items(ledger).get("fragmentation", 0)
    assert abs(allowance - frag * ledger.gpu_bytes) <= 1 + frag


@SETTINGS
@given(valid_scenarios())
def test_moe_layers_are_counted_per_layer(s: Scenario) -> None:
    total, activated = total_params(s)
    assert 0 < activated <= total
    if not s.model.experts:
        assert total == activated
    layouts = pipeline_layout(s)
    assert len(layouts) == s.parallel.pp
    moe_layers = sum(is_moe_layer(s, layer) for layer in range(s.model.layers))
    assert moe_layers == (max(0, s.model.layers - s.model.first_dense_layers) if s.model.experts else 0)


@pytest.mark.parametrize("name", ["classroom-7b", "gpt3-175b", "deepseek-v3", "kimi-k2"])
def test_presets_fit_their_gpus(name: str) -> None:
    """Every shipped system is one that trained: its most-loaded GPU fits (teaching-model margins)."""
    ledger = memory_ledger(load_preset(name))
    assert ledger.first_oom is None
    assert ledger.gpu_bytes <= ledger.capacity_bytes


@pytest.mark.parametrize("name, recompute", [("llama3-405b", 2), ("llama3-405b-128k", 1)])
def test_llama3_at_its_published_interleaving_says_what_makes_it_fit(name: str, recompute: int) -> None:
    """Llama 3 405B at the report's interleaved schedule (two stages per rank, no recomputation
    stated) needs more than 80 GB in the ledger, whose interleaved warm-up is Megatron-LM's: the
    preset says so, and the recomputation it names makes the busiest GPU fit."""
    s = load_preset(name)
    assert memory_ledger(s).first_oom is not None
    assert any(f"activation.recompute_layers = {recompute}" in text for text in s.sources.assumptions)
    fitted = memory_ledger(s.replace(**{"activation.recompute_layers": recompute}))
    assert fitted.first_oom is None and fitted.gpu_bytes <= fitted.capacity_bytes


# ---------------------------------------------------------------------------------------------
# Bounded work: any accepted micro-batch count and pipeline depth

def _high(section: type, name: str) -> int:
    """The largest value the scenario accepts for a key (its spec's `high`)."""
    import dataclasses
    return int({f.name: f for f in dataclasses.fields(section)}[name].metadata["high"])


@pytest.mark.parametrize("kind", SCHEDULE_KINDS)
def test_the_ledger_does_not_simulate_the_largest_micro_batch_count(kind: str) -> None:
    """schedule.microbatches at its maximum (2^20; 16 ranks: 3·10^7 ops and more) would take the
    schedule simulator tens of seconds and gigabytes: the ledger takes the closed form, which is
    the schedule's peak, and allocates next to nothing."""
    from tslab.models.scenario import Schedule
    m = _high(Schedule, "microbatches")
    s = pipeline(kind, 16, m, 2)
    ledger, peak = peak_allocated(lambda: memory_ledger(s))
    assert peak < 8 * 2**20, peak
    assert ledger.in_flight == in_flight_estimate(s, ledger.rank)[0]
    assert "closed form" in ledger.in_flight_formula and f"{op_count(kind, 16, m, chunks_per_rank(kind, 2)):,} ops" \
        in ledger.in_flight_formula


def test_simulated_and_closed_form_in_flight_meet_at_the_threshold() -> None:
    """1F1B on 8 ranks has 16·m ops: m = 1,024 (SIMULATED_OPS) is simulated, m = 1,025 is not, and
    both give the peak min(m, p − r)."""
    assert op_count("1f1b", 8, 1024) == SIMULATED_OPS
    simulated, closed = pipeline("1f1b", 8, 1024), pipeline("1f1b", 8, 1025)
    for r in range(8):
        held, formula = in_flight(simulated, r)
        assert held == min(1024, 8 - r) and "schedule's peak on rank" in formula
        held, formula = in_flight(closed, r)
        assert held == min(1025, 8 - r) and formula.startswith("min(m, p − r) (closed form")


@pytest.mark.parametrize("preset, pp, kind", [("deepseek-v3", 29, "1f1b"), ("deepseek-v3", 12, "dualpipe"),
                                              ("kimi-k2", 7, "interleaved-1f1b"), ("classroom-7b", 5, "zbv"),
                                              ("gpt3-175b", 24, "gpipe"), ("llama3-405b", 600, "zb-h2")])
def test_ranks_alike_share_one_ledger(preset: str, pp: int, kind: str) -> None:
    """memory_ledger computes one ledger per kind of rank (same dense and MoE layer counts, ends,
    copies, stages and in-flight micro-batches): every rank's GPU bytes must equal its own ledger's,
    with uneven layer splits, first dense layers, the embedding and head ranks, DualPipe's two
    copies, and pipelines too deep to simulate."""
    from tslab.models.memory.activations import layer_bytes
    from tslab.models.memory.ledger import _rank_ledger
    s = load_preset(preset).replace(**{"parallel.pp": pp, "schedule.kind": kind, "model.layers": 3 * pp + 2,
                                       "schedule.microbatches": 2 * pp})
    ledger = memory_ledger(s)
    kinds = layer_bytes(s)
    want = [sum(item.bytes for item in _rank_ledger(s, layout, kinds)[0] if item.tier == "gpu")
            for layout in pipeline_layout(s)]
    assert list(ledger.rank_gpu_bytes) == want
    assert ledger.rank == max(range(pp), key=lambda r: (want[r], -r))


def test_the_deepest_pipeline_is_a_quick_ledger() -> None:
    """parallel.pp at its maximum (the schedule simulator's 16,384 ranks) with as many layers and
    1F1B over 2^20 micro-batches: every rank holds a different number of micro-batches, so 16,384
    kinds of rank, each a few tens of µs; and stages that outnumber the layers (rejected by
    validation) are refused before a list of pp × vpp stages is built."""
    from tslab.models.pipeline import MAX_RANKS
    from tslab.models.scenario import Parallel
    pp = _high(Parallel, "pp")
    assert pp == MAX_RANKS
    s = Scenario().replace(**{"schedule.kind": "1f1b", "parallel.pp": pp, "schedule.microbatches": 1 << 20,
                              "model.layers": pp})
    ledger = memory_ledger(s)
    assert ledger.rank == 0 and ledger.in_flight == pp and len(set(ledger.rank_gpu_bytes)) == pp
    with pytest.raises(ValueError, match="32 layers cannot fill 16,777,216 pipeline stages"):
        pipeline_layout(Scenario().replace(**{"schedule.kind": "interleaved-1f1b", "parallel.pp": pp,
                                              "parallel.vpp": 1024, "model.layers": 32}))
