"""Saving a scenario file keeps what its author wrote: comments, order and layout stay, a changed
value replaces only the value on its line, and a key the file leaves out is added to its table.
A document with no file behind it (new, a preset, an import) is written with every key in file
order, and every saved file loads back as the same document."""
from __future__ import annotations

import dataclasses
import difflib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from test_document import _value

from tslab.models.document import Document, document_keys, document_to_toml, load_document, save_document
from tslab.models.presets import preset_document, preset_names
from tslab.models.scenario import SCHEMA_VERSION, ScenarioError

DATA = Path(__file__).parent / "data"

COMMENTED = """\
# my notes: the lecture's run
schema_version = 3
title = 'Lecture 4'  # keep me

[model]
# the shape of Llama-2-7B
layers = 32  # the depth
hidden = 4096

heads = 32

[memory]
fragmentation = 0  # an integer for a float key

[view.comm]
ranks = 4  # a small ring
"""


def written(tmp_path: Path, text: str = COMMENTED) -> Path:
    path = tmp_path / "lecture.toml"
    path.write_text(text, encoding="utf-8")
    return path


def changes(old: str, new: str) -> tuple[list[str], list[str]]:
    """(lines removed, lines added) from `old` to `new`."""
    diff = list(difflib.ndiff(old.splitlines(), new.splitlines()))
    return [line[2:] for line in diff if line.startswith("- ")], [line[2:] for line in diff if line.startswith("+ ")]


def table_of(text: str, line: str) -> str:
    """The [table] a line of TOML text is in ("" = the top level)."""
    table = ""
    for each in text.splitlines():
        if each.startswith("["):
            table = each.strip("[]")
        if each == line:
            return table
    raise AssertionError(f"{line!r} is not in the text")


def test_a_file_saved_again_keeps_every_line_and_only_adds_the_keys_it_left_out(tmp_path):
    doc = load_document(written(tmp_path))
    out = document_to_toml(doc)
    removed, added = changes(COMMENTED, out)
    assert removed == []
    assert out.startswith("# my notes: the lecture's run\nschema_version = 3\ntitle = 'Lecture 4'  # keep me\n")
    keys_added = [line for line in added if " = " in line]
    assert len(keys_added) == len(document_keys()) + 1 - 7   # every key and schema_version, less the file's seven
    assert table_of(out, "kv_heads = 32") == "model" and table_of(out, 'order = "megatron"') == "parallel"
    assert table_of(out, 'collective = "allreduce"') == "view.comm"
    assert table_of(out, 'selected = ""') == "view.memory"
    assert load_document(tmp_path / "lecture.toml") == doc
    path = tmp_path / "again.toml"
    save_document(doc, path)
    assert path.read_text(encoding="utf-8") == out and load_document(path) == doc
    save_document(load_document(path), path)   # a file this writer wrote is written back unchanged
    assert path.read_text(encoding="utf-8") == out


def test_a_changed_value_keeps_the_comment_on_its_line(tmp_path):
    doc = load_document(written(tmp_path)).replace(
        **{"model.layers": 40, "view.comm.ranks": 16, "title": "Lecture 5", "memory.fragmentation": 0.1})
    out = document_to_toml(doc)
    removed, added = changes(COMMENTED, out)
    assert removed == ["title = 'Lecture 4'  # keep me", "layers = 32  # the depth",
                       "fragmentation = 0  # an integer for a float key", "ranks = 4  # a small ring"]
    assert {"title = 'Lecture 5'  # keep me", "layers = 40  # the depth",
            "fragmentation = 0.1  # an integer for a float key", "ranks = 16  # a small ring"} <= set(added)
    assert "# the shape of Llama-2-7B" in out and "\n\nheads = 32\n" in out
    path = tmp_path / "changed.toml"
    save_document(doc, path)
    assert load_document(path) == doc


def test_an_older_schema_is_saved_as_the_current_one(tmp_path):
    source = (DATA / "scenario_v1.toml").read_text(encoding="utf-8")
    doc = load_document(DATA / "scenario_v1.toml")
    out = document_to_toml(doc)
    assert f"schema_version = {SCHEMA_VERSION}" in out.splitlines()
    removed, _ = changes(source, out)
    assert all(line.startswith("schema_version") for line in removed)
    path = tmp_path / "v3.toml"
    save_document(doc, path)
    assert load_document(path) == doc


