"""Accuracy of the step-time model (models/time) against measured iteration times.

    python benchmarks/accuracy.py            # prints the table
    from benchmarks.accuracy import rows     # rows() -> [{name, measured_s, model_s, error, ...}]

Measured: Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models"
(MLSys'23, arXiv 2205.05198), Table 5 — end-to-end iteration time of GPT models on NVIDIA's
Selene (DGX A100 80 GB), with full activation recomputation ("full") and with sequence
parallelism plus selective recomputation ("present work"):

    model   full recompute   present work
    22B     1.42 s           1.10 s
    175B    18.13 s          13.75 s
    530B    49.05 s          37.83 s
    1T      94.42 s          71.49 s

The configurations are the paper's Table 3: 22B h = 6144, 64 heads, 48 layers, TP 8, PP 1, 8 GPUs,
batch 4; 175B h = 12288, 96 heads, 96 layers, TP 8, PP 8, 64 GPUs, batch 64; 530B h = 20480,
128 heads, 105 layers, TP 8, PP 35, 280 GPUs, batch 280; 1T h = 25600, 160 heads, 128 layers, TP 8,
PP 64, 512 GPUs, batch 512; sequence 2048, vocabulary 51,200, no data parallelism; micro-batches of
4 sequences for 22B (the whole batch at once) and of 1 for the others.

What was checked, and against what: the eight times and the model shapes, GPU counts, TP/PP sizes
and batch sizes agree with the validation data of Calculon (calculon-ai/calculon:
calculon/megatron/validation.py, which cites arXiv 2205.05198 for them; examples/22B.json …
1T.json; validation/*_full.json and *_seqsel.json). The paper itself was not available to re-read
here, so the micro-batch sizes rest on Calculon's runs (microbatch_size 4 for 22B, 1 for the
others) and so does one input the table does not give: three virtual pipeline stages per rank
(interleaved 1F1B) for 175B and 530B (pipeline_interleaving 3), none for 22B (one stage) and 1T
(two layers per stage).

The scenarios are GPT-3-style Megatron-LM models of 2022: GeLU MLP of 4h, LayerNorm, biases on every
linear, learned positions, tied embeddings, dropout, FP16 parameters with FP32 main gradients and
master weights, no FlashAttention (Megatron-LM's fused scale-mask-softmax on the full s×s scores),
the vocabulary padded to a multiple of 128 × TP (Megatron-LM's default). The cluster keys follow the
data sheets, not the table: A100 312 TFLOP/s dense BF16/FP16 and 2,039 GB/s HBM (catalogue
a100-80), NVLink 300 GB/s per direction per GPU, InfiniBand HDR 200 Gb/s = 25 GB/s per GPU (eight
HDR NICs per DGX A100 node). The model's constants are the documented defaults of models/time —
GEMMs at 80 % of peak times tile and wave quantisation, element-wise work at 90 % of the HBM data
sheet (time.hbm_efficiency), NCCL at 80 % of NVLink (time.nvlink_efficiency, from the DeepSeek-V3
report's 160 of 200 GB/s) — each taken from a data sheet or a published measurement of the
hardware, none fitted to these eight numbers.

Runs it was not fitted to: the Llama 3 report's Table 4 (Llama 3 405B on 8,192 and 16,384 H100s at
8K and 128K tokens) gives the TFLOP/s per GPU it measured; the presets llama3-405b and
llama3-405b-128k are those runs. The report's pipeline schedule is an interleaved 1F1B whose depth
it does not give, and the bubble decides much of the step: with two virtual stages per rank the
model is 3–13 % below the measured time (the direction and size of Table 5), non-interleaved it is
above on the runs with 16 micro-batches per pipeline.

Where the model stands and why: below the measured time on every row, by 3–14 % — more for the
smaller models and for selective recomputation. What it leaves out costs relatively more where the
GEMMs are smaller and the step shorter: kernel-launch gaps between the many short element-wise and
communication kernels (their cost scales with s·b·h, the GEMMs' with s·b·h², so a 22B layer
spends four times the share a 1T layer does), the contention of NCCL's kernels for SMs and HBM
with the computation, and GEMMs below the curve's 80 % (narrow ones such as attention over V with
a head dimension of 96–160, which the curve prices in full MMA tiles). Selective recomputation
is further off because its step is faster by the full forward that recomputation reruns as large,
well-priced GEMMs, so the unpriced share weighs more. A deterministic teaching model, not a
benchmark of a real cluster.
"""
from __future__ import annotations

import statistics
import sys
from typing import Any

from tslab.models.scenario import Scenario
from tslab.models.time import step_time

SOURCE = ("Korthikanti et al., Reducing Activation Recomputation in Large Transformer Models (MLSys'23), "
          "Table 5 (configurations: Table 3)")
