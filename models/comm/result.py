"""What a planned collective is: its rounds (`Step`), the flat send arrays they are built from
(`FlatPlan`) and the public summary (`CollectiveResult`), with the `tslab comm --json` document.

Sources: nccl-tests, doc/PERFORMANCE.md (algbw = S / t, busbw = algbw · factor, S the nccl-tests
size); the chunk layout of every algorithm is described in the package docstring.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..problems import QT_TRANSLATE_NOOP  # noqa: F401 - re-exported for the builders

Send = tuple[int, int, int, int]   # (from_rank, to_rank, chunk_index, bytes)


@dataclass(frozen=True)
class Phrase:
    """Part of a sentence the model writes (a collective's convention): an English template marked
    for Qt's catalogue with QT_TRANSLATE_NOOP (context "comm"; the views translate it) and its
    arguments, which may be phrases themselves. `text` is the English the command line prints."""
    template: str
    args: tuple[tuple[str, Any], ...] = ()

    @property
    def text(self) -> str:
        return self.template.format(**{k: v.text if isinstance(v, Phrase) else v for k, v in self.args})


def phrase(template: str, **args: Any) -> Phrase:
    """Phrase(template, args) with the arguments as keywords."""
    return Phrase(template, tuple(args.items()))


def sentence(phrases: tuple[Phrase, ...]) -> str:
    """The English text of phrases that follow one another."""
    return "".join(p.text for p in phrases)


@dataclass(frozen=True)
class Step:
    """One round: every send happens at once (senders' data as of the start of the round)."""
    sends: tuple[Send, ...]
    reduce: bool   # receivers add the chunk into theirs; else they overwrite / store it
    tier: str      # "intra" | "inter": the slowest link used in this round

    def to_json(self) -> dict[str, Any]:
        return {"sends": [list(s) for s in self.sends], "reduce": self.reduce, "tier": self.tier}


@dataclass(frozen=True)
class FlatPlan:
    """Flat arrays of all sends (one entry per chunk moved) plus per-round flags."""
    rnd: np.ndarray     # round index of each send
    src: np.ndarray
    dst: np.ndarray
    chunk: np.ndarray   # logical chunk id (alltoall: r·n + c)
    nbytes: np.ndarray
    reduce: np.ndarray  # bool per round
    inter: np.ndarray   # bool per round

    def round_order(self, rounds: int) -> tuple[np.ndarray, np.ndarray]:
        """(order, bounds): the sends of round k are order[bounds[k]:bounds[k + 1]], in the order
        the algorithm lists them (a stable sort by round)."""
        order = np.argsort(self.rnd, kind="stable")
        return order, np.searchsorted(self.rnd[order], np.arange(rounds + 1))


@dataclass(frozen=True)
class CollectiveResult:
    """A planned collective.

    per_rank_sent_bytes / per_rank_recv_bytes: the maximum over ranks of the bytes one rank sends /
    receives over the whole collective (payload only, no protocol headers); sent_per_rank /
    received_per_rank: those bytes for every rank (int64 arrays of length `ranks`, read-only). The
    numbers come from each algorithm's structure (see blocks.Block); the individual sends are not
    needed for them. A ring at n = 1024 has ~2·10^6 sends and a pairwise all-to-all at n = 65,536
    ~4·10^9, so the flat send arrays (`_plan`) and `steps` are only built when something asks for
    them (steps, execute, execute_rounds) and are then cached; `to_json(max_sends=…)` builds only
    the rounds it lists.
    """
    collective: str
    ranks: int
    bytes: int
    algorithm: str
    per_rank_sent_bytes: int
    per_rank_recv_bytes: int
    rounds: int
    time_s: float
    algbw: float
    busbw: float
    busbw_factor: float
    convention: str
    chunks: int                 # chunks per rank buffer that `execute` expects
    inter_node_bytes: int       # total bytes of all sends that leave a node
    sent_per_rank: np.ndarray = field(repr=False, compare=False)
    received_per_rank: np.ndarray = field(repr=False, compare=False)
    _build_plan: Callable[[int | None], FlatPlan] = field(repr=False, compare=False)  # rounds → sends
    _round_sends: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64), repr=False,
                                     compare=False)   # int64 per round: how many sends it has
    # `convention` as phrases (sentence(convention_phrases) == convention), for the views to translate
    convention_phrases: tuple[Phrase, ...] = field(default=(), repr=False, compare=False)

    @functools.cached_property
    def _plan(self) -> FlatPlan:
        return self._build_plan(None)

    @property
    def sends(self) -> int:
        """Sends (one per chunk moved) over all rounds, counted from the structure, not built."""
        return int(self._round_sends.sum())

    @functools.cached_property
    def steps(self) -> tuple[Step, ...]:
        p = self._plan
        order, bounds = p.round_order(self.rounds)
        rows = np.stack([p.src, p.dst, p.chunk, p.nbytes], axis=1)[order].tolist()
        return tuple(Step(tuple(map(tuple, rows[bounds[r]:bounds[r + 1]])), bool(p.reduce[r]),
                          "inter" if p.inter[r] else "intra") for r in range(self.rounds))

    def to_json(self, max_sends: int | None = None) -> dict[str, Any]:
        """The `tslab comm --json` document plus "convention". With `max_sends`, "steps" holds the
        first whole rounds up to that many sends (a 1,024-rank ring has two million) and
        "steps_truncated" says how many rounds were shown; only those rounds are built."""
        doc: dict[str, Any] = {
            "collective": self.collective, "ranks": self.ranks, "bytes": self.bytes,
            "algorithm": self.algorithm, "per_rank_sent_bytes": self.per_rank_sent_bytes,
            "per_rank_recv_bytes": self.per_rank_recv_bytes, "rounds": self.rounds,
            "time_s": self.time_s, "algbw": self.algbw, "busbw": self.busbw,
            "busbw_factor": self.busbw_factor, "steps": [], "convention": self.convention,
        }
        total = self.sends
        if max_sends is None or total <= max_sends:
            doc["steps"] = [s.to_json() for s in self.steps]
            return doc
        # Whole rounds that fit, from the per-round counts; then only those rounds are built.
        shown = int(np.searchsorted(np.cumsum(self._round_sends), max_sends, side="right"))
        p = self._plan if "_plan" in vars(self) else self._build_plan(shown)
        order, bounds = p.round_order(shown)
        rows = np.stack([p.src, p.dst, p.chunk, p.nbytes], axis=1)[order[:bounds[shown]]].tolist()
        doc["steps"] = [{"sends": rows[bounds[r]:bounds[r + 1]], "reduce": bool(p.reduce[r]),
                         "tier": "inter" if p.inter[r] else "intra"} for r in range(shown)]
        doc["steps_truncated"] = {"rounds_shown": shown, "rounds": self.rounds, "sends": total}
        return doc
