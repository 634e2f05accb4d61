"""PyTorch's action-list CSV (read and write) and the Chrome / Perfetto trace of a simulation.

The CSV is torch.distributed.pipelining's (pytorch/pytorch, torch/distributed/pipelining/
schedules.py): `_Action.__repr__` / `_Action.from_str` spell one action, `PipelineScheduleMulti.
_dump_csv` / `_load_csv` write and read one row per rank with Python's csv module (default
dialect: rows end with \\r\\n, idle slots are empty cells). `_PipelineScheduleRuntime._dump_csv`
writes the "compute_comms" form by default, the compute actions with the communication actions
its lowering passes add (`_add_unshard_reshard`, `_add_reduce_grad`, `_add_send_recv`)."""
from __future__ import annotations

import csv
import io
import re
from array import array
from dataclasses import dataclass
from typing import Any

from .kinds import MAX_OPS, MAX_RANKS, Action, ScheduleError, chains_of
from .orders import _gc_paused
from .simulation import Simulation

# torch's `_action_regex`: stage, computation type (a `_ComputationType` value), micro-batch (which
# UNSHARD, RESHARD and REDUCE_GRAD leave out). Matched whole here, where torch matches a prefix.
_ACTION = re.compile(r"(\d+)(F|I|B|W|UNSHARD|RESHARD|REDUCE_GRAD|SEND_F|RECV_F|SEND_B|RECV_B)(\d*)")
# An action with sub-actions: `(SUB;SUB;…)TYPE`; torch writes only OVERLAP_F_B so (ScheduleDualPipeV).
_SUBACTIONS = re.compile(r"\((.*)\)([A-Z_]+)")
COMPUTE = ("F", "B", "I", "W")
# The communication actions of torch's "compute_comms" CSV, in `_ComputationType` order: FSDP's
# unshard (an all-gather) and reshard (its release), the p2p sends and receives of activations (F)
# and gradients (B), and the data-parallel gradient reduction. The simulation models compute only
# (its p2p latency stands for the transfers), so reading skips them and counts them.
COMMUNICATION = ("UNSHARD", "RESHARD", "SEND_F", "RECV_F", "SEND_B", "RECV_B", "REDUCE_GRAD")
_FORMS = "0F0, 1I3, 2W1, 0B0 (stage, F|B|I|W, micro-batch)"
# The highest stage or micro-batch number an action may name, checked as each cell is read, before
# anything is sized by it: a schedule runs a forward and a backward of every micro-batch on every
# stage, so S stages or M micro-batches take at least 2·S or 2·M ops, and the simulator's MAX_OPS
# ops leave numbers below MAX_OPS / 2. (Stage 99,999,999 made interleaved 1F1B size its stage
# tables to 10^8 entries.)
MAX_ACTION_NUMBER = MAX_OPS // 2 - 1


def _action_text(a: Action) -> str:
    return f"{a.stage}{a.type}{a.mb}"


def to_csv(orders: list[list[Action]]) -> str:
    """torch.distributed.pipelining's compute-only CSV (what `_load_csv` reads by default): one row
    per rank, each cell an action such as 0F0, 1I3, 2W1, 0B0; an overlapped pair is one cell in
    PyTorch's OVERLAP_F_B form, (0F2;3B0)OVERLAP_F_B. Rows end with \\n (csv reads either end)."""
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


@dataclass(frozen=True)
class CsvOrders:
    """What an action-list CSV holds: the per-rank compute orders (row i = rank i) and, per type
    in COMMUNICATION order, how many communication actions were skipped."""
    orders: list[list[Action]]
    skipped: tuple[tuple[str, int], ...] = ()

    @property
    def ranks(self) -> int:
        return len(self.orders)

    @property
    def skipped_total(self) -> int:
        return sum(n for _, n in self.skipped)

    @property
    def stages(self) -> int:
        """One more than the highest stage an action names."""
        return 1 + max((a.stage for order in self.orders for a in order), default=-1)

    @property
    def microbatches(self) -> int:
        """M: PyTorch numbers micro-batches 0 … M−1 and runs a forward of each on every stage
        (`_validate_schedule` counts n_microbatches forwards per stage), so the forwards must name
        every micro-batch up to the highest; an action of a micro-batch no forward names is refused."""
        forwards = {a.mb for order in self.orders for a in order if a.type == "F"}
        if not forwards:
            raise ScheduleError("the CSV holds no forward (F) action")
        count = len(forwards)
        if max(forwards) >= count:
            missing = next(mb for mb in range(count + 1) if mb not in forwards)
            raise ScheduleError(f"no forward names micro-batch {missing}, but one names micro-batch "
                                f"{max(forwards):,}: PyTorch numbers the micro-batches 0 … M−1")
        for rank, order in enumerate(self.orders):
            for a in order:
                if a.mb >= count:
                    raise ScheduleError(f"{a} on rank {rank} names micro-batch {a.mb}, but the forwards run "
                                        f"micro-batches 0 … {count - 1}")
        return count


