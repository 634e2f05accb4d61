"""The document (scenario + view state): files of schema 1 and 2, view keys, changed keys, and the
declared reads of every derived computation."""
from __future__ import annotations

import dataclasses
import json
import threading
import tomllib
from pathlib import Path

import numpy as np
import pytest
from edits import edit_outside as _edit
from hypothesis import assume, given, settings, strategies as st

from tslab.models import derived
from tslab.models.document import (VIEW_SECTIONS, CommView, Document, apply_document_overrides, changed_keys,
                                   document_from_dict, document_keys, document_to_toml, load_document, load_scenario,
                                   save_document, view_keys)
from tslab.models.presets import load_preset, preset_document, preset_names
from tslab.models.scenario import SCHEMA_VERSION, Scenario, ScenarioError, coerce_field, keys

DATA = Path(__file__).parent / "data"


# ---------------------------------------------------------------------------------------------
# Immutability

def test_scenario_and_document_are_hashable_and_immutable() -> None:
    s = load_preset("deepseek-v3")
    assert isinstance(s.sources.refs, tuple) and s.sources.refs
    assert hash(Scenario()) == hash(Scenario())
    assert hash(Document(s)) == hash(Document(load_preset("deepseek-v3")))
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.parallel.tp = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        s.sources.refs.append("changed")  # type: ignore[attr-defined]


def test_list_keys_are_stored_as_tuples() -> None:
    s = Scenario().replace(**{"sources.refs": ["a", "b"]})
    assert s.sources.refs == ("a", "b")
    assert load_preset("kimi-k2").sources.assumptions == preset_document("kimi-k2").scenario.sources.assumptions


# ---------------------------------------------------------------------------------------------
# Files

def test_version_1_file_loads_with_default_view_state() -> None:
    text = (DATA / "scenario_v1.toml").read_text(encoding="utf-8")
    assert tomllib.loads(text)["schema_version"] == 1
    doc = load_document(DATA / "scenario_v1.toml")
    assert doc.view == Document().view
    preset = load_preset("classroom-7b")  # the file is the classroom preset as it was then
    assert dataclasses.replace(doc.scenario, sources=preset.sources) == preset
    assert load_scenario(DATA / "scenario_v1.toml") == doc.scenario


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_round_trips_as_a_document(name: str, tmp_path: Path) -> None:
    doc = preset_document(name).replace(**{"view.comm.collective": "alltoall", "view.comm.ranks": 4,
                                           "view.mesh.colour_by": "dp", "view.pipeline.compare": "zbv",
                                           "view.pipeline.time": 7.5, "view.memory.selected": "optimizer"})
    path = tmp_path / "doc.toml"
    save_document(doc, path)
    text = path.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert data["schema_version"] == SCHEMA_VERSION == 3
    assert set(data["view"]) == set(VIEW_SECTIONS)
    assert data["view"]["comm"]["ranks"] == 4
    assert load_document(path) == doc
    assert document_from_dict(data, "x", text) == doc


def test_every_key_is_written_once() -> None:
    text = document_to_toml(Document())
    data = tomllib.loads(text)
    written = {f"view.{tab}.{name}" for tab, table in data.pop("view").items() for name in table}
    written |= {"title"} | {f"{section}.{name}" for section, table in data.items() if isinstance(table, dict)
                            for name in table}
    assert written == set(document_keys())
    assert len(document_keys()) == len(set(document_keys())) == len(keys()) + len(view_keys())


