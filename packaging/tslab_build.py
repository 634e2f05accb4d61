"""What the tslab builds share: the version, the Qt files a bundle keeps, the ELF pruning of
unused shared libraries, and the size table printed after a build.

Used by tslab.spec (PyInstaller), debian.py (the .deb), dist_check.py and the packaging tests;
it imports nothing outside the standard library, so the tests need no PyInstaller.

    python packaging/tslab_build.py version          prints tslab.__version__ from __init__.py
    python packaging/tslab_build.py sizes DIST_DIR   prints the size table of a one-folder bundle
"""
from __future__ import annotations

import ast
import os
import re
import struct
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePosixPath
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "org.tslab.TrainingSystemsLab"  # reverse-DNS id: .desktop, AppStream, macOS bundle, Windows AppId
APP_NAME = "Training Systems Lab"


def read_version(root: Path = ROOT) -> str:
    """`__version__` of the package `tslab` (the repository root's __init__.py), read without importing it."""
    tree = ast.parse((root / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "__version__"
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            return node.value.value
    raise ValueError(f"no __version__ = \"…\" in {root / '__init__.py'}")


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """The four numbers Windows' VERSIONINFO wants: "0.1.0" -> (0, 1, 0, 0); "1.2.0rc1" -> (1, 2, 0, 0)."""
    numbers = [int(match.group()) if (match := re.match(r"\d+", part)) else 0 for part in version.split(".")[:4]]
    return tuple((numbers + [0, 0, 0, 0])[:4])  # type: ignore[return-value]


# ---- Qt files the bundle keeps --------------------------------------------------------------------

# Qt plugin folders tslab uses: the windowing system (platforms; xcbglintegrations for xcb's GL
# contexts), the SVG icon engine and image format, input methods (ibus and compose: Chinese input),
# and styles (the native Windows and macOS ones). Everything else (network information, TLS, EGL
# device integrations, evdev input, Wayland client plugins, the GTK and xdg-desktop-portal
# platform themes) serves modules or environments tslab does not use.
QT_PLUGIN_DIRS = frozenset({"platforms", "xcbglintegrations", "iconengines", "imageformats",
                            "platforminputcontexts", "styles"})
# Platform plugins: X11 (xcb), Windows, macOS (cocoa), and offscreen/minimal for headless export.
# Wayland sessions run the xcb plugin through XWayland; eglfs, linuxfb, vnc and vkkhrdisplay are
# for embedded devices.
QT_PLATFORMS = frozenset({"qxcb", "qwindows", "qcocoa", "qoffscreen", "qminimal"})
# Image formats: SVG (icons). PNG and the exports' SVG/PDF writers are built into QtGui and QtSvg.
QT_IMAGE_FORMATS = frozenset({"qsvg"})
# Qt's own translations: the catalogues of the two UI languages (qt_zh_CN.qm loads qtbase_zh_CN.qm).
QT_TRANSLATIONS = re.compile(r"(qt|qtbase)_(en|zh_CN)\.qm")
# Qt libraries that only the dropped plugins and modules load (Linux also finds these by ELF pruning).
QT_UNUSED_LIBRARIES = re.compile(
    r"(lib)?Qt6(Network|Test|Pdf\w*|Qml\w*|Quick\w*|Wayland\w*|WlShell\w*|EglFs\w*|EglFS\w*|"
    r"VirtualKeyboard\w*|Designer\w*|UiTools|Help|Sql|Xml)(\.|d?\.dll)")


def _plugin_name(file_name: str) -> str:
    """libqxcb.so -> qxcb, qwindows.dll -> qwindows, libqcocoa.dylib -> qcocoa."""
    stem = file_name.split(".", 1)[0]
    return stem[3:] if stem.startswith("lib") else stem


def keep_qt_file(dest: str) -> bool:
    """Whether a bundle file (its destination path inside the bundle, / or \\ separated) is kept.
    Only Qt's plugins, translations and libraries are ever dropped; every other file is kept."""
    parts = PurePosixPath(dest.replace("\\", "/")).parts
    if "PySide6" not in parts:
        return True
    below = parts[parts.index("PySide6") + 1:]
    if below[:1] == ("Qt",):  # Linux and macOS: PySide6/Qt/{lib,plugins,translations}; Windows: PySide6/…
        below = below[1:]
    if not below:
        return True
    name = below[-1]
    if below[0] == "plugins" and len(below) >= 3:
        folder = below[1]
        if folder not in QT_PLUGIN_DIRS:
            return False
        if folder == "platforms":
            return _plugin_name(name) in QT_PLATFORMS
        if folder == "imageformats":
            return _plugin_name(name) in QT_IMAGE_FORMATS
        return True
    if below[0] == "translations":
        return QT_TRANSLATIONS.fullmatch(name) is not None
    return QT_UNUSED_LIBRARIES.match(name) is None


# ---- ELF: which shared libraries a bundle still needs --------------------------------------------

DT_NEEDED, DT_STRTAB = 1, 5
PT_LOAD, PT_DYNAMIC = 1, 2


class _Elf(NamedTuple):
    """An ELF file read whole: its bytes, class and byte order, and the fields of its ELF header
    that locate the program and the section header tables (ELF gABI, "ELF Header")."""
    data: bytes
    is64: bool
    endian: str  # struct byte-order prefix
    phoff: int
    shoff: int
    phentsize: int
    phnum: int
    shentsize: int
    shnum: int
    shstrndx: int


# The ELF header after e_ident's 16 bytes: e_type, e_machine, e_version, e_entry, e_phoff, e_shoff,
# e_flags, e_ehsize, e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx (addresses and offsets
# are 8 bytes in a 64-bit file, 4 in a 32-bit one)
ELF_HEADER_64, ELF_HEADER_32 = "HHIQQQIHHHHHH", "HHIIIIIHHHHHH"


def _read_elf(path: Path, least: int) -> _Elf | None:
    """An ELF file of at least `least` bytes (its header); None for any other file."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:4] != b"\x7fELF" or len(data) < least:
        return None
    is64, endian = data[4] == 2, "<" if data[5] == 1 else ">"
    header = struct.unpack_from(endian + (ELF_HEADER_64 if is64 else ELF_HEADER_32), data, 16)
    return _Elf(data, is64, endian, *header[4:6], *header[8:])


def elf_needed(path: Path) -> list[str] | None:
    """The DT_NEEDED entries (sonames) of an ELF file, in order; None if it is not ELF.
    (ELF gABI: the program headers give the PT_DYNAMIC segment; its DT_STRTAB address is mapped to
    a file offset through the PT_LOAD segment that contains it.)"""
    elf = _read_elf(path, 64)
    if elf is None:
        return None
    data, is64, endian = elf.data, elf.is64, elf.endian
    if is64:
        ph_format, dyn_format = endian + "IIQQQQQQ", endian + "qQ"
    else:
        ph_format, dyn_format = endian + "IIIIIIII", endian + "iI"
    loads: list[tuple[int, int, int]] = []  # (vaddr, offset, filesz)
    dynamic: tuple[int, int] | None = None
    for index in range(elf.phnum):
        fields = struct.unpack_from(ph_format, data, elf.phoff + index * elf.phentsize)
        if is64:
            p_type, _flags, p_offset, p_vaddr, _paddr, p_filesz = fields[:6]
        else:
            p_type, p_offset, p_vaddr, _paddr, p_filesz = fields[:5]
        if p_type == PT_LOAD:
            loads.append((p_vaddr, p_offset, p_filesz))
        elif p_type == PT_DYNAMIC:
            dynamic = (p_offset, p_filesz)
    if dynamic is None:
        return []
    entry_size = struct.calcsize(dyn_format)
    needed_offsets: list[int] = []
    strtab_vaddr = None
    for offset in range(dynamic[0], dynamic[0] + dynamic[1] - entry_size + 1, entry_size):
        tag, value = struct.unpack_from(dyn_format, data, offset)
        if tag == 0:
            break
        if tag == DT_NEEDED:
            needed_offsets.append(value)
        elif tag == DT_STRTAB:
            strtab_vaddr = value
    if strtab_vaddr is None:
        return []
    strtab = next((offset + strtab_vaddr - vaddr for vaddr, offset, size in loads
                   if vaddr <= strtab_vaddr < vaddr + size), strtab_vaddr)
    names = []
    for name_offset in needed_offsets:
        start = strtab + name_offset
        names.append(data[start:data.index(b"\0", start)].decode())
    return names


def elf_section_names(path: Path) -> list[str] | None:
    """The section names of an ELF file (from its section header table); None if it is not ELF."""
    elf = _read_elf(path, 52)
    if elf is None:
        return None
    data = elf.data
    sh_format = elf.endian + ("IIQQQQ" if elf.is64 else "IIIIII")
    if elf.shoff == 0 or elf.shnum == 0 or elf.shstrndx >= elf.shnum:
        return []
    headers = [struct.unpack_from(sh_format, data, elf.shoff + index * elf.shentsize) for index in range(elf.shnum)]
    strtab_offset = headers[elf.shstrndx][4]
    names = []
    for header in headers:
        start = strtab_offset + header[0]
        names.append(data[start:data.index(b"\0", start)].decode(errors="replace"))
    return names


def strip_debug_info(dist_dir: Path, strip: str = "strip") -> list[tuple[str, int, int]]:
    """Strip the shared libraries of a one-folder bundle that carry DWARF debug information (a Python
    built from source: libpython and its extension modules). Libraries from wheels are left alone:
    they come without debug information, and auditwheel's patchelf rewrites their program headers in
    a way that `strip` breaks ("ELF load command address/offset not page-aligned", seen with
    numpy.libs' OpenBLAS). The program itself is never stripped: its code archive is appended to it.
    Returns (path, size before, size after) of each file stripped."""
    import subprocess

    stripped = []
    internal = dist_dir / "_internal"
    for path in sorted(internal.rglob("*")):
        if path.is_symlink() or not path.is_file() or ".so" not in path.name:
            continue
        sections = elf_section_names(path)
        if not sections or not any(name.startswith(".debug_") for name in sections):
            continue
        before = path.stat().st_size
        subprocess.run([strip, "--strip-unneeded", str(path)], check=True)
        stripped.append((str(path.relative_to(dist_dir)), before, path.stat().st_size))
    return stripped


# Libraries of the display, font and session stack that the target system provides: the .deb
# depends on their packages and packaging/install-system-deps.sh installs them. Bundling them
# breaks more than it helps: an older bundled libfontconfig cannot read a newer system's
# fonts.conf, and an older bundled libstdc++ stops the system's Mesa drivers from loading.
SYSTEM_LIBRARIES = re.compile(
    r"lib(X11|X11-xcb|Xau|Xdmcp|Xext|Xrender|Xi|Xfixes|xcb(-[\w-]+)?|xkbcommon(-x11)?|fontconfig|freetype|"
    r"glib-2\.0|gobject-2\.0|gio-2\.0|gmodule-2\.0|gthread-2\.0|dbus-1|EGL|GL|GLX|GLdispatch|OpenGL|"
    r"stdc\+\+|gcc_s)\.so(\.\d+)*")

Entry = tuple[str, str, str]  # PyInstaller TOC entry: (destination name, source path, type code)


def _is_prunable(entry: Entry) -> bool:
    """A shared library that is in the bundle only because something links against it: not a Python
    extension module, not a Qt plugin (Qt loads those itself), not libpython (the bootloader loads it)."""
    dest, _source, typecode = entry
    name = PurePosixPath(dest).name
    return (typecode == "BINARY" and ".so" in name and "/plugins/" not in f"/{dest}"
            and not name.startswith("libpython"))


def prune_linux_libraries(binaries: Sequence[Entry]) -> tuple[list[Entry], list[str]]:
    """Drop the system libraries of SYSTEM_LIBRARIES, then every prunable library that no kept ELF
    file lists in DT_NEEDED, until nothing changes. Returns the kept entries and the dropped names."""
    kept = [entry for entry in binaries if not (SYSTEM_LIBRARIES.fullmatch(PurePosixPath(entry[0]).name))]
    dropped = sorted({PurePosixPath(e[0]).name for e in binaries} - {PurePosixPath(e[0]).name for e in kept})
    needed_by: dict[str, list[str]] = {}
    for dest, source, _typecode in kept:
        needed_by[dest] = (elf_needed(Path(source)) or []) if os.path.isfile(source) else []
    while True:
        wanted = {soname for dest, _s, _t in kept for soname in needed_by[dest]}
        unused = [entry for entry in kept if _is_prunable(entry) and PurePosixPath(entry[0]).name not in wanted]
        if not unused:
            return kept, sorted(set(dropped))
        kept = [entry for entry in kept if entry not in unused]
        dropped.extend(PurePosixPath(entry[0]).name for entry in unused)


def drop_dangling_symlinks(entries: Sequence[Entry], present: Sequence[Entry] = ()) -> list[Entry]:
    """Drop PyInstaller's SYMLINK entries (source = the destination they point to) whose target is no
    longer in the bundle, e.g. _internal/libQt6Network.so.6 -> PySide6/Qt/lib/libQt6Network.so.6.
    `present`: the bundle's other entries (PyInstaller keeps SYMLINK entries with the data files)."""
    kept = {PurePosixPath(dest.replace("\\", "/")) for dest, _source, typecode in [*entries, *present]
            if typecode != "SYMLINK"}
    result = []
    for entry in entries:
        dest, source, typecode = entry
        if typecode == "SYMLINK":
            target = PurePosixPath(dest.replace("\\", "/")).parent / source.replace("\\", "/")
            if PurePosixPath(os.path.normpath(target)) not in kept:
                continue
        result.append(entry)
    return result


# ---- sizes ---------------------------------------------------------------------------------------

def _part(relative: PurePosixPath) -> str:
    """The part of the bundle a file belongs to, for the size table."""
    parts, name = relative.parts, relative.name
    if len(parts) == 1:
        return "the programs (bootloader + archive of numpy, networkx, pyqtgraph, PySide6 code)"
    if "PySide6" in parts:
        below = parts[parts.index("PySide6") + 1:]
        if below[:1] == ("Qt",):
            below = below[1:]
        if below[:1] == ("plugins",):
            return "Qt plugins"
        if below[:1] == ("translations",):
            return "Qt translations"
        if name.startswith(("libicu", "icu")):
            return "Qt's ICU (Unicode tables)"
        if name.startswith(("libQt6", "Qt6")):
            return "Qt libraries"
        return "PySide6 and shiboken6 modules"
    if "shiboken6" in parts:
        return "PySide6 and shiboken6 modules"
    if "numpy" in parts or "numpy.libs" in parts:
        return "numpy (with OpenBLAS)"
    if "tslab" in parts:
        return "tslab (code .pyc and resources)"
    if "lib-dynload" in parts:
        return "Python extension modules (standard library)"
    if name.startswith("libpython") or name.startswith("python3"):
        return "libpython"
    if relative.suffix == ".pyc" or name == "base_library.zip":
        return "Python standard library (.pyc)"
    if ".so" in name or relative.suffix in (".dll", ".dylib", ".pyd"):
        return "other shared libraries"
    return "other files"


def bundle_files(dist_dir: Path) -> list[tuple[PurePosixPath, int]]:
    """Every regular file of a bundle (symbolic links not followed, so nothing counts twice)."""
    files = []
    for path in sorted(dist_dir.rglob("*")):
        if path.is_file() and not path.is_symlink():
            files.append((PurePosixPath(path.relative_to(dist_dir).as_posix()), path.stat().st_size))
    return files


def size_table(dist_dir: Path, largest: int = 12) -> str:
    """The bundle's total, its parts (largest first) and its largest files, as aligned text."""
    files = bundle_files(dist_dir)
    total = sum(size for _path, size in files)
    parts: dict[str, int] = {}
    for path, size in files:
        parts[_part(path)] = parts.get(_part(path), 0) + size
    lines = [f"{dist_dir}: {_mb(total)} in {len(files)} files", "", "  part" + " " * 62 + "size    share"]
    for name, size in sorted(parts.items(), key=lambda item: -item[1]):
        lines.append(f"  {name:<64} {_mb(size):>9} {100 * size / total:5.1f} %")
    lines += ["", f"  the {largest} largest files"]
    for path, size in sorted(files, key=lambda item: -item[1])[:largest]:
        lines.append(f"  {str(path):<64} {_mb(size):>9}")
    return "\n".join(lines)


def _mb(size: int) -> str:
    return f"{size / 1e6:.1f} MB"


def directory_size(path: Path) -> int:
    return sum(size for _p, size in bundle_files(path))


def main(argv: Iterable[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["version"]:
        print(read_version())
        return 0
    if len(args) == 2 and args[0] == "sizes":
        print(size_table(Path(args[1])))
        return 0
    print(__doc__.split("\n\n")[-1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
