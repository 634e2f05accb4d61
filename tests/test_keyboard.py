"""The keyboard in a lecture: PageDown / PageUp / Home / End drive the current tab's animation and
Ctrl+Tab changes tab from anywhere in the window, a number field included (never out of a text
editor); Ctrl+Z and Ctrl+Y undo and redo there too, once the field's value is entered; every
control is reached by Tab, has a name and shows a focus ring."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget
from windows import open_window

from tslab.models.presets import preset_document
from tslab.views.labels import label
from tslab.views.pipeline import PipelineTab

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(qtbot):
    win = open_window(qtbot, "classroom-7b")
    win.activateWindow()
    qtbot.waitActive(win)
    return win


def press(qtbot, key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    """A key pressed where the focus is, as a lecturer does."""
    qtbot.keyClick(QApplication.focusWidget(), key, modifiers)


def focus(qtbot, widget: QWidget) -> None:
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget, timeout=1000)


class Recorder:
    """Stands in for a tab's lecture hooks and records the calls."""

    def __init__(self, answer: bool = True):
        self.calls: list[tuple[str, object]] = []
        self.answer = answer

    def step_animation(self, delta: int) -> bool:
        self.calls.append(("step", delta))
        return self.answer

    def animation_to(self, end: bool) -> bool:
        self.calls.append(("to", end))
        return self.answer


def record_hooks(monkeypatch, tab, answer: bool = True) -> Recorder:
    recorder = Recorder(answer)
    monkeypatch.setattr(tab, "step_animation", recorder.step_animation, raising=False)
    monkeypatch.setattr(tab, "animation_to", recorder.animation_to, raising=False)
    return recorder


def test_ctrl_tab_cycles_the_tabs_and_wraps(window, qtbot):
    focus(qtbot, window.preset_box)
    seen = [window.current_tab_key()]
    for _ in window.tab_keys:
        press(qtbot, Qt.Key.Key_Tab, CTRL)
        seen.append(window.current_tab_key())
    assert seen == ["memory", "mesh", "pipeline", "comm", "context", "memory"]
    press(qtbot, Qt.Key.Key_Backtab, CTRL | SHIFT)   # X11 sends Shift+Tab as Backtab
    assert window.current_tab_key() == "context"
    press(qtbot, Qt.Key.Key_Tab, CTRL | SHIFT)
    assert window.current_tab_key() == "comm"


def test_page_keys_step_the_current_tabs_animation(window, qtbot, monkeypatch):
    window.select_tab("pipeline")
    recorder = record_hooks(monkeypatch, window.pipeline_tab)
    button = next(b for b in window.pipeline_tab.findChildren(QAbstractButton) if b.isVisible() and b.text())
    focus(qtbot, button)   # a focused button does not take the keys
    for key in (Qt.Key.Key_PageDown, Qt.Key.Key_PageDown, Qt.Key.Key_PageUp, Qt.Key.Key_Home, Qt.Key.Key_End):
        press(qtbot, key)
    assert recorder.calls == [("step", 1), ("step", 1), ("step", -1), ("to", False), ("to", True)]


def test_a_tab_with_nothing_to_step_changes_nothing(window, qtbot, monkeypatch):
    window.select_tab("pipeline")
    recorder = record_hooks(monkeypatch, window.pipeline_tab, answer=False)
    focus(qtbot, window.preset_box)
    before = window.model.document
    press(qtbot, Qt.Key.Key_PageDown)
    press(qtbot, Qt.Key.Key_End)
    assert recorder.calls == [("step", 1), ("to", True)]
    assert window.model.document == before and window.preset_box.currentData() == "classroom-7b"


def test_page_keys_reach_the_current_tab_only(window, qtbot, monkeypatch):
    window.select_tab("mesh")
    mesh, pipeline = record_hooks(monkeypatch, window.mesh_tab), record_hooks(monkeypatch, window.pipeline_tab)
    focus(qtbot, window.preset_box)
    press(qtbot, Qt.Key.Key_PageDown)
    assert mesh.calls == [("step", 1)] and pipeline.calls == []


def test_keys_in_a_focused_spin_box_stay_there(window, qtbot, monkeypatch):
    recorder = record_hooks(monkeypatch, window.memory_tab)
    spin = window.memory_tab.form.editors["model.layers"].widget
    focus(qtbot, spin)
    layers = spin.value()
    press(qtbot, Qt.Key.Key_PageUp)   # the spin box's own page step
    press(qtbot, Qt.Key.Key_Home)
    press(qtbot, Qt.Key.Key_End)
    assert recorder.calls == []
    assert spin.value() > layers


