"""The one scenario every tab reads: model shape, precisions, parallelism, activations, cluster.

A `Scenario` is a frozen, hashable tree of dataclasses, one per TOML section (tuples, never
lists, so a scenario can key a cache and a shared preset cannot be changed by a caller). Every key
has a type and a range here, so a bad file or a bad ``--set`` names the key it concerns.

A scenario file is a document (models/document.py): these sections plus each tab's view state
under ``[view.<tab>]``. Files carry `schema_version = 3` (version 2, without the global batch, and
version 1, without view state either, still load), load without eval or pickle, and save atomically.

The global batch (`schedule.global_batch`, sequences per optimizer step) is an input; the
micro-batches per step follow from it, and `parallel.dp = 0` stands for "the rest of the cluster".
`with_values` resolves both (`resolve_batch`), so `parallel.dp` and `schedule.microbatches` of a
Scenario always hold concrete numbers.
"""
from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

SCHEMA_VERSION = 3

PRECISIONS = ("fp32", "bf16", "fp16", "fp8")
BYTES_PER_ELEMENT = {"fp32": 4, "bf16": 2, "fp16": 2, "fp8": 1}
SCHEDULE_KINDS = ("gpipe", "1f1b", "interleaved-1f1b", "zb-h1", "zb-h2", "zbv", "dualpipe", "dualpipev")
NAMED_ORDERS = ("megatron", "torchtitan", "picotron")
AXES = ("tp", "cp", "ep", "dp", "pp")
# Names other modules define behaviour for; here so that the document's view state can list them
# without importing the computations (models/comm, models/mesh).
GROUP_AXES = ("tp", "cp", "dp", "pp", "tp-cp", "dp-cp", "ep", "etp", "edp")  # the mesh's group kinds
COLLECTIVES = ("allreduce", "reducescatter", "allgather", "alltoall", "broadcast", "reduce", "p2p")
ALGORITHMS = ("ring", "tree", "hierarchical", "halving-doubling")
# A per-layer MoE pattern: a string of 0/1, or a sum of Megatron-style repeated lists.
_LIST = r"\[[01](,[01])*\](\*[0-9]+)?"
MOE_PATTERN = rf"([01]*|{_LIST}(\+{_LIST})*)"
ACTIVATION_POLICIES = ("manual", "megatron-selective", "megatron-modules", "kimi-k2", "deepseek-v3", "deepseek-v4")
MAX_MICROBATCHES = 1 << 20  # schedule.microbatches' maximum
# Characters of the title and of model.name: each is one line on every figure and in the window's
# title; 200 characters fill two lines of a 1,400-pixel figure, more is not a title. (A 20,000-character
# title made one export lay out 3.6 GB of text.)
MAX_TITLE_CHARS = 200
# Bytes of a scenario file: a 100,000-layer MoE pattern with every key is some 200 KiB; reading is
# bounded so that a huge file cannot fill memory.
MAX_SCENARIO_BYTES = 16 << 20
# Characters of a value quoted in an error message: the line stays one line a terminal shows whole.
SHOWN_CHARS = 60


class ScenarioError(ValueError):
    """A scenario file or override that cannot be used; the message names the file or key."""


def spec(default: Any, *, low: float | None = None, high: float | None = None,
          choices: tuple[str, ...] | None = None, pattern: str | None = None):
    """A dataclass field with the range its value must stay in."""
    return field(default=default, metadata={"low": low, "high": high, "choices": choices,
                                            "pattern": pattern})


def _strings(default: tuple[str, ...] = ()):
    return field(default=tuple(default), metadata={})


def _high(cls: type, name: str) -> int:
    """The declared maximum of field `name` of dataclass `cls`."""
    return next(f.metadata["high"] for f in dataclasses.fields(cls) if f.name == name)


