"""Schedule kinds, op durations, actions, errors, configuration checks and stage placement.

Placement (shared by every schedule here): stage s runs on rank s % p; the V shapes (ZBV,
DualPipeV) fold the second half back, stage s on rank s if s < p else 2p − 1 − s (Qi et al.,
Pipeline Parallelism with Controllable Memory, 2024, Figure 1; DeepSeek's DualPipeV); DualPipe's
second model copy puts stage p + k on rank p − 1 − k (DeepSeek-V3 report §3.2.1, Figure 5).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from numbers import Real

KINDS = ("gpipe", "1f1b", "interleaved-1f1b", "zb-h1", "zb-h2", "zbv", "dualpipe", "dualpipev")
ALIASES = {"interleaved": "interleaved-1f1b"}
V_SHAPES = ("zbv", "dualpipev")
TYPES = ("F", "B", "I", "W")


# The longest op (and p2p latency) a schedule takes, in its time units: the scenario's schedule.*
# maximum. Every start and end time is a sum of at most (ops + 1) such terms, so with any number
# of ops a program can hold the makespan stays finite (below 1e300), in the Chrome trace's
# microseconds (× 1000) too.
MAX_DURATION = 1e9


@dataclass(frozen=True)
class Durations:
    """Time units of one op on one stage (chunk). B is a full backward; I (input gradient) and W
    (weight gradient) split it; FB is an overlapped forward-and-backward unit (DualPipe's F&B).
    Each is a finite number in [0, MAX_DURATION] (else ScheduleError)."""
    F: float = 1.0
    B: float = 2.0
    I: float = 1.0  # noqa: E741 — the papers' name
    W: float = 1.0
    FB: float = 3.0
    p2p: float = 0.0

    def __post_init__(self) -> None:
        for name in ("F", "B", "I", "W", "FB", "p2p"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, Real) or not 0 <= float(value) <= MAX_DURATION:
                raise ScheduleError(f"duration {name} must be a number in [0, {MAX_DURATION:g}], not {value!r}")

    def of(self, kind: str) -> float:
        return getattr(self, kind)


DEFAULT_DURATIONS = Durations()  # F = 1, B = 2 (I = W = 1), FB = 3, no p2p latency


@dataclass(frozen=True)
class Action:
    """One entry of a rank's ordered list."""
    stage: int
    mb: int
    type: str  # "F" | "B" | "I" | "W"
    overlap: int | None = None  # F and B/I run as one FB unit when they share an overlap id on a rank

    def __str__(self) -> str:
        return f"{self.type}(stage {self.stage}, mb {self.mb})"


class ScheduleError(ValueError):
    """An invalid schedule configuration or order; the message gives the reason."""


class DeadlockError(ScheduleError):
    """The per-rank orders cannot all run: the message names the op that waits and what for."""


class Cancelled(Exception):
    """`simulate` stopped because its `should_stop` callback said so (a newer request superseded
    it, or the user cancelled). Not a ScheduleError: the configuration was fine."""


def normalise_kind(kind: str) -> str:
    kind = ALIASES.get(kind, kind)
    if kind not in KINDS:
        raise ScheduleError(f"unknown schedule kind {kind!r} (choose from {', '.join(KINDS)})")
    return kind


# ---------------------------------------------------------------------------------------------
# Placement

def chunks_per_rank(kind: str, vpp: int) -> int:
    """Model chunks (stages) each rank holds: v = vpp for interleaved 1F1B (Narayanan et al., SC'21
    §2.2, "virtual stages"), two for the V shapes ZBV and DualPipeV (Qi et al. 2024; DeepSeek's
    DualPipeV), one for every other kind. DualPipe's two model copies are two pipelines of one
    chunk each, so it counts one here (`stages_of` counts both copies)."""
    kind = normalise_kind(kind)
    if kind == "interleaved-1f1b":
        return vpp
    return 2 if kind in V_SHAPES else 1


def stages_of(kind: str, ranks: int, chunks: int) -> int:
    """Global stage count: p·v; 2p for zbv / dualpipev; 2p for dualpipe (two model copies)."""
    kind = normalise_kind(kind)
    if kind == "dualpipe":
        return 2 * ranks
    return ranks * chunks_per_rank(kind, chunks)


def stage_rank(kind: str, ranks: int, chunks: int, stage: int) -> int:
    """Placement: stage s on rank s % p; V shapes s if s < p else 2p−1−s; dualpipe's
    second copy stage p+k on rank p−1−k."""
    kind = normalise_kind(kind)
    if kind in V_SHAPES or kind == "dualpipe":
        return stage if stage < ranks else 2 * ranks - 1 - stage
    return stage % ranks


def chains_of(kind: str, ranks: int, chunks: int) -> list[list[int]]:
    """Stage ids in data-flow order, one list per model copy."""
    count = stages_of(kind, ranks, chunks)
    if normalise_kind(kind) == "dualpipe":
        return [list(range(ranks)), list(range(ranks, 2 * ranks))]
    return [list(range(count))]


# ---------------------------------------------------------------------------------------------
# Limits: what one schedule may cost, checked before anything is generated.

# Ops one schedule may generate. Measured with `tslab schedule` (two cores): at 500,000 ops the
# most expensive output, --chrome-trace (a slice per op, two flow events per transfer), takes ~5 s
# and 1.2 GB; --json ~2 s and 0.5 GB. Twice as many ops would pass the 2 GB budget of one command.
MAX_OPS = 500_000
# Pipeline ranks one schedule may have: the generators and the simulation cost ~30 µs per rank
# besides their ops, so 16,384 ranks add ~0.5 s at most. Deeper pipelines than this have no
# meaning for a model of at most 100,000 layers split into stages of several layers each.
MAX_RANKS = 16_384


def op_count(kind: str, ranks: int, microbatches: int, chunks: int = 1) -> int:
    """Ops the generator of `kind` builds for p ranks, m micro-batches and v chunks (exactly):

    - GPipe, 1F1B, interleaved 1F1B: one F and one B per (stage, micro-batch), 2·p·v·m.
    - ZB-H1, ZB-H2: F, I and W per (stage, micro-batch), 3·p·m.
    - ZBV: PyTorch's ScheduleZBVZeroBubble pads to n = max(m, 2p − 1) micro-batches and drops the
      padding afterwards; the reference's loops add up to 6n ops per rank, so 6·p·max(m, 2p − 1).
    - DualPipeV: DualPipeV.step's eight steps on rank r of N = p with C = m chunks add up to
      2N − r − 1 + 4C ops, so (3N² − N)/2 + 4CN over the ranks; DualPipe runs the same with
      N = p/2 and C = m/2 on both halves of the ranks: 3N² − N + 8CN."""
    kind = normalise_kind(kind)
    p, m, v = ranks, microbatches, chunks
    if kind in ("gpipe", "1f1b", "interleaved-1f1b"):
        return 2 * p * m * (v if kind == "interleaved-1f1b" else 1)
    if kind in ("zb-h1", "zb-h2"):
        return 3 * p * m
    if kind == "zbv":
        return 6 * p * max(m, 2 * p - 1)
    if kind == "dualpipev":
        return (3 * p * p - p) // 2 + 4 * m * p
    n, c = p // 2, m // 2
    return 3 * n * n - n + 8 * c * n


def check_size(kind: str, ranks: int, ops: int) -> None:
    """ScheduleError when p > MAX_RANKS or the schedule has more than MAX_OPS ops (`ops`: the
    op_count of a generated schedule, or the length of imported orders)."""
    if ranks > MAX_RANKS:
        raise ScheduleError(f"a pipeline of {ranks:,} ranks exceeds the {MAX_RANKS:,}-rank limit of the "
                            f"schedule simulator; lower p")
    if ops > MAX_OPS:
        what = " (ZBV pads to 2p − 1 micro-batches)" if kind == "zbv" else ""
        raise ScheduleError(f"a {kind} schedule of {ops:,} ops{what} exceeds the {MAX_OPS:,}-op limit of the "
                            f"schedule simulator; lower m or p")


# ---------------------------------------------------------------------------------------------
# Validation

def check_config(kind: str, ranks: int, microbatches: int, chunks: int = 1) -> str:
    """The normalised kind, or ScheduleError with the reason the configuration is invalid or over
    a limit (MAX_RANKS, MAX_OPS: checked before anything is generated)."""
    kind = normalise_kind(kind)
    p, m, v = ranks, microbatches, chunks
    if not isinstance(p, int) or p < 1:
        raise ScheduleError(f"ranks must be a whole number ≥ 1, not {p!r}")
    if not isinstance(m, int) or m < 1:
        raise ScheduleError(f"microbatches must be a whole number ≥ 1, not {m!r}")
    if not isinstance(v, int) or v < 1:
        raise ScheduleError(f"chunks must be a whole number ≥ 1, not {v!r}")
    if v != chunks_per_rank(kind, v):
        if kind in V_SHAPES:
            raise ScheduleError(f"{kind} is a V shape with exactly 2 chunks per rank, not {v}")
        raise ScheduleError(f"{kind} runs one chunk per rank (chunks = 1), not {v}; "
                            f"use interleaved-1f1b for virtual stages")
    if kind == "interleaved-1f1b" and v > 1 and m % max(1, m // p):
        # The order walks the chunks in rounds of m / k micro-batches, k = max(1, ⌊m/p⌋) rounds
        # (one round of all m when m < p): PyTorch's ScheduleInterleaved1F1B, which no longer needs
        # p | m. Unequal rounds would leave micro-batches without a backward on some chunk.
        rounds = max(1, m // p)
        below = m - m % rounds  # ≥ rounds·p, so it has the same round count
        above = next(n for n in range(m + 1, m + p + 1) if n % (n // p) == 0)  # a multiple of p at the latest
        raise ScheduleError(f"interleaved-1f1b runs its {m} micro-batches in max(1, ⌊m/p⌋) = {rounds} equal rounds, "
                            f"so m must be a multiple of {rounds} (e.g. {below} or {above}), as in PyTorch's "
                            f"ScheduleInterleaved1F1B")
    if kind == "dualpipe":
        if p % 2:
            raise ScheduleError(f"dualpipe needs an even number of ranks, not {p} (DualPipe asserts "
                                f"num_ranks % 2 == 0)")
        if m % 2 or m < 2 * p:
            raise ScheduleError(f"dualpipe needs an even number of micro-batches ≥ 2p = {2 * p}, not {m} "
                                f"(DualPipe splits them over two directions and asserts num_chunks ≥ 2·num_ranks)")
    if kind == "dualpipev" and m < 2 * p:
        raise ScheduleError(f"dualpipev needs micro-batches ≥ 2p = {2 * p}, not {m} "
                            f"(DualPipeV asserts num_chunks ≥ 2·num_ranks)")
    check_size(kind, p, op_count(kind, p, m, v))
    return kind


def iter_kinds() -> Iterable[str]:
    return iter(KINDS)
