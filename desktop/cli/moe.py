"""`tslab moe`: MoE dispatch, balance, buffers and the MoonEP plan."""
from __future__ import annotations

import argparse

from tslab.desktop.cli.common import PER_RANK_ROWS, UserError, resolve_scenario, write_json


def cmd_moe(args: argparse.Namespace) -> int:
    from tslab.models.moe import moe_json, settings_from
    scenario = resolve_scenario(args)
    try:  # refused up front, naming the limit, when over the analysis's limits (models.moe.settings)
        doc = moe_json(scenario, settings_from(scenario))
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if args.json:
        write_json(doc)
    else:
        print(format_moe(scenario, doc))
    return 0


def format_moe(scenario, doc) -> str:
    """A plain-text summary of `moe --json`'s document: routing, balance, traffic, buffers, MoonEP,
    and per EP rank (up to PER_RANK_ROWS ranks) what it receives, hosts and computes."""
    from tslab.models.units import format_bytes as size
    recv, moonep, buffers = doc["recv_tokens"], doc["moonep"], doc["buffers"]
    redundant = moonep["redundant_experts"]
    fixed, aware = doc["makespan_fixed"], doc["makespan_aware"]
    lines = [scenario.title,
             f"MoE dispatch: S = {doc['tokens_per_rank']:,} tokens per EP rank, top-{doc['top_k']} of "
             f"E = {doc['experts']:,} experts on R = {doc['ranks']:,} EP ranks ({doc['routing']} routing, "
             f"seed {doc['seed']})",
             f"tokens received per rank: min {min(recv):,}, mean {sum(recv) / len(recv):,.0f}, max {max(recv):,} "
             f"(max/mean {doc['imbalance']:.3f}, MaxVio {doc['maxvio']:.3f})",
             f"dispatch: at most {size(doc['dispatch_bytes'])} sent by one rank ({size(doc['intra_node_bytes'])} "
             f"inside its node, {size(doc['inter_node_bytes'])} to other nodes), "
             f"{doc['dispatch_time_s'] * 1e6:,.1f} µs",
             f"combine: at most {size(doc['combine_bytes'])} sent back by one rank, "
             f"{doc['combine_time_s'] * 1e6:,.1f} µs",
             f"receive buffers: worst case S·K·R = {buffers['worst_case_tokens']:,} tokens, MoonEP's S·K = "
             f"{buffers['moonep_tokens']:,} tokens",
             f"MoonEP: every rank receives {moonep['recv_tokens'][0]:,} tokens; redundant experts: at most "
             f"{max(redundant)} on a rank (bound E/R = {moonep['bound']}), {sum(redundant)} in all",
             f"expert GEMMs, slowest rank: {max(fixed):g} tiles in a fixed order, {max(aware):g} workload-aware"]
    if len(recv) <= PER_RANK_ROWS:
        lines += ["", f"{'rank':>4}  {'received':>10}  {'MoonEP':>10}  {'redundant':>9}  {'GEMM fixed':>10}  "
                      f"{'GEMM aware':>10}"]
        lines += [f"{r:>4}  {recv[r]:>10,}  {moonep['recv_tokens'][r]:>10,}  {redundant[r]:>9}  {fixed[r]:>10g}  "
                  f"{aware[r]:>10g}" for r in range(len(recv))]
    else:
        lines.append("per-rank tokens, redundant experts and GEMM makespans: --json")
    return "\n".join(lines)
