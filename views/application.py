"""Starting a QApplication the way tslab runs: its organisation and application names (where
QSettings live), the UI language's translators, the theme, the focus ring and the chart style.
Everything a view needs to run on its own (``python -m tslab.views.<tab>``); the desktop app
builds on the same set-up.

The language and the theme are QSettings ("language": "en" | "zh", "theme": "light" | "dark")
chosen in the View menu; `--lang` on the command line wins over the setting for one run. The
dark theme colours the window chrome only: every figure paints itself on white paper
(views/common.paint_white), as it is exported for slides."""
from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import cast

import shiboken6
from PySide6.QtCore import (QCoreApplication, QEvent, QLibraryInfo, QLocale, QObject, QRectF, QSettings, Qt,
                            QTranslator, qInstallMessageHandler)
from PySide6.QtGui import QColor, QFont, QGuiApplication, QIcon, QPainter, QPalette, QPen
from PySide6.QtWidgets import (QAbstractScrollArea, QAbstractSpinBox, QApplication, QComboBox, QLineEdit, QStyleFactory,
                               QWidget)

from tslab.views.charts import configure_pyqtgraph

ORGANISATION_NAME = "tslab"
APPLICATION_NAME = "Training Systems Lab"
SETTINGS_ENV = "TSLAB_CONFIG_DIR"  # tests and portable installs point QSettings here
TRANSLATIONS = Path(__file__).resolve().parent.parent / "resources" / "translations"
ICON = TRANSLATIONS.parent / "icons" / "tslab.svg"
DESKTOP_FILE_NAME = "org.tslab.TrainingSystemsLab"   # resources/linux/org.tslab.TrainingSystemsLab.desktop
CATALOGUE = "tslab_zh_CN"

LANGUAGES = ("en", "zh")
THEMES = ("light", "dark")

# The focus ring: 2 px in the palette's highlight colour, painted over the focused control by
# FocusRing. Not an application style sheet: a `:focus` rule that names a spin box or a combo box
# restyles Fusion's drawing of every one of them, focused or not (their arrows and frames change),
# and under an application style sheet Qt no longer passes a widget's own palette on to its
# children (a figure's white paper would get the dark theme's light text) nor a new application
# font on to widgets already shown (presentation mode).
FOCUS_RING_WIDTH = 2

# Benign messages of Qt's offscreen platform, not worth a user's attention.
QUIET_QT_MESSAGES = ("This plugin does not support propagateSizeHints()", "This plugin does not support raise()")

# What tslab keeps on the application object (desktop/ and the tests read some of them by name): the
# translators installed and their language, the style and palette the application started with, the
# theme applied, and the focus ring.
TRANSLATORS_ATTRIBUTE = "_tslab_translators"
LANGUAGE_ATTRIBUTE = "_tslab_language"
LIGHT_ATTRIBUTE = "_tslab_light"
THEME_ATTRIBUTE = "_tslab_theme"
FOCUS_RING_ATTRIBUTE = "_tslab_focus_ring"


def _qt_messages(mode, context, message: str) -> None:
    if not message.startswith(QUIET_QT_MESSAGES):
        sys.stderr.write(message + "\n")


def system_language() -> str:
    """"zh" when the system locale is Chinese, else "en"."""
    return "zh" if QLocale.system().language() == QLocale.Language.Chinese else "en"


def effective_language(lang: str | None = None) -> str:
    """The UI language: `lang` when given (--lang), else the "language" setting, else the system's."""
    if lang in LANGUAGES:
        return lang
    chosen = QSettings().value("language", "", type=str)
    return chosen if chosen in LANGUAGES else system_language()


def install_translators(app: QCoreApplication, lang: str | None) -> list[QTranslator]:
    """Install tslab's catalogue (and Qt's own, for standard dialogs) for `lang` ("zh" | "en" |
    None = follow the system). Returns the translators, which must outlive their use."""
    lang = lang or system_language()
    if lang != "zh":
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
        return []
    QLocale.setDefault(QLocale(QLocale.Language.Chinese, QLocale.Country.China))
    installed = []
    ours = QTranslator(app)
    if ours.load(CATALOGUE, str(TRANSLATIONS)):
        app.installTranslator(ours)
        installed.append(ours)
    qt = QTranslator(app)
    if qt.load(QLocale(QLocale.Language.Chinese, QLocale.Country.China), "qtbase", "_",
               QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt)
        installed.append(qt)
    return installed


