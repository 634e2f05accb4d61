"""Headless export: PNG at any scale, SVG that renders like the PNG, PDF; the CLI for every preset."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from gallery_helpers import render_svg, rgb_pixels, svg_texts
from PySide6.QtGui import QColor, QImage

from tslab.desktop.export import EXPORT_SIZE, export_tab
from tslab.desktop.svg_fix import flatten_svg
from tslab.models.presets import load_preset, preset_names
from tslab.views.charts import ITEM_COLOURS

W, H = EXPORT_SIZE.width(), EXPORT_SIZE.height()
GIB = 2 ** 30


def llama2_7b_params() -> int:
    """Llama-2-7B's parameters from its shape (hidden 4096, 32 layers, FFN 11008, vocabulary 32000,
    untied embeddings; Touvron et al. 2023): 6,738,415,616."""
    h, layers, ffn, vocab = 4096, 32, 11008, 32000
    return 2 * vocab * h + layers * (4 * h * h + 3 * h * ffn + 2 * h) + h


def classroom_memory_texts() -> list[str]:
    """What the memory figure of classroom-7b must say, from closed forms: bf16 parameters and
    gradients (2 bytes each), fp32 master weights (4) and Adam's two fp32 moments (8) split over
    dp = 8 by ZeRO-1, on an 80 GiB H100."""
    p, dp = llama2_7b_params(), 8
    return [load_preset("classroom-7b").title, "capacity 80.00 GiB",
            f"Parameters {2 * p / GIB:.1f}", f"Gradients {2 * p / GIB:.1f}",
            f"Master weights {4 * p / dp / GIB:.1f}", f"Optimizer states {8 * p / dp / GIB:.1f}"]


def png_array(data: bytes) -> np.ndarray:
    image = QImage()
    assert image.loadFromData(data, "PNG")
    return rgb_pixels(image)


def has_colour(pixels: np.ndarray, hex_colour: str, tolerance: int = 6, minimum: int = 500) -> bool:
    target = np.array(QColor(hex_colour).getRgb()[:3])
    return int((np.abs(pixels.astype(int) - target).max(axis=2) <= tolerance).sum()) >= minimum


@pytest.fixture(scope="module")
def classroom_png(qapp) -> bytes:
    return export_tab(load_preset("classroom-7b"), "memory", "png", scale=1.0)


def test_png_size_scale_and_content(qapp, classroom_png):
    pixels = png_array(classroom_png)
    assert pixels.shape == (H, W, 3)
    assert len(np.unique(pixels.reshape(-1, 3), axis=0)) > 50  # not blank
    for key in ("params", "grads", "master", "optimizer", "activations"):
        assert has_colour(pixels, ITEM_COLOURS[key]), key
    double = png_array(export_tab(load_preset("classroom-7b"), "memory", "png", scale=2.0))
    assert double.shape == (2 * H, 2 * W, 3)
    assert has_colour(double, ITEM_COLOURS["params"], minimum=4 * 500)


def test_svg_renders_like_the_png(qapp, classroom_png):
    data = export_tab(load_preset("classroom-7b"), "memory", "svg")
    root = ET.fromstring(data)
    assert root.tag.endswith("svg")
    assert root.get("viewBox") == f"0 0 {W} {H}"
    svg, png = rgb_pixels(render_svg(data, (W, H))), png_array(classroom_png)
    difference = np.abs(svg.astype(int) - png.astype(int))
    assert difference.mean() < 2.0, f"mean difference {difference.mean():.2f} of 255"
    assert (difference.max(axis=2) > 64).mean() < 0.01  # under 1% of pixels differ visibly


@pytest.mark.parametrize("tab", ["memory", "mesh", "pipeline", "comm", "context"])
def test_svg_has_no_data_space_transforms_left(qapp, tab):
    """Geometry is flattened into page coordinates, so renderers other than Qt's draw it right: a
    group holding shapes keeps no transform but the identity (a rotated rect becomes a polygon)."""
    data = export_tab(load_preset("deepseek-v3"), tab, "svg")
    ns = "{http://www.w3.org/2000/svg}"
    groups = [group for group in ET.fromstring(data).iter(f"{ns}g")
              if any(child.tag in (f"{ns}rect", f"{ns}polyline") for child in group)]
    assert len(groups) > 20
    for group in groups:
        transform = group.get("transform", "matrix(1,0,0,1,0,0)")
        assert transform.startswith("matrix(") and transform.endswith(")"), transform
        assert [float(v) for v in transform[7:-1].split(",")] == [1, 0, 0, 1, 0, 0], transform


def test_flatten_svg_moves_transform_into_coordinates():
    svg = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
           b'<g fill="red" transform="matrix(10,0,0,-20,5,90)"><rect x="0" y="0" width="2" height="1"/>'
           b'<polyline points="0,0 1,1"/><path d="M0,0 L1,0 L1,1 Z"/></g>'
           b'<g transform="matrix(2,0,0,2,0,0)"><text>keep</text></g></svg>')
    root = ET.fromstring(flatten_svg(svg))
    ns = "{http://www.w3.org/2000/svg}"
    groups = list(root.iter(f"{ns}g"))
    assert "transform" not in groups[0].attrib
    rect = groups[0].find(f"{ns}rect")
    assert (rect.get("x"), rect.get("y"), rect.get("width"), rect.get("height")) == ("5", "70", "20", "20")
    assert groups[0].find(f"{ns}polyline").get("points") == "5,90 15,70"
    assert groups[0].find(f"{ns}path").get("d") == "M5,90 L15,90 L15,70 Z"
    assert groups[1].get("transform") == "matrix(2,0,0,2,0,0)"  # text groups are left alone


def test_svg_renders_in_librsvg(qapp, classroom_png, tmp_path):
    """librsvg (GNOME, and close to what browsers and slide tools do) draws the same bars."""
    assert shutil.which("rsvg-convert"), "rsvg-convert is missing: install librsvg2-bin (make test does)"
    path = tmp_path / "memory.svg"
    path.write_bytes(export_tab(load_preset("classroom-7b"), "memory", "svg"))
    out = tmp_path / "rsvg.png"
    subprocess.run(["rsvg-convert", "-w", str(W), "-h", str(H), "-b", "white", str(path), "-o", str(out)],
                   check=True)
    rsvg, png = png_array(out.read_bytes()), png_array(classroom_png)
    for key in ("params", "grads", "optimizer", "activations"):
        ours = (np.abs(png.astype(int) - QColor(ITEM_COLOURS[key]).getRgb()[:3]).max(axis=2) <= 6).sum()
        theirs = (np.abs(rsvg.astype(int) - QColor(ITEM_COLOURS[key]).getRgb()[:3]).max(axis=2) <= 6).sum()
        assert theirs == pytest.approx(ours, rel=0.05), key


def test_pdf(qapp, tmp_path):
    data = export_tab(load_preset("classroom-7b"), "memory", "pdf")
    assert data.startswith(b"%PDF-")
    assert shutil.which("pdftoppm") and shutil.which("pdftotext"), \
        "pdftoppm or pdftotext is missing: install poppler-utils (make test does)"
    (tmp_path / "m.pdf").write_bytes(data)
    text = subprocess.run(["pdftotext", str(tmp_path / "m.pdf"), "-"], check=True, capture_output=True,
                          text=True).stdout
    pages = text.split("\f")[:-1]
    assert len(pages) == 1, len(pages)  # one figure, one page
    words = " ".join(pages[0].split())
    for expected in classroom_memory_texts():  # text as text, the ledger's numbers from closed forms
        assert expected in words, expected
    subprocess.run(["pdftoppm", "-png", "-r", "48", "-singlefile", str(tmp_path / "m.pdf"), str(tmp_path / "m")],
                   check=True)
    pixels = png_array((tmp_path / "m.png").read_bytes())
    assert pixels.shape[1] > pixels.shape[0]  # landscape, like the figure
    for key in ("params", "grads", "optimizer", "activations"):
        assert has_colour(pixels, ITEM_COLOURS[key], tolerance=12, minimum=50), key


def tslab(*args: str, **kwargs) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    return subprocess.run([sys.executable, "-m", "tslab", *args], capture_output=True, text=True, env=env,
                          timeout=120, **kwargs)


@pytest.mark.parametrize("preset", preset_names())
def test_cli_exports_every_preset(preset, tmp_path):
    result = tslab("export", "--preset", preset, "--tab", "all", "--format", "png", "--out", str(tmp_path),
                   "--scale", "2")
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["comm.png", "context.png", "memory.png", "mesh.png",
                                                          "pipeline.png"]
    for tab in ("memory", "mesh", "pipeline", "comm", "context"):
        image = QImage(str(tmp_path / f"{tab}.png"))
        assert (image.width(), image.height()) == (2 * W, 2 * H), tab  # decoded, not just its header
        pixels = rgb_pixels(image)[::8, ::8]
        assert len(np.unique(pixels.reshape(-1, 3), axis=0)) > 20, f"{tab}.png is blank"


def test_cli_export_errors_are_one_line(tmp_path):
    bad = tslab("export", "--set", "parallel.tp=3", "--tab", "memory", "--format", "png", "--out",
                str(tmp_path / "x.png"))
    missing = tslab("export", "--tab", "memory", "--format", "png", "--out", str(tmp_path / "no" / "x.png"))
    for result, must in ((bad, "parallel.tp"), (missing, "no such directory")):
        lines = result.stderr.strip().splitlines()
        assert result.returncode == 2 and len(lines) == 1, result.stderr
        assert lines[0].startswith("tslab: error: ") and must in lines[0]
    assert not (tmp_path / "x.png").exists()


def test_cli_tab_all_always_writes_into_a_directory(tmp_path):
    out = tmp_path / "figures"  # does not exist yet: --tab all creates it
    result = tslab("export", "--tab", "all", "--format", "svg", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert out.is_dir() and sorted(p.name for p in out.iterdir()) == ["comm.svg", "context.svg", "memory.svg",
                                                                      "mesh.svg", "pipeline.svg"]
    texts = {path.stem: svg_texts(path.read_bytes(), (W, H)) for path in out.iterdir()}
    title = load_preset("classroom-7b").title
    for tab in ("memory", "mesh", "pipeline"):
        assert texts[tab][0] == title, tab
    words = " ".join(texts["memory"])
    for expected in classroom_memory_texts():
        assert expected in words, expected
    assert texts["mesh"][1].startswith("8 GPUs = 1 nodes × 8 · tp 1 · cp 1 · pp 1 · dp 8")
    # The Communication tab's default: a ring AllReduce of 256 MiB over 8 ranks sends 2(n − 1)/n · S per rank.
    assert texts["comm"][0] == "AllReduce of 256.0 MiB over 8 ranks (ring)"
    assert texts["comm"][1].startswith(f"per rank sent {2 * 7 / 8 * 256:.1f} MiB, received {2 * 7 / 8 * 256:.1f} MiB")
    # Ring attention over CP = 8: S = 4,096 tokens, n − 1 = 7 P2P steps.
    assert texts["context"][0].startswith("Ring attention over 8 ranks: S = 4,096 tokens")
    assert any(text.startswith("7 P2P steps of ") for text in texts["context"])


def test_cli_tab_all_writes_every_drawable_figure_then_names_the_others(tmp_path):
    """dp = 3 on 8 GPUs: the ledger refuses the scenario, the mesh draws it with its reasons —
    the four drawable figures are written and listed, and one error line names the memory tab."""
    result = tslab("export", "--set", "parallel.dp=3", "--tab", "all", "--format", "png", "--out", str(tmp_path))
    assert result.returncode == 2
    drawn = ["comm.png", "context.png", "mesh.png", "pipeline.png"]
    assert sorted(p.name for p in tmp_path.iterdir()) == drawn
    assert sorted(Path(line).name for line in result.stdout.splitlines()) == drawn
    [line] = result.stderr.splitlines()
    assert line.startswith("tslab: error: 1 of 5 figures not written (memory: ") and "parallel.dp" in line


@pytest.mark.parametrize("tab", ["memory", "mesh", "pipeline", "context"])
def test_svg_holds_vector_shapes_not_bitmaps(qapp, tab):
    """Pixmap caches (axes) and the mesh raster speed up the screen; exports must stay vector."""
    data = export_tab(load_preset("deepseek-v3"), tab, "svg")
    root = ET.fromstring(data)
    ns = "{http://www.w3.org/2000/svg}"
    assert not list(root.iter(f"{ns}image"))
    shapes = sum(len(list(root.iter(f"{ns}{tag}"))) for tag in ("rect", "polygon", "path", "polyline"))
    assert shapes > (256 if tab == "mesh" else 20)  # DeepSeek-V3 mesh: a cell per node


@pytest.mark.parametrize("preset, least_px", [("deepseek-v3", 24.0), ("llama3-405b-128k", 8.0)])
def test_mesh_export_draws_a_cell_per_node_filling_the_figure_and_the_chosen_node(qapp, preset, least_px):
    """`tslab export --tab mesh --set view.mesh.node=N` draws what the tab draws: a cell per node
    (GPUs / 8 of them) on the grid that fills the exported mesh's space, and node N's 8 GPUs beside
    it; gallery figure 3 draws the scenario's own mesh the same way beside its example."""
    from tslab.desktop.export import figure_widget, tab_figure
    from tslab.models.presets import preset_document
    document = preset_document(preset).replace(**{"view.mesh.node": 5})
    figure = tab_figure(document, "mesh")
    grid, zoom = figure.views[0], figure.zoom
    world = document.scenario.world_size
    assert grid.aggregate and len(grid.cell_colours) == world // 8
    assert grid.node_cell_pixels() >= least_px
    assert zoom.isVisibleTo(figure) and zoom.node == 5 and len(zoom.cell_colours) == 8
    assert [cell[2][0] for cell in zoom.labels.cells] == [f"r{r}" for r in range(40, 48)]
    gallery = figure_widget(document, "device-mesh")
    own = [view for view in gallery.findChildren(type(grid)) if view.aggregate]
    assert len(own) == 1 and len(own[0].cell_colours) == world // 8
    assert own[0].node_cell_pixels() >= least_px / 2
    assert [view.node for view in gallery.findChildren(type(grid)) if view.node is not None] == [5]
    assert "view.mesh.node" in gallery.caption_text()
