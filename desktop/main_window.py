"""Main window: one tab per capability, menus, preset picker, validation banner, status bar.

For a lecture: every edit undoes (Edit menu, Ctrl+Z), the keys a lecturer presses work from
anywhere in the window unless a text field has the focus (PageDown / PageUp step the current
tab's animation, Home / End jump to its start / end, Ctrl+Tab / Ctrl+Shift+Tab change tab),
presentation mode enlarges the type by a chosen scale, the inputs fold away (Hide Inputs), and
the theme, reduced motion and the language are switched live from the View menu (a new language
rebuilds the window on the same document, undo history and file)."""
from __future__ import annotations

import dataclasses
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

import shiboken6
from PySide6.QtCore import QByteArray, QSettings, QSize, Qt
from PySide6.QtGui import QAction, QActionGroup, QFont, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (QApplication, QDockWidget, QLabel, QMainWindow, QMessageBox, QToolBar, QVBoxLayout,
                               QWidget)

from tslab import __version__
from tslab.desktop.tabs import TAB_KEYS, tab_class
from tslab.desktop.window_files import WindowFiles
from tslab.desktop.window_keys import LectureKeys, PresetBox
from tslab.desktop.window_panels import WindowPanels
from tslab.models.derived import LEDGER, STEP_TIME, Failed, concerns
from tslab.models.document import Document
from tslab.models.memory import gib
from tslab.models.presets import matching_preset, preset_document, preset_names
from tslab.models.scenario import Scenario
from tslab.views.application import (THEMES, apply_theme, current_language, current_theme, set_application_font,
                                     switch_language)
from tslab.views.banner import BannerTabs, ValidationBanner
from tslab.views.common import ElidedLabel
from tslab.views.document_model import DocumentModel
from tslab.views.memory import MemoryTab
from tslab.views.time import StepTimeSource

if TYPE_CHECKING:   # for the annotation only: the pipeline tab loads when first shown
    from tslab.views.pipeline import PipelineTab

PRESENTATION_SCALES = (125, 150, 200)   # percent of the normal type size while presenting
DEFAULT_PRESENTATION_SCALE = 150
# What the status bar shows reads: the most-loaded GPU's memory and the step time.
STATUS_READS = tuple(dict.fromkeys(LEDGER.all_reads + STEP_TIME.all_reads))
MAIN_WINDOW_ATTRIBUTE = "_tslab_main_window"   # the application's window on the document (desktop/app.py)


def _application() -> QApplication:
    """The running application: the window is shown in a QApplication."""
    return cast(QApplication, QApplication.instance())


