"""Starting a QApplication the way tslab runs: its organisation and application names (where
QSettings live), the UI language's translators and the chart style. Everything a view needs to
run on its own (``python -m tslab.views.<tab>``); the desktop app builds on the same set-up."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator, qInstallMessageHandler
from PySide6.QtWidgets import QApplication

from tslab.views.charts import configure_pyqtgraph

ORGANISATION_NAME = "tslab"
APPLICATION_NAME = "Training Systems Lab"
SETTINGS_ENV = "TSLAB_CONFIG_DIR"  # tests and portable installs point QSettings here
TRANSLATIONS = Path(__file__).resolve().parent.parent / "resources" / "translations"
CATALOGUE = "tslab_zh_CN"

# Benign messages of Qt's offscreen platform, not worth a user's attention.
QUIET_QT_MESSAGES = ("This plugin does not support propagateSizeHints()", "This plugin does not support raise()")


def _qt_messages(mode, context, message: str) -> None:
    if not message.startswith(QUIET_QT_MESSAGES):
        sys.stderr.write(message + "\n")


def system_language() -> str:
    """"zh" when the system locale is Chinese, else "en"."""
    return "zh" if QLocale.system().language() == QLocale.Language.Chinese else "en"


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


def create_application(argv: list[str] | None = None, lang: str | None = None) -> QApplication:
    """The QApplication with tslab's name, settings location, translations and chart style
    (the existing one when there is one)."""
    QCoreApplication.setOrganizationName(ORGANISATION_NAME)
    QCoreApplication.setApplicationName(APPLICATION_NAME)
    config = os.environ.get(SETTINGS_ENV)
    if config:
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, config)
    if QApplication.instance() is None:
        qInstallMessageHandler(_qt_messages)
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv[:1])
    app._tslab_translators = install_translators(app, lang)  # keep them alive with the app
    configure_pyqtgraph()
    return app