def test_ctrl_z_and_ctrl_y_undo_and_redo(window, qtbot):
    focus(qtbot, window.tabs.tabBar())
    window.model.set_value("parallel.tp", 2)
    window.model.set_value("parallel.pp", 2)
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert window.model.scenario.parallel.pp == 1 and window.model.scenario.parallel.tp == 2
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert window.model.scenario.parallel.tp == 1
    press(qtbot, Qt.Key.Key_Y, CTRL)
    assert window.model.scenario.parallel.tp == 2
    press(qtbot, Qt.Key.Key_Z, CTRL | SHIFT)
    assert window.model.scenario.parallel.pp == 2


def test_ctrl_z_undoes_typing_not_yet_entered_in_a_number_field(window, qtbot):
    """Typed text waiting in a number field is the field's to undo; the document is untouched."""
    window.model.set_value("parallel.pp", 2)
    spin = window.memory_tab.form.editors["model.layers"].widget
    focus(qtbot, spin)
    spin.selectAll()
    qtbot.keyClicks(spin, "40")
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert window.model.scenario.parallel.pp == 2 and spin.cleanText() != "40"


def test_the_window_keys_work_from_a_focused_number_field(window, qtbot):
    """The lecturer's path: type a value in a number field and Enter, then Ctrl+Z, Ctrl+Shift+Z,
    Ctrl+Tab, F5 and F9 without leaving the field; the Edit menu names the edit by its label and
    values."""
    spin = window.memory_tab.form.editors["model.seq_len"].widget
    before = window.model.scenario.model.seq_len
    focus(qtbot, spin)
    spin.selectAll()
    qtbot.keyClicks(spin, str(2 * before))
    press(qtbot, Qt.Key.Key_Return)
    assert window.model.scenario.model.seq_len == 2 * before
    assert window.undo_action.text() == f"&Undo {label('model.seq_len')} {before} → {2 * before}"
    assert label("model.seq_len") == "Sequence length s"
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert window.model.scenario.model.seq_len == before and spin.value() == before
    assert QApplication.focusWidget() is spin or spin.isAncestorOf(QApplication.focusWidget())
    press(qtbot, Qt.Key.Key_Z, CTRL | SHIFT)
    assert window.model.scenario.model.seq_len == 2 * before
    press(qtbot, Qt.Key.Key_Z, CTRL)
    press(qtbot, Qt.Key.Key_Y, CTRL)
    assert window.model.scenario.model.seq_len == 2 * before
    press(qtbot, Qt.Key.Key_Tab, CTRL)
    assert window.current_tab_key() == "mesh"
    window.select_tab("memory")
    focus(qtbot, spin)
    press(qtbot, Qt.Key.Key_F5)
    assert window.present_action.isChecked()
    press(qtbot, Qt.Key.Key_F5)
    assert not window.present_action.isChecked()
    focus(qtbot, spin)
    press(qtbot, Qt.Key.Key_F9)
    assert window.sources_action.isChecked()


def tab_stops(root: QWidget) -> list[QWidget]:
    """The widgets under `root` that Tab stops at: they take focus by Tab, are shown and enabled,
    and hand their focus to no other widget."""
    return [w for w in root.findChildren(QWidget)
            if w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.isVisibleTo(root) and w.isEnabled()
            and w.focusProxy() is None]


def name_of(widget: QWidget) -> str:
    text = getattr(widget, "text", None)
    return widget.accessibleName() or (text() if callable(text) else "")


def test_every_control_of_every_tab_has_a_name(window):
    window.resize(1500, 940)
    unnamed = []
    for key in window.tab_keys:
        window.select_tab(key)
        page = window.page(key)
        stops = tab_stops(page)
        assert len(stops) > 5, key
        unnamed += [f"{key}: {type(w).__name__} in {type(w.parentWidget()).__name__}"
                    for w in stops if not name_of(w).strip()]
    assert not unnamed, "focusable controls without an accessible name:\n" + "\n".join(unnamed)


def test_the_window_chrome_has_names(window):
    assert window.preset_box.accessibleName() == "Preset"
    assert window.tabs.tabBar().accessibleName() == "Tabs"
    assert all(name_of(w) for w in tab_stops(window) if not window.tabs.isAncestorOf(w))


