"""CSV interchange with torch.distributed.pipelining (pytorch/pytorch, torch/distributed/pipelining/
schedules.py). The CSVs here are built by a reference re-implementation of torch's format, from
what that file documents:

- `_Action.__repr__`: stage, `_ComputationType` value, micro-batch (left out when it is None, as
  for UNSHARD, RESHARD and REDUCE_GRAD): `0F0`, `1B3`, `2I1`, `0W2`, `0UNSHARD`, `1SEND_F0`; an
  action with sub-actions is `(SUB;SUB)TYPE`, ScheduleDualPipeV's `(0F2;7B0)OVERLAP_F_B`.
- `_dump_csv`: `csv.writer` with its default dialect, one row per rank, so rows end with \\r\\n and
  an idle slot (None) is an empty cell. `_PipelineScheduleRuntime._dump_csv` writes the
  "compute_comms" form by default: the lowering passes `_add_unshard_reshard`, `_add_reduce_grad`
  and `_add_send_recv` add UNSHARD/RESHARD around a stage's compute, REDUCE_GRAD after a stage's
  last B or W, SEND_F after an F whose next stage is on another rank (RECV_F on that rank) and
  SEND_B after a B or I whose previous stage is on another rank (RECV_B there).
"""
from __future__ import annotations

import csv
import io
import json
from typing import NamedTuple

import pytest

from tslab.desktop.cli import main
from tslab.models.pipeline import Action, ScheduleError, from_csv, generate, stage_rank, to_csv
from tslab.models.pipeline.io import read_csv

P, M = 4, 8
CHUNKS = {"gpipe": 1, "1f1b": 1, "interleaved-1f1b": 2, "zb-h1": 1, "zb-h2": 1, "zbv": 2, "dualpipe": 1,
          "dualpipev": 2}
TORCH_KINDS = ["gpipe", "1f1b", "interleaved-1f1b", "zb-h1", "zbv", "dualpipev"]  # torch has these


class TorchAction(NamedTuple):
    """torch's `_Action`: stage, computation type value, micro-batch (or None), sub-actions."""
    stage: int
    type: str
    mb: int | None = None
    subs: tuple | None = None

    def __repr__(self) -> str:
        if self.subs is not None:
            return f"({';'.join(repr(a) for a in self.subs)}){self.type}"
        return f"{self.stage}{self.type}{'' if self.mb is None else self.mb}"


def torch_dump_csv(order: dict[int, list[TorchAction | None]]) -> str:
    """`_dump_csv`: csv.writer's default dialect, a row per rank; None is written as an empty cell."""
    out = io.StringIO()
    writer = csv.writer(out)
    for rank in order:
        writer.writerow([None if a is None else repr(a) for a in order[rank]])
    return out.getvalue()


def torch_compute_order(orders: list[list[Action]], idle_every: int = 0) -> dict[int, list]:
    """tslab's orders as torch's compute-only pipeline_order; an overlapped pair is one
    OVERLAP_F_B action; with idle_every, a None (idle step) before every so many actions."""
    order: dict[int, list] = {}
    for rank, actions in enumerate(orders):
        row: list = [None] * rank if idle_every else []
        i = 0
        while i < len(actions):
            a = actions[i]
            if a.overlap is not None and i + 1 < len(actions) and actions[i + 1].overlap == a.overlap:
                b = actions[i + 1]
                row.append(TorchAction(-1, "OVERLAP_F_B", None, (TorchAction(a.stage, a.type, a.mb),
                                                                 TorchAction(b.stage, b.type, b.mb))))
                i += 2
            else:
                row.append(TorchAction(a.stage, a.type, a.mb))
                i += 1
            if idle_every and len(row) % idle_every == 0:
                row.append(None)
        order[rank] = row
    return order


