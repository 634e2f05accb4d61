"""Exposed vs hidden communication when a collective runs under compute."""
from __future__ import annotations

import math


def overlap(comm_s: float, compute_s: float, fraction: float) -> dict[str, float]:
    """Exposed vs hidden communication: up to `fraction` of comm can run under compute, and no more
    than compute_s of it is hidden: hidden = min(fraction · comm, compute), exposed = comm − hidden,
    total = compute + exposed. A teaching bound, not a model of any one overlap scheme."""
    if not 0.0 <= fraction <= 1.0 or math.isnan(fraction):
        raise ValueError(f"fraction must be in [0, 1], got {fraction}")
    if comm_s < 0 or compute_s < 0:
        raise ValueError("comm_s and compute_s must be >= 0")
    hidden = min(fraction * comm_s, compute_s)
    exposed = comm_s - hidden
    return {"hidden_s": hidden, "exposed_s": exposed, "total_s": compute_s + exposed}
