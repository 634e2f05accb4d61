"""`tslab validate` and tslab.models.time.published: every published run states its source and its
scenario, the metrics are their closed forms, and the error's sign means the same for every metric
(positive: tslab slower than the run). The model's own error values are not asserted here: the
step-time model changes, the table shows where it stands (`make bench` holds it to its goal)."""
from __future__ import annotations

import json
import math

import pytest
from json_docs import strict_json

from tslab.desktop.cli import main
from tslab.models.document import Document, apply_document_overrides
from tslab.models.presets import default_scenario, load_preset
from tslab.models.scenario import Scenario, keys
from tslab.models.time import MODEL_NOTE, published as pub, step_time
from tslab.models.time.published import (METRICS, PublishedRun, RunScenario, ValidationRow, published_runs, summary,
                                         validation_json, validation_rows)

ROW_FIELDS = {"name", "source", "base", "set", "metric", "published", "tslab", "error", "step_time_s", "reason",
              "note"}
SUMMARY_FIELDS = {"rows", "timed", "mean_abs_error", "median_abs_error", "max_abs_error", "slower", "faster", "goal"}
# A two-layer model on one 8-GPU node: fast to time, and every quantity of the closed forms is small.
TINY = (("model.layers", 2), ("model.hidden", 256), ("model.heads", 4), ("model.kv_heads", 4),
        ("model.ffn_hidden", 1024), ("model.vocab", 1024), ("model.seq_len", 256))


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def tiny_run(metric: str, published: float, *extra: tuple[str, object]) -> PublishedRun:
    return PublishedRun(name=f"tiny {metric}", source="a test", short_source="test",
                        scenario=RunScenario(None, TINY + extra), metric=metric, published=published, note="")


def tiny_time():
    return step_time(Scenario().replace(**dict(TINY)))


# ---------------------------------------------------------------------------------------------
# The runs

def test_every_run_states_its_source_scenario_and_note() -> None:
    runs = published_runs()
    assert len({run.name for run in runs}) == len(runs)
    sources = [run.source for run in runs]
    assert sum("Korthikanti" in s and "Table 5" in s for s in sources) == 8
    assert sum("Llama 3" in s and "Table 4" in s for s in sources) == 3
    assert sum("DeepSeek-V3" in s for s in sources) == 1
    for run in runs:
        assert run.source and run.short_source and run.note and run.metric in METRICS and run.published > 0
        assert run.scenario.base is not None or run.scenario.settings  # never an empty scenario
        assert all(key in keys() for key, _ in run.scenario.settings)


def test_korthikanti_rows_are_table_5_and_table_3() -> None:
    runs = [run for run in published_runs() if run.source == pub.KORTHIKANTI_SOURCE]
    assert [run.published for run in runs] == [1.42, 1.10, 18.13, 13.75, 49.05, 37.83, 94.42, 71.49]
    for run in runs:
        s = run.scenario.build()
        name = s.model.name.removeprefix("gpt-").upper()
        hidden, heads, layers, pp, batch, micro_batch, _ = pub.KORTHIKANTI_CONFIGS[name]
        assert (s.model.hidden, s.model.heads, s.model.layers, s.model.seq_len) == (hidden, heads, layers, 2048)
        assert (s.parallel.tp, s.parallel.pp, s.parallel.dp, s.world_size) == (8, pp, 1, 8 * pp)
        assert s.schedule.microbatches * s.model.micro_batch == batch and s.model.micro_batch == micro_batch
        assert s.parallel.sp == (s.activation.recompute == "selective")


@pytest.mark.parametrize("run", [run for run in published_runs() if run.source == pub.LLAMA3_SOURCE],
                         ids=lambda run: run.name)
def test_llama3_rows_are_table_4_configurations(run: PublishedRun) -> None:
    s = run.scenario.build()
    gpus, cp, dp, seq = {430.0: (8192, 1, 64, 8192), 400.0: (16384, 1, 128, 8192),
                         380.0: (16384, 16, 8, 131072)}[run.published]
    assert (s.parallel.tp, s.parallel.cp, s.parallel.pp, s.parallel.dp) == (8, cp, 16, dp)
    assert s.world_size == gpus and s.model.seq_len == seq
    t = step_time(s)
    assert t.gpus == gpus and t.tokens_per_step == 2**24  # the report's 16M tokens per batch


def test_deepseek_v3_row_runs_the_full_batch() -> None:
    run = next(run for run in published_runs() if run.metric == "gpu_hours_per_trillion_tokens")
    assert run.scenario.base == "deepseek-v3" and run.published == 180_000
    assert "upper bound" in run.note
    t = step_time(run.scenario.build())
    assert t.gpus == 2048 and t.tokens_per_step == 15360 * 4096  # §4.2, after the batch ramp


