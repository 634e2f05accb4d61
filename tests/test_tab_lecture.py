"""The five tabs in a lecture at 1280×800: inputs never clipped (English and Chinese), the
keyboard hooks (step_animation, animation_to, set_inputs_collapsed), reduced motion, model-made
sentences through the translator, the MoE message for a dense model, labels clear of what they
name, and presentation type (the application font × 1.5) without parts running into each other."""
from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QLocale, QPoint, QPointF, QRect, QRectF, QSettings, QTranslator
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSpinBox, QApplication, QComboBox, QLabel, QWidget
from windows import open_window, shown

from tslab.desktop.main_window import MainWindow
from tslab.models.comm import plan
from tslab.models.moe import BUFFER_CAVEAT, moe_unavailable_problem
from tslab.models.presets import load_preset, preset_document
from tslab.views.application import install_translators
from tslab.views.comm import CommTab
from tslab.views.document_model import DocumentModel
from tslab.views.layout import InputsColumn, combo_text_fits, combo_text_width, fit_combo_boxes
from tslab.views.mesh.view import axis_positions, cell_label_lines
from tslab.views.pipeline.tab import FPS

ROOT = Path(__file__).resolve().parent.parent
TABS = ("memory", "mesh", "pipeline", "comm", "context")
PRESETS = ("classroom-7b", "deepseek-v3")


def show_tab(window: MainWindow, tab: str, qtbot) -> QWidget:
    window.select_tab(tab)
    page = window.page(tab)
    qtbot.waitUntil(lambda: not getattr(getattr(page, "runner", None), "busy", False))
    qtbot.wait(30)   # the splitter and scroll areas settle
    return page


@pytest.fixture(params=["en", "zh"])
def language(request, qapp):
    """The UI language of the windows the test opens (translators installed before they are built)."""
    translators = install_translators(qapp, request.param)
    yield request.param
    for translator in translators:
        qapp.removeTranslator(translator)
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))


# ---------------------------------------------------------------------------------------------
# inputs that fit

def input_problems(page: QWidget) -> list[str]:
    """What is cut off in the tab's inputs column: a widget past the column's right edge, a combo
    box whose current or longest choice is wider than its field (unless elided with the whole text
    in its tooltip), a spin box's text wider than its field, an unwrapped label narrower than its
    text."""
    column = page.inputs
    viewport = column.viewport()
    problems = []
    for widget in column.widget().findChildren(QWidget):
        if not widget.isVisible():
            continue
        right = widget.mapTo(viewport, QPoint(widget.width(), 0)).x()
        if isinstance(widget, (QComboBox, QAbstractSpinBox, QLabel)) and right > viewport.width() + 1:
            problems.append(f"{type(widget).__name__} ends at {right} > {viewport.width()}")
        if isinstance(widget, QComboBox):
            longest = max((widget.itemText(i) for i in range(widget.count())),
                          key=widget.fontMetrics().horizontalAdvance)
            for text in (widget.currentText(), longest):
                if not combo_text_fits(widget, text) and text not in widget.toolTip():
                    problems.append(f"combo {text!r}: {widget.fontMetrics().horizontalAdvance(text)} > "
                                    f"{combo_text_width(widget)}")
        elif isinstance(widget, QAbstractSpinBox):
            editor = widget.lineEdit()
            if widget.fontMetrics().horizontalAdvance(widget.text()) > editor.width() - 2:
                problems.append(f"spin box {widget.text()!r} wider than {editor.width()}")
        elif isinstance(widget, QLabel) and not widget.wordWrap() and widget.text() and \
                widget.width() < widget.minimumSizeHint().width():
            problems.append(f"label {widget.text()!r}: {widget.width()} < {widget.minimumSizeHint().width()}")
    return problems


