"""Drawing a widget off screen: laid out at a size without showing it, then painted into an image.
The export (desktop/export.py) and the gallery's thumbnails draw figures this way."""
from __future__ import annotations

from PySide6.QtCore import QEventLoop, QPoint, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QWidget


def lay_out_offscreen(widget: QWidget, size: QSize, *, user_input: bool = True) -> None:
    """Lay the widget out at `size` without showing it on screen (layouts and pyqtgraph's deferred
    updates need the event loop). `user_input=False`: a click meanwhile does not reach the window,
    as it would act in the middle of a drawing."""
    flags = QEventLoop.ProcessEventsFlag.AllEvents if user_input else \
        QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents
    widget.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    widget.resize(size)
    widget.show()
    widget.ensurePolished()
    QApplication.processEvents(flags)
    widget.resize(size)
    QApplication.processEvents(flags)


def render_image(widget: QWidget, scale: float = 1.0) -> QImage:
    """The widget as an image of size × scale pixels, drawn at device-pixel ratio `scale` on white."""
    size = widget.size()
    image = QImage(round(size.width() * scale), round(size.height() * scale), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(scale)
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        widget.render(painter, QPoint())
    finally:
        painter.end()
    return image


__all__ = ["lay_out_offscreen", "render_image"]
