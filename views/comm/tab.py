"""Communication / MoE tab: a collective step by step on its ranks, its α–β time against message
size, exposed vs hidden communication, and MoE routing before and after MoonEP's planning.
Run alone with ``python -m tslab.views.comm [PRESET]``.
"""
from __future__ import annotations

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import (QComboBox, QDoubleSpinBox, QFormLayout, QGroupBox, QHBoxLayout, QPushButton, QSlider,
                               QSpinBox, QVBoxLayout, QWidget)

from tslab.models.comm import (ALGORITHMS, COLLECTIVES, CollectiveResult, normalise_algorithm, normalise_collective,
                               overlap)
from tslab.models.comm.planner import argument_problem
from tslab.models.derived import ALPHA_BETA, COLLECTIVE, MOE, Failed, collective_inputs
from tslab.models.hardware import link_tiers
from tslab.models.moe import moe_unavailable_problem
from tslab.views.comm.common import ANIMATION_RANK_LIMIT, NAMES
from tslab.views.comm.figure import CommFigure
from tslab.views.common import controls_above, inputs_beside
from tslab.views.document_model import DocumentModel
from tslab.views.document_tab import DocumentTab
from tslab.views.figure_fit import FigureScroll
from tslab.views.labels import fields
from tslab.views.layout import inputs_column
from tslab.views.runner import Runner
from tslab.views.scenario_form import Field, ScenarioForm
from tslab.views.texts import invalid_header, translate_phrase, translate_template

MIB = 1 << 20
OVERLAP_KEYS = ("view.comm.compute_ms", "view.comm.overlap")


