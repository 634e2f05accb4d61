"""Muon with a ZeRO-sharded optimizer (`tslab muon`): which rank orthogonalises which matrix.

Sources:
- Muon and its Newton–Schulz iteration: Jordan et al. 2024, "Muon: An optimizer for hidden layers
  in neural networks" (github.com/KellerJordan/Muon). Embeddings, the LM head, norms and biases
  are optimised by AdamW, as in Muon practice (the reference README; Moonlight, Liu et al. 2025,
  "Muon is Scalable for LLM Training", §2), so they are not packed here.
- DeepSeek-V4 technical report, training framework chapter: Newton–Schulz needs whole matrices,
  so ZeRO's element-wise flat shards do not suit Muon; dense matrices are packed whole onto at
  most P_max ranks of the ZeRO group, at most five per rank, balanced knapsack-style, each rank's
  bucket padded to the largest (usually under 10 %); the data-parallel groups beyond P_max repeat
  the dense update; MoE expert matrices are split evenly over the expert ZeRO ranks without
  splitting a matrix. P_max is not disclosed: it is an input (muon.p_max). The chapter's one mHC
  figure is quoted in MHC_NOTE.
- Megatron-LM: the distributed optimizer shards over the data-parallel group with context
  parallelism (dp × cp; megatron/core/optimizer/distrib_optimizer.py), the experts' over the
  expert-data-parallel group edp = tp·cp·dp / (etp·ep) (megatron/core/parallel_state.py);
  LayerWiseDistributedOptimizer (megatron/core/optimizer/layer_wise_optimizer.py) packs whole
  parameters by LPT and pads shards to the largest.
- Kimi K3 technical report (Per-Head Muon with the distributed optimizer): each owner fetches only
  the shards of the matrices it updates, point to point and pipelined per model-chunk buffer,
  instead of all-gathering the full parameters into every rank.

A deterministic teaching model, not a benchmark of a real cluster.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..problems import QT_TRANSLATE_NOOP, Problem
from ..scenario import BYTES_PER_ELEMENT, Scenario
from .matrices import Matrix, Stage, expert_matrices_per_expert, local_experts, muon_stage, stage_matrices
from .newton_schulz import NS_COEFFICIENTS, newton_schulz, ns_flops
from .packing import RankBucket, cost_imbalance, pack_matrices, padding_overhead

MHC_NOTE = (
    "DeepSeek-V4 technical report, training framework chapter: with fused kernels, selective "
    "checkpointing and the adjusted DualPipe 1F1B overlap, mHC's wall-time overhead is 6.7 % of the "
    "overlapped 1F1B pipeline stage. The report gives no eager baseline and no breakdown, so none is shown.")
MHC_OVERHEAD = 0.067
# The most dense matrices one stage may hold: the analysis lists, packs and prints each (at 2^16,
# `tslab muon --json` takes about a second; ten times as many take 11 s and 1.8 GB).
MAX_DENSE_MATRICES = 1 << 16
P_MAX_NOTE = "P_max is not disclosed by the DeepSeek-V4 report; muon.p_max is an input."
ADAMW_NOTE = ("Embeddings, the LM head, norms and biases are not Muon parameters: they are optimised "
              "by AdamW, as in Muon practice.")
DEMO_SEED = 0  # the Gram demo's small matrix


@dataclass(frozen=True)
class MoeSplit:
    """The routed experts' matrices of the stage (gate/up/down of every EP-local expert, experts
    / ep of them, in every MoE layer) split evenly over the expert-data-parallel ranks
    edp = tp·cp·dp / (etp·ep) without splitting a matrix: ranks get ⌊n/edp⌋ or ⌈n/edp⌉ whole
    matrices. elements_per_rank is the largest rank's (every rank padded to it); padding_elements
    = edp · elements_per_rank − elements, padding_overhead = padding_elements / elements (small when
    matrices ≫ ranks). A dense model has matrices = 0, elements_per_rank = 0. ETP shards are
    counted as whole logical matrices, as TP's are."""
    ranks: int
    matrices: int
    elements: int
    elements_per_rank: int
    padding_elements: int
    padding_overhead: float
    matrices_per_rank: int = 0      # the most whole matrices on one rank
    local_experts: int = 0          # experts / ep
    moe_layers: int = 0             # MoE layers on the stage
    matrix_elements: int = 0        # one expert matrix: hidden × expert_ffn_hidden


