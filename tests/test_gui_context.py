"""The Long Context & V4 tab: pages, scheme and step bound to the document, pictures drawn from the
models at every step (Ulysses' holdings, Ring's schedule on the causal grid, USP's grid,
DeepSeek-V4's s/m + 1, KDA's scan), Muon's packing or its reason, stochastic rounding's charts,
export, and refreshing only what a change concerns."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor
from windows import shown

from tslab.models.context import ulysses_holdings
from tslab.models.derived import CONTEXT, MUON, SR, Failed
from tslab.models.document import CONTEXT_PAGES, CONTEXT_SCHEMES, Document
from tslab.models.presets import load_preset
from tslab.models.units import format_bytes
from tslab.views.context import ContextTab
from tslab.views.context.common import EMPTY
from tslab.views.document_model import DocumentModel


def document(preset: str = "deepseek-v3", **changes) -> Document:
    return Document(load_preset(preset)).replace(**{"parallel.cp": 8, **changes})


def make_tab(qtbot, doc: Document, *, synchronous: bool = False) -> ContextTab:
    return shown(qtbot, ContextTab(DocumentModel(doc, synchronous=synchronous)), 1280, 740)


@pytest.fixture
def tab(qtbot):
    return make_tab(qtbot, document())


def label_texts(chart) -> list[str]:
    """The texts a picture shows (its visible labels)."""
    return [item.textItem.toPlainText() for item in chart.labels if item.isVisible()]


def non_white_share(image) -> float:
    image = image.convertToFormat(image.Format.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), dtype=np.uint32).reshape(image.height(), image.bytesPerLine() // 4)
    return float(np.mean((pixels[:, :image.width()] & 0xFFFFFF) != 0xFFFFFF))


# ---------------------------------------------------------------------------------------------
# building, pages, scheme and step

@pytest.mark.parametrize("preset", ["deepseek-v3", "kimi-k2"])
@pytest.mark.parametrize("page", CONTEXT_PAGES)
def test_tab_builds_on_the_presets(qtbot, preset, page):
    widget = make_tab(qtbot, document(preset, **{"view.context.page": page, "muon.p_max": 16}))
    assert widget.pages.currentIndex() == CONTEXT_PAGES.index(page)
    figure = widget.export_widget()
    qtbot.waitUntil(lambda: bool(figure.title.text()) and not widget.muon_runner.busy)
    assert figure is widget.figures[page]
    assert widget.export_error() is None


def test_page_tabs_set_the_view_key_and_follow_it(tab):
    tab.pages.setCurrentIndex(CONTEXT_PAGES.index("sr"))
    assert tab.model.view.context.page == "sr"
    assert tab.export_widget() is tab.sr_figure
    tab.model.set_value("view.context.page", "parallel")
    assert tab.pages.currentIndex() == 0 and tab.export_widget() is tab.parallel_figure


def test_scheme_buttons_set_the_view_key_and_follow_it(tab):
    tab.scheme_buttons["ulysses"].click()
    assert tab.model.view.context.scheme == "ulysses"
    figure = tab.parallel_figure
    assert figure.stack.currentWidget() is figure.panels["ulysses"]
    assert figure.title.text().startswith("DeepSpeed-Ulysses over 8 ranks")
    tab.model.set_value("view.context.scheme", "kda")
    assert tab.scheme_buttons["kda"].isChecked() and not tab.scheme_buttons["ulysses"].isChecked()
    assert figure.stack.currentWidget() is figure.panels["kda"]


@pytest.mark.parametrize("scheme", CONTEXT_SCHEMES)
def test_every_scheme_steps_from_first_to_last(tab, scheme):
    tab.model.set_value("view.context.scheme", scheme)
    panel = tab.parallel_figure.panel
    texts = set()
    for k in range(panel.last_step + 1):
        tab.model.set_value("view.context.step", k)
        assert tab.step == k and tab.scrub.value() == k
        texts.add(tab.parallel_figure.step_label.text())
    assert len(texts) > 1   # the steps are told apart
    tab.model.set_value("view.context.step", -1)
    assert tab.step == panel.last_step


def test_step_button_and_slider_write_the_step(tab):
    tab.model.set_value("view.context.step", 0)
    tab.step_button.click()
    assert tab.step == 1 and tab.model.view.context.step == 1
    tab.scrub.setValue(tab.scrub.maximum())
    assert tab.model.view.context.step == -1   # the last step is written as "the end"
    tab.model.set_value("view.context.step", 2)
    assert tab.scrub.value() == 2


def test_play_runs_to_the_end_and_writes_it(tab, qtbot):
    tab.model.set_value("view.context.step", 0)
    tab.timer.setInterval(5)
    tab.play_button.setChecked(True)
    qtbot.waitUntil(lambda: not tab.play_button.isChecked(), timeout=5000)
    assert tab.step == tab.last_step and tab.model.view.context.step == -1


def test_reduced_motion_jumps_to_the_end_state(tab):
    settings = QSettings()
    settings.setValue("reducedMotion", True)
    try:
        tab.model.set_value("view.context.step", 0)
        tab.play_button.setChecked(True)
        assert not tab.play_button.isChecked() and not tab.timer.isActive()
        assert tab.step == tab.last_step and tab.model.view.context.step == -1
    finally:
        settings.setValue("reducedMotion", False)


# ---------------------------------------------------------------------------------------------
# the pictures follow the models

def drawn_holdings(panel) -> dict[int, set[tuple[int, int]]]:
    """The (sequence block, head group) cells drawn filled in each rank's grid."""
    held: dict[int, set[tuple[int, int]]] = {}
    for fill, _, _, corners in panel.cells.batches:
        if fill in (EMPTY, "#00000000"):
            continue
        for x0, y0, _, _ in corners:
            r, b, g = panel.cell_at(x0 + 0.5, y0 + 0.5)
            held.setdefault(r, set()).add((b, g))
    return held