def test_the_source_text_takes_no_part_in_equality_and_survives_edits(tmp_path):
    doc = load_document(written(tmp_path))
    assert doc.source == COMMENTED
    assert doc == dataclasses.replace(doc, source="") and hash(doc) == hash(dataclasses.replace(doc, source=""))
    assert doc.replace(**{"parallel.zero": 2}).source == COMMENTED
    assert "source=" not in repr(doc)


def test_a_source_tomlkit_cannot_read_is_written_anew():
    doc = dataclasses.replace(Document(), source="[[[ not toml")
    assert document_to_toml(doc) == document_to_toml(Document())


@pytest.mark.parametrize("name", preset_names())
def test_presets_keep_no_source_and_load_back_identical(name, tmp_path):
    doc = preset_document(name)
    assert doc.source == ""
    out = document_to_toml(doc)
    assert out.startswith(f"schema_version = {SCHEMA_VERSION}\ntitle = ")
    path = tmp_path / f"{name}.toml"
    save_document(doc, path)
    assert load_document(path) == doc
    assert document_to_toml(load_document(path)) == out   # saved again: the same text


@st.composite
def documents(draw, start: Document | None = None) -> Document:
    """`start` (a new document by default) with a few keys set to random values the keys accept
    (a rejected combination is left out)."""
    doc = start or Document()
    for key in draw(st.lists(st.sampled_from(document_keys()), max_size=12, unique=True)):
        try:
            doc = doc.replace(**{key: draw(_value(key))})
        except ScenarioError:
            pass
    return doc


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=documents())
def test_a_new_document_loads_back_identical(doc, tmp_path):
    path = tmp_path / "new.toml"
    save_document(doc, path)
    assert load_document(path) == doc
    assert document_to_toml(load_document(path)) == document_to_toml(doc)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_an_edited_file_loads_back_identical_with_its_comments(data, tmp_path):
    doc = data.draw(documents(load_document(written(tmp_path))))
    path = tmp_path / "edited.toml"
    save_document(doc, path)
    text = path.read_text(encoding="utf-8")
    assert load_document(path) == doc
    for comment in ("# my notes: the lecture's run", "# keep me", "# the shape of Llama-2-7B", "# the depth",
                    "# an integer for a float key", "# a small ring"):
        assert comment in text


def test_the_scenario_command_keeps_comments(tmp_path):
    source = written(tmp_path)
    out = tmp_path / "g.toml"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "tslab", "scenario", "--scenario", str(source), "--set", "parallel.zero=2"]
    saved = subprocess.run(command + ["--out", str(out)], capture_output=True, text=True, env=env, timeout=120)
    assert saved.returncode == 0, saved.stderr
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# my notes: the lecture's run\n") and "title = 'Lecture 4'  # keep me" in text
    assert "ranks = 4  # a small ring" in text and "zero = 2" in text.splitlines()
    assert load_document(out) == load_document(source).replace(**{"parallel.zero": 2})
    printed = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert printed.returncode == 0 and printed.stdout == text


def test_saving_in_the_window_keeps_comments(qtbot, tmp_path):
    from tslab.desktop.main_window import MainWindow

    source = written(tmp_path)
    window = MainWindow(Document())
    qtbot.addWidget(window, before_close_func=lambda w: w.model.mark_saved(""))
    assert window.open_path(str(source))
    assert window.model.set_value("model.layers", 40)
    assert window.save_to(str(source))   # Save over the file it came from
    text = source.read_text(encoding="utf-8")
    assert "layers = 40  # the depth" in text and text.startswith("# my notes: the lecture's run\n")
    window.model.undo()   # an undone edit keeps the file's text too
    assert window.model.scenario.model.layers == 32
    copy = tmp_path / "copy.toml"
    assert window.save_to(str(copy))
    assert "layers = 32  # the depth" in copy.read_text(encoding="utf-8")
    assert load_document(copy) == window.model.document
