"""The matrices Muon orthogonalises on one pipeline stage, as whole logical matrices.

Muon updates the hidden layers' 2-D weights; embeddings, the LM head, norms and biases go to AdamW
(Jordan et al. 2024, "Muon: An optimizer for hidden layers in neural networks", and its reference
code github.com/KellerJordan/Muon, README "Usage"; Megatron-LM's
megatron/core/optimizer/layer_wise_optimizer.py routes only 2-D non-embedding weights to Muon).
Shapes are PyTorch's (out_features, in_features) and follow models/memory/params.py:

- MHA / GQA: q (a·d × h), k and v (kv·d × h), o (h × a·d) — Vaswani et al. 2017; GQA (Ainslie
  et al. 2023).
- MLA (DeepSeek-V2 §2.1; the released modeling_deepseek.py names): q_a_proj (q_lora × h) and
  q_b_proj (a·(d + rope) × q_lora), or q_proj (a·(d + rope) × h) without a query LoRA;
  kv_a_proj_with_mqa (kv_lora + rope × h), kv_b_proj (a·(d + d_v) × kv_lora), o_proj (h × a·d_v).
- Dense MLP: gate and up (f × h) and down (h × f) for SwiGLU, up and down for GeLU; the shared
  experts of an MoE layer as one MLP of width `shared_ffn` (DeepSeekMoE).
- Routed experts: the same MLP of width expert_ffn_hidden per expert.

Tensor parallelism does not change the logical shapes: Newton–Schulz needs the whole matrix, so a
TP-sharded weight is gathered for it. MTP modules (DeepSeek-V3 §2.2) are left out.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..declared import reads
from ..memory.params import head_dim, is_moe_layer, shared_ffn
from ..memory.partition import LAYOUT_READS, pipeline_layout
from ..scenario import Scenario

KINDS = ("attention", "mlp", "shared", "expert")


def ns_cost(rows: int, cols: int) -> float:
    """Newton–Schulz cost of an M × N matrix: max(M, N) · min(M, N)², the order of one iteration's
    Gram product X·Xᵀ on the small side (Jordan et al. 2024)."""
    small, large = min(rows, cols), max(rows, cols)
    return float(large) * float(small) ** 2


@dataclass(frozen=True)
class Matrix:
    """One logical weight matrix: rows × cols (out × in features), `kind` one of KINDS, elements =
    rows · cols and ns_cost = max(M, N) · min(M, N)². `layer` is its layer index and `chunk` the
    model-chunk buffer it belongs to on its stage (K3Fetch pipelines the fetch over chunks)."""
    name: str
    rows: int
    cols: int
    kind: str
    elements: int
    ns_cost: float
    layer: int = -1
    chunk: int = 0

    @classmethod
    def of(cls, name: str, rows: int, cols: int, kind: str, layer: int = -1, chunk: int = 0) -> Matrix:
        if rows < 1 or cols < 1:
            raise ValueError(f"{name}: a matrix needs positive dimensions, not {rows} × {cols}")
        return cls(name, rows, cols, kind, rows * cols, ns_cost(rows, cols), layer, chunk)


def attention_shapes(s: Scenario) -> list[tuple[str, int, int]]:
    """(name, rows, cols) of one layer's attention projections."""
    m, d = s.model, head_dim(s)
    h, a = m.hidden, m.heads
    if m.attention == "mla":
        dq, dv = d + m.qk_rope_head_dim, m.v_head_dim or d
        q = [("q_a_proj", m.q_lora_rank, h), ("q_b_proj", a * dq, m.q_lora_rank)] if m.q_lora_rank \
            else [("q_proj", a * dq, h)]
        return q + [("kv_a_proj_with_mqa", m.kv_lora_rank + m.qk_rope_head_dim, h),
                    ("kv_b_proj", a * (d + dv), m.kv_lora_rank), ("o_proj", h, a * dv)]
    return [("q_proj", a * d, h), ("k_proj", m.kv_heads * d, h), ("v_proj", m.kv_heads * d, h),
            ("o_proj", h, a * d)]


def mlp_shapes(s: Scenario, ffn: int) -> list[tuple[str, int, int]]:
    """(name, rows, cols) of an MLP of width `ffn`: gate/up/down for SwiGLU, up/down for GeLU."""
    h = s.model.hidden
    ins = [("gate_proj", ffn, h), ("up_proj", ffn, h)] if s.model.mlp == "swiglu" else [("up_proj", ffn, h)]
    return ins + [("down_proj", h, ffn)]


