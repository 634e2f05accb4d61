"""Whether Chinese text can be drawn: the check and the warning the command line and the window show."""
from __future__ import annotations

NO_CJK_FONT = "no CJK font found; install fonts-wqy-microhei (Debian/Ubuntu) to draw Chinese text"


def has_cjk_font() -> bool:
    """Whether any installed font covers Simplified Chinese (without one, Qt draws Chinese text as
    empty boxes). Needs a QGuiApplication."""
    from PySide6.QtGui import QFontDatabase
    return bool(QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese))
