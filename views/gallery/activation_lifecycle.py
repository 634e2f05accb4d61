"""Figure 8: the activation lifecycle of one layer, tensor by tensor (models.memory.policy).

Every tensor the layer saves for its backward is a row with its bytes; the rows are grouped in
lanes by what happens to the tensor between the layer's forward and its backward: kept in HBM,
stored compressed in FP8, offloaded to the CPU, parked on a remote GPU, or dropped and recomputed.
A lane no tensor of this scenario uses is drawn empty and says so.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRectF
from PySide6.QtGui import QColor, QPainter

from tslab.models.document import Document
from tslab.models.memory.policy import ActivationPolicy, LayerPolicy, activation_policy
from tslab.models.units import format_bytes
from tslab.views import charts
from tslab.views.gallery.painted import CENTRE, FAINT, INK, LEFT, MUTED, RULE, TOP_LEFT, Diagram, font_px, text_rect
from tslab.views.gallery.registry import document_for

FALLBACK_PRESET = "deepseek-v3"
# The lanes in the order a tensor's storage gets more remote, then the tensors not stored at all.
LANES = ("keep", "fp8", "cpu", "remote", "recompute")
LANE_COLOURS = {"keep": charts.ITEM_COLOURS["activations"], "fp8": charts.ITEM_COLOURS["activations_fp8"],
                "cpu": charts.ITEM_COLOURS["activations_cpu"], "remote": charts.ITEM_COLOURS["activations_remote"],
                "recompute": charts.ITEM_COLOURS["recompute_working_set"]}

translate = QCoreApplication.translate


def lane_names() -> dict[str, str]:
    return {"keep": translate("gallery", "Kept in HBM"), "fp8": translate("gallery", "Stored in FP8 (HBM)"),
            "cpu": translate("gallery", "Offloaded to CPU"), "remote": translate("gallery", "On a remote GPU"),
            "recompute": translate("gallery", "Dropped, recomputed")}


def lane_actions() -> dict[str, str]:
    return {"keep": translate("gallery", "held at the activation precision until its backward"),
            "fp8": translate("gallery", "quantised after the forward (1×128 tiles, FP32 scales), dequantised for the "
                                        "backward"),
            "cpu": translate("gallery", "copied to host memory after the forward, fetched back before the backward"),
            "remote": translate("gallery", "parked in another pipeline rank's GPU memory, fetched back before the "
                                           "backward"),
            "recompute": translate("gallery", "not held: regenerated from its inputs during the layer's backward")}


def shown_layer(policy: ActivationPolicy, moe_model: bool) -> LayerPolicy:
    """The layer the figure draws: an MoE layer when the model has experts, else a dense one,
    of the kind the ladder describes (those following activation.recompute)."""
    following = policy.follows_recompute
    return next((layer for layer in following if layer.moe == moe_model), following[0])


def lane_totals(layer: LayerPolicy) -> dict[str, float]:
    """Bytes per lane: what each storage backend holds (FP8 at 1 + 4/128 B per element), and for
    the recomputed tensors the bytes rematerialised during the backward (held by nobody before)."""
    totals = {lane: layer.bytes_of(lane) for lane in LANES if lane != "recompute"}
    totals["recompute"] = layer.working_set_bytes
    return totals


def _usable(document: Document) -> bool:
    s = document.scenario
    layer = shown_layer(activation_policy(s), bool(s.model.experts))
    return len({row.backend for row in layer.rows}) > 1


def activation_document(document: Document) -> tuple[Document, bool]:
    """The document drawn: the model's own when its layer shows more than one state, else
    DeepSeek-V3 with its activation ladder (True in the second place)."""
    return document_for(document, _usable, FALLBACK_PRESET)


class ActivationLanes(Diagram):
    """Lanes (keep, FP8, CPU, remote, recompute) of tensor rows: name, bytes at the activation
    precision → as stored, and the tensor's life from the layer's forward to its backward.
    `totals` holds each lane's bytes as printed."""

    def __init__(self, layer: LayerPolicy, parent=None):
        super().__init__(parent)
        self.layer = layer
        self.totals = lane_totals(layer)
        self.lanes = {lane: [row for row in layer.rows if row.backend == lane] for lane in LANES}

    def draw(self, painter: QPainter, area: QRectF) -> None:
        area = area.adjusted(6, 2, -6, -2)
        names, actions = lane_names(), lane_actions()
        header_h = 30.0
        rows = sum(max(1, len(members)) for members in self.lanes.values())
        gaps = 5 * 6.0
        row_h = min(40.0, (area.height() - header_h - gaps) / rows)
        lane_w = min(270.0, area.width() * 0.2)
        name_w = min(330.0, area.width() * 0.24)
        bytes_w = min(200.0, area.width() * 0.14)
        life_x = area.x() + lane_w + name_w + bytes_w + 24
        life = QRectF(life_x, area.y(), area.right() - life_x, area.height())
        forward_x, backward_x = life.x() + 0.08 * life.width(), life.x() + 0.92 * life.width()
        hold_from, hold_to = life.x() + 0.17 * life.width(), life.x() + 0.83 * life.width()
        headers = [(QRectF(area.x(), area.y(), lane_w, header_h), translate("gallery", "What happens to it")),
                   (QRectF(area.x() + lane_w + 8, area.y(), name_w, header_h), translate("gallery", "Saved tensor")),
                   (QRectF(area.x() + lane_w + name_w + 16, area.y(), bytes_w, header_h),
                    translate("gallery", "Bytes → stored")),
                   (QRectF(forward_x - 70, area.y(), 140, header_h), translate("gallery", "Forward")),
                   (QRectF(hold_from, area.y(), hold_to - hold_from, header_h),
                    translate("gallery", "Held until the backward (other layers run)")),
                   (QRectF(backward_x - 70, area.y(), 140, header_h), translate("gallery", "Backward"))]
        px = self.common_px([(rect, text) for rect, text in headers], 13, 9, bold=True)
        for k, (rect, text) in enumerate(headers):
            self.text(rect, text, px=px, bold=True, align=CENTRE if k >= 3 else LEFT)
        y = area.y() + header_h
        self.line(QPointF(area.x(), y), QPointF(area.right(), y), INK, 1)
        # one size for every tensor name and every byte count: the rows read as one table
        name_px = self.common_px([(QRectF(0, 0, name_w, row_h - 2), self._name(row)) for row in self.layer.rows],
                                 13, 9)
        bytes_px = self.common_px([(QRectF(0, 0, bytes_w, row_h - 2), self._bytes(row))
                                   for row in self.layer.rows], 13, 9)
        lane_texts = []
        for lane in LANES:
            if self.lanes[lane]:
                height = len(self.lanes[lane]) * row_h
                lane_texts.append((QRectF(0, 0, lane_w - 12, height - 8 - min(row_h, 24.0)),
                                   self._lane_text(lane, actions)))
        lane_px = self.common_px(lane_texts, 13, 9)
        title_px = self.common_px([(QRectF(0, 0, lane_w - 12, min(row_h, 24)), names[lane]) for lane in LANES],
                                  14, 9, bold=True)
        for lane in LANES:
            members = self.lanes[lane]
            height = max(1, len(members)) * row_h
            band = QRectF(area.x(), y + 3, area.width(), height)
            colour = QColor(LANE_COLOURS[lane])
            tint = QColor(colour)
            tint.setAlpha(28)
            self.box(band, tint, "", 0, 3)
            self.box(QRectF(band.x(), band.y(), 5, band.height()), colour, "", 0, 1)
            title_h = min(row_h, 24.0)
            if members:
                block = title_h + text_rect(font_px(self.font(), lane_px), lane_w - 12,
                                            self._lane_text(lane, actions)).height()
                top = band.y() + max(2.0, (height - block) / 2)
                self.text(QRectF(band.x() + 10, top, lane_w - 12, title_h), names[lane], px=title_px, bold=True,
                          align=LEFT)
                self.text(QRectF(band.x() + 10, top + title_h, lane_w - 12, band.bottom() - top - title_h - 2),
                          self._lane_text(lane, actions), px=lane_px, align=TOP_LEFT, colour=MUTED)
            else:
                self.text(QRectF(band.x() + 10, band.y(), lane_w - 12, height), names[lane], px=title_px,
                          bold=True, align=LEFT, colour=FAINT)
            if not members:
                self.text(QRectF(area.x() + lane_w + 8, band.y(), area.right() - area.x() - lane_w - 8, height),
                          translate("gallery", "not used by this scenario: no saved tensor of this layer goes here"),
                          align=LEFT, largest=13, colour=FAINT)
            for k, row in enumerate(members):
                top = band.y() + k * row_h
                self.text(QRectF(area.x() + lane_w + 8, top + 1, name_w, row_h - 2), self._name(row), px=name_px,
                          align=LEFT)
                self.text(QRectF(area.x() + lane_w + name_w + 16, top + 1, bytes_w, row_h - 2), self._bytes(row),
                          px=bytes_px, align=LEFT, colour=MUTED)
                self._life(lane, top + row_h / 2, row_h, forward_x, hold_from, hold_to, backward_x)
            y = band.bottom() + 3
        self.line(QPointF(area.x(), y + 1), QPointF(area.right(), y + 1), RULE, 0.8)

    def _lane_text(self, lane: str, actions: dict[str, str]) -> str:
        """The lane's total and what happens to its tensors."""
        if lane == "recompute":
            total = translate("gallery", "{bytes} rematerialised in the backward").format(
                bytes=format_bytes(self.totals[lane]))
        else:
            total = translate("gallery", "{bytes} per layer").format(bytes=format_bytes(self.totals[lane]))
        return "\n".join((total, actions[lane]))

    @staticmethod
    def _name(row) -> str:
        name = QCoreApplication.translate("policy", row.name)
        if row.decided_by.startswith("step "):
            return translate("gallery", "{name} (ladder step {step})").format(name=name, step=row.decided_by.split()[1])
        if row.decided_by == "override":
            return translate("gallery", "{name} (override)").format(name=name)
        return name

    @staticmethod
    def _bytes(row) -> str:
        if row.backend == "recompute":
            return translate("gallery", "{bytes} → none").format(bytes=format_bytes(row.bytes))
        if row.backend == "fp8":
            return translate("gallery", "{bytes} → {stored}").format(bytes=format_bytes(row.bytes),
                                                                     stored=format_bytes(row.fp8_bytes))
        return format_bytes(row.bytes)

    def _life(self, lane: str, y: float, row_h: float, forward_x: float, hold_from: float, hold_to: float,
              backward_x: float) -> None:
        colour = LANE_COLOURS[lane]
        dot = min(10.0, row_h * 0.34)
        bar_h = row_h * (0.5 if lane != "fp8" else 0.28)
        self.box(QRectF(forward_x - dot / 2, y - dot / 2, dot, dot), INK, "", 0, dot / 2)
        self.box(QRectF(backward_x - dot / 2, y - dot / 2, dot, dot), INK, "", 0, dot / 2)
        if lane == "recompute":
            self.line(QPointF(forward_x + dot, y), QPointF(backward_x - 90, y), FAINT, 1.2, dashed=True)
            box = QRectF(backward_x - 88, y - bar_h / 2, 74, bar_h)
            self.box(box, colour, "", 0, 3)
            self.text(box, translate("gallery", "recompute"), align=CENTRE, largest=12, smallest=8)
            self.arrow(QPointF(box.right() + 1, y), QPointF(backward_x - dot / 2 - 1, y), INK, 1.2, 6)
            return
        self.line(QPointF(forward_x + dot / 2, y), QPointF(hold_from, y), INK, 1.2)
        self.line(QPointF(hold_to, y), QPointF(backward_x - dot / 2, y), INK, 1.2)
        offset = 0.0 if lane in ("keep", "fp8") else row_h * 0.12   # off the GPU: drawn a little lower
        self.box(QRectF(hold_from, y - bar_h / 2 + offset, hold_to - hold_from, bar_h), colour, "", 0, 3)
        if lane in ("cpu", "remote"):
            self.arrow(QPointF(hold_from - 14, y), QPointF(hold_from, y + offset), INK, 1.2, 6)
            self.arrow(QPointF(hold_to, y + offset), QPointF(hold_to + 14, y), INK, 1.2, 6)
        if lane == "fp8":
            for x in (hold_from, hold_to):
                self.box(QRectF(x - 3, y - row_h * 0.3, 6, row_h * 0.6), INK, "", 0, 1)


