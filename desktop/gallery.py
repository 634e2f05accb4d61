"""The gallery in the app: the Figure Gallery window with its export actions, and File → Export All
Figures…. The window (views/gallery/view.py) draws and navigates; exporting belongs to the app
shell, which writes the files (desktop/export.py), so it is given to the window here.

- `open_gallery(model, parent, open_tab)`: the Figure Gallery window on the main window's model.
- `export_figure_dialog(parent, spec, document)`: one figure as PNG (at a chosen scale), SVG or PDF.
- `export_all(parent, model)`: every figure into a folder, or the handout PDF, with a progress
  dialog that can be cancelled (the files already written are kept, and the report says so).

Both exports run on the GUI thread, figure by figure: a figure is a widget, and widgets live there.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QApplication, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFileDialog,
                               QFormLayout, QHBoxLayout, QLabel, QLineEdit, QMessageBox, QProgressDialog, QPushButton,
                               QVBoxLayout, QWidget)

from tslab.desktop.export import FORMATS, ExportCancelled, ExportError, current_language, export_figure, export_figures
from tslab.desktop.handout import write_handout
from tslab.models.document import Document
from tslab.models.files import WriteError, write_file
from tslab.views.document_model import DocumentModel
from tslab.views.gallery import figures
from tslab.views.gallery.registry import FigureSpec
from tslab.views.gallery.view import GalleryDialog, OpenTab

HANDOUT = "handout"          # the export-all choice that writes the handout PDF
HANDOUT_FILE = "handout.pdf"
DEFAULT_SCALE = 2.0          # PNG: twice the logical size, sharp on a projector
MAX_SCALE = 8.0


def open_gallery(model: DocumentModel, parent: QWidget | None = None,
                 open_tab: OpenTab | None = None) -> GalleryDialog:
    """The Figure Gallery window on `model` with the app's exports; show() it (it is not modal)."""

    def export_one(window: QWidget, spec: FigureSpec, document: Document) -> None:
        export_figure_dialog(window, spec, document, start_folder(model))

    return GalleryDialog(model, parent, open_tab, export_figure=export_one,
                         export_all=lambda window: export_all(window, model))


def start_folder(model: DocumentModel | None = None) -> str:
    """Where a file dialog starts: the scenario file's folder, else the home folder."""
    if model is not None and model.path:
        return str(Path(model.path).parent)
    return str(Path.home())


def _format_label(fmt: str) -> str:
    return {"png": QApplication.translate("GalleryExport", "PNG image"),
            "svg": QApplication.translate("GalleryExport", "SVG vector image"),
            "pdf": QApplication.translate("GalleryExport", "PDF document")}[fmt]


def _scale_box(parent: QWidget) -> QDoubleSpinBox:
    box = QDoubleSpinBox(parent)
    box.setRange(0.5, MAX_SCALE)
    box.setSingleStep(0.5)
    box.setDecimals(1)
    box.setValue(DEFAULT_SCALE)
    box.setSuffix(" ×")
    return box


def _folder_row(edit: QLineEdit, browse: QPushButton) -> QHBoxLayout:
    row = QHBoxLayout()
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(edit, 1)
    row.addWidget(browse)
    return row


def _buddied_form(rows: list[tuple[str, QWidget, QWidget | QHBoxLayout]]) -> QFormLayout:
    """A form of (label text, the field the label's mnemonic focuses, what the row shows)."""
    form = QFormLayout()
    for text, field, shown in rows:
        label = QLabel(text)
        label.setBuddy(field)
        form.addRow(label, shown)
    return form


def _export_buttons(dialog: QDialog, text: str) -> tuple[QDialogButtonBox, QPushButton]:
    """Cancel and `text` (Export: the default, so Enter in a field exports), wired to the dialog."""
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, dialog)
    export = buttons.addButton(text, QDialogButtonBox.ButtonRole.AcceptRole)
    export.setDefault(True)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons, export