@dataclass(frozen=True)
class GramDemo:
    """Why Newton–Schulz needs the whole matrix, on the stage's largest attention projection,
    oriented as NS uses it (rows ≤ cols; `transposed` when the weight is taller than wide).

    Split over columns, M = [M_1 | … | M_P] gives M·Mᵀ = Σ M_i·M_iᵀ, and every M_i·M_iᵀ is rows ×
    rows: the Gram matrix that each NS step needs cannot be had from one shard, only from a sum of
    P full-size partial Grams, which is no cheaper than gathering M. Orthogonalising the shards
    separately is a different map: sharded_error = ‖NS(M) − [NS(M_1) | … | NS(M_P)]‖_F / ‖NS(M)‖_F
    on a seeded Gaussian matrix of the same aspect ratio (demo_rows × demo_cols, demo_shards
    shards), and gram_identity_error = ‖Σ M_i M_iᵀ − M Mᵀ‖_F / ‖M Mᵀ‖_F there (round-off only).
    shards = the ZeRO ranks dp × cp (at least two, at most cols); FLOPs for muon.ns_steps steps."""
    name: str
    rows: int
    cols: int
    shards: int
    shard_cols: int
    gram_elements: int
    ns_flops_whole: float
    ns_flops_per_shard: float
    sharded_error: float
    transposed: bool = False
    demo_rows: int = 0
    demo_cols: int = 0
    demo_shards: int = 0
    gram_identity_error: float = 0.0
    partial_gram_elements: int = 0   # Σ over shards of the rows × rows partial Grams: shards · rows²


@dataclass(frozen=True)
class K3Fetch:
    """Kimi K3's point-to-point fetch against a naive all-gather, over n = dp × cp ZeRO ranks
    that hold the stage's dense matrices as even flat shards, at precision.params bytes:

    - naive: every rank all-gathers the full parameters, receiving (n − 1)·⌈Ψ/n⌉ elements, and
      holds a full-parameter buffer of Ψ (Ψ = the stage's dense Muon elements);
    - P2P: each owner fetches, for each matrix it updates (the packing's buckets), the (n − 1)/n
      of it held by other ranks, (n − 1)·⌈e/n⌉ per matrix, the most-loaded owner's sum reported;
      its buffer holds one model chunk's owned matrices at a time, the largest chunk reported.
    chunks: the stage's model chunks (vpp for interleaved 1F1B, two for the V shapes and
    DualPipe) when there are several, else one buffer per layer of the stage."""
    ranks: int
    naive_bytes_per_rank: int
    p2p_bytes_per_rank: int
    naive_buffer_bytes: int
    p2p_buffer_bytes: int
    chunks: int
    bytes_per_element: int = 2
    owners: int = 0


@dataclass(frozen=True)
class MuonAnalysis:
    """The Muon layout of the scenario's most loaded pipeline stage (see the module docstring).

    p_max = muon.p_max, or when 0 the fewest ranks that hold the matrices at muon.max_matrices each;
    zero_ranks = dp × cp; ranks_used = min(p_max, zero_ranks, matrices) (a rank without a
    matrix is not used); buckets from pack_matrices with at most muon.max_matrices per rank;
    padding_overhead = Σ(padded − elements) / Σ elements; imbalance = max cost / mean cost;
    redundant_groups = zero_ranks // ranks_used − 1 groups repeat the dense Muon work. The analysis
    works for any optimizer.kind: it shows what Muon would need."""
    p_max: int
    zero_ranks: int
    ranks_used: int
    max_matrices: int
    matrices: tuple[Matrix, ...]
    buckets: tuple[RankBucket, ...]
    padding_overhead: float
    max_matrices_per_rank: int
    imbalance: float
    redundant_groups: int
    moe: MoeSplit
    gram: GramDemo
    k3: K3Fetch
    mhc_note: str
    ns_steps: int = 5
    pipeline_rank: int = 0
    layers: tuple[int, ...] = ()
    p_max_note: str = P_MAX_NOTE
    p_max_auto: bool = False   # muon.p_max = 0: p_max is the fewest ranks that fit
    adamw_note: str = ADAMW_NOTE


def zero_ranks(s: Scenario) -> int:
    """The distributed optimizer's ranks for dense parameters: dp × cp."""
    return s.parallel.dp * s.parallel.cp


