"""Muon's quintic Newton–Schulz iteration (Jordan et al. 2024, "Muon: An optimizer for hidden
layers in neural networks"; github.com/KellerJordan/Muon, zeropower_via_newtonschulz5):
X ← G / ‖G‖_F, transposed when rows > cols so that the Gram matrix X·Xᵀ is the small one, then
`steps` times X ← aX + (bA + cA²)X with A = X·Xᵀ and (a, b, c) = (3.4445, −4.7750, 2.0315).
Every singular value goes through the same odd quintic, so the result is ≈ US'Vᵀ for G = USVᵀ:
the post's "S' ~ Uniform(0.5, 1.5)", an approximation of the orthogonal polar factor UVᵀ (singular
values far below the largest need more than five steps to get there).
"""
from __future__ import annotations

import numpy as np

NS_COEFFICIENTS = (3.4445, -4.7750, 2.0315)


def newton_schulz(g: np.ndarray, steps: int = 5, eps: float = 1e-7) -> np.ndarray:
    """The orthogonalised update of matrix `g` (float64 here; the reference runs it in BF16)."""
    a, b, c = NS_COEFFICIENTS
    x = np.asarray(g, dtype=np.float64)
    transposed = x.shape[0] > x.shape[1]
    if transposed:
        x = x.T
    x = x / (np.linalg.norm(x) + eps)
    for _ in range(steps):
        gram = x @ x.T
        x = a * x + (b * gram + c * gram @ gram) @ x
    return x.T if transposed else x


def ns_flops(rows: int, cols: int, steps: int) -> float:
    """Multiply-add FLOPs of `steps` iterations on a rows × cols matrix, with m = min and n = max:
    A = X·Xᵀ (2m²n), A·A (2m³), (bA + cA²)·X (2m²n) — 4m²n + 2m³ per step."""
    m, n = float(min(rows, cols)), float(max(rows, cols))
    return steps * (4 * m * m * n + 2 * m**3)
