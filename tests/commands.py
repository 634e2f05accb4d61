"""Running the `tslab` command in a subprocess, as in a terminal without a display."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def headless_env() -> dict[str, str]:
    """The environment of a terminal with no display server (and no debug tracebacks)."""
    drop = {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "TSLAB_DEBUG"}
    return {key: value for key, value in os.environ.items() if key not in drop}


def tslab(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m tslab ARGS` in `headless_env`, its output captured as text, stopped after 120 s."""
    return subprocess.run([sys.executable, "-m", "tslab", *args], capture_output=True, text=True,
                          env=headless_env(), cwd=cwd, timeout=120)
