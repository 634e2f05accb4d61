"""FP32 → BF16 rounding and the stochastic-rounding analysis against independent oracles.

Oracles:
- ml_dtypes.bfloat16 (github.com/jax-ml/ml_dtypes, Eigen's round-to-nearest-even conversion) on
  every high half with the tie and near-tie low halves, on subnormals, infinities, NaN and random
  bit patterns; np.nextafter on bfloat16 for the neighbours.
- Stochastic rounding's definition (Gupta et al., ICML 2015, §3): over all 2^16 random integers the
  mean is x exactly; seeded samples stay within a binomial bound of x, and never leave the two
  neighbours.
- The accumulators and the reduction re-implemented step by step with scalar loops.
- Stagnation of round to nearest (Connolly, Higham & Mary 2021): 1 + 10^-4 rounds back to 1.
"""
from __future__ import annotations

import dataclasses
import json
import math

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from json_docs import json_leaves

from tslab.models.numerics import (BF16_MAX, accumulation, bf16_neighbours, bf16_round_nearest_even, bf16_spacing,
                                   bf16_stochastic_round, bf16_stochastic_round_with, fp32_chain, reduce_scatter_bytes,
                                   reduction, reduction_ranks, rtn_chain, sampled_steps, sr_analysis, sr_chain, sr_json)
from tslab.models.scenario import Scenario

LOW_HALVES = np.array([0x0000, 0x0001, 0x7FFE, 0x7FFF, 0x8000, 0x8001, 0xFFFF], dtype=np.uint32)
ALL_RANDOM16 = np.arange(1 << 16, dtype=np.uint32)


def reference_bf16(x: np.ndarray) -> np.ndarray:
    """ml_dtypes' conversion, back to float32."""
    with np.errstate(invalid="ignore", over="ignore"):
        return np.asarray(x, dtype=np.float32).astype(ml_dtypes.bfloat16).astype(np.float32)


def assert_same_rounding(got: np.ndarray, want: np.ndarray) -> None:
    """Same bits where the reference is a number; NaN exactly where it is NaN."""
    nan = np.isnan(want)
    assert np.array_equal(np.isnan(got), nan)
    assert np.array_equal(got.view(np.uint32)[~nan], want.view(np.uint32)[~nan])


def bits_to_float32(bits) -> np.ndarray:
    return np.asarray(bits, dtype=np.uint32).view(np.float32)


finite_float32 = st.floats(width=32, allow_nan=False, allow_infinity=False, min_value=-BF16_MAX, max_value=BF16_MAX)


# ---- round to nearest even ------------------------------------------------------------------

def test_rne_matches_ml_dtypes_on_every_high_half_and_its_ties():
    """All 2^16 sign/exponent/fraction high halves × the low halves at and around the tie 0x8000:
    covers ties to even and odd, subnormals (exponent 0), ±0, ±inf and NaNs (exponent 0xFF)."""
    high = np.arange(1 << 16, dtype=np.uint32) << 16
    x = bits_to_float32((high[:, None] | LOW_HALVES[None, :]).ravel())
    assert_same_rounding(bf16_round_nearest_even(x), reference_bf16(x))


def test_rne_ties_subnormals_and_overflow_by_hand():
    cases = {
        0x3F808000: 0x3F800000,  # 1 + half an ulp: tie, kept bit even → down
        0x3F818000: 0x3F820000,  # tie with an odd kept bit → up
        0x3F808001: 0x3F810000,  # just above the tie → up
        0x00000001: 0x00000000,  # the smallest float32 subnormal rounds to zero
        0x00018000: 0x00020000,  # a subnormal tie, odd → up
        0x007FFFFF: 0x00800000,  # the largest subnormal carries into the smallest normal
        0x7F7F7FFF: 0x7F7F0000,  # just below the tie above the largest BF16 → the largest BF16
        0x7F7F8000: 0x7F800000,  # the tie above the largest BF16 (odd) → +inf
        0x7F7FFFFF: 0x7F800000,  # float32's largest value overflows to +inf
        0xFF7FFFFF: 0xFF800000,  # and its negative to −inf
        0x7F800000: 0x7F800000,  # +inf
        0xFF800000: 0xFF800000,  # −inf
        0x80000000: 0x80000000,  # −0
    }
    got = bf16_round_nearest_even(bits_to_float32(list(cases))).view(np.uint32)
    assert [hex(v) for v in got] == [hex(v) for v in cases.values()]


