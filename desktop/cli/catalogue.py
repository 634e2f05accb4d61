"""`tslab presets`, `tslab keys` and `tslab scenario`: the built-in presets, every key `--set`
takes, and a scenario written as TOML."""
from __future__ import annotations

import argparse
import sys

from tslab.desktop.cli.common import UserError, check_out, resolve_document, write_json


def cmd_presets(args: argparse.Namespace) -> int:
    from tslab.models.presets import load_preset, preset_names
    rows = [(name, load_preset(name).title) for name in preset_names()]
    if args.json:
        write_json([{"name": name, "title": title} for name, title in rows])
    else:
        for name, title in rows:
            print(f"{name}\t{title}")
    return 0


def cmd_keys(args: argparse.Namespace) -> int:
    """Every key `--set` takes, with its type, range or choices, default and meaning."""
    from tslab.models.keys import all_keys
    infos = all_keys()
    if args.json:
        write_json([info.to_json() for info in infos])
        return 0
    for info in infos:
        print(f"{info.key}\t{info.type}\t{allowed_text(info)}\t{default_text(info.default)}\t{info.meaning}")
    return 0


def allowed_text(info) -> str:
    """A key's range or choices as `keys` prints them: `1 … 100,000`, `gelu | swiglu`, a pattern."""
    if info.choices:
        return " | ".join(choice if choice else '""' for choice in info.choices)
    if info.low is not None or info.high is not None:
        def number(value) -> str:
            return f"{int(value):,}" if float(value).is_integer() and abs(value) < 1e15 else f"{value:g}"
        low = number(info.low) if info.low is not None else ""
        high = number(info.high) if info.high is not None else ""
        return f"{low} … {high}"
    if info.pattern:
        return f"/{info.pattern}/"
    return "true | false" if info.type == "bool" else "any" if info.type != "list" else "strings"


def default_text(value) -> str:
    """A default as TOML writes it (`true`, `4096`, `"megatron"`, `[]`)."""
    from tslab.models.scenario_files import _toml_value
    return _toml_value(value)


def cmd_scenario(args: argparse.Namespace) -> int:
    from tslab.models.document import document_to_toml, save_document
    from tslab.models.scenario import ScenarioError
    check_out(args.out)
    document = resolve_document(args)
    if args.out is not None and args.out != "-":
        try:
            save_document(document, args.out)
        except ScenarioError as exc:
            raise UserError(str(exc)) from None
    else:
        sys.stdout.write(document_to_toml(document))
    return 0
