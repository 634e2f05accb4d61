"""Figures 10–12: diagrams of what the Kimi reports and the AgentENV repository state, nothing
more. Figure 10 sets K2, K2.5 and K3 side by side by what each changed in the training system;
figure 11 is K3's 1M-token RL iteration as a schematic seesaw of memory between its phases (the
sources give no sizes, so the drawing has no numeric axis); figure 12 is AgentENV's sandbox
lifecycle with the K3 report's production statistics labelled as such.

Every label is a translatable sentence of the sources' facts; the caption names the sources.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRectF
from PySide6.QtGui import QColor, QPainter

from tslab.views import charts
from tslab.views.gallery.painted import (CENTRE, FAINT, INK, LEFT, MUTED, PANEL, RULE, TOP_CENTRE, TOP_LEFT, Diagram,
                                         font_px, text_rect)
from tslab.views.gallery.registry import QT_TRANSLATE_NOOP

translate = QCoreApplication.translate


# ---------------------------------------------------------------------------------------------
# Figure 10: K2 → K2.5 → K3

LINEAGE_COLOURS = ("#4E79A7", "#59A14F", "#B07AA1")


def lineage_columns() -> list[tuple[str, str]]:
    """(model, its report) of each column."""
    return [(translate("gallery", "Kimi K2"), translate("gallery", "Kimi K2 technical report (arXiv 2507.20534)")),
            (translate("gallery", "Kimi K2.5"), translate("gallery", "Kimi K2.5 technical report (arXiv 2602.02276)")),
            (translate("gallery", "Kimi K3"), translate("gallery", "Kimi K3 technical report (arXiv 2607.24653)"))]


def lineage_rows() -> list[tuple[str, list[tuple[str, str]]]]:
    """(theme, per column (what the report states, where)) — "" where a model has nothing there."""
    k25, k3 = translate("gallery", "K2.5 report"), translate("gallery", "K3 report")
    return [
        (translate("gallery", "Parallel layout and schedule"), [
            (translate("gallery", "16-way PP with virtual stages, 16-way EP, ZeRO-1 DP on H800 nodes (8 × 400 Gbps "
                                  "RoCE between nodes), on any multiple of 32 nodes. Not DualPipe: it doubles the "
                                  "memory of parameters and gradients; interleaved 1F1B with more warm-up "
                                  "micro-batches overlaps the EP all-to-all, and the weight gradients overlap PP "
                                  "communication."),
             translate("gallery", "K2 report §2.4.2")),
            (translate("gallery", "The backbone keeps K2's layout: 16-way PP with virtual stages, 16-way EP, ZeRO-1."),
             k25),
            (translate("gallery", "PP with virtual stages, EP and ZeRO-1 DP, plus Pipeline ZeRO-2 (gradient shards in "
                                  "CPU memory, a double gradient buffer on the GPU), context parallelism and MoonEP: "
                                  "every EP rank receives exactly S × K assignments. Per-Head Muon: each rank fetches "
                                  "point to point only the parameter shards it updates."),
             translate("gallery", "K3 report §5.2.1, Appendix E; MoonshotAI/MoonEP")),
        ]),
        (translate("gallery", "Activations and memory"), [
            (translate("gallery", "Cheapest first: recompute LayerNorm, SwiGLU and the MLA up-projections, then the "
                                  "MoE down-projections; store insensitive activations in FP8-E4M3 (1 × 128 tiles, "
                                  "FP32 scales; FP8 for storage, not compute); offload the rest to CPU, one forward "
                                  "micro-batch offloaded while the next backward micro-batch is prefetched. About 30 "
                                  "GB per GPU for states: about 6 TB of BF16 parameters and FP32 gradient buffer over "
                                  "256 GPUs."),
             translate("gallery", "K2 report §2.4.2–§2.4.3")),
            (translate("gallery", "Selective recomputation, FP8 activation storage and CPU streaming, as in K2."),
             k25),
            (translate("gallery", "A unified activation manager: every tensor saved for the backward is bound to a "
                                  "backend, recomputation, block-wise FP8, local offload or remote offload (another PP "
                                  "rank's memory over the Mooncake Transfer Engine), composed per tensor; prefetch "
                                  "layer by layer, overlapped with compute."),
             translate("gallery", "K3 report (unified activation manager)")),
        ]),
        (translate("gallery", "Multimodal"), [
            ("", ""),
            (translate("gallery", "The Decoupled Encoder Process: the vision forward balanced over all GPUs, its "
                                  "intermediate activations dropped and its outputs gathered to PP stage 0; the "
                                  "backbone trains as a text pipeline; then the vision forward is recomputed and its "
                                  "backward run. About 90 % of text-only training efficiency in the report's setting."),
             k25),
            (translate("gallery", "The ViT inside the text pipeline: the first ViT forwards run synchronously, the "
                                  "rest fill the pipeline's bubbles, and the backward likewise; dynamic CP splits "
                                  "large images by patches. The report: most ViT compute hidden in PP bubbles."),
             k3),
        ]),
        (translate("gallery", "RL system"), [
            (translate("gallery", "Co-located training and inference engines on the same workers; a checkpoint engine "
                                  "reshards the parameters: each worker takes its local parameters and broadcasts the "
                                  "full set, each inference worker keeps the shards it needs, pipelined parameter by "
                                  "parameter. A full update of the 1T model in under 30 s, as the report states."),
             translate("gallery", "K2 report; MoonshotAI/checkpoint-engine")),
            (translate("gallery", "Agentic RL as asynchronous coroutines, one per agent task: the Rollout Manager runs "
                                  "up to 100,000 concurrent agent tasks (the report's figure)."),
             k25),
            (translate("gallery", "1M-token co-located RL within a few hundred GPUs per experiment, partial rollout "
                                  "for the long tail of trajectories: an external KV pool written back to CPU DRAM, "
                                  "request auto-throttling, gradient-buffer reuse (figure 11) and AgentENV's microVM "
                                  "sandboxes (figure 12)."),
             translate("gallery", "K3 report; kvcache-ai/AgentENV")),
        ]),
    ]


class LineageTable(Diagram):
    """Three columns (K2, K2.5, K3) with arrows between their headers; one row per theme, each
    cell a statement and its source."""

    def draw(self, painter: QPainter, area: QRectF) -> None:
        area = area.adjusted(4, 2, -4, -2)
        columns, rows = lineage_columns(), lineage_rows()
        theme_w = min(170.0, area.width() * 0.12)
        arrow_gap = 30.0
        col_w = (area.width() - theme_w - 2 * arrow_gap - 8) / 3
        xs = [area.x() + theme_w + 8 + k * (col_w + arrow_gap) for k in range(3)]
        header_h = 62.0
        for k, ((name, report), x) in enumerate(zip(columns, xs)):
            head = QRectF(x, area.y(), col_w, header_h)
            self.box(head, LINEAGE_COLOURS[k], "", 0, 6)
            self.text(QRectF(x + 8, head.y() + 4, col_w - 16, 28), name, bold=True, largest=18, smallest=11,
                      colour="#FFFFFF", align=CENTRE)
            self.text(QRectF(x + 8, head.y() + 32, col_w - 16, header_h - 34), report, largest=12, smallest=9,
                      colour="#FFFFFF", align=TOP_CENTRE)
            if k:
                y = head.center().y()
                self.arrow(QPointF(x - arrow_gap + 4, y), QPointF(x - 4, y), INK, 2.4, 10)
        top = area.y() + header_h + 8
        # every row as tall as its longest cell needs at one common size
        body_h = area.bottom() - top - 6 * (len(rows) - 1)
        px = self._common_size(rows, col_w, body_h)
        font = font_px(self.font(), px)
        heights = self._row_heights(rows, col_w, px)
        spare = max(0.0, body_h - sum(heights)) / len(rows)
        y = top
        for (theme, cells), need in zip(rows, heights):
            height = need + spare
            self.text(QRectF(area.x(), y, theme_w, height), theme, bold=True, largest=14, smallest=9, align=LEFT)
            for k, ((text, source), x) in enumerate(zip(cells, xs)):
                cell = QRectF(x, y, col_w, height)
                tint = QColor(LINEAGE_COLOURS[k])
                tint.setAlpha(22)
                self.box(cell, tint, RULE, 0.8, 5)
                if not text:
                    self.empty(cell)
                    continue
                used = text_rect(font, col_w - 16, text).height()
                self.text(QRectF(x + 8, y + 6, col_w - 16, used + 2), text, px=px)
                self.text(QRectF(x + 8, y + 8 + used, col_w - 16, height - used - 12), source,
                          px=max(px - 2, 9), colour=MUTED)
            y += height + 6

    def _row_heights(self, rows: list[tuple[str, list[tuple[str, str]]]], col_w: float, px: int) -> list[float]:
        """Each row's height at text size `px`: its tallest cell, statement over source (2 px smaller, 9 at least)."""
        font, small = font_px(self.font(), px), font_px(self.font(), max(px - 2, 9))
        return [max(text_rect(font, col_w - 16, text).height() + text_rect(small, col_w - 16, source).height()
                    for text, source in cells) + 18 for _, cells in rows]

    def _common_size(self, rows: list[tuple[str, list[tuple[str, str]]]], col_w: float, body_h: float) -> int:
        """The largest size at which every row's tallest cell fits the body together."""
        for px in range(14, 8, -1):
            if sum(self._row_heights(rows, col_w, px)) <= body_h:
                return px
        return 9


