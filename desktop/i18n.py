"""Loading the UI language: Simplified Chinese from resources/translations, or English."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

TRANSLATIONS = Path(__file__).resolve().parent.parent / "resources" / "translations"
CATALOGUE = "tslab_zh_CN"


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
