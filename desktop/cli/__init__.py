"""The `tslab` command: the command line and JSON outputs documented in docs/cli-and-json.md.

Compute commands (`presets`, `keys`, `scenario`, `memory`, `mesh`, `topology`, `schedule`, `validate`) never
import Qt; `gui` and `export` import it lazily. User errors print one line `tslab: error: …` and exit with status 2.

Modules: `entry` (`main`: run a command, its errors and exit status), `parser` (every command's options and
help), `common` (`UserError`, the document the options name, warnings, JSON output, the `--out` check), and a
module per command or group of related commands: `catalogue` (presets, keys, scenario), `memory`, `mesh`
(mesh, topology), `schedule`, `comm`, `moe`, `step_time` (time, plan), `validate`, `analyses` (context, muon,
sr), `gui`, `export`.
"""
from __future__ import annotations

from tslab import __version__
from tslab.desktop.app import EXIT_INTERRUPTED
from tslab.desktop.cli.analyses import cmd_context, cmd_muon, cmd_sr, format_context, format_muon, format_sr
from tslab.desktop.cli.catalogue import allowed_text, cmd_keys, cmd_presets, cmd_scenario, default_text
from tslab.desktop.cli.comm import STEPS_SHOWN, cmd_comm, parse_bytes
from tslab.desktop.cli.common import (EXIT_USAGE, PER_RANK_ROWS, WARNINGS, UserError, check_out, json_text,
                                      print_warnings, resolve_document, resolve_scenario, run_analysis, warn,
                                      write_json)
from tslab.desktop.cli.entry import COMMANDS, main
from tslab.desktop.cli.export import MAX_SIZE, MIN_SIZE, cmd_export, export_figures, is_handout, parse_size
from tslab.desktop.cli.gui import cmd_gui, has_display
from tslab.desktop.cli.memory import cmd_memory, format_ledger
from tslab.desktop.cli.mesh import TOPOLOGY_NAMES, cmd_mesh, cmd_topology, format_mesh, format_network, network_fields
from tslab.desktop.cli.moe import cmd_moe, format_moe
from tslab.desktop.cli.parser import FIGURES, FORMATS, TABS, build_parser
from tslab.desktop.cli.schedule import (MAX_IMPORT_BYTES, cmd_schedule, format_schedule, imported_shape, read_orders,
                                        schedule_body, schedule_setup, skipped_text)
from tslab.desktop.cli.step_time import cmd_plan, cmd_time, format_time_lines
from tslab.desktop.cli.validate import VALIDATION_WIDTH, cmd_validate, format_validation
from tslab.desktop.fonts import NO_CJK_FONT, has_cjk_font

__all__ = [
    "COMMANDS", "EXIT_INTERRUPTED", "EXIT_USAGE", "FIGURES", "FORMATS", "MAX_IMPORT_BYTES", "MAX_SIZE", "MIN_SIZE",
    "NO_CJK_FONT", "PER_RANK_ROWS", "STEPS_SHOWN", "TABS", "TOPOLOGY_NAMES", "VALIDATION_WIDTH", "WARNINGS",
    "UserError", "__version__", "allowed_text", "build_parser", "check_out", "cmd_comm", "cmd_context", "cmd_export",
    "cmd_gui", "cmd_keys", "cmd_memory", "cmd_mesh", "cmd_moe", "cmd_muon", "cmd_plan", "cmd_presets",
    "cmd_scenario", "cmd_schedule", "cmd_sr", "cmd_time", "cmd_topology", "cmd_validate", "default_text",
    "export_figures", "format_context", "format_ledger", "format_mesh", "format_moe", "format_muon",
    "format_network", "format_schedule", "format_sr", "format_time_lines", "format_validation", "has_cjk_font",
    "has_display", "imported_shape", "is_handout", "json_text", "main", "network_fields", "parse_bytes",
    "parse_size", "print_warnings", "read_orders", "resolve_document", "resolve_scenario", "run_analysis",
    "schedule_body", "schedule_setup", "skipped_text", "warn", "write_json",
]
