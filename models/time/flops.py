"""FLOPs and HBM bytes of one layer (of each kind), the LM head and the embedding, for one
micro-batch on one GPU, op by op, split as the zero-bubble schedules split the backward.

Every GEMM Y[m×n] = X[m×k]·W[k×n] costs 2·m·n·k FLOPs forward, and its backward is two GEMMs of
the same size (Qi et al., "Zero Bubble Pipeline Parallelism", ICLR'24, §2): the input gradient
I: dX = dY·Wᵀ, and the weight gradient W: dW = Xᵀ·dY. Attention's S² part (QKᵀ and attention
over V) has no weights: its backward is all input gradient, twice its forward (dQ, dK from dS;
dP, dV from dO). So for the GEMMs I = W = F and B = I + W = 2F, the 6·N·tokens rule of Kaplan et
al. ("Scaling Laws for Neural Language Models", 2020, §2.1: C ≈ 6N per token plus 6·n_layer·
n_ctx·d_attn for attention), and for a GPT layer without recompute 3 × (24·B·s·h² + 4·B·s²·h) =
72·B·s·h²·(1 + s/(6h)) (Narayanan et al., "Efficient Large-Scale Language Model Training on GPU
Clusters Using Megatron-LM", SC'21, §5.1, eq. 3 without its recompute pass).

Shapes per GPU: tokens T = s/cp · b (context parallelism splits the sequence; every query still
sees all s keys); TP divides the heads and the MLP width (Megatron-LM's column- and row-parallel
linears), and with sequence parallelism the TP-replicated element-wise work by t (Korthikanti et
al., MLSys'23, §4.2.2); the routed experts take each GPU's fair share of the T·top_k token
assignments (balanced routing over E/ep local experts, each sharded by etp); MLA's down-projections
and the router run on the TP-replicated tokens (÷ t with SP).

FlashAttention's kernels run at `context.attention_efficiency` of the BF16 peak (default 0.5, the
lower end of the 50–73 % of peak FlashAttention-2 measures on A100, Dao 2023 §4), forward and
backward, not at the GEMM curve: their softmax, masking and rescaling between the two GEMMs of a
block keep the tensor cores idle part of the time.

Causal attention. Model FLOPs (MFU's numerator) count half of the s×s score matrix, what a causal
mask leaves: Kaplan's 2·n_layer·n_ctx·d_attn per token forward, and Megatron-LM's
num_floating_point_operations (megatron/training/training.py: "causal mask (only half of the mask
is non-zero)"). Executed FLOPs count what the kernel runs: FlashAttention skips the key blocks above
the diagonal and computes the diagonal ones whole ((n + 1)/(2n) of the matrix for n key blocks of
FLASH_BLOCK; Dao 2023, FlashAttention-2, §3.1.1), and its backward recomputes QKᵀ from the saved
statistics, five GEMMs instead of four (2.5 × the forward when d_qk = d_v, the count of
Dao-AILab/flash-attention, benchmarks/benchmark_flash_attention.py, `flops`); without
FlashAttention the full s×s scores are computed and masked (Megatron-LM's fused
scale-mask-softmax), as Narayanan et al. count them.

Recompute: a fully recomputed layer reruns its whole forward; otherwise the ops the memory model's
activation policy recomputes for that layer (models/memory/policy.py: `LayerPolicy.recompute_ops`)
run once more, at this module's executed cost.

Element-wise bytes per op (forward; backward): a norm reads and writes its input (2; 3 — it reads x
and dy and writes dx), a residual add with dropout reads two, writes one and a mask byte, SwiGLU
reads gate and up and writes their product (3; 5), GeLU (2; 3), softmax over the scores (2; 3),
dropout (2 + mask; the same), the vocabulary-parallel cross-entropy reads the logits and passes the
FP32 probabilities three times (e + 12 bytes per logit; 4 + e), the embedding writes its rows
(2; e + 8 into the FP32 gradient). A deterministic teaching model, not a measurement.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from ..declared import reads
from ..hardware import GPUS
from ..memory import head_dim, is_moe_layer, padded_vocab, pipeline_layout
from ..memory.params import shared_ffn
from ..memory.policy import activation_policy, is_recomputed
from ..moe.load import scenario_load
from ..scenario import BYTES_PER_ELEMENT, Scenario
from .efficiency import DEFAULT_SMS, SM_COUNT, Kernel, gemm, grouped_gemm, grouped_weight_gemm

FLASH_BLOCK = 128  # key block of the attention kernel (FlashAttention-2 §3.3 tunes blocks of 64 or 128; 128 here)


@dataclass(frozen=True)
class Op:
    """One op of a layer for one micro-batch on one GPU: forward kernels, the backward split into
    input-gradient (I) and weight-gradient (W) kernels, the forward's model FLOPs and the
    element-wise HBM bytes forward and backward."""
    name: str
    forward: tuple[Kernel, ...] = ()
    input_grad: tuple[Kernel, ...] = ()
    weight_grad: tuple[Kernel, ...] = ()
    model_forward: float = 0.0
    bytes_forward: float = 0.0
    bytes_backward: float = 0.0
    attention: bool = False  # the S² part (context parallelism's ring hides behind it)
    expert: bool = False     # a routed-expert GEMM (EP's all-to-all can hide behind it)

    @property
    def forward_flops(self) -> float:
        return sum(k.flops for k in self.forward)

    @property
    def input_grad_flops(self) -> float:
        return sum(k.flops for k in self.input_grad)

    @property
    def weight_grad_flops(self) -> float:
        return sum(k.flops for k in self.weight_grad)


@dataclass(frozen=True)
class Shard:
    """How one GPU's share is cut: tp, cp, the TP replication divisor (t with SP, else 1), ep, etp."""
    tp: int = 1
    cp: int = 1
    rep: int = 1
    ep: int = 1
    etp: int = 1
    routed: bool = True   # the routed experts' tokens from the routing model's busiest rank (else the mean)


