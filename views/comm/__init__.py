"""The Communication / MoE tab (CommTab) and its widgets, one module each."""
from tslab.views.comm.tab import CommTab

__all__ = ["CommTab"]
