"""The tensors of one layer and the ops that compute them (`_layer`): what a transformer layer can
save for backward, per micro-batch on one GPU, with its bytes as a number and as a symbolic formula,
and the forward ops (their FLOPs) that regenerate each from its inputs. models/memory/policy.py
decides where each is stored; the counting rule is its `recompute_rule`.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..scenario import Scenario
from .params import head_dim, shared_ffn
from .routed import routed_rows

# Arithmetic per output element of each element-wise op (the rule `recompute_rule` states).
ELEMENTWISE_FLOPS = {
    "rmsnorm": 4,    # x², the row sum, x · 1/rms, · γ
    "layernorm": 7,  # the row mean, x − μ, its square, the row sum, · 1/σ, · γ, + β
    "softmax": 5,    # the row max, x − max, exp, the row sum, / sum (the 1/√d scale folded into QKᵀ)
    "gelu": 9,       # tanh approximation 0.5·x·(1 + tanh(√(2/π)·x·(1 + 0.044715·x²))), tanh counted as one
    "swiglu": 4,     # exp(−g), 1 + ·, g / ·, · u (SiLU(g)·u)
    "rope": 3,       # x·cos + rotate(x)·sin
    "dropout": 1,    # the mask compare, or the product with the scaled mask
    "add": 1,        # a residual add, or one term of the experts' sum
}


def _mla(s: Scenario) -> bool:
    return s.model.attention == "mla"


@dataclass(frozen=True)
class _Op:
    flops: float
    gemm: bool
    label: str


@dataclass(frozen=True)
class _Tensor:
    key: str
    elements: float
    mask_bytes: float
    fixed_bytes: float
    formula: str               # bytes, symbolic
    ops: tuple[str, ...]       # the ops that regenerate it from its inputs


# Ops a fully recomputed layer reruns although no saved tensor needs their output.
_DISCARDED = ("mlp_down", "mlp_residual", "expert_down", "combine", "shared_down")


def _bytes_formula(coefficient: float, expression: str) -> str:
    return f"{coefficient:g}{expression}" if coefficient != 1 else expression


class _LayerBuilder:
    """One layer's tensors and ops as `_layer` builds them step by step: the layer's sizes and the
    symbols of its byte formulas (per micro-batch on one GPU), and what the steps found so far."""

    def __init__(self, s: Scenario, element: float) -> None:
        m, p = s.model, s.parallel
        self.s, self.element = s, element
        self.tokens = m.seq_len / p.cp * m.micro_batch  # CP splits the sequence; every query sees all keys
        self.keys_seen = m.seq_len
        self.h, self.a, self.t = m.hidden, m.heads, p.tp
        self.rep = self.t if p.sp else 1  # SP splits the TP-replicated tensors along the sequence
        d = head_dim(s)
        self.d = d
        self.mla = _mla(s)
        self.rope = m.qk_rope_head_dim if self.mla else d
        if self.mla:
            self.dq, self.dv, self.kv = d + m.qk_rope_head_dim, (m.v_head_dim or d), self.a
        else:
            self.dq, self.dv, self.kv = d, d, m.kv_heads
        self.dropout = m.dropout
        self.norm = ELEMENTWISE_FLOPS[m.norm]
        self.tp_ = "/t" if self.t > 1 else ""
        self.rep_ = "/t" if self.rep > 1 else ""
        self.sbh = "sbh" + self.rep_
        swiglu = m.mlp == "swiglu"
        self.inputs = 2 if swiglu else 1  # SwiGLU keeps gate and up, GeLU its input
        self.activation = ELEMENTWISE_FLOPS["swiglu"] if swiglu else ELEMENTWISE_FLOPS["gelu"]
        self.act_name = "SwiGLU" if swiglu else "GeLU"
        self.tensors: list[_Tensor] = []
        self.ops: dict[str, _Op] = {}

    def heads_by(self, width: int, symbol: str) -> str:  # a·width, written h where that is h
        return "h" if self.a * width == self.h else f"·a·{symbol}"

    def op(self, key: str, flops: float, gemm: bool, label: str) -> str:
        self.ops[key] = _Op(flops, gemm, label)
        return key

    def mlp(self, prefix: str, ffn: float, rows: float, shard: int, symbol: tuple[float, str], label: str,
            weighted: bool = False) -> None:
        """An MLP's ops (up-projection, activation, down-projection) and the two tensors it saves."""
        h, inputs, activation, element, op = self.h, self.inputs, self.activation, self.element, self.op
        width = ffn * rows / shard
        times, expression = symbol
        op(f"{prefix}_up", 2 * rows * h * inputs * ffn / shard, True, f"{label} up-projection")
        op(f"{prefix}_act", (activation + (1 if weighted else 0)) * width, False,
           f"{label} {self.act_name}" + (" × routing weight" if weighted else ""))
        op(f"{prefix}_down", 2 * width * h, True, f"{label} down-projection")
        self.tensors.extend([
            _Tensor(f"{prefix}_act_input", inputs * width, 0, 0, _bytes_formula(inputs * element * times, expression),
                    (f"{prefix}_up",)),
            _Tensor(f"{prefix}_down_input", width, 0, 0, _bytes_formula(element * times, expression),
                    (f"{prefix}_act",)),
        ])


