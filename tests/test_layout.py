"""Project layout rules: every package folder is listed in pyproject, the import contracts of
[tool.importlinter] hold (desktop > views > models; models never import Qt or pyqtgraph) and would
catch a violation, and compute commands run without Qt."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]  # the repository root is the package `tslab`
EXCLUDED = {".venv", "tests", "build", "dist"}
QT = ("PySide6", "shiboken6", "pyqtgraph")


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


def _lint_imports(config: Path, cwd: Path, pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run import-linter (installed beside this Python by the `test` extra) on `config`."""
    command = Path(sys.executable).with_name("lint-imports")
    assert command.exists(), f"{command} is missing: pip install -e '.[test]'"
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([str(command), "--no-cache", "--no-logo", str(config)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_import_contracts_hold() -> None:
    result = _lint_imports(ROOT / "pyproject.toml", cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert " kept, 0 broken." in result.stdout, result.stdout


def _toml_value(value: object) -> str:
    # Strings, booleans and lists of strings are all the import-linter settings use; JSON writes
    # them in a form TOML reads the same.
    return json.dumps(value)


def _contracts_for(root_package: str) -> str:
    """This repository's own [tool.importlinter] settings with `tslab` renamed to `root_package`."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]

    def rename(value):
        if isinstance(value, str):
            return root_package + value[len("tslab"):] if value.split(".")[0] == "tslab" else value
        if isinstance(value, list):
            return [rename(item) for item in value]
        return value

    lines = ["[tool.importlinter]"]
    lines += [f"{key} = {_toml_value(rename(value))}" for key, value in settings.items() if key != "contracts"]
    for contract in settings["contracts"]:
        lines += ["", "[[tool.importlinter.contracts]]"]
        lines += [f"{key} = {_toml_value(rename(value))}" for key, value in contract.items()]
    return "\n".join(lines) + "\n"


# A package shaped like tslab. Each module's last lines are the imports the contracts forbid;
# the clean copy leaves them out.
FAKE_MODULES = {
    "models/engine.py": ("import json\n", ["import pyqtgraph\n",
                                            "def plot():\n    from PySide6.QtCore import QObject\n    return QObject\n",
                                            "from fakelab.views import panel\n",
                                            "import fakelab.desktop.app\n"]),
    "views/panel.py": ("from fakelab.models import engine\nimport PySide6.QtWidgets\n",
                       ["def start():\n    from fakelab.desktop.app import run\n    return run\n"]),
    "desktop/app.py": ("from fakelab.views import panel\nfrom fakelab.models import engine\n\n"
                       "def run():\n    return panel, engine\n", []),
    "views/memory/figure.py": ("from fakelab.views import panel\n", []),
    "views/time/planner.py": ("from fakelab.models import engine\n", ["from fakelab.views.memory import figure\n"]),
}
VIOLATIONS = ["fakelab.models.engine -> pyqtgraph (l.2)",
              "fakelab.models.engine -> PySide6 (l.4)",
              "fakelab.models.engine -> fakelab.views.panel (l.6)",
              "fakelab.models.engine -> fakelab.desktop.app (l.7)",
              "fakelab.views.panel -> fakelab.desktop.app (l.4)",
              "fakelab.views.time.planner -> fakelab.views.memory.figure (l.2)"]
TAB_PACKAGES = ("memory", "mesh", "pipeline", "comm", "context", "time")  # the independence contract's


def _write_fake_package(root: Path, with_violations: bool) -> None:
    for folder in ("", "models", "views", "desktop", *(f"views/{tab}" for tab in TAB_PACKAGES)):
        (root / "fakelab" / folder).mkdir(parents=True, exist_ok=True)
        (root / "fakelab" / folder / "__init__.py").write_text("", encoding="utf-8")
    for name, (allowed, forbidden) in FAKE_MODULES.items():
        text = allowed + ("".join(forbidden) if with_violations else "")
        (root / "fakelab" / name).write_text(text, encoding="utf-8")
    (root / "contracts.toml").write_text(_contracts_for("fakelab"), encoding="utf-8")


@pytest.mark.parametrize("with_violations", [False, True])
def test_import_contracts_catch_violations(tmp_path: Path, with_violations: bool) -> None:
    """The same contracts, run on a small package: the clean copy passes, and every forbidden import
    in the other (Qt and pyqtgraph in models, imports upwards, at module level or inside a function)
    is reported."""
    _write_fake_package(tmp_path, with_violations)
    result = _lint_imports(tmp_path / "contracts.toml", cwd=tmp_path, pythonpath=tmp_path)
    output = result.stdout + result.stderr
    if not with_violations:
        assert result.returncode == 0, output
        assert " kept, 0 broken." in output, output
        return
    assert result.returncode == 1, output
    assert "Contracts: 0 kept, " in output, output
    missed = [violation for violation in VIOLATIONS if violation not in output]
    assert missed == [], output


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
forbidden = {QT!r}
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
    imported = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines()
                if line.startswith("import time:")}
    assert "tslab.models.memory" in imported
    assert not any(name.split(".")[0] in QT for name in imported)
