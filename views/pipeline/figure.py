"""The Pipeline tab's exportable figure: title, one or two schedule panels, the colour key."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from tslab.views.common import caption_label, paint_white, title_label
from tslab.views.pipeline.common import OP_COLOURS
from tslab.views.pipeline.panel import PipelinePanel


class PipelineFigure(QWidget):
    """The exportable figure: title, one or two schedule panels, the colour key."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        paint_white(self)
        self.title = title_label(self)
        self.title.setWordWrap(True)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.RichText)
        self.panels = [PipelinePanel(self), PipelinePanel(self)]
        self.panels[1].gantt.setXLink(self.panels[0].gantt)
        swatches = " &nbsp; ".join(f"<span style='color:{OP_COLOURS[key]}'>■</span>&nbsp;{name}" for key, name in (
            ("F", self.tr("forward F")), ("B", self.tr("backward B")), ("I", self.tr("input-grad I")),
            ("W", self.tr("weight-grad W")), ("FB", self.tr("overlapped F&B"))))
        self.key = QLabel(swatches + " &nbsp; <span style='color:#999999'>■</span>&nbsp;" + self.tr("bubble (idle)")
                          + " &nbsp; " + self.tr("darker: a rank's second chunk"), self)
        self.key.setTextFormat(Qt.TextFormat.RichText)
        self.key.setWordWrap(True)   # larger type: the key wraps between entries (each entry is unbroken)
        self.caption = caption_label(self, self.tr("Deterministic event simulation with the durations given, not a "
                                                   "measurement. Hover an op for its times and what it waited for."))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 8)
        layout.addWidget(self.title)
        layout.addWidget(self.message)
        layout.addWidget(self.panels[0], 1)
        layout.addWidget(self.panels[1], 1)
        layout.addWidget(self.key)
        layout.addWidget(self.caption)
        layout.addStretch(0)   # without a schedule (a reason instead) the texts stay at the top

    def sizeHint(self) -> QSize:
        return QSize(1100, 760)
