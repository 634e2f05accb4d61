"""The Communication / MoE tab: the collective's rounds drawn from the executed algorithm,
α–β curves, overlap, and MoE routing before and after MoonEP planning."""
from __future__ import annotations

import numpy as np
import pytest
from windows import shown

from tslab.models.comm import ALGORITHMS
from tslab.models.derived import ALPHA_BETA, MOE
from tslab.models.presets import load_preset
from tslab.models.units import format_bytes
from tslab.views.comm import CommTab
from tslab.views.document_model import DocumentModel


@pytest.fixture
def tab(qtbot):
    scenario = load_preset("deepseek-v3").replace(**{"moe.routing": "zipf", "moe.tokens_per_rank": 512})
    return shown(qtbot, CommTab(DocumentModel(scenario)), 1500, 950)


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


def test_too_many_ranks_to_animate_says_so_and_disables_the_player(tab):
    """64 ranks are planned and priced but not drawn as a ring: the label keeps saying why (a
    round counter would count rounds of nothing on screen), and play, step and scrub are off."""
    tab.ranks_box.setValue(64)
    assert tab.result.ranks == 64 and not tab.figure.ring.isVisible()
    assert "too many to animate" in tab.figure.round_label.text()
    assert not any(w.isEnabled() for w in (tab.play_button, tab.step_button, tab.scrub))
    tab.ranks_box.setValue(8)
    assert tab.figure.round_label.text().startswith("round ") and tab.play_button.isEnabled()


def test_switching_collective_and_algorithm(tab):
    tab.collective_box.setCurrentIndex(tab.collective_box.findData("allgather"))
    assert tab.result.collective == "allgather" and tab.result.rounds == 7
    tab.algorithm_box.setCurrentIndex(tab.algorithm_box.findData("tree"))
    # No tree builds an all-gather: the planner runs the ring and its convention says so.
    assert tab.model.view.comm.algorithm == "tree"
    assert tab.result.algorithm == "ring" and tab.result.rounds == 7
    assert tab.result.convention.startswith("tree is not defined for allgather: ring used instead; ")
    tab.collective_box.setCurrentIndex(tab.collective_box.findData("allreduce"))
    # Double binary tree on 8 ranks of one node: depth ⌈lg 8⌉ = 3, k chunks per tree pipelined,
    # reduced up then broadcast down.
    k = tab.result.chunks // 2
    assert tab.result.algorithm == "tree" and k > 1 and tab.result.rounds == 2 * (k + 3 - 1)


def test_alpha_beta_curves_and_overlap(tab):
    """One curve per algorithm with a builder for the collective (all four for an all-reduce), the
    current one bold; the sizes where it crosses another are ringed on the chart and named under
    it ("double binary tree → ring at …": the tree wins small messages, the ring large ones)."""
    curves = tab.model.result(ALPHA_BETA)
    assert [name for name, _ in curves.curves] == list(ALGORITHMS) and curves.current == "ring"
    drawn = {item.name(): item for item in tab.figure._curves}
    for name in ALGORITHMS:
        sizes, times = drawn[name].getData()
        assert np.all(np.diff(times) >= 0)  # time never falls with size
    assert drawn["ring"].opts["pen"].width() > drawn["tree"].opts["pen"].width()
    crossing = next(c for c in curves.crossovers if c.before == "tree" and c.after == "ring")
    key = tab.figure.alpha_beta_key.text()
    assert f"double binary tree → ring at {format_bytes(crossing.size)}" in key
    x, y = drawn["crossovers"].getData()
    assert list(10 ** x) == pytest.approx([c.size for c in curves.crossovers])   # a log10 axis
    tab.overlap_box.setValue(100)
    hidden = [s for s in tab.figure.overlap_chart.segments if s.key == "comm_buffers"][0]
    assert hidden.x1 - hidden.x0 == pytest.approx(min(tab.result.time_s, tab.compute_box.value() / 1e3) * 1e3)


def test_moe_panel_before_and_after_moonep(tab):
    S, K, R, E = 512, 8, 64, 256        # tokens per rank, top-k, EP ranks, experts (DeepSeek-V3)
    segments = tab.figure.loads_chart.segments
    after = [s.y1 for s in segments if s.key == "params"]
    assert after == [S * K] * R         # every EP rank ends with exactly S·K
    before = [s.y1 for s in segments if s.key == "activations"]
    assert len(before) == R and sum(before) == S * K * R  # every routed token copy lands on some rank
    assert max(before) > S * K * 2      # Zipf routing overloads some ranks
    result = tab.model.result(MOE)
    assert before == list(result.recv_tokens)
    mean = sum(before) / R
    text = tab.figure.moe_text.text()
    assert f"imbalance max/mean {max(before) / mean:.2f}; maxvio {(max(before) - mean) / mean:.2f}" in text
    assert f"every rank gets exactly S·K = {S * K:,}; at most {E // R} redundant experts per rank" in text
    assert f"planned {max(result.moonep.redundant_experts)}" in text
    assert f"worst case S·K·R = {S * K * R:,} tokens" in text and f"fixed S·K = {S * K:,}" in text


def test_dense_model_explains_why_no_moe(qtbot):
    widget = CommTab(DocumentModel(load_preset("deepseek-v3")))
    qtbot.addWidget(widget)
    widget.show()  # a hidden tab defers its refresh until shown
    qtbot.waitExposed(widget)
    assert len(widget.figure.loads_chart.segments) == 2 * 64  # before and after bars per EP rank
    widget.model.set_scenario(load_preset("classroom-7b"))
    reason = widget.model.result(MOE).reason
    assert reason.startswith("model.experts is 0: ")  # the dense 7B has no experts
    text = widget.figure.moe_text.text()
    assert text.startswith("The MoE panels need a mixture-of-experts scenario") and text.endswith(": " + reason)
    assert widget.figure.loads_chart.segments == []


def test_tab_runs_alone_on_the_preset_named(run_tab_alone):
    """``python -m tslab.views.comm classroom-7b`` opens the Communication / MoE tab alone on that preset; the event
    loop is replaced by a look at the windows shown at the moment it would start."""
    from tslab.views.comm import __main__ as alone
    run_tab_alone(alone.main, CommTab, "classroom-7b", 1500, 950)
