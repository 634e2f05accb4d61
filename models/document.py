"""The document behind every tab: the Scenario plus each tab's view state.

What a tab shows is a function of the document alone: the scenario (the training run) and the
tab's own settings (which collective is drawn, which order the mesh is compared with, where the
pipeline animation stands, …). Saving a document saves both, so a figure prepared on screen can
be exported again later or from the command line (`tslab export --scenario FILE`), and it is the
same figure.

A file is TOML with `schema_version = 2`: the scenario's sections, then ``[view.<tab>]`` tables.
A version-1 file (no view state) loads with every tab's defaults. View keys are dotted like
scenario keys (``view.comm.ranks``) and are set the same way (``--set view.comm.ranks=4``).
"""
from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .scenario import (ALGORITHMS, COLLECTIVES, GROUP_AXES, NAMED_ORDERS, SCHEDULE_KINDS, SECTIONS, Scenario,
                       ScenarioError, coerce_field, key_field, keys, spec, with_values)
from .scenario_files import (atomic_write, field_values, line_of, parse_assignments, read_toml, scenario_from_dict,
                             set_toml_values, toml_table, write_scenario_toml)

MIB = 1 << 20


@dataclass(frozen=True)
class MemoryView:
    """Memory Ledger: the ledger item picked in the table ("" = none); the stack outlines it and
    the figure states its formula and source."""
    selected: str = spec("", pattern=r"[a-z0-9_]*")


@dataclass(frozen=True)
class MeshView:
    """Parallel Mesh: the axis whose groups colour the GPUs ("auto": the first of TP, EP, CP, PP,
    DP with a degree above 1) and a framework rank order drawn beside the scenario's ("" = none)."""
    colour_by: str = spec("auto", choices=("auto",) + GROUP_AXES)
    compare_order: str = spec("", choices=("",) + NAMED_ORDERS)
    # The network view's links are coloured by this axis's per-step bytes ("all" = every axis).
    network_axis: str = spec("all", choices=("all", "tp", "cp", "ep", "pp", "dp", "edp"))
    # A mesh too large to draw GPU by GPU is drawn a cell per node; this node's GPUs are drawn
    # beside it, each with its rank and coordinates (−1 = none; a node past the last = none).
    node: int = spec(-1, low=-1, high=1 << 20)

    def zoomed_node(self, nodes: int) -> int | None:
        """The node whose GPUs are drawn beside the mesh, or None (none chosen, or past `nodes`)."""
        return self.node if 0 <= self.node < nodes else None

    def axis(self, scenario: Scenario) -> str:
        """The axis that colours the mesh: `colour_by`, with "auto" resolved for `scenario`."""
        if self.colour_by != "auto":
            return self.colour_by
        dims = scenario.parallel
        return next((axis for axis in ("tp", "ep", "cp", "pp", "dp") if getattr(dims, axis) > 1), "tp")


@dataclass(frozen=True)
class PipelineView:
    """Pipeline Scheduler: a second schedule on the same time axis ("" = none) and the animation
    position in the schedule's time units (−1 = the end: every op drawn)."""
    compare: str = spec("", choices=("",) + SCHEDULE_KINDS)
    time: float = spec(-1.0, low=-1.0, high=1e18)
    # The PP degree taught on a scenario without pipeline parallelism (parallel.pp = 1): 0 = the
    # largest of 8, 4, 2 that splits the layers and fits the cluster; 1 = the scenario's own, one rank.
    degree: int = spec(0, low=0, high=1 << 16)


@dataclass(frozen=True)
class CommView:
    """Communication / MoE: the collective drawn, its algorithm, ranks and nccl-tests message size
    in bytes, the compute it may overlap with (ms, and the share that can overlap), and the round
    shown (−1 = half way through, the default figure)."""
    collective: str = spec("allreduce", choices=COLLECTIVES)
    algorithm: str = spec("ring", choices=ALGORITHMS)
    ranks: int = spec(8, low=2, high=1024)
    bytes: int = spec(256 * MIB, low=1, high=1 << 46)
    compute_ms: float = spec(5.0, low=0.0, high=1e6)
    overlap: float = spec(0.7, low=0.0, high=1.0)
    round: int = spec(-1, low=-1, high=1 << 24)


