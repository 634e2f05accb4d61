"""The Pipeline Scheduler tab: Gantt, hover, animation controls, comparison, invalid configs."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QToolTip
from windows import shown

from tslab.models.pipeline import Durations, ScheduleError, check_config, schedule_inputs, simulate
from tslab.models.presets import load_preset
from tslab.views.document_model import DocumentModel
from tslab.views.pipeline import PipelineTab
from tslab.views.pipeline.gantt import units_of

FOUR = {"parallel.pp": 4, "parallel.dp": 2, "schedule.kind": "1f1b", "schedule.microbatches": 8}


@pytest.fixture
def tab(qtbot):
    return shown(qtbot, PipelineTab(DocumentModel(load_preset("classroom-7b").replace(**FOUR))), 1500, 900)


def test_gantt_draws_the_simulation(tab):
    sim = tab.sims[0]
    assert sim.makespan == pytest.approx((8 + 4 - 1) * (1 + 2))  # (m + p − 1)(F + B)
    gantt = tab.figure.panels[0].gantt
    assert len(gantt.boxes.opts["x0"]) == len(units_of(sim)) == len(sim.ops)
    assert "(p − 1)(F + B)" in tab.figure.panels[0].numbers.text()
    assert "4, 3, 2, 1" in tab.figure.panels[0].numbers.text()  # 1F1B peak min(p − r, m)


def test_scenario_edits_resimulate(tab):
    tab.form.editors["schedule.microbatches"].widget.setValue(16)
    assert tab.sims[0].makespan == pytest.approx((16 + 4 - 1) * 3)
    tab.form.editors["schedule.kind"].widget.setCurrentIndex(
        tab.form.editors["schedule.kind"].widget.findData("zb-h1"))
    # ZB-H1 (Qi et al., Zero Bubble Pipeline Parallelism, ICLR'24): m(F + B) + (p − 1)(F + B − 2W),
    # with F = 1, B = I + W = 2, W = 1.
    assert tab.sims[0].kind == "zb-h1" and tab.sims[0].makespan == pytest.approx(16 * 3 + (4 - 1) * (1 + 2 - 2))


def test_hover_names_op_and_what_it_waited_for(tab, qtbot):
    gantt = tab.figure.panels[0].gantt
    unit = next(u for u in gantt.units if u.rank == 2 and u.ops[0].type == "F" and u.ops[0].mb == 0)
    scene = gantt.getPlotItem().getViewBox().mapViewToScene(QPointF((unit.start + unit.end) / 2, 2))
    gantt.scene().sigMouseMoved.emit(scene)
    qtbot.waitUntil(QToolTip.isVisible)
    text = QToolTip.text()
    assert "F of micro-batch 0" in text and "rank 2" in text and "waited for" in text and "rank 1" in text


def test_animation_step_scrub_and_play(tab, qtbot):
    tab.set_time(0.0)
    gantt = tab.figure.panels[0].gantt
    assert gantt.curtain.isVisible() and gantt.cursor.value() == 0
    tab.step()
    assert tab.time == pytest.approx(1.0)  # the first op (F of mb 0 on rank 0) ends at F = 1
    tab.scrub.setValue(500)
    assert tab.time == pytest.approx(tab.makespan / 2)
    tab.speed_box.setCurrentIndex(tab.speed_box.findData(8.0))
    tab.play_button.setChecked(True)
    qtbot.waitUntil(lambda: not tab.play_button.isChecked(), timeout=5000)  # plays to the end, stops
    assert tab.time == pytest.approx(tab.makespan) and not gantt.curtain.isVisible()


def test_reduced_motion_steps_op_by_op(tab, qtbot):
    tab.reduced_motion.setChecked(True)
    tab.set_time(0.0)
    tab._tick()
    assert tab.time == pytest.approx(1.0)
    tab.reduced_motion.setChecked(False)


def test_compare_shares_the_time_axis(tab):
    tab.compare_box.setCurrentIndex(tab.compare_box.findData("dualpipev"))
    assert tab.model.view.pipeline.compare == "dualpipev"  # the comparison is the document's
    first, second = tab.figure.panels
    assert second.isVisible() and second.sim.kind == "dualpipev"
    assert second.gantt.getPlotItem().getViewBox().linkedView(0) is first.gantt.getPlotItem().getViewBox()


def test_invalid_schedule_gives_a_reason(tab):
    tab.form.editors["schedule.kind"].widget.setCurrentIndex(
        tab.form.editors["schedule.kind"].widget.findData("dualpipe"))
    tab.form.editors["parallel.pp"].widget.setValue(3)  # DualPipe needs an even p
    assert not tab.sims
    with pytest.raises(ScheduleError) as reason:
        check_config("dualpipe", 3, 8)
    assert "even number of ranks, not 3" in str(reason.value)
    message = tab.figure.message.text()
    assert f"DualPipe: {reason.value}" in message
    assert tab.export_error() == f"no valid schedule: dualpipe: {reason.value}"  # plain text, no markup


def test_schedule_inputs_split_backward():
    s = load_preset("classroom-7b").replace(**FOUR, **{"schedule.b": 3.0, "schedule.w": 1.0})
    job = schedule_inputs(s)
    assert (job.kind, job.ranks, job.microbatches, job.chunks) == ("1f1b", 4, 8, 1)
    assert job.durations.I == 2.0 and job.durations.W == 1.0
    assert schedule_inputs(s, "interleaved-1f1b").chunks == 2  # a comparison interleaves at least twice
    # ZB-H1 (Qi et al., Zero Bubble Pipeline Parallelism, ICLR'24): m(F + B) + (p − 1)(F + B − 2W) = 8·4 + 3·(4 − 2)
    assert simulate("zb-h1", 4, 8, 1, Durations(F=1, B=3, I=2, W=1)).makespan == pytest.approx(8 * 4 + 3 * 2)


def test_large_schedule_simulates_in_a_worker(tab, qtbot):
    tab.form.editors["schedule.microbatches"].widget.setValue(2048)
    tab.form.editors["parallel.pp"].widget.setValue(16)  # 16 × 2048 × 2 ops: more than a frame's work
    assert "Simulating" in tab.figure.message.text()
    qtbot.waitUntil(lambda: tab.sims and tab.sims[0].microbatches == 2048 and tab.sims[0].ranks == 16,
                    timeout=30000)
    assert tab.sims[0].makespan == pytest.approx((2048 + 16 - 1) * 3)
    assert "Simulating" not in tab.figure.message.text()


def test_tab_runs_alone_on_the_preset_named(run_tab_alone):
    """``python -m tslab.views.pipeline deepseek-v3`` opens the Pipeline tab alone on that preset; the event
    loop is replaced by a look at the windows shown at the moment it would start."""
    from tslab.views.pipeline import __main__ as alone
    window = run_tab_alone(alone.main, PipelineTab, "deepseek-v3", 1500, 900)
    assert window.figure.title.text() == load_preset("deepseek-v3").title
    assert window.sims[0].ranks == load_preset("deepseek-v3").parallel.pp


def test_a_schedule_too_large_to_draw_shows_its_numbers_not_its_ops(tab, qtbot):
    from tslab.views.pipeline.panel import DRAW_LIMIT_OPS
    tab.form.editors["parallel.pp"].widget.setValue(16)
    tab.form.editors["schedule.microbatches"].widget.setValue(1024)  # 16 × 1024 × 2 = 32,768 ops
    qtbot.waitUntil(lambda: not tab.runner.busy and tab.sims and tab.sims[0].microbatches == 1024, timeout=30000)
    panel = tab.figure.panels[0]
    assert len(tab.sims[0].ops) > DRAW_LIMIT_OPS
    assert f"{len(tab.sims[0].ops):,} ops: too many to draw" in panel.heading.text()
    assert panel.gantt.units == [] and panel.activations.curves == []
    assert f"makespan {(1024 + 16 - 1) * 3:g}" in panel.numbers.text()  # (m + p − 1)(F + B), still exact
    tab.step()  # stepping a schedule that is not drawn goes to its end
    assert tab.time == tab.makespan


def test_the_duration_inputs_show_the_step_time_models_values_read_only_while_it_gives_them(tab, qtbot):
    """schedule.durations = model: each duration input shows the model's value for the first stage
    in ms (as the numbers beside the chart), read only; typed durations again: the inputs show and
    edit the scenario's own values."""
    keys = {"schedule.f": "F", "schedule.b": "B", "schedule.w": "W", "schedule.fb": "FB"}
    assert tab.model.set_value("schedule.durations", "model")
    qtbot.waitUntil(lambda: not tab.runner.busy)
    durations = tab.sims[0].durations
    assert durations.F < 1   # seconds, not the typed 1
    for key, name in keys.items():
        box = tab.form.editors[key].widget
        assert box.isReadOnly() and box.suffix() == " ms"
        assert box.value() == pytest.approx(getattr(durations, name) * 1e3, abs=0.006)
    assert tab.model.scenario.schedule.f == 1.0   # shown, not written
    tab.form.editors["schedule.f"].widget.lineEdit().setText("5")   # read only: nothing is edited
    assert tab.model.scenario.schedule.f == 1.0
    assert tab.model.set_value("schedule.durations", "manual")
    qtbot.waitUntil(lambda: not tab.runner.busy)
    for key in keys:
        box = tab.form.editors[key].widget
        assert not box.isReadOnly() and box.suffix() == ""
        assert box.value() == pytest.approx(tab.model.scenario.get(key))
    tab.form.editors["schedule.f"].widget.setValue(1.5)
    assert tab.model.scenario.schedule.f == 1.5


