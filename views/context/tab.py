"""Long Context & V4 tab: context parallelism step by step (Ulysses, Ring, USP, DeepSeek-V4's
two-stage CP, Kimi K3's KDA CP), Muon with a ZeRO-sharded optimizer, and FP32 → BF16 stochastic
rounding. Run alone with ``python -m tslab.views.context [PRESET]``.
"""
from __future__ import annotations

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QPushButton, QSlider, QTabWidget, QWidget

from tslab.models.context import ContextAnalysis
from tslab.models.derived import CONTEXT, MUON, SR, Failed
from tslab.models.document import CONTEXT_PAGES, CONTEXT_SCHEMES
from tslab.views.common import controls_above, inputs_beside, problems_line
from tslab.views.context.muon_figure import MuonFigure
from tslab.views.context.parallel_figure import ParallelFigure
from tslab.views.context.sr_figure import SrFigure
from tslab.views.document_model import DocumentModel
from tslab.views.document_tab import DocumentTab
from tslab.views.figure_fit import FigureScroll
from tslab.views.labels import fields
from tslab.views.layout import FlowBar, ShownDegree, inputs_column
from tslab.views.runner import Runner
from tslab.views.scenario_form import Field, ScenarioForm

STEP_MS = 700                  # one animation step while playing


class ContextTab(DocumentTab):
    """Inputs on the left; three pages on the right (`view.context.page`): context parallelism
    with a scheme selector (`view.context.scheme`) and its animation (`view.context.step`, −1 =
    the last step), Muon × ZeRO, and stochastic rounding. A page is drawn when it is shown and
    its result changed."""

    reads = (CONTEXT, MUON, SR, "view.context")

    def __init__(self, model: DocumentModel, parent: QWidget | None = None):
        super().__init__(model, parent)
        self.form = ScenarioForm(model, self._groups(), self)
        self.inputs = inputs_column(self, self.form)

        self.parallel_figure = ParallelFigure(self)
        self.muon_figure = MuonFigure(self)
        self.sr_figure = SrFigure(self)
        self.figures = {"parallel": self.parallel_figure, "muon": self.muon_figure, "sr": self.sr_figure}

        names = {"ulysses": self.tr("Ulysses"), "ring": self.tr("Ring"), "usp": self.tr("USP"),
                 "two-stage": self.tr("Two-stage (V4)"), "kda": self.tr("KDA (K3)")}
        self.scheme_buttons: dict[str, QPushButton] = {}
        self.scheme_group = QButtonGroup(self)
        self.scheme_group.setExclusive(True)
        for scheme in CONTEXT_SCHEMES:
            button = QPushButton(names[scheme], self)
            button.setCheckable(True)
            button.clicked.connect(lambda _=False, s=scheme: self.model.set_value("view.context.scheme", s))
            self.scheme_group.addButton(button)
            self.scheme_buttons[scheme] = button
        self.play_button = QPushButton(self.tr("Play"), self)
        self.play_button.setCheckable(True)
        self.play_button.setToolTip(self.tr("Play the steps; with reduced motion (View → Reduced Motion) it jumps "
                                            "to the end"))
        self.play_button.toggled.connect(self.play)
        self.step_button = QPushButton(self.tr("Step"), self)
        self.step_button.clicked.connect(lambda: self.keep_step(self.step + 1))
        self.scrub = QSlider(Qt.Orientation.Horizontal, self)
        self.scrub.setMinimumWidth(80)
        self.scrub.valueChanged.connect(self._scrubbed)
        self.scrub.setMinimumWidth(120)
        self.scrub.setAccessibleName(self.tr("Step shown"))
        # The CP degree taught when the scenario itself has cp = 1 (view.context.degree; 0 = auto)
        self.degree = ShownDegree(self, model, "view.context.degree", self.tr("CP shown"), self.tr("CP degree shown"),
                                  self.tr("The context-parallel degree the figure teaches when the scenario trains "
                                          "without CP (cp = 1): auto is the largest of 8, 4, 2 that its model and "
                                          "cluster allow; 1 shows the scenario as it is"),
                                  self.tr("auto"))
        self.degree_label, self.degree_box = self.degree.label, self.degree.box
        # one row at 1280 px; in larger type the buttons wrap onto a second row instead of widening the window
        groups: list[list[QWidget]] = [[button] for button in self.scheme_buttons.values()]
        groups += [[self.play_button, self.step_button], [self.scrub], [self.degree_label, self.degree_box]]
        self.controls_bar = FlowBar(self, groups, spacing=4)
        bar = QHBoxLayout()
        bar.addWidget(self.controls_bar, 1)

        self.pages = QTabWidget(self)
        self.pages.tabBar().setAccessibleName(self.tr("Pages"))
        self.pages.addTab(controls_above(self, bar, FigureScroll(self.parallel_figure, self)),
                          self.tr("Context parallelism"))
        self.pages.addTab(FigureScroll(self.muon_figure, self), self.tr("Muon × ZeRO"))
        self.pages.addTab(FigureScroll(self.sr_figure, self), self.tr("Stochastic rounding"))
        self.pages.currentChanged.connect(
            lambda index: self.model.set_value("view.context.page", CONTEXT_PAGES[index]))
        inputs_beside(self, self.inputs, self.pages, 340)

        self.timer = QTimer(self, interval=STEP_MS)
        self.timer.timeout.connect(self._tick)
        self.step: int = 0   # the step shown (its type for the Step button's lambda above)
        self.analysis: ContextAnalysis | None = None
        self._shown: dict[str, tuple | None] = dict.fromkeys(CONTEXT_PAGES)   # what each page draws
        self.muon_runner = Runner(self, synchronous=model.synchronous, name="tslab-muon")
        self.muon_runner.done.connect(lambda results: self._show_muon(results[0]))
        self.muon_runner.failed.connect(self.muon_figure.show_failed)
        self.sr_runner = Runner(self, synchronous=model.synchronous, name="tslab-sr")
        self.sr_runner.done.connect(lambda results: self._show_sr(results[0]))
        self.sr_runner.failed.connect(self.sr_figure.show_failed)
        self.refresh()

    # ------------------------------------------------------------------------------------------
    def _show_controls(self) -> None:
        """Put the document's page and scheme into the controls, without emitting edits."""
        v = self.model.view.context
        index = CONTEXT_PAGES.index(v.page)
        if self.pages.currentIndex() != index:
            self.pages.blockSignals(True)
            self.pages.setCurrentIndex(index)
            self.pages.blockSignals(False)
        button = self.scheme_buttons[v.scheme]
        if not button.isChecked():
            button.setChecked(True)
        self.degree.show_degree(v.degree, self.model.scenario.parallel.cp == 1)   # with CP: its own

    def refresh(self, keys: frozenset[str] | None = None) -> None:
        """Draw the page shown, if what it shows changed (a page not shown is drawn when it is)."""
        self._show_controls()
        page = self.model.view.context.page
        if page == "parallel":
            self._refresh_parallel()
        elif page == "muon":
            self._refresh_muon()
        else:
            self._refresh_sr()

    def _refresh_parallel(self) -> None:
        document = self.model.document
        shown = (CONTEXT.key(document), document.view.context.scheme)
        redrawn = self._shown["parallel"] != shown
        if redrawn:
            self._shown["parallel"] = shown
            self.play_button.setChecked(False)
            # an invalid scenario: the banner's error, not a CP = 1 figure of a layout that cannot be
            result = (Failed(problems_line(self.model.errors))
                      if self.model.errors else self.model.result(CONTEXT))
            if isinstance(result, Failed):
                self.analysis = None
                self.parallel_figure.show_reason(self.model.scenario.title, result.reason)
            else:
                self.analysis = result
                self.parallel_figure.show_analysis(result, document.view.context.scheme)
            last = self.last_step
            for control in (self.play_button, self.step_button, self.scrub):
                control.setEnabled(self.analysis is not None and last > 0)
            self.scrub.blockSignals(True)
            self.scrub.setRange(0, last)
            self.scrub.blockSignals(False)
        if not self.timer.isActive() and (redrawn or self.document_step() != self.step):
            self.set_step(self.document_step())

    def _refresh_muon(self) -> None:
        key = MUON.key(self.model.document)
        if self._shown["muon"] == key:
            return
        self._shown["muon"] = key
        if self.model.errors:   # the banner's error rather than a packing of a layout that cannot be
            self._show_muon(Failed(problems_line(self.model.errors)))
            return
        p = self.model.scenario.parallel
        self.show_derived(self.muon_runner, MUON, self._show_muon, lambda: self.muon_figure.show_busy(
            self.tr("Packing the dense matrices over {ranks:,} ZeRO ranks…").format(ranks=p.dp * p.cp)))

    def _show_muon(self, result) -> None:
        if isinstance(result, Failed):
            self.muon_figure.show_failed(result.reason)
        else:
            self.muon_figure.show_analysis(result, auto=self.model.scenario.muon.p_max == 0)

    def _refresh_sr(self) -> None:
        key = SR.key(self.model.document)
        if self._shown["sr"] == key:
            return
        self._shown["sr"] = key
        s = self.model.scenario.sr
        self.show_derived(self.sr_runner, SR, self._show_sr, lambda: self.sr_figure.show_busy(
            self.tr("Rounding {samples:,} samples and accumulating {steps:,} updates…").format(
                samples=s.samples, steps=s.steps)))

    def _show_sr(self, result) -> None:
        if isinstance(result, Failed):
            self.sr_figure.show_failed(result.reason)
        else:
            self.sr_figure.show_analysis(result)

    # ------------------------------------------------------------------------------------------
    @property
    def last_step(self) -> int:
        return self.parallel_figure.panel.last_step if self.analysis is not None else 0

    def document_step(self) -> int:
        """The step the document shows (−1: the last)."""
        k = self.model.view.context.step
        return self.last_step if k < 0 else min(k, self.last_step)

    def set_step(self, k: int) -> None:
        """Draw step k (clamped to the scheme's steps)."""
        self.step = max(0, min(k, self.last_step))
        self.parallel_figure.set_step(self.step)
        self.scrub.blockSignals(True)
        self.scrub.setValue(self.step)
        self.scrub.blockSignals(False)

    def keep_step(self, k: int) -> None:
        """Show step k and write it into the document (the last step as −1)."""
        self.set_step(k)
        self.model.set_value("view.context.step", -1 if self.step >= self.last_step else self.step)

    def _scrubbed(self, k: int) -> None:
        self.set_step(k)
        value = -1 if self.step >= self.last_step else self.step
        if self.scrub.isSliderDown():
            self.model.update_later({"view.context.step": value})   # one edit per frame while dragged
        else:
            self.model.set_value("view.context.step", value)

    def play(self, on: bool) -> None:
        self.play_button.setText(self.tr("Pause") if on else self.tr("Play"))
        if on and QSettings().value("reducedMotion", False, type=bool):
            self.play_button.setChecked(False)   # reduced motion: straight to the end state
            self.keep_step(self.last_step)
            return
        if on:
            if self.step >= self.last_step:
                self.set_step(0)
            self.timer.start()
        elif self.timer.isActive():
            self.timer.stop()
            self.keep_step(self.step)

    def _tick(self) -> None:
        self.set_step(self.step + 1)
        if self.step >= self.last_step:
            self.play_button.setChecked(False)

    # Lecture hooks (the main window's keyboard shortcuts) ----------------------------------------
    @property
    def animated(self) -> bool:
        """Whether the page shown has steps: the context-parallel page with an analysis of more
        than one step."""
        return self.model.view.context.page == "parallel" and self.analysis is not None and self.last_step > 0

    def step_animation(self, delta: int) -> bool:
        """Show the step `delta` steps on (back when negative) of the current scheme; False when the
        page shown has no steps."""
        if not self.animated:
            return False
        self.play_button.setChecked(False)
        self.keep_step(self.step + delta)
        return True

    def animation_to(self, end: bool) -> bool:
        """Show the scheme's last step (`end`) or its first; False when the page shown has no steps."""
        if not self.animated:
            return False
        self.play_button.setChecked(False)
        self.keep_step(self.last_step if end else 0)
        return True

    # ------------------------------------------------------------------------------------------
    def export_widget(self) -> QWidget:
        """The current page's figure, as drawn on screen."""
        return self.figures[self.model.view.context.page]

    def fit_to_size(self) -> None:
        """Export: the rank panels arranged for the figure's final size."""
        if self.model.view.context.page == "parallel" and self.analysis is not None:
            self.parallel_figure.panel.fit()

    def export_error(self) -> str | None:
        """Why the current page has nothing to draw (plain text), or None."""
        page = self.model.view.context.page
        computation, what = {"parallel": (CONTEXT, "context-parallel"), "muon": (MUON, "Muon"),
                             "sr": (SR, "stochastic-rounding")}[page]
        result = self.model.result(computation)
        return f"no {what} analysis: {result.reason}" if isinstance(result, Failed) else None

    def _groups(self) -> list[tuple[str, list[Field]]]:
        return [
            (self.tr("Context parallel"), fields("parallel.cp", "model.seq_len", "model.heads", "model.kv_heads",
                                                 "context.ulysses", "context.zigzag", "context.compress_ratio",
                                                 "context.attention_efficiency")),
            (self.tr("Muon × ZeRO"), fields("muon.p_max", "muon.max_matrices", "muon.ns_steps")),
            (self.tr("Stochastic rounding"), fields("sr.x", "sr.samples", "sr.seed", "sr.steps", "sr.update",
                                                    "sr.ranks")),
        ]
