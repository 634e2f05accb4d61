"""Grouped input widgets bound to scenario keys; any tab builds its inputs from a field list."""
from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, Sequence

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QGroupBox, QHBoxLayout,
                               QLabel, QSlider, QSpinBox, QVBoxLayout, QWidget)

from tslab.models import scenario as sc
from tslab.views.scenario_model import ScenarioModel

INT_MAX = 2**31 - 1
DRAG_INTERVAL_MS = 30  # while a slider is dragged, recompute at most this often


@dataclass(frozen=True)
class Field:
    """One input: a scenario key, its translated label and tooltip, and how to show it."""
    key: str
    label: str
    tip: str = ""
    choices: tuple[tuple[str, str], ...] = ()  # (value, translated label); default: the key's choices
    scale: float = 1.0                         # shown value = stored value / scale
    suffix: str = ""
    decimals: int = 2


@functools.cache
def _meta(key: str) -> dataclasses.Field:
    section, _, name = key.partition(".")
    return {f.name: f for f in dataclasses.fields(sc.SECTIONS[section])}[name]


def _kind(key: str) -> str:
    return str(_meta(key).type)


class FieldEditor(QWidget):
    """An input for one scenario key: spin box, combo box, check box or percentage slider."""

    edited = Signal(str, object)  # key, value

    def __init__(self, spec: Field, parent: QWidget | None = None):
        super().__init__(parent)
        self.spec = spec
        meta, kind = _meta(spec.key), _kind(spec.key)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self._throttle: QTimer | None = None  # only sliders need one
        self.kind = kind
        choices = spec.choices or tuple((c, c) for c in (meta.metadata.get("choices") or ()))
        if kind == "bool":
            self.widget = QCheckBox(self)
            self.widget.toggled.connect(self._emit)
        elif choices:
            self.widget = QComboBox(self)
            for value, label in choices:
                self.widget.addItem(label, value)
            self.widget.currentIndexChanged.connect(self._emit)
        elif kind == "float" and meta.metadata.get("high") == 1.0 and spec.suffix == "%":
            self.widget = QSlider(Qt.Orientation.Horizontal, self)
            self.widget.setRange(0, 100)
            self.widget.setPageStep(10)
            self._percent = QLabel(self)
            self._percent.setMinimumWidth(38)
            self._percent.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self._throttle = QTimer(self, singleShot=True, interval=DRAG_INTERVAL_MS)
            self._throttle.timeout.connect(self._emit)
            self.widget.valueChanged.connect(self._slid)
            self.widget.sliderReleased.connect(self._emit)
            layout.addWidget(self._percent)
        elif kind == "int" and spec.scale == 1.0:
            self.widget = QSpinBox(self)
            low, high = meta.metadata.get("low") or 0, meta.metadata.get("high") or INT_MAX
            self.widget.setRange(int(low), int(min(high, INT_MAX)))
            self.widget.setKeyboardTracking(False)
            self.widget.setAccelerated(True)
            self.widget.valueChanged.connect(self._emit)
        else:
            self.widget = QDoubleSpinBox(self)
            low, high = meta.metadata.get("low") or 0.0, meta.metadata.get("high") or 1e18
            self.widget.setDecimals(spec.decimals)
            self.widget.setRange(low / spec.scale, high / spec.scale)
            self.widget.setKeyboardTracking(False)
            self.widget.setSuffix(spec.suffix)
            self.widget.valueChanged.connect(self._emit)
        if spec.tip:
            self.widget.setToolTip(spec.tip)
        layout.insertWidget(0, self.widget, 1)

    def value(self) -> Any:
        w = self.widget
        if isinstance(w, QCheckBox):
            return w.isChecked()
        if isinstance(w, QComboBox):
            return w.currentData()
        if isinstance(w, QSlider):
            return w.value() / 100
        if isinstance(w, QSpinBox):
            return w.value()
        value = w.value() * self.spec.scale
        return round(value) if self.kind == "int" else value

    def set_value(self, value: Any) -> None:
        """Show `value` without emitting an edit (and without a repaint when it is shown already)."""
        if value == self.value():
            return
        w = self.widget
        w.blockSignals(True)
        try:
            if isinstance(w, QCheckBox):
                w.setChecked(bool(value))
            elif isinstance(w, QComboBox):
                index = w.findData(value)
                if index < 0:
                    w.addItem(str(value), value)
                    index = w.count() - 1
                w.setCurrentIndex(index)
            elif isinstance(w, QSlider):
                w.setValue(round(value * 100))
                self._percent.setText(f"{round(value * 100)}%")
            elif isinstance(w, QSpinBox):
                w.setValue(int(value))
            else:
                w.setValue(value / self.spec.scale)
        finally:
            w.blockSignals(False)

    def _slid(self, percent: int) -> None:
        self._percent.setText(f"{percent}%")
        if self.widget.isSliderDown():
            if not self._throttle.isActive():
                self._throttle.start()
        else:
            self._emit()

    def _emit(self, *_: Any) -> None:
        if self._throttle is not None:
            self._throttle.stop()
        self.edited.emit(self.spec.key, self.value())


class ScenarioForm(QWidget):
    """Group boxes of FieldEditors that edit `model` and follow its changes."""

    def __init__(self, model: ScenarioModel, groups: Sequence[tuple[str, Sequence[Field]]],
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.model = model
        self.editors: dict[str, FieldEditor] = {}
        self.group_boxes: list[QGroupBox] = []
        column = QVBoxLayout(self)
        column.setContentsMargins(4, 4, 4, 4)
        for title, fields in groups:
            box = QGroupBox(title, self)
            form = QFormLayout(box)
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
            form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
            for spec in fields:
                editor = FieldEditor(spec, box)
                editor.edited.connect(self._edited)
                label = QLabel(spec.label, box)
                if spec.tip:
                    label.setToolTip(spec.tip)
                form.addRow(label, editor)
                self.editors[spec.key] = editor
            column.addWidget(box)
            self.group_boxes.append(box)
        column.addStretch(1)
        model.scenarioChanged.connect(self.show_scenario)
        self.show_scenario(model.scenario)

    def show_scenario(self, scenario: sc.Scenario) -> None:
        for key, editor in self.editors.items():
            editor.set_value(scenario.get(key))

    def _edited(self, key: str, value: Any) -> None:
        if not self.model.set_value(key, value):
            self.editors[key].set_value(self.model.scenario.get(key))