@dataclass(frozen=True)
class Model:
    """Transformer shape; MoE keys stay 0 for a dense model.

    `params` > 0 replaces the shape-derived dense parameter count (ZeRO's Ψ); activations still
    follow the shape. `attention = "mla"` uses DeepSeek-V2/V3's latent attention projections."""
    name: str = "llama-7b-class"
    layers: int = spec(32, low=1, high=100_000)
    hidden: int = spec(4096, low=1, high=10_000_000)
    heads: int = spec(32, low=1, high=100_000)
    kv_heads: int = spec(32, low=1, high=100_000)
    head_dim: int = spec(0, low=0, high=100_000)  # 0 = hidden / heads
    ffn_hidden: int = spec(11008, low=1, high=100_000_000)
    vocab: int = spec(32000, low=1, high=100_000_000)
    seq_len: int = spec(4096, low=1, high=1 << 30)
    micro_batch: int = spec(1, low=1, high=1 << 20)
    tied_embeddings: bool = False
    mlp: str = spec("swiglu", choices=("gelu", "swiglu"))
    dropout: bool = False
    params: int = spec(0, low=0, high=1e16)
    attention: str = spec("mha", choices=("mha", "mla"))
    q_lora_rank: int = spec(0, low=0, high=10_000_000)
    kv_lora_rank: int = spec(0, low=0, high=10_000_000)
    qk_rope_head_dim: int = spec(0, low=0, high=100_000)
    v_head_dim: int = spec(0, low=0, high=100_000)  # 0 = head_dim
    experts: int = spec(0, low=0, high=1_000_000)
    top_k: int = spec(0, low=0, high=1_000_000)
    expert_ffn_hidden: int = spec(0, low=0, high=100_000_000)
    shared_experts: int = spec(0, low=0, high=1_000_000)
    first_dense_layers: int = spec(0, low=0, high=100_000)
    # Real-framework details (Megatron-LM arguments, Hugging Face config fields) that change the
    # parameter count; the defaults are a Llama-style model.
    vocab_divisible_by: int = spec(1, low=1, high=1 << 20)  # Megatron make-vocab-size-divisible-by (× tp)
    norm: str = spec("rmsnorm", choices=("rmsnorm", "layernorm"))
    qkv_bias: bool = False      # Q, K, V projection biases only (Qwen2)
    linear_bias: bool = False   # every linear layer has a bias (GPT-2, GPT-3)
    qk_norm: bool = False       # RMSNorm on each head's query and key (Qwen3)
    position_embedding: str = spec("rope", choices=("rope", "learned"))
    max_positions: int = spec(0, low=0, high=1 << 30)  # learned positions; 0 = seq_len
    moe_layer_freq: int = spec(1, low=1, high=100_000)  # layer l ≥ first_dense_layers is MoE if l % freq == 0
    # An explicit per-layer pattern (1 = MoE), as Megatron's --moe-layer-freq list: "[0]*3+[1]*58"
    # or "0001111…"; empty = first_dense_layers and moe_layer_freq decide.
    moe_layer_pattern: str = spec("", pattern=MOE_PATTERN)
    shared_ffn_hidden: int = spec(0, low=0, high=100_000_000)  # 0 = shared_experts × expert_ffn_hidden
    shared_expert_gate: bool = False  # a sigmoid gate h → 1 on the shared expert (Qwen2-MoE)
    expert_bias: bool = False         # a routing bias per expert (DeepSeek-V3 auxiliary-loss-free balancing)
    mtp_layers: int = spec(0, low=0, high=64)  # DeepSeek-V3 multi-token-prediction modules (last stage)


@dataclass(frozen=True)
class Precision:
    """Storage precision of each model state and of saved activations."""
    params: str = spec("bf16", choices=PRECISIONS)
    grads: str = spec("bf16", choices=PRECISIONS)
    master: str = spec("fp32", choices=PRECISIONS)
    optimizer: str = spec("fp32", choices=PRECISIONS)
    activations: str = spec("bf16", choices=PRECISIONS)
    # The precision the linear layers' GEMMs run in (the step-time model, models/time): bf16, or
    # fp8 as DeepSeek-V3 §3.3 does (forward, input-gradient and weight-gradient GEMMs of the
    # linear layers at the FP8 tensor-core peak; attention's core, the embedding, the output head,
    # the router and the norms stay in BF16).
    compute: str = spec("bf16", choices=("bf16", "fp8"))


@dataclass(frozen=True)
class Optimizer:
    kind: str = spec("adam", choices=("adam", "muon", "sgd"))


@dataclass(frozen=True)
class Parallel:
    """Parallel degrees. `order` lists mesh axes, first varying fastest, or names a framework."""
    tp: int = spec(1, low=1, high=1 << 20)
    pp: int = spec(1, low=1, high=1 << 14)  # the schedule simulator's rank limit (pipeline.MAX_RANKS)
    vpp: int = spec(1, low=1, high=1 << 10)
    dp: int = spec(8, low=0, high=1 << 24)  # 0 on input = the rest of the cluster (resolve_batch)
    cp: int = spec(1, low=1, high=1 << 20)
    ep: int = spec(1, low=1, high=1 << 20)
    etp: int = spec(1, low=1, high=1 << 20)
    sp: bool = False
    zero: int = spec(1, low=0, high=3)
    # Uneven pipeline stages (Megatron-LM --decoder-first/last-pipeline-num-layers); 0 = even split.
    first_stage_layers: int = spec(0, low=0, high=100_000)
    last_stage_layers: int = spec(0, low=0, high=100_000)
    # Count the embedding / the loss as one layer in the split (Megatron-LM
    # --account-for-embedding-in-pipeline-split, --account-for-loss-in-pipeline-split).
    embedding_in_split: bool = False
    loss_in_split: bool = False
    order: str = spec("megatron", pattern=r"(megatron|torchtitan|picotron|[a-z]+(-[a-z]+)*)")


