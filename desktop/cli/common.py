"""What the `tslab` commands share: the user error and its exit status, the document the options
name, warnings, JSON output, the `--out` check and the shape of the analysis commands."""
from __future__ import annotations

import argparse
import json
import os
import stat
import sys

EXIT_USAGE = 2


class UserError(Exception):
    """Bad input from the user: reported as one line, exit status 2."""


def _check_input_file(path: str | None, option: str, what: str) -> None:
    """Refuse an empty name or a device for a file option (/dev/zero would be read forever)."""
    if path is None:
        return
    if not path:
        raise UserError(f"{option} needs a file name, not an empty string")
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = 0  # the loader names the problem (no such file, no permission)
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        raise UserError(f"{path}: a device, not {what}")


def resolve_document(args: argparse.Namespace, *, check: bool = True):
    """The document named by --scenario / --preset / --from-hf (or the default), with --set applied
    (scenario and view keys); with `check`, a scenario with errors is refused and its warnings are
    kept (`warn`)."""
    from tslab.models.document import Document, apply_document_overrides, load_document
    from tslab.models.presets import default_scenario, load_preset
    from tslab.models.scenario import ScenarioError

    path = getattr(args, "scenario", None)
    hf_config = getattr(args, "from_hf", None)
    _check_input_file(path, "--scenario", "a scenario file")
    _check_input_file(hf_config, "--from-hf", "a config.json")
    try:
        if hf_config is not None:
            from tslab.models.hf_config import load_hf_config
            document = load_hf_config(hf_config)
        elif path is not None:
            document = load_document(path)
        elif getattr(args, "preset", None) is not None:
            document = Document(load_preset(args.preset))
        else:
            document = Document(default_scenario())
        document = apply_document_overrides(document, getattr(args, "overrides", []) or [])
    except ScenarioError as exc:
        raise UserError(str(exc)) from None
    if check:
        _check(document.scenario)
    return document


def resolve_scenario(args: argparse.Namespace, *, check: bool = True):
    """The scenario of `resolve_document` (view keys may be set and are ignored)."""
    return resolve_document(args, check=check).scenario


# Warnings of the command running, printed (one stderr line each) when it succeeds: a command that
# fails prints its one error line and nothing else.
WARNINGS: list[str] = []


def warn(message: str) -> None:
    if message not in WARNINGS:
        WARNINGS.append(message)


def print_warnings() -> None:
    for message in WARNINGS:
        print(f"tslab: warning: {message}", file=sys.stderr)
    WARNINGS.clear()


def _check(scenario) -> None:
    """Refuse a scenario with errors (one line naming them); keep its warnings (`warn`)."""
    from tslab.models.validation import validate
    problems = validate(scenario)
    bad = [str(p) for p in problems if p.severity == "error"]
    if bad:
        raise UserError("invalid scenario: " + "; ".join(bad))
    for problem in problems:
        warn(str(problem))


def json_text(doc, *, indent: int | None = 2) -> str:
    """One JSON document and a newline. Strict JSON: a NaN or an infinity is a bug of the command
    (allow_nan=False raises ValueError, an internal error), never a token other parsers reject.
    Indented by `indent` spaces, or on one line without spaces for None."""
    separators = (",", ":") if indent is None else None
    return json.dumps(doc, indent=indent, separators=separators, ensure_ascii=False, allow_nan=False) + "\n"


def write_json(doc, *, indent: int | None = 2) -> None:
    """`json_text` on standard output."""
    sys.stdout.write(json_text(doc, indent=indent))


PER_RANK_ROWS = 64  # plain-text outputs list ranks one per line up to this many


def run_analysis(args: argparse.Namespace, analyse, to_json, to_text, scenario=None) -> int:
    """The shape of `time`, `context`, `muon` and `sr`: the scenario analysed (a ValueError is the
    user's error, one line), then its JSON document or its text summary `to_text(scenario, result)`.
    `scenario`: resolved already (else from the arguments)."""
    scenario = resolve_scenario(args) if scenario is None else scenario
    try:
        result = analyse(scenario)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if args.json:
        write_json(to_json(result))
    else:
        print(to_text(scenario, result))
    return 0


def check_out(out: str | None) -> None:
    """Refuse `--out ""` (an empty path would name the current directory) and a path that cannot
    be looked up (a name too long for the file system, a loop of links), before any work."""
    if out == "":
        raise UserError("--out needs a file name, not an empty string (- is standard output)")
    if out is not None and out != "-":
        from tslab.models.files import WriteError, check_path
        try:
            check_path(out)
        except WriteError as exc:
            raise UserError(str(exc)) from None