WHOLE = Shard(routed=False)


def shard_of(s: Scenario) -> Shard:
    p = s.parallel
    return Shard(p.tp, p.cp, p.tp if p.sp else 1, p.ep, p.etp)


def _weight(name: str, m: float, n: float, k: float, element: float, batch: float = 1.0,
            expert: bool = False, fp8: bool = False) -> Op:
    forward = gemm(m, n, k, element, batch, fp8)
    return Op(name, (forward,), (gemm(m, k, n, element, batch, fp8),), (gemm(k, n, m, element, batch, fp8),),
              forward.flops, expert=expert)


def _fp8_cast(name: str, inputs: float, outputs: float, element: float) -> Op:
    """The casts an FP8 linear layer adds (DeepSeek-V3 §3.3.2): its input quantized to FP8 in rows
    and, for the weight gradient, in columns (read once at `element` bytes, written twice at one
    byte: `inputs` elements); its output gradient likewise in the backward (`outputs` elements).
    The weights' FP8 copy is cast once per step, not per micro-batch, and left out."""
    return _elementwise(f"{name}_fp8_cast", inputs * (element + 2), outputs * (element + 2))


def _accumulated(ops: list[Op] | tuple[Op, ...], s: Scenario) -> tuple[Op, ...]:
    """The weight-gradient GEMMs accumulate into the gradient buffer at `precision.grads`, reading and
    writing it every micro-batch (Megatron-LM's gradient-accumulation fusion: the wgrad GEMM adds
    into the FP32 main_grad, megatron/core/tensor_parallel/layers.py), instead of writing a fresh
    output at the activations' precision."""
    grad = float(BYTES_PER_ELEMENT[s.precision.grads])

    def into(k: Kernel) -> Kernel:
        if k.out_bytes <= 0:
            return k
        out = 2.0 * k.out_bytes / float(BYTES_PER_ELEMENT[s.precision.activations]) * grad
        return dataclasses.replace(k, bytes=k.bytes - k.out_bytes + out, out_bytes=out)

    return tuple(dataclasses.replace(op, weight_grad=tuple(into(k) for k in op.weight_grad)) if op.weight_grad
                 else op for op in ops)


def _linear(name: str, m: float, n: float, k: float, element: float, fp8: bool, batch: float = 1.0) -> list[Op]:
    """A linear layer Y[m×n] = X[m×k]·W[k×n] (`batch` times): its GEMMs, and its casts when FP8."""
    ops = [_weight(name, m, n, k, element, batch, fp8=fp8)]
    if fp8:
        ops.append(_fp8_cast(name, m * k * batch, m * n * batch, element))
    return ops


