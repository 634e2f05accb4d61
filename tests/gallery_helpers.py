"""Figures of the tests' own for the gallery's window and exports, independent of the course's
figures: one drawn from the document (a bar per parallel axis), one diagram without a tab, and
one that no document can draw. `register(monkeypatch, *specs)` adds them to views.gallery.figures().
And what the export tests read exported figures with: an SVG's texts, an SVG rendered, an image's
pixels and colours."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
from PySide6.QtCore import QByteArray, QRect, QSize
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QWidget

from tslab.views.gallery.figure import GalleryFigure
from tslab.views.gallery.registry import FigureSpec

BAR_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7")
AXES = ("tp", "pp", "dp", "cp")


class Bars(QWidget):
    """One bar per parallel axis of the scenario, as long as its size relative to the largest."""

    def __init__(self, sizes: dict[str, int], parent: QWidget | None = None):
        super().__init__(parent)
        self.sizes = sizes
        self.setMinimumSize(200, 120)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        largest = max(self.sizes.values())
        height = self.height() // (2 * len(self.sizes))
        for row, (axis, colour) in enumerate(zip(AXES, BAR_COLOURS)):
            width = round((self.width() - 20) * self.sizes[axis] / largest)
            painter.fillRect(QRect(10, (2 * row) * height + height // 2, max(width, 4), height), QColor(colour))
        painter.end()


def build_bars(model) -> GalleryFigure:
    figure = GalleryFigure(BARS)
    parallel = model.scenario.parallel
    sizes = {axis: getattr(parallel, axis) for axis in AXES}
    figure.set_body(Bars(sizes, figure))
    figure.set_caption(f"tp = {sizes['tp']}, pp = {sizes['pp']}, dp = {sizes['dp']}, cp = {sizes['cp']} "
                       f"for {model.scenario.title}")
    return figure


def build_diagram(model) -> GalleryFigure:
    figure = GalleryFigure(DIAGRAM)
    figure.set_body(Bars({"tp": 1, "pp": 2, "dp": 3, "cp": 4}, figure))
    figure.set_caption("a diagram of stated facts")
    return figure


def build_broken(model) -> GalleryFigure:
    raise ValueError("this test figure draws no document")


BARS = FigureSpec(key="test-bars", number=97, title="Test: the parallel sizes as bars",
                  summary="A bar per parallel axis of the scenario (a figure of the tests).",
                  sources=("the tests' own",), tab="mesh", build=build_bars,
                  live_view={"view.mesh.colour_by": "dp"}, reads=("parallel", "title"))
DIAGRAM = FigureSpec(key="test-diagram", number=98, title="Test: a diagram", summary="A diagram of the tests.",
                     sources=("the tests' own",), tab=None, build=build_diagram)
BROKEN = FigureSpec(key="test-broken", number=99, title="Test: a broken figure", summary="It never draws.",
                    sources=("the tests' own",), tab="memory", build=build_broken, reads=("model",))


def register(monkeypatch, *specs: FigureSpec) -> None:
    """Add `specs` to the figures every caller of views.gallery.figures() sees."""
    from tslab.views.gallery import figures_systems
    monkeypatch.setattr(figures_systems, "SPECS", tuple(figures_systems.SPECS) + specs)


def bars_texts(spec: FigureSpec, scenario) -> list[str]:
    """The texts test-bars' figure must show for `scenario`: its number and title, the caption
    with the scenario's parallel sizes and title, its sources."""
    p = scenario.parallel
    return [f"Figure {spec.number}. {spec.title}",
            f"tp = {p.tp}, pp = {p.pp}, dp = {p.dp}, cp = {p.cp} for {scenario.title}",
            "Sources: " + "; ".join(spec.sources)]


def svg_texts(data: bytes, size: tuple[int, int]) -> list[str]:
    """The text elements of an SVG of `size` (its viewBox), white space collapsed."""
    root = ET.fromstring(data)
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("viewBox") == f"0 0 {size[0]} {size[1]}"
    return [" ".join("".join(t.itertext()).split()) for t in root.iter("{http://www.w3.org/2000/svg}text")]


def render_svg(data: bytes, size: tuple[int, int]) -> QImage:
    """The SVG `data` drawn on white at `size`, as Qt's SVG renderer draws it."""
    renderer = QSvgRenderer(QByteArray(data))
    assert renderer.isValid()
    image = QImage(QSize(*size), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    return image


def rgb_pixels(image: QImage) -> np.ndarray:
    """`image` as a height × width × 3 array of 8-bit RGB values (a copy, without the padding Qt
    may add at the end of each row)."""
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height, stride = image.width(), image.height(), image.bytesPerLine()
    raw = np.frombuffer(image.constBits(), dtype=np.uint8, count=stride * height)
    return raw.reshape(height, stride)[:, : width * 3].reshape(height, width, 3).copy()


def colours(image: QImage) -> int:
    """The number of distinct colours in `image` (1 for a blank one)."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    raw = np.frombuffer(image.constBits(), dtype=np.uint32, count=image.bytesPerLine() * image.height() // 4)
    return len(np.unique(raw.reshape(image.height(), -1)[:, : image.width()]))


def has_colour(image: QImage, hex_colour: str, minimum: int = 50, tolerance: int = 8) -> bool:
    pixels = rgb_pixels(image).astype(int)
    target = np.array(QColor(hex_colour).getRgb()[:3])
    return int((np.abs(pixels - target).max(axis=2) <= tolerance).sum()) >= minimum
