"""The Figure Gallery window: every registered figure as a thumbnail drawn after the window opens,
keyboard navigation (Enter, PageDown, PageUp, Home, End, Escape), Open in its tab with the figure's
tab and view, every control reached by Tab with a name; and the app's export dialogs around it."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from gallery_helpers import BAR_COLOURS, BARS, BROKEN, DIAGRAM, bars_texts, colours, has_colour, register, svg_texts
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QProgressDialog

from tslab.desktop import gallery as app_gallery
from tslab.desktop.gallery import (HANDOUT, ExportAllDialog, ExportChoice, FigureExportDialog, export_figure_dialog,
                                   open_gallery, run_export)
from tslab.models.bibliography import load_bibliography
from tslab.models.derived import concerns
from tslab.models.document import changed_keys
from tslab.models.presets import preset_document
from tslab.views.document_model import DocumentModel
from tslab.views.gallery import figures
from tslab.views.gallery.figure import GalleryFigure
from tslab.views.gallery.view import THUMBNAIL, GalleryDialog


class Calls:
    def __init__(self):
        self.tabs: list[tuple[str, dict]] = []
        self.exports: list[tuple] = []


@pytest.fixture
def calls():
    return Calls()


@pytest.fixture
def gallery(qtbot, qapp, monkeypatch, calls):
    register(monkeypatch, BARS, DIAGRAM, BROKEN)
    model = DocumentModel(preset_document("classroom-7b"))
    dialog = GalleryDialog(model, None, open_tab=lambda tab, view: calls.tabs.append((tab, view)),
                           export_figure=lambda parent, spec, document: calls.exports.append((parent, spec, document)),
                           export_all=lambda parent: None)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    return dialog


def press(qtbot, key) -> None:
    """A key pressed where the focus is, as a keyboard user does."""
    qtbot.keyClick(QApplication.focusWidget(), key)


def _spec(key: str):
    return next(spec for spec in figures() if spec.key == key)


def row_of(spec) -> int:
    return list(figures()).index(spec)


def test_every_registered_figure_is_a_numbered_titled_thumbnail(gallery, qtbot):
    specs = figures()
    assert len(specs) >= 3 and gallery.grid.count() == len(specs)
    for row, spec in enumerate(specs):
        item = gallery.grid.item(row)
        assert item.text() == f"Figure {spec.number}. {spec.title}"
        assert item.toolTip() == spec.summary
    qtbot.waitUntil(lambda: not gallery.stale_rows(), timeout=120_000)
    for row, spec in enumerate(specs):
        item = gallery.grid.item(row)
        image = item.icon().pixmap(THUMBNAIL).toImage()
        assert colours(image) > 1, spec.key
        if spec is BROKEN:
            assert "Not drawn for this scenario: ValueError: this test figure draws no document" in item.toolTip()
        else:
            assert item.toolTip() == spec.summary, f"{spec.key} was not drawn: {item.toolTip()}"
    bars = gallery.grid.item(row_of(BARS)).icon().pixmap(THUMBNAIL).toImage()
    for colour in BAR_COLOURS:
        assert has_colour(bars, colour, minimum=30), colour  # the figure drawn, scaled down


def test_the_window_opens_first_and_draws_one_thumbnail_per_turn(qtbot, qapp, monkeypatch):
    register(monkeypatch, BARS, DIAGRAM)
    dialog = GalleryDialog(DocumentModel(preset_document("classroom-7b")))
    qtbot.addWidget(dialog)
    dialog.show()
    count = dialog.grid.count()
    assert len(dialog.stale_rows()) == count  # shown, nothing drawn yet: every card says "drawing…"
    def card(row: int) -> QImage:
        return dialog.grid.item(row).icon().pixmap(THUMBNAIL).toImage()

    assert card(0) == card(1)  # the same placeholder
    dialog.draw_next()
    assert dialog.stale_rows() == list(range(1, count))
    assert card(0) != card(1)  # the first one drawn
    dialog.draw_next()
    assert dialog.stale_rows() == list(range(2, count))


def test_an_edit_redraws_lazily_the_thumbnails_and_the_figure_shown(gallery, qtbot):
    qtbot.waitUntil(lambda: not gallery.stale_rows(), timeout=120_000)
    gallery.open_figure(row_of(BARS))
    assert "dp = 8" in gallery.scroll.widget().caption_text()
    before = gallery.model.document
    gallery.model.update({"parallel.dp": 4})
    # only the figures that read what changed are drawn again, and not at once
    changed = changed_keys(before, gallery.model.document)
    stale = [row for row, spec in enumerate(figures()) if concerns(changed, spec.read_keys(before))]
    assert gallery.stale_rows() == stale and gallery.redraw_timer.isActive()
    assert row_of(BARS) in stale and row_of(DIAGRAM) not in stale and row_of(_spec("collectives")) not in stale
    assert "dp = 8" in gallery.scroll.widget().caption_text()
    qtbot.waitUntil(lambda: "dp = 4" in gallery.scroll.widget().caption_text(), timeout=10_000)
    qtbot.waitUntil(lambda: not gallery.stale_rows(), timeout=120_000)


def test_an_edit_no_figure_reads_redraws_nothing(gallery, qtbot):
    qtbot.waitUntil(lambda: not gallery.stale_rows(), timeout=120_000)
    gallery.open_figure(row_of(BARS))
    shown = gallery.scroll.widget()
    gallery.model.update({"sr.samples": gallery.model.document.get("sr.samples") + 1})
    qtbot.wait(gallery.redraw_timer.interval() + 50)
    assert gallery.stale_rows() == [] and gallery.scroll.widget() is shown
    gallery.model.update({"view.comm.bytes": 2 * gallery.model.document.get("view.comm.bytes")})
    assert gallery.stale_rows() == [row_of(_spec("collectives"))]


def test_keyboard_enter_pagedown_home_end_escape(gallery, qtbot):
    specs = figures()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is gallery.grid, timeout=2000)  # focus starts on the grid
    assert gallery.grid.currentRow() == 0
    press(qtbot, Qt.Key.Key_Right)
    press(qtbot, Qt.Key.Key_Return)
    assert gallery.stack.currentIndex() == 1 and gallery.current == 1
    assert isinstance(gallery.scroll.widget(), GalleryFigure) and gallery.scroll.widget().spec is specs[1]
    assert gallery.position.text().startswith(f"Figure 2 of {len(specs)}: ")
    press(qtbot, Qt.Key.Key_PageDown)
    assert gallery.current == 2 and gallery.scroll.widget().spec is specs[2]
    press(qtbot, Qt.Key.Key_End)
    assert gallery.current == len(specs) - 1 and not gallery.next_button.isEnabled()
    press(qtbot, Qt.Key.Key_PageDown)
    assert gallery.current == len(specs) - 1  # the last stays the last
    press(qtbot, Qt.Key.Key_PageUp)
    assert gallery.current == len(specs) - 2
    press(qtbot, Qt.Key.Key_Home)
    assert gallery.current == 0 and not gallery.previous_button.isEnabled()
    press(qtbot, Qt.Key.Key_PageDown)
    press(qtbot, Qt.Key.Key_Escape)
    assert gallery.stack.currentIndex() == 0 and gallery.isVisible()
    assert gallery.grid.currentRow() == 1 and QApplication.focusWidget() is gallery.grid
    press(qtbot, Qt.Key.Key_Escape)
    assert not gallery.isVisible()  # from all figures, Escape closes the window


def test_closing_the_window_closes_it_from_a_figure_too(gallery):
    gallery.open_figure(1)
    assert gallery.close() and not gallery.isVisible()


def test_double_click_opens_a_figure(gallery, qtbot):
    row = row_of(DIAGRAM)
    gallery.grid.scrollToItem(gallery.grid.item(row))
    centre = gallery.grid.visualItemRect(gallery.grid.item(row)).center()
    qtbot.mouseClick(gallery.grid.viewport(), Qt.MouseButton.LeftButton, pos=centre)  # a double-click's first press
    assert gallery.stack.currentIndex() == 0
    qtbot.mouseDClick(gallery.grid.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert gallery.stack.currentIndex() == 1 and gallery.current == row


def test_open_in_its_tab_gives_every_figure_its_tab_and_view(gallery, qtbot, calls):
    for row, spec in enumerate(figures()):
        gallery.open_figure(row)
        button = gallery.open_tab_button
        if spec.tab is None:
            assert not button.isEnabled() and "diagram of the reports' stated facts" in button.toolTip(), spec.key
            continue
        assert button.isEnabled(), spec.key
        calls.tabs.clear()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert calls.tabs == [(spec.tab, dict(spec.live_view))], spec.key
    assert any(spec.tab is None for spec in figures())


def test_export_gives_the_figure_and_the_document(gallery, qtbot, calls):
    gallery.open_figure(row_of(BARS))
    qtbot.mouseClick(gallery.export_button, Qt.MouseButton.LeftButton)
    assert calls.exports == [(gallery, BARS, gallery.model.document)]


def tab_chain(qtbot, start, presses: int) -> list:
    start.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is start, timeout=1000)
    reached = [start]
    for _ in range(presses):
        press(qtbot, Qt.Key.Key_Tab)
        reached.append(QApplication.focusWidget())
    return reached


def test_every_control_is_reached_by_tab_and_has_a_name(gallery, qtbot):
    gallery.open_figure(1)
    controls = {gallery.back_button, gallery.previous_button, gallery.next_button, gallery.open_tab_button,
                gallery.export_button, gallery.scroll}
    reached = tab_chain(qtbot, gallery.scroll, 8)
    assert controls <= set(reached), controls - set(reached)
    for widget in controls:
        assert widget.accessibleName(), widget
    press(qtbot, Qt.Key.Key_Escape)
    grid_controls = {gallery.grid, gallery.export_all_button}
    reached = tab_chain(qtbot, gallery.grid, 4)
    assert grid_controls <= set(reached)
    for widget in reached:
        assert widget.accessibleName(), widget


def test_without_the_app_the_tab_and_export_buttons_are_not_shown(qtbot, qapp, monkeypatch):
    register(monkeypatch, BARS)
    dialog = GalleryDialog(DocumentModel(preset_document("classroom-7b")))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.open_figure(row_of(BARS))
    assert dialog.open_tab_button.isHidden() and dialog.export_button.isHidden()
    assert dialog.export_all_button.isHidden()
    assert dialog.windowTitle() == "Figure Gallery" and not dialog.isModal()


def test_every_figure_opens_a_tab_there_is_with_view_keys_there_are():
    from tslab.desktop.tabs import TAB_KEYS
    document = preset_document("classroom-7b")
    for spec in figures():
        assert spec.tab is None or spec.tab in TAB_KEYS, spec.key
        assert all(key.startswith(f"view.{spec.tab}.") for key in spec.live_view), spec.key
        document.replace(**spec.live_view)  # a key or value the document refuses raises ScenarioError


def test_the_gallery_runs_alone_on_a_preset(run_alone, monkeypatch):
    from tslab.views.gallery.view import main
    register(monkeypatch, BARS)
    dialog = run_alone(main, GalleryDialog, "deepseek-v3")
    assert dialog.model.document == preset_document("deepseek-v3")
    assert dialog.grid.count() == len(figures())


# ---------------------------------------------------------------------------------------------
# The app's side: open_gallery, Export… and Export All Figures

def test_open_gallery_gives_the_window_the_exports(qtbot, qapp, monkeypatch):
    register(monkeypatch, BARS)
    dialog = open_gallery(DocumentModel(preset_document("classroom-7b")), None, open_tab=lambda tab, view: None)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.open_figure(row_of(BARS))
    assert dialog.export_button.isVisibleTo(dialog) and dialog.open_tab_button.isVisibleTo(dialog)
    assert not dialog.export_all_button.isHidden()


@pytest.mark.parametrize("fmt, scale, size", [("png", 1.5, (2100, 1290)), ("svg", 1.0, None)])
def test_export_one_figure_writes_the_chosen_format(qtbot, qapp, monkeypatch, tmp_path, fmt, scale, size):
    register(monkeypatch, BARS)
    target = tmp_path / "bars"

    def answer(dialog: FigureExportDialog) -> int:
        dialog.format_box.setCurrentIndex(dialog.format_box.findData(fmt))
        dialog.scale_box.setValue(scale)
        dialog.path_edit.setText(str(target))   # no suffix: the format's is added
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(FigureExportDialog, "exec", answer)
    document = preset_document("classroom-7b")
    written = export_figure_dialog(None, BARS, document, str(tmp_path))
    assert written == tmp_path / f"bars.{fmt}" and sorted(p.name for p in tmp_path.iterdir()) == [f"bars.{fmt}"]
    data = written.read_bytes()
    if fmt == "png":
        image = QImage(str(written))
        assert (image.width(), image.height()) == size
        for colour in BAR_COLOURS:  # a bar per parallel axis, each in its colour
            assert has_colour(image, colour, minimum=200), colour
    else:
        assert svg_texts(data, (1400, 860))[:3] == bars_texts(BARS, document.scenario)  # EXPORT_SIZE at scale 1


def test_export_one_figure_reports_a_file_it_cannot_write(qtbot, qapp, monkeypatch, tmp_path):
    register(monkeypatch, BARS)
    warned = []

    def answer(dialog: FigureExportDialog) -> int:
        dialog.path_edit.setText(str(tmp_path / "missing" / "bars.png"))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(FigureExportDialog, "exec", answer)
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: warned.append(text))
    assert export_figure_dialog(None, BARS, preset_document("classroom-7b"), str(tmp_path)) is None
    assert len(warned) == 1 and "missing" in warned[0]


@pytest.fixture
def reports(monkeypatch):
    """The message boxes the export shows, recorded instead of waiting for a click."""
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append((box.text(), box.detailedText())) or 0)
    return shown


def test_export_all_writes_every_figure_and_lists_them(qtbot, qapp, monkeypatch, tmp_path, reports):
    from tslab.views.gallery import figures_systems, figures_training
    monkeypatch.setattr(figures_training, "SPECS", ())
    monkeypatch.setattr(figures_systems, "SPECS", (BARS, DIAGRAM))
    written, cancelled = run_export(None, preset_document("classroom-7b"), ExportChoice(tmp_path, "svg", 1.0, None),
                                    figures())
    assert not cancelled and written == [tmp_path / "test-bars.svg", tmp_path / "test-diagram.svg"]
    [(text, details)] = reports
    assert text == f"Wrote 2 files into {tmp_path}." and details.splitlines() == [str(p) for p in written]


def test_export_all_cancel_keeps_the_files_written_and_says_so(qtbot, qapp, monkeypatch, tmp_path, reports):
    from tslab.views.gallery import figures_systems, figures_training
    monkeypatch.setattr(figures_training, "SPECS", ())
    monkeypatch.setattr(figures_systems, "SPECS", (BARS, DIAGRAM))
    asked = []
    monkeypatch.setattr(QProgressDialog, "wasCanceled", lambda self: asked.append(1) or len(asked) > 1)
    written, cancelled = run_export(None, preset_document("classroom-7b"), ExportChoice(tmp_path, "png", 1.0, None),
                                    figures())
    assert cancelled and written == [tmp_path / "test-bars.png"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["test-bars.png"]
    [(text, details)] = reports
    assert text == f"Cancelled. The 1 files written before are kept in {tmp_path}." and str(written[0]) in details


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="pdftotext comes with poppler-utils")
def test_export_all_handout_in_the_other_language(qtbot, qapp, monkeypatch, tmp_path, reports):
    from tslab.views.gallery import figures_systems, figures_training
    monkeypatch.setattr(figures_training, "SPECS", ())
    monkeypatch.setattr(figures_systems, "SPECS", (BARS,))
    written, cancelled = run_export(None, preset_document("classroom-7b"), ExportChoice(tmp_path, HANDOUT, 1.0, "zh"),
                                    figures())
    assert written == [tmp_path / "handout.pdf"] and not cancelled
    text = subprocess.run(["pdftotext", str(written[0]), "-"], check=True, capture_output=True, text=True).stdout
    assert "".join(load_bibliography()[0].zh.split()) in "".join(text.split())
    assert reports[0][0] == f"Wrote the handout: {written[0]}"  # the report in the app's language


def test_export_all_dialog_fields_have_names_labels_and_choices(qtbot, qapp, tmp_path):
    dialog = ExportAllDialog(str(tmp_path), 12)
    qtbot.addWidget(dialog)
    fields = (dialog.folder_edit, dialog.output_box, dialog.scale_box, dialog.language_box)
    for field in fields:
        assert field.accessibleName(), field
    assert [dialog.output_box.itemData(i) for i in range(dialog.output_box.count())] == ["png", "svg", "pdf", HANDOUT]
    assert [dialog.language_box.itemData(i) for i in range(dialog.language_box.count())] == [None, "zh", "en"]
    assert [dialog.language_box.itemText(i) for i in (1, 2)] == ["中文", "English"]
    assert dialog.summary.text() == f"Writes 12 files into {tmp_path}: one NAME.png per figure"
    dialog.output_box.setCurrentIndex(3)
    assert not dialog.scale_box.isEnabled()
    assert dialog.summary.text() == f"Writes one file: {Path(tmp_path) / 'handout.pdf'}"
    choice = dialog.choice()
    assert choice == ExportChoice(Path(tmp_path), HANDOUT, 2.0, None)
    assert choice.targets(["a", "b"]) == [Path(tmp_path) / "handout.pdf"]
    assert ExportChoice(Path(tmp_path), "svg", 1.0, "en").targets(["a", "b"]) == [tmp_path / "a.svg",
                                                                                  tmp_path / "b.svg"]
    assert app_gallery.start_folder(None) == str(Path.home())
