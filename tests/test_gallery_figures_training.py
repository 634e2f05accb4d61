"""Gallery figures 1–6: each builds headless for the presets, names its sources, paints, and draws
the models' own numbers (the ZeRO paper's example, the schedules' closed forms, the collectives'
rounds replayed independently, MoonEP's S·K)."""
from __future__ import annotations

import math

import numpy as np
import pytest
from PySide6.QtCore import QRect, QRectF, QSize
from PySide6.QtGui import QImage

from tslab.desktop.export import _prepare, figure_bytes
from tslab.models.comm import plan
from tslab.models.document import Document
from tslab.models.memory import memory_ledger
from tslab.models.mesh import build_mesh
from tslab.models.moe import analyse_scenario, moe_unavailable
from tslab.models.pipeline import Durations, simulate
from tslab.models.presets import preset_document
from tslab.models.time import step_time
from tslab.views.document_model import DocumentModel
from tslab.views.gallery import figures_training
from tslab.views.time.common import row_terms

PRESETS = ("classroom-7b", "deepseek-v3", "kimi-k2", "gpt3-175b", "llama3-405b")
KEYS = ("cost-stack", "bytes-per-parameter", "device-mesh", "pipeline-schedules", "collectives", "moe-all-to-all")
SIZE = QSize(1400, 860)


def spec(key: str):
    return next(s for s in figures_training.SPECS if s.key == key)


def build(qtbot, key: str, document: Document, size: QSize = SIZE):
    figure = spec(key).build(DocumentModel(document, synchronous=True))
    qtbot.addWidget(figure)
    _prepare(figure, size)
    return figure


def distinct_colours(image: QImage, rect: QRect, step: int = 5) -> int:
    seen = set()
    for y in range(rect.top(), rect.bottom(), step):
        for x in range(rect.left(), rect.right(), step):
            seen.add(image.pixel(x, y))
    return len(seen)


def test_the_six_figures_in_order_with_their_keys():
    assert [s.key for s in figures_training.SPECS] == list(KEYS)
    assert [s.number for s in figures_training.SPECS] == [1, 2, 3, 4, 5, 6]
    for s in figures_training.SPECS:
        assert s.title and s.summary and s.sources
        assert s.tab in ("pipeline", "memory", "mesh", "comm")
        Document().replace(**s.live_view)   # every view key and value is one the document takes


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("key", KEYS)
def test_every_figure_builds_names_its_sources_and_paints(qtbot, key, preset):
    figure = build(qtbot, key, preset_document(preset))
    caption = figure.caption_text()
    for source in spec(key).sources:
        assert source in caption
    assert "teaching model" in caption
    # the caption is shown whole, and the drawing keeps most of the height
    assert figure.caption.heightForWidth(figure.caption.width()) <= figure.caption.height() + 1
    assert figure.body is not None and figure.body.height() >= 0.55 * SIZE.height()
    image = QImage.fromData(figure_bytes(figure, "png"))
    assert image.width() == SIZE.width() and image.height() == SIZE.height()
    body = figure.body.geometry()
    assert distinct_colours(image, body) > 12, "the drawing is (nearly) blank"


def test_figures_survive_an_invalid_scenario(qtbot):
    broken = preset_document("classroom-7b").replace(**{"parallel.tp": 3})   # heads not divisible, too many GPUs
    for key in KEYS:
        figure = build(qtbot, key, broken)
        assert figure.caption_text()


# ---------------------------------------------------------------------------------------------
# 1. The cost stack

