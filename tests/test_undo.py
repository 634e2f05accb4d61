"""Undo and redo: every edit of the document is one command on the model's QUndoStack; edits of
one key merge, a drag is one step, a preset is an undoable edit, opening a file or a new document
clears the history, view keys are navigation (not on the stack), and the unsaved flag follows
the stack's clean state."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from PySide6.QtWidgets import QMessageBox

from tslab.desktop.main_window import MainWindow
from tslab.models.document import Document, save_document
from tslab.models.presets import preset_document
from tslab.views.document_model import DocumentModel

CLASSROOM = preset_document("classroom-7b")


@pytest.fixture
def model(qapp):
    return DocumentModel(CLASSROOM)


@pytest.fixture
def window(qtbot):
    win = MainWindow(CLASSROOM)
    qtbot.addWidget(win, before_close_func=lambda w: w.model.mark_saved(""))  # no "save changes?" dialog
    win.show()
    qtbot.waitExposed(win)
    return win


def choose_preset(window, name: str) -> None:
    index = window.preset_box.findData(name)
    window.preset_box.setCurrentIndex(index)
    window.preset_box.activated.emit(index)


# ---------------------------------------------------------------------------------------------
# The model

def test_set_value_undoes_and_redoes(model):
    model.set_value("parallel.tp", 4)
    assert model.undo_stack.count() == 1 and model.scenario.parallel.tp == 4
    model.undo()
    assert model.document == CLASSROOM
    model.redo()
    assert model.scenario.parallel.tp == 4


def test_an_edit_of_several_keys_is_one_step(model):
    changes = []
    model.changed.connect(changes.append)
    model.update({"parallel.tp": 2, "parallel.pp": 4, "model.layers": 40})
    assert model.undo_stack.count() == 1
    assert model.undo_stack.undoText() == "Layers 32 → 40, Pipeline parallel PP 1 → 4, Tensor parallel TP 1 → 2"
    model.undo()
    assert model.document == CLASSROOM
    # The undo names its keys: the ones set, and DP and the micro-batches, which followed tp · pp on 8 GPUs.
    assert changes[-1] == frozenset({"parallel.tp", "parallel.pp", "model.layers", "parallel.dp",
                                     "schedule.microbatches"})
    model.redo()
    assert (model.scenario.parallel.tp, model.scenario.parallel.pp, model.scenario.model.layers) == (2, 4, 40)


def test_an_edit_of_many_keys_is_named_by_their_count(model):
    model.update({"parallel.tp": 2, "parallel.pp": 4, "model.layers": 40, "model.micro_batch": 2})
    assert model.undo_stack.undoText() == "Set 4 keys"


def test_edits_of_one_key_merge_and_of_different_keys_do_not(model):
    for tp in (2, 4, 8):   # typing into one field, clicking its arrows
        model.set_value("parallel.tp", tp)
    # one step, named from where it started to where it ended
    assert model.undo_stack.count() == 1 and model.undo_stack.undoText() == "Tensor parallel TP 1 → 8"
    model.set_value("parallel.pp", 2)
    model.set_value("parallel.tp", 2)
    assert model.undo_stack.count() == 3
    model.undo()
    assert (model.scenario.parallel.tp, model.scenario.parallel.pp) == (8, 2)
    model.undo()
    assert (model.scenario.parallel.tp, model.scenario.parallel.pp) == (8, 1)
    model.undo()
    assert model.document == CLASSROOM and not model.undo_stack.canUndo()


def test_an_edit_back_to_where_the_key_started_leaves_no_step(model):
    model.set_value("parallel.tp", 4)
    model.set_value("parallel.tp", CLASSROOM.scenario.parallel.tp)
    assert model.undo_stack.count() == 0 and not model.modified


def test_a_drag_through_update_later_is_one_step(model, qtbot):
    applied = []
    model.changed.connect(applied.append)
    for step in range(10, 40):   # a slider dragged over several frames
        model.update_later({"memory.fragmentation": step / 100})
        if step % 10 == 0:
            qtbot.waitUntil(lambda: not model._pending, timeout=1000)
    model.flush()
    assert len(applied) >= 3   # applied in several frames …
    assert model.undo_stack.count() == 1   # … and undone in one step
    model.undo()
    assert model.document == CLASSROOM
    model.redo()
    assert model.scenario.memory.fragmentation == pytest.approx(0.39)


def test_undo_applies_a_pending_drag_first(model):
    model.set_value("parallel.tp", 2)
    model.update_later({"memory.fragmentation": 0.2})
    model.undo()   # the drag is its own step, and the one undone
    assert model.scenario.parallel.tp == 2
    assert model.scenario.memory.fragmentation == CLASSROOM.scenario.memory.fragmentation


def test_view_keys_are_navigation_not_edits(model):
    model.set_value("view.pipeline.time", 3.0)
    model.set_value("view.comm.ranks", 4)
    assert model.undo_stack.count() == 0 and not model.modified
    model.set_value("parallel.tp", 4)
    model.set_value("view.comm.ranks", 16)
    model.undo()   # undoing a scenario edit leaves the navigation where it is
    assert model.scenario == CLASSROOM.scenario
    assert model.view.comm.ranks == 16 and model.view.pipeline.time == 3.0


def test_an_edit_with_a_view_key_undoes_only_its_scenario_keys(model):
    model.update({"parallel.tp": 2, "view.comm.ranks": 4})
    assert model.undo_stack.undoText() == "Tensor parallel TP 1 → 2"
    model.undo()
    assert model.scenario == CLASSROOM.scenario and model.view.comm.ranks == 4


def test_undo_and_redo_find_every_result_cached(model):
    from tslab.models.derived import LEDGER
    model.result(LEDGER)
    model.set_value("parallel.tp", 4)
    model.result(LEDGER)
    computed = model.cache.computed["ledger"]
    model.undo()
    model.result(LEDGER)
    model.redo()
    model.result(LEDGER)
    assert model.cache.computed["ledger"] == computed


def test_replacing_the_document_undoes_with_its_file_and_preset(model):
    model.set_document(CLASSROOM, path="/lectures/week1.toml", preset="classroom-7b")
    model.set_value("parallel.tp", 2)
    deepseek = preset_document("deepseek-v3")
    model.replace_document(deepseek, "Load preset deepseek-v3", path="", preset="deepseek-v3")
    assert model.document == deepseek and model.path == "" and model.preset == "deepseek-v3"
    model.undo()
    assert model.path == "/lectures/week1.toml" and model.preset == "classroom-7b"
    assert model.scenario.parallel.tp == 2
    model.redo()
    assert model.document == deepseek and model.path == ""


def test_opening_a_document_clears_the_stack(model):
    model.set_value("parallel.tp", 2)
    model.set_value("parallel.pp", 2)
    model.set_document(preset_document("gpt3-175b"), path="/lectures/gpt3.toml")
    assert model.undo_stack.count() == 0 and not model.undo_stack.canUndo() and not model.modified


def test_modified_follows_the_clean_state(model):
    model.set_document(CLASSROOM, path="/lectures/week1.toml")
    flags = []
    model.modifiedChanged.connect(flags.append)
    model.set_value("parallel.tp", 2)
    assert model.modified
    model.undo()
    assert not model.modified   # back at the opened file
    model.redo()
    assert model.modified
    model.mark_saved("/lectures/week1.toml")
    assert not model.modified
    model.undo()
    assert model.modified       # away from the saved state, in the other direction
    model.redo()
    assert not model.modified
    assert flags == [True, False, True, False, True, False]


def test_a_new_unsaved_document_stays_modified_through_undo(model):
    """An imported document has no saved state to undo back to."""
    model.set_document(Document(), path="", modified=True)
    model.set_value("parallel.tp", 2)
    model.undo()
    assert model.modified
    model.mark_saved("/lectures/new.toml")
    assert not model.modified


def test_a_preset_without_a_file_is_not_unsaved(model):
    """A preset shown as it ships has nothing to lose on closing: the toolbar loads it again."""
    model.set_document(CLASSROOM, preset="classroom-7b")
    model.set_value("parallel.tp", 2)
    assert model.modified
    model.replace_document(preset_document("kimi-k2"), "Load preset kimi-k2", preset="kimi-k2")
    assert not model.modified
    model.undo()
    assert model.modified


EDITS = st.one_of(
    st.tuples(st.just("set"), st.sampled_from(("parallel.tp", "parallel.pp", "parallel.zero", "model.layers")),
              st.integers(min_value=1, max_value=3)),
    st.tuples(st.just("drag"), st.just("memory.fragmentation"), st.integers(min_value=0, max_value=30)),
    st.tuples(st.just("many"), st.just(""), st.integers(min_value=1, max_value=4)),
    st.tuples(st.just("view"), st.just("view.comm.ranks"), st.integers(min_value=2, max_value=64)),
    st.tuples(st.just("preset"), st.sampled_from(("gpt3-175b", "deepseek-v3", "classroom-7b")), st.just(0)),
)


def edit(model: DocumentModel, kind: str, key: str, value) -> None:
    if kind == "set":
        model.set_value(key, value if key != "model.layers" else 8 * value)
    elif kind == "drag":
        model.update_later({key: value / 100})
        model.update_later({key: (value + 1) / 100})
        model.flush()
    elif kind == "many":
        model.update({"parallel.dp": value, "model.micro_batch": value, "model.seq_len": 1024 * value})
    elif kind == "view":
        model.set_value(key, value)
    else:
        model.replace_document(preset_document(key), f"Load preset {key}", path="", preset=key)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(EDITS, min_size=1, max_size=12))
def test_undoing_every_edit_returns_the_original_and_redoing_returns_the_last(qapp, edits):
    """Edits of every kind, in any order: undone, the scenario is the one opened; redone, the
    last one. (View keys are navigation: they stay where the last one put them.)"""
    model = DocumentModel(CLASSROOM)
    for kind, key, value in edits:
        edit(model, kind, key, value)
    last = model.scenario
    while model.undo_stack.canUndo():
        model.undo()
    assert model.scenario == CLASSROOM.scenario
    while model.undo_stack.canRedo():
        model.redo()
    assert model.scenario == last


# ---------------------------------------------------------------------------------------------
# The window: the Edit menu, the toolbar's presets, opening files

def test_edit_menu_sits_between_file_and_view_and_names_the_edit(window):
    titles = [action.text() for action in window.menuBar().actions()]
    assert titles[:3] == ["&File", "&Edit", "&View"]
    assert not window.undo_action.isEnabled() and window.undo_action.text() == "&Undo"
    window.memory_tab.form.editors["parallel.tp"].widget.setValue(2)
    assert window.undo_action.isEnabled() and window.undo_action.text() == "&Undo Tensor parallel TP 1 → 2"
    window.undo_action.trigger()
    assert window.model.scenario == CLASSROOM.scenario
    assert window.redo_action.text() == "&Redo Tensor parallel TP 1 → 2"
    assert window.memory_tab.form.editors["parallel.tp"].widget.value() == CLASSROOM.scenario.parallel.tp
    window.redo_action.trigger()
    assert window.memory_tab.form.editors["parallel.tp"].widget.value() == 2
    assert [s.toString() for s in window.redo_action.shortcuts()] == ["Ctrl+Shift+Z", "Ctrl+Y"]
    assert window.undo_action.shortcut().toString() == "Ctrl+Z"


def test_preset_from_the_toolbar_is_undoable_and_asks_nothing(window, tmp_path, monkeypatch):
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *args: asked.append(args) or QMessageBox.StandardButton.Cancel)
    path = tmp_path / "week1.toml"
    save_document(CLASSROOM, path)
    assert window.open_path(str(path))
    window.model.set_value("parallel.tp", 2)
    choose_preset(window, "deepseek-v3")
    assert asked == []
    assert window.model.document == preset_document("deepseek-v3") and window.model.path == ""
    assert window.preset_box.currentData() == "deepseek-v3"
    assert window.undo_action.text() == "&Undo Load preset deepseek-v3"
    window.undo_action.trigger()
    assert window.model.scenario.parallel.tp == 2 and window.model.path == str(path.resolve())
    assert window.preset_box.currentIndex() == 0 and window.model.modified   # the file, edited
    window.undo_action.trigger()
    assert window.model.scenario == CLASSROOM.scenario and not window.model.modified
    assert window.preset_box.currentData() == "classroom-7b"


def test_opening_a_file_and_importing_clear_the_stack(window, tmp_path):
    path = tmp_path / "gpt3.toml"
    save_document(preset_document("gpt3-175b"), path)
    window.model.set_value("parallel.tp", 2)
    assert window.open_path(str(path))
    assert window.model.undo_stack.count() == 0 and not window.undo_action.isEnabled()
    assert window.model.preset == "gpt3-175b"   # the file is a preset as it ships
    window.model.set_value("parallel.tp", 2)
    assert window.import_hf_path(str(Path(__file__).parent / "data" / "hf" / "deepseek-v3.json"))
    assert window.model.undo_stack.count() == 0 and window.model.modified and window.model.preset == ""


def test_recent_files_still_open(window, tmp_path):
    path = tmp_path / "recent.toml"
    save_document(preset_document("gpt3-175b"), path)
    assert window.open_path(str(path))
    assert window.recent_files()[0] == str(path.resolve())
    recent = [a for a in window.recent_menu.actions() if a.text() == str(path.resolve())]
    window.model.set_document(CLASSROOM)
    recent[0].trigger()
    assert window.model.path == str(path.resolve()) and window.model.scenario == preset_document("gpt3-175b").scenario


def test_reset_to_preset_is_undoable(window):
    assert not window.reset_action.isEnabled()   # nothing to reset yet
    window.model.update({"parallel.tp": 2, "model.layers": 16})
    window.model.set_value("view.comm.ranks", 4)
    assert window.reset_action.isEnabled()
    window.reset_action.trigger()
    assert window.model.scenario == CLASSROOM.scenario and window.model.view.comm.ranks == 4
    assert not window.reset_action.isEnabled()
    assert window.undo_action.text() == "&Undo Reset to preset classroom-7b"
    window.undo_action.trigger()
    assert window.model.scenario.parallel.tp == 2 and window.model.scenario.model.layers == 16


def test_reset_to_preset_is_off_for_a_file_that_matches_no_preset(window, tmp_path):
    path = tmp_path / "mine.toml"
    save_document(CLASSROOM.replace(**{"parallel.tp": 2}), path)
    assert window.open_path(str(path))
    assert window.model.preset == ""
    window.model.set_value("parallel.tp", 4)
    assert not window.reset_action.isEnabled()
