"""The memory lanes (views/memory/timeline.py) on presets: one lane per pipeline rank, the peak
markers at the model's peaks (each rank's ledger GPU tier), the reason when there are no lanes,
at most 16 lanes with the most loaded among them, and a hover that names the bytes and the ops."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor
from windows import shown

from tslab.models.memory import gib, memory_ledger
from tslab.models.memory.timeline import memory_timeline
from tslab.models.presets import load_preset
from tslab.views.charts import CAPACITY_COLOUR
from tslab.views.memory.timeline import MAX_LANES, VARYING_COLOUR, MemoryLanes, instant_tooltip, shown_ranks
from tslab.views.texts import ledger_name


@pytest.fixture
def lanes(qtbot, qapp):
    return shown(qtbot, MemoryLanes(), 920, 300)  # the pane under the ledger at 1280 × 800


def show(lanes: MemoryLanes, scenario):
    timeline = memory_timeline(scenario)
    lanes.show_timeline(timeline, memory_ledger(scenario).capacity_bytes)
    return timeline


@pytest.mark.parametrize("name", ["classroom-7b", "gpt3-175b", "deepseek-v3"])
def test_peak_markers_are_the_models_peaks(lanes: MemoryLanes, name: str) -> None:
    s = load_preset(name)
    timeline = show(lanes, s)
    p = s.parallel.pp
    assert lanes.ranks == list(range(p)) and len(timeline.lanes) == p
    markers = lanes.peak_marker_bytes()
    assert [rank for rank, _, _ in markers] == list(range(p))
    for (rank, time, value), (_, label_time, label_bytes, label) in zip(markers, lanes.markers):
        ledger = memory_ledger(s, rank)
        lane = timeline.lanes[rank]
        assert lane.peak_bytes == ledger.gpu_bytes == label_bytes
        assert time == pytest.approx(lane.peak_time) and label_time == lane.peak_time
        assert value == pytest.approx(ledger.gpu_bytes, rel=1e-9)   # read back from the drawn point
        assert gib(ledger.gpu_bytes) in label and ledger_name(lane.peak_item.name) in label
        assert f"t = {lane.peak_time:.4g}" in label
    most = memory_ledger(s).rank
    assert timeline.most_loaded == most and "◆" in lanes.heading.text()
    # every curve stays inside its lane
    for index, curve in enumerate(c for c in lanes.curves[1::2]):
        _, y = curve.getData()
        base = lanes._base(index)
        assert base <= float(np.min(y)) and float(np.max(y)) < base + 1


def test_the_figure_is_drawn(lanes: MemoryLanes, qapp) -> None:
    show(lanes, load_preset("classroom-7b").replace(**{"parallel.pp": 4}))
    qapp.processEvents()
    image = lanes.grab().toImage()
    assert image.width() >= 900 and image.height() >= 290
    orange = QColor(VARYING_COLOUR)
    found = any(abs(QColor(image.pixel(x, y)).red() - orange.red()) < 8
                and abs(QColor(image.pixel(x, y)).green() - orange.green()) < 8
                and abs(QColor(image.pixel(x, y)).blue() - orange.blue()) < 8
                for x in range(0, image.width(), 3) for y in range(0, image.height(), 2))
    assert found, "no activation curve drawn"
    ticks = lanes.plot.getPlotItem().getAxis("left")._tickLevels[0]
    assert [text for _, text in ticks] == ["rank 0 ◆", "rank 1", "rank 2", "rank 3"]


def test_deep_pipelines_show_sixteen_ranks_with_the_most_loaded(lanes: MemoryLanes) -> None:
    s = load_preset("gpt3-175b").replace(**{"parallel.pp": 48, "model.layers": 96, "schedule.microbatches": 96,
                                            "schedule.durations": "manual"})  # 384 GPUs on 64: no step time
    timeline = show(lanes, s)
    assert len(timeline.lanes) == 48
    assert len(lanes.ranks) == MAX_LANES and lanes.ranks[0] == 0 and lanes.ranks[-1] == 47
    assert timeline.most_loaded in lanes.ranks
    assert "16 of 48" in lanes.heading.text()
    assert [rank for rank, _, _ in lanes.peak_marker_bytes()] == lanes.ranks
    for rank, _, value in lanes.peak_marker_bytes():
        assert value == pytest.approx(memory_ledger(s, rank).gpu_bytes, rel=1e-9)
    # back to a short pipeline: every rank again, no note
    show(lanes, load_preset("gpt3-175b"))
    assert lanes.ranks == list(range(8)) and "of 8" not in lanes.heading.text()


def test_shown_ranks_are_even_and_keep_the_most_loaded() -> None:
    for count in (17, 48, 100, 512):
        for most in (0, 1, count // 3, count - 2, count - 1):
            ranks = shown_ranks(count, most)
            assert len(ranks) == MAX_LANES and ranks == sorted(set(ranks))
            assert {0, count - 1, most} <= set(ranks)
            gaps = np.diff(ranks)
            assert gaps.max() <= 2 * np.ceil((count - 1) / (MAX_LANES - 1))
    assert shown_ranks(16, 5) == list(range(16))


def test_no_lanes_show_the_reason(lanes: MemoryLanes) -> None:
    # 16,384 micro-batches × 8 ranks × (F, B): more ops than memory over time simulates
    s = load_preset("gpt3-175b").replace(**{"schedule.microbatches": 16384})
    timeline = show(lanes, s)
    assert timeline.reason and not timeline.lanes
    assert lanes.plot.isHidden() and not lanes.reason.isHidden()
    assert timeline.reason in lanes.reason.text()
    lanes.show_reason("the dualpipe schedule cannot be simulated")
    assert "dualpipe" in lanes.reason.text() and lanes.ranks == [] and lanes.markers == []
    show(lanes, load_preset("classroom-7b"))
    assert not lanes.plot.isHidden() and lanes.reason.isHidden()


def test_hover_names_the_bytes_and_the_ops_at_that_instant(lanes: MemoryLanes, qapp) -> None:
    s = load_preset("classroom-7b").replace(**{"parallel.pp": 4})
    timeline = show(lanes, s)
    qapp.processEvents()
    lane = timeline.lanes[1]
    t = lane.peak_time + 0.25 * load_preset("classroom-7b").schedule.f
    index = lanes.ranks.index(1)
    y = lanes._base(index) + 0.5
    assert lanes.lane_at(t, y) is lane
    view = lanes.plot.getPlotItem().getViewBox()
    lanes._moved(view.mapViewToScene(QPointF(t, y)))
    assert lanes._hovered == (1, lane.index_at(t)) and lanes.cursor_line.isVisible()
    text = instant_tooltip(lane, t)
    assert gib(lane.bytes_at(t)) in text and f"{lane.sets[lane.index_at(t)]}" in text
    ops = lane.ops_at(t)
    assert ops and all(f"micro-batch {op.mb}, stage {op.stage}" in text for op in ops)
    lanes._moved(view.mapViewToScene(QPointF(-1.0, y)))
    assert lanes._hovered is None and not lanes.cursor_line.isVisible()


def test_a_peak_over_capacity_names_the_first_oom_item(lanes: MemoryLanes) -> None:
    s = load_preset("classroom-7b").replace(**{"model.micro_batch": 8, "parallel.pp": 2})
    timeline = show(lanes, s)
    for rank, (_, _, value, label) in enumerate(lanes.markers):
        ledger = memory_ledger(s, rank)
        oom = ledger.first_oom
        assert oom is not None and value == ledger.gpu_bytes > ledger.capacity_bytes
        assert timeline.lanes[rank].first_oom.key == oom[0].key
        assert f"first OOM: {ledger_name(oom[0].name)}" in label
    red = QColor(CAPACITY_COLOUR)
    assert all(brush.color() == red for brush in lanes.peaks.data["brush"])
    show(lanes, load_preset("classroom-7b"))
    assert "first OOM" not in lanes.markers[0][3]


def test_runs_alone_on_a_preset(run_alone) -> None:
    from tslab.views.memory import timeline as view
    lanes = run_alone(view.main, MemoryLanes, "deepseek-v3")
    s = load_preset("deepseek-v3")
    assert lanes.ranks == list(range(s.parallel.pp))
    assert [value for _, _, value, _ in lanes.markers] == [memory_ledger(s, r).gpu_bytes for r in lanes.ranks]
