"""How the model is cut over pipeline ranks and what one GPU of a rank holds.

Stage placement is the pipeline model's (`tslab.models.pipeline.stage_rank`): interleaved stage k
on rank k % p, V-shape stage k on rank k if k < p else 2p − 1 − k; DualPipe rank r also holds stage
p − 1 − r of the second model copy (DeepSeek-V3 report §3.2.1). Tensor parallelism shards attention
and MLP, expert parallelism (EP × ETP) the routed experts (Megatron-LM's layout)."""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from ..declared import reads
from ..pipeline.kinds import chunks_per_rank, stage_rank
from ..scenario import Scenario
from .params import is_moe_layer, layer_params, mtp_extra_params, padded_vocab, position_params


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


def stage_sizes(s: Scenario, stages: int) -> list[int]:
    """Transformer layers of each of `stages` global stages (Megatron-LM's options):

    - `first_stage_layers` / `last_stage_layers` > 0 put that many layers on the first / last
      stage and split the rest evenly over the others (--decoder-first/last-pipeline-num-layers);
    - `embedding_in_split` / `loss_in_split` count the embedding / the loss as one more layer, so
      the layers plus those are split evenly and the first / last stage has one layer fewer
      (--account-for-embedding/loss-in-pipeline-split).
    Infeasible settings (validation names them) raise ValueError."""
    m, par = s.model, s.parallel
    first, last = par.first_stage_layers, par.last_stage_layers
    if first or last:
        if stages == 1:
            raise ValueError("first_stage_layers / last_stage_layers need more than one pipeline stage")
        rest = m.layers - first - last
        middle = stages - bool(first) - bool(last)
        if rest < 0 or (middle == 0 and rest) or (middle and rest < middle):
            raise ValueError(f"{m.layers} layers cannot give {first or 'an even share'} to the first stage, "
                             f"{last or 'an even share'} to the last and at least one to each of the "
                             f"{middle} others")
        inner = stage_layers(rest, middle) if middle else []
        sizes = ([first] if first else []) + [len(r) for r in inner] + ([last] if last else [])
        return sizes
    extra = int(par.embedding_in_split) + int(par.loss_in_split)
    sizes = [len(r) for r in stage_layers(m.layers + extra, stages)]
    if par.embedding_in_split:
        sizes[0] -= 1
    if par.loss_in_split:
        sizes[-1] -= 1
    if min(sizes) < 0 or (stages > 1 and min(sizes) == 0 and m.layers >= stages):
        raise ValueError(f"{m.layers} layers and the embedding/loss leave a pipeline stage without layers")
    return sizes


# What the layout reads: the pipeline's shape and the stage split options
LAYOUT_READS = ("parallel.pp", "parallel.vpp", "schedule.kind", "model.layers", "model.mtp_layers",
                "parallel.first_stage_layers", "parallel.last_stage_layers", "parallel.embedding_in_split",
                "parallel.loss_in_split")


@reads(*LAYOUT_READS)
def pipeline_layout(s: Scenario) -> tuple[RankLayout, ...]:
    """Stage placement of the pipeline model (`stage_rank`): interleaved stage k on rank k % p;
    V-shape stage k on rank k if k < p else 2p−1−k; DualPipe rank r also holds stage p−1−r of the
    second model copy. Stage sizes follow `stage_sizes`; DeepSeek-V3's MTP modules (layer indices
    from `model.layers` on) sit on the last stage with the output head they share (Megatron-LM
    places them on the last pipeline stage)."""
    p, kind = s.parallel.pp, s.schedule.kind
    chunks = chunks_per_rank(kind, s.parallel.vpp)
    count = p * chunks
    if count > s.model.layers:
        # validate() rejects it too ("layers cannot fill … stages"); refused here before a list of
        # pp × vpp stages (up to 2^24) is built
        raise ValueError(f"{s.model.layers} layers cannot fill {count:,} pipeline stages (pp × chunks)")
    starts = [0, *itertools.accumulate(stage_sizes(s, count))]
    ranges = [range(a, b) for a, b in zip(starts, starts[1:])]
    ranges[-1] = range(ranges[-1].start, ranges[-1].stop + s.model.mtp_layers)
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
    return tuple(layouts)


