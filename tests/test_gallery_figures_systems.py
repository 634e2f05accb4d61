"""Gallery figures 7–12: each builds headless for the presets, paints a non-blank PNG with every
text inside its box, names its sources, and draws the numbers its models give (context_analysis's
bytes per link, the activation policy's bytes per storage state, the step-time model's durations)
or, for the diagrams of stated facts, the reports' own figures."""
from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QImage

from tslab.desktop.export import _prepare, figure_bytes, figure_language
from tslab.models.context import context_analysis
from tslab.models.document import document_keys
from tslab.models.memory.policy import FP8_SCALE_OVERHEAD, activation_policy
from tslab.models.memory.routed import routed_rows
from tslab.models.presets import preset_document
from tslab.models.time import model_durations, stages as step_model, step_time
from tslab.models.time.efficiency import hardware_of
from tslab.models.units import format_bytes, format_seconds
from tslab.views.document_model import DocumentModel
from tslab.views.gallery import figure_spec, figures_systems
from tslab.views.gallery.activation_lifecycle import LANES, lane_totals, shown_layer
from tslab.views.gallery.context_schemes import EXAMPLE_CHANGES, EXAMPLE_PRESET
from tslab.views.gallery.dualpipe_strip import COMMUNICATION_ORDER, COMPUTE_ORDER, overlap_strip

PRESETS = ("classroom-7b", "deepseek-v3", "kimi-k2", "gpt3-175b", "llama3-405b-128k")
KEYS = ("context-parallel", "activation-lifecycle", "dualpipe-overlap", "kimi-lineage", "k3-memory-seesaw",
        "agentenv-lifecycle")
SIZE = QSize(1400, 860)
MIB = 2**20


@pytest.fixture
def draw(qapp, qtbot):
    """Build figure `key` for `preset` (or a document), lay it out at the export size and render it
    to PNG: (figure, its body, the PNG bytes)."""
    models = []

    def make(key: str, preset: str | None = None, document=None):
        model = DocumentModel(document if document is not None else preset_document(preset), synchronous=True)
        models.append(model)
        figure = figure_spec(key).build(model)
        qtbot.addWidget(figure)
        _prepare(figure, SIZE)
        png = figure_bytes(figure, "png")
        return figure, figure.body, png

    yield make
    for model in models:
        model.deleteLater()


def colours(png: bytes) -> set[int]:
    image = QImage.fromData(png)
    assert image.width() == SIZE.width() and image.height() == SIZE.height()
    return {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}


def test_specs_are_figures_7_to_12_with_their_fixed_keys():
    specs = figures_systems.SPECS
    assert [spec.number for spec in specs] == list(range(7, 13))
    assert tuple(spec.key for spec in specs) == KEYS
    assert [spec.tab for spec in specs] == ["context", "memory", "pipeline", None, None, None]
    keys = set(document_keys())
    for spec in specs:
        assert spec.title and spec.summary and spec.sources
        assert set(spec.live_view) <= keys
        assert figure_spec(spec.key) is spec


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("key", KEYS)
def test_every_figure_paints_its_texts_inside_their_boxes_and_names_its_sources(draw, key, preset):
    figure, body, png = draw(key, preset)
    assert len(colours(png)) > 8, "a blank figure"
    assert body.texts, "nothing drawn"
    assert body.overflows == [], [overflow.text for overflow in body.overflows]
    caption = figure.caption_text()
    for source in figure.spec.sources:
        assert source in caption


@pytest.mark.parametrize("key", KEYS)
def test_the_figures_fit_in_chinese_too(draw, key):
    with figure_language("zh"):
        figure, body, png = draw(key, "deepseek-v3")
    assert body.overflows == [], [overflow.text for overflow in body.overflows]
    assert len(colours(png)) > 8


# ---------------------------------------------------------------------------------------------
# Figure 7: the bytes are context_analysis's, and the closed forms of the papers

