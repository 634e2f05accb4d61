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
