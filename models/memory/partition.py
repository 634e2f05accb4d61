"""How the model is cut over pipeline ranks and what one GPU of a rank holds.

Stage placement is the pipeline model's (`tslab.models.pipeline.stage_rank`): interleaved stage k
on rank k % p, V-shape stage k on rank k if k < p else 2p − 1 − k; DualPipe rank r also holds stage
p − 1 − r of the second model copy (DeepSeek-V3 report §3.2.1). Tensor parallelism shards attention
and MLP, expert parallelism (EP × ETP) the routed experts (Megatron-LM's layout)."""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from ..pipeline import chunks_per_rank, stage_rank
from ..scenario import Scenario
from .params import is_moe_layer, layer_params


@dataclass(frozen=True)
class RankLayout:
    """What pipeline rank `rank` holds: global stage ids and their layer ranges."""
    rank: int
    stages: tuple[int, ...]
    layers: tuple[range, ...]
    first: bool  # holds the input embedding
    last: bool   # holds the LM head and the loss
    copies: int  # model copies (DualPipe keeps two)

    @property
    def layer_count(self) -> int:
        return sum(len(r) for r in self.layers)


def stage_layers(layers: int, stages: int) -> list[range]:
    """Split layers over stages as evenly as possible; the remainder goes to the stages after the
    first, which already carries the embedding and the most in-flight micro-batches."""
    base, extra = divmod(layers, stages)
    sizes = [base] * stages
    for i in range(extra):
        sizes[(1 + i) % stages] += 1
    starts = [0, *itertools.accumulate(sizes)]
    return [range(start, start + size) for start, size in zip(starts, sizes)]


def pipeline_layout(s: Scenario) -> list[RankLayout]:
    """Stage placement of the pipeline model (`stage_rank`): interleaved stage k on rank k % p;
    V-shape stage k on rank k if k < p else 2p−1−k; DualPipe rank r also holds stage p−1−r of the
    second model copy."""
    p, kind = s.parallel.pp, s.schedule.kind
    chunks = chunks_per_rank(kind, s.parallel.vpp)
    count = p * chunks
    if count > s.model.layers:
        # validate() rejects it too ("layers cannot fill … stages"); refused here before a list of
        # pp × vpp stages (up to 2^24) is built
        raise ValueError(f"{s.model.layers} layers cannot fill {count:,} pipeline stages (pp × chunks)")
    ranges = stage_layers(s.model.layers, count)
    # DualPipe's first copy alone is `count` = p stages, one per rank; its mirror copy is added below.
    owner = [stage_rank(kind, p, chunks, k) for k in range(count)]
    by_rank: dict[int, list[int]] = {rank: [] for rank in range(p)}
    for k, rank in enumerate(owner):
        by_rank[rank].append(k)
    layouts = []
    for rank in range(p):
        stages = tuple(by_rank[rank])
        layers = tuple(ranges[k] for k in stages)
        first, last = owner[0] == rank, owner[-1] == rank
        copies = 1
        if kind == "dualpipe" and p > 1:
            mirror = p - 1 - rank  # second copy: the mirror stage, with its embedding or head
            stages += (p + rank,)
            layers += (ranges[mirror],)
            first, last, copies = first or mirror == 0, last or mirror == p - 1, 2
        layouts.append(RankLayout(rank, stages, layers, first, last, copies))
    return layouts


@dataclass(frozen=True)
class _RankStates:
    dense: int   # non-expert parameters on the rank (sharded over dp·cp by ZeRO)
    expert: int  # routed-expert parameters on the rank (sharded over edp by ZeRO)
    largest_layer: int


def _rank_params(s: Scenario, layout: RankLayout) -> _RankStates:
    """Parameters one GPU of this pipeline rank holds: TP shards attention and MLP, EP and ETP the
    experts; embedding on the first stage and LM head on the last (vocabulary-parallel over TP)."""
    m, p = s.model, s.parallel
    if m.params:
        share = math.ceil(m.params / (p.pp * p.tp))
        return _RankStates(share * layout.copies, 0, math.ceil(share / max(layout.layer_count, 1)))
    dense = expert = largest = 0
    kinds = {moe: layer_params(s, moe) for moe in (False, True)}
    for layers in layout.layers:
        for layer in layers:
            lp = kinds[is_moe_layer(s, layer)]
            d = math.ceil((lp.attention + lp.mlp) / p.tp) + lp.replicated
            e = math.ceil(lp.experts / (p.ep * p.etp))
            dense, expert, largest = dense + d, expert + e, max(largest, d + e)
    vocab = math.ceil(m.vocab / p.tp) * m.hidden
    if layout.first:
        dense += vocab
    if layout.last:
        dense += m.hidden + (0 if (m.tied_embeddings and layout.first) else vocab)
    return _RankStates(dense, expert, largest)


def rank_parameters(s: Scenario, layout: RankLayout) -> tuple[int, int]:
    """(dense, expert) parameters one GPU of this pipeline rank holds — the ledger's Ψ_rank, split
    into what ZeRO shards over dp·cp (dense) and over the expert-data-parallel group (experts)."""
    st = _rank_params(s, layout)
    return st.dense, st.expert
