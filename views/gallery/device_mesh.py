"""Figure 3, the 3D-parallel device mesh: every GPU in its node with its rank and (tp, pp, dp)
coordinates, the TP groups outlined, the PP chains as arrows from stage to stage and the DP
replicas as fill colours — from models.mesh.build_mesh (Megatron-LM's RankGenerator orders).

Source: Narayanan et al., "Efficient Large-Scale Language Model Training on GPU Clusters Using
Megatron-LM" (SC'21) §3 (TP inside a server's NVLink domain, PP across servers, DP across model
replicas) and Megatron-LM, megatron/core/parallel_state.py (the rank order).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from tslab.models.mesh import Mesh, build_mesh
from tslab.models.scenario import Scenario
from tslab.views import charts
from tslab.views.gallery.slide_charts import MUTED, TippedPicture, drawing_over, font, smooth_painter
from tslab.views.mesh.common import DETAIL_LIMIT, axis_label
from tslab.views.mesh.view import MeshView
from tslab.views.time.common import AXIS_COLOURS

MAX_GPUS = 64   # a document's own mesh is drawn up to this many GPUs, GPU by GPU
MAX_LABEL_SCALE = 2.0   # a GPU's label at most this many times the application font (a few GPUs)
# The example drawn otherwise: 16 GPUs on 4 nodes of 4, TP inside a node, PP across nodes, 2 replicas.
EXAMPLE = {"parallel.tp": 4, "parallel.pp": 2, "parallel.dp": 2, "parallel.cp": 1, "parallel.ep": 1,
           "cluster.nodes": 4, "cluster.gpus_per_node": 4}
TP_COLOUR = AXIS_COLOURS["tp"]
PP_COLOUR = "#5B3A8C"   # a dark violet: apart from TP's orange and from every replica's pale fill
NODE_FILL, NODE_EDGE = "#F3F3F3", "#8C8C8C"
# Pale fills, one per DP replica (a whole copy of the model), none orange or violet.
REPLICA_FILLS = ("#CFE3F3", "#D3EFCB", "#F7EBB5", "#D9D2EC", "#CDEDEA", "#E8E8E8", "#F5D5DC", "#E2EEC4")


def drawable(scenario: Scenario) -> bool:
    """Whether the scenario's own mesh is the figure: TP, PP and DP all above 1, no CP, at most
    MAX_GPUS GPUs that the sizes tile exactly, and a mesh without topology errors."""
    p = scenario.parallel
    if not (p.tp > 1 and p.pp > 1 and p.dp > 1 and p.cp == 1):
        return False
    if scenario.world_size > MAX_GPUS or p.tp * p.pp * p.dp != scenario.world_size:
        return False
    return not build_mesh(scenario).errors


def example_scenario() -> Scenario:
    return Scenario().replace(**EXAMPLE)


@dataclass(frozen=True)
class Gpu:
    rank: int
    node: int
    local: int
    tp: int
    pp: int
    dp: int


@dataclass(frozen=True)
class MeshPicture:
    """What the figure draws: every GPU with its coordinates, and the groups of the three axes
    (PP groups in stage order: a chain)."""
    mesh: Mesh
    gpus: tuple[Gpu, ...]
    tp_groups: tuple[tuple[int, ...], ...]
    pp_chains: tuple[tuple[int, ...], ...]
    dp_groups: tuple[tuple[int, ...], ...]

    @property
    def dims(self) -> tuple[int, int, int]:
        return self.mesh.dims["tp"], self.mesh.dims["pp"], self.mesh.dims["dp"]


def picture(scenario: Scenario) -> MeshPicture:
    mesh = build_mesh(scenario)
    gpus = []
    for rank in range(mesh.drawn):
        c = mesh.coordinates(rank)
        gpus.append(Gpu(rank, c["node"], c["local"], c["tp"], c["pp"], c["dp"]))

    def groups(axis: str) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(int(r) for r in row) for row in mesh.groups[axis].tolist())

    chains = tuple(tuple(sorted(group, key=lambda r: gpus[r].pp)) for group in groups("pp"))
    return MeshPicture(mesh, tuple(gpus), groups("tp"), chains, groups("dp"))


@dataclass(frozen=True)
class Placement:
    """Where the nodes go: (column, row) per node, and the GPUs' columns inside a node. `stages`:
    the node columns are pipeline stages (every node holds one stage), repeated `blocks` times."""
    node_cells: tuple[tuple[int, int], ...]
    columns: int
    rows: int
    gpu_columns: int
    stages: int
    blocks: int

    def gpu_slot(self, local: int, gpus_per_node: int) -> tuple[int, int]:
        """(column, row) of a GPU inside its node: down a column first, so neighbours stay neighbours."""
        rows = math.ceil(gpus_per_node / self.gpu_columns)
        return local // rows, local % rows


def placements(pic: MeshPicture) -> list[Placement]:
    """Candidate placements. When every node holds one pipeline stage, stage s's nodes go in node
    column s (repeated in `blocks` side by side), so a PP chain runs left to right; otherwise nodes
    fill a grid."""
    mesh = pic.mesh
    used = sorted({gpu.node for gpu in pic.gpus})
    stage_of: dict[int, set[int]] = {node: set() for node in used}
    for gpu in pic.gpus:
        stage_of[gpu.node].add(gpu.pp)
    pp = pic.dims[1]
    options = []
    gpu_column_choices = [c for c in (1, 2, 4) if c <= mesh.gpus_per_node]
    single = all(len(stages) == 1 for stages in stage_of.values())
    by_stage: dict[int, list[int]] = {}
    for node in used:
        by_stage.setdefault(min(stage_of[node]), []).append(node)
    even = single and len(by_stage) == pp and len({len(v) for v in by_stage.values()}) == 1
    if even:
        per_stage = len(by_stage[0])
        for blocks in [b for b in range(1, per_stage + 1) if per_stage % b == 0]:
            rows = per_stage // blocks
            cells = {}
            for stage, members in by_stage.items():
                for index, node in enumerate(members):
                    cells[node] = ((index // rows) * pp + stage, index % rows)
            # one GPU column per node: an arrow to the next stage then never crosses another GPU
            options.append(Placement(tuple(cells[n] for n in used), blocks * pp, rows, 1, pp, blocks))
    else:
        count = max(len(used), 1)
        for columns in range(1, count + 1):
            rows = math.ceil(count / columns)
            cells = {node: (i % columns, i // columns) for i, node in enumerate(used)}
            for gpu_columns in gpu_column_choices:
                options.append(Placement(tuple(cells[n] for n in used), columns, rows, gpu_columns, 0, 1))
    return options


@dataclass
class Geometry:
    placement: Placement
    cell_w: float
    cell_h: float
    pad: float
    header: float
    gap_x: float
    gap_y: float
    stage_header: float
    origin: QPointF
    scale: float
    block_gap: float = 0.0      # extra space between two repeats of the stage columns

    def node_rect(self, column: int, row: int, gpus_per_node: int) -> QRectF:
        p = self.placement
        rows = math.ceil(gpus_per_node / p.gpu_columns)
        width = p.gpu_columns * self.cell_w + 2 * self.pad
        height = self.header + rows * self.cell_h + 2 * self.pad
        block = column // p.stages if p.stages else 0
        x = self.origin.x() + column * (width + self.gap_x) + block * self.block_gap
        y = self.origin.y() + self.stage_header + row * (height + self.gap_y)
        return QRectF(x, y, width, height)

    def used_size(self, gpus_per_node: int) -> tuple[float, float]:
        p = self.placement
        rows_in = math.ceil(gpus_per_node / p.gpu_columns)
        width = p.columns * (p.gpu_columns * self.cell_w + 2 * self.pad) + (p.columns - 1) * self.gap_x + \
            (p.blocks - 1) * self.block_gap
        height = self.stage_header + p.rows * (self.header + rows_in * self.cell_h + 2 * self.pad) + \
            (p.rows - 1) * self.gap_y
        return width, height


def label_lines(gpu: Gpu) -> tuple[str, str]:
    return str(gpu.rank), f"({gpu.tp}, {gpu.pp}, {gpu.dp})"


class MeshDiagram(TippedPicture):
    """The mesh painted: node boxes, GPU cells (rank, then (tp, pp, dp)) filled by DP replica, TP
    groups outlined in TP's colour, PP chains as arrows from each stage's GPU to the next stage's."""

    def __init__(self, pic: MeshPicture, parent: QWidget | None = None):
        super().__init__(parent)
        self.pic = pic
        self.cell_rects: dict[int, QRectF] = {}

    def sizeHint(self) -> QSize:
        return QSize(1200, 560)

    def minimumSizeHint(self) -> QSize:
        return QSize(500, 260)

    def _text_size(self, scale: float) -> tuple[float, float]:
        """Width and height of the widest GPU label (two lines) at `scale`."""
        bold, small = QFontMetricsF(font(scale * 1.15, bold=True)), QFontMetricsF(font(scale))
        widest = max((max(bold.horizontalAdvance(a), small.horizontalAdvance(b))
                      for a, b in map(label_lines, self.pic.gpus)), default=10.0)
        return widest + 10, bold.height() + small.height() + 6

    def replica_labels(self, placement: Placement) -> list[str]:
        """Per block of stage columns, the DP replicas it holds ("DP replica 0", "DP replicas 2–3"),
        when the blocks hold disjoint runs of replicas; else no labels."""
        if not placement.stages or placement.blocks < 2:
            return []
        used = sorted({gpu.node for gpu in self.pic.gpus})
        block_of = {node: cell[0] // placement.stages for node, cell in zip(used, placement.node_cells)}
        held: list[set[int]] = [set() for _ in range(placement.blocks)]
        for gpu in self.pic.gpus:
            held[block_of[gpu.node]].add(gpu.dp)
        labels = []
        for index, replicas in enumerate(held):
            low, high = min(replicas), max(replicas)
            if len(replicas) != high - low + 1 or any(replicas & other for other in held[index + 1:]):
                return []
            labels.append(QCoreApplication.translate("gallery", "DP replica {d}").format(d=low) if low == high else
                          QCoreApplication.translate("gallery", "DP replicas {low}–{high}").format(low=low, high=high))
        return labels

    def geometry_for(self, width: float, height: float) -> Geometry:
        """The placement and sizes that give the GPU labels the largest font that fits (among
        equals, the placement that fills the area best), the drawing centred."""
        gpn = self.pic.mesh.gpus_per_node
        best: Geometry | None = None
        best_fill = 0.0
        text_w, text_h = self._text_size(1.0)
        header = QFontMetricsF(font(1.0, bold=True)).height() + 4
        for placement in placements(self.pic):
            replicas = bool(self.replica_labels(placement))
            stage_header = (header + 4) * (2 if replicas else 1) if placement.stages else 0.0
            rows_in = math.ceil(gpn / placement.gpu_columns)
            gap_x = 46.0 if placement.stages else 22.0
            block_gap = 24.0 if placement.stages else 0.0
            gap_y, pad = 14.0, 6.0
            cell_w = (width - placement.columns * 2 * pad - (placement.columns - 1) * gap_x
                      - (placement.blocks - 1) * block_gap) / (placement.columns * placement.gpu_columns)
            cell_h = (height - stage_header - placement.rows * (header + 2 * pad) - (placement.rows - 1) * gap_y) / (
                placement.rows * rows_in)
            if cell_w <= 4 or cell_h <= 4:
                continue
            scale = min(cell_w / text_w, cell_h / text_h, MAX_LABEL_SCALE)
            cells = placement.columns * placement.gpu_columns * placement.rows * rows_in
            fill = cells * min(cell_w, text_w * scale * 1.5) * min(cell_h, text_h * scale * 1.35) / (width * height)
            if best is None or scale > best.scale + 1e-6 or (abs(scale - best.scale) <= 1e-6 and fill > best_fill):
                best_fill = fill
                best = Geometry(placement, cell_w, cell_h, pad, header, gap_x, gap_y, stage_header, QPointF(0, 0),
                                scale, block_gap)
        if best is None:
            raise ValueError("no room to draw the mesh")
        # cells no larger than the labels need (a little air), the drawing centred
        text_w, text_h = self._text_size(best.scale)
        best.cell_w = min(best.cell_w, text_w * 1.5)
        best.cell_h = min(best.cell_h, text_h * 1.35)
        used_w, used_h = best.used_size(gpn)
        best.origin = QPointF(max((width - used_w) / 2, 0), max((height - used_h) / 2, 0))
        return best

    def paintEvent(self, _event) -> None:
        painter = smooth_painter(self)
        self.tips.clear()
        pic, mesh = self.pic, self.pic.mesh
        if not pic.gpus:
            painter.end()
            return
        geo = self.geometry_for(self.width(), self.height())
        placement = geo.placement
        used = sorted({gpu.node for gpu in pic.gpus})
        node_cell = dict(zip(used, placement.node_cells))
        ink = QColor(charts.TEXT_COLOUR)
        # stage headers over the node columns, and over each repeat of them its DP replicas
        if placement.stages:
            line = geo.header + 4
            replicas = self.replica_labels(placement)
            stage_top = geo.origin.y() + (line if replicas else 0.0)
            painter.setFont(font(1.05, bold=True))
            painter.setPen(QColor(PP_COLOUR))
            for column in range(placement.columns):
                rect = geo.node_rect(column, 0, mesh.gpus_per_node)
                painter.drawText(QRectF(rect.left() - 20, stage_top, rect.width() + 40, line - 4),
                                 Qt.AlignmentFlag.AlignCenter,
                                 QCoreApplication.translate("gallery", "PP stage {stage}").format(
                                     stage=column % placement.stages))
            for block, text in enumerate(replicas):
                first = geo.node_rect(block * placement.stages, 0, mesh.gpus_per_node)
                last = geo.node_rect((block + 1) * placement.stages - 1, 0, mesh.gpus_per_node)
                span = QRectF(first.left(), geo.origin.y(), last.right() - first.left(), line - 4)
                painter.setPen(QPen(QColor(MUTED), 1.2))
                painter.drawLine(QPointF(span.left(), span.bottom()), QPointF(span.right(), span.bottom()))
                painter.setPen(ink)
                painter.drawText(span, Qt.AlignmentFlag.AlignCenter, text)
        # nodes
        node_rects = {}
        for node in used:
            rect = geo.node_rect(*node_cell[node], mesh.gpus_per_node)
            node_rects[node] = rect
            painter.setPen(QPen(QColor(NODE_EDGE), 1.4))
            painter.setBrush(QColor(NODE_FILL))
            painter.drawRoundedRect(rect, 7, 7)
            painter.setFont(font(1.0, bold=True))
            painter.setPen(QColor(MUTED))
            painter.drawText(QRectF(rect.left() + geo.pad, rect.top() + 2, rect.width() - 2 * geo.pad, geo.header),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             QCoreApplication.translate("gallery", "node {node}").format(node=node))
        # GPU cells
        self.cell_rects = {}
        bold, small = font(geo.scale * 1.15, bold=True), font(geo.scale)
        bold_h, small_h = QFontMetricsF(bold).height(), QFontMetricsF(small).height()
        for gpu in pic.gpus:
            rect = node_rects[gpu.node]
            column, row = placement.gpu_slot(gpu.local, mesh.gpus_per_node)
            cell = QRectF(rect.left() + geo.pad + column * geo.cell_w + 3,
                          rect.top() + geo.pad + geo.header + row * geo.cell_h + 3, geo.cell_w - 6, geo.cell_h - 6)
            self.cell_rects[gpu.rank] = cell
            painter.setPen(QPen(QColor("#9A9A9A"), 1))
            painter.setBrush(QColor(REPLICA_FILLS[gpu.dp % len(REPLICA_FILLS)]))
            painter.drawRoundedRect(cell, 4, 4)
            first_line, second_line = label_lines(gpu)
            top = cell.center().y() - (bold_h + small_h) / 2
            painter.setPen(ink)
            painter.setFont(bold)
            painter.drawText(QRectF(cell.left(), top, cell.width(), bold_h), Qt.AlignmentFlag.AlignCenter, first_line)
            painter.setFont(small)
            painter.drawText(QRectF(cell.left(), top + bold_h, cell.width(), small_h), Qt.AlignmentFlag.AlignCenter,
                             second_line)
            self.tips.add(cell, self._tooltip(gpu))
        # TP groups: one outline around each run of a group's GPUs down a node column
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(TP_COLOUR), max(2.0, 2.6 * geo.scale)))
        for group in pic.tp_groups:
            for run in self._runs(group, placement):
                box = self.cell_rects[run[0]].united(self.cell_rects[run[-1]]).adjusted(-2.5, -2.5, 2.5, 2.5)
                painter.drawRoundedRect(box, 6, 6)
        # PP chains: an arrow from each stage's GPU to the next stage's
        pen = QPen(QColor(PP_COLOUR), max(1.6, 2.0 * geo.scale))
        for chain in pic.pp_chains:
            for a, b in zip(chain, chain[1:]):
                self._arrow(painter, self.cell_rects[a], self.cell_rects[b], pen)
        painter.end()

    def _runs(self, group: tuple[int, ...], placement: Placement) -> list[list[int]]:
        """The group's GPUs split into runs of neighbouring cells in one node column."""
        gpus, gpn = self.pic.gpus, self.pic.mesh.gpus_per_node
        ordered = sorted(group, key=lambda r: (gpus[r].node, *placement.gpu_slot(gpus[r].local, gpn)))
        runs: list[list[int]] = []
        for rank in ordered:
            slot = (gpus[rank].node, *placement.gpu_slot(gpus[rank].local, gpn))
            if runs:
                prev = runs[-1][-1]
                last = (gpus[prev].node, *placement.gpu_slot(gpus[prev].local, gpn))
                if last[0] == slot[0] and last[1] == slot[1] and slot[2] == last[2] + 1:
                    runs[-1].append(rank)
                    continue
            runs.append([rank])
        return runs

    def _arrow(self, painter: QPainter, a: QRectF, b: QRectF, pen: QPen) -> None:
        if b.left() >= a.right() and abs(a.center().y() - b.center().y()) < 1:
            start, end = QPointF(a.right() + 3, a.center().y()), QPointF(b.left() - 3, b.center().y())
            path = QPainterPath(start)
            path.lineTo(end)
            direction = QPointF(1, 0)
        else:   # not side by side: a curve that leaves to the right and comes in from the left
            start, end = QPointF(a.right() + 3, a.center().y()), QPointF(b.left() - 3, b.center().y())
            bend = max(30.0, abs(end.x() - start.x()) / 3)
            path = QPainterPath(start)
            path.cubicTo(QPointF(start.x() + bend, start.y()), QPointF(end.x() - bend, end.y()), end)
            direction = QPointF(1, 0)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        size = max(6.0, pen.widthF() * 3.2)
        head = QPolygonF([end, end - direction * size + QPointF(0, size * 0.55),
                          end - direction * size - QPointF(0, size * 0.55)])
        painter.setBrush(QColor(pen.color()))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawPolygon(head)

    def _tooltip(self, gpu: Gpu) -> str:
        pic = self.pic
        tp = next(g for g in pic.tp_groups if gpu.rank in g)
        pp = next(g for g in pic.pp_chains if gpu.rank in g)
        dp = next(g for g in pic.dp_groups if gpu.rank in g)
        return QCoreApplication.translate(
            "gallery", "GPU {rank} on node {node}: tp {t}, pp {p}, dp {d}<br>TP group {tp}<br>PP chain {pp}<br>"
                       "DP group {dp}").format(rank=gpu.rank, node=gpu.node, t=gpu.tp, p=gpu.pp, d=gpu.dp,
                                               tp=list(tp), pp=" → ".join(map(str, pp)), dp=list(dp))


