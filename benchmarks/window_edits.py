"""`make bench`'s edit latencies of the Memory tab and of the main window with every tab built
(benchmarks/bench.py prints them against their targets): an edit until the charts it changed have
painted, the UI thread's longest hold while every tab follows `parallel.pp`, and a slider drag."""
from __future__ import annotations

import statistics
import time


def paint_counter():
    """An event filter that counts paint events (`count`) and remembers which widgets painted
    (`painted`); install it on the viewports whose redraw is being timed."""
    from PySide6.QtCore import QEvent, QObject

    class PaintCounter(QObject):
        def __init__(self):
            super().__init__()
            self.count = 0
            self.painted: set[int] = set()

        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint:
                self.count += 1
                self.painted.add(id(obj))
            return False

    return PaintCounter()


def edit_latency(preset: str, edits: int) -> tuple[float, float]:
    """Median and 90th-percentile seconds from a spin-box edit until the figure's charts have
    painted the new ledger (paint events counted on the charts' viewports; a chart whose picture
    the edit left as it was is not painted again, so: a chart painted, and the events it left)."""
    from tslab.desktop.app import create_application
    from tslab.models.presets import load_preset
    from tslab.views.document_model import DocumentModel
    from tslab.views.memory import MemoryTab

    app = create_application(["bench"], "en")
    tab = MemoryTab(DocumentModel(load_preset(preset)))
    tab.resize(1500, 950)
    tab.show()
    app.processEvents()
    counter = paint_counter()
    figure = tab.figure
    viewports = [plot.viewport() for plot in (figure.stack, figure.tiers, figure.zero, figure.ranks)]
    for viewport in viewports:
        viewport.installEventFilter(counter)
    spin = tab.form.editors["model.micro_batch"].widget  # changes the activations of every preset
    base = spin.value()
    times = []
    for i in range(edits):
        counter.painted.clear()
        start = time.perf_counter()
        spin.setValue(base + 1 + i % 2)  # recompute the ledger and update the charts …
        deadline = start + PAINT_DEADLINE_S
        while not counter.painted and time.perf_counter() < deadline:  # … until the event loop
            app.processEvents()                                         # has painted them
        app.processEvents()
        times.append(time.perf_counter() - start)
    tab.close()
    times.sort()
    return statistics.median(times), times[int(0.9 * (len(times) - 1))]


PAINT_DEADLINE_S = 2.0  # a tab whose picture does not change with an edit repaints nothing: stop waiting
PP_TOGGLE = {"deepseek-v3": ((16, 128), (8, 256)), "kimi-k2": ((16, 16), (8, 32))}  # (pp, dp) pairs