def activation_caption(document: Document, layer: LayerPolicy, policy: ActivationPolicy, substituted: bool,
                       original: Document) -> str:
    s = document.scenario
    totals = lane_totals(layer)
    lines = []
    if substituted:
        states = sorted({row.backend for row in shown_layer(activation_policy(original.scenario),
                                                           bool(original.scenario.model.experts)).rows})
        lines.append(translate("gallery", "The current scenario keeps every saved tensor of a layer in one state "
                                          "({state}): drawn for DeepSeek-V3 and its activation ladder instead.").format(
            state=", ".join(lane_names()[state] for state in states)))
    kind = translate("gallery", "MoE layer") if layer.moe else translate("gallery", "dense layer")
    numbers = dict(kind=kind, title=s.title, keep=format_bytes(totals["keep"]), fp8=format_bytes(totals["fp8"]),
                   cpu=format_bytes(totals["cpu"]), remote=format_bytes(totals["remote"]),
                   recompute=format_bytes(totals["recompute"]), flops=layer.recompute_flops / 1e9)
    if policy.steps_applied:
        lines.append(translate("gallery", "One {kind} of {title}, per micro-batch on one GPU, from the per-tensor "
                                          "activation policy (the {policy} ladder, {steps} steps applied): kept in HBM "
                                          "{keep}, stored in FP8 {fp8}, offloaded to CPU {cpu}, on a remote GPU "
                                          "{remote}; recomputed during the backward {recompute} (+{flops:,.1f} GFLOP "
                                          "of forward).").format(
            policy=policy.policy, steps=policy.steps_applied, **numbers))
    else:
        lines.append(translate("gallery", "One {kind} of {title}, per micro-batch on one GPU, from the per-tensor "
                                          "activation policy (recompute = {recompute_mode}, no named ladder): kept in "
                                          "HBM {keep}, stored in FP8 {fp8}, offloaded to CPU {cpu}, on a remote GPU "
                                          "{remote}; recomputed during the backward {recompute} (+{flops:,.1f} GFLOP "
                                          "of forward).").format(
            recompute_mode=policy.recompute, **numbers))
    act = s.activation
    if act.fp8_fraction or act.cpu_offload_fraction or act.remote_offload_fraction:
        lines.append(translate("gallery", "The memory ledger applies the scenario's fractions on top of this (FP8 "
                                          "{fp8:.0%}, CPU {cpu:.0%}, remote {remote:.0%} of the kept bytes).").format(
            fp8=act.fp8_fraction, cpu=act.cpu_offload_fraction, remote=act.remote_offload_fraction))
    return "\n".join(lines)


__all__ = ["ActivationLanes", "FALLBACK_PRESET", "LANES", "activation_caption", "activation_document",
           "lane_totals", "shown_layer"]
