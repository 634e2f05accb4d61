"""Stochastic rounding to BF16 shown three ways (`tslab sr`): one value rounded many times, an
accumulator that rounds after every add, and a gradient reduced over many ranks.

Sources:
- Stochastic rounding and its unbiasedness: Forsythe (1959); Gupta et al., "Deep Learning with
  Limited Numerical Precision", ICML 2015, §3 (E[SR(x)] = x, rounding up with probability
  (x − ⌊x⌋)/ulp); Connolly, Higham & Mary, "Stochastic Rounding and Its Probabilistic Backward
  Error Analysis", SIAM J. Sci. Comput. 2021 (errors of SR sums grow like √n, not n, and
  round-to-nearest "stagnates" once the update is below half an ulp of the sum).
- DeepSeek-V4 technical report: gradients are stochastically rounded from FP32 to BF16 once for
  the wire (half the bytes of FP32) and summed in FP32 by the receiver, instead of a BF16 ring whose
  partial sum is rounded at every hop.
- The reduce-scatter's volume: each rank sends (n − 1)/n of the vector (Thakur, Rabenseifner &
  Gropp 2005 §3, the ring algorithm).

A deterministic teaching model, seeded: `sr.seed` seeds three independent generators
(numpy.random.default_rng(seed) for the samples, default_rng([seed, 1]) for the accumulator's
random bits, default_rng([seed, 2]) for the reduction's gradients and roundings).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..scenario import Scenario
from .bf16 import (bf16_neighbours, bf16_round_nearest_even, bf16_spacing, bf16_stochastic_round,
                   bf16_stochastic_round_with)

MAX_SAMPLED_POINTS = 512       # points of the accumulation curves that are kept
SAMPLE_CHUNK = 1 << 22         # values rounded at once when drawing sr.samples
REDUCTION_ELEMENTS = 4096      # gradient values per rank
REDUCTION_WORK = 1 << 24       # ranks × elements at most: above 4,096 ranks the vector shrinks
GRADIENT_MEAN = 0.5            # gradients ~ N(0.5, 1): a common mean keeps the sums away from zero


@dataclass(frozen=True)
class Accumulation:
    """1.0 plus `steps` updates of `update`, three ways: an FP32 accumulator; BF16 rounded to
    nearest after every FP32 add, which stalls once |update| < ulp/2 of the sum (Connolly, Higham
    & Mary 2021, §1: stagnation); BF16 stochastically rounded after every add, which follows the FP32
    sum in expectation. `at` are the step indices kept (≤ 512, the first and the last included);
    the value at step k is the one after k updates."""
    steps: int
    update: float
    at: np.ndarray
    fp32: np.ndarray
    rtn: np.ndarray
    sr: np.ndarray
    rtn_stalled_at: int     # the step from which round-to-nearest no longer moves (−1 if it never stalls)


@dataclass(frozen=True)
class Reduction:
    """A gradient of `elements` values per rank, reduced over n = 2, 4, …, sr.ranks ranks: a BF16
    ring whose partial sum is rounded to nearest at every hop; DeepSeek-V4's one stochastic
    rounding per rank with an FP32 sum at the receiver; an FP32 ring. Errors are
    ‖result − exact‖₂ / ‖exact‖₂ against the float64 sum. The sum runs over the ranks in order
    0 … n−1 for every element (in a ring reduce-scatter each chunk starts at another rank, which
    changes the order, not the number of roundings), so the n-rank result is the prefix of one pass.
    The SR path rounds every contribution, the receiver's own too (a slight overestimate)."""
    ranks: tuple[int, ...]
    elements: int
    error_bf16_ring: tuple[float, ...]
    error_sr_fp32_sum: tuple[float, ...]
    error_fp32_ring: tuple[float, ...]
    bytes_fp32: int
    bytes_bf16: int
    gradient_mean: float = GRADIENT_MEAN


