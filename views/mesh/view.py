"""One mesh drawn: node blocks, GPU cells coloured by the groups of one axis, cross-node groups
outlined in red, the hovered GPU's group as a ring."""
from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QCursor, QFont, QFontMetricsF, QPainter
from PySide6.QtWidgets import QApplication, QToolTip, QWidget

from tslab.models.mesh import DENSE_AXES, EXPERT_AXES, Mesh
from tslab.views import charts
from tslab.views.mesh.common import CROSS_COLOUR, DETAIL_LIMIT, axis_label
from tslab.views.mesh.layout import MeshLayout

# A qualitative palette (Tableau 20): neighbouring groups get distinct colours.
GROUP_COLOURS = ["#4E79A7", "#F28E2B", "#E15759", "#76B7B2", "#59A14F", "#EDC948", "#B07AA1", "#FF9DA7",
                 "#9C755F", "#BAB0AC", "#A0CBE8", "#FFBE7D", "#FF9D9A", "#86BCB6", "#8CD17D", "#F1CE63",
                 "#D4A6C8", "#FABFD2", "#D7B5A6", "#79706E"]


def stamp(image: np.ndarray, x0: np.ndarray, y0: np.ndarray, width: int, height: int, colours: np.ndarray) -> None:
    """Fill a width × height rectangle of `image` (rows = y) at each (x0[i], y0[i]) with colours[i],
    all at once: the index arrays hold no more entries than the rectangles' texels."""
    if width <= 0 or height <= 0 or not len(x0):
        return
    rows = np.asarray(y0)[:, None] + np.arange(height)
    cols = np.asarray(x0)[:, None] + np.arange(width)
    image[rows[:, :, None], cols[:, None, :]] = np.asarray(colours, dtype=np.uint8)[:, None, None, :]


LABEL_AXES = ("tp", "cp", "dp", "pp", "etp", "ep", "edp")   # the order of a GPU's coordinates in its label
SMALLEST_LABEL_PT = 5.5   # below this a cell's label is left out (zoom in to read it)
CELL_FILL = 0.8           # the coloured share of a cell's width (a texel of margin each side)
MIDDLE_PX = 2             # half the clear band across a labelled cell's middle
WIDEST = 8                # labels measured for the font: the longest lines (digits are equally wide)


def axis_positions(mesh: Mesh) -> dict[str, np.ndarray]:
    """Per axis of size > 1 (LABEL_AXES order): every rank's index in its group of that axis (−1
    outside the groups), as Mesh.coordinates gives it for one rank. The expert axes only when
    experts are spread (ep or etp > 1): else edp is dp again."""
    positions = {}
    expert = mesh.dims.get("ep", 1) > 1 or mesh.dims.get("etp", 1) > 1
    for axis in LABEL_AXES:
        groups = mesh.groups.get(axis)
        if axis not in DENSE_AXES + EXPERT_AXES or mesh.dims.get(axis, 1) <= 1 or groups is None or not groups.size:
            continue
        if axis in EXPERT_AXES and not expert:
            continue
        index = np.full(mesh.world_size, -1, dtype=np.int64)
        index[groups.ravel()] = np.tile(np.arange(groups.shape[1]), groups.shape[0])
        positions[axis] = index
    return positions


def cell_label_lines(rank: int, positions: dict[str, np.ndarray]) -> list[str]:
    """A GPU's label: its global rank, then its coordinates on the axes of size > 1, two per line
    ("r5", "tp1 dp2")."""
    coords = [f"{axis}{int(index[rank])}" for axis, index in positions.items() if index[rank] >= 0]
    return [QCoreApplication.translate("MeshView", "r{rank}").format(rank=rank)] + [
        " ".join(coords[i:i + 2]) for i in range(0, len(coords), 2)]


