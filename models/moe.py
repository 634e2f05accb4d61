"""MoE expert parallelism: routing, dispatch/combine traffic, MoonEP rank balance and buffers.

A deterministic teaching model (numpy only), seeded per call. Sources:
- Seed 002 §6.1: an MoE layer is router → dispatch All-to-All → local expert GEMM → combine
  All-to-All; payload ∝ tokens × top_k × routed_width × bytes.
- Kimi K3 §5.2.1 (seed 002 §6.4): E experts, R EP ranks, S local tokens per rank, K experts per
  token; S·K·R assignments in all; perfect rank balance = every rank receives exactly S·K.
- Kimi K3 Appendix E (seed 002 §6.4): the greedy planner (fill an underloaded rank exactly from one
  overloaded rank, each rank filled at most once) needs at most E/R redundant experts per rank,
  and a constructed routing needs ceil(E(R−1)/R²) ≈ E/R, so the bound is nearly tight.
- Seed 002 §6.5: equal per-rank totals still leave skewed per-expert GEMMs inside a rank; fixed-
  order expert GEMM vs a workload-aware scheduler (here LPT, Graham 1969).
- Seed 002 §6.6: worst-case DeepEP-style receive buffer S·K·R tokens vs MoonEP's fixed S·K.
- DeepSeek-V3 (arXiv 2412.19437) §2.1.2: node-limited routing, each token's experts on ≤ M nodes;
  §3.2.2: FP8 dispatch, BF16 combine.
- MaxVio (Wang et al., "Auxiliary-Loss-Free Load Balancing", 2024, §4.1):
  (max load − mean load) / mean load.
- α–β time (seed 002 §5.2): t = α + bytes / β per tier.

Layout assumptions: expert e lives on EP rank e // (E/R) (contiguous placement), and EP rank r on
node r // gpus_per_node (EP ranks contiguous within nodes).
"""
from __future__ import annotations

import heapq
import itertools
import math
from dataclasses import dataclass, field

import numpy as np

ROUTINGS = ("uniform", "zipf", "hot", "node-limited")

BUFFER_CAVEAT = (
    "Kimi K3 §5.2.1 / seed 002 §6.6: S·K·R is the receive buffer under the report's worst-case "
    "imbalance and copy-free path, S·K is MoonEP's fixed shape; this is a bound under K3's "
    "comparison conditions, not the typical occupancy of every DeepEP configuration.")

_MAX_REJECTION_ROUNDS = 100_000


@dataclass(frozen=True)
class MoeSettings:
    tokens_per_rank: int = 4096   # S, local tokens per EP rank (K3 §5.2.1, seed §6.4)
    routing: str = "uniform"
    seed: int = 0
    zipf_s: float = 1.2           # skew for "zipf": p(i-th most popular) ∝ 1 / i^s
    hot_experts: int = 4          # for "hot": this many experts share `hot_share` of the picks
    hot_share: float = 0.5
    max_nodes: int = 4            # node-limited: each token's experts on ≤ M nodes (DeepSeek-V3 §2.1.2)
    dispatch_bytes_per_element: int = 2   # BF16 2, FP8 1 (DeepSeek-V3 §3.2.2 dispatches in FP8)
    combine_bytes_per_element: int = 2    # combine stays BF16 (DeepSeek-V3 §3.2.2)
    sm_workers: int = 132         # SM workers for the intra-rank expert-GEMM makespan (H100: 132 SMs)
    tile_tokens: int = 128        # tokens per GEMM tile (M dimension) for the makespan

    def check(self, experts: int, top_k: int, ranks: int) -> None:
        """Raise ValueError naming the first setting that cannot be used."""
        if self.routing not in ROUTINGS:
            raise ValueError(f"moe.routing {self.routing!r}: expected one of {', '.join(ROUTINGS)}")
        if self.tokens_per_rank < 1:
            raise ValueError(f"moe.tokens_per_rank {self.tokens_per_rank}: must be ≥ 1")
        if experts < 1:
            raise ValueError("model.experts is 0: the MoE view needs an MoE model (model.experts ≥ 1)")
        if ranks < 1 or experts % ranks:
            raise ValueError(f"model.experts {experts} is not a multiple of parallel.ep {ranks}: "
                             "each EP rank must host E/R experts")
        if not 1 <= top_k <= experts:
            raise ValueError(f"model.top_k {top_k}: must be between 1 and model.experts {experts}")
        if self.zipf_s < 0:
            raise ValueError(f"moe.zipf_s {self.zipf_s}: must be ≥ 0")
        if self.hot_experts < 1:   # ≥ E experts "hot" is uniform routing
            raise ValueError(f"moe.hot_experts {self.hot_experts}: must be ≥ 1")
        if not 0.0 <= self.hot_share < 1.0:
            raise ValueError(f"moe.hot_share {self.hot_share}: must be in [0, 1)")
        if self.max_nodes < 1:
            raise ValueError(f"moe.max_nodes {self.max_nodes}: must be ≥ 1")
        if self.sm_workers < 1 or self.tile_tokens < 1:
            raise ValueError("moe.sm_workers and moe.tile_tokens must be ≥ 1")


