"""Shared fixtures. Qt runs offscreen and QSettings point at a throw-away folder."""
from __future__ import annotations

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["TSLAB_CONFIG_DIR"] = tempfile.mkdtemp(prefix="tslab-test-config-")

import faulthandler  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402

import pytest  # noqa: E402

# A test still running after this long has every thread's stack written to stderr, and then its
# name, so that the last lines of a CI log say which test is stuck and where. pytest's own
# faulthandler_timeout (pyproject.toml) ends the run later; the longest test takes ~25 s here.
STUCK_AFTER_S = 240.0


@pytest.fixture(autouse=True)
def _name_a_stuck_test(request):
    done = threading.Event()

    def watch() -> None:
        if not done.wait(STUCK_AFTER_S):
            faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
            sys.stderr.write(f"\ntslab-tests: {request.node.nodeid} has run for {STUCK_AFTER_S:.0f} s "
                             f"(its threads' stacks above)\n")
            sys.stderr.flush()

    watcher = threading.Thread(target=watch, name="tslab-test-watchdog", daemon=True)
    watcher.start()
    yield
    done.set()
    watcher.join()


@pytest.fixture(scope="session")
def qapp():
    """The application as tslab sets it up (English, lab chart style), shared by GUI tests."""
    from tslab.desktop.app import create_application
    return create_application(["tslab-tests"], "en")


@pytest.fixture
def run_alone(qtbot, monkeypatch):
    """Run a tab's ``python -m tslab.views.<tab> PRESET`` entry point with the event loop replaced
    by a look at the windows shown at the moment it would start; returns the one shown tab."""
    from PySide6.QtWidgets import QApplication

    def run(main, tab_class: type, preset: str):
        shown = []

        def event_loop(app) -> int:
            shown.extend(w for w in QApplication.topLevelWidgets() if isinstance(w, tab_class) and w.isVisible())
            return 0

        monkeypatch.setattr("tslab.views.application.system_language", lambda: "en")  # not the machine's locale
        monkeypatch.setattr(QApplication, "exec", event_loop)
        assert main([preset]) == 0
        assert len(shown) == 1, shown
        qtbot.addWidget(shown[0])
        assert shown[0].isWindow()
        return shown[0]

    return run


@pytest.fixture
def run_tab_alone(run_alone):
    """run_alone for one of the window's tabs: the tab shown has the size its entry point gives
    it, width × height, and the preset's scenario."""
    from PySide6.QtCore import QSize

    from tslab.models.presets import load_preset

    def run(main, tab_class: type, preset: str, width: int, height: int):
        tab = run_alone(main, tab_class, preset)
        assert tab.size() == QSize(width, height)
        assert tab.model.scenario == load_preset(preset)
        return tab

    return run


@pytest.fixture
def open_main_window(qtbot):
    """open_window (tests/windows.py) for this test's qtbot: a MainWindow on a preset at 1280×800."""
    from windows import open_window
    return lambda preset: open_window(qtbot, preset)