def test_ulysses_cells_are_the_holdings_at_every_step(tab):
    tab.model.set_value("view.context.scheme", "ulysses")
    panel = tab.parallel_figure.panel
    n = 8
    assert panel.last_step == 2 * n
    for k in range(2 * n + 1):
        tab.model.set_value("view.context.step", k)
        holdings = ulysses_holdings(n, k)
        assert drawn_holdings(panel) == {r: set(holdings[r]) for r in range(n)}
    # DeepSpeed-Ulysses §3: before the all-to-all rank r holds its sequence block of every head,
    # after it one head group of the whole sequence
    tab.model.set_value("view.context.step", 0)
    assert drawn_holdings(panel) == {r: {(r, g) for g in range(n)} for r in range(n)}
    tab.model.set_value("view.context.step", n)
    assert drawn_holdings(panel) == {r: {(b, r) for b in range(n)} for r in range(n)}
    assert "QKV all-to-all" not in tab.parallel_figure.step_label.text()
    tab.model.set_value("view.context.step", 1)
    assert "QKV all-to-all, round 1 of 7: 0 ← 7, 1 ← 0" in tab.parallel_figure.step_label.text()
    # outlined: what arrived in round 1, rank r's cell (r − 1, r); the hover names a held cell
    outlined = next(corners for fill, _, width, corners in panel.cells.batches if width > 2)
    assert {panel.cell_at(x0 + 0.5, y0 + 0.5) for x0, y0, _, _ in outlined} == {
        (r, (r - 1) % n, r) for r in range(n)}
    x0, y0 = outlined[0][:2]
    assert panel._tip(x0 + 0.5, y0 + 0.5).startswith("rank ")


def test_ulysses_beyond_the_kv_heads_says_why(qtbot):
    """Llama 3 405B: 8 KV heads over tp = 8 leave one per TP rank, so no Ulysses degree above 1
    hands out whole heads; USP falls back to a pure ring; Megatron SP is on with tp = 8."""
    widget = make_tab(qtbot, document("llama3-405b", **{"view.context.scheme": "ulysses"}))
    u = widget.analysis.ulysses
    assert (u.max_degree, u.limit, u.feasible) == (1, "KV heads", False)
    summary = widget.parallel_figure.summary.text()
    assert "Not feasible: " + u.reason in summary
    assert "The degree is at most 1, set by the KV heads (128 attention heads, 8 KV heads)." in summary
    assert widget.analysis.usp.ulysses == 1 and widget.analysis.usp.ring == 8
    sp = widget.analysis.megatron_sp
    assert sp.enabled and sp.tp == 8 and sp.saved_bytes_per_layer > 0
    assert f"on with tp = 8, saving {format_bytes(sp.saved_bytes_per_layer)}" in widget.parallel_figure.sp_text.text()


