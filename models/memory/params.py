"""Parameter counts of a model shape: attention (MHA / GQA / MLA), MLP (GeLU / SwiGLU), experts,
norms, biases, embeddings and DeepSeek-V3's multi-token-prediction modules.

Attention follows the projections as written in the papers (Vaswani et al. 2017; Ainslie et al.,
GQA, 2023; DeepSeek-V2 §2.1 for MLA). Biases and norms follow the model families' code: GPT-2 and
GPT-3 have a bias on every linear layer and LayerNorm (weight and bias), so a layer is 12h² + 13h
(Narayanan et al., SC'21, §5.1: P = 12lh²(1 + 13/(12h) + (V + s)/(12lh))); Llama has no biases
and RMSNorm (a weight only); Qwen2 adds Q/K/V biases, Qwen3 an RMSNorm on each head's query and key
(Hugging Face transformers, models/qwen2 and models/qwen3)."""
from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass

from ..scenario import Scenario


@dataclass(frozen=True)
class LayerParams:
    """Parameters of one layer, split by how they are sharded."""
    attention: int  # sharded by TP
    mlp: int        # dense MLP or shared experts, sharded by TP
    experts: int    # routed experts, sharded by EP and ETP
    replicated: int  # norms, router and gates, on every TP rank

    @property
    def total(self) -> int:
        return self.attention + self.mlp + self.experts + self.replicated


@dataclass(frozen=True)
class ParamCounts:
    """A model's parameter counts: the main model (what its report calls the model size), the
    MTP modules trained with it, and the released checkpoint, which also stores each MTP module's
    copy of the embedding and the output head (DeepSeek-V3's 671B + 14B = 685B)."""
    total: int       # main model
    activated: int   # per token, main model
    mtp: int         # MTP modules without the embedding and head they share with the main model
    checkpoint: int  # main + MTP + the MTP modules' embedding and head copies

    @property
    def trained(self) -> int:
        return self.total + self.mtp


def head_dim(s: Scenario) -> int:
    return s.model.head_dim or s.model.hidden // s.model.heads


def padded_vocab(s: Scenario) -> int:
    """Megatron-LM's padded vocabulary: V rounded up to a multiple of
    make-vocab-size-divisible-by × TP (megatron/training/tokenizer, _vocab_size_with_padding)."""
    multiple = s.model.vocab_divisible_by * s.parallel.tp if s.model.vocab_divisible_by > 1 else 1
    return math.ceil(s.model.vocab / multiple) * multiple


def norm_params(s: Scenario, width: int) -> int:
    """One norm over `width` features: RMSNorm has a weight, LayerNorm a weight and a bias."""
    return (2 if s.model.norm == "layernorm" else 1) * width


def mlp_params(hidden: int, ffn: int, mlp: str, bias: bool = False) -> int:
    """GeLU MLP: h→f→h (2hf); SwiGLU: gate and up h→f, down f→h (3hf); with biases f (+f) + h."""
    weights = (3 if mlp == "swiglu" else 2) * hidden * ffn
    return weights + (((2 if mlp == "swiglu" else 1) * ffn + hidden) if bias else 0)


def attention_params(s: Scenario) -> int:
    """Q, K, V and output projections (with their biases where the model has them); MLA:
    DeepSeek-V2 §2.1 low-rank Q and joint KV compression, with the RMSNorms on both latents."""
    m, d = s.model, head_dim(s)
    h, a = m.hidden, m.heads
    if m.attention == "mla":
        dq = d + m.qk_rope_head_dim
        dv = m.v_head_dim or d
        q = h * a * dq if m.q_lora_rank == 0 else h * m.q_lora_rank + m.q_lora_rank + m.q_lora_rank * a * dq
        kv = h * (m.kv_lora_rank + m.qk_rope_head_dim) + m.kv_lora_rank + m.kv_lora_rank * a * (d + dv)
        return q + kv + a * dv * h
    weights = h * a * d + 2 * h * m.kv_heads * d + a * d * h
    qkv_bias = (a + 2 * m.kv_heads) * d if (m.qkv_bias or m.linear_bias) else 0
    return weights + qkv_bias + (h if m.linear_bias else 0)


def shared_ffn(s: Scenario) -> int:
    """Width of the shared-expert MLP: `shared_ffn_hidden`, else shared_experts × expert width
    (DeepSeekMoE's shared experts as one wider MLP); 0 without shared experts."""
    m = s.model
    if not m.shared_experts:
        return 0
    return m.shared_ffn_hidden or m.shared_experts * m.expert_ffn_hidden