# ---------------------------------------------------------------------------------------------
# Figure 11: K3's 1M-token RL memory seesaw

TIERS = {"gpu": charts.TIER_COLOURS["gpu"], "cpu": charts.TIER_COLOURS["cpu"], "nvme": charts.TIER_COLOURS["nvme"],
         "use": "#7F7F7F"}


class MemorySeesaw(Diagram):
    """Lanes — model/optimizer states, the external KV pool, the gradient buffer, the requests
    admitted — over the phases of one RL iteration (rollout, training, after training), each
    occupant drawn where the source puts it, tall where it holds much of its tier and short or
    absent where it gives it up. Schematic: no sizes (the sources give none)."""

    def draw(self, painter: QPainter, area: QRectF) -> None:
        area = area.adjusted(4, 2, -4, -2)
        lane_w = min(200.0, area.width() * 0.14)
        header_h, key_h = 54.0, 30.0
        x0 = area.x() + lane_w + 10
        weights = (1.25, 1.15, 0.6)
        width = area.right() - x0
        cols, x = [], x0
        for w in weights:
            cols.append(QRectF(x, area.y(), width * w / sum(weights) - 10, area.height()))
            x += width * w / sum(weights)
        phases = [translate("gallery", "Rollout: the inference engine decodes on the same GPUs (co-located)"),
                  translate("gallery", "Training iteration: forward-only models (the reference) and the policy's "
                                       "forward and backward"),
                  translate("gallery", "After the training iteration, before the next rollout")]
        phase_px = self.common_px([(QRectF(0, 0, c.width() - 12, header_h - 8), t) for c, t in zip(cols, phases)],
                                  14, 9, bold=True)
        for k, (col, phase) in enumerate(zip(cols, phases)):
            head = QRectF(col.x(), area.y(), col.width(), header_h)
            self.box(head, "#3B4F6B", "", 0, 5)
            self.text(head.adjusted(6, 4, -6, -4), phase, px=phase_px, bold=True, colour="#FFFFFF", align=CENTRE)
            if k < 2:
                y = head.center().y()
                self.arrow(QPointF(head.right() + 1, y), QPointF(cols[k + 1].x() - 1, y), INK, 2, 8)
        lanes = [translate("gallery", "Model and optimizer states"), translate("gallery", "External KV pool"),
                 translate("gallery", "Gradient buffer (policy, FP32)"),
                 translate("gallery", "Requests admitted to the inference engine")]
        top = area.y() + header_h + 8
        lane_h = (area.bottom() - key_h - top - 3 * 8) / 4
        lane_px = self.common_px([(QRectF(0, 0, lane_w, lane_h), t) for t in lanes], 15, 9, bold=True)
        self.cells: list[QRectF] = []
        for k, lane in enumerate(lanes):
            y = top + k * (lane_h + 8)
            self.line(QPointF(area.x(), y + lane_h + 4), QPointF(area.right(), y + lane_h + 4), RULE, 0.8)
            self.text(QRectF(area.x(), y, lane_w, lane_h), lane, px=lane_px, bold=True, align=LEFT)
        cell = [[QRectF(c.x(), top + k * (lane_h + 8), c.width(), lane_h) for c in cols] for k in range(4)]
        self._states(cell[0])
        self._kv_pool(cell[1])
        self._gradient_buffer(cell[2])
        self._requests(cell[3])
        key = [(TIERS["gpu"], translate("gallery", "GPU HBM")), (TIERS["cpu"], translate("gallery", "CPU DRAM")),
               (TIERS["nvme"], translate("gallery", "NVMe")),
               (TIERS["use"], translate("gallery", "in use by training"))]
        key_rect = QRectF(x0, area.bottom() - key_h + 6, (area.right() - x0) * 0.55, key_h)
        self.swatch_key(key_rect, key, 13)
        self.text(QRectF(key_rect.right() + 10, key_rect.y(), area.right() - key_rect.right() - 10, key_h),
                  translate("gallery", "Schematic: heights are relative; the sources give no sizes."), align=LEFT,
                  largest=13,
                  smallest=9, colour=MUTED)

    def _block(self, rect: QRectF, share: float, tier: str, text: str, *, dashed: bool = False) -> QRectF:
        """An occupant `share` of the lane's height tall, bottom-aligned (the seesaw), with its text."""
        height = rect.height() * share
        block = QRectF(rect.x() + 4, rect.bottom() - height, rect.width() - 8, height)
        if dashed:
            self.box(block, "#FFFFFF", FAINT, 1.2, 5, dashed=True)
            self.text(block.adjusted(8, 4, -8, -4), text, align=CENTRE, largest=13, colour=MUTED)
        else:
            self.box(block, TIERS[tier], "", 0, 5)
            self.text(block.adjusted(8, 4, -8, -4), text, align=CENTRE, largest=13, colour="#FFFFFF")
        return block

    def _states(self, cells: list[QRectF]) -> None:
        self._block(cells[0], 0.5, "nvme", translate("gallery", "on NVMe: offloaded after the last training iteration, "
                                                                "so CPU DRAM is free for the external KV pool"))
        used = self._block(cells[1], 0.95, "use", translate("gallery", "used by the training iteration"))
        block = self._block(cells[2], 0.5, "nvme", translate("gallery", "offloaded to NVMe"))
        self.curved_arrow(QPointF(used.right() - 30, used.y() + 2), QPointF(block.center().x(), used.y() - 4),
                          QPointF(block.center().x(), block.y() - 2), INK, 1.8, 9)

    def _kv_pool(self, cells: list[QRectF]) -> None:
        rect = cells[0]
        gpu_w = rect.width() * 0.38
        gpu = QRectF(rect.x() + 4, rect.y() + rect.height() * 0.35, gpu_w - 8, rect.height() * 0.65)
        dram = QRectF(rect.x() + gpu_w + 40, rect.y(), rect.width() - gpu_w - 44, rect.height())
        active = translate("gallery", "active decode blocks stay on the GPU")
        pool = translate("gallery", "the pool in CPU DRAM: reusable idle prefixes, written only when the GPU evicts "
                                    "them (write-back, not write-through); KDA states live and die with their MLA KV "
                                    "blocks")
        moves = translate("gallery", "→ written back when the GPU evicts an idle prefix\n← prefetched before it is "
                                     "reused")
        self.box(gpu, TIERS["gpu"], "", 0, 5)
        self.text(gpu.adjusted(6, 4, -6, -4), active, align=CENTRE, largest=13, colour="#FFFFFF")
        self.box(dram, TIERS["cpu"], "", 0, 5)
        self.text(dram.adjusted(8, 4, -8, -4), pool, align=CENTRE, largest=13, colour="#FFFFFF")
        self.arrow(QPointF(gpu.right() + 2, gpu.center().y() - 8), QPointF(dram.x() - 2, gpu.center().y() - 8),
                   INK, 1.6, 7)
        self.arrow(QPointF(dram.x() - 2, gpu.center().y() + 8), QPointF(gpu.right() + 2, gpu.center().y() + 8),
                   INK, 1.6, 7)
        self.text(QRectF(rect.x() + 4, rect.y(), gpu_w + 28, gpu.y() - rect.y() - 4), moves, align=LEFT,
                  largest=12, smallest=9, colour=MUTED)
        released = translate("gallery", "released after the rollout: it does not compete with training for resources")
        self._block(cells[1], 0.5, "", released, dashed=True)
        self.empty(cells[2])

    def _gradient_buffer(self, cells: list[QRectF]) -> None:
        self.empty(cells[0])
        rect = cells[1]
        half = (rect.width() - 8) / 2
        first = QRectF(rect.x() + 4, rect.y() + rect.height() * 0.05, half - 16, rect.height() * 0.95)
        second = QRectF(rect.x() + 4 + half + 16, rect.y() + rect.height() * 0.05, half - 16, rect.height() * 0.95)
        reference = translate("gallery", "① holds the weights of a forward-only model (the reference, kept in CPU "
                                         "memory) when it runs")
        gradients = translate("gallery", "② overwritten by the real gradients before the backward: the lifetimes "
                                         "never overlap; two VPP-chunk slots per GPU, one computing, one prefetching")
        for box, text in ((first, reference), (second, gradients)):
            self.box(box, TIERS["gpu"], "", 0, 5)
            self.text(box.adjusted(6, 4, -6, -4), text, align=CENTRE, largest=13, colour="#FFFFFF")
        self.arrow(QPointF(first.right() + 2, first.center().y()), QPointF(second.x() - 2, first.center().y()), INK,
                   1.8, 8)
        self.empty(cells[2])

    def _requests(self, cells: list[QRectF]) -> None:
        rect = cells[0]
        # schematic: concurrency high while contexts are short, lower as the KV pressure rises
        plot = QRectF(rect.x() + 8, rect.y() + 6, rect.width() * 0.42, rect.height() - 12)
        self.box(plot, "#FFFFFF", RULE, 0.8, 3)
        levels = (0.88, 0.88, 0.7, 0.7, 0.5, 0.5, 0.34, 0.34, 0.22)
        points = [QPointF(plot.x() + plot.width() * k / (len(levels) - 1),
                          plot.bottom() - plot.height() * level) for k, level in enumerate(levels)]
        for a, b in zip(points, points[1:]):
            self.line(a, b, TIERS["gpu"], 2.4)
        throttling = translate("gallery", "auto-throttling reads the active and queued requests and the KV "
                                          "utilisation: more requests early, while contexts are short, fewer later "
                                          "as the KV pressure rises")
        self.text(QRectF(plot.x() + 4, plot.bottom() - 20, plot.width() - 8, 18),
                  translate("gallery", "rollout time →"), align=CENTRE, largest=11, smallest=9, colour=MUTED)
        self.text(QRectF(plot.right() + 10, rect.y(), rect.right() - plot.right() - 12, rect.height()), throttling,
                  align=LEFT, largest=13)
        self.empty(cells[1])
        self.empty(cells[2])


