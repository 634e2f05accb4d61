"""What every tab shares: the white exportable figure with its title, the scrolling input
column, and running a tab alone (``python -m tslab.views.<tab>``)."""
from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QLabel, QScrollArea, QSplitter, QVBoxLayout, QWidget

from tslab.models.scenario import MAX_TITLE_CHARS, elide
from tslab.models.validation import Problem
from tslab.views import charts
from tslab.views.figure_fit import held
from tslab.views.texts import translate_problem


def set_text(label: QLabel, text: str) -> None:
    """Change a label only when its text changes: a new text re-lays out the whole figure."""
    if label.text() != text:
        label.setText(text)


def problems_line(problems: Iterable[Problem]) -> str:
    """The scenario's problems in the UI language on one line, "; " between them: the reason a
    figure gives for drawing nothing."""
    return "; ".join(translate_problem(problem) for problem in problems)


def paint_white(widget: QWidget) -> None:
    """A figure paints its own white background (exports and slides), text in the lab's ink."""
    widget.setAutoFillBackground(True)
    palette = widget.palette()
    palette.setColor(widget.backgroundRole(), QColor("white"))
    palette.setColor(widget.foregroundRole(), QColor(charts.TEXT_COLOUR))
    widget.setPalette(palette)


# Characters of a figure's title shown: a scenario's title (models.scenario.MAX_TITLE_CHARS) and the
# words a figure puts around it; a longer text (a Scenario built in code, past the check) is cut.
TITLE_SHOWN_CHARS = MAX_TITLE_CHARS + 60


class TitleLabel(QLabel):
    """A figure's title: a text longer than TITLE_SHOWN_CHARS is drawn cut with "…", the whole of
    it in the tooltip, so that its layout stays a few lines whatever the text."""

    def setText(self, text: str) -> None:
        shown = elide(text, TITLE_SHOWN_CHARS)
        super().setText(shown)
        self.setToolTip(text if shown != text else "")


def title_label(parent: QWidget, scale: float = 1.35) -> QLabel:
    """The bold, larger title line of a figure."""
    label = TitleLabel(parent)
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(True)
    label.setFont(font)
    return label


def wrapping_title(parent: QWidget) -> QLabel:
    """The title of a figure whose titles run long (a scheme or analysis with the scenario's name):
    a little smaller than title_label's, and a long title wraps in that larger type instead of
    widening the figure."""
    label = title_label(parent, 1.25)
    label.setWordWrap(True)
    return label


def figure_column(figure: QWidget) -> QVBoxLayout:
    """The layout of a figure, its parts from the top down, inset from its white edges by the same
    margins in every figure."""
    layout = QVBoxLayout(figure)
    layout.setContentsMargins(12, 10, 12, 8)
    return layout


def chart_column(chart: QWidget, *, heading: QWidget | None = None, notes: Sequence[QWidget] = ()) -> QVBoxLayout:
    """A chart with its heading above it and its key or notes under it: the chart takes the
    column's spare height, the texts keep their own."""
    column = QVBoxLayout()
    if heading is not None:
        column.addWidget(held(heading))
    column.addWidget(chart, 1)
    for note in notes:
        column.addWidget(held(note))
    return column


def bold(label: QLabel, *, centred: bool = False) -> QLabel:
    """A heading: the label's own font in bold (centred over its chart when asked)."""
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    if centred:
        label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
    return label


def controls_above(parent: QWidget, controls, content: QWidget) -> QWidget:
    """A tab's right-hand side: a row of controls (a layout) above its content, which takes the
    rest of the height."""
    column = QWidget(parent)
    layout = QVBoxLayout(column)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addLayout(controls)
    layout.addWidget(content, 1)
    return column


def caption_label(parent: QWidget, text: str, *, wrap: bool = True, scale: float = 1.0) -> QLabel:
    """A figure's grey caption line (what the figure is: a teaching model, and how to read it)."""
    label = QLabel(text, parent)
    label.setWordWrap(wrap)
    if scale != 1.0:
        font = label.font()
        font.setPointSizeF(font.pointSizeF() * scale)
        label.setFont(font)
    label.setStyleSheet("color: #555555")
    return label


class ElidedLabel(QLabel):
    """A one-line label that gives way: it asks for its whole text but can be narrowed to
    `min_characters` (average widths; 0 = never narrower than its text), and then shows the text cut
    with "…" and the whole of it in its tooltip (a status bar's texts at large type, never clipped
    mid-letter). Of several side by side, the one with the smallest minimum gives way first."""

    def __init__(self, text: str = "", parent: QWidget | None = None, *, min_characters: int = 12):
        super().__init__(text, parent)
        self.min_characters = min_characters
        self._tip = ""

    def setToolTip(self, tip: str) -> None:
        self._tip = tip
        self._update_tip()

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        if not self.min_characters:
            return hint
        return QSize(min(hint.width(), self.fontMetrics().averageCharWidth() * self.min_characters), hint.height())

    def elided(self) -> bool:
        return self.fontMetrics().horizontalAdvance(self.text()) > self.contentsRect().width()

    def _update_tip(self) -> None:
        tip = (self.text() + ("\n\n" + self._tip if self._tip else "")) if self.elided() else self._tip
        super().setToolTip(tip)

    def setText(self, text: str) -> None:
        super().setText(text)
        self._update_tip()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._update_tip()

    def paintEvent(self, event) -> None:
        if not self.elided():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        rect = self.contentsRect()
        text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, rect.width())
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(rect, int(self.alignment()), text)


def scrolling(parent: QWidget, content: QWidget, min_width: int) -> QScrollArea:
    """The inputs column: scrolls vertically, never sideways."""
    scroll = QScrollArea(parent)
    scroll.setWidget(content)
    scroll.setWidgetResizable(True)
    scroll.setMinimumWidth(min_width)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return scroll


def inputs_beside(tab: QWidget, inputs: QWidget, content: QWidget, inputs_width: int,
                  content_width: int = 1100) -> QSplitter:
    """A tab's layout: the inputs column on the left, its content taking the rest of the width."""
    split = QSplitter(Qt.Orientation.Horizontal, tab)
    split.addWidget(inputs)
    split.addWidget(content)
    split.setStretchFactor(0, 0)
    split.setStretchFactor(1, 1)
    split.setSizes([inputs_width, content_width])
    layout = QVBoxLayout(tab)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(split)
    return split


def run_alone(tab_class: type, default_preset: str, size: tuple[int, int], argv: list[str] | None = None) -> int:
    """Open one tab in its own window on a preset (the first argument, else `default_preset`)."""
    from tslab.models.presets import load_preset
    from tslab.views.application import create_application
    from tslab.views.document_model import DocumentModel
    argv = sys.argv[1:] if argv is None else argv
    app = create_application(sys.argv[:1])
    tab = tab_class(DocumentModel(load_preset(argv[0] if argv else default_preset)))
    tab.resize(*size)
    tab.show()
    return app.exec()
