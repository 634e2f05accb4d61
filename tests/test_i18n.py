"""The Simplified Chinese catalogue covers every UI string, is current, and is what the UI shows."""
from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtWidgets import QAbstractButton, QComboBox, QGroupBox, QLabel, QTabWidget, QWidget

ROOT = Path(__file__).resolve().parent.parent
TS = ROOT / "resources" / "translations" / "tslab_zh_CN.ts"
QM = TS.with_suffix(".qm")
SOURCES = sorted(p for folder in ("models", "views", "desktop") for p in (ROOT / folder).rglob("*.py"))
CJK = re.compile(r"[\u4e00-\u9fff]")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def tool(name: str) -> str:
    import sys
    candidate = Path(sys.executable).parent / name
    found = str(candidate) if candidate.exists() else shutil.which(name)
    assert found, f"{name} not found (it comes with PySide6-Essentials)"
    return found


def messages(path: Path) -> dict[tuple[str, str], ET.Element]:
    root = ET.parse(path).getroot()
    return {(context.findtext("name"), message.findtext("source")): message.find("translation")
            for context in root.iter("context") for message in context.iter("message")}


def test_catalogue_is_current(tmp_path):
    """lupdate over today's sources finds exactly the strings the committed .ts holds."""
    fresh = tmp_path / "fresh.ts"
    subprocess.run([tool("pyside6-lupdate"), *map(str, SOURCES), "-no-obsolete", "-ts", str(fresh)],
                   check=True, capture_output=True)
    current, committed = set(messages(fresh)), set(messages(TS))
    assert current - committed == set(), "strings missing from the .ts: run `make translations`"
    assert committed - current == set(), "stale strings in the .ts: run `make translations`"
    assert len(current) > 150


def test_every_message_is_translated_with_its_placeholders():
    for (context, source), translation in messages(TS).items():
        assert translation is not None and translation.get("type") is None, (context, source)
        text = translation.text or ""
        assert text.strip(), (context, source)
        assert sorted(PLACEHOLDER.findall(source)) == sorted(PLACEHOLDER.findall(text)), (source, text)
        words = re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}|<[^>]*>", "", source))
        if len(words) >= 2:  # a phrase, not a name such as FlashAttention
            assert CJK.search(text), f"not translated into Chinese: {source!r} → {text!r}"


def test_compiled_catalogue_matches_source(tmp_path):
    compiled = tmp_path / "check.qm"
    subprocess.run([tool("pyside6-lrelease"), str(TS), "-qm", str(compiled)], check=True, capture_output=True)
    assert compiled.read_bytes() == QM.read_bytes(), "the .qm is stale: run `make translations`"


def visible_texts(widget: QWidget) -> list[str]:
    texts = []
    for child in [widget, *widget.findChildren(QWidget)]:
        if isinstance(child, (QLabel, QAbstractButton)) and child.text():
            texts.append(child.text())
        if isinstance(child, QGroupBox):
            texts.append(child.title())
        if isinstance(child, QTabWidget):
            texts += [child.tabText(i) for i in range(child.count())]
        if isinstance(child, QComboBox):
            texts += [child.itemText(i) for i in range(child.count())]
    return texts


# Words that stay as they are in Chinese: formats, method and product names; acronyms (all
# capitals) and single-letter symbols are allowed too.
KEEP = {"fp32", "bf16", "fp16", "fp8", "GeLU", "SwiGLU", "RMSNorm", "LayerNorm", "RoPE",
        "Dropout", "GPipe", "DualPipe", "DualPipeV",
        "FlashAttention", "ZeRO", "GiB", "NVMe", "megatron", "torchtitan", "picotron",
        "tp", "cp", "ep", "dp", "pp", "etp", "edp",  # framework names and axis names
        "AllReduce", "ReduceScatter", "AllGather", "All", "to", "Broadcast", "Reduce"}  # NCCL collectives


def is_untranslatable(text: str) -> bool:
    words = re.findall(r"[A-Za-z][A-Za-z0-9]*", re.sub(r"<[^>]*>|&", "", text))
    return all(w in KEEP or w.isupper() or len(w) == 1 or any(c.isdigit() for c in w) for w in words)


