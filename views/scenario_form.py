"""Grouped input widgets bound to scenario keys; any tab builds its inputs from a field list
(`Field`, made in views/labels.py)."""
from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel,
                               QSlider, QSpinBox, QVBoxLayout, QWidget)

from tslab.models import scenario as sc
from tslab.views.document_model import DocumentModel
from tslab.views.labels import Field

INT_MAX = 2**31 - 1
MIN_EDITOR_WIDTH = 96  # px: an input never asks for more, so the inputs column fits its width


@functools.cache
def _meta(key: str) -> dataclasses.Field:
    section, _, name = key.partition(".")
    return {f.name: f for f in dataclasses.fields(sc.SECTIONS[section])}[name]


def _kind(key: str) -> str:
    return str(_meta(key).type)


class FieldEditor(QWidget):
    """An input for one scenario key: spin box, combo box, check box or percentage slider."""

    edited = Signal(str, object, bool)  # key, value, whether a slider is still being dragged

    def __init__(self, spec: Field, parent: QWidget | None = None):
        super().__init__(parent)
        self.spec = spec
        meta, kind = _meta(spec.key), _kind(spec.key)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.kind = kind
        choices = spec.choices or tuple((c, c) for c in (meta.metadata.get("choices") or ()))
        self.widget: QCheckBox | QComboBox | QSlider | QSpinBox | QDoubleSpinBox
        if kind == "bool":
            self.widget = QCheckBox(self)
            self.widget.toggled.connect(self._emit)
        elif choices:
            self.widget = QComboBox(self)
            for value, label in choices:
                self.widget.addItem(label, value)
            self.widget.currentIndexChanged.connect(self._emit)
        elif kind == "float" and spec.suffix == "%" and (meta.metadata.get("high") or 0) <= 1.0:
            self.widget = QSlider(Qt.Orientation.Horizontal, self)  # a share: whole percent steps
            self.widget.setRange(round((meta.metadata.get("low") or 0.0) * 100), round(meta.metadata["high"] * 100))
            self.widget.setPageStep(10)
            self._percent = QLabel(self)
            self._percent.setFixedWidth(44)  # a new text must not re-lay out the form
            self._percent.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
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
        self.hint: QLabel | None = None
        if spec.hint is not None:
            self.hint = QLabel(self)
            layout.addWidget(self.hint)
        if isinstance(self.widget, QComboBox):  # long choice names must not widen the column
            self.widget.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            self.widget.setMinimumContentsLength(8)
        elif not isinstance(self.widget, QCheckBox):  # a spin box's hint fits its largest value
            self.widget.setMinimumWidth(min(self.widget.minimumSizeHint().width(), MIN_EDITOR_WIDTH))
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

    def show_hint(self, scenario: sc.Scenario) -> None:
        """Show the note derived from `scenario`, and the derived value at the input's minimum, if
        this input has them."""
        if self.spec.placeholder is not None and isinstance(self.widget, (QSpinBox, QDoubleSpinBox)):
            text = self.spec.placeholder(scenario)
            if self.widget.specialValueText() != text:
                self.widget.setSpecialValueText(text)
        if self.hint is not None and self.spec.hint is not None:
            text, tip = self.spec.hint(scenario)
            self.hint.setText(text)
            self.hint.setToolTip(tip)

    def _slid(self, percent: int) -> None:
        self._percent.setText(f"{percent}%")
        self.edited.emit(self.spec.key, self.value(), isinstance(self.widget, QSlider) and self.widget.isSliderDown())

    def _emit(self, *_: Any) -> None:
        self.edited.emit(self.spec.key, self.value(), False)


class ScenarioForm(QWidget):
    """Group boxes of FieldEditors that edit `model` and follow its changes."""

    def __init__(self, model: DocumentModel, groups: Sequence[tuple[str, Sequence[Field]]],
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
            form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a long label puts its input below
            for spec in fields:
                editor = FieldEditor(spec, box)
                editor.edited.connect(self._edited)
                label = QLabel(spec.label, box)
                label.setBuddy(editor.widget)
                editor.widget.setAccessibleName(spec.label)   # what a screen reader says, and the Tab walk
                if spec.tip:
                    label.setToolTip(spec.tip)
                    editor.widget.setAccessibleDescription(spec.tip)
                form.addRow(label, editor)
                self.editors[spec.key] = editor
            column.addWidget(box)
            self.group_boxes.append(box)
        column.addStretch(1)
        # the inputs with a note or a derived placeholder: only they follow every scenario edit
        self._hinted = [editor for editor in self.editors.values()
                        if editor.spec.placeholder is not None or editor.spec.hint is not None]
        model.changed.connect(self.show_keys)
        self.show_scenario(model.scenario)

    def show_scenario(self, scenario: sc.Scenario) -> None:
        for key, editor in self.editors.items():
            editor.set_value(scenario.get(key))
            editor.show_hint(scenario)

    def show_keys(self, keys: frozenset[str]) -> None:
        """Show the new values of the changed keys this form edits, and the notes derived from them."""
        for key in keys:
            editor = self.editors.get(key)
            if editor is not None:
                editor.set_value(self.model.scenario.get(key))
        if any(not key.startswith("view.") for key in keys):
            for editor in self._hinted:
                editor.show_hint(self.model.scenario)

    def _edited(self, key: str, value: Any, dragging: bool) -> None:
        if dragging:  # merged into one edit per frame
            try:
                self.model.update_later({key: value})
            except sc.ScenarioError:
                self.editors[key].set_value(self.model.scenario.get(key))
            return
        # Refused, or resolved to another value (parallel.dp = 0 is the rest of the cluster): show the
        # scenario's value, which an unchanged scenario does not announce.
        if not self.model.set_value(key, value) or self.model.scenario.get(key) != value:
            self.editors[key].set_value(self.model.scenario.get(key))
