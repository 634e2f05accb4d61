"""What a ledger line is, and the sources the ledger's formulas cite."""
from __future__ import annotations

from dataclasses import dataclass

from ..scenario import BYTES_PER_ELEMENT

GROUPS = ("params", "grads", "master", "optimizer", "activations", "buffers")
TIERS = ("gpu", "cpu", "remote", "nvme")
OPTIMIZER_STATES = {"adam": 2, "muon": 1, "sgd": 1}  # Adam m and v; Muon and SGD one momentum

SRC_ZERO = "Rajbhandari et al., ZeRO (SC'20) §3.1, §5"
SRC_ACT = "Korthikanti et al., Reducing Activation Recomputation (MLSys'23) §4, Table 2"
SRC_FLASH = "Dao et al., FlashAttention (NeurIPS'22) §3"
SRC_OFFLOAD = "Ren et al., ZeRO-Offload (ATC'21); Rajbhandari et al., ZeRO-Infinity (SC'21)"
SRC_K2 = "Kimi K2 technical report §2.4.3"
SRC_K3 = "Kimi K3 technical report (unified activation manager, Pipeline ZeRO-2)"
SRC_SCHED = {
    "gpipe": "Huang et al., GPipe (NeurIPS'19)",
    "1f1b": "Narayanan et al., PipeDream-Flush / Megatron-LM (SC'21) §2.2",
    "interleaved-1f1b": "Narayanan et al. (SC'21) §2.2.2; Korthikanti et al. §4.2.3",
    "zb-h1": "Qi et al., Zero Bubble Pipeline Parallelism (ICLR'24) §2.1, Figure 3",
    "zb-h2": "Qi et al., Zero Bubble Pipeline Parallelism (ICLR'24) §2.2, Figure 3",
    "zbv": "Qi et al., Pipeline Parallelism with Controllable Memory (2024)",
    "dualpipe": "DeepSeek-V3 technical report §3.2.1, Table 2",
    "dualpipev": "DeepSeek-V3 technical report §3.2.1, Table 2; DualPipeV (cut-in-half)",
}


@dataclass(frozen=True)
class LedgerItem:
    key: str       # stable id, e.g. "activations_cpu"
    group: str     # one of GROUPS (the JSON per_gpu_bytes item)
    name: str      # English display name; the GUI translates it (context "ledger")
    bytes: int
    tier: str      # one of TIERS
    formula: str
    source: str
    tensor: str = ""  # the activation policy's tensor, for an item that is one (models/memory/policy.py)



def bytes_name(precision: str) -> str:
    return f"{BYTES_PER_ELEMENT[precision]} B ({precision})"
