"""Framework overheads of a training process, as ledger items: the bytes users meet as "the
estimator said it fits" — memory no tensor of the model owns.

- CUDA context and cuBLAS workspaces (GPU): `memory.cuda_context_mib` (default 273.75 MiB =
  287,047,680 B, the context PyTorch measured with lazy module loading, pytorch/pytorch#86509;
  666,632,192 B loaded eagerly) plus PyTorch's cuBLAS workspace per handle and stream
  (CUBLAS_WORKSPACE_CONFIG ":4096:2:16:8" = 8,519,680 B, ":4096:8" = 32 MiB on Hopper and newer)
  and cuBLASLt workspace (1 MiB, 4 MiB on Ampere with ≥ 24 GB, 32 MiB on Hopper and newer). An
  allowance: the context grows with every library that loads kernels into it.
- NCCL communicator buffers (GPU): for each process group of more than one rank this GPU belongs
  to (Megatron-LM's tp, cp, dp × cp, pp, the tied-embedding group, ep, etp, edp), NCCL keeps on
  every ring channel a receive buffer per protocol: Simple NCCL_BUFFSIZE (`memory.nccl_buffsize_mib`,
  NCCL's default 4 MiB), LL 8 lines × 512 threads × 8 steps × 16 B = 512 KiB and LL128
  120 × 640 threads × 8 steps × 8 B = 4.6875 MiB (NCCL src/init.cc), for the protocols of
  `memory.nccl_protocols` (NCCL_PROTO; default all three), × `memory.nccl_channels` (default 16, an
  assumption: NCCL picks the count from the topology). Tree, NVLS and point-to-point connections,
  which NCCL makes on first use, are not counted.
- DeepEP buffers (GPU), for an MoE model with ep > 1 and `memory.deepep` ≠ "none" (default
  "normal"): DeepEP's size hints re-derived from deepseek-ai/DeepEP csrc/config.hpp — normal
  kernels: the NVLink buffer (get_nvl_buffer_size_hint) and, across nodes, the RDMA buffer
  (get_rdma_buffer_size_hint), the larger of the dispatch and combine configs of deep_ep/buffer.py
  for the EP size, with Megatron-LM's hidden bytes 2h (fused_a2a.py), plus DeepEP's 32 MiB
  workspace; low-latency kernels: get_low_latency_rdma_size_hint for the rank's s·b/cp tokens.
  These replace the ledger's own dispatch + combine receive estimate (`replaces_moe_dispatch`).
- FP8 weight copies (GPU), `memory.fp8_weight_copies` (default 0 = off): Transformer Engine casts
  the weights of linear layers only — attention projections, MLPs, experts; not embeddings, the
  output head, the router, norms (DeepSeek-V3 report §3.3) — and caches the FP8 weight (1) and its
  transposed copy (2) across micro-batches, with the scaling state of `memory.fp8_recipe`.
- Offload host buffers (CPU tier), `memory.offload_buffers` (default on), only with offload.* on
  cpu / nvme: DeepSpeed's NVMe swap buffers (offload_param 5 × 1e8 elements, offload_optimizer
  4 × the largest sub-group of at most 1e9 elements) and the FP32 gradient partition the CPU
  optimizer steps on.

Everything here is a deterministic teaching model of byte counts, not a measurement.
"""
from __future__ import annotations

import math

from ..problems import QT_TRANSLATE_NOOP
from ..scenario import BYTES_PER_ELEMENT, Scenario
from ..units import format_bytes
from .items import LedgerItem
from .params import is_moe_layer, layer_params
from .partition import RankLayout

MIB = 1 << 20
KIB = 1 << 10

SRC_CUDA = ("pytorch/pytorch#86509 (CUDA context 287,047,680 B with CUDA_MODULE_LOADING=LAZY, 666,632,192 B "
            "eager); CUDA C++ Programming Guide, Lazy Loading; PyTorch aten/src/ATen/cuda/CublasHandlePool.cpp "
            "(CUBLAS_WORKSPACE_CONFIG) and CUDABlas.cpp (CUBLASLT_WORKSPACE_SIZE, pytorch/pytorch#120925) — "
            "an allowance")