def test_nan_stays_a_quiet_nan_of_its_sign():
    nans = bits_to_float32([0x7F800001, 0x7FBFFFFF, 0x7FC00000, 0x7FFFFFFF, 0xFF800001, 0xFFFFFFFF])
    for got in (bf16_round_nearest_even(nans), bf16_stochastic_round_with(nans, np.full(6, 0xFFFF))):
        bits = got.view(np.uint32)
        assert np.isnan(got).all()
        assert [hex(b) for b in bits] == ["0x7fc00000"] * 4 + ["0xffc00000"] * 2


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 2**32 - 1), min_size=1, max_size=256))
def test_rne_matches_ml_dtypes_on_random_bit_patterns(bits):
    x = bits_to_float32(bits)
    assert_same_rounding(bf16_round_nearest_even(x), reference_bf16(x))


def test_rne_matches_ml_dtypes_on_a_million_random_words():
    x = bits_to_float32(np.random.default_rng(7).integers(0, 2**32, 10**6, dtype=np.uint32))
    assert_same_rounding(bf16_round_nearest_even(x), reference_bf16(x))


def test_rne_keeps_shape_and_accepts_scalars_and_strided_arrays():
    grid = np.linspace(-3, 3, 24, dtype=np.float32).reshape(4, 6)[:, ::2]
    assert bf16_round_nearest_even(grid).shape == (4, 3)
    assert_same_rounding(bf16_round_nearest_even(grid), reference_bf16(grid))
    assert bf16_round_nearest_even(1.001).shape == ()
    assert float(bf16_round_nearest_even(1.001)) == 1.0


# ---- neighbours and spacing -----------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(finite_float32)
def test_neighbours_bracket_x_and_are_adjacent_bf16_values(x):
    lower, upper = bf16_neighbours(x)
    x32 = float(np.float32(x))
    assert lower <= x32 <= upper
    rounded = float(reference_bf16(np.float32(x)))
    if lower == upper:
        assert rounded == x32
        return
    assert rounded in (lower, upper)
    assert float(reference_bf16(np.float32(lower))) == lower
    with np.errstate(over="ignore"):
        step = np.nextafter(np.array(lower, dtype=ml_dtypes.bfloat16), np.array(np.inf, dtype=ml_dtypes.bfloat16))
    assert float(step) == upper
    assert upper - lower == bf16_spacing(x32)


def test_spacing_closed_forms():
    assert bf16_spacing(1.0) == 2**-7
    assert bf16_spacing(1.999) == 2**-7
    assert bf16_spacing(-2.0) == 2**-6
    assert bf16_spacing(0.0) == 2**-133
    assert bf16_spacing(1e-40) == 2**-133           # subnormal
    assert bf16_spacing(2.0**-126) == 2**-133       # the smallest normal binade shares the subnormal grid
    assert bf16_spacing(float("inf")) == float("inf")
    assert bf16_neighbours(1.001) == (1.0, 1.0078125)
    assert bf16_neighbours(-1.001) == (-1.0078125, -1.0)
    assert bf16_neighbours(1.0) == (1.0, 1.0)
    with pytest.raises(ValueError):
        bf16_neighbours(float("nan"))


# ---- stochastic rounding --------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(finite_float32)
def test_sr_over_all_random_integers_is_exactly_unbiased(x):
    """Each of the 2^16 random integers once: the mean of the outcomes is x exactly, and every
    outcome is one of the two neighbours."""
    outcomes = bf16_stochastic_round_with(np.float32(x), ALL_RANDOM16).astype(np.float64)
    lower, upper = bf16_neighbours(x)
    assert set(np.unique(outcomes)) <= {lower, upper}
    assert outcomes.mean() == float(np.float32(x))


