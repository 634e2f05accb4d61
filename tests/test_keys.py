"""Every key `--set` takes has a one-line meaning, marked for translation, and `key_info` states
its declared type, range and default."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from tslab.models import keys as keys_module
from tslab.models.document import Document, document_keys, view_keys
from tslab.models.keys import MEANINGS, all_keys, describe, key_info
from tslab.models.scenario import Scenario, declared_type, keys

SOURCE = Path(keys_module.__file__).read_text(encoding="utf-8")


def test_every_scenario_key_has_a_meaning():
    missing = [key for key in keys() if key not in MEANINGS]
    assert not missing, f"keys without a meaning in models/keys.py: {missing}"


def test_every_view_key_has_a_meaning_and_nothing_else_is_described():
    assert [key for key in view_keys() if key not in MEANINGS] == []
    assert set(MEANINGS) == set(document_keys()), set(MEANINGS) ^ set(document_keys())


def test_meanings_are_one_line_and_say_something():
    for key, text in MEANINGS.items():
        assert text == text.strip() and "\n" not in text, key
        assert len(text) >= 10, key
        assert not text.endswith("."), key  # one phrase, as tooltips and the keys table show it


def test_every_meaning_is_marked_for_the_keys_context():
    # What lupdate extracts: a literal QT_TRANSLATE_NOOP("keys", "…") for each meaning.
    marked = {}
    for node in ast.walk(ast.parse(SOURCE)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "QT_TRANSLATE_NOOP":
            context, text = (arg.value for arg in node.args)  # type: ignore[attr-defined]
            assert context == "keys"
            marked[text] = True
    assert all(text in marked for text in MEANINGS.values())


def test_describe():
    assert describe("model.hidden") == MEANINGS["model.hidden"]
    with pytest.raises(KeyError):
        describe("model.nope")


def test_key_info_is_the_declared_type_range_and_default():
    defaults, document = Scenario(), Document()
    for info in all_keys():
        if info.key.startswith("view."):
            assert info.default == document.get(info.key)
            continue
        assert info.default == defaults.get(info.key)
        if info.key == "title":
            assert info.type == "str"
            continue
        kind, meta = declared_type(info.key)
        assert (info.type, info.low, info.high, info.pattern) == (kind, meta.get("low"), meta.get("high"),
                                                                   meta.get("pattern"))
        assert info.choices == (tuple(meta["choices"]) if meta.get("choices") else None)
    tp = key_info("parallel.tp")
    assert (tp.type, tp.low, tp.high, tp.default) == ("int", 1, 1 << 20, 1)
    tensors = key_info("activation.tensors")
    assert tensors.type == "list" and tensors.to_json()["default"] == []
    compare = key_info("view.mesh.compare_order")
    assert compare.choices == ("", "megatron", "torchtitan", "picotron") and compare.type == "str"


def test_key_info_json_is_strict_json():
    text = json.dumps([info.to_json() for info in all_keys()], allow_nan=False)
    assert len(json.loads(text)) == len(document_keys())
