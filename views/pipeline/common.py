"""What the Pipeline tab's widgets share: the colours of the op types and the schedules' names."""
from __future__ import annotations

from tslab.views.labels import choice_label

OP_COLOURS = {"F": "#4E79A7", "B": "#59A14F", "I": "#8CD17D", "W": "#F28E2B", "FB": "#B07AA1"}


def kind_name(kind: str) -> str:
    """A schedule's display name, as the schedule input lists it (names are kept, "interleaved"
    is translated)."""
    return choice_label("schedule.kind", kind)