def switch_language(app: QCoreApplication, lang: str) -> None:
    """Replace the installed translators by `lang`'s ("en" | "zh"); windows built afterwards
    show it (the main window rebuilds itself, desktop/main_window.py)."""
    for translator in getattr(app, TRANSLATORS_ATTRIBUTE, []):
        app.removeTranslator(translator)
    setattr(app, TRANSLATORS_ATTRIBUTE, install_translators(app, lang))
    setattr(app, LANGUAGE_ATTRIBUTE, lang if lang in LANGUAGES else system_language())


def current_language(app: QCoreApplication) -> str:
    """The language whose translators are installed ("en" | "zh")."""
    return getattr(app, LANGUAGE_ATTRIBUTE, "en")


def dark_palette() -> QPalette:
    """Fusion's colours for a dark window: light text on dark grey, the highlight kept blue."""
    palette = QPalette()
    roles = QPalette.ColorRole
    for role, colour in ((roles.Window, "#353535"), (roles.WindowText, "#f0f0f0"), (roles.Base, "#262626"),
                         (roles.AlternateBase, "#303030"), (roles.ToolTipBase, "#202020"),
                         (roles.ToolTipText, "#f0f0f0"), (roles.PlaceholderText, "#9a9a9a"),
                         (roles.Text, "#f0f0f0"), (roles.Button, "#3c3c3c"), (roles.ButtonText, "#f0f0f0"),
                         (roles.BrightText, "#ff5050"), (roles.Light, "#5a5a5a"), (roles.Midlight, "#474747"),
                         (roles.Mid, "#2c2c2c"), (roles.Dark, "#1e1e1e"), (roles.Shadow, "#101010"),
                         (roles.Highlight, "#3d8ee0"), (roles.HighlightedText, "#ffffff"),
                         (roles.Link, "#6cb2ff"), (roles.LinkVisited, "#b08cff")):
        palette.setColor(role, QColor(colour))
    disabled = QPalette.ColorGroup.Disabled
    for role in (roles.WindowText, roles.Text, roles.ButtonText):
        palette.setColor(disabled, role, QColor("#808080"))
    palette.setColor(disabled, roles.Highlight, QColor("#505050"))
    return palette


def apply_theme(app: QApplication, theme: str, windows: Iterable[QWidget] = ()) -> None:
    """Colour the window chrome: "dark" is Fusion with `dark_palette`; "light" puts back the style
    and palette the application started with. `windows` are the open windows whose styled widgets
    take the new palette (`repolish_styled`)."""
    if not hasattr(app, LIGHT_ATTRIBUTE):
        setattr(app, LIGHT_ATTRIBUTE, (app.style().name(), QPalette(app.palette())))
    light: tuple[str, QPalette] = getattr(app, LIGHT_ATTRIBUTE)
    style_name, palette = light
    if theme == "dark":
        if app.style().name().lower() != "fusion":
            app.setStyle(QStyleFactory.create("Fusion"))
        app.setPalette(dark_palette())
    else:
        if app.style().name().lower() != style_name.lower():
            app.setStyle(QStyleFactory.create(style_name))
        app.setPalette(palette)
    repolish_styled(windows)
    setattr(app, THEME_ATTRIBUTE, theme)


def repolish_styled(windows: Iterable[QWidget]) -> None:
    """Set the style sheet of every widget of `windows` that has its own again (a caption's grey,
    the banner's colours): Qt does not pass a new application font or palette on to a widget under
    a style sheet once it is shown, so without this a caption would keep its size in presentation
    mode."""
    # Only the trees of the windows the caller names, never QApplication.topLevelWidgets(): that
    # list also holds widgets Qt made and deleted on its own (tool tips, popups), and a wrapper
    # left from one of them, or a closed window being torn down, crashed the process when asked
    # anything. Read first, then touch only the styled widgets: restyling one widget may delete
    # and rebuild Qt-owned helpers of another (a combo box's popup), so a list of every widget can
    # go stale.
    widgets = [widget for top in windows if shiboken6.isValid(top) and top.isVisible()
               for widget in [top, *top.findChildren(QWidget)]]
    styled = [(widget, widget.styleSheet()) for widget in widgets if widget.styleSheet()]
    for widget, sheet in styled:
        if shiboken6.isValid(widget):
            widget.setStyleSheet("")
            widget.setStyleSheet(sheet)


def set_application_font(app: QApplication, font: QFont, windows: Iterable[QWidget]) -> None:
    """The application's font, on every widget of the open `windows` (presentation mode's larger
    type)."""
    app.setFont(font)
    repolish_styled(windows)


def current_theme(app: QCoreApplication) -> str:
    return getattr(app, THEME_ATTRIBUTE, "light")