def _layer(s: Scenario, moe: bool, element: float) -> tuple[list[_Tensor], dict[str, _Op]]:
    """Every tensor one layer can save, per micro-batch on one GPU, and the ops regenerating them,
    in the order the layer produces them."""
    b = _LayerBuilder(s, element)
    rope_ops = _norms(b)
    _qkv(b, rope_ops)
    _attention(b)
    _attention_output(b)
    _mlp_block(b, moe)
    return b.tensors, b.ops


def _norms(b: _LayerBuilder) -> tuple[str, ...]:
    """RoPE's op (returned, for the projections that include it), both norms' ops, and the tensors
    around the first norm: its input and its output, the QKV projections' input."""
    m, mla, op, el = b.s.model, b.mla, b.op, ELEMENTWISE_FLOPS
    tokens, h, a, t, rep, rope, kv = b.tokens, b.h, b.a, b.t, b.rep, b.rope, b.kv
    norm_label = "RMSNorm" if m.norm == "rmsnorm" else "LayerNorm"
    rope_ops: tuple[str, ...] = ()
    if m.position_embedding == "rope" and rope:
        rotated = tokens * (a * rope / t + (m.qk_rope_head_dim if mla else kv * rope / t))
        rope_ops = (op("rope", el["rope"] * rotated, False, "RoPE on Q and K"),)
    op("norm1", b.norm * tokens * h / rep, False, f"{norm_label} 1")
    op("norm2", b.norm * tokens * h / rep, False, f"{norm_label} 2")
    b.tensors += [
        _Tensor("norm1_input", tokens * h / rep, 0, 0, _bytes_formula(b.element, b.sbh), ()),
        _Tensor("qkv_input", tokens * h / rep, 0, 0, _bytes_formula(b.element, b.sbh), ("norm1",)),
    ]
    return rope_ops


