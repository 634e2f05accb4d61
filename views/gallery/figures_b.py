"""Gallery figures (filled in by this module's figure builders)."""
from __future__ import annotations

from tslab.views.gallery.registry import FigureSpec

SPECS: tuple[FigureSpec, ...] = ()