def test_ring_grid_outlines_this_steps_blocks(tab):
    """Zigzag over n ranks: rank r holds chunks r and 2n − 1 − r and at step t computes with the
    K/V of rank (r − t) mod n (Liu et al. 2023; Megatron-LM's get_batch_on_this_cp_rank); the
    outlined cells are exactly those query × key chunk pairs that the causal mask keeps."""
    n = 8
    panel = tab.parallel_figure.panels["ring"]
    for t in (0, 3, n - 1):
        tab.model.set_value("view.context.step", t)
        expected = set()
        for r in range(n):
            owner = (r - t) % n
            for q in (r, 2 * n - 1 - r):
                for key in (owner, 2 * n - 1 - owner):
                    if key <= q:
                        expected.add((q, key))
        outlined = {(int(box.y0), int(box.x0)) for box in panel.grid.boxes if box.width == 2.0}
        assert outlined == expected
        ring = tab.analysis.ring
        labels = label_texts(panel.ring_texts)
        assert [f"KV {ring.schedule[t].kv_block[r]}" in labels[r] for r in range(n)] == [True] * n
    # zigzag gives every rank the same causal work, contiguous r + 1/2
    work = [box for box in panel.work_bars.boxes]
    contiguous = [box.y1 for box in work[0::2]]
    zigzag = [box.y1 for box in work[1::2]]
    assert contiguous == pytest.approx([r + 0.5 for r in range(n)]) and zigzag == pytest.approx([n / 2] * n)


def test_changing_cp_and_the_compression_ratio_redraws_s_over_m_plus_one(tab):
    """DeepSeek-V4's two-stage CP: s = S/cp tokens per rank compress into s/m + 1 entries."""
    tab.model.set_value("view.context.scheme", "two-stage")
    tab.model.set_value("view.context.step", -1)
    panel = tab.parallel_figure.panel
    seq_len = tab.model.scenario.model.seq_len
    for cp, m in ((8, 4), (4, 4), (4, 8), (2, 16)):
        tab.model.update({"parallel.cp": cp, "context.compress_ratio": m})
        count = seq_len // cp // m + 1
        assert tab.model.result(CONTEXT).two_stage.compressed_tokens_per_rank == count
        texts = label_texts(panel.texts)
        assert texts.count(f"s/m + 1 = {count:,}") == min(cp, 8)
        assert f"s/m + 1 = {count:,}" in tab.parallel_figure.summary.text()
        assert tab.parallel_figure.title.text().startswith(f"DeepSeek-V4 two-stage CP over {cp} ranks")
        # rank 0 has no predecessor: its bridge is the one pad of select-and-pad
        assert f"{cp * count - 1:,} valid + 1 pad = {cp * count:,}" in texts


def test_usp_grid_is_the_models(qtbot):
    widget = make_tab(qtbot, document(**{"context.ulysses": 2, "view.context.scheme": "usp"}))
    usp = widget.model.result(CONTEXT).usp
    assert (usp.ulysses, usp.ring) == (2, 4)
    panel = widget.parallel_figure.panel
    drawn = {(round(x - 0.5), round(y - 0.5)): text for x, y, text in panel.texts.points}
    assert drawn == {(u, row): str(gpu) for row, gpus in enumerate(usp.grid) for u, gpu in enumerate(gpus)}
    widget.model.set_value("view.context.step", 2)   # the Ring's first step: K/V down every column
    assert len(panel.sends.pairs) == 2 * 4


def test_kda_scan_ranges_are_drawn(tab):
    tab.model.set_value("view.context.scheme", "kda")
    panel = tab.parallel_figure.panel
    kda = tab.analysis.kda
    assert len(kda.scan_steps) == 3   # ⌈log2 8⌉ Hillis–Steele steps
    for j in range(3):
        tab.model.set_value("view.context.step", 2 + j)
        outlines = [(box.x0, box.x1) for box in panel.cells.boxes if box.width == 2.0]
        assert [(round(x0), round(x1) - 1) for x0, x1 in outlines] == [
            (max(0, r - 2 ** (j + 1) + 1), r) for r in range(8)]


def test_too_many_ranks_keep_their_numbers(qtbot):
    widget = make_tab(qtbot, document(**{"parallel.cp": 32}))
    panel = widget.parallel_figure.panel
    assert not panel.ring_plot.isVisible() and "32 ranks: too many to draw" in panel.too_many.text()
    assert len(panel.work_bars.boxes) == 2 * 32


