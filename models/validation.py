"""Scenario validation: every problem at once, each with the key it concerns.

Errors make a scenario unusable (the CLI exits 2, the GUI shows a red banner); warnings are
shown but the numbers are still computed. Each package contributes its own checks (`policy_problems`,
`network_problems`, `context_validation`, `muon_validation`), which this module gathers; `Problem`
and QT_TRANSLATE_NOOP live in the leaf module `problems`, which those packages import, and are
re-exported here for callers.
"""
from __future__ import annotations

from typing import Any

from .hardware import GPUS
from .memory.params import parse_moe_pattern
from .memory.partition import stage_sizes
from .memory.policy import policy_problems
from .network.topology import network_problems
from .pipeline.kinds import chunks_per_rank
from .problems import QT_TRANSLATE_NOOP, Problem
from .scenario import AXES, MAX_MICROBATCHES, NAMED_ORDERS, Scenario

__all__ = ["QT_TRANSLATE_NOOP", "Problem", "errors", "order_axes", "pipeline_chunks", "validate"]


def pipeline_chunks(scenario: Scenario) -> int:
    """Model chunks per pipeline rank of the scenario's schedule (the pipeline model's rule:
    vpp for interleaved 1F1B, two for the V shapes, else one)."""
    return chunks_per_rank(scenario.schedule.kind, scenario.parallel.vpp)


def order_axes(order: str) -> list[str] | None:
    """Axis names of an order string, or None for a named framework order."""
    return None if order in NAMED_ORDERS else order.split("-")


