"""The published runs the step-time model is checked against, and the validation table of
`tslab validate`: for each run its source, the scenario that stands for it (a preset or the
defaults, and the dotted keys set on it, printable as `--set KEY=VALUE`), the published figure,
tslab's figure in the same metric and the error.

    rows = validation_rows()          # one ValidationRow per PublishedRun of published_runs()
    summary(rows)                     # mean, median, max |error|; rows where tslab is slower / faster

Sign convention, the same for every metric: the error is on time, and positive means tslab
predicts a longer step (slower) than the run measured.
- `step_time_s` (seconds per optimizer step): error = tslab / published − 1.
- `gpu_hours_per_trillion_tokens` (GPU-hours per 10¹² training tokens, = step_time_s × GPUs / 3600
  / tokens_per_step × 10¹²): error = tslab / published − 1.
- `tflops_per_gpu` (model TFLOP/s per GPU, = flops_per_step / (GPUs × step_time_s) / 10¹², the
  numerator of tslab's MFU): a rate, so error = published / tslab − 1 = the step time tslab
  predicts over the one the published rate implies for the same FLOPs, minus 1.

Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models" (MLSys'23,
arXiv 2205.05198), Table 5 — end-to-end iteration time of GPT models on NVIDIA's Selene (DGX A100
80 GB), with full activation recomputation ("full") and with sequence parallelism plus selective
recomputation ("present work"):

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

Runs the model was not fitted to. The Llama 3 report (Llama Team, "The Llama 3 Herd of Models",
2024), Table 4: Llama 3 405B on H100s, 8,192 GPUs at TP 8, CP 1, PP 16, DP 64 and 16,384 GPUs at
DP 128 with 8K sequences, and 16,384 GPUs at CP 16, DP 8 with 128K sequences, a batch of 16M tokens
each, at 430, 400 and 380 BF16 TFLOP/s per GPU; the presets llama3-405b and llama3-405b-128k are
those runs. The report's TFLOP/s are model FLOPs per GPU per second, so tslab's comparable figure
is its MFU numerator, `flops_per_step`, over GPUs × step time. The report's pipeline schedule is an
interleaved 1F1B whose depth it does not give, and the bubble decides much of the step: with two
virtual stages per rank the model is below the measured time (the direction of Table 5),
non-interleaved (the presets) it is above, most on the runs with 16 micro-batches per pipeline
(`python benchmarks/accuracy.py` prints both).
DeepSeek-AI, "DeepSeek-V3 Technical Report" (2024), §1 and Table 1: 180K H800 GPU-hours per
trillion tokens of pre-training, with (§4.2) a batch of 15,360 sequences of 4,096 tokens after a
ramp from 3,072; the preset deepseek-v3 is that run. The 180K is the whole run's average — the
batch ramp, restarts and everything else a cluster loses included — so it bounds the cost of one
step at the full batch from above.

Where the model stands on Table 5 and why: below the measured time on every row (by how much:
`tslab validate`), more for the smaller models and for selective recomputation. The launch gap
of every kernel, the write of every GEMM's output after its main loop and the SMs of overlapped
collectives are in the model (docs/step-time-model.md); what it still leaves out costs relatively
more where the GEMMs are smaller and the step shorter: sequence parallelism's extra all-gathers in
the backward, the FP32 main-gradient accumulation of the weight-gradient GEMMs, element-wise
kernels below the streaming rate, and GEMMs below the curve's 80 %. Selective recomputation is
further off because its step is faster by the full forward that recomputation reruns as large,
well-priced GEMMs, so the unpriced share weighs more. A deterministic teaching model, not a
benchmark of a real cluster.
"""
from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Any

from ..scenario import Scenario, keys
from ..validation import validate
from .step import MODEL_NOTE, StepTime, step_time

METRICS = ("step_time_s", "tflops_per_gpu", "gpu_hours_per_trillion_tokens")
CONVENTION = ("error on time: tslab / published − 1 (TFLOP/s per GPU, a rate: published / tslab − 1); "
              "positive: tslab predicts a longer step (slower) than the run measured")