@pytest.mark.parametrize("preset", PRESETS)
def test_cost_stack_draws_every_rank_of_the_step_time_model(qtbot, preset):
    from tslab.views.gallery.cost_stack import layer_totals
    document = preset_document(preset)
    time = step_time(document.scenario)
    figure = build(qtbot, "cost-stack", document)
    chart = figure.body.chart
    drawn = [(s.key, s.x1 - s.x0) for s in chart.segments]
    expected = [(term, seconds * 1e3) for row in time.stack for term, seconds in row_terms(row)]
    assert [k for k, _ in drawn] == [k for k, _ in expected]
    assert np.allclose([v for _, v in drawn], [v for _, v in expected])
    for index in range(len(time.stack)):   # every bar ends at the step time
        ends = [s.x1 for s in chart.segments if round((s.y0 + s.y1) / 2) == index]
        assert math.isclose(max(ends), time.step_time_s * 1e3, rel_tol=1e-9)
    totals = layer_totals(time)
    assert math.isclose(totals.total, time.step_time_s, rel_tol=1e-9)
    assert math.isclose(totals.seconds["flops"], sum(r.compute_s for r in time.stack) / len(time.stack))
    assert math.isclose(totals.seconds["idle"], sum(r.bubble_s for r in time.stack) / len(time.stack))
    assert f"MFU {time.mfu:.1%}" in figure.caption_text()


def test_cost_stack_falls_back_to_gpt3_when_the_scenario_cannot_be_timed(qtbot):
    untimable = preset_document("classroom-7b").replace(**{
        "parallel.pp": 4, "parallel.dp": 2, "parallel.vpp": 2, "schedule.kind": "interleaved-1f1b",
        "schedule.microbatches": 9})
    with pytest.raises(ValueError):
        step_time(untimable.scenario)
    figure = build(qtbot, "cost-stack", untimable)
    gpt3 = preset_document("gpt3-175b").scenario
    assert f"Drawn for {gpt3.title}" in figure.caption_text()
    assert figure.body.time.step_time_s == step_time(gpt3).step_time_s
    assert len(figure.body.chart.segments) == sum(len(row_terms(row)) for row in step_time(gpt3).stack)


# ---------------------------------------------------------------------------------------------
# 2. Bytes per parameter

def test_zero_paper_example_per_gpu():
    """Rajbhandari et al., ZeRO (SC'20) Figure 1: Ψ = 7.5B, N_d = 64, K = 12."""
    from tslab.views.gallery.bytes_per_parameter import gb, paper_zero
    stages = paper_zero()
    assert [round(s.total / 1e9, 1) for s in stages] == [120.0, 31.4, 16.6, 1.9]
    assert [gb(s.total) for s in stages] == ["120 GB", "31.4 GB", "16.6 GB", "1.9 GB"]
    assert stages[0].total == 16 * 7.5e9
    assert stages[1].params == 2 * 7.5e9 and stages[1].master + stages[1].optimizer == 12 * 7.5e9 / 64


def test_unfolding_is_two_then_sixteen_bytes():
    from tslab.views.gallery.bytes_per_parameter import unfolding_rows
    totals = [sum(p.value for p in row.pieces) for row in unfolding_rows()]
    assert totals == [2, 4, 8, 12, 16]


@pytest.mark.parametrize("preset", PRESETS)
def test_bytes_per_parameter_scenario_bars_are_the_ledgers(qtbot, preset):
    from tslab.views.gallery.bytes_per_parameter import GB, gb
    document = preset_document(preset)
    ledger = memory_ledger(document.scenario)
    figure = build(qtbot, "bytes-per-parameter", document)
    _, paper, ours = figure.body.charts
    groups = ledger.state_zero_groups
    for stage, row in enumerate(ours.rows):
        assert math.isclose(sum(p.value for p in row.pieces) * GB, sum(groups[stage].values()), rel_tol=1e-12)
        assert row.mine == (stage == document.scenario.parallel.zero)
    caption = figure.caption_text()
    for value in ("120 GB", "31.4 GB", "16.6 GB", "1.9 GB"):
        assert value in caption
    assert gb(sum(groups[0].values())) in caption
    assert [row.total.split(" =")[0] for row in paper.rows] == ["120 GB", "31.4 GB", "16.6 GB", "1.9 GB"]


@pytest.mark.parametrize("preset", PRESETS)
def test_scenario_bars_equal_the_ledger_rerun_at_each_zero_stage(preset):
    """Each bar is what the ledger gives with parallel.zero set to that stage: the model-state
    items of the same pipeline rank."""
    from tslab.views.gallery.bytes_per_parameter import scenario_zero
    scenario = preset_document(preset).scenario
    ledger = memory_ledger(scenario)
    for state in scenario_zero(ledger):
        rerun = memory_ledger(scenario.replace(**{"parallel.zero": state.stage}), rank=ledger.state_rank)
        items = {group: sum(i.bytes for i in rerun.items if i.group == group)
                 for group in ("params", "grads", "master", "optimizer")}
        assert (state.params, state.grads, state.master, state.optimizer) == tuple(items.values())


