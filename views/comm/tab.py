"""Communication / MoE tab: a collective step by step on its ranks, its α–β time against message
size, exposed vs hidden communication, and MoE routing before and after MoonEP's planning.
Run alone with ``python -m tslab.views.comm [PRESET]``.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (QComboBox, QDoubleSpinBox, QFormLayout, QGroupBox, QHBoxLayout, QPushButton, QSlider,
                               QSpinBox, QVBoxLayout, QWidget)

from tslab.models.comm import COLLECTIVES, CollectiveResult, overlap, plan
from tslab.models.moe import analyse, route, settings_from
from tslab.views.comm.common import ANIMATION_RANK_LIMIT, NAMES, links
from tslab.views.comm.figure import CommFigure
from tslab.views.common import inputs_beside, scrolling
from tslab.views.labels import fields
from tslab.views.scenario_form import Field, ScenarioForm
from tslab.views.scenario_model import ScenarioModel


class CommTab(QWidget):
    """Collective controls and animation, α–β chart, overlap bar, and the MoE panel."""

    def __init__(self, model: ScenarioModel, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = model
        self.form = ScenarioForm(model, self._groups(), self)

        # collective controls
        self.collective_box = QComboBox(self)
        for name in COLLECTIVES:
            self.collective_box.addItem(NAMES[name], name)
        self.algorithm_box = QComboBox(self)
        for name, label in (("ring", self.tr("ring")), ("tree", self.tr("double binary tree")),
                            ("hierarchical", self.tr("hierarchical (node, then across)"))):
            self.algorithm_box.addItem(label, name)
        self.ranks_box = QSpinBox(self)
        self.ranks_box.setRange(2, 1024)
        self.ranks_box.setValue(8)
        self.size_box = QDoubleSpinBox(self)
        self.size_box.setRange(0.001, 65536)
        self.size_box.setDecimals(3)
        self.size_box.setValue(256)
        self.size_box.setSuffix(" MiB")
        self.compute_box = QDoubleSpinBox(self)
        self.compute_box.setRange(0, 1e6)
        self.compute_box.setValue(5.0)
        self.compute_box.setSuffix(" ms")
        self.overlap_box = QSlider(Qt.Orientation.Horizontal, self)
        self.overlap_box.setRange(0, 100)
        self.overlap_box.setValue(70)
        for widget in (self.collective_box, self.algorithm_box):
            widget.currentIndexChanged.connect(lambda _: self.refresh())
        for widget in (self.ranks_box, self.size_box, self.compute_box):
            widget.setKeyboardTracking(False)
            widget.valueChanged.connect(lambda _: self.refresh())
        self.overlap_box.valueChanged.connect(lambda _: self.refresh())
        controls = QGroupBox(self.tr("Collective"), self)
        form = QFormLayout(controls)
        form.addRow(self.tr("Collective"), self.collective_box)
        form.addRow(self.tr("Algorithm"), self.algorithm_box)
        form.addRow(self.tr("Ranks n"), self.ranks_box)
        form.addRow(self.tr("Message size S"), self.size_box)
        form.addRow(self.tr("Compute to overlap with"), self.compute_box)
        form.addRow(self.tr("Share that can overlap"), self.overlap_box)

        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(controls)
        left_layout.addWidget(self.form)
        left_layout.addStretch(1)
        scroll = scrolling(self, left, 330)

        self.figure = CommFigure(self)
        self.play_button = QPushButton(self.tr("Play"), self)
        self.play_button.setCheckable(True)
        self.play_button.toggled.connect(self.play)
        self.step_button = QPushButton(self.tr("Step one round"), self)
        self.step_button.clicked.connect(lambda: self.set_round(self.round + 1))
        self.scrub = QSlider(Qt.Orientation.Horizontal, self)
        self.scrub.valueChanged.connect(self.set_round)
        bar = QHBoxLayout()
        bar.addWidget(self.play_button)
        bar.addWidget(self.step_button)
        bar.addWidget(self.scrub, 1)
        right = QWidget(self)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(bar)
        right_layout.addWidget(self.figure, 1)
        inputs_beside(self, scroll, right, 340)

        self.timer = QTimer(self, interval=600)
        self.timer.timeout.connect(lambda: self.set_round(self.round + 1))
        self.round = 0
        self.result: CollectiveResult | None = None
        model.scenarioChanged.connect(lambda _: (self.refresh(), self.refresh_moe()))
        self.refresh()
        self.refresh_moe()

    # ------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        s = self.model.scenario
        collective, algorithm = self.collective_box.currentData(), self.algorithm_box.currentData()
        n = 2 if collective == "p2p" else self.ranks_box.value()
        size = int(self.size_box.value() * 2**20)
        try:
            self.result = plan(collective, n, size, algorithm, **links(s))
        except ValueError as exc:
            self.result = None
            self.figure.show_error(str(exc))
            return
        compute = self.compute_box.value() / 1e3
        split = overlap(self.result.time_s, compute, self.overlap_box.value() / 100)
        self.figure.show_collective(self.result, split, compute, s)
        rounds = self.result.rounds
        self.scrub.blockSignals(True)
        self.scrub.setRange(0, rounds)
        self.scrub.blockSignals(False)
        self.set_round(rounds if n > ANIMATION_RANK_LIMIT else 0)

    def refresh_moe(self) -> None:
        s = self.model.scenario
        m = s.model
        if not m.experts or m.experts % s.parallel.ep or s.parallel.ep < 2:
            self.figure.show_moe(None, self.tr("MoE needs experts > 0 divisible by an expert-parallel degree ep ≥ 2 "
                                               "(try the DeepSeek-V3 or Kimi K2 preset)."), s)
            return
        settings = settings_from(s)
        link = links(s)
        result = analyse(m.experts, m.top_k, s.parallel.ep, m.hidden, settings, gpus_per_node=link["gpus_per_node"],
                         bw_intra_Bps=link["bw_intra_Bps"], bw_inter_Bps=link["bw_inter_Bps"],
                         alpha_intra_s=link["alpha_intra_s"], alpha_inter_s=link["alpha_inter_s"])
        load = route(m.experts, m.top_k, s.parallel.ep, settings, link["gpus_per_node"])
        self.figure.show_moe(result, "", s, load)

    def set_round(self, k: int) -> None:
        if self.result is None:
            return
        self.round = max(0, min(k, self.result.rounds))
        if self.figure.ring.isVisible():
            self.figure.ring.set_round(self.round)
        self.figure.round_label.setText(
            self.tr("round {k} of {rounds}").format(k=self.round, rounds=self.result.rounds))
        self.scrub.blockSignals(True)
        self.scrub.setValue(self.round)
        self.scrub.blockSignals(False)
        if self.round >= self.result.rounds and self.play_button.isChecked():
            self.play_button.setChecked(False)

    def play(self, on: bool) -> None:
        self.play_button.setText(self.tr("Pause") if on else self.tr("Play"))
        if on:
            if self.result is not None and self.round >= self.result.rounds:
                self.set_round(0)
            self.timer.start()
        else:
            self.timer.stop()

    def export_widget(self) -> QWidget:
        return self.figure

    def fit_to_size(self) -> None:
        """Export: show the collective half way through, chunks in flight."""
        if self.result is not None:
            self.set_round(self.result.rounds // 2)

    def export_error(self) -> str | None:
        return None if self.result is not None else "no valid collective"

    def _groups(self) -> list[tuple[str, list[Field]]]:
        return [
            (self.tr("Links"), fields("cluster.gpus_per_node", "cluster.intra_bw_gbps", "cluster.inter_bw_gbps",
                                      "cluster.intra_latency_us", "cluster.inter_latency_us")),
            (self.tr("MoE routing"), fields("model.experts", "model.top_k", "parallel.ep", "moe.tokens_per_rank",
                                            "moe.routing", "moe.max_nodes", "moe.dispatch_precision", "moe.seed")),
        ]