@pytest.mark.parametrize("key", ["memory", "mesh", "pipeline", "comm", "context"])
def test_every_control_is_reached_by_tab(window, qtbot, key):
    """Tab from the preset box goes round every control of the tab shown, one press each (a table
    that keeps Tab for its cells would hold the focus for a press per cell)."""
    window.resize(1500, 940)
    window.select_tab(key)
    stops = set(tab_stops(window.page(key)))
    focus(qtbot, window.preset_box)
    visits: dict[QWidget, int] = {}
    for _ in range(len(tab_stops(window)) + 5):
        press(qtbot, Qt.Key.Key_Tab)
        widget = QApplication.focusWidget()
        visits[widget] = visits.get(widget, 0) + 1
        if widget is window.preset_box:
            break
    assert QApplication.focusWidget() is window.preset_box, "Tab did not come round to the preset box; held " \
        "the focus: " + str([type(w).__name__ for w, count in visits.items() if count > 1])
    # Tab stops at the checked button of an exclusive group; the arrow keys move within it (Qt's rule).
    reached = set(visits) | {b for w in visits if isinstance(w, QAbstractButton) and w.group() is not None
                             and w.group().exclusive() for b in w.group().buttons()}
    missing = [type(w).__name__ for w in stops - reached]
    assert not missing, f"{key}: not reached by Tab: {missing}; held the focus: " + str(
        [type(w).__name__ for w, count in visits.items() if count > 1])


def ring_colour(widget: QWidget) -> QColor:
    """The colour at the middle of the widget's left edge, 1 px in (where the ring is drawn)."""
    image = widget.grab().toImage()
    ratio = image.devicePixelRatio()
    return image.pixelColor(round(1 * ratio), round(widget.height() / 2 * ratio))


@pytest.mark.parametrize("control", ["spin", "combo", "button", "tabs"])
def test_the_focused_control_shows_a_ring_in_the_highlight_colour(window, qtbot, control):
    widget = {"spin": lambda: window.memory_tab.form.editors["model.layers"].widget,
              "combo": lambda: window.preset_box,
              "button": lambda: window.pipeline_tab.play_button,
              "tabs": lambda: window.tabs.tabBar()}[control]()
    if control == "button":
        window.select_tab("pipeline")
    highlight = widget.palette().color(QPalette.ColorRole.Highlight)
    focus(qtbot, window.tabs.tabBar() if control != "tabs" else window.preset_box)
    assert ring_colour(widget) != highlight
    focus(qtbot, widget)
    colour = ring_colour(widget)
    assert max(abs(colour.red() - highlight.red()), abs(colour.green() - highlight.green()),
               abs(colour.blue() - highlight.blue())) <= 40, (colour.name(), highlight.name())


def test_keyboard_only_walkthrough(window, qtbot, monkeypatch):
    """A lecture with the keyboard alone: a preset from the toolbar, every tab in turn, the
    pipeline animation stepped, and the preset undone."""
    if not hasattr(PipelineTab, "step_animation"):   # the tab's own hooks, else the same through its Step button
        def step(self, delta):
            self.step()
            return True

        def to(self, end):
            self.set_time(self.makespan if end else 0.0)
            self.keep_time()
            return True
        monkeypatch.setattr(PipelineTab, "step_animation", step, raising=False)
        monkeypatch.setattr(PipelineTab, "animation_to", to, raising=False)
    window.model.set_document(preset_document("gpt3-175b"), preset="gpt3-175b")
    assert QApplication.focusWidget() is window.tabs.tabBar()   # where the window opens
    press(qtbot, Qt.Key.Key_Backtab, SHIFT)   # back to the toolbar's preset box
    assert QApplication.focusWidget() is window.preset_box
    press(qtbot, Qt.Key.Key_Up)   # the preset before GPT-3 in lecture order
    assert window.model.preset == "classroom-7b"
    assert window.model.scenario == preset_document("classroom-7b").scenario
    seen = []
    for _ in window.tab_keys:
        press(qtbot, Qt.Key.Key_Tab, CTRL)
        seen.append(window.current_tab_key())
    assert seen == ["mesh", "pipeline", "comm", "context", "memory"]
    press(qtbot, Qt.Key.Key_Tab, CTRL)
    press(qtbot, Qt.Key.Key_Tab, CTRL)
    tab = window.pipeline_tab
    assert window.current_tab_key() == "pipeline"
    qtbot.waitUntil(lambda: bool(tab.sims), timeout=10_000)
    press(qtbot, Qt.Key.Key_Home)
    assert tab.time == 0.0
    press(qtbot, Qt.Key.Key_PageDown)
    assert 0.0 < tab.time < tab.makespan
    assert window.model.view.pipeline.time == pytest.approx(tab.time)
    press(qtbot, Qt.Key.Key_Z, CTRL)   # the preset, not the animation step, is undone
    assert window.model.scenario == preset_document("gpt3-175b").scenario and window.model.preset == "gpt3-175b"
    assert window.preset_box.currentData() == "gpt3-175b"
