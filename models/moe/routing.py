"""MoE routing: which experts every token picks, as a (source rank, expert) count matrix.

Sources:
- Routing distributions: uniform; Zipf's law (p of the i-th most popular expert ∝ 1 / i^s); a few
  "hot" experts sharing a fixed part of the picks; node-limited routing, each token's experts on
  ≤ M nodes (DeepSeek-V3, arXiv 2412.19437, §2.1.2).
- Top-K picks are K distinct experts: successive sampling without replacement (each pick drawn
  from the distribution restricted to the experts not yet taken), done here by rejection of
  repeats, which yields exactly that distribution.

Layout: expert e lives on EP rank e // (E/R) (contiguous placement), and EP rank r on node
r // gpus_per_node (EP ranks contiguous within nodes).
"""
from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable

import numpy as np

from ..problems import QT_TRANSLATE_NOOP, Problem
from .settings import MAX_ROUTING_DRAWS, MoeSettings

_MAX_REJECTION_ROUNDS = 100_000

Draw = Callable[[np.ndarray], np.ndarray]             # rows → one pick per listed row
StreamBlock = Callable[[np.ndarray, int], np.ndarray]  # (rows, cols) → (rows.size, cols) draws


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


def _redraw_duplicates(out: np.ndarray, draw: Draw) -> np.ndarray:
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


def _sample_distinct(n: int, k: int, draw: Draw) -> np.ndarray:
    """(n, k) picks, distinct per row (each row sorted). All picks are drawn at once; a pick that
    repeats an earlier one in its row is drawn again (rejection) until every row is distinct,
    which is sampling without replacement. `draw(rows)` returns one pick per listed row."""
    rows = np.repeat(np.arange(n), k)
    return _redraw_duplicates(np.sort(draw(rows).reshape(n, k), axis=1), draw)


_BLOCK_TOKENS = 1 << 14     # tokens per block: the (tokens × draws) work arrays stay a few MB
_STREAM_COLUMNS = 64        # draws per token held at once (bit positions of a uint64 mask)