# ---------------------------------------------------------------------------------------------
# Figure 12: AgentENV's sandbox lifecycle

STATE_COLOURS = {"run": "#59A14F", "transition": "#76B7B2", "rest": "#4E79A7", "end": "#9A9A9A"}


def agentenv_states() -> dict[str, tuple[str, str, str, tuple[float, float]]]:
    """state → (name, what the repository says of it, kind, centre as a share of the drawing)."""
    return {
        "creating": (translate("gallery", "Creating"),
                     translate("gallery", "the microVM boots from a template snapshot or an OCI image"),
                     "transition", (0.11, 0.47)),
        "running": (translate("gallery", "Running"),
                    translate("gallery", "a Firecracker microVM: commands run, its timeout ticks"), "run",
                    (0.42, 0.47)),
        "snapshotting": (translate("gallery", "Snapshotting"),
                         translate("gallery", "a persistent snapshot: a template new sandboxes start from"),
                         "transition", (0.42, 0.1)),
        "forking": (translate("gallery", "Forking"),
                    translate("gallery", "cloned into up to 16 child sandboxes on the same node"), "transition",
                    (0.42, 0.85)),
        "pausing": (translate("gallery", "Pausing"), translate("gallery", "memory and disk snapshots captured"),
                    "transition", (0.73, 0.2)),
        "paused": (translate("gallery", "Paused"),
                   translate("gallery", "VM stopped, snapshot stored: no memory or CPU consumed"), "rest",
                   (0.88, 0.56)),
        "resuming": (translate("gallery", "Resuming"),
                     translate("gallery", "restored from its paused snapshot, processes and connections included"),
                     "transition", (0.7, 0.85)),
        "killing": (translate("gallery", "Killing"), translate("gallery", "torn down, resources released"), "end",
                    (0.1, 0.85)),
    }