def layer_shapes(s: Scenario, moe: bool) -> list[tuple[str, int, int, str]]:
    """(name within the layer, rows, cols, kind) of the Muon matrices of one layer, experts aside."""
    shapes = [(f"attn.{name}", rows, cols, "attention") for name, rows, cols in attention_shapes(s)]
    if not moe:
        shapes += [(f"mlp.{name}", rows, cols, "mlp") for name, rows, cols in mlp_shapes(s, s.model.ffn_hidden)]
    elif shared_ffn(s):
        shapes += [(f"mlp.shared_experts.{name}", rows, cols, "shared")
                   for name, rows, cols in mlp_shapes(s, shared_ffn(s))]
    return shapes


def expert_matrices_per_expert(s: Scenario) -> int:
    """Matrices of one routed expert: 3 for SwiGLU, 2 for GeLU."""
    return 3 if s.model.mlp == "swiglu" else 2


def local_experts(s: Scenario) -> int:
    """Routed experts on one EP rank: experts / ep (rounded up when ep does not divide them)."""
    return math.ceil(s.model.experts / s.parallel.ep) if s.model.experts else 0


@dataclass(frozen=True)
class Stage:
    """The pipeline rank whose optimizer has the most Muon work: its model chunks' layer indices
    (one chunk per stage it holds: vpp for interleaved 1F1B, two for the V shapes and DualPipe's
    two copies), and its dense (non-expert) matrix count and elements."""
    rank: int
    chunks: tuple[tuple[int, ...], ...]
    matrices: int
    elements: int
    moe_layers: int

    @property
    def layers(self) -> tuple[int, ...]:
        return tuple(layer for chunk in self.chunks for layer in chunk)


# The pipeline's layout and the matrices each layer holds on a GPU.
@reads(*LAYOUT_READS, "model", "parallel", size=32)
def muon_stage(s: Scenario) -> Stage:
    """The most loaded pipeline stage: the pipeline rank with the most dense Muon matrices, then
    the most elements, then the lowest rank (models/memory/partition.py's pipeline_layout places
    stages; MTP layers, indices from model.layers on, are left out). ValueError when the pipeline
    cannot be laid out. Remembered by what it reads: validate() asks for it on every edit."""
    per_kind = {moe: layer_shapes(s, moe) for moe in (False, True)}
    counts = {moe: (len(shapes), sum(rows * cols for _, rows, cols, _ in shapes)) for moe, shapes in per_kind.items()}
    best: Stage | None = None
    for layout in pipeline_layout(s):
        chunks = tuple(tuple(layer for layer in layers if layer < s.model.layers) for layers in layout.layers)
        kinds = [is_moe_layer(s, layer) for chunk in chunks for layer in chunk]
        matrices = sum(counts[moe][0] for moe in kinds)
        elements = sum(counts[moe][1] for moe in kinds)
        if best is None or (matrices, elements) > (best.matrices, best.elements):
            best = Stage(layout.rank, chunks, matrices, elements, sum(kinds))
    assert best is not None  # pipeline_layout returns one layout per pipeline rank, pp ≥ 1
    return best


def stage_matrices(s: Scenario, stage: Stage) -> tuple[Matrix, ...]:
    """The stage's dense Muon matrices, named "layers.<i>.attn.q_proj" and so on. Chunk indices:
    the stage's model chunks when it holds several, else one per layer (the fetch buffer of
    K3Fetch). A layer held twice (DualPipe's middle rank for odd pp) is named "copy2.layers.…"."""
    per_kind = {moe: layer_shapes(s, moe) for moe in (False, True)}
    per_layer = len(stage.chunks) == 1
    matrices: list[Matrix] = []
    seen: set[int] = set()
    position = 0
    for chunk_index, layers in enumerate(stage.chunks):
        for layer in layers:
            prefix = f"copy2.layers.{layer}" if layer in seen else f"layers.{layer}"
            seen.add(layer)
            chunk = position if per_layer else chunk_index
            position += 1
            for name, rows, cols, kind in per_kind[is_moe_layer(s, layer)]:
                matrices.append(Matrix.of(f"{prefix}.{name}", rows, cols, kind, layer, chunk))
    return tuple(matrices)


def dense_matrix_count(s: Scenario) -> int:
    """The number of dense Muon matrices on the most loaded stage (no Matrix objects built)."""
    return muon_stage(s).matrices