def test_context_parallel_prints_ulysses_ring_and_usp_bytes_of_the_labelled_example(draw):
    figure, body, _ = draw("context-parallel", "classroom-7b")   # cp = 1: the labelled example
    example = preset_document(EXAMPLE_PRESET).replace(**EXAMPLE_CHANGES).scenario
    a = context_analysis(example)
    m = example.model
    b, s, h, n, element = m.micro_batch, m.seq_len, m.hidden, a.cp, 2
    u, r = a.usp.ulysses, a.usp.ring
    assert (n, u, r) == (4, 2, 2)
    # DeepSpeed-Ulysses §3: 4SH/n per link per layer without GQA (3SH/n QKV + SH/n output)
    assert body.printed["ulysses"] == a.ulysses.bytes_per_link_per_layer == 4 * b * s * h // n * element
    # Ring attention: n − 1 steps, each one K and one V block of S/n tokens
    assert body.printed["ring"] == a.ring.steps * a.ring.bytes_per_step == (n - 1) * 2 * b * (s // n) * h * element
    # USP §3–4: Ulysses on S/ring tokens over u ranks, then ring − 1 K/V blocks of a/u heads
    assert body.printed["usp_ulysses"] == a.usp.ulysses_bytes_per_link_per_layer == 4 * b * (s // r) * h // u * element
    assert body.printed["usp_ring"] == (r - 1) * 2 * b * (s // r) * (h // u) * element
    caption = figure.caption_text()
    assert EXAMPLE_PRESET in caption and "cp = 1" in caption
    for value in body.printed.values():
        assert format_bytes(value) in caption or any(format_bytes(value) in text for text in body.texts)


def test_context_parallel_names_why_the_documents_cp_cannot_be_laid_out(draw):
    # cp = 8 does not divide a sequence of 4100 tokens: the example is drawn, and the caption says why
    document = preset_document("classroom-7b").replace(**{"parallel.cp": 8, "parallel.dp": 1, "model.seq_len": 4100})
    with pytest.raises(ValueError, match="not divisible by cp = 8"):
        context_analysis(document.scenario)
    figure, body, _ = draw("context-parallel", document=document)
    caption = figure.caption_text()
    assert "not divisible by cp = 8" in caption and EXAMPLE_PRESET in caption
    assert body.analysis.cp == 4


def test_context_parallel_draws_the_documents_own_cp_and_says_why_ulysses_cannot(draw):
    figure, body, _ = draw("context-parallel", "llama3-405b-128k")
    s = preset_document("llama3-405b-128k").scenario
    a = context_analysis(s)
    assert a.cp == s.parallel.cp == 16
    assert not a.ulysses.feasible and "ulysses" not in body.printed   # 8 KV heads over tp = 8: one per rank
    # GQA: one K and one V block of the TP rank's one KV head of d = 128, S/n tokens, BF16
    assert body.printed["ring"] == 15 * 2 * (131072 // 16) * 1 * 128 * 2
    assert any("Not feasible" in text for text in body.texts)
    assert format_bytes(body.printed["ring"]) in figure.caption_text()
    assert EXAMPLE_PRESET not in figure.caption_text()


# ---------------------------------------------------------------------------------------------
# Figure 8: the bytes per state are the activation policy's

def test_activation_lifecycle_lanes_sum_to_the_policys_bytes_per_backend(draw):
    figure, body, _ = draw("activation-lifecycle", "deepseek-v3")
    s = preset_document("deepseek-v3").scenario
    layer = shown_layer(activation_policy(s), True)
    assert layer.moe and not layer.recomputed
    totals = body.totals
    for lane in ("keep", "fp8", "cpu", "remote"):
        assert totals[lane] == layer.bytes_of(lane) == sum(row.stored_bytes for row in layer.rows
                                                           if row.backend == lane)
    assert totals["recompute"] == layer.working_set_bytes
    # an independent sum: every row exactly once, FP8 at 1 + 4/128 B per element (Kimi K2 §2.4.3)
    rows = {row.key: row for row in layer.rows}
    assert sum(len(members) for members in body.lanes.values()) == len(layer.rows)
    dispatched = rows["dispatched"]
    m = s.model
    assert dispatched.backend == "fp8"
    # the busiest GPU's routed copies: ρ·sbK (+ FP8 padding) of width h (models/memory/routed.py)
    assert dispatched.elements == routed_rows(s).rows * m.hidden >= m.seq_len * m.micro_batch * m.top_k * m.hidden
    assert dispatched.fp8_bytes == dispatched.elements * (1 + FP8_SCALE_OVERHEAD)
    assert rows["norm1_input"].bytes == 2 * m.seq_len * m.micro_batch * m.hidden == 56 * MIB   # sbh in BF16
    assert totals["keep"] + totals["fp8"] == layer.gpu_bytes
    # DeepSeek-V3's ladder has no CPU or remote storage: those lanes are drawn empty and say so
    assert body.lanes["cpu"] == [] and body.lanes["remote"] == []
    assert sum("not used by this scenario" in text for text in body.texts) == 2
    caption = figure.caption_text()
    for lane in LANES:
        assert format_bytes(totals[lane]) in caption
    assert "instead" not in caption


@pytest.mark.parametrize("preset", ("classroom-7b", "llama3-405b-128k"))
def test_activation_lifecycle_falls_back_to_deepseek_v3_when_every_tensor_is_kept(draw, preset):
    layer = shown_layer(activation_policy(preset_document(preset).scenario), False)
    assert {row.backend for row in layer.rows} == {"keep"}
    figure, body, _ = draw("activation-lifecycle", preset)
    expected = lane_totals(shown_layer(activation_policy(preset_document("deepseek-v3").scenario), True))
    assert body.totals == expected
    assert "DeepSeek-V3" in figure.caption_text() and "instead" in figure.caption_text()


def test_activation_lifecycle_draws_kimi_k2s_cpu_offload(draw):
    _, body, _ = draw("activation-lifecycle", "kimi-k2")
    layer = shown_layer(activation_policy(preset_document("kimi-k2").scenario), True)
    assert body.lanes["cpu"] and body.totals["cpu"] == layer.bytes_of("cpu") > 0
    assert body.lanes["keep"] == []


# ---------------------------------------------------------------------------------------------
# Figure 9: the step-time model's durations

def test_dualpipe_strip_is_one_moe_layer_of_the_step_time_model(draw):
    figure, body, _ = draw("dualpipe-overlap", "deepseek-v3")
    s = preset_document("deepseek-v3").scenario
    strip = body.strip
    # the model's own cost of one MoE layer for one micro-batch (models/time/step.py)
    hw = hardware_of(s)
    rows = step_model._rows(s)
    calls = step_model._calls(s, rows, step_model._Links(*step_model._tiers(s)))
    cost = step_model._layer_cost(s, True, False, hw, calls)
    compute = cost.f_compute + cost.f_memory + cost.i_compute + cost.b_memory + cost.r_compute + cost.r_memory \
        + cost.w_compute
    assert strip.compute_s == pytest.approx(compute, rel=1e-9)
    assert dict(strip.compute)["attn_f"] + dict(strip.compute)["mlp_f"] == pytest.approx(
        cost.f_compute + cost.f_memory, rel=1e-9)
    assert dict(strip.compute)["attn_w"] + dict(strip.compute)["mlp_w"] == pytest.approx(cost.w_compute, rel=1e-9)
    # dispatch and combine, forward and backward: the layer's whole EP time
    assert strip.communication_s == pytest.approx(cost.raw["ep"], rel=1e-12)
    share = s.memory.deepep_sms / hw.sms
    assert strip.exposed_s == pytest.approx(max(cost.raw["ep"], compute + cost.raw["ep"] * share) - compute)
    assert strip.hidden_s + strip.exposed_s == pytest.approx(strip.communication_s)
    assert strip.towards_s == calls.ep and strip.back_s == calls.ep_back
    assert strip.durations == model_durations(s)[0]
    assert strip.ep == next(c for c in step_time(s).comm if c.axis == "ep")
    # the blocks drawn: Figure 4's order, back to back on each stream
    compute_blocks = [block for block in body.blocks if block[0] == "compute"]
    assert [key for _, key, _, _ in compute_blocks] == list(COMPUTE_ORDER)
    assert [key for lane, key, _, _ in body.blocks if lane == "all-to-all"] == list(COMMUNICATION_ORDER)
    end = compute_blocks[-1][2] + compute_blocks[-1][3]
    assert end == pytest.approx(strip.compute_s)
    numbers = body.numbers()
    for value in (strip.exposed_s, strip.hidden_s, strip.durations.FB, strip.ep.exposed_s):
        assert format_seconds(value) in numbers
    caption = figure.caption_text()
    assert "near-zero all-to-all overhead" in caption and "critical path" in caption


@pytest.mark.parametrize("preset", ("classroom-7b", "kimi-k2", "gpt3-175b", "llama3-405b-128k"))
def test_dualpipe_strip_falls_back_to_deepseek_v3(draw, preset):
    figure, body, _ = draw("dualpipe-overlap", preset)
    assert body.strip == overlap_strip(preset_document("deepseek-v3").scenario)
    assert "DeepSeek-V3 instead" in figure.caption_text()


def test_dualpipe_strip_with_the_all_to_all_hidden_marks_nothing_exposed(draw):
    # a faster network: the four all-to-alls fit under the computation of the pair
    document = preset_document("deepseek-v3").replace(**{"cluster.inter_bw_gbps": 400.0,
                                                         "cluster.intra_bw_gbps": 900.0})
    figure, body, _ = draw("dualpipe-overlap", document=document)
    strip = body.strip
    assert strip.communication_s < strip.compute_s
    # hidden, but its SMs slow the computation under it: only that share is added
    assert strip.exposed_s == pytest.approx(strip.communication_s * strip.sm_share)
    assert "fit under" in body.numbers()
    assert "instead" not in figure.caption_text()


# ---------------------------------------------------------------------------------------------
# Figures 10–12: the sources' stated facts, their production statistics labelled

def test_kimi_lineage_quotes_the_reports_figures(draw):
    _, body, _ = draw("kimi-lineage", "classroom-7b")
    text = " ".join(body.texts)
    for stated in ("16-way PP", "16-way EP", "ZeRO-1", "8 × 400 Gbps RoCE", "32 nodes", "Not DualPipe",
                   "FP8-E4M3", "1 × 128", "30 GB", "6 TB", "256 GPUs", "30 s", "90 %", "100,000", "S × K",
                   "Pipeline ZeRO-2", "Mooncake Transfer Engine"):
        assert stated in text, stated
    for source in ("K2 report §2.4.2", "K2 report §2.4.2–§2.4.3", "MoonshotAI/checkpoint-engine", "MoonshotAI/MoonEP",
                   "kvcache-ai/AgentENV", "arXiv 2507.20534", "arXiv 2602.02276", "arXiv 2607.24653"):
        assert source in text, source
    assert "6.7" not in text   # no breakdown of figures the reports do not break down


def test_k3_seesaw_is_schematic_without_sizes(draw):
    figure, body, _ = draw("k3-memory-seesaw", "deepseek-v3")
    text = " ".join(body.texts)
    assert not re.search(r"\d\s*(?:[KMGT]i?B|GB|TB)\b", text), "the sources give no sizes"
    for stated in ("write-back, not write-through", "NVMe", "prefetched before it is reused",
                   "released after the rollout", "auto-throttling", "two VPP-chunk slots"):
        assert stated in text, stated
    assert "Schematic" in figure.caption_text() and "no numeric axis" in figure.caption_text()


def test_agentenv_lifecycle_labels_the_reports_production_statistics(draw):
    figure, body, _ = draw("agentenv-lifecycle", "kimi-k2")
    text = " ".join(body.texts)
    assert "The K3 report's production statistics" in text
    for stated in ("133 ms", "49 ms", "98 %", "6.5×", "51,219,741", "1,505,678"):
        assert stated in text, stated
    for state in ("Creating", "Running", "Pausing", "Paused", "Resuming", "Snapshotting", "Forking", "Killing"):
        assert state in body.texts
    assert "production statistics" in figure.caption_text()