def test_a_scenario_without_pp_is_taught_at_a_degree_that_fits_and_says_so(qtbot):
    """classroom-7b trains on one 8-GPU node without PP: the tab simulates PP 8 (the largest of 8,
    4, 2 that splits 32 layers and leaves whole DP replicas: DP 8 → 1, the global batch of 64
    sequences in 64 micro-batches), says that the scenario itself has none, and `PP shown` = 1
    draws the scenario as it is."""
    widget = shown(qtbot, PipelineTab(DocumentModel(load_preset("classroom-7b"))), 1500, 900)
    sim = widget.sims[0]
    assert (sim.ranks, sim.microbatches) == (8, 64)
    assert sim.makespan == pytest.approx((64 + 8 - 1) * (1 + 2))   # 1F1B: (m + p − 1)(F + B)
    message = widget.figure.message.text()
    assert "PP = 1" in message and "PP = 8" in message and "DP 8 → 1" in message
    assert widget.degree_box.isEnabled()
    widget.degree_box.setValue(4)
    assert widget.model.view.pipeline.degree == 4
    assert (widget.sims[0].ranks, widget.sims[0].microbatches) == (4, 32)
    widget.degree_box.setValue(1)
    assert widget.sims[0].ranks == 1 and widget.figure.message.text() == ""
    assert widget.model.scenario.parallel.pp == 1   # the scenario is not edited


