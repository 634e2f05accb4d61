"""Every formula the app shows, evaluated with the numbers it shows, gives the value it shows:
each ledger item (the CLI's JSON, the memory tab's table, the Sources panel) and each Sources row
of every preset and of random scenarios. The numbers are read by tests/formula_values.py, a
strict reader of the texts as shown (units, thousands separators, × · / + −), not by eval.

A row either states its value (its formula opens with an equation, or a bare expression, whose
last part evaluates to the value) or is listed in SYMBOLIC with the reason it states none; and
every equation of numbers anywhere in a formula must hold."""
from __future__ import annotations

import pytest
from formula_values import Quantity, number, read
from hypothesis import HealthCheck, given, settings, strategies as st

from tslab.models.derived import COLLECTIVE, CONTEXT, LEDGER, SCHEDULE, STEP_TIME, TRAFFIC
from tslab.models.memory import memory_ledger
from tslab.models.presets import load_preset, preset_document, preset_names
from tslab.models.validation import validate
from tslab.views.document_model import DocumentModel
from tslab.views.sources import comm_rows, context_rows, memory_rows, mesh_rows, pipeline_rows, time_rows

GIB = 2**30
# Sources rows whose formula names its quantities by symbols only: the reason each states no number.
SYMBOLIC = {
    "pipeline": "the schedule's bubble as its closed form in p, m, v, F, B, W (the value is the simulation's)",
    "comm": "the α–β model and the busbw convention, in symbols (the plan's numbers are in the tab's table)",
    "context": "the long-context volumes in b, S, n and the head widths",
    "time": "the step time's terms and the MFU's definition in words; the notes are assumptions, with no value "
            "(their numbers are settings: '90% of the data-sheet HBM bandwidth')",
}


def statement_agrees(formula: str, value: Quantity, where: str) -> None:
    reading = read(formula)   # every equation of numbers holds
    assert reading.statement is not None, f"{where}: the formula states no value: {formula!r}"
    assert reading.statement.agrees(value, slack=1.0), (
        f"{where}: the formula gives {reading.statement.value:,.6g} ± {reading.statement.error:.3g}, the value "
        f"is {value.value:,.6g}: {formula!r}")


def check_ledger(scenario, ranks=(None,)) -> int:
    count = 0
    for rank in ranks:
        for item in memory_ledger(scenario, rank).items:
            statement_agrees(item.formula, Quantity(item.bytes, 0.5), f"{scenario.title} rank {rank} {item.key}")
            count += 1
    return count


@pytest.mark.parametrize("preset", preset_names())
def test_every_ledger_item_of_every_preset_gives_its_bytes(preset):
    s = load_preset(preset)
    assert check_ledger(s, (None, 0, s.parallel.pp - 1)) > 10


@pytest.mark.parametrize("preset", preset_names())
def test_every_sources_row_gives_its_value(qapp, preset):
    model = DocumentModel(preset_document(preset))
    for computation in (TRAFFIC, SCHEDULE, STEP_TIME, CONTEXT, COLLECTIVE, LEDGER):
        model.result(computation)
    rows = memory_rows(model)
    assert rows
    for row in rows:                   # "15.94 GiB": the value to the digits shown
        statement_agrees(row.formula, number(row.value), f"{preset} Sources {row.quantity}")
    for row in mesh_rows(model) or []:  # "826.88 GiB per step": the chain that opens with "sent ="
        reading = read(row.formula)
        sent = [chain for chain, parts in zip(reading.chains, _segments(row.formula)) if parts[0] == "sent"]
        assert len(sent) == 1 and sent[0], f"{preset} {row.quantity}: no numbers for sent in {row.formula!r}"
        assert sent[0][-1][1].agrees(number(row.value)), (preset, row.quantity, row.value, row.formula)
    for tab, builder in (("pipeline", pipeline_rows), ("comm", comm_rows), ("context", context_rows),
                         ("time", time_rows)):
        for row in builder(model) or []:
            reading = read(row.formula)
            assert not reading.numeric, (
                f"{preset} {tab} row {row.quantity!r} now states numbers: check them here, not as "
                f"{SYMBOLIC[tab]!r}: {row.formula!r}")