@dataclass(frozen=True)
class _RankStates:
    dense: int   # non-expert parameters on the rank (sharded over dp·cp by ZeRO)
    expert: int  # routed-expert parameters on the rank (sharded over edp by ZeRO)
    largest_layer: int
    largest_chunk: int = 0  # the most parameters of one of the rank's stages (a VPP chunk)


def _rank_params(s: Scenario, layout: RankLayout) -> _RankStates:
    """Parameters one GPU of this pipeline rank holds: TP shards attention and MLP, EP and ETP the
    experts; embedding (and learned positions) on the first stage and LM head on the last
    (vocabulary-parallel over TP, the padded vocabulary). A last stage with MTP modules also needs
    the embedding for their inputs: a copy unless it is the first stage too (DeepSeek-V3 §2.2
    shares it with the main model)."""
    m, p = s.model, s.parallel
    if m.params:
        share = math.ceil(m.params / (p.pp * p.tp))
        return _RankStates(share * layout.copies, 0, math.ceil(share / max(layout.layer_count, 1)),
                           math.ceil(share * layout.copies / max(len(layout.layers), 1)))
    dense = expert = largest = chunk_most = 0
    kinds = {moe: layer_params(s, moe) for moe in (False, True)}
    vocab = math.ceil(padded_vocab(s) / p.tp) * m.hidden
    final_norm = m.hidden * (2 if m.norm == "layernorm" else 1)
    for layers in layout.layers:
        chunk = 0
        for layer in layers:
            lp = kinds[is_moe_layer(s, layer)]
            d = math.ceil((lp.attention + lp.mlp) / p.tp) + lp.replicated
            if layer >= m.layers:  # an MTP module: its projection h×2h (TP-sharded) and norms
                d += math.ceil(2 * m.hidden**2 / p.tp) + (mtp_extra_params(s) - 2 * m.hidden**2)
            e = math.ceil(lp.experts / (p.ep * p.etp))
            dense, expert, largest, chunk = dense + d, expert + e, max(largest, d + e), chunk + d + e
        ends = 0
        if 0 in layers:
            ends += vocab + position_params(s)
        if m.layers - 1 in layers:
            ends += final_norm + (0 if (m.tied_embeddings and layout.first) else vocab)
            if m.mtp_layers and not layout.first and not m.tied_embeddings:
                ends += vocab  # the MTP modules' input embedding
        dense += ends
        chunk_most = max(chunk_most, chunk + ends)
    return _RankStates(dense, expert, largest, chunk_most)


def rank_parameters(s: Scenario, layout: RankLayout) -> tuple[int, int]:
    """(dense, expert) parameters one GPU of this pipeline rank holds — the ledger's Ψ_rank, split
    into what ZeRO shards over dp·cp (dense) and over the expert-data-parallel group (experts)."""
    st = _rank_params(s, layout)
    return st.dense, st.expert


def ranks_parameters(s: Scenario, layouts: tuple[RankLayout, ...]) -> list[tuple[int, int]]:
    """`rank_parameters` of every layout, ranks of the same layers (by kind, with the embedding,
    head and MTP modules they hold) counted once."""
    m = s.model
    held: dict[tuple, tuple[int, int]] = {}
    result = []
    for layout in layouts:
        key = (tuple((len(r), sum(is_moe_layer(s, n) for n in r), 0 in r, m.layers - 1 in r,
                      sum(n >= m.layers for n in r)) for r in layout.layers), layout.first, layout.copies)
        if key not in held:
            held[key] = rank_parameters(s, layout)
        result.append(held[key])
    return result



@reads(*LAYOUT_READS, "model", "parallel.tp", "parallel.ep", "parallel.etp")
def rank_parameter_pairs(s: Scenario) -> tuple[tuple[int, int], ...]:
    """`ranks_parameters` of the scenario's own pipeline layout, per pipeline rank."""
    return tuple(ranks_parameters(s, pipeline_layout(s)))
