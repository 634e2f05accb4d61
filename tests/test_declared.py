"""Declared model functions (models/declared.py): each reads only the keys it declares, so a
result remembered by their values is never stale."""
from __future__ import annotations

import importlib
import pkgutil

import pytest
from edits import edit_outside

import tslab.models
from tslab.models import derived
from tslab.models.declared import DECLARED, Declared, reads
from tslab.models.document import Document, document_keys
from tslab.models.presets import load_preset
from tslab.models.scenario import Scenario

# every module of the models imported, so that every declared function is registered
for _module in pkgutil.walk_packages(tslab.models.__path__, "tslab.models."):
    importlib.import_module(_module.name)

BASES = {
    "classroom": Document(load_preset("classroom-7b")),
    # MoE with MTP, DualPipe, uneven stages
    "deepseek": Document(load_preset("deepseek-v3")),
    # interleaved stages, vpp, and the stage split options in use
    "kimi": Document(load_preset("kimi-k2").replace(**{"parallel.embedding_in_split": True})),
    "gpt3": Document(load_preset("gpt3-175b").replace(**{"parallel.first_stage_layers": 4,
                                                          "schedule.kind": "zbv"})),
}


def _outcome(function: Declared, s: Scenario) -> object:
    try:
        return function.uncached(s)
    except ValueError as exc:
        return ("ValueError", str(exc))


def test_every_declared_function_is_registered() -> None:
    names = {function.__name__ for function in DECLARED}
    assert {"pipeline_layout", "rank_parameter_pairs", "rank_keys", "rank_layer_kinds", "activation_policy",
            "layer_flops", "muon_stage"} <= names


@pytest.mark.parametrize("function", DECLARED, ids=lambda f: f.__name__)
@pytest.mark.parametrize("base", list(BASES))
def test_declared_functions_read_only_their_keys(function: Declared, base: str) -> None:
    """Change every scenario key a function does not declare: its result must not change."""
    doc = BASES[base]
    reference = _outcome(function, doc.scenario)
    undeclared = [key for key in document_keys() if not key.startswith("view.")
                  and not derived.concerns([key], function.reads)]
    assert undeclared
    for key in undeclared:
        changed = edit_outside(doc, key, function.reads)
        if changed is None:
            continue
        assert _outcome(function, changed.scenario) == reference, f"{function.__name__} reads {key}"


def test_a_result_is_remembered_by_the_declared_values_only() -> None:
    calls = []

    @reads("parallel.pp", size=2)
    def pipeline_depth(s: Scenario) -> int:
        calls.append(s)
        return s.parallel.pp

    s = load_preset("deepseek-v3")
    assert pipeline_depth(s) == 16
    assert pipeline_depth(s.replace(**{"model.hidden": 1024})) == 16 and len(calls) == 1
    assert pipeline_depth(s.replace(**{"parallel.pp": 8, "parallel.dp": 256})) == 8 and len(calls) == 2
    for pp in (2, 4):
        pipeline_depth(s.replace(**{"parallel.pp": pp, "parallel.dp": 2048 // pp}))
    assert pipeline_depth(s) == 16 and len(calls) == 5  # only the two latest are kept
    DECLARED.remove(pipeline_depth)