@dataclass(frozen=True)
class Activation:
    """How saved activations are kept: recomputed, stored in FP8, offloaded to CPU or a peer GPU."""
    recompute: str = spec("none", choices=("none", "selective", "full"))
    flash_attention: bool = True
    fp8_fraction: float = spec(0.0, low=0.0, high=1.0)
    cpu_offload_fraction: float = spec(0.0, low=0.0, high=1.0)
    remote_offload_fraction: float = spec(0.0, low=0.0, high=1.0)
    # Megatron-LM --recompute-num-layers (block method): this many layers per stage chunk are fully
    # recomputed, the others follow `recompute` (none when recompute = full); 0 = all follow it.
    recompute_layers: int = spec(0, low=0, high=100_000)
    distribute_saved: bool = False  # --distribute-saved-activations: the checkpoint split over TP
    # A named per-tensor ladder (models/memory/policy.py) applied over `recompute`, its first
    # `policy_steps` steps (0 = all), then per-tensor overrides "tensor=backend".
    policy: str = spec("manual", choices=ACTIVATION_POLICIES)
    policy_steps: int = spec(0, low=0, high=64)
    tensors: tuple[str, ...] = _strings()


@dataclass(frozen=True)
class Offload:
    """Where whole model-state items live (ZeRO-Offload / ZeRO-Infinity, Pipeline ZeRO-2)."""
    optimizer: str = spec("gpu", choices=("gpu", "cpu", "nvme"))
    params: str = spec("gpu", choices=("gpu", "cpu", "nvme"))
    grads: str = spec("gpu", choices=("gpu", "cpu"))
    # How gradients reach the CPU: Kimi K3's Pipeline ZeRO-2 (each VPP chunk's gradients reduced
    # from a double GPU buffer, accumulated into CPU shards) or DeepSpeed's ZeRO-Offload (gradients
    # streamed to the CPU bucket by bucket during backward; Ren et al. 2021 §4).
    grad_scheme: str = spec("pipeline-zero2", choices=("pipeline-zero2", "zero-offload"))
    # DeepSpeed's reduce_bucket_size (elements reduced and moved to the CPU at a time; default 5e8).
    reduce_bucket: int = spec(500_000_000, low=1, high=1 << 50)


@dataclass(frozen=True)
class Cluster:
    """Nodes and GPUs; `hbm_gib = 0` takes the capacity of `gpu` from the catalogue."""
    nodes: int = spec(1, low=1, high=1 << 20)
    gpus_per_node: int = spec(8, low=1, high=1 << 10)
    gpu: str = spec("h100", choices=("h100", "h800", "h200", "b200", "a100-40", "a100-80", "custom"))
    hbm_gib: float = spec(0.0, low=0.0, high=1 << 20)
    # GB/s per GPU. Every α–β time divides by a bandwidth, so it must be > 0; the minimum, 1 GB/s,
    # is the editors' step (whole GB/s) and below any GPU link (10 Gb Ethernet is 1.25 GB/s).
    intra_bw_gbps: float = spec(400.0, low=1.0, high=1e9)   # NVLink
    inter_bw_gbps: float = spec(50.0, low=1.0, high=1e9)    # IB / RoCE
    intra_latency_us: float = spec(3.0, low=0.0, high=1e9)
    inter_latency_us: float = spec(10.0, low=0.0, high=1e9)
    # The scale-out network (models/network): a two-tier leaf/spine fat-tree, rail-optimised (NIC i
    # of every node on rail i's leaves) or plain (a node's NICs on one leaf).
    topology: str = spec("rail-fat-tree", choices=("rail-fat-tree", "fat-tree"))
    nics_per_node: int = spec(0, low=0, high=1 << 10)  # 0 = one NIC per GPU, each of inter_bw_gbps
    leaf_ports: int = spec(64, low=2, high=1 << 16)     # a leaf switch's ports facing NICs
    oversubscription: float = spec(1.0, low=1.0, high=64.0)  # leaf down : up bandwidth; 1 = non-blocking
    spine_bw_gbps: float = spec(0.0, low=0.0, high=1e9)  # a leaf–spine link; 0 = the NIC's bandwidth
    # How cross-node sends are routed: ECMP over the shortest paths, or the rail rule (NVLink to the
    # GPU with the destination's local index first, then along that rail: NCCL's PXN).
    routing: str = spec("ecmp", choices=("ecmp", "rail"))
    # Dense BF16 tensor-core FLOP/s of one GPU in TFLOP/s; 0 = the catalogue's (models/hardware.py).
    peak_tflops: float = spec(0.0, low=0.0, high=1e9)
    hbm_gbps: float = spec(0.0, low=0.0, high=1e9)  # HBM bandwidth in GB/s; 0 = the catalogue's


