"""Where each node and GPU sits in the mesh drawing: nodes on a grid, GPUs in rows inside a node;
or, for a mesh drawn a cell per node, one square cell per node on the grid that fills the space.

Plain arithmetic (no Qt), so the position of rank r and the rank under a point are O(1):
hovering a 16,384-GPU mesh never searches.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

NODE_GAP = 0.8   # empty space between node blocks, in GPU cells
NODE_CELL_GAP = 0.2  # empty space between the cells of a mesh drawn a cell per node, in cells
TEXELS = 10      # texels per GPU cell in the raster of the mesh (gaps land on whole texels)
MAX_RASTER_TEXELS = 1 << 22  # ~12 MB of RGB: the largest aggregate meshes get fewer texels per cell


@dataclass(frozen=True)
class MeshLayout:
    nodes: int
    gpus_per_node: int
    cols: int         # GPU cells per row inside a node
    rows: int         # GPU rows inside a node
    node_cols: int    # nodes per row of the grid
    gap: float = NODE_GAP  # empty space between node blocks

    @classmethod
    def for_cluster(cls, nodes: int, gpus_per_node: int, aspect: float = 1.6) -> MeshLayout:
        """Nodes as blocks of cells (8 GPUs → 4 × 2), blocks on a grid about `aspect` wide per tall."""
        if gpus_per_node <= 4:
            cols = gpus_per_node
        elif gpus_per_node <= 16:
            cols = math.ceil(gpus_per_node / 2)
        else:
            cols = math.ceil(math.sqrt(gpus_per_node * 2))
        rows = math.ceil(gpus_per_node / cols)
        width, height = cols + NODE_GAP, rows + NODE_GAP
        node_cols = max(1, min(nodes, round(math.sqrt(nodes * aspect * height / width))))
        return cls(nodes, gpus_per_node, cols, rows, node_cols)

    @classmethod
    def node_cells(cls, nodes: int, gpus_per_node: int, width_px: float, height_px: float) -> MeshLayout:
        """One square cell per node (a block of 1 × 1 and NODE_CELL_GAP), on the grid whose cells
        are largest in a width_px × height_px area: the drawing fills the space it is given. Only
        node_origin and node_at apply (rank_at names a node's first GPU)."""
        node_cols = np.arange(1, max(nodes, 1) + 1)
        side = np.minimum(max(width_px, 1.0) / node_cols, max(height_px, 1.0) / np.ceil(nodes / node_cols))
        return cls(nodes, gpus_per_node, 1, 1, int(node_cols[np.argmax(side)]), NODE_CELL_GAP)

    def cell_pixels(self, width_px: float, height_px: float) -> float:
        """The side in pixels of one GPU cell (or one node cell) when the whole layout is framed
        in width_px × height_px, its aspect kept."""
        return min(width_px / self.width, height_px / self.height)

    @property
    def node_rows(self) -> int:
        return math.ceil(self.nodes / self.node_cols)

    @property
    def block_width(self) -> float:
        return self.cols + self.gap

    @property
    def block_height(self) -> float:
        return self.rows + self.gap

    @property
    def width(self) -> float:
        return self.node_cols * self.block_width

    @property
    def height(self) -> float:
        return self.node_rows * self.block_height

    def texels(self) -> int:
        """Texels per GPU cell of this layout's raster: TEXELS, or fewer (at least 2) when TEXELS
        would make the raster larger than MAX_RASTER_TEXELS (a mesh of 2^19 GPUs drawn a cell per
        node would otherwise be a 264 MB image)."""
        area = self.width * self.height
        if area * TEXELS * TEXELS <= MAX_RASTER_TEXELS:
            return TEXELS
        return max(2, math.isqrt(int(MAX_RASTER_TEXELS / area)))

    def node_origin(self, node) -> tuple:
        """Lower-left corner of node blocks (scalars or arrays); node 0 at the top left."""
        node = np.asarray(node)
        x = (node % self.node_cols) * self.block_width
        y = (self.node_rows - 1 - node // self.node_cols) * self.block_height
        return x, y

    def cell_origin(self, rank) -> tuple:
        """Lower-left corner of the cells of `rank` (scalar or array), local index 0 at top left."""
        rank = np.asarray(rank)
        node, local = rank // self.gpus_per_node, rank % self.gpus_per_node
        x0, y0 = self.node_origin(node)
        x = x0 + self.gap / 2 + local % self.cols
        y = y0 + self.gap / 2 + (self.rows - 1 - local // self.cols)
        return x, y

    def cell_centre(self, rank) -> tuple:
        x, y = self.cell_origin(rank)
        return x + 0.5, y + 0.5

    def node_at(self, x: float, y: float) -> int | None:
        column, row_from_bottom = math.floor(x / self.block_width), math.floor(y / self.block_height)
        if not (0 <= column < self.node_cols and 0 <= row_from_bottom < self.node_rows):
            return None
        node = (self.node_rows - 1 - row_from_bottom) * self.node_cols + column
        return node if node < self.nodes else None

    def rank_at(self, x: float, y: float) -> int | None:
        """The GPU whose cell contains (x, y), or None between cells."""
        node = self.node_at(x, y)
        if node is None:
            return None
        x0, y0 = self.node_origin(node)
        cx, cy = x - x0 - self.gap / 2, y - y0 - self.gap / 2
        column, row = math.floor(cx), self.rows - 1 - math.floor(cy)
        if not (0 <= column < self.cols and 0 <= row < self.rows):
            return None
        local = row * self.cols + column
        if local >= self.gpus_per_node:
            return None
        return node * self.gpus_per_node + local
