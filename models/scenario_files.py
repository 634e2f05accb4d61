"""A scenario as text: `--set KEY=VALUE` assignments read as TOML would read their values, and the
TOML file — read within MAX_SCENARIO_BYTES without eval or pickle, with the line of every key for
error messages, built into a Scenario, and written back atomically with tomlkit, so that a user's
comments, order and layout survive a save."""
from __future__ import annotations

import dataclasses
import math
import os
import re
import sys
import tomllib
from collections.abc import Callable, Iterable
from typing import Any

from .files import NoWriter, read_input, write_file
from .scenario import (MAX_SCENARIO_BYTES, SCHEMA_VERSION, SECTIONS, Parallel, Scenario, ScenarioError, _kind, coerce,
                       key_field, with_values)


def line_of(text: str, section: str, key: str | None) -> int | None:
    """1-based line of `key` in `[section]` (or of the section header) in TOML `text`."""
    current = ""
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        header = re.fullmatch(r"\[\s*([A-Za-z0-9_.-]+)\s*\]", stripped)
        if header:
            current = header.group(1)
            if key is None and current == section:
                return number
            continue
        if key is not None and current == section and re.match(rf"{re.escape(key)}\s*=", stripped):
            return number
    return None


def scenario_from_dict(data: dict[str, Any], origin: str = "scenario", text: str = "") -> Scenario:
    """Build a Scenario from parsed TOML, with errors that name the origin, line and key."""
    def where(section: str, key: str | None = None) -> str:
        line = line_of(text, section, key) if text else None
        return f"{origin}, line {line}" if line else origin

    version = data.get("schema_version", SCHEMA_VERSION)
    if not isinstance(version, int) or isinstance(version, bool):
        raise ScenarioError(f"{where('', 'schema_version')}: schema_version must be a whole number")
    if version > SCHEMA_VERSION:
        raise ScenarioError(f"{origin}: schema_version {version} is newer than this tslab reads "
                            f"({SCHEMA_VERSION}); update tslab to open it")
    if version < 1:
        raise ScenarioError(f"{origin}: schema_version {version} is not valid")
    values: dict[str, Any] = {}
    for name, content in data.items():
        if name in ("schema_version", "view"):  # view state is the document's (models/document.py)
            continue
        if name == "title":
            try:
                values["title"] = coerce("title", content)
            except ScenarioError as exc:
                raise ScenarioError(f"{where('', name)}: {exc}") from None
            continue
        if name not in SECTIONS:
            # A [table] header or a top-level `name = …` line, whichever the file has.
            at = where(name) if text and line_of(text, name, None) else where('', name)
            raise ScenarioError(f"{at}: unknown key {name}")
        if not isinstance(content, dict):
            raise ScenarioError(f"{where('', name)}: {name} must be a table [{name}]")
        for key, value in content.items():
            dotted = f"{name}.{key}"
            try:
                coerce(dotted, value)
            except ScenarioError as exc:
                raise ScenarioError(f"{where(name, key)}: {exc}") from None
            values[dotted] = value
    # A file states its values, and a key it leaves out takes its default, dp's too (dp follows tp,
    # pp, cp and the cluster in edits, not in files); a file without a global batch (every file
    # before schema_version 3) has dp × microbatches × micro_batch sequences per step.
    values.setdefault("parallel.dp", Parallel().dp)
    values.setdefault("schedule.global_batch", 0)
    return with_values(Scenario(), values)


def read_text(path: str | os.PathLike, *, limit: int | None = None, kind: str = "file") -> str:
    """A UTF-8 text file's text; every problem (missing, a directory, unreadable, more than
    `limit` bytes, not UTF-8) raises ScenarioError naming the file."""
    try:
        raw = read_input(path, limit)  # a FIFO without a writer is refused, never waited on
    except NoWriter as exc:
        raise ScenarioError(f"{path}: {exc.strerror}") from None
    except FileNotFoundError:
        raise ScenarioError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ScenarioError(f"{path}: a directory, not a {kind}") from None
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if limit is not None and len(raw) > limit:
        raise ScenarioError(f"{path}: larger than {limit >> 20} MiB, not a {kind}")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError(f"{path}: not a UTF-8 text file") from None


def read_toml(path: str | os.PathLike) -> tuple[dict[str, Any], str]:
    """Parsed TOML and its text; every problem raises ScenarioError naming the file."""
    text = read_text(path, limit=MAX_SCENARIO_BYTES, kind="scenario file")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{path}: invalid TOML: {exc}") from None
    except RecursionError:  # tomllib parses nested arrays and inline tables recursively
        raise ScenarioError(f"{path}: invalid TOML: nested too deeply") from None
    except ValueError:  # a whole number past Python's conversion limit (sys.get_int_max_str_digits)
        raise ScenarioError(f"{path}: invalid TOML: a whole number of more than "
                            f"{sys.get_int_max_str_digits():,} digits") from None
    return data, text


# Files are written with tomlkit (imported only when one is written: the compute commands start
# without it), which keeps what it parsed: a file read and saved again keeps its comments, order and
# layout, and only the values that changed are rewritten.

