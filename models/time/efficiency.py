"""How long a GEMM and an element-wise pass take on one GPU: the lab's one efficiency curve.

A GEMM C[m×n] = A[m×k]·B[k×n] (2·m·n·k FLOPs) runs as output tiles, one thread block per tile,
each on one streaming multiprocessor (SM); the tiles run in waves of one tile per SM. Its time is
the roofline of the two limits (Williams, Waterman & Patterson, "Roofline", CACM 2009):

    t = max( FLOPs / (peak × ACHIEVABLE × tile_efficiency),  bytes / HBM bandwidth )

- tile quantisation: an output dimension that is not a multiple of the tile computes the padding
  too; wave quantisation: the last wave leaves SMs idle when the tile count is not a multiple of
  the SM count (NVIDIA, "Matrix Multiplication Background User's Guide", DU-09799-001, §3.1 Tile
  Quantization and §3.2 Wave Quantization). cuBLAS picks among tile shapes (ibid. §2.3: 256×128,
  128×256 and 128×128 are its large tiles); the curve takes whichever of those three wastes least,
  so it is optimistic where a smaller tile's lower data reuse would cost time; a dimension narrower
  than a tile (a skinny GEMM) runs in a tile cut to it, in steps of the tensor cores' 16, and the
  HBM limit below prices its lower data reuse;
- ACHIEVABLE: the fraction of the data-sheet peak that an optimized large GEMM reaches, 0.8 — the
  lower end of the "up to 80–90 % of the theoretical maximum device throughput" that Dao
  (FlashAttention-2, 2023, §1) gives for optimized GEMMs; the lower end because a sustained
  training load runs below the boost clock the peak is quoted at;
- bytes: the operands and the output at the element size (each read or written once: tiles reuse
  them from the L2 cache), so a thin GEMM — small m, n or k, as TP slicing and fine-grained
  experts make them — is limited by HBM instead.

`gemm_efficiency` > 0 (scenario `time.gemm_efficiency`) replaces the curve: t = FLOPs / (peak ×
that fraction), no tiles and no roofline.

Element-wise work (norms, activations, softmax, residual adds, dropout, the loss, the optimizer)
streams its bytes through HBM: t = bytes / (HBM bandwidth × `time.hbm_efficiency`), and the
roofline's bytes above run at the same rate. The default 0.9 is the upper end of what streaming
kernels reach: STREAM-style copy and triad kernels (McCalpin's STREAM, on GPUs BabelStream) measure
roughly 85–90 % of the data-sheet bandwidth on A100 and H100, DRAM refresh, row switches and the
read/write turnaround taking the rest. The upper end because the model counts every pass at its
full size; it stays optimistic by what a short kernel loses to its launch latency.

A deterministic teaching model, not a measurement.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..hardware import hbm_bandwidth, peak_flops
from ..scenario import Scenario

ACHIEVABLE = 0.8
# The output tiles the curve chooses from (NVIDIA Matrix Multiplication Background §2.3).
TILES = ((128, 256), (256, 128), (128, 128))
MMA = 16  # the tensor cores' smallest M and N step (16×8×16 BF16 MMA on Ampere and Hopper)
# Streaming multiprocessors of each catalogue GPU: NVIDIA A100 Tensor Core GPU Architecture white
# paper (108 SMs), NVIDIA H100 Tensor Core GPU Architecture white paper (132 SMs on the SXM5
# board; H800 and H200 are the same GH100 configuration), NVIDIA Blackwell architecture technical
# brief (B200: 148 SMs). A custom GPU takes the H100's.
SM_COUNT = {"a100-40": 108, "a100-80": 108, "h100": 132, "h800": 132, "h200": 132, "b200": 148}
DEFAULT_SMS = 132
# Host link of each GPU, bytes per second per direction (the data sheets' PCIe generation, x16):
# A100 PCIe Gen4 (64 GB/s both directions), H100 / H800 / H200 / B200 PCIe Gen5 (128 GB/s).
PCIE_BPS = {"a100-40": 32e9, "a100-80": 32e9, "h100": 64e9, "h800": 64e9, "h200": 64e9, "b200": 64e9}
DEFAULT_PCIE_BPS = 64e9


@dataclass(frozen=True)
class Hardware:
    """One GPU as the time model sees it: BF16 dense peak FLOP/s, HBM bytes/s, SMs, host link."""
    gpu: str
    peak_flops: float
    hbm_Bps: float
    sms: int
    pcie_Bps: float
    gemm_efficiency: float = 0.0  # > 0: a fixed fraction of peak instead of the curve
    hbm_efficiency: float = 1.0   # the share of hbm_Bps that streaming kernels reach

    @property
    def stream_Bps(self) -> float:
        """The HBM bytes per second the model's kernels move: the data sheet × time.hbm_efficiency."""
        return self.hbm_Bps * self.hbm_efficiency


def hardware_of(s: Scenario) -> Hardware:
    """The scenario's GPU; a GPU without a peak or an HBM bandwidth cannot be timed (ValueError)."""
    c = s.cluster
    peak = peak_flops(c.gpu, c.peak_tflops)
    hbm = hbm_bandwidth(c.gpu, c.hbm_gbps)
    if peak <= 0:
        raise ValueError(f"GPU {c.gpu} has no peak FLOP/s in the catalogue: set cluster.peak_tflops")
    if hbm <= 0:
        raise ValueError(f"GPU {c.gpu} has no HBM bandwidth in the catalogue: set cluster.hbm_gbps")
    return Hardware(c.gpu, peak, hbm, SM_COUNT.get(c.gpu, DEFAULT_SMS), PCIE_BPS.get(c.gpu, DEFAULT_PCIE_BPS),
                    float(s.time.gemm_efficiency), float(s.time.hbm_efficiency))


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


@dataclass(frozen=True)
class Kernel:
    """One GEMM-like kernel: its FLOPs, the HBM bytes it moves, and how it fills the SMs.
    `tiles` > 0 gives the thread blocks directly (a fused attention kernel: one per query block
    and head) with full tiles; otherwise the m×n output is tiled (`tile_efficiency`)."""
    flops: float
    bytes: float
    m: float = 0.0
    n: float = 0.0
    batch: float = 1.0
    tiles: float = 0.0

    def efficiency(self, hw: Hardware) -> float:
        """The fraction of peak the compute limit runs at."""
        if hw.gemm_efficiency > 0:
            return hw.gemm_efficiency
        fill = wave_efficiency(self.tiles, hw.sms) if self.tiles > 0 else \
            tile_efficiency(self.m, self.n, self.batch, hw.sms)
        return ACHIEVABLE * fill

    def time(self, hw: Hardware) -> float:
        if self.flops <= 0:
            return self.bytes / hw.stream_Bps if hw.gemm_efficiency <= 0 else 0.0
        compute = self.flops / (hw.peak_flops * self.efficiency(hw))
        if hw.gemm_efficiency > 0:
            return compute
        return max(compute, self.bytes / hw.stream_Bps)


def gemm(m: float, n: float, k: float, element: float, batch: float = 1.0) -> Kernel:
    """C[m×n] = A[m×k]·B[k×n], `batch` times: 2·m·n·k FLOPs each, operands and output read or
    written once at `element` bytes."""
    return Kernel(2.0 * m * n * k * batch, (m * k + k * n + m * n) * element * batch, m, n, batch)


__all__ = ["ACHIEVABLE", "DEFAULT_SMS", "Hardware", "Kernel", "PCIE_BPS", "SM_COUNT", "TILES", "gemm",
           "hardware_of", "tile_efficiency", "wave_efficiency"]
