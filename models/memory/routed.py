"""The tokens of one MoE layer on one GPU, per micro-batch: those its router scores and the routed
copies its experts keep for backward, on the GPU that receives the most.

- The router, the routing map and the token side of the dispatcher see the GPU's own tokens,
  N = s/cp · b, ÷ t with sequence parallelism (Megatron-LM's MoE layer takes the sequence shard:
  megatron/core/transformer/moe/moe_layer.py).
- The experts of a GPU receive N·K·t_e copies on average: the N·K of each of the tp·cp·dp ranks of
  a stage spread over ep EP ranks of E/ep experts each, the t_e expert-TP ranks of an expert
  all-gathering theirs (token_dispatcher.py, MoEAlltoAllTokenDispatcher.dispatch_postprocess).
- Dropless (Megatron-LM's default), the busiest GPU receives ρ times the mean: ρ is the routing
  model's busiest EP rank over the mean (models/moe/load.py: `moe.routing`, `moe.seed`,
  `moe.max_nodes`, drawn for the N real tokens of each EP rank, at most as many as load.py draws;
  fewer tokens draw a larger ρ, so the cap errs high). With a capacity factor c
  (--moe-expert-capacity-factor) an expert keeps at most c times its mean and drops the rest:
  ρ = min(ρ, c); padded to capacity (--moe-pad-expert-input-to-capacity) every expert holds c
  times its mean: ρ = c (moe_utils.py, get_capacity; token_dispatcher.py, drop_and_pad).
- FP8 GEMMs pad each local expert's rows to a multiple of 16 (32 under MXFP8): at most
  E/ep · 15 (31) rows more (megatron/core/fp8_utils.py, get_fp8_align_size; experts.py,
  TEGroupedMLP's quantization padding).

Every layer and every micro-batch in flight is counted at the busiest GPU's share, an upper bound:
the same GPU is not the busiest in every layer and micro-batch. A deterministic teaching model.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..moe.load import ep_tokens, scenario_load
from ..scenario import Scenario

FP8_ALIGN = {"mxfp8": 32}  # rows per expert an FP8 grouped GEMM pads to; 16 for the other recipes


@dataclass(frozen=True)
class RoutedRows:
    """One MoE layer's tokens on one GPU for one micro-batch (module docstring)."""
    tokens: float        # N: the GPU's own tokens, which its router scores
    mean_rows: float     # N·K·t_e: routed copies per GPU on average
    factor: float        # ρ: the busiest GPU's copies over the mean
    padding_rows: float  # FP8 alignment padding of the local experts
    imbalance: float     # the routing model's busiest EP rank over the mean
    sampled: bool        # drawn from the routing model (False: ep = 1, or routing not drawable)
    note: str            # how ρ was decided, for the ledger's formulas

    @property
    def rows(self) -> float:
        """Routed copies the busiest GPU's experts keep: ρ·N·K·t_e + the padding."""
        return self.factor * self.mean_rows + self.padding_rows


def routed_rows(s: Scenario) -> RoutedRows:
    """The router's tokens and the busiest GPU's routed copies of one MoE layer (module docstring)."""
    m, p, mo = s.model, s.parallel, s.moe
    rep = p.tp if p.sp else 1
    tokens = m.seq_len / p.cp * m.micro_batch / rep
    mean_rows = tokens * m.top_k * p.etp
    if p.ep > 1 and m.experts and m.top_k:
        load = scenario_load(s)
        imbalance, sampled = load.imbalance, load.sampled
        if sampled:
            note = (f"ρ = {imbalance:.3f}: the busiest of {p.ep} EP ranks over the mean, {mo.routing} routing "
                    f"drawn for {ep_tokens(s):,} tokens per rank (seed {mo.seed})")
        else:
            note = f"ρ = 1: the {mo.routing} routing cannot be drawn for this layer, the mean is taken"
    else:
        imbalance, sampled = 1.0, False
        note = "ρ = 1: one EP rank holds every expert"
    factor = imbalance
    c = mo.capacity_factor
    if c > 0 and mo.pad_to_capacity:
        factor = c
        note = (f"ρ = c = {c:g}: every expert padded to its capacity, c times its mean "
                f"(--moe-expert-capacity-factor, --moe-pad-expert-input-to-capacity)")
    elif c > 0 and imbalance > c:
        factor = c
        note += f"; capped at the capacity factor c = {c:g} (the rest dropped)"
    elif c > 0:
        note += f"; under the capacity factor c = {c:g}, nothing dropped"
    padding = 0.0
    if s.precision.compute == "fp8" and m.experts:
        align = FP8_ALIGN.get(s.memory.fp8_recipe, 16)
        local = max(1, m.experts // p.ep)
        padding = local * (align - 1)
        note += (f"; P = {local} local experts × {align - 1} = {padding:,} rows at most of padding to multiples "
                 f"of {align} for the FP8 GEMMs")
    return RoutedRows(tokens, mean_rows, factor, padding, imbalance, sampled, note)


__all__ = ["FP8_ALIGN", "RoutedRows", "routed_rows"]