def english_texts(qtbot) -> list[str]:
    """Visible texts of a fresh main window that are neither Chinese nor allowed as they are."""
    from tslab.desktop.main_window import MainWindow
    from tslab.models.presets import load_preset, preset_names
    window = MainWindow(load_preset("kimi-k2"))
    window.show()
    qtbot.waitExposed(window)
    for key in window.tab_keys:  # build every tab (they are created on first view)
        window.select_tab(key)
    # Data, not UI text: preset titles from the preset files, recent file paths.
    titles = {load_preset(name).title for name in preset_names()} | set(window.recent_files())
    texts = visible_texts(window)
    texts += [a.text() for menu in window.menuBar().findChildren(type(window.recent_menu))
              for a in menu.actions() if a.text() and not a.menu()]
    texts += [window.memory_tab.table.horizontalHeaderItem(i).text()
              for i in range(window.memory_tab.table.columnCount())]
    texts += [window.memory_tab.table.item(r, 0).text() for r in range(window.memory_tab.table.rowCount())]
    texts.append(window.memory_tab.figure.subtitle.text())
    texts += [window.mesh_tab.figure.table.horizontalHeaderItem(i).text()
              for i in range(window.mesh_tab.figure.table.columnCount())]
    texts += [window.mesh_tab.figure.table.item(r, c).text() for r in range(window.mesh_tab.figure.table.rowCount())
              for c in (1, 5, 6)]
    assert len(texts) > 100
    window.model.mark_saved(window.model.path)
    window.close()
    return [t for t in texts if t not in titles and not CJK.search(t) and not is_untranslatable(t)]


def test_chinese_ui_shows_no_english_sentence(qapp, qtbot):
    assert len(english_texts(qtbot)) > 50  # the check sees the English UI as English
    translator = QTranslator()
    assert translator.load(str(QM))
    QCoreApplication.installTranslator(translator)
    try:
        english = english_texts(qtbot)
    finally:
        QCoreApplication.removeTranslator(translator)
    assert not english, f"untranslated in the Chinese UI: {english}"


def test_language_option_selects_catalogue(qapp):
    from tslab.views.application import install_translators
    installed = install_translators(qapp, "zh")
    try:
        assert installed
        assert QCoreApplication.translate("MainWindow", "Memory Ledger") != "Memory Ledger"
    finally:
        for translator in installed:
            QCoreApplication.removeTranslator(translator)
    assert install_translators(qapp, "en") == []
    assert QCoreApplication.translate("MainWindow", "Memory Ledger") == "Memory Ledger"


GLOSSARY = ROOT / "resources" / "translations" / "glossary.tsv"


def glossary() -> list[tuple[str, str]]:
    """(English term, Chinese term) of the course's glossary."""
    terms = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            english, chinese = line.split("\t")[:2]
            terms.append((english, chinese))
    return terms


def test_glossary_terms_are_used_consistently():
    """Every translation of a string that uses one of the course's terms uses the glossary's
    Chinese for it (气泡 for bubble, 微批 for micro-batch, 专家 for expert, …)."""
    terms = glossary()
    assert len(terms) >= 20 and all(english and chinese for english, chinese in terms)
    wrong = []
    for (context, source), translation in messages(TS).items():
        text = translation.text or ""
        # Names are not terms: Kimi K3's "Pipeline ZeRO-2", and a key in an expression ("experts = 0").
        source = re.sub(r"Pipeline ZeRO-2|\b[\w.]+\s*(?:=|>|<|≥|≤)", "", source)
        for english, chinese in terms:
            if re.search(rf"(?<![\w-]){re.escape(english)}(?![\w-])", source, re.IGNORECASE) and chinese not in text:
                wrong.append(f"{context}: {source!r} → {text!r} lacks {chinese} ({english})")
    assert not wrong, "\n".join(wrong[:40]) + f"\n({len(wrong)} in all)"


def test_module_level_translations_are_found_where_lupdate_files_them(qapp):
    """A module's own tr() helper (views/sources.py) looks its strings up in the context lupdate
    files them under: the Sources panel's headers are Chinese in Chinese."""
    from PySide6.QtCore import QLocale

    from tslab.views.application import install_translators
    from tslab.views.sources import tr

    translators = install_translators(qapp, "zh")
    try:
        assert tr("Quantity") == "指标" and tr("Source") != "Source"
    finally:
        for translator in translators:
            qapp.removeTranslator(translator)
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
