"""The figure gallery: the course's twelve figures drawn from the models (registry, figure widget,
the figures themselves, the gallery view)."""
from __future__ import annotations

from tslab.views.gallery.registry import FigureSpec


def figures() -> tuple[FigureSpec, ...]:
    """Every figure of the set, in the course's order (numbers 1…12)."""
    from tslab.views.gallery import figures_systems, figures_training
    return tuple(sorted(figures_training.SPECS + figures_systems.SPECS, key=lambda spec: spec.number))


def figure_spec(key: str) -> FigureSpec:
    """The figure named `key`; KeyError names the figures there are."""
    for spec in figures():
        if spec.key == key:
            return spec
    raise KeyError(f"no figure {key!r} (choose from {', '.join(s.key for s in figures())})")


__all__ = ["FigureSpec", "figure_spec", "figures"]
