"""Byte counts and durations as the figures print them.

Bytes use binary (IEC 80000-13) prefixes, 1 KiB = 2**10 B, because every size here is a
buffer or a memory footprint counted in powers of two; the unit is the largest one the value
reaches, so below 1,024 TiB a number has at most four digits before the point.
"""
from __future__ import annotations

# (name, size in bytes, decimals), largest first; MiB with one decimal and GiB with two, as the
# tables and captions have always shown them.
_BYTE_UNITS: tuple[tuple[str, int, int], ...] = (
    ("TiB", 2**40, 2),
    ("GiB", 2**30, 2),
    ("MiB", 2**20, 1),
    ("KiB", 2**10, 1),
)


def format_bytes(n: float) -> str:
    """`n` bytes in the largest binary unit it reaches: "512 B", "1.5 KiB", "448.0 MiB",
    "2.00 GiB", "1.25 TiB" (thousands separated by commas)."""
    for name, size, decimals in _BYTE_UNITS:
        if abs(n) >= size:
            return f"{n / size:,.{decimals}f} {name}"
    return f"{n:,.0f} B"


def format_seconds(t: float) -> str:
    """`t` seconds as microseconds below 1 ms, milliseconds below 1 s, else seconds:
    "12.3 µs", "4.56 ms", "1.20 s"."""
    if t < 1e-3:
        return f"{t * 1e6:,.1f} µs"
    if t < 1:
        return f"{t * 1e3:,.2f} ms"
    return f"{t:,.2f} s"


# Two sums of the same terms added in another order differ by a few units in the last place
# (~1e-16 of their size); a difference within this fraction of the larger is such rounding, far
# below the four significant digits any figure shows.
EQUAL_SUMS_REL = 1e-9


def difference(a: float, b: float) -> float:
    """a − b, or 0.0 when a and b agree to EQUAL_SUMS_REL of the larger (equal sums computed in
    another order: a zero term must print as 0, not −5.5e-17)."""
    gap = a - b
    return 0.0 if abs(gap) <= EQUAL_SUMS_REL * max(abs(a), abs(b)) else gap
