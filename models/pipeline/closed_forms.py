"""The papers' bubble formulas, per rank, in the durations `simulate` uses."""
from __future__ import annotations

from ..validation import QT_TRANSLATE_NOOP
from .kinds import Durations, normalise_kind


def closed_form(kind: str, ranks: int, microbatches: int, chunks: int, d: Durations) -> tuple[str, float]:
    """(formula with symbols, bubble TIME per rank) from the papers; F, B, I, W, FB are the
    durations of one op on one stage/chunk, as in `simulate`."""
    kind = normalise_kind(kind)
    p = ranks  # the closed forms here depend on p and the durations only
    if kind in ("gpipe", "1f1b"):
        return "(p − 1)(F + B)", (p - 1) * (d.F + d.B)
    if kind == "interleaved-1f1b":
        return (QT_TRANSLATE_NOOP("pipeline", "(p − 1)(F + B)/v with F, B of a rank's whole stage = "
                                              "(p − 1)(F + B) per chunk op"), (p - 1) * (d.F + d.B))
    if kind == "zb-h1":
        return (QT_TRANSLATE_NOOP("pipeline", "(p − 1)(F + B − 2W), B = I + W, valid when W ≤ F"),
                (p - 1) * (d.F + d.I - d.W))
    if kind in ("zb-h2", "zbv"):
        # The papers count (p − 1)(F + B − 3W) (B = I + W; zero when F = I = W) because they bypass the
        # optimizer synchronisation; with a synchronous flush the last rank still starts (p − 1)F late.
        return (QT_TRANSLATE_NOOP("pipeline", "(p − 1)(F + B − 3W) + (p − 1)F, B = I + W: ≈ 0 per rank when "
                                              "F = I = W, plus the last rank's warm-up under a synchronous "
                                              "flush (teaching estimate)"),
                (p - 1) * max(0.0, d.F + d.I - 2 * d.W) + (p - 1) * d.F)
    if kind == "dualpipe":
        return (QT_TRANSLATE_NOOP("pipeline", "(PP/2 − 1)(F&B + B − 3W), PP = p (DeepSeek-V3 Table 2)"),
                (p / 2 - 1) * (d.FB + d.B - 3 * d.W))
    return (QT_TRANSLATE_NOOP("pipeline", "(PP/2 − 1)(F&B + B − 3W), PP = 2p stages (DeepSeek-V3 Table 2)"),
            (p - 1) * (d.FB + d.B - 3 * d.W))