def read_csv(text: str) -> CsvOrders:
    """The orders of a torch.distributed.pipelining action-list CSV, compute-only or with
    communication ("compute_comms", what `_PipelineScheduleRuntime._dump_csv` writes by default).

    Cells as torch's `_Action.__repr__` spells them: `0F0` (forward), `1B3` (full backward), `2I1`
    (input gradient), `0W2` (weight gradient), `(0F2;7B0)OVERLAP_F_B` (an overlapped pair: one F
    and one B or I); the communication actions `0UNSHARD`, `0RESHARD`, `0REDUCE_GRAD`, `1SEND_F0`,
    `2RECV_F0`, `1SEND_B3`, `0RECV_B3` are skipped and counted. Empty cells (idle slots) and
    trailing empty rows are skipped. Anything else — another type, a compute action without a
    micro-batch, a pair that is not one F with one B or I — is a ScheduleError that names the cell.
    A CSV of more than MAX_RANKS rows or MAX_OPS actions is refused as soon as it passes them."""
    orders: list[list[Action]] = []
    skipped = dict.fromkeys(COMMUNICATION, 0)
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
            pair = _SUBACTIONS.fullmatch(cell)
            if pair:
                parts = [_parse_action(x.strip(), line, cell) for x in pair.group(1).split(";")]
                if (pair.group(2) != "OVERLAP_F_B" or len(parts) != 2
                        or sorted(a.type for a in parts) not in (["B", "F"], ["F", "I"])):  # type: ignore[union-attr]
                    raise ScheduleError(f"CSV row {line}: {cell!r} cannot be represented: an overlapped pair "
                                        f"is (F;B)OVERLAP_F_B or (F;I)OVERLAP_F_B, one forward with one "
                                        f"backward or input gradient")
                order += [Action(a.stage, a.mb, a.type, overlap) for a in parts]  # type: ignore[union-attr]
                overlap += 1
                continue
            action = _parse_action(cell, line, cell)
            if action is None:
                skipped[_ACTION.fullmatch(cell).group(2)] += 1  # type: ignore[union-attr]
            else:
                order.append(action)
        orders.append(order)
        before += len(order)
    while orders and not orders[-1]:
        orders.pop()
    if not orders:
        raise ScheduleError("the CSV holds no compute actions" if any(skipped.values())
                            else "the CSV holds no actions")
    return CsvOrders(orders, tuple((name, n) for name, n in skipped.items() if n))


def from_csv(text: str) -> list[list[Action]]:
    """The inverse of `to_csv` (`read_csv`'s orders): communication actions and empty cells
    skipped, overlapped pairs numbered 0, 1, … in reading order."""
    return read_csv(text).orders


def _parse_action(text: str, line: int, cell: str) -> Action | None:
    """One action of a cell; None for a communication action."""
    match = _ACTION.fullmatch(text)
    if not match:
        raise ScheduleError(f"CSV row {line}: {cell!r} is not an action like {_FORMS}, a communication "
                            f"action ({', '.join(COMMUNICATION)}) or (F;B)OVERLAP_F_B")
    stage, type_, mb = match.groups()
    for what, plural, digits in (("stage", "stages", stage), ("micro-batch", "micro-batches", mb)):
        # The digit count first: int() of a very long number is slow, and past 4,300 digits refused.
        if digits and (len(digits.lstrip("0")) > len(str(MAX_ACTION_NUMBER)) or int(digits) > MAX_ACTION_NUMBER):
            number = digits if len(digits) <= 20 else digits[:20] + "…"
            raise ScheduleError(f"CSV row {line}: {cell[:40]!r} names {what} {number}, above "
                                f"{MAX_ACTION_NUMBER:,}: a schedule within the simulator's {MAX_OPS:,}-op limit "
                                f"has fewer {plural}")
    if type_ in COMMUNICATION:
        if text != cell:
            raise ScheduleError(f"CSV row {line}: {cell!r} cannot be represented: an overlapped pair holds "
                                f"compute actions only")
        return None
    if not mb:
        raise ScheduleError(f"CSV row {line}: {cell!r} cannot be represented: a compute action names its "
                            f"micro-batch, like {_FORMS}")
    return Action(int(stage), int(mb), type_)


