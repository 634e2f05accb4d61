"""GPU catalogue: HBM capacity per device, from the vendors' data sheets."""
from __future__ import annotations

from dataclasses import dataclass

GIB = 1 << 30


@dataclass(frozen=True)
class Gpu:
    name: str
    label: str
    hbm_gib: float
    source: str


GPUS: dict[str, Gpu] = {gpu.name: gpu for gpu in (
    Gpu("h100", "H100 SXM 80 GB", 80, "NVIDIA H100 Tensor Core GPU data sheet"),
    Gpu("h800", "H800 SXM 80 GB", 80, "NVIDIA H800 data sheet (H100 with reduced NVLink)"),
    Gpu("h200", "H200 SXM 141 GB", 141, "NVIDIA H200 Tensor Core GPU data sheet"),
    Gpu("b200", "B200 192 GB", 192, "NVIDIA DGX B200 / HGX B200 data sheet"),
    Gpu("a100-40", "A100 SXM 40 GB", 40, "NVIDIA A100 Tensor Core GPU data sheet"),
    Gpu("a100-80", "A100 SXM 80 GB", 80, "NVIDIA A100 Tensor Core GPU data sheet"),
)}


def capacity_bytes(gpu: str, hbm_gib: float) -> int:
    """HBM bytes of one GPU: `hbm_gib` when set (> 0), else the catalogue's figure for `gpu`."""
    if hbm_gib > 0:
        return int(hbm_gib * GIB)
    if gpu in GPUS:
        return int(GPUS[gpu].hbm_gib * GIB)
    return 0
