"""Gallery figures 1–6: the cost stack, bytes per parameter, the 3D device mesh, the pipeline
schedules side by side, the collectives round by round, and MoE's all-to-alls with MoonEP.

Each builder draws from the models for the document (or for the preset it names when the document
cannot show the figure, and the caption says so); the drawing widgets are the modules named for
them (cost_stack, bytes_per_parameter, device_mesh, schedules, collective_frames, moe_all_to_all).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QCoreApplication

from tslab.models.derived import LEDGER, MESH, MOE, STEP_TIME, Computation, Failed
from tslab.models.memory import memory_ledger
from tslab.models.mesh import Mesh
from tslab.models.moe import analyse_scenario
from tslab.models.time import step_time
from tslab.models.units import format_bytes
from tslab.views.comm.common import NAMES
from tslab.views.gallery import (bytes_per_parameter as bytes_fig, collective_frames as collectives, cost_stack as cost,
                                 device_mesh as mesh_fig, moe_all_to_all as moe_fig, schedules as schedules)
from tslab.views.gallery.figure import GalleryFigure
from tslab.views.gallery.registry import QT_TRANSLATE_NOOP, FigureSpec, document_for
from tslab.views.labels import kind_name
from tslab.views.time.common import ms, percent

if TYPE_CHECKING:
    from tslab.models.scenario import Scenario
    from tslab.views.document_model import DocumentModel

Result = TypeVar("Result")

SRC_ZERO = "Rajbhandari et al., ZeRO (SC'20) §3.1, Figure 1"
SRC_MEGATRON = "Narayanan et al., Efficient Large-Scale Language Model Training on GPU Clusters (SC'21) §2.2, §3"
SRC_MFU = "Chowdhery et al., PaLM (2022) Appendix B (model FLOPs utilisation)"
SRC_ROOFLINE = "Williams, Waterman & Patterson, Roofline (CACM 2009)"
SRC_GPIPE = "Huang et al., GPipe (NeurIPS'19)"
SRC_1F1B = "Narayanan et al., SC'21 §2.2"
SRC_ZB = "Qi et al., Zero Bubble Pipeline Parallelism (ICLR'24)"
SRC_DUALPIPE = "DeepSeek-V3 Technical Report §3.2.1, Table 2"
SRC_MESH = "Narayanan et al., SC'21 §3 (PTD-P: TP within a server, PP across servers, DP across replicas)"
SRC_RANKS = "Megatron-LM, megatron/core/parallel_state.py (RankGenerator, order tp-cp-ep-dp-pp)"
SRC_DEEPSEEK_EP = "DeepSeek-V3 Technical Report §3.2.2 (FP8 dispatch, BF16 combine), §2.1.2 (node-limited routing)"
SRC_GSHARD = "Lepikhin et al., GShard (ICLR'21) §2"
SRC_MOONEP = "Kimi K3 technical report §5.2.1, Appendix E; MoonshotAI/MoonEP"
SRC_NCCL_TESTS = "nccl-tests, doc/PERFORMANCE.md"
SRC_THAKUR = "Thakur, Rabenseifner & Gropp, Optimization of Collective Communication Operations in MPICH (IJHPCA 2005)"


def _spec(key: str) -> FigureSpec:
    return next(spec for spec in SPECS if spec.key == key)


def _drawn_instead(title: str, reason: str) -> str:
    return QCoreApplication.translate("gallery", "Drawn for {title}: the current scenario cannot show this figure "
                                                 "({reason}).").format(title=title, reason=reason)


def _own_or_preset(model: DocumentModel, computation: Computation, preset: str,
                   compute: Callable[[Scenario], Result],
                   drawn_instead: Callable[[str, str], str] = _drawn_instead) -> tuple[Scenario, Result, list[str]]:
    """The scenario a figure draws, the computation's result for it and the caption's notes so
    far: the document's own result, or, where the computation failed for the document, `compute`
    run on the preset `preset`, with a first note (`drawn_instead(title, reason)`) saying so."""
    result = model.result(computation)
    document, substituted = document_for(model.document, lambda _: not isinstance(result, Failed), preset)
    scenario = document.scenario
    notes: list[str] = []
    if substituted:
        notes.append(drawn_instead(scenario.title, result.reason))
        result = compute(scenario)
    return scenario, result, notes


# ---------------------------------------------------------------------------------------------
# 1. The cost stack

def build_cost_stack(model: DocumentModel) -> GalleryFigure:
    figure = GalleryFigure(_spec("cost-stack"))
    scenario, time, notes = _own_or_preset(model, STEP_TIME, "gpt3-175b", step_time)
    figure.set_body(cost.CostStackBody(time, scenario.title, figure))
    totals = cost.layer_totals(time)
    share = {layer: totals.seconds[layer] / totals.total if totals.total > 0 else 0.0 for layer in cost.LAYERS}
    if len(time.stack) > cost.MAX_RANKS_DRAWN:
        notes.append(QCoreApplication.translate("gallery", "The first {shown} of {ranks} pipeline ranks are drawn.")
                     .format(shown=cost.MAX_RANKS_DRAWN, ranks=len(time.stack)))
    notes.append(QCoreApplication.translate(
        "gallery",
        "Each bar is one pipeline rank's optimizer step of {title}: FLOPs (GEMMs at the model's efficiency curve), "
        "HBM (element-wise work at memory bandwidth), network (communication not hidden under compute, per axis), "
        "idle (the pipeline bubble and waiting for the slowest rank) and the optimizer step add up to the step "
        "time {step} on every rank. Averaged over the ranks: FLOPs {flops}, HBM {hbm}, network {network}, idle "
        "{idle}, optimizer {optimizer}. MFU {mfu} = model FLOPs per step / (step time × peak FLOP/s of {gpus} "
        "GPUs).").format(
            title=scenario.title, step=ms(time.step_time_s), flops=percent(share["flops"]),
            hbm=percent(share["hbm"]), network=percent(share["network"]), idle=percent(share["idle"]),
            optimizer=percent(share["optimizer"]), mfu=percent(time.mfu), gpus=f"{time.gpus:,}"))
    figure.set_caption(" ".join(notes))
    return figure


# ---------------------------------------------------------------------------------------------
# 2. Bytes per parameter

def build_bytes_per_parameter(model: DocumentModel) -> GalleryFigure:
    figure = GalleryFigure(_spec("bytes-per-parameter"))
    scenario, ledger, notes = _own_or_preset(model, LEDGER, "classroom-7b", memory_ledger)
    figure.set_body(bytes_fig.BytesBody(scenario, ledger, figure))
    paper = bytes_fig.paper_zero()
    mine = bytes_fig.scenario_zero(ledger)
    per = bytes_fig.per_parameter(mine[0], ledger.state_params_per_gpu or ledger.params_per_gpu)
    text = QCoreApplication.translate(
        "gallery",
        "Mixed-precision Adam keeps 2 + 2 + 4 + 4 + 4 = 16 bytes per parameter, not 2: the BF16 parameter and "
        "gradient, an FP32 master copy and Adam's two FP32 moments. ZeRO's example (Ψ = 7.5B, N_d = 64) needs "
        "{p0}, {p1}, {p2} and {p3} per GPU at ZeRO 0, 1, 2 and 3. This scenario ({title}: Ψ = {psi} parameters on "
        "the GPU of pipeline rank {rank}, N_d = {nd}) keeps {bpp} bytes per parameter and needs {s0}, {s1}, {s2} "
        "and {s3} at ZeRO 0–3; it runs ZeRO-{zero}. Model states only (parameters, gradients, master weights, "
        "optimizer states) on every tier; GB = 10⁹ bytes.").format(
            p0=bytes_fig.gb(paper[0].total), p1=bytes_fig.gb(paper[1].total), p2=bytes_fig.gb(paper[2].total),
            p3=bytes_fig.gb(paper[3].total), title=scenario.title,
            psi=f"{ledger.state_params_per_gpu or ledger.params_per_gpu:,}", rank=ledger.state_rank,
            nd=scenario.parallel.dp * scenario.parallel.cp,
            bpp=" + ".join(f"{value:g}" for value in per.values() if value) + f" = {sum(per.values()):g}",
            s0=bytes_fig.gb(mine[0].total), s1=bytes_fig.gb(mine[1].total), s2=bytes_fig.gb(mine[2].total),
            s3=bytes_fig.gb(mine[3].total),
            zero=scenario.parallel.zero)
    figure.set_caption(" ".join(notes + [text]))
    return figure


# ---------------------------------------------------------------------------------------------
# 3. The device mesh

def build_device_mesh(model: DocumentModel) -> GalleryFigure:
    figure = GalleryFigure(_spec("device-mesh"))
    own = model.scenario
    mine = mesh_fig.drawable(own)
    scenario = own if mine else mesh_fig.example_scenario()
    pic = mesh_fig.picture(scenario)
    own_mesh = None if mine else model.result(MESH)
    if isinstance(own_mesh, Mesh) and mesh_fig.large(own_mesh):
        # the scenario's own mesh as the Parallel Mesh tab draws it, beside the example GPU by GPU
        axis = model.view.mesh.axis(own)
        nodes = mesh_fig.ScenarioNodes(own_mesh, axis, model.view.mesh.zoomed_node(own_mesh.nodes))
        figure.set_body(mesh_fig.ExampleBeside(mesh_fig.MeshBody(pic), nodes, figure))
    else:
        own_mesh = None
        figure.set_body(mesh_fig.MeshBody(pic, figure))
    tp, pp, dp = pic.dims
    mesh = pic.mesh
    shape = QCoreApplication.translate("gallery", "tp = {tp}, pp = {pp}, dp = {dp} on {nodes} nodes × {gpn} GPUs "
                                                  "(rank order {order})").format(
        tp=tp, pp=pp, dp=dp, nodes=mesh.nodes, gpn=mesh.gpus_per_node, order=mesh.order)
    if mine:
        which = QCoreApplication.translate("gallery", "This scenario's mesh, {title}: {shape}.").format(
            title=own.title, shape=shape)
    else:
        which = QCoreApplication.translate(
            "gallery", "A small example, {shape}: this scenario ({title}: tp = {tp}, pp = {pp}, dp = {dp}, cp = {cp}, "
                       "{gpus} GPUs) is drawn only with TP, PP and DP all above 1, no CP and at most {limit} "
                       "GPUs.").format(shape=shape, title=own.title, tp=own.parallel.tp, pp=own.parallel.pp,
                                       dp=own.parallel.dp, cp=own.parallel.cp, gpus=f"{own.world_size:,}",
                                       limit=mesh_fig.MAX_GPUS)
    inside = sum(1 for crosses in mesh.cross_node("tp") if not crosses)
    crossing = sum(1 for crosses in mesh.cross_node("pp") if crosses)
    if own_mesh is not None:
        which += " " + QCoreApplication.translate(
            "gallery", "Right: this scenario's own mesh, a cell per node of {gpn} GPUs, as the Parallel Mesh tab "
                       "draws it (view.mesh.node chooses the node drawn GPU by GPU).").format(
            gpn=own_mesh.gpus_per_node)
    figure.set_caption(" ".join([which, QCoreApplication.translate(
        "gallery", "{inside} of {tp_groups} TP groups stay inside one node (their per-layer all-reduces on NVLink); "
                   "{crossing} of {pp_groups} PP chains cross nodes (a send per micro-batch between stages); each "
                   "of the {dp} DP replicas is a whole copy of the model. Groups from models.mesh, as Megatron-LM's "
                   "rank generator builds them.").format(
        inside=inside, tp_groups=len(pic.tp_groups), crossing=crossing, pp_groups=len(pic.pp_chains), dp=dp)]))
    return figure


# ---------------------------------------------------------------------------------------------
# 4. Pipeline schedules

def build_pipeline_schedules(model: DocumentModel) -> GalleryFigure:
    figure = GalleryFigure(_spec("pipeline-schedules"))
    p, m, own = schedules.setup(model.document)
    shown = schedules.strips(p, m)
    figure.set_body(schedules.SchedulesBody(shown, figure))
    where = (QCoreApplication.translate("gallery", "p = {p} pipeline ranks and m = {m} micro-batches, as in this "
                                                   "scenario").format(p=p, m=m) if own else
             QCoreApplication.translate("gallery", "p = {p} pipeline ranks and m = {m} micro-batches, the classroom "
                                                   "default (this scenario's p = {pp}, m = {mm} is not drawn: "
                                                   "p from 2 to 8, m up to 16, valid for every schedule)").format(
                 p=p, m=m, pp=model.scenario.parallel.pp, mm=model.scenario.schedule.microbatches))
    bubbles = ", ".join(f"{kind_name(strip.kind)} {strip.simulation.bubble_ratio:.1%}" for strip in shown)
    figure.set_caption(QCoreApplication.translate(
        "gallery",
        "Five schedules on {where}, simulated op by op with F = 1 and B = I + W = 2 time units per stage (interleaved "
        "1F1B: v = 2 chunks per rank, each at half those units, so every schedule does the same work per rank). "
        "Bubble = idle share of p × makespan: {bubbles}. 1F1B has GPipe's bubble but holds at most p micro-batches' "
        "activations instead of m; splitting the backward into I and W (ZB-H1) fills most of the rest; DualPipe "
        "runs micro-batches from both ends with two copies of the parameters.").format(where=where, bubbles=bubbles))
    return figure


# ---------------------------------------------------------------------------------------------
# 5. Collectives

def build_collectives(model: DocumentModel) -> GalleryFigure:
    figure = GalleryFigure(_spec("collectives"))
    size = model.document.view.comm.bytes
    rows = collectives.all_frames(size)
    figure.set_body(collectives.CollectivesBody(rows, figure))
    sent = {row.collective: format_bytes(row.result.per_rank_sent_bytes) for row in rows}
    factor = {row.collective: f"{row.result.busbw_factor:g}" for row in rows}
    figure.set_caption(QCoreApplication.translate(
        "gallery",
        "The four collectives on n = 4 ranks, round by round, as models.comm plans them and runs them on data: ring "
        "AllReduce is a ReduceScatter (3 rounds) then an AllGather (3 rounds); All-to-All is a pairwise exchange. "
        "With S = {size} (the nccl-tests size: the per-rank buffer, for ReduceScatter and AllGather the whole "
        "gathered array), each rank sends {ar} in {arname} (2(n−1)/n · S), {rs} in {rsname}, {ag} in {agname} and "
        "{aa} in {aaname} ((n−1)/n · S each); busbw = algbw × {arf} for {arname}, × {rsf} for the others.").format(
            size=format_bytes(size), ar=sent["allreduce"], rs=sent["reducescatter"], ag=sent["allgather"],
            aa=sent["alltoall"], arname=NAMES["allreduce"], rsname=NAMES["reducescatter"],
            agname=NAMES["allgather"], aaname=NAMES["alltoall"], arf=factor["allreduce"], rsf=factor["reducescatter"]))
    return figure


# ---------------------------------------------------------------------------------------------
# 6. MoE's all-to-alls and MoonEP

def _no_moe(title: str, reason: str) -> str:
    return QCoreApplication.translate("gallery", "Drawn for {title}: the current scenario has no MoE "
                                                 "all-to-all ({reason}).").format(title=title, reason=reason)


def build_moe_all_to_all(model: DocumentModel) -> GalleryFigure:
    figure = GalleryFigure(_spec("moe-all-to-all"))
    scenario, result, notes = _own_or_preset(model, MOE, "deepseek-v3", analyse_scenario, _no_moe)
    traffic = moe_fig.moe_traffic(scenario, result)
    figure.set_body(moe_fig.MoeBody(traffic, figure))
    notes.append(QCoreApplication.translate(
        "gallery",
        "One MoE layer of {title}: E = {experts} experts on R = {ranks} EP ranks, S = {tokens:,} tokens per rank, each "
        "routed to K = {k} experts ({routing} routing, seed {seed}). Dispatch sends one hidden vector of {hidden:,} "
        "values per (token, expert) to the expert's rank in {dprec} — at most {dispatch} per rank, {inter} of it "
        "across nodes; combine returns them in {cprec}, at most {combine} per rank. With experts on their home ranks "
        "the busiest rank receives {most:,} tokens, {imbalance:.2f}× the mean; MoonEP copies at most {planned} "
        "redundant experts to a rank (bound E/R = {bound}) so that every rank receives exactly S·K = "
        "{target:,}.").format(
            title=scenario.title, experts=result.experts, ranks=result.ranks, tokens=result.tokens_per_rank,
            k=result.top_k, routing=result.routing, seed=result.seed, hidden=traffic.hidden,
            dprec=moe_fig.precision_name(traffic.dispatch_element_bytes), dispatch=format_bytes(result.dispatch_bytes),
            inter=format_bytes(result.inter_node_bytes), cprec=moe_fig.precision_name(traffic.combine_element_bytes),
            combine=format_bytes(result.combine_bytes), most=max(result.recv_tokens), imbalance=result.imbalance,
            planned=max(result.moonep.redundant_experts), bound=result.moonep.bound, target=traffic.target))
    figure.set_caption(" ".join(notes))
    return figure


SPECS: tuple[FigureSpec, ...] = (
    FigureSpec(
        key="cost-stack", number=1,
        title=QT_TRANSLATE_NOOP("gallery", "The cost stack: FLOPs, HBM, network, idle"),
        summary=QT_TRANSLATE_NOOP("gallery", "Every pipeline rank's step split into the four layers of cost — "
                                             "FLOPs, HBM, network, idle — and the optimizer step, from the "
                                             "step-time model."),
        sources=(SRC_MEGATRON, SRC_MFU, SRC_ROOFLINE),
        tab="pipeline", build=build_cost_stack, live_view={}, reads=(STEP_TIME, "title")),
    FigureSpec(
        key="bytes-per-parameter", number=2,
        title=QT_TRANSLATE_NOOP("gallery", "Bytes per parameter: 2 is really 16"),
        summary=QT_TRANSLATE_NOOP("gallery", "The “2 bytes per parameter” misconception unfolded into mixed-precision "
                                             "Adam's 16 bytes, then ZeRO-1/2/3 per GPU for the paper's example and "
                                             "this scenario."),
        sources=(SRC_ZERO, "Rajbhandari et al., ZeRO (SC'20) §5"),
        tab="memory", build=build_bytes_per_parameter, live_view={}, reads=(LEDGER,)),
    FigureSpec(
        key="device-mesh", number=3,
        title=QT_TRANSLATE_NOOP("gallery", "The 3D device mesh: TP in the node, PP across nodes, DP across replicas"),
        summary=QT_TRANSLATE_NOOP("gallery", "Every GPU with its rank and (tp, pp, dp) coordinates in its node, the "
                                             "TP groups, the PP chains and the DP replicas, from the mesh model."),
        sources=(SRC_MESH, SRC_RANKS),
        tab="mesh", build=build_device_mesh, live_view={"view.mesh.colour_by": "tp"},
        reads=(MESH, "title", "view.mesh")),
    FigureSpec(
        key="pipeline-schedules", number=4,
        title=QT_TRANSLATE_NOOP("gallery", "Pipeline schedules side by side"),
        summary=QT_TRANSLATE_NOOP("gallery", "GPipe, 1F1B, interleaved 1F1B, zero bubble (ZB-H1) and DualPipe on "
                                             "the same ranks and time axis, each with its bubble."),
        sources=(SRC_GPIPE, SRC_1F1B, SRC_ZB, SRC_DUALPIPE),
        tab="pipeline", build=build_pipeline_schedules, live_view={"view.pipeline.compare": "zb-h1"},
        reads=("parallel.pp", "schedule.microbatches")),
    FigureSpec(
        key="collectives", number=5,
        title=QT_TRANSLATE_NOOP("gallery", "Collectives round by round"),
        summary=QT_TRANSLATE_NOOP("gallery", "Ring AllReduce, ReduceScatter, AllGather and All-to-All on four ranks: "
                                             "every rank's chunks after every round, with the bytes each rank sends "
                                             "and the bus-bandwidth factor."),
        sources=(SRC_NCCL_TESTS, SRC_THAKUR),
        tab="comm", build=build_collectives,
        live_view={"view.comm.collective": "allreduce", "view.comm.algorithm": "ring", "view.comm.ranks": 4},
        reads=("view.comm.bytes",)),
    FigureSpec(
        key="moe-all-to-all", number=6,
        title=QT_TRANSLATE_NOOP("gallery", "MoE's two all-to-alls and MoonEP's redundant experts"),
        summary=QT_TRANSLATE_NOOP("gallery", "Dispatch (tokens to experts) and combine (back) per EP rank, then "
                                             "MoonEP's redundant experts, which give every rank exactly S·K "
                                             "tokens."),
        sources=(SRC_DEEPSEEK_EP, SRC_GSHARD, SRC_MOONEP),
        tab="comm", build=build_moe_all_to_all, live_view={"view.comm.collective": "alltoall"},
        reads=(MOE, "title", "model", "precision", "memory", "cluster")),
)
