"""Long-context parallelism: one sample's sequence split over the parallel.cp ranks.

Megatron-LM's sequence parallelism (Korthikanti et al. 2022 §4.2.2) is told apart from it: a TP
companion that shards the TP-replicated LayerNorm/dropout activations. The long-context schemes:
DeepSpeed-Ulysses (Jacobs et al. 2023 §3, all-to-all to head shards), Ring attention (Liu et al.
2023, K/V blocks passed around with the online softmax of Milakov & Gimelshein 2018, the zigzag
order of Megatron-LM's context parallelism), USP (Fang & Zhao 2024, Ulysses × Ring), DeepSeek-V4's
two-stage CP for compressed attention and Kimi K3's KDA context parallelism (a prefix scan of
fixed-size recurrent-state fragments). Bytes and times are per TP rank for one layer's forward
pass, α–β priced on the CP group's link tier. A deterministic teaching model, not a benchmark of
a real cluster.

Modules: `common` (widths, placement, α–β), `ulysses` (Ulysses, Megatron SP, the all-to-all's
animation), `ring`, `usp`, `two_stage`, `kda`, `analysis` (ContextAnalysis, JSON), `checks` (the
problems validate() collects), `memory` (activation bytes vs sequence length).
"""
from __future__ import annotations

from .analysis import MODEL_NOTE, ContextAnalysis, context_analysis, context_json
from .checks import context_problems, context_validation
from .common import MAX_CP, Placement, Shapes, placement_of, shapes
from .kda import Kda, kda_demo, scan_ranges
from .memory import SCHEMES, ContextMemory, context_lengths, context_memory
from .ring import Ring, RingStep, chunks_held, ring_demo, work_matrix
from .two_stage import TwoStage, straddling_blocks
from .ulysses import MEGATRON_SP_NOTE, MegatronSp, Ulysses, head_limit, ulysses_holdings
from .usp import Usp, auto_degree

__all__ = [
    "MAX_CP", "MEGATRON_SP_NOTE", "MODEL_NOTE", "SCHEMES",
    "ContextAnalysis", "ContextMemory", "Kda", "MegatronSp", "Placement", "Ring", "RingStep", "Shapes", "TwoStage",
    "Ulysses", "Usp",
    "auto_degree", "chunks_held", "context_analysis", "context_json", "context_lengths", "context_memory",
    "context_problems", "context_validation", "head_limit", "kda_demo", "placement_of", "ring_demo", "scan_ranges",
    "shapes", "straddling_blocks", "ulysses_holdings", "work_matrix",
]
