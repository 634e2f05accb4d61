"""The papers' bubble formulas, per rank, in the durations `simulate` uses."""
from __future__ import annotations

from ..problems import QT_TRANSLATE_NOOP
from .kinds import Durations, normalise_kind


def closed_form(kind: str, ranks: int, microbatches: int, chunks: int, d: Durations) -> tuple[str, float]:
    """(formula with symbols, bubble TIME per rank) from the papers; F, B, I, W, FB are the
    durations of one op on one stage/chunk, as in `simulate`."""
    kind = normalise_kind(kind)
    p = ranks  # the closed forms here depend on p and the durations only
    if kind in ("gpipe", "1f1b"):
        return "(p − 1)(F + B)", (p - 1) * (d.F + d.B)
    if kind == "interleaved-1f1b":
        # for rounds of ≥ p micro-batches (m ≥ p); one round of m < p micro-batches waits longer
        return (QT_TRANSLATE_NOOP("pipeline", "(p − 1)(F + B)/v with F, B of a rank's whole stage = "
                                              "(p − 1)(F + B) per chunk op"), (p - 1) * (d.F + d.B))
    if kind == "zb-h1":
        return (QT_TRANSLATE_NOOP("pipeline", "(p − 1)(F + B − 2W), B = I + W, valid when W ≤ F"),
                (p - 1) * (d.F + d.I - d.W))
    if kind == "zb-h2":
        # The generated parallelogram (generators._zb_h2) for m ≥ 2p − 1, the makespan minus a rank's
        # busy time m(F + I + W): the last rank starts (p − 1)F late and, when F = I = W, no rank waits
        # after its first op. A short W (2W < I) leaves the paper's (p − 1)(F + B − 3W), B = I + W,
        # uncovered in the I chain; a long I (I > 2F, W ≥ F) makes (p − 1)(I − F). Measured against
        # the simulation for random durations (tests/test_pipeline.py).
        return (QT_TRANSLATE_NOOP("pipeline", "(p − 1)·max(F, I − F, F + B − 3W), B = I + W: (p − 1)F when F = I = W, "
                                              "the last rank's warm-up under a synchronous flush (m ≥ 2p − 1)"),
                (p - 1) * max(d.F, d.I - d.F, d.F + d.I - 2 * d.W))
    if kind == "zbv":
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