def layer_params(s: Scenario, moe: bool) -> LayerParams:
    m = s.model
    norms = 2 * norm_params(s, m.hidden) + (2 * head_dim(s) if m.qk_norm else 0)
    bias = m.linear_bias
    if not moe:
        return LayerParams(attention_params(s), mlp_params(m.hidden, m.ffn_hidden, m.mlp, bias), 0, norms)
    expert = mlp_params(m.hidden, m.expert_ffn_hidden, m.mlp, bias)
    shared = mlp_params(m.hidden, shared_ffn(s), m.mlp, bias) if shared_ffn(s) else 0
    router = m.hidden * m.experts + (m.experts if m.expert_bias else 0)
    gate = m.hidden if (m.shared_expert_gate and shared) else 0
    return LayerParams(attention_params(s), shared, m.experts * expert, norms + router + gate)


def mtp_extra_params(s: Scenario) -> int:
    """What an MTP module has besides its Transformer layer (DeepSeek-V3 §2.2): the projection
    M_k ∈ R^{h×2h}, the RMSNorms of its two inputs and the norm before the shared output head."""
    return 2 * s.model.hidden**2 + 3 * norm_params(s, s.model.hidden)


MAX_PATTERN_LAYERS = 100_000  # the most layers a model can have (scenario.Model.layers)


@functools.lru_cache(maxsize=64)
def parse_moe_pattern(pattern: str) -> tuple[bool, ...]:
    """A per-layer MoE pattern: "0011…" or Megatron-style "[0]*3+[1]*58" (1 = MoE). A pattern of
    more than MAX_PATTERN_LAYERS layers raises ValueError before it is expanded."""
    if not pattern or re.fullmatch(r"[01]*", pattern):
        return tuple(c == "1" for c in pattern)
    parts = []
    for part in pattern.split("+"):
        listed, _, times = part.partition("*")
        parts.append(([v == "1" for v in listed.strip("[]").split(",")], int(times) if times else 1))
    count = sum(len(values) * times for values, times in parts)
    if count > MAX_PATTERN_LAYERS:
        raise ValueError(f"the MoE layer pattern lists {count:,} layers, more than a model can have "
                         f"({MAX_PATTERN_LAYERS:,})")
    return tuple(layer for values, times in parts for layer in values * times)


def is_moe_layer(s: Scenario, layer: int) -> bool:
    """Whether layer `layer` has routed experts: the explicit pattern if given, else layers from
    `first_dense_layers` on whose index is a multiple of `moe_layer_freq` (DeepSeek-V2/V3's
    configuration; Megatron-LM's --moe-layer-freq). Indices from `layers` on are the MTP modules'
    layers, which take the kind of the last layer (DeepSeek-V3's MTP layer is an MoE layer)."""
    m = s.model
    if m.experts == 0:
        return False
    if layer >= m.layers:
        layer = m.layers - 1
    if m.moe_layer_pattern:
        pattern = parse_moe_pattern(m.moe_layer_pattern)
        return layer < len(pattern) and pattern[layer]
    return layer >= m.first_dense_layers and layer % m.moe_layer_freq == 0


def embedding_params(s: Scenario) -> int:
    return padded_vocab(s) * s.model.hidden


def position_params(s: Scenario) -> int:
    """Learned absolute position embeddings (GPT-2, GPT-3): max_positions (or s) × h."""
    m = s.model
    return (m.max_positions or m.seq_len) * m.hidden if m.position_embedding == "learned" else 0


def param_counts(s: Scenario) -> ParamCounts:
    """The main model, its MTP modules and the checkpoint; `model.params` > 0 replaces the shape
    count (no MTP then)."""
    m = s.model
    if m.params:
        return ParamCounts(m.params, m.params, 0, m.params)
    embedding = embedding_params(s)
    ends = embedding * (1 if m.tied_embeddings else 2) + position_params(s) + norm_params(s, m.hidden)
    total = activated = ends
    kinds = {moe: layer_params(s, moe) for moe in (False, True)}
    for layer in range(m.layers):
        lp = kinds[is_moe_layer(s, layer)]
        total += lp.total
        activated += lp.total - lp.experts + (lp.experts // m.experts * m.top_k if m.experts and lp.experts else 0)
    mtp = sum(kinds[is_moe_layer(s, m.layers + i)].total + mtp_extra_params(s) for i in range(m.mtp_layers))
    return ParamCounts(total, activated, mtp, total + mtp + m.mtp_layers * 2 * embedding)


def total_params(s: Scenario) -> tuple[int, int]:
    """(total, activated per token) parameters of the main model; `model.params` > 0 replaces
    the shape count."""
    counts = param_counts(s)
    return counts.total, counts.activated
