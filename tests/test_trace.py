"""The Chrome / Perfetto trace of a simulated schedule: every flow arrow joins the op that produced
the data and the op that consumed it, as a trace viewer binds it.

Binding, as Perfetto's trace processor does for JSON flow events (google/perfetto,
src/trace_processor/importers/json/json_trace_parser.cc and importers/common/flow_tracker.cc): a
flow start `s` binds to the slice open on its track at its timestamp, a flow end `f` with `bp: "e"`
to the slice enclosing its timestamp (without `bp` it would bind to the next slice that begins).
A complete event X is open on [ts, ts + dur): at the instant one slice ends and the next begins,
the next one encloses it. Nested slices: the innermost (the latest begun) wins.
"""
from __future__ import annotations

import json

import pytest

from tslab.models.pipeline import Durations, chains_of, simulate, stage_rank, to_chrome_trace

P, M = 4, 8
CHUNKS = {"gpipe": 1, "1f1b": 1, "interleaved-1f1b": 2, "zb-h1": 1, "zb-h2": 1, "zbv": 2, "dualpipe": 1,
          "dualpipev": 2}
TIMES = {"default": Durations(), "uneven": Durations(F=1.5, B=2.25, I=1.25, W=1.0, FB=2.75)}


def slice_ops(event: dict) -> set[tuple[str, int, int]]:
    """The ops (type, stage, micro-batch) a complete event stands for: one, or an overlapped pair's two."""
    args = event["args"]
    if "pair" in args:
        return {(op["type"], op["stage"], op["mb"]) for op in args["pair"]}
    return {(event["cat"], args["stage"], args["mb"])}


def bind(slices: list[tuple[float, float, int, dict]], ts: float) -> dict | None:
    """The slice on one track that encloses `ts` (the innermost if nested), or None."""
    open_ = [(start, order, event) for start, end, order, event in slices if start <= ts < end]
    return max(open_, key=lambda x: (x[0], x[1]))[2] if open_ else None


def arrows(trace: dict) -> tuple[list[tuple[str, dict, dict]], list[str]]:
    """(name, producing slice, consuming slice) per flow as a viewer binds it, and the flows that
    bind to nothing."""
    tracks: dict[tuple[int, int], list] = {}
    starts, ends = {}, {}
    for order, e in enumerate(trace["traceEvents"]):
        if e["ph"] == "X":
            tracks.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e["dur"], order, e))
        elif e["ph"] == "s":
            starts[(e["cat"], e["name"], e["id"])] = e
        elif e["ph"] == "f":
            assert e.get("bp") == "e", e
            ends[(e["cat"], e["name"], e["id"])] = e
    assert starts.keys() == ends.keys()
    bound, unbound = [], []
    for key, s in starts.items():
        f = ends[key]
        out = bind(tracks.get((s["pid"], s["tid"]), []), s["ts"])
        into = bind(tracks.get((f["pid"], f["tid"]), []), f["ts"])
        if out is None or into is None:
            unbound.append(str(key))
            continue
        bound.append((s["name"], out, into))
    return bound, unbound


def dependencies(sim) -> set[tuple[tuple, tuple]]:
    """Every cross-rank data dependency of the simulated schedule, from its ops alone: F of stage s
    consumes the F of the previous stage of its model copy (same micro-batch); the B or I of stage s
    consumes the B or I of the next stage."""
    ops = {(op.type, op.stage, op.mb): op for op in sim.ops}
    first_backward = {(s, mb): t for t, s, mb in ops if t in ("B", "I")}
    prev, nxt = {}, {}
    for chain in chains_of(sim.kind, sim.ranks, sim.chunks):
        for a, b in zip(chain, chain[1:]):
            nxt[a], prev[b] = b, a
    owner = {s: stage_rank(sim.kind, sim.ranks, sim.chunks, s) for s in range(sim.stages)}
    deps = set()
    for (t, s, mb), op in ops.items():
        if t == "F" and s in prev and owner[prev[s]] != op.rank:
            deps.add((("F", prev[s], mb), (t, s, mb)))
        elif t in ("B", "I") and s in nxt and owner[nxt[s]] != op.rank:
            deps.add(((first_backward[(nxt[s], mb)], nxt[s], mb), (t, s, mb)))
    return deps


