"""While the scenario is invalid, every tab heads its figure with the banner's error and its
numbers (DeepSeek-V3 with TP 8 and DP held at 128: 16,384 GPUs asked of 2,048), and says so no
more once it is valid again — also when the edit that mends it is a key the tab does not read."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

TABS = ("memory", "mesh", "pipeline", "comm", "context")


def texts(widget) -> str:
    return " ".join(label.text() for label in widget.findChildren(QLabel) if label.isVisibleTo(widget))


@pytest.fixture
def window(open_main_window):
    return open_main_window("deepseek-v3")


def shown(window, tab: str, qtbot) -> str:
    window.select_tab(tab)
    page = window.page(tab)
    qtbot.waitUntil(lambda: not getattr(getattr(page, "runner", None), "busy", False), timeout=20_000)
    return texts(page.export_widget())


def test_every_tab_states_the_error_with_its_numbers_and_stops_when_mended(window, qtbot):
    model = window.model
    model.set_value("parallel.tp", 8)
    model.set_value("parallel.dp", 128)
    errors = model.errors
    assert len(errors) == 1 and "16384" in errors[0].message and "2048" in errors[0].message
    for tab in TABS:
        text = shown(window, tab, qtbot)
        assert "16384" in text.replace(",", "") and "2048" in text.replace(",", ""), tab
    model.set_value("parallel.dp", 0)   # the rest of the cluster: valid again, DP 16
    assert model.errors == []
    for tab in TABS:
        text = shown(window, tab, qtbot)
        assert "16384" not in text.replace(",", ""), tab
