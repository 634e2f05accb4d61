"""The largest input every command accepts finishes within its budget; the first one past a limit
is refused at once, naming the limit.

Each case runs `python -m tslab …` in its own process with an address-space limit of 2 GiB
(RLIMIT_AS) and a 60 s timeout, and must exit 0 with valid JSON. The cases are built from the
limits themselves (comm.MAX_RANKS, pipeline.MAX_OPS and MAX_RANKS, the scenario's largest
schedule.microbatches, mesh.MAX_WORLD, the MoE routing limits), so a limit raised without the
work getting cheaper fails here. Wall time and peak memory (the child's ru_maxrss) are printed,
not asserted: run with -s to see them.
"""
from __future__ import annotations

import dataclasses
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time

import pytest

from tslab.models.comm import ALGORITHMS, COLLECTIVES, MAX_RANKS as COMM_RANKS
from tslab.models.mesh import MAX_WORLD
from tslab.models.moe import MoeSettings
from tslab.models.moe.routing import routing_draws
from tslab.models.moe.settings import MAX_ROUTING_CELLS, MAX_ROUTING_DRAWS
from tslab.models.pipeline import MAX_OPS, MAX_RANKS, op_count
from tslab.models.presets import load_preset
from tslab.models.scenario import Schedule

ADDRESS_SPACE = 2 << 30   # bytes
TIMEOUT_S = 60.0
GIB = 1 << 30
LARGEST_MICROBATCHES = int({f.name: f for f in dataclasses.fields(Schedule)}["microbatches"].metadata["high"])


@dataclasses.dataclass(frozen=True)
class Run:
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    peak_mib: float


