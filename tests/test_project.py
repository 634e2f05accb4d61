"""The project metadata lists every package of the source tree, so an install carries them all."""
from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    skip = {"tests", "benchmarks", "build", "dist", "packaging"}
    found = {"tslab"}
    for init in ROOT.rglob("__init__.py"):
        parts = init.parent.relative_to(ROOT).parts
        if parts and parts[0] not in skip and not any(part.startswith(".") for part in parts):
            found.add(".".join(("tslab",) + parts))
    assert found - listed == set(), f"packages missing from pyproject.toml: {sorted(found - listed)}"
