"""What the Pipeline tab's widgets share: the colours of the op types and the schedules' names."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication


OP_COLOURS = {"F": "#4E79A7", "B": "#59A14F", "I": "#8CD17D", "W": "#F28E2B", "FB": "#B07AA1"}


KIND_NAMES = {"gpipe": "GPipe", "1f1b": "1F1B", "zb-h1": "ZB-H1", "zb-h2": "ZB-H2", "zbv": "ZB-V",
              "dualpipe": "DualPipe", "dualpipev": "DualPipeV"}


def kind_name(kind: str) -> str:
    """A schedule's display name (names are kept, "interleaved" is translated)."""
    if kind == "interleaved-1f1b":
        return QCoreApplication.translate("PipelineTab", "Interleaved 1F1B")
    return KIND_NAMES.get(kind, kind)
