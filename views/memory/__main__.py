"""``python -m tslab.views.memory [PRESET]``: the Memory Ledger tab alone on a preset."""
from __future__ import annotations

import sys

from tslab.models.presets import DEFAULT_PRESET
from tslab.views.common import run_alone
from tslab.views.memory.tab import MemoryTab


def main(argv: list[str] | None = None) -> int:
    """Open the Memory tab alone on a preset (default: the classroom scenario)."""
    return run_alone(MemoryTab, DEFAULT_PRESET, (1400, 860), argv)


if __name__ == "__main__":
    sys.exit(main())
