"""The tabs of the app. Their keys, in order, are the document's view sections
(`models.document.VIEW_SECTIONS`: each tab's view state is saved under `[view.<key>]`), which the
command line (`--tab`), the window and the export read from here; each key's widget class is
imported on use, so that the command line never loads Qt."""
from __future__ import annotations

import importlib

from tslab.models.document import VIEW_SECTIONS

TAB_KEYS = tuple(VIEW_SECTIONS)
# key → (module, class): a DocumentTab subclass taking a DocumentModel (views/document_tab.py)
TAB_CLASSES = {"memory": ("tslab.views.memory", "MemoryTab"), "mesh": ("tslab.views.mesh", "MeshTab"),
               "pipeline": ("tslab.views.pipeline", "PipelineTab"), "comm": ("tslab.views.comm", "CommTab"),
               "context": ("tslab.views.context", "ContextTab")}


def tab_class(key: str) -> type:
    """The QWidget class of tab `key` (KeyError for another key); each takes a DocumentModel and
    offers the interface of views.document_tab.DocumentTab."""
    if key not in TAB_KEYS:
        raise KeyError(key)
    module, name = TAB_CLASSES[key]
    cls: type = getattr(importlib.import_module(module), name)
    return cls