def _toml_plain(value: Any) -> Any:
    """A value as a TOML file holds it: a tuple as an array, a non-finite float as 0.0."""
    if isinstance(value, float) and not math.isfinite(value):
        return 0.0
    if isinstance(value, tuple):
        return list(value)
    return value


def _toml_value(value: Any) -> str:
    """`value` as TOML writes it: `true`, `4096`, `0.05`, `"megatron"`, `["a", "b"]`."""
    import tomlkit
    return tomlkit.item(_toml_plain(value)).as_string()


def field_values(part: Any) -> list[tuple[str, Any]]:
    """(name, value) of every field of a dataclass section, in declaration order."""
    return [(f.name, getattr(part, f.name)) for f in dataclasses.fields(part)]


def toml_table(container: Any, name: str) -> Any:
    """The table `name` ("model", "view.comm") of a tomlkit document, made at the end of the
    document (of `[view.…]`'s tables for a view) when the file has none."""
    import tomlkit
    table = container
    parts = name.split(".")
    for depth, part in enumerate(parts, 1):
        if part not in table:
            table[part] = tomlkit.table(is_super_table=depth < len(parts))   # [view.comm], no [view]
        table = table[part]
    return table


def set_toml_values(table: Any, values: Iterable[tuple[str, Any]]) -> None:
    """Set each key of a tomlkit table (or document) to its value. A key the table holds keeps its
    line, spelling and comment when it holds the value already (an integer for a float key
    included), and only its value changes otherwise; a key it does not hold is added at its end."""
    for key, value in values:
        plain = _toml_plain(value)
        if key in table:
            held = table[key]
            if isinstance(held, bool) == isinstance(plain, bool) and held == plain:   # True == 1
                continue
        table[key] = plain


def write_scenario_toml(scenario: Scenario, document: Any) -> None:
    """Set every key of `scenario` in a tomlkit document (`set_toml_values`): schema_version and
    the title first, then one table per section."""
    set_toml_values(document, [("schema_version", SCHEMA_VERSION), ("title", scenario.title)])
    for section in SECTIONS:
        set_toml_values(toml_table(document, section), field_values(getattr(scenario, section)))


def scenario_to_toml(scenario: Scenario) -> str:
    """The scenario as TOML text, every key written, loadable by `document.load_scenario` (no view
    state: a reader takes each tab's defaults; `document_to_toml` writes both)."""
    import tomlkit
    document = tomlkit.document()
    write_scenario_toml(scenario, document)
    return document.as_string()


def atomic_write(path: str | os.PathLike, data: bytes) -> None:
    """Write `data` to `path` with `files.write_file`: a regular file (or a new one, or a symbolic
    link's target) is replaced through a temporary file and a rename, so the old file survives a
    failure; a FIFO or device is written through and never replaced; a directory is refused.
    Raises files.WriteError (an OSError) naming the path and the reason."""
    write_file(path, data)


def save_scenario(scenario: Scenario, path: str | os.PathLike) -> None:
    """Save as TOML atomically; raises ScenarioError if the file cannot be written."""
    try:
        atomic_write(path, scenario_to_toml(scenario).encode("utf-8"))
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot save ({exc.strerror or exc})") from None


# ---------------------------------------------------------------------------------------------
# --set assignments

def parse_value(text: str) -> Any:
    """A command-line value as TOML would read it: 8, 7.5e9, true, "x" or a bare word."""
    text = text.strip()
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    digits = text.replace("_", "")
    try:
        return int(digits)
    except ValueError:
        if re.fullmatch(r"[+-]?\d+", digits):  # past Python's conversion limit (sys.get_int_max_str_digits)
            raise ScenarioError(f"a whole number of {len(digits.lstrip('+-')):,} digits is more than any key "
                                f"takes") from None
    try:
        return float(text)
    except ValueError:
        pass
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


def parse_assignments(assignments: Iterable[str], field_of: Callable[[str], dataclasses.Field]) -> dict[str, Any]:
    """``--set KEY=VALUE`` strings as {key: value}, each value read as TOML would (a string key
    keeps its text: ``model.name=405``); `field_of(key)` names the key's field or raises
    ScenarioError for an unknown key."""
    values: dict[str, Any] = {}
    for assignment in assignments:
        key, eq, text = assignment.partition("=")
        key = key.strip()
        if not eq or not key:
            raise ScenarioError(f"--set expects KEY=VALUE, got {assignment!r}")
        f = None if key == "title" else field_of(key)
        text_key = f is None or _kind(f) == "str"
        try:
            value = parse_value(text)
        except ScenarioError as exc:
            if not text_key:
                raise ScenarioError(f"{key}: {exc}") from None
            value = text.strip()
        if text_key and not isinstance(value, str):
            value = text.strip()
        values[key] = value
    return values


def apply_overrides(scenario: Scenario, assignments: list[str]) -> Scenario:
    """Apply ``--set KEY=VALUE`` strings in order; a bad one raises an error naming its key."""
    return with_values(scenario, parse_assignments(assignments, key_field))
