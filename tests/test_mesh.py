"""The parallel mesh against Megatron-LM's documented groups, mesh invariants, validation reasons,
closed-form traffic and the `tslab mesh` command.

Oracles:
- Megatron-LM megatron/core/parallel_state.py: generate_masked_orthogonal_rank_groups' docstring
  (order tp-pp-dp, sizes 2-2-2 → dp groups [[0,4],[1,5],[2,6],[3,7]]; sizes [tp, dp, pp] = [2, 3, 4]
  → dp_group[0] = [0, 2, 4], dp_group[7] = [19, 21, 23]) and initialize_model_parallel's docstring
  (16 GPUs, tp = 2, pp = 4 → 8 dp groups [g0, g2] …, 8 tp groups [g0, g1] …, 4 pp groups
  [g0, g4, g8, g12] …). A loop restatement of the documented algorithm checks random cases.
- DeepSeek-V3 technical report §3.2: 2048 H800, 8 per node, PP16, 64-way EP across 8 nodes, no TP.
- Traffic closed forms: Megatron-LM (2019) §3 (4 all-reduces of s·b·h per layer and micro-batch),
  Korthikanti et al. §4.2.2 (SP: all-gather + reduce-scatter, same volume), ZeRO §7 (2Ψ, 2Ψ, 2Ψ, 3Ψ).
"""
from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys

import numpy as np
import pytest
from classroom import classroom_on
from commands import tslab
from hypothesis import HealthCheck, given, settings, strategies as st

from tslab.models.mesh import (GROUP_AXES, MAX_WORLD, ORDERS, Mesh, Traffic, build_mesh, rank_groups, resolve_order,
                               traffic)
from tslab.models.presets import load_preset, preset_names
from tslab.models.scenario import AXES, Scenario
from tslab.models.validation import Problem

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def keys_of(problems: tuple[Problem, ...]) -> set[str]:
    return {problem.key for problem in problems}


# ---------------------------------------------------------------------------------------------
# Megatron-LM's documented examples

def test_megatron_masked_orthogonal_example() -> None:
    """order tp-pp-dp, sizes 2-2-2: the dp groups of the generate_masked_orthogonal_rank_groups docstring."""
    sizes = {"tp": 2, "pp": 2, "dp": 2}
    assert rank_groups(8, sizes, "tp-pp-dp", "dp").tolist() == [[0, 4], [1, 5], [2, 6], [3, 7]]
    assert rank_groups(8, sizes, "tp-pp-dp", "tp").tolist() == [[0, 1], [2, 3], [4, 5], [6, 7]]
    assert rank_groups(8, sizes, "tp-pp-dp", "pp").tolist() == [[0, 2], [1, 3], [4, 6], [5, 7]]
    mesh = build_mesh(classroom_on(2, 4, tp=2, pp=2, dp=2, order="tp-pp-dp"))
    assert mesh.errors == ()
    assert mesh.groups["dp"].tolist() == [[0, 4], [1, 5], [2, 6], [3, 7]]
    assert mesh.cross_node("dp").tolist() == [True] * 4
    assert mesh.cross_node("tp").tolist() == [False] * 4
    assert mesh.cross_node("pp").tolist() == [False] * 4


def test_megatron_algorithm_docstring_example() -> None:
    """parallel_size = [tp, dp, pp] = [2, 3, 4], mask dp: dp_group[0] = [0, 2, 4], [1] = [1, 3, 5],
    [7] = [19, 21, 23]."""
    dp = rank_groups(24, {"tp": 2, "dp": 3, "pp": 4}, "tp-dp-pp", "dp")
    assert dp.shape == (8, 3)
    assert dp[0].tolist() == [0, 2, 4] and dp[1].tolist() == [1, 3, 5] and dp[7].tolist() == [19, 21, 23]


def test_megatron_initialize_model_parallel_docstring() -> None:
    """16 GPUs, tp = 2, pp = 4 (dp = 2), Megatron's default order: the groups its docstring lists."""
    g = lambda *ranks: list(ranks)  # noqa: E731 - reads like the docstring's [g0, g2]
    dp = [g(0, 2), g(1, 3), g(4, 6), g(5, 7), g(8, 10), g(9, 11), g(12, 14), g(13, 15)]
    tp = [g(0, 1), g(2, 3), g(4, 5), g(6, 7), g(8, 9), g(10, 11), g(12, 13), g(14, 15)]
    pp = [g(0, 4, 8, 12), g(1, 5, 9, 13), g(2, 6, 10, 14), g(3, 7, 11, 15)]
    sizes = {"tp": 2, "pp": 4, "dp": 2}
    assert rank_groups(16, sizes, "megatron", "dp").tolist() == dp
    assert rank_groups(16, sizes, "megatron", "tp").tolist() == tp
    assert rank_groups(16, sizes, "megatron", "pp").tolist() == pp
    # "adjacent ranks are on the same DGX box": 2 boxes of 8 GPUs.
    mesh = build_mesh(classroom_on(2, 8, tp=2, pp=4, dp=2))
    assert mesh.errors == ()
    assert mesh.order == "tp-cp-ep-dp-pp"
    assert (mesh.groups["dp"].tolist(), mesh.groups["tp"].tolist(), mesh.groups["pp"].tolist()) == (dp, tp, pp)
    assert not mesh.cross_node("tp").any() and not mesh.cross_node("dp").any() and mesh.cross_node("pp").all()


