"""The Memory Ledger tab (MemoryTab) and its widgets, one module each."""
from tslab.views.memory.tab import MemoryTab

__all__ = ["MemoryTab"]