def saved_theme() -> str:
    theme = QSettings().value("theme", "light", type=str)
    return theme if theme in THEMES else "light"


class FocusRing(QObject):
    """Paints the focus ring over the focused control (a button, a check box, a spin box, a combo
    box, a slider, a tab bar, a table, a chart): after the widget has painted itself (a scroll
    area: its viewport), a 2 px rounded rectangle in the highlight colour, inside its edges, so
    that it is never clipped by the layout around it."""

    def __init__(self, app: QApplication):
        super().__init__(app)
        self.target: QWidget | None = None    # the ringed widget
        self.surface: QWidget | None = None   # what is painted on: the widget, or a scroll area's viewport
        self._painting = False
        app.focusChanged.connect(self._focus_moved)

    @staticmethod
    def ringed(widget: QWidget | None) -> QWidget | None:
        """The widget that shows the ring when `widget` has the focus (a spin box for its line edit)."""
        if widget is None:
            return None
        parent = widget.parentWidget()
        if isinstance(widget, QLineEdit) and isinstance(parent, (QAbstractSpinBox, QComboBox)):
            return parent
        if widget.isWindow() or widget.focusPolicy() == Qt.FocusPolicy.NoFocus:
            return None
        return widget

    def _focus_moved(self, _old: QWidget | None, new: QWidget | None) -> None:
        if self.surface is not None and shiboken6.isValid(self.surface):
            self.surface.removeEventFilter(self)
            self.surface.update()
        self.target = self.ringed(new)
        self.surface = None
        if self.target is not None:
            self.surface = self.target.viewport() if isinstance(self.target, QAbstractScrollArea) else self.target
            self.surface.installEventFilter(self)
            self.surface.update()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.Paint or watched is not self.surface or self._painting:
            return False
        self._painting = True
        try:   # the widget paints itself first (through its scroll area's own filter, for a viewport)
            QCoreApplication.sendEvent(watched, event)
        finally:
            self._painting = False
        surface = self.surface
        painter = QPainter(surface)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(surface.palette().color(QPalette.ColorRole.Highlight), FOCUS_RING_WIDTH))
        half = FOCUS_RING_WIDTH / 2
        painter.drawRoundedRect(QRectF(surface.rect()).adjusted(half, half, -half, -half), 3, 3)
        painter.end()
        return True


def install_focus_ring(app: QApplication) -> None:
    """The focus ring on every focusable control (once per application)."""
    if getattr(app, FOCUS_RING_ATTRIBUTE, None) is None:
        setattr(app, FOCUS_RING_ATTRIBUTE, FocusRing(app))


GUI_THREAD_POOL_ENV = "QT_NO_GUI_THREADPOOL"   # set (to anything): no GUI thread pool


def create_application(argv: list[str] | None = None, lang: str | None = None) -> QApplication:
    """The QApplication with tslab's name, settings location, translations (`lang`, else the
    "language" setting, else the system's), theme, focus ring and chart style (the existing
    application when there is one)."""
    QCoreApplication.setOrganizationName(ORGANISATION_NAME)
    QCoreApplication.setApplicationName(APPLICATION_NAME)
    config = os.environ.get(SETTINGS_ENV)
    if config:
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, config)
    if QApplication.instance() is None:
        qInstallMessageHandler(_qt_messages)
        # Qt's raster engine hands every pixmap blit and image fill over about a hundred lines to
        # its GUI thread pool, a few rows per thread, and waits for them. The figures are many
        # such pixmaps of a few hundred rows each (a cached axis, a chart's viewport): waking the
        # pool costs more than it saves, most on a machine of few cores, and an edit's redraw
        # took up to 2-3 times as long (benchmarks/edits.py, 2 cores). So the fills stay on the
        # GUI thread. Qt reads only whether the variable is set, before its first fill.
        os.environ.setdefault(GUI_THREAD_POOL_ENV, "1")
    # A QApplication: the one running (tslab only ever starts QApplications), else a new one.
    app = cast(QApplication, QApplication.instance() or QApplication(argv if argv is not None else sys.argv[:1]))
    # The desktop entry's name (resources/linux/), so desktops match the window to its launcher.
    QGuiApplication.setDesktopFileName(DESKTOP_FILE_NAME)
    if ICON.exists() and app.windowIcon().isNull():
        app.setWindowIcon(QIcon(str(ICON)))
    switch_language(app, effective_language(lang))  # the translators live as long as the app
    if not hasattr(app, THEME_ATTRIBUTE):
        apply_theme(app, saved_theme())
    install_focus_ring(app)
    configure_pyqtgraph()
    return app