# ---------------------------------------------------------------------------------------------
# Routing

def expert_probabilities(experts: int, s: MoeSettings, rng: np.random.Generator) -> np.ndarray:
    """Per-pick expert popularity p (sums to 1); skewed experts are placed by a seeded permutation."""
    if s.routing == "zipf":
        weights = 1.0 / np.arange(1, experts + 1, dtype=float) ** s.zipf_s   # Zipf's law, p ∝ 1/i^s
        p = weights[rng.permutation(experts)]
    elif s.routing == "hot" and s.hot_experts < experts:
        p = np.full(experts, (1.0 - s.hot_share) / (experts - s.hot_experts))
        p[rng.choice(experts, s.hot_experts, replace=False)] = s.hot_share / s.hot_experts
    else:   # uniform, node-limited (uniform popularity, constrained placement), hot with all experts
        p = np.full(experts, 1.0)
    return p / p.sum()


def _table(p: np.ndarray) -> np.ndarray:
    """Lookup table for O(1) draws: expert i fills round(p_i·T) of T ≥ 2^18 slots (largest
    remainders, at least one slot each), so p is quantised to 1/T."""
    size = max(1 << 18, 1 << int(math.ceil(math.log2(64 * p.size))))
    raw = p * size
    counts = np.maximum(np.floor(raw).astype(np.int64), 1)
    short = size - int(counts.sum())
    if short > 0:
        counts[np.argsort(-(raw - np.floor(raw)), kind="stable")[:short]] += 1
    while short < 0:   # the minimum of one slot overshot: take from the largest
        i = int(np.argmax(counts))
        take = min(-short, int(counts[i]) - 1)
        counts[i] -= take
        short += take
    dtype = np.int16 if p.size < (1 << 15) else np.int32
    return np.repeat(np.arange(p.size, dtype=dtype), counts)


def _redraw_duplicates(out: np.ndarray, draw) -> np.ndarray:
    """Finish (n, k) rows, each sorted: a pick equal to its left neighbour is drawn again
    (`draw(rows)` returns one pick per listed row) until every row is distinct. Only the missing
    picks are drawn, so each row's set is the first k distinct values of its stream: sampling
    without replacement (successive sampling)."""
    if out.shape[1] == 1:
        return out
    todo = np.arange(out.shape[0])
    sub = out
    for _ in range(_MAX_REJECTION_ROUNDS):
        dup = sub[:, 1:] == sub[:, :-1]
        bad = dup.any(axis=1)
        if sub is not out:
            done = ~bad
            out[todo[done]] = sub[done]        # each row is written back once, when distinct
        if not bad.any():
            break
        todo, sub, dup = todo[bad], sub[bad], dup[bad]
        r, c = np.nonzero(dup)
        sub[r, c + 1] = draw(todo[r])
        sub.sort(axis=1)
    else:   # pragma: no cover - only with near-zero probabilities
        raise RuntimeError("routing could not find K distinct experts")
    return out


def _sample_distinct(n: int, k: int, draw) -> np.ndarray:
    """(n, k) picks, distinct per row (each row sorted). All picks are drawn at once; a pick that
    repeats an earlier one in its row is drawn again (rejection) until every row is distinct,
    which is sampling without replacement. `draw(rows)` returns one pick per listed row."""
    rows = np.repeat(np.arange(n), k)
    return _redraw_duplicates(np.sort(draw(rows).reshape(n, k), axis=1), draw)


