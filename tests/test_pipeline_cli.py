"""`tslab schedule` on the command line: a CSV written and imported gives the same JSON, the JSON
contract, the Chrome trace, a summary without a format, and one `tslab: error:` line for bad input
(an unknown kind, an odd DualPipe, a deadlocking import). The schedules themselves are
tests/test_pipeline.py."""
from __future__ import annotations

import json

import pytest

from tslab.desktop.cli import main


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


BASE = ("schedule", "--ranks", 4, "--microbatches", 8)


@pytest.mark.parametrize("kind, chunks", [("gpipe", None), ("interleaved-1f1b", 2), ("zbv", 2),
                                          ("dualpipe", None), ("dualpipev", 2), ("zb-h2", None)])
def test_cli_csv_out_then_import_gives_identical_json(capsys, tmp_path, kind: str, chunks) -> None:
    more = ("--chunks", chunks) if chunks else ()
    path = tmp_path / "orders.csv"
    code, _, err = run(capsys, *BASE, "--kind", kind, *more, "--csv", "--out", path)
    assert code == 0, err
    code, direct, err = run(capsys, *BASE, "--kind", kind, *more, "--f", 1.5, "--json")
    assert code == 0, err
    code, imported, err = run(capsys, *BASE, "--kind", kind, *more, "--f", 1.5, "--import", path, "--json")
    assert code == 0, err
    assert json.loads(imported) == json.loads(direct)


def test_cli_json_contract(capsys) -> None:
    code, out, _ = run(capsys, *BASE, "--kind", "interleaved", "--chunks", 2, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["kind"] == "interleaved-1f1b" and doc["stages"] == 8 and doc["chunks"] == 2
    assert set(doc) >= {"kind", "ranks", "stages", "microbatches", "chunks", "durations", "ops", "makespan",
                        "bubble_ratio", "peak_activations", "idle", "parameter_copies", "bubble_time"}
    assert all("overlap" not in op for op in doc["ops"])


def test_cli_chrome_trace(capsys, tmp_path) -> None:
    path = tmp_path / "t.json"
    code, out, _ = run(capsys, *BASE, "--kind", "1f1b", "--chrome-trace", "--out", path)
    assert code == 0 and out == ""
    assert {e["tid"] for e in json.loads(path.read_text())["traceEvents"] if e["ph"] == "X"} == {1, 2, 3, 4}


@pytest.mark.parametrize("argv, words", [
    (("--kind", "nonsense", "--json"), "unknown schedule kind"),
    (("--kind", "dualpipe", "--ranks", 3, "--json"), "even number of ranks"),
    (("--kind", "1f1b", "--f", 0, "--json"), "--f must be a positive number"),
    (("--kind", "1f1b", "--json", "--csv"), "not allowed"),
    (("--kind", "1f1b", "--json", "--import", "/nonexistent.csv"), "cannot read"),
])
def test_cli_errors(capsys, argv, words: str) -> None:
    args = list(BASE) + list(argv)
    if "--ranks" in argv:
        args = ["schedule", "--microbatches", 8] + list(argv)
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("tslab: error: ") and err.count("\n") == 1 and words in err


def test_cli_without_a_format_prints_a_summary(capsys) -> None:
    code, out, err = run(capsys, *BASE, "--kind", "1f1b")
    assert code == 0 and err == ""
    assert out.strip() and not out.lstrip().startswith("{")  # plain text, not JSON


def test_cli_import_deadlock(capsys, tmp_path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text("0B0,0F0\n1F0,1B0\n")
    code, _, err = run(capsys, "schedule", "--kind", "1f1b", "--ranks", 2, "--microbatches", 1, "--json",
                       "--import", path)
    assert code == 2 and err.startswith("tslab: error: deadlock: B(stage 0, mb 0) on rank 0 waits for")