# name: (hidden, heads, layers, pipeline stages, global batch, micro-batch, virtual stages per rank)
CONFIGS: dict[str, tuple[int, int, int, int, int, int, int]] = {
    "22B": (6144, 64, 48, 1, 4, 4, 1),
    "175B": (12288, 96, 96, 8, 64, 1, 3),
    "530B": (20480, 128, 105, 35, 280, 1, 3),
    "1T": (25600, 160, 128, 64, 512, 1, 1),
}
# name: (full recompute, sequence parallelism + selective recompute) seconds per iteration
MEASURED: dict[str, tuple[float, float]] = {
    "22B": (1.42, 1.10),
    "175B": (18.13, 13.75),
    "530B": (49.05, 37.83),
    "1T": (94.42, 71.49),
}
MODES = ("full", "selective")
TP = 8
GPUS_PER_NODE = 8


def scenario(name: str, mode: str, **extra: Any) -> Scenario:
    """The scenario of one row of Table 5 (`mode` "full" or "selective")."""
    hidden, heads, layers, pp, batch, micro_batch, vpp = CONFIGS[name]
    gpus = TP * pp
    values: dict[str, Any] = {
        "title": f"Korthikanti et al. Table 5: {name}, {mode} recompute",
        "model.name": f"gpt-{name.lower()}", "model.layers": layers, "model.hidden": hidden, "model.heads": heads,
        "model.kv_heads": heads, "model.head_dim": 0, "model.ffn_hidden": 4 * hidden, "model.vocab": 51200,
        "model.vocab_divisible_by": 128, "model.seq_len": 2048, "model.micro_batch": micro_batch, "model.mlp": "gelu",
        "model.dropout": True, "model.norm": "layernorm", "model.linear_bias": True,
        "model.position_embedding": "learned", "model.tied_embeddings": True,
        "precision.params": "fp16", "precision.grads": "fp32", "precision.master": "fp32",
        "precision.optimizer": "fp32", "precision.activations": "fp16",
        "parallel.tp": TP, "parallel.pp": pp, "parallel.vpp": vpp, "parallel.dp": 1, "parallel.cp": 1,
        "parallel.sp": mode == "selective", "parallel.zero": 0,
        "activation.recompute": mode, "activation.flash_attention": False,
        "cluster.gpu": "a100-80", "cluster.nodes": gpus // GPUS_PER_NODE, "cluster.gpus_per_node": GPUS_PER_NODE,
        "cluster.intra_bw_gbps": 300.0, "cluster.inter_bw_gbps": 25.0,
        "schedule.kind": "interleaved-1f1b" if vpp > 1 else "1f1b", "schedule.microbatches": batch // micro_batch,
        "time.dp_overlap": True, "time.tp_overlap": False, "time.gemm_efficiency": 0.0,
    }
    values.update(extra)
    return Scenario().replace(**values)


def rows(**extra: Any) -> list[dict[str, Any]]:
    """One dict per row of Table 5: name, mode, measured_s, model_s, error (model / measured − 1),
    and the model's MFU, HFU and rank-0 stack. `extra` sets further scenario keys on every row."""
    out = []
    for name in CONFIGS:
        for mode, measured in zip(MODES, MEASURED[name]):
            t = step_time(scenario(name, mode, **extra))
            first = t.stack[0]
            out.append({"name": f"{name} {mode}", "model": name, "mode": mode, "measured_s": measured,
                        "model_s": t.step_time_s, "error": t.step_time_s / measured - 1, "mfu": t.mfu, "hfu": t.hfu,
                        "compute_s": first.compute_s, "memory_bound_s": first.memory_bound_s,
                        "exposed_comm_s": sum(first.exposed_comm_s.values()), "bubble_s": first.bubble_s,
                        "optimizer_s": first.optimizer_s})
    return out


# Llama 3 report (Llama Team, "The Llama 3 Herd of Models", 2024), Table 4: measured BF16 TFLOP/s per
# GPU of Llama 3 405B on H100s — runs the model was not fitted to. (name, preset, keys set on it,
# TFLOP/s per GPU.) The report's pipeline schedule is an interleaved 1F1B of undisclosed depth.
OTHER_RUNS: tuple[tuple[str, str, dict[str, Any], float], ...] = (
    ("8,192 GPUs, 8K", "llama3-405b", {}, 430.0),
    ("16,384 GPUs, 8K", "llama3-405b", {"parallel.dp": 128, "cluster.nodes": 2048, "schedule.microbatches": 16}, 400.0),
    ("16,384 GPUs, 128K", "llama3-405b-128k", {}, 380.0),
)
OTHER_SOURCE = "Llama Team, The Llama 3 Herd of Models (2024), Table 4"