@dataclass(frozen=True)
class Schedule:
    """Pipeline schedule and its op durations (arbitrary time units)."""
    kind: str = spec("1f1b", choices=SCHEDULE_KINDS)
    # Micro-batches m per optimizer step: global_batch / (dp × model.micro_batch) (resolve_batch).
    microbatches: int = spec(8, low=1, high=MAX_MICROBATCHES)
    # Sequences per optimizer step; 0 on input = not stated: dp × microbatches × micro_batch. The
    # maximum is that product at the three keys' maxima, so every derived batch is in range.
    global_batch: int = spec(64, low=0, high=_high(Parallel, "dp") * MAX_MICROBATCHES * _high(Model, "micro_batch"))
    f: float = spec(1.0, low=0.0, high=1e9)
    b: float = spec(2.0, low=0.0, high=1e9)
    w: float = spec(1.0, low=0.0, high=1e9)
    fb: float = spec(3.0, low=0.0, high=1e9)
    p2p: float = spec(0.0, low=0.0, high=1e9)
    # Op durations: the f/b/w/fb/p2p units above ("manual"), or seconds from the step-time model
    # ("model": FLOPs, HBM traffic and communication of each stage; models/time).
    durations: str = spec("manual", choices=("manual", "model"))


@dataclass(frozen=True)
class Memory:
    """Allowances the byte ledger adds on top of states and activations."""
    # The share f of the GPU tier lost to the allocator: the ledger adds f/(1 − f) of everything
    # else, which grows without bound as f → 1. At most 0.5 (the allowance then equals the rest):
    # above the worst waste reported for PyTorch's caching allocator in LLM training, 43%
    # ("Reducing GPU Memory Fragmentation via Spatio-Temporal Planning", arXiv 2507.16274, abstract;
    # GMLake, Guo et al., ASPLOS'24, cuts fragmentation by up to 33%).
    fragmentation: float = spec(0.05, low=0.0, high=0.5)
    comm_buffers: bool = True
    # Framework overheads (models/memory/overheads.py), each switchable.
    # The CUDA context of the one process per GPU, in MiB (0 = no context item); the cuBLAS and
    # cuBLASLt workspaces PyTorch allocates come with it. Default: 287,047,680 B = 273.75 MiB, the
    # context PyTorch measured with lazy module loading (pytorch/pytorch#86509; 666,632,192 B eager).
    cuda_context_mib: float = spec(273.75, low=0.0, high=1 << 20)
    # NCCL buffers of every communicator the GPU belongs to: NCCL_BUFFSIZE (NCCL default 4 MiB) for
    # the Simple protocol plus the LL and LL128 buffers of the protocols enabled (NCCL_PROTO; all
    # three by default), per ring channel. NCCL picks the channel count from the topology; 16 is the
    # lab's assumption (0 = no NCCL item).
    nccl_buffsize_mib: float = spec(4.0, low=0.0, high=1 << 14)
    nccl_channels: int = spec(16, low=0, high=1024)
    nccl_protocols: str = spec("ll,ll128,simple", choices=("ll,ll128,simple", "ll,simple", "simple"))
    # DeepEP dispatch/combine buffers of an MoE model with ep > 1 (deepseek-ai/DeepEP): the
    # high-throughput ("normal") kernels' NVLink + RDMA buffers, or the low-latency kernels' RDMA
    # buffer; "none" keeps the ledger's own dispatch/combine estimate. deepep_sms: Buffer.num_sms
    # (DeepEP default 20; two SMs per channel).
    deepep: str = spec("normal", choices=("none", "normal", "low-latency"))
    deepep_sms: int = spec(20, low=2, high=1024)
    # FP8 training's extra weight copies (NVIDIA Transformer Engine): 0 = none (default), 1 = the
    # FP8 weight, 2 = the FP8 weight and its transposed (column-wise) copy; the scaling state of
    # the recipe: delayed (per-tensor amax history of fp8_amax_history values, TE's default 1024),
    # current (per-tensor scale), blockwise (DeepSeek-V3 §3.3: one FP32 scale per 128×128 weight
    # block) or mxfp8 (one E8M0 byte per 32 values).
    fp8_weight_copies: int = spec(0, low=0, high=2)
    fp8_recipe: str = spec("delayed", choices=("delayed", "current", "blockwise", "mxfp8"))
    fp8_amax_history: int = spec(1024, low=1, high=1 << 20)
    # Host buffers of CPU / NVMe offload on the CPU tier (DeepSpeed ZeRO-Offload / ZeRO-Infinity
    # defaults): offload_param buffer_count 5 × buffer_size 1e8 elements, offload_optimizer
    # buffer_count 4 × the largest sub-group (sub_group_size 1e9 elements).
    offload_buffers: bool = True
    offload_param_buffer_count: int = spec(5, low=0, high=1 << 20)
    offload_param_buffer_size: int = spec(100_000_000, low=0, high=1e15)
    offload_optimizer_buffer_count: int = spec(4, low=0, high=1 << 20)
    offload_sub_group_size: int = spec(1_000_000_000, low=1, high=1e15)