@pytest.mark.parametrize("preset", PRESETS)
def test_inputs_are_never_cut_off_at_1280_by_800(qtbot, language, preset):
    window = open_window(qtbot, preset)
    for tab in TABS:
        page = show_tab(window, tab, qtbot)
        column = page.inputs
        assert isinstance(column, InputsColumn)
        # the column is as wide as its content needs (a splitter would give a plain scroll area less)
        assert column.viewport().width() >= column.widget().minimumSizeHint().width(), tab
        assert input_problems(page) == [], (language, preset, tab)
        assert (window.width(), window.height()) == (1280, 800), tab   # nothing widened the window


def test_a_combo_box_too_narrow_for_its_text_elides_it_and_says_it_in_the_tooltip(qtbot):
    holder = QWidget()
    qtbot.addWidget(holder)
    combo = QComboBox(holder)
    combo.addItems(["megatron (tp-cp-ep-dp-pp)", "dp"])
    combo.setToolTip("Rank order")
    fit_combo_boxes(holder)
    holder.show()
    qtbot.waitExposed(holder)
    assert combo_text_fits(combo, "megatron (tp-cp-ep-dp-pp)")   # as wide as its longest choice
    combo.setMinimumWidth(0)
    combo.setMinimumContentsLength(2)
    combo.resize(70, combo.height())
    assert not combo_text_fits(combo, combo.currentText())
    assert combo.toolTip() == "Rank order\n\nmegatron (tp-cp-ep-dp-pp)"
    combo.setCurrentIndex(1)   # fits again: the input's own tip alone
    assert combo.toolTip() == "Rank order"


# ---------------------------------------------------------------------------------------------
# keyboard hooks

@pytest.fixture
def classroom(qtbot):
    return open_window(qtbot, "classroom-7b")


def test_memory_and_mesh_have_nothing_to_step(classroom, qtbot):
    for tab in ("memory", "mesh"):
        page = show_tab(classroom, tab, qtbot)
        assert page.step_animation(1) is False and page.step_animation(-1) is False
        assert page.animation_to(True) is False and page.animation_to(False) is False


def test_pipeline_steps_one_op_at_a_time(classroom, qtbot):
    """1F1B on one rank with F = 1 and B = 2 (typed units): ops follow one another, so the moments
    an op starts or ends are 0, 1, 3, 4, 6, …; the makespan is m(F + B) = 8 · 3."""
    classroom.model.set_value("view.pipeline.degree", 1)   # the scenario's own single rank, not PP 8 taught
    page = show_tab(classroom, "pipeline", qtbot)
    assert page.animation_to(False) and page.time == 0.0 and classroom.model.view.pipeline.time == 0.0
    assert page.step_animation(1) and page.time == pytest.approx(1.0)
    assert classroom.model.view.pipeline.time == pytest.approx(1.0)
    assert page.step_animation(1) and page.time == pytest.approx(3.0)
    assert page.step_animation(-1) and page.time == pytest.approx(1.0)
    assert page.step_animation(2) and page.time == pytest.approx(4.0)
    assert page.animation_to(True) and page.time == pytest.approx(8 * 3)
    assert classroom.model.view.pipeline.time == -1   # the end, as the document writes it
    assert page.step_animation(1) and page.time == pytest.approx(24)   # nothing past the end


def test_comm_steps_one_round_at_a_time(classroom, qtbot):
    """A ring all-reduce over 8 ranks: 2(n − 1) = 14 rounds (Thakur et al. 2005 §4)."""
    page = show_tab(classroom, "comm", qtbot)
    assert page.result.rounds == 14
    assert page.animation_to(False) and page.round == 0 and classroom.model.view.comm.round == 0
    assert page.step_animation(1) and page.round == 1 and classroom.model.view.comm.round == 1
    assert page.step_animation(-1) and page.round == 0
    assert page.step_animation(-1) and page.round == 0   # nothing before the first
    assert page.animation_to(True) and page.round == 14 and classroom.model.view.comm.round == 14
    page.model.set_value("view.comm.ranks", 64)   # too many ranks to animate: nothing to step
    assert page.step_animation(1) is False and page.animation_to(True) is False


