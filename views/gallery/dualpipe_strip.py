"""Figure 9: the DeepSeek-V3 execution strip, one overlapped pair of a forward and a backward
chunk of DualPipe (DeepSeek-V3 report §3.2.1, Figure 4), timed by the step-time model.

A chunk is split into attention, the all-to-all dispatch, the MLP and the all-to-all combine; the
backward's attention and MLP split further into backward for input and backward for weights. The
report's Figure 4 order runs the computation MLP(B) MLP(W) MLP(F) ATTN(B) ATTN(W) ATTN(F) while
the communication stream carries DISPATCH(F) DISPATCH(B) COMBINE(F), PP and COMBINE(B): every
all-to-all of one chunk runs under the other chunk's computation. The durations are one MoE
layer's, from the step-time model (models.time): its per-op kernels at the efficiency curve and
HBM bandwidth, its all-to-all per call on the α–β link tiers, and the pair overlapped as the
model overlaps it, FB = max(F + B − all-to-alls, all-to-alls): what exceeds the computation is
exposed.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QPointF, QRectF
from PySide6.QtGui import QBrush, QColor, QPainter

from tslab.models.document import Document
from tslab.models.memory.policy import is_recomputed
from tslab.models.pipeline import Durations, normalise_kind
from tslab.models.scenario import Scenario
from tslab.models.time import (ACHIEVABLE, CommTime, hardware_of, layer_ops, model_durations, stages as step_model,
                               step_time)
from tslab.models.time.flops import recompute_of, shard_of
from tslab.models.units import format_bytes, format_seconds
from tslab.views.gallery.painted import (BACKWARD_INPUT, BACKWARD_WEIGHT, CENTRE, EXPOSED, FAINT, FORWARD, INK, LEFT,
                                         MUTED, PP_COLOUR, RULE, TOP_LEFT, Diagram, hatch, lighter)
from tslab.views.gallery.registry import document_for

FALLBACK_PRESET = "deepseek-v3"
COMPUTE_ORDER = ("mlp_b", "mlp_w", "mlp_f", "attn_b", "attn_w", "attn_f")
COMMUNICATION_ORDER = ("dispatch_f", "dispatch_b", "combine_f", "combine_b")
TOWARDS_EXPERTS = ("dispatch_f", "combine_b")   # the forward dispatch and the combine's gradient
PP_PARTNER = "attn_w"   # Figure 4 sends and receives the PP activations and gradients under ATTN(W)
CHUNK_OF = {"mlp_b": "B", "mlp_w": "W", "mlp_f": "F", "attn_b": "B", "attn_w": "W", "attn_f": "F",
            "dispatch_f": "F", "dispatch_b": "B", "combine_f": "F", "combine_b": "B"}
CHUNK_COLOURS = {"F": FORWARD, "B": BACKWARD_INPUT, "W": BACKWARD_WEIGHT}

translate = QCoreApplication.translate


def block_names() -> dict[str, str]:
    """Figure 4's names: △ a forward chunk's component, ▲ a backward chunk's."""
    return {"mlp_b": translate("gallery", "MLP (B) ▲"), "mlp_w": translate("gallery", "MLP (W) ▲"),
            "mlp_f": translate("gallery", "MLP (F) △"), "attn_b": translate("gallery", "ATTN (B) ▲"),
            "attn_w": translate("gallery", "ATTN (W) ▲"), "attn_f": translate("gallery", "ATTN (F) △"),
            "dispatch_f": translate("gallery", "DISPATCH (F) △"), "dispatch_b": translate("gallery", "DISPATCH (B) ▲"),
            "combine_f": translate("gallery", "COMBINE (F) △"), "combine_b": translate("gallery", "COMBINE (B) ▲"),
            "pp": translate("gallery", "PP")}