def test_bytes_per_parameter_classroom_follows_the_closed_form():
    """classroom-7b: BF16 parameters and gradients, FP32 master and Adam moments (K = 12), N_d = 8:
    16Ψ, 4Ψ + 12Ψ/N_d, 2Ψ + 14Ψ/N_d, 16Ψ/N_d (ZeRO §5), to the ledger's rounding up of a shard."""
    from tslab.views.gallery.bytes_per_parameter import scenario_zero
    scenario = preset_document("classroom-7b").scenario
    ledger = memory_ledger(scenario)
    psi, n = ledger.state_params_per_gpu, scenario.parallel.dp
    expected = [16 * psi, 4 * psi + 12 * psi / n, 2 * psi + 14 * psi / n, 16 * psi / n]
    for state, value in zip(scenario_zero(ledger), expected):
        assert abs(state.total - value) <= 16


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [SIZE, QSize(1016, 640), QSize(800, 500)])
def test_bytes_per_parameter_texts_do_not_collide(qtbot, lang, size):
    """Every text of the three charts (titles, row labels, values, totals, tick labels and the
    axes' names) keeps clear of every other and inside its chart, at the export's size, the
    handout's page and a small one (whose narrow charts thin their ticks out), in both languages."""
    from tslab.desktop.export import figure_language
    with figure_language(lang):
        figure = build(qtbot, "bytes-per-parameter", preset_document("deepseek-v3"), size)
    charts = figure.body.charts
    for chart in charts:
        texts = chart.texts()
        assert len(chart.ticks(chart._geometry()[0])) >= 2
        inside = QRectF(0, 0, chart.width(), chart.height()).adjusted(-0.5, -0.5, 0.5, 0.5)
        for index, one in enumerate(texts):
            assert inside.contains(one.bounds()), (one.text, one.bounds(), chart.size())
            for other in texts[index + 1:]:
                assert not one.bounds().intersects(other.bounds()), (one.text, other.text, size)
    assert any(t.text in ("bytes per parameter", "每参数字节数") for t in charts[0].texts())
    boxes = [chart.geometry() for chart in charts]
    for index, one in enumerate(boxes):
        for other in boxes[index + 1:]:
            assert not one.intersects(other)


# ---------------------------------------------------------------------------------------------
# 3. The device mesh

def test_device_mesh_example_labels_every_gpu_with_the_meshs_coordinates(qtbot):
    from tslab.views.gallery.device_mesh import EXAMPLE, example_scenario
    figure = build(qtbot, "device-mesh", preset_document("deepseek-v3"))
    assert "A small example" in figure.caption_text()
    pic = figure.body.diagram.pic
    mesh = build_mesh(example_scenario())
    assert pic.dims == (EXAMPLE["parallel.tp"], EXAMPLE["parallel.pp"], EXAMPLE["parallel.dp"])
    for gpu in pic.gpus:
        coords = mesh.coordinates(gpu.rank)
        assert (gpu.tp, gpu.pp, gpu.dp, gpu.node) == (coords["tp"], coords["pp"], coords["dp"], coords["node"])
    assert not mesh.cross_node("tp").any()    # TP inside the node
    assert mesh.cross_node("pp").all()        # PP across nodes
    assert sorted(map(sorted, pic.tp_groups)) == sorted(map(sorted, mesh.groups["tp"].tolist()))
    for chain in pic.pp_chains:
        assert [pic.gpus[r].pp for r in chain] == list(range(len(chain)))