# The goal the validation table is held to (shown by `make bench`, not asserted).
GOAL_MEDIAN_ABS_ERROR = 0.05
GOAL_MAX_ABS_ERROR = 0.12
# A key another part of the scenario may gain: with it, the presets state their batch themselves.
GLOBAL_BATCH_KEY = "schedule.global_batch"

Setting = tuple[str, Any]


@dataclass(frozen=True)
class RunScenario:
    """How a published run's scenario is built: `base`, a preset of resources/presets (None:
    `Scenario()`'s defaults), with the dotted keys of `settings` set on it in order."""
    base: str | None
    settings: tuple[Setting, ...] = ()

    def build(self) -> Scenario:
        from ..presets import load_preset
        start = Scenario() if self.base is None else load_preset(self.base)
        return start.replace(**dict(self.settings)) if self.settings else start

    def set_args(self) -> tuple[str, ...]:
        """The settings as `--set` arguments (`KEY=VALUE`, each value as the command line reads it)."""
        return tuple(f"{key}={_set_text(value)}" for key, value in self.settings)


def _set_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    return str(value)


@dataclass(frozen=True)
class PublishedRun:
    """One published measurement: `published` in `metric` (one of METRICS), where it was published
    (`source`, cited by name; `short_source` for a table column), the scenario that stands for the
    run, and `note`: what the run does not disclose and what the lab assumed for it."""
    name: str
    source: str
    short_source: str
    scenario: RunScenario
    metric: str
    published: float
    note: str


@dataclass(frozen=True)
class ValidationRow:
    """A run against the model: tslab's figure in the run's metric and the error on time (module
    docstring), or None for both with the `reason` the model could not time it."""
    run: PublishedRun
    set_args: tuple[str, ...]
    published: float
    tslab: float | None
    error: float | None
    step_time_s: float | None
    reason: str | None = None


@dataclass(frozen=True)
class ValidationSummary:
    """The timed rows' mean, median and largest |error|, how many are slower (error > 0) and faster
    than published, and whether the goal (median ≤ GOAL_MEDIAN_ABS_ERROR, none over
    GOAL_MAX_ABS_ERROR) is met; the statistics are None when no row was timed."""
    rows: int
    timed: int
    mean_abs_error: float | None
    median_abs_error: float | None
    max_abs_error: float | None
    slower: int
    faster: int
    goal_met: bool | None

    def to_json(self) -> dict[str, Any]:
        return {"rows": self.rows, "timed": self.timed, "mean_abs_error": self.mean_abs_error,
                "median_abs_error": self.median_abs_error, "max_abs_error": self.max_abs_error,
                "slower": self.slower, "faster": self.faster,
                "goal": {"median_abs_error": GOAL_MEDIAN_ABS_ERROR, "max_abs_error": GOAL_MAX_ABS_ERROR,
                         "met": self.goal_met}}


# ---------------------------------------------------------------------------------------------
# Korthikanti et al. 2022, Table 5 (configurations: Table 3)

KORTHIKANTI_SOURCE = ("Korthikanti et al., Reducing Activation Recomputation in Large Transformer Models "
                      "(MLSys'23), Table 5 (configurations: Table 3)")
# name: (hidden, heads, layers, pipeline stages, global batch, micro-batch, virtual stages per rank)
KORTHIKANTI_CONFIGS: dict[str, tuple[int, int, int, int, int, int, int]] = {
    "22B": (6144, 64, 48, 1, 4, 4, 1),
    "175B": (12288, 96, 96, 8, 64, 1, 3),
    "530B": (20480, 128, 105, 35, 280, 1, 3),
    "1T": (25600, 160, 128, 64, 512, 1, 1),
}
# name: (full recompute, sequence parallelism + selective recompute) seconds per iteration
KORTHIKANTI_MEASURED: dict[str, tuple[float, float]] = {
    "22B": (1.42, 1.10),
    "175B": (18.13, 13.75),
    "530B": (49.05, 37.83),
    "1T": (94.42, 71.49),
}
KORTHIKANTI_MODES = ("full", "selective")
KORTHIKANTI_TP = 8
KORTHIKANTI_GPUS_PER_NODE = 8


