"""`tslab validate`: the step-time model against published runs."""
from __future__ import annotations

import argparse

from tslab.desktop.cli.common import write_json


def cmd_validate(args: argparse.Namespace) -> int:
    """Every published run against the step-time model (tslab.models.time.published)."""
    from tslab.models.time.published import validation_json, validation_rows
    rows = validation_rows()
    if args.json:
        write_json(validation_json(rows))
    else:
        print(format_validation(rows))
    return 0


VALIDATION_WIDTH = 100  # characters per line of a run's reproducing command and note


def format_validation(rows, *, details: bool = True) -> str:
    """A plain-text summary of `validate --json`: the table (run, source, published, tslab, error),
    the summary, and with `details` each run's source, the `tslab time` command that reproduces its
    scenario, and its note."""
    import shlex
    import textwrap

    from tslab.models.time import MODEL_NOTE
    from tslab.models.time.published import CONVENTION, GOAL_MAX_ABS_ERROR, GOAL_MEDIAN_ABS_ERROR, figure_text, summary
    table = [(row.run.name, row.run.short_source, figure_text(row.run.metric, row.published),
              "—" if row.tslab is None else figure_text(row.run.metric, row.tslab),
              "not timed" if row.error is None else f"{row.error:+.1%}") for row in rows]
    header = ("run", "source", "published", "tslab", "error")
    widths = [max(len(line[i]) for line in table + [header]) for i in range(len(header))]

    def line(cells) -> str:
        name, source, published, tslab, error = cells
        return (f"{name:<{widths[0]}}  {source:<{widths[1]}}  {published:>{widths[2]}}  {tslab:>{widths[3]}}  "
                f"{error:>{widths[4]}}")

    s = summary(rows)
    goal = f"median |error| ≤ {GOAL_MEDIAN_ABS_ERROR:.0%}, none over {GOAL_MAX_ABS_ERROR:.0%}"
    lines = [f"The step-time model against published runs: {MODEL_NOTE}.",
             f"{CONVENTION[0].upper()}{CONVENTION[1:]}.", "", line(header), "-" * len(line(header))]
    lines += [line(cells) for cells in table]
    lines.append("")
    if s.mean_abs_error is None or s.median_abs_error is None or s.max_abs_error is None:
        lines.append(f"no run of {s.rows} could be timed")
    else:
        lines += [f"{s.timed} of {s.rows} runs timed: mean |error| {s.mean_abs_error:.1%}, median "
                  f"{s.median_abs_error:.1%}, max {s.max_abs_error:.1%}; tslab slower on {s.slower}, faster on "
                  f"{s.faster}",
                  f"goal ({goal}): {'met' if s.goal_met else 'missed'}"]
    if not details:
        return "\n".join(lines)
    lines += ["", "Each run: its source, the command that times its scenario, and its note."]
    for row in rows:
        run = row.run
        words = ["tslab", "time"] + ([f"--preset {shlex.quote(run.scenario.base)}"] if run.scenario.base else [])
        words += [f"--set {shlex.quote(arg)}" for arg in row.set_args]
        command = ["  " + words[0]]
        for word in words[1:]:  # a shell line continued with backslashes, whole `--set KEY=VALUE` words
            if len(command[-1]) + 1 + len(word) > VALIDATION_WIDTH - 2:
                command[-1] += " \\"
                command.append("    " + word)
            else:
                command[-1] += " " + word
        lines += ["", f"{run.name} — {run.source}"] + command
        if row.reason:
            lines.append(f"  not timed: {row.reason}")
        lines += textwrap.wrap(f"note: {run.note}", VALIDATION_WIDTH, initial_indent="  ", subsequent_indent="    ")
    return "\n".join(lines)
