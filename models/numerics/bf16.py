"""FP32 → BF16 rounding at the bit level: round to nearest even and stochastic rounding.

BF16 is the upper half of an IEEE-754 binary32 word (sign, the same 8 exponent bits, 7 fraction
bits), so converting FP32 to BF16 only decides what happens to the low 16 bits:

- round to nearest, ties to even (IEEE 754-2019 §4.3.1, roundTiesToEven): add 0x7FFF plus the
  lowest kept bit, then truncate. A carry out of the fraction raises the exponent, so a finite value
  that rounds beyond the largest BF16 (0x7F7F, 3.3895e38) becomes infinity, and subnormals need no
  special case (the same integer arithmetic walks the subnormal grid, 2^-133 apart). This is the
  conversion of Eigen's `bfloat16` and of `ml_dtypes.bfloat16` (github.com/jax-ml/ml_dtypes).
- stochastic rounding (Forsythe 1959; Gupta et al., "Deep Learning with Limited Numerical
  Precision", ICML 2015, §3): add a uniform random 16-bit integer r to the low half, then truncate.
  The magnitude rounds away from zero exactly when r ≥ 2^16 − (low 16 bits), i.e. with probability
  (|x| − |lower|) / ulp, so E[SR(x)] = x and Var = p(1 − p)·ulp² ≤ ulp²/4.

Infinities keep their bits under both (0x7F80_0000 plus at most 0xFFFF truncates back); NaN maps
to the quiet NaN of its sign (0x7FC0 / 0xFFC0, as Eigen's conversion), never to infinity.
Everything is vectorised over the array: no Python loop over elements.
"""
from __future__ import annotations

import numpy as np
import numpy.typing as npt

HIGH_HALF = np.uint32(0xFFFF0000)
SIGN_BIT = np.uint32(0x80000000)
QUIET_NAN = np.uint32(0x7FC00000)
BF16_MAX = float(np.array(0x7F7F0000, dtype=np.uint32).view(np.float32))  # 3.3895e38
SUBNORMAL_SPACING = 2.0**-133  # BF16's subnormal grid: 2^-126 × 2^-7


def _float32_bits(x: npt.ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """The values as a flat contiguous float32 array and its uint32 view (no copy when already
    so); callers reshape the result to np.shape(x)."""
    values = np.ascontiguousarray(x, dtype=np.float32).reshape(-1)
    return values, values.view(np.uint32)


def _quiet_nans(values: np.ndarray, bits: np.ndarray, out: np.ndarray) -> None:
    """NaN stays NaN: the quiet NaN with the input's sign (rounding arithmetic could carry a NaN's
    payload into the sign bit or truncate it to infinity)."""
    nan = np.isnan(values)
    if nan.any():
        out[nan] = (bits[nan] & SIGN_BIT) | QUIET_NAN


def bf16_round_nearest_even(x: npt.ArrayLike) -> np.ndarray:
    """float32 in → float32 values exactly representable in BF16, rounded to nearest, ties to
    even: bits + 0x7FFF + ((bits >> 16) & 1), low half cleared."""
    values, bits = _float32_bits(x)
    out = (bits >> 16) & np.uint32(1)
    out += bits
    out += np.uint32(0x7FFF)
    out &= HIGH_HALF
    _quiet_nans(values, bits, out)
    return out.view(np.float32).reshape(np.shape(x))


def bf16_stochastic_round_with(x: npt.ArrayLike, random16: npt.ArrayLike) -> np.ndarray:
    """Stochastic rounding with the given random integers (uint16, or integers in [0, 2^16), one
    per value, broadcast like x): bits + r, low half cleared. `bf16_stochastic_round` draws them;
    this form lets a caller replay a rounding or enumerate all 2^16 outcomes."""
    random16 = np.asarray(random16)
    shape = np.broadcast_shapes(np.shape(x), random16.shape)
    values, _ = _float32_bits(np.broadcast_to(np.asarray(x, dtype=np.float32), shape))
    bits = values.view(np.uint32)
    random16 = np.broadcast_to(random16, shape).reshape(-1)
    if random16.dtype != np.uint16:
        if random16.size and (random16.min() < 0 or random16.max() > 0xFFFF):
            raise ValueError("stochastic rounding needs random integers in [0, 65535]")
        random16 = random16.astype(np.uint32)
    out = np.add(bits, random16, dtype=np.uint32)
    out &= HIGH_HALF
    _quiet_nans(values, bits, out)
    return out.view(np.float32).reshape(shape)


def bf16_stochastic_round(x: npt.ArrayLike, rng: np.random.Generator) -> np.ndarray:
    """float32 in → BF16 values (as float32), each rounded up or down at random with probability
    proportional to its distance from the other neighbour (one uniform 16-bit integer per value,
    drawn from `rng`)."""
    values = np.asarray(x, dtype=np.float32)
    random16 = rng.integers(0, 1 << 16, size=values.shape, dtype=np.uint16)
    return bf16_stochastic_round_with(values, random16)


def bf16_spacing(x: float) -> float:
    """The BF16 spacing of the binade that holds x: 2^(e − 7) for a normal |x| ∈ [2^e, 2^(e+1)),
    2^-133 for subnormals and zero; inf for infinities and NaN."""
    bits = int(np.asarray(x, dtype=np.float32).view(np.uint32))
    exponent = (bits >> 23) & 0xFF
    if exponent == 0xFF:
        return float("inf")
    return 2.0 ** (max(exponent, 1) - 127 - 7)


def bf16_neighbours(x: float) -> tuple[float, float]:
    """The BF16 values just below and just above float32(x), in increasing order; both equal x
    when it is exactly representable. Between the largest BF16 and the largest float32 the upper
    neighbour is infinity (where round to nearest overflows too). NaN raises ValueError."""
    value = np.float32(x)
    if np.isnan(value):
        raise ValueError("NaN has no BF16 neighbours")
    bits = int(np.asarray(value).view(np.uint32))
    truncated = bits & 0xFFFF0000
    if truncated == bits:
        return float(value), float(value)
    toward_zero = float(np.array(truncated, dtype=np.uint32).view(np.float32))
    away = float(np.array(truncated + 0x10000, dtype=np.uint32).view(np.float32))
    return (toward_zero, away) if value > 0 else (away, toward_zero)