class MeshBody(QWidget):
    """The figure's drawing: the diagram and its key."""

    def __init__(self, pic: MeshPicture, parent: QWidget | None = None):
        super().__init__(parent)
        self.diagram = MeshDiagram(pic, self)
        tp, pp, dp = pic.dims
        replicas = " ".join(f"<span style='background:{REPLICA_FILLS[d % len(REPLICA_FILLS)]}'>&nbsp;{d}&nbsp;</span>"
                            for d in range(dp))
        entries = [
            f"<span style='color:{TP_COLOUR}; font-weight:bold'>▭</span>&nbsp;" + QCoreApplication.translate(
                "gallery", "TP group: {tp} GPUs share every layer's matrices (all-reduce per layer: inside a node, on "
                           "NVLink)").format(tp=tp),
            f"<span style='color:{PP_COLOUR}; font-weight:bold'>⟶</span>&nbsp;" + QCoreApplication.translate(
                "gallery", "PP chain: {pp} stages hold consecutive layers; activations go forward, gradients "
                           "back").format(pp=pp),
            replicas + "&nbsp;" + QCoreApplication.translate(
                "gallery", "fill: DP replica (a whole copy of the model, {dp} in all); the GPUs with the same (tp, pp) "
                           "in every replica all-reduce their gradients").format(dp=dp),
            QCoreApplication.translate("gallery", "each GPU: its rank, then (tp, pp, dp): its place in each group"),
        ]
        self.key = QLabel("<br>".join(entries), self)
        self.key.setTextFormat(Qt.TextFormat.RichText)
        self.key.setWordWrap(True)
        self.key.setFont(font(1.1))
        drawing_over(self, self.diagram, self.key)