# (from, to, the verb on the arrow: aenv's commands and API calls, "" for a transition's end)
AGENTENV_EDGES = (("creating", "running", QT_TRANSLATE_NOOP("gallery", "start")),
                  ("running", "pausing", QT_TRANSLATE_NOOP("gallery", "pause / TTL expiry")),
                  ("pausing", "paused", ""), ("paused", "resuming", QT_TRANSLATE_NOOP("gallery", "resume")),
                  ("resuming", "running", ""), ("running", "snapshotting", QT_TRANSLATE_NOOP("gallery", "snapshot")),
                  ("snapshotting", "running", ""), ("running", "forking", QT_TRANSLATE_NOOP("gallery", "fork")),
                  ("forking", "running", ""), ("running", "killing", QT_TRANSLATE_NOOP("gallery", "delete")))
# Pairs drawn both ways: the arrows side by side, the verb on this side (−1 left, +1 right).
TWO_WAY = {("running", "snapshotting"): -1, ("running", "forking"): 1}


def agentenv_statistics() -> list[str]:
    """The K3 report's production statistics of AgentENV, as it states them."""
    return [translate("gallery", "Incremental checkpoint as fast as 133 ms, resume as fast as 49 ms."),
            translate("gallery", "Waiting for inference takes up to 98 % of a sandbox's lifetime in the report's "
                                 "scenario."),
            translate("gallery", "Memory overcommit up to 6.5× in real workloads."),
            translate("gallery", "51,219,741 sandboxes created across 1,505,678 images for K3's training and "
                                 "evaluation.")]