@dataclass(frozen=True)
class Moe:
    """MoE routing for the Communication / MoE tab (`tslab moe`): S tokens per EP rank (Kimi K3
    technical report §5.2.1), a routing distribution and the seed of its random draws."""
    tokens_per_rank: int = spec(4096, low=1, high=1 << 24)
    routing: str = spec("uniform", choices=("uniform", "zipf", "hot", "node-limited"))
    seed: int = spec(0, low=0, high=2**31 - 1)
    max_nodes: int = spec(4, low=1, high=1 << 20)  # node-limited routing (DeepSeek-V3 §2.1.2: M = 4)
    dispatch_precision: str = spec("bf16", choices=("bf16", "fp8"))
    # MoE dispatch over the network: direct to the expert's GPU, or DeepSeek-V3's two hops (IB to
    # the GPU with the same local index on the target node, then NVLink; §3.2.2).
    dispatch_route: str = spec("direct", choices=("direct", "two-hop"))
    # Token dropping (Megatron-LM --moe-expert-capacity-factor; 0 = dropless, its default): an expert
    # keeps at most c times its mean tokens; pad_to_capacity fills every expert up to that
    # (--moe-pad-expert-input-to-capacity). The memory ledger's busiest GPU (models/memory/routed.py).
    capacity_factor: float = spec(0.0, low=0.0, high=1024.0)
    pad_to_capacity: bool = False
    # Where the routing weights multiply the experts' outputs: at the combine, which keeps each
    # token's K expert outputs for the weights' gradient (Megatron-LM before core 0.13, at the
    # activation precision; torchtitan, cast to FP32 first), or in the expert activation
    # (Megatron-LM from core 0.13, the weighted SwiGLU: nothing more kept).
    weighting: str = spec("combine", choices=("combine", "combine-fp32", "activation"))


@dataclass(frozen=True)
class Time:
    """The step-time model's overlap settings (models/time): which communication runs under
    compute. DualPipe's F&B chunks overlap the EP all-to-alls by construction."""
    dp_overlap: bool = True    # the DP/ZeRO gradient reduce-scatter / all-reduce under the backward
    tp_overlap: bool = False   # TP collectives under the GEMMs (Megatron-LM --tp-comm-overlap)
    ep_overlap: bool = False   # EP all-to-alls under the expert GEMMs outside DualPipe
    # GEMM efficiency: 0 = the size-dependent default curve; a value in (0, 1] = that fraction of peak.
    gemm_efficiency: float = spec(0.0, low=0.0, high=1.0)
    # The share of the data-sheet HBM bandwidth that streaming (element-wise) kernels reach.
    hbm_efficiency: float = spec(0.9, low=0.01, high=1.0)
    # The share of cluster.intra_bw_gbps that NCCL's collectives reach on NVLink (DeepSeek-V3 §3.2.2:
    # 160 GB/s on H800 nodes whose data sheet gives 200 GB/s per direction).
    nvlink_efficiency: float = spec(0.8, low=0.01, high=1.0)