class ScenarioNodes(QWidget):
    """A scenario too large to draw GPU by GPU (above DETAIL_LIMIT), drawn as the Parallel Mesh
    tab draws it: a cell per node coloured by the groups of `axis` (nodes of one colour hold the
    same groups, a red outline where they span nodes), and under it the GPUs of `node`, if any."""

    def __init__(self, mesh: Mesh, axis: str, node: int | None, parent: QWidget | None = None):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        heading = QLabel(QCoreApplication.translate(
            "gallery", "This scenario: {world} GPUs, a cell per node; nodes of one colour hold the same {axis} "
                       "groups, outlined in red where those span nodes").format(
            world=f"{mesh.world_size:,}", axis=axis_label(axis)), self)
        heading.setWordWrap(True)
        heading.setFont(font(1.1))
        layout.addWidget(heading)
        self.nodes = MeshView(self)
        charts.mouse_chart(self.nodes, heading.text())
        layout.addWidget(self.nodes, 3)
        self.nodes.show_mesh(mesh, axis)
        self.views = [self.nodes]
        if node is not None and node < mesh.nodes:
            first = node * mesh.gpus_per_node
            title = QLabel(QCoreApplication.translate("gallery", "Node {node}: GPUs {first}–{last}").format(
                node=node, first=first, last=first + mesh.gpus_per_node - 1), self)
            title.setFont(font(1.1, bold=True))
            layout.addWidget(title)
            zoom = MeshView(self)
            charts.mouse_chart(zoom, title.text())
            layout.addWidget(zoom, 2)
            zoom.show_mesh(mesh, axis, node=node)
            self.nodes.mark_node(node)
            self.views.append(zoom)

    def fit_to_size(self) -> None:
        """Export: each mesh laid out and framed for its final size."""
        for view in self.views:
            view.fit()

    def use_vector_shapes(self) -> None:
        for view in self.views:
            view.use_vector_cells()


def large(mesh: Mesh) -> bool:
    """Whether the Parallel Mesh tab draws this mesh a cell per node."""
    return mesh.world_size > DETAIL_LIMIT


class ExampleBeside(QWidget):
    """The example drawn GPU by GPU (`diagram`, `key`) on the left, the scenario's mesh a cell
    per node (`scenario`) on the right."""

    def __init__(self, example: MeshBody, scenario: ScenarioNodes, parent: QWidget | None = None):
        super().__init__(parent)
        self.diagram, self.key, self.scenario = example.diagram, example.key, scenario
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(example, 1)
        row.addWidget(scenario, 1)


__all__ = ["EXAMPLE", "MAX_GPUS", "ExampleBeside", "Gpu", "MeshBody", "MeshDiagram", "MeshPicture", "Placement",
           "ScenarioNodes", "drawable", "example_scenario", "large", "picture", "placements"]