def test_context_steps_the_current_scheme(qtbot):
    """Ring attention over CP = 16 ranks: 16 steps, the last K/V block arriving at step 15
    (Liu et al., Ring Attention, §3: n − 1 rotations); a preset with CP = 1 has nothing to step."""
    window = open_window(qtbot, "llama3-405b-128k")
    page = show_tab(window, "context", qtbot)
    assert window.model.view.context.scheme == "ring" and page.last_step == 15
    assert page.animation_to(False) and page.step == 0
    assert page.step_animation(1) and page.step == 1 and window.model.view.context.step == 1
    assert page.step_animation(-1) and page.step == 0
    assert page.animation_to(True) and page.step == 15 and window.model.view.context.step == -1
    window.model.set_value("view.context.page", "muon")   # the Muon page has no steps
    assert page.step_animation(1) is False and page.animation_to(True) is False


def test_context_with_one_cp_rank_has_nothing_to_step(classroom, qtbot):
    """Shown as the scenario is (view.context.degree = 1), one CP rank exchanges nothing to step
    through; taught at the default degree, the classroom's cp = 1 is laid out over 8 ranks."""
    page = show_tab(classroom, "context", qtbot)
    assert classroom.model.scenario.parallel.cp == 1
    assert page.step_animation(1) is True and page.analysis.cp == 8
    classroom.model.set_value("view.context.degree", 1)
    assert page.step_animation(1) is False and page.animation_to(True) is False


def test_inputs_collapse_and_come_back(classroom, qtbot):
    for tab in TABS:
        page = show_tab(classroom, tab, qtbot)
        figure_width = page.export_widget().width()
        column_width = page.inputs.width()
        figure = page.export_widget()
        for _ in range(2):   # twice: no harm
            page.set_inputs_collapsed(True)
            qtbot.wait(30)
            assert not page.inputs.isVisible() and figure.width() > figure_width + column_width / 2, tab
        for _ in range(2):
            page.set_inputs_collapsed(False)
            qtbot.wait(30)
            assert page.inputs.isVisible() and figure.width() == figure_width, tab
        assert page.inputs.width() == column_width, tab


# ---------------------------------------------------------------------------------------------
# reduced motion

def test_reduced_motion_plays_the_collective_straight_to_its_last_round(classroom, qtbot):
    page = show_tab(classroom, "comm", qtbot)
    settings = QSettings()
    settings.setValue("reducedMotion", True)
    try:
        page.keep_round(0)
        page.play_button.setChecked(True)
        assert not page.play_button.isChecked() and not page.timer.isActive()
        assert page.round == page.result.rounds == 14 and classroom.model.view.comm.round == 14
    finally:
        settings.setValue("reducedMotion", False)
    page.keep_round(0)
    page.play_button.setChecked(True)   # without it the rounds play one by one
    assert page.timer.isActive() and page.round == 0
    page.play_button.setChecked(False)


