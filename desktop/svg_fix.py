"""Make Qt's SVG output of pyqtgraph plots portable.

QSvgGenerator writes each plot item as a group whose `transform` maps data coordinates to the
page (e.g. ``matrix(16.45,0,0,-162.6,18,210)``) and marks strokes `vector-effect=
"non-scaling-stroke"`. Qt's own renderer copes, but librsvg, browsers' print paths and slide
software scale dashes and strokes by the data transform or drop the shapes. This is the same
family of problem pyqtgraph's SVGExporter works around (and which its 0.14.0 release breaks on
Qt ≥ 6.11, issue #3495): we flatten the transform into the coordinates of every rect, path,
polyline and polygon, so strokes and dashes are in page units and no scaling is left to guess.
Pure XML work: no Qt needed.
"""
from __future__ import annotations

import re

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
GEOMETRY = {f"{{{SVG_NS}}}{tag}" for tag in ("rect", "path", "polyline", "polygon")}
MATRIX = re.compile(r"\s*matrix\(([^)]*)\)\s*")
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
Matrix = tuple[float, float, float, float, float, float]


def _matrix(transform: str | None) -> Matrix | None:
    match = MATRIX.fullmatch(transform or "")
    if not match:
        return None
    values = [float(v) for v in NUMBER.findall(match.group(1))]
    return tuple(values) if len(values) == 6 else None  # type: ignore[return-value]


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _fmt(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _points(m: Matrix, text: str) -> str:
    numbers = [float(v) for v in NUMBER.findall(text)]
    pairs = [_apply(m, numbers[i], numbers[i + 1]) for i in range(0, len(numbers) - 1, 2)]
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in pairs)


def _path(m: Matrix, d: str) -> str | None:
    """Transform an absolute path (M, L, C, Q, Z as Qt writes it); None if it has other commands."""
    out = []
    for command, args in re.findall(r"([A-Za-z])([^A-Za-z]*)", d):
        if command in "Zz":
            out.append("Z")
            continue
        if command not in "MLCQ":
            return None
        out.append(f"{command}{_points(m, args)}")
    return " ".join(out)


def _flatten(element, m: Matrix) -> bool:
    """Rewrite one geometry element in page coordinates; False if it cannot be."""
    tag = element.tag.rsplit("}", 1)[-1]
    if tag == "rect":
        x, y = float(element.get("x", 0)), float(element.get("y", 0))
        w, h = float(element.get("width", 0)), float(element.get("height", 0))
        if element.get("rx") or element.get("ry"):
            return False
        corners = [_apply(m, px, py) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
        if abs(m[1]) > 1e-12 or abs(m[2]) > 1e-12:  # rotated: becomes a polygon
            element.tag = f"{{{SVG_NS}}}polygon"
            for name in ("x", "y", "width", "height"):
                element.attrib.pop(name, None)
            element.set("points", " ".join(f"{_fmt(px)},{_fmt(py)}" for px, py in corners))
            return True
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        element.set("x", _fmt(min(xs)))
        element.set("y", _fmt(min(ys)))
        element.set("width", _fmt(max(xs) - min(xs)))
        element.set("height", _fmt(max(ys) - min(ys)))
        return True
    if tag in ("polyline", "polygon"):
        element.set("points", _points(m, element.get("points", "")))
        return True
    if tag == "path":
        d = _path(m, element.get("d", ""))
        if d is None:
            return False
        element.set("d", d)
        return True
    return False


def flatten_svg(data: bytes) -> bytes:
    """Qt SVG bytes with every geometry-only group's transform folded into its coordinates."""
    import xml.etree.ElementTree as ET  # imported on use: it costs start-up time
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    root = ET.fromstring(data)
    for group in root.iter(f"{{{SVG_NS}}}g"):
        m = _matrix(group.get("transform"))
        children = list(group)
        if m is None or m == (1.0, 0.0, 0.0, 1.0, 0.0, 0.0) or not children:
            continue
        if not all(child.tag in GEOMETRY and len(child) == 0 for child in children):
            continue
        originals = [dict(child.attrib) for child in children]
        tags = [child.tag for child in children]
        if all(_flatten(child, m) for child in children):
            del group.attrib["transform"]
        else:  # leave the group exactly as Qt wrote it
            for child, attrib, tag in zip(children, originals, tags):
                child.attrib.clear()
                child.attrib.update(attrib)
                child.tag = tag
    body = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + body).encode("utf-8")