def expert_zero_ranks(s: Scenario) -> int:
    """The expert-data-parallel size tp·cp·dp / (etp·ep) (models/memory/ledger.py's N_edp)."""
    p = s.parallel
    return max(1, (p.tp * p.cp * p.dp) // (p.etp * p.ep))


def resolved_p_max(s: Scenario, matrices: int) -> int:
    """muon.p_max, or when it is 0 the fewest ranks that hold `matrices` at muon.max_matrices each."""
    return s.muon.p_max or max(1, math.ceil(matrices / s.muon.max_matrices))


def _capacity_problem(s: Scenario, matrices: int) -> Problem | None:
    """The error when the stage's dense matrices do not fit min(p_max, dp·cp) ranks × max_matrices."""
    mu = s.muon
    p_max = resolved_p_max(s, matrices)
    ranks = min(p_max, zero_ranks(s))
    if matrices <= ranks * mu.max_matrices:
        return None
    needed = math.ceil(matrices / mu.max_matrices)
    if needed <= zero_ranks(s):
        return Problem("muon.p_max", QT_TRANSLATE_NOOP(
            "validation", "{matrices} dense matrices on the most loaded pipeline stage do not fit muon.p_max = {p_max} "
                          "ranks × muon.max_matrices = {max} per rank: muon.p_max must be at least {needed}"),
            {"matrices": matrices, "p_max": p_max, "max": mu.max_matrices, "needed": needed})
    return Problem("muon.max_matrices", QT_TRANSLATE_NOOP(
        "validation", "{matrices} dense matrices on the most loaded pipeline stage do not fit the {ranks} ZeRO ranks "
                      "(dp × cp) × muon.max_matrices = {max} per rank: they need muon.p_max ≥ {needed} and as many "
                      "ZeRO ranks, or muon.max_matrices ≥ {least_max} (muon.p_max = {p_max})"),
        {"matrices": matrices, "ranks": zero_ranks(s), "max": mu.max_matrices, "needed": needed,
         "least_max": math.ceil(matrices / ranks), "p_max": p_max})


def muon_validation(s: Scenario) -> list[Problem]:
    """The Muon problems of `s` as validate() collects them (models/validation.py's Problem), only
    when optimizer.kind = "muon": the stage's matrices not fitting DeepSeek-V4's packing (a
    warning: Muon itself runs without it, each rank updating more matrices or whole copies), no
    sharded optimizer at all (warning). A pipeline that cannot be laid out is left to validate()'s
    own checks."""
    if s.optimizer.kind != "muon":
        return []
    try:
        stage = muon_stage(s)
    except ValueError:
        return []
    problems = []
    capacity = _capacity_problem(s, stage.matrices)
    if capacity is not None:
        problems.append(Problem(capacity.key, capacity.template, capacity.args, "warning"))
    if s.parallel.zero == 0 and zero_ranks(s) > 1:
        problems.append(Problem("parallel.zero", QT_TRANSLATE_NOOP(
            "validation", "zero = 0 keeps the whole optimizer on every data-parallel rank: each of the {ranks} ranks "
                          "runs Newton–Schulz on every matrix instead of sharing the matrices out"),
            {"ranks": zero_ranks(s)}, "warning"))
    return problems


def muon_problems(s: Scenario) -> list[tuple[str, str, str]]:
    """(severity "error" | "warning", key, English message) of every Muon problem."""
    return [(problem.severity, problem.key, problem.message) for problem in muon_validation(s)]


def moe_split(s: Scenario, stage: Stage) -> MoeSplit:
    """The routed experts of the stage over the expert ZeRO ranks (see MoeSplit)."""
    ranks = expert_zero_ranks(s)
    m = s.model
    if not m.experts or not stage.moe_layers:
        return MoeSplit(ranks, 0, 0, 0, 0, 0.0)
    experts = local_experts(s)
    count = stage.moe_layers * experts * expert_matrices_per_expert(s)
    size = m.hidden * m.expert_ffn_hidden  # gate, up and down all hold hidden × expert width
    most = math.ceil(count / ranks)
    elements = count * size
    padding = ranks * most * size - elements
    return MoeSplit(ranks, count, elements, most * size, padding, padding / elements, most, experts,
                    stage.moe_layers, size)


DEMO_SHARDS = 16   # the demonstration splits into at most this many shards (the point needs no more)


def _demo_shape(rows: int, cols: int, shards: int) -> tuple[int, int, int]:
    """A small matrix of the same aspect ratio (rows ≤ cols): 256 columns in at most DEMO_SHARDS
    shards, so the demonstration costs a few milliseconds at any number of ZeRO ranks."""
    demo_cols = 256
    demo_rows = max(1, round(demo_cols * rows / cols))
    return demo_rows, demo_cols, min(shards, DEMO_SHARDS)


def gram_demo(s: Scenario, matrices: tuple[Matrix, ...]) -> GramDemo:
    """The GramDemo of the stage's largest attention projection (the first of the largest)."""
    attention = [m for m in matrices if m.kind == "attention"] or list(matrices)
    largest = max(attention, key=lambda m: m.elements)
    transposed = largest.rows > largest.cols
    rows, cols = (largest.cols, largest.rows) if transposed else (largest.rows, largest.cols)
    shards = max(2, min(zero_ranks(s), cols)) if cols >= 2 else 1
    shard_cols = math.ceil(cols / shards)
    steps = s.muon.ns_steps
    demo_rows, demo_cols, demo_shards = _demo_shape(rows, cols, shards)
    g = np.random.default_rng(DEMO_SEED).standard_normal((demo_rows, demo_cols))
    pieces = np.array_split(g, demo_shards, axis=1)
    gram = g @ g.T
    partial = sum(piece @ piece.T for piece in pieces)
    whole = newton_schulz(g, steps)
    sharded = np.concatenate([newton_schulz(piece, steps) for piece in pieces], axis=1)
    return GramDemo(
        name=largest.name, rows=rows, cols=cols, shards=shards, shard_cols=shard_cols,
        gram_elements=rows * rows, ns_flops_whole=ns_flops(rows, cols, steps),
        ns_flops_per_shard=ns_flops(rows, shard_cols, steps),
        sharded_error=float(np.linalg.norm(whole - sharded) / np.linalg.norm(whole)),
        transposed=transposed, demo_rows=demo_rows, demo_cols=demo_cols, demo_shards=demo_shards,
        gram_identity_error=float(np.linalg.norm(partial - gram) / np.linalg.norm(gram)),
        partial_gram_elements=shards * rows * rows)


def k3_fetch(s: Scenario, matrices: tuple[Matrix, ...], buckets: tuple[RankBucket, ...]) -> K3Fetch:
    """Naive all-gather vs Kimi K3's owner-side P2P fetch (see K3Fetch)."""
    n = zero_ranks(s)
    b = BYTES_PER_ELEMENT[s.precision.params]
    by_name = {m.name: m for m in matrices}
    total = sum(m.elements for m in matrices)
    chunks = len({m.chunk for m in matrices})
    fetched = owned_chunk = 0
    for bucket in buckets:
        owned = [by_name[name] for name in bucket.matrices]
        fetched = max(fetched, sum((n - 1) * math.ceil(m.elements / n) for m in owned))
        per_chunk: dict[int, int] = {}
        for m in owned:
            per_chunk[m.chunk] = per_chunk.get(m.chunk, 0) + m.elements
        owned_chunk = max(owned_chunk, max(per_chunk.values(), default=0))
    return K3Fetch(n, (n - 1) * math.ceil(total / n) * b, fetched * b, total * b, owned_chunk * b, chunks, b,
                   sum(1 for bucket in buckets if bucket.matrices))


def muon_analysis(s: Scenario) -> MuonAnalysis:
    """The Muon layout of `s` (see MuonAnalysis). ValueError with the reason when the stage's dense
    matrices do not fit muon.p_max (and dp × cp) ranks × muon.max_matrices, or the pipeline cannot
    be laid out."""
    stage = muon_stage(s)
    if stage.matrices > MAX_DENSE_MATRICES:
        raise ValueError(f"{stage.matrices:,} dense matrices on the most loaded pipeline stage: the Muon analysis "
                         f"lists each, at most {MAX_DENSE_MATRICES:,}; lower model.layers or raise parallel.pp")
    problem = _capacity_problem(s, stage.matrices)
    if problem is not None:
        raise ValueError(problem.message)
    matrices = stage_matrices(s, stage)
    zero = zero_ranks(s)
    p_max = resolved_p_max(s, len(matrices))
    used = max(1, min(p_max, zero, len(matrices)))
    buckets = pack_matrices(matrices, used, s.muon.max_matrices)
    return MuonAnalysis(
        p_max=p_max, zero_ranks=zero, ranks_used=used, max_matrices=s.muon.max_matrices,
        matrices=matrices, buckets=buckets, padding_overhead=padding_overhead(buckets),
        max_matrices_per_rank=max(len(b.matrices) for b in buckets), imbalance=cost_imbalance(buckets),
        redundant_groups=zero // used - 1, moe=moe_split(s, stage), gram=gram_demo(s, matrices),
        k3=k3_fetch(s, matrices, buckets), mhc_note=MHC_NOTE, ns_steps=s.muon.ns_steps,
        pipeline_rank=stage.rank, layers=stage.layers, p_max_auto=s.muon.p_max == 0)


def muon_json(a: MuonAnalysis) -> dict[str, Any]:
    """The `tslab muon --json` document: Python ints, floats and strings only."""
    g, k, moe = a.gram, a.k3, a.moe
    return {
        "p_max": a.p_max, "p_max_auto": a.p_max_auto, "p_max_disclosed": False, "p_max_note": a.p_max_note,
        "zero_ranks": a.zero_ranks, "ranks_used": a.ranks_used,
        "max_matrices": a.max_matrices, "max_matrices_per_rank": a.max_matrices_per_rank,
        "matrices_total": len(a.matrices), "ns_steps": a.ns_steps, "ns_coefficients": list(NS_COEFFICIENTS),
        "pipeline_rank": a.pipeline_rank, "layers": [int(layer) for layer in a.layers],
        "elements_total": int(sum(m.elements for m in a.matrices)),
        "matrices": [{"name": m.name, "rows": m.rows, "cols": m.cols, "kind": m.kind, "elements": m.elements,
                      "ns_cost": float(m.ns_cost), "layer": m.layer, "chunk": m.chunk} for m in a.matrices],
        "ranks": [{"rank": b.rank, "matrices": list(b.matrices), "elements": b.elements,
                   "padded_elements": b.padded_elements, "padding": b.padding, "cost": float(b.cost)}
                  for b in a.buckets],
        "padding_overhead": float(a.padding_overhead), "imbalance": float(a.imbalance),
        "redundant_groups": a.redundant_groups,
        "moe": {"ranks": moe.ranks, "matrices": moe.matrices, "elements": moe.elements,
                "elements_per_rank": moe.elements_per_rank, "padding_elements": moe.padding_elements,
                "padding_overhead": float(moe.padding_overhead), "matrices_per_rank": moe.matrices_per_rank,
                "local_experts": moe.local_experts, "moe_layers": moe.moe_layers,
                "matrix_elements": moe.matrix_elements},
        "gram": {"name": g.name, "rows": g.rows, "cols": g.cols, "transposed": g.transposed, "shards": g.shards,
                 "shard_cols": g.shard_cols, "gram_elements": g.gram_elements,
                 "partial_gram_elements": g.partial_gram_elements, "ns_flops_whole": float(g.ns_flops_whole),
                 "ns_flops_per_shard": float(g.ns_flops_per_shard), "sharded_error": float(g.sharded_error),
                 "gram_identity_error": float(g.gram_identity_error),
                 "demo": {"rows": g.demo_rows, "cols": g.demo_cols, "shards": g.demo_shards, "seed": DEMO_SEED}},
        "k3": {"ranks": k.ranks, "owners": k.owners, "naive_bytes_per_rank": k.naive_bytes_per_rank,
               "p2p_bytes_per_rank": k.p2p_bytes_per_rank, "naive_buffer_bytes": k.naive_buffer_bytes,
               "p2p_buffer_bytes": k.p2p_buffer_bytes, "chunks": k.chunks, "bytes_per_element": k.bytes_per_element},
        "mhc": {"note": a.mhc_note, "overhead": MHC_OVERHEAD,
                "of": "the overlapped 1F1B pipeline stage",
                "conditions": ["fused kernels", "selective checkpointing", "the adjusted DualPipe 1F1B overlap"],
                "eager_baseline": None, "breakdown": None},
        "adamw_note": a.adamw_note,
        "model": "a deterministic teaching model, not a benchmark of a real cluster",
    }
