"""The knobs real runs use, each against its primary source or a reference implementation's rule:
vocabulary padding, norms and biases, learned positions, MoE layer patterns, shared experts,
DeepSeek-V3's MTP module, uneven pipeline stages, the rank with the most model states."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings, strategies as st

from tslab.models.memory import memory_ledger, pipeline_layout
from tslab.models.memory.params import is_moe_layer, layer_params, padded_vocab, param_counts, parse_moe_pattern
from tslab.models.memory.partition import stage_sizes
from tslab.models.presets import load_preset
from tslab.models.scenario import Scenario
from tslab.models.validation import errors

SETTINGS = settings(max_examples=80, deadline=None)


def megatron_padded_vocab(vocab: int, divisible_by: int, tp: int) -> int:
    """Megatron-LM, megatron/training/tokenizer/tokenizer.py, _vocab_size_with_padding: grow the
    vocabulary one by one until it is a multiple of make-vocab-size-divisible-by × TP."""
    after, multiple = vocab, divisible_by * tp
    while after % multiple:
        after += 1
    return after


@SETTINGS
@given(st.integers(1, 300_000), st.sampled_from([2, 64, 128]), st.sampled_from([1, 2, 4, 8]))
def test_vocabulary_padding_is_megatrons(vocab: int, divisible_by: int, tp: int) -> None:
    s = Scenario().replace(**{"model.vocab": vocab, "model.vocab_divisible_by": divisible_by, "parallel.tp": tp})
    assert padded_vocab(s) == megatron_padded_vocab(vocab, divisible_by, tp)


def test_gpt3_vocabulary_pads_to_51200() -> None:
    s = load_preset("gpt3-175b")
    assert (s.model.vocab, s.model.vocab_divisible_by, s.parallel.tp) == (50257, 128, 8)
    assert padded_vocab(s) == 51200  # Narayanan et al. (SC'21) §5.1 use V = 51200


def gpt2(**changes) -> Scenario:
    """GPT-2 small (Radford et al. 2019; the released config: n_layer 12, n_embd 768, n_head 12,
    n_positions 1024, vocabulary 50257, tied embeddings, LayerNorm, biases)."""
    return Scenario().replace(**{
        "model.layers": 12, "model.hidden": 768, "model.heads": 12, "model.kv_heads": 12, "model.ffn_hidden": 3072,
        "model.vocab": 50257, "model.mlp": "gelu", "model.tied_embeddings": True, "model.norm": "layernorm",
        "model.linear_bias": True, "model.position_embedding": "learned", "model.max_positions": 1024,
        "model.seq_len": 1024, **changes})


def test_gpt2_small_counts_its_released_124m_parameters() -> None:
    assert param_counts(gpt2()).total == 124_439_808  # the released gpt2 checkpoint's parameter count


def test_each_bias_and_norm_adds_its_closed_form() -> None:
    base = gpt2(**{"model.linear_bias": False, "model.norm": "rmsnorm", "model.position_embedding": "rope"})
    h, f, n, d, a = 768, 3072, 12, 64, 12
    assert param_counts(gpt2()).total - param_counts(base).total == \
        n * (3 * h + h + f + h) + n * 2 * h + h + 1024 * h  # linear biases, LayerNorm biases, positions
    qkv = base.replace(**{"model.qkv_bias": True})
    assert param_counts(qkv).total - param_counts(base).total == n * 3 * a * d  # Qwen2: Q, K, V biases only
    qk_norm = base.replace(**{"model.qk_norm": True})
    assert param_counts(qk_norm).total - param_counts(base).total == n * 2 * d  # Qwen3: q_norm, k_norm


def test_deepseek_v3_main_model_mtp_and_checkpoint() -> None:
    """DeepSeek-V3 model card: 685B = 671B main model + 14B MTP module; §2.2: the MTP module shares
    the embedding and output head, and has a projection M ∈ R^{h×2h}, two RMSNorms and one
    Transformer block (an MoE layer in the released weights)."""
    s = load_preset("deepseek-v3")
    counts = param_counts(s)
    assert counts.total == pytest.approx(671e9, rel=5e-4)
    assert counts.checkpoint == pytest.approx(685e9, rel=1e-3)
    h = s.model.hidden
    moe_layer = layer_params(s, True).total
    assert counts.mtp == moe_layer + 2 * h * h + 3 * h
    assert counts.checkpoint - counts.total - counts.mtp == 2 * padded_vocab(s) * h
    assert counts.activated == pytest.approx(37e9, rel=0.02)
    ledger = memory_ledger(s).to_json()["params"]
    assert (ledger["mtp"], ledger["checkpoint"]) == (counts.mtp, counts.checkpoint)


def test_mtp_module_sits_on_the_last_stage_with_an_embedding_copy() -> None:
    s = load_preset("deepseek-v3").replace(**{"schedule.kind": "1f1b"})
    without = s.replace(**{"model.mtp_layers": 0})
    layouts, plain = pipeline_layout(s), pipeline_layout(without)
    assert layouts[-1].layers[-1].stop == s.model.layers + 1 and layouts[-1].layer_count == plain[-1].layer_count + 1
    last, last_plain = memory_ledger(s, s.parallel.pp - 1), memory_ledger(without, s.parallel.pp - 1)
    p, h = s.parallel, s.model.hidden
    lp = layer_params(s, True)
    mtp_layer = lp.attention + lp.mlp + lp.replicated + 2 * h * h + 3 * h + lp.experts // (p.ep * p.etp)
    assert last.params_per_gpu - last_plain.params_per_gpu == mtp_layer + padded_vocab(s) * h
    assert memory_ledger(s, 1).params_per_gpu == memory_ledger(without, 1).params_per_gpu


def test_expert_bias_and_shared_expert_gate() -> None:
    s = load_preset("deepseek-v3")
    moe_layers = sum(is_moe_layer(s, layer) for layer in range(s.model.layers))
    no_bias = s.replace(**{"model.expert_bias": False})
    assert param_counts(s).total - param_counts(no_bias).total == moe_layers * s.model.experts
    gated = s.replace(**{"model.shared_expert_gate": True})
    assert param_counts(gated).total - param_counts(s).total == moe_layers * s.model.hidden


def test_shared_expert_width() -> None:
    """Qwen2-MoE: one shared expert of its own width (shared_expert_intermediate_size)."""
    s = load_preset("deepseek-v3")
    wide = s.replace(**{"model.shared_ffn_hidden": 4 * s.model.expert_ffn_hidden})
    moe_layers = sum(is_moe_layer(s, layer) for layer in range(s.model.layers))
    assert param_counts(wide).total - param_counts(s).total == moe_layers * 3 * s.model.hidden * 3 * 2048


def test_moe_layer_frequency_follows_deepseeks_rule() -> None:
    """DeepSeek-V2/V3 modelling code: layer i is MoE if i ≥ first_k_dense_replace and
    i % moe_layer_freq == 0."""
    s = load_preset("deepseek-v3").replace(**{"model.moe_layer_freq": 2})
    assert [is_moe_layer(s, i) for i in range(8)] == [False, False, False, False, True, False, True, False]


def test_megatron_style_pattern_equals_first_dense_layers() -> None:
    s = load_preset("deepseek-v3")
    listed = s.replace(**{"model.first_dense_layers": 0, "model.moe_layer_pattern": "[0]*3+[1]*58"})
    assert parse_moe_pattern("[0]*3+[1]*58") == (False,) * 3 + (True,) * 58
    assert param_counts(listed) == param_counts(s)
    assert errors(s.replace(**{"model.moe_layer_pattern": "[0]*3+[1]*50"}))[0].key == "model.moe_layer_pattern"
    assert not errors(listed)


def test_a_pattern_too_long_for_any_model_is_refused_before_it_is_expanded() -> None:
    with pytest.raises(ValueError, match="more than a model can have"):
        parse_moe_pattern("[1]*99999999999")


def megatron_stage_sizes(layers: int, stages: int, first: int, last: int) -> list[int]:
    """Megatron-LM's uneven split (--decoder-first/last-pipeline-num-layers): the given counts on
    the first and last stage, the remaining layers evenly over the middle stages."""
    middle = stages - bool(first) - bool(last)
    rest = layers - first - last
    assert rest % middle == 0  # Megatron requires it; tslab spreads a remainder
    return ([first] if first else []) + [rest // middle] * middle + ([last] if last else [])


@SETTINGS
@given(st.integers(3, 12), st.integers(0, 6), st.integers(0, 6), st.integers(1, 8))
def test_uneven_stages_are_megatrons(stages: int, first: int, last: int, per: int) -> None:
    middle = stages - bool(first) - bool(last)
    layers = first + last + middle * per
    s = Scenario().replace(**{"model.layers": layers, "parallel.first_stage_layers": first,
                              "parallel.last_stage_layers": last})
    assert stage_sizes(s, stages) == megatron_stage_sizes(layers, stages, first, last)


@SETTINGS
@given(st.integers(2, 16), st.integers(2, 8), st.booleans(), st.booleans())
def test_embedding_and_loss_count_as_layers(stages: int, per: int, embedding: bool, loss: bool) -> None:
    """--account-for-embedding/loss-in-pipeline-split: (L + 1 (+ 1)) / S layers per stage, the
    first / last stage one fewer."""
    layers = stages * per - embedding - loss
    s = Scenario().replace(**{"model.layers": layers, "parallel.embedding_in_split": embedding,
                              "parallel.loss_in_split": loss})
    sizes = stage_sizes(s, stages)
    assert sum(sizes) == layers
    assert sizes[0] == per - embedding and sizes[-1] == per - loss
    assert all(size == per for size in sizes[1:-1])


def test_uneven_stages_change_per_rank_memory() -> None:
    s = load_preset("classroom-7b").replace(**{"parallel.pp": 4, "parallel.dp": 2, "schedule.kind": "1f1b"})
    uneven = s.replace(**{"parallel.first_stage_layers": 5, "parallel.last_stage_layers": 11})
    assert [layout.layer_count for layout in pipeline_layout(uneven)] == [5, 8, 8, 11]
    assert not errors(uneven)
    assert errors(s.replace(**{"parallel.first_stage_layers": 30, "parallel.last_stage_layers": 5}))
    assert errors(s.replace(**{"parallel.first_stage_layers": 5, "parallel.embedding_in_split": True}))


def test_the_rank_with_the_most_states_is_reported_beside_the_most_loaded() -> None:
    """1F1B: rank 0 holds p micro-batches of activations, the last rank one; give the last stage
    more layers and it holds the most model states while rank 0 stays the most loaded."""
    s = load_preset("classroom-7b").replace(**{"parallel.pp": 4, "parallel.dp": 2, "schedule.kind": "1f1b",
                                               "parallel.first_stage_layers": 7, "parallel.last_stage_layers": 11,
                                               "model.seq_len": 8192, "activation.recompute": "none"})
    ledger = memory_ledger(s)
    data = ledger.to_json()
    assert ledger.rank == 0 and ledger.state_rank == 3
    states = data["rank_state_bytes"]
    assert states[3] == max(states) > states[0]
    assert data["state_rank"]["pipeline_rank"] == 3
    last = memory_ledger(s, 3)
    assert data["state_rank"]["zero"] == {str(k): v for k, v in last.zero_bytes.items()}
    assert data["state_rank"]["params_per_gpu"] == last.params_per_gpu
    assert math.isclose(data["state_rank"]["state_bytes"], last.zero_bytes[s.parallel.zero])


def test_memory_json_carries_the_activation_policy() -> None:
    from tslab.models.memory import activation_policy
    s = load_preset("kimi-k2")
    data = memory_ledger(s).to_json()
    assert data["activation_policy"] == activation_policy(s).to_json()
    assert data["activation_policy"]["policy"] == "kimi-k2"