@pytest.mark.parametrize("body, expected", [
    ('schema_version = 2\n[view.comm]\nranks = 1\n', r"line 3: view\.comm\.ranks = 1 is below its minimum 2"),
    ('schema_version = 2\n[view.comm]\ncollective = "gather"\n', r"line 3: view\.comm\.collective must be one of"),
    ('schema_version = 2\n[view.gallery]\nx = 1\n', r"line 2: unknown key view\.gallery"),
    ('schema_version = 2\n[view.mesh]\ncolor = "dp"\n', r"line 3: unknown key view\.mesh\.color"),
    ('schema_version = 2\nview = 3\n', r"line 2: view must be a table"),
    ('schema_version = 4\n', r"schema_version 4 is newer"),
])
def test_bad_view_state_names_file_line_and_key(tmp_path: Path, body: str, expected: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(ScenarioError, match=str(path).replace(".", r"\.") + ".*" + expected if "line" in expected
                       else expected):
        load_document(path)


# ---------------------------------------------------------------------------------------------
# Keys

def test_view_keys_are_set_like_scenario_keys() -> None:
    doc = apply_document_overrides(Document(), ["view.comm.collective=alltoall", "view.comm.bytes=1e6",
                                                "parallel.tp=2", "view.mesh.compare_order=torchtitan"])
    assert doc.view.comm == CommView(collective="alltoall", bytes=1_000_000)
    assert doc.scenario.parallel.tp == 2
    assert doc.get("view.mesh.compare_order") == "torchtitan"
    for bad, named in (("view.comm.ranks=0", "view.comm.ranks"), ("view.comm.nope=1", "view.comm.nope"),
                       ("view.comm=1", "view.comm"), ("view.pipeline.compare=zb", "view.pipeline.compare")):
        with pytest.raises(ScenarioError, match=named.replace(".", r"\.")):
            apply_document_overrides(Document(), [bad])


def _value(key: str) -> st.SearchStrategy:
    doc = Document()
    if key.startswith("view."):
        from tslab.models.document import _view_field as field_of
    else:
        from tslab.models.scenario import key_field as field_of
    if key == "title":
        return st.text(max_size=10)
    f = field_of(key)
    meta, default = f.metadata, doc.get(key)
    if isinstance(default, bool):
        return st.booleans()
    if isinstance(default, tuple):
        return st.lists(st.text(max_size=5), max_size=2)
    if meta.get("choices"):
        return st.sampled_from(meta["choices"])
    if isinstance(default, str):
        return st.just(default)
    if isinstance(default, int):
        return st.integers(int(meta["low"]), int(min(meta["high"], 1 << 30)))
    return st.floats(meta["low"], meta["high"], allow_nan=False)


RESOLVED = {"parallel.dp", "schedule.microbatches", "schedule.global_batch"}  # scenario.resolve_batch's keys


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_changed_keys_are_exactly_the_keys_set(data) -> None:
    chosen = data.draw(st.lists(st.sampled_from(document_keys()), max_size=6, unique=True))
    assume(not {"schedule.microbatches", "schedule.global_batch"} <= set(chosen))  # set together, they must agree
    values = {key: data.draw(_value(key)) for key in chosen}
    old = Document()
    new = old.replace(**values)
    # The keys set, and the ones resolved from them (dp follows the mesh, the batch and micro-batches each other).
    expected = {key for key in set(chosen) | RESOLVED if old.get(key) != new.get(key)}
    assert changed_keys(old, new) == expected
    assert changed_keys(new, new) == frozenset()


# ---------------------------------------------------------------------------------------------
# Derived computations: each declares every key it reads

def _canonical(result) -> object:
    """A comparable form of any computation result."""
    if hasattr(result, "to_json"):
        try:
            return _canonical(result.to_json())
        except TypeError:
            pass
    if dataclasses.is_dataclass(result) and not isinstance(result, type):
        return {f.name: _canonical(getattr(result, f.name)) for f in dataclasses.fields(result)
                if f.name != "scenario"}
    if isinstance(result, np.ndarray):
        return result.tolist()
    if isinstance(result, dict):
        return {str(k): _canonical(v) for k, v in result.items()}
    if isinstance(result, (list, tuple)):
        return [_canonical(v) for v in result]
    if isinstance(result, (np.integer, np.floating)):
        return result.item()
    return result


def _run(computation: derived.Computation, doc: Document) -> str:
    """The result as canonical JSON. Nothing is caught: every computation returns `derived.Failed`
    (with the reason) for a document it cannot compute, so an exception here is a bug."""
    result = derived.ResultCache().get(computation, doc)
    return json.dumps(_canonical(result), sort_keys=True, default=str)


# Keys no valid edit changes without moving a key the computation reads: the context analysis
# reads schedule.global_batch, and microbatches = global_batch / (dp × micro_batch) moves with it.
INSEPARABLE = {"context": {"schedule.microbatches"}}


BASES = {"classroom": Document(load_preset("classroom-7b")),
         "deepseek": Document(load_preset("deepseek-v3")).replace(**{"schedule.microbatches": 8,
                                                                    "view.pipeline.compare": "1f1b"})}


@pytest.mark.parametrize("computation", derived.ALL, ids=lambda c: c.name)
@pytest.mark.parametrize("base", list(BASES))
def test_computations_read_only_their_declared_keys(computation: derived.Computation, base: str) -> None:
    """Change every key a computation does not declare: its result must not change (so a cached
    result keyed by the declared keys is never stale, and skipping it on such a change is right).
    The reads are those for this document: classroom-7b types its op durations, so the schedule
    and the memory timeline must not read the step-time model's keys there."""
    doc = BASES[base]
    reference = _run(computation, doc)
    reads = computation.reads_of(doc)
    undeclared = [key for key in document_keys() if not derived.concerns([key], reads)]
    assert undeclared, "a computation that reads every key declares nothing"
    unchecked = set()
    for key in undeclared:
        changed = _edit(doc, key, reads)
        if changed is None:
            unchecked.add(key)
            continue
        assert _run(computation, changed) == reference, f"{computation.name} reads {key} but does not declare it"
    assert unchecked == INSEPARABLE.get(computation.name, set())


def test_declared_reads_name_real_keys_or_sections() -> None:
    sections = {key.rsplit(".", 1)[0] for key in document_keys() if "." in key}
    for computation in derived.ALL:
        for read in computation.reads:
            assert read in document_keys() or read in sections, (computation.name, read)


def test_concerns_matches_keys_and_sections() -> None:
    assert derived.concerns({"model.hidden"}, ("model",))
    assert derived.concerns({"view.comm.ranks"}, ("view.comm",))
    assert not derived.concerns({"model.hidden"}, ("model.heads",))
    assert not derived.concerns({"memory.fragmentation"}, derived.MESH.all_reads)
    assert derived.LEDGER.concerns({"memory.fragmentation"})
    assert derived.TRAFFIC.concerns({"cluster.nodes"})  # through its input, the mesh


def test_typed_durations_free_the_schedule_from_the_step_time_keys() -> None:
    """With schedule.durations = "manual" the schedule and the memory timeline read none of the
    step-time model's own keys; with "model" they read them all, and a switch between the two is
    itself a change they read."""
    typed, modelled = BASES["classroom"], BASES["deepseek"]
    assert typed.get("schedule.durations") == "manual" and modelled.get("schedule.durations") == "model"
    for computation in (derived.SCHEDULE, derived.MEMORY_TIMELINE):
        for key in ("time.gemm_efficiency", "context.attention_efficiency", "cluster.inter_latency_us"):
            assert not computation.concerns({key}, typed), (computation.name, key)
            assert computation.concerns({key}, modelled), (computation.name, key)
            assert computation.concerns({key}), "without a document every read that may happen counts"
        assert computation.concerns({"schedule.durations"}, typed)
    cache = derived.ResultCache()
    first = cache.get(derived.SCHEDULE, typed)
    assert cache.get(derived.SCHEDULE, typed.replace(**{"time.gemm_efficiency": 0.5})) is first
    assert cache.computed["schedule"] == 1


def test_cache_computes_once_per_distinct_input() -> None:
    cache = derived.ResultCache(size=4)
    doc = BASES["classroom"]
    first = cache.get(derived.LEDGER, doc)
    assert cache.get(derived.LEDGER, doc.replace(**{"view.comm.ranks": 4, "moe.tokens_per_rank": 1024})) is first
    assert cache.computed["ledger"] == 1
    other = cache.get(derived.LEDGER, doc.replace(**{"memory.fragmentation": 0.1}))
    assert other is not first and cache.computed["ledger"] == 2
    assert cache.get(derived.LEDGER, doc) is first  # undo finds the first result
    for seed in range(6):  # the cache stays small
        cache.get(derived.MOE, doc.replace(**{"moe.seed": seed}))
    assert len(cache._results) <= 4


@pytest.mark.parametrize("first_run_fails", [False, True])
def test_a_result_under_way_is_computed_once_however_many_threads_ask(first_run_fails: bool) -> None:
    """A second thread asking for a result another thread is computing waits for it instead of
    computing it again; when that run fails (a cancelled worker), the waiting thread computes it."""
    started, release = threading.Event(), threading.Event()
    runs: list[str] = []

    def compute(doc: Document) -> tuple[str, int]:
        runs.append(threading.current_thread().name)
        if len(runs) == 1:
            started.set()
            assert release.wait(10)
            if first_run_fails:
                raise RuntimeError("cancelled")
        return ("result", doc.scenario.model.layers)

    computation = derived.Computation("slow", ("model.layers",), compute)
    cache, doc = derived.ResultCache(), BASES["classroom"]
    results: dict[str, object] = {}

    def ask(name: str) -> None:
        try:
            results[name] = cache.get(computation, doc)
        except RuntimeError as exc:
            results[name] = exc

    first = threading.Thread(target=ask, args=("first",), name="first")
    first.start()
    assert started.wait(10)
    second = threading.Thread(target=ask, args=("second",), name="second")
    second.start()
    second.join(0.2)
    assert second.is_alive(), "the second thread waits for the run under way"
    release.set()
    first.join(10)
    second.join(10)
    assert results["second"] == ("result", doc.scenario.model.layers)
    if first_run_fails:
        assert isinstance(results["first"], RuntimeError) and runs == ["first", "second"]
    else:
        assert results["first"] is results["second"] and runs == ["first"]
    assert cache.computed["slow"] == 1


def test_coerce_field_rejects_out_of_range_view_values() -> None:
    from tslab.models.document import _view_field
    with pytest.raises(ScenarioError, match="view.comm.overlap"):
        coerce_field("view.comm.overlap", _view_field("view.comm.overlap"), 1.5)


def test_where_a_computation_runs_is_decided_by_the_size_of_its_work() -> None:
    """models.derived.heavy: the one place that sends a computation to a tab's runner."""
    small, big = BASES["classroom"], Document(load_preset("deepseek-v3"))
    assert not any(derived.heavy(c, small) for c in derived.ALL)
    assert derived.heavy(derived.STEP_TIME, big) and not derived.heavy(derived.LEDGER, big)
    huge = big.replace(**{"cluster.nodes": (derived.WORKER_GPUS // 8) * 2, "parallel.dp": 0})
    assert derived.heavy(derived.MESH, huge) and derived.heavy(derived.NETWORK, huge)
    assert not derived.heavy(derived.MESH, big)
    routed = small.replace(**{"model.experts": 64, "model.top_k": 8, "model.expert_ffn_hidden": 1024,
                              "moe.tokens_per_rank": derived.WORKER_PICKS // 8 + 1})
    assert derived.heavy(derived.MOE, routed) and not derived.heavy(derived.MOE, small)
    deep = small.replace(**{"schedule.global_batch": 8 * 4096, "parallel.pp": 8, "parallel.dp": 1})
    assert derived.schedule_ops(deep) > derived.WORKER_OPS and derived.heavy(derived.SCHEDULE, deep)
    assert derived.heavy(derived.SR, small.replace(**{"sr.samples": derived.WORKER_SR[0] + 1}))
    # the memory tab's pages: the timeline by the schedule's ops, the long-context curves by their ledgers
    assert derived.step_ops(big.scenario) > derived.WORKER_TIMELINE_OPS and derived.heavy(derived.MEMORY_TIMELINE, big)
    assert derived.heavy(derived.CONTEXT_MEMORY, big) and not derived.heavy(derived.CONTEXT_MEMORY, small)