def test_the_pipeline_box_and_the_view_menu_are_one_reduced_motion_setting(classroom, qtbot):
    """View → Reduced Motion and the Pipeline tab's own box never disagree: the box shows what the
    menu set when the tab is shown and when Play is pressed, a tick plays what the setting says,
    and the box writes the setting the menu shows. 1F1B on one rank, F = 1, B = 2: reduced motion
    ticks from 0 to the first op's end at 1; a sweep ticks makespan / (10 s × FPS) = 24 / 600."""
    settings = QSettings()
    settings.setValue("reducedMotion", False)
    classroom.model.set_value("view.pipeline.degree", 1)   # the scenario's own single rank, not PP 8 taught
    try:
        page = show_tab(classroom, "pipeline", qtbot)
        assert not page.reduced_motion.isChecked()
        show_tab(classroom, "memory", qtbot)
        classroom.reduced_motion_action.trigger()   # the menu, with another tab shown
        assert settings.value("reducedMotion", type=bool) is True
        show_tab(classroom, "pipeline", qtbot)
        assert page.reduced_motion.isChecked()

        classroom.reduced_motion_action.trigger()   # the menu, with the pipeline tab shown
        assert settings.value("reducedMotion", type=bool) is False
        page.set_time(0.0)
        page.play_button.setChecked(True)
        assert not page.reduced_motion.isChecked()
        page._tick()
        assert page.time == pytest.approx(24 / (10 * FPS))
        classroom.reduced_motion_action.trigger()   # while it plays
        page.set_time(0.0)
        page._tick()
        assert page.reduced_motion.isChecked() and page.time == pytest.approx(1.0)
        page.play_button.setChecked(False)

        page.reduced_motion.click()   # the tab's own box writes the one setting
        assert settings.value("reducedMotion", type=bool) is False
        assert not classroom.reduced_motion() and not page.reduced_motion.isChecked()
        page.reduced_motion.click()
        assert settings.value("reducedMotion", type=bool) is True and classroom.reduced_motion()
    finally:
        settings.setValue("reducedMotion", False)


# ---------------------------------------------------------------------------------------------
# model-made sentences through the translator

class Marking(QTranslator):
    """Wraps every text of the given contexts in «…»: shows which texts reach the catalogue."""

    def __init__(self, contexts: tuple[str, ...]):
        super().__init__()
        self.contexts = contexts

    def translate(self, context, source, disambiguation=None, n=-1):
        return f"«{source}»" if context in self.contexts else None

    def isEmpty(self) -> bool:
        return False


def catalogue_sources(paths: list[Path], tmp_path: Path) -> set[tuple[str, str]]:
    """(context, source) of every text lupdate extracts from `paths`."""
    out = tmp_path / "extracted.ts"
    lupdate = Path(sys.executable).parent / "pyside6-lupdate"
    subprocess.run([str(lupdate), *map(str, paths), "-ts", str(out)], check=True, capture_output=True)
    root = ET.parse(out).getroot()
    return {(context.findtext("name"), message.findtext("source"))
            for context in root.iter("context") for message in context.iter("message")}


def test_convention_templates_are_marked_for_the_catalogue(tmp_path):
    """Every phrase of the conventions plan() writes (fallback notes and nested phrases included)
    is a QT_TRANSLATE_NOOP template lupdate finds (context "comm"), and together they make the
    English sentence the command line prints."""
    sources = catalogue_sources(sorted((ROOT / "models" / "comm").glob("*.py"))
                                + sorted((ROOT / "models" / "moe").glob("*.py")), tmp_path)

    def templates(phrase):
        yield phrase.template
        for _, value in phrase.args:
            if hasattr(value, "template"):
                yield from templates(value)

    cases = [("allreduce", 8, "ring"), ("allreduce", 8, "tree"), ("allreduce", 64, "tree"),
             ("allgather", 8, "tree"), ("broadcast", 8, "halving-doubling"), ("alltoall", 8, "hierarchical"),
             ("reducescatter", 12, "halving-doubling"), ("allgather", 6, "halving-doubling"),
             ("allreduce", 6, "halving-doubling"), ("reduce", 16, "hierarchical"), ("broadcast", 16, "tree"),
             ("p2p", 2, "ring"), ("alltoall", 8, "ring"), ("reduce", 8, "ring"), ("allgather", 16, "hierarchical")]
    for collective, ranks, algorithm in cases:
        result = plan(collective, ranks, 1 << 20, algorithm)
        assert "".join(p.text for p in result.convention_phrases) == result.convention
        for phrase in result.convention_phrases:
            for template in templates(phrase):
                assert ("comm", template) in sources, template
    assert ("moe", BUFFER_CAVEAT) in sources
    dense = moe_unavailable_problem(load_preset("classroom-7b"))
    assert ("moe", dense.template) in sources and dense.message.startswith("model.experts is 0: ")