def _qkv(b: _LayerBuilder, rope_ops: tuple[str, ...]) -> None:
    """The Q, K and V projections (MLA's down- and up-projections, or GQA's) and Q, K and V."""
    m, op, element, tp_, heads_by = b.s.model, b.op, b.element, b.tp_, b.heads_by
    tokens, h, a, t, rep, d, dq, dv, kv = b.tokens, b.h, b.a, b.t, b.rep, b.d, b.dq, b.dv, b.kv
    if b.mla:
        q_lora, kv_lora = m.q_lora_rank, m.kv_lora_rank
        op("mla_down", 2 * tokens / rep * h * (q_lora + kv_lora + m.qk_rope_head_dim), True,
           "MLA down-projections")
        op("mla_latent_norm", b.norm * tokens * (q_lora + kv_lora) / rep, False, "RMSNorms of the latents")
        q_from = q_lora or h
        op("qk_proj", 2 * tokens * (q_from * a * dq + kv_lora * a * d) / t, True, "MLA up-projections of Q, K")
        op("v_proj", 2 * tokens * kv_lora * a * dv / t, True, "MLA up-projection of V")
        qk_ops: tuple[str, ...] = ("mla_latent_norm", "qk_proj", *rope_ops)
        v_ops: tuple[str, ...] = ("mla_latent_norm", "v_proj")
        qk_formula = _bytes_formula(2 * element, f"sb·a(d+r){tp_}")
        v_formula = _bytes_formula(element, f"sb·a·d_v{tp_}")
    else:
        op("qk_proj", 2 * tokens * h * (a + kv) * dq / t, True, "Q, K projections")
        op("v_proj", 2 * tokens * h * kv * dv / t, True, "V projection")
        qk_ops, v_ops = ("qk_proj", *rope_ops), ("v_proj",)
        if kv == a:
            qk_formula = _bytes_formula(2 * element, f"sb{heads_by(d, 'd')}{tp_}")
            v_formula = _bytes_formula(element, f"sb{heads_by(d, 'd')}{tp_}")
        else:
            qk_formula = _bytes_formula(element, f"sb(a+g)d{tp_}")
            v_formula = _bytes_formula(element, f"sb·g·d{tp_}")
    b.tensors += [_Tensor("q_k", tokens * (a + kv) * dq / t, 0, 0, qk_formula, qk_ops),
                  _Tensor("v", tokens * kv * dv / t, 0, 0, v_formula, v_ops)]


def _attention(b: _LayerBuilder) -> None:
    """The attention core (FlashAttention's fused forward, or QKᵀ, softmax, dropout and attention
    over V as one checkpointed function), its output, MLA's latents and what the core saves."""
    m, op, element, tp_, tensors, el = b.s.model, b.op, b.element, b.tp_, b.tensors, ELEMENTWISE_FLOPS
    tokens, a, t, dq, dv, dropout, mla = b.tokens, b.a, b.t, b.dq, b.dv, b.dropout, b.mla
    scores = a * tokens * b.keys_seen / t  # local queries against every key
    if b.s.activation.flash_attention:
        op("flash_forward", (2 * dq + el["softmax"] + 2 * dv) * scores, True,
           "FlashAttention forward (QKᵀ, softmax, attention over V)")
        attn_out_ops: tuple[str, ...] = ("flash_forward",)
    else:
        op("attn_v", 2 * scores * dv, True, "attention over V")
        attn_out_ops = ("attn_v",)
    tensors.append(_Tensor("attn_out", tokens * a * dv / t, 0, 0,
                           _bytes_formula(element, f"sb{b.heads_by(dv, 'd_v' if mla else 'd')}{tp_}"), attn_out_ops))
    if mla:
        tensors.append(_Tensor("mla_latents", tokens * (m.q_lora_rank + m.kv_lora_rank + m.qk_rope_head_dim) / b.rep,
                               0, 0, _bytes_formula(element, f"sb(d_cq+d_c+r){b.rep_}"), ("mla_down",)))
    if b.s.activation.flash_attention:
        tensors.append(_Tensor("softmax_stats", 0, 0, 4 * a * tokens / t, f"4asb{tp_}", ("flash_forward",)))
    else:
        # The attention core is one checkpointed function (Megatron-LM's CoreAttention): recomputing
        # any of its tensors reruns all of it, attention over V included.
        core: tuple[str, ...] = (op("qk_scores", 2 * scores * dq, True, "QKᵀ"),
                                 op("softmax", el["softmax"] * scores, False, "softmax"))
        if dropout:
            core += (op("attn_dropout_mask", el["dropout"] * scores, False, "dropout mask"),
                     op("attn_dropout", el["dropout"] * scores, False, "dropout"))
        core += ("attn_v",)
        tensors.append(_Tensor("softmax_output", scores, 0, 0, _bytes_formula(element, f"as²b{tp_}"), core))
        if dropout:
            tensors += [_Tensor("attn_dropout_mask", 0, scores, 0, f"as²b{tp_}", core),
                        _Tensor("attn_dropout_output", scores, 0, 0, _bytes_formula(element, f"as²b{tp_}"), core)]