CONTEXT_PAGES = ("parallel", "muon", "sr")
CONTEXT_SCHEMES = ("ulysses", "ring", "usp", "two-stage", "kda")


@dataclass(frozen=True)
class ContextView:
    """Long Context & V4: the page shown (context parallelism, Muon × ZeRO, stochastic rounding),
    the context-parallel scheme drawn and its animation step (−1 = the last step: the end state)."""
    page: str = spec("parallel", choices=CONTEXT_PAGES)
    scheme: str = spec("ring", choices=CONTEXT_SCHEMES)
    step: int = spec(-1, low=-1, high=1 << 20)
    # The CP degree taught on a scenario without context parallelism (parallel.cp = 1): 0 = the
    # largest of 8, 4, 2 that fits the model and the cluster; 1 = show the scenario's own, no CP.
    degree: int = spec(0, low=0, high=1 << 16)


VIEW_SECTIONS: dict[str, type] = {"memory": MemoryView, "mesh": MeshView, "pipeline": PipelineView, "comm": CommView,
                                  "context": ContextView}


@dataclass(frozen=True)
class View:
    """Every tab's view state."""
    memory: MemoryView = field(default_factory=MemoryView)
    mesh: MeshView = field(default_factory=MeshView)
    pipeline: PipelineView = field(default_factory=PipelineView)
    comm: CommView = field(default_factory=CommView)
    context: ContextView = field(default_factory=ContextView)


@dataclass(frozen=True)
class Document:
    """A scenario and the view state of every tab; immutable and hashable. `source` is the TOML
    text of the file it was read from ("" for a new document, a preset or an import), kept so
    that saving writes into that text (`document_to_toml`); it takes no part in equality."""
    scenario: Scenario = field(default_factory=Scenario)
    view: View = field(default_factory=View)
    source: str = field(default="", compare=False, hash=False, repr=False)

    def get(self, key: str) -> Any:
        """The value of a dotted key: ``"parallel.tp"`` or ``"view.comm.ranks"``."""
        if key.startswith("view."):
            _, tab, name = key.split(".", 2)
            return getattr(getattr(self.view, tab), name)
        return self.scenario.get(key)

    def replace(self, **changes: Any) -> Document:
        """A copy with dotted keys changed (scenario or view keys), every value checked."""
        return with_document_values(self, changes)

    @property
    def title(self) -> str:
        return self.scenario.title


def view_keys() -> list[str]:
    return [f"view.{tab}.{f.name}" for tab, cls in VIEW_SECTIONS.items() for f in dataclasses.fields(cls)]


def document_keys() -> list[str]:
    """Every settable dotted key of a document, in file order."""
    return keys() + view_keys()


def _view_field(key: str) -> dataclasses.Field:
    parts = key.split(".")
    cls = VIEW_SECTIONS.get(parts[1]) if len(parts) == 3 else None
    fields = {f.name: f for f in dataclasses.fields(cls)} if cls else {}
    if len(parts) != 3 or parts[2] not in fields:
        raise ScenarioError(f"unknown key {key}")
    return fields[parts[2]]


def with_document_values(doc: Document, values: dict[str, Any]) -> Document:
    """A copy of `doc` with each dotted key set to its checked value."""
    scenario_values = {key: value for key, value in values.items() if not key.startswith("view.")}
    by_tab: dict[str, dict[str, Any]] = {}
    for key, value in values.items():
        if key.startswith("view."):
            value = coerce_field(key, _view_field(key), value)
            by_tab.setdefault(key.split(".")[1], {})[key.split(".")[2]] = value
    scenario = with_values(doc.scenario, scenario_values) if scenario_values else doc.scenario
    view = doc.view
    if by_tab:
        view = dataclasses.replace(view, **{tab: dataclasses.replace(getattr(view, tab), **changes)
                                            for tab, changes in by_tab.items()})
    if scenario is doc.scenario and view is doc.view:
        return doc
    return Document(scenario, view, doc.source)


