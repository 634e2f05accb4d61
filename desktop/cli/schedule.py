"""`tslab schedule`: a pipeline schedule simulated (or imported from PyTorch's action-list CSV) as
text, JSON, CSV or a Chrome trace."""
from __future__ import annotations

import argparse
import sys

from tslab.desktop.cli.common import (PER_RANK_ROWS, UserError, _check_input_file, check_out, json_text,
                                      resolve_scenario, warn)

# An action-list CSV of the largest schedule the simulator takes (pipeline.kinds.MAX_OPS) is some
# 20 MiB; reading is bounded by this so that /dev/zero or a huge file cannot fill memory.
MAX_IMPORT_BYTES = 64 << 20


def schedule_setup(args: argparse.Namespace):
    """(kind, ranks, micro-batches, chunks, durations) of `tslab schedule`: the scenario's schedule
    (pipeline.schedule_inputs: schedule.kind on parallel.pp ranks, schedule.microbatches, the
    kind's chunks, the schedule.* times), each option given replacing its part."""
    import math

    from tslab.models.pipeline import Durations, chunks_per_rank, normalise_kind, schedule_inputs
    from tslab.models.pipeline.kinds import MAX_DURATION
    scenario = resolve_scenario(args)
    try:  # the step-time model's durations (schedule.durations = "model") refuse what it cannot time
        base = schedule_inputs(scenario)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    kind = base.kind if args.kind is None else normalise_kind(args.kind)
    ranks = base.ranks if args.ranks is None else args.ranks
    microbatches = base.microbatches if args.microbatches is None else args.microbatches
    if args.chunks is not None:
        chunks = args.chunks
    else:
        chunks = base.chunks if args.kind is None else chunks_per_rank(kind, scenario.parallel.vpp)
    for option, value in (("--ranks", ranks), ("--microbatches", microbatches), ("--chunks", chunks)):
        if value < 1:
            raise UserError(f"{option} must be a whole number ≥ 1, not {value}")
    # The size limits (MAX_RANKS, MAX_OPS) are the simulator's: check_config refuses before building.
    d = base.durations
    times = {"F": d.F, "B": d.B, "I": d.I, "W": d.W, "FB": d.FB, "p2p": d.p2p}
    for name in times:
        value = getattr(args, name.lower())
        if value is None:
            continue
        if name == "p2p":
            if not (math.isfinite(value) and 0 <= value <= MAX_DURATION):
                raise UserError(f"--p2p must be a number in [0, {MAX_DURATION:g}], not {value:g}")
        elif not (math.isfinite(value) and 0 < value <= MAX_DURATION):
            raise UserError(f"--{name.lower()} must be a positive number ≤ {MAX_DURATION:g}, not {value:g}")
        times[name] = value + 0.0  # -0.0 as 0.0
    # The step-time model's per-stage factors hold for the scenario's own stages only.
    imbalance = base.stage_imbalance if (kind, ranks, chunks) == (base.kind, base.ranks, base.chunks) else None
    return kind, ranks, microbatches, chunks, Durations(**times), imbalance, base.seconds


def read_orders(path: str):
    """The orders of a torch.distributed.pipelining action-list CSV (pipeline.io.read_csv): the
    per-rank compute actions and the count of communication actions skipped."""
    import csv

    from tslab.models.pipeline import ScheduleError
    from tslab.models.pipeline.io import read_csv
    if not path:
        raise UserError("--import needs a file name, not an empty string")
    from tslab.models.files import NoWriter, read_input
    _check_input_file(path, "--import", "an action-list CSV")
    try:
        raw = read_input(path, MAX_IMPORT_BYTES)  # a FIFO without a writer is refused, never waited on
    except NoWriter as exc:
        raise UserError(f"{path}: {exc.strerror}") from None
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(raw) > MAX_IMPORT_BYTES:
        raise UserError(f"{path}: larger than {MAX_IMPORT_BYTES >> 20} MiB, more than the action list of the "
                        f"largest schedule `tslab schedule` simulates")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UserError(f"{path}: not a UTF-8 text file") from None
    try:
        return read_csv(text)
    except csv.Error as exc:  # e.g. a cell longer than the csv module's field limit
        raise UserError(f"{path}: not an action-list CSV ({exc})") from None
    except ScheduleError as exc:
        raise UserError(f"{path}: {exc}") from None