class SandboxLifecycle(Diagram):
    """AgentENV's sandbox states and transitions (the repository's lifecycle), and beside them the
    K3 report's production statistics and what it says the sandboxes are built on."""

    def draw(self, painter: QPainter, area: QRectF) -> None:
        area = area.adjusted(4, 2, -4, -2)
        panel_w = min(470.0, area.width() * 0.34)
        graph = QRectF(area.x(), area.y(), area.width() - panel_w - 20, area.height())
        states = agentenv_states()
        node_w, node_h = min(240.0, graph.width() * 0.23), min(112.0, graph.height() * 0.19)
        boxes = {key: QRectF(graph.x() + graph.width() * cx - node_w / 2, graph.y() + graph.height() * cy - node_h / 2,
                             node_w, node_h) for key, (_, _, _, (cx, cy)) in states.items()}
        boxes = {key: self._inside(box, graph) for key, box in boxes.items()}
        for a, b, verb in AGENTENV_EDGES:
            self._edge(boxes[a], boxes[b], verb, (a, b))
        name_px = self.common_px([(QRectF(0, 0, node_w - 12, 22), name) for name, _, _, _ in states.values()],
                                 15, 10, bold=True)
        note_px = self.common_px([(QRectF(0, 0, node_w - 12, node_h - 30), note) for _, note, _, _ in
                                  states.values()], 13, 9)
        for key, (name, note, kind, _) in states.items():
            box = boxes[key]
            self.box(box, STATE_COLOURS[kind], "#FFFFFF" if kind != "run" else INK, 1.2 if kind != "run" else 2, 8)
            self.text(QRectF(box.x() + 6, box.y() + 4, box.width() - 12, 22), name, px=name_px, bold=True,
                      colour="#FFFFFF", align=TOP_CENTRE)
            self.text(QRectF(box.x() + 6, box.y() + 26, box.width() - 12, box.height() - 30), note, px=note_px,
                      colour="#FFFFFF", align=CENTRE)
        self._panel(QRectF(area.right() - panel_w, area.y(), panel_w, area.height()))

    @staticmethod
    def _inside(box: QRectF, graph: QRectF) -> QRectF:
        dx = max(0.0, graph.x() - box.x()) - max(0.0, box.right() - graph.right())
        dy = max(0.0, graph.y() - box.y()) - max(0.0, box.bottom() - graph.bottom())
        return box.translated(dx, dy)

    def _edge(self, a: QRectF, b: QRectF, verb: str, pair: tuple[str, str]) -> None:
        """An arrow between the boxes' borders; a pair drawn both ways is offset sideways, its verb
        on its own side."""
        ca, cb = a.center(), b.center()
        key = pair if pair in TWO_WAY else (pair[1], pair[0])
        offset = 0.0
        if key in TWO_WAY:
            offset = -14.0 if pair[0] == "running" else 14.0
        start, end = QPointF(ca.x() + offset, ca.y()), QPointF(cb.x() + offset, cb.y())
        p, q = _border(a, start, end), _border(b, end, start)
        self.arrow(p, q, INK, 1.8, 9)
        if verb:
            text = QCoreApplication.translate("gallery", verb)
            width = text_rect(font_px(self.font(), 13), 400, text).width() + 18
            mid = (p + q) * 0.5
            label = QRectF(mid.x() - width / 2, mid.y() - 12, width, 24)
            if key in TWO_WAY:
                label.moveLeft(mid.x() + 24 if TWO_WAY[key] > 0 else mid.x() - 24 - width)
            elif abs(q.y() - p.y()) < 4 and abs(q.x() - p.x()) < width + 8:   # a short horizontal arrow
                label.moveBottom(mid.y() - 6)
            self.box(label, "#FFFFFF", RULE, 0.8, 4)
            self.text(label, text, align=CENTRE, largest=13, smallest=9, colour=INK)

    def _panel(self, rect: QRectF) -> None:
        """Two boxes, each as tall as its text: the report's production statistics, then what the
        sandboxes are built on and what the repository's README states."""
        heading = translate("gallery", "The K3 report's production statistics")
        caveat = translate("gallery", "These are the K3 team's figures for its own workloads, not a general microVM "
                                      "benchmark.")
        stats = [heading] + ["• " + line for line in agentenv_statistics()] + [caveat]
        built = [translate("gallery", "What it is built on"),
                 translate("gallery", "Firecracker microVMs: stronger isolation than ordinary containers and closer to "
                                      "a real system; OverlayBD, a custom ublk, storage sharing and P2P (the K3 "
                                      "report)."),
                 translate("gallery", "The repository's README states: snapshot-backed environments boot or resume in "
                                      "under 50 ms and pause in under 100 ms; incremental snapshots complete in under "
                                      "100 ms.")]
        width = rect.width() - 28

        def height(blocks: list[str], px: int) -> float:
            return sum(text_rect(font_px(self.font(), px, k == 0), width, text).height() + 8
                       for k, text in enumerate(blocks)) + 20

        px = next((size for size in range(17, 8, -1)
                   if height(stats, size) + height(built, size) + 16 <= rect.height()), 9)
        y = rect.y()
        for blocks, fill in ((stats, PANEL), (built, "#FFFFFF")):
            box = QRectF(rect.x(), y, rect.width(), height(blocks, px))
            self.box(box, fill, RULE, 1, 6)
            top = box.y() + 10
            for k, text in enumerate(blocks):
                bold = k == 0
                h = text_rect(font_px(self.font(), px, bold), width, text).height()
                colour = MUTED if (blocks is stats and k == len(blocks) - 1) or (blocks is built and k) else INK
                self.text(QRectF(box.x() + 14, top, width, h + 2), text, px=px, bold=bold, colour=colour,
                          align=TOP_LEFT)
                top += h + 8
            y = box.bottom() + 16


def _border(box: QRectF, inside: QPointF, towards: QPointF) -> QPointF:
    """Where the segment from `inside` (in the box) to `towards` leaves the box."""
    dx, dy = towards.x() - inside.x(), towards.y() - inside.y()
    ts = []
    if dx:
        ts += [(box.left() - inside.x()) / dx, (box.right() - inside.x()) / dx]
    if dy:
        ts += [(box.top() - inside.y()) / dy, (box.bottom() - inside.y()) / dy]
    t = min((t for t in ts if t > 0), default=0.0)
    return QPointF(inside.x() + dx * t, inside.y() + dy * t)


__all__ = ["AGENTENV_EDGES", "LineageTable", "MemorySeesaw", "SandboxLifecycle", "agentenv_states",
           "agentenv_statistics", "lineage_columns", "lineage_rows"]
