"""The charts' axes keep the tick specifications they worked out and the pictures drawn from them
(views/chart_axes.KeptAxis): what they draw is what pyqtgraph works out afresh, whatever ranges, sizes,
ticks and type came before."""
from __future__ import annotations

import pyqtgraph as pg
from hypothesis import HealthCheck, given, settings, strategies as st
from PySide6.QtGui import QFont, QImage, QPainter, QPicture
from windows import shown

from tslab.views import chart_axes, charts


def spec_values(specs) -> tuple:
    """An axis's specifications (line, ticks, texts) as plain values."""
    if specs is None:
        return ()
    (pen, start, end), ticks, texts = specs
    return (chart_axes._pen_key(pen), start.toTuple(), end.toTuple(),
            [(chart_axes._pen_key(tick_pen), a.toTuple(), b.toTuple()) for tick_pen, a, b in ticks],
            [(rect.getRect(), int(flags), text) for rect, flags, text in texts])


def worked_out(axis: pg.AxisItem, kept: bool) -> tuple:
    picture = QPicture()
    painter = QPainter(picture)
    try:
        specs = axis.generateDrawSpecs(painter) if kept else pg.AxisItem.generateDrawSpecs(axis, painter)
        return spec_values(specs), axis.textWidth, axis.textHeight
    finally:
        painter.end()


STATE = st.tuples(st.sampled_from([1.0, 8.0, 100.0, 120.0, 1000.0, 0.25]),   # the top of the range
                  st.sampled_from([(300, 180), (420, 240)]),                   # the plot's size
                  st.sampled_from([None, [[(0, "ZeRO\n0"), (1, "ZeRO\n1")]], [[(0, "a"), (2, "b")]]]),
                  st.sampled_from([9.0, 13.5]))                                # the tick labels' type


def show_states(qtbot, states) -> None:
    """Put one chart through `states` (top, size, bottom ticks, type); at each, both axes' kept
    specifications equal pyqtgraph's own, and leave the axis as wide as pyqtgraph's would."""
    plot = shown(qtbot, charts.make_plot(left="GiB", bottom="stage"), 300, 180)
    axes = [plot.getPlotItem().getAxis(name) for name in ("left", "bottom")]
    assert all(isinstance(axis, chart_axes.KeptAxis) for axis in axes)
    shown_before = None
    for top, (width, height), ticks, size in states:
        if (width, height) != plot.size().toTuple():
            plot.resize(width, height)
        plot.getPlotItem().getViewBox().setRange(xRange=(-0.6, 3.6), yRange=(0, top), padding=0)
        if shown_before is None or (ticks, size) != shown_before:   # only what changes, as an edit
            axes[1].setTicks(ticks)
            font = QFont()
            font.setPointSizeF(size)
            for axis in axes:
                axis.setStyle(tickFont=font)
        shown_before = (ticks, size)
        qtbot.wait(20)   # laid out: the axes' widths follow their texts
        for axis in axes:
            assert painted(axis) == drawn_afresh(axis)
            assert worked_out(axis, kept=True) == worked_out(axis, kept=False)


def painted(axis: pg.AxisItem) -> bytes:
    """The picture the axis paints (kept or drawn now)."""
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        axis.paint(painter, None, None)
    finally:
        painter.end()
    return bytes(axis.picture.data())


def drawn_afresh(axis: pg.AxisItem) -> bytes:
    """The picture pyqtgraph's own paint records for the axis as it is."""
    picture = QPicture()
    painter = QPainter(picture)
    try:
        if axis.style["tickFont"]:
            painter.setFont(axis.style["tickFont"])
        specs = pg.AxisItem.generateDrawSpecs(axis, painter)
        if specs is not None:
            axis.drawPicture(painter, *specs)
    finally:
        painter.end()
    return bytes(picture.data())


def test_an_axis_keeps_its_ticks_by_range_and_fixed_ticks_as_well_as_size(qtbot):
    """100 and 120 GiB need the same width, and so do the ticks "a" and "b" and pyqtgraph's own:
    the kept ticks of one are not the other's."""
    letters = [[(0, "a"), (2, "b")]]
    show_states(qtbot, [(100.0, (300, 180), None, 9.0), (120.0, (300, 180), None, 9.0),
                        (100.0, (300, 180), None, 9.0), (1000.0, (420, 240), None, 13.5),
                        (120.0, (300, 180), None, 9.0), (120.0, (300, 180), letters, 9.0),
                        (120.0, (300, 180), None, 9.0), (120.0, (300, 180), letters, 9.0)])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(states=st.lists(STATE, min_size=2, max_size=10))
def test_a_kept_axis_draws_what_pyqtgraph_works_out_afresh(qtbot, states):
    show_states(qtbot, states)


def test_an_axis_title_is_laid_out_again_only_when_it_changes(qtbot):
    """pyqtgraph sets an axis's title again at every range set; a kept axis only when the title
    changed (its text, or the scale a range below 1 shows), and it reads as pyqtgraph's own."""
    plot = shown(qtbot, charts.make_plot(left="GiB"), 300, 180)
    axis, plain = plot.getPlotItem().getAxis("left"), pg.AxisItem("left")
    plain.setPen(charts.AXIS_PEN)
    plain.setLabel("GiB")
    calls: list[str] = []
    set_html = axis.label.setHtml
    axis.label.setHtml = lambda html: (calls.append(html), set_html(html))
    expected, shown_title = 0, axis.labelString()
    for top, title in [(100.0, "GiB"), (120.0, "GiB"), (0.25, "GiB"), (0.5, "GiB"), (100.0, "GiB"),
                       (100.0, "GiB of states"), (8.0, "GiB of states")]:
        if title != axis.labelText:
            axis.setLabel(title)
            plain.setLabel(title)
        plot.getPlotItem().getViewBox().setRange(yRange=(0, top), padding=0)
        plain.setRange(0, top)
        assert axis.labelString() == plain.labelString()
        assert axis.label.toHtml() == plain.label.toHtml()
        if axis.labelString() != shown_title:
            expected, shown_title = expected + 1, axis.labelString()
    assert expected >= 3 and len(calls) == expected
