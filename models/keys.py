"""What every settable key means: one line per scenario key and view key, in English, marked for
Qt's translation catalogue (context "keys"; the GUI translates them, the CLI prints them as they
are). `tslab keys` lists them with each key's type, range and default; the GUI shows a key's
meaning as its input's tooltip.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .document import VIEW_SECTIONS, Document, document_keys
from .problems import QT_TRANSLATE_NOOP
from .scenario import _kind, declared_type

MEANINGS: dict[str, str] = {
    "title": QT_TRANSLATE_NOOP("keys", "The scenario's title, shown in the window and on every figure"),
    # model
    "model.name": QT_TRANSLATE_NOOP("keys", "The model's name, for people (no number depends on it)"),
    "model.layers": QT_TRANSLATE_NOOP("keys", "Transformer layers l"),
    "model.hidden": QT_TRANSLATE_NOOP("keys", "Hidden size h: the width of every token's residual stream"),
    "model.heads": QT_TRANSLATE_NOOP("keys", "Attention (query) heads a"),
    "model.kv_heads": QT_TRANSLATE_NOOP("keys", "Key/value heads (GQA); equal to heads for multi-head attention"),
    "model.head_dim": QT_TRANSLATE_NOOP("keys", "Width of one attention head; 0 = hidden / heads (MLA: the "
                                                "query/key part without rotary positions)"),
    "model.ffn_hidden": QT_TRANSLATE_NOOP("keys", "Width of a dense layer's MLP (the FFN hidden size)"),
    "model.vocab": QT_TRANSLATE_NOOP("keys", "Vocabulary size V: rows of the embedding and of the output head"),
    "model.seq_len": QT_TRANSLATE_NOOP("keys", "Sequence length s: tokens per sample"),
    "model.micro_batch": QT_TRANSLATE_NOOP("keys", "Micro-batch size b: samples per forward/backward pass"),
    "model.tied_embeddings": QT_TRANSLATE_NOOP("keys", "The output head shares the input embedding's weights"),
    "model.mlp": QT_TRANSLATE_NOOP("keys", "MLP kind: GeLU (two matrices) or SwiGLU (three, gated)"),
    "model.dropout": QT_TRANSLATE_NOOP("keys", "Dropout is on, so its masks are saved for the backward pass"),
    "model.params": QT_TRANSLATE_NOOP("keys", "A dense parameter count Ψ that replaces the one from the shape; "
                                              "0 = from the shape"),
    "model.attention": QT_TRANSLATE_NOOP("keys", "Attention kind: multi-head/grouped (mha) or DeepSeek's "
                                                 "multi-head latent attention (mla)"),
    "model.q_lora_rank": QT_TRANSLATE_NOOP("keys", "MLA: rank of the compressed query; 0 = queries projected "
                                                   "at full rank"),
    "model.kv_lora_rank": QT_TRANSLATE_NOOP("keys", "MLA: rank of the joint key/value latent (what the KV "
                                                    "cache keeps)"),
    "model.qk_rope_head_dim": QT_TRANSLATE_NOOP("keys", "MLA: width of each head's rotary-position part of "
                                                        "query and key"),
    "model.v_head_dim": QT_TRANSLATE_NOOP("keys", "MLA: width of each head's value; 0 = head_dim"),
    "model.experts": QT_TRANSLATE_NOOP("keys", "Routed experts E per MoE layer; 0 = a dense model"),
    "model.top_k": QT_TRANSLATE_NOOP("keys", "Experts each token is routed to (K)"),
    "model.expert_ffn_hidden": QT_TRANSLATE_NOOP("keys", "Width of one routed expert's MLP"),
    "model.shared_experts": QT_TRANSLATE_NOOP("keys", "Shared experts every token passes through, besides "
                                                      "the routed ones"),
    "model.first_dense_layers": QT_TRANSLATE_NOOP("keys", "Leading layers with a dense MLP instead of experts"),
    "model.vocab_divisible_by": QT_TRANSLATE_NOOP("keys", "Megatron's make-vocab-size-divisible-by: the "
                                                          "vocabulary is padded to a multiple of this × tp; "
                                                          "1 = no padding"),
    "model.norm": QT_TRANSLATE_NOOP("keys", "Normalization: RMSNorm (a weight) or LayerNorm (a weight and a "
                                            "bias)"),
    "model.qkv_bias": QT_TRANSLATE_NOOP("keys", "Biases on the query, key and value projections only (Qwen2)"),
    "model.linear_bias": QT_TRANSLATE_NOOP("keys", "A bias on every linear layer (GPT-2, GPT-3)"),
    "model.qk_norm": QT_TRANSLATE_NOOP("keys", "An RMSNorm on each head's query and key (Qwen3)"),
    "model.position_embedding": QT_TRANSLATE_NOOP("keys", "Positions: rotary (rope, no parameters) or a "
                                                          "learned table"),
    "model.max_positions": QT_TRANSLATE_NOOP("keys", "Rows of the learned position table; 0 = seq_len"),
    "model.moe_layer_freq": QT_TRANSLATE_NOOP("keys", "Every how many layers an MoE layer comes: layer l ≥ "
                                                      "first_dense_layers has experts if l % freq = 0"),
    "model.moe_layer_pattern": QT_TRANSLATE_NOOP("keys", "Which layers have experts, one 0/1 per layer "
                                                         "(\"0111…\" or \"[0]*3+[1]*58\"); empty = "
                                                         "first_dense_layers and moe_layer_freq decide"),
    "model.shared_ffn_hidden": QT_TRANSLATE_NOOP("keys", "Width of the shared-expert MLP; 0 = shared_experts "
                                                         "× expert_ffn_hidden"),
    "model.shared_expert_gate": QT_TRANSLATE_NOOP("keys", "A sigmoid gate h → 1 scales the shared expert's "
                                                          "output (Qwen2-MoE)"),
    "model.expert_bias": QT_TRANSLATE_NOOP("keys", "A routing bias per expert for auxiliary-loss-free balancing "
                                                   "(DeepSeek-V3)"),
    "model.mtp_layers": QT_TRANSLATE_NOOP("keys", "DeepSeek-V3 multi-token-prediction modules, each one more "
                                                  "layer on the last pipeline stage"),
    # precision
    "precision.params": QT_TRANSLATE_NOOP("keys", "Storage precision of the working parameters"),
    "precision.grads": QT_TRANSLATE_NOOP("keys", "Storage precision of the gradients"),
    "precision.master": QT_TRANSLATE_NOOP("keys", "Precision of the optimizer's master copy of the weights"),
    "precision.optimizer": QT_TRANSLATE_NOOP("keys", "Precision of the optimizer states (Adam's moments, "
                                                     "momentum)"),
    "precision.compute": QT_TRANSLATE_NOOP("keys", "Precision the linear layers' GEMMs run in: bf16, or fp8 at "
                                                   "the FP8 tensor-core peak (DeepSeek-V3); attention, embedding, "
                                                   "output head and router stay BF16"),
    "precision.activations": QT_TRANSLATE_NOOP("keys", "Precision of the activations saved for the backward "
                                                       "pass"),
    "optimizer.kind": QT_TRANSLATE_NOOP("keys", "Optimizer: Adam (two states per parameter), Muon or SGD with "
                                                "momentum (one)"),
    # parallelism
    "parallel.tp": QT_TRANSLATE_NOOP("keys", "Tensor-parallel degree: each layer's matrices split over this "
                                             "many GPUs"),
    "parallel.pp": QT_TRANSLATE_NOOP("keys", "Pipeline-parallel degree: the layers split into this many "
                                             "stages"),
    "parallel.vpp": QT_TRANSLATE_NOOP("keys", "Virtual pipeline stages (model chunks) per rank, for "
                                              "interleaved 1F1B"),
    "parallel.dp": QT_TRANSLATE_NOOP("keys", "Data-parallel degree: model replicas, each on its own share of "
                                             "the batch; 0 = the rest of the cluster, GPUs / (tp · pp · cp)"),
    "parallel.cp": QT_TRANSLATE_NOOP("keys", "Context-parallel degree: each sequence split over this many "
                                             "GPUs"),
    "parallel.ep": QT_TRANSLATE_NOOP("keys", "Expert-parallel degree: the routed experts split over this many "
                                             "GPUs"),
    "parallel.etp": QT_TRANSLATE_NOOP("keys", "Expert tensor-parallel degree: each expert's matrices split "
                                              "over this many GPUs"),
    "parallel.sp": QT_TRANSLATE_NOOP("keys", "Sequence parallelism: with TP, norms and dropout work on 1/tp "
                                             "of the tokens"),
    "parallel.zero": QT_TRANSLATE_NOOP("keys", "ZeRO stage: 1 shards optimizer states, 2 also gradients, 3 "
                                               "also parameters over DP"),
    "parallel.first_stage_layers": QT_TRANSLATE_NOOP("keys", "Layers on the first pipeline stage; 0 = an even "
                                                             "split"),
    "parallel.last_stage_layers": QT_TRANSLATE_NOOP("keys", "Layers on the last pipeline stage; 0 = an even "
                                                            "split"),
    "parallel.embedding_in_split": QT_TRANSLATE_NOOP("keys", "Count the embedding as one layer when splitting "
                                                             "layers over stages"),
    "parallel.loss_in_split": QT_TRANSLATE_NOOP("keys", "Count the output head and loss as one layer when "
                                                        "splitting layers over stages"),
    "parallel.order": QT_TRANSLATE_NOOP("keys", "Rank order of the mesh axes, fastest first (tp-cp-dp-pp), or "
                                                "a framework's name"),
    # activations
    "activation.recompute": QT_TRANSLATE_NOOP("keys", "Activation recomputation: none, selective (attention "
                                                      "core) or full (each layer from its input)"),
    "activation.flash_attention": QT_TRANSLATE_NOOP("keys", "FlashAttention: no s × s attention matrix is "
                                                            "saved"),
    "activation.fp8_fraction": QT_TRANSLATE_NOOP("keys", "Share of saved activations stored in FP8"),
    "activation.cpu_offload_fraction": QT_TRANSLATE_NOOP("keys", "Share of saved activations offloaded to CPU "
                                                                 "memory"),
    "activation.remote_offload_fraction": QT_TRANSLATE_NOOP("keys", "Share of saved activations offloaded to "
                                                                    "a peer GPU"),
    "activation.recompute_layers": QT_TRANSLATE_NOOP("keys", "Layers per stage chunk recomputed in full "
                                                             "(Megatron's --recompute-num-layers); 0 = all "
                                                             "follow recompute"),
    "activation.distribute_saved": QT_TRANSLATE_NOOP("keys", "Split the full-recompute checkpoints over the "
                                                             "TP ranks"),
    "activation.policy": QT_TRANSLATE_NOOP("keys", "A named per-tensor policy of what is saved, recomputed, "
                                                   "stored in FP8 or offloaded"),
    "activation.policy_steps": QT_TRANSLATE_NOOP("keys", "How many steps of the policy's ladder apply; 0 = "
                                                         "all"),
    "activation.tensors": QT_TRANSLATE_NOOP("keys", "Per-tensor overrides after the policy, as tensor=backend"),
    # offloading
    "offload.optimizer": QT_TRANSLATE_NOOP("keys", "Where the optimizer states and master weights live"),
    "offload.params": QT_TRANSLATE_NOOP("keys", "Where the parameters live between uses"),
    "offload.grads": QT_TRANSLATE_NOOP("keys", "Where the gradient shards live"),
    "offload.grad_scheme": QT_TRANSLATE_NOOP("keys", "How gradients reach the CPU: Pipeline ZeRO-2's chunk "
                                                     "buffers or ZeRO-Offload's bucket stream"),
    "offload.reduce_bucket": QT_TRANSLATE_NOOP("keys", "Elements reduced and moved to the CPU at a time "
                                                       "(DeepSpeed's reduce_bucket_size)"),
    # cluster
    "cluster.nodes": QT_TRANSLATE_NOOP("keys", "Nodes in the cluster"),
    "cluster.gpus_per_node": QT_TRANSLATE_NOOP("keys", "GPUs in each node"),
    "cluster.gpu": QT_TRANSLATE_NOOP("keys", "GPU model, from the catalogue (custom: set hbm_gib)"),
    "cluster.hbm_gib": QT_TRANSLATE_NOOP("keys", "GPU memory in GiB; 0 = the catalogue's"),
    "cluster.intra_bw_gbps": QT_TRANSLATE_NOOP("keys", "Bandwidth per GPU inside a node (NVLink), GB/s"),
    "cluster.inter_bw_gbps": QT_TRANSLATE_NOOP("keys", "Bandwidth per GPU between nodes (InfiniBand, RoCE), "
                                                       "GB/s"),
    "cluster.intra_latency_us": QT_TRANSLATE_NOOP("keys", "Latency α of one message inside a node, µs"),
    "cluster.inter_latency_us": QT_TRANSLATE_NOOP("keys", "Latency α of one message between nodes, µs"),
    "cluster.topology": QT_TRANSLATE_NOOP("keys", "Scale-out network: a two-tier fat-tree, rail-optimised (NIC i "
                                                  "of every node on rail i) or plain (a node's NICs on one leaf)"),
    "cluster.nics_per_node": QT_TRANSLATE_NOOP("keys", "NICs per node; 0 = one per GPU"),
    "cluster.leaf_ports": QT_TRANSLATE_NOOP("keys", "Ports of a leaf switch facing NICs"),
    "cluster.oversubscription": QT_TRANSLATE_NOOP("keys", "Leaf down- to uplink bandwidth; 1 = non-blocking"),
    "cluster.spine_bw_gbps": QT_TRANSLATE_NOOP("keys", "GB/s of one leaf–spine link; 0 = a NIC's bandwidth"),
    "cluster.routing": QT_TRANSLATE_NOOP("keys", "Cross-node routes: ECMP over the shortest paths, or the rail "
                                                 "rule (NVLink to the same-index GPU first)"),
    "cluster.peak_tflops": QT_TRANSLATE_NOOP("keys", "Dense BF16 TFLOP/s of one GPU; 0 = the GPU's data sheet"),
    "cluster.hbm_gbps": QT_TRANSLATE_NOOP("keys", "HBM bandwidth of one GPU in GB/s; 0 = the GPU's data sheet"),
    # schedule
    "schedule.kind": QT_TRANSLATE_NOOP("keys", "Pipeline schedule"),
    "schedule.microbatches": QT_TRANSLATE_NOOP("keys", "Micro-batches m per optimizer step; follows from the "
                                                       "global batch: global_batch / (dp × micro_batch)"),
    "schedule.global_batch": QT_TRANSLATE_NOOP("keys", "Global batch: sequences per optimizer step; micro-batches "
                                                       "per step follow as global_batch / (dp × micro_batch)"),
    "schedule.f": QT_TRANSLATE_NOOP("keys", "Time of one stage's forward pass F (schedule time units)"),
    "schedule.b": QT_TRANSLATE_NOOP("keys", "Time of one stage's full backward pass B = I + W"),
    "schedule.w": QT_TRANSLATE_NOOP("keys", "Time of the weight-gradient part W of a backward pass"),
    "schedule.fb": QT_TRANSLATE_NOOP("keys", "Time of an overlapped forward and backward pair (DualPipe)"),
    "schedule.p2p": QT_TRANSLATE_NOOP("keys", "Latency of one point-to-point transfer between stages"),
    # memory allowances
    "memory.fragmentation": QT_TRANSLATE_NOOP("keys", "Share of GPU memory lost to the allocator's "
                                                      "fragmentation"),
    "memory.comm_buffers": QT_TRANSLATE_NOOP("keys", "Count the communication buffers (NCCL, DP buckets) in "
                                                     "the ledger"),
    "memory.cuda_context_mib": QT_TRANSLATE_NOOP("keys", "The CUDA context (with the cuBLAS workspaces) of "
                                                         "the process on each GPU, MiB; 0 = not counted"),
    "memory.nccl_buffsize_mib": QT_TRANSLATE_NOOP("keys", "NCCL_BUFFSIZE: the Simple protocol's buffer per "
                                                          "channel and peer, MiB; 0 = no NCCL buffers"),
    "memory.nccl_channels": QT_TRANSLATE_NOOP("keys", "NCCL channels per communicator (NCCL picks them from "
                                                      "the topology); 0 = no NCCL buffers"),
    "memory.nccl_protocols": QT_TRANSLATE_NOOP("keys", "NCCL protocols enabled (NCCL_PROTO), each with its "
                                                       "own buffers"),
    "memory.deepep": QT_TRANSLATE_NOOP("keys", "DeepEP dispatch/combine buffers for ep > 1: high-throughput "
                                               "(normal), low-latency, or none"),
    "memory.deepep_sms": QT_TRANSLATE_NOOP("keys", "SMs DeepEP's kernels use (Buffer.num_sms; two per "
                                                   "channel)"),
    "memory.fp8_weight_copies": QT_TRANSLATE_NOOP("keys", "FP8 copies of each weight kept for FP8 training: "
                                                          "0, 1 or 2 (with its transpose)"),
    "memory.fp8_recipe": QT_TRANSLATE_NOOP("keys", "FP8 scaling recipe, which sets the scaling state kept: "
                                                   "delayed, current, blockwise or MXFP8"),
    "memory.fp8_amax_history": QT_TRANSLATE_NOOP("keys", "Delayed scaling: amax values remembered per "
                                                         "tensor"),
    "memory.offload_buffers": QT_TRANSLATE_NOOP("keys", "Count the host buffers of CPU/NVMe offloading on "
                                                        "the CPU tier"),
    "memory.offload_param_buffer_count": QT_TRANSLATE_NOOP("keys", "DeepSpeed offload_param buffer_count"),
    "memory.offload_param_buffer_size": QT_TRANSLATE_NOOP("keys", "DeepSpeed offload_param buffer_size, "
                                                                  "elements"),
    "memory.offload_optimizer_buffer_count": QT_TRANSLATE_NOOP("keys", "DeepSpeed offload_optimizer "
                                                                       "buffer_count"),
    "memory.offload_sub_group_size": QT_TRANSLATE_NOOP("keys", "DeepSpeed sub_group_size: elements the "
                                                               "optimizer steps at a time, elements"),
    # MoE routing
    "moe.tokens_per_rank": QT_TRANSLATE_NOOP("keys", "Tokens S each EP rank routes per MoE layer"),
    "moe.routing": QT_TRANSLATE_NOOP("keys", "How tokens choose experts: uniform, Zipf-skewed, hot experts or "
                                             "node-limited"),
    "moe.seed": QT_TRANSLATE_NOOP("keys", "Seed of the routing's random draws (same seed, same figure)"),
    "moe.max_nodes": QT_TRANSLATE_NOOP("keys", "Node-limited routing: nodes one token's experts may span"),
    "moe.dispatch_precision": QT_TRANSLATE_NOOP("keys", "Precision of the tokens sent in the dispatch "
                                                        "all-to-all"),
    "moe.dispatch_route": QT_TRANSLATE_NOOP("keys", "Dispatch over the network: direct, or DeepSeek-V3's two "
                                                    "hops (IB to the same-index GPU, then NVLink)"),
    "moe.capacity_factor": QT_TRANSLATE_NOOP("keys", "Expert capacity factor: an expert keeps at most this "
                                                     "many times its mean tokens; 0 = dropless"),
    "moe.pad_to_capacity": QT_TRANSLATE_NOOP("keys", "Pad every expert's tokens up to its capacity (with a "
                                                     "capacity factor)"),
    "moe.weighting": QT_TRANSLATE_NOOP("keys", "Where the routing weights multiply the expert outputs: at the "
                                               "combine (keeps the outputs; FP32 in torchtitan) or in the "
                                               "expert activation"),
    # step time
    "schedule.durations": QT_TRANSLATE_NOOP("keys", "Op durations: the units typed (manual) or seconds from the "
                                                    "step-time model (model)"),
    "time.dp_overlap": QT_TRANSLATE_NOOP("keys", "The DP/ZeRO gradient reduction runs under the backward pass"),
    "time.tp_overlap": QT_TRANSLATE_NOOP("keys", "TP collectives run under the GEMMs (Megatron-LM "
                                                 "--tp-comm-overlap)"),
    "time.ep_overlap": QT_TRANSLATE_NOOP("keys", "EP all-to-alls run under the expert GEMMs (DualPipe always "
                                                 "overlaps them)"),
    "time.gemm_efficiency": QT_TRANSLATE_NOOP("keys", "GEMM share of peak; 0 = the size-dependent default curve"),
    "time.hbm_efficiency": QT_TRANSLATE_NOOP("keys", "Share of the data-sheet HBM bandwidth that element-wise kernels "
                                             "reach (default 90 %)"),
    "time.nvlink_efficiency": QT_TRANSLATE_NOOP("keys", "Share of the NVLink bandwidth that NCCL's collectives reach "
                                                "(default 80 %, DeepSeek-V3 §3.2.2)"),
    # context
    "context.ulysses": QT_TRANSLATE_NOOP("keys", "USP: the Ulysses (all-to-all) axis of the CP ranks; the Ring "
                                                 "axis is cp / ulysses; 0 = the largest the heads allow"),
    "context.zigzag": QT_TRANSLATE_NOOP("keys", "Ring: each rank holds a head and a tail block of the causal "
                                                "sequence, balancing its work"),
    "context.compress_ratio": QT_TRANSLATE_NOOP("keys", "DeepSeek-V4 compressed attention: m tokens' KV "
                                                        "compressed into one"),
    "context.attention_efficiency": QT_TRANSLATE_NOOP("keys", "Share of peak FLOP/s a fused attention kernel "
                                                              "reaches, in the Long Context tab and the step time "
                                                              "(an input of the teaching model)"),
    # muon
    "muon.p_max": QT_TRANSLATE_NOOP("keys", "Most ZeRO ranks the dense matrices are packed into (not "
                                            "disclosed by DeepSeek-V4: an input); 0 = the fewest that hold "
                                            "them at muon.max_matrices each"),
    "muon.max_matrices": QT_TRANSLATE_NOOP("keys", "Most whole matrices one rank updates (DeepSeek-V4: 5)"),
    "muon.ns_steps": QT_TRANSLATE_NOOP("keys", "Newton–Schulz iterations per Muon update"),
    # sr
    "sr.x": QT_TRANSLATE_NOOP("keys", "The FP32 value rounded to BF16"),
    "sr.samples": QT_TRANSLATE_NOOP("keys", "How many times it is stochastically rounded"),
    "sr.seed": QT_TRANSLATE_NOOP("keys", "Seed of the random draws"),
    "sr.steps": QT_TRANSLATE_NOOP("keys", "Small updates accumulated from 1 in BF16"),
    "sr.update": QT_TRANSLATE_NOOP("keys", "The size of each update"),
    "sr.ranks": QT_TRANSLATE_NOOP("keys", "Ranks a gradient is reduced over"),
    # sources
    "sources.refs": QT_TRANSLATE_NOOP("keys", "Where the scenario's numbers come from"),
    "sources.assumptions": QT_TRANSLATE_NOOP("keys", "Which values are the lab's assumptions, not a source's"),
    # view state
    "view.memory.selected": QT_TRANSLATE_NOOP("keys", "The ledger item outlined in the stack; empty = none"),
    "view.mesh.colour_by": QT_TRANSLATE_NOOP("keys", "The axis whose groups colour the GPUs; auto = the first "
                                                     "of tp, ep, cp, pp, dp above 1"),
    "view.mesh.compare_order": QT_TRANSLATE_NOOP("keys", "A framework rank order drawn beside the scenario's; "
                                                         "empty = none"),
    "view.mesh.network_axis": QT_TRANSLATE_NOOP("keys", "The axis whose traffic colours the network's links; "
                                                        "all = every axis"),
    "view.mesh.node": QT_TRANSLATE_NOOP("keys", "The node whose GPUs are drawn beside a mesh drawn a cell per "
                                                "node (above 1,024 GPUs); −1 = none"),
    "view.pipeline.compare": QT_TRANSLATE_NOOP("keys", "A second schedule on the same time axis; empty = none"),
    "view.pipeline.time": QT_TRANSLATE_NOOP("keys", "The animation position in schedule time units; −1 = the "
                                                    "end"),
    "view.pipeline.degree": QT_TRANSLATE_NOOP("keys", "The PP degree taught when the scenario has pp = 1; 0 = the "
                                                      "largest of 8, 4, 2 that fits, 1 = the scenario as it is"),
    "view.comm.collective": QT_TRANSLATE_NOOP("keys", "The collective drawn"),
    "view.comm.algorithm": QT_TRANSLATE_NOOP("keys", "The collective's algorithm"),
    "view.comm.ranks": QT_TRANSLATE_NOOP("keys", "Ranks of the collective drawn"),
    "view.comm.bytes": QT_TRANSLATE_NOOP("keys", "Message size S in bytes (nccl-tests' convention)"),
    "view.comm.compute_ms": QT_TRANSLATE_NOOP("keys", "Compute the collective may overlap with, ms"),
    "view.comm.overlap": QT_TRANSLATE_NOOP("keys", "Share of that compute the collective can overlap"),
    "view.comm.round": QT_TRANSLATE_NOOP("keys", "The round shown; −1 = half way through"),
    "view.context.page": QT_TRANSLATE_NOOP("keys", "The page shown: context parallelism, Muon × ZeRO or "
                                                   "stochastic rounding"),
    "view.context.scheme": QT_TRANSLATE_NOOP("keys", "The context-parallel scheme drawn"),
    "view.context.step": QT_TRANSLATE_NOOP("keys", "The animation step shown; −1 = the last"),
    "view.context.degree": QT_TRANSLATE_NOOP("keys", "The CP degree taught when the scenario has cp = 1; 0 = the "
                                                     "largest of 8, 4, 2 that fits, 1 = the scenario as it is"),
}


def describe(key: str) -> str:
    """The one-line meaning of a scenario or view key, in English (translate it with context
    "keys"); KeyError for an unknown key."""
    return MEANINGS[key]


@dataclass(frozen=True)
class KeyInfo:
    """A key as `tslab keys` lists it."""
    key: str
    type: str                 # int, float, bool, str or list (of strings)
    default: Any
    low: float | None
    high: float | None
    choices: tuple[str, ...] | None
    pattern: str | None
    meaning: str

    def to_json(self) -> dict[str, Any]:
        doc = dataclasses.asdict(self)
        doc["default"] = list(self.default) if isinstance(self.default, tuple) else self.default
        doc["choices"] = list(self.choices) if self.choices is not None else None
        return doc


def _declared(key: str) -> tuple[str, dict[str, Any]]:
    if key == "title":
        return "str", {}
    if key.startswith("view."):
        _, tab, name = key.split(".")
        f = {f.name: f for f in dataclasses.fields(VIEW_SECTIONS[tab])}[name]
        return _kind(f), dict(f.metadata)
    return declared_type(key)


def key_info(key: str) -> KeyInfo:
    """Type, range, default (the lab's: `Document()`) and meaning of one key."""
    kind, meta = _declared(key)
    choices = meta.get("choices")
    return KeyInfo(key, kind, Document().get(key), meta.get("low"), meta.get("high"),
                   tuple(choices) if choices else None, meta.get("pattern"), describe(key))


def all_keys() -> list[KeyInfo]:
    """Every settable key, scenario keys in file order and then view keys."""
    return [key_info(key) for key in document_keys()]
