"""``python -m tslab.views.time [PRESET]``: the Step time panel alone on a preset."""
from __future__ import annotations

import sys

from tslab.models.presets import DEFAULT_PRESET
from tslab.views.common import run_alone
from tslab.views.time.panel import StepTimePanel


def main(argv: list[str] | None = None) -> int:
    """Open the Step time panel alone on a preset (default: the classroom scenario)."""
    return run_alone(StepTimePanel, DEFAULT_PRESET, (460, 760), argv)


if __name__ == "__main__":
    sys.exit(main())
