"""Project layout rules from DESIGN.md "Architecture": every package folder is listed in pyproject,
models/ never imports Qt or the view/app layers, and compute commands run without Qt."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # the repository root is the package `tslab`
EXCLUDED = {".venv", "tests", "build", "dist"}
FORBIDDEN = ("PySide6", "shiboken6", "pyqtgraph", "tslab.views", "tslab.desktop")


def _run_python(code: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)


def package_folders_on_disk() -> set[str]:
    found = set()
    for folder, subfolders, files in os.walk(ROOT):
        here = Path(folder)
        subfolders[:] = sorted(name for name in subfolders
                               if not (here == ROOT and name in EXCLUDED) and not name.startswith(".")
                               and name != "__pycache__")
        if "__init__.py" in files:
            relative = here.relative_to(ROOT)
            found.add(".".join(("tslab", *relative.parts)))
    return found


def test_every_package_folder_is_listed_in_pyproject() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = config["tool"]["setuptools"]
    assert setuptools["package-dir"] == {"tslab": "."}
    listed = set(setuptools["packages"])
    on_disk = package_folders_on_disk()
    assert {"tslab", "tslab.models", "tslab.views", "tslab.desktop"} <= on_disk
    assert on_disk == listed, {"missing from pyproject": sorted(on_disk - listed),
                               "listed but not on disk": sorted(listed - on_disk)}


def test_no_init_in_tests() -> None:
    assert not (ROOT / "tests" / "__init__.py").exists()


def test_models_never_import_qt_or_upper_layers() -> None:
    code = f"""
import importlib, json, pkgutil, sys
import tslab.models
names = sorted(m.name for m in pkgutil.walk_packages(tslab.models.__path__, "tslab.models."))
for name in names:
    importlib.import_module(name)
forbidden = {FORBIDDEN!r}
bad = sorted(m for m in sys.modules if any(m == f or m.startswith(f + ".") for f in forbidden))
print(json.dumps({{"modules": names, "bad": bad}}))
"""
    result = _run_python(code)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    expected = {f"tslab.models.{path.stem}" for path in (ROOT / "models").glob("*.py") if path.stem != "__init__"}
    assert expected <= set(report["modules"])
    assert report["bad"] == []


def test_compute_commands_do_not_import_qt() -> None:
    code = f"""
import contextlib, io, json, sys
from tslab.desktop import cli
results = {{}}
for argv in (["memory", "--json"], ["memory", "--preset", "kimi-k2", "--json"], ["presets"],
             ["scenario", "--preset", "deepseek-v3"]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(argv)
    results[" ".join(argv)] = status
forbidden = {FORBIDDEN[:3]!r}
bad = sorted(m for m in sys.modules if any(m == f or m.startswith(f + ".") for f in forbidden))
print(json.dumps({{"status": results, "bad": bad}}))
"""
    result = _run_python(code)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert set(report["status"].values()) == {0}, report
    assert report["bad"] == [], report


def test_memory_json_command_does_not_import_qt_importtime() -> None:
    """`python -X importtime -m tslab memory --json` lists every module imported: no Qt among them."""
    env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "tslab", "memory", "--json"],
                            capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0
    json.loads(result.stdout)
    imported = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines() if line.startswith("import time:")}
    assert "tslab.models.memory" in imported
    assert not any(name.split(".")[0] in ("PySide6", "shiboken6", "pyqtgraph") for name in imported)