def test_the_comm_tab_shows_model_sentences_through_the_translator(qtbot, qapp):
    """With the Chinese catalogue installed the tab's own strings are Chinese; the convention, its
    fallback note and the MoE reason reach the translator as their templates (a translator that
    marks the "comm" and "moe" contexts shows them marked, nested phrases too)."""
    installed = install_translators(qapp, "zh")
    marking = Marking(("comm", "moe"))
    qapp.installTranslator(marking)
    try:
        document = preset_document("classroom-7b")
        tab = shown(qtbot, CommTab(DocumentModel(document)), 1280, 760)
        assert tab.play_button.text() == QApplication.translate("CommTab", "Play") != "Play"
        tab.model.set_value("view.comm.collective", "allgather")
        tab.model.set_value("view.comm.algorithm", "tree")   # no tree all-gather: the ring, and a note
        summary = tab.figure.summary.text()
        assert "«tree is not defined for {collective}: ring used instead; »".format(collective="allgather") in summary
        assert "«ring, S = full gathered array; bytes sent per rank (n−1)/n·S»" in summary
        assert f"«; S is the nccl-tests size ({1 << 28} B)»" in summary
        tab.model.set_value("view.comm.algorithm", "hierarchical")
        tab.model.set_value("view.comm.ranks", 12)   # 12 ranks do not fill whole 8-GPU nodes
        assert "«hierarchical needs ranks (12) to be a multiple of gpus_per_node (8)»" in tab.figure.summary.text()
        message = tab.figure.moe_text.text()
        assert "«model.experts is 0: the MoE analysis needs an MoE model (set model.experts and model.top_k)»" \
            in message
        assert tab.figure.moe_text.toolTip() == f"«{BUFFER_CAVEAT}»"
    finally:
        qapp.removeTranslator(marking)
        for translator in installed:
            qapp.removeTranslator(translator)
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))


# ---------------------------------------------------------------------------------------------
# the MoE panes, the ring, the overlap bar, the HBM line, the mesh

def test_a_dense_model_replaces_the_moe_panes_with_the_message(classroom, qtbot):
    page = show_tab(classroom, "comm", qtbot)
    figure = page.figure
    assert not figure.heatmap.isVisible() and not figure.loads.isVisible()   # no empty axes
    assert figure.moe_text.isVisible()
    assert figure.moe_text.text().startswith("The MoE panels need a mixture-of-experts scenario (try the "
                                             "DeepSeek-V3 or Kimi K2 preset): model.experts is 0")
    classroom.model.set_scenario(load_preset("deepseek-v3"))
    qtbot.waitUntil(lambda: figure.heatmap.isVisible() and figure.loads.isVisible())
    assert len(figure.loads_chart.segments) == 2 * 64
    classroom.model.set_scenario(load_preset("classroom-7b"))
    assert not figure.heatmap.isVisible() and not figure.loads.isVisible()
    assert figure.loads_chart.segments == [] and figure.moe_text.text().startswith("The MoE panels need")


def scene_rect_of(view, x0: float, y0: float, width: float, height: float) -> QRectF:
    box = view.getPlotItem().getViewBox()
    corner, far = box.mapViewToScene(QPointF(x0, y0)), box.mapViewToScene(QPointF(x0 + width, y0 + height))
    return QRectF(corner, far).normalized()


