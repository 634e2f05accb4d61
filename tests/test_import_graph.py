"""No import cycle anywhere in models/, views/ and desktop/.

The graph is built from each module's source, not by importing it: an edge A → B for every
`import` or `from … import` in A that names B, whether at module level or inside a function (an
import deferred into a function to dodge a cycle is still the cycle, just one that bites later).
`from package import name` points at the submodule `package.name` when there is one, else at the
package itself. Imports under `if TYPE_CHECKING:` are for the type checker only and are not edges.
A package's `__init__` is not implied by importing one of its submodules (Python runs it first,
but a cycle through that is harmless and import-linter does not count it either).
"""
from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "tslab"
SCANNED = ("models", "views", "desktop")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


def modules() -> dict[str, Path]:
    return {module_name(path): path for top in SCANNED for path in sorted((ROOT / top).rglob("*.py"))}


def is_type_checking(test: ast.expr) -> bool:
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement in the tree, skipping the bodies of `if TYPE_CHECKING:`."""
    found: list[ast.Import | ast.ImportFrom] = []
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If) and is_type_checking(node.test):
            pending.extend(node.orelse)
            continue
        pending.extend(ast.iter_child_nodes(node))
    return found


def targets(name: str, path: Path, node: ast.Import | ast.ImportFrom, known: set[str]) -> set[str]:
    """The modules of ours that one import statement in module `name` loads by name."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in known}
    if node.level:
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{node.module}" if node.module else package
    else:
        base = node.module or ""
    found = set()
    for alias in node.names:
        submodule = f"{base}.{alias.name}"
        if submodule in known:
            found.add(submodule)
        elif base in known:
            found.add(base)
    return found


def import_graph() -> nx.DiGraph:
    found = modules()
    known = set(found)
    graph = nx.DiGraph()
    graph.add_nodes_from(known)
    for name, path in found.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in imports(tree):
            for target in targets(name, path, node, known):
                if target != name:
                    graph.add_edge(name, target, line=node.lineno)
    return graph


def describe(graph: nx.DiGraph, cycle: list[str]) -> str:
    steps = []
    for here, there in zip(cycle, cycle[1:] + cycle[:1]):
        steps.append(f"  {here} (line {graph.edges[here, there]['line']}) → {there}")
    return "\n".join(steps)


def test_the_graph_sees_the_package():
    graph = import_graph()
    assert {"tslab.models.scenario", "tslab.views.labels", "tslab.desktop.main_window"} <= set(graph)
    assert graph.has_edge("tslab.models.validation", "tslab.models.scenario")          # from .scenario import
    assert graph.has_edge("tslab.models.validation", "tslab.models.pipeline.kinds")    # a dotted relative module
    assert graph.has_edge("tslab.views.scenario_form", "tslab.models.scenario")        # from package import module
    assert graph.has_edge("tslab.models.validation", "tslab.models.context.checks")    # inside a function
    assert not graph.has_edge("tslab.models.hardware", "tslab.models.scenario")   # only under TYPE_CHECKING
    assert graph.number_of_edges() > 200


def test_no_import_cycle():
    graph = import_graph()
    cycles = [sorted(component) for component in nx.strongly_connected_components(graph) if len(component) > 1]
    if cycles:
        messages = []
        for component in sorted(cycles):
            cycle = [here for here, _ in nx.find_cycle(graph.subgraph(component))]
            messages.append(f"{len(component)} modules import each other, e.g.:\n{describe(graph, cycle)}\n"
                            f"  (all of them: {', '.join(component)})")
        raise AssertionError("import cycles:\n" + "\n".join(messages))


def test_one_registry_of_tabs() -> None:
    """The tab keys are the document's view sections; the command line, the window and the export
    read them from desktop/tabs.py, and each names a DocumentTab with the interface's defaults."""
    from tslab.desktop.cli.parser import TABS
    from tslab.desktop.tabs import TAB_CLASSES, TAB_KEYS, tab_class
    from tslab.models.document import VIEW_SECTIONS
    from tslab.views.document_tab import DocumentTab
    assert TAB_KEYS == tuple(VIEW_SECTIONS) == TABS and set(TAB_CLASSES) == set(TAB_KEYS)
    for key in TAB_KEYS:
        assert issubclass(tab_class(key), DocumentTab)
    with pytest.raises(KeyError):
        tab_class("planner")