def apply_document_overrides(doc: Document, assignments: Iterable[str]) -> Document:
    """Apply ``--set KEY=VALUE`` strings (scenario or view keys) in order; a bad one raises an
    error naming its key."""
    def field_of(key: str) -> dataclasses.Field:
        return _view_field(key) if key.startswith("view.") else key_field(key)
    return with_document_values(doc, parse_assignments(assignments, field_of))


def _section_changes(name: str, old: Any, new: Any) -> list[str]:
    if old is new or old == new:
        return []
    return [f"{name}.{f.name}" for f in dataclasses.fields(old) if getattr(old, f.name) != getattr(new, f.name)]


def changed_keys(old: Document, new: Document) -> frozenset[str]:
    """The dotted keys whose values differ between two documents."""
    keys: list[str] = []
    if old.scenario is not new.scenario:
        if old.scenario.title != new.scenario.title:
            keys.append("title")
        for section in SECTIONS:
            keys += _section_changes(section, getattr(old.scenario, section), getattr(new.scenario, section))
    if old.view is not new.view:
        for tab in VIEW_SECTIONS:
            keys += _section_changes(f"view.{tab}", getattr(old.view, tab), getattr(new.view, tab))
    return frozenset(keys)


# ---------------------------------------------------------------------------------------------
# Files

def document_from_dict(data: dict[str, Any], origin: str = "scenario", text: str = "") -> Document:
    """A Document from parsed TOML; errors name the origin, line and key."""
    scenario = scenario_from_dict(data, origin, text)
    view_data = data.get("view", {})

    def where(section: str, key: str | None = None) -> str:
        line = line_of(text, section, key) if text else None
        return f"{origin}, line {line}" if line else origin

    if not isinstance(view_data, dict):
        raise ScenarioError(f"{where('', 'view')}: view must be a table of [view.<tab>] tables")
    values: dict[str, Any] = {}
    for tab, content in view_data.items():
        section = f"view.{tab}"
        if tab not in VIEW_SECTIONS:
            raise ScenarioError(f"{where(section)}: unknown key {section} (tabs with view state: "
                                f"{', '.join(VIEW_SECTIONS)})")
        if not isinstance(content, dict):
            raise ScenarioError(f"{where('view', tab)}: {section} must be a table [{section}]")
        for name, value in content.items():
            key = f"{section}.{name}"
            try:
                values[key] = coerce_field(key, _view_field(key), value)
            except ScenarioError as exc:
                raise ScenarioError(f"{where(section, name)}: {exc}") from None
    return with_document_values(Document(scenario), values)


def load_document(path: str | os.PathLike) -> Document:
    """Read a scenario file (schema 1 to 3), keeping its text as the document's `source`; every
    problem raises ScenarioError naming the file."""
    data, text = read_toml(path)
    return dataclasses.replace(document_from_dict(data, str(path), text), source=text)


def load_scenario(path: str | os.PathLike) -> Scenario:
    """The scenario of a TOML file (its view state, if any, is checked and left out)."""
    return load_document(path).scenario


def document_to_toml(doc: Document) -> str:
    """The document as TOML text: every scenario key, then every tab's view state. A document
    read from a file is written into that file's text (`doc.source`): its comments, order and
    layout stay, a changed value replaces only the value on its line, and a key the file leaves
    out is added at the end of its table (a missing table at the end of the file)."""
    import tomlkit
    from tomlkit.exceptions import ParseError
    try:
        document = tomlkit.parse(doc.source) if doc.source else tomlkit.document()
    except ParseError:  # TOML that tomllib read and tomlkit cannot: written anew
        document = tomlkit.document()
    write_scenario_toml(doc.scenario, document)
    for tab in VIEW_SECTIONS:
        set_toml_values(toml_table(document, f"view.{tab}"), field_values(getattr(doc.view, tab)))
    return document.as_string()


def save_document(doc: Document, path: str | os.PathLike) -> None:
    """Save as TOML atomically; raises ScenarioError if the file cannot be written."""
    try:
        atomic_write(path, document_to_toml(doc).encode("utf-8"))
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot save ({exc.strerror or exc})") from None