@dataclass(frozen=True)
class SrAnalysis:
    """`samples` stochastic roundings of x = float32(sr.x) to BF16 with numpy.random.default_rng(seed).

    lower/upper are x's BF16 neighbours, ulp = upper − lower and p = (x − lower)/ulp the
    probability of rounding up (Gupta et al. 2015, §3). When x is exactly representable, lower =
    upper = x, p = 0 and ulp is the BF16 spacing of x's binade, 2^(e − 7) (2^-133 for subnormals).
    mean and variance are the samples' (population variance) in float64, bias = mean − x;
    variance_bound = p(1 − p)·ulp² ≤ ulp²/4, the variance of one rounding. rtn is round to nearest
    even. The histogram lists the values drawn with their counts (two at most)."""
    x: float                # float32(sr.x), as a float
    samples: int
    seed: int
    lower: float
    upper: float
    p: float
    ulp: float
    mean: float
    bias: float
    variance: float
    variance_bound: float
    rtn: float
    histogram: tuple[tuple[float, int], ...]
    accumulation: Accumulation
    reduction: Reduction
    x_input: float = 0.0    # sr.x as given (before float32)
    upper_count: int = 0    # samples rounded up


def sampled_steps(steps: int, points: int = MAX_SAMPLED_POINTS) -> np.ndarray:
    """At most `points` step indices from 0 to `steps`, evenly spaced, both ends included."""
    if steps + 1 <= points:
        return np.arange(steps + 1, dtype=np.int64)
    return np.unique(np.rint(np.linspace(0, steps, points)).astype(np.int64))


def fp32_chain(start: float, update: float, steps: int, at: np.ndarray) -> np.ndarray:
    """start + update + update + … in float32, one add at a time (np.add.accumulate adds in order),
    in chunks so that 10^7 steps need no 10^7-element array; the values after at[i] updates."""
    out = np.empty(len(at), dtype=np.float32)
    value, done, index = np.float32(start), 0, 0
    u = np.float32(update)
    chunk = 1 << 20
    with np.errstate(over="ignore", invalid="ignore"):
        while index < len(at):
            n = min(chunk, steps - done)
            run = np.full(n + 1, u, dtype=np.float32)
            run[0] = value
            np.add.accumulate(run, out=run)
            # run[i] is the value after done + i updates
            hi = int(np.searchsorted(at, done + n, side="right"))
            out[index:hi] = run[at[index:hi] - done]
            index = hi
            value, done = run[-1], done + n
    return out


def rtn_chain(start: float, update: float, steps: int, at: np.ndarray) -> tuple[np.ndarray, int]:
    """v ← RNE_bf16(fl32(v + update)) `steps` times from BF16(start). Round to nearest is
    deterministic, so once a step leaves v unchanged it never moves again (the value has stalled)
    and the rest is filled; it stalls after at most a few hundred steps per binade, since each
    move is at least one ulp and the ulp doubles every binade while the update stays. Returns the
    sampled values and the stalling step (−1 if none within `steps`)."""
    u = np.float32(update)
    value = bf16_round_nearest_even(np.float32(start))[()]
    out = np.empty(len(at), dtype=np.float32)
    index, stalled = 0, -1
    if at[0] == 0:
        out[0], index = value, 1
    with np.errstate(over="ignore", invalid="ignore"):
        for k in range(1, steps + 1):
            rounded = bf16_round_nearest_even(np.float32(value + u))[()]
            if rounded.view(np.uint32) == value.view(np.uint32):  # bits: −0 + 0 moves to +0
                stalled = k
                break
            value = rounded
            while index < len(at) and at[index] == k:
                out[index], index = value, index + 1
    out[index:] = value
    return out, stalled


def _bits_value(sign: int, magnitude: np.ndarray) -> np.ndarray:
    """float32 values from a sign bit and BF16 magnitude bits (15 bits, the high half's)."""
    return ((magnitude.astype(np.uint32) << 16) | np.uint32(sign << 31)).view(np.float32)


