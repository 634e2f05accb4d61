"""`tslab time` and `tslab plan`: the step time with its cost stack, and the parallel
configurations ranked by it."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from tslab.desktop.cli.common import PER_RANK_ROWS, UserError, resolve_scenario, run_analysis, write_json


def cmd_time(args: argparse.Namespace) -> int:
    from tslab.models.time import step_time, time_json
    return run_analysis(args, step_time, time_json,
                        lambda scenario, result: "\n".join(format_time_lines(scenario.title, result)))


def format_time_lines(title: str, t) -> list[str]:
    """A plain-text summary of `time --json`: the step, its rates, and the stack of each rank."""
    lines = [title,
             f"step {t.step_time_s:.4g} s: {t.tokens_per_s:,.0f} tokens/s, MFU {t.mfu:.1%}, HFU {t.hfu:.1%} "
             f"({t.global_batch:,} sequences, {t.tokens_per_step:,} tokens; a deterministic teaching model, not a "
             f"benchmark of a real cluster)",
             f"pipeline {t.pipeline_s:.4g} s + optimizer {t.optimizer_s:.4g} s on {t.gpu}"]
    for c in t.comm:
        lines.append(f"  {c.axis:>4}: {c.bytes:,} B per step, {c.time_s:.4g} s, hidden {c.hidden_s:.4g} s, "
                     f"exposed {c.exposed_s:.4g} s")
    lines += ["", f"{'rank':>4}  {'compute':>9}  {'memory':>9}  {'exposed':>9}  {'bubble':>9}  {'optimizer':>9}"]
    for row in t.stack[:PER_RANK_ROWS]:
        lines.append(f"{row.rank:>4}  {row.compute_s:>9.4g}  {row.memory_bound_s:>9.4g}  "
                     f"{sum(row.exposed_comm_s.values()):>9.4g}  {row.bubble_s:>9.4g}  {row.optimizer_s:>9.4g}")
    return lines


def _terminal_progress(what: str) -> Callable[[int, int], None]:
    """A progress(done, total) callback that rewrites one stderr line: for a terminal only, so
    pipes and --json output stay clean."""
    def report(done: int, total: int) -> None:
        sys.stderr.write(f"\rtslab: {done:,} of {total:,} {what}")
        sys.stderr.flush()
    return report


def cmd_plan(args: argparse.Namespace) -> int:
    from tslab.models.planner import plan, plan_json
    from tslab.models.time import MODEL_NOTE
    scenario = resolve_scenario(args)
    if not 1 <= args.top <= 100:
        raise UserError(f"--top must be between 1 and 100, not {args.top}")
    progress = _terminal_progress("configurations settled") if sys.stderr.isatty() else None
    try:
        result = plan(scenario, args.gpus, top=args.top, progress=progress)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    finally:
        if progress is not None:
            sys.stderr.write("\r\033[K")   # clear the progress line
    if args.json:
        write_json(plan_json(result))
        return 0
    lines = [scenario.title,
             f"{result.considered:,} configurations on {result.gpus:,} GPUs; {len(result.entries)} fastest that fit "
             f"(a deterministic teaching model, not a benchmark of a real cluster)"]
    for entry in result.entries:
        settings = " ".join(f"{key.split('.')[-1]}={value}" for key, value in entry.settings.items())
        lines.append(f"{entry.rank:>3}. {entry.time.step_time_s:.4g} s, MFU {entry.time.mfu:.1%}: {settings}")
        lines += [f"       check: {note.text}" for note in entry.checks]
    reference = result.reference
    if reference is not None:
        rank = f"{result.reference_rank:,}" if result.reference_rank_exact else \
            f"between {result.reference_rank:,} and {result.reference_rank_max:,}"
        best = result.entries[0].time.step_time_s if result.entries else reference.time.step_time_s
        slower = reference.time.step_time_s / best - 1 if best > 0 else 0.0
        what = "the scenario's own configuration"
        if result.reference_variant:
            changed = ", ".join(f"{key}={value}" for key, value in result.reference_variant.items())
            lines.append(f"the scenario's own configuration does not fit: {result.reference_reason}")
            what = f"its layout with {changed}"
        lines.append(f"{what} ranks {rank} of those that fit ({reference.time.step_time_s:.4g} s, MFU "
                     f"{reference.time.mfu:.1%}, {slower:+.1%} against the fastest)"
                     + (f"; {result.deciding_term} decides" if result.deciding_term else ""))
        gaps = [(term, gap) for term, gap in result.reference_terms.items() if abs(gap) >= 5e-4]
        if gaps and result.reference_rank > 1:
            lines.append("  against the fastest, per term: " + ", ".join(
                f"{term} {gap:+.3g} s" for term, gap in sorted(gaps, key=lambda item: -abs(item[1]))))
        lines += [f"  check: {note.text}" for note in reference.checks]
    else:
        lines.append("the scenario's own configuration is not ranked: "
                     + (result.reference_reason or "it does not fit or is not valid"))
    lines += [f"note: {note}" for note in result.notes if note != MODEL_NOTE]
    print("\n".join(lines))
    return 0
