"""The charts' axes: pyqtgraph's AxisItem keeping what it worked out (tick specifications and the
picture drawn from them) by everything that decides it, so that an edit and its undo, which bring
back the same nice ranges, redraw no axis from scratch."""
from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QColor, QPainter, QPen, QPicture


def _pen_key(pen: QPen) -> tuple:
    return pen.color().name(QColor.NameFormat.HexArgb), pen.widthF(), pen.style()


class KeptAxis(pg.AxisItem):
    """An axis that keeps the tick specifications it worked out (pyqtgraph works them out in
    Python whenever the axis is resized or its range is set, even to the range it had), by
    everything they are made from: range, size and place, the linked view's extent (the grid),
    fixed ticks, style, pens and type, and the picture drawn from them. Ranges rounded to nice
    values (nice_ceiling) come back often, and an edit and its undo find their ticks kept."""

    KEPT = 8   # specifications kept per axis, the latest used last

    def __init__(self, *args, **kwargs):
        self._specs: dict[tuple, list] = {}   # [specifications, text size, picture (None: not drawn yet)]
        self._kept: list = [None, None, None]   # the entry of the specifications last worked out
        self._text_size: float | None = None
        self._label_html: str | None = None   # the title's text as last set
        super().__init__(*args, **kwargs)

    def _updateLabel(self):
        # pyqtgraph lays the axis title out again at every range set (its SI prefix may change);
        # the title's text is set only when it changed
        html = self.labelString()
        if html != self._label_html:
            self.label.setHtml(html)
            self._label_html = html
        self._adjustSize()
        self.picture = None
        self.update()

    def _updateMaxTextSize(self, x):   # pyqtgraph: the room its texts need; kept with the specs
        self._text_size = x
        return super()._updateMaxTextSize(x)

    def _specs_key(self, painter: QPainter) -> tuple:
        view = self.linkedView()
        grid_extent = view.mapRectToItem(self, view.boundingRect()).getRect() if view is not None else None
        return (self.orientation, tuple(self.range), self.grid, self.scale, self.autoSIPrefixScale,
                tuple(self.logMode) if isinstance(self.logMode, list) else self.logMode,
                self.geometry().getRect(), self.boundingRect().getRect(), grid_extent,
                repr(self._tickLevels), repr(sorted(self.style.items(), key=lambda item: item[0])),
                _pen_key(self.pen()), _pen_key(self.tickPen()), _pen_key(self.textPen()), painter.font().key())

    def generateDrawSpecs(self, p):
        if self.style["tickFont"] is not None:
            p.setFont(self.style["tickFont"])
        key = self._specs_key(p)
        kept = self._specs.pop(key, None)
        if kept is None:
            self._text_size = None
            kept = [super().generateDrawSpecs(p), self._text_size, None]   # its picture when drawn
            if len(self._specs) >= self.KEPT:
                del self._specs[next(iter(self._specs))]
        elif kept[1] is not None:
            self._updateMaxTextSize(kept[1])   # the axis as wide as these texts, as when worked out
        self._specs[key] = kept
        self._kept = kept
        return kept[0]

    def paint(self, p, opt, widget):
        # pyqtgraph records the axis into a picture again after every range set: the picture
        # drawn from kept specifications is kept with them
        if self.picture is None:
            picture = QPicture()
            painter = QPainter(picture)
            try:
                specs = self.generateDrawSpecs(painter)   # sets the tick font, as pyqtgraph's paint
                kept = self._kept
                if kept[2] is None and specs is not None:
                    self.drawPicture(painter, *specs)
            finally:
                painter.end()
            if kept[2] is None:
                kept[2] = picture
            self.picture = kept[2]
        self.picture.play(p)