def test_no_analysis_shows_why(qtbot):
    widget = make_tab(qtbot, document(**{"model.seq_len": 4100}))
    result = widget.model.result(CONTEXT)
    assert isinstance(result, Failed)
    assert result.reason in widget.parallel_figure.message.text()
    assert not widget.parallel_figure.stack.isVisible() and not widget.play_button.isEnabled()
    assert widget.export_error() == "no context-parallel analysis: " + result.reason


# ---------------------------------------------------------------------------------------------
# Muon × ZeRO

def muon_tab(qtbot, preset: str, **changes) -> ContextTab:
    widget = make_tab(qtbot, document(preset, **{"view.context.page": "muon", **changes}))
    qtbot.waitUntil(lambda: not widget.muon_runner.busy)   # many ZeRO ranks: packed on the runner
    return widget


def test_muon_bars_are_the_packing(qtbot):
    widget = muon_tab(qtbot, "kimi-k2")
    a = widget.model.result(MUON)
    assert not isinstance(a, Failed) and widget.muon_figure.charts.isVisible()
    boxes = widget.muon_figure.packing_bars.boxes
    padding = [box for box in boxes if box.tooltip.endswith("M elements") and "padding" in box.tooltip]
    segments = [box for box in boxes if box not in padding]
    assert len(segments) == sum(len(bucket.matrices) for bucket in a.buckets) == len(a.matrices)
    for i, bucket in enumerate(a.buckets):
        mine = [box for box in segments if round(box.x0 + 0.38) == i]
        assert sum(box.y1 - box.y0 for box in mine) == pytest.approx(bucket.elements / 1e6)
        assert len(mine) <= a.max_matrices
        tops = [box.y1 for box in padding if round(box.x0 + 0.38) == i]
        assert tops == ([pytest.approx(bucket.padded_elements / 1e6)] if bucket.padded_elements > bucket.elements
                        else [])
    costs = [segment.y1 for segment in widget.muon_figure.cost_chart.segments]
    assert max(costs) == pytest.approx(a.imbalance) and sum(costs) / len(costs) == pytest.approx(1.0)
    fetch = [box.y1 for box in widget.muon_figure.fetch_bars.boxes]
    assert fetch[1] / fetch[0] == pytest.approx(a.k3.p2p_bytes_per_rank / a.k3.naive_bytes_per_rank)
    assert "6.7%" in widget.muon_figure.mhc.text()   # the report's single figure


def test_muon_failure_shows_its_reason(qtbot):
    """DeepSeek-V3's most loaded stage has 64 dense matrices: 8 ranks × 5 do not hold them, and
    ⌈64 / 5⌉ = 13 ranks do."""
    widget = muon_tab(qtbot, "deepseek-v3", **{"muon.p_max": 8})
    result = widget.model.result(MUON)
    assert isinstance(result, Failed) and "muon.p_max must be at least 13" in result.reason
    figure = widget.muon_figure
    assert figure.banner.isVisible() and result.reason in figure.banner.text()
    assert not figure.charts.isVisible()
    assert widget.export_error() == "no Muon analysis: " + result.reason
    widget.model.set_value("muon.p_max", 13)
    qtbot.waitUntil(lambda: figure.charts.isVisible())
    assert not figure.banner.isVisible() and widget.export_error() is None
    assert figure.title.text() == "Muon × ZeRO: 64 dense matrices packed whole into 13 ranks (P_max = 13)"
    widget.model.set_value("muon.p_max", 0)   # the fewest ranks that fit: the same 13
    qtbot.waitUntil(lambda: "the fewest that fit" in figure.title.text())
    assert figure.title.text().endswith("into 13 ranks (P_max = 13, the fewest that fit)")


# ---------------------------------------------------------------------------------------------
# stochastic rounding

