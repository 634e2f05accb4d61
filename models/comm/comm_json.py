"""`tslab comm --json`: plan() on a scenario's cluster."""
from __future__ import annotations

from typing import Any

from ..hardware import link_tiers
from ..scenario import Scenario
from .planner import plan


def comm_json(collective: str, ranks: int, size_bytes: int, algorithm: str = "ring",
              scenario: Scenario | None = None) -> dict[str, Any]:
    """`tslab comm --json`: plan() with the scenario's link tiers (hardware.link_tiers; the
    default Scenario when none is given)."""
    if scenario is None:
        scenario = Scenario()
    return plan(collective, ranks, size_bytes, algorithm or "ring",
                **link_tiers(scenario.cluster).kwargs()).to_json()
