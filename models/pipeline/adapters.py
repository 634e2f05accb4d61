"""A scenario's pipeline schedule as the inputs `simulate` takes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .kinds import Durations, chunks_per_rank, normalise_kind

if TYPE_CHECKING:  # the scenario module does not depend on this package; only the annotation does
    from ..scenario import Scenario


@dataclass(frozen=True)
class ScheduleInputs:
    """What `simulate(kind, ranks, microbatches, chunks, durations, stage_imbalance=…)` needs for
    one schedule. `seconds`: the durations are the step-time model's seconds (schedule.durations =
    "model"), with each stage's time relative to the slowest in `stage_imbalance`; else typed units."""
    kind: str
    ranks: int
    microbatches: int
    chunks: int
    durations: Durations
    stage_imbalance: tuple[float, ...] | None = None
    seconds: bool = False


def schedule_inputs(scenario: Scenario, kind: str | None = None) -> ScheduleInputs:
    """The scenario's schedule: `schedule.kind` on `parallel.pp` ranks with `schedule.microbatches`,
    `chunks_per_rank` chunks, and durations F = f, B = b, W = w, FB = fb, p2p; the scenario keeps a
    full backward B and its weight part W, so the input-gradient part is I = max(B − W, 0) (the
    zero-bubble split B = I + W, Qi et al., Zero Bubble Pipeline Parallelism, §2).

    With `kind` (a second schedule to compare), that kind on the same ranks, micro-batches and
    durations; interleaved 1F1B then runs max(vpp, 2) chunks, so that it is interleaved even when
    the scenario's own schedule uses no virtual stages.

    With schedule.durations = "model", the durations are seconds from the step-time model
    (models/time: `model_durations`, for `kind` when given) and the typed units are not read."""
    d = scenario.schedule
    vpp = scenario.parallel.vpp
    if kind is None:
        name = normalise_kind(d.kind)
        chunks = chunks_per_rank(name, vpp)
    else:
        name = normalise_kind(kind)
        chunks = max(vpp, 2) if name == "interleaved-1f1b" else chunks_per_rank(name, vpp)
    if d.durations == "model":
        from ..time import model_durations  # the step-time model builds on this package
        timed = scenario if kind is None else scenario.replace(
            **{"schedule.kind": name, **({"parallel.vpp": chunks} if name == "interleaved-1f1b" else {})})
        durations, imbalance = model_durations(timed)
        return ScheduleInputs(kind=name, ranks=scenario.parallel.pp, microbatches=d.microbatches, chunks=chunks,
                              durations=durations, stage_imbalance=imbalance, seconds=True)
    return ScheduleInputs(kind=name, ranks=scenario.parallel.pp, microbatches=d.microbatches, chunks=chunks,
                          durations=Durations(F=d.f, B=d.b, I=max(d.b - d.w, 0.0), W=d.w, FB=d.fb, p2p=d.p2p))


def shown_scenario(scenario: Scenario, degree: int = 0) -> tuple[Scenario, int]:
    """The scenario the Pipeline tab simulates, and its PP degree: `scenario` itself when it
    pipelines (parallel.pp > 1) or `degree` is 1; else `scenario` at PP `degree`
    (view.pipeline.degree), or with 0 the largest of TEACHING_DEGREES that splits the layers evenly
    into stages and leaves whole data-parallel replicas on the cluster (DP gives up the ranks: the
    GPUs and the global batch stay); `scenario` and 1 when none does. A schedule on one rank has
    no bubble to teach."""
    from ..mesh.teaching import taught_at  # the mesh builds on this package's neighbours

    own = scenario.parallel.pp
    if own > 1 or degree == 1:
        return scenario, own
    return taught_at(scenario, "parallel.pp", degree, lambda d: not scenario.model.layers % d) or (scenario, own)
