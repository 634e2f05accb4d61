"""What every context-parallel scheme reads from a scenario: the attention widths one TP rank
holds, the CP group's GPUs and link tier, and the α–β price of a message.

Widths are per TP rank (Megatron-LM splits the heads over tensor parallelism before any
context parallelism sees them): MHA/GQA queries a·d, keys and values g·d (g = KV heads);
MLA (DeepSeek-V2 §2.1, DeepSeek-V3 §2.1.1) up-projects a key of d + d_r (the no-RoPE and RoPE
parts) and a value of d_v for every head, so its attention has as many KV heads as heads.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..hardware import LinkTiers, link_tiers, peak_flops
from ..memory.params import head_dim
from ..scenario import BYTES_PER_ELEMENT, Scenario

# Every rank's step of the Ring schedule is laid out (n steps × n ranks): beyond this many CP
# ranks the tables would hold millions of entries; real long-context runs use tens of ranks.
MAX_CP = 1024


@dataclass(frozen=True)
class Placement:
    """Where a group of ranks lands in the cluster: its global GPU ranks (the first group of its
    kind), the distinct nodes they span, and the link tier its messages take: "intra" (NVLink,
    one node) or "inter" (the network)."""
    ranks: tuple[int, ...]
    nodes: int
    tier: str


def placement_of(ranks: np.ndarray | list[int] | tuple[int, ...], gpus_per_node: int) -> Placement:
    """The Placement of a group of global GPU ranks (node = rank // gpus_per_node)."""
    members = tuple(int(rank) for rank in ranks)
    nodes = len({rank // gpus_per_node for rank in members})
    return Placement(members, nodes, "intra" if nodes <= 1 else "inter")


@dataclass(frozen=True)
class Shapes:
    """One TP rank's attention widths and the scenario numbers the schemes share."""
    seq_len: int          # S
    cp: int
    micro_batch: int      # b
    element: int          # bytes per activation element
    tp: int
    attention: str        # "mha" | "mla"
    heads: int            # the model's attention heads
    kv_heads: int         # the model's KV heads (MLA: = heads)
    heads_local: int      # per TP rank
    kv_local: int         # per TP rank (replicated when tp > kv_heads, as Megatron-LM does)
    d_qk: int             # query/key width of one head
    d_v: int              # value width of one head
    d_kv: int             # one token's KV entry for compressed attention (DeepSeek-V4)

    @property
    def q_width(self) -> int:
        return self.heads_local * self.d_qk

    @property
    def k_width(self) -> int:
        return self.kv_local * self.d_qk

    @property
    def v_width(self) -> int:
        return self.kv_local * self.d_v

    @property
    def o_width(self) -> int:
        return self.heads_local * self.d_v

    def tokens_bytes(self, tokens: int | float, width: int) -> int:
        """b · tokens · width elements in bytes (rounded down to whole bytes)."""
        return int(self.micro_batch * tokens * width * self.element)


def shapes(s: Scenario) -> Shapes:
    """The scenario's attention widths per TP rank; ValueError where they cannot be split."""
    m, p = s.model, s.parallel
    if m.heads % p.tp:
        raise ValueError(f"{m.heads} attention heads are not divisible by tp = {p.tp}")
    d = head_dim(s)
    if m.attention == "mla":
        kv_heads, d_qk, d_v = m.heads, d + m.qk_rope_head_dim, m.v_head_dim or d
        d_kv = m.kv_lora_rank + m.qk_rope_head_dim  # the latent c_KV and the shared RoPE key
    else:
        kv_heads, d_qk, d_v = m.kv_heads, d, d
        d_kv = m.kv_heads * d
    kv_local = kv_heads // p.tp if kv_heads >= p.tp else 1
    return Shapes(seq_len=m.seq_len, cp=p.cp, micro_batch=m.micro_batch,
                  element=BYTES_PER_ELEMENT[s.precision.activations], tp=p.tp, attention=m.attention,
                  heads=m.heads, kv_heads=kv_heads, heads_local=m.heads // p.tp, kv_local=kv_local,
                  d_qk=d_qk, d_v=d_v, d_kv=d_kv)


def alpha_beta(tiers: LinkTiers, tier: str) -> tuple[float, float]:
    """(α in s, β in B/s) of a link tier."""
    if tier == "intra":
        return tiers.alpha_intra_s, tiers.bw_intra_Bps
    return tiers.alpha_inter_s, tiers.bw_inter_Bps


def message_time(tiers: LinkTiers, tier: str, size_bytes: int) -> float:
    """α + bytes/β (Hockney 1994; Thakur, Rabenseifner & Gropp 2005 §3)."""
    alpha, beta = alpha_beta(tiers, tier)
    return alpha + size_bytes / beta


def alltoall_time(tiers: LinkTiers, tier: str, ranks: int, buffer_bytes: int) -> float:
    """A pairwise-exchange all-to-all of a per-rank buffer (Thakur et al. 2005 §4.4, and NCCL's
    all-to-all as n − 1 point-to-point sends): n − 1 rounds of α + (buffer/n)/β on the group's
    tier — what models.comm.plan("alltoall", …) prices for a group on that tier."""
    if ranks < 2:
        return 0.0
    alpha, beta = alpha_beta(tiers, tier)
    return (ranks - 1) * (alpha + math.ceil(buffer_bytes / ranks) / beta)


def attention_rate(s: Scenario) -> float:
    """FLOP/s one block of attention reaches: peak × context.attention_efficiency (NaN when the
    GPU has no peak: a custom GPU without cluster.peak_tflops)."""
    peak = peak_flops(s.cluster.gpu, s.cluster.peak_tflops)
    return peak * s.context.attention_efficiency if peak > 0 else math.nan


def tiers_of(s: Scenario) -> LinkTiers:
    return link_tiers(s.cluster)
