"""``python -m tslab.views.comm [PRESET]``: the Communication / MoE tab alone on a preset."""
from __future__ import annotations

import sys

from tslab.views.comm.tab import CommTab
from tslab.views.common import run_alone


def main(argv: list[str] | None = None) -> int:
    """Open the Communication / MoE tab alone on a preset (default: DeepSeek-V3)."""
    return run_alone(CommTab, "deepseek-v3", (1500, 950), argv)


if __name__ == "__main__":
    sys.exit(main())
