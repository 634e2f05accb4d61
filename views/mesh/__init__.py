"""The Parallel Mesh tab (MeshTab) and its widgets, one module each."""
from tslab.views.mesh.tab import MeshTab

__all__ = ["MeshTab"]
