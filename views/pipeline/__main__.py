"""``python -m tslab.views.pipeline [PRESET]``: the Pipeline tab alone on a preset."""
from __future__ import annotations

import sys

from tslab.models.presets import DEFAULT_PRESET
from tslab.views.common import run_alone
from tslab.views.pipeline.tab import PipelineTab


def main(argv: list[str] | None = None) -> int:
    """Open the Pipeline tab alone on a preset (default: the classroom scenario)."""
    return run_alone(PipelineTab, DEFAULT_PRESET, (1500, 900), argv)


if __name__ == "__main__":
    sys.exit(main())
