"""PyTorch's action-list CSV (read and write) and the Chrome / Perfetto trace of a simulation."""
from __future__ import annotations

import csv
import io
import re
from typing import Any

from .kinds import MAX_OPS, MAX_RANKS, Action, ScheduleError
from .orders import _gc_paused
from .simulation import Simulation

_ACTION = re.compile(r"^(\d+)([FBIW])(\d+)$")
_OVERLAP = re.compile(r"^\((.+);(.+)\)OVERLAP_F_B$")


def _action_text(a: Action) -> str:
    return f"{a.stage}{a.type}{a.mb}"


def to_csv(orders: list[list[Action]]) -> str:
    """torch.distributed.pipelining's compute-only CSV (`_dump_csv` / `_load_csv`): one row per rank,
    each cell an action such as 0F0, 1I3, 2W1, 0B0; an overlapped pair is one cell in PyTorch's
    OVERLAP_F_B form, (0F2;3B0)OVERLAP_F_B."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for order in orders:
        row, i = [], 0
        while i < len(order):
            a = order[i]
            if a.overlap is not None and i + 1 < len(order) and order[i + 1].overlap == a.overlap:
                row.append(f"({_action_text(a)};{_action_text(order[i + 1])})OVERLAP_F_B")
                i += 2
            else:
                row.append(_action_text(a))
                i += 1
        writer.writerow(row)
    return out.getvalue()


def from_csv(text: str) -> list[list[Action]]:
    """The inverse of `to_csv`; empty cells (PyTorch's idle slots) are skipped; pairs get overlap ids.
    A CSV of more than MAX_RANKS rows or MAX_OPS actions is refused as soon as it passes them."""
    orders: list[list[Action]] = []
    overlap = 0
    before = 0   # actions of the rows already read
    for line, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        if line > MAX_RANKS:
            raise ScheduleError(f"the CSV has more than {MAX_RANKS:,} rows (ranks), the rank limit of the "
                                f"schedule simulator; import a shorter pipeline")
        order: list[Action] = []
        for cell in row:
            cell = cell.strip()
            if not cell:
                continue
            if before + len(order) >= MAX_OPS:
                raise ScheduleError(f"the CSV holds more than {MAX_OPS:,} actions (row {line}), the op limit of "
                                    f"the schedule simulator; import a shorter schedule")
            pair = _OVERLAP.match(cell)
            if pair:
                parts = [_parse_action(x.strip(), line) for x in pair.groups()]
                if sorted(a.type for a in parts) not in (["B", "F"], ["F", "I"]):
                    raise ScheduleError(f"CSV row {line}: {cell!r} must overlap one F and one B or I")
                order += [Action(a.stage, a.mb, a.type, overlap) for a in parts]
                overlap += 1
            else:
                order.append(_parse_action(cell, line))
        orders.append(order)
        before += len(order)
    while orders and not orders[-1]:
        orders.pop()
    if not orders:
        raise ScheduleError("the CSV holds no actions")
    return orders


def _parse_action(cell: str, line: int) -> Action:
    match = _ACTION.match(cell)
    if not match:
        raise ScheduleError(f"CSV row {line}: {cell!r} is not an action like 0F0, 1I3, 2W1 or 0B0 "
                            f"(stage, F|B|I|W, micro-batch)")
    return Action(int(match.group(1)), int(match.group(3)), match.group(2))


def to_chrome_trace(sim: Simulation) -> dict[str, Any]:
    """Chrome / Perfetto trace: one track (tid) per rank, an X event per op, flow events for p2p."""
    scale = 1000.0  # one time unit shown as 1 ms (trace times are µs)
    events: list[dict[str, Any]] = [{"name": "process_name", "ph": "M", "pid": 0, "tid": 0,
                           "args": {"name": f"{sim.kind} p={sim.ranks} m={sim.microbatches}"}}]
    with _gc_paused():   # three dicts per op, none in a cycle: collections would cost more than them
        for r in range(sim.ranks):
            events.append({"name": "thread_name", "ph": "M", "pid": 0, "tid": r, "args": {"name": f"rank {r}"}})
        # The op fields streamed (Simulation.op_rows), not sim.ops: no Op object kept per op.
        for rank, stage, mb, type_, overlap, start, end, waited_for in sim.op_rows():
            args: dict[str, Any] = {"stage": stage, "mb": mb}
            event = {"name": f"{type_}{mb} s{stage}", "cat": type_, "ph": "X", "pid": 0,
                     "tid": rank, "ts": start * scale, "dur": (end - start) * scale, "args": args}
            if overlap is not None:
                args["overlap"] = overlap
            if waited_for:
                args["waited_for"] = waited_for
            events.append(event)
        for n, (src, dst, sent, arrive, stage, mb, what) in enumerate(sim.transfers):
            name = f"{what} s{stage} mb{mb}"
            events.append({"name": name, "cat": "p2p", "ph": "s", "id": n, "pid": 0, "tid": src, "ts": sent * scale})
            events.append({"name": name, "cat": "p2p", "ph": "f", "bp": "e", "id": n, "pid": 0, "tid": dst,
                           "ts": arrive * scale})
    return {"traceEvents": events, "displayTimeUnit": "ms"}


def summary(sim: Simulation) -> str:  # pragma: no cover - convenience for the REPL
    return (f"{sim.kind} p={sim.ranks} m={sim.microbatches} v={sim.chunks}: makespan {sim.makespan:g}, "
            f"bubble {sim.bubble_ratio:.3f}, peaks {list(sim.peak_activations)}")