SRC_NCCL = ("NCCL environment variables (NCCL_BUFFSIZE, default 4 MiB; NCCL_PROTO); NCCL src/init.cc "
            "(DEFAULT_LL_BUFFSIZE, DEFAULT_LL128_BUFFSIZE) and src/include/device.h (buffers on the receiving "
            "side); Megatron-LM megatron/core/parallel_state.py (process groups)")
SRC_DEEPEP = ("deepseek-ai/DeepEP, csrc/config.hpp (get_nvl_buffer_size_hint, get_rdma_buffer_size_hint, "
              "get_low_latency_rdma_size_hint), deep_ep/buffer.py (dispatch / combine configs, num_sms 20), "
              "csrc/kernels/configs.cuh (32 MiB workspace); Megatron-LM megatron/core/transformer/moe/fused_a2a.py")
SRC_FP8 = ("NVIDIA Transformer Engine documentation (FP8 weights cached across micro-batches, transposed copies, "
           "DelayedScaling amax_history_len 1024, MXFP8 1×32 blocks with E8M0 scales); DeepSeek-V3 technical "
           "report §3.3 (128×128 weight blocks; embedding, output head, gating and norms kept in BF16/FP32)")
SRC_DS_SWAP = ("DeepSpeed configuration JSON: zero_optimization.offload_param (buffer_count 5, buffer_size 1e8), "
               "offload_optimizer (buffer_count 4), sub_group_size 1e9; Rajbhandari et al., ZeRO-Infinity (SC'21)")
SRC_DS_GRAD = ("DeepSpeed deepspeed/runtime/zero/stage_1_and_2.py (the FP32 gradient partition of the offloaded "
               "optimizer, pinned with offload_optimizer.pin_memory); Ren et al., ZeRO-Offload (ATC'21)")

# ---------------------------------------------------------------------------------------------
# CUDA context and cuBLAS workspaces

COMPUTE_CAPABILITY = {"h100": 9, "h800": 9, "h200": 9, "b200": 10, "a100-40": 8, "a100-80": 8}


def cublas_workspace(gpu: str) -> tuple[int, str]:
    """PyTorch's cuBLAS workspace per handle and stream and its CUBLAS_WORKSPACE_CONFIG: ":4096:8"
    (8 × 4096 KiB) on Hopper and newer, else ":4096:2:16:8" (2 × 4096 KiB + 8 × 16 KiB). A GPU
    outside the catalogue ("custom") is taken as Hopper-class."""
    if COMPUTE_CAPABILITY.get(gpu, 9) >= 9:
        return 8 * 4096 * KIB, ":4096:8"
    return (2 * 4096 + 8 * 16) * KIB, ":4096:2:16:8"


def cublaslt_workspace(gpu: str) -> int:
    """PyTorch's cuBLASLt workspace (CUBLASLT_WORKSPACE_SIZE): 32 MiB on Hopper and newer, 4 MiB on
    Ampere with at least 24 GB (every A100 of the catalogue)."""
    return 32 * MIB if COMPUTE_CAPABILITY.get(gpu, 9) >= 9 else 4 * MIB


def _cuda_context(s: Scenario) -> list[LedgerItem]:
    mib = s.memory.cuda_context_mib
    if mib <= 0:
        return []
    context = round(mib * MIB)
    blas, config = cublas_workspace(s.cluster.gpu)
    lt = cublaslt_workspace(s.cluster.gpu)
    formula = (f"CUDA context {mib:g} MiB (memory.cuda_context_mib; default 273.75 MiB, measured with lazy "
               f"module loading) + cuBLAS workspace {blas / MIB:g} MiB (CUBLAS_WORKSPACE_CONFIG {config}) + "
               f"cuBLASLt workspace {lt / MIB:g} MiB, one process and one compute stream per GPU (an allowance)")
    return [LedgerItem("cuda_context", "buffers", QT_TRANSLATE_NOOP("ledger", "CUDA context and cuBLAS workspaces"),
                       context + blas + lt, "gpu", formula, SRC_CUDA)]


