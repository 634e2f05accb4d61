"""The Long Context & V4 tab (ContextTab) and its widgets, one module each."""
from tslab.views.context.tab import ContextTab

__all__ = ["ContextTab"]
