"""How a figure's texts get their room (views/figure_fit.py): a LinesLabel keeps the height of its
longest text, paints its rich text as QLabel does from a kept document, and in a LinesBox (held)
repaints a new text without laying its figure out again."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QWidget
from windows import shown


def test_a_boxed_lines_label_repaints_a_new_text_without_laying_out_its_figure(qtbot):
    """In a LinesBox a new text that fits the held height lays nothing out again (each layout of
    the Memory figure measured every part and fitted the figure again); a longer text, hiding the
    label and larger type still move what is below it."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QVBoxLayout

    from tslab.views.figure_fit import LinesBox, LinesLabel

    class Requests(QObject):
        count = 0

        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.LayoutRequest:
                Requests.count += 1
            return False

    page = QWidget()
    column = QVBoxLayout(page)
    label = LinesLabel(page, 2)
    box = LinesBox(label, page)
    below = QWidget(page)
    column.addWidget(box)
    column.addWidget(below, 1)
    requests = Requests(page)
    page.installEventFilter(requests)
    shown(qtbot, page, 400, 400)
    label.setText("one short line")
    qtbot.wait(20)
    before, below_top = Requests.count, below.y()
    label.setText("<b>another</b> short line")   # within the two lines held
    qtbot.wait(20)
    assert Requests.count == before and below.y() == below_top
    assert label.geometry() == box.rect() and label.text() == "<b>another</b> short line"
    label.setText(" ".join(["a longer text that wraps over several lines at this width"] * 3))
    qtbot.waitUntil(lambda: below.y() > below_top and label.height() == box.height() > 2 * label.fontMetrics().height())
    label.hide()   # the box goes with it: no empty room
    qtbot.waitUntil(lambda: box.isHidden() and below.y() < below_top)
    label.show()
    qtbot.waitUntil(lambda: box.isVisible() and below.y() > below_top)
    bigger = QFont(label.font())
    bigger.setPointSizeF(label.font().pointSizeF() * 2)
    label.setText("short")
    page.setFont(bigger)   # another type: the box holds two lines of it
    qtbot.waitUntil(lambda: box.height() >= 2 * label.fontMetrics().lineSpacing() and below.y() >= box.height())


def test_a_lines_label_keeps_the_height_of_its_longest_text_at_its_width(qtbot):
    """A text that comes and goes (an "Out of memory" line, an invalid scenario's reasons) moves
    what is below a LinesLabel once, not at each edit; another width or type counts afresh."""
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QVBoxLayout

    from tslab.views.figure_fit import LinesLabel
    page = QWidget()
    column = QVBoxLayout(page)
    label = LinesLabel(page, 1)
    below = QWidget(page)
    column.addWidget(label)
    column.addWidget(below, 1)
    shown(qtbot, page, 400, 400)
    label.setText("short")
    qtbot.wait(20)
    one_line = label.height()
    label.setText(" ".join(["a longer text that wraps over several lines at this width"] * 3))
    qtbot.waitUntil(lambda: label.height() > 2 * one_line and below.y() > label.geometry().bottom())
    tall, below_top = label.height(), below.y()
    label.setText("short")   # back: the height stays, nothing below moves
    qtbot.wait(20)
    assert label.height() == tall and below.y() == below_top
    page.resize(800, 400)    # another width: only the text shown now counts
    qtbot.waitUntil(lambda: label.height() == one_line)
    label.setText(" ".join(["a longer text that wraps over several lines at this width"] * 3))
    qtbot.waitUntil(lambda: label.height() > one_line)
    bigger = QFont(label.font())
    bigger.setPointSizeF(label.font().pointSizeF() * 2)
    label.setText("short")
    label.setFont(bigger)    # another type: the held height is counted again
    qtbot.waitUntil(lambda: label.height() < 2 * label.fontMetrics().lineSpacing() + 4)


@pytest.mark.parametrize("width", [300, 1100])
def test_a_lines_label_paints_its_rich_text_as_a_qlabel_does(qtbot, width):
    """A LinesLabel paints a rich text from a document it keeps (QLabel parses and lays out each new
    text again): pixel for pixel what a QLabel with the same text, type, alignment and state paints,
    and an edit back to a text shown before finds its document kept."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtGui import QColor, QFont, QImage, QPalette, QRegion

    from tslab.views.figure_fit import LinesLabel
    texts = ["Most-loaded GPU: rank 0 of 16 · 71.2 GiB of 80.0 GiB · "
             "<span style='color:#007a3d; font-weight:bold'>fits, 8.8 GiB free</span>",
             "GiB: &nbsp; <span style='color:#0072B2'>■</span>&nbsp;Parameters 12.3 &nbsp; "
             "<span style='color:#E69F00'>■</span>&nbsp;Optimizer states (CPU) 45.6",
             "<span style='color:#C00000'>Invalid scenario — nothing to draw:</span> " + "a reason that wraps " * 8,
             "最忙的 GPU：<b>显存</b> 71.2 GiB，共 80.0 GiB"]
    page = QWidget()
    qtbot.addWidget(page)

    def image(label) -> QImage:
        picture = QImage(label.size(), QImage.Format.Format_ARGB32)
        picture.fill(QColor("white"))
        label.render(picture, QPoint(), QRegion(), QWidget.RenderFlag.DrawChildren)
        return picture

    for align in (Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                  Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter):
        for enabled, bold in ((True, False), (False, True)):
            label, plain = LinesLabel(page, 2), QLabel(page)
            plain.setWordWrap(True)
            plain.setTextFormat(Qt.TextFormat.RichText)
            for widget in (label, plain):
                widget.setAlignment(align)
                widget.setEnabled(enabled)
                palette = widget.palette()   # a text colour of its own: QLabel paints in its foreground's
                palette.setColor(QPalette.ColorRole.WindowText, QColor("#553311"))
                widget.setPalette(palette)
                font = QFont(widget.font())
                font.setBold(bold)
                widget.setFont(font)
                widget.resize(width, 150)
            for text in texts + texts[:2]:   # the last two shown before: their documents kept
                label.setText(text)
                plain.setText(text)
                kept = len(label._documents)
                assert image(label) == image(plain), (text, align, enabled)
            assert kept == len(label._documents) == len(texts)


def test_a_chart_columns_held_texts_sit_in_boxes_and_the_others_as_they_are(qtbot):
    """chart_column holds its heading and notes with figure_fit.held: a LinesLabel of some lines in a
    LinesBox (a new text that fits repaints it only), a label without lines (whose height follows
    its text) and any other widget as they are."""
    from tslab.views.common import chart_column
    from tslab.views.figure_fit import LinesBox, LinesLabel, held
    page = QWidget()
    qtbot.addWidget(page)
    heading, note, free, chart = LinesLabel(page, 2), LinesLabel(page, 3), LinesLabel(page, 0), QWidget(page)
    column = chart_column(chart, heading=heading, notes=[note, free])
    shown_widgets = [column.itemAt(index).widget() for index in range(column.count())]
    assert isinstance(shown_widgets[0], LinesBox) and shown_widgets[0].label is heading
    assert shown_widgets[1] is chart
    assert isinstance(shown_widgets[2], LinesBox) and shown_widgets[2].label is note
    assert shown_widgets[3] is free and held(chart) is chart
    assert held(note) is note   # already held: not boxed twice
