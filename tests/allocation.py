"""The most memory a call allocates at once, for the tests that a large input is refused, or
answered in closed form, before anything large is built."""
from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from typing import TypeVar

import pytest

Result = TypeVar("Result")


def peak_allocated(call: Callable[[], Result]) -> tuple[Result, int]:
    """`call()`'s result and the most bytes Python held allocated at once while it ran
    (tracemalloc's peak)."""
    tracemalloc.start()
    try:
        result = call()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return result, peak


def assert_refused_allocating_little(call: Callable[[], object], error: type[Exception], match: str,
                                     limit: int) -> None:
    """`call()` raises `error` matching `match` having allocated fewer than `limit` bytes at once."""
    def refused() -> None:
        with pytest.raises(error, match=match):
            call()

    _, peak = peak_allocated(refused)
    assert peak < limit, peak
