"""The long-context problems of a scenario, as `validation.validate` collects them.

Kept apart from `analysis` so that validating a scenario needs no mesh: `mesh.build_mesh` itself
reports `validate()`'s parallel.* problems, these among them.
"""
from __future__ import annotations

from ..problems import QT_TRANSLATE_NOOP, Problem
from ..scenario import Scenario
from .common import MAX_CP, Shapes, shapes
from .ulysses import degree_problem, head_limit


def context_validation(s: Scenario) -> list[Problem]:
    """The long-context problems of `s` as validate() collects them (models/validation.py's
    Problem: key, translatable template, its arguments, severity). Cheap: no mesh, no ledger
    (build_mesh itself calls validate())."""
    m, p, c = s.model, s.parallel, s.context
    problems: list[Problem] = []
    if c.ulysses and p.cp % c.ulysses:
        problems.append(Problem("context.ulysses", QT_TRANSLATE_NOOP(
            "validation", "the Ulysses degree {ulysses} does not divide cp = {cp}: USP needs ulysses × ring = cp"),
            {"ulysses": c.ulysses, "cp": p.cp}))
    try:
        sh: Shapes | None = shapes(s)
    except ValueError:  # heads not divisible by tp: validate() reports it
        sh = None
    if sh is not None:
        largest, limit = head_limit(sh)
        heads = sh.kv_local if limit == "KV heads" else sh.heads_local
        # One template per limit: the limit's name is part of the sentence each language writes.
        kv = limit == "KV heads"
        if c.ulysses and not p.cp % c.ulysses and degree_problem(sh, c.ulysses):
            template = QT_TRANSLATE_NOOP(
                "validation", "USP's Ulysses degree {ulysses} does not hand each rank whole heads: {heads} KV heads "
                              "per TP rank allow a degree dividing {largest}") if kv else QT_TRANSLATE_NOOP(
                "validation", "USP's Ulysses degree {ulysses} does not hand each rank whole heads: {heads} attention "
                              "heads per TP rank allow a degree dividing {largest}")
            problems.append(Problem("context.ulysses", template,
                                    {"ulysses": c.ulysses, "heads": heads, "largest": largest}, "warning"))
        if p.cp > 1 and degree_problem(sh, p.cp):
            template = QT_TRANSLATE_NOOP(
                "validation", "Ulysses over all cp = {cp} ranks does not hand each rank whole heads: {heads} KV heads "
                              "per TP rank allow a degree dividing {largest} (Ring and USP still apply)") if kv else \
                QT_TRANSLATE_NOOP(
                "validation", "Ulysses over all cp = {cp} ranks does not hand each rank whole heads: {heads} "
                              "attention heads per TP rank allow a degree dividing {largest} (Ring and USP still "
                              "apply)")
            problems.append(Problem("parallel.cp", template, {"cp": p.cp, "heads": heads, "largest": largest},
                                    "warning"))
    if p.cp > 1 and not m.seq_len % p.cp:  # a sequence on one rank has no CP boundary
        tokens = m.seq_len // p.cp
        if tokens % c.compress_ratio:
            problems.append(Problem("context.compress_ratio", QT_TRANSLATE_NOOP(
                "validation", "the compression ratio m = {m} does not divide the {tokens} tokens per CP rank: "
                              "DeepSeek-V4's two-stage CP is laid out for whole blocks (ceil(s/m) + 1 entries here)"),
                {"m": c.compress_ratio, "tokens": tokens}, "warning"))
    if p.cp > MAX_CP:
        problems.append(Problem("parallel.cp", QT_TRANSLATE_NOOP(
            "validation", "cp = {cp} is more than the {limit} context-parallel ranks the long-context model lays out"),
            {"cp": p.cp, "limit": MAX_CP}, "warning"))
    if p.cp > 1 and s.cluster.peak_tflops <= 0 and s.cluster.gpu == "custom":
        problems.append(Problem("cluster.peak_tflops", QT_TRANSLATE_NOOP(
            "validation", "a custom GPU has no catalogue FLOP/s: set cluster.peak_tflops for Ring attention's "
                          "compute time"), {}, "warning"))
    return problems


def context_problems(s: Scenario) -> list[tuple[str, str, str]]:
    """(severity "error" | "warning", key, English message) of every long-context problem."""
    return [(problem.severity, problem.key, problem.message) for problem in context_validation(s)]
