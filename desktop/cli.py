"""The `tslab` command: the command line and JSON outputs documented in docs/cli-and-json.md.

Compute commands (`presets`, `keys`, `scenario`, `memory`, `mesh`, `topology`, `schedule`, `validate`) never
import Qt; `gui` and `export` import it lazily. User errors print one line `tslab: error: …` and exit with status 2.
"""
from __future__ import annotations

import argparse
import errno
import json
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from tslab import __version__
from tslab.desktop.app import EXIT_INTERRUPTED
from tslab.desktop.fonts import NO_CJK_FONT, has_cjk_font

TABS = ("memory", "mesh", "pipeline", "comm", "context")  # desktop.tabs.TAB_KEYS, without importing Qt-side modules
# The gallery's figures in the course's order (views.gallery.figures() keys, without importing Qt): `export
# --figure` checks a name against the figures registered, and its help lists these.
FIGURES = ("cost-stack", "bytes-per-parameter", "device-mesh", "pipeline-schedules", "collectives", "moe-all-to-all",
           "context-parallel", "activation-lifecycle", "dualpipe-overlap", "kimi-lineage", "k3-memory-seesaw",
           "agentenv-lifecycle")
FORMATS = ("png", "svg", "pdf")
EXIT_USAGE = 2


class UserError(Exception):
    """Bad input from the user: reported as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UserError(message)


def _scenario_options(parser: argparse.ArgumentParser, *, required: bool = False, from_hf: bool = False) -> None:
    source = parser.add_mutually_exclusive_group(required=required)
    source.add_argument("--scenario", metavar="FILE", help="scenario TOML file")
    source.add_argument("--preset", metavar="NAME", help="built-in preset (see `tslab presets`)")
    if from_hf:
        source.add_argument("--from-hf", metavar="CONFIG.json",
                            help="a Hugging Face config.json, read offline: the model section from the file "
                                 "(Llama, Qwen2/3, Qwen2/3-MoE, Mixtral, DeepSeek-V2/V3, Kimi K2, GPT-2), "
                                 "everything else the lab's defaults")
    parser.add_argument("--set", metavar="KEY=VALUE", action="append", default=[], dest="overrides",
                        help="override a dotted scenario or view key, e.g. parallel.tp=8 or view.comm.ranks=4 "
                             "(repeatable)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tslab", description="Training Systems Lab: memory, parallelism, pipeline "
                     "schedules and communication of large-scale LLM training.",
                     epilog="Scenario and view keys for --set: `tslab keys` lists every key with its type, "
                            "range or choices, default and meaning.")
    parser.add_argument("--version", action="version", version=f"tslab {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    gui = sub.add_parser("gui", help="open the desktop app (default)")
    _scenario_options(gui)
    gui.add_argument("--tab", choices=TABS, default=None, help="tab to show first")
    gui.add_argument("--lang", choices=("zh", "en"), default=None, help="UI language (default: system locale)")
    gui.add_argument("--present", action="store_true", help="presentation mode: full screen, large type")

    presets = sub.add_parser("presets", help="list built-in presets: NAME<TAB>title")
    presets.add_argument("--json", action="store_true", help="print JSON: a list of {name, title}")

    keys = sub.add_parser("keys", help="list every scenario and view key: type, range or choices, default, meaning")
    keys.add_argument("--json", action="store_true", help="print JSON: a list of {key, type, default, low, high, "
                                                          "choices, pattern, meaning}")

    scenario = sub.add_parser("scenario", help="write a scenario as TOML (or import a Hugging Face config)")
    _scenario_options(scenario, required=True, from_hf=True)
    scenario.add_argument("--out", metavar="FILE", help="file to write (default: standard output)")

    memory = sub.add_parser("memory", help="per-GPU memory ledger of the most-loaded rank")
    _scenario_options(memory)
    memory.add_argument("--json", action="store_true", help="print JSON (docs/cli-and-json.md)")

    mesh = sub.add_parser("mesh", help="device mesh: TP/CP/DP/PP/EP groups, cross-node groups, traffic")
    _scenario_options(mesh)
    mesh.add_argument("--json", action="store_true", help="print JSON (docs/cli-and-json.md)")

    topology = sub.add_parser("topology", help="the network: NVLink/NVSwitch per node, the leaf/spine fat-tree, "
                                               "links per tier and their bandwidths")
    _scenario_options(topology)
    topology.add_argument("--json", action="store_true", help="print JSON: the graph's nodes and edges "
                                                              "(docs/cli-and-json.md)")

    schedule = sub.add_parser("schedule", help="simulate a pipeline schedule (text, JSON, PyTorch CSV or "
                                               "Chrome trace)")
    _scenario_options(schedule)
    schedule.add_argument("--kind", metavar="KIND",
                          help="gpipe, 1f1b, interleaved-1f1b (alias interleaved), zb-h1, zb-h2, zbv, "
                               "dualpipe or dualpipev (default: the scenario's schedule.kind)")
    schedule.add_argument("--ranks", type=int, metavar="P",
                          help="pipeline ranks, at most 16,384 (default: parallel.pp)")
    schedule.add_argument("--microbatches", type=int, metavar="M",
                          help="micro-batches (default: schedule.microbatches); a schedule has at most 500,000 ops "
                               "(docs/cli-and-json.md, Limits)")
    schedule.add_argument("--chunks", type=int, default=None, metavar="V",
                          help="chunks per rank (default: parallel.vpp for interleaved-1f1b, 2 for zbv and "
                               "dualpipev, else 1)")
    for name, key, text in (("f", "schedule.f", "forward"), ("b", "schedule.b", "full backward"),
                            ("i", "schedule.b − schedule.w", "input-gradient backward"),
                            ("w", "schedule.w", "weight-gradient backward"),
                            ("fb", "schedule.fb", "overlapped forward & backward"),
                            ("p2p", "schedule.p2p", "point-to-point latency")):
        schedule.add_argument(f"--{name}", type=float, default=None, metavar="T",
                              help=f"{text} time of one stage (default: {key})")
    output = schedule.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print JSON (docs/cli-and-json.md)")
    output.add_argument("--csv", action="store_true",
                        help="PyTorch pipelining action-list CSV, compute-only (what torch's _load_csv reads)")
    output.add_argument("--chrome-trace", action="store_true",
                        help="Chrome / Perfetto trace JSON (a track per rank, an arrow per p2p transfer)")
    schedule.add_argument("--out", metavar="FILE", help="file to write (default: standard output)")
    schedule.add_argument("--import", dest="import_csv", metavar="FILE.csv",
                          help="simulate the orders of a torch.distributed.pipelining action-list CSV "
                               "(_dump_csv, compute-only or compute_comms: the communication actions UNSHARD, "
                               "RESHARD, SEND_F, RECV_F, SEND_B, RECV_B, REDUCE_GRAD are skipped and counted). "
                               "Ranks, micro-batches and chunks come from the file (--ranks, --microbatches, "
                               "--chunks that disagree are an error); --kind names the placement. dualpipe's "
                               "two model copies extend torch's format, which chains stage s to s+1: stages "
                               "0…P-1 are copy 1, stages P…2P-1 copy 2 (stage P+k on rank P-1-k)")

    comm = sub.add_parser("comm", help="one collective: per-rank bytes, rounds, α–β time, algbw/busbw, steps")
    comm.add_argument("--collective", required=True, metavar="C",
                      help="allreduce, reducescatter, allgather, alltoall, broadcast, reduce or p2p")
    comm.add_argument("--ranks", type=int, required=True, metavar="N", help="ranks, at most 65,536")
    comm.add_argument("--bytes", required=True, metavar="S",
                      help="nccl-tests size in bytes, a whole number up to 2^46 (1e9 and 1_000 are fine; for "
                           "all-gather/reduce-scatter the whole gathered array)")
    from tslab.models.scenario import ALGORITHMS  # the view.comm.algorithm choices (no Qt, no numpy work)
    comm.add_argument("--algorithm", default="ring", choices=ALGORITHMS,
                      help="ring; tree: pipelined double binary tree (a chain inside each node); hierarchical: "
                           "rings inside nodes and across; halving-doubling: Rabenseifner / recursive doubling "
                           "(collectives without a builder fall back to ring, the convention says so)")
    _scenario_options(comm)
    comm.add_argument("--json", action="store_true", help="print JSON (docs/cli-and-json.md)")

    moe = sub.add_parser("moe", help="MoE dispatch: tokens per rank, imbalance, bytes, buffers, MoonEP plan")
    _scenario_options(moe)
    moe.add_argument("--json", action="store_true", help="print JSON (docs/cli-and-json.md)")

    timing = sub.add_parser("time", help="step time and its cost stack: compute, memory-bound, exposed "
                                         "communication by axis, bubble; tokens/s, MFU, HFU")
    _scenario_options(timing)
    timing.add_argument("--json", action="store_true", help="print JSON (docs/cli-and-json.md)")
    planner = sub.add_parser("plan", help="rank the parallel configurations that fit the scenario's model and "
                                          "cluster by step time")
    _scenario_options(planner)
    planner.add_argument("--gpus", type=int, default=None, metavar="N",
                         help="GPUs to plan for (a multiple of cluster.gpus_per_node; default: the cluster's)")
    planner.add_argument("--top", type=int, default=10, metavar="K", help="configurations listed (1-100, default 10)")
    planner.add_argument("--json", action="store_true", help="print JSON (docs/cli-and-json.md)")
    validation = sub.add_parser("validate", help="the step-time model against published runs (Korthikanti et al. "
                                                 "2022 Table 5, Llama 3 Table 4, DeepSeek-V3): each run's source, "
                                                 "scenario, published figure, tslab's and the error")
    validation.add_argument("--json", action="store_true", help="print JSON (docs/cli-and-json.md)")
    analyses = (("context", "long-context parallelism: Ulysses, Ring, USP, DeepSeek-V4's two-stage CP, K3's KDA CP"),
                ("muon", "Muon × ZeRO: dense matrices packed whole into at most P_max ranks, MoE experts split"),
                ("sr", "FP32 → BF16 stochastic rounding: bias, variance, accumulation, gradient reduction"))
    for name, text in analyses:
        command = sub.add_parser(name, help=text)
        _scenario_options(command)
        command.add_argument("--json", action="store_true", help="print JSON (docs/cli-and-json.md)")

    export = sub.add_parser("export", help="render a tab or a gallery figure headless to PNG, SVG or PDF, or the "
                                           "figures as one lecture handout PDF")
    _scenario_options(export)
    drawn = export.add_mutually_exclusive_group(required=True)
    drawn.add_argument("--tab", choices=TABS + ("all",))
    drawn.add_argument("--figure", metavar="NAME",
                       help=f"a gallery figure ({', '.join(FIGURES)}) or all: every figure as NAME.FORMAT in a "
                            f"directory, or with --format pdf and --out FILE.pdf the handout (title page, a page "
                            f"per figure, the reading list)")
    export.add_argument("--format", choices=FORMATS, required=True)
    export.add_argument("--out", metavar="PATH", required=True,
                        help="output file (a directory for --tab all and --figure all; FILE.pdf for the handout)")
    export.add_argument("--scale", type=float, default=1.0, help="device-pixel scale of PNG output")
    export.add_argument("--size", default="1400x860", metavar="WxH",
                        help="figure size in logical pixels (default 1400x860, a 16:10 slide)")
    export.add_argument("--lang", choices=("zh", "en"), default="en")
    return parser


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
    from tslab.models.scenario import _toml_value
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


def format_ledger(ledger) -> str:
    """A plain-text ledger for the terminal."""
    from tslab.models.memory import gib
    zero = ledger.scenario.parallel.zero
    states = sum(ledger.state_zero_groups.get(zero, {}).values())
    rows = [f"{ledger.scenario.title}", f"most-loaded GPU: pipeline rank {ledger.rank}",
            f"most model states: pipeline rank {ledger.state_rank} ({gib(states)} at ZeRO-{zero})", ""]
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
        write_json(ledger.to_json())
    else:
        print(format_ledger(ledger))
    return 0


def format_mesh(scenario, mesh, rows) -> str:
    """A plain-text mesh summary: sizes, order, groups per axis and the traffic table (the problems
    are stderr's: `cmd_mesh`)."""
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


def network_fields(scenario, mesh, valid: bool) -> tuple[dict, object]:
    """The network part of `mesh --json` (`links`, `bottleneck`, `network`) and the NetworkLoad
    (None when not computed: an invalid scenario or mesh, or a network over its limits)."""
    from tslab.models.mesh import traffic
    from tslab.models.network import Fabric, network_load
    empty = {"links": [], "bottleneck": None, "network": {"axes": {}, "leaves": 0, "spines": 0, "error": None}}
    if not valid:
        empty["network"]["error"] = "not computed: the scenario or its mesh has errors"
        return empty, None
    try:
        Fabric(scenario)  # the link limit, before the traffic rows are derived
        load = network_load(scenario, mesh, traffic(scenario, mesh))
    except ValueError as exc:
        empty["network"]["error"] = str(exc)
        return empty, None
    doc = load.to_json()
    return {"links": doc["links"], "bottleneck": doc["bottleneck"],
            "network": {"axes": doc["axes"], "leaves": load.leaves, "spines": load.spines, "error": None}}, load


def format_network(load) -> str:
    """The mesh summary's network table: per axis, bytes leaving nodes and crossing spines, the most
    loaded link and its α–β time."""
    from tslab.models.units import format_bytes as size
    from tslab.models.units import format_seconds
    lines = ["network per optimizer step, all ranks (structural routes; a teaching model):",
             f"{'axis':<4}  {'sent':>12}  {'leaves nodes':>12}  {'via spine':>12}  {'busiest link':<28}  time"]
    for axis, row in load.per_axis.items():
        if row.bottleneck_link >= 0:
            link = load.links[row.bottleneck_link]
            a = f"gpu {link.a}" if isinstance(link.a, int) else link.a
            where = f"{link.tier} {a}–{link.b}"
        else:
            where = "none"
        lines.append(f"{axis:<4}  {size(row.bytes):>12}  {size(row.inter_node_bytes):>12}  "
                     f"{size(row.spine_bytes):>12}  {where:<28}  {format_seconds(row.bottleneck_s)}")
    if load.bottleneck is not None:
        lines.append(f"slowest: {load.bottleneck.axis}, {format_seconds(load.bottleneck.seconds)}")
    return "\n".join(lines)


def cmd_mesh(args: argparse.Namespace) -> int:
    """The rule of every compute command, with one exception: `--json` prints the mesh even for an
    invalid scenario, since its `errors` list is part of the JSON contract; it then still exits 2
    with the one error line. Problems are the scenario's (validate) and the mesh's own (an order
    without cp, expert layers placed apart from their stage, too many GPUs to enumerate)."""
    from tslab.models.mesh import build_mesh, traffic
    from tslab.models.validation import validate
    scenario = resolve_scenario(args, check=False)
    mesh = build_mesh(scenario)
    problems = validate(scenario)
    bad = list(dict.fromkeys([str(p) for p in problems if p.severity == "error"] + [str(p) for p in mesh.errors]))
    warnings = list(dict.fromkeys([str(p) for p in problems if p.severity != "error"]
                                  + [str(p) for p in mesh.warnings]))
    network, load = network_fields(scenario, mesh, not bad)
    if args.json:
        # One dumps call (the C encoder) rather than json.dump's many small writes: 16k GPUs × 9 axes.
        write_json(mesh.to_json() | network, indent=None)
    if bad:
        raise UserError("invalid scenario: " + "; ".join(bad))
    for warning in warnings:
        warn(warning)
    if network["network"]["error"]:
        warn(f"network not computed: {network['network']['error']}")
    if not args.json:
        text = format_mesh(scenario, mesh, traffic(scenario, mesh))
        print(text if load is None else text + "\n\n" + format_network(load))
    return 0


TOPOLOGY_NAMES = {"rail-fat-tree": "rail-optimised two-tier fat-tree", "fat-tree": "two-tier fat-tree"}


def cmd_topology(args: argparse.Namespace) -> int:
    """The network graph: JSON nodes and edges, or a table of the links per tier."""
    from tslab.models.network import Fabric, topology_graph
    scenario = resolve_scenario(args)
    try:
        fabric = Fabric(scenario)
        graph = topology_graph(scenario) if args.json else None
    except ValueError as exc:
        raise UserError(str(exc)) from None
    tiers = fabric.tier_summary()
    if graph is not None:
        write_json({"graph": dict(graph.graph),
                    "nodes": [{"id": vertex, **attrs} for vertex, attrs in graph.nodes(data=True)],
                    "edges": [{"a": a, "b": b, **attrs} for a, b, attrs in graph.edges(data=True)],
                    "tiers": tiers}, indent=None)
        return 0
    c = scenario.cluster
    rails = f" ({fabric.nics} rails)" if fabric.topology == "rail-fat-tree" else ""
    lines = [scenario.title,
             f"{TOPOLOGY_NAMES[fabric.topology]}: {fabric.nodes} node{'s' if fabric.nodes != 1 else ''} × "
             f"{fabric.gpus_per_node} GPUs, {fabric.nics} NIC{'s' if fabric.nics != 1 else ''} per node, "
             f"{fabric.leaves} lea{'ves' if fabric.leaves != 1 else 'f'}{rails} of {c.leaf_ports} NIC ports, "
             f"{fabric.spines} spine{'s' if fabric.spines != 1 else ''}; oversubscription {c.oversubscription:g}:1; "
             f"routing {c.routing}", "",
             f"{'tier':<7}  {'links':>7}  bandwidth each way"]
    for tier, row in tiers.items():
        values = row["bandwidths"]
        text = ("" if not values else f"{values[0] / 1e9:,.4g} GB/s" if len(values) == 1 else
                f"{values[0] / 1e9:,.4g} … {values[-1] / 1e9:,.4g} GB/s")
        lines.append(f"{tier:<7}  {row['links']:>7,}  {text}")
    lines.append(f"{'all':<7}  {fabric.count:>7,}")
    print("\n".join(lines))
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
    if args.figure is not None:
        return export_figures(args, size)
    if args.out == "-" and args.tab == "all":
        raise UserError("--out - (standard output) takes one figure; --tab all writes a directory")
    # Each tab judges the scenario itself: the mesh draws what it can of an invalid topology
    # (with the reasons), the memory ledger refuses one.
    document = resolve_document(args, check=False)
    os.environ["QT_QPA_PLATFORM"] = "offscreen"  # headless by design, display or not
    from tslab.desktop.export import ExportError, ensure_app, export_tabs
    tabs = list(TABS) if args.tab == "all" else [args.tab]
    if args.lang == "zh":
        ensure_app(args.lang)  # the font database needs the application
        if not has_cjk_font():
            warn(NO_CJK_FONT)
    try:
        written = export_tabs(document, tabs, args.format, Path(args.out), scale=args.scale, lang=args.lang,
                              directory=args.tab == "all", size=size)
    except ExportError as exc:
        for path in exc.written:  # what was written is listed even when a tab had no figure
            print(path)
        raise UserError(str(exc)) from None
    for path in written:
        print(path)
    return 0


def is_handout(args: argparse.Namespace) -> bool:
    """`--figure all --format pdf --out FILE.pdf` (FILE.pdf not a directory): the handout."""
    out = Path(args.out)
    return args.figure == "all" and args.format == "pdf" and out.suffix.lower() == ".pdf" and not out.is_dir()


def export_figures(args: argparse.Namespace, size: tuple[int, int]) -> int:
    """`export --figure NAME|all`: one figure's file, every figure as NAME.FORMAT in a directory, or
    the handout PDF."""
    from tslab.views.gallery import figures  # Qt's modules, not yet an application
    registered = [spec.key for spec in figures()]
    if args.figure != "all" and args.figure not in registered:
        choices = ", ".join(repr(key) for key in registered + ["all"])
        raise UserError(f"argument --figure: invalid choice: {args.figure!r} (choose from {choices})")
    out = Path(args.out)
    if args.figure == "all" and args.out == "-":
        raise UserError("--out - (standard output) takes one figure; --figure all writes a directory, or with "
                        "--format pdf the handout to a FILE.pdf")
    if args.figure == "all" and args.format != "pdf" and out.suffix.lower() == ".pdf" and not out.is_dir():
        raise UserError(f"{args.out}: the handout is a PDF (--format pdf); to write every figure as "
                        f"NAME.{args.format}, name a directory")
    document = resolve_document(args, check=False)  # each figure draws what it can, or says which preset it drew
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from tslab.desktop.export import ExportError, ensure_app, write_handout
    from tslab.desktop.export import export_figures as write_figures
    ensure_app(args.lang)
    if args.lang == "zh" and not has_cjk_font():
        warn(NO_CJK_FONT)
    try:
        if is_handout(args):
            written = [write_handout(document, out, lang=args.lang, size=size)]
        else:
            keys = registered if args.figure == "all" else [args.figure]
            written = write_figures(document, keys, args.format, out, scale=args.scale, lang=args.lang,
                                    directory=args.figure == "all", size=size)
    except ExportError as exc:
        for path in exc.written:
            print(path)
        raise UserError(str(exc)) from None
    for path in written:
        print(path)
    return 0


# An action-list CSV of the largest schedule the simulator takes (pipeline.kinds.MAX_OPS) is some
# 20 MiB; reading is bounded by this so that /dev/zero or a huge file cannot fill memory.
MAX_IMPORT_BYTES = 64 << 20


def schedule_setup(args: argparse.Namespace):
    """(kind, ranks, micro-batches, chunks, durations) of `tslab schedule`: the scenario's schedule
    (pipeline.schedule_inputs: schedule.kind on parallel.pp ranks, schedule.microbatches, the
    kind's chunks, the schedule.* times), each option given replacing its part."""
    import math

    from tslab.models.pipeline import Durations, chunks_per_rank, normalise_kind, schedule_inputs
    from tslab.models.pipeline.kinds import MAX_DURATION
    scenario = resolve_scenario(args)
    try:  # the step-time model's durations (schedule.durations = "model") refuse what it cannot time
        base = schedule_inputs(scenario)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    kind = base.kind if args.kind is None else normalise_kind(args.kind)
    ranks = base.ranks if args.ranks is None else args.ranks
    microbatches = base.microbatches if args.microbatches is None else args.microbatches
    if args.chunks is not None:
        chunks = args.chunks
    else:
        chunks = base.chunks if args.kind is None else chunks_per_rank(kind, scenario.parallel.vpp)
    for option, value in (("--ranks", ranks), ("--microbatches", microbatches), ("--chunks", chunks)):
        if value < 1:
            raise UserError(f"{option} must be a whole number ≥ 1, not {value}")
    # The size limits (MAX_RANKS, MAX_OPS) are the simulator's: check_config refuses before building.
    d = base.durations
    times = {"F": d.F, "B": d.B, "I": d.I, "W": d.W, "FB": d.FB, "p2p": d.p2p}
    for name in times:
        value = getattr(args, name.lower())
        if value is None:
            continue
        if name == "p2p":
            if not (math.isfinite(value) and 0 <= value <= MAX_DURATION):
                raise UserError(f"--p2p must be a number in [0, {MAX_DURATION:g}], not {value:g}")
        elif not (math.isfinite(value) and 0 < value <= MAX_DURATION):
            raise UserError(f"--{name.lower()} must be a positive number ≤ {MAX_DURATION:g}, not {value:g}")
        times[name] = value + 0.0  # -0.0 as 0.0
    # The step-time model's per-stage factors hold for the scenario's own stages only.
    imbalance = base.stage_imbalance if (kind, ranks, chunks) == (base.kind, base.ranks, base.chunks) else None
    return kind, ranks, microbatches, chunks, Durations(**times), imbalance, base.seconds


def read_orders(path: str):
    """The orders of a torch.distributed.pipelining action-list CSV (pipeline.io.read_csv): the
    per-rank compute actions and the count of communication actions skipped."""
    import csv

    from tslab.models.pipeline import ScheduleError
    from tslab.models.pipeline.io import read_csv
    if not path:
        raise UserError("--import needs a file name, not an empty string")
    from tslab.models.files import NoWriter, read_input
    _check_input_file(path, "--import", "an action-list CSV")
    try:
        raw = read_input(path, MAX_IMPORT_BYTES)  # a FIFO without a writer is refused, never waited on
    except NoWriter as exc:
        raise UserError(f"{path}: {exc.strerror}") from None
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(raw) > MAX_IMPORT_BYTES:
        raise UserError(f"{path}: larger than {MAX_IMPORT_BYTES >> 20} MiB, more than the action list of the "
                        f"largest schedule `tslab schedule` simulates")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UserError(f"{path}: not a UTF-8 text file") from None
    try:
        return read_csv(text)
    except csv.Error as exc:  # e.g. a cell longer than the csv module's field limit
        raise UserError(f"{path}: not an action-list CSV ({exc})") from None
    except ScheduleError as exc:
        raise UserError(f"{path}: {exc}") from None


def imported_shape(args: argparse.Namespace, kind: str, imported) -> tuple[int, int, int]:
    """(ranks, micro-batches, chunks) of imported orders, all from the file: its rows, the
    micro-batches its forwards run, and its stages over its ranks under the placement of `kind`.
    An option given that disagrees with the file is a UserError naming both values."""
    from tslab.models.pipeline import ScheduleError, V_SHAPES, stages_of
    path = args.import_csv
    ranks = imported.ranks
    try:
        microbatches = imported.microbatches
    except ScheduleError as exc:
        raise UserError(f"{path}: {exc}") from None
    stages = imported.stages
    if kind == "interleaved-1f1b":
        chunks = -(-stages // ranks)   # the file's highest stage decides; the simulator checks the rest
    else:
        chunks = 2 if kind in V_SHAPES else 1
    for option, given, found, what in (("--ranks", args.ranks, ranks, "ranks (rows)"),
                                       ("--microbatches", args.microbatches, microbatches, "micro-batches"),
                                       ("--chunks", args.chunks, chunks, f"chunks per rank ({stages} stages "
                                                                         f"on {ranks} ranks as {kind} places them)")):
        if given is not None and given != found:
            raise UserError(f"{option} {given} disagrees with {path}, which has {found:,} {what}: "
                            f"leave {option} out to take the file's")
    count = stages_of(kind, ranks, chunks)
    if stages > count:
        raise UserError(f"{path}: names stage {stages - 1}, but {kind} on {ranks} ranks has stages 0 … "
                        f"{count - 1} (--kind names the placement the orders follow)")
    return ranks, microbatches, chunks


def skipped_text(imported) -> str:
    """`12 SEND_F, 12 RECV_F, …` — the communication actions an import skipped."""
    return ", ".join(f"{n:,} {name}" for name, n in imported.skipped)


PER_RANK_ROWS = 64  # plain-text outputs list ranks one per line up to this many


def format_schedule(sim, durations, imported=None, path: str = "", unit: str = "time units") -> str:
    """A plain-text summary of a simulated schedule: configuration, makespan, bubble, per-rank times
    (and, for imported orders, the file and the communication actions skipped)."""
    times = ", ".join(f"{name} {durations.of(name):g}" for name in ("F", "B", "I", "W", "FB", "p2p"))
    lines = [f"{sim.kind}: {sim.ranks:,} rank{'s' if sim.ranks != 1 else ''} × {sim.chunks} chunk"
             f"{'s' if sim.chunks != 1 else ''} = {sim.stages:,} stage{'s' if sim.stages != 1 else ''}, "
             f"{sim.microbatches:,} micro-batch"
             f"{'es' if sim.microbatches != 1 else ''}"
             + (f", {sim.parameter_copies} model copies per rank" if sim.parameter_copies != 1 else ""),
             f"op times: {times} ({unit})",
             f"makespan {sim.makespan:g}; bubble {sim.bubble_ratio:.1%} of rank-time "
             f"(bubble time {sim.bubble_time:g})"]
    if imported is not None:
        lines.insert(1, f"orders from {path}: {sum(len(order) for order in imported.orders):,} compute actions"
                        + (f"; {imported.skipped_total:,} communication actions skipped ({skipped_text(imported)})"
                           if imported.skipped else ""))
    if sim.ranks <= PER_RANK_ROWS:
        lines += ["", f"{'rank':>4}  {'busy':>10}  {'idle':>10}  peak activations"]
        lines += [f"{rank:>4}  {sim.makespan - idle:>10g}  {idle:>10g}  {peak}"
                  for rank, (idle, peak) in enumerate(zip(sim.idle, sim.peak_activations))]
    else:
        lines.append("per-rank busy and idle times and peak activations: --json")
    return "\n".join(lines)


def schedule_body(args: argparse.Namespace) -> str:
    """What `tslab schedule` writes: plain text, JSON, a Chrome trace or the CSV."""
    from tslab.models.pipeline import ScheduleError, generate, simulate, to_chrome_trace, to_csv
    try:
        kind, ranks, microbatches, chunks, durations, imbalance, seconds = schedule_setup(args)
        orders = imported = None
        if args.import_csv is not None:
            imported = read_orders(args.import_csv)
            orders = imported.orders
            if imported.skipped:
                warn(f"{args.import_csv}: {imported.skipped_total:,} communication actions skipped "
                     f"({skipped_text(imported)}): " + ("the CSV written holds the compute actions only" if args.csv
                                                        else "the simulation runs the compute actions, with "
                                                             "--p2p as the transfer latency"))
            if not args.csv or any(v is not None for v in (args.ranks, args.microbatches, args.chunks)):
                ranks, microbatches, chunks = imported_shape(args, kind, imported)
        elif args.csv:
            orders = generate(kind, ranks, microbatches, chunks)
        if args.csv:
            return to_csv(orders)
        sim = simulate(kind, ranks, microbatches, chunks, durations, orders=orders,
                       stage_imbalance=imbalance if orders is None else None)
    except ScheduleError as exc:
        raise UserError(str(exc)) from None
    if args.json:
        doc = sim.to_json()
        if imported is not None and imported.skipped:
            doc["skipped_actions"] = dict(imported.skipped)
        return json_text(doc, indent=None)
    if args.chrome_trace:
        return json_text(to_chrome_trace(sim), indent=None)
    unit = "seconds, from the step-time model" if seconds else "time units"
    return format_schedule(sim, durations, imported, args.import_csv or "", unit) + "\n"


def cmd_schedule(args: argparse.Namespace) -> int:
    check_out(args.out)
    body = schedule_body(args)
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


def parse_bytes(text: str) -> int:
    """`--bytes` as an exact int: a whole number in [0, MAX_BYTES], written as an integer (`1_000`)
    or in decimal notation (`1e9`, `2.5e3`), read exactly (decimal.Decimal, not a float)."""
    from decimal import Decimal, InvalidOperation

    from tslab.models.comm import MAX_BYTES
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise UserError(f"--bytes must be a whole number of bytes, not {text[:40]!r}") from None
    if not value.is_finite() or value < 0 or value > MAX_BYTES:
        raise UserError(f"--bytes must be between 0 and 2^46 = {MAX_BYTES:,} (64 TiB), not {text[:40]}")
    if value != value.to_integral_value():
        raise UserError(f"--bytes must be a whole number of bytes, not {text[:40]}")
    return int(value)


def cmd_comm(args: argparse.Namespace) -> int:
    from tslab.models.comm import plan
    from tslab.models.hardware import link_tiers
    scenario = resolve_scenario(args)
    size = parse_bytes(args.bytes)
    try:
        result = plan(args.collective, args.ranks, size, args.algorithm, **link_tiers(scenario.cluster).kwargs())
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if not args.json:
        print(f"{result.collective} over {result.ranks} ranks, {result.algorithm}: S = {result.bytes:,} B")
        print(f"per rank sent {result.per_rank_sent_bytes:,} B, received {result.per_rank_recv_bytes:,} B; "
              f"{result.rounds} rounds; {result.time_s * 1e6:,.1f} µs; algbw {result.algbw / 1e9:.2f} GB/s, "
              f"busbw {result.busbw / 1e9:.2f} GB/s (factor {result.busbw_factor:g})")
        print(result.convention)
        return 0
    write_json(result.to_json(max_sends=STEPS_SHOWN))  # a 1,024-rank ring lists two million sends
    return 0


def cmd_moe(args: argparse.Namespace) -> int:
    from tslab.models.moe import moe_json, settings_from
    scenario = resolve_scenario(args)
    try:  # refused up front, naming the limit, when over the analysis's limits (models.moe.settings)
        doc = moe_json(scenario, settings_from(scenario))
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if args.json:
        write_json(doc)
    else:
        print(format_moe(scenario, doc))
    return 0


def format_moe(scenario, doc) -> str:
    """A plain-text summary of `moe --json`'s document: routing, balance, traffic, buffers, MoonEP,
    and per EP rank (up to PER_RANK_ROWS ranks) what it receives, hosts and computes."""
    from tslab.models.units import format_bytes as size
    recv, moonep, buffers = doc["recv_tokens"], doc["moonep"], doc["buffers"]
    redundant = moonep["redundant_experts"]
    fixed, aware = doc["makespan_fixed"], doc["makespan_aware"]
    lines = [scenario.title,
             f"MoE dispatch: S = {doc['tokens_per_rank']:,} tokens per EP rank, top-{doc['top_k']} of "
             f"E = {doc['experts']:,} experts on R = {doc['ranks']:,} EP ranks ({doc['routing']} routing, "
             f"seed {doc['seed']})",
             f"tokens received per rank: min {min(recv):,}, mean {sum(recv) / len(recv):,.0f}, max {max(recv):,} "
             f"(max/mean {doc['imbalance']:.3f}, MaxVio {doc['maxvio']:.3f})",
             f"dispatch: at most {size(doc['dispatch_bytes'])} sent by one rank ({size(doc['intra_node_bytes'])} "
             f"inside its node, {size(doc['inter_node_bytes'])} to other nodes), "
             f"{doc['dispatch_time_s'] * 1e6:,.1f} µs",
             f"combine: at most {size(doc['combine_bytes'])} sent back by one rank, "
             f"{doc['combine_time_s'] * 1e6:,.1f} µs",
             f"receive buffers: worst case S·K·R = {buffers['worst_case_tokens']:,} tokens, MoonEP's S·K = "
             f"{buffers['moonep_tokens']:,} tokens",
             f"MoonEP: every rank receives {moonep['recv_tokens'][0]:,} tokens; redundant experts: at most "
             f"{max(redundant)} on a rank (bound E/R = {moonep['bound']}), {sum(redundant)} in all",
             f"expert GEMMs, slowest rank: {max(fixed):g} tiles in a fixed order, {max(aware):g} workload-aware"]
    if len(recv) <= PER_RANK_ROWS:
        lines += ["", f"{'rank':>4}  {'received':>10}  {'MoonEP':>10}  {'redundant':>9}  {'GEMM fixed':>10}  "
                      f"{'GEMM aware':>10}"]
        lines += [f"{r:>4}  {recv[r]:>10,}  {moonep['recv_tokens'][r]:>10,}  {redundant[r]:>9}  {fixed[r]:>10g}  "
                  f"{aware[r]:>10g}" for r in range(len(recv))]
    else:
        lines.append("per-rank tokens, redundant experts and GEMM makespans: --json")
    return "\n".join(lines)


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
    print("\n".join(lines))
    return 0


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
    from tslab.models.time.published import (CONVENTION, GOAL_MAX_ABS_ERROR, GOAL_MEDIAN_ABS_ERROR, figure_text,
                                             summary)
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


def cmd_context(args: argparse.Namespace) -> int:
    from tslab.models.context import context_analysis, context_json
    document = resolve_document(args)
    degree = document.view.context.degree   # the degree taught on a scenario with cp = 1
    return run_analysis(args, lambda scenario: context_analysis(scenario, degree), context_json, format_context,
                        document.scenario)


def format_context(scenario, a) -> str:
    """A plain-text summary of `context --json`: each CP scheme's bytes, steps and limits."""
    from tslab.models.units import format_bytes as size
    from tslab.models.units import format_seconds as format_time
    u, ring, usp, two, kda, sp = a.ulysses, a.ring, a.usp, a.two_stage, a.kda, a.megatron_sp
    lines = [scenario.title,
             f"context parallelism over cp = {a.cp} ranks, sequence S = {a.seq_len:,} tokens "
             f"(a deterministic teaching model, not a benchmark of a real cluster)"
             + (f"; the scenario trains without CP (cp = {a.scenario_cp}): shown at cp = {a.cp} "
                f"(view.context.degree)" if a.cp != a.scenario_cp else ""),
             f"Megatron SP (a TP companion, tp = {sp.tp}, {'on' if sp.enabled else 'off'}) shards "
             f"{size(sp.saved_bytes_per_layer)} of activations per layer; long-context CP splits one sample's sequence",
             f"Ulysses: degree {u.degree}, at most {u.max_degree} ({u.limit}); "
             f"{size(u.bytes_per_link_per_layer)} per link per layer (QKV {size(u.qkv_bytes_per_link)} + output "
             f"{size(u.output_bytes_per_link)}), {format_time(u.time_s)} on {u.placement.tier}-node links"
             + ("" if u.feasible else f"; {u.reason}"),
             f"Ring: {ring.steps} P2P steps of {size(ring.bytes_per_step)}"
             + (" (cp = 1: nothing is sent)" if a.cp == 1 else "") + "; block compute "
             f"{format_time(ring.block_compute_s)} vs transfer {format_time(ring.transfer_s)} "
             f"({'hidden' if ring.hidden else 'exposed'}); causal work per rank max/min contiguous "
             f"{max(ring.work_contiguous) / max(min(ring.work_contiguous), 1e-12):.2f}, zigzag "
             f"{max(ring.work_zigzag) / max(min(ring.work_zigzag), 1e-12):.2f}",
             f"USP: Ulysses {usp.ulysses} × Ring {usp.ring}; {size(usp.ulysses_bytes_per_link_per_layer)} per link "
             f"per layer on the Ulysses axis ({usp.ulysses_placement.tier}), {usp.ring_steps} steps of "
             f"{size(usp.ring_bytes_per_step)} on the Ring axis ({usp.ring_placement.tier})"
             + ("" if usp.feasible else f"; {usp.reason}"),
             f"DeepSeek-V4 two-stage CP: m = {two.compress_ratio}, s = {two.tokens_per_rank:,} tokens per rank → "
             f"{two.compressed_tokens_per_rank:,} compressed (s/m + 1); "
             f"stage 1 sends {size(two.stage1_bytes_per_rank)}, "
             f"stage 2 gathers {size(two.stage2_bytes_per_rank)}",
             f"K3 KDA CP: {size(kda.fragment_bytes)} of fixed-size fragments per rank per layer, one all-gather of "
             f"{size(kda.allgather_bytes_per_rank)} (the softmax ring moves {size(kda.softmax_ring_bytes_per_rank)})"]
    return "\n".join(lines)


def cmd_muon(args: argparse.Namespace) -> int:
    from tslab.models.muon import muon_analysis, muon_json
    return run_analysis(args, muon_analysis, muon_json, format_muon)


def format_muon(scenario, a) -> str:
    """A plain-text summary of `muon --json`: the packing, its padding and balance, one line per rank."""
    from tslab.models.units import format_bytes as size
    lines = [scenario.title,
             f"Muon × ZeRO: {len(a.matrices)} dense matrices packed whole into {a.ranks_used} of "
             f"{a.zero_ranks} ZeRO ranks (P_max = {a.p_max}, an input: the report does not disclose it), at most "
             f"{a.max_matrices} per rank (a deterministic teaching model)",
             f"padding to the largest bucket: {a.padding_overhead:.1%}; Newton–Schulz cost max/mean "
             f"{a.imbalance:.3f}; {a.redundant_groups} DP group(s) beyond P_max repeat the dense update",
             f"MoE: {a.moe.matrices:,} expert matrices over {a.moe.ranks} ranks, {a.moe.elements_per_rank:,} "
             f"elements per rank (padding {a.moe.padding_overhead:.2%})",
             f"K3 P2P fetch: {size(a.k3.p2p_bytes_per_rank)} per rank vs {size(a.k3.naive_bytes_per_rank)} for a "
             f"naive all-gather",
             "", f"{'rank':>4}  {'matrices':>8}  {'elements':>14}  {'padded':>14}"]
    lines += [f"{b.rank:>4}  {len(b.matrices):>8}  {b.elements:>14,}  {b.padded_elements:>14,}" for b in a.buckets]
    return "\n".join(lines)


def cmd_sr(args: argparse.Namespace) -> int:
    from tslab.models.numerics import sr_analysis, sr_json
    return run_analysis(args, sr_analysis, sr_json, format_sr)


def format_sr(scenario, a) -> str:
    """A plain-text summary of `sr --json`: the rounding of x, the accumulation and the reduction."""
    return "\n".join([
        f"stochastic rounding of x = {a.x!r} (FP32) to BF16, {a.samples:,} samples, seed {a.seed}",
        f"neighbours {a.lower!r} and {a.upper!r} (ulp {a.ulp:.6g}), p = {a.p:.6f}; round-to-nearest-even: {a.rtn!r}",
        f"mean {a.mean:.9g}, bias {a.bias:+.3g} ({a.bias / a.ulp:+.5f} ulp), variance {a.variance:.4g} "
        f"≤ p(1−p)·ulp² = {a.variance_bound:.4g} ≤ ulp²/4 = {a.ulp ** 2 / 4:.4g}",
        f"{a.accumulation.steps:,} updates of {a.accumulation.update:g} from 1: "
        f"FP32 {float(a.accumulation.fp32[-1]):.6g}, "
        f"BF16 RTN {float(a.accumulation.rtn[-1]):.6g}, BF16 SR {float(a.accumulation.sr[-1]):.6g}",
        f"gradient reduced over {a.reduction.ranks[-1]} ranks, relative error: BF16 ring "
        f"{a.reduction.error_bf16_ring[-1]:.3g}, SR on the wire + FP32 sums {a.reduction.error_sr_fp32_sum[-1]:.3g}, "
        f"FP32 ring {a.reduction.error_fp32_ring[-1]:.3g}"])


COMMANDS = {"gui": cmd_gui, "presets": cmd_presets, "keys": cmd_keys, "scenario": cmd_scenario, "memory": cmd_memory,
            "mesh": cmd_mesh, "topology": cmd_topology, "schedule": cmd_schedule, "comm": cmd_comm, "moe": cmd_moe,
            "time": cmd_time, "plan": cmd_plan, "validate": cmd_validate, "context": cmd_context, "muon": cmd_muon,
            "sr": cmd_sr, "export": cmd_export}


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
    # The bundled app: a multiprocessing worker starts through main too. Only then is the module
    # imported (it costs the bundle's every start-up several milliseconds otherwise).
    if getattr(sys, "frozen", False) and "--multiprocessing-fork" in sys.argv:
        import multiprocessing
        multiprocessing.freeze_support()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("--version", "-h", "--help")):
        argv.insert(0, "gui")
    stdout = sys.stdout
    sys.stdout = _Stdout(_ClosedStdout() if stdout is None else stdout)
    WARNINGS.clear()
    try:
        args = build_parser().parse_args(argv)
        status = COMMANDS[args.command or "gui"](args)
        sys.stdout.flush()  # a full device or a closed descriptor shows here, as one error line
        print_warnings()
        return status
    except UserError as exc:
        print(f"tslab: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
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