def korthikanti_settings(name: str, mode: str) -> tuple[Setting, ...]:
    """The keys set on `Scenario()` for one row of Table 5 (`mode` "full" or "selective")."""
    hidden, heads, layers, pp, batch, micro_batch, vpp = KORTHIKANTI_CONFIGS[name]
    gpus = KORTHIKANTI_TP * pp
    return (
        ("title", f"Korthikanti et al. Table 5: {name}, {mode} recompute"),
        ("model.name", f"gpt-{name.lower()}"), ("model.layers", layers), ("model.hidden", hidden),
        ("model.heads", heads), ("model.kv_heads", heads), ("model.head_dim", 0), ("model.ffn_hidden", 4 * hidden),
        ("model.vocab", 51200), ("model.vocab_divisible_by", 128), ("model.seq_len", 2048),
        ("model.micro_batch", micro_batch), ("model.mlp", "gelu"), ("model.dropout", True),
        ("model.norm", "layernorm"), ("model.linear_bias", True), ("model.position_embedding", "learned"),
        ("model.tied_embeddings", True),
        ("precision.params", "fp16"), ("precision.grads", "fp32"), ("precision.master", "fp32"),
        ("precision.optimizer", "fp32"), ("precision.activations", "fp16"),
        ("parallel.tp", KORTHIKANTI_TP), ("parallel.pp", pp), ("parallel.vpp", vpp), ("parallel.dp", 1),
        ("parallel.cp", 1), ("parallel.sp", mode == "selective"), ("parallel.zero", 0),
        ("activation.recompute", mode), ("activation.flash_attention", False),
        ("cluster.gpu", "a100-80"), ("cluster.nodes", gpus // KORTHIKANTI_GPUS_PER_NODE),
        ("cluster.gpus_per_node", KORTHIKANTI_GPUS_PER_NODE), ("cluster.intra_bw_gbps", 300.0),
        ("cluster.inter_bw_gbps", 25.0),
        ("schedule.kind", "interleaved-1f1b" if vpp > 1 else "1f1b"), ("schedule.microbatches", batch // micro_batch),
        ("time.dp_overlap", True), ("time.tp_overlap", False), ("time.gemm_efficiency", 0.0),
    )


def korthikanti_scenario(name: str, mode: str, **extra: Any) -> Scenario:
    """The scenario of one row of Table 5 (`mode` "full" or "selective"); `extra` sets further keys."""
    return Scenario().replace(**{**dict(korthikanti_settings(name, mode)), **extra})


def _korthikanti_note(name: str, mode: str) -> str:
    _, _, _, pp, batch, micro_batch, vpp = KORTHIKANTI_CONFIGS[name]
    recompute = ("full activation recomputation, no sequence parallelism" if mode == "full" else
                 "sequence parallelism with selective recomputation (the paper's \"present work\")")
    if pp == 1:
        schedule = f"one pipeline stage, micro-batches of {micro_batch} sequences (the whole batch of {batch})"
    elif vpp > 1:
        schedule = (f"interleaved 1F1B with {vpp} virtual stages per rank, micro-batches of {micro_batch} "
                    f"sequence")
    else:
        schedule = f"non-interleaved 1F1B, micro-batches of {micro_batch} sequence"
    return (f"{recompute}. Table 3 gives the shape, GPUs, TP/PP and batch; the {schedule} rest on Calculon's "
            f"validation runs (calculon/megatron/validation.py), which the table does not state. Cluster rates "
            f"from the data sheets (A100 80 GB, NVLink 300 GB/s, HDR 25 GB/s per GPU); no constant of the "
            f"model is fitted to this table.")


def _korthikanti_runs() -> list[PublishedRun]:
    runs = []
    for name in KORTHIKANTI_CONFIGS:
        for mode, seconds in zip(KORTHIKANTI_MODES, KORTHIKANTI_MEASURED[name]):
            runs.append(PublishedRun(
                name=f"Korthikanti Table 5: {name}, {mode}", source=KORTHIKANTI_SOURCE,
                short_source="Korthikanti 2022 T5", scenario=RunScenario(None, korthikanti_settings(name, mode)),
                metric="step_time_s", published=seconds, note=_korthikanti_note(name, mode)))
    return runs


# ---------------------------------------------------------------------------------------------
# Llama 3 405B (Table 4) and DeepSeek-V3 (§1, Table 1)

LLAMA3_SOURCE = "Llama Team, The Llama 3 Herd of Models (2024), Table 4"
DEEPSEEK_V3_SOURCE = ("DeepSeek-AI, DeepSeek-V3 Technical Report (2024), §1 and Table 1 (180K H800 GPU hours per "
                      "trillion tokens); §4.2 (batch 15,360 sequences of 4,096 tokens after the ramp)")
LLAMA3_NOTE = ("The report's TFLOP/s are model FLOPs per GPU per second (BF16); tslab's is its MFU numerator, "
               "flops_per_step / (GPUs × step time), which counts the causal half of the attention scores (the "
               "report does not say how it counts them). The report's pipeline schedule is an interleaved 1F1B "
               "whose depth it does not disclose; the preset runs non-interleaved 1F1B, whose larger bubble "
               "makes the step longer.")


def _batch_settings(microbatches: int) -> tuple[Setting, ...]:
    """Keeps a run's published batch: with GLOBAL_BATCH_KEY the presets state it (and a change of DP
    keeps it), so nothing is set; without it, the micro-batch count per pipeline (micro-batch 1 ×
    `microbatches` × DP sequences)."""
    return () if GLOBAL_BATCH_KEY in keys() else (("schedule.microbatches", microbatches),)


def _other_runs() -> list[PublishedRun]:
    llama = [
        ("8,192 GPUs, 8K", "llama3-405b", (), 430.0,
         "TP 8, CP 1, PP 16, DP 64, sequences of 8,192, 16M tokens per batch."),
        ("16,384 GPUs, 8K", "llama3-405b", (("cluster.nodes", 2048), ("parallel.dp", 128)) + _batch_settings(16),
         400.0, "TP 8, CP 1, PP 16, DP 128, sequences of 8,192: the 8K preset on twice the nodes, the batch of "
                "16M tokens kept (16 sequences per DP rank)."),
        ("16,384 GPUs, 128K", "llama3-405b-128k", (), 380.0,
         "TP 8, CP 16, PP 16, DP 8, sequences of 131,072, 16M tokens per batch."),
    ]
    runs = [PublishedRun(name=f"Llama 3 Table 4: {name}", source=LLAMA3_SOURCE, short_source="Llama 3 2024 T4",
                         scenario=RunScenario(preset, settings), metric="tflops_per_gpu", published=tflops,
                         note=f"{shape} {LLAMA3_NOTE}")
            for name, preset, settings, tflops, shape in llama]
    runs.append(PublishedRun(
        name="DeepSeek-V3: GPU-hours per 1T tokens", source=DEEPSEEK_V3_SOURCE, short_source="DeepSeek-V3 2024 §1",
        scenario=RunScenario("deepseek-v3", _batch_settings(120)), metric="gpu_hours_per_trillion_tokens",
        published=180_000.0,
        note="2,048 H800 GPUs, 15,360 sequences of 4,096 tokens per step. The 180K is the average over the whole "
             "pre-training run — the batch ramp from 3,072 sequences over the first 469B tokens, restarts and "
             "every other loss included — so it is an upper bound on the cost of one step at the full batch: "
             "tslab above it is certainly slow, below it need not be fast. The report does not disclose its "
             "micro-batch count per pipeline or its per-step time."))
    return runs


def published_runs() -> tuple[PublishedRun, ...]:
    """Every run the model is checked against: Korthikanti et al. Table 5 (8 rows), the Llama 3
    report's Table 4 (3 rows), DeepSeek-V3's GPU-hours per trillion tokens."""
    return tuple(_korthikanti_runs() + _other_runs())


# ---------------------------------------------------------------------------------------------
# The table

def metric_value(metric: str, t: StepTime) -> float:
    """tslab's figure in `metric` from its step time (module docstring)."""
    if metric == "step_time_s":
        return t.step_time_s
    if metric == "tflops_per_gpu":
        return t.flops_per_step / (t.gpus * t.step_time_s) / 1e12
    if metric == "gpu_hours_per_trillion_tokens":
        return t.step_time_s * t.gpus / 3600 / t.tokens_per_step * 1e12
    raise ValueError(f"unknown metric {metric!r} (choose from {', '.join(METRICS)})")


def figure_text(metric: str, value: float) -> str:
    """A figure with its unit, as the table prints it: `1.42 s`, `430 TFLOP/s/GPU`, `180,000 GPU·h/T tokens`."""
    if metric == "step_time_s":
        return f"{value:,.2f} s"
    if metric == "tflops_per_gpu":
        return f"{value:,.0f} TFLOP/s/GPU"
    return f"{value:,.0f} GPU·h/T tokens"


def time_error(metric: str, published: float, tslab: float) -> float:
    """The error on time, positive when tslab is slower: tslab / published − 1, and for the rate
    `tflops_per_gpu` published / tslab − 1."""
    return published / tslab - 1 if metric == "tflops_per_gpu" else tslab / published - 1


def validation_row(run: PublishedRun) -> ValidationRow:
    """One run against the model; a scenario that is invalid or that the model cannot time gives a
    row without a figure and with the reason."""
    set_args = run.scenario.set_args()

    def untimed(reason: str) -> ValidationRow:
        return ValidationRow(run, set_args, run.published, None, None, None, reason)

    try:
        scenario = run.scenario.build()
        errors = [str(p) for p in validate(scenario) if p.severity == "error"]
        if errors:
            return untimed("invalid scenario: " + "; ".join(errors))
        t = step_time(scenario)
        value, seconds = float(metric_value(run.metric, t)), float(t.step_time_s)  # plain floats, not numpy's
    except (ValueError, ZeroDivisionError) as exc:
        return untimed(str(exc) or type(exc).__name__)
    if not (math.isfinite(value) and value > 0 and math.isfinite(seconds)):
        return untimed(f"the model gives {value!r} for {run.metric}")
    return ValidationRow(run, set_args, run.published, value, time_error(run.metric, run.published, value), seconds)


def validation_rows(runs: tuple[PublishedRun, ...] | None = None) -> list[ValidationRow]:
    """`validation_row` of each run (default: `published_runs()`)."""
    return [validation_row(run) for run in (published_runs() if runs is None else runs)]


def summary(rows: list[ValidationRow]) -> ValidationSummary:
    """Mean, median and max |error| over the timed rows, and how many are slower / faster."""
    errors = [row.error for row in rows if row.error is not None]
    if not errors:
        return ValidationSummary(len(rows), 0, None, None, None, 0, 0, None)
    absolute = [abs(e) for e in errors]
    median, largest = statistics.median(absolute), max(absolute)
    return ValidationSummary(len(rows), len(errors), statistics.fmean(absolute), median, largest,
                             sum(1 for e in errors if e > 0), sum(1 for e in errors if e < 0),
                             bool(median <= GOAL_MEDIAN_ABS_ERROR and largest <= GOAL_MAX_ABS_ERROR))


def row_json(row: ValidationRow) -> dict[str, Any]:
    run = row.run
    return {"name": run.name, "source": run.source, "base": run.scenario.base, "set": list(row.set_args),
            "metric": run.metric, "published": row.published, "tslab": row.tslab, "error": row.error,
            "step_time_s": row.step_time_s, "reason": row.reason, "note": run.note}


def validation_json(rows: list[ValidationRow]) -> dict[str, Any]:
    """The document of `tslab validate --json` (docs/cli-and-json.md)."""
    return {"model": MODEL_NOTE, "convention": CONVENTION, "rows": [row_json(row) for row in rows],
            "summary": summary(rows).to_json()}


__all__ = ["CONVENTION", "GOAL_MAX_ABS_ERROR", "GOAL_MEDIAN_ABS_ERROR", "KORTHIKANTI_CONFIGS", "KORTHIKANTI_MEASURED",
           "KORTHIKANTI_MODES", "KORTHIKANTI_SOURCE", "LLAMA3_SOURCE", "METRICS", "PublishedRun", "RunScenario",
           "ValidationRow", "ValidationSummary", "figure_text", "korthikanti_scenario", "korthikanti_settings",
           "metric_value", "published_runs", "summary", "time_error", "validation_json", "validation_row",
           "validation_rows"]
