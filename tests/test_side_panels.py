"""The side panels at 1280×800: Sources (F9) opens at a usable height below the tabs without
growing the window (the figures above give way and scroll), and the tab beside the Step time
panel (F6) re-lays out instead of running its labels together; closing the panel gives the
figures their height back."""
from __future__ import annotations

import pytest
from geometry import figure_problems, paint_charts

from tslab.desktop.window_panels import SOURCES_MIN_HEIGHT, STEP_TIME_MIN_WIDTH
from tslab.views.figure_fit import FigureScroll


@pytest.fixture
def window(open_main_window):
    return open_main_window("deepseek-v3")


def test_sources_opens_at_a_usable_height_and_the_window_keeps_its_size(window, qtbot):
    scroll = window.memory_tab.findChild(FigureScroll)
    kept = scroll.minimumSizeHint().height()
    assert kept > 300   # the memory figure keeps its height while nothing is below the tabs
    window.sources_action.trigger()
    qtbot.waitUntil(lambda: window.sources_dock.height() >= SOURCES_MIN_HEIGHT, timeout=5000)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (1280, 800), timeout=5000)
    assert scroll.giving_way and scroll.minimumSizeHint().height() < kept
    assert window.sources_dock.height() >= window.height() // 3 - 8
    window.sources_action.trigger()   # closed: the figure keeps its height again
    qtbot.waitUntil(lambda: not scroll.giving_way, timeout=5000)
    assert scroll.minimumSizeHint().height() == kept
    window.sources_action.trigger()   # and again
    qtbot.waitUntil(lambda: window.sources_dock.height() >= SOURCES_MIN_HEIGHT, timeout=5000)


def test_the_memory_tab_beside_the_step_time_panel_runs_nothing_together(window, qtbot):
    window.step_time_action.trigger()
    dock = window.step_time_dock
    qtbot.waitUntil(lambda: dock.isVisible() and dock.width() >= STEP_TIME_MIN_WIDTH, timeout=10_000)
    page = window.memory_tab
    qtbot.wait(100)
    paint_charts(page)
    qtbot.wait(50)
    paint_charts(page)
    assert figure_problems(page) == []
    assert window.memory_tab.figure._per_row == 2   # the small charts two to a row beside the panel
    assert (window.width(), window.height()) == (1280, 800)
