"""Reading the JSON documents the command line and the models write: strictly, and leaf by leaf."""
from __future__ import annotations

import json
from collections.abc import Iterator


def strict_json(text: str):
    """json.loads that refuses NaN, Infinity and -Infinity (RFC 8259 has none of them)."""
    def refuse(token: str):
        raise ValueError(f"{token} is not JSON")
    return json.loads(text, parse_constant=refuse)


def json_leaves(doc, path: str = "") -> Iterator[tuple[str, object]]:
    """Every value of `doc` that is neither an object nor an array, with its path (".key.index")."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from json_leaves(value, f"{path}.{key}")
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from json_leaves(value, f"{path}.{index}")
    else:
        yield path, doc
