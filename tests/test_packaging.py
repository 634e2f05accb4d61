"""The installers' inputs, checked without building anything: the desktop entry, AppStream and
MIME files, the one version number, the icons' file formats, which Qt files the bundle keeps,
the ELF reader behind the library pruning, and what the bundle leaves out against what tslab
imports. (Building and running the bundle and the .deb is make dist-check's job.)"""
from __future__ import annotations

import ast
import configparser
import fnmatch
import importlib.util
import plistlib
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tslab

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
LINUX = ROOT / "resources" / "linux"
ICONS = ROOT / "resources" / "icons"
SPEC = PACKAGING / "tslab.spec"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"packaging_{name}", PACKAGING / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(PACKAGING))  # debian.py and dist_check.py import tslab_build
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(PACKAGING))
    return module


tslab_build = _load("tslab_build")
debian = _load("debian")
make_icons = _load("make_icons")
dist_check = _load("dist_check")
APP_ID = tslab_build.APP_ID


def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive (Desktop Entry Specification §3)
    parser.read(LINUX / f"{APP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def _mime_type() -> ET.Element:
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    (element,) = ET.parse(LINUX / f"{APP_ID}.xml").getroot().findall("m:mime-type", ns)
    return element


def _spec_names() -> dict[str, object]:
    """The literal lists assigned at the top level of tslab.spec (it is Python, run by PyInstaller)."""
    names = {}
    for node in ast.parse(SPEC.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            try:
                names[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass
    return names


def _tslab_sources() -> list[Path]:
    """The package's modules as the bundle stages them: folders with an __init__.py, no tests."""
    sources = []
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT)
        top = relative.parts[0]
        if top in ("tests", "packaging", "benchmarks", "build", "dist") or top.startswith("."):
            continue
        folders = [ROOT / Path(*relative.parts[:depth]) for depth in range(len(relative.parts))]
        if all((folder / "__init__.py").is_file() for folder in folders):
            sources.append(path)
    return sources


# ---- desktop entry, AppStream, MIME type -----------------------------------------------------------

def test_desktop_entry_starts_the_packaged_program_and_opens_scenarios():
    entry = _desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Exec"].split() == ["tslab", "%f"]  # %f: one file, as packaging/tslab_entry.py expects
    assert entry["TryExec"] == "tslab"
    # The program is the one the Linux spec builds and the .deb links as /usr/bin/tslab.
    assert re.search(r'programs\.append\(EXE\([^)]*name="tslab", console=True', SPEC.read_text(encoding="utf-8"))
    assert entry["Icon"] == "tslab"
    assert entry["MimeType"].rstrip(";").split(";") == [_mime_type().get("type")]
    assert entry["Terminal"] == "false"


def test_desktop_entry_passes_desktop_file_validate():
    if shutil.which("desktop-file-validate") is None:
        pytest.skip("desktop-file-validate is not installed (apt-get install desktop-file-utils)")
    result = subprocess.run(["desktop-file-validate", str(LINUX / f"{APP_ID}.desktop")],
                            capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout


def test_metainfo_names_the_desktop_entry_the_binary_and_the_mime_type():
    root = ET.parse(LINUX / f"{APP_ID}.metainfo.xml").getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.find("launchable").text == f"{APP_ID}.desktop"
    assert root.find("launchable").get("type") == "desktop-id"
    assert root.findtext("provides/binary") == "tslab"
    assert root.findtext("provides/mediatype") == _mime_type().get("type")
    assert root.findtext("project_license") == "MIT"
    assert root.find("releases") is None  # added from CHANGELOG.md at build time, never written twice


def test_metainfo_with_releases_from_the_changelog_is_valid(tmp_path):
    releases = debian.changelog_releases((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    text = debian.metainfo((LINUX / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8"), releases)
    root = ET.fromstring(text.encode("utf-8"))
    assert [release.get("version") for release in root.findall("releases/release")] == [v for v, _d in releases]
    assert root.find("releases/release").get("version") == tslab.__version__
    if shutil.which("appstreamcli") is None:
        pytest.skip("appstreamcli is not installed (apt-get install appstream)")
    path = tmp_path / f"{APP_ID}.metainfo.xml"
    path.write_text(text, encoding="utf-8")
    result = subprocess.run(["appstreamcli", "validate", "--no-net", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mime_type_claims_tslab_scenarios_only():
    element = _mime_type()
    globs = [glob.get("pattern") for glob in element.iter() if glob.tag.endswith("glob")]
    assert globs == ["*.tslab.toml"]
    assert fnmatch.fnmatch("deepseek-v3.tslab.toml", globs[0])
    assert not fnmatch.fnmatch("pyproject.toml", globs[0])
    # Longer globs win in shared-mime-info only when weighted at least as much as *.toml (50).
    assert int(next(g for g in element.iter() if g.tag.endswith("glob")).get("weight")) > 50


# ---- one version number ------------------------------------------------------------------------------

def test_version_is_read_from_the_package():
    assert tslab_build.read_version() == tslab.__version__
    assert re.fullmatch(r"\d+\.\d+\.\d+([a-z]+\d+)?", tslab.__version__)


def test_spec_takes_its_version_from_the_package_and_writes_it_nowhere():
    text = SPEC.read_text(encoding="utf-8")
    assert "VERSION = tslab_build.read_version(ROOT)" in text
    assert tslab.__version__ not in text
    assert "version=VERSION" in text  # the macOS bundle


def test_info_plist_template_gets_the_version_as_the_spec_fills_it():
    template = (PACKAGING / "macos" / "Info.plist").read_text(encoding="utf-8")
    assert tslab.__version__ not in template
    assert 'template.replace("@VERSION@", VERSION)' in SPEC.read_text(encoding="utf-8")
    info = plistlib.loads(template.replace("@VERSION@", tslab_build.read_version()).encode("utf-8"))
    assert info["CFBundleShortVersionString"] == info["CFBundleVersion"] == tslab.__version__
    assert info["NSHighResolutionCapable"] is True and info["LSBackgroundOnly"] is False
    (scenario,) = [t for t in info["UTExportedTypeDeclarations"] if t["UTTypeIdentifier"] == "org.tslab.scenario"]
    assert scenario["UTTypeTagSpecification"]["public.filename-extension"] == ["tslab.toml"]
    assert any(d.get("LSItemContentTypes") == ["org.tslab.scenario"] for d in info["CFBundleDocumentTypes"])
    assert (ICONS / "tslab.icns").is_file()


def _inno_version(iss: str, init_py: str) -> str:
    """What the .iss preprocessor code computes, with ISPP's 1-based Pos/RPos/Copy/Len."""
    prefix = re.search(r"""#define VersionPrefix '([^']*)'""", iss).group(1)
    assert "Pos(VersionPrefix, FileLine) == 1" in iss
    assert "Copy(FileLine, Len(VersionPrefix) + 1, RPos('\"', FileLine) - Len(VersionPrefix) - 1)" in iss
    for line in init_py.splitlines():
        if line.find(prefix) + 1 == 1:
            start, count = len(prefix) + 1, (line.rfind('"') + 1) - len(prefix) - 1
            return line[start - 1:start - 1 + count]
    return ""


def test_inno_setup_script_reads_the_version_from_init_py():
    iss = (PACKAGING / "windows" / "tslab.iss").read_text(encoding="utf-8")
    assert tslab.__version__ not in iss
    assert 'FileOpen(RepoRoot + "\\__init__.py")' in iss
    assert _inno_version(iss, (ROOT / "__init__.py").read_text(encoding="utf-8")) == tslab.__version__
    assert _inno_version(iss, 'x = 1\n__version__ = "12.3.4rc1"\r\n') == "12.3.4rc1"  # CRLF checkouts too
    assert "AppVersion={#AppVersion}" in iss and "OutputBaseFilename=tslab-{#AppVersion}-windows-x64-setup" in iss


def test_inno_setup_script_installs_the_bundle_with_menu_entry_uninstaller_and_file_type():
    iss = (PACKAGING / "windows" / "tslab.iss").read_text(encoding="utf-8")
    assert 'Source: "{#RepoRoot}\\dist\\tslab\\*"' in iss and "recursesubdirs" in iss
    assert re.search(r'^Name: "\{autoprograms\}\\\{#AppName\}"; Filename: "\{app\}\\tslab\.exe"', iss, re.M)
    assert "Uninstallable=no" not in iss  # Inno Setup writes an uninstaller unless told not to
    assert '"""{app}\\tslab.exe"" ""%1"""' in iss and "ChangesAssociations=yes" in iss
    assert (ICONS / "tslab.ico").is_file()


def test_debian_control_has_the_version_and_the_system_libraries():
    depends = debian.depends(debian.system_packages())
    text = debian.control(tslab_build.read_version(), "amd64", 170_000, depends)
    fields = dict(re.findall(r"^(\S+): (.*)$", text, re.M))
    assert fields["Package"] == "tslab" and fields["Version"] == tslab.__version__
    assert {"Architecture", "Maintainer", "Installed-Size", "Depends", "Description"} <= set(fields)
    continuation = [line for line in text.splitlines() if not re.match(r"^\S+: ", line)]
    assert continuation and all(line.startswith(" ") and line.strip() for line in continuation)
    entries = [entry.strip() for entry in fields["Depends"].split(",")]
    names = {alternative.split()[0].removesuffix("t64") for entry in entries for alternative in entry.split("|")}
    assert set(debian.system_packages()) <= names
    assert any(set(entry.replace(" ", "").split("|")) >= {"fonts-wqy-microhei", "fonts-noto-cjk"} for entry in entries)
    assert any(entry.startswith("libc6 (>= ") or entry == "libc6" for entry in entries)


def test_debian_depends_lists_are_the_install_script_arrays_as_bash_reads_them():
    script = (PACKAGING / "install-system-deps.sh").read_text(encoding="utf-8")
    for name in ("OFFSCREEN", "WINDOW", "FONTS"):
        definition = re.search(rf"^{name}=\(.*?\)", script, re.S | re.M).group(0)
        bash = subprocess.run(["bash", "-c", f'{definition}\nprintf "%s\\n" "${{{name}[@]}}"'],
                              capture_output=True, text=True, check=True)
        assert debian.shell_array(script, name) == bash.stdout.split()
    assert "libxcb-cursor0" in debian.system_packages() and "libegl1" in debian.system_packages()


def test_changelog_has_the_current_version_on_top():
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = debian.changelog_releases(changelog)
    assert releases and releases[0][0] == tslab.__version__
    assert "## [Unreleased]" in changelog.split(f"## [{tslab.__version__}]")[0]
    assert re.search(rf"## \[{re.escape(tslab.__version__)}\] - \d{{4}}-\d{{2}}-\d{{2}}\n", changelog)


# ---- icons -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", make_icons.HICOLOR_SIZES)
def test_hicolor_png_has_its_folders_size(size):
    data = make_icons.hicolor_path(size).read_bytes()
    assert dist_check.png_size(data) == (size, size)


def test_hicolor_sizes_cover_16_to_512():
    assert min(make_icons.HICOLOR_SIZES) == 16 and max(make_icons.HICOLOR_SIZES) == 512
    found = sorted(int(p.parent.parent.name.split("x")[0]) for p in (ICONS / "hicolor").glob("*/apps/tslab.png"))
    assert found == sorted(make_icons.HICOLOR_SIZES)


def test_ico_directory_points_at_pngs_of_the_stated_sizes():
    data = (ICONS / "tslab.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind, count) == (0, 1, len(make_icons.ICO_SIZES))
    sizes = []
    for index in range(count):
        width, height, _colors, _r, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * index)
        image = data[offset:offset + length]
        side = width or 256
        assert height == width and planes == 1 and bits == 32
        assert dist_check.png_size(image) == (side, side)
        sizes.append(side)
    assert sizes == sorted(make_icons.ICO_SIZES)


def test_icns_elements_are_pngs_of_their_types_sizes():
    data = (ICONS / "tslab.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    offset, seen = 8, {}
    while offset < len(data):
        kind = data[offset:offset + 4].decode("ascii")
        length = struct.unpack_from(">I", data, offset + 4)[0]
        seen[kind] = dist_check.png_size(data[offset + 8:offset + length])
        offset += length
    assert offset == len(data)
    assert seen == {kind: (size, size) for kind, size in make_icons.ICNS_TYPES}


def test_ico_and_icns_writers_agree_with_their_readers():
    png = (ICONS / "hicolor" / "16x16" / "apps" / "tslab.png").read_bytes()
    ico = make_icons.ico({16: png, 256: png})
    assert struct.unpack_from("<HHH", ico, 0) == (0, 1, 2)
    assert struct.unpack_from("<B", ico, 6 + 16)[0] == 0  # 256 is written as 0
    assert ico[struct.unpack_from("<I", ico, 6 + 12)[0]:][:8] == b"\x89PNG\r\n\x1a\n"


# ---- what the bundle keeps -----------------------------------------------------------------------------

@pytest.mark.parametrize("dest, kept", [
    ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
    ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
    ("PySide6/Qt/plugins/platforms/libqminimalegl.so", False),
    ("PySide6/Qt/plugins/platforms/libqwayland.so", False),
    ("PySide6/Qt/plugins/platforms/libqeglfs.so", False),
    ("PySide6\\plugins\\platforms\\qwindows.dll", True),
    ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", True),
    ("PySide6\\plugins\\styles\\qmodernwindowsstyle.dll", True),
    ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
    ("PySide6/Qt/plugins/tls/libqopensslbackend.so", False),
    ("PySide6/Qt/plugins/imageformats/libqsvg.so", True),
    ("PySide6/Qt/plugins/imageformats/libqwebp.so", False),
    ("PySide6/Qt/plugins/platforminputcontexts/libibusplatforminputcontextplugin.so", True),
    ("PySide6/Qt/translations/qtbase_zh_CN.qm", True),
    ("PySide6/Qt/translations/qt_zh_CN.qm", True),
    ("PySide6/Qt/translations/qtbase_en.qm", True),
    ("PySide6/Qt/translations/qtbase_de.qm", False),
    ("PySide6/Qt/translations/qt_help_zh_CN.qm", False),
    ("PySide6\\translations\\qtbase_ja.qm", False),
    ("PySide6/Qt/lib/libQt6Network.so.6", False),
    ("PySide6/Qt/lib/libQt6WaylandClient.so.6", False),
    ("PySide6/Qt/lib/libQt6Gui.so.6", True),
    ("PySide6/Qt/lib/libQt6Svg.so.6", True),
    ("PySide6/Qt6Network.dll", False),
    ("PySide6/Qt6Gui.dll", True),
    ("PySide6/QtGui.abi3.so", True),
    ("tslab/resources/presets/deepseek-v3.toml", True),
    ("numpy.libs/libscipy_openblas64_-32a4b2a6.so", True),
])
def test_keep_qt_file(dest, kept):
    assert tslab_build.keep_qt_file(dest) is kept


def test_the_translation_the_app_loads_is_kept():
    # views/application.py loads Qt's own "qtbase" catalogue for Chinese from Qt's translations path.
    assert '"qtbase"' in (ROOT / "views" / "application.py").read_text(encoding="utf-8")
    assert tslab_build.keep_qt_file("PySide6/Qt/translations/qtbase_zh_CN.qm")


def test_modules_left_out_of_the_bundle_are_not_imported_by_tslab():
    names = _spec_names()
    qt_unused = {f"PySide6.{name}" for name in names["QT_UNUSED"]}
    left_out = qt_unused | {"ssl", "_ssl", "_hashlib", "tkinter"}
    assert "PySide6.QtPdf" in qt_unused and "PySide6.QtGui" not in qt_unused and "PySide6.QtSvg" not in qt_unused
    offenders = []
    for path in _tslab_sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            imported = []
            if isinstance(node, ast.Import):
                imported = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                imported = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            offenders += [f"{path.relative_to(ROOT)}: {name}" for name in imported if name in left_out]
    assert not offenders, "the bundle leaves these out (packaging/tslab.spec): " + ", ".join(offenders)


def test_no_module_starts_processes_since_the_bundle_has_no_multiprocessing_hook():
    # tslab.spec drops PyInstaller's multiprocessing run-time hook; a frozen child process would need it.
    assert "pyi_rth_multiprocessing" in SPEC.read_text(encoding="utf-8")
    users = []
    for path in _tslab_sources():
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                names = [a.name for a in node.names] if isinstance(node, ast.ImportFrom) else []
                if any(m.split(".")[0] == "multiprocessing" for m in modules) or "ProcessPoolExecutor" in names:
                    users.append(str(path.relative_to(ROOT)))
    # Nor do they use what the dropped pkgutil and inspect hooks serve in a frozen program.
    hook_users = [str(path.relative_to(ROOT)) for path in _tslab_sources()
                  if re.search(r"\bpkgutil\b|inspect\.getsource", path.read_text(encoding="utf-8"))]
    assert not hook_users, hook_users
    # desktop/cli/entry.py imports multiprocessing only to call freeze_support() in the frozen app.
    assert set(users) <= {"desktop/cli/entry.py"}, users
    if users:
        assert re.search(r"import multiprocessing\n\s+multiprocessing\.freeze_support\(\)",
                         (ROOT / "desktop" / "cli" / "entry.py").read_text(encoding="utf-8"))


# ---- ELF reading and library pruning -----------------------------------------------------------------

def _pyside_file(name: str) -> Path:
    import PySide6
    return Path(PySide6.__file__).parent / name


def test_elf_needed_matches_readelf():
    if not sys.platform.startswith("linux"):
        pytest.skip("ELF files are Linux's")
    module = next(_pyside_file("").glob("QtWidgets.*so"))
    needed = tslab_build.elf_needed(module)
    assert "libQt6Widgets.so.6" in needed and "libQt6Core.so.6" in needed
    if shutil.which("readelf"):
        output = subprocess.run(["readelf", "-d", str(module)], capture_output=True, text=True, check=True).stdout
        assert needed == re.findall(r"\(NEEDED\)\s+Shared library: \[(.*)\]", output)
    assert tslab_build.elf_needed(ROOT / "__init__.py") is None


def test_elf_section_names_find_the_dynamic_section():
    if not sys.platform.startswith("linux"):
        pytest.skip("ELF files are Linux's")
    module = next(_pyside_file("").glob("QtCore.*so"))
    names = tslab_build.elf_section_names(module)
    assert {".dynamic", ".dynsym", ".text"} <= set(names)
    if shutil.which("readelf"):
        output = subprocess.run(["readelf", "-S", "-W", str(module)], capture_output=True, text=True).stdout
        assert set(re.findall(r"\]\s+(\.\S+)", output)) <= set(names)


def test_pruning_keeps_what_is_linked_and_drops_the_rest():
    if not sys.platform.startswith("linux"):
        pytest.skip("ELF files are Linux's")
    qt_lib = _pyside_file("Qt/lib")
    core_module = next(_pyside_file("").glob("QtCore.*so"))
    entries = [("PySide6/" + core_module.name, str(core_module), "EXTENSION")]
    entries += [(f"PySide6/Qt/lib/{path.name}", str(path), "BINARY")
                for path in sorted(qt_lib.glob("libQt6*.so.6")) + sorted(qt_lib.glob("libicu*.so.*"))]
    entries.append(("PySide6/Qt/plugins/platforms/libqxcb.so", str(_pyside_file("Qt/plugins/platforms/libqxcb.so")),
                    "BINARY"))
    kept, dropped = tslab_build.prune_linux_libraries(entries)
    kept_names = {Path(dest).name for dest, _s, _t in kept}
    # QtCore's module links libQt6Core, which links ICU; the xcb plugin (kept: Qt loads plugins itself)
    # links libQt6XcbQpa, libQt6Gui, libQt6DBus. Nothing links libQt6Network or libQt6Test.
    icu = {name for name in tslab_build.elf_needed(qt_lib / "libQt6Core.so.6") if name.startswith("libicu")}
    assert icu and icu <= kept_names
    assert {"libQt6Core.so.6", "libQt6XcbQpa.so.6", "libQt6Gui.so.6", "libqxcb.so"} <= kept_names
    assert "libQt6Network.so.6" in dropped and "libQt6Network.so.6" not in kept_names
    for dest, _source, _type in kept:  # whatever is kept and prunable is linked by something kept
        if tslab_build._is_prunable((dest, _source, _type)):
            assert any(Path(dest).name in (tslab_build.elf_needed(Path(s)) or []) for _d, s, _t in kept)


def test_system_libraries_are_left_to_the_system():
    for name in ("libfontconfig.so.1", "libstdc++.so.6", "libX11.so.6", "libxcb-cursor.so.0", "libglib-2.0.so.0",
                 "libdbus-1.so.3", "libEGL.so.1"):
        assert tslab_build.SYSTEM_LIBRARIES.fullmatch(name), name
    for name in ("libpython3.11.so.1.0", "libQt6Core.so.6", "libicudata.so.73", "libz.so.1", "libffi.so.8"):
        assert not tslab_build.SYSTEM_LIBRARIES.fullmatch(name), name


def test_dangling_symlinks_are_dropped():
    entries = [("PySide6/Qt/lib/libQt6Core.so.6", "/src/libQt6Core.so.6", "BINARY")]
    links = [("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK"),
             ("libQt6Network.so.6", "PySide6/Qt/lib/libQt6Network.so.6", "SYMLINK"),
             ("tslab/data.txt", "/src/data.txt", "DATA")]
    assert tslab_build.drop_dangling_symlinks(links, present=entries) == [links[0], links[2]]


def test_version_tuple_for_windows_version_resources():
    assert tslab_build.version_tuple("0.1.0") == (0, 1, 0, 0)
    assert tslab_build.version_tuple("2.10.3.7") == (2, 10, 3, 7)
    assert tslab_build.version_tuple("1.2.0rc1") == (1, 2, 0, 0)


# ---- the entry script and the checks' own helpers ---------------------------------------------------------

def test_entry_opens_a_lone_scenario_file_in_the_app(tmp_path):
    entry = _load("tslab_entry")
    scenario = tmp_path / "mine.tslab.toml"
    scenario.write_text('schema_version = 2\n', encoding="utf-8")
    assert entry.document_argv([str(scenario)]) == ["gui", "--scenario", str(scenario)]
    assert entry.document_argv([str(tmp_path / "missing.toml")]) == [str(tmp_path / "missing.toml")]
    assert entry.document_argv(["presets"]) == ["presets"]
    assert entry.document_argv(["memory", "--scenario", str(scenario)]) == ["memory", "--scenario", str(scenario)]


def test_png_size_reads_ihdr_and_refuses_other_files():
    assert dist_check.png_size(make_icons.hicolor_path(48).read_bytes()) == (48, 48)
    assert dist_check.png_size(b"GIF89a" + bytes(30)) is None


def test_check_images_refuses_a_tiny_image(tmp_path):
    (tmp_path / "memory.png").write_bytes(make_icons.hicolor_path(16).read_bytes())
    with pytest.raises(dist_check.CheckFailed, match="looks empty"):
        dist_check.check_images(tmp_path, ["memory"])
    with pytest.raises(dist_check.CheckFailed, match="no image for mesh"):
        dist_check.check_images(tmp_path, ["memory", "mesh"])


def test_release_workflow_builds_and_smoke_tests_on_three_systems():
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    jobs = re.split(r"^  (\w+):\n", text.split("\njobs:\n", 1)[1], flags=re.M)[1:]
    bodies = dict(zip(jobs[::2], jobs[1::2]))
    runners = {name: re.search(r"^    runs-on: (\S+)", body, re.M).group(1) for name, body in bodies.items()}
    assert {runner.split("-")[0] for runner in runners.values()} >= {"ubuntu", "windows", "macos"}
    for name in ("linux", "windows", "macos"):
        assert "dist_check.py --smoke" in bodies[name], name
        assert "actions/upload-artifact" in bodies[name], name
    assert "tslab.iss" in bodies["windows"] and "make-dmg.sh" in bodies["macos"]
