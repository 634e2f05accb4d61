"""QApplication set-up and the GUI entry point."""
from __future__ import annotations

import gc
import os
import sys
from pathlib import Path

from tslab.desktop.fonts import NO_CJK_FONT, has_cjk_font

EXIT_INTERRUPTED = 130  # 128 + SIGINT: the shell's status of a command Ctrl-C ended (the GUI's too)


class StartupError(Exception):
    """The GUI cannot start; the message says what is missing."""


class _Interrupts:
    """Ctrl-C (SIGINT) while the GUI runs: recorded by the signal handler, acted on by the event loop."""
    pending = False  # a Ctrl-C not acted on yet
    acting = False   # the window is being closed for one (its unsaved-edits question may be open)
    ended = False    # a Ctrl-C closed the window: the exit status is EXIT_INTERRUPTED


def defer_interrupts() -> None:
    """From now on a Ctrl-C only records itself; the event loop acts on it (`quit_on_interrupt`).
    Python's own handler raises KeyboardInterrupt at whatever bytecode runs next, and raised inside
    PySide's calls from C++ into Python while the window is built it ended the process by SIGSEGV,
    by a SystemError or by SIGINT (PySide6 6.11), so this is installed before Qt is imported, and
    every Ctrl-C ends the GUI with the same status, EXIT_INTERRUPTED."""
    import signal
    signal.signal(signal.SIGINT, _record_interrupt)


def _record_interrupt(signum, frame) -> None:
    _Interrupts.pending = True


def check_xcb() -> None:
    """Fail with a clear message when Qt's xcb platform plugin cannot load its libraries
    (Qt's own message blames xcb-cursor0 whatever is missing)."""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if not sys.platform.startswith("linux") or (platform and not platform.startswith("xcb")):
        return
    if not os.environ.get("DISPLAY") and os.environ.get("WAYLAND_DISPLAY"):
        return
    import PySide6
    plugin = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    if not plugin.exists():
        return
    import ctypes
    try:
        ctypes.CDLL(str(plugin), mode=os.RTLD_LAZY)
    except OSError as exc:
        missing = str(exc).split(":")[0]
        raise StartupError(
            f"Qt's xcb platform plugin cannot load ({missing}); install the system packages listed "
            f"in README.md (make run installs them), or use `tslab export` without a window") from None


def create_application(argv: list[str] | None = None, lang: str | None = None):
    """The QApplication with tslab's name, settings location, translations and chart style
    (views/application.py; imported here so that the command-line tools never load Qt)."""
    from tslab.views.application import create_application as create
    return create(argv, lang)


def run_gui(document, *, tab: str | None = None, lang: str | None = None, present: bool = False,
            scenario_path: str | None = None) -> int:
    """Open the main window on `document` (a Document or a Scenario) and run the event loop; the exit
    status is the event loop's, or EXIT_INTERRUPTED when a Ctrl-C closed the window."""
    defer_interrupts()  # before Qt is imported: no KeyboardInterrupt is ever raised inside Qt's calls
    check_xcb()
    app = create_application(None, lang)
    from tslab.desktop.main_window import MainWindow
    from tslab.views.application import current_language
    no_font = current_language(app) == "zh" and not has_cjk_font()
    if no_font:  # said now, on stderr, not when the window closes
        print(f"tslab: warning: {NO_CJK_FONT}", file=sys.stderr, flush=True)
    window = MainWindow(document, path=scenario_path or "")
    app._tslab_main_window = window   # View → Language replaces it by a rebuilt window (main_window())
    if no_font:
        window.statusBar().showMessage(NO_CJK_FONT, 30_000)
    if tab:
        window.select_tab(tab)
    if present:
        window.set_presentation(True)
    else:
        window.show()
    from PySide6.QtCore import QTimer
    QTimer.singleShot(0, freeze_heap)  # once the window is up
    quit_on_interrupt(app)
    sys.excepthook = lambda kind, value, tb: report_bug(main_window(app), kind, value, tb)
    status = app.exec()
    return EXIT_INTERRUPTED if _Interrupts.ended else status


def main_window(app):
    """The window that shows the document now (a language switch rebuilds it)."""
    return app._tslab_main_window


def freeze_heap() -> None:
    """Move everything alive once the window is up (modules, Qt wrappers, the window's widgets, the
    first results) out of the cyclic garbage collector's reach (`gc.freeze`): a full collection
    then scans only what later edits create, so its pauses inside a redraw get shorter."""
    gc.freeze()


def report_bug(window, kind, value, tb) -> None:
    """An exception in a Qt callback is a bug, not a reason to lose the user's work: print it,
    say so in a dialog, and keep running."""
    import traceback

    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QMessageBox

    traceback.print_exception(kind, value, tb, file=sys.stderr)
    QMessageBox.warning(window, QCoreApplication.translate("App", "Internal error"),
                        QCoreApplication.translate("App", "Something went wrong: {error}\nThe scenario is "
                                                   "unchanged; save it and report the details printed in the "
                                                   "terminal.").format(error=f"{kind.__name__}: {value}"))


def quit_on_interrupt(app) -> None:
    """Ctrl-C in the terminal closes the main window (asking about unsaved edits) instead of being
    ignored: the handler (`defer_interrupts`) records it, even one that came while the window was
    built, and a timer acts on it between events (it also wakes Python, which runs signal handlers
    only between bytecodes). A window that stays open (the user keeps the edits) forgets it."""
    from PySide6.QtCore import QTimer

    def act() -> None:
        if not _Interrupts.pending or _Interrupts.acting:
            return
        _Interrupts.pending, _Interrupts.acting = False, True
        try:
            _Interrupts.ended = main_window(app).close()
        finally:
            _Interrupts.acting = False

    app._tslab_wakeup = QTimer(app, interval=250)
    app._tslab_wakeup.timeout.connect(act)
    app._tslab_wakeup.start()
    QTimer.singleShot(0, act)