_BLOCK_TOKENS = 1 << 14     # tokens per block: the (tokens × draws) work arrays stay a few MB
_STREAM_COLUMNS = 64        # draws per token held at once (bit positions of a uint64 mask)


def _first_distinct(draws: np.ndarray, k: int, high: int):
    """The first k distinct values of each row of `draws` (a with-replacement stream per row, in
    draw order, values in [0, high), ≤ 64 columns). Returns (ok, picks, values, first): ok[i] when
    row i has k distinct values, picks (ok.sum(), k) those values per ok row (ascending), and the
    row-sorted values with their first-occurrence flags (to resume the rows that are not ok)."""
    c, L = draws.shape
    shift = max(1, (L - 1).bit_length())
    kind = np.int16 if high << shift < (1 << 15) else np.int32 if high << shift < (1 << 31) else np.int64
    key = draws.astype(kind) << shift
    key |= np.arange(L, dtype=kind)                        # value, then position in the stream
    key.sort(axis=1)
    values = key >> shift
    flat = values.ravel()
    first = np.empty(flat.size, dtype=bool)                # earliest draw of each value
    np.not_equal(flat[1:], flat[:-1], out=first[1:])
    first[::L] = True
    first = first.reshape(c, L)
    word = np.uint16 if L <= 16 else np.uint32 if L <= 32 else np.uint64
    bit = np.left_shift(first.astype(word), (key & ((1 << shift) - 1)).astype(word))
    mask = bit[:, 0].copy()                                # stream positions of first draws
    for j in range(1, L):
        mask |= bit[:, j]
    one = word(1)
    for _ in range(k - 1):
        mask &= mask - one                                 # drop the k−1 earliest first draws
    last = mask & (~mask + one)                            # position of the k-th distinct value
    ok = last != 0
    picks = np.compress(((bit - one) < last[:, None]).ravel(), flat).reshape(-1, k)
    return ok, picks, values, first


def _stream_distinct(n: int, k: int, block, draws_per_token: float, high: int) -> np.ndarray:
    """(n, k) picks, distinct per row: each token's first k distinct values of a with-replacement
    stream, exactly successive sampling without replacement (the set of _sample_distinct), but
    vectorised over tokens. `block(rows, cols)` returns (rows.size, cols) stream draws for the
    listed tokens; a block of tokens draws about `draws_per_token` at once, tokens still short of
    k distinct values draw more (their stream continues), and past 64 draws the remainder is
    drawn duplicate by duplicate."""
    out = np.empty((n, k), dtype=np.int32)
    cols = int(min(_STREAM_COLUMNS, max(k + 1, math.ceil(draws_per_token))))
    for start in range(0, n, _BLOCK_TOKENS):
        rows = np.arange(start, min(n, start + _BLOCK_TOKENS))
        draws = block(rows, cols)
        while True:
            ok, picks, values, first = _first_distinct(draws, k, high)
            if ok.all():
                out[rows] = picks
                break
            out[rows[ok]] = picks
            bad = ~ok
            rows, draws = rows[bad], draws[bad]
            width = draws.shape[1]
            if width >= _STREAM_COLUMNS:   # extreme skew: resume the streams pick by pick
                values, first = values[bad], first[bad]
                # the distinct values so far, padded with copies of the smallest (redrawn)
                held = np.sort(np.where(first, values, values[:, :1]), axis=1)[:, width - k:]
                out[rows] = _redraw_duplicates(held, lambda r: block(r, 1).ravel())
                break
            draws = np.concatenate((draws, block(rows, min(_STREAM_COLUMNS, 2 * width) - width)), axis=1)
    return out


def _expected_draws(p: np.ndarray, k: int) -> float:
    """Draws to see k distinct values with replacement from p, successive-sampling estimate:
    Σ 1 / (1 − mass already taken), taking the most likely values first (an upper estimate)."""
    taken = np.concatenate(([0.0], np.cumsum(np.sort(p)[::-1])[: k - 1]))
    return float(np.sum(1.0 / np.maximum(1.0 - taken, 1e-9)))


