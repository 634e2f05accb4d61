"""The main window's files: open, save (atomically, keeping the file's comments), save as, import a
Hugging Face config, export the current tab, and the recent files."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMessageBox

from tslab.models.document import load_document, save_document
from tslab.models.presets import matching_preset
from tslab.models.scenario import ScenarioError
from tslab.models.scenario_files import atomic_write

if TYPE_CHECKING:   # for the annotations only
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMainWindow, QMenu

    from tslab.views.document_model import DocumentModel

    _Window = QMainWindow   # the mixin's methods run on a MainWindow
else:
    _Window = object

MAX_RECENT = 8


def _as_list(value) -> list[str]:
    """QSettings returns a str, a list or None depending on platform and count: coerce."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value else []
    return [str(v) for v in value if v]


class WindowFiles(_Window):
    """MainWindow's file actions (a mixin of MainWindow: it reads the window's model and settings)."""

    # MainWindow's, read here
    model: DocumentModel
    settings: QSettings
    recent_menu: QMenu

    current_tab_key: Callable[[], str]   # MainWindow's method
    def open_dialog(self) -> None:
        self._read_chosen(self.tr("Open Scenario"), self.tr("Scenario files (*.toml);;All files (*)"),
                          self.open_path)

    def open_path(self, path: str) -> bool:
        try:
            document = load_document(path)
        except ScenarioError as exc:
            QMessageBox.warning(self, self.tr("Cannot open scenario"), str(exc))
            self._forget_recent(path)
            return False
        self.model.set_document(document, path=str(Path(path).resolve()), preset=matching_preset(document.scenario))
        self._remember_recent(str(Path(path).resolve()))
        self.statusBar().showMessage(self.tr("Opened {path}").format(path=path), 4000)
        return True

    def import_hf_dialog(self) -> None:
        """File → Import Hugging Face config…: a config.json becomes a new document, as Open does."""
        self._read_chosen(self.tr("Import Hugging Face config"),
                          self.tr("Hugging Face configs (*.json);;All files (*)"), self.import_hf_path)

    def _read_chosen(self, title: str, filters: str, read: Callable[[str], bool]) -> None:
        """What Open and Import share: unsaved edits saved or dropped first (or nothing happens), then
        the file chosen in an open dialog (`title`, `filters`, starting in the last folder) is `read`
        as the new document."""
        if not self.maybe_save():
            return
        path, _ = QFileDialog.getOpenFileName(self, title, self._last_dir(), filters)
        if path:
            read(path)

    def import_hf_path(self, path: str) -> bool:
        """Import a Hugging Face config.json (models/hf_config.py) as a new, unsaved document: it has no
        file yet, so Save asks for one and closing asks first; a bad file is reported like a bad
        scenario file and nothing is lost."""
        try:
            from tslab.models.hf_config import load_hf_config  # json and the families only when importing
            document = load_hf_config(path)
        except ScenarioError as exc:
            QMessageBox.warning(self, self.tr("Cannot import Hugging Face config"), str(exc))
            return False
        self.model.set_document(document, path="", modified=True)
        self.statusBar().showMessage(self.tr("Imported {path}").format(path=path), 4000)
        return True

    def save(self) -> bool:
        if not self.model.path:
            return self.save_as()
        return self.save_to(self.model.path)

    def save_as(self) -> bool:
        suggested = self.model.path or str(Path(self._last_dir()) / "scenario.toml")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save Scenario"), suggested,
                                              self.tr("Scenario files (*.toml)"))
        if not path:
            return False
        if not path.endswith(".toml"):
            path += ".toml"
        return self.save_to(path)

    def save_to(self, path: str) -> bool:
        try:
            save_document(self.model.document, path)
        except ScenarioError as exc:
            QMessageBox.warning(self, self.tr("Cannot save scenario"), str(exc))
            return False
        self.model.mark_saved(str(Path(path).resolve()))
        self._remember_recent(str(Path(path).resolve()))
        self.statusBar().showMessage(self.tr("Saved {path}").format(path=path), 4000)
        return True

    def maybe_save(self) -> bool:
        """Ask before unsaved edits are replaced; False means the user cancelled."""
        if not self.model.modified:
            return True
        answer = QMessageBox.question(
            self, self.tr("Unsaved changes"), self.tr("The scenario has unsaved changes. Save them first?"),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def export_dialog(self, fmt: str) -> None:
        key = self.current_tab_key()
        suggested = str(Path(self._last_dir()) / f"{key}.{fmt}")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export Figure"), suggested, f"{fmt.upper()} (*.{fmt})")
        if path:
            self.export_to(path, fmt)

    def export_to(self, path: str, fmt: str) -> bool:
        from tslab.desktop.export import ExportError, export_tab  # QtSvg and XML only when exporting
        try:
            data = export_tab(self.model.document, self.current_tab_key(), fmt, scale=2.0 if fmt == "png" else 1.0)
            atomic_write(path, data)
        except (ExportError, OSError) as exc:
            QMessageBox.warning(self, self.tr("Cannot export"), str(exc))
            return False
        self.statusBar().showMessage(self.tr("Exported {path}").format(path=path), 4000)
        return True

    def _last_dir(self) -> str:
        recent = self.recent_files()
        return str(Path(recent[0]).parent) if recent else str(Path.home())

    def recent_files(self) -> list[str]:
        return _as_list(self.settings.value("recentFiles"))

    def _remember_recent(self, path: str) -> None:
        files = [path] + [p for p in self.recent_files() if p != path]
        self.settings.setValue("recentFiles", files[:MAX_RECENT])
        self._fill_recent()

    def _forget_recent(self, path: str) -> None:
        resolved = str(Path(path).resolve())
        self.settings.setValue("recentFiles", [p for p in self.recent_files() if p not in (path, resolved)])
        self._fill_recent()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for path in files:
            self.recent_menu.addAction(path, lambda path=path: self.maybe_save() and self.open_path(path))  # type: ignore[misc]
        self.recent_menu.setEnabled(bool(files))