def test_without_a_global_batch_key_the_batch_is_kept_by_the_micro_batch_count(monkeypatch) -> None:
    monkeypatch.setattr(pub, "keys", lambda: [key for key in keys() if key != pub.GLOBAL_BATCH_KEY])
    runs = {run.name: run for run in published_runs()}
    assert runs["Llama 3 Table 4: 16,384 GPUs, 8K"].scenario.settings[-1] == ("schedule.microbatches", 16)
    deepseek = runs["DeepSeek-V3: GPU-hours per 1T tokens"]
    assert deepseek.scenario.settings == (("schedule.microbatches", 120),)
    assert step_time(deepseek.scenario.build()).tokens_per_step == 15360 * 4096


@pytest.mark.parametrize("run", published_runs(), ids=lambda run: run.name)
def test_the_set_list_reproduces_the_scenario_on_the_command_line(run: PublishedRun) -> None:
    """`tslab time [--preset BASE] --set …` times the row's scenario (the defaults' preset differs
    from `Scenario()` only in what the step time does not read: title, name, sources)."""
    base = default_scenario() if run.scenario.base is None else load_preset(run.scenario.base)
    cli = apply_document_overrides(Document(base), run.scenario.set_args()).scenario
    built = run.scenario.build()
    if run.scenario.base is not None:
        assert cli == built
    assert step_time(cli).step_time_s == step_time(built).step_time_s


# ---------------------------------------------------------------------------------------------
# Metrics and the sign convention

def test_gpu_hours_per_trillion_tokens_closed_form() -> None:
    t = tiny_time()
    s = Scenario().replace(**dict(TINY))
    assert t.gpus == s.world_size == 8
    assert t.tokens_per_step == s.schedule.microbatches * s.model.micro_batch * s.parallel.dp * s.model.seq_len
    expected = t.step_time_s * t.gpus / 3600 * 1e12 / t.tokens_per_step
    [row] = validation_rows((tiny_run("gpu_hours_per_trillion_tokens", 1000.0),))
    assert row.tslab == pytest.approx(expected, rel=1e-12)
    assert row.error == pytest.approx(expected / 1000.0 - 1, rel=1e-12)
    assert row.step_time_s == t.step_time_s


def test_tflops_per_gpu_closed_form_and_error_on_time() -> None:
    t = tiny_time()
    model_tflops = t.flops_per_step / (t.gpus * t.step_time_s) / 1e12
    [row] = validation_rows((tiny_run("tflops_per_gpu", 50.0),))
    assert row.tslab == pytest.approx(model_tflops, rel=1e-12)
    assert row.error == pytest.approx(50.0 / model_tflops - 1, rel=1e-12)
    # The same error on time: tslab's step over the step 50 TFLOP/s per GPU gives the same FLOPs.
    implied_s = t.flops_per_step / (t.gpus * 50.0e12)
    assert row.error == pytest.approx(t.step_time_s / implied_s - 1, rel=1e-12)


def test_step_time_error() -> None:
    t = tiny_time()
    [row] = validation_rows((tiny_run("step_time_s", 0.5),))
    assert row.tslab == t.step_time_s and row.error == pytest.approx(t.step_time_s / 0.5 - 1, rel=1e-12)


@pytest.mark.parametrize("metric", METRICS)
def test_positive_error_means_tslab_is_slower_for_every_metric(metric: str) -> None:
    [exact] = validation_rows((tiny_run(metric, 1.0),))
    assert exact.tslab is not None
    rate = metric == "tflops_per_gpu"
    # A run that was twice as fast as tslab: half the time (half the GPU-hours), twice the TFLOP/s.
    faster_run = exact.tslab * (2.0 if rate else 0.5)
    slower_run = exact.tslab * (0.5 if rate else 2.0)
    [tslab_slower] = validation_rows((tiny_run(metric, faster_run),))
    [tslab_faster] = validation_rows((tiny_run(metric, slower_run),))
    assert tslab_slower.error == pytest.approx(1.0) and tslab_faster.error == pytest.approx(-0.5)
    s = summary([tslab_slower, tslab_faster])
    assert (s.slower, s.faster, s.timed, s.rows) == (1, 1, 2, 2)
    assert s.mean_abs_error == pytest.approx(0.75) and s.max_abs_error == pytest.approx(1.0)
    assert s.goal_met is False


