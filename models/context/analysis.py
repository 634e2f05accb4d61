"""The whole long-context analysis of a scenario and its JSON document (its problems: `checks`)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..memory.params import head_dim
from ..mesh import build_mesh
from ..mesh.teaching import taught_at
from ..scenario import Scenario
from .common import MAX_CP, placement_of, shapes
from .kda import Kda, analyse_kda
from .ring import Ring, analyse_ring, kv_block_bytes
from .two_stage import TwoStage, analyse_two_stage
from .ulysses import MegatronSp, Ulysses, analyse_ulysses, megatron_sp
from .usp import Usp, analyse_usp

MODEL_NOTE = "a deterministic teaching model, not a benchmark of a real cluster"


def cp_group(s: Scenario) -> tuple[int, ...]:
    """The global GPU ranks of the first CP group (models.mesh, Megatron-LM's RankGenerator);
    ValueError when the mesh cannot lay one out."""
    mesh = build_mesh(s)
    groups = mesh.groups["cp"]
    if groups.shape[0] == 0:
        reason = "; ".join(problem.message for problem in mesh.errors) or "the mesh has no CP group"
        raise ValueError(f"no context-parallel group to place: {reason}")
    return tuple(int(rank) for rank in groups[0])


@dataclass(frozen=True)
class ContextAnalysis:
    """Every long-context scheme over the scenario's cp ranks, one layer's forward pass, per TP
    rank: Megatron SP (told apart), Ulysses, Ring, USP, DeepSeek-V4's two-stage CP and Kimi K3's
    KDA CP. A deterministic teaching model (MODEL_NOTE)."""
    seq_len: int
    cp: int
    micro_batch: int
    bytes_per_element: int
    megatron_sp: MegatronSp
    ulysses: Ulysses
    ring: Ring
    usp: Usp
    two_stage: TwoStage
    kda: Kda
    tp: int = 1
    attention: str = "mha"
    cp_ranks: tuple[int, ...] = ()   # the first CP group's global GPU ranks
    note: str = MODEL_NOTE
    scenario_cp: int = 0             # the scenario's own parallel.cp (`cp` differs: taught at another degree)


def _check(s: Scenario) -> None:
    m, p = s.model, s.parallel
    if m.seq_len % p.cp:
        raise ValueError(f"sequence length {m.seq_len} is not divisible by cp = {p.cp}")
    if p.cp > MAX_CP:
        raise ValueError(f"cp = {p.cp} is more than the {MAX_CP:,} context-parallel ranks the model lays out "
                         f"step by step")


def shown_scenario(s: Scenario, degree: int = 0) -> tuple[Scenario, int]:
    """The scenario the Long Context tab lays out, and its CP degree: `s` itself when it splits its
    sequence (parallel.cp > 1); else `s` at the CP degree `degree` (view.context.degree), or with 0
    the largest of TEACHING_DEGREES, that divides the sequence and leaves whole data-parallel
    replicas on the cluster (DP gives up the ranks: the GPUs stay); `s` and 1 when none does. The
    degrees stay within one 8-GPU node: the CP ring's K/V exchange on NVLink, as Megatron-LM's
    order puts cp next to tp."""
    if s.parallel.cp > 1:
        return s, s.parallel.cp
    return taught_at(s, "parallel.cp", degree, lambda d: not s.model.seq_len % d and d <= MAX_CP) or (s, 1)


def context_analysis(s: Scenario, degree: int = 0) -> ContextAnalysis:
    """The long-context analysis of `s` (at `shown_scenario`'s degree when `s` has cp = 1 and
    `degree` is not 1); ValueError (with the reason) when it cannot be laid out: S not divisible by
    cp, heads not divisible by tp, more than MAX_CP ranks, no CP group."""
    own = s.parallel.cp
    if degree != 1:
        s, _ = shown_scenario(s, degree)
    _check(s)
    sh = shapes(s)
    group = cp_group(s)
    placement = placement_of(group, s.cluster.gpus_per_node)
    ring = analyse_ring(s, sh, placement)
    d = head_dim(s)
    return ContextAnalysis(
        seq_len=sh.seq_len, cp=sh.cp, micro_batch=sh.micro_batch, bytes_per_element=sh.element,
        megatron_sp=megatron_sp(s), ulysses=analyse_ulysses(s, sh, placement), ring=ring,
        usp=analyse_usp(s, sh, group), two_stage=analyse_two_stage(sh, s.context.compress_ratio),
        kda=analyse_kda(sh, kv_block_bytes(sh, sh.seq_len, sh.cp) if sh.cp > 1 else 0, d, d),
        tp=sh.tp, attention=sh.attention, cp_ranks=group, scenario_cp=own)


# ---------------------------------------------------------------------------------------------
# JSON

def _plain(value: Any) -> Any:
    """JSON-ready: numpy scalars and arrays to Python, tuples to lists, non-finite floats to None."""
    if isinstance(value, np.ndarray):
        return _plain(value.tolist())
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        return [_plain(item) for item in value]
    return value


def _placement(p) -> dict[str, Any]:
    return {"ranks": list(p.ranks), "nodes": p.nodes, "tier": p.tier}


def context_json(a: ContextAnalysis) -> dict[str, Any]:
    """The `tslab context --json` document."""
    u, r, usp, two, kda, sp = a.ulysses, a.ring, a.usp, a.two_stage, a.kda, a.megatron_sp
    doc = {
        "model": MODEL_NOTE,
        "seq_len": a.seq_len, "cp": a.cp, "shown_degree": a.cp, "scenario_cp": a.scenario_cp,
        "micro_batch": a.micro_batch, "bytes_per_element": a.bytes_per_element,
        "tp": a.tp, "attention": a.attention, "cp_ranks": list(a.cp_ranks),
        "megatron_sp": {"enabled": sp.enabled, "tp": sp.tp, "saved_bytes_per_layer": sp.saved_bytes_per_layer,
                        "note": sp.note},
        "ulysses": {"degree": u.degree, "bytes_per_link_per_layer": u.bytes_per_link_per_layer,
                    "max_degree": u.max_degree, "limit": u.limit, "feasible": u.feasible, "reason": u.reason,
                    "heads": u.heads, "kv_heads": u.kv_heads, "tp": u.tp,
                    "qkv_bytes_per_link": u.qkv_bytes_per_link, "output_bytes_per_link": u.output_bytes_per_link,
                    "sent_bytes_per_rank_per_layer": u.sent_bytes_per_rank_per_layer,
                    "receive_buffer_bytes": u.receive_buffer_bytes, "heads_local": u.heads_local,
                    "kv_local": u.kv_local, "time_s": u.time_s,
                    "placement": _placement(u.placement), "steps": u.steps},
        "ring": {"steps": r.steps, "bytes_per_step": r.bytes_per_step, "degree": r.degree,
                 "block_compute_s": r.block_compute_s, "transfer_s": r.transfer_s, "hidden": r.hidden,
                 "layer_time_s": r.layer_time_s, "block_flops": r.block_flops, "kv_buffer_bytes": r.kv_buffer_bytes,
                 "zigzag": r.zigzag, "chunks": r.chunks, "work_contiguous": r.work_contiguous,
                 "work_zigzag": r.work_zigzag,
                 "schedule": [{"kv_block": step.kv_block, "work": step.work} for step in r.schedule],
                 "placement": _placement(r.placement),
                 "demo": {"ranks": r.demo_ranks, "max": r.demo_max, "sum": r.demo_sum, "error": r.demo_error}},
        "usp": {"ulysses": usp.ulysses, "ring": usp.ring, "auto": usp.auto, "feasible": usp.feasible,
                "reason": usp.reason, "ulysses_bytes_per_link_per_layer": usp.ulysses_bytes_per_link_per_layer,
                "ring_bytes_per_step": usp.ring_bytes_per_step, "ring_steps": usp.ring_steps,
                "ulysses_time_s": usp.ulysses_time_s, "ring_transfer_s": usp.ring_transfer_s,
                "ulysses_buffer_bytes": usp.ulysses_buffer_bytes, "ring_buffer_bytes": usp.ring_buffer_bytes,
                "grid": usp.grid, "ulysses_placement": _placement(usp.ulysses_placement),
                "ring_placement": _placement(usp.ring_placement)},
        "two_stage": {"compress_ratio": two.compress_ratio, "tokens_per_rank": two.tokens_per_rank,
                      "compressed_tokens_per_rank": two.compressed_tokens_per_rank, "ranks": two.ranks,
                      "aligned": two.aligned, "straddling_blocks": two.straddling_blocks,
                      "stage1_bytes_per_rank": two.stage1_bytes_per_rank,
                      "stage2_bytes_per_rank": two.stage2_bytes_per_rank, "gathered_tokens": two.gathered_tokens,
                      "valid_tokens": two.valid_tokens, "pad_tokens": two.pad_tokens, "d_kv": two.d_kv,
                      "bridges": two.bridges,
                      "shapes": [{"stage": name, "shape": shape} for name, shape in two.shapes], "note": two.note},
        "kda": {"ranks": kda.ranks, "heads": kda.heads, "tp": kda.tp, "key_dim": kda.key_dim,
                "value_dim": kda.value_dim, "tokens_per_rank": kda.tokens_per_rank,
                "fragment_bytes": kda.fragment_bytes, "allgather_bytes_per_rank": kda.allgather_bytes_per_rank,
                "softmax_ring_bytes_per_rank": kda.softmax_ring_bytes_per_rank, "scan_steps": kda.scan_steps,
                "scan_error": kda.scan_error, "demo_ranks": kda.demo_ranks, "note": kda.note},
    }
    return _plain(doc)