class CommTab(DocumentTab):
    """Collective controls and animation, α–β chart, overlap bar, and the MoE panel. The
    collective's settings and the round shown (`view.comm.*`) are the document's."""

    reads = (COLLECTIVE, ALPHA_BETA, MOE, "view.comm")

    def __init__(self, model: DocumentModel, parent: QWidget | None = None):
        super().__init__(model, parent)
        self.form = ScenarioForm(model, self._groups(), self)

        # collective controls
        self.collective_box = QComboBox(self)
        for name in COLLECTIVES:
            self.collective_box.addItem(NAMES[name], name)
        self.algorithm_box = QComboBox(self)
        names = {"ring": self.tr("ring"), "tree": self.tr("double binary tree"),
                 "hierarchical": self.tr("hierarchical (node, then across)"),
                 "halving-doubling": self.tr("recursive halving/doubling")}
        for name in ALGORITHMS:
            self.algorithm_box.addItem(names[name], name)
        self.ranks_box = QSpinBox(self)
        self.ranks_box.setRange(2, 1024)
        self.size_box = QDoubleSpinBox(self)
        self.size_box.setRange(0.001, 65536)
        self.size_box.setDecimals(3)
        self.size_box.setSuffix(" MiB")
        self.compute_box = QDoubleSpinBox(self)
        self.compute_box.setRange(0, 1e6)
        self.compute_box.setSuffix(" ms")
        self.overlap_box = QSlider(Qt.Orientation.Horizontal, self)
        self.overlap_box.setRange(0, 100)
        self.collective_box.currentIndexChanged.connect(
            lambda _: self.model.set_value("view.comm.collective", self.collective_box.currentData()))
        self.algorithm_box.currentIndexChanged.connect(
            lambda _: self.model.set_value("view.comm.algorithm", self.algorithm_box.currentData()))
        for widget in (self.ranks_box, self.size_box, self.compute_box):
            widget.setKeyboardTracking(False)
        self.ranks_box.valueChanged.connect(lambda n: self.model.set_value("view.comm.ranks", n))
        self.size_box.valueChanged.connect(
            lambda mib: self.model.set_value("view.comm.bytes", max(1, round(mib * MIB))))
        self.compute_box.valueChanged.connect(lambda ms: self.model.set_value("view.comm.compute_ms", ms))
        self.overlap_box.valueChanged.connect(self._overlap_moved)
        self.overlap_box.sliderReleased.connect(
            lambda: self.model.set_value("view.comm.overlap", self.overlap_box.value() / 100))
        controls = QGroupBox(self.tr("Collective"), self)
        form = QFormLayout(controls)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a long label puts its input below
        rows: tuple[tuple[str, QWidget], ...] = (
            (self.tr("Collective"), self.collective_box), (self.tr("Algorithm"), self.algorithm_box),
            (self.tr("Ranks n"), self.ranks_box), (self.tr("Message size S"), self.size_box),
            (self.tr("Compute to overlap with"), self.compute_box),
            (self.tr("Share that can overlap"), self.overlap_box))
        for text, control in rows:
            control.setAccessibleName(text)   # what a screen reader says: its label
            form.addRow(text, control)

        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(controls)
        left_layout.addWidget(self.form)
        left_layout.addStretch(1)
        self.inputs = inputs_column(self, left)

        self.figure = CommFigure(self)
        self.play_button = QPushButton(self.tr("Play"), self)
        self.play_button.setCheckable(True)
        self.play_button.setToolTip(self.tr("Play the rounds; with reduced motion (View → Reduced Motion) it "
                                            "jumps to the last round"))
        self.play_button.toggled.connect(self.play)
        self.step_button = QPushButton(self.tr("Step one round"), self)
        self.step_button.clicked.connect(lambda: self.keep_round(self.round + 1))
        self.scrub = QSlider(Qt.Orientation.Horizontal, self)
        self.scrub.setAccessibleName(self.tr("Round shown"))
        self.scrub.valueChanged.connect(self._scrubbed)
        bar = QHBoxLayout()
        bar.addWidget(self.play_button)
        bar.addWidget(self.step_button)
        bar.addWidget(self.scrub, 1)
        inputs_beside(self, self.inputs, controls_above(self, bar, FigureScroll(self.figure, self)), 340)

        self.timer = QTimer(self, interval=600)
        self.timer.timeout.connect(lambda: self.set_round(self.round + 1))
        self.round: int = 0
        self.result: CollectiveResult | None = None
        self.runner = Runner(self, synchronous=model.synchronous, name="tslab-moe")
        self.runner.done.connect(lambda results: self._show_moe(results[0]))
        self.runner.failed.connect(lambda message: self.figure.show_moe(None, message))
        self.refresh()

    # ------------------------------------------------------------------------------------------
    def _show_controls(self) -> None:
        """Put the document's view state into the controls, without emitting edits."""
        v = self.model.view.comm
        for box, value in ((self.collective_box, v.collective), (self.algorithm_box, v.algorithm)):
            index = box.findData(value)
            if index != box.currentIndex():
                box.blockSignals(True)
                box.setCurrentIndex(index)
                box.blockSignals(False)
        for widget, value in ((self.ranks_box, v.ranks), (self.size_box, v.bytes / MIB),
                              (self.compute_box, v.compute_ms), (self.overlap_box, round(v.overlap * 100))):
            if widget.value() != value and not (widget is self.overlap_box and widget.isSliderDown()):
                widget.blockSignals(True)
                widget.setValue(value)
                widget.blockSignals(False)
        self.ranks_box.setEnabled(v.collective != "p2p")  # P2P is between two ranks

    def refresh(self, keys: frozenset[str] | None = None) -> None:
        """Re-derive what `keys` concern: the collective, its α–β curves, the overlap bar, the
        round shown, the MoE panel."""
        self._show_controls()
        collective = keys is None or COLLECTIVE.concerns(keys)
        if collective:
            result = self.model.result(COLLECTIVE)
            self.result = None if isinstance(result, Failed) else result
            if self.result is None:
                self.figure.show_error(self.collective_reason(result.reason))
            else:
                self.figure.show_collective(self.result)
                self.scrub.blockSignals(True)
                self.scrub.setRange(0, self.result.rounds)
                self.scrub.blockSignals(False)
        if self.result is not None:
            if collective or (keys is not None and ALPHA_BETA.concerns(keys)):
                curves = self.model.result(ALPHA_BETA)
                self.figure.show_alpha_beta(self.result, None if isinstance(curves, Failed) else curves)
            if collective or (keys is not None and any(key in OVERLAP_KEYS for key in keys)):
                v = self.model.view.comm
                compute = v.compute_ms / 1e3
                self.figure.show_overlap(overlap(self.result.time_s, compute, v.overlap), compute)
            if not self.timer.isActive():
                self.set_round(self.document_round())
        if keys is None or MOE.concerns(keys):
            self.refresh_moe()

    def refresh_moe(self) -> None:
        """Route and plan the MoE layer: on the runner when it routes many token·expert picks
        (models.derived.heavy; the analysis at its limit takes about a second)."""
        s = self.model.scenario
        if self.model.errors:   # the banner's error, not the routing of a layout that cannot be
            self.runner.cancel()
            self.figure.show_moe(None, invalid_header(self.model.errors))
            return
        self.show_derived(self.runner, MOE, self._show_moe, lambda: self.figure.show_moe(
            None, self.tr("Routing {tokens:,} tokens…").format(tokens=s.parallel.ep * s.moe.tokens_per_rank)))

    def _show_moe(self, result) -> None:
        if isinstance(result, Failed):
            self.figure.show_moe(None, self.tr("The MoE panels need a mixture-of-experts scenario (try the "
                                               "DeepSeek-V3 or Kimi K2 preset): {reason}").format(
                                                   reason=self.moe_reason(result.reason)))
        else:
            self.figure.show_moe(result)

    def collective_reason(self, reason: str) -> str:
        """Why the collective cannot be planned, in the UI language: the planner's phrase when the
        reason is the one it gives for the tab's arguments (else as it came)."""
        collective, ranks, size, algorithm = collective_inputs(self.model.document)
        try:
            problem = argument_problem(normalise_collective(collective), ranks, size, normalise_algorithm(algorithm),
                                       **link_tiers(self.model.scenario.cluster).kwargs())
        except ValueError:
            return reason
        return translate_phrase(problem) if problem is not None and problem.text == reason else reason

    def moe_reason(self, reason: str) -> str:
        """Why the scenario has no MoE analysis, in the UI language: the model's template when the
        reason is the one moe_unavailable gives (else, a failure of the run, as it came)."""
        problem = moe_unavailable_problem(self.model.scenario)
        if problem is None or problem.message != reason:
            return reason
        return translate_template("moe", problem.template, problem.args)

    def document_round(self) -> int:
        """The round the document shows (−1: half way through)."""
        k = self.model.view.comm.round
        return self.result.rounds // 2 if k < 0 and self.result is not None else max(k, 0)

    def set_round(self, k: int) -> None:
        if self.result is None:
            return
        self.round = max(0, min(k, self.result.rounds))
        animated = self.result.ranks <= ANIMATION_RANK_LIMIT
        for control in (self.play_button, self.step_button, self.scrub):
            control.setEnabled(animated)
        if not animated:  # the label keeps saying why nothing is animated
            return
        if self.figure.ring.result is self.result:   # drawn (few ranks), shown or exported
            self.figure.ring.set_round(self.round)
        self.figure.round_label.setText(
            self.tr("round {k} of {rounds}").format(k=self.round, rounds=self.result.rounds))
        self.scrub.blockSignals(True)
        self.scrub.setValue(self.round)
        self.scrub.blockSignals(False)
        if self.round >= self.result.rounds and self.play_button.isChecked():
            self.play_button.setChecked(False)

    def keep_round(self, k: int) -> None:
        """Show round k and write it into the document."""
        self.set_round(k)
        if self.result is not None:
            self.model.set_value("view.comm.round", self.round)

    def _scrubbed(self, k: int) -> None:
        self.set_round(k)
        if self.scrub.isSliderDown():
            self.model.update_later({"view.comm.round": self.round})
        else:
            self.model.set_value("view.comm.round", self.round)

    def _overlap_moved(self, percent: int) -> None:
        if self.overlap_box.isSliderDown():
            self.model.update_later({"view.comm.overlap": percent / 100})  # one edit per frame
        else:
            self.model.set_value("view.comm.overlap", percent / 100)

    def play(self, on: bool) -> None:
        self.play_button.setText(self.tr("Pause") if on else self.tr("Play"))
        if on and QSettings().value("reducedMotion", False, type=bool):
            self.play_button.setChecked(False)   # reduced motion: straight to the end state
            if self.result is not None:
                self.keep_round(self.result.rounds)
            return
        if on:
            if self.result is not None and self.round >= self.result.rounds:
                self.set_round(0)
            self.timer.start()
        elif self.timer.isActive():
            self.timer.stop()
            self.keep_round(self.round)

    # Lecture hooks (the main window's keyboard shortcuts) ----------------------------------------
    @property
    def animated(self) -> bool:
        """Whether the collective is drawn round by round (few enough ranks)."""
        return self.result is not None and self.result.ranks <= ANIMATION_RANK_LIMIT

    def step_animation(self, delta: int) -> bool:
        """Show the round `delta` rounds on (back when negative); False when nothing is animated."""
        if not self.animated:
            return False
        self.play_button.setChecked(False)
        self.keep_round(self.round + delta)
        return True

    def animation_to(self, end: bool) -> bool:
        """Show the last round (`end`) or the first; False when nothing is animated."""
        if not self.animated or self.result is None:
            return False
        self.play_button.setChecked(False)
        self.keep_round(self.result.rounds if end else 0)
        return True

    def export_error(self) -> str | None:
        result = self.model.result(COLLECTIVE)
        return "no valid collective: " + result.reason if isinstance(result, Failed) else None

    def _groups(self) -> list[tuple[str, list[Field]]]:
        return [
            (self.tr("Links"), fields("cluster.gpus_per_node", "cluster.intra_bw_gbps", "cluster.inter_bw_gbps",
                                      "cluster.intra_latency_us", "cluster.inter_latency_us")),
            (self.tr("MoE routing"), fields("model.experts", "model.top_k", "parallel.ep", "moe.tokens_per_rank",
                                            "moe.routing", "moe.max_nodes", "moe.dispatch_precision", "moe.seed")),
        ]