def imported_shape(args: argparse.Namespace, kind: str, imported) -> tuple[int, int, int]:
    """(ranks, micro-batches, chunks) of imported orders, all from the file: its rows, the
    micro-batches its forwards run, and its stages over its ranks under the placement of `kind`.
    An option given that disagrees with the file is a UserError naming both values."""
    from tslab.models.pipeline import V_SHAPES, ScheduleError, stages_of
    path = args.import_csv
    ranks = imported.ranks
    try:
        microbatches = imported.microbatches
    except ScheduleError as exc:
        raise UserError(f"{path}: {exc}") from None
    stages = imported.stages
    if kind == "interleaved-1f1b":
        chunks = -(-stages // ranks)   # the file's highest stage decides; the simulator checks the rest
    else:
        chunks = 2 if kind in V_SHAPES else 1
    for option, given, found, what in (("--ranks", args.ranks, ranks, "ranks (rows)"),
                                       ("--microbatches", args.microbatches, microbatches, "micro-batches"),
                                       ("--chunks", args.chunks, chunks, f"chunks per rank ({stages} stages "
                                                                         f"on {ranks} ranks as {kind} places them)")):
        if given is not None and given != found:
            raise UserError(f"{option} {given} disagrees with {path}, which has {found:,} {what}: "
                            f"leave {option} out to take the file's")
    count = stages_of(kind, ranks, chunks)
    if stages > count:
        raise UserError(f"{path}: names stage {stages - 1}, but {kind} on {ranks} ranks has stages 0 … "
                        f"{count - 1} (--kind names the placement the orders follow)")
    return ranks, microbatches, chunks


def skipped_text(imported) -> str:
    """`12 SEND_F, 12 RECV_F, …` — the communication actions an import skipped."""
    return ", ".join(f"{n:,} {name}" for name, n in imported.skipped)


def format_schedule(sim, durations, imported=None, path: str = "", unit: str = "time units") -> str:
    """A plain-text summary of a simulated schedule: configuration, makespan, bubble, per-rank times
    (and, for imported orders, the file and the communication actions skipped)."""
    times = ", ".join(f"{name} {durations.of(name):g}" for name in ("F", "B", "I", "W", "FB", "p2p"))
    lines = [f"{sim.kind}: {sim.ranks:,} rank{'s' if sim.ranks != 1 else ''} × {sim.chunks} chunk"
             f"{'s' if sim.chunks != 1 else ''} = {sim.stages:,} stage{'s' if sim.stages != 1 else ''}, "
             f"{sim.microbatches:,} micro-batch"
             f"{'es' if sim.microbatches != 1 else ''}"
             + (f", {sim.parameter_copies} model copies per rank" if sim.parameter_copies != 1 else ""),
             f"op times: {times} ({unit})",
             f"makespan {sim.makespan:g}; bubble {sim.bubble_ratio:.1%} of rank-time "
             f"(bubble time {sim.bubble_time:g})"]
    if imported is not None:
        lines.insert(1, f"orders from {path}: {sum(len(order) for order in imported.orders):,} compute actions"
                        + (f"; {imported.skipped_total:,} communication actions skipped ({skipped_text(imported)})"
                           if imported.skipped else ""))
    if sim.ranks <= PER_RANK_ROWS:
        lines += ["", f"{'rank':>4}  {'busy':>10}  {'idle':>10}  peak activations"]
        lines += [f"{rank:>4}  {sim.makespan - idle:>10g}  {idle:>10g}  {peak}"
                  for rank, (idle, peak) in enumerate(zip(sim.idle, sim.peak_activations))]
    else:
        lines.append("per-rank busy and idle times and peak activations: --json")
    return "\n".join(lines)


def schedule_body(args: argparse.Namespace) -> str:
    """What `tslab schedule` writes: plain text, JSON, a Chrome trace or the CSV."""
    from tslab.models.pipeline import ScheduleError, generate, simulate, to_chrome_trace, to_csv
    try:
        kind, ranks, microbatches, chunks, durations, imbalance, seconds = schedule_setup(args)
        orders = imported = None
        if args.import_csv is not None:
            imported = read_orders(args.import_csv)
            orders = imported.orders
            if imported.skipped:
                warn(f"{args.import_csv}: {imported.skipped_total:,} communication actions skipped "
                     f"({skipped_text(imported)}): " + ("the CSV written holds the compute actions only" if args.csv
                                                        else "the simulation runs the compute actions, with "
                                                             "--p2p as the transfer latency"))
            if not args.csv or any(v is not None for v in (args.ranks, args.microbatches, args.chunks)):
                ranks, microbatches, chunks = imported_shape(args, kind, imported)
        elif args.csv:
            orders = generate(kind, ranks, microbatches, chunks)
        if args.csv:
            assert orders is not None   # imported, else generated above
            return to_csv(orders)
        sim = simulate(kind, ranks, microbatches, chunks, durations, orders=orders,
                       stage_imbalance=imbalance if orders is None else None)
    except ScheduleError as exc:
        raise UserError(str(exc)) from None
    if args.json:
        doc = sim.to_json()
        if imported is not None and imported.skipped:
            doc["skipped_actions"] = dict(imported.skipped)
        return json_text(doc, indent=None)
    if args.chrome_trace:
        return json_text(to_chrome_trace(sim), indent=None)
    unit = "seconds, from the step-time model" if seconds else "time units"
    return format_schedule(sim, durations, imported, args.import_csv or "", unit) + "\n"


def cmd_schedule(args: argparse.Namespace) -> int:
    check_out(args.out)
    body = schedule_body(args)
    if args.out is not None and args.out != "-":
        from tslab.models.files import WriteError, write_file
        try:
            write_file(args.out, body.encode("utf-8"))
        except WriteError as exc:
            raise UserError(str(exc)) from None
    else:
        sys.stdout.write(body)
    return 0
