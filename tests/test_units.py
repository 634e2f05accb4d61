"""Byte counts and durations print in the unit and precision the figures use."""
from __future__ import annotations

import pytest

from tslab.models.units import format_bytes, format_seconds


@pytest.mark.parametrize(("n", "text"), [
    (0, "0 B"),
    (1023, "1,023 B"),
    (1024, "1.0 KiB"),
    (1536, "1.5 KiB"),
    (2**20 - 1, "1,024.0 KiB"),       # rounds up in its unit, never jumps to the next
    (2**20, "1.0 MiB"),
    (448 * 2**20, "448.0 MiB"),
    (1000 * 2**20, "1,000.0 MiB"),
    (2**30, "1.00 GiB"),
    (80 * 2**30, "80.00 GiB"),
    (1.25 * 2**40, "1.25 TiB"),
    (2048 * 2**40, "2,048.00 TiB"),
    (-3 * 2**20, "-3.0 MiB"),
])
def test_format_bytes(n, text):
    assert format_bytes(n) == text


@pytest.mark.parametrize(("t", "text"), [
    (0.0, "0.0 µs"),
    (12.34e-6, "12.3 µs"),
    (999e-6, "999.0 µs"),
    (1e-3, "1.00 ms"),
    (4.561e-3, "4.56 ms"),
    (0.5, "500.00 ms"),
    (1.0, "1.00 s"),
    (1234.5, "1,234.50 s"),
])
def test_format_seconds(t, text):
    assert format_seconds(t) == text


def test_nice_ceiling_is_the_next_nice_number_at_or_above():
    from tslab.views.charts import NICE_STEPS, nice_ceiling
    assert [nice_ceiling(x) for x in (0.9, 1.0, 1.01, 81.4, 96.0, 130.0, 0.0031)] == \
        [1.0, 1.0, 1.2, 100.0, 100.0, 150.0, 0.004]
    assert nice_ceiling(0.0) == nice_ceiling(float("nan")) == 1.0
    for k in range(-3, 4):
        for step in NICE_STEPS[:-1]:
            value = step * 10.0 ** k
            assert nice_ceiling(value) == value  # a nice number is its own ceiling
            assert value < nice_ceiling(value * 1.001) <= value * 1.5  # the next one, never far
