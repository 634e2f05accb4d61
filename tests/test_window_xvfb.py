"""The real main window on a real X server (Xvfb, xcb platform) paints the Memory tab."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent("""
    import json
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QGuiApplication, QImage
    from PySide6.QtTest import QTest
    from tslab.desktop.app import check_xcb, create_application
    from tslab.models.presets import load_preset

    check_xcb()
    app = create_application(["tslab"], "en")
    from tslab.desktop.main_window import MainWindow
    window = MainWindow(load_preset("classroom-7b"))
    window.resize(1200, 760)
    window.show()
    assert QTest.qWaitForWindowExposed(window, 10000)
    QTest.qWait(500)
    shot = QGuiApplication.primaryScreen().grabWindow(0).toImage().convertToFormat(QImage.Format.Format_RGB32)
    colours = {shot.pixel(x, y) for x in range(0, shot.width(), 3) for y in range(0, shot.height(), 3)}
    blue = sum(1 for x in range(0, shot.width(), 2) for y in range(0, shot.height(), 2)
               if shot.pixelColor(x, y).name() == "#0072b2")
    print(json.dumps({"platform": QGuiApplication.platformName(), "colours": len(colours), "blue": blue,
                      "width": shot.width(), "title": window.windowTitle()}))
    window.model.mark_saved("")
    window.close()
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Xvfb is a Linux X server")
def test_main_window_paints_under_xvfb():
    xvfb_run = shutil.which("xvfb-run")
    assert xvfb_run, "xvfb-run is missing: `make test` installs xvfb and xauth"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = "xcb"
    result = subprocess.run([xvfb_run, "-a", "-s", "-screen 0 1280x800x24", sys.executable, "-c", SCRIPT],
                            capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    facts = json.loads(result.stdout.strip().splitlines()[-1])
    assert facts["platform"] == "xcb"
    assert facts["width"] == 1280
    assert facts["colours"] > 50, facts      # a painted window, not an empty screen
    assert facts["blue"] > 200, facts        # the parameters segment of the stacked bar
    assert "Training Systems Lab" in facts["title"]
