"""Which builder plans which collective: a dict from (algorithm, collective family) to builder.

A family groups the collectives one builder serves, told apart by `Setup.collective`:
reduce-scatter and all-gather are the two halves of a ring all-reduce (Thakur et al. 2005 §4),
broadcast and reduce are the two directions of a rooted chain or tree. An algorithm missing for a
family falls back to the flat ring algorithm, and the convention says so.
"""
from __future__ import annotations

from ..scenario import ALGORITHMS, COLLECTIVES  # noqa: F401 - re-exported; the names live with the scenario
from . import chain, halving, hierarchical, p2p, pairwise, ring, tree
from .blocks import Builder
from .result import QT_TRANSLATE_NOOP, Phrase, phrase

FAMILY = {"allreduce": "allreduce", "reducescatter": "scatter-gather", "allgather": "scatter-gather",
          "broadcast": "rooted", "reduce": "rooted", "alltoall": "alltoall", "p2p": "p2p"}

BUILDERS: dict[tuple[str, str], Builder] = {
    ("ring", "allreduce"): ring.allreduce,
    ("ring", "scatter-gather"): ring.scatter_gather,
    ("ring", "rooted"): chain.rooted,
    ("ring", "alltoall"): pairwise.alltoall,
    ("ring", "p2p"): p2p.send,
    ("tree", "allreduce"): tree.allreduce,
    ("tree", "rooted"): tree.rooted,
    ("tree", "p2p"): p2p.send,
    ("hierarchical", "allreduce"): hierarchical.allreduce,
    ("hierarchical", "scatter-gather"): hierarchical.scatter_gather,
    ("hierarchical", "rooted"): hierarchical.rooted,
    ("hierarchical", "p2p"): p2p.send,
    ("halving-doubling", "allreduce"): halving.allreduce,
    ("halving-doubling", "scatter-gather"): halving.scatter_gather,
    ("halving-doubling", "p2p"): p2p.send,
}

# What the convention says when (algorithm, family) has no builder and the ring one is used.
FALLBACK_NOTE = {
    "tree": QT_TRANSLATE_NOOP("comm", "tree is not defined for {collective}: ring used instead; "),
    "hierarchical": QT_TRANSLATE_NOOP("comm", "hierarchical is not defined for {collective}: flat algorithm used; "),
    "halving-doubling": QT_TRANSLATE_NOOP("comm", "halving-doubling is not defined for {collective}: ring used "
                                                  "instead; "),
}


def builder(algorithm: str, collective: str) -> tuple[str, Phrase | None, Builder]:
    """(algorithm used, note for the convention or None, builder) for normalised names."""
    family = FAMILY[collective]
    found = BUILDERS.get((algorithm, family))
    if found is not None:
        return algorithm, None, found
    return "ring", phrase(FALLBACK_NOTE[algorithm], collective=collective), BUILDERS[("ring", family)]
