"""`tslab mesh` and `tslab topology`: the device mesh with its traffic and network load, and the
network's links per tier."""
from __future__ import annotations

import argparse
from typing import Any

from tslab.desktop.cli.common import UserError, resolve_scenario, warn, write_json


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
    empty: dict[str, Any] = {"links": [], "bottleneck": None,
                             "network": {"axes": {}, "leaves": 0, "spines": 0, "error": None}}
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
    from tslab.models.units import format_bytes as size, format_seconds
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