class FigureExportDialog(QDialog):
    """Export one figure: its format, the PNG scale and the file."""

    def __init__(self, spec: FigureSpec, folder: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.spec = spec
        self.setWindowTitle(self.tr("Export Figure {number}").format(number=spec.number))
        self.format_box = QComboBox(self)
        for fmt in FORMATS:
            self.format_box.addItem(_format_label(fmt), fmt)
        self.format_box.setAccessibleName(self.tr("Format"))
        self.scale_box = _scale_box(self)
        self.scale_box.setAccessibleName(self.tr("PNG scale"))
        self.scale_box.setToolTip(self.tr("Device pixels per logical pixel: 2 × gives a 2800 × 1720 PNG"))
        self.path_edit = QLineEdit(str(Path(folder) / f"{spec.key}.png"), self)
        self.path_edit.setAccessibleName(self.tr("File"))
        browse = QPushButton(self.tr("Browse…"), self)
        browse.setAccessibleName(self.tr("Browse for the file"))
        browse.setAutoDefault(False)
        browse.clicked.connect(self._browse)
        form = _buddied_form([(self.tr("&Format:"), self.format_box, self.format_box),
                              (self.tr("PNG &scale:"), self.scale_box, self.scale_box),
                              (self.tr("F&ile:"), self.path_edit, _folder_row(self.path_edit, browse))])
        buttons, self.export_button = _export_buttons(self, self.tr("Export"))
        layout = QVBoxLayout(self)
        title = QLabel(GalleryDialog.figure_title(spec), self)
        title.setWordWrap(True)
        layout.addWidget(title)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.format_box.currentIndexChanged.connect(self._format_changed)
        self.path_edit.textChanged.connect(lambda text: self.export_button.setEnabled(bool(text.strip())))
        self.format_box.setFocus()
        self.resize(560, self.sizeHint().height())

    @property
    def fmt(self) -> str:
        return self.format_box.currentData()

    @property
    def path(self) -> Path:
        """The file named, with the format's suffix when it has none."""
        path = Path(self.path_edit.text().strip()).expanduser()
        return path if path.suffix else path.with_suffix(f".{self.fmt}")

    def _format_changed(self) -> None:
        self.scale_box.setEnabled(self.fmt == "png")
        path = Path(self.path_edit.text().strip())
        if path.suffix.lower().lstrip(".") in FORMATS:
            self.path_edit.setText(str(path.with_suffix(f".{self.fmt}")))

    def _browse(self) -> None:
        chosen, _ = QFileDialog.getSaveFileName(self, self.tr("Export Figure"), str(self.path),
                                                f"{_format_label(self.fmt)} (*.{self.fmt})")
        if chosen:
            self.path_edit.setText(chosen)


def export_figure_dialog(parent: QWidget, spec: FigureSpec, document: Document,
                         folder: str | None = None) -> Path | None:
    """Ask for the format, scale and file, then write figure `spec` of `document` (atomically, as
    models.files.write_file does); a failure is shown in a message box. Returns the file written."""
    dialog = FigureExportDialog(spec, folder or str(Path.home()), parent)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        fmt, path, scale = dialog.fmt, dialog.path, dialog.scale_box.value()
    finally:
        dialog.deleteLater()
    translate = QApplication.translate
    suffix = path.suffix.lower().lstrip(".")
    if suffix in FORMATS and suffix != fmt:
        QMessageBox.warning(parent, translate("GalleryExport", "Cannot export"),
                            translate("GalleryExport", "{path} names another format than {format}").format(
                                path=path, format=fmt.upper()))
        return None
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        data = export_figure(document, spec.key, fmt, scale if fmt == "png" else 1.0)
        written = write_file(path, data)
    except (ExportError, WriteError) as exc:
        QApplication.restoreOverrideCursor()
        QMessageBox.warning(parent, translate("GalleryExport", "Cannot export"), str(exc))
        return None
    QApplication.restoreOverrideCursor()
    return written


@dataclass(frozen=True)
class ExportChoice:
    """What the Export All Figures dialog asked for."""
    folder: Path
    output: str         # "png", "svg", "pdf" (one file per figure) or HANDOUT
    scale: float
    lang: str | None    # None: the app's language

    def targets(self, keys: list[str]) -> list[Path]:
        if self.output == HANDOUT:
            return [self.folder / HANDOUT_FILE]
        return [self.folder / f"{key}.{self.output}" for key in keys]


class ExportAllDialog(QDialog):
    """Export every figure: the folder, the output (a file per figure as PNG, SVG or PDF, or the
    handout PDF), the PNG scale and the language of the figures."""

    def __init__(self, folder: str, count: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.count = count
        self.setWindowTitle(self.tr("Export All Figures"))
        self.folder_edit = QLineEdit(folder, self)
        self.folder_edit.setAccessibleName(self.tr("Folder"))
        browse = QPushButton(self.tr("Browse…"), self)
        browse.setAccessibleName(self.tr("Browse for the folder"))
        browse.setAutoDefault(False)
        browse.clicked.connect(self._browse)
        self.output_box = QComboBox(self)
        self.output_box.addItem(self.tr("PNG images, one per figure"), "png")
        self.output_box.addItem(self.tr("SVG vector images, one per figure"), "svg")
        self.output_box.addItem(self.tr("PDF documents, one per figure"), "pdf")
        self.output_box.addItem(self.tr("Handout PDF: title page, a page per figure, reading list"), HANDOUT)
        self.output_box.setAccessibleName(self.tr("Output"))
        self.scale_box = _scale_box(self)
        self.scale_box.setAccessibleName(self.tr("PNG scale"))
        self.scale_box.setToolTip(self.tr("Device pixels per logical pixel: 2 × gives 2800 × 1720 PNGs"))
        self.language_box = QComboBox(self)
        self.language_box.addItem(self.tr("As the app ({language})").format(
            language="中文" if current_language() == "zh" else "English"), None)
        self.language_box.addItem("中文", "zh")        # each language named in itself
        self.language_box.addItem("English", "en")
        self.language_box.setAccessibleName(self.tr("Language of the figures"))
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        form = _buddied_form([(self.tr("F&older:"), self.folder_edit, _folder_row(self.folder_edit, browse)),
                              (self.tr("O&utput:"), self.output_box, self.output_box),
                              (self.tr("PNG &scale:"), self.scale_box, self.scale_box),
                              (self.tr("&Language:"), self.language_box, self.language_box)])
        buttons, self.export_button = _export_buttons(self, self.tr("Export"))
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.summary)
        layout.addWidget(buttons)
        self.output_box.currentIndexChanged.connect(self._update)
        self.folder_edit.textChanged.connect(self._update)
        self._update()
        self.folder_edit.setFocus()
        self.resize(620, self.sizeHint().height())

    def choice(self) -> ExportChoice:
        return ExportChoice(Path(self.folder_edit.text().strip()).expanduser(), self.output_box.currentData(),
                            self.scale_box.value(), self.language_box.currentData())

    def _update(self) -> None:
        output = self.output_box.currentData()
        self.scale_box.setEnabled(output == "png")
        folder = self.folder_edit.text().strip()
        self.export_button.setEnabled(bool(folder))
        if output == HANDOUT:
            text = self.tr("Writes one file: {path}").format(path=Path(folder) / HANDOUT_FILE)
        else:
            text = self.tr("Writes {count} files into {folder}: one NAME.{suffix} per figure").format(
                count=self.count, folder=folder, suffix=output)
        self.summary.setText(text)

    def _browse(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, self.tr("Export All Figures"), self.folder_edit.text())
        if chosen:
            self.folder_edit.setText(chosen)


def export_all(parent: QWidget | None, model: DocumentModel) -> None:
    """File → Export All Figures…: ask, then write every figure (or the handout) of the model's
    document figure by figure with a cancellable progress dialog, and report the files written."""
    specs = figures()
    translate = QApplication.translate
    if not specs:
        QMessageBox.information(parent, translate("GalleryExport", "Export All Figures"),
                                translate("GalleryExport", "There are no figures to export."))
        return
    dialog = ExportAllDialog(start_folder(model), len(specs), parent)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        choice = dialog.choice()
    finally:
        dialog.deleteLater()
    keys = [spec.key for spec in specs]
    existing = [path for path in choice.targets(keys) if path.exists()]
    if existing and QMessageBox.question(
            parent, translate("GalleryExport", "Export All Figures"),
            translate("GalleryExport", "{count} of the files exist in {folder} already. Replace them?").format(
                count=len(existing), folder=choice.folder)) != QMessageBox.StandardButton.Yes:
        return
    run_export(parent, model.document, choice, specs)


def run_export(parent: QWidget | None, document: Document, choice: ExportChoice,
               specs: tuple[FigureSpec, ...]) -> tuple[list[Path], bool]:
    """Write what `choice` asks for with a progress dialog; report the outcome in a message box.
    Returns (files written, whether the user cancelled)."""
    translate = QApplication.translate
    # Said in the app's language: the figures may be drawn in another one meanwhile.
    steps = [translate("GalleryExport", "Drawing figure {number} of {count}: {title}").format(
        number=index + 1, count=len(specs), title=translate("gallery", spec.title)) for index, spec in enumerate(specs)]
    progress = QProgressDialog(steps[0], translate("GalleryExport", "Cancel"), 0, len(specs), parent)
    progress.setWindowTitle(translate("GalleryExport", "Export All Figures"))
    progress.setWindowModality(Qt.WindowModality.ApplicationModal)
    progress.setMinimumDuration(0)
    progress.setAutoReset(False)
    progress.setAutoClose(False)
    progress.setValue(0)

    def step(done: int, total: int, key: str) -> bool:
        progress.setValue(done)
        progress.setLabelText(steps[done])
        QApplication.processEvents()
        return not progress.wasCanceled()

    written: list[Path] = []
    cancelled, problem = False, ""
    try:
        if choice.output == HANDOUT:
            written = [write_handout(document, choice.folder / HANDOUT_FILE, lang=choice.lang, progress=step)]
        else:
            written = export_figures(document, [spec.key for spec in specs], choice.output, choice.folder,
                                     scale=choice.scale if choice.output == "png" else 1.0, lang=choice.lang,
                                     directory=True, progress=step)
    except ExportCancelled as exc:
        written, cancelled = exc.written, True
    except ExportError as exc:
        written, problem = exc.written, str(exc)
    finally:
        progress.close()
        progress.deleteLater()
    report(parent, choice, written, cancelled, problem)
    return written, cancelled


def report(parent: QWidget | None, choice: ExportChoice, written: list[Path], cancelled: bool, problem: str) -> None:
    """The outcome: the files written (all of them, or those kept after a cancel or an error)."""
    translate = QApplication.translate
    title = translate("GalleryExport", "Export All Figures")
    files = "\n".join(str(path) for path in written)
    icon = QMessageBox.Icon.Information
    if cancelled and choice.output == HANDOUT:
        text = translate("GalleryExport", "Cancelled: the handout was not written.")
    elif cancelled:
        text = translate("GalleryExport", "Cancelled. The {count} files written before are kept in "
                                          "{folder}.").format(count=len(written), folder=choice.folder)
    elif problem:
        icon = QMessageBox.Icon.Warning
        text = translate("GalleryExport", "Not every figure was written: {problem}. {count} files were "
                                          "written.").format(problem=problem, count=len(written))
    elif choice.output == HANDOUT:
        text = translate("GalleryExport", "Wrote the handout: {path}").format(path=written[0])
    else:
        text = translate("GalleryExport", "Wrote {count} files into {folder}.").format(
            count=len(written), folder=choice.folder)
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    if files:
        box.setDetailedText(files)
    box.exec()
    box.deleteLater()


__all__ = ["ExportAllDialog", "ExportChoice", "FigureExportDialog", "export_all", "export_figure_dialog",
           "open_gallery", "run_export"]
