"""Built-in presets: they load, are valid, and carry the published numbers they cite."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tslab.models.document import load_scenario
from tslab.models.memory import memory_ledger
from tslab.models.presets import default_scenario, load_preset, preset_names, preset_path
from tslab.models.scenario import ScenarioError, keys
from tslab.models.validation import errors

EXPECTED = ["classroom-7b", "gpt3-175b", "llama3-405b", "deepseek-v3", "kimi-k2"]
SHIPPED = Path(__file__).resolve().parents[1] / "resources" / "presets"  # the package's preset folder


def file_values(name: str) -> dict[str, object]:
    """Every scenario key a preset file sets, read with tomllib alone (not tslab's loader); a
    parallel.dp of 0 is the rest of the cluster, nodes × GPUs per node / (tp · pp · cp)."""
    data = tomllib.loads((SHIPPED / f"{name}.toml").read_text(encoding="utf-8"))
    flat = {"title": data["title"]} | {f"{section}.{key}": value for section, table in data.items()
                                       if isinstance(table, dict) for key, value in table.items()}
    if flat.get("parallel.dp") == 0:
        world = flat.get("cluster.nodes", 1) * flat.get("cluster.gpus_per_node", 8)
        flat["parallel.dp"] = world // (flat.get("parallel.tp", 1) * flat.get("parallel.pp", 1)
                                        * flat.get("parallel.cp", 1))
    return {key: tuple(value) if isinstance(value, list) else value for key, value in flat.items()
            if key in keys()}


def test_presets_are_listed_in_lecture_order() -> None:
    names = preset_names()
    assert names[:len(EXPECTED)] == EXPECTED
    assert len(names) == len(set(names))
    assert set(names) == {path.stem for path in SHIPPED.glob("*.toml")}
    assert all(preset_path(name) == SHIPPED / f"{name}.toml" for name in names)


def test_default_scenario_is_the_classroom_preset() -> None:
    """The default is the classroom file, key for key: the Llama-2-7B shape (Touvron et al. 2023,
    Table 1 and the released config: 32 layers, d = 4096, 32 heads, SwiGLU width 11008, vocabulary
    32000) on one node of 8 GPUs."""
    s = default_scenario()
    values = file_values("classroom-7b")
    assert len(values) > 20
    assert {key: s.get(key) for key in values} == values
    m = s.model
    assert (m.layers, m.hidden, m.heads, m.ffn_hidden, m.vocab, m.mlp) == (32, 4096, 32, 11008, 32000, "swiglu")
    assert s.world_size == 8


def test_unknown_preset_names_the_choices() -> None:
    with pytest.raises(ScenarioError) as info:
        preset_path("gpt-5")
    assert "gpt-5" in str(info.value) and "classroom-7b" in str(info.value)
    with pytest.raises(ScenarioError):
        load_preset("../pyproject")


@pytest.mark.parametrize("name", preset_names())
def test_preset_loads_valid_with_title_and_sources(name: str) -> None:
    scenario = load_preset(name)
    assert scenario == load_scenario(preset_path(name))  # the document and the scenario loaders agree
    assert {key: scenario.get(key) for key in file_values(name)} == file_values(name)
    assert scenario.title and "\n" not in scenario.title and "\t" not in scenario.title
    assert scenario.sources.refs and scenario.sources.assumptions
    assert errors(scenario) == []
    assert scenario.parallel.tp * scenario.parallel.pp * scenario.parallel.dp * scenario.parallel.cp \
        == scenario.world_size


@pytest.mark.parametrize(("name", "world", "layers", "hidden", "experts", "top_k"), [
    ("classroom-7b", 8, 32, 4096, 0, 0),        # Llama 2 Table 1
    ("gpt3-175b", 64, 96, 12288, 0, 0),         # Korthikanti Table 3
    ("llama3-405b", 8192, 126, 16384, 0, 0),    # Llama 3 Tables 3 and 4
    ("deepseek-v3", 2048, 61, 7168, 256, 8),    # DeepSeek-V3 §3.1, §4.2
    ("kimi-k2", 256, 61, 7168, 384, 8),         # Kimi K2 §2.1, §2.4 (32 nodes)
])
def test_preset_shapes_and_sizes_match_their_sources(name: str, world: int, layers: int, hidden: int,
                                                     experts: int, top_k: int) -> None:
    s = load_preset(name)
    assert s.world_size == world
    assert (s.model.layers, s.model.hidden, s.model.experts, s.model.top_k) == (layers, hidden, experts, top_k)


def test_published_parallel_layouts() -> None:
    v3 = load_preset("deepseek-v3")
    assert (v3.parallel.tp, v3.parallel.pp, v3.parallel.ep, v3.parallel.zero) == (1, 16, 64, 1)
    assert v3.schedule.kind == "dualpipe" and v3.cluster.gpu == "h800"
    k2 = load_preset("kimi-k2")
    assert (k2.parallel.tp, k2.parallel.pp, k2.parallel.ep, k2.parallel.zero) == (1, 16, 16, 1)
    assert k2.schedule.kind == "interleaved-1f1b" and k2.offload.optimizer == "cpu" and k2.optimizer.kind == "muon"
    llama = load_preset("llama3-405b")
    assert (llama.parallel.tp, llama.parallel.cp, llama.parallel.pp, llama.parallel.dp) == (8, 1, 16, 64)
    assert (llama.model.heads, llama.model.kv_heads, llama.model.seq_len) == (128, 8, 8192)
    gpt3 = load_preset("gpt3-175b")
    assert (gpt3.parallel.tp, gpt3.parallel.pp, gpt3.parallel.sp) == (8, 8, True)
    assert gpt3.activation.recompute == "selective" and gpt3.model.mlp == "gelu" and gpt3.model.dropout


@pytest.mark.parametrize("name", preset_names())
def test_preset_ledger_is_consistent(name: str) -> None:
    data = memory_ledger(load_preset(name)).to_json()
    assert data["per_gpu_bytes"]["total"] == sum(data["tiers"].values())
    assert data["capacity_bytes"] > 0