def _first_distinct(draws: np.ndarray, k: int,
                    high: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
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


def _resume(block: StreamBlock, tokens: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """One more draw of the streams of tokens[rows] (`block` takes token ids)."""
    return block(tokens[rows], 1).ravel()


def _stream_distinct(n: int, k: int, block: StreamBlock, draws_per_token: float, high: int) -> np.ndarray:
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
                # the redraws name rows of `held`; the stream of held row j is token rows[j]
                out[rows] = _redraw_duplicates(held, functools.partial(_resume, block, rows))
                break
            draws = np.concatenate((draws, block(rows, min(_STREAM_COLUMNS, 2 * width) - width)), axis=1)
    return out


def _expected_draws(p: np.ndarray, k: int) -> float:
    """Draws to see k distinct values with replacement from p, successive-sampling estimate:
    Σ 1 / (1 − mass already taken), taking the most likely values first (an upper estimate)."""
    # the k − 1 largest p in descending order (a partition first: O(E), not a sort of all E)
    largest = np.sort(np.partition(p, p.size - k + 1)[p.size - k + 1:])[::-1] if k > 1 else p[:0]
    taken = np.concatenate(([0.0], np.cumsum(largest)))
    return float(np.sum(1.0 / np.maximum(1.0 - taken, 1e-9)))


def _draws_per_token(k: int, size: int, p: np.ndarray | None) -> float:
    """Draws with replacement one token makes, on average, to see k distinct values of [0, size):
    size·(1/size + … + 1/(size − k + 1)) when uniform (the coupon collector), _expected_draws when
    weighted by p."""
    if p is None:
        return size * float(np.sum(1.0 / (size - np.arange(k))))
    return _expected_draws(p, k)


def _exponential_keys(rng: np.random.Generator, n: int, k: int, p: np.ndarray | None, size: int) -> np.ndarray:
    """(n, k) distinct indices per token from [0, size): the k smallest keys X_i / p_i with X_i
    exponential, one key per index (uniform p when None). Exactly successive sampling without
    replacement — the smallest key is index i with probability p_i, and by the exponentials'
    memorylessness each next one is drawn from the rest in proportion to p (Efraimidis & Spirakis,
    "Weighted random sampling with a reservoir", Information Processing Letters 2006). O(size) per
    token, for the long streams whose rejection would draw more than size times."""
    out = np.empty((n, k), dtype=np.int32)
    block = max(1, (1 << 22) // size)             # keys held at once: 4 Mi
    log_p = np.zeros(size) if p is None else np.log(p)
    for start in range(0, n, block):
        rows = min(block, n - start)
        keys = np.log(rng.standard_exponential((rows, size))) - log_p   # log(X_i / p_i): same order
        out[start:start + rows] = np.sort(np.argpartition(keys, k - 1, axis=1)[:, :k], axis=1)
    return out


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
        return np.right_shift(raw, word(width - bits))
    return rng.integers(0, high, size, dtype=np.int16 if high <= (1 << 15) else np.int32)


def _distinct_from(rng: np.random.Generator, n: int, k: int, p: np.ndarray | None, size: int) -> np.ndarray:
    """(n, k) distinct indices per token from [0, size): uniform when p is None, else drawn with
    weights p through a _table. All k when k == size."""
    if k >= size:
        return np.broadcast_to(np.arange(size, dtype=np.int32), (n, size)).copy()
    if k > _STREAM_COLUMNS // 2 and size < _draws_per_token(k, size, p):
        return _exponential_keys(rng, n, k, p, size)   # a key per expert is fewer draws than the stream
    if k > _STREAM_COLUMNS // 2:   # long streams: duplicate-by-duplicate rejection
        if p is None:
            return _sample_distinct(n, k, lambda rows: _uniform_ints(rng, size, rows.size))
        table = _table(p)
        return _sample_distinct(n, k, lambda rows: table[_uniform_ints(rng, table.size, rows.size)])
    if p is None:
        return _stream_distinct(n, k, lambda rows, c: _uniform_ints(rng, size, rows.size * c)
                                .reshape(rows.size, c), _draws_per_token(k, size, None) + 1, size)
    table = _table(p)
    return _stream_distinct(n, k, lambda rows, c: table[_uniform_ints(rng, table.size, rows.size * c)]
                            .reshape(rows.size, c), _expected_draws(p, k) + 1, size)


def _distinct_cost(k: int, size: int, p: np.ndarray | None) -> float:
    """Draws (or keys) _distinct_from(…, k, p, size) makes per token: all `size` when k ≥ size or
    when exponential keys are cheaper, else the expected stream, at least k."""
    if k >= size:
        return float(size)
    draws = _draws_per_token(k, size, p)
    if k > _STREAM_COLUMNS // 2 and size < draws:
        return float(size)
    return max(draws, float(k))


def routing_draws(experts: int, top_k: int, ranks: int, s: MoeSettings, gpus_per_node: int = 8) -> int:
    """The random draws route() makes, estimated before it runs (the branches of route): R·S
    tokens × the draws one token needs — K distinct experts from the distribution, or for
    node-limited routing M distinct nodes and then K distinct experts of the smallest M nodes'
    pool. Expects settings that passed MoeSettings.check."""
    lo, size = node_pools(experts, ranks, gpus_per_node)
    nodes, k = size.size, top_k
    m = min(s.max_nodes, nodes)
    if s.routing == "node-limited" and m < nodes:
        pool = int(np.sort(size)[:m].sum())
        equal = bool((size == size[0]).all())
        if equal and math.comb(nodes, m) <= (1 << 12) and math.comb(nodes, m) * m * int(size[0]) <= (1 << 22):
            per_token = 1.0 + _distinct_cost(k, pool, None)
        else:
            per_token = _distinct_cost(m, nodes, None if equal else size / size.sum()) + _distinct_cost(k, pool, None)
    elif s.routing in ("uniform", "node-limited") or (s.routing == "hot" and s.hot_experts >= experts):
        per_token = _distinct_cost(k, experts, None)
    else:
        p = expert_probabilities(experts, s, np.random.default_rng(0))  # the draws need p sorted only
        per_token = _distinct_cost(k, experts, p)
    return math.ceil(ranks * s.tokens_per_rank * per_token)


def work_problem(experts: int, top_k: int, ranks: int, s: MoeSettings, gpus_per_node: int = 8) -> str | None:
    """Why routing would draw more than MAX_ROUTING_DRAWS (routing_draws), or None."""
    problem = work_problem_of(experts, top_k, ranks, s, gpus_per_node)
    return None if problem is None else problem.message


def work_problem_of(experts: int, top_k: int, ranks: int, s: MoeSettings, gpus_per_node: int = 8) -> Problem | None:
    """`work_problem` as a Problem with a template the views translate (context "moe")."""
    draws = routing_draws(experts, top_k, ranks, s, gpus_per_node)
    if draws <= MAX_ROUTING_DRAWS:
        return None
    return Problem("moe.tokens_per_rank",
                   QT_TRANSLATE_NOOP("moe", "routing R·S = {tokens:,} tokens to K = {top_k} distinct experts "
                                            "({routing}) takes about {draws:,} random draws, over the {limit:,}-draw "
                                            "limit of the MoE analysis; lower moe.tokens_per_rank, parallel.ep or "
                                            "model.top_k"),
                   {"tokens": ranks * s.tokens_per_rank, "top_k": top_k, "routing": s.routing, "draws": draws,
                    "limit": MAX_ROUTING_DRAWS})


def route(experts: int, top_k: int, ranks: int, s: MoeSettings, gpus_per_node: int = 8) -> np.ndarray:
    """Assignments per (source rank, expert): int array (R, E), each row sums to S·K.

    Every token of every rank picks K distinct experts from the routing distribution; with
    "node-limited" (uniform popularity) it first picks ≤ M distinct nodes, weighted by their
    expert counts, and then its K experts uniformly among those nodes' experts (DeepSeek-V3
    §2.1.2). Distinct picks are successive sampling without replacement, vectorised over tokens
    (_stream_distinct)."""
    s.check(experts, top_k, ranks)
    short = node_limit_problem(experts, top_k, ranks, s, gpus_per_node) or work_problem(
        experts, top_k, ranks, s, gpus_per_node)
    if short is not None:
        raise ValueError(short)
    rng = np.random.default_rng(s.seed)
    n = ranks * s.tokens_per_rank
    lo, size = node_pools(experts, ranks, gpus_per_node)
    nodes = size.size
    m = min(s.max_nodes, nodes)
    if s.routing == "node-limited" and m < nodes:
        picks = _node_limited(rng, n, top_k, m, lo, size)
    elif s.routing in ("uniform", "node-limited") or (s.routing == "hot" and s.hot_experts >= experts):
        picks = _distinct_from(rng, n, top_k, None, experts)
    else:
        picks = _distinct_from(rng, n, top_k, expert_probabilities(experts, s, rng), experts)
    # Counted rank by rank: the S·K picks of rank r are rows r·S … (r + 1)·S − 1 (no int64 copy of
    # all R·S·K picks).
    counts = np.empty((ranks, experts), dtype=np.int64)
    S = s.tokens_per_rank
    for r in range(ranks):
        counts[r] = np.bincount(picks[r * S:(r + 1) * S].ravel(), minlength=experts)
    return counts


def _node_limited(rng: np.random.Generator, n: int, k: int, m: int, lo: np.ndarray,
                  size: np.ndarray) -> np.ndarray:
    """(n, k) experts: each token picks m distinct nodes (successive sampling weighted by expert
    count; a uniform m-subset when the nodes are equal), then k distinct experts uniformly from
    the union of its nodes' experts, drawn as distinct slots 0 … pool−1 of that union."""
    nodes = size.size
    equal = bool((size == size[0]).all())
    # The table of subsets holds C(nodes, m) × m·size experts: only while that is small (4 Mi ids).
    if equal and math.comb(nodes, m) <= (1 << 12) and math.comb(nodes, m) * m * int(size[0]) <= (1 << 22):
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
    # Unequal nodes: each token's k slots are k distinct uniform draws from its own pool
    # 0 … pool − 1, repeats drawn again (successive sampling with equal weights: a uniform k-subset),
    # O(k) per token whatever the pool (random keys over the pool were O(pool): 10^5 experts a node).
    # node_limit_problem guarantees pool ≥ k.
    if k > _STREAM_COLUMNS // 2:
        slots = _sample_distinct(n, k, lambda rows: (rng.random(rows.size) * pool[rows]).astype(np.int64))
    else:
        low = int(pool.min())
        expected = low * float(np.sum(1.0 / (low - np.arange(k))))
        slots = _stream_distinct(n, k, lambda rows, c: (rng.random((rows.size, c)) * pool[rows, None])
                                 .astype(np.int32), expected + 1, int(pool.max())).astype(np.int64)
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


def node_pools(experts: int, ranks: int, gpus_per_node: int) -> tuple[np.ndarray, np.ndarray]:
    """(lo, size) per node: its first expert and how many experts it holds (expert_nodes is
    non-decreasing, and every node up to the last holds at least one rank's experts)."""
    node_of_expert = expert_nodes(experts, ranks, gpus_per_node)
    nodes = np.arange(int(node_of_expert[-1]) + 1)
    lo = np.searchsorted(node_of_expert, nodes, side="left")
    return lo, np.searchsorted(node_of_expert, nodes, side="right") - lo


def node_limit_problem(experts: int, top_k: int, ranks: int, s: MoeSettings, gpus_per_node: int) -> str | None:
    """Why node-limited routing cannot pick K distinct experts on ≤ M nodes, or None: when the M
    smallest nodes (a last, partly filled node) hold fewer than K experts, a token that draws them
    has too few. Expects settings that passed MoeSettings.check."""
    problem = node_limit_problem_of(experts, top_k, ranks, s, gpus_per_node)
    return None if problem is None else problem.message


def node_limit_problem_of(experts: int, top_k: int, ranks: int, s: MoeSettings,
                          gpus_per_node: int) -> Problem | None:
    """`node_limit_problem` as a Problem with a template the views translate (context "moe")."""
    if s.routing != "node-limited":
        return None
    _, size = node_pools(experts, ranks, gpus_per_node)
    m = min(s.max_nodes, size.size)
    if m < size.size and np.sort(size)[:m].sum() < top_k:
        return Problem("moe.max_nodes", QT_TRANSLATE_NOOP("moe", "node-limited routing: {nodes} nodes hold fewer "
                                                                 "than top_k = {top_k} experts"),
                       {"nodes": m, "top_k": top_k})
    return None
