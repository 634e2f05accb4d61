"""`tslab context`, `tslab muon` and `tslab sr`: long-context parallelism, Muon × ZeRO and stochastic
rounding, each as JSON or a plain-text summary."""
from __future__ import annotations

import argparse

from tslab.desktop.cli.common import resolve_document, run_analysis


def cmd_context(args: argparse.Namespace) -> int:
    from tslab.models.context import context_analysis, context_json
    document = resolve_document(args)
    degree = document.view.context.degree   # the degree taught on a scenario with cp = 1
    return run_analysis(args, lambda scenario: context_analysis(scenario, degree), context_json, format_context,
                        document.scenario)


def format_context(scenario, a) -> str:
    """A plain-text summary of `context --json`: each CP scheme's bytes, steps and limits."""
    from tslab.models.units import format_bytes as size, format_seconds as format_time
    u, ring, usp, two, kda, sp = a.ulysses, a.ring, a.usp, a.two_stage, a.kda, a.megatron_sp
    lines = [scenario.title,
             f"context parallelism over cp = {a.cp} ranks, sequence S = {a.seq_len:,} tokens "
             f"(a deterministic teaching model, not a benchmark of a real cluster)"
             + (f"; the scenario trains without CP (cp = {a.scenario_cp}): shown at cp = {a.cp} "
                f"(view.context.degree)" if a.cp != a.scenario_cp else ""),
             f"Megatron SP (a TP companion, tp = {sp.tp}, {'on' if sp.enabled else 'off'}) shards "
             f"{size(sp.saved_bytes_per_layer)} of activations per layer; long-context CP splits one sample's sequence",
             f"Ulysses: degree {u.degree}, at most {u.max_degree} ({u.limit}); "
             f"{size(u.bytes_per_link_per_layer)} per link per layer (QKV {size(u.qkv_bytes_per_link)} + output "
             f"{size(u.output_bytes_per_link)}), {format_time(u.time_s)} on {u.placement.tier}-node links"
             + ("" if u.feasible else f"; {u.reason}"),
             f"Ring: {ring.steps} P2P steps of {size(ring.bytes_per_step)}"
             + (" (cp = 1: nothing is sent)" if a.cp == 1 else "") + "; block compute "
             f"{format_time(ring.block_compute_s)} vs transfer {format_time(ring.transfer_s)} "
             f"({'hidden' if ring.hidden else 'exposed'}); causal work per rank max/min contiguous "
             f"{max(ring.work_contiguous) / max(min(ring.work_contiguous), 1e-12):.2f}, zigzag "
             f"{max(ring.work_zigzag) / max(min(ring.work_zigzag), 1e-12):.2f}",
             f"USP: Ulysses {usp.ulysses} × Ring {usp.ring}; {size(usp.ulysses_bytes_per_link_per_layer)} per link "
             f"per layer on the Ulysses axis ({usp.ulysses_placement.tier}), {usp.ring_steps} steps of "
             f"{size(usp.ring_bytes_per_step)} on the Ring axis ({usp.ring_placement.tier})"
             + ("" if usp.feasible else f"; {usp.reason}"),
             f"DeepSeek-V4 two-stage CP: m = {two.compress_ratio}, s = {two.tokens_per_rank:,} tokens per rank → "
             f"{two.compressed_tokens_per_rank:,} compressed (s/m + 1); "
             f"stage 1 sends {size(two.stage1_bytes_per_rank)}, "
             f"stage 2 gathers {size(two.stage2_bytes_per_rank)}",
             f"K3 KDA CP: {size(kda.fragment_bytes)} of fixed-size fragments per rank per layer, one all-gather of "
             f"{size(kda.allgather_bytes_per_rank)} (the softmax ring moves {size(kda.softmax_ring_bytes_per_rank)})"]
    return "\n".join(lines)


def cmd_muon(args: argparse.Namespace) -> int:
    from tslab.models.muon import muon_analysis, muon_json
    return run_analysis(args, muon_analysis, muon_json, format_muon)


def format_muon(scenario, a) -> str:
    """A plain-text summary of `muon --json`: the packing, its padding and balance, one line per rank."""
    from tslab.models.units import format_bytes as size
    lines = [scenario.title,
             f"Muon × ZeRO: {len(a.matrices)} dense matrices packed whole into {a.ranks_used} of "
             f"{a.zero_ranks} ZeRO ranks (P_max = {a.p_max}, an input: the report does not disclose it), at most "
             f"{a.max_matrices} per rank (a deterministic teaching model)",
             f"padding to the largest bucket: {a.padding_overhead:.1%}; Newton–Schulz cost max/mean "
             f"{a.imbalance:.3f}; {a.redundant_groups} DP group(s) beyond P_max repeat the dense update",
             f"MoE: {a.moe.matrices:,} expert matrices over {a.moe.ranks} ranks, {a.moe.elements_per_rank:,} "
             f"elements per rank (padding {a.moe.padding_overhead:.2%})",
             f"K3 P2P fetch: {size(a.k3.p2p_bytes_per_rank)} per rank vs {size(a.k3.naive_bytes_per_rank)} for a "
             f"naive all-gather",
             "", f"{'rank':>4}  {'matrices':>8}  {'elements':>14}  {'padded':>14}"]
    lines += [f"{b.rank:>4}  {len(b.matrices):>8}  {b.elements:>14,}  {b.padded_elements:>14,}" for b in a.buckets]
    return "\n".join(lines)


def cmd_sr(args: argparse.Namespace) -> int:
    from tslab.models.numerics import sr_analysis, sr_json
    return run_analysis(args, sr_analysis, sr_json, format_sr)


def format_sr(scenario, a) -> str:
    """A plain-text summary of `sr --json`: the rounding of x, the accumulation and the reduction."""
    return "\n".join([
        f"stochastic rounding of x = {a.x!r} (FP32) to BF16, {a.samples:,} samples, seed {a.seed}",
        f"neighbours {a.lower!r} and {a.upper!r} (ulp {a.ulp:.6g}), p = {a.p:.6f}; round-to-nearest-even: {a.rtn!r}",
        f"mean {a.mean:.9g}, bias {a.bias:+.3g} ({a.bias / a.ulp:+.5f} ulp), variance {a.variance:.4g} "
        f"≤ p(1−p)·ulp² = {a.variance_bound:.4g} ≤ ulp²/4 = {a.ulp ** 2 / 4:.4g}",
        f"{a.accumulation.steps:,} updates of {a.accumulation.update:g} from 1: "
        f"FP32 {float(a.accumulation.fp32[-1]):.6g}, "
        f"BF16 RTN {float(a.accumulation.rtn[-1]):.6g}, BF16 SR {float(a.accumulation.sr[-1]):.6g}",
        f"gradient reduced over {a.reduction.ranks[-1]} ranks, relative error: BF16 ring "
        f"{a.reduction.error_bf16_ring[-1]:.3g}, SR on the wire + FP32 sums {a.reduction.error_sr_fp32_sum[-1]:.3g}, "
        f"FP32 ring {a.reduction.error_fp32_ring[-1]:.3g}"])