# ---------------------------------------------------------------------------------------------
# NCCL communicators

# Receive buffer per connection and channel of NCCL's low-latency protocols (NCCL src/init.cc):
# LL: NCCL_LL_LINES_PER_THREAD 8 × NCCL_LL_MAX_NTHREADS 512 × NCCL_STEPS 8 × 16-byte FIFO lines;
# LL128: NCCL_LL128_ELEMS_PER_THREAD 120 × NCCL_LL128_MAX_NTHREADS 640 × NCCL_STEPS 8 × 8 B.
NCCL_LL_BYTES = 8 * 512 * 8 * 16
NCCL_LL128_BYTES = 120 * 640 * 8 * 8


def nccl_protocol_bytes(s: Scenario) -> dict[str, int]:
    """Bytes of one ring channel's receive buffers, per protocol enabled in memory.nccl_protocols."""
    sizes = {"ll": NCCL_LL_BYTES, "ll128": NCCL_LL128_BYTES, "simple": round(s.memory.nccl_buffsize_mib * MIB)}
    return {protocol: sizes[protocol] for protocol in s.memory.nccl_protocols.split(",")}


def nccl_communicators(s: Scenario, layout: RankLayout) -> list[tuple[str, int]]:
    """(group, ranks) of every process group of more than one rank that a GPU of this pipeline
    rank belongs to and runs collectives in, as Megatron-LM's initialize_model_parallel creates
    them: tp, cp, the gradients' data-parallel group with CP (dp × cp), pp, the embedding group of
    the first and last stage (tied embeddings only), and for an MoE model ep, etp and the expert
    data-parallel group edp = tp·cp·dp / (etp·ep)."""
    m, p = s.model, s.parallel
    groups = [("tp", p.tp), ("cp", p.cp), ("dp×cp", p.dp * p.cp), ("pp", p.pp)]
    if m.tied_embeddings and p.pp > 1 and (layout.first or layout.last):
        groups.append(("embedding", 2))
    if m.experts:
        edp = max(1, (p.tp * p.cp * p.dp) // (p.etp * p.ep))
        groups += [("ep", p.ep), ("etp", p.etp), ("edp", edp)]
    return [(name, size) for name, size in groups if size > 1]


def _nccl(s: Scenario, layout: RankLayout) -> list[LedgerItem]:
    channels = s.memory.nccl_channels
    groups = nccl_communicators(s, layout)
    if channels <= 0 or not groups:
        return []
    protocols = nccl_protocol_bytes(s)
    per_channel = sum(protocols.values())
    names = {"ll": "LL", "ll128": "LL128", "simple": "Simple"}
    sizes = " + ".join(f"{names[p]} {b / MIB:g} MiB" for p, b in protocols.items())
    listed = ", ".join(f"{name} ({size})" for name, size in groups)
    formula = (f"{len(groups)} communicator{'s' if len(groups) > 1 else ''} [{listed}] × {channels} ring channels "
               f"(memory.nccl_channels, default 16, an assumption) × ({sizes}; NCCL_BUFFSIZE default 4 MiB) = "
               f"{format_bytes(len(groups) * channels * per_channel)}, {per_channel * channels / MIB:,.1f} MiB per "
               f"communicator; tree, NVLS and point-to-point connections not counted")
    return [LedgerItem("nccl_buffers", "buffers", QT_TRANSLATE_NOOP("ledger", "NCCL communicator buffers"),
                       len(groups) * channels * per_channel, "gpu", formula, SRC_NCCL)]


# ---------------------------------------------------------------------------------------------
# DeepEP

NVL_PEERS = 8          # NUM_MAX_NVL_PEERS: GPUs of a node reached over NVLink
MAX_TOPK = 128         # kNumMaxTopK: top-k slots reserved per token
MAX_SCALES = 128       # kNumMaxScales: FP8 scales reserved per token
SOURCE_META_BYTES = 8  # internode::SourceMeta: source RDMA rank and NVLink-rank bits, two int32
TOPK_IDX_BYTES = 8     # topk_idx_t: int64 (TOPK_IDX_BITS 64)
DEEPEP_WORKSPACE = 32 * MIB  # NUM_WORKSPACE_BYTES
ALIGN = 128            # NUM_BUFFER_ALIGNMENT_BYTES
# deep_ep/buffer.py's recommended configs by EP size: (NVLink chunked send, NVLink chunked receive,
# RDMA chunked send, RDMA chunked receive) tokens of Config(num_sms, …).
DEEPEP_DISPATCH = {2: (24, 256, 6, 128), 4: (6, 256, 6, 128), 8: (6, 256, 6, 128), 16: (36, 288, 20, 128),
                   24: (8, 288, 32, 128), 32: (32, 288, 32, 128), 64: (20, 288, 28, 128), 128: (20, 560, 32, 128),
                   144: (32, 720, 12, 128), 160: (28, 720, 12, 128)}
DEEPEP_COMBINE = {2: (10, 256, 6, 128), 4: (9, 256, 6, 128), 8: (4, 256, 6, 128), 16: (4, 288, 12, 128),
                  24: (1, 288, 8, 128), 32: (1, 288, 8, 128), 64: (1, 288, 20, 128), 128: (1, 560, 12, 128),
                  144: (2, 720, 8, 128), 160: (2, 720, 8, 128)}


def _round_up(n: int, multiple: int) -> int:
    return -(-n // multiple) * multiple


def deepep_config(table: dict[int, tuple[int, int, int, int]], ranks: int) -> tuple[int, tuple[int, int, int, int]]:
    """The config DeepEP lists for `ranks`; for an EP size it does not list, the next larger one
    (the largest above 160 ranks). Returns (the listed size used, its token counts)."""
    listed = sorted(table)
    size = next((n for n in listed if n >= ranks), listed[-1])
    return size, table[size]


def deepep_nvl_bytes(hidden_bytes: int, ranks: int, sms: int, nvl_recv_tokens: int) -> int:
    """DeepEP's NVLink buffer hint (get_nvl_buffer_size_hint): per channel (two SMs each) and
    NVLink peer, 2·R + 3 int32 counters and `nvl_recv_tokens` token slots of hidden bytes, source
    metadata, MAX_TOPK int64 indices and FP32 weights and MAX_SCALES FP32 scales; rounded up to 128 B."""
    channels = sms // 2
    rdma_ranks, nvl_ranks = max(ranks // NVL_PEERS, 1), min(ranks, NVL_PEERS)
    slot = hidden_bytes + SOURCE_META_BYTES + MAX_TOPK * (TOPK_IDX_BYTES + 4) + MAX_SCALES * 4
    lanes = channels * nvl_ranks
    return _round_up(lanes * (2 * rdma_ranks + 3) * 4 + lanes * nvl_recv_tokens * slot, ALIGN)


def deepep_rdma_bytes(hidden_bytes: int, ranks: int, sms: int, rdma_send_tokens: int, rdma_recv_tokens: int) -> int:
    """DeepEP's RDMA buffer hint (get_rdma_buffer_size_hint): none within one node (≤ 8 ranks); else
    per channel and node, a symmetric (send + receive) pair of 2·8 + 2 int32 counters and of the
    receive tokens (rounded up to a multiple of the send chunk) with hidden bytes, source metadata,
    indices, weights, scales and an int4; rounded up to 128 B."""
    if ranks <= NVL_PEERS:
        return 0
    channels, rdma_ranks = sms // 2, ranks // NVL_PEERS
    tokens = _round_up(rdma_recv_tokens, rdma_send_tokens)
    slot = hidden_bytes + SOURCE_META_BYTES + MAX_TOPK * (TOPK_IDX_BYTES + 4) + MAX_SCALES * 4 + 16
    lanes = channels * rdma_ranks
    return _round_up(lanes * (2 * NVL_PEERS + 2) * 4 * 2 + lanes * tokens * slot * 2, ALIGN)


def deepep_low_latency_bytes(tokens: int, hidden: int, experts: int) -> int:
    """DeepEP's low-latency RDMA hint (get_low_latency_rdma_size_hint): two (odd/even) sets of a
    send buffer, a receive buffer for every expert's `tokens` messages and an int32 signal per
    expert; a dispatch message is an int4 + the BF16 token (or FP8 + a scale per 128 channels), a
    combine message the BF16 token + a BF16 pair per 128 channels. The total is aligned as DeepEP
    aligns it: ⌊(n + 128) / 128⌋ · 128."""
    scales = hidden // 128
    dispatch = 16 + max(2 * hidden, hidden + 4 * scales)
    combine = 4 * scales + 2 * hidden
    send = max(tokens * dispatch, experts * tokens * combine)
    receive = experts * tokens * max(dispatch, combine)
    signal = _round_up(4 * experts, ALIGN)
    total = 2 * (send + receive + signal)
    return (total + ALIGN) // ALIGN * ALIGN


def replaces_moe_dispatch(s: Scenario) -> bool:
    """Whether DeepEP's buffers are in the ledger, in place of its own dispatch + combine receive
    estimate 2·s·b·K·h (the term the ledger's communication buffers drop then)."""
    return bool(s.model.experts) and s.parallel.ep > 1 and s.memory.deepep != "none"


def _deepep(s: Scenario) -> list[LedgerItem]:
    if not replaces_moe_dispatch(s):
        return []
    m, p, sms = s.model, s.parallel, s.memory.deepep_sms
    ranks = p.ep
    if s.memory.deepep == "low-latency":
        tokens = math.ceil(m.seq_len / p.cp * m.micro_batch)
        rdma = deepep_low_latency_bytes(tokens, m.hidden, m.experts)
        bytes_ = rdma + DEEPEP_WORKSPACE
        formula = (f"low-latency RDMA buffer {rdma / MIB:,.1f} MiB + {DEEPEP_WORKSPACE // MIB} MiB workspace = "
                   f"{format_bytes(bytes_)}: the buffer for {tokens:,} tokens per rank (s·b/cp), {m.experts} "
                   f"experts, h = {m.hidden}, 2 × (send + {m.experts} × {tokens:,} receive messages + signals)")
    else:
        hidden_bytes = 2 * m.hidden  # Megatron-LM: hidden × max(element size, 2)
        dispatch_size, dispatch = deepep_config(DEEPEP_DISPATCH, ranks)
        _, combine = deepep_config(DEEPEP_COMBINE, ranks)
        nvl = max(deepep_nvl_bytes(hidden_bytes, ranks, sms, config[1]) for config in (dispatch, combine))
        rdma = max(deepep_rdma_bytes(hidden_bytes, ranks, sms, config[2], config[3]) for config in (dispatch, combine))
        bytes_ = nvl + rdma + DEEPEP_WORKSPACE
        nodes = max(ranks // NVL_PEERS, 1)
        listed = ("" if dispatch_size == ranks
                  else f" (DeepEP lists no config for {ranks} ranks: the {dispatch_size}-rank one)")
        formula = (f"NVLink buffer {nvl / MIB:,.1f} MiB + RDMA buffer {rdma / MIB:,.1f} MiB (larger of the "
                   f"dispatch and combine hints) + {DEEPEP_WORKSPACE // MIB} MiB workspace = {format_bytes(bytes_)}: "
                   f"normal kernels, {ranks} EP ranks = {nodes} node{'s' if nodes > 1 else ''} × "
                   f"{min(ranks, NVL_PEERS)} GPUs, {sms // 2} channels ({sms} SMs / 2; DeepEP default 20), "
                   f"hidden bytes 2h = {hidden_bytes:,}{listed}; replaces the dispatch + combine receive estimate")
    return [LedgerItem("deepep_buffers", "buffers", QT_TRANSLATE_NOOP("ledger", "DeepEP dispatch/combine buffers"),
                       bytes_, "gpu", formula, SRC_DEEPEP)]


# ---------------------------------------------------------------------------------------------
# FP8 weight copies

def _weight_tensors(s: Scenario, moe: bool) -> int:
    """Linear weight tensors of one layer on one GPU: fused QKV and output (MLA: the Q projection
    or its down and up halves, the KV down and up projections, the output), the MLP's fused FC1
    and FC2 (or the shared expert's), two per local routed expert."""
    m, p = s.model, s.parallel
    attention = 2 if m.attention == "mha" else (2 if m.q_lora_rank else 1) + 3
    if not moe:
        return attention + 2
    shared = 2 if layer_params(s, True).mlp else 0
    return attention + shared + 2 * math.ceil(m.experts / p.ep)


def linear_weights(s: Scenario, layout: RankLayout, dense_params: int) -> tuple[int, int, int]:
    """(dense, expert, tensors): the linear-layer weights one GPU of this pipeline rank holds —
    attention projections and MLPs sharded by TP, routed experts by EP × ETP — without the
    embedding, the output head, norms and the router, and their weight-tensor count. With
    `model.params` set every dense parameter counts (an upper bound)."""
    m, p = s.model, s.parallel
    if m.params:
        return dense_params, 0, 4 * layout.layer_count
    dense = expert = tensors = 0
    kinds = {moe: layer_params(s, moe) for moe in (False, True)}
    for layers in layout.layers:
        for layer in layers:
            moe = is_moe_layer(s, layer)
            lp = kinds[moe]
            dense += math.ceil((lp.attention + lp.mlp) / p.tp)
            expert += math.ceil(lp.experts / (p.ep * p.etp))
            tensors += _weight_tensors(s, moe)
    return dense, expert, tensors


def _fp8(s: Scenario, layout: RankLayout, dense_params: int) -> list[LedgerItem]:
    copies, recipe = s.memory.fp8_weight_copies, s.memory.fp8_recipe
    if copies <= 0:
        return []
    p = s.parallel
    dense, expert, tensors = linear_weights(s, layout, dense_params)
    shard = ""
    if p.zero >= 3:  # the cached copies are sharded as the parameters are
        edp = max(1, (p.tp * p.cp * p.dp) // (p.etp * p.ep))
        dense, expert = math.ceil(dense / (p.dp * p.cp)), math.ceil(expert / edp)
        shard = f", ZeRO-3: Ψ_dense/{p.dp * p.cp} + Ψ_expert/{edp}"
    elements = dense + expert
    if recipe == "delayed":
        history = s.memory.fp8_amax_history
        scales = tensors * (history + 2) * 4
        scaling = (f"delayed scaling: {tensors:,} weight tensors × ({history} amax history (TE default 1024) + "
                   f"scale + scale⁻¹) × 4 B")
    elif recipe == "current":
        scales = tensors * 2 * 4
        scaling = f"current scaling: {tensors:,} weight tensors × (scale + scale⁻¹) × 4 B"
    elif recipe == "blockwise":
        scales = copies * math.ceil(elements / (128 * 128)) * 4
        scaling = f"blockwise: {copies} × Ψ_linear/(128×128) FP32 scales"
    else:
        scales = copies * math.ceil(elements / 32)
        scaling = f"MXFP8: {copies} × Ψ_linear/32 E8M0 scales of 1 B"
    what = "FP8 weight" if copies == 1 else "FP8 weight + transposed (column-wise) copy"
    formula = (f"{copies} × Ψ_linear {elements:,} × 1 B ({what}; memory.fp8_weight_copies, default 0 = off; "
               f"linear layers only: no embedding, output head, router or norms{shard}) + {scaling}")
    return [LedgerItem("fp8_weights", "params", QT_TRANSLATE_NOOP("ledger", "FP8 weight copies"),
                       copies * elements + scales, "gpu", formula, SRC_FP8)]


# ---------------------------------------------------------------------------------------------
# Offload host buffers

def _offload(s: Scenario, dense_params: int, expert_params: int) -> list[LedgerItem]:
    mem, off, p, pr = s.memory, s.offload, s.parallel, s.precision
    if not mem.offload_buffers:
        return []
    b = BYTES_PER_ELEMENT
    edp = max(1, (p.tp * p.cp * p.dp) // (p.etp * p.ep))
    shard = math.ceil(dense_params / (p.dp * p.cp)) + math.ceil(expert_params / edp)
    optimizer_shard = shard if p.zero >= 1 else dense_params + expert_params
    items = []
    if off.params == "nvme":
        count, size = mem.offload_param_buffer_count, mem.offload_param_buffer_size
        items.append(LedgerItem(
            "offload_param_buffers", "buffers", QT_TRANSLATE_NOOP("ledger", "NVMe parameter swap buffers (pinned)"),
            count * size * b[pr.params], "cpu",
            f"offload_param buffer_count {count} × buffer_size {size:,} elements × {b[pr.params]} B ({pr.params}) "
            f"(DeepSpeed defaults 5 × 1e8)", SRC_DS_SWAP))
    if off.optimizer == "nvme":
        count = mem.offload_optimizer_buffer_count
        largest = min(mem.offload_sub_group_size, optimizer_shard)
        items.append(LedgerItem(
            "offload_optimizer_buffers", "buffers",
            QT_TRANSLATE_NOOP("ledger", "NVMe optimizer swap buffers (pinned)"),
            count * largest * b[pr.master], "cpu",
            f"offload_optimizer buffer_count {count} × min(sub_group_size {mem.offload_sub_group_size:,}, optimizer "
            f"shard {optimizer_shard:,}) elements × {b[pr.master]} B ({pr.master}) (DeepSpeed defaults 4, 1e9)",
            SRC_DS_SWAP))
    if off.optimizer == "cpu" and off.grads == "gpu":
        items.append(LedgerItem(
            "offload_grad_partition", "buffers",
            QT_TRANSLATE_NOOP("ledger", "CPU gradient partition for the optimizer step"),
            optimizer_shard * b[pr.master], "cpu",
            f"optimizer shard {optimizer_shard:,} × {b[pr.master]} B ({pr.master}): the gradients the CPU "
            f"optimizer steps on, pinned", SRC_DS_GRAD))
    return items


def overhead_items(s: Scenario, layout: RankLayout, dense_params: int, expert_params: int) -> list[LedgerItem]:
    """The framework overheads of one GPU of pipeline rank `layout.rank`, whose dense and expert
    parameters are `dense_params` and `expert_params` (the ledger's Ψ_rank, before ZeRO): CUDA
    context and cuBLAS workspaces, NCCL communicator buffers, DeepEP buffers, FP8 weight copies
    (GPU tier) and offload host buffers (CPU tier). Defaults: memory.cuda_context_mib 273.75,
    nccl_buffsize_mib 4, nccl_channels 16, nccl_protocols "ll,ll128,simple", deepep "normal",
    deepep_sms 20, fp8_weight_copies 0, fp8_recipe "delayed", fp8_amax_history 1024,
    offload_buffers on (param buffers 5 × 1e8, optimizer buffers 4, sub_group_size 1e9).

    The ledger adds them before the fragmentation allowance; with DeepEP on
    (`replaces_moe_dispatch`) it leaves out its own dispatch + combine receive estimate."""
    return (_cuda_context(s) + _nccl(s, layout) + _deepep(s) + _fp8(s, layout, dense_params)
            + _offload(s, dense_params, expert_params))