class MainWindow(WindowPanels, WindowFiles, QMainWindow):
    """The lab's window on a document. `model` (instead of a document) builds the window on an
    existing DocumentModel, with its undo history, file and unsaved state: a language switch
    rebuilds the window this way (`rebuild`)."""

    # Every window made, while it lives: a change of the application's font or palette restyles
    # their widgets (`repolish_styled`), and no widget outside them.
    _windows: ClassVar[weakref.WeakSet[MainWindow]] = weakref.WeakSet()

    def __init__(self, document: Document | Scenario | None = None, path: str = "", parent: QWidget | None = None,
                 *, model: DocumentModel | None = None):
        super().__init__(parent)
        if model is None:
            model = DocumentModel(document or Document(), self)
            model.set_document(model.document, path=str(Path(path).resolve()) if path else "",
                               preset=matching_preset(model.scenario))
        else:
            model.setParent(self)   # the window owns the model from now on
        self.model = model
        MainWindow._windows.add(self)
        self.settings = QSettings()
        self._normal_font: QFont | None = None   # the application's font before presenting
        self._inputs_before_presenting: bool | None = None   # Hide Inputs before presentation mode folded them
        self._status_errors: list[str] | None = None   # the scenario's errors the status bar last showed
        self._handing_over = False                # closing because a rebuilt window takes over
        self.lecture_keys = LectureKeys(self)

        self._build_toolbar()   # first: Tab goes from the preset box to the tab bar, then into the page
        self.tabs = BannerTabs(self)   # the validation banner in their corner (below)
        self.tabs.tabBar().setAccessibleName(self.tr("Tabs"))
        self.tabs.setElideMode(Qt.TextElideMode.ElideRight)   # every tab stays in view at large type
        self.tabs.setUsesScrollButtons(False)
        self.tab_keys = list(TAB_KEYS)
        self.memory_tab = MemoryTab(self.model, self.tabs)
        self.tabs.addTab(self.memory_tab, self.tr("Memory Ledger"))
        # Other tabs are built when first shown: start-up pays only for the visible one.
        self._pages: dict[str, QWidget] = {"memory": self.memory_tab}
        for title in (self.tr("Parallel Mesh"), self.tr("Pipeline Scheduler"), self.tr("Communication / MoE"),
                      self.tr("Long Context && V4")):
            holder = QWidget(self.tabs)
            QVBoxLayout(holder).setContentsMargins(0, 0, 0, 0)
            self.tabs.addTab(holder, title)
        self.tabs.currentChanged.connect(lambda index: self.page(self.tab_keys[index]))
        self.tabs.currentChanged.connect(lambda _: self._place_step_time())  # a wider tab may need the room

        self.banner = ValidationBanner(self)
        self.banner.place_in(self.tabs)   # beside the tabs: a problem that comes or goes resizes no page
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(self.tabs, 1)
        self.setCentralWidget(central)

        # The step-time model's result, shared by the status bar and the Step time panel.
        self.time_source = StepTimeSource(self.model, self)
        self.time_source.ready.connect(self._show_status_time)
        self.step_time_dock: QDockWidget | None = None   # built when first shown
        self.planner_dialog = None                        # built when first opened
        self.sources_dock: QDockWidget | None = None      # built when first shown
        self._size_before_panel: QSize | None = None      # the window's size before a panel grew it
        self.gallery_dialog = None                        # built when first opened

        self._build_menus()
        # The window opens with the tab bar focused, so that PageDown steps an animation at once
        # (the first input would be a spin box, which keeps the key).
        self.tabs.tabBar().setFocus()
        # The status bar's texts give way (elided, whole in the tooltip) rather than be clipped at
        # large type: the note that this is a teaching model first, then the memory summary.
        self.status_summary = ElidedLabel("", self, min_characters=28)
        self.statusBar().addPermanentWidget(self.status_summary)
        self.status_time = ElidedLabel("", self, min_characters=0)
        self.status_time.setToolTip(self.tr("Step time and model FLOP utilisation of the step-time model; "
                                            "View → Step Time Panel (F6) shows where the time goes"))
        self.statusBar().addPermanentWidget(self.status_time)
        self.statusBar().addPermanentWidget(ElidedLabel(self.tr("Deterministic teaching model, not a benchmark"), self))

        self.model.problemsChanged.connect(self.banner.show_problems)
        self.model.changed.connect(self._document_changed)
        self.model.pathChanged.connect(self._path_changed)
        self.model.modifiedChanged.connect(self._modified_changed)
        self.banner.show_problems(self.model.problems)
        self._document_changed(None)
        self._restore_geometry()
        self._update_title()

    # ---------------------------------------------------------------------------------------------
    def _build_toolbar(self) -> None:
        bar = QToolBar(self.tr("Scenario"), self)
        bar.setObjectName("scenarioToolbar")
        bar.setMovable(False)
        label = QLabel(self.tr("Preset:") + " ", bar)
        bar.addWidget(label)
        self.preset_box = PresetBox(bar)
        self.preset_box.setAccessibleName(self.tr("Preset"))
        label.setBuddy(self.preset_box)
        self.preset_box.addItem(self.tr("(custom scenario)"), "")
        self.presets = {name: preset_document(name) for name in preset_names()}
        for name, preset in self.presets.items():
            self.preset_box.addItem(preset.scenario.title, name)
        self.preset_box.activated.connect(self._preset_chosen)
        bar.addWidget(self.preset_box)
        self.addToolBar(bar)

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        self.open_action = file_menu.addAction(self.tr("&Open Scenario…"), QKeySequence.StandardKey.Open,
                                               self.open_dialog)
        self.recent_menu = file_menu.addMenu(self.tr("Open &Recent"))
        self.import_hf_action = file_menu.addAction(self.tr("&Import Hugging Face config…"), self.import_hf_dialog)
        self.save_action = file_menu.addAction(self.tr("&Save Scenario"), QKeySequence.StandardKey.Save, self.save)
        file_menu.addAction(self.tr("Save Scenario &As…"), QKeySequence.StandardKey.SaveAs, self.save_as)
        file_menu.addSeparator()
        export_menu = file_menu.addMenu(self.tr("&Export Current Tab"))
        self.export_actions: dict[str, QAction] = {}
        for fmt, label in (("png", self.tr("PNG image (2× scale)…")), ("svg", self.tr("SVG vector image…")),
                           ("pdf", self.tr("PDF document…"))):
            action = export_menu.addAction(label, lambda fmt=fmt: self.export_dialog(fmt))  # type: ignore[misc]
            self.export_actions[fmt] = action
        self.export_all_action = file_menu.addAction(self.tr("Export All &Figures…"), self.export_all_figures)
        self.export_all_action.setToolTip(self.tr("Every figure of the gallery, or the lecture handout PDF, into a "
                                                  "folder"))
        file_menu.addSeparator()
        file_menu.addAction(self.tr("&Quit"), QKeySequence.StandardKey.Quit, self.close)

        self._build_edit_menu()
        view_menu = self.menuBar().addMenu(self.tr("&View"))
        view_menu.setToolTipsVisible(True)
        view_menu.aboutToShow.connect(self._sync_view_menu)
        self.present_action = QAction(self.tr("&Presentation Mode"), self, checkable=True)
        self.present_action.setShortcut(QKeySequence("F5"))
        self.present_action.toggled.connect(self.set_presentation)
        view_menu.addAction(self.present_action)
        scale_menu = view_menu.addMenu(self.tr("Presentation &Scale"))
        scale_menu.menuAction().setToolTip(self.tr("How much larger the type is in presentation mode"))
        self.scale_actions = self._choice_actions(
            scale_menu, [(percent, f"{percent} %") for percent in PRESENTATION_SCALES], self.presentation_scale(),
            self.set_presentation_scale)
        self.hide_inputs_action = QAction(self.tr("&Hide Inputs"), self, checkable=True)
        self.hide_inputs_action.setShortcut(QKeySequence("Ctrl+Shift+H"))
        self.hide_inputs_action.setToolTip(self.tr("Fold every tab's input column away, so the figure takes the "
                                                   "whole width"))
        self.hide_inputs_action.toggled.connect(self.set_inputs_hidden)
        view_menu.addAction(self.hide_inputs_action)
        view_menu.addSeparator()
        self.step_time_action = QAction(self.tr("Step &Time Panel"), self, checkable=True)
        self.step_time_action.setShortcut(QKeySequence("F6"))
        self.step_time_action.setToolTip(self.tr("Step time, MFU and where each pipeline rank's time goes, beside "
                                                 "every tab"))
        self.step_time_action.toggled.connect(self.show_step_time)
        view_menu.addAction(self.step_time_action)
        self.plan_action = view_menu.addAction(self.tr("P&lan Configurations…"), QKeySequence("F7"), self.open_planner)
        self.gallery_action = view_menu.addAction(self.tr("Figure &Gallery…"), QKeySequence("F8"), self.open_gallery)
        self.gallery_action.setToolTip(self.tr("The course's twelve figures, drawn for this scenario: open one full "
                                               "size, step through them, export them"))
        self.sources_action = QAction(self.tr("S&ources Panel"), self, checkable=True)
        self.sources_action.setShortcut(QKeySequence("F9"))
        self.sources_action.setToolTip(self.tr("Where the numbers of the current tab come from: formula and primary "
                                               "source of each"))
        self.sources_action.toggled.connect(self.show_sources)
        view_menu.addAction(self.sources_action)
        view_menu.addSeparator()
        theme_menu = view_menu.addMenu(self.tr("&Theme"))
        theme_tip = self.tr("Colours of the window; the figures stay on white paper, as they are exported for "
                            "slides")
        theme_menu.menuAction().setToolTip(theme_tip)
        theme_menu.setToolTipsVisible(True)
        self.theme_actions = self._choice_actions(
            theme_menu, [("light", self.tr("Light")), ("dark", self.tr("Dark"))],
            current_theme(_application()), self.set_theme)
        for action in self.theme_actions.values():
            action.setToolTip(theme_tip)
        language_menu = view_menu.addMenu(self.tr("&Language"))
        # Each language is named in itself, so that it can be found whichever one is showing.
        self.language_actions = self._choice_actions(
            language_menu, [("en", self.tr("English")), ("zh", "中文")], current_language(_application()),
            self.set_language)
        self.reduced_motion_action = QAction(self.tr("Reduced &Motion"), self, checkable=True)
        self.reduced_motion_action.setToolTip(self.tr("Animations step from state to state instead of moving "
                                                      "smoothly (every tab that plays one)"))
        self.reduced_motion_action.setChecked(self.reduced_motion())
        self.reduced_motion_action.toggled.connect(self.set_reduced_motion)
        view_menu.addAction(self.reduced_motion_action)

        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        help_menu.addAction(self.tr("&About Training Systems Lab"), self.about)
        self._fill_recent()

    def _build_edit_menu(self) -> None:
        edit_menu = self.menuBar().addMenu(self.tr("&Edit"))
        stack = self.model.undo_stack
        self.undo_action = QAction(self.tr("&Undo"), self)
        self.undo_action.setShortcuts([QKeySequence("Ctrl+Z")])
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = QAction(self.tr("&Redo"), self)
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo_action.triggered.connect(self.redo)
        for action in (self.undo_action, self.redo_action):
            edit_menu.addAction(action)
        stack.canUndoChanged.connect(self.undo_action.setEnabled)
        stack.canRedoChanged.connect(self.redo_action.setEnabled)
        stack.undoTextChanged.connect(self._undo_text_changed)
        stack.redoTextChanged.connect(self._redo_text_changed)
        self.undo_action.setEnabled(stack.canUndo())
        self.redo_action.setEnabled(stack.canRedo())
        self._undo_text_changed(stack.undoText())
        self._redo_text_changed(stack.redoText())
        edit_menu.addSeparator()
        self.reset_action = edit_menu.addAction(self.tr("Reset to &Preset"), self.reset_to_preset)

    def _choice_actions(self, menu, choices, current, choose) -> dict:
        """Checkable, mutually exclusive actions in `menu`, one per (value, label); `choose(value)`
        when one is picked."""
        group = QActionGroup(self)
        actions = {}
        for value, label in choices:
            action = menu.addAction(label)
            action.setCheckable(True)
            action.setChecked(value == current)
            action.triggered.connect(lambda _checked=False, value=value: choose(value))
            group.addAction(action)
            actions[value] = action
        return actions

    # ---------------------------------------------------------------------------------------------
    def page(self, key: str) -> QWidget:
        """The tab widget for `key`, built on first use (with the inputs hidden if they are)."""
        if key not in self._pages:
            holder = self.tabs.widget(self.tab_keys.index(key))
            layout = holder.layout() if holder is not None else None
            assert holder is not None and layout is not None   # every tab's holder, with its layout, from the start
            page = tab_class(key)(self.model, holder)
            layout.addWidget(page)
            page.show()   # at once, not when the event loop next runs (as a layout shows a new child)
            self._pages[key] = page
            if self.hide_inputs_action.isChecked() and hasattr(page, "set_inputs_collapsed"):
                page.set_inputs_collapsed(True)
        return self._pages[key]

    @property
    def mesh_tab(self) -> QWidget:
        return self.page("mesh")

    @property
    def pipeline_tab(self) -> QWidget:
        return self.page("pipeline")

    @property
    def comm_tab(self) -> QWidget:
        return self.page("comm")

    @property
    def context_tab(self) -> QWidget:
        return self.page("context")

    def select_tab(self, key: str) -> None:
        if key in self.tab_keys:
            self.tabs.setCurrentIndex(self.tab_keys.index(key))

    def current_tab_key(self) -> str:
        return self.tab_keys[self.tabs.currentIndex()]

    def cycle_tab(self, delta: int) -> None:
        """The next (+1) or previous (−1) tab, wrapping round."""
        self.tabs.setCurrentIndex((self.tabs.currentIndex() + delta) % self.tabs.count())

    # ---------------------------------------------------------------------------------------------
    # The lecturer's keys (LectureKeys)
    def lecture_key(self, event: QKeyEvent) -> bool:
        """Do what a lecture key does; False when `event` is not one (or the tab has nothing to
        step), so the focused widget gets it."""
        key = event.key()
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ctrl = Qt.KeyboardModifier.ControlModifier
        if modifiers == Qt.KeyboardModifier.NoModifier:
            if key in (Qt.Key.Key_PageDown, Qt.Key.Key_PageUp):
                return self.step_animation(1 if key == Qt.Key.Key_PageDown else -1)
            if key in (Qt.Key.Key_Home, Qt.Key.Key_End):
                return self.animation_to(key == Qt.Key.Key_End)
        elif key == Qt.Key.Key_Tab and modifiers == ctrl:
            self.cycle_tab(1)
            return True
        elif key in (Qt.Key.Key_Backtab, Qt.Key.Key_Tab) and modifiers == ctrl | Qt.KeyboardModifier.ShiftModifier:
            self.cycle_tab(-1)
            return True
        return False

    def step_animation(self, delta: int) -> bool:
        """Step the current tab's animation by `delta` steps (PageDown, PageUp). False when the tab
        has no animation to step; a tab whose animation cannot move further does nothing."""
        page = self.page(self.current_tab_key())
        if not hasattr(page, "step_animation"):
            return False
        page.step_animation(delta)
        return True

    def animation_to(self, end: bool) -> bool:
        """Jump the current tab's animation to its start or its end (Home, End)."""
        page = self.page(self.current_tab_key())
        if not hasattr(page, "animation_to"):
            return False
        page.animation_to(end)
        return True

    def _document_changed(self, keys: frozenset[str] | None) -> None:
        """A scenario edit (None: everything): the status bar's step time and memory when the edit
        concerns them or the scenario's errors, the preset shown and the title always."""
        if keys is not None and all(key.startswith("view.") for key in keys):
            return
        errors = [problem.message for problem in self.model.errors]
        if keys is None or errors != self._status_errors or concerns(keys, STATUS_READS):
            self._status_errors = errors
            self._show_status()
        self._show_origin()
        self._update_title()   # a document without a file is named by its scenario's title

    def _show_status(self) -> None:
        self._update_status_time()
        ledger = None if self.model.errors else self.model.result(LEDGER)  # cached: the tab computed it
        if ledger is None or isinstance(ledger, Failed):
            self.status_summary.setText(self.tr("Invalid scenario: see the banner"))
        else:
            oom = ledger.first_oom
            state = self.tr("OOM") if oom else self.tr("fits")
            self.status_summary.setText(self.tr("Most-loaded GPU: {used} of {capacity} — {state}").format(
                used=gib(ledger.gpu_bytes), capacity=gib(ledger.capacity_bytes), state=state))

    def _path_changed(self, _path: str) -> None:
        self._update_title()
        self._show_origin()

    def _modified_changed(self, _modified: bool) -> None:
        self._update_title()

    def _show_origin(self) -> None:
        """The toolbar shows the preset the document is (else "(custom scenario)"); Reset to Preset
        is offered while the document came from a preset and differs from it."""
        name = self.model.preset if self.model.preset in self.presets else ""
        preset = self.presets[name].scenario if name else None
        index = self.preset_box.findData(name) if preset == self.model.scenario else 0
        if index != self.preset_box.currentIndex():
            self.preset_box.setCurrentIndex(index)
        self.reset_action.setEnabled(preset is not None and preset != self.model.scenario)
        self.reset_action.setToolTip(self.tr("Back to the preset {title}").format(title=preset.title)
                                     if preset is not None else self.tr("The document comes from no preset"))

    def _update_title(self) -> None:
        name = Path(self.model.path).name if self.model.path else self.model.scenario.title
        app_name = self.tr("Training Systems Lab")
        self.setWindowTitle(f"{'*' if self.model.modified else ''}{name} — {app_name}")

    def _preset_chosen(self, index: int) -> None:
        """A preset chosen in the toolbar replaces the document, as one undoable edit (Ctrl+Z
        brings the document before it back, with its file)."""
        name = self.preset_box.itemData(index)
        if not name:
            self._show_origin()
            return
        self.model.replace_document(self.presets[name], self.tr("Load preset {name}").format(name=name),
                                    path="", preset=name)
        self._show_origin()
        self.statusBar().showMessage(self.tr("Loaded preset {name}").format(name=name), 4000)

    # ---------------------------------------------------------------------------------------------
    # Edit
    def undo(self) -> None:
        self.model.undo()

    def redo(self) -> None:
        self.model.redo()

    def _undo_text_changed(self, text: str) -> None:
        self.undo_action.setText(self.tr("&Undo {edit}").format(edit=text) if text else self.tr("&Undo"))

    def _redo_text_changed(self, text: str) -> None:
        self.redo_action.setText(self.tr("&Redo {edit}").format(edit=text) if text else self.tr("&Redo"))

    def reset_to_preset(self) -> None:
        """Edit → Reset to Preset: the preset the document came from, as one undoable edit (the
        tabs' view state stays where it is)."""
        name = self.model.preset
        if name not in self.presets:
            return
        # The file's own text stays (its comments are kept when it is saved again).
        self.model.replace_document(dataclasses.replace(self.model.document, scenario=self.presets[name].scenario),
                                    self.tr("Reset to preset {name}").format(name=name))
        self.statusBar().showMessage(self.tr("Reset to preset {name}").format(name=name), 4000)

    # ---------------------------------------------------------------------------------------------
    # Window state
    def _restore_geometry(self) -> None:
        geometry = self.settings.value("geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty() and self.restoreGeometry(geometry):
            return
        screen = QApplication.primaryScreen()
        available = screen.availableGeometry() if screen else None
        if available is not None:
            self.resize(min(1500, available.width()), min(940, available.height()))
        else:
            self.resize(1500, 940)

    def set_presentation(self, on: bool) -> None:
        """Full screen with the type enlarged by the presentation scale, for a lecture hall
        projector (F5 toggles, Esc leaves)."""
        if self.present_action.isChecked() != on:
            self.present_action.setChecked(on)
            return
        app = _application()
        if on:
            if self._normal_font is None:
                self._normal_font = QFont(app.font())
            # The figure and its numbers first: the inputs fold away (Ctrl+Shift+H brings them back)
            self._inputs_before_presenting = self.hide_inputs_action.isChecked()
            self.set_inputs_hidden(True)
            self.showFullScreen()   # first: widgets never shown yet would keep the font they were polished with
            self._apply_presentation_font()
        else:
            if self._normal_font is not None:
                set_application_font(app, self._normal_font, self.open_windows())
                self._normal_font = None
            if self._inputs_before_presenting is not None:
                self.set_inputs_hidden(self._inputs_before_presenting)
                self._inputs_before_presenting = None
            self.showNormal()

    def presentation_scale(self) -> int:
        """View → Presentation Scale, in percent (QSettings "presentationScale")."""
        try:
            value: Any = self.settings.value("presentationScale", DEFAULT_PRESENTATION_SCALE)   # as QSettings kept it
            percent = int(value)
        except (TypeError, ValueError):
            return DEFAULT_PRESENTATION_SCALE
        return percent if percent in PRESENTATION_SCALES else DEFAULT_PRESENTATION_SCALE

    def set_presentation_scale(self, percent: int) -> None:
        """Keep `percent` for presentation mode; applied at once while presenting. (Only the type
        scales: views/charts.py offers no line-width setting.)"""
        self.settings.setValue("presentationScale", percent)
        for value, action in self.scale_actions.items():
            action.setChecked(value == percent)
        if self.present_action.isChecked():
            self._apply_presentation_font()

    def _apply_presentation_font(self) -> None:
        if self._normal_font is None:
            return
        font = QFont(self._normal_font)
        scale = self.presentation_scale() / 100
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * scale)
        else:   # a font sized in pixels
            font.setPixelSize(round(font.pixelSize() * scale))
        set_application_font(_application(), font, self.open_windows())

    def set_inputs_hidden(self, hidden: bool) -> None:
        """View → Hide Inputs: every tab folds its input column away (tabs built later too)."""
        if self.hide_inputs_action.isChecked() != hidden:
            self.hide_inputs_action.setChecked(hidden)
            return
        for page in self._pages.values():
            if hasattr(page, "set_inputs_collapsed"):
                page.set_inputs_collapsed(hidden)

    @staticmethod
    def open_windows() -> list[MainWindow]:
        """The windows of this application still alive (a closed one waiting for its deletion is
        skipped by `repolish_styled`, which restyles only the visible)."""
        return [window for window in MainWindow._windows if shiboken6.isValid(window)]

    def set_theme(self, theme: str) -> None:
        """View → Theme: the window's colours (QSettings "theme"); figures stay white."""
        if theme not in THEMES:
            return
        self.settings.setValue("theme", theme)
        apply_theme(_application(), theme, self.open_windows())
        for value, action in self.theme_actions.items():
            action.setChecked(value == theme)

    def reduced_motion(self) -> bool:
        return bool(self.settings.value("reducedMotion", False, type=bool))

    def set_reduced_motion(self, on: bool) -> None:
        """View → Reduced Motion: one setting (QSettings "reducedMotion") that every tab reads
        when it plays an animation."""
        if self.reduced_motion_action.isChecked() != on:
            self.reduced_motion_action.setChecked(on)
            return
        self.settings.setValue("reducedMotion", on)
        pipeline = self._pages.get("pipeline")
        if pipeline is not None:   # its own check box shows the same setting at once
            cast("PipelineTab", pipeline).follow_reduced_motion()

    def _sync_view_menu(self) -> None:
        """A tab's own control may have changed the shared settings since the menu was shown."""
        self.reduced_motion_action.setChecked(self.reduced_motion())
        theme = current_theme(_application())
        for value, action in self.theme_actions.items():
            action.setChecked(value == theme)

    # ---------------------------------------------------------------------------------------------
    # Language: the window is rebuilt on the same model
    def set_language(self, lang: str) -> MainWindow:
        """View → Language (QSettings "language"): install `lang`'s translations and rebuild the
        window in it (`rebuild`). Returns the window that shows the document now."""
        self.settings.setValue("language", lang)
        app = _application()
        if lang == current_language(app):
            for value, action in self.language_actions.items():
                action.setChecked(value == lang)
            return self
        switch_language(app, lang)
        window = self.rebuild()
        if lang == "zh":
            from tslab.desktop.fonts import NO_CJK_FONT, has_cjk_font
            if not has_cjk_font():
                window.statusBar().showMessage(NO_CJK_FONT, 30_000)
        return window

    def rebuild(self) -> MainWindow:
        """A new window on the same DocumentModel (document, undo history, file, unsaved state),
        with this one's tab, dock, geometry, presentation mode and hidden inputs; this one closes
        without asking about unsaved changes (nothing is lost: the new window holds them) and the
        new one takes over as the application's main window. Every string is translated anew,
        as the new window's widgets are built under the installed translators."""
        self.model.flush()
        presenting = self.present_action.isChecked()
        geometry, state = self.saveGeometry(), self.saveState()
        had_dock = self.step_time_dock is not None
        planner_open = self.planner_dialog is not None and self.planner_dialog.isVisible()
        gallery_open = self.gallery_dialog is not None and self.gallery_dialog.isVisible()
        sources_open = self.sources_dock is not None and self.sources_dock.isVisible()
        if self.gallery_dialog is not None:   # its texts are in the old language
            self.gallery_dialog.close()
        self.model.detach_views()   # this window's views stop following the model
        window = MainWindow(model=self.model)
        window.hide_inputs_action.setChecked(self.hide_inputs_action.isChecked())
        window.select_tab(self.current_tab_key())
        if had_dock:
            _ = window.step_time_panel   # built, so that restoreState finds the dock
        window.restoreGeometry(geometry)
        window.restoreState(state)
        if presenting:   # the application's font is enlarged already: keep the normal one to go back to
            window._normal_font, self._normal_font = self._normal_font, None
            window._inputs_before_presenting = self._inputs_before_presenting
            window.present_action.blockSignals(True)
            window.present_action.setChecked(True)
            window.present_action.blockSignals(False)
            window.showFullScreen()
        else:
            window.show()
        if planner_open:
            window.open_planner()
        if gallery_open:
            window.open_gallery()
        if sources_open:
            window.show_sources(True)
        app = _application()
        if getattr(app, MAIN_WINDOW_ATTRIBUTE, None) is self:
            setattr(app, MAIN_WINDOW_ATTRIBUTE, window)
        self._handing_over = True
        self.close()
        self.deleteLater()
        return window

    def showEvent(self, event) -> None:
        super().showEvent(event)
        _application().installEventFilter(self.lecture_keys)

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Escape and self.present_action.isChecked():
            self.set_presentation(False)
            return
        super().keyPressEvent(event)

    def about(self) -> None:
        QMessageBox.about(self, self.tr("About Training Systems Lab"), self.tr(
            "<b>Training Systems Lab</b> {version}<br>Where every byte, bubble and collective of large-scale "
            "LLM training goes.<br>Every number is a deterministic teaching model with its formula and "
            "primary source; it is not a benchmark of a real cluster.").format(version=__version__))

    def closeEvent(self, event) -> None:
        if not self._handing_over and not self.maybe_save():
            event.ignore()
            return
        if not self.isFullScreen():
            self.settings.setValue("geometry", self.saveGeometry())
        self.settings.sync()
        if self._normal_font is not None:   # closed while presenting: the application's type goes back
            set_application_font(_application(), self._normal_font, self.open_windows())
            self._normal_font = None
        _application().removeEventFilter(self.lecture_keys)
        super().closeEvent(event)
