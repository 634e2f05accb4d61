"""What the Parallel Mesh tab's widgets share: when nodes are drawn whole, the colour and the
axes of cross-node traffic, and how an axis is written."""
from __future__ import annotations

DETAIL_LIMIT = 1024  # above this many GPUs a node is drawn as one aggregate cell


CROSS_COLOUR = "#C00000"
HIGH_FREQUENCY = ("tp", "cp", "ep")  # collectives every layer: they should stay inside a node


def axis_label(axis: str) -> str:
    return axis.upper().replace("-", "·")