@dataclass(frozen=True)
class OverlapStrip:
    """One MoE layer of a forward chunk overlapped with one of a backward chunk, in seconds.

    compute: Figure 4's six computation components; attention is everything of the layer up to
    and with the local permutation before the dispatch (norm, MLA, FlashAttention, output
    projection, router), the MLP the routed and shared experts, the combine's sum and the residual;
    B is the backward for input with the recomputation it waits for, W the backward for weights.
    towards_s / back_s: one all-to-all towards the experts (the forward dispatch, the backward of
    the combine: at moe.dispatch_precision) and one back (the forward combine, the backward of the
    dispatch); the pair makes four. sm_share: the SMs the all-to-alls hold (memory.deepep_sms /
    SMs). p2p_s: one PP send or receive at the schedule's p2p latency. The model's FB rule: the
    pair takes max(all-to-alls, compute + all-to-alls × sm_share); exposed_s is what the
    all-to-alls add to the compute, hidden_s the rest of them."""
    compute: tuple[tuple[str, float], ...]
    towards_s: float
    back_s: float
    sm_share: float
    p2p_s: float
    durations: Durations      # the slowest stage chunk's F, B, FB (model_durations)
    ep: CommTime              # the step's EP all-to-alls on the most loaded rank (step_time)
    ep_bytes_per_call: int

    @property
    def compute_s(self) -> float:
        return sum(seconds for _, seconds in self.compute)

    def call_s(self, key: str) -> float:
        """One all-to-all of COMMUNICATION_ORDER: towards the experts or back."""
        return self.towards_s if key in TOWARDS_EXPERTS else self.back_s

    @property
    def communication_s(self) -> float:
        return sum(self.call_s(key) for key in COMMUNICATION_ORDER)

    @property
    def pair_s(self) -> float:
        """The pair as the model overlaps it: max(all-to-alls, compute + all-to-alls × SM share)."""
        a = self.communication_s
        return max(a, self.compute_s + a * self.sm_share)

    @property
    def exposed_s(self) -> float:
        return self.pair_s - self.compute_s

    @property
    def hidden_s(self) -> float:
        return self.communication_s - self.exposed_s


def _split_at_dispatch(ops) -> int:
    names = [op.name for op in ops]
    return names.index("dispatch") + 1