class CellLabels(pg.GraphicsObject):
    """Each GPU cell's label in one item: its rank in the cell's upper half, its coordinates in the
    lower half, the middle left in the group's colour (the colour reads at a glance, and is what a
    test of the drawing samples). The type shrinks with the cell on screen (the application's size
    at most, so that presentation mode reads larger) down to SMALLEST_LABEL_PT; the coordinates
    are dropped before the rank, and nothing is drawn in cells too small for the rank; dark text
    on light cells, white on dark."""

    def __init__(self):
        super().__init__()
        self.cells: list[tuple[float, float, list[str], bool]] = []   # centre x, y, lines, light text
        self._bounds = QRectF()
        self._xy = np.zeros((0, 2))
        self._widest: list[list[str]] = []   # the labels that decide the font (the longest lines)
        self._fonts: dict[tuple[float, float, int], QFont | None] = {}

    def set_cells(self, cells: list[tuple[float, float, list[str], bool]]) -> None:
        self.prepareGeometryChange()
        self.cells = cells
        self._fonts = {}
        if cells:
            xs, ys = [c[0] for c in cells], [c[1] for c in cells]
            self._bounds = QRectF(min(xs) - 0.5, min(ys) - 0.5, max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
            self._xy = np.array([xs, ys]).T
            # Only the longest lines can be the widest: the font is measured on them, not on every cell.
            self._widest = sorted((c[2] for c in cells), key=lambda lines: [-len(line) for line in lines])[:WIDEST]
            self._widest += sorted((c[2] for c in cells), key=lambda lines: -max(map(len, lines)))[:WIDEST]
        else:
            self._bounds = QRectF()
            self._xy = np.zeros((0, 2))
            self._widest = []
        self.update()

    def font_for(self, cell_px: float, lines_shown: int) -> QFont | None:
        """`_font_for` over the widest labels, kept per cell size on screen (a pan redraws with it)."""
        size = QApplication.font().pointSizeF()
        key = (round(cell_px, 1), size, lines_shown)
        if key not in self._fonts:
            self._fonts[key] = self._font_for(cell_px, [label[:lines_shown] for label in self._widest])
        return self._fonts[key]

    def boundingRect(self) -> QRectF:
        return self._bounds

    def _font_for(self, cell_px: float, lines: list[list[str]]) -> QFont | None:
        """The largest font (application size down to SMALLEST_LABEL_PT) in which every label of
        `lines` fits the coloured part of a cell of `cell_px` pixels, with a margin, or None."""
        font = QFont(QApplication.font())
        size = font.pointSizeF() if font.pointSizeF() > 0 else 9.0
        room = CELL_FILL * 0.9 * cell_px
        half = room / 2 - MIDDLE_PX   # the rank above the middle, the coordinates below it
        rows = max(len(label) for label in lines) - 1
        while size >= SMALLEST_LABEL_PT:
            font.setPointSizeF(size)
            metrics = QFontMetricsF(font)
            width = max(metrics.horizontalAdvance(line) for label in lines for line in label)
            if width <= room and metrics.height() <= half and metrics.height() * rows <= half:
                return font
            size -= 0.5
        return None

    def paint(self, painter: QPainter, *_) -> None:
        if not self.cells:
            return
        transform = painter.transform()
        origin = transform.map(QPointF(0, 0))
        cell_px = min(abs(transform.map(QPointF(1, 0)).x() - origin.x()),
                      abs(transform.map(QPointF(0, 1)).y() - origin.y()))
        lines_shown = max(map(len, self._widest))
        font = self.font_for(cell_px, lines_shown)
        if font is None:   # the rank alone, then
            lines_shown = 1
            font = self.font_for(cell_px, 1)
        if font is None:
            return
        shown: range | np.ndarray = range(len(self.cells))
        box = self.getViewBox()
        if box is not None:   # only the cells on screen
            view = box.viewRect()
            xs, ys = self._xy[:, 0], self._xy[:, 1]
            shown = np.flatnonzero((xs >= view.left() - 1) & (xs <= view.right() + 1) &
                                   (ys >= view.top() - 1) & (ys <= view.bottom() + 1))
        half = CELL_FILL * cell_px / 2 - MIDDLE_PX
        painter.save()
        painter.resetTransform()
        painter.setFont(font)
        bottom, top = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, \
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
        for index in shown:
            x, y, lines, light = self.cells[index]
            centre = transform.map(QPointF(x, y))
            left = centre.x() - cell_px / 2
            painter.setPen(QColor("#ffffff" if light else "#202020"))
            painter.drawText(QRectF(left, centre.y() - MIDDLE_PX - half, cell_px, half), bottom, lines[0])
            if lines_shown > 1 and len(lines) > 1:
                painter.drawText(QRectF(left, centre.y() + MIDDLE_PX, cell_px, half), top,
                                 "\n".join(lines[1:lines_shown]))
        painter.restore()


class MeshView(pg.PlotWidget):
    """One mesh: node blocks, GPU cells coloured by the groups of one axis, red outlines where a
    group spans nodes, the hovered GPU's group drawn as a ring; per-node cells above DETAIL_LIMIT."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, background="w", enableMenu=False)
        charts.canvas(self, mouse=True)
        view = self.getPlotItem().getViewBox()
        # Node frames and GPU cells are one raster (layout.texels() per cell, drawn without smoothing):
        # panning and zooming then paint one image, not thousands of rectangles.
        self.cells = pg.ImageItem(axisOrder="row-major")
        self.cell_colours: list[str] = []          # per drawn cell (GPU, or node when aggregated)
        self.vector_cells: pg.BarGraphItem | None = None  # the cells as rectangles, for exports
        self.cell_crosses = np.zeros(0, dtype=bool)  # per drawn cell: its group spans nodes
        self.ring = pg.PlotDataItem(pen=pg.mkPen("#202020", width=2.5))
        self.ring.setZValue(10)
        self.focus = pg.BarGraphItem(x0=[0], y0=[0], width=[0], height=[0], brush=None,
                                     pen=pg.mkPen("#202020", width=3))
        self.focus.setZValue(11)
        self.labels = CellLabels()   # each GPU's rank and coordinates, in its cell
        self.labels.setZValue(5)
        for graphic in (self.cells, self.labels, self.ring, self.focus):
            self.addItem(graphic)
        self.mesh: Mesh | None = None
        self.layout_: MeshLayout | None = None
        self.node: int | None = None  # show only this node's GPUs (the zoom of an aggregate mesh)
        self.offset = 0
        self.axis = "tp"
        self.aggregate = False
        self.texels = 10  # texels per GPU cell of the raster (layout.texels())
        self.border = 2   # texels of a crossing cell's red border
        self._hovered: int | None = None
        self._selected: int | None = None   # the GPU outlined (its node's cell when aggregated)
        self._user_moved = False  # refit on resize until the user pans or zooms
        view.sigRangeChangedManually.connect(self._moved_by_user)
        view.sigResized.connect(self._view_resized)
        self.scene().sigMouseMoved.connect(self._moved)
        self.scene().sigMouseClicked.connect(self._clicked)
        self.on_select: Callable[[int], None] | None = None  # set by the tab

    def sizeHint(self) -> QSize:
        return QSize(700, 480)

    def _moved_by_user(self, *_) -> None:
        self._user_moved = True

    def fit(self) -> None:
        """Frame the whole mesh (and forget the user's pan and zoom)."""
        self._user_moved = False
        self._fill_space()
        self.autoRange(padding=0.02)

    def _view_resized(self, *_) -> None:
        if self.mesh is not None and not self._user_moved:
            self._fill_space()
            self.autoRange(padding=0.02)

    def area_pixels(self) -> tuple[float, float]:
        """The width and height in pixels the mesh is framed in (the plot's view box)."""
        box = self.getPlotItem().getViewBox().boundingRect()
        return box.width(), box.height()

    def node_cell_pixels(self) -> float:
        """The side in pixels of a drawn cell (a node's when aggregated) with the mesh framed."""
        if self.layout_ is None:
            return 0.0
        width, height = self.area_pixels()
        return self.layout_.cell_pixels(width / 1.04, height / 1.04)   # autoRange's 2 % padding each side

    def _fill_space(self) -> None:
        """A mesh drawn a cell per node is laid out again for the view's shape, so that its grid of
        nodes fills the space (redrawn only when the number of columns changes)."""
        if not self.aggregate or self.mesh is None:
            return
        layout = MeshLayout.node_cells(self.mesh.nodes, self.mesh.gpus_per_node, *self.area_pixels())
        if layout != self.layout_:
            self.layout_ = layout
            self._draw_cells()
            self._hovered = None
            self.ring.setData([], [])
            self.select(self._selected)

    def show_mesh(self, mesh: Mesh, axis: str, node: int | None = None) -> None:
        """Draw `mesh` coloured by the groups of `axis`; with `node`, only that node's GPUs. Above
        DETAIL_LIMIT GPUs the whole mesh is a square cell per node on a grid that fills the view."""
        self.mesh, self.axis, self.node = mesh, axis, node
        self.offset = 0 if node is None else node * mesh.gpus_per_node
        self.aggregate = node is None and mesh.world_size > DETAIL_LIMIT
        if self.aggregate:
            layout = MeshLayout.node_cells(mesh.nodes, mesh.gpus_per_node, *self.area_pixels())
        else:
            layout = MeshLayout.for_cluster(1 if node is not None else mesh.nodes, mesh.gpus_per_node)
        refit = self.layout_ is None or layout != self.layout_
        self.layout_ = layout
        self._draw_cells()
        self._hovered = None
        self.ring.setData([], [])
        self.focus.hide()
        if refit:
            self.fit()

    @staticmethod
    def colours_for(index: np.ndarray) -> np.ndarray:
        """RGB per group index (n, 3); −1 (a GPU outside every group of an invalid mesh) is grey."""
        # PySide6's stubs type getRgb() as object; it returns an (r, g, b, a) tuple
        palette = np.array([QColor(c).getRgb()[:3] for c in GROUP_COLOURS], dtype=np.uint8)  # type: ignore[index]
        rgb = palette[np.asarray(index) % len(palette)]
        rgb[np.asarray(index) < 0] = (208, 208, 208)
        return rgb

    def _draw_cells(self) -> None:
        mesh, layout, axis = self.mesh, self.layout_, self.axis
        assert mesh is not None and layout is not None   # show_mesh and _fill_space set both first
        groups = mesh.groups.get(axis)
        if groups is None or groups.size == 0:
            group_of = np.full(mesh.world_size, -1)
            crossing = np.zeros(1, dtype=bool)
        else:
            crossing = mesh.cross_node(axis)
            group_of = mesh.group_index[axis]
            if groups.shape[1] == 1:  # every GPU is its own group: nothing to tell apart
                group_of = np.where(group_of >= 0, 0, -1)
                crossing = np.zeros(1, dtype=bool)
        t = self.texels = layout.texels()
        image = np.full((round(layout.height * t), round(layout.width * t), 3), 255, dtype=np.uint8)
        if self.aggregate:
            # One cell per node, coloured by the set of groups its GPUs hold (the group itself when
            # they are all in one), red if any of its groups crosses to another node.
            index = mesh.node_classes(axis) if groups is not None and groups.size and groups.shape[1] > 1 else \
                np.where(group_of[np.arange(layout.nodes) * layout.gpus_per_node] >= 0, 0, -1)
            node_groups = group_of[:layout.nodes * layout.gpus_per_node].reshape(layout.nodes, layout.gpus_per_node)
            crosses = (crossing[np.maximum(node_groups, 0)] & (node_groups >= 0)).any(axis=1)
            x, y = layout.node_origin(np.arange(layout.nodes))
            margin = max(1, round(layout.gap * t / 2))
            w, h = round(layout.block_width * t), round(layout.block_height * t)
            self._frame_rects = None
        else:
            count = mesh.world_size if self.node is None else layout.gpus_per_node
            index = group_of[self.offset:self.offset + count]
            crosses = (index >= 0) & crossing[np.maximum(index, 0)]
            nodes = np.arange(layout.nodes)  # light node frames behind the cells
            fx, fy = layout.node_origin(nodes)
            self._frame_rects = (np.round(fx * t) / t + 2 / t, np.round(fy * t) / t + 2 / t,
                                 round(layout.block_width * t) / t - 4 / t, round(layout.block_height * t) / t - 4 / t)
            frames = np.tile(np.array((232, 232, 232), dtype=np.uint8), (len(nodes), 1))
            stamp(image, np.round(fx * t).astype(int) + 2, np.round(fy * t).astype(int) + 2,
                  round(layout.block_width * t) - 4, round(layout.block_height * t) - 4, frames)
            x, y = layout.cell_origin(np.arange(count))
            w = h = t
            margin = 1
        # texels of a crossing cell's red border; a node's cell keeps its colour the larger share
        self.border = 2 if min(w, h) - 2 * margin >= 6 and not self.aggregate else 1
        colours = self.colours_for(index)
        red = np.array(QColor(CROSS_COLOUR).getRgb()[:3], dtype=np.uint8)  # type: ignore[index]  # as above
        crosses = np.asarray(crosses, dtype=bool)
        cx, cy = np.round(x * t).astype(int) + margin, np.round(y * t).astype(int) + margin
        cw, ch, b = w - 2 * margin, h - 2 * margin, self.border
        stamp(image, cx, cy, cw, ch, np.where(crosses[:, None], red, colours))
        stamp(image, cx[crosses] + b, cy[crosses] + b, cw - 2 * b, ch - 2 * b, colours[crosses])
        self.cell_colours = ["#{:02x}{:02x}{:02x}".format(*c) for c in colours]
        self.cell_crosses = np.asarray(crosses, dtype=bool)
        # the raster's rectangles on its texel grid, for drawing the same picture as vectors
        self._cell_rects = (np.round(x * t) / t + margin / t, np.round(y * t) / t + margin / t,
                            w / t - 2 * margin / t, h / t - 2 * margin / t)
        self.cells.setImage(image, autoLevels=False, levels=(0, 255))
        self.cells.setRect(0, 0, layout.width, layout.height)
        self._label_cells(colours)
        if self.vector_cells is not None:
            self.use_vector_cells()

    def _label_cells(self, colours: np.ndarray) -> None:
        """Each drawn GPU cell's label; none for node aggregates (a cell per node)."""
        if self.aggregate:
            self.labels.set_cells([])
            return
        layout, mesh = self.layout_, self.mesh
        assert mesh is not None and layout is not None   # called by _draw_cells
        positions = axis_positions(mesh)
        ranks = np.arange(len(colours)) + self.offset
        x, y = layout.cell_centre(ranks - self.offset)
        luminance = colours.astype(float) @ np.array([0.299, 0.587, 0.114])   # ITU-R BT.601 luma
        self.labels.set_cells([(float(cx), float(cy), cell_label_lines(int(rank), positions), bool(light))
                               for cx, cy, rank, light in zip(x, y, ranks, luminance < 150)])

    def use_vector_cells(self) -> None:
        """Draw the raster's picture as rectangles: node frames, cells, and a crossing cell's red
        border (`border` texels wide) as a red rectangle under an inset one. Slower to pan, but SVG
        and PDF exports then hold vector shapes (the export path calls it)."""
        x, y, w, h = self._cell_rects
        inset = self.border / self.texels
        crosses = np.asarray(self.cell_crosses, dtype=bool)
        x0, y0, widths, heights, brushes = [], [], [], [], []
        if self._frame_rects is not None:
            fx, fy, fw, fh = self._frame_rects
            x0 += list(fx)
            y0 += list(fy)
            widths += [fw] * len(fx)
            heights += [fh] * len(fx)
            brushes += [QColor(232, 232, 232)] * len(fx)
        x0 += list(x[crosses])
        y0 += list(y[crosses])
        widths += [w] * int(crosses.sum())
        heights += [h] * int(crosses.sum())
        brushes += [QColor(CROSS_COLOUR)] * int(crosses.sum())
        x0 += list(np.where(crosses, x + inset, x))
        y0 += list(np.where(crosses, y + inset, y))
        widths += list(np.where(crosses, w - 2 * inset, w))
        heights += list(np.where(crosses, h - 2 * inset, h))
        brushes += [QColor(c) for c in self.cell_colours]
        opts = dict(x0=x0, y0=y0, width=widths, height=heights, brushes=brushes,
                    pens=[pg.mkPen(None)] * len(x0))
        if self.vector_cells is None:
            self.vector_cells = pg.BarGraphItem(**opts)
            self.addItem(self.vector_cells)
        else:
            self.vector_cells.setOpts(**opts)
        self.cells.hide()

    # ------------------------------------------------------------------------------------------
    def rank_at_scene(self, scene_pos: QPointF) -> int | None:
        if self.mesh is None or self.layout_ is None:
            return None
        view = self.getPlotItem().getViewBox()
        if not view.sceneBoundingRect().contains(scene_pos):
            return None
        point = view.mapSceneToView(scene_pos)
        if self.aggregate:
            node = self.layout_.node_at(point.x(), point.y())
            return None if node is None else node * self.layout_.gpus_per_node
        rank = self.layout_.rank_at(point.x(), point.y())
        if rank is None:
            return None
        rank += self.offset
        return rank if rank < self.mesh.world_size else None

    def show_group_of(self, rank: int | None) -> None:
        """Draw the hovered GPU's group (of the coloured axis) as a closed ring through its cells."""
        if rank is None or self.mesh is None or self.layout_ is None:
            self.ring.setData([], [])
            return
        groups, index = self.mesh.groups[self.axis], self.mesh.group_index[self.axis][rank]
        if index < 0:
            self.ring.setData([], [])
            return
        members = groups[index]
        if self.aggregate:
            members = np.unique(members // self.layout_.gpus_per_node) * self.layout_.gpus_per_node
            x, y = self.layout_.node_origin(members // self.layout_.gpus_per_node)
            x, y = x + self.layout_.block_width / 2, y + self.layout_.block_height / 2
        else:
            if self.node is not None:  # only the members inside the shown node
                members = members[members // self.mesh.gpus_per_node == self.node]
            x, y = self.layout_.cell_centre(members - self.offset)
        x, y = np.append(x, x[:1]), np.append(y, y[:1])
        self.ring.setData(x, y)

    def mark_node(self, node: int) -> None:
        """Outline `node`'s cell (the node whose GPUs are drawn beside a mesh drawn a cell per node)."""
        if self.mesh is not None and self.aggregate:
            self.select(node * self.mesh.gpus_per_node)

    def select(self, rank: int | None) -> None:
        self._selected = rank
        if rank is None or self.layout_ is None or self.mesh is None:
            self.focus.hide()
            return
        if self.aggregate:
            x, y = self.layout_.node_origin(rank // self.layout_.gpus_per_node)
            w, h = self.layout_.block_width, self.layout_.block_height
        else:
            if self.node is not None and rank // self.mesh.gpus_per_node != self.node:
                self.focus.hide()
                return
            x, y = self.layout_.cell_origin(rank - self.offset)
            w = h = 1.0
        self.focus.setOpts(x0=[x], y0=[y], width=[w], height=[h])
        self.focus.show()

    def _moved(self, scene_pos: QPointF) -> None:
        rank = self.rank_at_scene(scene_pos)
        if rank == self._hovered:
            return
        self._hovered = rank
        self.show_group_of(rank)
        if rank is None or self.mesh is None:
            QToolTip.hideText()
            return
        QToolTip.showText(QCursor.pos(), gpu_tooltip(self.mesh, rank, self.aggregate), self)

    def _clicked(self, event) -> None:
        rank = self.rank_at_scene(event.scenePos())
        if rank is not None and self.on_select is not None:
            self.on_select(rank)


def gpu_tooltip(mesh: Mesh, rank: int, aggregate: bool = False) -> str:
    """Coordinates and groups of one GPU as rich text (for a node aggregate: of its first GPU)."""
    coords = mesh.coordinates(rank)
    head = ""
    if aggregate:
        head = QCoreApplication.translate("MeshTab", "Node {node} (GPUs {first}–{last}); its first GPU:").format(
            node=coords["node"], first=rank, last=rank + mesh.gpus_per_node - 1) + "<br>"
    gpu = QCoreApplication.translate("MeshTab", "GPU {rank}").format(rank=rank)
    where = QCoreApplication.translate("MeshTab", "node {node}, local {local}").format(
        node=coords["node"], local=coords["local"])
    lines = [f"{head}<b>{gpu}</b> — {where}",
             " · ".join(f"{axis} {coords[axis]}" for axis in ("tp", "cp", "dp", "pp", "etp", "ep", "edp")
                        if axis in coords)]
    for axis, members in mesh.groups_of(rank).items():
        spans = len({m // mesh.gpus_per_node for m in members})
        shown = ", ".join(map(str, members[:12])) + (" …" if len(members) > 12 else "")
        mark = ""
        if spans > 1:
            nodes = QCoreApplication.translate("MeshTab", "{count} nodes").format(count=spans)
            mark = f" <span style='color:{CROSS_COLOUR}'>⇄ {nodes}</span>"
        lines.append(f"{axis_label(axis)}: [{shown}]{mark}")
    return "<br>".join(lines)