@dataclass(frozen=True)
class Context:
    """Long-context parallelism over the `parallel.cp` ranks (the Long Context & V4 tab, `tslab
    context`): USP's Ulysses-axis degree, the Ring's token order, DeepSeek-V4's compression ratio."""
    # USP (Fang & Zhao 2024): the Ulysses axis of the cp ranks; the Ring axis is cp / ulysses.
    # 0 = the largest divisor of cp that the attention and KV heads allow.
    ulysses: int = spec(0, low=0, high=1 << 20)
    zigzag: bool = True  # Ring: each rank holds a head and a tail block of the causal sequence
    # DeepSeek-V4's compressed attention (CSA/HCA): every m tokens' KV compressed into one.
    compress_ratio: int = spec(4, low=1, high=1 << 20)
    # The share of peak FLOP/s a fused attention kernel reaches, forward and backward (an input of
    # the teaching model, used by the context views and the step time; the FlashAttention-2 paper,
    # Dao 2023 §4, measures 50-73 % of peak on A100: the default is the lower end).
    attention_efficiency: float = spec(0.5, low=0.01, high=1.0)


@dataclass(frozen=True)
class Muon:
    """Muon with a ZeRO-sharded optimizer (DeepSeek-V4's hybrid; `tslab muon`). The report does
    not disclose P_max, so it is an input."""
    # The dense matrices' ZeRO ranks, at most; 0 = the fewest that hold them at max_matrices each.
    p_max: int = spec(0, low=0, high=1 << 20)
    max_matrices: int = spec(5, low=1, high=1 << 20)   # per rank (DeepSeek-V4: at most 5)
    ns_steps: int = spec(5, low=1, high=100)           # Newton-Schulz iterations per update


@dataclass(frozen=True)
class Sr:
    """FP32 -> BF16 stochastic rounding (`tslab sr`): the value rounded `samples` times with
    `seed`; `steps` updates of size `update` accumulated from 1; a gradient reduced over `ranks`."""
    x: float = spec(1.001, low=-3.3e38, high=3.3e38)
    samples: int = spec(100_000, low=1, high=10**8)
    seed: int = spec(0, low=0, high=2**31 - 1)
    steps: int = spec(10_000, low=1, high=10**7)
    update: float = spec(1e-4, low=-1e30, high=1e30)
    ranks: int = spec(64, low=2, high=1 << 16)


@dataclass(frozen=True)
class Sources:
    """Where a preset's numbers come from, and which values are assumptions of the lab."""
    refs: tuple[str, ...] = _strings()
    assumptions: tuple[str, ...] = _strings()


@dataclass(frozen=True)
class Scenario:
    title: str = "Classroom default"
    model: Model = field(default_factory=Model)
    precision: Precision = field(default_factory=Precision)
    optimizer: Optimizer = field(default_factory=Optimizer)
    parallel: Parallel = field(default_factory=Parallel)
    activation: Activation = field(default_factory=Activation)
    offload: Offload = field(default_factory=Offload)
    cluster: Cluster = field(default_factory=Cluster)
    schedule: Schedule = field(default_factory=Schedule)
    memory: Memory = field(default_factory=Memory)
    moe: Moe = field(default_factory=Moe)
    time: Time = field(default_factory=Time)
    context: Context = field(default_factory=Context)
    muon: Muon = field(default_factory=Muon)
    sr: Sr = field(default_factory=Sr)
    sources: Sources = field(default_factory=Sources)

    def get(self, key: str) -> Any:
        section, _, name = key.partition(".")
        return getattr(getattr(self, section), name) if name else getattr(self, section)

    def replace(self, **changes: Any) -> Scenario:
        """A copy with dotted keys changed: ``s.replace(**{"parallel.tp": 8})``; values checked."""
        return with_values(self, changes)

    @property
    def world_size(self) -> int:
        return self.cluster.nodes * self.cluster.gpus_per_node


SECTIONS: dict[str, type] = {f.name: type(getattr(Scenario(), f.name))
                             for f in dataclasses.fields(Scenario) if f.name != "title"}


def keys() -> list[str]:
    """Every settable dotted key, in file order."""
    return ["title"] + [f"{section}.{f.name}" for section, cls in SECTIONS.items()
                        for f in dataclasses.fields(cls)]


def key_field(key: str) -> dataclasses.Field:
    """The dataclass field of a dotted scenario key (its type and range metadata); ScenarioError for
    an unknown key."""
    section, _, name = key.partition(".")
    cls = SECTIONS.get(section)
    fields = {f.name: f for f in dataclasses.fields(cls)} if cls else {}
    if name not in fields:
        raise ScenarioError(f"unknown key {key}")
    return fields[name]


def _kind(f: dataclasses.Field) -> str:
    """The declared type of a field as a name: int, float, bool, str or list (a tuple of strings)."""
    return f.type if isinstance(f.type, str) and f.type in ("int", "float", "bool", "str") else \
        "list" if "tuple" in str(f.type) else str(f.type)