def sr_chain(start: float, update: float, random16: np.ndarray, at: np.ndarray) -> np.ndarray:
    """v ← SR_bf16(fl32(v + update), r_k) for k = 0 … len(random16) − 1 from BF16(start),
    returning the values after at[i] updates — the result of the step-by-step loop, bit for bit,
    without a Python loop over 10^7 steps.

    Why it can be vectorised: while v and v + update stay in one binade of one sign, v is a
    multiple of the BF16 spacing g16 = 2^16·g32 (g32 the FP32 spacing there), so the FP32 add gives
    |v| + D·g32 with D = round-half-even(±update/g32) (v's FP32 significand is even), the same
    integer for every v of the binade; stochastic rounding adds r to the low 16 bits and truncates,
    so the BF16 magnitude grows by ⌊(D + r)/2^16⌋ = q + [r ≥ 2^16 − m] (D = 2^16·q + m). A run of
    steps is then a cumulative sum of those increments; it ends at the first state whose FP32 sum
    would leave the binade (an exact step is taken there). Subnormals share the lowest normal
    binade's spacing, so they are one binade with it."""
    u = np.float32(update)
    steps = len(random16)
    out = np.empty(len(at), dtype=np.float32)
    value = bf16_round_nearest_even(np.float32(start))[()]
    k, index, run = 0, 0, 256
    if at[0] == 0:
        out[0], index = value, 1

    def record(upto: int, values_after: np.ndarray | None, first: int) -> None:
        """Keep the sampled values of steps first+1 … upto (values_after[i] after first + i + 1)."""
        nonlocal index
        hi = int(np.searchsorted(at, upto, side="right"))
        if hi > index:
            if values_after is None:
                out[index:hi] = value
            else:
                out[index:hi] = values_after[at[index:hi] - first - 1]
            index = hi

    with np.errstate(over="ignore", invalid="ignore"):
        while k < steps:
            if not np.isfinite(value) or (u == 0 and k > 0):
                # inf + u = inf, NaN stays NaN; v + 0 = v once the first step has settled −0 + 0 = +0
                record(steps, None, k)
                break
            bits = int(np.asarray(value).view(np.uint32))
            sign, magnitude = bits >> 31, (bits & 0x7FFFFFFF) >> 16
            if magnitude == 0:
                sign = 1 if u < 0 else 0
            exponent = max(magnitude >> 7, 1)
            g32 = 2.0 ** (exponent - 127 - 23)
            lo, hi = (0 if exponent == 1 else exponent << 23), (exponent + 1) << 23
            d_exact = (-float(u) if sign else float(u)) / g32
            first_valid = (magnitude << 16) + d_exact + 1 < hi if d_exact >= 0 \
                else (magnitude << 16) + d_exact - 1 >= lo
            if not first_valid or abs(d_exact) > 2**22 or u == 0:
                # an exact step: the FP32 add leaves the binade (or the sign changes)
                value = bf16_stochastic_round_with(np.float32(value + u), random16[k])[()]
                k += 1
                record(k, None, k - 1)
                run = 256
                continue
            q, m = divmod(int(np.rint(d_exact)), 65536)
            n = min(run, steps - k)
            # r ≥ 2^16 − m carries into the kept half: the magnitude rounds up
            ups = random16[k:k + n] >= 65536 - m if m else np.zeros(n, dtype=bool)
            after = magnitude + q * np.arange(1, n + 1, dtype=np.int64) + np.cumsum(ups, dtype=np.int64)
            before = (np.concatenate(([magnitude], after[:-1])) << 16) + d_exact
            valid = before + 1 < hi if d_exact >= 0 else before - 1 >= lo
            taken = n if valid.all() else int(np.argmin(valid))
            # taken ≥ 1: the first state was checked above
            values_after = _bits_value(sign, after[:taken])
            record(k + taken, values_after, k)
            value = values_after[-1]
            k += taken
            run = min(run * 2, 1 << 16) if taken == n else 256
    return out


