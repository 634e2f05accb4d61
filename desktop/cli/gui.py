"""`tslab gui` (the default command): the desktop app, refused without a display."""
from __future__ import annotations

import argparse
import os
import sys

from tslab.desktop.cli.common import UserError, resolve_document


def has_display() -> bool:
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith(("xcb", "wayland")):
        return True  # offscreen, minimal, vnc … need no display server
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def cmd_gui(args: argparse.Namespace) -> int:
    document = resolve_document(args, check=False)  # the GUI shows problems in its banner
    if not has_display():
        raise UserError("no display found (DISPLAY and WAYLAND_DISPLAY are unset): run `xvfb-run tslab` "
                        "for a virtual display, or `tslab export --tab all --format png --out DIR` to "
                        "render figures without one")
    from tslab.desktop.app import StartupError, run_gui
    try:
        return run_gui(document, tab=args.tab, lang=args.lang, present=args.present,
                       scenario_path=getattr(args, "scenario", None))
    except StartupError as exc:
        raise UserError(str(exc)) from None
