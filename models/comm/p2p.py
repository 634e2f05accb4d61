"""Point to point: one send of the whole buffer from rank 0 to rank 1 (the same for every
algorithm name; nccl-tests' sendrecv counts it with bus-bandwidth factor 1)."""
from __future__ import annotations

import numpy as np

from .blocks import Built, Setup, built, sends_of, tallied
from .result import QT_TRANSLATE_NOOP, phrase


def send(setup: Setup) -> Built:
    """One round with one send of S bytes, chunk 0, rank 0 → rank 1."""
    sizes = np.array([setup.size], np.int64)
    return built([tallied(sends_of([0], [0], [1], [0]), np.array([False]), sizes, setup.node)], sizes, 1,
                 phrase(QT_TRANSLATE_NOOP("comm", "one send of S from rank 0 to rank 1; sent/recv bytes = S")))
