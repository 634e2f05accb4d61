"""The tabs of the app, in order: key (used by --tab) → widget class. Imported on use."""
from __future__ import annotations

TAB_KEYS = ("memory", "mesh", "pipeline", "comm", "context")


def tab_class(key: str) -> type:
    """The QWidget class of tab `key`; each takes a DocumentModel and offers `export_widget()`
    and `export_error()` (None when its figure can be drawn)."""
    if key == "memory":
        from tslab.views.memory import MemoryTab
        return MemoryTab
    if key == "mesh":
        from tslab.views.mesh import MeshTab
        return MeshTab
    if key == "pipeline":
        from tslab.views.pipeline import PipelineTab
        return PipelineTab
    if key == "comm":
        from tslab.views.comm import CommTab
        return CommTab
    if key == "context":
        from tslab.views.context import ContextTab
        return ContextTab
    raise KeyError(key)