def _elementwise(name: str, forward_bytes: float, backward_bytes: float) -> Op:
    return Op(name, bytes_forward=forward_bytes, bytes_backward=backward_bytes)


def causal_share(s: Scenario) -> float:
    """The share of the s×s scores the attention kernel computes: FlashAttention's causal blocks
    ((n + 1)/(2n), n key blocks), or all of them without FlashAttention."""
    if not s.activation.flash_attention:
        return 1.0
    blocks = max(1.0, s.model.seq_len / FLASH_BLOCK)
    return (blocks + 1) / (2 * blocks)


def _attention(s: Scenario, sh: Shard, e: float, dq: float, dv: float, kv_heads: float) -> list[Op]:
    m = s.model
    b, keys = m.micro_batch, m.seq_len
    queries = m.seq_len / sh.cp
    heads = m.heads / sh.tp
    batch = b * heads
    model_share = 0.5  # the causal mask's half
    if s.activation.flash_attention:
        share = causal_share(s)
        seen = keys * share
        kv = b * kv_heads / sh.tp * keys * (dq + dv) * e
        io_forward = batch * queries * (dq + dv) * e + kv + 4 * batch * queries
        io_backward = 2 * batch * queries * (dq + dv) * e + 2 * kv + 4 * batch * queries
        tiles = math.ceil(queries / FLASH_BLOCK) * batch
        share = s.context.attention_efficiency
        forward = Kernel(2 * batch * queries * seen * (dq + dv), io_forward, tiles=tiles, achievable=share)
        backward = Kernel(2 * batch * queries * seen * (3 * dq + 2 * dv), io_backward, tiles=tiles, achievable=share)
        return [Op("flash_forward", (forward,), (backward,), (),
                   2 * batch * queries * keys * model_share * (dq + dv), attention=True)]
    scores = batch * queries * keys
    ops = [Op("qk_scores", (gemm(queries, keys, dq, e, batch),),
              (gemm(queries, dq, keys, e, batch), gemm(keys, dq, queries, e, batch)), (),
              2 * scores * dq * model_share, attention=True),
           _elementwise("softmax", 2 * scores * e, 3 * scores * e)]
    if m.dropout:
        ops.append(_elementwise("attn_dropout", scores * (2 * e + 1), scores * (2 * e + 1)))
    ops.append(Op("attn_v", (gemm(queries, dv, keys, e, batch),),
                  (gemm(queries, keys, dv, e, batch), gemm(keys, dv, queries, e, batch)), (),
                  2 * scores * dv * model_share, attention=True))
    return ops


def _mlp(prefix: str, tokens: float, hidden: float, width: float, shard: float, e: float, swiglu: bool,
         fp8: bool = False) -> list[Op]:
    """A dense MLP: up (gate and up fused for SwiGLU), activation, down."""
    inputs = 2 if swiglu else 1
    inner = tokens * width / shard
    return [*_linear(f"{prefix}_up", tokens, inputs * width / shard, hidden, e, fp8),
            _elementwise(f"{prefix}_act", (3 if swiglu else 2) * inner * e, (5 if swiglu else 3) * inner * e),
            *_linear(f"{prefix}_down", tokens, hidden, width / shard, e, fp8)]


def _experts(rows: tuple[float, ...], hidden: float, width: float, e: float, swiglu: bool, fp8: bool,
             sms: int) -> list[Op]:
    """The routed experts of one GPU as grouped GEMMs (expert g receives rows[g] tokens): up,
    activation with the routing weight folded in (one more read of its output), down."""
    inputs = 2 if swiglu else 1
    tokens = sum(rows)
    up_n = inputs * width

    def grouped(name: str, n: float, k: float) -> list[Op]:
        forward = grouped_gemm(rows, n, k, e, sms, fp8)
        op = Op(name, (forward,), (grouped_gemm(rows, k, n, e, sms, fp8),),
                (grouped_weight_gemm(rows, k, n, e, sms, fp8),), forward.flops, expert=True)
        return [op, _fp8_cast(name, tokens * k, tokens * n, e)] if fp8 else [op]

    inner = tokens * width
    return [*grouped("expert_up", up_n, hidden),
            _elementwise("expert_act", ((3 if swiglu else 2) + 1) * inner * e, ((5 if swiglu else 3) + 1) * inner * e),
            *grouped("expert_down", hidden, width)]


