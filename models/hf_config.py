"""A scenario from a Hugging Face `config.json`, read offline: the model section from the file,
everything a model config does not state (parallelism, cluster, schedule, …) from the lab's
defaults, each such choice listed in the scenario's `sources.assumptions`.

Families, by `model_type` (else by `architectures`), with the fields each one reads (Hugging Face
transformers, models/<family>/configuration_<family>.py and modeling_<family>.py):

- Llama (`llama`, LlamaForCausalLM; Llama 2 and 3): RMSNorm, SwiGLU, grouped KV heads,
  `attention_bias` and `mlp_bias` (both or neither: every linear layer then has a bias).
- Qwen2 (`qwen2`): Llama's layer with biases on the Q, K and V projections.
- Qwen3 (`qwen3`): an explicit `head_dim` and an RMSNorm on each head's query and key.
- Qwen2-MoE (`qwen2_moe`) and Qwen3-MoE (`qwen3_moe`): `num_experts` of width
  `moe_intermediate_size`, `num_experts_per_tok`; a layer l has experts unless it is in
  `mlp_only_layers`, and only if (l + 1) % `decoder_sparse_step` == 0 (modeling_qwen2_moe.py);
  Qwen2-MoE also has one shared expert of width `shared_expert_intermediate_size` behind a
  sigmoid gate h → 1.
- Mixtral (`mixtral`): every layer has `num_local_experts` SwiGLU experts of width
  `intermediate_size`.
- DeepSeek-V2 / V3 (`deepseek_v2`, `deepseek_v3`) and Kimi K2 (`kimi_k2`, published with
  architectures DeepseekV3ForCausalLM): multi-head latent attention (`q_lora_rank`, null for
  V2-Lite, `kv_lora_rank`, `qk_nope_head_dim`, `qk_rope_head_dim`, `v_head_dim`), experts from
  layer `first_k_dense_replace` on where l % `moe_layer_freq` == 0, `n_shared_experts`, MTP
  modules (`num_nextn_predict_layers`) and, with `topk_method` "noaux_tc", a routing bias per
  expert (DeepSeek-V3 §2.1.2, e_score_correction_bias).
- GPT-2 (`gpt2`, GPT2LMHeadModel): `n_embd`, `n_layer`, `n_head`, `n_inner` (null: 4h),
  learned positions (`n_positions`), LayerNorm, a bias on every linear layer, tied embeddings.

The fields that give the shape (layers, widths, heads, vocabulary, experts) must be present, as
every published config states them; a flag or list whose configuration class has a default may be
absent and takes that default. A field that is present must have the right type. Every problem is
a ScenarioError that names the file and the field.
"""
from __future__ import annotations

import dataclasses
import json
import math
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .document import Document
from .scenario import Model, Scenario, ScenarioError, coerce, elide, finite_float, shown, with_values
from .scenario_files import read_text

# A config.json is a few kilobytes; reading is bounded so that a device or a huge file cannot
# fill memory.
MAX_CONFIG_BYTES = 4 << 20

DTYPES = {"bfloat16": "bf16", "float16": "fp16", "float32": "fp32"}
_REQUIRED = object()