def reference_groups(world: int, sizes: dict[str, int], order: str, axes: str) -> list[list[int]]:
    """Megatron's algorithm as its docstring states it, one rank at a time: group g decomposes over the
    unmasked sizes (first fastest), member j over the masked sizes; rank = Σ index·prefix-product stride."""
    names = order.split("-")
    shape = [sizes.get(name, 1) for name in names]
    stride = [math.prod(shape[:i]) for i in range(len(names))]
    masked = [i for i, name in enumerate(names) if name in axes.split("-")]
    unmasked = [i for i in range(len(names)) if i not in masked]
    size = math.prod(shape[i] for i in masked)

    def decompose(value: int, dims: list[int]) -> dict[int, int]:
        index = {}
        for i in dims:
            value, index[i] = divmod(value, shape[i])
        return index

    groups = []
    for group in range(world // size):
        outer = decompose(group, unmasked)
        groups.append([sum(({**outer, **decompose(j, masked)})[i] * stride[i] for i in range(len(names)))
                       for j in range(size)])
    return groups


@st.composite
def orders_and_sizes(draw) -> tuple[str, dict[str, int], str]:
    names = draw(st.permutations(list(AXES)))
    names = names[:draw(st.integers(1, len(names)))]
    sizes = {name: draw(st.sampled_from([1, 1, 2, 3, 4])) for name in names}
    chosen = draw(st.lists(st.sampled_from(names), min_size=1, max_size=len(names), unique=True))
    return "-".join(names), sizes, "-".join(chosen)


@SETTINGS
@given(orders_and_sizes())
def test_rank_groups_match_megatron_algorithm(case: tuple[str, dict[str, int], str]) -> None:
    order, sizes, axes = case
    world = math.prod(sizes.values())
    assert rank_groups(world, sizes, order, axes).tolist() == reference_groups(world, sizes, order, axes)


def test_rank_groups_rejects_what_megatron_rejects() -> None:
    with pytest.raises(ValueError, match="cp"):
        rank_groups(8, {"tp": 2, "dp": 2, "cp": 2}, "tp-dp-pp", "dp")  # cp = 2 not in the order
    with pytest.raises(ValueError):
        rank_groups(8, {"tp": 2, "dp": 2}, "tp-dp-pp", "dp")  # 4 ranks, not 8
    with pytest.raises(ValueError):
        rank_groups(4, {"tp": 2, "dp": 2}, "tp-dp-dp", "dp")
    with pytest.raises(ValueError):
        rank_groups(4, {"tp": 2, "dp": 2}, "tp-dp-pp", "ep")
    # Size-1 axes may be missing from the order (Megatron appends them).
    assert rank_groups(4, {"tp": 2, "dp": 2, "cp": 1}, "tp-dp-pp", "dp").tolist() == [[0, 2], [1, 3]]


def test_named_orders() -> None:
    """First axis fastest. Megatron-LM's default order string "tp-cp-ep-dp-pp"; torchtitan's
    ParallelDims builds its device mesh as (pp, dp_replicate, dp_shard, cp, tp), the last dimension
    fastest; picotron's ProcessGroupManager views the ranks as a (dp, pp, cp, tp) grid."""
    assert ORDERS == {"megatron": "tp-cp-ep-dp-pp", "torchtitan": "tp-cp-dp-pp", "picotron": "tp-cp-pp-dp"}
    assert resolve_order("picotron") == "tp-cp-pp-dp" and resolve_order("dp-tp-pp") == "dp-tp-pp"


def test_named_orders_side_by_side() -> None:
    """A lecture example, 2 nodes × 8 GPUs, tp = cp = dp = pp = 2. Megatron and torchtitan both put
    pp slowest, so pipeline groups cross the nodes and data-parallel groups stay inside; picotron's
    grid (dp, pp, cp, tp) puts dp slowest: the gradient all-reduce crosses, the pipeline does not.
    Megatron's order differs from torchtitan's only by ep, whose dense size is 1: same groups."""
    crossing = {}
    for name in ORDERS:
        mesh = build_mesh(classroom_on(2, 8, tp=2, cp=2, dp=2, pp=2, order=name))
        assert mesh.errors == (), [str(e) for e in mesh.errors]
        crossing[name] = {axis: mesh.cross_node(axis).tolist() for axis in GROUP_AXES}
    assert crossing["megatron"]["pp"] == [True] * 8 and crossing["megatron"]["dp"] == [False] * 8
    assert crossing["picotron"]["pp"] == [False] * 8 and crossing["picotron"]["dp"] == [True] * 8
    assert crossing["megatron"] == crossing["torchtitan"]
    assert crossing["megatron"] != crossing["picotron"]
    for name in ORDERS:
        assert crossing[name]["tp"] == [False] * 8 and crossing[name]["tp-cp"] == [False] * 4


# ---------------------------------------------------------------------------------------------
# Mesh invariants over random valid sizes and orders

def divisors(n: int) -> list[int]:
    return [d for d in range(1, n + 1) if n % d == 0]


@st.composite
def valid_meshes(draw) -> Scenario:
    tp, cp, dp, pp = (draw(st.sampled_from(values)) for values in
                      ([1, 2, 4, 8], [1, 2, 4], [1, 2, 3, 4, 6, 8], [1, 2, 4]))
    width = tp * cp * dp
    etp = draw(st.sampled_from(divisors(width)))
    ep = draw(st.sampled_from(divisors(width // etp)))
    world = width * pp
    gpus_per_node = draw(st.sampled_from(divisors(world)))
    names = list(draw(st.permutations(["tp", "dp", "pp", "cp", "ep"])))
    if cp == 1 and draw(st.booleans()):
        names.remove("cp")
    if draw(st.booleans()):
        names.remove("ep")  # a torchtitan-like order: ep goes just before dp in the expert generator
    order = draw(st.sampled_from(["-".join(names), *ORDERS]))
    return classroom_on(world // gpus_per_node, gpus_per_node, tp=tp, cp=cp, dp=dp, pp=pp, ep=ep, etp=etp,
                    order=order, **{"model.experts": 64, "model.top_k": 2, "model.expert_ffn_hidden": 1024,
                                    "model.layers": 64, "model.heads": 64, "model.kv_heads": 64})


def positions(groups: np.ndarray, world: int) -> np.ndarray:
    """Per rank: its index inside its group."""
    where = np.empty(world, dtype=np.int64)
    where[groups.ravel()] = np.tile(np.arange(groups.shape[1]), groups.shape[0])
    return where


@SETTINGS
@given(valid_meshes())
def test_mesh_invariants(s: Scenario) -> None:
    mesh = build_mesh(s)
    p, world, gpn = s.parallel, s.world_size, s.cluster.gpus_per_node
    assert mesh.world_size == world and mesh.drawn == world
    assert mesh.dims == {"tp": p.tp, "cp": p.cp, "ep": p.ep, "dp": p.dp, "pp": p.pp, "etp": p.etp,
                         "edp": p.tp * p.cp * p.dp // (p.etp * p.ep)}
    ranks = np.arange(world)
    for axis in GROUP_AXES:
        groups = mesh.groups[axis]
        size = math.prod(mesh.dims[a] for a in axis.split("-"))
        assert groups.shape == (world // size, size)
        assert np.array_equal(np.sort(groups.ravel()), ranks)  # a partition: each rank exactly once
        index = mesh.group_index[axis]
        assert (groups[index] == ranks[:, None]).any(axis=1).all()  # rank r is in row group_index[r]
        spans = np.array([len({r // gpn for r in group}) for group in groups.tolist()])
        assert np.array_equal(mesh.nodes_spanned(axis), spans)
        assert np.array_equal(mesh.cross_node(axis), spans > 1)
    # Combined groups are unions of single-axis groups.
    for combined, parts in (("tp-cp", ("tp", "cp")), ("dp-cp", ("dp", "cp"))):
        for part in parts:
            owner = mesh.group_index[combined][mesh.groups[part]]
            assert (owner == owner[:, :1]).all()
    # Megatron's equation (1): rank = Σ index_i · stride_i along the order, first axis stride 1.
    names = [n for n in resolve_order(p.order).split("-")] + [a for a in AXES if a not in resolve_order(p.order)]
    dense = {"tp": p.tp, "cp": p.cp, "ep": 1, "dp": p.dp, "pp": p.pp}
    stride = dict(zip(names, itertools.accumulate([1] + [dense[n] for n in names[:-1]], lambda a, b: a * b)))
    total = sum(positions(mesh.groups[axis], world) * stride[axis] for axis in ("tp", "cp", "dp", "pp"))
    assert np.array_equal(total, ranks)
    # Coordinates are the same indices.
    for rank in (0, world - 1, world // 2):
        coords = mesh.coordinates(rank)
        assert coords["node"] == mesh.node_of(rank) == rank // gpn and coords["local"] == rank % gpn
        assert sum(coords[axis] * stride[axis] for axis in ("tp", "cp", "dp", "pp")) == rank
        assert all(rank in members for members in mesh.groups_of(rank).values())
        assert set(mesh.groups_of(rank)) == set(GROUP_AXES)
    document = json.loads(json.dumps(mesh.to_json()))
    assert document["groups"]["dp"] == mesh.groups["dp"].tolist()


def test_expert_groups_follow_megatrons_expert_generator() -> None:
    """tp = 2, dp = 4 on 8 GPUs, etp = 1, ep = 4: expert generator (tp = 1, ep = 4, dp = 2, pp = 1)."""
    s = classroom_on(1, 8, tp=2, dp=4, ep=4, etp=1, **{"model.experts": 8, "model.top_k": 2,
                                                   "model.expert_ffn_hidden": 1024})
    mesh = build_mesh(s)
    assert mesh.errors == ()
    assert mesh.dims["edp"] == 2
    assert mesh.groups["ep"].tolist() == [[0, 1, 2, 3], [4, 5, 6, 7]]
    assert mesh.groups["edp"].tolist() == [[0, 4], [1, 5], [2, 6], [3, 7]]
    assert mesh.groups["etp"].tolist() == [[r] for r in range(8)]
    # torchtitan's order has no ep: the expert ranks still come right after the expert TP ranks.
    titan = build_mesh(s.replace(**{"parallel.order": "torchtitan"}))
    assert titan.errors == () and titan.groups["ep"].tolist() == mesh.groups["ep"].tolist()


# ---------------------------------------------------------------------------------------------
# Validation reasons: each with its key and its numbers

def problem(mesh: Mesh, key: str, severity: str = "error") -> str:
    found = [str(p) for p in (mesh.errors if severity == "error" else mesh.warnings) if p.key == key]
    assert found, ([str(p) for p in mesh.errors], [str(p) for p in mesh.warnings])
    return " | ".join(found)


def test_world_size_mismatch_names_both_numbers_and_still_draws() -> None:
    fewer = build_mesh(classroom_on(1, 8, dp=4))  # 4 ranks asked for on 8 GPUs: draw those 4
    text = problem(fewer, "parallel.dp")
    assert "= 4 GPUs" in text and "= 8" in text
    assert fewer.drawn == 4 and fewer.groups["dp"].tolist() == [[0, 1, 2, 3]]
    assert fewer.group_index["dp"].tolist() == [0, 0, 0, 0, -1, -1, -1, -1]
    assert "dp" not in fewer.coordinates(6) and fewer.coordinates(6)["node"] == 0
    more = build_mesh(classroom_on(1, 8, tp=2, pp=2, dp=4))  # 16 asked for: the largest world that fits
    assert "= 16 GPUs" in problem(more, "parallel.dp")
    assert more.dims["dp"] == 2 and more.drawn == 8
    assert sorted(more.groups["pp"].ravel().tolist()) == list(range(8))
    none = build_mesh(classroom_on(1, 8, tp=16, dp=1, **{"model.kv_heads": 32}))  # not one replica fits
    assert all(none.groups[axis].shape[0] == 0 for axis in GROUP_AXES)
    assert none.groups["tp"].shape == (0, 16)
    assert all(len(index) == 8 and (index == -1).all() for index in none.group_index.values())
    assert none.to_json()["groups"]["tp"] == [] and none.cross_node("tp").shape == (0,)


def test_expert_grid_not_tiling() -> None:
    mesh = build_mesh(classroom_on(1, 8, dp=8, ep=16, **{"model.experts": 16, "model.top_k": 2,
                                                     "model.expert_ffn_hidden": 1024}))
    assert "tp·cp·dp = 8" in problem(mesh, "parallel.ep") and "etp·ep = 16" in problem(mesh, "parallel.ep")
    assert mesh.groups["ep"].shape[0] == 0 and mesh.groups["dp"].shape == (1, 8)


@pytest.mark.parametrize(("changes", "key", "needles"), [
    ({"tp": 3, "dp": 1, "cluster.gpus_per_node": 3, "model.ffn_hidden": 11010}, "parallel.tp", ("32", "tp = 3")),
    ({"tp": 8, "dp": 1, "model.kv_heads": 4, "model.heads": 32}, "parallel.tp", ("4 KV heads", "tp = 8")),
    ({"ep": 4, "dp": 8, "model.experts": 6, "model.top_k": 2, "model.expert_ffn_hidden": 1024},
     "parallel.ep", ("6 experts", "ep = 4")),
    ({"order": "tp-xp-dp-pp"}, "parallel.order", ("tp-xp-dp-pp",)),
    ({"order": "tp-dp-dp-pp"}, "parallel.order", ("tp-dp-dp-pp",)),
    ({"order": "tp-dp"}, "parallel.order", ("tp-dp",)),
    ({"cp": 2, "dp": 4, "order": "tp-dp-pp"}, "parallel.order", ("does not list cp", "cp = 2")),
])
def test_each_error_names_its_key_and_numbers(changes: dict, key: str, needles: tuple[str, ...]) -> None:
    mesh = build_mesh(classroom_on(1, 8, **changes))
    text = problem(mesh, key)
    for needle in needles:
        assert needle in text, text


def test_unreadable_order_draws_nothing() -> None:
    mesh = build_mesh(classroom_on(1, 8, order="tp-xp-dp-pp"))
    assert all(mesh.groups[axis].shape[0] == 0 for axis in GROUP_AXES)


def test_expert_and_dense_pipeline_groups_must_agree() -> None:
    """Megatron asserts it: with pp not last (picotron) and edp ≠ dp, a GPU would hold the expert
    layers of another stage than its dense layers."""
    moe = {"model.experts": 8, "model.top_k": 2, "model.expert_ffn_hidden": 1024}
    bad = build_mesh(classroom_on(1, 8, cp=2, pp=2, dp=2, ep=4, order="picotron", **moe))
    assert "put pp last" in problem(bad, "parallel.order")
    assert not keys_of(build_mesh(classroom_on(1, 8, cp=2, pp=2, dp=2, ep=4, order="megatron", **moe)).errors)


def test_warnings_name_the_cost() -> None:
    wide = build_mesh(classroom_on(2, 8, tp=16, dp=1))
    text = problem(wide, "parallel.tp", "warning")
    assert "tp = 16" in text and "8 GPUs" in text and "every layer" in text and "inter-node" in text
    misplaced = build_mesh(classroom_on(2, 8, tp=2, dp=8, order="dp-tp-pp"))
    assert "8 of 8 TP groups span nodes" in problem(misplaced, "parallel.tp", "warning")
    uneven = build_mesh(classroom_on(1, 8, pp=4, dp=2, **{"model.layers": 30}))
    assert "30 layers" in problem(uneven, "parallel.pp", "warning") and not uneven.errors
    interleaved = build_mesh(classroom_on(1, 8, pp=2, vpp=2, dp=4,
                                      **{"model.layers": 6, "schedule.kind": "interleaved-1f1b"}))
    assert "4 pipeline stages" in problem(interleaved, "parallel.pp", "warning")
    assert "parallel.tp" not in keys_of(build_mesh(classroom_on(2, 8, tp=8, dp=2)).warnings)
    ulysses = build_mesh(classroom_on(1, 8, cp=8, dp=1, **{"model.kv_heads": 4}))
    assert "Ulysses over all cp = 8 ranks does not hand each rank whole heads: 4 KV heads" in \
        problem(ulysses, "parallel.cp", "warning")


def test_deepseek_v3_ep_spans_eight_nodes() -> None:
    """DeepSeek-V3 §3.2: 2048 H800 (8 per node), PP16, 64-way EP across 8 nodes, no TP."""
    s = load_preset("deepseek-v3")
    mesh = build_mesh(s)
    assert mesh.errors == ()
    assert mesh.groups["ep"].shape == (32, 64)
    assert (mesh.nodes_spanned("ep") == 8).all()
    assert "64 GPUs span up to 8 nodes" in problem(mesh, "parallel.ep", "warning")
    rows = {row.axis: row for row in traffic(s, mesh)}
    assert "tp" not in rows and "pp" in rows and rows["pp"].cross_node
    assert rows["ep"].collective == "all-to-all" and rows["ep"].cross_node and rows["ep"].max_nodes == 8
    assert rows["ep"].group_size == 64


@pytest.mark.parametrize("name", preset_names())
def test_presets_build_without_errors(name: str) -> None:
    s = load_preset(name)
    mesh = build_mesh(s)
    assert mesh.errors == (), [str(e) for e in mesh.errors]
    assert mesh.drawn == s.world_size
    for row in traffic(s, mesh):
        assert isinstance(row, Traffic) and row.calls_per_step > 0 and row.bytes_per_step > 0
        assert all(type(v) is int for v in (row.calls_per_step, row.bytes_per_call, row.bytes_per_step))


@st.composite
def rough_scenarios(draw) -> Scenario:
    """Any parallel sizes, orders and cluster shapes (mostly not tiling the world)."""
    values = {f"parallel.{axis}": draw(st.sampled_from([1, 2, 3, 4, 8, 16]))
              for axis in ("tp", "cp", "dp", "pp", "ep", "etp")}
    values["parallel.order"] = draw(st.one_of(st.sampled_from([*ORDERS, "tp-dp", "pp-dp-tp-cp-ep", "ep-xx"]),
                                              st.from_regex(r"[a-z]{2}(-[a-z]{2}){0,4}", fullmatch=True)))
    values["parallel.sp"] = draw(st.booleans())
    values["parallel.zero"] = draw(st.integers(0, 3))
    values["cluster.nodes"] = draw(st.integers(1, 8))
    values["cluster.gpus_per_node"] = draw(st.integers(1, 16))
    values["model.experts"] = draw(st.sampled_from([0, 8, 16]))
    values["model.top_k"] = 2 if values["model.experts"] else 0
    values["model.expert_ffn_hidden"] = 1024 if values["model.experts"] else 0
    values["schedule.kind"] = draw(st.sampled_from(["1f1b", "interleaved-1f1b", "zbv", "dualpipe", "gpipe"]))
    values["activation.recompute"] = draw(st.sampled_from(["none", "selective", "full"]))
    return load_preset("classroom-7b").replace(**values)


@SETTINGS
@given(rough_scenarios())
def test_build_mesh_never_raises(s: Scenario) -> None:
    mesh = build_mesh(s)
    assert all(isinstance(p, Problem) and p.message for p in mesh.errors + mesh.warnings)
    for axis in GROUP_AXES:
        groups = mesh.groups[axis]
        assert groups.ndim == 2 and len(mesh.group_index[axis]) == s.world_size
        assert len(set(groups.ravel().tolist())) == groups.size  # no rank twice
        assert groups.size == 0 or groups.max() < s.world_size
    json.dumps(mesh.to_json())
    for row in traffic(s, mesh):
        assert row.bytes_per_step >= 0 and row.calls_per_step >= 0


def test_a_cluster_too_large_to_enumerate() -> None:
    mesh = build_mesh(classroom_on(MAX_WORLD // 4, 8, dp=2 * MAX_WORLD))
    assert "cluster.nodes" in keys_of(mesh.errors)
    assert len(mesh.group_index["dp"]) == 2 * MAX_WORLD and mesh.groups["dp"].shape[0] == 0


def test_mesh_json_pauses_the_collector_and_restores_it() -> None:
    """to_json builds a list per group (millions at MAX_WORLD) with the cyclic garbage collector
    paused, and leaves it as it found it, enabled or not; the document is the same either way."""
    import gc
    mesh = build_mesh(classroom_on(4, 8, tp=2, pp=2))
    assert gc.isenabled()
    first = mesh.to_json()
    assert gc.isenabled()
    gc.disable()
    try:
        assert mesh.to_json() == first and not gc.isenabled()
    finally:
        gc.enable()


# ---------------------------------------------------------------------------------------------
# Traffic: closed forms

def small(**changes: object) -> Scenario:
    """s = 1024, b = 2, h = 1024, 16 heads × 64, 4 layers, bf16 activations, 3 micro-batches."""
    values = {"model.seq_len": 1024, "model.micro_batch": 2, "model.hidden": 1024, "model.heads": 16,
              "model.kv_heads": 16, "model.head_dim": 0, "model.ffn_hidden": 4096, "model.layers": 4,
              "model.vocab": 32000, "precision.activations": "bf16", "schedule.microbatches": 3,
              "schedule.kind": "1f1b", "activation.recompute": "none"}
    values.update(changes)
    nodes = values.pop("nodes", 1)
    return classroom_on(nodes, 8, **values)


def rows_of(s: Scenario) -> dict[str, Traffic]:
    mesh = build_mesh(s)
    assert mesh.errors == (), [str(e) for e in mesh.errors]
    return {row.axis: row for row in traffic(s, mesh)}


def test_tp_all_reduce_closed_form() -> None:
    """Megatron-LM §3: 4 all-reduces of s·b·h per layer per micro-batch; ring 2(t−1)/t·S each."""
    s, b, h, L, m, t = 1024, 2, 1024, 4, 3, 2
    row = rows_of(small(tp=t, dp=4))["tp"]
    assert row.collective == "all-reduce" and row.when == "4 per layer per micro-batch (2 forward, 2 backward)"
    assert row.bytes_per_call == s * b * h * 2
    assert row.calls_per_step == 4 * L * m
    assert row.bytes_per_step == 4 * L * m * 2 * (t - 1) * (s * b * h * 2) // t
    assert row.group_size == 2 and not row.cross_node and row.max_nodes == 1
    full = rows_of(small(tp=t, dp=4, **{"activation.recompute": "full"}))["tp"]
    assert full.calls_per_step == 6 * L * m  # the recomputed forward repeats its 2 all-reduces


def test_sequence_parallel_keeps_the_volume() -> None:
    """Korthikanti §4.2.2: each all-reduce becomes all-gather + reduce-scatter, same bytes."""
    plain = rows_of(small(tp=4, dp=2))["tp"]
    sp = rows_of(small(tp=4, dp=2, sp=True))["tp"]
    assert sp.collective == "all-gather + reduce-scatter"
    assert sp.calls_per_step == 2 * plain.calls_per_step and sp.bytes_per_call == plain.bytes_per_call
    assert sp.bytes_per_step == plain.bytes_per_step


def test_cp_ring_closed_form() -> None:
    """Ring attention: 3(cp − 1) K/V-block passes per layer per micro-batch, block 2·(s/cp)·b·n_kv·d/t."""
    s, b, L, m, cp, kv, d = 1024, 2, 4, 3, 2, 16, 64
    row = rows_of(small(cp=cp, dp=4))["cp"]
    assert row.collective == "send/recv"
    assert row.bytes_per_call == (s // cp) * b * 2 * kv * d * 2
    assert row.calls_per_step == 3 * (cp - 1) * L * m
    assert row.bytes_per_step == 3 * (cp - 1) * L * m * (s // cp) * b * 2 * kv * d * 2


def test_ep_all_to_all_closed_form() -> None:
    """GShard: dispatch + combine, forward and backward, per MoE layer; send buffer s·b·K·h."""
    s, b, h, L, m, k, ep = 1024, 2, 1024, 4, 3, 2, 4
    moe = {"model.experts": 8, "model.top_k": k, "model.expert_ffn_hidden": 512, "model.first_dense_layers": 1}
    row = rows_of(small(dp=8, ep=ep, **moe))["ep"]
    assert row.bytes_per_call == s * b * k * h * 2
    assert row.calls_per_step == 4 * (L - 1) * m
    assert row.bytes_per_step == 4 * (L - 1) * m * (ep - 1) * row.bytes_per_call // ep


def test_pp_send_recv_closed_form() -> None:
    """1F1B, p = 4: a middle stage sends an activation forward and a gradient backward per micro-batch."""
    s, b, h, m = 1024, 2, 1024, 3
    row = rows_of(small(pp=4, dp=2))["pp"]
    assert row.bytes_per_call == s * b * h * 2 and row.calls_per_step == 2 * m
    assert row.bytes_per_step == 2 * m * s * b * h * 2
    interleaved = rows_of(small(pp=2, vpp=2, dp=4, **{"schedule.kind": "interleaved-1f1b"}))["pp"]
    assert interleaved.calls_per_step == 3 * m  # rank 0: stage 0 forward, stage 2 both ways
    assert "pp" not in rows_of(small(dp=8))


@pytest.mark.parametrize("zero", [0, 1, 2, 3])
def test_dp_volumes_follow_zero(zero: int) -> None:
    """ZeRO §7 with one micro-batch: DP 2Ψ, ZeRO-1/2 Ψ + Ψ, ZeRO-3 3Ψ (fp16 gradients and parameters),
    times (n − 1)/n for the bytes one rank sends in a ring."""
    psi, n = 8_000_000, 8
    s = small(dp=n, zero=zero, **{"model.params": psi, "schedule.microbatches": 1, "precision.params": "bf16",
                                  "precision.grads": "bf16"})
    row = rows_of(s)["dp"]
    factor = 3 if zero == 3 else 2
    assert row.bytes_per_step == factor * (n - 1) * psi * 2 // n
    assert row.bytes_per_call == psi * 2 and row.group_size == n
    assert row.collective == ("all-reduce" if zero == 0 else "reduce-scatter + all-gather")


def test_zero_with_gradient_accumulation() -> None:
    """ZeRO-2 keeps a gradient shard only, so it reduce-scatters every micro-batch; ZeRO-0/1 once."""
    psi, n, m = 8_000_000, 8, 4
    base = {"model.params": psi, "schedule.microbatches": m, "precision.grads": "bf16"}
    one = rows_of(small(dp=n, zero=1, **base))["dp"]
    two = rows_of(small(dp=n, zero=2, **base))["dp"]
    three = rows_of(small(dp=n, zero=3, **base))["dp"]
    assert (one.calls_per_step, two.calls_per_step, three.calls_per_step) == (2, m + 1, 3 * m)
    assert two.bytes_per_step == (m + 1) * (n - 1) * psi * 2 // n
    assert three.bytes_per_step == 3 * m * (n - 1) * psi * 2 // n


def test_dp_group_includes_cp() -> None:
    """Megatron reduces weight gradients over the dp-cp group (CP ranks hold the same weights)."""
    row = rows_of(small(dp=2, cp=4))["dp"]
    assert row.group_size == 8


def test_traffic_rows_only_for_axes_larger_than_one() -> None:
    assert set(rows_of(small(dp=8))) == {"dp"}
    assert list(rows_of(small(tp=2, cp=2, pp=2, dp=1, nodes=1))) == ["tp", "cp", "pp", "dp"]


# ---------------------------------------------------------------------------------------------
# tslab mesh

def test_mesh_json_keys_and_types() -> None:
    result = tslab("mesh", "--preset", "llama3-405b", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) >= {"world_size", "order", "dims", "groups", "cross_node", "errors", "warnings",
                         "nodes", "gpus_per_node", "nodes_spanned"}
    assert data["world_size"] == 8192 and data["order"] == "tp-cp-dp-pp"
    assert set(data["dims"]) == {"tp", "cp", "ep", "dp", "pp", "etp", "edp"}
    assert all(type(v) is int for v in data["dims"].values())
    for key in ("groups", "cross_node", "nodes_spanned"):
        assert list(data[key]) == list(GROUP_AXES)
    assert all(type(r) is int for group in data["groups"]["tp"] for r in group)
    assert all(type(flag) is bool for flags in data["cross_node"].values() for flag in flags)
    assert all(isinstance(w, str) for w in data["errors"] + data["warnings"])
    network = {key: data.pop(key) for key in ("links", "bottleneck", "network")}
    assert data == json.loads(json.dumps(build_mesh(load_preset("llama3-405b")).to_json()))
    assert network["network"]["error"] is None and network["links"]  # tests/test_network.py checks them


def test_mesh_json_reports_topology_errors_and_exits_2() -> None:
    """An invalid topology: the JSON (with its `errors`) on stdout, one error line, exit 2 — the
    exit rule every compute command follows for an invalid scenario."""
    result = tslab("mesh", "--set", "parallel.dp=4", "--json")
    assert result.returncode == 2
    data = json.loads(result.stdout)
    assert any(e.startswith("parallel.dp: ") for e in data["errors"])
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tslab: error: invalid scenario: ")


def test_mesh_bad_set_is_one_line_exit_2() -> None:
    result = tslab("mesh", "--set", "parallel.tp=abc", "--json")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("tslab: error: ")
    assert "parallel.tp" in result.stderr and "Traceback" not in result.stderr


def test_mesh_text_summary() -> None:
    result = tslab("mesh", "--preset", "deepseek-v3")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "order tp-cp-ep-dp-pp" in out and "dims: tp 1, cp 1, ep 64" in out
    assert "all-to-all" in out and "8 nodes" in out and "traffic" in out


def test_mesh_command_does_not_import_qt() -> None:
    code = """
import contextlib, io, json, sys
from tslab.desktop import cli
with contextlib.redirect_stdout(io.StringIO()):
    status = cli.main(["mesh", "--preset", "deepseek-v3", "--json"])
bad = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6", "pyqtgraph", "networkx"))
print(json.dumps({"status": status, "bad": bad}))
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"status": 0, "bad": []}


def test_package_exports_what_the_other_layers_import() -> None:
    import importlib

    import tslab.models.mesh as mesh_package

    assert {"GROUP_AXES", "ORDERS", "Mesh", "build_mesh", "traffic"} <= set(mesh_package.__all__)
    assert all(hasattr(mesh_package, name) for name in mesh_package.__all__)
    # the package attribute `traffic` is the function; its module is tslab.models.mesh.traffic
    modules = {name: importlib.import_module(f"tslab.models.mesh.{name}") for name in ("groups", "traffic")}
    assert (mesh_package.build_mesh, mesh_package.traffic) == (modules["groups"].build_mesh, modules["traffic"].traffic)


def test_node_classes_group_the_nodes_that_hold_the_same_groups():
    """DeepSeek-V3 (256 nodes of 8, order tp-cp-ep-dp-pp): a node's 8 GPUs are in one EP group
    (64 consecutive ranks) and in one DP group (128), so the class is that group; PP is the slowest
    axis (stride 128 ranks = 16 nodes): node n holds the PP groups of node n + 16, so the classes
    are n mod 16, and the nodes of a class together hold whole PP groups."""
    mesh = build_mesh(load_preset("deepseek-v3"))
    for axis in ("ep", "dp"):
        assert (mesh.node_classes(axis) == mesh.group_index[axis][::8]).all()
    pp = mesh.node_classes("pp")
    assert (pp == np.arange(mesh.nodes) % 16).all()
    for cls in range(16):
        ranks = {r for n in np.flatnonzero(pp == cls) for r in range(8 * n, 8 * n + 8)}
        held = {int(g) for g in mesh.group_index["pp"][sorted(ranks)]}
        assert ranks == {int(r) for g in held for r in mesh.groups["pp"][g]}
