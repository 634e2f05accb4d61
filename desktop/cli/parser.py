"""The `tslab` argument parser: every command, its options and their help texts."""
from __future__ import annotations

import argparse
from typing import NoReturn

from tslab import __version__
from tslab.desktop.cli.common import UserError
from tslab.desktop.tabs import TAB_KEYS

TABS = TAB_KEYS  # the tabs (desktop/tabs.py: the document's view sections)


# The gallery's figures in the course's order (views.gallery.figures() keys, without importing Qt): `export
# --figure` checks a name against the figures registered, and its help lists these.
FIGURES = ("cost-stack", "bytes-per-parameter", "device-mesh", "pipeline-schedules", "collectives", "moe-all-to-all",
           "context-parallel", "activation-lifecycle", "dualpipe-overlap", "kimi-lineage", "k3-memory-seesaw",
           "agentenv-lifecycle")


FORMATS = ("png", "svg", "pdf")


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


JSON_HELP = "print JSON (docs/cli-and-json.md)"


def _report_command(sub: argparse._SubParsersAction, name: str, text: str) -> argparse.ArgumentParser:
    """A command that reports on one scenario: `name` with help `text`, the scenario options and --json."""
    command = sub.add_parser(name, help=text)
    _scenario_options(command)
    command.add_argument("--json", action="store_true", help=JSON_HELP)
    return command


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

    _report_command(sub, "memory", "per-GPU memory ledger of the most-loaded rank")
    _report_command(sub, "mesh", "device mesh: TP/CP/DP/PP/EP groups, cross-node groups, traffic")

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
    output.add_argument("--json", action="store_true", help=JSON_HELP)
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
    comm.add_argument("--json", action="store_true", help=JSON_HELP)

    _report_command(sub, "moe", "MoE dispatch: tokens per rank, imbalance, bytes, buffers, MoonEP plan")
    _report_command(sub, "time", "step time and its cost stack: compute, memory-bound, exposed communication by "
                                 "axis, bubble; tokens/s, MFU, HFU")
    planner = sub.add_parser("plan", help="rank the parallel configurations that fit the scenario's model and "
                                          "cluster by step time")
    _scenario_options(planner)
    planner.add_argument("--gpus", type=int, default=None, metavar="N",
                         help="GPUs to plan for (a multiple of cluster.gpus_per_node; default: the cluster's)")
    planner.add_argument("--top", type=int, default=10, metavar="K", help="configurations listed (1-100, default 10)")
    planner.add_argument("--json", action="store_true", help=JSON_HELP)
    validation = sub.add_parser("validate", help="the step-time model against published runs (Korthikanti et al. "
                                                 "2022 Table 5, Llama 3 Table 4, DeepSeek-V3): each run's source, "
                                                 "scenario, published figure, tslab's and the error")
    validation.add_argument("--json", action="store_true", help=JSON_HELP)
    analyses = (("context", "long-context parallelism: Ulysses, Ring, USP, DeepSeek-V4's two-stage CP, K3's KDA CP"),
                ("muon", "Muon × ZeRO: dense matrices packed whole into at most P_max ranks, MoE experts split"),
                ("sr", "FP32 → BF16 stochastic rounding: bias, variance, accumulation, gradient reduction"))
    for name, text in analyses:
        _report_command(sub, name, text)

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