def test_sr_histogram_and_lines_are_the_models(qtbot):
    widget = make_tab(qtbot, document(**{"view.context.page": "sr"}))
    a = widget.model.result(SR)
    figure = widget.sr_figure
    bars = {round((box.x0 + box.x1) / 2, 9): box.y1 for box in figure.histogram_bars.boxes}
    assert bars == {round(value, 9): count for value, count in a.histogram}
    assert sum(bars.values()) == widget.model.scenario.sr.samples
    # 1.001 lies between the BF16 values 1 and 1 + 2^-7 and is nearer 1
    assert (a.lower, a.upper, a.rtn) == (1.0, 1 + 2 ** -7, 1.0)
    assert figure.lines["rtn"].value() == 1.0 and figure.lines["x"].value() == pytest.approx(1.001, abs=1e-7)
    assert figure.lines["mean"].value() == a.mean
    x, y = figure.curves["rtn"].getData()
    assert list(x) == list(a.accumulation.at) and set(y) == {1.0}   # round to nearest stalls at 1
    widget.model.set_value("sr.x", 1.5)   # exactly representable: one bar, nothing to round
    assert len(figure.histogram_bars.boxes) == 1
    assert "exactly representable" in figure.notes[0].text()


# ---------------------------------------------------------------------------------------------
# export and refreshing

@pytest.mark.parametrize("page", CONTEXT_PAGES)
def test_export_widget_renders_the_page(qtbot, page):
    from tslab.desktop.export import EXPORT_SIZE, render_png
    widget = make_tab(qtbot, document("kimi-k2", **{"view.context.page": page}), synchronous=True)
    figure = widget.export_widget()
    figure.resize(EXPORT_SIZE)
    widget.fit_to_size()
    image = render_png(figure, 2.0)
    assert (image.width(), image.height()) == (2 * EXPORT_SIZE.width(), 2 * EXPORT_SIZE.height())
    assert 0.03 < non_white_share(image) < 0.9
    assert image.pixelColor(4, 4) == QColor("white")


@pytest.mark.parametrize("page, scheme", [("parallel", "ring"), ("parallel", "two-stage"), ("muon", "ring"),
                                          ("sr", "ring")])
def test_svg_export_is_vector_shapes(qapp, page, scheme):
    """Arrow heads and chart symbols drawn as shapes, not from pyqtgraph's pixmap cache."""
    import xml.etree.ElementTree as ET

    from tslab.desktop.export import export_tab
    data = export_tab(document("kimi-k2", **{"view.context.page": page, "view.context.scheme": scheme,
                                             "view.context.step": 1}), "context", "svg")
    root = ET.fromstring(data)
    ns = "{http://www.w3.org/2000/svg}"
    assert not list(root.iter(f"{ns}image"))
    assert sum(len(list(root.iter(f"{ns}{tag}"))) for tag in ("rect", "polygon", "path", "polyline")) > 100


def test_refresh_only_when_concerned(tab):
    cache = tab.model.cache

    def runs() -> dict[str, int]:
        return {c.name: cache.computed.get(c.name, 0) for c in (CONTEXT, MUON, SR)}

    before = (tab.refreshes, runs())
    assert before[1] == {"context": 1, "muon": 0, "sr": 0}   # only the page shown
    tab.model.set_value("schedule.f", 2.0)          # the Pipeline tab's
    tab.model.set_value("view.comm.ranks", 16)      # another tab's view
    assert (tab.refreshes, runs()) == before
    tab.model.set_value("sr.x", 1.25)               # read by the tab, but not by the page shown
    assert tab.refreshes == before[0] + 1 and runs() == before[1]
    tab.model.set_value("view.context.page", "sr")
    assert runs() == {"context": 1, "muon": 0, "sr": 1}
    tab.model.set_value("view.context.step", 1)     # the parallel page's step: nothing recomputed
    tab.model.set_value("view.context.page", "parallel")
    assert runs() == {"context": 1, "muon": 0, "sr": 1} and tab.step == 1


def test_tab_runs_alone_on_the_preset_named(run_alone):
    from tslab.views.context.__main__ import main
    widget = run_alone(main, ContextTab, "kimi-k2")
    assert widget.model.scenario.title.startswith("Kimi K2")
    # Kimi K2 trains without CP: the tab teaches it at 8 ranks, and says so
    assert widget.parallel_figure.title.text().startswith("Ring attention over 8 ranks")
    assert "trains without context parallelism (CP = 1)" in widget.parallel_figure.summary.text()
    assert widget.degree_box.isEnabled() and widget.degree_box.text() == "auto"
    widget.degree_box.setValue(2)
    assert widget.model.view.context.degree == 2
    assert widget.parallel_figure.title.text().startswith("Ring attention over 2 ranks")
    widget.degree_box.setValue(1)
    assert widget.parallel_figure.title.text().startswith("Ring attention over 1 ranks")