def declared_type(key: str) -> tuple[str, dict[str, Any]]:
    """A scenario key's declared type (int, float, bool, str, or list for a tuple of strings) and
    its range metadata (low, high, choices, pattern)."""
    f = key_field(key)
    return _kind(f), dict(f.metadata)


def shown(value: Any) -> str:
    """`value` as an error message quotes it (repr), at most SHOWN_CHARS characters: a whole number
    of more digits is named by its digit count, a longer text cut with "…"."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * SHOWN_CHARS:
        return f"a {'negative ' if value < 0 else ''}whole number of about {value.bit_length() * 0.30103:,.0f} digits"
    text = repr(value[:SHOWN_CHARS + 1] if isinstance(value, str) else value)
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS - 1] + "…"


def elide(text: str, limit: int = MAX_TITLE_CHARS) -> str:
    """`text` cut to at most `limit` characters, ending in "…" when cut."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def finite_float(value: int | float) -> float | None:
    """`value` as a finite float, or None when it is not finite or too large for a float (a whole
    number of 309 digits or more: float() raises OverflowError)."""
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def coerce(key: str, value: Any) -> Any:
    """Check one value for `key` (type, range, choice) and return it in the key's type."""
    if key == "title":
        if not isinstance(value, str):
            raise ScenarioError(f"title must be a string, not {shown(value)}")
        check_text(key, value)
        return value
    return coerce_field(key, key_field(key), value)


