"""GPU catalogue (HBM capacity per device, from the vendors' data sheets) and the cluster's link
tiers in the units the communication models take."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:  # for the annotation only
    from .scenario import Cluster

GIB = 1 << 30


@dataclass(frozen=True)
class Gpu:
    """A GPU of the catalogue: HBM capacity and bandwidth, dense (non-sparse) BF16 and FP8
    tensor-core FLOP/s (0: no FP8 tensor cores), as the data sheet `source` states them."""
    name: str
    label: str
    hbm_gib: float
    source: str
    bf16_tflops: float
    fp8_tflops: float
    hbm_gbps: float


GPUS: dict[str, Gpu] = {gpu.name: gpu for gpu in (
    # The data sheets quote BF16 with sparsity; the dense figure is half of it.
    Gpu("h100", "H100 SXM 80 GB", 80, "NVIDIA H100 Tensor Core GPU data sheet", 989.5, 1979.0, 3350.0),
    Gpu("h800", "H800 SXM 80 GB", 80, "NVIDIA H800 data sheet (H100 with reduced NVLink)", 989.5, 1979.0, 3350.0),
    Gpu("h200", "H200 SXM 141 GB", 141, "NVIDIA H200 Tensor Core GPU data sheet", 989.5, 1979.0, 4800.0),
    Gpu("b200", "B200 192 GB", 192, "NVIDIA DGX B200 / HGX B200 data sheet", 2250.0, 4500.0, 8000.0),
    Gpu("a100-40", "A100 SXM 40 GB", 40, "NVIDIA A100 Tensor Core GPU data sheet", 312.0, 0.0, 1555.0),
    Gpu("a100-80", "A100 SXM 80 GB", 80, "NVIDIA A100 Tensor Core GPU data sheet", 312.0, 0.0, 2039.0),
)}


def capacity_bytes(gpu: str, hbm_gib: float) -> int:
    """HBM bytes of one GPU: `hbm_gib` when set (> 0), else the catalogue's figure for `gpu`."""
    if hbm_gib > 0:
        return int(hbm_gib * GIB)
    if gpu in GPUS:
        return int(GPUS[gpu].hbm_gib * GIB)
    return 0


def peak_flops(gpu: str, peak_tflops: float) -> float:
    """Dense BF16 FLOP/s of one GPU: `peak_tflops` × 10^12 when set (> 0), else the catalogue's
    figure for `gpu` (0.0 for a GPU outside the catalogue)."""
    if peak_tflops > 0:
        return float(peak_tflops) * 1e12
    return GPUS[gpu].bf16_tflops * 1e12 if gpu in GPUS else 0.0


def hbm_bandwidth(gpu: str, hbm_gbps: float) -> float:
    """HBM bytes per second of one GPU: `hbm_gbps` × 10^9 when set (> 0), else the catalogue's
    figure for `gpu` (0.0 for a GPU outside the catalogue)."""
    if hbm_gbps > 0:
        return float(hbm_gbps) * 1e9
    return GPUS[gpu].hbm_gbps * 1e9 if gpu in GPUS else 0.0


class LinkKwargs(TypedDict):
    """The link keyword arguments of comm.plan and moe.analyse."""
    gpus_per_node: int
    alpha_intra_s: float
    alpha_inter_s: float
    bw_intra_Bps: float
    bw_inter_Bps: float


@dataclass(frozen=True)
class LinkTiers:
    """The cluster's two link tiers in SI units, as the α–β model takes them (Hockney 1994;
    Thakur, Rabenseifner & Gropp 2005 §3: t = α + n/β per message): NVLink inside a node of
    `gpus_per_node` GPUs, the IB / RoCE network between nodes. Latencies in s, bandwidths in B/s
    per GPU."""
    gpus_per_node: int
    alpha_intra_s: float
    alpha_inter_s: float
    bw_intra_Bps: float
    bw_inter_Bps: float

    def kwargs(self) -> LinkKwargs:
        """Exactly the link keyword arguments of comm.plan and moe.analyse."""
        return {"gpus_per_node": self.gpus_per_node, "alpha_intra_s": self.alpha_intra_s,
                "alpha_inter_s": self.alpha_inter_s, "bw_intra_Bps": self.bw_intra_Bps,
                "bw_inter_Bps": self.bw_inter_Bps}


def link_tiers(cluster: Cluster) -> LinkTiers:
    """A scenario's [cluster] links in SI units: bandwidths GB/s → B/s (× 10^9, decimal GB, as
    link bandwidths are quoted), latencies µs → s (× 10^-6)."""
    return LinkTiers(gpus_per_node=int(cluster.gpus_per_node),
                     alpha_intra_s=float(cluster.intra_latency_us) * 1e-6,
                     alpha_inter_s=float(cluster.inter_latency_us) * 1e-6,
                     bw_intra_Bps=float(cluster.intra_bw_gbps) * 1e9,
                     bw_inter_Bps=float(cluster.inter_bw_gbps) * 1e9)