@settings(max_examples=100, deadline=None)
@given(finite_float32, st.integers(0, 2**31 - 1))
def test_sr_samples_are_unbiased_within_a_binomial_bound(x, seed):
    n = 4096
    drawn = bf16_stochastic_round(np.full(n, x, dtype=np.float32), np.random.default_rng(seed)).astype(np.float64)
    lower, upper = bf16_neighbours(x)
    assert np.isin(drawn, [lower, upper]).all()
    x32 = float(np.float32(x))
    if lower == upper:
        assert (drawn == x32).all()
        return
    ulp = upper - lower
    p = (x32 - lower) / ulp
    # the count of upward roundings is Binomial(n, p): 6 standard deviations plus 6 counts of slack
    bound = ulp * (6 * math.sqrt(p * (1 - p) / n) + 6 / n)
    assert abs(drawn.mean() - x32) <= bound
    variance = drawn.var()
    assert variance <= ulp**2 / 4 * (1 + 1e-12)
    share = (drawn == upper).mean()
    assert abs(share - p) <= 6 * math.sqrt(p * (1 - p) / n) + 6 / n


def test_sr_of_infinities_and_the_largest_bf16_under_every_random_integer():
    for value in (np.inf, -np.inf, BF16_MAX, -BF16_MAX, 0.0):
        out = bf16_stochastic_round_with(np.float32(value), ALL_RANDOM16)
        assert (out == np.float32(value)).all()


def test_sr_rejects_random_integers_outside_16_bits():
    with pytest.raises(ValueError, match="65535"):
        bf16_stochastic_round_with(np.ones(2, dtype=np.float32), np.array([0, 65536]))


# ---- sr_analysis ----------------------------------------------------------------------------

def test_sr_analysis_of_the_default_value_closed_forms():
    a = sr_analysis(Scenario())
    x32 = float(np.float32(1.001))
    assert a.x == x32 and a.x_input == 1.001
    assert (a.lower, a.upper, a.ulp) == (1.0, 1.0078125, 2**-7)
    assert a.p == pytest.approx((x32 - 1.0) * 128, rel=1e-15)
    assert a.variance_bound == pytest.approx(a.p * (1 - a.p) * 2**-14, rel=1e-15)
    assert a.rtn == 1.0
    # the external contract of `tslab sr --json`
    assert abs(a.bias) <= 3 * a.ulp / math.sqrt(a.samples)
    assert abs(a.mean - a.bias - a.x) <= 1e-3 * a.ulp
    counts = dict(a.histogram)
    assert sum(counts.values()) == a.samples and counts[a.upper] == a.upper_count
    share = a.upper_count / a.samples
    assert a.mean == pytest.approx(1.0 + share * a.ulp, rel=1e-15)
    assert a.variance == pytest.approx(share * (1 - share) * a.ulp**2, rel=1e-12)
    assert a.variance <= a.ulp**2 / 4


def test_sr_analysis_of_a_representable_value_and_its_seed():
    a = sr_analysis(Scenario().replace(**{"sr.x": -2.5, "sr.samples": 1000}))
    assert (a.lower, a.upper, a.p, a.ulp) == (-2.5, -2.5, 0.0, 2**-6)
    assert a.histogram == ((-2.5, 1000),) and a.bias == 0.0 and a.variance == 0.0
    one = sr_analysis(Scenario().replace(**{"sr.seed": 5, "sr.samples": 5000}))
    again = sr_analysis(Scenario().replace(**{"sr.seed": 5, "sr.samples": 5000}))
    other = sr_analysis(Scenario().replace(**{"sr.seed": 6, "sr.samples": 5000}))
    assert one.histogram == again.histogram and one.upper_count != other.upper_count


def test_sr_analysis_refuses_values_beyond_bf16():
    s = Scenario()
    beyond = dataclasses.replace(s, sr=dataclasses.replace(s.sr, x=3.395e38))  # past the key's range
    with pytest.raises(ValueError, match="largest finite BF16"):
        sr_analysis(beyond)