@pytest.mark.parametrize("ranks", [3, 5, 8, 16])
def test_ring_labels_clear_every_row_of_chunk_squares_and_stay_in_view(classroom, qtbot, ranks):
    page = show_tab(classroom, "comm", qtbot)
    classroom.model.set_value("view.comm.ranks", ranks)
    ring = page.figure.ring
    qtbot.wait(30)
    opts = ring.cells.opts
    squares = [scene_rect_of(ring, x, y, w, h) for x, y, w, h in zip(opts["x0"], opts["y0"], opts["width"],
                                                                       opts["height"])]
    view = ring.getPlotItem().getViewBox().sceneBoundingRect()
    labels = ring.names.labels[:ranks]
    assert [label.toPlainText() for label in labels] == [f"rank {r}" for r in range(ranks)]
    boxes = [label.mapRectToScene(label.boundingRect()) for label in labels]
    for r, box in enumerate(boxes):
        assert view.contains(box), (r, box, view)
        assert not any(box.intersects(square) for square in squares), r
        assert not any(box.intersects(other) for other in boxes[r + 1:]), r


def test_the_exposed_label_stays_inside_the_overlap_plot(qtbot):
    window = open_window(qtbot, "deepseek-v3")
    page = show_tab(window, "comm", qtbot)
    for overlap in (0.0, 0.4, 1.0):
        window.model.set_value("view.comm.overlap", overlap)
        qtbot.wait(30)   # pyqtgraph applies a new range when it paints
        label = page.figure.overlap_chart.labels[0]
        assert "exposed" in label.toPlainText()
        box = label.mapRectToScene(label.boundingRect())
        assert page.figure.overlap_plot.getPlotItem().getViewBox().sceneBoundingRect().contains(box), overlap


def test_the_hbm_labels_stay_inside_their_plots(qtbot):
    window = open_window(qtbot, "deepseek-v3")
    figure = show_tab(window, "memory", qtbot).figure
    for plot, chart in ((figure.tiers, figure.tiers_chart), (figure.ranks, figure.ranks_chart)):
        label = chart.lines["capacity"].label
        assert label.toPlainText() == "HBM"
        box = label.mapRectToScene(label.boundingRect())
        assert plot.getPlotItem().getViewBox().sceneBoundingRect().contains(box)


def test_mesh_cells_name_their_rank_and_coordinates(classroom, qtbot):
    """Megatron's order tp-cp-ep-dp-pp puts tp fastest: with tp = 2 and dp = 4 rank r sits at
    tp r mod 2, dp r div 2 (Megatron-LM, megatron/core/parallel_state.py, RankGenerator)."""
    page = show_tab(classroom, "mesh", qtbot)
    mesh = page.mesh
    assert [cell_label_lines(r, axis_positions(mesh)) for r in (0, 5)] == [["r0", "dp0"], ["r5", "dp5"]]
    classroom.model.update({"parallel.tp": 2, "parallel.dp": 4})
    mesh = page.mesh
    positions = axis_positions(mesh)
    assert list(positions) == ["tp", "dp"]   # the axes of size > 1 (no expert axes for a dense model)
    for rank in range(8):
        assert cell_label_lines(rank, positions) == [f"r{rank}", f"tp{rank % 2} dp{rank // 2}"]
    cells = page.figure.views[0].labels.cells
    assert [lines for _, _, lines, _ in cells] == [cell_label_lines(r, positions) for r in range(8)]
    # a cell's label sits in its cell, and the cells of one TP group share their colour
    page.axis_box.setCurrentIndex(page.axis_box.findData("tp"))
    view = page.figure.views[0]
    colours = view.cell_colours
    assert all(colours[2 * g] == colours[2 * g + 1] for g in range(4)) and len(set(colours)) == 4
    for (x, y, _, _), rank in zip(view.labels.cells, range(8)):
        cx, cy = view.layout_.cell_centre(rank)
        assert (x, y) == (pytest.approx(float(cx)), pytest.approx(float(cy)))


# ---------------------------------------------------------------------------------------------
# presentation type

LEAVES = (QLabel, QAbstractScrollArea, QComboBox, QAbstractSpinBox)