class _Fields:
    """Typed access to a config's fields; errors name the file and the field."""

    def __init__(self, data: dict[str, Any], origin: str, family: str):
        self.data, self.origin, self.family = data, origin, family

    def error(self, name: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{self.origin}: {name} {problem}")

    def _get(self, name: str, default: Any) -> Any:
        if name not in self.data:
            if default is _REQUIRED:
                raise self.error(name, f"is missing (a {self.family} config states it)")
            return default
        return self.data[name]

    def integer(self, name: str, default: Any = _REQUIRED, *, nullable: bool = False, low: int = 1) -> Any:
        """A whole number ≥ `low`; with `nullable`, null (None) is returned as None."""
        value = self._get(name, default)
        if value is None and nullable:
                return None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                (isinstance(value, float) and (not math.isfinite(value) or value != int(value))):
            raise self.error(name, f"must be a whole number{' or null' if nullable else ''}, not {shown(value)}")
        if value < low:
            raise self.error(name, f"must be at least {low}, not {shown(value)}")
        return int(value)

    def boolean(self, name: str, default: Any = _REQUIRED) -> bool:
        value = self._get(name, default)
        if not isinstance(value, bool):
            raise self.error(name, f"must be true or false, not {shown(value)}")
        return value

    def number(self, name: str, default: Any = _REQUIRED) -> float:
        value = self._get(name, default)
        number = finite_float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None
        if number is None:
            raise self.error(name, f"must be a finite number, not {shown(value)}")
        return number

    def string(self, name: str, default: Any = _REQUIRED, *, nullable: bool = False) -> Any:
        value = self._get(name, default)
        if value is None and nullable:
            return None
        if not isinstance(value, str):
            raise self.error(name, f"must be a string, not {shown(value)}")
        return value

    def integers(self, name: str, default: Any = _REQUIRED) -> list[int]:
        value = self._get(name, default)
        if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
            raise self.error(name, f"must be a list of whole numbers, not {shown(value)}")
        return list(value)


# ---------------------------------------------------------------------------------------------
# Families: each returns the model keys (without the `model.` prefix) and notes for the
# scenario's assumptions.

Mapping = tuple[dict[str, Any], list[str]]


def _dropout(f: _Fields, *names: str) -> bool:
    return any(f.number(name, 0.0) > 0 for name in names)


def _linear_biases(f: _Fields) -> dict[str, Any]:
    """Llama's and Qwen3's `attention_bias` (Q, K, V and output) and Llama's `mlp_bias`: the lab
    models either no bias or a bias on every linear layer, so both must agree."""
    attention = f.boolean("attention_bias", False)
    mlp = f.boolean("mlp_bias", False) if f.family == "Llama" else attention
    if attention != mlp:
        raise f.error("attention_bias" if attention else "mlp_bias",
                      "= true without the other: the lab models biases on every linear layer or on "
                      "none (set both attention_bias and mlp_bias, or neither)")
    return {"linear_bias": attention}


def _decoder(f: _Fields, *, tied_default: bool = False) -> dict[str, Any]:
    """The fields every Llama-style decoder shares (RMSNorm, SwiGLU, rotary positions)."""
    heads = f.integer("num_attention_heads")
    values = {"layers": f.integer("num_hidden_layers"), "hidden": f.integer("hidden_size"), "heads": heads,
              "kv_heads": f.integer("num_key_value_heads", heads), "ffn_hidden": f.integer("intermediate_size"),
              "vocab": f.integer("vocab_size"), "tied_embeddings": f.boolean("tie_word_embeddings", tied_default),
              "mlp": "swiglu", "norm": "rmsnorm", "position_embedding": "rope",
              "dropout": _dropout(f, "attention_dropout")}
    head_dim = f.integer("head_dim", None, nullable=True)
    if head_dim is not None:
        values["head_dim"] = head_dim
    return values


def _llama(f: _Fields) -> Mapping:
    return {**_decoder(f), **_linear_biases(f)}, []


def _qwen2(f: _Fields) -> Mapping:
    return {**_decoder(f), "qkv_bias": True}, ["Q, K and V projections with biases (Qwen2's attention)"]


def _qwen3(f: _Fields) -> Mapping:
    values = {**_decoder(f), **_linear_biases(f), "qk_norm": True}
    values["head_dim"] = f.integer("head_dim", 128)  # Qwen3Config's default
    return values, ["an RMSNorm on each head's query and key (Qwen3's attention)"]


def _sparse_layers(f: _Fields, layers: int) -> dict[str, Any]:
    """Qwen-MoE's layer rule as a per-layer pattern (or nothing, when every layer has experts)."""
    step = f.integer("decoder_sparse_step", 1)
    dense = set(f.integers("mlp_only_layers", []))
    moe = [layer not in dense and (layer + 1) % step == 0 for layer in range(layers)]
    return {} if all(moe) else {"moe_layer_pattern": "".join("1" if x else "0" for x in moe)}


def _qwen_moe(f: _Fields, *, qwen3: bool) -> Mapping:
    values = {**_decoder(f)}
    values.update(experts=f.integer("num_experts"), top_k=f.integer("num_experts_per_tok"),
                  expert_ffn_hidden=f.integer("moe_intermediate_size"))
    values.update(_sparse_layers(f, values["layers"]))
    notes = []
    if qwen3:
        values.update(_linear_biases(f), qk_norm=True, head_dim=f.integer("head_dim", 128))
        notes.append("an RMSNorm on each head's query and key (Qwen3's attention)")
    else:
        values["qkv_bias"] = True
        shared = f.integer("shared_expert_intermediate_size", low=0)
        if shared:
            values.update(shared_experts=1, shared_ffn_hidden=shared, shared_expert_gate=True)
            notes.append(f"one shared expert of width {shared} behind a sigmoid gate h → 1 (Qwen2-MoE)")
        notes.append("Q, K and V projections with biases (Qwen2's attention)")
    return values, notes


def _mixtral(f: _Fields) -> Mapping:
    values = _decoder(f)
    values.update(experts=f.integer("num_local_experts"), top_k=f.integer("num_experts_per_tok"),
                  expert_ffn_hidden=values["ffn_hidden"])
    return values, ["every layer is an MoE layer; intermediate_size is each expert's width"]


def _deepseek(f: _Fields, *, v3: bool) -> Mapping:
    heads = f.integer("num_attention_heads")
    values: dict[str, Any] = {
        "layers": f.integer("num_hidden_layers"), "hidden": f.integer("hidden_size"), "heads": heads,
        "kv_heads": f.integer("num_key_value_heads", heads), "ffn_hidden": f.integer("intermediate_size"),
        "vocab": f.integer("vocab_size"), "tied_embeddings": f.boolean("tie_word_embeddings", False),
        "mlp": "swiglu", "norm": "rmsnorm", "position_embedding": "rope",
        "dropout": _dropout(f, "attention_dropout"), "attention": "mla",
        "q_lora_rank": f.integer("q_lora_rank", None, nullable=True) or 0,
        "kv_lora_rank": f.integer("kv_lora_rank"),
        "head_dim": f.integer("qk_nope_head_dim"), "qk_rope_head_dim": f.integer("qk_rope_head_dim"),
        "v_head_dim": f.integer("v_head_dim")}
    if f.boolean("attention_bias", False):
        raise f.error("attention_bias", "= true: the lab's latent attention has no projection biases")
    notes = []
    experts = f.integer("n_routed_experts", nullable=True)
    if experts:
        values.update(experts=experts, top_k=f.integer("num_experts_per_tok"),
                      expert_ffn_hidden=f.integer("moe_intermediate_size"),
                      shared_experts=f.integer("n_shared_experts", None, nullable=True, low=0) or 0,
                      first_dense_layers=f.integer("first_k_dense_replace", low=0),
                      moe_layer_freq=f.integer("moe_layer_freq", 1))
        if f.string("topk_method", "noaux_tc" if v3 else "greedy") == "noaux_tc":  # the classes' defaults
            values["expert_bias"] = True
            notes.append("a routing bias per expert, as topk_method noaux_tc (e_score_correction_bias)")
    mtp = f.integer("num_nextn_predict_layers", 0, low=0)
    if mtp:
        values["mtp_layers"] = mtp
        notes.append(f"{mtp} multi-token-prediction module{'s' if mtp != 1 else ''} "
                     f"(num_nextn_predict_layers)")
    return values, notes


def _gpt2(f: _Fields) -> Mapping:
    hidden = f.integer("n_embd")
    inner = f.integer("n_inner", None, nullable=True)
    positions = f.integer("n_positions")
    activation = f.string("activation_function", "gelu_new")
    if "gelu" not in activation:
        raise f.error("activation_function", f"= {activation!r}: the lab's GPT-2 MLP is a GeLU MLP")
    values = {"layers": f.integer("n_layer"), "hidden": hidden, "heads": f.integer("n_head"),
              "ffn_hidden": inner or 4 * hidden, "vocab": f.integer("vocab_size"),
              "tied_embeddings": f.boolean("tie_word_embeddings", True), "mlp": "gelu", "norm": "layernorm",
              "linear_bias": True, "position_embedding": "learned", "max_positions": positions,
              "dropout": _dropout(f, "resid_pdrop", "embd_pdrop", "attn_pdrop")}
    values["kv_heads"] = values["heads"]
    notes = [f"learned positions: {positions} (n_positions); LayerNorm and a bias on every linear layer (GPT-2)"]
    if inner is None:
        notes.append(f"n_inner null: the MLP width is 4h = {4 * hidden}")
    return values, notes


# model_type → (family, reader, the transformers module that defines its fields)
FAMILIES: dict[str, tuple[str, Callable[[_Fields], Mapping], str]] = {
    "llama": ("Llama", _llama, "llama"),
    "qwen2": ("Qwen2", _qwen2, "qwen2"),
    "qwen3": ("Qwen3", _qwen3, "qwen3"),
    "qwen2_moe": ("Qwen2-MoE", lambda f: _qwen_moe(f, qwen3=False), "qwen2_moe"),
    "qwen3_moe": ("Qwen3-MoE", lambda f: _qwen_moe(f, qwen3=True), "qwen3_moe"),
    "mixtral": ("Mixtral", _mixtral, "mixtral"),
    "deepseek_v2": ("DeepSeek-V2", lambda f: _deepseek(f, v3=False), "deepseek_v2"),
    "deepseek_v3": ("DeepSeek-V3", lambda f: _deepseek(f, v3=True), "deepseek_v3"),
    "kimi_k2": ("Kimi K2 (DeepSeek-V3 architecture)", lambda f: _deepseek(f, v3=True), "deepseek_v3"),
    "gpt2": ("GPT-2", _gpt2, "gpt2"),
}
ARCHITECTURES = {
    "LlamaForCausalLM": "llama", "Qwen2ForCausalLM": "qwen2", "Qwen3ForCausalLM": "qwen3",
    "Qwen2MoeForCausalLM": "qwen2_moe", "Qwen3MoeForCausalLM": "qwen3_moe", "MixtralForCausalLM": "mixtral",
    "DeepseekV2ForCausalLM": "deepseek_v2", "DeepseekV3ForCausalLM": "deepseek_v3", "GPT2LMHeadModel": "gpt2",
}


# The config fields a model key is read from, for messages about a value the lab cannot take.
SOURCE_FIELDS: dict[str, tuple[str, ...]] = {
    "model.layers": ("num_hidden_layers", "n_layer"), "model.hidden": ("hidden_size", "n_embd"),
    "model.heads": ("num_attention_heads", "n_head"), "model.kv_heads": ("num_key_value_heads",),
    "model.head_dim": ("head_dim", "qk_nope_head_dim"), "model.ffn_hidden": ("intermediate_size", "n_inner"),
    "model.vocab": ("vocab_size",), "model.experts": ("num_experts", "num_local_experts", "n_routed_experts"),
    "model.top_k": ("num_experts_per_tok",), "model.expert_ffn_hidden": ("moe_intermediate_size",),
    "model.shared_experts": ("n_shared_experts",), "model.shared_ffn_hidden": ("shared_expert_intermediate_size",),
    "model.first_dense_layers": ("first_k_dense_replace",), "model.moe_layer_freq": ("moe_layer_freq",),
    "model.q_lora_rank": ("q_lora_rank",), "model.kv_lora_rank": ("kv_lora_rank",),
    "model.qk_rope_head_dim": ("qk_rope_head_dim",), "model.v_head_dim": ("v_head_dim",),
    "model.max_positions": ("n_positions",), "model.mtp_layers": ("num_nextn_predict_layers",),
}


def supported() -> str:
    """The supported model types and architectures, for messages and help."""
    return f"model_type {', '.join(FAMILIES)}; architectures {', '.join(ARCHITECTURES)}"


def _model_type(data: dict[str, Any], origin: str) -> str:
    """The family key: `model_type` when it is one the lab reads, else the first known name in
    `architectures`."""
    model_type = data.get("model_type")
    if model_type is not None and not isinstance(model_type, str):
        raise ScenarioError(f"{origin}: model_type must be a string, not {model_type!r}")
    architectures = data.get("architectures")
    if architectures is not None and (not isinstance(architectures, list)
                                      or not all(isinstance(a, str) for a in architectures)):
        raise ScenarioError(f"{origin}: architectures must be a list of strings, not {architectures!r}")
    if model_type in FAMILIES:
        return model_type
    for name in architectures or ():
        if name in ARCHITECTURES:
            return ARCHITECTURES[name]
    if model_type is None and not architectures:
        raise ScenarioError(f"{origin}: neither model_type nor architectures is given, so the model family "
                            f"is unknown (supported: {supported()})")
    field, given = ("model_type", repr(model_type)) if model_type is not None else \
        ("architectures", ", ".join(architectures or ()))
    raise ScenarioError(f"{origin}: {field} {given} is not a supported architecture (supported: {supported()})")


# ---------------------------------------------------------------------------------------------

def model_name(data: dict[str, Any], path: str | os.PathLike) -> str:
    """The model's name: `_name_or_path` when the config carries a Hub id (ORG/NAME, not a local
    path); else the file's name, or for a file called config.json its folder's (in the Hugging Face
    cache, models--ORG--NAME/snapshots/REVISION/config.json, that is ORG/NAME)."""
    given = data.get("_name_or_path")
    if isinstance(given, str) and re.fullmatch(r"[\w.-]+(/[\w.-]+)?", given.strip()) and \
            not given.startswith("."):  # a Hub id, not a local path
        return given.strip()
    path = Path(path)
    if path.name != "config.json":
        return path.stem
    parts = path.resolve().parts
    for part in reversed(parts[:-1]):
        cached = re.fullmatch(r"models--(.+?)--(.+)", part)
        if cached:
            return f"{cached.group(1)}/{cached.group(2)}"
    return path.resolve().parent.name or "model"


def scenario_from_hf(data: dict[str, Any], origin: str = "config.json", name: str = "model") -> Scenario:
    """A scenario whose model section is the Hugging Face config `data` (parsed JSON); the other
    sections are the lab's defaults (`Scenario()`). Errors name `origin` and the field."""
    if not isinstance(data, dict):
        raise ScenarioError(f"{origin}: not a Hugging Face config (a JSON object)")
    model_type = _model_type(data, origin)
    family, read, module = FAMILIES[model_type]
    fields = _Fields(data, origin, family)
    values, notes = read(fields)
    defaults = Scenario()

    precision: dict[str, str] = {}
    dtype_field = "torch_dtype" if "torch_dtype" in data else "dtype"
    dtype = fields.string(dtype_field, None, nullable=True)
    if dtype is not None:
        if dtype not in DTYPES:
            raise fields.error(dtype_field, f"= {dtype!r} is not one of {', '.join(DTYPES)}")
        precision = {key: DTYPES[dtype] for key in ("params", "grads", "activations")}

    # The lab's sequence length, unless the model has fewer positions.
    positions = fields.integer("max_position_embeddings", None, nullable=True) \
        if model_type != "gpt2" else values["max_positions"]
    seq_len = min(defaults.model.seq_len, positions) if positions else defaults.model.seq_len

    model = {f"model.{key}": value for key, value in values.items()}
    model.update({"model.name": elide(name), "model.seq_len": seq_len})
    changes: dict[str, Any] = dict(model)
    changes.update({f"precision.{key}": value for key, value in precision.items()})
    changes["title"] = elide(f"{name} (from Hugging Face config)")

    refs = [f"{origin}: Hugging Face config.json, {family} (model_type {data.get('model_type', model_type)!r}"
            + (f", architectures {', '.join(data['architectures'])}" if data.get("architectures") else "") + ")",
            f"field meanings: Hugging Face transformers, models/{module}/configuration_{module}.py"]
    assumptions = [f"model section from the config: {note}" for note in notes]
    assumptions.append(f"vocabulary as stored: {values['vocab']:,} rows (no padding: vocab_divisible_by = 1)")
    if positions and positions < defaults.model.seq_len:
        sequence = f"the lab's default {defaults.model.seq_len:,} capped at the model's {positions:,} positions"
    else:
        sequence = "the lab's default" + (f"; the model has {positions:,} positions" if positions else "")
    assumptions.append(f"sequence length {seq_len:,} ({sequence}); micro-batch size 1 (lab default)")
    if precision:
        assumptions.append(f"parameters, gradients and activations in {DTYPES[dtype].upper()} ({dtype_field} "
                           f"{dtype}); master weights and optimizer states in FP32 (lab defaults)")
    else:
        assumptions.append("no torch_dtype: the lab's default precisions (BF16 parameters, FP32 master weights "
                           "and optimizer states)")
    assumptions.append("optimizer, parallelism, activations, offloading, cluster, pipeline schedule, memory "
                       "allowances and MoE routing: the lab's defaults (a model config does not state them)")
    changes["sources.refs"] = refs
    changes["sources.assumptions"] = assumptions
    for key, value in model.items():  # a value out of the lab's range names the config's field
        try:
            coerce(key, value)
        except ScenarioError as exc:
            field = next((name for name in SOURCE_FIELDS.get(key, ()) if name in data), key)
            raise ScenarioError(f"{origin}: {field}: {exc}") from None
    return with_values(dataclasses.replace(defaults, model=Model()), changes)


def read_hf_config(path: str | os.PathLike) -> dict[str, Any]:
    """The parsed JSON object of a config file; every problem raises ScenarioError naming it."""
    origin = str(path)
    text = read_text(path, limit=MAX_CONFIG_BYTES, kind="config.json")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"{origin}: invalid JSON: {exc}") from None
    except RecursionError:
        raise ScenarioError(f"{origin}: invalid JSON: nested too deeply") from None
    except ValueError:  # a whole number past Python's conversion limit (sys.get_int_max_str_digits)
        raise ScenarioError(f"{origin}: invalid JSON: a whole number of more than "
                            f"{sys.get_int_max_str_digits():,} digits") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{origin}: not a Hugging Face config (the JSON is not an object)")
    return data


def load_hf_config(path: str | os.PathLike) -> Document:
    """A document for the Hugging Face `config.json` at `path` (each tab's view state: defaults)."""
    data = read_hf_config(path)
    return Document(scenario_from_hf(data, str(path), model_name(data, path)))
