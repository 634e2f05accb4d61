"""Gallery figures 7–12: context parallelism compared, the activation lifecycle, the DeepSeek-V3
execution strip, and three diagrams of the Kimi reports' stated facts (the K2 → K2.5 → K3
lineage, K3's 1M-token RL memory seesaw, AgentENV's sandbox lifecycle).

Each builder draws from the models for the model's document, or from the named fallback the
caption states; the diagrams 10–12 state the sources' facts only, their production statistics
labelled as such. The drawing widgets are the modules named for
them (context_schemes, activation_lifecycle, dualpipe_strip, kimi_diagrams).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from tslab.models.derived import CONTEXT, STEP_TIME
from tslab.models.memory.policy import POLICY_READS, activation_policy
from tslab.views.gallery import (activation_lifecycle as activation, context_schemes as context,
                                 dualpipe_strip as dualpipe, kimi_diagrams as kimi)
from tslab.views.gallery.figure import GalleryFigure
from tslab.views.gallery.registry import QT_TRANSLATE_NOOP, FigureSpec

if TYPE_CHECKING:
    from tslab.views.document_model import DocumentModel

translate = QCoreApplication.translate

SRC_ULYSSES = "Jacobs et al., DeepSpeed-Ulysses (2023) §3"
SRC_RING = "Liu, Zaharia & Abbeel, Ring Attention with Blockwise Transformers (2023) §3"
SRC_USP = "Fang & Zhao, USP: A Unified Sequence Parallelism Approach (2024) §3–4"
SRC_K2 = "Kimi K2 technical report (arXiv 2507.20534) §2.4.2, §2.4.3"
SRC_K25 = "Kimi K2.5 technical report (arXiv 2602.02276)"
SRC_K3 = "Kimi K3 technical report (arXiv 2607.24653)"


def build_context_parallel(model: DocumentModel) -> GalleryFigure:
    figure = GalleryFigure(CONTEXT_PARALLEL)
    document, analysis, example = context.context_document(model.document)
    figure.set_body(context.ContextComparison(analysis, figure))
    figure.set_caption(context.context_caption(document, analysis, example))
    return figure


def build_activation_lifecycle(model: DocumentModel) -> GalleryFigure:
    figure = GalleryFigure(ACTIVATION_LIFECYCLE)
    document, substituted = activation.activation_document(model.document)
    policy = activation_policy(document.scenario)
    layer = activation.shown_layer(policy, bool(document.scenario.model.experts))
    figure.set_body(activation.ActivationLanes(layer, figure))
    figure.set_caption(activation.activation_caption(document, layer, policy, substituted, model.document))
    return figure


def build_dualpipe_overlap(model: DocumentModel) -> GalleryFigure:
    figure = GalleryFigure(DUALPIPE_OVERLAP)
    document, substituted = dualpipe.dualpipe_document(model.document)
    strip = dualpipe.overlap_strip(document.scenario)
    figure.set_body(dualpipe.ExecutionStrip(strip, figure))
    figure.set_caption(dualpipe.dualpipe_caption(document, strip, substituted))
    return figure


def _diagram(spec: FigureSpec, body_class: type, caption: str) -> GalleryFigure:
    """A diagram of stated facts: the same for every document."""
    figure = GalleryFigure(spec)
    figure.set_body(body_class(figure))
    figure.set_caption(caption)
    return figure


def build_kimi_lineage(model: DocumentModel) -> GalleryFigure:
    return _diagram(KIMI_LINEAGE, kimi.LineageTable, translate(
        "gallery", "What each Kimi report states it changed in the training system, K2 → K2.5 → K3, each cell with "
                   "its source; the figures quoted are the reports' own."))


def build_k3_memory_seesaw(model: DocumentModel) -> GalleryFigure:
    return _diagram(K3_MEMORY_SEESAW, kimi.MemorySeesaw, translate(
        "gallery", "Kimi K3's 1M-token co-located RL: where the model and optimizer states, the external KV pool and "
                   "the policy's gradient buffer are in each phase of one iteration, as the report states it. "
                   "Schematic: the heights are relative and there is no numeric axis, because the report gives no "
                   "sizes."))


def build_agentenv_lifecycle(model: DocumentModel) -> GalleryFigure:
    return _diagram(AGENTENV_LIFECYCLE, kimi.SandboxLifecycle, translate(
        "gallery", "An AgentENV sandbox's states and transitions as the repository documents them (run → pause → "
                   "snapshot / fork → resume); the numbers are the K3 report's production statistics and the "
                   "README's own statement, not a general microVM benchmark."))


CONTEXT_PARALLEL = FigureSpec(
    key="context-parallel", number=7,
    title=QT_TRANSLATE_NOOP("gallery", "Context parallelism: Ulysses, Ring and USP"),
    summary=QT_TRANSLATE_NOOP("gallery", "Ulysses' sequence ↔ head all-to-all, Ring's rotating K/V blocks and USP's "
                                         "2-D mesh side by side, with each scheme's bytes per link per layer."),
    sources=(SRC_ULYSSES, SRC_RING, SRC_USP),
    tab="context", build=build_context_parallel,
    live_view={"view.context.page": "parallel", "view.context.scheme": "usp"}, reads=(CONTEXT, "title", "view.context"))

ACTIVATION_LIFECYCLE = FigureSpec(
    key="activation-lifecycle", number=8,
    title=QT_TRANSLATE_NOOP("gallery", "The activation lifecycle: store, recompute, compress, offload"),
    summary=QT_TRANSLATE_NOOP("gallery", "Every tensor one layer saves for its backward, with its bytes and what "
                                         "happens to it between forward and backward: kept in HBM, stored in FP8, "
                                         "offloaded to CPU, parked on a remote GPU, or recomputed."),
    sources=("Korthikanti et al., Reducing Activation Recomputation (MLSys'23) §4–5",
             "DeepSeek-V3 technical report §3.2.3, §3.3.3",
             "Kimi K2 technical report (arXiv 2507.20534) §2.4.3",
             "Kimi K3 technical report (unified activation manager)"),
    tab="memory", build=build_activation_lifecycle, live_view={},
    reads=("title", *POLICY_READS, "parallel", "schedule", "cluster", "memory"))

DUALPIPE_OVERLAP = FigureSpec(
    key="dualpipe-overlap", number=9,
    title=QT_TRANSLATE_NOOP("gallery", "DeepSeek-V3's execution strip: DualPipe overlaps a forward and a backward "
                                       "chunk"),
    summary=QT_TRANSLATE_NOOP("gallery", "One overlapped forward and backward chunk pair of DualPipe: the compute "
                                         "stream and the all-to-all and PP communication, what the step-time model "
                                         "hides and what it exposes."),
    sources=("DeepSeek-V3 technical report §3.2.1, Figure 4",
             "DeepSeek-V3 technical report §3.2.2 (cross-node all-to-all)"),
    tab="pipeline", build=build_dualpipe_overlap, live_view={}, reads=(STEP_TIME, "title"))

KIMI_LINEAGE = FigureSpec(
    key="kimi-lineage", number=10,
    title=QT_TRANSLATE_NOOP("gallery", "Kimi K2 → K2.5 → K3: what each changed in the training system"),
    summary=QT_TRANSLATE_NOOP("gallery", "Three columns of the reports' stated facts: parallel layout, activations, "
                                         "multimodal training and the RL system of K2, K2.5 and K3."),
    sources=(SRC_K2, SRC_K25, SRC_K3 + " §5.2.1, Appendix E", "MoonshotAI/checkpoint-engine", "MoonshotAI/MoonEP",
             "AgentENV repository, kvcache-ai/AgentENV"),
    tab=None, build=build_kimi_lineage, live_view={})

K3_MEMORY_SEESAW = FigureSpec(
    key="k3-memory-seesaw", number=11,
    title=QT_TRANSLATE_NOOP("gallery", "Kimi K3's 1M-token RL: the memory seesaw of one iteration"),
    summary=QT_TRANSLATE_NOOP("gallery", "Training states on NVMe while the external KV pool fills CPU DRAM during "
                                         "rollout, the pool released for training, the gradient buffer reused: a "
                                         "schematic of the report's statements."),
    sources=(SRC_K3 + " (1M-token RL: external KV pool, auto-throttling, gradient-buffer reuse)",),
    tab=None, build=build_k3_memory_seesaw, live_view={})

AGENTENV_LIFECYCLE = FigureSpec(
    key="agentenv-lifecycle", number=12,
    title=QT_TRANSLATE_NOOP("gallery", "AgentENV: a sandbox's lifecycle"),
    summary=QT_TRANSLATE_NOOP("gallery", "Run, pause, snapshot, fork and resume of AgentENV's Firecracker sandboxes, "
                                         "with the K3 report's production statistics labelled as such."),
    sources=("AgentENV repository, kvcache-ai/AgentENV (README.md, docs/src/concepts/sandboxes.md)",
             SRC_K3 + " (AgentENV)"),
    tab=None, build=build_agentenv_lifecycle, live_view={})

SPECS: tuple[FigureSpec, ...] = (CONTEXT_PARALLEL, ACTIVATION_LIFECYCLE, DUALPIPE_OVERLAP, KIMI_LINEAGE,
                                 K3_MEMORY_SEESAW, AGENTENV_LIFECYCLE)
