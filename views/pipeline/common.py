"""What the Pipeline tab's widgets share: the colours of the op types (the schedules' names are
views.labels.kind_name)."""
from __future__ import annotations

OP_COLOURS = {"F": "#4E79A7", "B": "#59A14F", "I": "#8CD17D", "W": "#F28E2B", "FB": "#B07AA1"}
