"""GEMM tiles on streaming multiprocessors: the shapes shared by the step-time model's efficiency
curve (models/time/efficiency.py) and the MoE view's intra-rank expert-GEMM makespan
(models/moe/planning.py).

A GEMM's m×n output runs as tiles, one thread block per tile, each on one SM, in waves of one tile
per SM (NVIDIA, "Matrix Multiplication Background User's Guide", DU-09799-001, §3.1 Tile
Quantization, §3.2 Wave Quantization; §2.3 names cuBLAS's large tiles 256×128, 128×256 and
128×128). A dimension narrower than a tile runs in a tile cut to it in steps of the tensor cores'
16 (MMA). A grouped GEMM (the routed experts of one GPU) tiles each group's rows on their own.
"""
from __future__ import annotations

import functools
import math

# The output tiles the curve chooses from (NVIDIA Matrix Multiplication Background §2.3).
TILES = ((128, 256), (256, 128), (128, 128))
MMA = 16  # the tensor cores' smallest M and N step (16×8×16 BF16 MMA on Ampere and Hopper)
# Streaming multiprocessors of each catalogue GPU: NVIDIA A100 Tensor Core GPU Architecture white
# paper (108 SMs), NVIDIA H100 Tensor Core GPU Architecture white paper (132 SMs on the SXM5
# board; H800 and H200 are the same GH100 configuration), NVIDIA Blackwell architecture technical
# brief (B200: 148 SMs). A custom GPU takes the H100's.
SM_COUNT = {"a100-40": 108, "a100-80": 108, "h100": 132, "h800": 132, "h200": 132, "b200": 148}
DEFAULT_SMS = 132


def wave_efficiency(tiles: float, sms: int) -> float:
    """Share of the SM-time of ⌈tiles / SMs⌉ full waves that the tiles use."""
    if tiles <= 0:
        return 1.0
    waves = math.ceil(tiles / sms)
    return tiles / (waves * sms)


def tile_efficiency(m: float, n: float, batch: float, sms: int) -> float:
    """Useful share of the SM-time of an m×n output (`batch` of them, as a batched or grouped GEMM)
    at the best of the TILES: (m·n / padded m·n) × wave efficiency."""
    if m <= 0 or n <= 0 or batch <= 0:
        return 1.0
    best = 0.0
    for tile_m, tile_n in TILES:
        # a dimension narrower than the tile runs in a narrower tile, down to the MMA's 16
        tm, tn = min(tile_m, MMA * math.ceil(m / MMA)), min(tile_n, MMA * math.ceil(n / MMA))
        rows, cols = math.ceil(m / tm), math.ceil(n / tn)
        fill = (m * n) / (rows * tm * cols * tn)
        best = max(best, fill * wave_efficiency(batch * rows * cols, sms))
    return best


@functools.lru_cache(maxsize=4096)
def grouped_tiles(rows: tuple[float, ...], n: float, sms: int) -> tuple[float, float]:
    """(tiles, fill) of a grouped GEMM whose group g has an rows[g]×n output, each group tiled on
    its own, at the tile of TILES that makes the most of the SMs (fill × wave efficiency). A pure
    function of numbers, remembered: the step-time model asks it again for every configuration
    with the same expert shapes."""
    useful = sum(rows) * n
    best: tuple[float, float, float] = (0.0, 0.0, 1.0)
    for tile_m, tile_n in TILES:
        tn = min(tile_n, MMA * math.ceil(n / MMA))
        cols = math.ceil(n / tn)
        tiles = padded = 0.0
        for m in rows:
            if m <= 0:
                continue
            tm = min(tile_m, MMA * math.ceil(m / MMA))
            count = math.ceil(m / tm)
            tiles += count * cols
            padded += count * tm * cols * tn
        fill = useful / padded if padded else 1.0
        score = fill * wave_efficiency(tiles, sms)
        if score > best[0]:
            best = (score, tiles, fill)
    return best[1], best[2]


def row_tiles(rows: float, tile_m: int) -> list[float]:
    """The rows each m-tile of a `rows`-row output computes, padding included: full tiles of
    tile_m, the last cut to the next multiple of MMA (an empty group: no tile)."""
    if rows <= 0:
        return []
    full, rest = divmod(math.ceil(rows), tile_m)
    return [float(tile_m)] * full + ([float(min(tile_m, MMA * math.ceil(rest / MMA)))] if rest else [])


__all__ = ["DEFAULT_SMS", "MMA", "SM_COUNT", "TILES", "grouped_tiles", "row_tiles", "tile_efficiency",
           "wave_efficiency"]
