"""Collective communication: which rank sends which chunk to whom in each round, how many bytes each
rank sends and receives, and how long it takes in the α–β model. A deterministic teaching model,
not a measurement.

Sources:
- nccl-tests, doc/PERFORMANCE.md: algbw = S / t; busbw = algbw · factor with factor 2(n−1)/n for
  AllReduce, (n−1)/n for ReduceScatter, AllGather and AlltoAll, 1 for Broadcast and Reduce. S is
  the nccl-tests size: the per-rank buffer, and for AllGather/ReduceScatter the full gathered array
  (n times the shard).
- Thakur, Rabenseifner & Gropp, "Optimization of Collective Communication Operations in MPICH"
  (IJHPCA 2005): ring reduce-scatter / all-gather (n−1 rounds of S/n), ring all-reduce =
  reduce-scatter + all-gather (2(n−1) rounds, 2(n−1)/n·S sent per rank), pairwise-exchange
  all-to-all (n−1 rounds), pipelined chain broadcast/reduce, tree algorithms (⌈log2 n⌉ levels).
- Sanders, Speck & Träff (2009) / NCCL 2.4: double binary trees — two trees each carrying half of
  the data, the interior ranks of one tree being leaves of the other.
- Seed 002 §5.2 α–β model: time ≈ α·rounds + β·bytes_on_critical_path; here per round
  α(tier) + max over ranks of bytes sent or received that round / bandwidth(tier), where a round's
  tier is "inter" as soon as one of its sends leaves a node (the slowest link sets the round).

Chunk layout (what `execute` expects): every rank's buffer is split into `result.chunks` chunks.
- ring/hierarchical allreduce, reducescatter, allgather: n chunks; after reduce-scatter rank r holds
  the sum of chunk r; for allgather rank r contributes its chunk r.
- broadcast/reduce (ring = pipelined chain, hierarchical): n chunks pipelined; root is rank 0.
- tree (double binary tree, allreduce/broadcast/reduce): 2 chunks, chunk 0 along tree A, 1 along B.
- alltoall: n chunks per rank, chunk c of rank r is the block rank r sends to rank c; inside the
  steps a block is named by the logical id r·n + c (kept by whoever holds it); the result of
  `execute` has out[r, c] = inputs[c, r].
- p2p: 1 chunk, rank 0 sends it to rank 1.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

COLLECTIVES = ("allreduce", "reducescatter", "allgather", "alltoall", "broadcast", "reduce", "p2p")
ALGORITHMS = ("ring", "tree", "hierarchical")
MAX_RANKS = 1 << 16

# nccl-tests doc/PERFORMANCE.md, "Bus bandwidth": busbw = algbw · factor(n).
BUSBW_FACTOR = {
    "allreduce": lambda n: 2 * (n - 1) / n,
    "reducescatter": lambda n: (n - 1) / n,
    "allgather": lambda n: (n - 1) / n,
    "alltoall": lambda n: (n - 1) / n,
    "broadcast": lambda n: 1.0,
    "reduce": lambda n: 1.0,
    "p2p": lambda n: 1.0,
}

_ALIASES = {"sendrecv": "p2p", "sendreceive": "p2p", "pointtopoint": "p2p", "all2all": "alltoall"}


def normalise_collective(name: str) -> str:
    """'all-reduce', 'all_reduce', 'AllReduce', 'All Reduce' → 'allreduce'."""
    key = "".join(ch for ch in str(name).lower() if ch not in "-_ ")
    key = _ALIASES.get(key, key)
    if key not in COLLECTIVES:
        raise ValueError(f"unknown collective {name!r}; choose from {', '.join(COLLECTIVES)}")
    return key


def normalise_algorithm(name: str) -> str:
    key = str(name).strip().lower()
    if key not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {name!r}; choose from {', '.join(ALGORITHMS)}")
    return key


@dataclass(frozen=True)
class Step:
    """One round: every send happens at once (senders' data as of the start of the round)."""
    sends: tuple[tuple[int, int, int, int], ...]   # (from_rank, to_rank, chunk_index, bytes)
    reduce: bool   # receivers add the chunk into theirs; else they overwrite / store it
    tier: str      # "intra" | "inter": the slowest link used in this round

    def to_json(self) -> dict:
        return {"sends": [list(s) for s in self.sends], "reduce": self.reduce, "tier": self.tier}


@dataclass(frozen=True)
class _Plan:
    """Flat arrays of all sends (one entry per chunk moved) plus per-round flags."""
    rnd: np.ndarray     # round index of each send
    src: np.ndarray
    dst: np.ndarray
    chunk: np.ndarray   # logical chunk id (alltoall: r·n + c)
    nbytes: np.ndarray
    reduce: np.ndarray  # bool per round
    inter: np.ndarray   # bool per round


@dataclass(frozen=True)
class CollectiveResult:
    """A planned collective.

    per_rank_sent_bytes / per_rank_recv_bytes: the maximum over ranks of the bytes one rank sends /
    receives over the whole collective (payload only, no protocol headers). The numbers come from
    each algorithm's structure (see _Block); the individual sends are not needed for them. A ring
    at n = 1024 has ~2·10^6 sends, so the flat send arrays (`_plan`) and `steps` are only built
    when something asks for them (steps, execute, execute_rounds, the view's byte table) and are
    then cached.
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
    _build_plan: Callable[[], _Plan] = field(repr=False, compare=False)

    @functools.cached_property
    def _plan(self) -> _Plan:
        return self._build_plan()

    @functools.cached_property
    def steps(self) -> tuple[Step, ...]:
        p = self._plan
        order = np.argsort(p.rnd, kind="stable")
        rows = np.stack([p.src, p.dst, p.chunk, p.nbytes], axis=1)[order].tolist()
        bounds = np.searchsorted(p.rnd[order], np.arange(self.rounds + 1))
        return tuple(Step(tuple(map(tuple, rows[bounds[r]:bounds[r + 1]])), bool(p.reduce[r]),
                          "inter" if p.inter[r] else "intra") for r in range(self.rounds))

    def to_json(self, max_sends: int | None = None) -> dict:
        """DESIGN.md's `tslab comm --json` document plus "convention". With `max_sends`, "steps"
        holds the first whole rounds up to that many sends (a 1,024-rank ring has two million)
        and "steps_truncated" says how many rounds were shown; only those rounds are built."""
        doc = {
            "collective": self.collective, "ranks": self.ranks, "bytes": self.bytes,
            "algorithm": self.algorithm, "per_rank_sent_bytes": self.per_rank_sent_bytes,
            "per_rank_recv_bytes": self.per_rank_recv_bytes, "rounds": self.rounds,
            "time_s": self.time_s, "algbw": self.algbw, "busbw": self.busbw,
            "busbw_factor": self.busbw_factor, "steps": [], "convention": self.convention,
        }
        p = self._plan
        total = int(p.rnd.size)
        if max_sends is None or total <= max_sends:
            doc["steps"] = [s.to_json() for s in self.steps]
            return doc
        order = np.argsort(p.rnd, kind="stable")
        bounds = np.searchsorted(p.rnd[order], np.arange(self.rounds + 1))
        shown = int(np.searchsorted(bounds, max_sends, side="right")) - 1  # whole rounds that fit
        rows = np.stack([p.src, p.dst, p.chunk, p.nbytes], axis=1)[order[:bounds[shown]]].tolist()
        doc["steps"] = [{"sends": rows[bounds[r]:bounds[r + 1]], "reduce": bool(p.reduce[r]),
                         "tier": "inter" if p.inter[r] else "intra"} for r in range(shown)]
        doc["steps_truncated"] = {"rounds_shown": shown, "rounds": self.rounds, "sends": total}
        return doc


# ----------------------------------------------------------------------------------------------
# Building blocks. An algorithm is a sequence of blocks (a ring reduce-scatter, a chain, one sweep
# of a tree, ...). Each block is summarised from its structure as a _Block: per round its critical
# bytes, tier and reduce flag, per rank its byte totals. That is all plan() needs; tallying every
# send instead (~2·10^6 at n = 1024) is what used to make plan() take 50–160 ms. The flat send
# arrays are built by the *_sends functions, without Python loops over sends, only when
# CollectiveResult._plan is first used: (rnd, src, dst, chunk) with rnd counted from 0 within the
# block. tests/test_comm.py checks the summaries against a tally of the flat arrays.

def _split(total: int, parts: int) -> np.ndarray:
    """Sizes of `parts` near-equal chunks of `total` bytes (the first total % parts get one more)."""
    base, extra = divmod(total, parts)
    sizes = np.full(parts, base, dtype=np.int64)
    sizes[:extra] += 1
    return sizes


_I = np.int32


def _block(rnd, src, dst, chunk):
    return (np.asarray(rnd, _I).ravel(), np.asarray(src, _I).ravel(), np.asarray(dst, _I).ravel(),
            np.asarray(chunk, _I).ravel())


@dataclass(frozen=True)
class _Block:
    """One block of rounds, summarised. Byte counts are exact integers (int64)."""
    reduce: np.ndarray       # bool per round: receivers add instead of copy
    crit: np.ndarray         # int64 per round: max over ranks of bytes sent or received that round
    inter: np.ndarray        # bool per round: at least one send leaves its node
    sent: np.ndarray         # int64 per rank: bytes sent over the block
    recv: np.ndarray         # int64 per rank: bytes received over the block
    inter_bytes: int         # bytes of the block's sends that leave a node
    sends: Callable[[], tuple]   # () → (rnd, src, dst, chunk), the flat arrays (lazy)


def _range_max(values: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """max(values[lo[t] : hi[t] + 1]) for every t (ranges non-empty, may overlap).

    One ufunc.reduceat over the index pairs (lo, hi + 1): entry 2t reduces values[lo:hi+1], odd
    entries reduce the gaps in between and are dropped. A copy of values[0] is appended so that
    hi + 1 = len(values) is a valid index."""
    idx = np.stack([lo, hi + 1], axis=1).ravel()
    return np.maximum.reduceat(np.append(values, values[:1]), idx)[::2]


def _ring(groups: np.ndarray, chunkmap: np.ndarray, gather: bool, sizes: np.ndarray,
          node: np.ndarray) -> _Block | None:
    """Ring reduce-scatter (gather=False) or all-gather (gather=True) inside every group at once.

    groups (k, q): ranks in ring order, every rank in at most one group; chunkmap (k, q, w): ring
    chunk c of group g = real chunks chunkmap[g, c, :]; sizes: bytes per real chunk; node: node of
    every rank. Sends: _ring_sends.
    """
    k, q = groups.shape
    if q < 2:
        return None
    n = len(node)
    nxt = np.roll(groups, -1, axis=1)                   # the rank position i sends to
    ring_bytes = sizes[chunkmap].sum(axis=2)            # (k, q): bytes of ring chunk c of group g
    # In every round each position sends one ring chunk to the next and each ring chunk of each
    # group is sent once (c = i − s − 1 or i − s covers all c as i does): the critical bytes of
    # every round are the largest ring chunk, and the links (so the tier) are the same each round.
    rounds = q - 1
    crosses = node[groups] != node[nxt]                 # (k, q): link i → i + 1 leaves the node
    # Over the q − 1 rounds position i sends every ring chunk but one: reduce-scatter skips
    # chunk i (it ends there, reduced), all-gather skips chunk i + 1 (it starts there).
    skipped = np.roll(ring_bytes, -1, axis=1) if gather else ring_bytes
    pos_sent = ring_bytes.sum(axis=1, keepdims=True) - skipped
    sent = np.zeros(n, np.int64)
    recv = np.zeros(n, np.int64)
    sent[groups] = pos_sent
    recv[nxt] = pos_sent                                # position i + 1 receives what i sends
    return _Block(np.full(rounds, not gather), np.full(rounds, ring_bytes.max()),
                  np.full(rounds, crosses.any()), sent, recv, int(pos_sent[crosses].sum()),
                  functools.partial(_ring_sends, groups, chunkmap, gather))


def _ring_sends(groups: np.ndarray, chunkmap: np.ndarray, gather: bool):
    """Thakur et al. 2005 §4: in round s position i sends ring chunk (i − s − 1) mod q
    (reduce-scatter; position c ends with chunk c reduced) or (i − s) mod q (all-gather; position c
    starts with chunk c) to position i + 1."""
    k, q = groups.shape
    w = chunkmap.shape[2]
    s = np.arange(q - 1)[:, None, None, None]
    g = np.arange(k)[None, :, None, None]
    i = np.arange(q)[None, None, :, None]
    wi = np.arange(w)[None, None, None, :]
    shape = (q - 1, k, q, w)
    c = (i - s) % q if gather else (i - s - 1) % q
    return _block(np.broadcast_to(s, shape), np.broadcast_to(groups[g, i], shape),
                  np.broadcast_to(groups[g, (i + 1) % q], shape),
                  np.broadcast_to(chunkmap[g, c, wi], shape))


def _chain_links(q: int, reduce: bool):
    """Positions (from, to) of chain link li: li → li + 1, or q−1−li → q−2−li for reduce."""
    li = np.arange(q - 1)
    return (q - 1 - li, q - 2 - li) if reduce else (li, li + 1)


def _chain(groups: np.ndarray, chunks: np.ndarray, reduce: bool, sizes: np.ndarray,
           node: np.ndarray) -> _Block | None:
    """Pipelined chain broadcast from position 0 (reduce=False) or reduce to position 0 (True) in
    every group at once; chunks: real chunk ids in pipeline order. Sends: _chain_sends."""
    k, q = groups.shape
    C = len(chunks)
    if q < 2 or C == 0:
        return None
    n = len(node)
    T = C + q - 2
    t = np.arange(T)
    chunk_bytes = sizes[chunks]
    a, b = _chain_links(q, reduce)
    crosses = node[groups[:, a]] != node[groups[:, b]]  # (k, q − 1)
    # Round t: link li carries chunk t − li for the links with 0 ≤ t − li < C. A rank is the sender
    # of one link and the receiver of one, so the critical bytes of round t are the largest chunk
    # in flight, chunks max(0, t − q + 2) … min(C − 1, t), and the round is "inter" if one of the
    # active links max(0, t − C + 1) … min(q − 2, t) leaves a node in some group.
    crit = _range_max(chunk_bytes, np.maximum(0, t - (q - 2)), np.minimum(C - 1, t))
    inter = _range_max(crosses.any(axis=0), np.maximum(0, t - (C - 1)), np.minimum(q - 2, t))
    # Every link carries every chunk once.
    total = int(chunk_bytes.sum())
    sent = np.zeros(n, np.int64)
    recv = np.zeros(n, np.int64)
    sent[groups[:, a]] = total
    recv[groups[:, b]] = total
    return _Block(np.full(T, reduce), crit, inter, sent, recv, int(crosses.sum()) * total,
                  functools.partial(_chain_sends, groups, chunks, reduce))


def _chain_sends(groups: np.ndarray, chunks: np.ndarray, reduce: bool):
    """Thakur et al. 2005 (pipelined broadcast): with C chunks and q ranks, C + q − 2 rounds; in
    round t link li carries chunk t − li."""
    k, q = groups.shape
    C = len(chunks)
    T = C + q - 2
    t, li = np.nonzero((np.arange(T)[:, None] - np.arange(q - 1)[None, :] >= 0)
                       & (np.arange(T)[:, None] - np.arange(q - 1)[None, :] < C))
    ch = chunks[t - li]
    a, b = (q - 1 - li, q - 2 - li) if reduce else (li, li + 1)
    shape = (len(t), k)
    return _block(np.broadcast_to(t[:, None], shape), groups[:, a].T, groups[:, b].T,
                  np.broadcast_to(ch[:, None], shape))


def _tallied(sends: tuple, reduce_flags: np.ndarray, sizes: np.ndarray, node: np.ndarray) -> _Block:
    """Summary by tallying the sends one by one: for blocks with few sends (tree: 2(n − 1),
    p2p: 1), where a rank can send several chunks in one round."""
    rnd, src, dst, chunk = sends
    n, R = len(node), len(reduce_flags)
    w = sizes[chunk]
    key = rnd.astype(np.int64) * n
    sent_rr = np.bincount(key + src, weights=w, minlength=R * n).reshape(R, n)
    recv_rr = np.bincount(key + dst, weights=w, minlength=R * n).reshape(R, n)
    crit = np.maximum(sent_rr.max(axis=1), recv_rr.max(axis=1)).astype(np.int64)
    cross = node[src] != node[dst]
    inter = np.bincount(rnd, weights=cross, minlength=R) > 0
    sent = np.bincount(src, weights=w, minlength=n).astype(np.int64)
    recv = np.bincount(dst, weights=w, minlength=n).astype(np.int64)
    return _Block(np.asarray(reduce_flags, bool), crit, inter, sent, recv, int(w[cross].sum()),
                  lambda: sends)


def _tree(n: int, phase: str, sizes: np.ndarray, node: np.ndarray) -> _Block | None:
    """Double binary tree (Sanders et al. 2009; NCCL 2.4) on heap positions p (parent (p−1)//2).

    Tree A: rank = p carries chunk 0; tree B: rank = (n − p) mod n carries chunk 1, so B's interior
    ranks (positions 1 … n/2 − 1 → ranks n−1 … n/2+1) are leaves of A; both are rooted at rank 0.
    phase "up": level by level from the deepest to the root, reduce; "down": root to leaves, copy.
    Only 2(n − 1) sends, so they are built at once and tallied.
    """
    if n < 2:
        return None
    p = np.arange(1, n)
    depth = np.floor(np.log2(p + 1)).astype(_I)
    par = (p - 1) // 2
    D = int(depth.max())
    rnd = D - depth if phase == "up" else depth - 1
    child = np.concatenate([p, (n - p) % n])
    parent = np.concatenate([par, (n - par) % n])
    src, dst = (child, parent) if phase == "up" else (parent, child)
    chunk = np.repeat([0, 1], n - 1)
    sends = _block(np.tile(rnd, 2), src, dst, chunk)
    return _tallied(sends, np.full(D, phase == "up"), sizes, node)


def _pairwise(split: np.ndarray, node: np.ndarray) -> _Block | None:
    """Pairwise-exchange all-to-all (Thakur et al. 2005 §4.4; NCCL's n−1 p2p sends): in round k
    rank r sends block (r, r + k) to rank r + k; block (r, c) has split[c] bytes. Sends:
    _pairwise_sends."""
    n = len(node)
    if n < 2:
        return None
    # Round k: rank r sends split[(r + k) mod n] and rank r + k receives it; as r runs over all
    # ranks this is every entry of split, so every round's critical bytes are max(split).
    crit = np.full(n - 1, split.max())
    # With two or more nodes (nodes are runs of consecutive ranks) every shift 1 ≤ k < n moves some
    # rank to another node: otherwise node 0 = {0 … G−1}, G < n, would be closed under r → r + k,
    # so a union of cosets of d = gcd(k, n) < n; if G ≥ d it holds every residue mod d, i.e. every
    # rank; if G < d, G − 1 + d < 2d ≤ n is in the coset of G − 1 but not in node 0.
    inter = np.full(n - 1, bool(node[0] != node[-1]))
    sent = split.sum() - split                          # every block of its own but (r, r)
    recv = (n - 1) * split                              # block (r, c) from every r ≠ c
    # Block (r, c) leaves the node for each of the n − |node(c)| senders r not on c's node.
    node_size = np.bincount(node)[node]
    inter_bytes = int((split * (n - node_size)).sum())
    return _Block(np.zeros(n - 1, bool), crit, inter, sent.astype(np.int64),
                  recv.astype(np.int64), inter_bytes, functools.partial(_pairwise_sends, n))


def _pairwise_sends(n: int):
    """Block (r, c) has logical id r·n + c."""
    k = np.arange(1, n)[:, None]
    r = np.arange(n)[None, :]
    d = (r + k) % n
    return _block(np.broadcast_to(k - 1, d.shape), np.broadcast_to(r, d.shape), d, r * n + d)


def _hier_layout(n: int, g: int):
    """n = m·g ranks (m nodes of g). Real chunk id j·g + l is sub-chunk j of super-chunk l, so the
    rank b·g + l ends up with chunk b·g + l after intra- then inter-node reduce-scatter."""
    m = n // g
    nodes = np.arange(n).reshape(m, g)                     # intra groups, one per node
    cols = nodes.T.copy()                                  # inter groups: same local rank l
    l = np.arange(g)
    intra_map = np.broadcast_to((np.arange(m)[None, :] * g + l[:, None])[None], (m, g, m))
    inter_map = (np.arange(m)[None, :] * g + l[:, None])[:, :, None]   # (g, m, 1)
    return m, nodes, cols, np.ascontiguousarray(intra_map), inter_map


def _flat_plan(blocks: list[_Block], sizes: np.ndarray) -> _Plan:
    """All sends of all blocks as flat arrays, rounds numbered across blocks (lazy: see
    CollectiveResult._plan)."""
    flat = [b.sends() for b in blocks]
    offsets = np.cumsum([0] + [len(b.reduce) for b in blocks])
    if blocks:
        rnd = np.concatenate([f[0] + o for f, o in zip(flat, offsets)])
        src, dst, chunk = (np.concatenate([f[j] for f in flat]) for j in (1, 2, 3))
        red = np.concatenate([b.reduce for b in blocks])
        inter = np.concatenate([b.inter for b in blocks])
    else:
        rnd = src = dst = chunk = np.zeros(0, _I)
        red = inter = np.zeros(0, bool)
    return _Plan(rnd, src, dst, chunk, sizes[chunk], red, inter)


# ----------------------------------------------------------------------------------------------

def plan(collective: str, ranks: int, size_bytes: int, algorithm: str = "ring", *,
         gpus_per_node: int = 8, alpha_intra_s: float = 3e-6, alpha_inter_s: float = 10e-6,
         bw_intra_Bps: float = 400e9, bw_inter_Bps: float = 50e9) -> CollectiveResult:
    """Plan `collective` of nccl-tests size `size_bytes` over `ranks` ranks (module docstring)."""
    coll = normalise_collective(collective)
    algo = normalise_algorithm(algorithm)
    if isinstance(ranks, bool) or int(ranks) != ranks or ranks < 1:
        raise ValueError(f"ranks must be an integer >= 1, got {ranks!r}")
    if ranks > MAX_RANKS:
        raise ValueError(f"ranks must be <= {MAX_RANKS}, got {ranks}")
    if isinstance(size_bytes, bool) or int(size_bytes) != size_bytes or size_bytes < 0:
        raise ValueError(f"bytes must be an integer >= 0, got {size_bytes!r}")
    if gpus_per_node < 1:
        raise ValueError(f"gpus_per_node must be >= 1, got {gpus_per_node}")
    for name, v in (("intra bandwidth", bw_intra_Bps), ("inter bandwidth", bw_inter_Bps)):
        if not v > 0:
            raise ValueError(f"{name} must be > 0, got {v}")
    for name, v in (("intra latency", alpha_intra_s), ("inter latency", alpha_inter_s)):
        if not v >= 0:
            raise ValueError(f"{name} must be >= 0, got {v}")
    n, S = int(ranks), int(size_bytes)
    if coll == "p2p" and n < 2:
        raise ValueError("p2p needs ranks >= 2 (rank 0 sends to rank 1)")
    g = min(gpus_per_node, n)
    if algo == "hierarchical" and n % g:
        raise ValueError(f"hierarchical needs ranks ({n}) to be a multiple of gpus_per_node ({g})")

    used = algo
    note = ""
    ring_ids = np.arange(n)[None, :]
    flat_map = np.arange(n)[None, :, None]
    node = np.arange(n) // gpus_per_node     # a send leaves its node when node[src] != node[dst]
    if algo == "tree" and coll not in ("allreduce", "broadcast", "reduce", "p2p"):
        used, note = "ring", f"tree is not defined for {coll}: ring used instead; "
    if algo == "hierarchical" and coll in ("alltoall", "p2p"):
        used, note = "ring", f"hierarchical is not defined for {coll}: flat algorithm used; "

    chunks = n
    sizes = _split(S, n)
    # Ring and hierarchical blocks over the n chunks of `sizes` (p2p, alltoall, tree replace it).
    ring = functools.partial(_ring, sizes=sizes, node=node)
    chain = functools.partial(_chain, sizes=sizes, node=node)
    if coll == "p2p":
        chunks, sizes = 1, np.array([S], np.int64)
        rounds = [_tallied(_block([0], [0], [1], [0]), np.array([False]), sizes, node)]
        conv = "one send of S from rank 0 to rank 1; sent/recv bytes = S"
        used, note = algo, ""
    elif coll == "alltoall":
        split = sizes
        sizes = np.tile(split, n)   # block r·n + c has the size of chunk c
        rounds = [_pairwise(split, node)]
        conv = ("pairwise exchange, n−1 rounds of S/n; S = per-rank buffer; "
                "bytes sent per rank (n−1)/n·S")
    elif used == "tree":
        chunks, sizes = 2, _split(S, 2)
        if coll == "allreduce":
            rounds = [_tree(n, "up", sizes, node), _tree(n, "down", sizes, node)]
        elif coll == "reduce":
            rounds = [_tree(n, "up", sizes, node)]
        else:
            rounds = [_tree(n, "down", sizes, node)]
        conv = ("double binary tree rooted at rank 0, each tree carries S/2 unpipelined, "
                "one level per round; bytes sent per rank (max over ranks)")
    elif used == "ring":
        if coll == "allreduce":
            rounds = [ring(ring_ids, flat_map, False), ring(ring_ids, flat_map, True)]
            conv = "ring reduce-scatter + all-gather; bytes sent per rank 2(n−1)/n·S"
        elif coll in ("reducescatter", "allgather"):
            rounds = [ring(ring_ids, flat_map, coll == "allgather")]
            conv = ("ring, S = full gathered array; bytes sent per rank (n−1)/n·S")
        else:
            rounds = [chain(ring_ids, np.arange(n), coll == "reduce")]
            conv = ("pipelined chain (ring) rooted at rank 0 with n chunks, n + n − 2 rounds; "
                    "bytes sent per rank S")
    else:  # hierarchical
        m, nodes, cols, intra_map, inter_map = _hier_layout(n, g)
        if coll == "allreduce":
            rounds = [ring(nodes, intra_map, False), ring(cols, inter_map, False),
                      ring(cols, inter_map, True), ring(nodes, intra_map, True)]
            conv = ("intra-node ring reduce-scatter, inter-node ring all-reduce of each S/g shard, "
                    "intra-node ring all-gather; chunk j·g + l; bytes sent per rank (max)")
        elif coll == "reducescatter":
            rounds = [ring(nodes, intra_map, False), ring(cols, inter_map, False)]
            conv = ("intra-node then inter-node ring reduce-scatter; S = full array; "
                    "bytes sent per rank (max)")
        elif coll == "allgather":
            rounds = [ring(cols, inter_map, True), ring(nodes, intra_map, True)]
            conv = ("inter-node then intra-node ring all-gather; S = full gathered array; "
                    "bytes sent per rank (max)")
        elif coll == "broadcast":
            leaders = (np.arange(m) * g)[None, :]
            rounds = [chain(leaders, np.arange(n), False), chain(nodes, np.arange(n), False)]
            conv = ("pipelined chain over node leaders, then inside every node (n chunks); "
                    "bytes sent per rank S")
        else:
            leaders = (np.arange(m) * g)[None, :]
            rounds = [chain(nodes, np.arange(n), True), chain(leaders, np.arange(n), True)]
            conv = ("pipelined chain reduce inside every node to its leader, then over leaders "
                    "to rank 0 (n chunks); bytes sent per rank S")
    conv = note + conv + f"; S is the nccl-tests size ({S} B)"

    blocks = [b for b in rounds if b is not None]
    R = sum(len(b.reduce) for b in blocks)

    # α–β time (seed 002 §5.2): per round α(tier) + critical bytes / bandwidth(tier).
    if R:
        crit = np.concatenate([b.crit for b in blocks]).astype(np.float64)
        inter = np.concatenate([b.inter for b in blocks])
        alpha = np.where(inter, alpha_inter_s, alpha_intra_s)
        bw = np.where(inter, bw_inter_Bps, bw_intra_Bps)
        time_s = float(np.sum(alpha + crit / bw))
        sent = int(sum(b.sent for b in blocks).max())
        recv = int(sum(b.recv for b in blocks).max())
        inter_bytes = sum(b.inter_bytes for b in blocks)
    else:
        time_s, sent, recv, inter_bytes = 0.0, 0, 0, 0
    factor = float(BUSBW_FACTOR[coll](n))
    algbw = S / time_s if time_s > 0 else 0.0   # nccl-tests: algbw = S / t (0 when nothing moves)
    return CollectiveResult(coll, n, S, used, sent, recv, R, time_s, algbw, algbw * factor,
                            factor, conv, chunks, inter_bytes,
                            functools.partial(_flat_plan, blocks, sizes))


def execute(result: CollectiveResult, inputs: np.ndarray) -> np.ndarray:
    """Apply the steps to data: `inputs` (ranks, result.chunks, ...) is each rank's buffer split
    into chunks (module docstring for the layout). Every round reads the state at its start;
    reduce rounds add (np.add.at, so two senders into one chunk both count), others copy.
    Returns the final per-rank buffers, same shape as `inputs` (alltoall: out[r, c] = inputs[c, r])."""
    final = None
    for final in execute_rounds(result, inputs):
        pass
    return final


def execute_rounds(result: CollectiveResult, inputs: np.ndarray):
    """The per-rank buffers at the start and after every round (rounds + 1 arrays, each shaped like
    `inputs`): what the animation shows is what the algorithm computes."""
    x = np.asarray(inputs)
    n = result.ranks
    if x.ndim < 2 or x.shape[0] != n or x.shape[1] != result.chunks:
        raise ValueError(f"inputs must have shape ({n}, {result.chunks}, ...), got {x.shape}")
    p = result._plan
    r = np.arange(n)
    if result.collective == "alltoall":
        buf = np.zeros((n, n * n) + x.shape[2:], dtype=np.result_type(x, np.float64))
        buf[r[:, None], r[:, None] * n + r[None, :]] = x

        def view(state):
            return state[r[:, None], r[None, :] * n + r[:, None]].copy()
    else:
        buf = x.astype(np.result_type(x, np.float64), copy=True)

        def view(state):
            return state.copy()
    yield view(buf)
    order = np.argsort(p.rnd, kind="stable")
    bounds = np.searchsorted(p.rnd[order], np.arange(result.rounds + 1))
    for k in range(result.rounds):
        idx = order[bounds[k]:bounds[k + 1]]
        src, dst, ch = p.src[idx], p.dst[idx], p.chunk[idx]
        data = buf[src, ch]   # a copy: the state at the start of the round
        if p.reduce[k]:
            np.add.at(buf, (dst, ch), data)
        else:
            buf[dst, ch] = data
        yield view(buf)


def comm_json(collective: str, ranks: int, size_bytes: int, algorithm: str = "ring",
              scenario=None) -> dict:
    """`tslab comm --json`: plan() with the scenario's cluster (GB/s → B/s, µs → s)."""
    if scenario is None:
        from tslab.models.scenario import Scenario
        scenario = Scenario()
    c = scenario.cluster
    return plan(collective, ranks, size_bytes, algorithm or "ring",
                gpus_per_node=int(c.gpus_per_node),
                alpha_intra_s=float(c.intra_latency_us) * 1e-6,
                alpha_inter_s=float(c.inter_latency_us) * 1e-6,
                bw_intra_Bps=float(c.intra_bw_gbps) * 1e9,
                bw_inter_Bps=float(c.inter_bw_gbps) * 1e9).to_json()


def overlap(comm_s: float, compute_s: float, fraction: float) -> dict:
    """Exposed vs hidden communication: up to `fraction` of comm can run under compute, and no more
    than compute_s of it is hidden. total = compute + exposed."""
    if not 0.0 <= fraction <= 1.0 or math.isnan(fraction):
        raise ValueError(f"fraction must be in [0, 1], got {fraction}")
    if comm_s < 0 or compute_s < 0:
        raise ValueError("comm_s and compute_s must be >= 0")
    hidden = min(fraction * comm_s, compute_s)
    exposed = comm_s - hidden
    return {"hidden_s": hidden, "exposed_s": exposed, "total_s": compute_s + exposed}