@pytest.mark.parametrize("changes", [
    {"parallel.tp": 2, "parallel.pp": 4, "parallel.dp": 8, "cluster.nodes": 8},
    {"parallel.tp": 8, "parallel.pp": 2, "parallel.dp": 2, "cluster.nodes": 4},
    {"parallel.tp": 2, "parallel.pp": 2, "parallel.dp": 2, "cluster.nodes": 1},
])
def test_device_mesh_draws_the_scenarios_own_mesh_without_overlaps(qtbot, changes):
    document = preset_document("classroom-7b").replace(**changes)
    figure = build(qtbot, "device-mesh", document)
    assert "This scenario's mesh" in figure.caption_text()
    diagram = figure.body.diagram
    figure_bytes(figure, "png")   # paints: the cell rectangles are those just drawn
    rects = diagram.cell_rects
    assert sorted(rects) == list(range(document.scenario.world_size))
    for a in rects:
        assert rects[a].width() > 20 and rects[a].height() > 20
        assert diagram.rect().contains(rects[a].toAlignedRect())
        for b in rects:
            assert a == b or not rects[a].intersects(rects[b])
    # with one pipeline stage per node, every arrow runs straight between neighbouring cells
    pic = diagram.pic
    for chain in pic.pp_chains:
        for a, b in zip(chain, chain[1:]):
            if pic.gpus[a].node != pic.gpus[b].node:
                left, right = rects[a], rects[b]
                assert right.left() > left.right()
                corridor = left.united(right).adjusted(left.width(), 0, -right.width(), 0)
                assert not any(rects[c].intersects(corridor) for c in rects if c not in (a, b))


# ---------------------------------------------------------------------------------------------
# 4. Pipeline schedules

@pytest.mark.parametrize("preset", PRESETS)
def test_pipeline_bubbles_are_the_simulations(qtbot, preset):
    from tslab.views.gallery.schedules import SCHEDULES, durations_for, setup
    from tslab.views.labels import kind_name
    document = preset_document(preset)
    figure = build(qtbot, "pipeline-schedules", document)
    p, m, own = setup(document)
    assert (p, m, own) == (4, 8, False)   # no preset has 2 ≤ p ≤ 8 with m ≤ 16
    caption = figure.caption_text()
    for (kind, chunks), view in zip(SCHEDULES, figure.body.views):
        sim = simulate(kind, p, m, chunks, durations_for(chunks))
        assert view.sim.bubble_ratio == sim.bubble_ratio and view.sim.makespan == sim.makespan
        assert f"{kind_name(kind)} {sim.bubble_ratio:.1%}" in caption


def test_pipeline_bubbles_match_the_closed_forms():
    """GPipe and 1F1B: (p−1)/(m+p−1); interleaved with v chunks of 1/v the work:
    ((p−1)/v)/(m+(p−1)/v) (Narayanan et al., SC'21 §2.2)."""
    from tslab.views.gallery.schedules import strips
    shown = {strip.kind: strip for strip in strips(4, 8)}
    p, m, v = 4, 8, 2
    for kind in ("gpipe", "1f1b"):
        assert math.isclose(shown[kind].simulation.bubble_ratio, (p - 1) / (m + p - 1))
    assert math.isclose(shown["interleaved-1f1b"].simulation.bubble_ratio, ((p - 1) / v) / (m + (p - 1) / v))
    assert shown["1f1b"].peak_microbatches == p and shown["gpipe"].peak_microbatches == m
    assert shown["zb-h1"].simulation.bubble_ratio < shown["1f1b"].simulation.bubble_ratio
    assert shown["dualpipe"].simulation.parameter_copies == 2


def test_pipeline_uses_the_documents_small_pipeline(qtbot):
    document = preset_document("classroom-7b").replace(**{"parallel.pp": 2, "parallel.dp": 4,
                                                          "schedule.microbatches": 6})
    figure = build(qtbot, "pipeline-schedules", document)
    assert "as in this scenario" in figure.caption_text()
    assert all(view.sim.ranks == 2 and view.sim.microbatches == 6 for view in figure.body.views)
    unit = Durations(F=1, B=2, I=1, W=1, FB=3)
    assert figure.body.views[0].sim.makespan == simulate("gpipe", 2, 6, 1, unit).makespan


# ---------------------------------------------------------------------------------------------
# 5. Collectives

