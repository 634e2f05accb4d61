"""The `tslab` command: the command line and JSON outputs documented in docs/cli-and-json.md.

Compute commands (`presets`, `scenario`, `memory`, `mesh`, `schedule`) never import Qt; `gui` and `export` import it
lazily. User errors print one line `tslab: error: …` and exit with status 2.
"""
from __future__ import annotations

import argparse
import errno
import json
import multiprocessing
import os
import sys
from pathlib import Path
from typing import NoReturn

from tslab import __version__

TABS = ("memory", "mesh", "pipeline", "comm")  # desktop.tabs.TAB_KEYS, without importing Qt-side modules
FORMATS = ("png", "svg", "pdf")
EXIT_USAGE = 2


class UserError(Exception):
    """Bad input from the user: reported as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UserError(message)


def _scenario_options(parser: argparse.ArgumentParser, *, required: bool = False) -> None:
    source = parser.add_mutually_exclusive_group(required=required)
    source.add_argument("--scenario", metavar="FILE", help="scenario TOML file")
    source.add_argument("--preset", metavar="NAME", help="built-in preset (see `tslab presets`)")
    parser.add_argument("--set", metavar="KEY=VALUE", action="append", default=[], dest="overrides",
                        help="override a dotted scenario or view key, e.g. parallel.tp=8 or view.comm.ranks=4 "
                             "(repeatable)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tslab", description="Training Systems Lab: memory, parallelism, pipeline "
                     "schedules and communication of large-scale LLM training.")
    parser.add_argument("--version", action="version", version=f"tslab {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    gui = sub.add_parser("gui", help="open the desktop app (default)")
    _scenario_options(gui)
    gui.add_argument("--tab", choices=TABS, default=None, help="tab to show first")
    gui.add_argument("--lang", choices=("zh", "en"), default=None, help="UI language (default: system locale)")
    gui.add_argument("--present", action="store_true", help="presentation mode: full screen, large type")

    sub.add_parser("presets", help="list built-in presets: NAME<TAB>title")

    scenario = sub.add_parser("scenario", help="write a scenario as TOML")
    _scenario_options(scenario, required=True)
    scenario.add_argument("--out", metavar="FILE", help="file to write (default: standard output)")

    memory = sub.add_parser("memory", help="per-GPU memory ledger of the most-loaded rank")
    _scenario_options(memory)
    memory.add_argument("--json", action="store_true", help="print JSON (docs/cli-and-json.md)")

    mesh = sub.add_parser("mesh", help="device mesh: TP/CP/DP/PP/EP groups, cross-node groups, traffic")
    _scenario_options(mesh)
    mesh.add_argument("--json", action="store_true", help="print JSON (docs/cli-and-json.md)")

    schedule = sub.add_parser("schedule", help="simulate a pipeline schedule (JSON, PyTorch CSV or Chrome trace)")
    schedule.add_argument("--kind", required=True, metavar="KIND",
                          help="gpipe, 1f1b, interleaved-1f1b (alias interleaved), zb-h1, zb-h2, zbv, "
                               "dualpipe or dualpipev")
    schedule.add_argument("--ranks", type=int, required=True, metavar="P", help="pipeline ranks")
    schedule.add_argument("--microbatches", type=int, required=True, metavar="M", help="micro-batches")
    schedule.add_argument("--chunks", type=int, default=None, metavar="V",
                          help="chunks per rank (interleaved-1f1b; 2 for zbv and dualpipev, the default)")
    for name, default, text in (("f", 1.0, "forward"), ("b", 2.0, "full backward"),
                                ("i", 1.0, "input-gradient backward"),
                                ("w", 1.0, "weight-gradient backward"), ("fb", 3.0, "overlapped forward & backward"),
                                ("p2p", 0.0, "point-to-point latency")):
        schedule.add_argument(f"--{name}", type=float, default=default, metavar="T",
                              help=f"{text} time of one stage (default {default:g})")
    output = schedule.add_mutually_exclusive_group(required=True)
    output.add_argument("--json", action="store_true", help="print JSON (docs/cli-and-json.md)")
    output.add_argument("--csv", action="store_true", help="PyTorch pipelining action-list CSV")
    output.add_argument("--chrome-trace", action="store_true", help="Chrome / Perfetto trace JSON")
    schedule.add_argument("--out", metavar="FILE", help="file to write (default: standard output)")
    schedule.add_argument("--import", dest="import_csv", metavar="FILE.csv",
                          help="simulate the orders of a PyTorch-format CSV (--kind names the placement)")

    comm = sub.add_parser("comm", help="one collective: per-rank bytes, rounds, α–β time, algbw/busbw, steps")
    comm.add_argument("--collective", required=True, metavar="C",
                      help="allreduce, reducescatter, allgather, alltoall, broadcast, reduce or p2p")
    comm.add_argument("--ranks", type=int, required=True, metavar="N")
    comm.add_argument("--bytes", type=float, required=True, metavar="S",
                      help="nccl-tests size (for all-gather/reduce-scatter the whole gathered array)")
    comm.add_argument("--algorithm", default="ring", choices=("ring", "tree", "hierarchical"))
    _scenario_options(comm)
    comm.add_argument("--json", action="store_true", help="print JSON (docs/cli-and-json.md)")

    moe = sub.add_parser("moe", help="MoE dispatch: tokens per rank, imbalance, bytes, buffers, MoonEP plan")
    _scenario_options(moe)
    moe.add_argument("--json", action="store_true", help="print JSON (docs/cli-and-json.md)")

    export = sub.add_parser("export", help="render a tab headless to PNG, SVG or PDF")
    _scenario_options(export)
    export.add_argument("--tab", choices=TABS + ("all",), required=True)
    export.add_argument("--format", choices=FORMATS, required=True)
    export.add_argument("--out", metavar="PATH", required=True,
                        help="output file (a directory for --tab all)")
    export.add_argument("--scale", type=float, default=1.0, help="device-pixel scale of PNG output")
    export.add_argument("--size", default="1400x860", metavar="WxH",
                        help="figure size in logical pixels (default 1400x860, a 16:10 slide)")
    export.add_argument("--lang", choices=("zh", "en"), default="en")
    return parser


def resolve_document(args: argparse.Namespace, *, check: bool = True):
    """The document named by --scenario / --preset (or the default), with --set applied (scenario
    and view keys); with `check`, a scenario with errors is refused and warnings are printed."""
    from tslab.models.document import Document, apply_document_overrides, load_document
    from tslab.models.presets import default_scenario, load_preset
    from tslab.models.scenario import ScenarioError

    try:
        if getattr(args, "scenario", None):
            document = load_document(args.scenario)
        elif getattr(args, "preset", None):
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


def _check(scenario) -> None:
    """Refuse a scenario with errors (one line naming them); print its warnings."""
    from tslab.models.validation import validate
    problems = validate(scenario)
    bad = [str(p) for p in problems if p.severity == "error"]
    if bad:
        raise UserError("invalid scenario: " + "; ".join(bad))
    for problem in problems:
        print(f"tslab: warning: {problem}", file=sys.stderr)


def cmd_presets(args: argparse.Namespace) -> int:
    from tslab.models.presets import load_preset, preset_names
    for name in preset_names():
        print(f"{name}\t{load_preset(name).title}")
    return 0


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


def format_ledger(ledger) -> str:
    """A plain-text ledger for the terminal."""
    from tslab.models.memory import gib
    rows = [f"{ledger.scenario.title}", f"most-loaded GPU: pipeline rank {ledger.rank}", ""]
    width = max(len(item.name) for item in ledger.items)
    for item in ledger.items:
        share = item.bytes / ledger.total if ledger.total else 0
        rows.append(f"{item.name:<{width}}  {gib(item.bytes):>12}  {share:6.1%}  {item.tier:<6}  {item.formula}")
    rows += ["", f"{'GPU tier':<{width}}  {gib(ledger.gpu_bytes):>12}  of {gib(ledger.capacity_bytes)}"]
    oom = ledger.first_oom
    rows.append(f"first OOM: {oom[1]}" if oom else "fits: no item crosses the GPU capacity")
    return "\n".join(rows)


def cmd_memory(args: argparse.Namespace) -> int:
    from tslab.models.memory import memory_ledger
    ledger = memory_ledger(resolve_scenario(args))
    if args.json:
        json.dump(ledger.to_json(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(format_ledger(ledger))
    return 0


def format_mesh(scenario, mesh, rows) -> str:
    """A plain-text mesh summary: sizes, order, groups per axis, problems and the traffic table."""
    from tslab.models.mesh import GROUP_AXES
    from tslab.models.units import format_bytes as size

    dims = ", ".join(f"{axis} {value}" for axis, value in mesh.dims.items())
    lines = [scenario.title,
             f"{mesh.world_size} GPUs = {mesh.nodes} node{'s' if mesh.nodes != 1 else ''} × "
             f"{mesh.gpus_per_node}; order {mesh.order}",
             f"dims: {dims}", "",
             f"{'axis':<6}  {'groups':>7}  {'size':>5}  {'cross-node':>10}  {'max nodes':>9}"]
    for axis in GROUP_AXES:
        spans = mesh.nodes_spanned(axis)
        lines.append(f"{axis:<6}  {len(spans):>7}  {mesh.groups[axis].shape[1]:>5}  "
                     f"{int((spans > 1).sum()):>10}  {int(spans.max()) if spans.size else 0:>9}")
    for label, problems in (("error", mesh.errors), ("warning", mesh.warnings)):
        if problems:
            lines.append("")
            lines += [f"{label}: {problem}" for problem in problems]
    lines += ["", "traffic per optimizer step on the most-loaded rank (ring algorithms; a teaching model):"]
    if mesh.errors:
        lines.append("  not computed: the topology has errors")
    elif not rows:
        lines.append("  none: every parallel degree is 1")
    else:
        lines.append(f"{'axis':<4}  {'collective':<27}  {'calls':>7}  {'per call':>12}  {'sent':>12}  "
                     f"{'group':>5}  {'network':<10}  when")
        for row in rows:
            network = f"{row.max_nodes} nodes" if row.cross_node else "intra-node"
            lines.append(f"{row.axis:<4}  {row.collective:<27}  {row.calls_per_step:>7,}  "
                         f"{size(row.bytes_per_call):>12}  "
                         f"{size(row.bytes_per_step):>12}  {row.group_size:>5}  {network:<10}  {row.when}")
    return "\n".join(lines)


def cmd_mesh(args: argparse.Namespace) -> int:
    from tslab.models.mesh import build_mesh, traffic
    # Topology errors are part of the answer ("errors" in the JSON), not a failed command; only
    # field-level problems (a bad --set, an unreadable file) exit 2.
    scenario = resolve_scenario(args, check=False)
    mesh = build_mesh(scenario)
    if args.json:
        # One dumps call (the C encoder) rather than json.dump's many small writes: 16k GPUs × 9 axes.
        sys.stdout.write(json.dumps(mesh.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n")
    else:
        print(format_mesh(scenario, mesh, [] if mesh.errors else traffic(scenario, mesh)))
    return 0


MIN_SIZE, MAX_SIZE = 200, 8000  # logical pixels per side of an exported figure


def parse_size(text: str) -> tuple[int, int]:
    """`WxH` as two whole numbers of logical pixels, each in [MIN_SIZE, MAX_SIZE]."""
    width, sep, height = text.lower().partition("x")
    if not sep or not width.strip().isdigit() or not height.strip().isdigit():
        raise UserError(f"--size must be WIDTHxHEIGHT in pixels, e.g. 1400x860, not {text!r}")
    size = int(width), int(height)
    if not all(MIN_SIZE <= side <= MAX_SIZE for side in size):
        raise UserError(f"--size sides must be between {MIN_SIZE} and {MAX_SIZE} pixels, not {text}")
    return size


def cmd_export(args: argparse.Namespace) -> int:
    if not args.scale > 0 or args.scale > 16:
        raise UserError(f"--scale must be in (0, 16], not {args.scale}")
    size = parse_size(args.size)
    check_out(args.out)
    if args.out == "-" and args.tab == "all":
        raise UserError("--out - (standard output) takes one figure; --tab all writes a directory")
    # Each tab judges the scenario itself: the mesh draws what it can of an invalid topology
    # (with the reasons), the memory ledger refuses one.
    document = resolve_document(args, check=False)
    os.environ["QT_QPA_PLATFORM"] = "offscreen"  # headless by design, display or not
    from tslab.desktop.export import ExportError, export_tabs
    tabs = list(TABS) if args.tab == "all" else [args.tab]
    try:
        written = export_tabs(document, tabs, args.format, Path(args.out), scale=args.scale, lang=args.lang,
                              directory=args.tab == "all", size=size)
    except ExportError as exc:
        raise UserError(str(exc)) from None
    for path in written:
        print(path)
    return 0


def cmd_schedule(args: argparse.Namespace) -> int:
    import math

    from tslab.models.pipeline import (Durations, ScheduleError, chunks_per_rank, from_csv, generate, normalise_kind,
                                       simulate, to_chrome_trace, to_csv)
    check_out(args.out)
    try:
        kind = normalise_kind(args.kind)
        chunks = args.chunks if args.chunks is not None else chunks_per_rank(kind, 1)
        times = {"F": args.f, "B": args.b, "I": args.i, "W": args.w, "FB": args.fb}
        for name, value in times.items():
            if not (math.isfinite(value) and value > 0):
                raise UserError(f"--{name.lower()} must be a positive number, not {value:g}")
        if not (math.isfinite(args.p2p) and args.p2p >= 0):
            raise UserError(f"--p2p must be ≥ 0, not {args.p2p:g}")
        durations = Durations(**times, p2p=args.p2p)
        orders = None
        if args.import_csv:
            try:
                text = Path(args.import_csv).read_text(encoding="utf-8")
            except OSError as exc:
                raise UserError(f"cannot read {args.import_csv}: {exc.strerror or exc}") from None
            orders = from_csv(text)
        elif args.csv:
            orders = generate(kind, args.ranks, args.microbatches, chunks)
        if args.csv:
            body = to_csv(orders)
        else:
            sim = simulate(kind, args.ranks, args.microbatches, chunks, durations, orders=orders)
            doc = sim.to_json() if args.json else to_chrome_trace(sim)
            body = json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n"
    except ScheduleError as exc:
        raise UserError(str(exc)) from None
    if args.out is not None and args.out != "-":
        from tslab.models.files import WriteError, write_file
        try:
            write_file(args.out, body.encode("utf-8"))
        except WriteError as exc:
            raise UserError(str(exc)) from None
    else:
        sys.stdout.write(body)
    return 0


def has_display() -> bool:
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith(("xcb", "wayland")):
        return True  # offscreen, minimal, vnc … need no display server
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def cmd_gui(args: argparse.Namespace) -> int:
    document = resolve_document(args, check=False)  # the GUI shows problems in its banner
    if not has_display():
        raise UserError("no display found (DISPLAY and WAYLAND_DISPLAY are unset): run `xvfb-run tslab` "
                        "for a virtual display, or `tslab export --tab all --format png --out DIR` to "
                        "render figures without one")
    from tslab.desktop.app import StartupError, run_gui
    try:
        return run_gui(document, tab=args.tab, lang=args.lang, present=args.present,
                       scenario_path=getattr(args, "scenario", None))
    except StartupError as exc:
        raise UserError(str(exc)) from None


STEPS_SHOWN = 100_000  # sends listed in `comm --json`; beyond it the steps are cut (say so)


def cmd_comm(args: argparse.Namespace) -> int:
    from tslab.models.comm import plan
    from tslab.models.hardware import link_tiers
    scenario = resolve_scenario(args)
    if args.bytes < 0 or args.bytes != int(args.bytes):
        raise UserError(f"--bytes must be a whole number of bytes >= 0, not {args.bytes:g}")
    try:
        result = plan(args.collective, args.ranks, int(args.bytes), args.algorithm,
                      **link_tiers(scenario.cluster).kwargs())
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if not args.json:
        print(f"{result.collective} over {result.ranks} ranks, {result.algorithm}: S = {result.bytes:,} B")
        print(f"per rank sent {result.per_rank_sent_bytes:,} B, received {result.per_rank_recv_bytes:,} B; "
              f"{result.rounds} rounds; {result.time_s * 1e6:,.1f} µs; algbw {result.algbw / 1e9:.2f} GB/s, "
              f"busbw {result.busbw / 1e9:.2f} GB/s (factor {result.busbw_factor:g})")
        print(result.convention)
        return 0
    doc = result.to_json(max_sends=STEPS_SHOWN)  # a 1,024-rank ring lists two million sends
    json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def cmd_moe(args: argparse.Namespace) -> int:
    from tslab.models.moe import moe_json, settings_from
    scenario = resolve_scenario(args)
    try:
        doc = moe_json(scenario, settings_from(scenario))
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if args.json:
        json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(f"S = {doc['tokens_per_rank']} tokens per rank, K = {doc['top_k']}, E = {doc['experts']}, "
              f"R = {doc['ranks']} ({scenario.moe.routing}, seed {scenario.moe.seed})")
        print(f"received per rank: {doc['recv_tokens']}  (maxvio {doc['maxvio']:.3f})")
        print(f"MoonEP: every rank {doc['moonep']['recv_tokens'][0]}, redundant experts "
              f"{doc['moonep']['redundant_experts']} (bound E/R = {doc['moonep']['bound']})")
        print(f"buffers: worst case S·K·R = {doc['buffers']['worst_case_tokens']} tokens vs MoonEP S·K = "
              f"{doc['buffers']['moonep_tokens']}")
    return 0


COMMANDS = {"gui": cmd_gui, "presets": cmd_presets, "scenario": cmd_scenario, "memory": cmd_memory,
            "mesh": cmd_mesh, "schedule": cmd_schedule, "comm": cmd_comm, "moe": cmd_moe, "export": cmd_export}


def check_out(out: str | None) -> None:
    """Refuse `--out ""` (an empty path would name the current directory)."""
    if out == "":
        raise UserError("--out needs a file name, not an empty string (- is standard output)")


class _ClosedStdout:
    """Standard output of a process started with it closed (`tslab … >&-`, where Python sets
    sys.stdout to None): every write fails, naming standard output."""

    def write(self, data) -> int:
        from tslab.models.files import WriteError
        raise WriteError(errno.EBADF, "closed", "standard output")

    def flush(self) -> None:
        pass

    @property
    def buffer(self) -> _ClosedStdout:
        return self


class _Stdout:
    """sys.stdout while a command runs. A write or flush that fails (standard output closed, a full
    device) becomes one user error naming standard output; BrokenPipeError (the reader, e.g.
    `head`, stopped reading) stays the quiet end it was. After either, the file descriptor is
    pointed at the null device so that what is still buffered cannot fail again when Python
    flushes standard output at exit (the Python documentation's advice on SIGPIPE)."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._guard(self._stream.write, text)

    def flush(self) -> None:
        self._guard(self._stream.flush)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)

    def _guard(self, call, *args):
        from tslab.models.files import WriteError, reason
        try:
            return call(*args)
        except BrokenPipeError:
            self._discard()
            raise
        except OSError as exc:
            self._discard()
            error = exc if isinstance(exc, WriteError) else WriteError(exc.errno or 0, reason(exc), "standard output")
            raise UserError(str(error)) from None

    def _discard(self) -> None:
        try:
            fd = self._stream.fileno()
            null = os.open(os.devnull, os.O_WRONLY)
        except (OSError, ValueError, AttributeError):  # closed, or not a file (a test's capture)
            return
        try:
            os.dup2(null, fd)
        except OSError:
            pass
        finally:
            os.close(null)


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("--version", "-h", "--help")):
        argv.insert(0, "gui")
    stdout = sys.stdout
    sys.stdout = _Stdout(_ClosedStdout() if stdout is None else stdout)
    try:
        args = build_parser().parse_args(argv)
        status = COMMANDS[args.command or "gui"](args)
        sys.stdout.flush()  # a full device or a closed descriptor shows here, as one error line
        return status
    except UserError as exc:
        print(f"tslab: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug, not a user error: one clear line, details on request
        if os.environ.get("TSLAB_DEBUG"):
            raise
        print(f"tslab: error: internal error: {type(exc).__name__}: {exc} "
              f"(set TSLAB_DEBUG=1 for a traceback)", file=sys.stderr)
        return 1
    finally:
        sys.stdout = stdout


if __name__ == "__main__":
    sys.exit(main())