def other_rows(vpp: int = 1) -> list[dict[str, Any]]:
    """The Llama 3 rows: the measured step time implied by the reported TFLOP/s per GPU (the model's
    FLOPs per step / (GPUs × TFLOP/s)) against the model's, non-interleaved (vpp 1) or interleaved."""
    from tslab.models.presets import load_preset
    out = []
    for name, preset, extra, tflops in OTHER_RUNS:
        keys = dict(extra)
        if vpp > 1:
            keys.update({"schedule.kind": "interleaved-1f1b", "parallel.vpp": vpp})
        t = step_time(load_preset(preset).replace(**keys))
        measured = t.flops_per_step / (t.gpus * tflops * 1e12)
        out.append({"name": name, "tflops": tflops, "measured_s": measured, "model_s": t.step_time_s,
                    "error": t.step_time_s / measured - 1, "bubble_s": t.stack[0].bubble_s})
    return out


def summary(table: list[dict[str, Any]]) -> dict[str, Any]:
    """Mean, median and largest |error|, and whether the model keeps the measured order: full above
    selective for every model, and the models in the same order within each mode."""
    errors = [abs(row["error"]) for row in table]
    by = {(row["model"], row["mode"]): row for row in table}
    within = all(by[(name, "full")]["model_s"] > by[(name, "selective")]["model_s"] for name in CONFIGS)

    def order(mode: str, key: str) -> list[str]:
        return sorted(CONFIGS, key=lambda name: by[(name, mode)][key])

    across = all(order(mode, "model_s") == order(mode, "measured_s") for mode in MODES)
    return {"mean_abs_error": statistics.fmean(errors), "median_abs_error": statistics.median(errors),
            "max_abs_error": max(errors), "full_above_selective": within, "order_across_models": across}


def main() -> int:
    table = rows()
    print(f"Step-time model vs measured iteration time — {SOURCE}")
    print("A deterministic teaching model, not a benchmark of a real cluster.\n")
    header = (f"{'row':<16} {'measured s':>10} {'model s':>9} {'error':>7} {'MFU':>6} {'HFU':>6} "
              f"{'compute':>8} {'memory':>7} {'comm':>6} {'bubble':>7} {'optim':>6}")
    print(header)
    print("-" * len(header))
    for row in table:
        print(f"{row['name']:<16} {row['measured_s']:>10.2f} {row['model_s']:>9.2f} {row['error']:>+7.1%} "
              f"{row['mfu']:>6.1%} {row['hfu']:>6.1%} {row['compute_s']:>8.2f} {row['memory_bound_s']:>7.2f} "
              f"{row['exposed_comm_s']:>6.2f} {row['bubble_s']:>7.2f} {row['optimizer_s']:>6.3f}")
    s = summary(table)
    print("-" * len(header))
    print(f"mean |error| {s['mean_abs_error']:.1%}   median |error| {s['median_abs_error']:.1%}   "
          f"max |error| {s['max_abs_error']:.1%}")
    print(f"full recompute slower than selective for every model: {'yes' if s['full_above_selective'] else 'NO'}; "
          f"models in the measured order within each mode: {'yes' if s['order_across_models'] else 'NO'}")
    low = sum(row["error"] < 0 for row in table)
    print(f"the model is below the measured time on {low} of {len(table)} rows: systematically optimistic (module "
          f"docstring: no kernel-launch gaps, no SM or HBM contention from NCCL, narrow GEMMs priced in full tiles)")
    print("(MFU and HFU are the model's: its MFU counts the causal half of the scores, the paper's the full s×s; "
          "compute … optim: rank 0's stack in seconds, comm = its exposed communication)")
    print(f"\nRuns the model was not fitted to — {OTHER_SOURCE} (Llama 3 405B on H100; measured = the model's "
          f"FLOPs per step / (GPUs × the reported TFLOP/s per GPU); the report's interleaving depth is not disclosed: "
          f"non-interleaved 1F1B and two virtual stages per rank are shown)")
    plain, interleaved = other_rows(1), other_rows(2)
    print(f"{'run':<20} {'TFLOP/s':>8} {'measured s':>10} {'1F1B s':>8} {'error':>7} {'vpp 2 s':>8} {'error':>7}")
    for a, b in zip(plain, interleaved):
        print(f"{a['name']:<20} {a['tflops']:>8.0f} {a['measured_s']:>10.2f} {a['model_s']:>8.2f} {a['error']:>+7.1%} "
              f"{b['model_s']:>8.2f} {b['error']:>+7.1%}")
    sensitivity = rows(**{"time.tp_overlap": True})
    print("\nSensitivity, not the comparison: with time.tp_overlap = true (TP collectives under the GEMMs) the "
          "model gives " + ", ".join(f"{row['name']} {row['model_s']:.2f} s ({row['error']:+.1%})"
                                     for row in sensitivity))
    return 0


if __name__ == "__main__":
    sys.exit(main())
