"""Built-in scenarios (resources/presets/*.toml), each citing the sources of its numbers."""
from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

from .document import Document, load_document
from .scenario import Scenario, ScenarioError

PRESET_DIR = Path(__file__).resolve().parent.parent / "resources" / "presets"
DEFAULT_PRESET = "classroom-7b"
# Lecture order: the classroom default first, then dense systems, then MoE systems.
ORDER = ("classroom-7b", "gpt3-175b", "llama3-405b", "deepseek-v3", "kimi-k2", "llama3-405b-128k")


def preset_names() -> list[str]:
    found = {path.stem for path in PRESET_DIR.glob("*.toml")}
    return [name for name in ORDER if name in found] + sorted(found - set(ORDER))


def preset_path(name: str) -> Path:
    path = PRESET_DIR / f"{name}.toml"
    if name not in preset_names():
        raise ScenarioError(f"unknown preset {name!r} (choose from {', '.join(preset_names())})")
    return path


@functools.cache
def preset_document(name: str) -> Document:
    """A built-in document: the preset's scenario and view state (parsed once per process;
    documents are immutable, so the cached one cannot be changed by a caller). It keeps no
    source text: a preset saved is written with every key in the file order of a new document."""
    return dataclasses.replace(load_document(preset_path(name)), source="")


def matching_preset(scenario: Scenario) -> str:
    """The name of the built-in preset whose scenario `scenario` is ("" when none is)."""
    return next((name for name in preset_names() if preset_document(name).scenario == scenario), "")


def load_preset(name: str) -> Scenario:
    """A built-in scenario."""
    return preset_document(name).scenario


def default_scenario() -> Scenario:
    """The built-in scenario used when no --scenario or --preset is given."""
    return load_preset(DEFAULT_PRESET)