def fp8_compute(s: Scenario) -> bool:
    """The linear layers run in FP8: `precision.compute = "fp8"` on a GPU with FP8 tensor cores
    (a catalogue GPU whose data sheet gives an FP8 rate, or a custom one); elsewhere they run BF16."""
    gpu = GPUS.get(s.cluster.gpu)
    return s.precision.compute == "fp8" and (gpu is None or gpu.fp8_tflops > 0)


def expert_rows(s: Scenario, sh: Shard) -> tuple[tuple[float, ...], float]:
    """(tokens of each routed expert of the busiest GPU, the busiest rank's load / the mean) for
    one micro-batch: the mean tokens · K · etp · ep / (t · E) per expert, times each expert's share
    under the routing model (models/moe/load.py) when `sh.routed`."""
    m = s.model
    tokens = m.seq_len / sh.cp * m.micro_batch
    local = max(1, m.experts // sh.ep)
    mean = tokens * m.top_k * sh.etp * sh.ep / (sh.tp * m.experts)
    if not sh.routed or m.experts % sh.ep:
        return (mean,) * local, 1.0
    load = scenario_load(s)
    return tuple(mean * share for share in load.shares), load.imbalance


def layer_ops(s: Scenario, moe: bool, sh: Shard) -> tuple[Op, ...]:
    """Every op of one layer (MoE or dense) for one micro-batch on one GPU of shard `sh`, in
    forward order; names follow the memory model's ops (models/memory/policy.py) where they meet."""
    m = s.model
    moe = moe and m.experts > 0  # a dense model's layers are all dense
    e = float(BYTES_PER_ELEMENT[s.precision.activations])
    tokens = m.seq_len / sh.cp * m.micro_batch
    h, a, t, rep = m.hidden, m.heads, sh.tp, sh.rep
    d = head_dim(s)
    x = tokens * h / rep  # a TP-replicated activation (split over t by SP)
    mask = 1.0 if m.dropout else 0.0
    fp8 = fp8_compute(s)
    ops: list[Op] = [_elementwise("norm1", 2 * x * e, 3 * x * e)]
    if m.attention == "mla":
        rope = m.qk_rope_head_dim
        dq, dv, kv_heads = d + rope, (m.v_head_dim or d), a
        q_lora, kv_lora = m.q_lora_rank, m.kv_lora_rank
        ops += _linear("mla_down", tokens / rep, q_lora + kv_lora + rope, h, e, fp8)
        latent = tokens * (q_lora + kv_lora) / rep
        ops.append(_elementwise("mla_latent_norm", 2 * latent * e, 3 * latent * e))
        ops += _linear("q_up", tokens, a * dq / t, q_lora or h, e, fp8)
        ops += _linear("kv_up", tokens, a * (d + dv) / t, kv_lora, e, fp8)
        rotated = tokens * (a * rope / t + rope)
    else:
        rope = d
        dq = dv = d
        kv_heads = m.kv_heads
        ops += _linear("qkv_proj", tokens, (a + 2 * kv_heads) * d / t, h, e, fp8)
        rotated = tokens * (a + kv_heads) * d / t
    if m.qk_norm:
        normed = tokens * (a + kv_heads) * dq / t
        ops.append(_elementwise("qk_norm", 2 * normed * e, 3 * normed * e))
    if m.position_embedding == "rope" and rope:
        ops.append(_elementwise("rope", 2 * rotated * e, 2 * rotated * e))
    ops += _attention(s, sh, e, dq, dv, kv_heads)
    ops += _linear("out_proj", tokens, h, a * dv / t, e, fp8)
    ops.append(_elementwise("attn_residual", (3 * e + mask) * x, (2 * e + mask) * x))
    ops.append(_elementwise("norm2", 2 * x * e, 3 * x * e))
    swiglu = m.mlp == "swiglu"
    if not moe:
        ops += _mlp("mlp", tokens, h, m.ffn_hidden, t, e, swiglu, fp8)
    else:
        k = m.top_k
        routed = tokens / rep
        rows, _ = expert_rows(s, sh)
        received = sum(rows) * h * e   # the expert inputs that arrive on the busiest GPU
        # the router (BF16, V3 §3.3), its scores: logits, softmax or sigmoid, top-k, in FP32
        ops.append(_weight("router", routed, m.experts, h, e))
        ops.append(_elementwise("router_scores", 8 * routed * m.experts, 12 * routed * m.experts))
        # permute: the local tokens read and written in expert order for the dispatch, the received
        # copies scattered into each expert's rows (the all-to-all itself is communication)
        ops.append(_elementwise("dispatch", (1 + k) * x * e + 2 * received, (1 + k) * x * e + 2 * received))
        sms = SM_COUNT.get(s.cluster.gpu, DEFAULT_SMS)
        ops += _experts(rows, h, m.expert_ffn_hidden / sh.etp, e, swiglu, fp8, sms)
        # unpermute: the outputs gathered back into token order and weighted, then summed per token
        ops.append(_elementwise("combine", (k + 1) * x * e + 2 * received, (2 * k + 1) * x * e + 2 * received))
        width = shared_ffn(s)
        if width:
            ops += _mlp("shared", tokens, h, width, t, e, swiglu, fp8)
            if m.shared_expert_gate:
                ops.append(_weight("shared_gate", routed, 1, h, e))
    ops.append(_elementwise("mlp_residual", (3 * e + mask) * x, (2 * e + mask) * x))
    return _accumulated(ops, s)


def head_ops(s: Scenario, sh: Shard) -> tuple[Op, ...]:
    """The final norm, the LM head (vocabulary-parallel over TP, the padded vocabulary) and the loss."""
    m = s.model
    e = float(BYTES_PER_ELEMENT[s.precision.activations])
    tokens = m.seq_len / sh.cp * m.micro_batch
    x = tokens * m.hidden / sh.rep
    vocab = padded_vocab(s)  # the run's padded vocabulary, however it is cut
    logits = tokens * vocab / sh.tp
    return _accumulated((_elementwise("final_norm", 2 * x * e, 3 * x * e),
                         _weight("lm_head", tokens, vocab / sh.tp, m.hidden, e),
                         _elementwise("loss", (e + 12) * logits, (4 + e) * logits)), s)


def embedding_ops(s: Scenario, sh: Shard) -> tuple[Op, ...]:
    m = s.model
    e = float(BYTES_PER_ELEMENT[s.precision.activations])
    x = m.seq_len / sh.cp * m.micro_batch * m.hidden / sh.rep
    return (_elementwise("embedding", 2 * x * e, (e + 8) * x),)


def mtp_ops(s: Scenario, sh: Shard) -> tuple[Op, ...]:
    """What a DeepSeek-V3 MTP module adds to its Transformer layer (§2.2): the embedding of the
    shifted tokens, the norms of its two inputs, the projection M_k (2h → h) and its own pass
    through the shared head and the loss."""
    m = s.model
    e = float(BYTES_PER_ELEMENT[s.precision.activations])
    tokens = m.seq_len / sh.cp * m.micro_batch
    x = tokens * m.hidden / sh.rep
    return (embedding_ops(s, sh) + _accumulated((_elementwise("mtp_norms", 4 * x * e, 6 * x * e),
            _weight("mtp_proj", tokens, m.hidden / sh.tp, 2 * m.hidden, e)), s) + head_ops(s, sh))


# The memory model's op names (models/memory/policy.py) → (this module's op, share of it).
def _policy_map(s: Scenario) -> dict[str, tuple[tuple[str, float], ...]]:
    m = s.model
    d = head_dim(s)
    if m.attention == "mla":
        dv = m.v_head_dim or d
        qk: tuple[tuple[str, float], ...] = (("q_up", 1.0), ("kv_up", d / (d + dv)))
        v: tuple[tuple[str, float], ...] = (("kv_up", dv / (d + dv)),)
    else:
        a, g = m.heads, m.kv_heads
        qk = (("qkv_proj", (a + g) / (a + 2 * g)),)
        v = (("qkv_proj", g / (a + 2 * g)),)
    folded: tuple[tuple[str, float], ...] = ()
    return {"qk_proj": qk, "v_proj": v, "attn_dropout_mask": folded, "attn_out_dropout_mask": folded,
            "mlp_dropout_mask": folded}


@dataclass(frozen=True)
class Recompute:
    """The forward work a layer reruns in its backward: kernels (with the share of each that runs)
    and element-wise bytes."""
    kernels: tuple[tuple[Kernel, float], ...]
    bytes: float
    unknown_flops: float = 0.0  # ops of the memory model this module does not have (counted as GEMM FLOPs)

    @property
    def flops(self) -> float:
        return sum(k.flops * share for k, share in self.kernels) + self.unknown_flops


def recompute_of(s: Scenario, ops: tuple[Op, ...], moe: bool, recomputed: bool) -> Recompute:
    """What the layer recomputes: everything for a fully recomputed layer, else the memory model's
    recomputed ops of that kind of layer."""
    if recomputed:
        return Recompute(tuple((k, 1.0) for op in ops for k in op.forward), sum(op.bytes_forward for op in ops))
    by_name = {op.name: op for op in ops}
    mapping = _policy_map(s)
    kernels: list[tuple[Kernel, float]] = []
    moved = unknown = 0.0
    for name, flops, _gemm in activation_policy(s).layer(moe, False).recompute_ops:
        targets = mapping.get(name, ((name, 1.0),))
        for target, share in targets:
            op = by_name.get(target)
            if op is None:
                if name not in mapping:
                    unknown += flops
                continue
            kernels += [(k, share) for k in op.forward]
            moved += op.bytes_forward * share
    return Recompute(tuple(kernels), moved, unknown)


@dataclass(frozen=True)
class OpFlops:
    """One layer (or the head) for one micro-batch on one GPU: executed FLOPs of the forward (F),
    the input gradient (I) and the weight gradient (W) — the zero-bubble split — and of the
    recomputed forward; the element-wise HBM bytes (forward + backward + recompute, and each)."""
    forward: float
    input_grad: float
    weight_grad: float
    recompute: float
    hbm_bytes: float
    model_forward: float = 0.0         # the forward's model FLOPs (causal attention halved)
    hbm_forward_bytes: float = 0.0
    hbm_backward_bytes: float = 0.0
    hbm_recompute_bytes: float = 0.0


def op_flops(ops: tuple[Op, ...], recompute: Recompute | None = None) -> OpFlops:
    fwd = sum(op.bytes_forward for op in ops)
    bwd = sum(op.bytes_backward for op in ops)
    rec = recompute.bytes if recompute else 0.0
    return OpFlops(forward=sum(op.forward_flops for op in ops), input_grad=sum(op.input_grad_flops for op in ops),
                   weight_grad=sum(op.weight_grad_flops for op in ops),
                   recompute=recompute.flops if recompute else 0.0, hbm_bytes=fwd + bwd + rec,
                   model_forward=sum(op.model_forward for op in ops), hbm_forward_bytes=fwd,
                   hbm_backward_bytes=bwd, hbm_recompute_bytes=rec)


@dataclass(frozen=True)
class LayerFlops:
    """One layer of each kind, the head and the embedding, one micro-batch on one GPU (one TP and
    CP rank), and the whole step's totals."""
    dense: OpFlops
    moe: OpFlops | None
    head: OpFlops                   # final norm, LM head, loss
    model_flops_per_step: float     # 3 × the model forward of every layer and head, all micro-batches and replicas
    hardware_flops_per_step: float  # what every GPU executes, recompute included
    embedding: OpFlops | None = None
    mtp: OpFlops | None = None      # what an MTP module adds to its layer (projection, its head and loss)
    recompute_flops_per_step: float = 0.0


def _whole_step_model_flops(s: Scenario) -> float:
    """Model FLOPs of a step: 3 × the forward model FLOPs (F + I + W, B = 2F) of every layer, the
    head (and each MTP module's), for every sequence of the global batch."""
    m = s.model
    kinds = {moe: sum(op.model_forward for op in layer_ops(s, moe, WHOLE)) for moe in (False, True)}
    forward = sum(kinds[is_moe_layer(s, layer)] for layer in range(m.layers + m.mtp_layers))
    forward += sum(op.model_forward for op in head_ops(s, WHOLE))
    forward += m.mtp_layers * sum(op.model_forward for op in mtp_ops(s, WHOLE))
    sequences = s.schedule.microbatches * s.parallel.dp
    return 3.0 * forward * sequences


def stage_micro_batches(s: Scenario, copies: int, chunk: int, chunks: int) -> int:
    """Micro-batches through one chunk of a rank: all of them, except DualPipe's two copies, which
    take half each (the mirror copy is the rank's last chunk)."""
    mb = s.schedule.microbatches
    if copies == 2:
        return mb // 2 if chunk == chunks - 1 else mb - mb // 2
    return mb


def _executed(s: Scenario, sh: Shard) -> tuple[float, float]:
    """(executed FLOPs, recompute FLOPs) of one step summed over the pipeline ranks of one
    TP × CP × DP position (then × t·cp·dp for all GPUs)."""
    m = s.model
    per_kind: dict[tuple[bool, bool], tuple[float, float]] = {}

    def layer(moe: bool, recomputed: bool) -> tuple[float, float]:
        key = (moe, recomputed)
        if key not in per_kind:
            ops = layer_ops(s, moe, sh)
            rec = recompute_of(s, ops, moe, recomputed)
            flops = op_flops(ops, rec)
            per_kind[key] = (flops.forward + flops.input_grad + flops.weight_grad + flops.recompute, flops.recompute)
        return per_kind[key]

    head = op_flops(head_ops(s, sh))
    mtp = op_flops(mtp_ops(s, sh))
    total = recompute = 0.0
    for layout in pipeline_layout(s):
        for chunk, layers in enumerate(layout.layers):
            mb = stage_micro_batches(s, layout.copies, chunk, len(layout.layers))
            for index, number in enumerate(layers):
                work, again = layer(is_moe_layer(s, number), is_recomputed(s, index))
                total, recompute = total + mb * work, recompute + mb * again
                if number >= m.layers:
                    total += mb * (mtp.forward + mtp.input_grad + mtp.weight_grad)
            if m.layers - 1 in layers:
                total += mb * (head.forward + head.input_grad + head.weight_grad)
    return total, recompute


# A layer's shapes and shards, its recompute (the activation policy's keys), the micro-batch, the
# GPU's peak and the MoE layer's busiest GPU.
@reads("model", "parallel", "activation", "precision", "schedule", "moe", "cluster", "memory.fp8_recipe", size=256)
def layer_flops(s: Scenario) -> LayerFlops:
    """One layer of each kind (dense; MoE if the model has experts), the head and the embedding for
    one micro-batch on one GPU, their recompute as the activation policy has it (a layer that follows
    `activation.recompute`; the first fully recomputed layer kind when recompute = full), and the
    step's model and executed FLOPs over all GPUs."""
    sh = shard_of(s)
    full = s.activation.recompute == "full" and s.activation.recompute_layers == 0

    def kind(moe: bool) -> OpFlops:
        ops = layer_ops(s, moe, sh)
        return op_flops(ops, recompute_of(s, ops, moe, full))

    executed, recompute = _executed(s, sh)
    replicas = s.parallel.tp * s.parallel.cp * s.parallel.dp
    return LayerFlops(dense=kind(False), moe=kind(True) if s.model.experts else None,
                      head=op_flops(head_ops(s, sh)), model_flops_per_step=_whole_step_model_flops(s),
                      hardware_flops_per_step=executed * replicas, embedding=op_flops(embedding_ops(s, sh)),
                      mtp=op_flops(mtp_ops(s, sh)) if s.model.mtp_layers else None,
                      recompute_flops_per_step=recompute * replicas)


__all__ = ["FLASH_BLOCK", "LayerFlops", "Op", "OpFlops", "Recompute", "Shard", "WHOLE", "causal_share",
           "embedding_ops", "expert_rows", "fp8_compute", "head_ops", "layer_flops", "layer_ops", "mtp_ops", "op_flops",
           "recompute_of", "shard_of", "stage_micro_batches"]