def _limit_address_space() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def tslab(*args: str) -> Run:
    """`python -m tslab ARGS` under RLIMIT_AS and the timeout; the child's own peak RSS from
    wait4 (getrusage(RUSAGE_CHILDREN) would be the maximum over every child so far)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "TSLAB_DEBUG")}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        child = subprocess.Popen([sys.executable, "-m", "tslab", *args], stdout=out, stderr=err, env=env,
                                 preexec_fn=_limit_address_space)
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - start > TIMEOUT_S:
                os.kill(child.pid, signal.SIGKILL)
                os.wait4(child.pid, 0)
                child.returncode = -signal.SIGKILL
                pytest.fail(f"tslab {' '.join(args)} ran past {TIMEOUT_S:.0f} s")
            time.sleep(0.02)
        seconds = time.monotonic() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(child.returncode, out.read().decode(), err.read().decode(), seconds, usage.ru_maxrss / 1024)


def accepted(label: str, *args: str) -> dict:
    """Run, require exit 0 and a JSON document on standard output, print the measurements."""
    run = tslab(*args)
    print(f"\n  {label:<58} {run.seconds:6.2f} s  {run.peak_mib:7.0f} MiB", end="")
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout)


def refused(label: str, match: str, *args: str) -> None:
    """Run, require exit 2 with one error line naming the limit."""
    run = tslab(*args)
    print(f"\n  {label:<58} {run.seconds:6.2f} s  refused: {run.stderr.strip()}", end="")
    assert run.returncode == 2, run.stderr
    assert match in run.stderr


# ---------------------------------------------------------------------------------------------
# tslab comm: every collective at the rank limit with a 1 GiB buffer

COMM_CASES = [(name, "ring") for name in COLLECTIVES] + [
    ("allreduce", "hierarchical"), ("alltoall", "hierarchical"), ("broadcast", "hierarchical"),
    ("allreduce", "tree"), ("broadcast", "tree"), ("allreduce", "halving-doubling"),
    ("allgather", "halving-doubling"), ("reducescatter", "halving-doubling")]


@pytest.mark.parametrize("collective, algorithm", COMM_CASES)
def test_comm_at_the_rank_limit(collective: str, algorithm: str) -> None:
    assert algorithm in ALGORITHMS
    doc = accepted(f"comm {collective} {algorithm} {COMM_RANKS:,} ranks 1 GiB", "comm", "--json",
                   "--collective", collective, "--ranks", str(COMM_RANKS), "--bytes", str(GIB),
                   "--algorithm", algorithm)
    assert doc["ranks"] == COMM_RANKS and doc["bytes"] == GIB
    assert doc["time_s"] > 0 and sum(len(step["sends"]) for step in doc["steps"]) <= 100_000


def test_comm_past_the_rank_limit() -> None:
    refused(f"comm alltoall {COMM_RANKS + 1:,} ranks", f"limit of {COMM_RANKS:,} ranks", "comm", "--json",
            "--collective", "alltoall", "--ranks", str(COMM_RANKS + 1), "--bytes", str(GIB))


# ---------------------------------------------------------------------------------------------
# tslab schedule: exactly MAX_OPS ops, and the deepest pipeline near it

def test_schedule_at_the_op_limit() -> None:
    """1F1B with 2·p·m = MAX_OPS ops as a Chrome trace (a slice per op and two flow events per transfer, the most
    expensive output), DualPipe just under the limit as JSON."""
    p, m = 100, MAX_OPS // 200
    assert op_count("1f1b", p, m) == MAX_OPS
    doc = accepted(f"schedule 1f1b p={p} m={m:,} ({MAX_OPS:,} ops) --chrome-trace", "schedule", "--kind", "1f1b",
                   "--ranks", str(p), "--microbatches", str(m), "--chrome-trace")
    assert sum(1 for event in doc["traceEvents"] if event["ph"] == "X") == MAX_OPS
    p, m = 64, 2 * ((MAX_OPS - (3 * 32 * 32 - 32)) // (8 * 32))   # 3N² − N + 8CN ≤ MAX_OPS, N = p/2, C = m/2
    ops = op_count("dualpipe", p, m)
    assert MAX_OPS - 512 < ops <= MAX_OPS
    doc = accepted(f"schedule dualpipe p={p} m={m:,} ({ops:,} ops) --json", "schedule", "--kind", "dualpipe",
                   "--ranks", str(p), "--microbatches", str(m), "--json")
    assert len(doc["ops"]) == ops


def test_schedule_at_the_rank_limit() -> None:
    m = MAX_OPS // (2 * MAX_RANKS)
    doc = accepted(f"schedule gpipe p={MAX_RANKS:,} m={m} ({op_count('gpipe', MAX_RANKS, m):,} ops) --json",
                   "schedule", "--kind", "gpipe", "--ranks", str(MAX_RANKS), "--microbatches", str(m), "--json")
    assert doc["ranks"] == MAX_RANKS and len(doc["ops"]) == op_count("gpipe", MAX_RANKS, m)


def test_schedule_past_the_op_limit() -> None:
    refused("schedule 1f1b p=4,096 m=65,536", f"exceeds the {MAX_OPS:,}-op limit", "schedule", "--kind", "1f1b",
            "--ranks", "4096", "--microbatches", "65536", "--json")


# ---------------------------------------------------------------------------------------------
# tslab memory: the largest micro-batch count

@pytest.mark.parametrize("preset", ["classroom-7b", "gpt3-175b", "deepseek-v3"])
def test_memory_with_the_most_micro_batches(preset: str) -> None:
    doc = accepted(f"memory {preset} schedule.microbatches={LARGEST_MICROBATCHES:,}", "memory", "--json",
                   "--preset", preset, "--set", f"schedule.microbatches={LARGEST_MICROBATCHES}")
    assert "closed form" in doc["activations"]["in_flight_formula"]


# ---------------------------------------------------------------------------------------------
# tslab mesh: the largest world it enumerates

def test_mesh_at_the_largest_world() -> None:
    """MAX_WORLD GPUs, every one its own TP, CP and PP group: the most groups the JSON lists."""
    doc = accepted(f"mesh {MAX_WORLD:,} GPUs (dp = world) --json", "mesh", "--json",
                   "--set", f"cluster.nodes={MAX_WORLD // 8}", "--set", f"parallel.dp={MAX_WORLD}",
                   "--set", "schedule.microbatches=1")  # a batch of one sequence per replica
    assert doc["world_size"] == MAX_WORLD and not doc["errors"]
    assert len(doc["groups"]["tp"]) == MAX_WORLD


# ---------------------------------------------------------------------------------------------
# tslab moe: the most draws and the largest routing matrix accepted

def _largest_tokens(experts: int, top_k: int, ranks: int, routing: str) -> int:
    """The largest moe.tokens_per_rank within MAX_ROUTING_DRAWS (routing_draws grows with S)."""
    def draws(tokens: int) -> int:
        return routing_draws(experts, top_k, ranks, MoeSettings(tokens_per_rank=tokens, routing=routing))
    low, high = 1, 1 << 24
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if draws(mid) <= MAX_ROUTING_DRAWS else (low, mid - 1)
    return low


@pytest.mark.parametrize("routing", ["uniform", "zipf", "node-limited"])
def test_moe_at_the_draw_limit(routing: str) -> None:
    s = load_preset("deepseek-v3")
    tokens = _largest_tokens(s.model.experts, s.model.top_k, s.parallel.ep, routing)
    doc = accepted(f"moe deepseek-v3 {routing} S={tokens:,} (draw limit)", "moe", "--json", "--preset",
                   "deepseek-v3", "--set", f"moe.routing={routing}", "--set", f"moe.tokens_per_rank={tokens}")
    assert doc["tokens_per_rank"] == tokens and sum(doc["moonep"]["recv_tokens"]) == tokens * 8 * 64


def test_moe_at_the_routing_matrix_limit() -> None:
    experts = MAX_ROUTING_CELLS // 64   # R·E = MAX_ROUTING_CELLS with DeepSeek-V3's ep = 64
    doc = accepted(f"moe deepseek-v3 E={experts:,} (R·E = {MAX_ROUTING_CELLS:,})", "moe", "--json", "--preset",
                   "deepseek-v3", "--set", f"model.experts={experts}")
    assert doc["experts"] == experts and len(doc["tokens_per_expert"]) == experts


@pytest.mark.parametrize("routing, tokens", [("uniform", 1 << 24), ("zipf", 60_000)])
def test_moe_past_the_draw_limit(routing: str, tokens: int) -> None:
    """The largest moe.tokens_per_rank, and Zipf routing whose S·K·R = 30,720,000 picks fit but
    whose ~14 draws a token do not: refused, naming the limit."""
    refused(f"moe deepseek-v3 {routing} moe.tokens_per_rank={tokens:,}", f"{MAX_ROUTING_DRAWS:,}", "moe", "--json",
            "--preset", "deepseek-v3", "--set", f"moe.routing={routing}", "--set", f"moe.tokens_per_rank={tokens}")


# ---------------------------------------------------------------------------------------------
# tslab context, muon, sr: the largest CP group, stage and samples

def test_context_at_the_cp_limit() -> None:
    from tslab.models.context import MAX_CP
    doc = accepted(f"context cp = {MAX_CP:,}, S = 1M", "context", "--json", "--set", f"parallel.cp={MAX_CP}",
                   "--set", "parallel.dp=1", "--set", f"cluster.nodes={MAX_CP // 8}", "--set", "model.seq_len=1048576")
    assert doc["ring"]["steps"] == MAX_CP - 1 and len(doc["ring"]["schedule"]) == MAX_CP
    assert doc["two_stage"]["compressed_tokens_per_rank"] == 1048576 // MAX_CP // 4 + 1


def test_muon_at_the_matrix_limit() -> None:
    from tslab.models.muon import MAX_DENSE_MATRICES
    layers = MAX_DENSE_MATRICES // 7      # a Llama-style layer: q, k, v, o and the SwiGLU's three
    doc = accepted(f"muon {layers * 7:,} dense matrices", "muon", "--json", "--set", f"model.layers={layers}",
                   "--set", "muon.max_matrices=1000000")
    assert doc["matrices_total"] == layers * 7
    refused(f"muon {(layers + 1) * 7:,} dense matrices", f"at most {MAX_DENSE_MATRICES:,}", "muon", "--json",
            "--set", f"model.layers={layers + 1}")


def test_sr_at_its_largest_inputs() -> None:
    doc = accepted("sr 10^8 samples, 10^7 updates, 65,536 ranks", "sr", "--json", "--set", "sr.samples=100000000",
                   "--set", "sr.steps=10000000", "--set", "sr.ranks=65536")
    assert doc["samples"] == 10**8 and doc["reduction"]["ranks"][-1] == 65536