def test_a_scenario_with_pp_is_shown_at_its_own(tab):
    assert tab.sims[0].ranks == 4 and "PP shown" not in tab.figure.message.text()
    assert not tab.degree_box.isEnabled()


def test_each_box_is_filled_with_its_op_types_colour_darker_for_a_second_chunk():
    """A box's fill is its op type's (an overlapped pair's "FB"), darker for a rank's second chunk
    (DualPipeV's way back), one fill per type shared by every box (a long schedule's 10⁵ boxes
    each made their own)."""
    from PySide6.QtGui import QColor

    from tslab.views.pipeline.common import OP_COLOURS
    sim = simulate("dualpipev", 4, 8, 2)
    units = units_of(sim)
    for unit in units:
        kind = "FB" if len(unit.ops) > 1 else unit.ops[0].type
        colour = QColor(OP_COLOURS[kind])
        second = (unit.ops[0].stage // sim.ranks) % 2 == 1
        assert unit.colour == (colour.darker(135) if second else colour)
    assert any((u.ops[0].stage // sim.ranks) % 2 == 1 for u in units)   # the V's way back is drawn
    assert len({id(unit.fill) for unit in units}) == len({unit.colour.name() for unit in units})


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_gantts_boxes_paint_as_pyqtgraphs_bars_and_drop_their_outlines_below_three_pixels(qtbot, seed):
    """The Gantt records its boxes a fill at a time (views/pipeline/gantt.OneOutlineBars): wide
    enough, the picture is pyqtgraph's own, pixel for pixel; boxes under three pixels wide are drawn
    without their white outline, which painted a long schedule's lanes white."""
    import numpy as np
    import pyqtgraph as pg
    from PySide6.QtGui import QColor, QImage, QPainter

    from tslab.views import charts
    from tslab.views.pipeline.gantt import OneOutlineBars, fill
    rng = np.random.default_rng(seed)
    lengths = rng.integers(1, 6, size=60).astype(float)            # a rank's ops back to back
    starts = np.concatenate([[0.0], np.cumsum(lengths)[:-1]])
    kinds = rng.choice(["F", "B", "W", "FB"], size=60)
    options = dict(x0=starts, y0=np.full(60, -0.38), width=lengths, height=np.full(60, 0.76),
                   brushes=[fill(str(kind), bool(i % 3 == 0)) for i, kind in enumerate(kinds)], pens=None,
                   pen=charts.SEGMENT_PEN)
    ours, theirs = OneOutlineBars(**options), pg.BarGraphItem(**options)

    def painted(item, pixels_per_unit: float) -> QImage:
        image = QImage(int(lengths.sum() * pixels_per_unit) + 4, 40, QImage.Format.Format_RGB32)
        image.fill(QColor("#E4E4E4"))
        painter = QPainter(image)
        painter.translate(2, 20)
        painter.scale(pixels_per_unit, 20)
        item.paint(painter, None, None)
        painter.end()
        return image

    assert painted(ours, 12.0) == painted(theirs, 12.0)   # 12–60 px boxes: outlined, as pyqtgraph
    # the Gantt's first boxes (one of no width, no fills): pyqtgraph's own drawing, and no exception
    # (one escaping a paint override makes PySide drop a reference to the method: a crash later)
    first = OneOutlineBars(x0=[0], y0=[0], width=[0], height=[0])
    painted(first, 12.0)
    narrow = painted(ours, 0.5)                          # 0.5–2.5 px boxes
    row = [QColor(narrow.pixel(x, 20)).name() for x in range(2, narrow.width() - 3)]
    assert "#ffffff" not in row and "#ffffff" in [QColor(painted(theirs, 0.5).pixel(x, 20)).name()
                                                  for x in range(2, narrow.width() - 3)]
