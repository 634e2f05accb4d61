"""The main window's side panels: Step time (F6) docked beside or below the tabs as room allows,
Sources (F9) below them, the planner's dialog (F7), and the step time in the status bar."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QEvent, QSize, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDockWidget, QScrollArea

from tslab.models.derived import Failed
from tslab.views.figure_fit import FigureScroll
from tslab.views.time import StepTimePanel
from tslab.views.time.common import ms, percent

if TYPE_CHECKING:   # for the annotations only: the gallery and the planner load when first opened
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMainWindow, QTabWidget, QWidget

    from tslab.views.common import ElidedLabel
    from tslab.views.document_model import DocumentModel
    from tslab.views.gallery.view import GalleryDialog
    from tslab.views.time import StepTimeSource
    from tslab.views.time.planner import PlannerDialog

    _Window = QMainWindow   # the mixin's methods run on a MainWindow
else:
    _Window = object

STEP_TIME_MIN_WIDTH, STEP_TIME_MIN_HEIGHT = 300, 250   # the Step time panel's smallest useful size
SOURCES_MIN_HEIGHT = 220   # the Sources panel opens at least this high: its header and several rows


class WindowPanels(_Window):
    """MainWindow's panels (a mixin of MainWindow: it reads the window's model, tabs and docks)."""

    # MainWindow's, read here
    model: DocumentModel
    time_source: StepTimeSource
    tabs: QTabWidget
    tab_keys: list[str]
    _pages: dict[str, QWidget]
    step_time_action: QAction
    sources_action: QAction
    status_time: ElidedLabel
    # the panels and dialogs, None until first shown
    step_time_dock: QDockWidget | None
    sources_dock: QDockWidget | None
    planner_dialog: PlannerDialog | None
    gallery_dialog: GalleryDialog | None
    _step_time_panel: StepTimePanel
    _size_before_panel: QSize | None   # the window's size before a panel grew it

    current_tab_key: Callable[[], str]   # MainWindow's methods
    select_tab: Callable[[str], None]
    @property
    def step_time_panel(self) -> StepTimePanel:
        """The Step time panel (its dock built, not shown, on first use)."""
        if self.step_time_dock is None:
            dock = QDockWidget(self.tr("Step time"), self)
            dock.setObjectName("stepTimeDock")
            dock.setAllowedAreas(Qt.DockWidgetArea.RightDockWidgetArea | Qt.DockWidgetArea.BottomDockWidgetArea
                                 | Qt.DockWidgetArea.LeftDockWidgetArea)
            panel = StepTimePanel(self.model, None, source=self.time_source)
            scroll = QScrollArea(dock)   # larger type (presentation mode) scrolls instead of clipping
            scroll.setWidget(panel)
            scroll.setWidgetResizable(True)
            scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            scroll.setMinimumWidth(STEP_TIME_MIN_WIDTH)
            dock.setWidget(scroll)
            dock.hide()
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            dock.dockLocationChanged.connect(self._step_time_docked)
            dock.visibilityChanged.connect(lambda _: self.step_time_action.setChecked(not dock.isHidden()))
            dock.visibilityChanged.connect(lambda _: self._panels_below_changed())
            self.step_time_dock = dock
            self._step_time_panel = panel
        return self._step_time_panel

    def _step_time_docked(self, area: Qt.DockWidgetArea) -> None:
        """Below the tabs the panel lays its parts side by side, at a height its charts can use."""
        below = area in (Qt.DockWidgetArea.BottomDockWidgetArea, Qt.DockWidgetArea.TopDockWidgetArea)
        self._step_time_panel.set_horizontal(below)
        if below:
            assert self.step_time_dock is not None   # this is the dock's signal
            self.resizeDocks([self.step_time_dock], [max(STEP_TIME_MIN_HEIGHT, min(340, self.height() // 3))],
                             Qt.Orientation.Vertical)

    def _step_time_room(self, size: QSize) -> tuple[bool, bool]:
        """Whether the tabs leave room for the panel beside them, and below them, in a window of
        `size` (every tab asks for most of a 1280 × 800 screen)."""
        central, shown = self.centralWidget(), self.tabs.currentWidget()
        assert central is not None and shown is not None   # the window's, from the start
        needed = central.minimumSizeHint()
        # A page built a moment ago reaches the tab widget's minimum only at the next layout pass:
        # ask the pages themselves, plus what the window lays around a page (the tabs' frame and
        # bar, the banner, the margins: measured on the page shown).
        around = central.size() - shown.size()
        for page in self._pages.values():
            needed = needed.expandedTo(page.minimumSizeHint() + around)
        dock = self.step_time_dock
        docked = dock if dock is not None and dock.isVisible() and not dock.isFloating() else None
        below = docked is not None and self.dockWidgetArea(docked) == Qt.DockWidgetArea.BottomDockWidgetArea
        # What the window spends besides the tabs and a docked panel: menus, toolbar, status bar, frames.
        chrome_width = self.width() - central.width() - (docked.width() if docked is not None and not below else 0)
        chrome_height = self.height() - central.height() - (docked.height() if docked is not None and below else 0)
        return (needed.width() + STEP_TIME_MIN_WIDTH + 12 <= size.width() - chrome_width,
                needed.height() + STEP_TIME_MIN_HEIGHT + 12 <= size.height() - chrome_height)

    def _place_step_time(self, first: bool = False) -> None:
        """Dock the panel beside the tabs where they leave room, else below them, else float it at
        the window's right edge; a tab that needs the room pushes a docked panel out, and the
        window keeps its size."""
        dock = self.step_time_dock
        if dock is None or (not first and (dock.isHidden() or dock.isFloating())):
            return
        size = self.size()
        beside, below = self._step_time_room(size)
        if not first:
            side = self.dockWidgetArea(dock) in (Qt.DockWidgetArea.LeftDockWidgetArea,
                                                 Qt.DockWidgetArea.RightDockWidgetArea)
            if beside if side else below:
                return
        if beside:
            dock.setFloating(False)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            self.resizeDocks([dock], [max(STEP_TIME_MIN_WIDTH + 20, min(460, round(self.width() / 3.6)))],
                             Qt.Orientation.Horizontal)
        elif below:
            dock.setFloating(False)
            self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
            self._panels_below_changed()
        else:
            window = self.geometry()
            width, height = 400, min(760, window.height() - 80)
            dock.setFloating(True)
            dock.setGeometry(window.right() - width - 12, window.top() + 60, width, height)
        if self.size() != size:
            self.resize(size)

    def show_step_time(self, on: bool) -> None:
        """Show or hide the Step time panel (View → Step Time Panel, F6)."""
        if self.step_time_action.isChecked() != on:
            self.step_time_action.setChecked(on)
            return
        if not on:
            if self.step_time_dock is not None:
                self.step_time_dock.hide()
            return
        first = self.step_time_dock is None
        panel = self.step_time_panel
        assert self.step_time_dock is not None   # built with the panel
        if first:
            self._place_step_time(first=True)   # before it shows: a docked panel must not widen the window
        self.step_time_dock.show()
        if first and not self.step_time_dock.isFloating():
            self._place_step_time(first=True)   # sized once shown
        panel.setFocus()

    def show_sources(self, on: bool) -> None:
        """Show or hide the Sources panel (View → Sources Panel, F9): below the tabs, following the
        current one."""
        if self.sources_action.isChecked() != on:
            self.sources_action.setChecked(on)
            return
        size = self.size()
        below = on and (self.sources_dock is None or not self.sources_dock.isFloating() and (
            self.dockWidgetArea(self.sources_dock) == Qt.DockWidgetArea.BottomDockWidgetArea))
        if below:   # the figures give way first: else the window grows past the screen to hold the panel
            for scroll in self.findChildren(FigureScroll):
                scroll.give_way(True)
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        if self.sources_dock is None:
            if not on:
                return
            from tslab.views.sources import SourcesPanel
            dock = QDockWidget(self.tr("Sources"), self)
            dock.setObjectName("sourcesDock")
            panel = SourcesPanel(self.model, dock)
            dock.setWidget(panel)
            dock.visibilityChanged.connect(lambda _: self.sources_action.setChecked(not dock.isHidden()))
            self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
            self.tabs.currentChanged.connect(lambda index: panel.set_tab(self.tab_keys[index]))
            panel.set_tab(self.current_tab_key())
            dock.visibilityChanged.connect(lambda _: self._panels_below_changed())
            dock.dockLocationChanged.connect(lambda _: self._panels_below_changed())
            dock.topLevelChanged.connect(lambda _: self._panels_below_changed())
            self.sources_dock = dock
        self.sources_dock.setVisible(on)
        # a panel never grows the window past the screen: the size it had, once the panel's own
        # minimum is laid out (at once it may still be the unlaid-out panel's)
        self._size_before_panel = size if on and self.size() != size and not self.isFullScreen() else None
        if below:
            self._panels_below_changed()
            QTimer.singleShot(0, self, self._size_sources)
            QTimer.singleShot(50, self, self._size_sources)   # and once the dock has been laid out

    def _size_sources(self) -> None:
        """A third of the window, at least SOURCES_MIN_HEIGHT, once the figures above have given
        way (their new minimum heights laid out first)."""
        if self.sources_dock is None or not self.sources_dock.isVisible():
            return
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        if self._size_before_panel is not None and not self.isMaximized():
            self.resize(self._size_before_panel)
        self.resizeDocks([self.sources_dock], [max(SOURCES_MIN_HEIGHT, self.height() // 3)], Qt.Orientation.Vertical)

    def _panels_below_changed(self) -> None:
        """Figures give way (FigureScroll.give_way) while a panel is docked below the tabs."""
        if not shiboken6.isValid(self):   # a dock's last signal while the window is destroyed
            return
        below = any(dock is not None and dock.isVisible() and not dock.isFloating()
                    and self.dockWidgetArea(dock) == Qt.DockWidgetArea.BottomDockWidgetArea
                    for dock in (self.sources_dock, self.step_time_dock))
        for scroll in self.findChildren(FigureScroll):
            scroll.give_way(below)

    @property
    def sources_panel(self):
        return self.sources_dock.widget() if self.sources_dock is not None else None

    def open_gallery(self):
        """View → Figure Gallery… (F8): the gallery window (not modal), built on first use."""
        if self.gallery_dialog is None:
            from tslab.desktop.gallery import open_gallery
            self.gallery_dialog = open_gallery(self.model, self, open_tab=self.open_figure_tab)
        self.gallery_dialog.show()
        self.gallery_dialog.raise_()
        self.gallery_dialog.activateWindow()
        return self.gallery_dialog

    def open_figure_tab(self, tab: str, live_view: dict) -> None:
        """The gallery's "Open in Its Tab": the figure's view keys (navigation, not an edit) and its tab."""
        if live_view:
            self.model.update(live_view)
        self.select_tab(tab)
        self.raise_()
        self.activateWindow()

    def export_all_figures(self) -> None:
        """File → Export All Figures…: every figure, or the handout, with progress and cancel."""
        from tslab.desktop.gallery import export_all
        export_all(self, self.model)

    def open_planner(self):
        """View → Plan Configurations…: the planner window (not modal), on the cluster's GPUs."""
        if self.planner_dialog is None:
            from tslab.views.time.planner import PlannerDialog  # the planner's models only when planning
            self.planner_dialog = PlannerDialog(self.model, self)
            available = self.screen().availableGeometry() if self.screen() else None
            width, height = 1180, 660
            if available is not None:
                width, height = min(width, available.width() - 40), min(height, available.height() - 60)
            self.planner_dialog.resize(width, height)
        view = self.planner_dialog.view
        if not view.running:
            view.gpus_box.setValue(self.model.scenario.world_size)
        self.planner_dialog.show()
        self.planner_dialog.raise_()
        self.planner_dialog.activateWindow()
        return self.planner_dialog

    def _update_status_time(self) -> None:
        """The status bar's step time and MFU: from the cache or a light computation at once, else
        from the step-time worker when it delivers (the UI thread never waits for a big preset)."""
        if self.model.errors:
            self.status_time.setText(self.tr("Step time: —"))
            self.status_time.setToolTip(self.tr("Invalid scenario: see the banner"))
            return
        result = self.time_source.result()
        if result is None:
            self.status_time.setText(self.tr("Step time: timing…"))
        else:
            self._show_status_time(result)

    def _show_status_time(self, result) -> None:
        if isinstance(result, Failed):
            self.status_time.setText(self.tr("Step time: —"))
            self.status_time.setToolTip(self.tr("The step-time model cannot time this scenario: {reason}").format(
                reason=result.reason))
            return
        self.status_time.setText(self.tr("Step {step} · MFU {mfu}").format(step=ms(result.step_time_s),
                                                                          mfu=percent(result.mfu)))
        self.status_time.setToolTip(self.tr("Step time and model FLOP utilisation of the step-time model; "
                                            "View → Step Time Panel (F6) shows where the time goes"))
