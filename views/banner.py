"""The validation banner: every problem of the scenario with the key it concerns.

It sits in the corner of the tab bar, on the tab row's free width, one line high: the first problem
and how many more, every problem in its tooltip and, on a click (or Enter or Space), in a panel
that stays open until dismissed. Placed there, a problem that comes or goes changes no page's
size: the tab widget gives a corner widget no more than the tab bar's height. In the window's
layout above the tabs, every figure was laid out and drawn again at each edit that made the
scenario invalid or valid again, 25 ms of an edit's redraw (benchmarks/edits.py). It is never
hidden, only blank while the scenario is clean: a corner widget shown or hidden has the tab widget
lay itself out and repaint every page, and it paints its own colours (no style sheet to parse and
polish again at each change).
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import QFrame, QLabel, QTabWidget, QWidget

from tslab.models.validation import Problem
from tslab.views.texts import translate_problem

# The banner's text keeps dark ink on its light backgrounds whatever the theme (View → Theme):
# (background, border, ink) of the errors and of the warnings.
ERROR_COLOURS = ("#fde2e1", "#d9534f", "#3b0d0c")
WARNING_COLOURS = ("#fff4d6", "#e0a800", "#3d2e00")


def banner_style(selector: str, colours: tuple[str, str, str]) -> str:
    """The style sheet of the panel with every problem."""
    background, border, ink = colours
    return f"{selector} {{ background: {background}; border: 1px solid {border}; color: {ink}; }}"


GAP = 12           # pixels between the last tab and the banner
LEAST_WIDTH = 160  # the banner's width when the tabs take the whole row: the sign and a few words


class _Details(QLabel):
    """The panel with every problem: a pop-up window that Escape closes (a label keeps the key)."""

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.hide()
            return
        super().keyPressEvent(event)


class ValidationBanner(QFrame):
    """Blank when the scenario is clean; red with the errors, amber with only warnings. In the
    corner of a `BannerTabs`, as wide as the tabs leave free."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("banner")
        self.label = QLabel(self)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        # the label is placed by hand (resizeEvent), not by a layout: a new text would have the
        # layout ask the tab widget to lay itself out, and it repaints every page when it does
        self.setContentsMargins(6, 1, 6, 1)
        self.details = _Details(self)   # every problem: the panel a click opens (a window of its own)
        self.details.setWindowFlags(Qt.WindowType.Popup)
        self.details.setObjectName("bannerDetails")
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details.setMargin(8)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)   # Tab stops at it while there are problems
        self.problems: list[Problem] = []
        self._colours: tuple[str, str, str] | None = None   # what it paints (None: nothing)
        self._tabs: QTabWidget | None = None
        self._width = LEAST_WIDTH

    def place_in(self, tabs: QTabWidget) -> None:
        """Show the banner in `tabs`' top right corner (a BannerTabs refits it when its width
        changes)."""
        self._tabs = tabs
        tabs.setCornerWidget(self, Qt.Corner.TopRightCorner)
        self.fit()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            # once every widget has its new type: the tab bar's width hint follows its own
            QTimer.singleShot(0, self, self.fit)

    def fit(self) -> None:
        """As wide as the row beside the tabs leaves, the text elided to it."""
        if self._tabs is not None:
            free = self._tabs.width() - self._tabs.tabBar().sizeHint().width() - GAP
            width = max(free, LEAST_WIDTH)
            if width != self._width:
                self._width = width
                self.updateGeometry()
        self._elide()

    def sizeHint(self) -> QSize:
        margins = self.contentsMargins()
        return QSize(self._width, self.label.fontMetrics().height() + margins.top() + margins.bottom() + 2)

    def minimumSizeHint(self) -> QSize:
        return QSize(LEAST_WIDTH, self.sizeHint().height())

    def summary(self) -> str:
        """The one line: the first problem (errors first) and how many more."""
        errors = [p for p in self.problems if p.severity == "error"]
        first = ("✖ " if errors else "⚠ ") + translate_problem((errors or self.problems)[0])
        more = len(self.problems) - 1
        return first if not more else self.tr("{problem} (+{count} more: click for all)").format(
            problem=first, count=more)

    def full_text(self) -> str:
        """Every problem, errors first, as rich text (the tooltip and the panel)."""
        errors = [p for p in self.problems if p.severity == "error"]
        warnings = [p for p in self.problems if p.severity != "error"]
        lines = []
        if errors:
            lines.append("<b>" + self.tr("Invalid scenario ({count} errors):").format(count=len(errors)) + "</b>")
            lines += ["✖ " + translate_problem(p) for p in errors]
        if warnings:
            lines.append("<b>" + self.tr("Warnings:") + "</b>")
            lines += ["⚠ " + translate_problem(p) for p in warnings]
        return "<br>".join(lines)

    def show_problems(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        colours = (ERROR_COLOURS if any(p.severity == "error" for p in problems) else WARNING_COLOURS) \
            if problems else None
        if colours != self._colours:
            self._colours = colours
            if colours is not None:
                palette = self.label.palette()
                palette.setColor(QPalette.ColorRole.WindowText, QColor(colours[2]))
                self.label.setPalette(palette)
                self.details.setStyleSheet(banner_style("QLabel#bannerDetails", colours))
            self.setCursor(Qt.CursorShape.PointingHandCursor if colours else Qt.CursorShape.ArrowCursor)
            self.setFocusPolicy(Qt.FocusPolicy.TabFocus if colours else Qt.FocusPolicy.NoFocus)
            self.update()
        full = self.full_text() if problems else ""
        self.setToolTip(full)
        self.details.setText(full)
        if not problems:
            self.label.clear()
            self.details.hide()
            return
        self._elide()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.label.setGeometry(self.contentsRect())

    def paintEvent(self, event) -> None:
        if self._colours is None:
            return
        background, border, _ = self._colours
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QColor(border))
        painter.setBrush(QColor(background))
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 3, 3)
        painter.end()

    def _elide(self) -> None:
        if not self.problems:
            return
        margins = self.contentsMargins()
        room = max(self._width - margins.left() - margins.right(), 20)
        text = self.label.fontMetrics().elidedText(self.summary(), Qt.TextElideMode.ElideRight, room)
        if self.label.text() != text:
            self.label.setText(text)

    def show_details(self) -> None:
        """The panel with every problem, under the banner's right edge, on the banner's screen."""
        if not self.problems:
            return
        self.details.setFont(self.font())
        width = min(max(self._width, 420), 720)
        self.details.setFixedWidth(width)
        self.details.adjustSize()
        corner = self.mapToGlobal(QPoint(self.width(), self.height()))
        self.details.move(corner.x() - width, corner.y() + 2)
        self.details.show()

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.show_details()
        super().mousePressEvent(event)

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.show_details()
            return
        super().keyPressEvent(event)


class BannerTabs(QTabWidget):
    """The window's tabs, with room beside them for a ValidationBanner (`place_in`), refitted when
    their width changes (a change of type: the banner's own changeEvent)."""

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        banner = self.cornerWidget(Qt.Corner.TopRightCorner)
        if isinstance(banner, ValidationBanner):
            banner.fit()
