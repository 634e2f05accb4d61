"""What the screen shows is what export draws: for every tab, view state set through the GUI is
saved, exported from the command line with --scenario, and the export equals the figure grabbed
on screen at the same size (compared pixel by pixel, with a small tolerance for antialiasing)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from gallery_helpers import rgb_pixels
from PySide6.QtGui import QImage

from tslab.desktop.main_window import MainWindow
from tslab.models.document import Document, load_document
from tslab.models.presets import preset_document

ROOT = Path(__file__).resolve().parent.parent


def to_array(image: QImage) -> np.ndarray:
    """The image's RGB pixels as ints, so that differences may go below zero."""
    return rgb_pixels(image).astype(int)


def settled(widget, qtbot) -> np.ndarray:
    """The widget as painted on screen once layout and axis sizes have settled (pyqtgraph widens
    an axis after painting its labels, which lays the figure out again)."""
    previous = None
    for _ in range(40):
        qtbot.wait(60)
        current = to_array(widget.grab().toImage())
        if previous is not None and previous.shape == current.shape and np.array_equal(previous, current):
            return current
        previous = current
    raise AssertionError("the figure kept changing on screen")


def set_memory(window: MainWindow) -> None:
    tab = window.memory_tab
    row = tab.table._row_keys.index("optimizer")
    tab.table.selectRow(row)


def set_mesh(window: MainWindow) -> None:
    tab = window.mesh_tab
    tab.axis_box.setCurrentIndex(tab.axis_box.findData("dp"))
    tab.compare_box.setCurrentIndex(tab.compare_box.findData("torchtitan"))


def set_pipeline(window: MainWindow) -> None:
    tab = window.pipeline_tab
    tab.compare_box.setCurrentIndex(tab.compare_box.findData("zbv"))
    tab.set_time(0.0)
    for _ in range(7):
        tab.step()


def set_comm(window: MainWindow) -> None:
    tab = window.comm_tab
    tab.collective_box.setCurrentIndex(tab.collective_box.findData("alltoall"))
    tab.ranks_box.setValue(4)
    tab.size_box.setValue(64.0)
    tab.overlap_box.setValue(40)
    tab.scrub.setValue(0)
    tab.step_button.click()


def set_context(window: MainWindow) -> None:
    tab = window.context_tab
    tab.scheme_buttons["two-stage"].click()
    tab.set_step(0)
    tab.step_button.click()
    tab.step_button.click()


CASES = {
    # tab: (document, GUI edits, the view keys those edits must have set)
    "memory": (Document(preset_document("deepseek-v3").scenario), set_memory, {"view.memory.selected": "optimizer"}),
    "mesh": (Document(preset_document("kimi-k2").scenario), set_mesh,
             {"view.mesh.colour_by": "dp", "view.mesh.compare_order": "torchtitan"}),
    "pipeline": (Document(preset_document("classroom-7b").scenario).replace(
        **{"parallel.pp": 4, "parallel.dp": 2, "schedule.kind": "1f1b"}), set_pipeline,
        {"view.pipeline.compare": "zbv"}),
    "comm": (Document(preset_document("deepseek-v3").scenario), set_comm,
             {"view.comm.collective": "alltoall", "view.comm.ranks": 4, "view.comm.bytes": 64 << 20,
              "view.comm.overlap": 0.4, "view.comm.round": 1}),
    "context": (Document(preset_document("llama3-405b-128k").scenario), set_context,
                {"view.context.scheme": "two-stage", "view.context.step": 2}),
}


@pytest.mark.parametrize("tab", list(CASES))
def test_export_equals_the_screen(tab: str, qtbot, tmp_path: Path) -> None:
    document, edit, expected = CASES[tab]
    window = MainWindow(document)
    qtbot.addWidget(window, before_close_func=lambda w: w.model.mark_saved(""))  # no "save changes?" dialog
    window.resize(1500, 940)
    window.show()
    window.select_tab(tab)
    qtbot.waitExposed(window)
    edit(window)
    page = window.page(tab)
    qtbot.waitUntil(lambda: not getattr(getattr(page, "runner", None), "busy", False))
    for key, value in expected.items():
        assert window.model.document.get(key) == value, key
    if tab == "pipeline":
        assert window.model.view.pipeline.time > 0

    path = tmp_path / "prepared.toml"
    assert window.save_to(str(path))
    assert load_document(path) == window.model.document  # the view state is in the file

    figure = page.export_widget()
    screen = settled(figure, qtbot)
    height, width = screen.shape[:2]
    out = tmp_path / f"{tab}.png"
    subprocess.run([sys.executable, "-m", "tslab", "export", "--scenario", str(path), "--tab", tab,
                    "--format", "png", "--out", str(out), "--size", f"{width}x{height}"],
                   cwd=ROOT, check=True, capture_output=True, timeout=120)
    exported = to_array(QImage(str(out)))
    assert exported.shape == screen.shape
    # Export paints with antialiasing (smoother slanted lines for slides), the screen without:
    # the ring's arrows differ by a few pixels' worth (0.4% with 4 ranks), nothing else may.
    differs = np.abs(exported - screen).max(axis=2) > 48
    assert differs.mean() < 0.01, f"{differs.mean():.2%} of the pixels differ"
    # Different view state draws a different figure: the comparison can tell them apart.
    default = tmp_path / "default.png"
    subprocess.run([sys.executable, "-m", "tslab", "export", "--scenario", str(path), "--tab", tab,
                    "--format", "png", "--out", str(default), "--size", f"{width}x{height}",
                    *[arg for key in expected for arg in ("--set", f"{key}={Document().get(key)}")]],
                   cwd=ROOT, check=True, capture_output=True, timeout=120)
    changed = (np.abs(to_array(QImage(str(default))) - screen).max(axis=2) > 48).mean()
    assert changed > max(4 * differs.mean(), 0.002), (changed, differs.mean())
