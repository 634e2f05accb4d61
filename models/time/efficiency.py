"""How long a GEMM and an element-wise pass take on one GPU: the lab's one efficiency curve.

A GEMM C[m×n] = A[m×k]·B[k×n] (2·m·n·k FLOPs) runs as output tiles, one thread block per tile,
each on one streaming multiprocessor (SM); the tiles run in waves of one tile per SM. Its time is
the roofline of the two limits (Williams, Waterman & Patterson, "Roofline", CACM 2009):

    t = max( FLOPs / (peak × ACHIEVABLE × tile_efficiency),  operand bytes / HBM bandwidth )
        + output bytes / HBM bandwidth

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
  experts make them — is limited by HBM instead. The operands stream in under the main loop, but a
  tile writes its output only after its main loop has run over all of k (the epilogue), so the
  output's write is added, not hidden: what makes a GEMM with a short k (an attention output
  projection under TP, h/t wide) run below the curve. A per-tile view of the same: a 128×256
  tile's epilogue writes 64 KiB while each SM's share of the HBM bandwidth is about 19–25 GB/s
  (A100, H100 data sheets over their SM counts), some 3 µs — the time of a few hundred elements of
  k in the main loop.

FP8 GEMMs (scenario `precision.compute = "fp8"`, the linear layers only) run against the data
sheet's dense FP8 peak at ACHIEVABLE_FP8 = 1,350 / 1,979: DeepGEMM (deepseek-ai/DeepGEMM,
README), the FP8 GEMM library of DeepSeek-V3's fine-grained scaling (§3.3), reaches "up to 1350+
FP8 TFLOPS" on H800s, whose dense FP8 peak is 1,979 TFLOP/s — lower than BF16's share because
the promotion of partial sums to FP32 on the CUDA cores every 128 elements (V3 §3.3.2) takes SM
time from the tensor cores. A GPU without FP8 tensor cores (A100) runs them at its BF16 rate.
Their operands are one byte per element, the output BF16.

Grouped GEMMs (the routed experts, `grouped_gemm`): one kernel over every local expert's tokens,
each expert's M cut into tiles of its own, so an expert with few tokens computes a mostly empty
tile; all experts' tiles share the waves.

Launch gaps: every kernel costs KERNEL_GAP_S more than its own time — the idle time of the GPU
between two kernels of one stream (the launch of the next grid and the drain of the last). NVIDIA's
"Getting Started with CUDA Graphs" (A. Gray, NVIDIA Technical Blog, 2019) measures a 2.9 µs kernel
at 3.8 µs per kernel when launched back to back on one stream (the CPU running ahead): about 1 µs
between kernels. Element-wise passes count one kernel each, forward and backward.

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

from dataclasses import dataclass

from ..hardware import GPUS, hbm_bandwidth, peak_flops
from ..scenario import Scenario
from ..tiles import DEFAULT_SMS, SM_COUNT, TILES, grouped_tiles, tile_efficiency, wave_efficiency

ACHIEVABLE = 0.8
ACHIEVABLE_FP8 = 1350.0 / 1979.0   # DeepGEMM's FP8 TFLOP/s on H800 over the dense FP8 peak
KERNEL_GAP_S = 1.0e-6              # idle between two kernels of a stream (NVIDIA CUDA Graphs blog, 2019)
# Host link of each GPU, bytes per second per direction (the data sheets' PCIe generation, x16):
# A100 PCIe Gen4 (64 GB/s both directions), H100 / H800 / H200 / B200 PCIe Gen5 (128 GB/s).
PCIE_BPS = {"a100-40": 32e9, "a100-80": 32e9, "h100": 64e9, "h800": 64e9, "h200": 64e9, "b200": 64e9}
DEFAULT_PCIE_BPS = 64e9


@dataclass(frozen=True)
class Hardware:
    """One GPU as the time model sees it: BF16 (and FP8) dense peak FLOP/s, HBM bytes/s, SMs,
    host link."""
    gpu: str
    peak_flops: float
    hbm_Bps: float
    sms: int
    pcie_Bps: float
    gemm_efficiency: float = 0.0  # > 0: a fixed fraction of peak instead of the curve
    hbm_efficiency: float = 1.0   # the share of hbm_Bps that streaming kernels reach
    fp8_peak_flops: float = 0.0   # dense FP8 FLOP/s; 0 = no FP8 tensor cores (FP8 GEMMs at the BF16 rate)

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
    fp8 = GPUS[c.gpu].fp8_tflops * 1e12 if c.gpu in GPUS else 0.0
    if c.peak_tflops > 0 and c.gpu in GPUS and GPUS[c.gpu].bf16_tflops > 0:
        fp8 *= peak / (GPUS[c.gpu].bf16_tflops * 1e12)   # a stated BF16 peak scales the FP8 one alike
    elif c.gpu not in GPUS:
        fp8 = 2.0 * peak   # a custom GPU: FP8 at twice its BF16 peak, as on Hopper and Blackwell
    return Hardware(c.gpu, peak, hbm, SM_COUNT.get(c.gpu, DEFAULT_SMS), PCIE_BPS.get(c.gpu, DEFAULT_PCIE_BPS),
                    float(s.time.gemm_efficiency), float(s.time.hbm_efficiency), fp8)


@dataclass(frozen=True)
class Kernel:
    """One GEMM-like kernel: its FLOPs, the HBM bytes it moves, and how it fills the SMs.
    `tiles` > 0 gives the thread blocks directly (a fused attention kernel: one per query block
    and head; a grouped GEMM) with `fill` the useful share of their MMA work; otherwise the m×n
    output is tiled (`tile_efficiency`). `fp8`: an FP8 GEMM (the FP8 peak at ACHIEVABLE_FP8)."""
    flops: float
    bytes: float
    m: float = 0.0
    n: float = 0.0
    batch: float = 1.0
    tiles: float = 0.0
    fill: float = 1.0
    fp8: bool = False
    out_bytes: float = 0.0   # of `bytes`, the output the tiles write after their main loops
    achievable: float = 0.0  # > 0: this kernel's share of peak instead of ACHIEVABLE (a fused attention kernel)

    def efficiency(self, hw: Hardware) -> float:
        """The fraction of its peak (BF16, or FP8 for an FP8 GEMM) the compute limit runs at."""
        if hw.gemm_efficiency > 0:
            return hw.gemm_efficiency
        fill = self.fill * wave_efficiency(self.tiles, hw.sms) if self.tiles > 0 else \
            tile_efficiency(self.m, self.n, self.batch, hw.sms)
        return (self.achievable or (ACHIEVABLE_FP8 if self._fp8(hw) else ACHIEVABLE)) * fill

    def _fp8(self, hw: Hardware) -> bool:
        return self.fp8 and hw.fp8_peak_flops > 0

    def peak(self, hw: Hardware) -> float:
        return hw.fp8_peak_flops if self._fp8(hw) else hw.peak_flops

    def time(self, hw: Hardware) -> float:
        """Seconds on `hw`: the roofline of compute and HBM bytes, plus the launch gap."""
        if self.flops <= 0:
            return self.bytes / hw.stream_Bps + KERNEL_GAP_S if hw.gemm_efficiency <= 0 else 0.0
        compute = self.flops / (self.peak(hw) * self.efficiency(hw))
        if hw.gemm_efficiency > 0:
            return compute
        reads = self.bytes - self.out_bytes
        return max(compute, reads / hw.stream_Bps) + self.out_bytes / hw.stream_Bps + KERNEL_GAP_S


def gemm(m: float, n: float, k: float, element: float, batch: float = 1.0, fp8: bool = False) -> Kernel:
    """C[m×n] = A[m×k]·B[k×n], `batch` times: 2·m·n·k FLOPs each, operands read and the output
    written once; operands at `element` bytes (one byte when `fp8`), the output at `element`."""
    operand = 1.0 if fp8 else element
    return Kernel(2.0 * m * n * k * batch, ((m * k + k * n) * operand + m * n * element) * batch, m, n, batch,
                  fp8=fp8, out_bytes=m * n * element * batch)


def grouped_gemm(rows: tuple[float, ...], n: float, k: float, element: float, sms: int, fp8: bool = False) -> Kernel:
    """Y_g[rows_g × n] = X_g[rows_g × k]·W_g[k × n] for every group g in one kernel (a grouped GEMM
    of the routed experts: group g is expert g with rows_g tokens)."""
    tokens = sum(rows)
    operand = 1.0 if fp8 else element
    tiles, fill = grouped_tiles(rows, n, sms)
    groups = sum(1 for m in rows if m > 0)
    return Kernel(2.0 * tokens * n * k, (tokens * k + groups * k * n) * operand + tokens * n * element,
                  tiles=tiles, fill=fill, fp8=fp8, out_bytes=tokens * n * element)


def grouped_weight_gemm(rows: tuple[float, ...], k: float, n: float, element: float, sms: int,
                        fp8: bool = False) -> Kernel:
    """dW_g[k × n] = X_gᵀ·dY_g for every group g, each a reduction over its rows_g tokens: the
    output tiles are the same for every group, the roofline prices a group with few tokens."""
    tokens = sum(rows)
    groups = sum(1 for m in rows if m > 0)
    operand = 1.0 if fp8 else element
    if groups == 0:
        return Kernel(0.0, 0.0)
    tiles, fill = grouped_tiles((k,) * groups, n, sms)
    return Kernel(2.0 * tokens * k * n, tokens * (k + n) * operand + groups * k * n * element,
                  tiles=tiles, fill=fill, fp8=fp8, out_bytes=groups * k * n * element)


__all__ = ["ACHIEVABLE", "ACHIEVABLE_FP8", "DEFAULT_SMS", "KERNEL_GAP_S", "Hardware", "Kernel", "PCIE_BPS", "SM_COUNT",
           "TILES", "gemm", "grouped_gemm", "grouped_tiles", "grouped_weight_gemm", "hardware_of", "tile_efficiency",
           "wave_efficiency"]
