"""``python -m tslab.views.context [PRESET]``: the Long Context & V4 tab alone on a preset."""
from __future__ import annotations

import sys

from tslab.views.common import run_alone
from tslab.views.context.tab import ContextTab


def main(argv: list[str] | None = None) -> int:
    """Open the Long Context & V4 tab alone on a preset (default: DeepSeek-V3)."""
    return run_alone(ContextTab, "deepseek-v3", (1500, 950), argv)


if __name__ == "__main__":
    sys.exit(main())