def accumulation(steps: int, update: float, rng: np.random.Generator, start: float = 1.0) -> Accumulation:
    """The three accumulators from `start` (the random bits of SR drawn from `rng`, one uint16 per
    step). 10,000 steps take a few milliseconds; 10^7 steps well under a second."""
    if steps < 1:
        raise ValueError("the accumulation needs at least one step")
    at = sampled_steps(steps)
    random16 = rng.integers(0, 1 << 16, size=steps, dtype=np.uint16)
    rtn, stalled = rtn_chain(start, update, steps, at)
    return Accumulation(steps, float(np.float32(update)), at, fp32_chain(start, update, steps, at), rtn,
                        sr_chain(start, update, random16, at), stalled)


def reduction_ranks(ranks: int) -> tuple[int, ...]:
    """2, 4, 8, … up to `ranks`, and `ranks` itself when it is not a power of two."""
    counts = [1 << i for i in range(1, ranks.bit_length()) if 1 << i <= ranks]
    if counts[-1] != ranks:
        counts.append(ranks)
    return tuple(counts)


def reduction_elements(ranks: int) -> int:
    """4,096 values per rank, fewer above 4,096 ranks (ranks × elements ≤ 2^24, at least 256)."""
    return max(256, min(REDUCTION_ELEMENTS, REDUCTION_WORK // ranks))


def reduce_scatter_bytes(ranks: int, elements: int, bytes_per_element: int) -> int:
    """What one rank sends in a ring reduce-scatter of `elements` values: n − 1 chunks of
    ⌈elements/n⌉ (Thakur, Rabenseifner & Gropp 2005 §3)."""
    return (ranks - 1) * math.ceil(elements / ranks) * bytes_per_element


def _relative_error(result: np.ndarray, exact: np.ndarray) -> float:
    return float(np.linalg.norm(result.astype(np.float64) - exact) / np.linalg.norm(exact))


def reduction(ranks: int, rng: np.random.Generator, elements: int | None = None) -> Reduction:
    """One pass over ranks 0 … ranks−1 (blocks of ranks vectorised over elements), recording
    the three partial sums at every n of `reduction_ranks`."""
    if ranks < 2:
        raise ValueError("a reduction needs at least two ranks")
    elements = reduction_elements(ranks) if elements is None else elements
    checkpoints = reduction_ranks(ranks)
    block = max(1, (1 << 20) // elements)
    exact = np.zeros(elements)
    fp32 = np.zeros(elements, dtype=np.float32)
    sr_sum = np.zeros(elements, dtype=np.float32)
    ring: np.ndarray | None = None
    errors: dict[str, list[float]] = {"bf16": [], "sr": [], "fp32": []}
    done = 0
    with np.errstate(over="ignore", invalid="ignore"):
        while done < ranks:
            n = min(block, ranks - done)
            grads = rng.standard_normal((n, elements), dtype=np.float32) + np.float32(GRADIENT_MEAN)
            exact_run = exact + np.cumsum(grads, axis=0, dtype=np.float64)
            fp32_run = np.add.accumulate(np.concatenate((fp32[None], grads)), axis=0)[1:]
            rounded = bf16_stochastic_round(grads, rng)
            sr_run = np.add.accumulate(np.concatenate((sr_sum[None], rounded)), axis=0)[1:]
            wire = bf16_round_nearest_even(grads)  # a BF16 reduce-scatter sends BF16 gradients
            ring_run = np.empty_like(wire)
            for i in range(n):
                ring = wire[i] if ring is None else bf16_round_nearest_even(ring + wire[i])
                ring_run[i] = ring
            for count in checkpoints:
                if done < count <= done + n:
                    row = count - done - 1
                    errors["bf16"].append(_relative_error(ring_run[row], exact_run[row]))
                    errors["sr"].append(_relative_error(sr_run[row], exact_run[row]))
                    errors["fp32"].append(_relative_error(fp32_run[row], exact_run[row]))
            exact, fp32, sr_sum = exact_run[-1], fp32_run[-1], sr_run[-1]
            done += n
    return Reduction(checkpoints, elements, tuple(errors["bf16"]), tuple(errors["sr"]), tuple(errors["fp32"]),
                     reduce_scatter_bytes(ranks, elements, 4), reduce_scatter_bytes(ranks, elements, 2))


def sr_analysis(s: Scenario) -> SrAnalysis:
    """The `tslab sr` numbers for the scenario's `sr` section (see SrAnalysis). ValueError when
    x is not a finite value inside BF16's range."""
    cfg = s.sr
    x = np.float32(cfg.x)
    if not np.isfinite(x):
        raise ValueError(f"sr.x = {cfg.x} is not a finite float32 value")
    lower, upper = bf16_neighbours(float(x))
    if math.isinf(upper) or math.isinf(lower):
        raise ValueError(f"sr.x = {cfg.x} lies beyond the largest finite BF16 ({np.float32(3.3895314e38):.6g}); "
                         "rounding it can overflow to infinity")
    xf = float(x)
    if lower == upper:
        ulp, p = bf16_spacing(xf), 0.0
    else:
        ulp = upper - lower
        p = (xf - lower) / ulp
    rng = np.random.default_rng(cfg.seed)
    ups = 0
    for start in range(0, cfg.samples, SAMPLE_CHUNK):
        n = min(SAMPLE_CHUNK, cfg.samples - start)
        drawn = bf16_stochastic_round(np.full(n, x, dtype=np.float32), rng)
        ups += int(np.count_nonzero(drawn != np.float32(lower))) if lower != upper else 0
    downs = cfg.samples - ups
    mean = (downs * lower + ups * upper) / cfg.samples
    share = ups / cfg.samples
    variance = share * (1.0 - share) * (upper - lower) ** 2
    histogram = tuple((value, count) for value, count in ((lower, downs), (upper, ups)) if count) \
        if lower != upper else ((xf, cfg.samples),)
    return SrAnalysis(
        x=xf, samples=cfg.samples, seed=cfg.seed, lower=lower, upper=upper, p=p, ulp=ulp,
        mean=mean, bias=mean - xf, variance=variance, variance_bound=p * (1.0 - p) * ulp**2,
        rtn=float(bf16_round_nearest_even(x)), histogram=histogram,
        accumulation=accumulation(cfg.steps, cfg.update, np.random.default_rng([cfg.seed, 1])),
        reduction=reduction(cfg.ranks, np.random.default_rng([cfg.seed, 2])),
        x_input=float(cfg.x), upper_count=ups)


def sr_json(a: SrAnalysis) -> dict[str, Any]:
    """The `tslab sr --json` document: Python floats and ints only."""
    acc, red = a.accumulation, a.reduction
    return {
        "x": a.x, "x_input": a.x_input, "samples": a.samples, "seed": a.seed,
        "lower": a.lower, "upper": a.upper, "p": a.p, "ulp": a.ulp,
        "mean": a.mean, "bias": a.bias, "variance": a.variance, "variance_bound": a.variance_bound,
        "rtn": a.rtn, "upper_count": a.upper_count,
        "histogram": [{"value": float(value), "count": int(count)} for value, count in a.histogram],
        "accumulation": {
            "steps": acc.steps, "update": acc.update, "start": 1.0,
            "at": [int(k) for k in acc.at],
            "fp32": [float(v) for v in acc.fp32], "rtn": [float(v) for v in acc.rtn],
            "sr": [float(v) for v in acc.sr], "rtn_stalled_at": acc.rtn_stalled_at,
            "final": {"fp32": float(acc.fp32[-1]), "rtn": float(acc.rtn[-1]), "sr": float(acc.sr[-1]),
                      "exact": 1.0 + acc.steps * acc.update},
        },
        "reduction": {
            "ranks": [int(n) for n in red.ranks], "elements": red.elements,
            "gradient_mean": red.gradient_mean,
            "error_bf16_ring": [float(e) for e in red.error_bf16_ring],
            "error_sr_fp32_sum": [float(e) for e in red.error_sr_fp32_sum],
            "error_fp32_ring": [float(e) for e in red.error_fp32_ring],
            "bytes_fp32": red.bytes_fp32, "bytes_bf16": red.bytes_bf16,
        },
        "model": "a deterministic teaching model, seeded",
    }
