"""`tslab memory`: the per-GPU memory ledger of the most-loaded rank."""
from __future__ import annotations

import argparse

from tslab.desktop.cli.common import resolve_scenario, write_json


def format_ledger(ledger) -> str:
    """A plain-text ledger for the terminal."""
    from tslab.models.memory import gib
    zero = ledger.scenario.parallel.zero
    states = sum(ledger.state_zero_groups.get(zero, {}).values())
    rows = [f"{ledger.scenario.title}", f"most-loaded GPU: pipeline rank {ledger.rank}",
            f"most model states: pipeline rank {ledger.state_rank} ({gib(states)} at ZeRO-{zero})", ""]
    width = max(len(item.name) for item in ledger.items)
    for item in ledger.items:
        share = item.bytes / ledger.total if ledger.total else 0
        rows.append(f"{item.name:<{width}}  {gib(item.bytes):>12}  {share:6.1%}  {item.tier:<6}  {item.formula}")
    rows += ["", f"{'GPU tier':<{width}}  {gib(ledger.gpu_bytes):>12}  of {gib(ledger.capacity_bytes)}"]
    oom = ledger.first_oom
    rows.append(f"first OOM: {oom[1]}" if oom else "fits: no item crosses the GPU capacity")
    return "\n".join(rows)


def cmd_memory(args: argparse.Namespace) -> int:
    from tslab.models.memory import memory_ledger
    ledger = memory_ledger(resolve_scenario(args))
    if args.json:
        write_json(ledger.to_json())
    else:
        print(format_ledger(ledger))
    return 0