def test_summary_statistics_and_goal() -> None:
    run = tiny_run("step_time_s", 1.0)

    def row(error: float | None) -> ValidationRow:
        timed = error is not None
        return ValidationRow(run, (), 1.0, 1.0 + error if timed else None, error, 1.0 if timed else None,
                             None if timed else "not timed")

    s = summary([row(0.01), row(-0.04), row(0.10), row(None)])
    assert (s.rows, s.timed, s.slower, s.faster) == (4, 3, 2, 1)
    assert s.mean_abs_error == pytest.approx(0.05) and s.median_abs_error == pytest.approx(0.04)
    assert s.max_abs_error == pytest.approx(0.10) and s.goal_met is True
    assert summary([row(0.01), row(0.13)]).goal_met is False   # one over 12 %
    empty = summary([row(None)])
    assert (empty.timed, empty.mean_abs_error, empty.median_abs_error, empty.max_abs_error, empty.goal_met) == \
        (0, None, None, None, None)


def test_a_run_the_model_cannot_time_is_a_row_with_a_reason() -> None:
    offloaded = tiny_run("step_time_s", 1.0, ("offload.params", "cpu"))  # step_time raises ValueError
    invalid = tiny_run("step_time_s", 1.0, ("parallel.tp", 3))          # 4 heads over tp 3: validation error
    rows = validation_rows((offloaded, invalid))
    for row in rows:
        assert row.tslab is None and row.error is None and row.step_time_s is None and row.reason
    assert "offload" in (rows[0].reason or "") and (rows[1].reason or "").startswith("invalid scenario")
    doc = strict_json(json.dumps(validation_json(rows), allow_nan=False))
    assert doc["summary"]["timed"] == 0 and doc["summary"]["goal"]["met"] is None
    assert all(row["error"] is None and row["tslab"] is None and row["reason"] for row in doc["rows"])


# ---------------------------------------------------------------------------------------------
# The command

def test_validate_json(capsys) -> None:
    code, out, err = run(capsys, "validate", "--json")
    assert code == 0 and err == ""
    doc = strict_json(out)
    assert set(doc) == {"model", "convention", "rows", "summary"} and doc["model"] == MODEL_NOTE
    runs = published_runs()
    assert [row["name"] for row in doc["rows"]] == [run.name for run in runs]
    for row, published in zip(doc["rows"], runs):
        assert set(row) == ROW_FIELDS
        assert row["source"] == published.source and row["metric"] in METRICS and row["note"]
        assert row["base"] == published.scenario.base and row["set"] == list(published.scenario.set_args())
        assert all(isinstance(arg, str) and "=" in arg for arg in row["set"])
        if row["error"] is None:
            assert row["tslab"] is None and isinstance(row["reason"], str)
        else:
            assert row["reason"] is None and row["tslab"] > 0 and row["step_time_s"] > 0
            assert all(math.isfinite(row[key]) for key in ("published", "tslab", "error", "step_time_s"))
    summary_doc = doc["summary"]
    assert set(summary_doc) == SUMMARY_FIELDS and summary_doc["rows"] == len(runs)
    assert summary_doc["slower"] + summary_doc["faster"] <= summary_doc["timed"] <= summary_doc["rows"]
    assert summary_doc["goal"]["median_abs_error"] == 0.05 and summary_doc["goal"]["max_abs_error"] == 0.12


def test_validate_text(capsys) -> None:
    code, out, err = run(capsys, "validate")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert "deterministic teaching model, not a benchmark of a real cluster" in lines[0]
    assert any(line.split()[:5] == ["run", "source", "published", "tslab", "error"] for line in lines)
    assert "mean |error|" in out and "goal (median |error| ≤ 5%, none over 12%)" in out
    for published in published_runs():
        assert sum(line.startswith(published.name + "  ") for line in lines) == 1   # its table row
        assert f"{published.name} — {published.source}" in lines                   # its source …
        command = lines[lines.index(f"{published.name} — {published.source}") + 1]
        assert command.startswith("  tslab time")                                    # … and its scenario
    assert out.count("  note: ") == len(published_runs())


def test_validate_reports_an_untimed_run_without_failing(capsys, monkeypatch) -> None:
    offloaded = tiny_run("tflops_per_gpu", 100.0, ("offload.params", "cpu"))
    monkeypatch.setattr(pub, "published_runs", lambda: (tiny_run("tflops_per_gpu", 100.0), offloaded))
    code, out, err = run(capsys, "validate", "--json")
    assert code == 0 and err == ""
    rows = strict_json(out)["rows"]
    assert rows[0]["error"] is not None and rows[1]["error"] is None and "offload" in rows[1]["reason"]
    code, out, err = run(capsys, "validate")
    assert code == 0 and "not timed" in out


def test_validate_takes_no_scenario(capsys) -> None:
    code, out, err = run(capsys, "validate", "--preset", "deepseek-v3")
    assert code == 2 and out == "" and err.startswith("tslab: error: ") and len(err.splitlines()) == 1