def lowered(kind: str, order: dict[int, list], stages: int) -> tuple[dict[int, list], dict[str, int]]:
    """The compute_comms form of a compute-only order (no None left), and how many of each
    communication action it added. Sends follow their compute action; a receive is placed just
    before the compute action that needs it (torch's pass interleaves them by readiness, which
    does not change the actions or their counts)."""
    owner = {s: stage_rank(kind, P, CHUNKS[kind], s) for s in range(stages)}
    counts = dict.fromkeys(["UNSHARD", "RESHARD", "SEND_F", "RECV_F", "SEND_B", "RECV_B", "REDUCE_GRAD"], 0)
    out: dict[int, list] = {}
    for rank, row in order.items():
        acts = [a for a in row if a is not None]
        leaves = [s for a in acts for s in (a.subs or (a,))]
        done: dict[int, int] = {}
        last = {}
        for n, leaf in enumerate(leaves):
            last[leaf.stage] = n
        new, seen, k = [], set(), 0
        for a in acts:
            for leaf in a.subs or (a,):
                if leaf.stage not in seen:
                    seen.add(leaf.stage)
                    new.append(TorchAction(leaf.stage, "UNSHARD"))
                if leaf.type == "F" and leaf.stage > 0 and owner[leaf.stage - 1] != rank:
                    new.append(TorchAction(leaf.stage, "RECV_F", leaf.mb))
                if leaf.type in "BI" and leaf.stage < stages - 1 and owner[leaf.stage + 1] != rank:
                    new.append(TorchAction(leaf.stage, "RECV_B", leaf.mb))
            new.append(a)
            for leaf in a.subs or (a,):
                if leaf.type == "F" and leaf.stage < stages - 1 and owner[leaf.stage + 1] != rank:
                    new.append(TorchAction(leaf.stage, "SEND_F", leaf.mb))
                if leaf.type in "BI" and leaf.stage > 0 and owner[leaf.stage - 1] != rank:
                    new.append(TorchAction(leaf.stage, "SEND_B", leaf.mb))
                if leaf.type in "BW":
                    done[leaf.stage] = done.get(leaf.stage, 0) + 1
                    if done[leaf.stage] == M:
                        new.append(TorchAction(leaf.stage, "REDUCE_GRAD"))
                if last[leaf.stage] == k:
                    new.append(TorchAction(leaf.stage, "RESHARD"))
                k += 1
        out[rank] = new
        for a in new:
            if a.type in counts:
                counts[a.type] += 1
    return out, counts


def renumbered(orders: list[list[Action]]) -> list[list[Action]]:
    """Overlap ids as a reader gives them: 0, 1, 2, … in reading order."""
    out, count = [], 0
    for order in orders:
        row, i = [], 0
        while i < len(order):
            a = order[i]
            if a.overlap is not None and i + 1 < len(order) and order[i + 1].overlap == a.overlap:
                b = order[i + 1]
                row += [Action(a.stage, a.mb, a.type, count), Action(b.stage, b.mb, b.type, count)]
                count, i = count + 1, i + 2
            else:
                row.append(Action(a.stage, a.mb, a.type))
                i += 1
        out.append(row)
    return out


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def chunk_options(kind: str) -> tuple:
    return ("--chunks", CHUNKS[kind]) if CHUNKS[kind] != 1 else ()


# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", sorted(CHUNKS))
def test_to_csv_is_torchs_compute_only_dump(kind: str) -> None:
    orders = generate(kind, P, M, CHUNKS[kind])
    text = torch_dump_csv(torch_compute_order(orders))
    assert text.endswith("\r\n") and "None" not in text
    # the same cells; tslab ends rows with \n, torch's csv.writer with \r\n (csv reads both)
    assert to_csv(orders).replace("\n", "\r\n") == text
    assert from_csv(text) == from_csv(to_csv(orders)) == renumbered(orders)
    assert to_csv(from_csv(to_csv(orders))) == to_csv(orders)   # the round trip is exact


@pytest.mark.parametrize("kind", TORCH_KINDS)
def test_torchs_compute_only_dump_with_idle_slots_reads_back(kind: str) -> None:
    orders = generate(kind, P, M, CHUNKS[kind])
    text = torch_dump_csv(torch_compute_order(orders, idle_every=3))
    assert ",," in text or "\r\n," in text   # idle slots are empty cells
    doc = read_csv(text)
    assert doc.orders == renumbered(orders) and doc.skipped == ()


@pytest.mark.parametrize("kind", TORCH_KINDS)
def test_torchs_compute_comms_dump_reads_back_counting_the_skipped(kind: str) -> None:
    orders = generate(kind, P, M, CHUNKS[kind])
    stages = 1 + max(a.stage for order in orders for a in order)
    comms, counts = lowered(kind, torch_compute_order(orders), stages)
    text = torch_dump_csv(comms)
    doc = read_csv(text)
    assert doc.orders == renumbered(orders)
    assert dict(doc.skipped) == {name: n for name, n in counts.items() if n}
    assert doc.skipped_total == sum(counts.values()) > 0
    assert (doc.ranks, doc.microbatches, doc.stages) == (P, M, stages)
    for name in ("UNSHARD", "RESHARD", "REDUCE_GRAD"):
        assert f"0{name}," in text or f"0{name}\r\n" in text   # no micro-batch after these


