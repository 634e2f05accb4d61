"""File → Import Hugging Face config… and the key meanings as tooltips, driven offscreen with the
file and message dialogs patched."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from tslab.desktop.main_window import MainWindow
from tslab.models.hf_config import load_hf_config
from tslab.models.keys import describe
from tslab.models.presets import preset_document
from tslab.views import labels

DATA = Path(__file__).parent / "data" / "hf"


@pytest.fixture
def window(qtbot):
    win = MainWindow(preset_document("classroom-7b"))
    qtbot.addWidget(win, before_close_func=lambda w: w.model.mark_saved(""))  # no "save changes?" dialog
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def dialogs(monkeypatch):
    """The file dialog answers `chosen["path"]`; warnings and questions are recorded."""
    seen = {"open": [], "warning": [], "question": [], "path": "", "answer": QMessageBox.StandardButton.Discard}

    def open_file(parent, caption, directory, filters):
        seen["open"].append((caption, filters))
        return seen["path"], filters.split(";;")[0]

    def question(parent, title, text, *args):
        seen["question"].append(text)
        return seen["answer"]
    monkeypatch.setattr(QFileDialog, "getOpenFileName", open_file)
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: seen["warning"].append(text))
    monkeypatch.setattr(QMessageBox, "question", question)
    return seen


def test_the_menu_action_imports_a_config_as_a_new_unsaved_document(window, dialogs):
    assert window.import_hf_action in window.menuBar().actions()[0].menu().actions()
    dialogs["path"] = str(DATA / "deepseek-v3.json")
    window.import_hf_action.trigger()
    caption, filters = dialogs["open"][0]
    assert "*.json" in filters.split(";;")[0]
    expected = load_hf_config(DATA / "deepseek-v3.json")
    assert window.model.document == expected
    assert window.model.scenario.title == "deepseek-v3 (from Hugging Face config)"
    assert window.model.path == "" and window.model.modified
    assert window.windowTitle().startswith("*deepseek-v3 (from Hugging Face config)")
    assert window.preset_box.currentIndex() == 0  # "(custom scenario)"
    assert dialogs["question"] == [] and dialogs["warning"] == []


def test_unsaved_changes_are_asked_about_first(window, dialogs):
    window.memory_tab.form.editors["parallel.zero"].widget.setValue(3)
    assert window.model.modified
    edited = window.model.document
    dialogs["path"] = str(DATA / "gpt2.json")
    dialogs["answer"] = QMessageBox.StandardButton.Cancel
    window.import_hf_action.trigger()
    assert len(dialogs["question"]) == 1 and dialogs["open"] == []  # cancelled before the file dialog
    assert window.model.document == edited

    dialogs["answer"] = QMessageBox.StandardButton.Discard
    window.import_hf_action.trigger()
    assert len(dialogs["question"]) == 2
    assert window.model.scenario.model.position_embedding == "learned"
    assert window.model.scenario == load_hf_config(DATA / "gpt2.json").scenario


def test_a_cancelled_file_dialog_changes_nothing(window, dialogs):
    before = window.model.document
    dialogs["path"] = ""
    window.import_hf_action.trigger()
    assert len(dialogs["open"]) == 1 and window.model.document == before and not window.model.modified


def test_a_bad_config_is_reported_like_a_bad_scenario_file(window, dialogs, tmp_path):
    before = window.model.document
    bad = tmp_path / "config.json"
    bad.write_text((DATA / "llama-3-8b.json").read_text().replace("4096", '"4096"'))
    dialogs["path"] = str(bad)
    window.import_hf_action.trigger()
    assert len(dialogs["warning"]) == 1
    assert str(bad) in dialogs["warning"][0] and "hidden_size" in dialogs["warning"][0]
    assert window.model.document == before and not window.model.modified


def test_tooltips_are_the_labels_tip_else_the_keys_meaning(window):
    editors = window.memory_tab.form.editors
    assert editors["model.layers"].widget.toolTip() == describe("model.layers")
    assert editors["parallel.zero"].widget.toolTip() == describe("parallel.zero")
    # a Label's own tip wins
    assert labels.LABELS["model.params"].tip
    assert labels.field("model.params").tip == labels.LABELS["model.params"].tip
    for key in labels.LABELS:
        assert labels.field(key).tip, key  # every input says what it sets