def validate(s: Scenario) -> list[Problem]:
    """Every error and warning of the scenario, errors first."""
    m, p, a, c = s.model, s.parallel, s.activation, s.cluster
    problems: list[Problem] = []

    def error(key: str, template: str, **args: Any) -> None:
        problems.append(Problem(key, template, args, "error"))

    def warn(key: str, template: str, **args: Any) -> None:
        problems.append(Problem(key, template, args, "warning"))

    # Model shape
    if m.head_dim == 0 and m.attention == "mha" and m.hidden % m.heads:
        error("model.heads", QT_TRANSLATE_NOOP("validation", "hidden size {hidden} is not divisible by {heads} heads"),
              hidden=m.hidden, heads=m.heads)
    if m.heads % m.kv_heads:
        error("model.kv_heads",
              QT_TRANSLATE_NOOP("validation", "{heads} query heads cannot be grouped over {kv} KV heads"),
              heads=m.heads, kv=m.kv_heads)
    if m.kv_heads > m.heads:
        error("model.kv_heads", QT_TRANSLATE_NOOP("validation", "more KV heads ({kv}) than query heads ({heads})"),
              kv=m.kv_heads, heads=m.heads)
    if m.attention == "mla" and m.kv_lora_rank == 0:
        error("model.kv_lora_rank", QT_TRANSLATE_NOOP("validation", "latent attention (mla) needs kv_lora_rank > 0"))
    if m.experts:
        if m.top_k < 1 or m.top_k > m.experts:
            error("model.top_k", QT_TRANSLATE_NOOP("validation", "top_k must be between 1 and the {experts} experts"),
                  experts=m.experts)
        if m.expert_ffn_hidden < 1:
            error("model.expert_ffn_hidden",
                  QT_TRANSLATE_NOOP("validation", "an MoE model needs expert_ffn_hidden > 0"))
        if m.first_dense_layers > m.layers:
            error("model.first_dense_layers",
                  QT_TRANSLATE_NOOP("validation", "{dense} dense layers but only {layers} layers"),
                  dense=m.first_dense_layers, layers=m.layers)
        if m.params:
            error("model.params",
                  QT_TRANSLATE_NOOP("validation", "params overrides a dense model's size; set experts = 0 "
                                                  "or params = 0"))
        if m.moe_layer_pattern:
            try:
                count = len(parse_moe_pattern(m.moe_layer_pattern))
            except ValueError:
                count = -1
            if count != m.layers:
                error("model.moe_layer_pattern",
                      QT_TRANSLATE_NOOP("validation", "the MoE layer pattern must list each of the {layers} layers "
                                                      "once (it lists {count})"),
                      count=count if count >= 0 else "too many", layers=m.layers)
        if m.shared_ffn_hidden and not m.shared_experts:
            warn("model.shared_ffn_hidden",
                 QT_TRANSLATE_NOOP("validation", "shared_ffn_hidden has no effect without shared experts"))
    elif m.top_k or m.shared_experts:
        warn("model.experts",
             QT_TRANSLATE_NOOP("validation", "top_k and shared_experts have no effect without experts"))

    if m.position_embedding == "learned" and m.max_positions and m.seq_len > m.max_positions:
        error("model.seq_len",
              QT_TRANSLATE_NOOP("validation", "sequence length {seq} exceeds the {positions} learned positions"),
              seq=m.seq_len, positions=m.max_positions)
    if m.mtp_layers and m.params:
        error("model.mtp_layers",
              QT_TRANSLATE_NOOP("validation", "MTP modules are counted from the shape; set params = 0"))

    # Parallel degrees against the shape
    if m.heads % p.tp:
        error("parallel.tp", QT_TRANSLATE_NOOP("validation", "{heads} attention heads are not divisible by tp = {tp}"),
              heads=m.heads, tp=p.tp)
    if m.attention == "mha" and m.kv_heads % p.tp:
        error("parallel.tp", QT_TRANSLATE_NOOP("validation", "{kv} KV heads are not divisible by tp = {tp}"),
              kv=m.kv_heads, tp=p.tp)
    if m.ffn_hidden % p.tp:
        error("parallel.tp", QT_TRANSLATE_NOOP("validation", "ffn_hidden {ffn} is not divisible by tp = {tp}"),
              ffn=m.ffn_hidden, tp=p.tp)
    if m.vocab % p.tp and m.vocab_divisible_by == 1:
        warn("parallel.tp", QT_TRANSLATE_NOOP("validation", "vocabulary {vocab} is padded to a multiple of tp = {tp}"),
             vocab=m.vocab, tp=p.tp)
    chunks = pipeline_chunks(s)
    stages = p.pp * chunks
    if m.layers < stages:
        error("parallel.pp",
              QT_TRANSLATE_NOOP("validation", "{layers} layers cannot fill {stages} pipeline stages (pp × chunks)"),
              layers=m.layers, stages=stages)
    elif p.first_stage_layers and p.embedding_in_split or p.last_stage_layers and p.loss_in_split:
        error("parallel.first_stage_layers" if p.first_stage_layers and p.embedding_in_split else
              "parallel.last_stage_layers",
              QT_TRANSLATE_NOOP("validation", "set a stage's layers or count the embedding/loss in the split, "
                                              "not both"))
    else:
        uneven = p.first_stage_layers or p.last_stage_layers or p.embedding_in_split or p.loss_in_split
        try:
            stage_sizes(s, stages)
        except ValueError as exc:
            error("parallel.first_stage_layers" if p.first_stage_layers else "parallel.last_stage_layers"
                  if p.last_stage_layers else "parallel.pp",
                  QT_TRANSLATE_NOOP("validation", "uneven pipeline stages: {reason}"), reason=str(exc))
        if m.layers % stages and not uneven:
            warn("parallel.pp",
                 QT_TRANSLATE_NOOP("validation", "{layers} layers do not divide evenly over {stages} pipeline "
                                                 "stages; some stages hold one layer more"),
                 layers=m.layers, stages=stages)
    if p.vpp > 1 and s.schedule.kind != "interleaved-1f1b":
        warn("parallel.vpp", QT_TRANSLATE_NOOP("validation", "vpp = {vpp} is used only by the interleaved schedule"),
             vpp=p.vpp)
    rounds = max(1, s.schedule.microbatches // p.pp)  # PyTorch's ScheduleInterleaved1F1B (pipeline.kinds)
    if s.schedule.kind == "interleaved-1f1b" and chunks > 1 and s.schedule.microbatches % rounds:
        warn("schedule.microbatches",
             QT_TRANSLATE_NOOP("validation", "interleaved 1F1B runs its {m} micro-batches in max(1, ⌊m/pp⌋) = "
                                             "{rounds} equal rounds: m must be a multiple of {rounds} to be "
                                             "scheduled"),
             m=s.schedule.microbatches, rounds=rounds)
    if p.pp > 1 and s.schedule.microbatches < p.pp:
        warn("schedule.microbatches",
             QT_TRANSLATE_NOOP("validation", "fewer micro-batches ({m}) than pipeline stages ({pp}): "
                                             "the bubble dominates"),
             m=s.schedule.microbatches, pp=p.pp)
    if m.seq_len % p.cp:
        error("parallel.cp", QT_TRANSLATE_NOOP("validation", "sequence length {seq} is not divisible by cp = {cp}"),
              seq=m.seq_len, cp=p.cp)
    if p.sp and p.tp == 1:
        warn("parallel.sp",
             QT_TRANSLATE_NOOP("validation", "sequence parallelism shares the TP group; with tp = 1 it does nothing"))

    # Experts
    if p.ep > 1 and not m.experts:
        error("parallel.ep", QT_TRANSLATE_NOOP("validation", "ep = {ep} needs an MoE model (experts > 0)"), ep=p.ep)
    if m.experts and m.experts % p.ep:
        error("parallel.ep", QT_TRANSLATE_NOOP("validation", "{experts} experts are not divisible by ep = {ep}"),
              experts=m.experts, ep=p.ep)
    if m.experts and m.expert_ffn_hidden % p.etp:
        error("parallel.etp",
              QT_TRANSLATE_NOOP("validation", "expert_ffn_hidden {ffn} is not divisible by etp = {etp}"),
              ffn=m.expert_ffn_hidden, etp=p.etp)
    dense_width = p.tp * p.cp * p.dp
    if dense_width % (p.etp * p.ep):
        error("parallel.ep",
              QT_TRANSLATE_NOOP("validation", "tp·cp·dp = {width} is not divisible by etp·ep = {expert}: "
                                              "the expert grid does not tile the dense one"),
              width=dense_width, expert=p.etp * p.ep)

    # World size and mesh order
    product = p.tp * p.pp * p.dp * p.cp
    if product != s.world_size:
        error("parallel.dp",
              QT_TRANSLATE_NOOP("validation", "tp·pp·dp·cp = {product} GPUs, "
                                              "but the cluster has {nodes} × {gpn} = {world}"),
              product=product, nodes=c.nodes, gpn=c.gpus_per_node, world=s.world_size)
    # The global batch over the data-parallel replicas (scenario.resolve_batch derives microbatches)
    batch, per_step = s.schedule.global_batch, p.dp * m.micro_batch
    if batch % per_step:
        error("schedule.global_batch",
              QT_TRANSLATE_NOOP("validation", "the global batch of {batch:,} sequences is not a multiple of "
                                              "dp {dp} × micro-batch {mb}"),
              batch=batch, dp=p.dp, mb=m.micro_batch)
    elif batch != per_step * s.schedule.microbatches:
        error("schedule.global_batch",
              QT_TRANSLATE_NOOP("validation", "the global batch of {batch:,} sequences needs {needed:,} "
                                              "micro-batches per step (dp {dp} × micro-batch {mb} each), more "
                                              "than the {most:,} a step can have"),
              batch=batch, needed=batch // per_step, dp=p.dp, mb=m.micro_batch, most=MAX_MICROBATCHES)
    axes = order_axes(p.order)
    if axes is not None and (sorted(axes) != sorted(set(axes)) or not set(axes) <= set(AXES)
                             or not {"tp", "dp", "pp"} <= set(axes)):
        error("parallel.order",
              QT_TRANSLATE_NOOP("validation", "order {order} must list distinct axes from tp, cp, ep, dp, pp "
                                              "(at least tp, dp and pp)"),
              order=p.order)

    # ZeRO and offload
    if p.zero and p.dp * p.cp == 1:
        warn("parallel.zero",
             QT_TRANSLATE_NOOP("validation", "ZeRO-{zero} shards over data parallelism, which is 1 here"),
             zero=p.zero)
    if s.offload.params != "gpu" and p.zero < 3:
        warn("offload.params",
             QT_TRANSLATE_NOOP("validation", "offloading parameters is ZeRO-Infinity's ZeRO-3 feature"))
    if s.offload.grads == "cpu" and p.zero < 2:
        warn("offload.grads", QT_TRANSLATE_NOOP("validation", "CPU gradient shards (Pipeline ZeRO-2) assume zero ≥ 2"))
    if s.offload.grads == "cpu" and s.offload.grad_scheme == "zero-offload" and s.offload.optimizer == "gpu":
        error("offload.grad_scheme",
              QT_TRANSLATE_NOOP("validation", "ZeRO-Offload moves the gradients to the optimizer on the CPU: "
                                              "set offload.optimizer = cpu (or nvme)"))

    # Activations
    if a.cpu_offload_fraction + a.remote_offload_fraction > 1 + 1e-9:
        error("activation.remote_offload_fraction",
              QT_TRANSLATE_NOOP("validation", "CPU ({cpu:.0%}) and remote ({remote:.0%}) offload "
                                              "exceed all activations"),
              cpu=a.cpu_offload_fraction, remote=a.remote_offload_fraction)
    if a.remote_offload_fraction and p.pp == 1:
        warn("activation.remote_offload_fraction",
             QT_TRANSLATE_NOOP("validation", "remote offload parks activations on other pipeline ranks; "
                                             "pp = 1 has none"))

    # GPU
    if c.gpu == "custom" and c.hbm_gib <= 0:
        error("cluster.hbm_gib", QT_TRANSLATE_NOOP("validation", "a custom GPU needs hbm_gib > 0"))
    elif c.gpu not in GPUS and c.gpu != "custom":
        error("cluster.gpu", QT_TRANSLATE_NOOP("validation", "unknown GPU {gpu}"), gpu=c.gpu)

    problems += policy_problems(s)
    problems += network_problems(s)
    # The long-context and Muon checks apply only to a split sequence and to Muon (their packages
    # are imported only then: `tslab memory` starts without them).
    if s.parallel.cp > 1 or s.context.ulysses:
        from .context.checks import context_validation
        problems += context_validation(s)
    if s.optimizer.kind == "muon":
        from .muon.analysis import muon_validation
        problems += muon_validation(s)

    problems.sort(key=lambda problem: problem.severity != "error")
    return problems


def errors(s: Scenario) -> list[Problem]:
    return [problem for problem in validate(s) if problem.severity == "error"]
