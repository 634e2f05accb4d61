"""`tslab comm`: one collective's per-rank bytes, rounds, α–β time and bandwidths."""
from __future__ import annotations

import argparse

from tslab.desktop.cli.common import UserError, resolve_scenario, write_json

STEPS_SHOWN = 100_000  # sends listed in `comm --json`; beyond it the steps are cut (say so)


def parse_bytes(text: str) -> int:
    """`--bytes` as an exact int: a whole number in [0, MAX_BYTES], written as an integer (`1_000`)
    or in decimal notation (`1e9`, `2.5e3`), read exactly (decimal.Decimal, not a float)."""
    from decimal import Decimal, InvalidOperation

    from tslab.models.comm import MAX_BYTES
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise UserError(f"--bytes must be a whole number of bytes, not {text[:40]!r}") from None
    if not value.is_finite() or value < 0 or value > MAX_BYTES:
        raise UserError(f"--bytes must be between 0 and 2^46 = {MAX_BYTES:,} (64 TiB), not {text[:40]}")
    if value != value.to_integral_value():
        raise UserError(f"--bytes must be a whole number of bytes, not {text[:40]}")
    return int(value)


def cmd_comm(args: argparse.Namespace) -> int:
    from tslab.models.comm import plan
    from tslab.models.hardware import link_tiers
    scenario = resolve_scenario(args)
    size = parse_bytes(args.bytes)
    try:
        result = plan(args.collective, args.ranks, size, args.algorithm, **link_tiers(scenario.cluster).kwargs())
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if not args.json:
        print(f"{result.collective} over {result.ranks} ranks, {result.algorithm}: S = {result.bytes:,} B")
        print(f"per rank sent {result.per_rank_sent_bytes:,} B, received {result.per_rank_recv_bytes:,} B; "
              f"{result.rounds} rounds; {result.time_s * 1e6:,.1f} µs; algbw {result.algbw / 1e9:.2f} GB/s, "
              f"busbw {result.busbw / 1e9:.2f} GB/s (factor {result.busbw_factor:g})")
        print(result.convention)
        return 0
    write_json(result.to_json(max_sends=STEPS_SHOWN))  # a 1,024-rank ring lists two million sends
    return 0