def test_sr_json_is_plain_python():
    doc = sr_json(sr_analysis(Scenario().replace(**{"sr.samples": 2000, "sr.steps": 3000, "sr.ranks": 8})))
    for key in ("x", "samples", "mean", "bias", "variance", "ulp", "rtn", "lower", "upper", "p",
                "variance_bound", "seed", "histogram", "accumulation", "reduction", "model"):
        assert key in doc
    assert json.loads(json.dumps(doc)) == doc
    assert "teaching model" in doc["model"]

    for _, value in json_leaves(doc):
        assert type(value) in (int, float, str, bool), (value, type(value))
    acc = doc["accumulation"]
    assert len(acc["at"]) == len(acc["fp32"]) == len(acc["rtn"]) == len(acc["sr"]) <= 512
    assert acc["at"][0] == 0 and acc["at"][-1] == 3000
    assert doc["reduction"]["ranks"] == [2, 4, 8]


# ---- accumulation ---------------------------------------------------------------------------

def scalar_chains(start: float, update: float, random16: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """FP32, RNE and SR accumulators one scalar step at a time."""
    u = np.float32(update)
    fp32 = np.float32(start)
    rtn = sr = bf16_round_nearest_even(np.float32(start))[()]
    out = [(fp32, rtn, sr)]
    with np.errstate(over="ignore", invalid="ignore"):
        for r in random16:
            fp32 = np.float32(fp32 + u)
            rtn = bf16_round_nearest_even(np.float32(rtn + u))[()]
            sr = bf16_stochastic_round_with(np.float32(sr + u), r)[()]
            out.append((fp32, rtn, sr))
    return tuple(np.array(column, dtype=np.float32) for column in zip(*out))  # type: ignore[return-value]


chain_values = st.one_of(
    st.floats(width=32, min_value=-4.0, max_value=4.0),
    st.floats(width=32, min_value=-2.0**-124, max_value=2.0**-124),       # subnormals and the lowest binades
    st.floats(width=32, min_value=-BF16_MAX, max_value=BF16_MAX),
)


@settings(max_examples=80, deadline=None)
@given(chain_values, chain_values, st.integers(1, 600), st.integers(0, 2**31 - 1))
def test_chains_equal_the_step_by_step_loop_bit_for_bit(start, update, steps, seed):
    random16 = np.random.default_rng(seed).integers(0, 1 << 16, steps, dtype=np.uint16)
    at = np.arange(steps + 1)
    want_fp32, want_rtn, want_sr = scalar_chains(start, update, random16)
    assert_same_rounding(sr_chain(start, update, random16, at), want_sr)
    assert_same_rounding(rtn_chain(start, update, steps, at)[0], want_rtn)
    assert_same_rounding(fp32_chain(start, update, steps, at), want_fp32)


def test_chains_across_binades_and_through_zero_equal_the_loop():
    rng = np.random.default_rng(11)
    for start, update in ((1.0, 1e-4), (1.0, -3e-3), (0.5, -0.01), (1e-38, 1e-40), (-1e-39, -3e-41),
                          (3e38, 1e37), (1.0, 1e-8), (-2.0, 0.37)):
        random16 = rng.integers(0, 1 << 16, 5000, dtype=np.uint16)
        at = sampled_steps(5000)
        want_fp32, want_rtn, want_sr = scalar_chains(start, update, random16)
        assert_same_rounding(sr_chain(start, update, random16, at), want_sr[at])
        assert_same_rounding(rtn_chain(start, update, 5000, at)[0], want_rtn[at])
        assert_same_rounding(fp32_chain(start, update, 5000, at), want_fp32[at])


def test_sampled_steps():
    assert list(sampled_steps(3)) == [0, 1, 2, 3]
    at = sampled_steps(10**7)
    assert len(at) <= 512 and at[0] == 0 and at[-1] == 10**7 and (np.diff(at) > 0).all()


def test_round_to_nearest_stalls_at_one_and_sr_follows_fp32():
    """1 + 10^-4 is below half of BF16's ulp at 1 (2^-8), so round to nearest never moves; SR
    ends within six standard deviations of the FP32 sum, σ² = Σ p_k(1 − p_k)·ulp_k² along the FP32
    path (p_k the fraction of an ulp an update is worth in that binade)."""
    steps, update = 10_000, 1e-4
    acc = accumulation(steps, update, np.random.default_rng(0))
    assert (acc.rtn == 1.0).all() and acc.rtn_stalled_at == 1
    path = fp32_chain(1.0, update, steps, np.arange(steps + 1))[:-1].astype(np.float64)
    ulp = 2.0 ** (np.floor(np.log2(path)) - 7)
    p = np.modf(np.float32(update) / ulp)[0]
    sigma = math.sqrt(float(np.sum(p * (1 - p) * ulp**2)))
    assert abs(float(acc.sr[-1]) - float(acc.fp32[-1])) <= 6 * sigma
    assert abs(float(acc.fp32[-1]) - 2.0) < 1e-3
    finals = [float(accumulation(steps, update, np.random.default_rng(seed)).sr[-1]) for seed in range(16)]
    assert abs(np.mean(finals) - float(acc.fp32[-1])) <= 6 * sigma / 4
    assert abs(np.mean(finals) - float(acc.fp32[-1])) < abs(float(acc.rtn[-1]) - float(acc.fp32[-1])) / 10


def test_round_to_nearest_moves_while_the_update_exceeds_half_an_ulp():
    """Update 0.005 > 2^-8: RNE climbs by an ulp per step, then stalls once ulp/2 ≥ 0.005 (at 2,
    where ulp = 2^-6)."""
    acc = accumulation(2_000, 0.005, np.random.default_rng(0))
    assert acc.rtn[-1] == 2.0 and 100 < acc.rtn_stalled_at < 200


# ---- reduction ------------------------------------------------------------------------------

def test_reduction_equals_a_rank_by_rank_loop():
    ranks, elements = 8, 64
    got = reduction(ranks, np.random.default_rng(3), elements=elements)
    rng = np.random.default_rng(3)
    grads = rng.standard_normal((ranks, elements), dtype=np.float32) + np.float32(0.5)
    rounded = bf16_stochastic_round(grads, rng)
    ring = bf16_round_nearest_even(grads[0])
    fp32, sr, exact = grads[0].copy(), rounded[0].copy(), grads[0].astype(np.float64)
    errors = []
    for n in range(2, ranks + 1):
        ring = bf16_round_nearest_even(ring + bf16_round_nearest_even(grads[n - 1]))
        fp32 = fp32 + grads[n - 1]
        sr = sr + rounded[n - 1]
        exact = exact + grads[n - 1]
        if n in got.ranks:
            errors.append([np.linalg.norm(v - exact) / np.linalg.norm(exact) for v in (ring, sr, fp32)])
    assert got.ranks == (2, 4, 8)
    assert np.allclose(np.array(errors).T, [got.error_bf16_ring, got.error_sr_fp32_sum, got.error_fp32_ring],
                       rtol=1e-12, atol=0)


def test_bf16_ring_error_grows_with_ranks_and_sr_with_fp32_sums_stays_below():
    red = reduction(256, np.random.default_rng(0))
    assert red.ranks == (2, 4, 8, 16, 32, 64, 128, 256)
    ring, sr, fp32 = map(np.array, (red.error_bf16_ring, red.error_sr_fp32_sum, red.error_fp32_ring))
    assert ring[-1] > 4 * ring[0]
    assert np.corrcoef(np.log(red.ranks), ring)[0, 1] > 0.9
    assert sr[-1] < ring[-1] / 10
    # one rounding per contribution: the relative error falls like 1/√n for gradients with a common mean
    assert sr[-1] < sr[0]
    assert (fp32 < sr).all()
    assert red.bytes_fp32 == 255 * 16 * 4 and red.bytes_bf16 == red.bytes_fp32 // 2


def test_reduction_sizes():
    assert reduction_ranks(64) == (2, 4, 8, 16, 32, 64)
    assert reduction_ranks(48) == (2, 4, 8, 16, 32, 48)
    assert reduce_scatter_bytes(64, 4096, 4) == 63 * 64 * 4
    assert reduce_scatter_bytes(3, 10, 2) == 2 * 4 * 2