def to_chrome_trace(sim: Simulation) -> dict[str, Any]:
    """Chrome / Perfetto trace (Trace Event Format): one process (pid 1: Perfetto treats pid 0 as
    the idle "swapper"), one track per rank (tid rank + 1), a complete event X per op — one per
    overlapped F&B pair, which runs as one unit — and a flow (`s` → `f`) per p2p transfer.

    Binding, as Perfetto's trace processor does it (google/perfetto, src/trace_processor/importers/
    json/json_trace_parser.cc, importers/common/flow_tracker.cc): `s` binds to the slice open on
    its track at its timestamp, `f` with `bp: "e"` to the slice enclosing its timestamp, and a
    slice is open on [ts, ts + dur). So `s` sits in the middle of the producing op (at its end the
    rank's next op may already have begun) and `f` at the consuming op's start, which is at or
    after the arrival (the producer's end + p2p). No `args` on them: at 500,000 ops a dict per
    flow would add a sixth to the trace's memory."""
    scale = 1000.0  # one time unit shown as 1 ms (trace times are µs)
    pid = 1
    events: list[dict[str, Any]] = [{"name": "process_name", "ph": "M", "pid": pid, "tid": 1,
                                     "args": {"name": f"{sim.kind} p={sim.ranks} m={sim.microbatches}"}}]
    key_span, mb_count = sim._keys
    # Start time of each op's unit by its done-key as the simulation numbers them (code · key_span
    # + stage · mb_count + mb; code 0 forward, 1 first backward B or I): what the flows bind to.
    start_of = array("d", bytes(8 * 2 * key_span))
    with _gc_paused():   # three dicts per op, none in a cycle: collections would cost more than them
        for r in range(sim.ranks):
            events.append({"name": "thread_name", "ph": "M", "pid": pid, "tid": r + 1,
                           "args": {"name": f"rank {r}"}})
            events.append({"name": "thread_sort_index", "ph": "M", "pid": pid, "tid": r + 1,
                           "args": {"sort_index": r}})
        # An overlapped pair is one slice: its halves share rank, start and end (Simulation's F&B
        # unit), and two slices of the same span would nest, so an arrow could not tell them apart.
        # Pairs are found as the simulation finds them: an op whose overlap id the next op on its
        # rank shares, unless it is itself a pair's second half.
        pending: tuple | None = None
        # The op fields streamed (Simulation.op_rows), not sim.ops: no Op object kept per op.
        for row in sim.op_rows():
            rank, stage, mb, type_, overlap, start = row[:6]
            if type_ != "W":
                start_of[(type_ != "F") * key_span + stage * mb_count + mb] = start
            if pending is not None:
                if overlap == pending[4] and rank == pending[0]:
                    events.append(_op_event(pending, pid, scale, row))
                    pending = None
                    continue
                events.append(_op_event(pending, pid, scale))
                pending = None
            if overlap is not None:
                pending = row
            else:
                events.append(_op_event(row, pid, scale))
        if pending is not None:
            events.append(_op_event(pending, pid, scale))
        nxt, prev = [-1] * sim.stages, [-1] * sim.stages
        for chain in chains_of(sim.kind, sim.ranks, sim.chunks):
            for a, b in zip(chain, chain[1:]):
                nxt[a], prev[b] = b, a
        for n, (src, dst, sent, _arrive, stage, mb, what) in enumerate(sim.transfers):
            # act: the F of `stage` feeds the F of the next stage; grad: the B/I of `stage` feeds
            # the B/I of the previous stage (Simulation.transfers, one per cross-rank dependency).
            if what == "act":
                made = start_of[stage * mb_count + mb]
                used = start_of[nxt[stage] * mb_count + mb]
            else:
                made = start_of[key_span + stage * mb_count + mb]
                used = start_of[key_span + prev[stage] * mb_count + mb]
            name = f"{what} s{stage} mb{mb}"
            events.append({"name": name, "cat": "p2p", "ph": "s", "id": n, "pid": pid, "tid": src + 1,
                           "ts": (made + sent) / 2 * scale})
            events.append({"name": name, "cat": "p2p", "ph": "f", "bp": "e", "id": n, "pid": pid,
                           "tid": dst + 1, "ts": used * scale})
    return {"traceEvents": events, "displayTimeUnit": "ms"}


def _op_event(row: tuple, pid: int, scale: float, second: tuple | None = None) -> dict[str, Any]:
    """The complete event of one op (a row of Simulation.op_rows), or of an overlapped pair when
    `second` is its other half."""
    rank, stage, mb, type_, overlap, start, end, waited_for = row
    if second is None:
        name, cat = f"{type_}{mb} s{stage}", type_
        args: dict[str, Any] = {"stage": stage, "mb": mb}
        if overlap is not None:
            args["overlap"] = overlap
    else:
        _, stage2, mb2, type2 = second[:4]
        name, cat = f"{type_}{mb} s{stage} + {type2}{mb2} s{stage2}", "FB"
        args = {"pair": [{"type": type_, "stage": stage, "mb": mb}, {"type": type2, "stage": stage2, "mb": mb2}],
                "overlap": overlap}
    if waited_for:
        args["waited_for"] = waited_for
    return {"name": name, "cat": cat, "ph": "X", "pid": pid, "tid": rank + 1, "ts": start * scale,
            "dur": (end - start) * scale, "args": args}


def summary(sim: Simulation) -> str:  # pragma: no cover - convenience for the REPL
    return (f"{sim.kind} p={sim.ranks} m={sim.microbatches} v={sim.chunks}: makespan {sim.makespan:g}, "
            f"bubble {sim.bubble_ratio:.3f}, peaks {list(sim.peak_activations)}")
