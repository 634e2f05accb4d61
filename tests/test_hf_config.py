"""Hugging Face config import: each family's published config gives the parameter count its model
card or its checkpoint states, and every bad file is one error naming the file and the field.

tests/data/hf/*.json hold the published config.json fields the import reads (the rest left out).
Exact counts come from the checkpoints: the Hugging Face Hub's safetensors totals (the sum of every
stored tensor's elements) where the checkpoint stores nothing but parameters; rounded ones from
the model cards, checked to one unit of their last stated digit (vendors round or truncate).
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from tslab.models.document import document_to_toml, load_document
from tslab.models.hf_config import load_hf_config, model_name, scenario_from_hf
from tslab.models.memory.params import param_counts, total_params
from tslab.models.scenario import Scenario, ScenarioError
from tslab.models.validation import validate

DATA = Path(__file__).parent / "data" / "hf"


def scenario(name: str) -> Scenario:
    return load_hf_config(DATA / f"{name}.json").scenario


def config(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text())


def stated(value: int, text: str) -> bool:
    """`value` is what "46.7B" / "1T" states: within one unit of the last stated digit."""
    scale = {"M": 1e6, "B": 1e9, "T": 1e12}[text[-1]]
    number = text[:-1]
    unit = 10.0 ** -len(number.partition(".")[2]) * scale
    return abs(value - float(number) * scale) < unit


# ---------------------------------------------------------------------------------------------
# Parameter counts

def test_gpt2_is_124_439_808_and_narayanans_closed_form():
    # 124,439,808: transformers' GPT2LMHeadModel.num_parameters() for openai-community/gpt2 ("124M";
    # the Hub's safetensors total, 137,022,720, adds the 12 causal-mask buffers attn.bias of 1024²).
    # Closed form (Narayanan et al., SC'21, §5.1): 12lh² + 13lh + Vh + ph + 2h with tied embeddings.
    s = scenario("gpt2")
    total, activated = total_params(s)
    assert total == activated == 124_439_808
    layers, h, v, p = 12, 768, 50257, 1024
    assert total == 12 * layers * h * h + 13 * layers * h + v * h + p * h + 2 * h


@pytest.mark.parametrize("name, exact, source", [
    ("llama-2-7b", 6_738_415_616, "Hub safetensors total, meta-llama/Llama-2-7b-hf"),
    ("llama-3-8b", 8_030_261_248, "Hub safetensors total, meta-llama/Meta-Llama-3-8B"),
    # Qwen2-7B has Qwen2.5-7B's shape; Qwen2.5-7B's model.safetensors.index.json has total_size
    # 15,231,233,024 bytes of BF16 = 7,615,616,512 (its card: 7.61B, 6.53B without embeddings).
    ("qwen2-7b", 7_615_616_512, "Qwen2.5-7B (same shape) index total_size / 2 bytes"),
    ("qwen3-8b", 8_190_735_360, "Hub safetensors parameters, Qwen/Qwen3-8B: BF16 8,190,735,360"),
    ("qwen2-57b-a14b", 57_408_658_944, "Hub safetensors total, Qwen/Qwen2-57B-A14B"),
    ("qwen3-30b-a3b", 30_532_122_624, "Hub safetensors total (and GGUF general.parameter_count), "
                                      "Qwen/Qwen3-30B-A3B"),
    ("mixtral-8x7b", 46_702_792_704, "Hub safetensors total, mistralai/Mixtral-8x7B-v0.1"),
    ("deepseek-v2-lite", 15_706_484_224, "Hub safetensors total, deepseek-ai/DeepSeek-V2-Lite"),
])
def test_totals_equal_the_checkpoints(name, exact, source):
    assert total_params(scenario(name))[0] == exact, source


@pytest.mark.parametrize("name, total, activated, source", [
    ("llama-2-7b", "7B", None, "Touvron et al. 2023, Llama 2, Table 1"),
    ("qwen3-8b", "8.2B", None, "Qwen3-8B model card: 8.2B (6.95B non-embedding)"),
    ("qwen2-57b-a14b", "57.41B", "14B", "Qwen2 release blog, model table: 57.41B; A14B: 14B activated"),
    ("qwen3-30b-a3b", "30.5B", "3.3B", "Qwen3-30B-A3B model card: 30.5B in total and 3.3B activated"),
    ("mixtral-8x7b", "46.7B", "12.9B", "Mistral AI, Mixtral of experts (2023): 46.7B total, 12.9B per token"),
    ("deepseek-v2-lite", "15.7B", None, "DeepSeek-V2-Lite model card: 15.7B total"),
    ("deepseek-v3", "671B", "37B", "DeepSeek-V3 technical report, abstract: 671B total, 37B activated"),
    ("kimi-k2", "1T", "32B", "Kimi K2 model card: 1T total parameters, 32B activated"),
])
def test_totals_and_activated_as_the_cards_state(name, total, activated, source):
    counted, active = total_params(scenario(name))
    assert stated(counted, total), (counted, source)
    if activated:
        assert stated(active, activated), (active, source)


def test_qwen3_non_embedding_counts_as_the_cards_state():
    # Qwen3-8B card: 6.95B non-embedding; Qwen3-30B-A3B card: 29.9B (untied: two V × h tables).
    for name, text in (("qwen3-8b", "6.95B"), ("qwen3-30b-a3b", "29.9B")):
        s = scenario(name)
        assert stated(total_params(s)[0] - 2 * s.model.vocab * s.model.hidden, text)


def test_deepseek_v3_main_model_mtp_and_checkpoint():
    # DeepSeek-V3 model card: "685B, which includes 671B of the Main Model weights and 14B of the
    # Multi-Token Prediction (MTP) Module weights". The Hub's safetensors parameters of
    # deepseek-ai/DeepSeek-V3 are BF16 3,918,786,560 + F8_E4M3 680,571,043,840 + F32 41,555,600
    # = 684,531,386,000 ("685B"). The F32 tensors are the FP8 weights' 128×128 block scales
    # (weight_scale_inv, not parameters) and the routing biases, 256 in each of the 58 MoE layers and
    # the MTP module's layer (e_score_correction_bias).
    counts = param_counts(scenario("deepseek-v3"))
    assert stated(counts.total, "671B")
    assert stated(counts.checkpoint - counts.total, "14B")
    assert counts.checkpoint == 3_918_786_560 + 680_571_043_840 + 59 * 256


def block_scales_v3() -> int:
    """FP32 block scales of DeepSeek-V3's FP8 checkpoint (DeepSeek-V3 §3.3.2, weight_block_size
    [128, 128]): one per 128 × 128 block of every attention and MLP matrix, in 61 layers + the MTP
    module's (the router, embeddings, heads, norms and the MTP projection stay BF16)."""
    def blocks(rows: int, cols: int) -> int:
        return -(-rows // 128) * -(-cols // 128)
    h, heads = 7168, 128
    attention = (blocks(1536, h) + blocks(heads * 192, 1536) + blocks(512 + 64, h)
                 + blocks(heads * 256, 512) + blocks(h, heads * 128))
    dense = 3 * blocks(18432, h)
    expert = 2 * blocks(2048, h) + blocks(h, 2048)
    return 62 * attention + 3 * dense + 59 * 257 * expert


def test_deepseek_v3_checkpoint_with_block_scales_is_the_hubs_total():
    # An independent count of the checkpoint's FP32 tensors: block scales + routing biases.
    assert block_scales_v3() + 59 * 256 == 41_555_600
    assert param_counts(scenario("deepseek-v3")).checkpoint + block_scales_v3() == 684_531_386_000


def test_kimi_k2_total_agrees_with_its_checkpoint():
    # The Hub's safetensors total for moonshotai/Kimi-K2-Instruct is 1,026,408,235,864: 3,416 stored
    # values (61 × 56) more than the model's parameters. The Kimi K2 technical report (§2.3) states
    # "1.04 trillion", more than the checkpoint holds.
    total, _ = total_params(scenario("kimi-k2"))
    assert abs(total - 1_026_408_235_864) <= 61 * 56


# ---------------------------------------------------------------------------------------------
# What the import reads

def test_every_config_imports_to_a_valid_scenario_with_title_precision_and_sources():
    for path in sorted(DATA.glob("*.json")):
        doc = load_hf_config(path)
        s = doc.scenario
        assert s.title == f"{path.stem} (from Hugging Face config)"
        assert s.model.name == path.stem
        assert not [p for p in validate(s) if p.severity == "error"], path
        assert any(str(path) in ref for ref in s.sources.refs)
        assert any("lab's default" in text for text in s.sources.assumptions)
        dtype = config(path.stem).get("torch_dtype")
        expected = {"bfloat16": "bf16", "float16": "fp16", None: Scenario().precision.params}[dtype]
        assert s.precision.params == s.precision.grads == s.precision.activations == expected
        assert s.precision.master == s.precision.optimizer == "fp32"
        assert s.parallel == Scenario().parallel and s.cluster == Scenario().cluster


def test_round_trip_through_a_scenario_file(tmp_path):
    doc = load_hf_config(DATA / "deepseek-v3.json")
    out = tmp_path / "v3.toml"
    out.write_text(document_to_toml(doc))
    assert load_document(out) == doc


def test_family_fields():
    gpt2 = scenario("gpt2").model
    assert (gpt2.norm, gpt2.linear_bias, gpt2.position_embedding, gpt2.max_positions, gpt2.mlp,
            gpt2.tied_embeddings, gpt2.ffn_hidden, gpt2.dropout) == ("layernorm", True, "learned", 1024, "gelu",
                                                                     True, 4 * 768, True)
    assert gpt2.seq_len == 1024  # the lab's 4096 capped at GPT-2's 1024 learned positions
    assert scenario("llama-3-8b").model.seq_len == Scenario().model.seq_len
    qwen2 = scenario("qwen2-7b").model
    assert qwen2.qkv_bias and not qwen2.linear_bias and not qwen2.qk_norm
    qwen3 = scenario("qwen3-8b").model
    assert qwen3.qk_norm and qwen3.head_dim == 128 and not qwen3.qkv_bias
    moe2 = scenario("qwen2-57b-a14b").model
    assert (moe2.experts, moe2.top_k, moe2.expert_ffn_hidden, moe2.shared_experts, moe2.shared_ffn_hidden,
            moe2.shared_expert_gate, moe2.moe_layer_pattern) == (64, 8, 2560, 1, 20480, True, "")
    v2 = scenario("deepseek-v2-lite").model
    assert (v2.attention, v2.q_lora_rank, v2.head_dim, v2.first_dense_layers, v2.expert_bias,
            v2.mtp_layers) == ("mla", 0, 128, 1, False, 0)
    v3 = scenario("deepseek-v3").model
    assert (v3.q_lora_rank, v3.expert_bias, v3.mtp_layers, v3.first_dense_layers, v3.shared_experts) == \
        (1536, True, 1, 3, 1)
    kimi = scenario("kimi-k2").model
    assert (kimi.experts, kimi.heads, kimi.first_dense_layers, kimi.mtp_layers, kimi.expert_bias) == \
        (384, 64, 1, 0, True)


def test_qwen_moe_layer_rule_becomes_a_pattern():
    # modeling_qwen2_moe.py: layer l has experts iff l not in mlp_only_layers and
    # (l + 1) % decoder_sparse_step == 0.
    data = config("qwen3-30b-a3b") | {"decoder_sparse_step": 3, "mlp_only_layers": [5, 47]}
    m = scenario_from_hf(data, "x.json").model
    expected = "".join("1" if layer not in (5, 47) and (layer + 1) % 3 == 0 else "0" for layer in range(48))
    assert m.moe_layer_pattern == expected
    assert expected.count("1") == 14  # l + 1 = 3, 6, …, 48, less layers 5 and 47
    assert not validate(scenario_from_hf(data, "x.json"))
    # Every layer sparse: no pattern, the default rule (every layer from 0 on).
    assert scenario("qwen3-30b-a3b").model.moe_layer_pattern == ""


def test_model_type_or_architectures_selects_the_family():
    data = config("llama-3-8b")
    assert scenario_from_hf({k: v for k, v in data.items() if k != "model_type"}, "x").model.kv_heads == 8
    assert scenario_from_hf({k: v for k, v in data.items() if k != "architectures"}, "x").model.kv_heads == 8
    # Kimi K2's published model_type is kimi_k2 with architectures DeepseekV3ForCausalLM.
    assert config("kimi-k2")["model_type"] == "kimi_k2"
    assert scenario("kimi-k2").model.attention == "mla"


def test_name_from_the_config_or_the_hugging_face_cache(tmp_path):
    snapshot = tmp_path / "models--meta-llama--Meta-Llama-3-8B" / "snapshots" / "abc123"
    snapshot.mkdir(parents=True)
    (snapshot / "config.json").write_text((DATA / "llama-3-8b.json").read_text())
    assert load_hf_config(snapshot / "config.json").scenario.title == \
        "meta-llama/Meta-Llama-3-8B (from Hugging Face config)"
    plain = tmp_path / "mine"
    plain.mkdir()
    assert model_name({}, plain / "config.json") == "mine"
    assert model_name({"_name_or_path": "org/model"}, plain / "config.json") == "org/model"
    assert model_name({"_name_or_path": "/home/me/ckpt"}, plain / "config.json") == "mine"


# ---------------------------------------------------------------------------------------------
# Errors: one ScenarioError naming the file and the field

def write(tmp_path: Path, data) -> Path:
    path = tmp_path / "config.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


@pytest.mark.parametrize("change, needles", [
    ({"hidden_size": "4096"}, ["hidden_size", "whole number", "'4096'"]),
    ({"hidden_size": 4096.5}, ["hidden_size", "whole number"]),
    ({"num_hidden_layers": True}, ["num_hidden_layers", "whole number"]),
    ({"num_attention_heads": 0}, ["num_attention_heads", "at least 1"]),
    ({"tie_word_embeddings": "false"}, ["tie_word_embeddings", "true or false"]),
    ({"torch_dtype": "int8"}, ["torch_dtype", "'int8'", "bfloat16"]),
    ({"torch_dtype": 16}, ["torch_dtype", "string"]),
    ({"model_type": "gemma", "architectures": ["GemmaForCausalLM"]},
     ["model_type 'gemma'", "not a supported architecture", "llama", "DeepseekV3ForCausalLM"]),
    ({"model_type": None, "architectures": ["GemmaForCausalLM"]}, ["architectures GemmaForCausalLM"]),
    ({"architectures": "LlamaForCausalLM"}, ["architectures", "list of strings"]),
    ({"attention_bias": True}, ["attention_bias", "mlp_bias"]),
    ({"hidden_size": 10**12}, ["hidden_size: model.hidden = 1000000000000 is above its maximum"]),
    ({"num_experts_per_tok": 100}, []),  # not a Llama field: ignored
])
def test_bad_fields_name_the_file_and_field(tmp_path, change, needles):
    data = config("llama-3-8b") | change
    data = {k: v for k, v in data.items() if v is not None}
    path = write(tmp_path, data)
    if not needles:
        imported = load_hf_config(path).scenario.model
        assert imported == dataclasses.replace(scenario("llama-3-8b").model, name=imported.name)
        return
    with pytest.raises(ScenarioError) as info:
        load_hf_config(path)
    message = str(info.value)
    assert message.startswith(f"{path}: ")
    for needle in needles:
        assert needle in message, message


def test_missing_fields_name_the_field(tmp_path):
    for name, field in (("llama-3-8b", "hidden_size"), ("deepseek-v3", "kv_lora_rank"),
                        ("qwen2-57b-a14b", "shared_expert_intermediate_size"), ("gpt2", "n_embd"),
                        ("mixtral-8x7b", "num_local_experts")):
        data = {k: v for k, v in config(name).items() if k != field}
        with pytest.raises(ScenarioError, match=f"{field} is missing"):
            load_hf_config(write(tmp_path, data))


def test_unreadable_files(tmp_path):
    for text, needle in (("{", "invalid JSON"), ("[1, 2]", "not a Hugging Face config"),
                         ("", "invalid JSON"), ('{"model_type": "llama"', "invalid JSON"),
                         ("{}", "neither model_type nor architectures")):
        with pytest.raises(ScenarioError, match=needle):
            load_hf_config(write(tmp_path, text))
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe{")
    with pytest.raises(ScenarioError, match="not a UTF-8"):
        load_hf_config(tmp_path / "bin.json")
    with pytest.raises(ScenarioError, match="no such file"):
        load_hf_config(tmp_path / "missing.json")
    with pytest.raises(ScenarioError, match="a directory"):
        load_hf_config(tmp_path)


def test_null_fields_where_the_config_allows_them():
    data = config("deepseek-v3") | {"q_lora_rank": None, "n_shared_experts": None}
    m = scenario_from_hf(data, "x").model
    assert (m.q_lora_rank, m.shared_experts) == (0, 0)
    dense = scenario_from_hf(config("deepseek-v3") | {"n_routed_experts": None}, "x").model
    assert dense.experts == 0 and dense.attention == "mla"
    with pytest.raises(ScenarioError, match="hidden_size must be a whole number, not None"):
        scenario_from_hf(config("deepseek-v3") | {"hidden_size": None}, "x")
