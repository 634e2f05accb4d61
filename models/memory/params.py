"""Parameter counts of a model shape: attention (MHA / GQA / MLA), MLP (GeLU / SwiGLU), experts,
embeddings. Attention follows the projections as written in the papers (Vaswani et al. 2017;
Ainslie et al., GQA, 2023; DeepSeek-V2 §2.1 for MLA); no biases."""
from __future__ import annotations

from dataclasses import dataclass

from ..scenario import Scenario


@dataclass(frozen=True)
class LayerParams:
    """Parameters of one layer, split by how they are sharded."""
    attention: int  # sharded by TP
    mlp: int        # dense MLP or shared experts, sharded by TP
    experts: int    # routed experts, sharded by EP and ETP
    replicated: int  # norms and router, on every TP rank

    @property
    def total(self) -> int:
        return self.attention + self.mlp + self.experts + self.replicated


def head_dim(s: Scenario) -> int:
    return s.model.head_dim or s.model.hidden // s.model.heads


def mlp_params(hidden: int, ffn: int, mlp: str) -> int:
    """GeLU MLP: h→f→h (2hf); SwiGLU: gate and up h→f, down f→h (3hf). No biases."""
    return (3 if mlp == "swiglu" else 2) * hidden * ffn


def attention_params(s: Scenario) -> int:
    """Q, K, V and output projections; MLA: DeepSeek-V2 §2.1 low-rank Q and joint KV compression."""
    m, d = s.model, head_dim(s)
    h, a = m.hidden, m.heads
    if m.attention == "mla":
        dq = d + m.qk_rope_head_dim
        dv = m.v_head_dim or d
        q = h * a * dq if m.q_lora_rank == 0 else h * m.q_lora_rank + m.q_lora_rank + m.q_lora_rank * a * dq
        kv = h * (m.kv_lora_rank + m.qk_rope_head_dim) + m.kv_lora_rank + m.kv_lora_rank * a * (d + dv)
        return q + kv + a * dv * h
    return h * a * d + 2 * h * m.kv_heads * d + a * d * h


def layer_params(s: Scenario, moe: bool) -> LayerParams:
    m = s.model
    norms = 2 * m.hidden
    if not moe:
        return LayerParams(attention_params(s), mlp_params(m.hidden, m.ffn_hidden, m.mlp), 0, norms)
    expert = mlp_params(m.hidden, m.expert_ffn_hidden, m.mlp)
    return LayerParams(attention_params(s), m.shared_experts * expert, m.experts * expert,
                       norms + m.hidden * m.experts)


def is_moe_layer(s: Scenario, layer: int) -> bool:
    return s.model.experts > 0 and layer >= s.model.first_dense_layers


def embedding_params(s: Scenario) -> int:
    return s.model.vocab * s.model.hidden


def total_params(s: Scenario) -> tuple[int, int]:
    """(total, activated per token) parameters; `model.params` > 0 replaces the shape count."""
    m = s.model
    if m.params:
        return m.params, m.params
    heads = embedding_params(s) * (1 if m.tied_embeddings else 2) + m.hidden
    total = activated = heads
    for layer in range(m.layers):
        lp = layer_params(s, is_moe_layer(s, layer))
        total += lp.total
        activated += lp.total - lp.experts + (lp.experts // m.experts * m.top_k if m.experts and lp.experts else 0)
    return total, activated
