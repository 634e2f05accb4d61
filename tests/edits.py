"""Edits that change one key of a document and none of the keys a computation declares it reads:
the tests of declared reads (derived computations, declared model functions) use them."""
from __future__ import annotations

from tslab.models import derived
from tslab.models.document import Document, changed_keys
from tslab.models.scenario import ScenarioError


def other_values(doc: Document, key: str) -> list:
    """Different valid values for `key` to try, the likeliest first."""
    value = doc.get(key)
    if key == "title":
        return [value + " (changed)"]
    if key.startswith("view."):
        from tslab.models.document import _view_field as field_of
    else:
        from tslab.models.scenario import key_field as field_of
    meta = field_of(key).metadata
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, tuple):
        return [value + ("changed",)]
    if meta.get("choices"):
        return [c for c in meta["choices"] if c != value]
    if isinstance(value, str):  # free text under a pattern: a name, a layer pattern, a mesh order
        candidates = ["changed", "1", "0", "torchtitan", "megatron", "a-b", ""]
        return [c for c in candidates if c != value]
    low, high = meta.get("low", 0), meta.get("high")
    if isinstance(value, int):
        candidates = [value + 1, value - 1, value * 2, int(low)]
    else:
        candidates = [value * 1.5 + 0.1, value + 1.0, (value + low) / 2, float(low)]
    return [c for c in dict.fromkeys(candidates)
            if c != value and c >= low and (high is None or c <= high)]


def edit_outside(doc: Document, key: str, reads: tuple[str, ...]) -> Document | None:
    """`doc` with `key` changed and no key in `reads` changed with it (the keys the edit resolves,
    such as parallel.dp after cluster.nodes, pinned to their values), or None when no such edit
    is valid."""
    for other in other_values(doc, key):
        try:
            changed = doc.replace(**{key: other})
            moved = changed_keys(doc, changed) - {key}
            if derived.concerns(moved, reads):
                changed = doc.replace(**{key: other}, **{k: doc.get(k) for k in moved})
        except ScenarioError:
            continue
        if changed_keys(doc, changed) and not derived.concerns(changed_keys(doc, changed), reads):
            return changed
    return None
