"""Shared fixtures. Qt runs offscreen and QSettings point at a throw-away folder."""
from __future__ import annotations

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["TSLAB_CONFIG_DIR"] = tempfile.mkdtemp(prefix="tslab-test-config-")

import pytest  # noqa: E402


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