def overlapping_parts(figure: QWidget) -> list[str]:
    """Pairs of the figure's visible texts and charts that cover each other, and wrapped labels
    lower than their lines."""
    import pyqtgraph as pg

    parts = []
    for widget in figure.findChildren(QWidget):
        if not widget.isVisible() or not isinstance(widget, LEAVES + (pg.PlotWidget,)):
            continue
        parent, inside = widget.parentWidget(), False
        while parent is not None and parent is not figure:
            inside = inside or isinstance(parent, LEAVES + (pg.PlotWidget,))
            parent = parent.parentWidget()
        if not inside:
            parts.append((widget, QRect(widget.mapTo(figure, QPoint(0, 0)), widget.size())))
    found = []
    for index, (a, rect_a) in enumerate(parts):
        if isinstance(a, QLabel) and a.wordWrap() and a.text() and a.maximumHeight() > 1 << 20 and \
                a.heightForWidth(a.width()) > a.height() + 1:
            found.append(f"{a.text()[:40]!r} lower than its lines")
        for b, rect_b in parts[index + 1:]:
            common = rect_a.intersected(rect_b)
            if common.width() > 1 and common.height() > 1:
                found.append(f"{type(a).__name__} {getattr(a, 'text', lambda: '')()[:30]!r} covers "
                             f"{type(b).__name__} {getattr(b, 'text', lambda: '')()[:30]!r}")
    return found


@pytest.fixture
def presentation_type(qapp):
    normal = qapp.font()
    large = qapp.font()
    large.setPointSizeF(normal.pointSizeF() * 1.5)
    qapp.setFont(large)
    yield
    qapp.setFont(normal)


@pytest.mark.parametrize("preset", PRESETS)
def test_presentation_type_at_1280_by_800_runs_nothing_into_anything(qtbot, presentation_type, preset):
    window = open_window(qtbot, preset)
    for tab in TABS:
        page = show_tab(window, tab, qtbot)
        qtbot.wait(60)   # the figure's scroll area fits it once its new texts are laid out
        assert overlapping_parts(page.export_widget()) == [], (preset, tab)
        assert (window.width(), window.height()) == (1280, 800), tab   # nothing grew the window: it scrolls


def shown_rank_ticks(gantt) -> tuple[int, float, list[str]]:
    """The Gantt's rank labels: every how many ranks, the pixels per rank, and the names."""
    shown = gantt.getPlotItem().getAxis("left")._tickLevels[0]
    view = gantt.getPlotItem().getViewBox()
    low, high = view.viewRange()[1]
    every = shown[1][0] - shown[0][0] if len(shown) > 1 else 1
    return every, view.boundingRect().height() / (high - low), [name for _, name in shown]


def test_every_rank_is_named_in_larger_type_and_many_ranks_thin_out(qtbot, presentation_type):
    """16 pipeline ranks in larger type: the Gantt grows (the figure scrolls) until each rank's
    label fits, its ascent and a gap ("rank 3" has no descenders); past LABELLED_RANKS ranks the
    labels are every k-th rank, k the least that keeps them apart."""
    from tslab.models.pipeline import simulate
    from tslab.views.pipeline.gantt import LABELLED_RANKS, GanttView

    window = open_window(qtbot, "deepseek-v3")
    page = show_tab(window, "pipeline", qtbot)
    gantt = page.figure.panels[0].gantt
    every, per_rank, names = shown_rank_ticks(gantt)
    assert every == 1 and names == [f"rank {r}" for r in range(16)]
    assert per_rank >= gantt.fontMetrics().ascent() + 2

    many = GanttView()
    qtbot.addWidget(many)
    many.resize(900, 400)
    many.show_simulation(simulate("1f1b", 2 * LABELLED_RANKS, 2 * LABELLED_RANKS))
    many.show()
    qtbot.waitExposed(many)
    every, per_rank, names = shown_rank_ticks(many)
    assert every > 1
    assert every * per_rank >= many.fontMetrics().ascent() + 2 > (every - 1) * per_rank
    assert names == [f"rank {r}" for r in np.arange(0, 2 * LABELLED_RANKS, every)]