def whole_window(preset: str, edits: int) -> dict:
    """The main window on `preset` with every tab built (each visited once), as a lecturer has it:
    - edit → redraw of a key only the ledger reads (`memory.fragmentation`), Memory tab visible;
    - `parallel.pp` (with dp, to stay valid), which every computation reads, with each tab
      visible in turn: the longest the UI thread is held at a time (the edit itself, then every
      event-loop pass until the visible tab has painted its new result) and the time until then;
    - a 30-step drag of the fragmentation slider: ledger recomputations against frames elapsed,
      and whether anything is left queued after the release."""
    from tslab.desktop.app import create_application, freeze_heap
    from tslab.desktop.main_window import MainWindow
    from tslab.models.presets import preset_document

    app = create_application(["bench"], "en")
    window = MainWindow(preset_document(preset))
    window.resize(1500, 940)
    window.show()
    app.processEvents()
    freeze_heap()  # as run_gui does once the window is up
    for key in ("mesh", "pipeline", "comm", "context", "memory"):
        window.select_tab(key)
        while window.pipeline_tab.runner.busy if key == "pipeline" else False:
            app.processEvents()
        app.processEvents()
    model, result = window.model, {}

    def painted_views(key: str) -> list:
        page = window.page(key)
        figure = page.export_widget()
        if key == "memory":
            return [plot.viewport() for plot in (figure.stack, figure.tiers, figure.zero, figure.ranks)]
        if key == "mesh":
            return [figure.views[0].viewport()]
        if key == "pipeline":
            return [figure.panels[0].gantt.viewport()]
        if key == "context":  # the scheme picture's first chart
            import pyqtgraph as pg
            return [next(plot for plot in figure.findChildren(pg.PlotWidget) if plot.isVisible()).viewport()]
        return [figure.alpha_beta.viewport()]

    def edit_p95(tab: str, key: str, value) -> float:
        """p95 seconds from setting `key` to value(i) until `tab`'s charts have painted (those the
        edit changed: a chart whose picture is the same is not painted again), and the events
        the painting left."""
        counter = paint_counter()
        viewports = painted_views(tab)
        for viewport in viewports:
            viewport.installEventFilter(counter)
        times = []
        for i in range(edits):
            counter.painted.clear()
            start = time.perf_counter()
            model.set_value(key, value(i))
            while not counter.painted and time.perf_counter() - start < PAINT_DEADLINE_S:
                app.processEvents()
            app.processEvents()
            times.append(time.perf_counter() - start)
        times.sort()
        return times[int(0.95 * (len(times) - 1))]

    result["ledger_p95"] = edit_p95("memory", "memory.fragmentation", lambda i: 0.06 + 0.01 * (i % 2))

    (pp_a, dp_a), (pp_b, dp_b) = PP_TOGGLE[preset]
    held, current = {}, {}
    for key in ("memory", "mesh", "pipeline", "comm", "context"):
        window.select_tab(key)
        while window.pipeline_tab.runner.busy:
            app.processEvents()
        app.processEvents()
        counter = paint_counter()
        viewports = painted_views(key)
        for viewport in viewports:
            viewport.installEventFilter(counter)
        longest, slowest = 0.0, 0.0
        for i in range(4):
            pp, dp = (pp_b, dp_b) if i % 2 == 0 else (pp_a, dp_a)
            counter.painted.clear()
            start = time.perf_counter()
            model.update({"parallel.pp": pp, "parallel.dp": dp})
            longest = max(longest, time.perf_counter() - start)
            concerned = window.page(key).concerns({"parallel.pp"})
            while True:
                busy = window.pipeline_tab.runner.busy if key == "pipeline" else False
                if not busy and (not concerned or len(counter.painted) >= len(viewports)):
                    break
                if time.perf_counter() - start > PAINT_DEADLINE_S:  # a result that draws the same picture
                    break
                step = time.perf_counter()
                app.processEvents()
                longest = max(longest, time.perf_counter() - step)
            slowest = max(slowest, time.perf_counter() - start)
        held[key], current[key] = longest, slowest
    result["pp_held"], result["pp_current"] = held, current

    # The Long Context & V4 tab's Ring picture: context.zigzag toggled (a key only that tab reads).
    window.select_tab("context")
    model.set_value("view.context.scheme", "ring")
    app.processEvents()
    result["context_p95"] = edit_p95("context", "context.zigzag", lambda i: i % 2 == 0)

    window.select_tab("memory")
    app.processEvents()
    slider = window.memory_tab.form.editors["memory.fragmentation"].widget
    before = model.cache.computed["ledger"]
    slider.setSliderDown(True)
    start = time.perf_counter()
    for value in range(10, 40):
        slider.setValue(value)
        deadline = time.perf_counter() + 0.005  # a pointer event every 5 ms
        while time.perf_counter() < deadline:
            app.processEvents()
    slider.setSliderDown(False)
    slider.sliderReleased.emit()
    app.processEvents()
    frames = (time.perf_counter() - start) / (1 / 60)
    result["drag_runs"] = model.cache.computed["ledger"] - before
    result["drag_frames"] = frames
    result["drag_left"] = bool(model._pending) or model._frame.isActive()
    model.mark_saved("")
    window.close()
    return result