def check_text(key: str, text: str) -> None:
    """ScenarioError when `text` is not Unicode text a file can hold (a command-line byte that is not
    UTF-8 arrives as a lone surrogate, which no UTF-8 file or JSON output can carry), or when the
    title or model.name is longer than MAX_TITLE_CHARS characters."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ScenarioError(f"{key} is not UTF-8 text (character {exc.start + 1:,} is a byte that is not "
                            f"UTF-8)") from None
    if key in ("title", "model.name") and len(text) > MAX_TITLE_CHARS:
        raise ScenarioError(f"{key} has {len(text):,} characters, more than the {MAX_TITLE_CHARS} it may have "
                            f"(MAX_TITLE_CHARS)")


def coerce_field(key: str, f: dataclasses.Field, value: Any) -> Any:
    """Check `value` against the declared type and range of dataclass field `f` (named `key`)."""
    kind, meta = _kind(f), f.metadata
    if kind == "bool":
        if not isinstance(value, bool):
            raise ScenarioError(f"{key} must be true or false, not {shown(value)}")
    elif kind == "int":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                (isinstance(value, float) and (not math.isfinite(value) or value != int(value))):
            raise ScenarioError(f"{key} must be a whole number, not {shown(value)}")
        value = int(value)
    elif kind == "float":
        number = finite_float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None
        if number is None:
            raise ScenarioError(f"{key} must be a finite number, not {shown(value)}")
        value = number
    elif kind == "str":
        if not isinstance(value, str):
            raise ScenarioError(f"{key} must be a string, not {shown(value)}")
        check_text(key, value)
        if key == "schedule.kind" and value == "interleaved":
            value = "interleaved-1f1b"  # the name before the pipeline scheduler; old files use it
    elif kind == "list":
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            raise ScenarioError(f"{key} must be a list of strings")
        for text in value:
            check_text(key, text)
        return tuple(value)
    low, high = meta.get("low"), meta.get("high")
    if low is not None and value < low:
        raise ScenarioError(f"{key} = {shown(value)} is below its minimum {low:g}")
    if high is not None and value > high:
        raise ScenarioError(f"{key} = {shown(value)} is above its maximum {high:g}")
    choices = meta.get("choices")
    if choices and value not in choices:
        raise ScenarioError(f"{key} must be one of {', '.join(choices)}, not {shown(value)}")
    pattern = meta.get("pattern")
    if pattern and not re.fullmatch(pattern, value):
        raise ScenarioError(f"{key} = {shown(value)} is not a valid value")
    return value


def with_values(scenario: Scenario, values: dict[str, Any]) -> Scenario:
    """A copy of `scenario` with each dotted key set to its checked value, then its data-parallel
    degree and micro-batches resolved from the keys `values` sets (`resolve_batch`)."""
    by_section: dict[str, dict[str, Any]] = {}
    top: dict[str, Any] = {}
    for key, value in values.items():
        value = coerce(key, value)
        section, _, name = key.partition(".")
        if name:
            by_section.setdefault(section, {})[name] = value
        else:
            top[section] = value
    for section, changes in by_section.items():
        top[section] = dataclasses.replace(getattr(scenario, section), **changes)
    return resolve_batch(scenario, dataclasses.replace(scenario, **top), values.keys())


# Keys whose change moves dp with them when the scenario filled its cluster exactly.
MESH_KEYS = frozenset({"parallel.tp", "parallel.pp", "parallel.cp", "cluster.nodes", "cluster.gpus_per_node"})


def microbatches_for(global_batch: int, dp: int, micro_batch: int) -> int:
    """Micro-batches per step that carry `global_batch` sequences over `dp` replicas in micro-batches
    of `micro_batch`: global_batch / (dp × micro_batch). A batch that does not divide gets the whole
    quotient (at least 1, at most schedule.microbatches' maximum), and validation reports it."""
    return min(MAX_MICROBATCHES, max(1, global_batch // (dp * micro_batch)))


def resolve_batch(before: Scenario, after: Scenario, changed: Iterable[str]) -> Scenario:
    """`after` (= `before` with the keys `changed` set) with parallel.dp and the batch resolved.

    DP, world = cluster.nodes × cluster.gpus_per_node:
    - parallel.dp set to 0: the rest of the cluster, world / (tp · pp · cp) (the whole quotient,
      at least 1, when that does not divide: validation then names the mesh that does not fill it);
    - parallel.dp not set, but tp, pp, cp or the cluster changed, and `before` filled its cluster
      exactly (tp · pp · cp · dp = world): dp follows, new world / (tp · pp · cp), when that divides
      (else dp stays, and validation says why the mesh is wrong);
    - otherwise dp stays as set or as it was.

    Batch, with per_step = dp × model.micro_batch sequences per micro-batch over all replicas:
    - schedule.microbatches set and schedule.global_batch not: the batch follows,
      global_batch = per_step × microbatches;
    - global_batch 0 (not stated; a file without the key): the same;
    - both set: microbatches must be the count the batch gives (`microbatches_for`), else
      ScenarioError naming all the numbers;
    - otherwise the global batch is kept and microbatches = global_batch / per_step
      (`microbatches_for`: a batch that does not divide is reported by validation, not refused
      here, so an edit in the app is never turned down half way).

    Layer split: a change of parallel.pp or parallel.vpp that does not set first_stage_layers or
    last_stage_layers too resets both to 0 (the even split): a split is stated for one pipeline.
    """
    changed = frozenset(changed)
    p, schedule = after.parallel, after.schedule
    model_ranks = p.tp * p.pp * p.cp
    dp = p.dp
    most = int(key_field("parallel.dp").metadata["high"])   # a resolved dp stays a value the key accepts
    if "parallel.dp" not in changed and changed & MESH_KEYS:
        q = before.parallel
        if q.tp * q.pp * q.cp * q.dp == before.world_size and after.world_size % model_ranks == 0 \
                and after.world_size // model_ranks <= most:
            dp = after.world_size // model_ranks
    if dp == 0:  # set to 0 now (or a Scenario built by hand with dp = 0)
        dp = min(most, max(1, after.world_size // model_ranks))

    per_step = dp * after.model.micro_batch
    microbatches, global_batch = schedule.microbatches, schedule.global_batch
    if global_batch == 0 or ("schedule.microbatches" in changed and "schedule.global_batch" not in changed):
        global_batch = per_step * microbatches
    elif "schedule.microbatches" in changed:
        if microbatches != microbatches_for(global_batch, dp, after.model.micro_batch):
            raise ScenarioError(f"schedule.microbatches = {microbatches} and schedule.global_batch = "
                                f"{global_batch} disagree: dp {dp} × {microbatches} micro-batches × micro-batch "
                                f"{after.model.micro_batch} = {per_step * microbatches} sequences; set one of them")
    else:
        microbatches = microbatches_for(global_batch, dp, after.model.micro_batch)

    # A stated layer split belongs to the pipeline it was stated for: a new pp or vpp without a new
    # split goes back to the even one (Megatron-LM's default).
    first, last = p.first_stage_layers, p.last_stage_layers
    if changed & {"parallel.pp", "parallel.vpp"} and not changed & {"parallel.first_stage_layers",
                                                                     "parallel.last_stage_layers"} \
            and (after.parallel.pp, after.parallel.vpp) != (before.parallel.pp, before.parallel.vpp):
        first = last = 0
    if (dp, microbatches, global_batch, first, last) == (p.dp, schedule.microbatches, schedule.global_batch,
                                                         p.first_stage_layers, p.last_stage_layers):
        return after
    return dataclasses.replace(after, parallel=dataclasses.replace(p, dp=dp, first_stage_layers=first,
                                                                   last_stage_layers=last),
                               schedule=dataclasses.replace(schedule, microbatches=microbatches,
                                                            global_batch=global_batch))
