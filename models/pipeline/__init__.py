"""Pipeline-parallel schedules: per-rank action orders, a discrete-event simulation, closed forms.

Sources, and the reference implementations whose orders are reproduced:
- GPipe (Huang et al., NeurIPS'19): all forwards, then all backwards — PyTorch `ScheduleGPipe`.
- 1F1B / PipeDream-Flush (Narayanan et al., SC'21): warm-up of min(m, p − r) forwards, then one
  backward / one forward — PyTorch `Schedule1F1B`.
- Interleaved 1F1B (Narayanan et al., SC'21 §2.2): v chunks per rank, warm-up (v−1)n + 2(p−1−r)
  forwards, rounds of n = m / max(1, ⌊m/p⌋) micro-batches — PyTorch `ScheduleInterleaved1F1B`, which
  needs only that m splits into those rounds evenly (n = p when p divides m, as Megatron-LM; one
  round of all m when m < p); other m are refused, since unequal rounds leave backwards out.
- ZB-H1 (Qi et al., Zero Bubble Pipeline Parallelism, ICLR'24): backward split into I (input
  gradient) and W (weight gradient); warm-up p−1−r, the first r weight passes deferred — PyTorch
  `ScheduleInterleavedZeroBubble` with one stage per rank (the paper's ZB1P).
- ZB-H2 (same paper, §2.2, Figure 3): 2(p−r)−1 forwards before the first backward so the warm-up
  bubble is filled, and 2r weight passes moved to the tail: with F = I = W a parallelogram in which
  no rank waits between its first op and its last once m ≥ 2p − 1 (fewer micro-batches still give
  a valid order, with waits). Every rank peaks at min(m, 2p − 1) micro-batches. No reference
  implementation ships the handcrafted order; `generators._zb_h2` derives it.
- ZBV (Qi et al., Pipeline Parallelism with Controllable Memory, 2024): V-shape, two chunks per
  rank — PyTorch `ScheduleZBVZeroBubble`.
- DualPipe / DualPipeV (DeepSeek-V3 report §3.2.1, Table 2; github.com/deepseek-ai/DualPipe): the
  eight steps of `DualPipe.step` / `DualPipeV.step`, overlapped forward-and-backward pairs (F&B).

Everything here is a deterministic teaching model, not a benchmark of a real cluster. No Qt; the
orders are integer arrays (numpy) and `simulate` is one pass over them with per-rank pointers and a
ready queue, so p = 64, m = 1024, v = 2 (262,144 ops) generates and simulates in well under a second.
A schedule has at most MAX_OPS ops on at most MAX_RANKS ranks (`op_count`, checked by
`check_config` before anything is generated): beyond them ScheduleError says which and what to lower.

Modules: `kinds` (kinds, durations, actions, errors, checks, chunks and placement), `orders` (the
integer-array form of per-rank orders), `generators`, `simulation`, `closed_forms`, `io` (PyTorch's
CSV and the Chrome trace), `adapters` (a scenario's schedule as inputs to `simulate`).
"""
from __future__ import annotations

from .adapters import ScheduleInputs, schedule_inputs, shown_scenario
from .closed_forms import closed_form
from .generators import generate
from .io import from_csv, summary, to_chrome_trace, to_csv
from .kinds import (ALIASES, DEFAULT_DURATIONS, KINDS, MAX_OPS, MAX_RANKS, TYPES, V_SHAPES, Action, Cancelled,
                    DeadlockError, Durations, ScheduleError, chains_of, check_config, check_size, chunks_per_rank,
                    iter_kinds, normalise_kind, op_count, stage_rank, stages_of)
from .orders import _gc_paused as gc_paused
from .simulation import Op, Simulation, peak_from_orders, simulate

__all__ = [
    "ALIASES", "DEFAULT_DURATIONS", "KINDS", "MAX_OPS", "MAX_RANKS", "TYPES", "V_SHAPES",
    "Action", "Cancelled", "DeadlockError", "Durations", "Op", "ScheduleError", "ScheduleInputs", "Simulation",
    "chains_of", "gc_paused", "check_config", "check_size", "chunks_per_rank", "closed_form", "from_csv", "generate",
    "iter_kinds", "normalise_kind", "op_count", "peak_from_orders", "schedule_inputs", "shown_scenario", "simulate",
    "stage_rank",
    "stages_of", "summary", "to_chrome_trace", "to_csv",
]