@pytest.mark.parametrize("kind", ["1f1b", "zbv", "dualpipev"])
def test_cli_imports_torchs_dump_taking_its_shape(capsys, tmp_path, kind: str) -> None:
    orders = generate(kind, P, M, CHUNKS[kind])
    stages = 1 + max(a.stage for order in orders for a in order)
    comms, counts = lowered(kind, torch_compute_order(orders), stages)
    path = tmp_path / "torch.csv"
    path.write_text(torch_dump_csv(comms), newline="")
    code, direct, err = run(capsys, "schedule", "--kind", kind, "--ranks", P, "--microbatches", M,
                            *chunk_options(kind), "--p2p", 0.25, "--json")
    assert code == 0, err
    # ranks, micro-batches and chunks come from the file: none is given here
    code, imported, err = run(capsys, "schedule", "--kind", kind, "--p2p", 0.25, "--import", path, "--json")
    assert code == 0, err
    doc = json.loads(imported)
    total = sum(counts.values())
    assert doc.pop("skipped_actions") == {name: n for name, n in counts.items() if n}
    assert doc == json.loads(direct)
    assert err.startswith("tslab: warning: ") and err.count("\n") == 1 and f"{total:,} communication" in err
    code, text, err = run(capsys, "schedule", "--kind", kind, "--import", path)
    assert code == 0 and f"{total:,} communication actions skipped" in text
    assert f"{P} ranks" in text.splitlines()[0] and f"{M} micro-batches" in text.splitlines()[0]


@pytest.mark.parametrize("option, value, found", [("--microbatches", 6, "8 micro-batches"),
                                                  ("--ranks", 2, "4 ranks"),
                                                  ("--chunks", 3, "2 chunks per rank")])
def test_cli_option_disagreeing_with_the_file_is_an_error(capsys, tmp_path, option, value, found) -> None:
    path = tmp_path / "zbv.csv"
    path.write_text(to_csv(generate("zbv", P, M, 2)))
    code, out, err = run(capsys, "schedule", "--kind", "zbv", option, value, "--import", path, "--json")
    assert code == 2 and out == ""
    assert err.startswith("tslab: error: ") and err.count("\n") == 1
    assert f"{option} {value} disagrees with {path}" in err and found in err
    # the same values as the file's are fine
    same = {"--microbatches": M, "--ranks": P, "--chunks": 2}[option]
    code, out, err = run(capsys, "schedule", "--kind", "zbv", option, same, "--import", path, "--json")
    assert code == 0 and json.loads(out)["microbatches"] == M, err


@pytest.mark.parametrize("cell", ["(0F1;0W0)OVERLAP_F_B",          # F with W: no F&B unit
                                  "(0F1;1B0;2B0)OVERLAP_F_B",      # three sub-actions
                                  "(0F1;0SEND_F1)OVERLAP_F_B",     # a communication sub-action
                                  "(0F1;1B0)F",                    # sub-actions under another type
                                  "0F",                            # a compute action without micro-batch
                                  "0FULL_BACKWARD0",               # torch writes B, never the name
                                  "0F0x", "0X0", "SEND_F0"])
def test_an_action_that_cannot_be_represented_is_named(capsys, tmp_path, cell: str) -> None:
    with pytest.raises(ScheduleError) as info:
        read_csv(f"0F0,{cell},0B0\r\n")
    assert repr(cell) in str(info.value) and "row 1" in str(info.value)
    path = tmp_path / "bad.csv"
    path.write_text(f"0F0,{cell},0B0\n")
    code, out, err = run(capsys, "schedule", "--import", path, "--json")
    assert code == 2 and out == "" and err.count("\n") == 1 and repr(cell) in err and str(path) in err


def test_micro_batches_come_from_the_forwards_and_must_have_no_gap() -> None:
    assert read_csv("0F0,0F1,0B0,0B1\n").microbatches == 2
    with pytest.raises(ScheduleError, match="no forward names micro-batch 1"):
        _ = read_csv("0F0,0F2,0B0,0B2\n").microbatches  # counted when asked for
    with pytest.raises(ScheduleError, match=r"B\(stage 0, mb 5\) on rank 0 names micro-batch 5"):
        _ = read_csv("0F0,0B0,0B5\n").microbatches
    with pytest.raises(ScheduleError, match="no compute actions"):
        read_csv("0UNSHARD,0RESHARD\n")


def test_import_csv_rewrite_drops_the_communication_actions(capsys, tmp_path) -> None:
    orders = generate("1f1b", P, M)
    comms, counts = lowered("1f1b", torch_compute_order(orders), P)
    path = tmp_path / "torch.csv"
    path.write_text(torch_dump_csv(comms), newline="")
    code, out, err = run(capsys, "schedule", "--kind", "1f1b", "--import", path, "--csv")
    assert code == 0 and out == to_csv(orders)
    assert f"{sum(counts.values()):,} communication actions skipped" in err
