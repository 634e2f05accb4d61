"""Per-rank action orders of each schedule kind, following the reference implementations
(PyTorch's torch.distributed.pipelining schedules, DeepSeek's DualPipe / DualPipeV; see the
package docstring for the papers)."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable

import numpy as np

from .kinds import Action, ScheduleError, check_config
from .orders import _B, _F, _I, _W, RankOps, _gc_paused, _Orders

_DUAL_SHIFT = 32  # _dual's op ints: stage from bit 32, micro-batch in bits 2–31, type code in bits 0–1


def _sequence(*segments: tuple[tuple[int, ...], int]) -> np.ndarray:
    """Symbols from (pattern, repeats) segments: ((F, B), 2), ((B,), 1) → F B F B B."""
    parts = [np.tile(np.array(pattern, np.int64), max(0, repeats)) for pattern, repeats in segments]
    return np.concatenate(parts)


def _running_count(symbols: np.ndarray, n_symbols: int) -> np.ndarray:
    """At each position, how many earlier positions hold the same symbol. Every generator hands out
    micro-batches in order per (stage, type), so this count is the micro-batch (or the step)."""
    out = np.empty(len(symbols), np.int64)
    for symbol in range(n_symbols):
        where = np.flatnonzero(symbols == symbol)
        out[where] = np.arange(len(where))
    return out


def _gpipe(p: int, m: int, r: int) -> RankOps:
    types = _sequence(((_F,), m), ((_B,), m))
    return np.full(len(types), r), _running_count(types, 4), types


def _one_f_one_b(p: int, m: int, r: int) -> RankOps:
    # warm-up of min(m, p − r) forwards, then one backward / one forward, then the cool-down backwards
    warmup = min(m, p - r)
    types = _sequence(((_F,), warmup), ((_B, _F), m - warmup), ((_B,), warmup))
    return np.full(len(types), r), _running_count(types, 4), types


def _rank_ops_1f1b(p: int, m: int, v: int, r: int, warmup: int, zero_bubble: bool,
                   deferred_w: int) -> RankOps:
    """PyTorch's `_get_1f1b_rank_ops` (interleaved and zero-bubble variants), idle slots dropped.

    The reference walks steps 0 … total + warmup − 1: a forward at every step < total, a backward at
    every step ≥ warmup; with zero bubble, the backward of step warmup + j is followed by a weight
    pass once j ≥ deferred_w, and the deferred weight passes come at the end. The type sequence
    follows from those counts; the j-th forward (backward, weight) then has a closed-form chunk and
    micro-batch: forwards walk the chunks up in rounds of `per_round`, backwards walk them down, and
    the j-th weight pass belongs to the j-th backward."""
    per_round = m // max(1, m // p) if v > 1 else max(m, 1)
    total = m * v
    warmup = min(warmup, total)
    fwd_bwd = total - warmup
    back = _I if zero_bubble else _B
    no_w = min(deferred_w if zero_bubble else total, fwd_bwd)  # steady steps whose backward has no W
    cool_no_w = min(max(deferred_w if zero_bubble else total, fwd_bwd), total)  # cool-down: [fwd_bwd, cool_no_w)
    eager_w = (fwd_bwd - no_w) + (total - cool_no_w)
    types = _sequence(((_F,), warmup),
                      ((_F, back), no_w), ((_F, back, _W), fwd_bwd - no_w),
                      ((back,), cool_no_w - fwd_bwd), ((back, _W), total - cool_no_w),
                      ((_W,), total - eager_w if zero_bubble else 0))
    j = _running_count(types, 4)
    rounds = (j // per_round) % v
    chunk = np.where(types == _F, rounds, v - 1 - rounds)
    mb = (j // (per_round * v)) * per_round + j % per_round
    return chunk * p + r, mb, types


def _zb_h2(p: int, m: int, r: int) -> RankOps:
    """ZB-H2 (Qi et al., Zero Bubble Pipeline Parallelism, ICLR'24, §2.2, Figure 3 bottom): the
    warm-up bubble filled with extra forwards, the weight passes moved to the tail, so that with
    F = I = W the ranks form a parallelogram (rank r busy from r·F to r·F + 3m·F, no gap).

    No reference implementation ships the handcrafted order (the authors' repository,
    sail-sg/zero-bubble-pipeline-parallelism, builds its schedules with a greedy,
    `Graph.manual_order` in megatron/core/pipeline_parallel/zerobubble/scheduler/zb.py, whose
    warm-up is the same rule: as many forwards as fit before the first backward returns, within the
    memory limit). Derived here from the paper, rank r runs five phases:
    - w = min(m, 2(p − r) − 1) forwards: as many as fit before the first I comes back from the last
      rank, 2(p − 1 − r) + 1 op slots after rank r's first F;
    - a periods I W F, in which the held activations stay at w (the W frees before the F allocates);
    - b = min(m − w, 2r) periods I F, which defer b weight passes and raise the held sets to
      w + b = min(m, 2p − 1), the peak on every rank;
    - w − 1 periods I W once the forwards have run out, then the last I and the b + 1 deferred W.
    Every rank leaves the same gaps between its I passes (two ops in the first a = m − 2p + 1
    periods, one op after), so each I arrives from the next rank exactly when the rank needs it:
    with F = I = W no rank waits once m ≥ 2p − 1. With fewer micro-batches rank 0 runs out of
    forwards before its first I can arrive, so it waits (the order stays valid: each rank has
    issued every forward the next rank needs before it waits for that rank's I). For m ≥ 2p − 1
    the makespan is m(F + I + W) + (p − 1)·max(F, I − F, F + I − 2W) (tests/test_pipeline.py)."""
    w = min(m, 2 * (p - r) - 1)
    b = min(m - w, 2 * r)
    a = m - w - b
    types = _sequence(((_F,), w), ((_I, _W, _F), a), ((_I, _F), b), ((_I, _W), w - 1), ((_I,), 1), ((_W,), b + 1))
    return np.full(len(types), r), _running_count(types, 4), types


def _zbv(p: int, m: int, r: int) -> RankOps:
    """PyTorch ScheduleZBVZeroBubble; micro-batches ≥ m (padding to 2p−1) dropped afterwards.

    Symbols are chunk·4 + type (chunk 0 is stage r, chunk 1 stage 2p−1−r). The reference's loops
    run a fixed number of times, given here in closed form (f0, f1: forwards issued per chunk)."""
    n = max(2 * p - 1, m)
    F0, I0, W0, F1, I1, W1 = _F, _I, _W, 4 + _F, 4 + _I, 4 + _W
    f0_after_warmup = 2 * (p - r) - 1 + r
    with_f0 = n - f0_after_warmup  # steady iterations that still issue a chunk-0 forward
    symbols = _sequence(((F0,), 2 * (p - r) - 1),
                        ((F1, F0), r),
                        ((F1, I1, W1), p - r),
                        ((F0, I0, W0, F1, I1, W1), with_f0),
                        ((I0, W0, F1, I1, W1), p - r - 1),  # until chunk 1 has caught up with chunk 0
                        ((I0, I1), r),
                        ((I0, W0), p - r),
                        ((W1,), r),
                        ((W0,), r))
    mb = _running_count(symbols, 8)
    keep = mb < m
    symbols, mb = symbols[keep], mb[keep]
    stage = np.where(symbols >= 4, 2 * p - 1 - r, r)
    return stage, mb, symbols & 3


def _dual(n_ranks: int, n_chunks: int, rank: int, special: bool, stage: tuple[int, int],
          mb0: tuple[int, int], next_overlap: Callable[[], int]) -> tuple[list[int], list[int | None]]:
    """The eight steps of DeepSeek's DualPipeV.step (DualPipe.step is the same with half the ranks
    and half the micro-batches per direction, the middle ranks playing the last rank's part).
    `stage[phase]` is the rank's stage for phase 0/1; `mb0[phase]` its first micro-batch id.
    Returns the ops as ints (stage << 32 | mb << 2 | type code, see _DUAL_SHIFT) and their overlap
    ids: two list appends per op instead of a tuple."""
    ops: list[int] = []
    overlaps: list[int | None] = []
    add, add_overlap = ops.append, overlaps.append
    base = (stage[0] << _DUAL_SHIFT, stage[1] << _DUAL_SHIFT)
    fc, bc = [0, 0], [0, 0]
    wq: deque[int] = deque()

    def f(ph: int, overlap: int | None = None) -> None:
        add(base[ph] | (mb0[ph] + fc[ph]) << 2 | _F)
        add_overlap(overlap)
        fc[ph] += 1

    def b(ph: int, zb: bool = False, overlap: int | None = None) -> None:
        op = base[ph] | (mb0[ph] + bc[ph]) << 2
        bc[ph] += 1
        add(op | (_I if zb else _B))
        add_overlap(overlap)
        if zb:
            wq.append(op)

    def w() -> None:
        add(wq.popleft() | _W)
        add_overlap(None)

    def fb(ph0: int, ph1: int) -> None:
        o = next_overlap()
        f(ph0, o)
        b(ph1, False, o)

    for _ in range((n_ranks - rank - 1) * 2):  # step 1: nF0
        f(0)
    for _ in range(rank + 1):  # step 2: nF0F1
        f(0)
        f(1)
    for _ in range(n_ranks - rank - 1):  # step 3: nB1W1F1 (zero bubble)
        b(1, True)
        w()
        f(1)
    for i in range(n_chunks - n_ranks * 2 + rank + 1):  # step 4: nF0B1F1B0
        if i == 0 and special:  # not overlapped, "to further reduce bubble size"
            f(0)
            b(1)
        else:
            fb(0, 1)
        fb(1, 0)
    for _ in range(n_ranks - rank - 1):  # step 5: nB1F1B0
        b(1)
        fb(1, 0)
    step_6, zb = rank + 1, False  # step 6: nB1B0, second half zero bubble
    for i in range(step_6):
        if i == step_6 // 2 and rank % 2 == 1:
            zb = True
        b(1, zb)
        if i == step_6 // 2 and rank % 2 == 0:
            zb = True
        b(0, zb)
    for _ in range(n_ranks - rank - 1):  # step 7: nWB0
        w()
        b(0, True)
    for _ in range(rank + 1):  # step 8: nW
        w()
    if wq:  # pragma: no cover - the reference asserts the same
        raise ScheduleError("internal: weight-gradient queue not empty")
    return ops, overlaps


def _dual_orders(ranks: list[tuple[list[int], list[int | None]]]) -> _Orders:
    bounds = [0]
    for ops, _ in ranks:
        bounds.append(bounds[-1] + len(ops))
    code = np.array([op for ops, _ in ranks for op in ops], np.int64)
    return _Orders(bounds, code >> _DUAL_SHIFT, (code & ((1 << _DUAL_SHIFT) - 1)) >> 2, code & 3,
                   [o for _, overlaps in ranks for o in overlaps])


def _generate(kind: str, p: int, m: int, v: int) -> _Orders:
    """`generate` as integer arrays; `kind` already checked."""
    if kind == "gpipe":
        return _Orders.from_ranks([_gpipe(p, m, r) for r in range(p)])
    if kind == "1f1b" or kind == "interleaved-1f1b" and v == 1:
        return _Orders.from_ranks([_one_f_one_b(p, m, r) for r in range(p)])
    if kind == "interleaved-1f1b":
        # PyTorch's ScheduleInterleaved1F1B: rounds of m // max(1, m // p) micro-batches per chunk
        # (p when p divides m, as Megatron-LM), warm-up (v − 1)·round + 2(p − 1 − r)
        per_round = m // max(1, m // p)
        return _Orders.from_ranks([_rank_ops_1f1b(p, m, v, r, (v - 1) * per_round + 2 * (p - 1 - r), False, 0)
                                   for r in range(p)])
    if kind == "zb-h1":
        return _Orders.from_ranks([_rank_ops_1f1b(p, m, 1, r, p - 1 - r, True, r) for r in range(p)])
    if kind == "zb-h2":
        return _Orders.from_ranks([_zb_h2(p, m, r) for r in range(p)])
    if kind == "zbv":
        return _Orders.from_ranks([_zbv(p, m, r) for r in range(p)])
    counter = iter(range(1 << 62))
    next_overlap = counter.__next__
    if kind == "dualpipev":
        return _dual_orders([_dual(p, m, r, r == p - 1, (r, 2 * p - 1 - r), (0, 0), next_overlap)
                             for r in range(p)])
    # dualpipe: phase 0 is copy 1 (stage r, micro-batches 0..m/2−1) on the first half of the ranks,
    # copy 2 (stage 2p−1−r, micro-batches m/2..m−1) on the second half (the reference's phase ^= …).
    half, orders = p // 2, []
    for r in range(p):
        second = r >= half
        copy1, copy2 = (r, 0), (2 * p - 1 - r, m // 2)
        ph0, ph1 = (copy2, copy1) if second else (copy1, copy2)
        orders.append(_dual(half, m // 2, min(r, p - 1 - r), r in (half - 1, half),
                            (ph0[0], ph1[0]), (ph0[1], ph1[1]), next_overlap))
    return _dual_orders(orders)


def generate(kind: str, ranks: int, microbatches: int, chunks: int = 1) -> list[list[Action]]:
    """Per rank, the actions in execution order."""
    kind = check_config(kind, ranks, microbatches, chunks)
    with _gc_paused():
        return _generate(kind, ranks, microbatches, chunks).actions()
