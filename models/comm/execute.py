"""Running a plan on data: what the animation shows is what the algorithm computes."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

import numpy as np

from .result import CollectiveResult


def execute(result: CollectiveResult, inputs: np.ndarray) -> np.ndarray:
    """Apply the steps to data: `inputs` (ranks, result.chunks, ...) is each rank's buffer split
    into chunks (package docstring for the layout). Every round reads the state at its start;
    reduce rounds add (np.add.at, so two senders into one chunk both count), others copy.
    Returns the final per-rank buffers, same shape as `inputs` (alltoall: out[r, c] = inputs[c, r])."""
    last: deque[np.ndarray] = deque(execute_rounds(result, inputs), maxlen=1)   # only the final state kept
    return last[0]


def execute_rounds(result: CollectiveResult, inputs: np.ndarray) -> Iterator[np.ndarray]:
    """The per-rank buffers at the start and after every round (rounds + 1 arrays, each shaped like
    `inputs`)."""
    x = np.asarray(inputs)
    n = result.ranks
    if x.ndim < 2 or x.shape[0] != n or x.shape[1] != result.chunks:
        raise ValueError(f"inputs must have shape ({n}, {result.chunks}, ...), got {x.shape}")
    p = result._plan
    r = np.arange(n)
    view: Callable[[np.ndarray], np.ndarray]
    if result.collective == "alltoall":
        buf = np.zeros((n, n * n) + x.shape[2:], dtype=np.result_type(x, np.float64))
        buf[r[:, None], r[:, None] * n + r[None, :]] = x

        def view(state: np.ndarray) -> np.ndarray:
            blocks: np.ndarray = state[r[:, None], r[None, :] * n + r[:, None]]
            return blocks.copy()
    else:
        buf = x.astype(np.result_type(x, np.float64), copy=True)

        def view(state: np.ndarray) -> np.ndarray:
            return state.copy()
    yield view(buf)
    order, bounds = p.round_order(result.rounds)
    for k in range(result.rounds):
        idx = order[bounds[k]:bounds[k + 1]]
        src, dst, ch = p.src[idx], p.dst[idx], p.chunk[idx]
        data = buf[src, ch]   # a copy: the state at the start of the round
        if p.reduce[k]:
            np.add.at(buf, (dst, ch), data)
        else:
            buf[dst, ch] = data
        yield view(buf)
