"""Render the app icon resources/icons/tslab.svg to the files the installers use:

    resources/icons/hicolor/NxN/apps/tslab.png   the freedesktop hicolor theme's sizes (Linux, the .deb)
    resources/icons/tslab.ico                    Windows: the programs' and the installer's icon
    resources/icons/tslab.icns                   macOS: the .app's icon

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/make_icons.py

Run it after editing the SVG and commit what it writes. Rendering uses Qt's QSvgRenderer, the same
renderer the app uses for SVG. ICO and ICNS files hold PNG images: an ICO directory entry may point
at PNG data (Windows Vista and later), and ICNS elements ic07…ic14, icp4…icp6 are PNG data (Apple's
icns format as read by macOS 10.7 and later).
"""
from __future__ import annotations

import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "resources" / "icons"
SVG = ICONS / "tslab.svg"
# The hicolor theme's fixed sizes that desktops look up (Icon Theme Specification; the
# "apps" context of hicolor-icon-theme's index.theme).
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element type -> pixel size (Apple's icns types that carry PNG data).
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256), ("ic09", 512),
              ("ic10", 1024), ("ic11", 32), ("ic12", 64), ("ic13", 256), ("ic14", 512))


def hicolor_path(size: int) -> Path:
    return ICONS / "hicolor" / f"{size}x{size}" / "apps" / "tslab.png"


def render_png(size: int) -> bytes:
    """The SVG drawn into a size × size ARGB image, as PNG bytes."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise ValueError(f"{SVG} is not a valid SVG file")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def ico(images: dict[int, bytes]) -> bytes:
    """An ICO file of PNG images: ICONDIR (reserved 0, type 1, count), one 16-byte ICONDIRENTRY
    each (width and height, 0 meaning 256; 32 bits per pixel; size and offset of the data)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = images[size]
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return header + entries + blobs


def icns(images: dict[int, bytes]) -> bytes:
    """An ICNS file: 'icns' and the file length (big-endian), then elements of type, length
    (including its 8-byte header) and PNG data."""
    body = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(images[size])) + images[size]
                    for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (Qt needs one for painting)
    sizes = sorted(set(HICOLOR_SIZES) | set(ICO_SIZES) | {size for _kind, size in ICNS_TYPES})
    images = {size: render_png(size) for size in sizes}
    for size in HICOLOR_SIZES:
        path = hicolor_path(size)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(images[size])
    (ICONS / "tslab.ico").write_bytes(ico({size: images[size] for size in ICO_SIZES}))
    (ICONS / "tslab.icns").write_bytes(icns(images))
    print(f"wrote {len(HICOLOR_SIZES)} hicolor PNGs, tslab.ico and tslab.icns under {ICONS.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
