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


def test_a_result_under_way_in_another_thread_is_waited_for_not_computed_again() -> None:
    """The UI thread and a worker often ask for the same result at once (the activation policy,
    whose MoE routing takes tens of ms): the second waits for the first's run. A run that fails
    leaves the result to the next caller; a function asking for its own result again (the same
    declared values) in its own thread computes it rather than waiting for itself."""
    import threading
    calls, started, release, made = [], threading.Event(), threading.Event(), []

    @reads("parallel.pp", size=4)
    def slow_depth(s: Scenario) -> int:
        calls.append(threading.get_ident())
        if len(calls) == 1:
            started.set()
            release.wait(5)
        return s.parallel.pp
    made.append(slow_depth)

    try:
        s = load_preset("deepseek-v3")
        found: list[int] = []
        first = threading.Thread(target=lambda: found.append(slow_depth(s)))
        first.start()
        assert started.wait(5)
        second = threading.Thread(target=lambda: found.append(slow_depth(s.replace(**{"model.hidden": 1024}))))
        second.start()
        second.join(0.2)
        assert second.is_alive()   # waiting for the first run, not computing
        release.set()
        first.join(5)
        second.join(5)
        assert found == [16, 16] and len(calls) == 1

        @reads("parallel.pp", size=4)
        def failing(s: Scenario) -> int:
            calls.append(0)
            if len(calls) == 2:
                raise ValueError("the first run fails")
            return 1
        made.append(failing)
        with pytest.raises(ValueError):
            failing(s)
        assert failing(s) == 1 and len(calls) == 3   # computed again by the next caller

        @reads("parallel.pp", size=4)
        def again(s: Scenario) -> int:
            calls.append(0)
            return 2 if len(calls) > 4 else again(s.replace(**{"model.hidden": 2048}))
        made.append(again)
        assert again(s) == 2   # its own run asked for: computed, no wait on itself
    finally:
        release.set()
        for function in made:
            DECLARED.remove(function)