def overlap_strip(s: Scenario) -> OverlapStrip:
    """The overlapped pair for one MoE layer of `s` (a DualPipe / DualPipeV MoE scenario)."""
    hw = hardware_of(s)
    ops = layer_ops(s, True, shard_of(s))
    cut = _split_at_dispatch(ops)
    recomputed = is_recomputed(s, 0)
    parts = {"attn": ops[:cut], "mlp": ops[cut:]}
    whole = recompute_of(s, ops, True, recomputed)
    unknown_s = whole.unknown_flops / (hw.peak_flops * (hw.gemm_efficiency or ACHIEVABLE))
    compute: dict[str, float] = {}
    for name, part in parts.items():
        rec = recompute_of(s, part, True, recomputed)   # the recomputed ops of this part only
        forward = sum(k.time(hw) for op in part for k in op.forward) + step_model._passes(part, hw, "bytes_forward")
        backward = sum(k.time(hw) for op in part for k in op.input_grad) + \
            step_model._passes(part, hw, "bytes_backward") + \
            sum(k.time(hw) * share for k, share in rec.kernels) + rec.bytes / hw.stream_Bps
        if name == "attn":
            backward += unknown_s   # ops of the memory model the time model lacks: counted as GEMM FLOPs
        compute[f"{name}_f"] = forward
        compute[f"{name}_b"] = backward
        compute[f"{name}_w"] = sum(k.time(hw) for op in part for k in op.weight_grad)
    rows = step_model._rows(s)
    calls = step_model._calls(s, rows, step_model._Links(*step_model._tiers(s)))
    durations, _ = model_durations(s)
    timed = step_time(s)
    ep = next(c for c in timed.comm if c.axis == "ep")
    ep_row = rows["ep"]
    _, deepep = step_model._sm_shares(s, hw)
    return OverlapStrip(compute=tuple((key, compute[key]) for key in COMPUTE_ORDER), towards_s=calls.ep,
                        back_s=calls.ep_back, sm_share=deepep, p2p_s=durations.p2p, durations=durations, ep=ep,
                        ep_bytes_per_call=int(ep_row.bytes_per_step // max(ep_row.calls_per_step, 1)))


def _usable(document: Document) -> bool:
    s = document.scenario
    if not (s.model.experts and s.parallel.ep > 1 and s.parallel.pp > 1
            and normalise_kind(s.schedule.kind) in step_model.OVERLAPPED_KINDS and not is_recomputed(s, 0)):
        return False
    try:
        step_time(s)
    except (ValueError, ZeroDivisionError):
        return False
    return True


def dualpipe_document(document: Document) -> tuple[Document, bool]:
    """The document when it is a DualPipe / DualPipeV MoE scenario the step-time model can time
    (its layers not fully recomputed), else DeepSeek-V3 (True in the second place)."""
    return document_for(document, _usable, FALLBACK_PRESET)


class ExecutionStrip(Diagram):
    """Three lanes on one time axis — the compute stream, the all-to-all stream, the PP stream —
    the exposed part of the all-to-alls marked, the key and the model's numbers under them.
    `blocks` records every block drawn: (lane, key, start s, seconds)."""

    def __init__(self, strip: OverlapStrip, parent=None):
        super().__init__(parent)
        self.strip = strip
        self.blocks: list[tuple[str, str, float, float]] = []
        t = 0.0
        starts = {}
        for key, seconds in strip.compute:
            self.blocks.append(("compute", key, t, seconds))
            starts[key] = t
            t += seconds
        t = 0.0
        for key in COMMUNICATION_ORDER:
            self.blocks.append(("all-to-all", key, t, strip.call_s(key)))
            t += strip.call_s(key)
        self.blocks.append(("pp", "pp", starts[PP_PARTNER], 2 * strip.p2p_s))   # one send, one receive

    def draw(self, painter: QPainter, area: QRectF) -> None:
        area = area.adjusted(8, 4, -8, -4)
        strip = self.strip
        names = block_names()
        label_w = min(230.0, area.width() * 0.17)
        x0 = area.x() + label_w + 10
        width = area.right() - x0 - 10
        # the time axis reaches the pair's end: the last block, or the compute stream plus what the
        # all-to-alls add to it (their SM share)
        end = max(max(start + seconds for _, _, start, seconds in self.blocks), strip.pair_s, 1e-12)
        scale = width / end
        lanes = {"compute": translate("gallery", "Compute stream"),
                 "all-to-all": translate("gallery", "Communication stream: all-to-all (EP)"),
                 "pp": translate("gallery", "Communication stream: PP send / receive")}
        strip_h = min(420.0, area.height() * 0.56)
        heights = {"compute": strip_h * 0.36, "all-to-all": strip_h * 0.36, "pp": strip_h * 0.2}
        y = area.y() + 6
        tops: dict[str, float] = {}
        lane_px = self.common_px([(QRectF(0, 0, label_w, h), lanes[k]) for k, h in heights.items()], 14, 9,
                                 bold=True)
        for lane in ("compute", "all-to-all", "pp"):
            tops[lane] = y
            self.text(QRectF(area.x(), y, label_w, heights[lane]), lanes[lane], px=lane_px, bold=True, align=LEFT)
            self.box(QRectF(x0, y, width, heights[lane]), "#FAFAFA", RULE, 0.8, 3)
            y += heights[lane] + 8
        block_px = self.common_px([(QRectF(0, 0, max(seconds * scale - 6, 4), heights[lane] * 0.5), names[key])
                                   for lane, key, _, seconds in self.blocks if seconds * scale > 60], 14, 9, True)
        for lane, key, start, seconds in self.blocks:
            rect = QRectF(x0 + start * scale, tops[lane] + 4, seconds * scale, heights[lane] - 8)
            fill: str | QColor
            if lane == "pp":
                fill = PP_COLOUR
            elif lane == "compute":
                fill = CHUNK_COLOURS[CHUNK_OF[key]]
            else:
                fill = lighter(CHUNK_COLOURS[CHUNK_OF[key]], 135)
            self.box(rect, fill, "#FFFFFF", 1.5, 3)
            label = names[key] if lane == "pp" or rect.width() > 60 else ""
            if label:
                text = "\n".join((label, format_seconds(seconds)))
                self.text(rect.adjusted(3, 2, -3, -2), text, align=CENTRE, largest=block_px, smallest=8,
                          colour="#FFFFFF" if lane == "compute" else INK, bold=lane != "pp")
        # what the model exposes: the all-to-alls beyond the compute stream's end
        compute_end = x0 + strip.compute_s * scale
        if strip.exposed_s > 0:
            band = QRectF(compute_end, tops["compute"] + 4, strip.exposed_s * scale, heights["compute"] - 8)
            self.box(band, hatch(EXPOSED), EXPOSED, 1.2, 3, dashed=True)
            label = translate("gallery", "the all-to-alls add {t}").format(t=format_seconds(strip.exposed_s))
            inner = band.adjusted(8, band.height() * 0.22, -8, -band.height() * 0.22)
            self.box(inner, "#FFFFFF", EXPOSED, 0.8, 3)
            self.text(inner.adjusted(4, 2, -4, -2), label, align=CENTRE, largest=13, smallest=9, colour=EXPOSED,
                      bold=True)
        self.line(QPointF(compute_end, tops["compute"] - 4), QPointF(compute_end, y - 6), EXPOSED
                  if strip.exposed_s > 0 else FAINT, 1.2, dashed=True)
        # the time axis
        axis_y = y + 2
        self.line(QPointF(x0, axis_y), QPointF(x0 + width, axis_y), INK, 1)
        step = _tick_step(end)
        tick = 0.0
        while tick <= end * 1.0001:
            x = x0 + tick * scale
            self.line(QPointF(x, axis_y), QPointF(x, axis_y + 5), INK, 1)
            self.text(QRectF(x - 40, axis_y + 6, 80, 18), f"{tick * 1e3:g}", align=CENTRE, largest=12, smallest=9,
                      colour=MUTED)
            tick += step
        self.text(QRectF(area.x(), axis_y + 4, label_w, 20), translate("gallery", "time (ms)"), align=LEFT,
                  largest=12, colour=MUTED)
        # the key and the model's numbers
        key_y = axis_y + 30
        swatches: list[tuple[str | QBrush, str]] = [
            (FORWARD, translate("gallery", "forward chunk △")),
            (BACKWARD_INPUT, translate("gallery", "backward for input ▲")),
            (BACKWARD_WEIGHT, translate("gallery", "backward for weights ▲")),
            (PP_COLOUR, translate("gallery", "PP communication")),
            (hatch(EXPOSED), translate("gallery", "exposed (the model)"))]
        used = self.swatch_key(QRectF(x0, key_y, width, 44), swatches, 13)
        text_y = key_y + used + 10
        split = area.x() + area.width() * 0.6
        self.text(QRectF(area.x(), text_y, split - area.x() - 20, area.bottom() - text_y), self.numbers(),
                  align=TOP_LEFT, largest=15, smallest=9)
        self._chunk_pair(QRectF(split, text_y, area.right() - split, min(area.bottom() - text_y, 170)))

    def _chunk_pair(self, rect: QRectF) -> None:
        """The slowest stage chunk's F and B one after the other against the overlapped FB."""
        d = self.strip.durations
        self.box(rect, "#FAFAFA", RULE, 0.8, 4)
        inner = rect.adjusted(12, 8, -12, -8)
        self.text(QRectF(inner.x(), inner.y(), inner.width(), 22),
                  translate("gallery", "The slowest stage chunk pair (step-time model)"), bold=True, largest=14,
                  smallest=9)
        rows = [(translate("gallery", "F then B: {t}").format(t=format_seconds(d.F + d.B)), d.F, d.B),
                (translate("gallery", "overlapped FB: {t}").format(t=format_seconds(d.FB)), d.FB, 0.0)]
        top = inner.y() + 30
        row_h = (inner.bottom() - top) / 2
        label_w = inner.width() * 0.42
        bar_x, bar_w = inner.x() + label_w + 8, inner.width() - label_w - 8
        scale = bar_w / max(d.F + d.B, 1e-12)
        px = self.common_px([(QRectF(0, 0, label_w, row_h - 8), text) for text, _, _ in rows], 14, 9)
        for k, (text, first, second) in enumerate(rows):
            y = top + k * row_h
            self.text(QRectF(inner.x(), y, label_w, row_h - 8), text, px=px, align=LEFT)
            bar = QRectF(bar_x, y + row_h * 0.15, first * scale, row_h * 0.55)
            if second:
                self.box(bar, FORWARD, "#FFFFFF", 1, 2)
                self.box(QRectF(bar.right(), bar.y(), second * scale, bar.height()), BACKWARD_INPUT, "#FFFFFF", 1, 2)
            else:
                self.box(bar, "#9C755F", "#FFFFFF", 1, 2)

    def numbers(self) -> str:
        """The model's numbers for this pair, its chunk and its step (also in the tests)."""
        strip = self.strip
        d, ep = strip.durations, strip.ep
        if strip.communication_s * (1 - strip.sm_share) > strip.compute_s:
            verdict = translate("gallery", "The four all-to-alls ({a2a}: {towards} each towards the experts, {back} "
                                           "each back; {bytes} per call at the activations' precision) outlast the "
                                           "pair's computation ({compute}) on the SMs they leave it: {hidden} run "
                                           "under it, {exposed} are added.")
        else:
            verdict = translate("gallery", "The four all-to-alls ({a2a}: {towards} each towards the experts, {back} "
                                           "each back; {bytes} per call at the activations' precision) fit under the "
                                           "pair's computation ({compute}), which runs on the SMs they leave it: "
                                           "{hidden} hidden, {exposed} added by the {share:.0%} of the SMs they hold.")
        lines = [verdict.format(a2a=format_seconds(strip.communication_s), towards=format_seconds(strip.towards_s),
                                back=format_seconds(strip.back_s), bytes=format_bytes(strip.ep_bytes_per_call),
                                compute=format_seconds(strip.compute_s), hidden=format_seconds(strip.hidden_s),
                                exposed=format_seconds(strip.exposed_s), share=strip.sm_share),
                 translate("gallery", "The slowest stage chunk: F = {f}, B = {b}, overlapped as one pair FB = "
                                      "max(all-to-alls, the rest + all-to-alls × SM share) = {fb}; PP sends and "
                                      "receives take {p2p} each, priced by the schedule.").format(
                     f=format_seconds(d.F), b=format_seconds(d.B), fb=format_seconds(d.FB), p2p=format_seconds(d.p2p)),
                 translate("gallery", "Over the whole step the most loaded rank's all-to-alls take {time} ({bytes} "
                                      "sent): {hidden} hidden, {exposed} exposed; only the steady phase pairs forward "
                                      "and backward chunks.").format(
                     time=format_seconds(ep.time_s), bytes=format_bytes(ep.bytes), hidden=format_seconds(ep.hidden_s),
                     exposed=format_seconds(ep.exposed_s))]
        return "\n\n".join(lines)


def _tick_step(end: float) -> float:
    """A round tick spacing giving 5 to 10 ticks over [0, end] seconds."""
    raw = end / 8
    magnitude = 10 ** int(f"{raw:e}".split("e")[1])
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * magnitude:
            return factor * magnitude
    return 10 * magnitude


def dualpipe_caption(document: Document, strip: OverlapStrip, substituted: bool) -> str:
    s = document.scenario
    lines = []
    if substituted:
        lines.append(translate("gallery", "The current scenario is not a DualPipe MoE scenario the step-time model can "
                                          "time: drawn for DeepSeek-V3 instead."))
    lines.append(translate("gallery", "{title}: one MoE layer of a forward chunk overlapped with one of a backward "
                                      "chunk in the order of the report's Figure 4, durations from the step-time model "
                                      "({kind}, ep = {ep}, pp = {pp}). The report's “near-zero all-to-all overhead” is "
                                      "about the critical path: the all-to-alls still move their bytes, hidden only "
                                      "where the other chunk's computation is long enough.").format(
        title=s.title, kind=s.schedule.kind, ep=s.parallel.ep, pp=s.parallel.pp))
    return "\n".join(lines)


__all__ = ["COMMUNICATION_ORDER", "COMPUTE_ORDER", "ExecutionStrip", "FALLBACK_PRESET", "OverlapStrip",
           "dualpipe_caption", "dualpipe_document", "overlap_strip"]
