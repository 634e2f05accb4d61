"""DeepSeek-V4's two-stage context parallelism for compressed attention (CSA/HCA).

DeepSeek-V4 ("DeepSeek-V4: Towards Highly Efficient Million-Token Context Intelligence",
DeepSeek-AI 2026) compresses the KV of every m consecutive tokens into one entry (Compressed
Sparse Attention and Heavily Compressed Attention). Plain context parallelism splits the sequence
into s = S/cp tokens per rank, and a rank boundary inside a compression block leaves that block
needing tokens of the neighbour. The report's two stages:

1. each rank sends its last m uncompressed KV entries to the next rank, which compresses them
   with its own into one bridge token, so every rank outputs exactly s/m + 1 compressed entries
   (rank 0 has no predecessor: its bridge slot is a pad, so the shape stays fixed);
2. an all-gather of every rank's s/m + 1 entries, then select-and-pad into the full compressed
   sequence (the valid entries in order, padded to the fixed gathered length).

The compressor itself is not modelled: a compressed entry is taken to have the KV width d_kv of
one token (MHA a·d, GQA g·d, MLA the latent d_c + the RoPE key d_r) — only shapes and bytes are.
When m does not divide s the lab rounds up: ceil(s/m) + 1 entries per rank, aligned = False.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .common import Shapes


@dataclass(frozen=True)
class TwoStage:
    """DeepSeek-V4 two-stage CP for compressed attention, one layer, per rank.

    tokens_per_rank s = S/cp; compressed_tokens_per_rank = s/m + 1 (ceil(s/m) + 1 when m ∤ s,
    aligned = False); straddling_blocks: the compression blocks [k·m, (k+1)·m) of the whole
    sequence that a rank boundary r·s cuts under plain CP (0 when aligned). stage1_bytes_per_rank
    = b·min(m, s)·d_kv·bytes (the last m uncompressed entries, to the next rank);
    stage2_bytes_per_rank = (cp − 1)·(s/m + 1)·b·d_kv·bytes received by the all-gather;
    gathered_tokens = cp·(s/m + 1), valid_tokens = gathered − 1 (rank 0's bridge is a pad).
    shapes: one sample's tensors at each stage, d_c = d_kv. bridges: per rank the rank whose last
    m tokens its bridge entry compresses (−1: none, a pad)."""
    compress_ratio: int
    ranks: int
    tokens_per_rank: int
    compressed_tokens_per_rank: int
    aligned: bool
    straddling_blocks: int
    stage1_bytes_per_rank: int
    stage2_bytes_per_rank: int
    gathered_tokens: int
    valid_tokens: int
    shapes: tuple[tuple[str, tuple[int, ...]], ...]
    d_kv: int = 0
    pad_tokens: int = 0
    bridges: tuple[int, ...] = ()
    note: str = ("The compressor is not modelled: a compressed entry is taken to be one token's KV width; only "
                 "shapes and bytes are.")


def straddling_blocks(tokens_per_rank: int, ranks: int, m: int) -> int:
    """Distinct compression blocks [k·m, (k+1)·m) cut by a rank boundary r·s, 0 < r < ranks."""
    return len({r * tokens_per_rank // m for r in range(1, ranks) if (r * tokens_per_rank) % m})


def analyse_two_stage(sh: Shapes, m: int) -> TwoStage:
    if m < 1:
        raise ValueError(f"the compression ratio must be ≥ 1, got {m}")
    n = sh.cp
    s = sh.seq_len // n
    aligned = s % m == 0
    per_rank = math.ceil(s / m) + 1
    entry = sh.micro_batch * sh.d_kv * sh.element
    gathered = n * per_rank
    valid = gathered - 1
    return TwoStage(
        compress_ratio=m, ranks=n, tokens_per_rank=s, compressed_tokens_per_rank=per_rank, aligned=aligned,
        straddling_blocks=straddling_blocks(s, n, m), stage1_bytes_per_rank=min(m, s) * entry,
        stage2_bytes_per_rank=(n - 1) * per_rank * entry, gathered_tokens=gathered, valid_tokens=valid,
        shapes=(("stage 1: send", (min(m, s), sh.d_kv)), ("stage 1: output", (per_rank, sh.d_kv)),
                ("stage 2: all-gather", (n, per_rank, sh.d_kv)), ("stage 2: select-and-pad", (gathered, sh.d_kv))),
        d_kv=sh.d_kv, pad_tokens=gathered - valid, bridges=tuple(r - 1 for r in range(n)))
