"""The Communication / MoE tab: the collective's rounds drawn from the executed algorithm,
α–β curves, overlap, and MoE routing before and after MoonEP planning."""
from __future__ import annotations

import numpy as np
import pytest

from tslab.models.presets import load_preset
from tslab.views.comm import CommTab
from tslab.views.document_model import DocumentModel


@pytest.fixture
def tab(qtbot):
    scenario = load_preset("deepseek-v3").replace(**{"moe.routing": "zipf", "moe.tokens_per_rank": 512})
    widget = CommTab(DocumentModel(scenario))
    qtbot.addWidget(widget)
    widget.resize(1500, 950)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_ring_allreduce_rounds_fill_every_chunk(tab):
    result = tab.result
    assert result.collective == "allreduce" and result.rounds == 2 * (8 - 1)
    ring = tab.figure.ring
    start, end = ring.states[0], ring.states[-1]
    assert (start == 1).all()           # each rank holds only its own contribution
    assert (end == 8).all()             # after all rounds: every chunk summed over all 8 ranks
    tab.set_round(7)                    # after the reduce-scatter half: one full chunk per rank
    assert ((ring.states[7] == 8).sum(axis=1) == 1).all()
    x, _ = ring.arrows.getData()
    assert len(x) == 2 * 8              # round 7 sends one chunk from each rank to its neighbour


def test_switching_collective_and_algorithm(tab):
    tab.collective_box.setCurrentIndex(tab.collective_box.findData("allgather"))
    assert tab.result.collective == "allgather" and tab.result.rounds == 7
    tab.algorithm_box.setCurrentIndex(tab.algorithm_box.findData("tree"))
    assert tab.result.algorithm in ("tree", "ring")  # tree falls back to ring for all-gather
    tab.collective_box.setCurrentIndex(tab.collective_box.findData("allreduce"))
    assert tab.result.algorithm == "tree" and tab.result.rounds < 2 * (8 - 1)


def test_alpha_beta_curves_and_overlap(tab):
    nvlink, across, star = tab.figure._curves
    sizes, times = nvlink.getData()
    assert np.all(np.diff(times) >= 0)  # time never falls with size
    _, times_across = across.getData()
    assert np.all(times_across >= times)  # the inter-node tier is the slower one
    tab.overlap_box.setValue(100)
    hidden = [s for s in tab.figure.overlap_chart.segments if s.key == "comm_buffers"][0]
    assert hidden.x1 - hidden.x0 == pytest.approx(min(tab.result.time_s, tab.compute_box.value() / 1e3) * 1e3)


def test_moe_panel_before_and_after_moonep(tab):
    segments = tab.figure.loads_chart.segments
    after = [s.y1 for s in segments if s.key == "params"]
    assert after == [512 * 8] * 64      # every EP rank ends with exactly S·K
    before = [s.y1 for s in segments if s.key == "activations"]
    assert max(before) > 512 * 8 * 2    # Zipf routing overloads some ranks
    assert "MoonEP" in tab.figure.moe_text.text() and "S·K·R" in tab.figure.moe_text.text()


def test_dense_model_explains_why_no_moe(qtbot):
    widget = CommTab(DocumentModel(load_preset("classroom-7b")))
    qtbot.addWidget(widget)
    assert "experts" in widget.figure.moe_text.text()