def _segments(formula: str) -> list[list[str]]:
    from formula_values import equations
    return [parts for parts in equations(formula) if len(parts) > 1]


@st.composite
def scenarios(draw):
    """A preset with a handful of keys changed that move the ledger's formulas: the schedule and
    its micro-batches, recomputation, the FP8 and offload fractions, the policy's ladder, ZeRO,
    gradient offload, DeepEP."""
    s = load_preset(draw(st.sampled_from(preset_names())))
    changes = {
        "schedule.microbatches": draw(st.sampled_from([1, 3, 8, 16, 64])),
        "activation.recompute": draw(st.sampled_from(["none", "selective", "full"])),
        "activation.recompute_layers": draw(st.sampled_from([0, 0, 1, 2])),
        "activation.fp8_fraction": draw(st.sampled_from([0.0, 0.0, 0.25, 0.5])),
        "activation.cpu_offload_fraction": draw(st.sampled_from([0.0, 0.0, 0.3])),
        "activation.remote_offload_fraction": draw(st.sampled_from([0.0, 0.0, 0.125])),
        "parallel.zero": draw(st.sampled_from([0, 1, 2, 3])),
        "memory.fragmentation": draw(st.sampled_from([0.0, 0.05, 0.125])),
        "offload.grads": draw(st.sampled_from(["gpu", "gpu", "cpu"])),
    }
    if draw(st.booleans()):
        changes["schedule.kind"] = draw(st.sampled_from(["gpipe", "1f1b", "zb-h2", "zbv", "dualpipev"]))
    if s.model.experts:
        changes["memory.deepep"] = draw(st.sampled_from(["none", "normal", "low-latency"]))
    if s.model.experts and draw(st.booleans()):
        changes["activation.policy"] = draw(st.sampled_from(["kimi-k2", "deepseek-v3", "megatron-selective"]))
        changes["activation.policy_steps"] = draw(st.integers(0, 4))
    return s.replace(**changes)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_random_scenarios_ledger_formulas_give_their_bytes(s):
    if any(problem.severity == "error" for problem in validate(s)):
        return
    check_ledger(s, (None, 0, s.parallel.pp - 1))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("preset", ["deepseek-v3", "kimi-k2"])
def test_the_ledger_tables_formulas_give_the_gib_it_shows(qtbot, preset, lang):
    """The memory tab's table shows each item's GiB beside its formula (in English in both
    languages): the formula's numbers give the GiB shown, to its two decimals."""
    from tslab.desktop.export import figure_language
    from tslab.views.memory.tab import MemoryTab
    with figure_language(lang):
        widget = MemoryTab(DocumentModel(load_preset(preset)))
        qtbot.addWidget(widget)
        widget.show()
        table = widget.table
        rows = [(table.item(row, 0).text(), table.item(row, 2).text(), table.item(row, 4).text())
                for row in range(table.rowCount() - 1)]   # the last row is the total
    assert len(rows) > 10
    for name, gib_text, formula in rows:
        statement_agrees(formula, Quantity(float(gib_text.replace(",", "")) * GIB, 0.005 * GIB),
                         f"{preset} {lang} table {name}")


def test_the_reader_is_strict():
    """The reader evaluates what is shown and refuses what it cannot read as numbers."""
    from formula_values import FormulaError, evaluate
    assert evaluate("4.00 MiB × 8 MoE layers × 8.5 in flight").value == 4 * 2**20 * 8 * 8.5
    assert evaluate("3,273,263,104 × 2").value == 6_546_526_208
    assert evaluate("5% / (100% − 5%) × 95 B").value == pytest.approx(5)
    assert evaluate("4sbE per MoE layer (kept)") is None and evaluate("Ψ_rank × 2 B (bf16)") is None
    assert evaluate("CUDA context 273.75 MiB (a note) + cuBLAS workspace 32 MiB").value == 305.75 * 2**20
    assert evaluate("1.5 GiB").error == 0.05 * GIB
    with pytest.raises(AssertionError):   # the activations row as it read: 1,019.8 MiB × 8 × 8.5 ≠ 15.94 GiB
        read("1,019.8 MiB for the heaviest layer × 8 layers × 8.5 in flight = 15.94 GiB")
    with pytest.raises(FormulaError):
        evaluate("(4 MiB × 2")