def replay(collective: str, n: int) -> list[list[list[frozenset]]]:
    """Each frame's holdings from models.comm's steps, replayed with sets (rank r's data = {r})."""
    result = plan(collective, n, 1 << 20, "ring")
    if collective == "alltoall":
        held = {(r, r * n + c): frozenset({r}) for r in range(n) for c in range(n)}
    elif collective == "allgather":
        held = {(r, r): frozenset({r}) for r in range(n)}
    else:
        held = {(r, c): frozenset({r}) for r in range(n) for c in range(n)}

    def view() -> list[list[frozenset]]:
        if collective == "alltoall":   # column c of rank r: the block c sends to r, once there
            return [[held.get((r, c * n + r), frozenset()) for c in range(n)] for r in range(n)]
        return [[held.get((r, c), frozenset()) for c in range(n)] for r in range(n)]

    frames = [view()]
    for step in result.steps:
        start = dict(held)
        for src, dst, chunk, _ in step.sends:
            data = start.get((src, chunk), frozenset())
            held[(dst, chunk)] = (held.get((dst, chunk), frozenset()) | data) if step.reduce else data
        frames.append(view())
    return frames


@pytest.mark.parametrize("collective", ["allreduce", "reducescatter", "allgather", "alltoall"])
def test_collective_frames_are_the_plans_rounds(collective):
    from tslab.views.gallery.collective_frames import frames
    shown = frames(collective, 256 << 20)
    expected = replay(collective, 4)
    assert len(shown.held) == len(expected) == shown.result.rounds + 1
    for held, sets in zip(shown.held, expected):
        for r in range(4):
            for c in range(4):
                assert int(held[r, c]) == sum(1 << q for q in sets[r][c]), (collective, r, c)
    last, full = shown.held[-1], 0b1111
    if collective == "allreduce":
        assert (last == full).all()
    elif collective == "reducescatter":
        assert all(last[r, r] == full for r in range(4))
    else:   # all-gather and all-to-all: rank r holds chunk (or the block from) c of every rank c
        assert all(last[r, c] == 1 << c for r in range(4) for c in range(4))


def test_collectives_caption_gives_bytes_and_busbw_factors(qtbot):
    from tslab.models.units import format_bytes
    document = preset_document("classroom-7b").replace(**{"view.comm.bytes": 64 << 20})
    figure = build(qtbot, "collectives", document)
    caption = figure.caption_text()
    size = 64 << 20
    assert format_bytes(2 * 3 * size // 4) in caption      # all-reduce: 2(n−1)/n · S
    assert format_bytes(3 * size // 4) in caption          # the others: (n−1)/n · S
    assert "× 1.5" in caption and "× 0.75" in caption
    for row in figure.body.view.rows:
        factor = 2 * 3 / 4 if row.collective == "allreduce" else 3 / 4
        assert row.result.busbw_factor == factor
        assert row.result.per_rank_sent_bytes == factor * size


# ---------------------------------------------------------------------------------------------
# 6. MoE all-to-alls and MoonEP

@pytest.mark.parametrize("preset", PRESETS)
def test_moe_figure_numbers_are_the_models(qtbot, preset):
    document = preset_document(preset)
    figure = build(qtbot, "moe-all-to-all", document)
    drawn = figure.body.tokens.series
    scenario = document.scenario
    if moe_unavailable(scenario):
        assert "Drawn for DeepSeek-V3" in figure.caption_text()
        scenario = preset_document("deepseek-v3").scenario
    result = analyse_scenario(scenario)
    from tslab.views.gallery.moe_all_to_all import moe_traffic
    traffic = moe_traffic(scenario, result)
    sk = scenario.moe.tokens_per_rank * scenario.model.top_k
    assert traffic.target == sk
    assert (traffic.after == sk).all()                          # MoonEP: exactly S·K on every rank
    assert int(traffic.dispatch.max()) == result.dispatch_bytes
    assert int(traffic.combine.max()) == result.combine_bytes
    assert int(traffic.dispatch_inter.max()) == result.inter_node_bytes
    assert traffic.before.sum() == sk * result.ranks
    assert (traffic.redundant <= result.moonep.bound).all()
    assert np.array_equal(drawn[0].values, traffic.before - sk) and not drawn[1].values.any()
    assert f"S·K = {sk:,}" in figure.caption_text()