def _uniform_ints(rng: np.random.Generator, high: int, size: int) -> np.ndarray:
    """`size` uniform ints in [0, high): the top bits of raw generator words (8, 16 or 32 bits a
    draw) when high is a power of two ≤ 2^32, else Generator.integers."""
    if high & (high - 1) == 0 and high <= (1 << 32):
        if high == 1:
            return np.zeros(size, dtype=np.uint8)
        bits = high.bit_length() - 1
        word = np.uint8 if bits <= 8 else np.uint16 if bits <= 16 else np.uint32
        width = 8 * np.dtype(word).itemsize
        raw = rng.bit_generator.random_raw(-(-size * width // 64)).view(word)[:size]
        return raw >> word(width - bits)
    return rng.integers(0, high, size, dtype=np.int16 if high <= (1 << 15) else np.int32)


def _distinct_from(rng: np.random.Generator, n: int, k: int, p: np.ndarray | None, size: int) -> np.ndarray:
    """(n, k) distinct indices per token from [0, size): uniform when p is None, else drawn with
    weights p through a _table. All k when k == size."""
    if k >= size:
        return np.broadcast_to(np.arange(size, dtype=np.int32), (n, size)).copy()
    if k > _STREAM_COLUMNS // 2:   # long streams: duplicate-by-duplicate rejection
        if p is None:
            return _sample_distinct(n, k, lambda rows: _uniform_ints(rng, size, rows.size))
        table = _table(p)
        return _sample_distinct(n, k, lambda rows: table[_uniform_ints(rng, table.size, rows.size)])
    if p is None:
        expected = size * float(np.sum(1.0 / (size - np.arange(k))))
        return _stream_distinct(n, k, lambda rows, c: _uniform_ints(rng, size, rows.size * c)
                                .reshape(rows.size, c), expected + 1, size)
    table = _table(p)
    return _stream_distinct(n, k, lambda rows, c: table[_uniform_ints(rng, table.size, rows.size * c)]
                            .reshape(rows.size, c), _expected_draws(p, k) + 1, size)


def route(experts: int, top_k: int, ranks: int, s: MoeSettings, gpus_per_node: int = 8) -> np.ndarray:
    """Assignments per (source rank, expert): int array (R, E), each row sums to S·K.

    Every token of every rank picks K distinct experts from the routing distribution; with
    "node-limited" (uniform popularity) it first picks ≤ M distinct nodes, weighted by their
    expert counts, and then its K experts uniformly among those nodes' experts (DeepSeek-V3
    §2.1.2). Distinct picks are successive sampling without replacement, vectorised over tokens
    (_stream_distinct)."""
    s.check(experts, top_k, ranks)
    rng = np.random.default_rng(s.seed)
    n = ranks * s.tokens_per_rank
    node_of_expert = expert_nodes(experts, ranks, gpus_per_node)
    nodes = int(node_of_expert[-1]) + 1
    m = min(s.max_nodes, nodes)
    if s.routing == "node-limited" and m < nodes:
        lo = np.searchsorted(node_of_expert, np.arange(nodes), side="left")
        size = np.searchsorted(node_of_expert, np.arange(nodes), side="right") - lo
        if np.sort(size)[:m].sum() < top_k:
            raise ValueError(f"node-limited routing: {m} nodes hold fewer than top_k = {top_k} experts")
        picks = _node_limited(rng, n, top_k, m, lo, size)
    elif s.routing in ("uniform", "node-limited") or (s.routing == "hot" and s.hot_experts >= experts):
        picks = _distinct_from(rng, n, top_k, None, experts)
    else:
        picks = _distinct_from(rng, n, top_k, expert_probabilities(experts, s, rng), experts)
    source = np.repeat(np.arange(ranks, dtype=np.int64) * experts, s.tokens_per_rank)
    flat = (source[:, None] + picks).ravel()
    return np.bincount(flat, minlength=ranks * experts).reshape(ranks, experts).astype(np.int64)


def _node_limited(rng: np.random.Generator, n: int, k: int, m: int, lo: np.ndarray,
                  size: np.ndarray) -> np.ndarray:
    """(n, k) experts: each token picks m distinct nodes (successive sampling weighted by expert
    count; a uniform m-subset when the nodes are equal), then k distinct experts uniformly from
    the union of its nodes' experts, drawn as distinct slots 0 … pool−1 of that union."""
    nodes = size.size
    equal = bool((size == size[0]).all())
    if equal and math.comb(nodes, m) <= (1 << 12):
        # a uniform m-subset by its index; slot j of subset i is expert expert_of[i, j]
        subsets = np.array(list(itertools.combinations(range(nodes), m)), dtype=np.int64)
        width = m * int(size[0])
        col, offset = np.divmod(np.arange(width), int(size[0]))
        expert_of = (lo[subsets[:, col]] + offset).astype(np.int32).ravel()
        which = _uniform_ints(rng, len(subsets), n).astype(np.int64) * width
        slots = _distinct_from(rng, n, k, None, width)
        slots += which[:, None]
        return expert_of[slots]
    chosen = _distinct_from(rng, n, m, None if equal else size / size.sum(), nodes)
    if equal:
        slots = _distinct_from(rng, n, k, None, m * int(size[0]))
        col, offset = np.divmod(slots, int(size[0]))
        return lo[np.take_along_axis(chosen, col, axis=1)] + offset
    sizes = size[chosen]                                   # (n, m) experts on each chosen node
    ends = np.cumsum(sizes, axis=1)
    pool = ends[:, -1]
    # Unequal nodes are the rare case: draw each token's k slots as the k smallest of random keys
    # over its own pool (exactly uniform without replacement; slots beyond the pool never win).
    width = int(pool.max())
    slots = np.empty((n, k), dtype=np.int64)
    for start in range(0, n, _BLOCK_TOKENS):
        part = slice(start, start + _BLOCK_TOKENS)
        keys = rng.random((min(_BLOCK_TOKENS, n - start), width))
        keys[np.arange(width)[None, :] >= pool[part][:, None]] = np.inf
        slots[part] = np.argpartition(keys, k - 1, axis=1)[:, :k] if k < width else np.argsort(keys, axis=1)[:, :k]
    out = np.empty_like(slots)
    for start in range(0, n, _BLOCK_TOKENS):
        part = slice(start, start + _BLOCK_TOKENS)
        e, j = ends[part], slots[part]
        col = (j[:, :, None] >= e[:, None, :]).sum(axis=2)   # node slot of each pick
        begin = np.take_along_axis(e - sizes[part], col, axis=1)
        out[part] = lo[np.take_along_axis(chosen[part], col, axis=1)] + (j - begin)
    return out


def expert_owner(experts: int, ranks: int) -> np.ndarray:
    """Home EP rank of each expert: e // (E/R) (contiguous placement)."""
    return np.arange(experts) // (experts // ranks)


def expert_nodes(experts: int, ranks: int, gpus_per_node: int) -> np.ndarray:
    """Node of each expert's home rank: (e // (E/R)) // gpus_per_node."""
    return expert_owner(experts, ranks) // max(1, gpus_per_node)


# ---------------------------------------------------------------------------------------------
# MoonEP planning (Kimi K3 Appendix E)

@dataclass(frozen=True)
class MoonEPPlan:
    recv_tokens: tuple[int, ...]          # per rank after planning: exactly S·K each
    redundant_experts: tuple[int, ...]    # per rank: remote experts it hosts copies of (≤ E/R)
    moves: tuple[tuple[int, int, int, int], ...]   # (from_rank, to_rank, expert, tokens)
    bound: int                            # E/R

    def to_json(self) -> dict:
        return {"recv_tokens": list(self.recv_tokens), "redundant_experts": list(self.redundant_experts),
                "bound": self.bound}


def expert_load(load: np.ndarray) -> np.ndarray:
    """Tokens per expert: a (E,) vector as is, or the column sums of a (R, E) routing matrix."""
    load = np.asarray(load, dtype=np.int64)
    return load if load.ndim == 1 else load.sum(axis=0)


def moonep_plan(load: np.ndarray, experts: int, ranks: int) -> MoonEPPlan:
    """K3 Appendix E greedy. Repeatedly take the most underloaded rank u and the most overloaded
    rank o and move tokens of o's own experts (largest shares first, the last one split) until u
    holds exactly its target. u is then exact and never touched again, so it is filled once, from
    one source, which owns E/R experts: ≤ E/R redundant experts per rank. o may drop below its
    target and is then filled later (once). Targets: total / R = S·K for a route() matrix (when the
    total is not a multiple of R, the first total mod R ranks get one more)."""
    per_expert = expert_load(load)
    if per_expert.shape != (experts,) or experts % ranks:
        raise ValueError(f"load must be (R, E) or (E,) with E = {experts} a multiple of R = {ranks}")
    epr = experts // ranks
    home_left = per_expert.copy()                          # tokens still served at the home rank
    owned = home_left.reshape(ranks, epr)                  # view: rank r's own experts
    total = int(per_expert.sum())
    target = np.full(ranks, total // ranks, dtype=np.int64)
    target[: total % ranks] += 1
    recv = owned.sum(axis=1)                               # tokens each rank serves now
    hosted: list[set[int]] = [set() for _ in range(ranks)]
    moves: list[tuple[int, int, int, int]] = []
    for _ in range(2 * ranks + 1):                         # each step fills a distinct rank: ≤ R
        gap = recv - target
        u = int(np.argmin(gap))
        if gap[u] >= 0:
            break
        o = int(np.argmax(gap))
        need = int(-gap[u])
        for local in np.argsort(-owned[o], kind="stable"):
            if need == 0:
                break
            take = int(min(need, owned[o, local]))
            if take == 0:
                break
            e = o * epr + int(local)
            owned[o, local] -= take
            moves.append((o, u, e, take))
            hosted[u].add(e)
            need -= take
        moved = int(-gap[u]) - need
        recv[o] -= moved
        recv[u] += moved
    else:   # pragma: no cover - impossible by the argument above
        raise RuntimeError("MoonEP greedy did not converge")
    return MoonEPPlan(tuple(int(x) for x in recv), tuple(len(h) for h in hosted), tuple(moves), epr)


def extreme_routing(experts: int, ranks: int, top_k: int, tokens: int) -> np.ndarray:
    """A (R, E) routing whose rank 0 receives nothing and whose other ranks share all S·K·R
    assignments evenly over their E(R−1)/R experts. Rank 0 needs S·K tokens from experts holding
    S·K·R² / (E(R−1)) each, so any plan gives it ≥ ceil(E(R−1)/R²) redundant experts (exact when
    S·K·R is a multiple of E(R−1)/R) — K3 Appendix E's tightness example (seed 002 §6.4)."""
    if ranks < 2 or experts % ranks:
        raise ValueError("extreme routing needs R ≥ 2 and E a multiple of R")
    epr = experts // ranks
    live = experts - epr                                   # experts not on rank 0
    if top_k > live:
        raise ValueError(f"top_k {top_k} > {live} experts outside rank 0")
    per_row = tokens * top_k
    routing = np.zeros((ranks, experts), dtype=np.int64)
    base, extra = divmod(per_row, live)
    for r in range(ranks):
        row = np.full(live, base, dtype=np.int64)
        start = (r * extra) % live                         # rotate the remainders: even columns
        row[(start + np.arange(extra)) % live] += 1
        routing[r, epr:] = row
    return routing   # entries ≤ ceil(S·K / live) ≤ S, so each token can pick K distinct experts


# ---------------------------------------------------------------------------------------------
# Intra-rank expert GEMM (seed 002 §6.5)

def expert_tiles(tokens_per_expert: np.ndarray, tile_tokens: int = 128) -> np.ndarray:
    """GEMM tiles per expert: ceil(tokens / tile_tokens) M-tiles (empty experts: 0)."""
    t = np.asarray(tokens_per_expert, dtype=np.int64)
    return -(-t // tile_tokens)


def expert_gemm_makespan(tokens_per_expert: np.ndarray, workers: int, workload_aware: bool, *,
                         tile_tokens: int = 1) -> float:
    """Makespan, in tile units, of one rank's expert GEMMs on `workers` SM workers; one expert's
    tiles run on one worker (a job of ceil(n_e / tile_tokens) tiles).
    Fixed order: expert i goes to worker i mod W (round robin, blind to the load).
    Workload-aware: Longest Processing Time first (Graham 1969, ≤ 4/3 − 1/(3W) of optimal); the
    scheduler evaluates its cost model on both and never runs a plan worse than the fixed order,
    so aware ≤ fixed. Both are ≥ max(total / W, largest job)."""
    jobs = expert_tiles(tokens_per_expert, tile_tokens)
    if workers < 1:
        raise ValueError("workers must be ≥ 1")
    fixed = np.bincount(np.arange(jobs.size) % workers, weights=jobs, minlength=workers).max() \
        if jobs.size else 0.0
    if not workload_aware:
        return float(fixed)
    heap = [0] * min(workers, max(1, jobs.size))
    for job in sorted(jobs.tolist(), reverse=True):
        heapq.heapreplace(heap, heap[0] + job)
    return float(min(fixed, max(heap)))


def makespan_lower_bound(tokens_per_expert: np.ndarray, workers: int, *, tile_tokens: int = 1) -> float:
    """max(total / W, largest job): no schedule of indivisible jobs beats it."""
    jobs = expert_tiles(tokens_per_expert, tile_tokens)
    return float(max(jobs.sum() / workers, jobs.max(initial=0)))


# ---------------------------------------------------------------------------------------------
# The analysis

@dataclass(frozen=True)
class MoeResult:
    tokens_per_rank: int
    top_k: int
    experts: int
    ranks: int
    recv_tokens: tuple[int, ...]     # per rank before planning (home placement)
    maxvio: float                    # (max − mean) / mean of recv_tokens
    imbalance: float                 # max / mean of recv_tokens
    dispatch_bytes: int              # max over ranks of bytes sent to other ranks in dispatch
    combine_bytes: int               # max over ranks of bytes sent back in combine
    intra_node_bytes: int            # dispatch, max over ranks, to ranks on the same node
    inter_node_bytes: int            # dispatch, max over ranks, to ranks on other nodes
    dispatch_time_s: float
    combine_time_s: float
    buffers: dict
    moonep: MoonEPPlan
    makespan_fixed: tuple[float, ...]
    makespan_aware: tuple[float, ...]
    routing: str = "uniform"
    seed: int = 0
    tokens_per_expert: tuple[int, ...] = field(default=())

    def to_json(self) -> dict:
        """DESIGN.md's `tslab moe --json` keys, then the extra fields."""
        return {
            "tokens_per_rank": self.tokens_per_rank, "top_k": self.top_k, "experts": self.experts,
            "ranks": self.ranks, "recv_tokens": list(self.recv_tokens), "maxvio": self.maxvio,
            "dispatch_bytes": self.dispatch_bytes, "combine_bytes": self.combine_bytes,
            "buffers": dict(self.buffers), "moonep": self.moonep.to_json(),
            "routing": self.routing, "seed": self.seed, "imbalance": self.imbalance,
            "intra_node_bytes": self.intra_node_bytes, "inter_node_bytes": self.inter_node_bytes,
            "dispatch_time_s": self.dispatch_time_s, "combine_time_s": self.combine_time_s,
            "tokens_per_expert": list(self.tokens_per_expert),
            "makespan_fixed": list(self.makespan_fixed), "makespan_aware": list(self.makespan_aware),
        }


def _alpha_beta(intra: np.ndarray, inter: np.ndarray, bw_intra: float, bw_inter: float,
                a_intra: float, a_inter: float) -> float:
    """Seed 002 §5.2, t = α + n/β per tier; the tiers run concurrently, so a rank takes its
    slowest tier used, and the all-to-all takes its slowest rank."""
    def tier(n: np.ndarray, bw: float, alpha: float) -> np.ndarray:
        if bw <= 0:
            return np.where(n > 0, math.inf, 0.0)
        return np.where(n > 0, alpha + n / bw, 0.0)
    return float(np.maximum(tier(intra, bw_intra, a_intra), tier(inter, bw_inter, a_inter)).max(initial=0.0))


def analyse(experts: int, top_k: int, ranks: int, hidden: int, s: MoeSettings, *, gpus_per_node: int = 8,
            bw_intra_Bps: float = 400e9, bw_inter_Bps: float = 50e9,
            alpha_intra_s: float = 3e-6, alpha_inter_s: float = 10e-6) -> MoeResult:
    """Route, count traffic, plan MoonEP and schedule the expert GEMMs of one MoE layer."""
    routing = route(experts, top_k, ranks, s, gpus_per_node)
    gpn = max(1, gpus_per_node)
    # tokens[src, dst]: assignments rank src sends to rank dst (K3 §5.2.1: S·K per source row)
    to_rank = routing.reshape(ranks, ranks, experts // ranks).sum(axis=2)
    recv = to_rank.sum(axis=0)                                        # column sums: received
    node = np.arange(ranks) // gpn
    same_node = node[:, None] == node[None, :]
    remote = ~np.eye(ranks, dtype=bool)
    # Seed 002 §6.1: payload = tokens × top_k × routed width × bytes, one hidden vector per
    # assignment (no per-rank deduplication), local assignments copy in place.
    intra_tok = (to_rank * (same_node & remote)).sum(axis=1)
    inter_tok = (to_rank * ~same_node).sum(axis=1)
    d_bytes, c_bytes = hidden * s.dispatch_bytes_per_element, hidden * s.combine_bytes_per_element
    dispatch = (intra_tok + inter_tok) * d_bytes
    # combine returns each received remote assignment to its source rank
    c_intra = (to_rank * (same_node & remote)).sum(axis=0) * c_bytes
    c_inter = (to_rank * ~same_node).sum(axis=0) * c_bytes
    mean = recv.mean()
    plan = moonep_plan(routing, experts, ranks)
    # per-rank expert jobs after planning: home experts' remaining share plus hosted copies
    per_expert = routing.sum(axis=0)
    home = per_expert.copy()
    hosted: list[list[int]] = [[] for _ in range(ranks)]
    for src, dst, e, n in plan.moves:
        home[e] -= n
        hosted[dst].append(n)
    epr = experts // ranks
    fixed, aware = [], []
    for r in range(ranks):
        jobs = np.concatenate((home[r * epr:(r + 1) * epr], np.array(hosted[r], dtype=np.int64)))
        fixed.append(expert_gemm_makespan(jobs, s.sm_workers, False, tile_tokens=s.tile_tokens))
        aware.append(expert_gemm_makespan(jobs, s.sm_workers, True, tile_tokens=s.tile_tokens))
    sk = s.tokens_per_rank * top_k
    return MoeResult(
        tokens_per_rank=s.tokens_per_rank, top_k=top_k, experts=experts, ranks=ranks,
        recv_tokens=tuple(int(x) for x in recv),
        maxvio=float((recv.max() - mean) / mean), imbalance=float(recv.max() / mean),
        dispatch_bytes=int(dispatch.max()), combine_bytes=int((c_intra + c_inter).max()),
        intra_node_bytes=int((intra_tok * d_bytes).max()), inter_node_bytes=int((inter_tok * d_bytes).max()),
        dispatch_time_s=_alpha_beta(intra_tok * d_bytes, inter_tok * d_bytes, bw_intra_Bps, bw_inter_Bps,
                                    alpha_intra_s, alpha_inter_s),
        combine_time_s=_alpha_beta(c_intra, c_inter, bw_intra_Bps, bw_inter_Bps,
                                   alpha_intra_s, alpha_inter_s),
        buffers={"worst_case_tokens": sk * ranks, "moonep_tokens": sk, "caveat": BUFFER_CAVEAT},
        moonep=plan, makespan_fixed=tuple(fixed), makespan_aware=tuple(aware),
        routing=s.routing, seed=s.seed, tokens_per_expert=tuple(int(x) for x in per_expert))


def moe_json(scenario, settings: MoeSettings) -> dict:
    """`tslab moe --json` for a scenario: E, K, h from model, R = parallel.ep, tiers from cluster."""
    model, cluster = scenario.model, scenario.cluster
    if model.experts == 0:
        raise ValueError("model.experts is 0: `tslab moe` needs an MoE model "
                         "(set model.experts and model.top_k)")
    if model.experts % scenario.parallel.ep:
        raise ValueError(f"model.experts {model.experts} is not a multiple of parallel.ep "
                         f"{scenario.parallel.ep}: each EP rank must host E/R experts")
    return analyse(model.experts, model.top_k, scenario.parallel.ep, model.hidden, settings,
                   gpus_per_node=cluster.gpus_per_node,
                   bw_intra_Bps=cluster.intra_bw_gbps * 1e9, bw_inter_Bps=cluster.inter_bw_gbps * 1e9,
                   alpha_intra_s=cluster.intra_latency_us * 1e-6,
                   alpha_inter_s=cluster.inter_latency_us * 1e-6).to_json()


def settings_from(scenario) -> MoeSettings:
    """The scenario's [moe] section as MoeSettings (dispatch in FP8 halves the bytes per element)."""
    m = scenario.moe
    return MoeSettings(tokens_per_rank=m.tokens_per_rank, routing=m.routing, seed=m.seed, max_nodes=m.max_nodes,
                       dispatch_bytes_per_element=1 if m.dispatch_precision == "fp8" else 2)