@pytest.mark.parametrize("times", sorted(TIMES))
@pytest.mark.parametrize("p2p", [0.0, 0.5])
@pytest.mark.parametrize("kind", sorted(CHUNKS))
def test_every_flow_arrow_joins_its_producer_and_consumer(kind: str, p2p: float, times: str) -> None:
    d = TIMES[times]
    sim = simulate(kind, P, M, CHUNKS[kind], Durations(F=d.F, B=d.B, I=d.I, W=d.W, FB=d.FB, p2p=p2p))
    trace = json.loads(json.dumps(to_chrome_trace(sim)))   # what a viewer reads: JSON numbers
    bound, unbound = arrows(trace)
    assert not unbound
    deps = dependencies(sim)
    assert deps, "every kind here has cross-rank dependencies"
    joined = []
    for name, out, into in bound:
        # The bound slices hold the producer and the consumer of a dependency, and it is the one the
        # arrow is named after (two arrows may join the same two F&B pairs: act one way, grad back).
        what, stage, mb = name.split()
        named = [(a, b) for a in slice_ops(out) for b in slice_ops(into) if (a, b) in deps
                 and (a[0] == "F") == (what == "act") and f"s{a[1]}" == stage and f"mb{a[2]}" == mb]
        assert len(named) == 1, (name, out["name"], into["name"])
        joined.append(named[0])
    assert sorted(joined) == sorted(deps)   # one arrow per dependency, none twice


@pytest.mark.parametrize("kind", ["1f1b", "dualpipev"])
def test_trace_tracks_start_at_one(kind: str) -> None:
    # Perfetto treats pid 0 as the kernel's swapper (idle) process; tracks are numbered from 1.
    sim = simulate(kind, P, M, CHUNKS[kind])
    events = to_chrome_trace(sim)["traceEvents"]
    assert {e["pid"] for e in events} == {1}
    names = {e["tid"]: e["args"]["name"] for e in events if e["name"] == "thread_name"}
    assert names == {r + 1: f"rank {r}" for r in range(P)}
    assert {e["tid"] for e in events if e["ph"] in "Xsf"} == set(range(1, P + 1))


def test_overlapped_pair_is_one_slice_with_both_ops() -> None:
    sim = simulate("dualpipev", P, M, 2)
    events = to_chrome_trace(sim)["traceEvents"]
    xs = [e for e in events if e["ph"] == "X"]
    pairs = [e for e in xs if "pair" in e["args"]]
    halves = [op for op in sim.ops if op.overlap is not None]
    assert pairs and 2 * len(pairs) == len(halves)
    assert len(xs) == len(sim.ops) - len(pairs)
    by_key = {(op.type, op.stage, op.mb): op for op in sim.ops}
    for e in pairs:
        a, b = (by_key[k] for k in sorted(slice_ops(e)))
        assert a.overlap == b.overlap == e["args"]["overlap"] and a.rank + 1 == e["tid"]
        assert e["ts"] == a.start * 1000 and e["ts"] + e["dur"] == pytest.approx(a.end * 1000)
        assert e["cat"] == "FB" and " + " in e["name"]
    # on every track the slices are disjoint, so a timestamp picks one slice
    for tid in range(1, P + 1):
        spans = sorted((e["ts"], e["ts"] + e["dur"]) for e in xs if e["tid"] == tid)
        assert all(end <= start + 1e-9 for (_, end), (start, _) in zip(spans, spans[1:]))


def test_flow_events_sit_inside_the_producer_and_at_the_consumers_start() -> None:
    sim = simulate("interleaved-1f1b", P, M, 2, Durations(p2p=0.25))
    events = to_chrome_trace(sim)["traceEvents"]
    x = {(e["cat"], e["args"]["stage"], e["args"]["mb"]): e for e in events if e["ph"] == "X"}
    flows = {}
    for e in events:
        if e["ph"] in "sf":
            flows.setdefault(e["id"], {})[e["ph"]] = e
    assert len(flows) == len(sim.transfers)
    for n, (src, dst, _sent, arrive, stage, mb, what) in enumerate(sim.transfers):
        s, f = flows[n]["s"], flows[n]["f"]
        producer = x[("F" if what == "act" else "B", stage, mb)]
        consumer = x[("F", stage + 1, mb)] if what == "act" else x[("B", stage - 1, mb)]
        assert producer["ts"] < s["ts"] < producer["ts"] + producer["dur"] and s["tid"] == src + 1
        assert f["ts"] == consumer["ts"] >= arrive * 1000 and f["tid"] == dst + 1
