"""``python -m tslab.views.mesh [PRESET]``: the Parallel Mesh tab alone on a preset."""
from __future__ import annotations

import sys

from tslab.views.common import run_alone
from tslab.views.mesh.tab import MeshTab


def main(argv: list[str] | None = None) -> int:
    """Open the Mesh tab alone on a preset (default: DeepSeek-V3)."""
    return run_alone(MeshTab, "deepseek-v3", (1500, 900), argv)


if __name__ == "__main__":
    sys.exit(main())