def _attention_output(b: _LayerBuilder) -> None:
    """The output projection, the dropout and residual add after attention, and the second norm's
    input and output (the MLP's input)."""
    op, element, sbh, el = b.op, b.element, b.sbh, ELEMENTWISE_FLOPS
    tokens, h, a, t, rep, dv, dropout = b.tokens, b.h, b.a, b.t, b.rep, b.dv, b.dropout
    op("out_proj", 2 * tokens * a * dv * h / t, True, "output projection")
    op("attn_residual", (el["add"] + (el["dropout"] if dropout else 0)) * tokens * h / rep, False,
       "dropout and residual add" if dropout else "residual add")
    if dropout:
        op("attn_out_dropout_mask", el["dropout"] * tokens * h / rep, False, "dropout mask")
        b.tensors.append(_Tensor("attn_out_dropout_mask", 0, tokens * h / rep, 0, sbh, ("attn_out_dropout_mask",)))
    b.tensors += [_Tensor("norm2_input", tokens * h / rep, 0, 0, _bytes_formula(element, sbh),
                          ("out_proj", "attn_residual")),
                  _Tensor("mlp_input", tokens * h / rep, 0, 0, _bytes_formula(element, sbh), ("norm2",))]


def _mlp_block(b: _LayerBuilder, moe: bool) -> None:
    """The dense MLP or the MoE part (`_moe_tensors`), then the dropout and residual add after it."""
    m, op, el = b.s.model, b.op, ELEMENTWISE_FLOPS
    tokens, h, t, rep, dropout, tp_ = b.tokens, b.h, b.t, b.rep, b.dropout, b.tp_
    if not moe:
        ffn = m.ffn_hidden
        b.mlp("mlp", ffn, tokens, t, (ffn // h, f"sbh{tp_}") if ffn % h == 0 else (1, f"sbf{tp_}"), "MLP")
    else:
        _moe_tensors(b.s, b.tensors, op, b.mlp, b.element, b.rep_)
    op("mlp_residual", (el["add"] + (el["dropout"] if dropout else 0)) * tokens * h / rep, False,
       "dropout and residual add" if dropout else "residual add")
    if dropout:
        op("mlp_dropout_mask", el["dropout"] * tokens * h / rep, False, "dropout mask")
        b.tensors.append(_Tensor("mlp_dropout_mask", 0, tokens * h / rep, 0, b.sbh, ("mlp_dropout_mask",)))


def _moe_tensors(s: Scenario, tensors: list[_Tensor], op: Callable[[str, float, bool, str], str],
                 mlp: Callable[..., None], element: float, rep_: str) -> None:
    """The MoE part of a layer, as Megatron-LM's MoE layer keeps it for backward (the router, the
    token dispatcher, the routed experts on the busiest GPU and the shared experts), per micro-batch
    on one GPU: n tokens of its own, R routed copies on the GPU that receives the most
    (models/memory/routed.py).

    - Router (megatron/core/transformer/moe/router.py, moe_utils.py topk_routing_with_score_function;
      Transformer Engine's fused router, transformer_engine/pytorch/router.py): the scores over all
      E experts in FP32 — sigmoid with DeepSeek-V3's per-expert bias (§2.1.2), softmax otherwise —,
      the load-balancing loss's own scores (compute_routing_scores_for_aux_loss; Mixtral's auxiliary
      loss, DeepSeek-V3's sequence-wise one), the top-k scores (FP32) and indices (int64) of the
      unfused path and the fused path's routing map (1 byte per token and expert).
    - Dispatcher (token_dispatcher.py, moe_utils.py permute / unpermute / sort_chunks_by_idxs;
      transformer_engine/pytorch/permutation.py): the row ids of the permutation — Transformer
      Engine's int32 row-id map of n × (2E + 1), or the unfused path's two int64 index vectors of
      n·K, whichever is larger — and the receiving side's int64 sort indices, one per routed copy;
      the permuted tokens, FC1's input (experts.py, TEGroupedMLP), and the routing weight of each
      routed copy in FP32 (kept by the weighted SwiGLU, or by the weighted combine).
    - Experts: FC1's output (the SwiGLU's input) and the SwiGLU's output (FC2's input) per routed
      copy. `moe.weighting`: "combine" (Megatron-LM before core 0.13: unpermute's
      `permuted_tokens * permuted_probs`) keeps each token's K expert outputs at the activation
      precision for the weights' gradient, "combine-fp32" (torchtitan,
      torchtitan/models/common/token_dispatcher.py: the outputs cast to FP32, then weighted) in
      FP32; "activation" (Megatron-LM from core 0.13, "Memory efficient token permutation": the
      weighted SwiGLU, megatron/core/fusions/fused_bias_swiglu.py) multiplies inside the
      activation, and the combine's un-permutation is a scatter-add that keeps only indices.
    - Shared experts (shared_experts.py, SharedExpertMLP): their SwiGLU tensors on the n tokens, and
      with a sigmoid gate (Qwen2-MoE) the ungated output and the gate."""
    m, p = s.model, s.parallel
    el = ELEMENTWISE_FLOPS
    h, experts, k = m.hidden, m.experts, m.top_k
    rows = routed_rows(s)
    n, routed = rows.tokens, rows.rows
    etp_ = "·t_e" if p.etp > 1 else ""
    copies = f"ρ·sbK{etp_}{rep_}"  # the routed copies on the busiest GPU
    if rows.padding_rows:
        copies = f"({copies} + P)"
    sigmoid = m.expert_bias
    router = (op("router", 2 * h * n * experts, True, "router"),
              op("router_scores", el["softmax"] * n * experts, False,
                 "routing scores (sigmoid, top-k)" if sigmoid else "routing scores (softmax, top-k)"))
    op("dispatch", 0.0, False, "permutation and dispatch all-to-all again (communication)")
    token_map, token_map_formula = max((4 * (2 * experts + 1), f"4sb(2E+1){rep_}"), (16 * k, f"16sbK{rep_}"))
    tensors += [
        _Tensor("router_probs", 0, 0, 4 * n * experts, f"4sbE{rep_}", router),
        _Tensor("router_aux_scores", 0, 0, 4 * n * experts, f"4sbE{rep_}", router),
        _Tensor("router_topk", 0, 0, 12 * n * k, f"12sbK{rep_}", router),
        _Tensor("moe_routing_map", 0, n * experts, 0, f"sbE{rep_}", router),
        _Tensor("moe_row_ids", 0, 0, token_map * n + 8 * routed, f"{token_map_formula} + 8{copies}",
                router + ("dispatch",)),
        _Tensor("dispatched", routed * h, 0, 0, _bytes_formula(element, f"{copies}·h"), ("dispatch",)),
        _Tensor("moe_permuted_probs", 0, 0, 4 * routed, f"4{copies}", router + ("dispatch",)),
    ]
    weighting = s.moe.weighting
    weighted = weighting == "activation"
    if p.etp > 1:
        expert_width = f"{copies}·f_e/t_e"
    else:
        expert_width = f"{copies}·f_e"
    mlp("expert", m.expert_ffn_hidden, routed, p.etp, (1, expert_width), "expert", weighted=weighted)
    op("combine", (el["add"] + (0 if weighted else 1)) * n * k * h, False,
       "sum of the experts' outputs" if weighted else "routing weights × the experts' outputs, summed")
    if weighting == "combine":
        tensors.append(_Tensor("moe_unpermuted_output", n * k * h, 0, 0, _bytes_formula(element, f"sbK{rep_}·h"),
                               ("expert_down", "combine")))
    elif weighting == "combine-fp32":  # torchtitan casts the outputs to FP32 before weighting them
        tensors.append(_Tensor("moe_unpermuted_output", 0, 0, 4 * n * k * h, f"4sbK{rep_}·h",
                               ("expert_down", "combine")))
    width = shared_ffn(s)
    if width:
        tp_ = "/t" if p.tp > 1 else ""
        tokens = m.seq_len / p.cp * m.micro_batch  # all-gathered over TP for its column-parallel FC1
        mlp("shared", width, tokens, p.tp, (1, f"sb·f_s{tp_}"), "shared-expert")
        if m.shared_expert_gate:
            gate = op("shared_gate", 2 * n * h, True, "shared-expert gate")
            tensors.append(_Tensor("shared_gated_output", n * (h + 1), 0, 0,
                                   _bytes_formula(element, f"sb(h+1){rep_}"), ("shared_down", gate)))
