"""The parallel degree a tab teaches when the scenario does not use that kind of parallelism: the
scenario with that degree, data parallelism giving up the ranks (the GPUs and the global batch
stay)."""
from __future__ import annotations

from collections.abc import Callable

from ..scenario import Scenario, ScenarioError
from .groups import build_mesh

# The degrees taught, the largest that fits first: within one 8-GPU node.
TEACHING_DEGREES = (8, 4, 2)


def taught_at(s: Scenario, key: str, degree: int, fits: Callable[[int], bool]) -> tuple[Scenario, int] | None:
    """`s` with the parallel degree `key` (e.g. "parallel.cp") set to `degree`, or with 0 to the
    largest of TEACHING_DEGREES, that `fits` the model and leaves a mesh the cluster lays out; with
    that degree. None when none does."""
    for d in ((degree,) if degree > 1 else TEACHING_DEGREES):
        if not fits(d):
            continue
        try:
            shown = s.replace(**{key: d})
        except ScenarioError:
            continue
        if shown.get(key) == d and not build_mesh(shown).errors:
            return shown, d
    return None
