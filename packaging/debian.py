"""Build the Debian package dist/tslab_VERSION_ARCH.deb from the one-folder bundle dist/tslab/.

    python packaging/debian.py [--dist DIST] [--out DIR] [--compression xz|zstd]

Layout (Debian Policy §9.1, Filesystem Hierarchy Standard: an add-on package under /opt):

    /opt/tslab/                                     the bundle (tslab and _internal/)
    /usr/bin/tslab -> /opt/tslab/tslab              the command (the bootloader finds _internal/
                                                    through /proc/self/exe, so a symlink works)
    /usr/share/applications/APP_ID.desktop          the menu entry, MimeType=application/x-tslab-scenario
    /usr/share/metainfo/APP_ID.metainfo.xml         AppStream, <releases> from CHANGELOG.md
    /usr/share/mime/packages/APP_ID.xml             *.tslab.toml -> application/x-tslab-scenario
    /usr/share/icons/hicolor/{N}x{N,scalable}/apps/ tslab.png, tslab.svg
    /usr/share/doc/tslab/                           copyright, changelog.gz

The desktop, MIME and icon caches are refreshed by the dpkg triggers of desktop-file-utils,
shared-mime-info and hicolor-icon-theme, so the package has no maintainer scripts.

The version is tslab.__version__ (packaging/tslab_build.py reads it from __init__.py); Depends are
the packages packaging/install-system-deps.sh installs for the app (its OFFSCREEN, WINDOW and FONTS
lists), under the names the build system uses, plus the C and C++ runtimes at least as new as the
build system's (a PyInstaller bundle needs a glibc at least as new as the one it was built with).
"""
from __future__ import annotations

import argparse
import gzip
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from xml.sax.saxutils import escape

sys.path.insert(0, str(Path(__file__).resolve().parent))
import tslab_build  # noqa: E402

ROOT = tslab_build.ROOT
APP_ID = tslab_build.APP_ID
LINUX = ROOT / "resources" / "linux"
ICONS = ROOT / "resources" / "icons"
SYSTEM_DEPS = ROOT / "packaging" / "install-system-deps.sh"
OTHER_CJK_FONT = "fonts-noto-cjk"  # an alternative to install-system-deps.sh's FONTS: either draws Chinese


def shell_array(script: str, name: str) -> list[str]:
    """The words of a bash array assignment NAME=(...) in a script (may span lines; # comments ignored)."""
    match = re.search(rf"^{name}=\((.*?)\)", script, re.S | re.M)
    if match is None:
        raise ValueError(f"no {name}=(…) in {SYSTEM_DEPS.name}")
    words = []
    for line in match.group(1).splitlines():
        words += line.split("#", 1)[0].split()
    return words


def system_packages(script_path: Path = SYSTEM_DEPS) -> list[str]:
    """The libraries install-system-deps.sh installs for running the app (not its fonts or test extras)."""
    script = script_path.read_text(encoding="utf-8")
    return shell_array(script, "OFFSCREEN") + shell_array(script, "WINDOW")


def font_alternatives(script_path: Path = SYSTEM_DEPS) -> list[str]:
    """The CJK font packages, any one of which will do: install-system-deps.sh's FONTS, then Noto CJK."""
    fonts = shell_array(script_path.read_text(encoding="utf-8"), "FONTS")
    return fonts + [OTHER_CJK_FONT] if OTHER_CJK_FONT not in fonts else fonts


def _installed_version(package: str) -> str | None:
    try:
        result = subprocess.run(["dpkg-query", "-W", "-f=${Status}\t${Version}", package],
                                capture_output=True, text=True, check=False)
    except FileNotFoundError:
        return None
    status, _, version = result.stdout.partition("\t")
    return version if result.returncode == 0 and status.endswith(" installed") else None


def host_name(package: str) -> str:
    """The package's name on the build system: Debian 13 and Ubuntu 24.04 renamed some libraries for
    64-bit time_t (libglib2.0-0 -> libglib2.0-0t64), as install-system-deps.sh also allows."""
    if _installed_version(package) is None and _installed_version(package + "t64") is not None:
        return package + "t64"
    return package


def depends(packages: list[str]) -> list[str]:
    """The Depends field's entries: the app's system packages, a CJK font, and glibc / libstdc++ /
    libgcc at least at the build system's versions (upstream part, before the Debian revision)."""
    entries = [host_name(package) for package in packages]
    for runtime in ("libc6", "libstdc++6", "libgcc-s1"):
        version = _installed_version(runtime)
        entries.append(f"{runtime} (>= {version.split('-')[0]})" if version else runtime)
    entries.append(" | ".join(font_alternatives()))
    return entries


def architecture() -> str:
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                          check=True).stdout.strip()


def maintainer() -> str:
    """DEBFULLNAME and DEBEMAIL (the variables Debian's tools read), else the LICENSE's holder."""
    holder = re.search(r"Copyright \(c\) \d{4}(?:[-–]\d{4})? (.+)", (ROOT / "LICENSE").read_text(encoding="utf-8"))
    name = os.environ.get("DEBFULLNAME") or (holder.group(1).strip() if holder else "tslab")
    email = os.environ.get("DEBEMAIL")
    return f"{name} <{email}>" if email else name


def control(version: str, arch: str, installed_size_kib: int, depends_entries: list[str]) -> str:
    """The DEBIAN/control file (Debian Policy §5.3: binary package control files)."""
    summary = "see where the memory, bubbles and communication of LLM training go"
    long_description = (
        "Training Systems Lab (tslab) is a desktop app for teaching and planning large-scale LLM\n"
        "training: the memory ledger of the most-loaded GPU and ZeRO stages, the parallel mesh of\n"
        "TP/CP/DP/PP/EP groups, pipeline schedules from GPipe to DualPipe as animated Gantt charts,\n"
        "collectives and MoE routing, long-context parallelism and the step time's cost stack.\n"
        "Every figure exports as PNG, SVG or PDF and every number as JSON from the command line.\n"
        "Every simulation is a deterministic teaching model, not a benchmark of a real cluster."
    )
    fields = [
        ("Package", "tslab"),
        ("Version", version),
        ("Architecture", arch),
        ("Maintainer", maintainer()),
        ("Installed-Size", str(installed_size_kib)),
        ("Depends", ", ".join(depends_entries)),
        ("Section", "science"),
        ("Priority", "optional"),
        ("Description", summary + "\n" + "\n".join(" " + (line or ".") for line in long_description.splitlines())),
    ]
    return "".join(f"{name}: {value}\n" for name, value in fields)


def changelog_releases(changelog: str) -> list[tuple[str, str]]:
    """(version, date) of each release heading of a Keep a Changelog file: "## [0.1.0] - 2026-12-01"."""
    return re.findall(r"^## \[(\d[^\]]*)\] - (\d{4}-\d{2}-\d{2})", changelog, re.M)


def metainfo(template: str, releases: list[tuple[str, str]]) -> str:
    """The AppStream file with a <releases> element (newest first) before </component>."""
    items = "".join(f'    <release version="{escape(version)}" date="{date}"/>\n' for version, date in releases)
    return template.replace("</component>", f"  <releases>\n{items}  </releases>\n</component>")


def installed_size_kib(root: Path) -> int:
    """Installed-Size as dpkg-gencontrol computes it: each file's size in KiB rounded up, one per
    symbolic link and directory."""
    total = 0
    for path in root.rglob("*"):
        if "DEBIAN" in path.relative_to(root).parts[:1]:
            continue
        if path.is_symlink() or path.is_dir():
            total += 1
        else:
            total += -(-path.stat().st_size // 1024)
    return total


def stage(dist: Path, root: Path, version: str) -> None:
    """Lay out the package's files under root (see the module docstring)."""
    shutil.rmtree(root, ignore_errors=True)
    opt = root / "opt" / "tslab"
    shutil.copytree(dist, opt, symlinks=True)
    (root / "usr" / "bin").mkdir(parents=True)
    (root / "usr" / "bin" / "tslab").symlink_to("/opt/tslab/tslab")
    share = root / "usr" / "share"
    for folder, name, target in (("applications", f"{APP_ID}.desktop", f"{APP_ID}.desktop"),
                                 ("mime/packages", f"{APP_ID}.xml", f"{APP_ID}.xml")):
        (share / folder).mkdir(parents=True)
        shutil.copy2(LINUX / name, share / folder / target)
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = changelog_releases(changelog)
    if not releases or releases[0][0] != version:
        raise SystemExit(f"debian.py: CHANGELOG.md has no entry for {version} at the top (## [{version}] - DATE)")
    (share / "metainfo").mkdir(parents=True)
    (share / "metainfo" / f"{APP_ID}.metainfo.xml").write_text(
        metainfo((LINUX / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8"), releases), encoding="utf-8")
    for png in sorted((ICONS / "hicolor").glob("*/apps/tslab.png")):
        target = share / "icons" / "hicolor" / png.relative_to(ICONS / "hicolor")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(png, target)
    (share / "icons" / "hicolor" / "scalable" / "apps").mkdir(parents=True)
    shutil.copy2(ICONS / "tslab.svg", share / "icons" / "hicolor" / "scalable" / "apps" / "tslab.svg")
    doc = share / "doc" / "tslab"
    doc.mkdir(parents=True)
    license_text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    (doc / "copyright").write_text(
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "Upstream-Name: tslab\n\nFiles: *\nLicense: MIT\n"
        + "".join(f" {line}\n" if line.strip() else " .\n" for line in license_text.strip().splitlines()),
        encoding="utf-8")
    with gzip.GzipFile(doc / "changelog.gz", "wb", compresslevel=9, mtime=0) as file:
        file.write(changelog.encode("utf-8"))
    # Files 0644, directories and programs 0755 (Debian Policy §10.9), owned by root (--root-owner-group).
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        if path.is_dir() or os.access(path, os.X_OK):
            path.chmod(0o755)
        else:
            path.chmod(0o644)


def build(dist: Path, out: Path, compression: str) -> Path:
    version = tslab_build.read_version()
    arch = architecture()
    if not (dist / "tslab").is_file():
        raise SystemExit(f"debian.py: no bundle at {dist} (run make dist first)")
    root = ROOT / "build" / "deb" / f"tslab_{version}_{arch}"
    stage(dist, root, version)
    (root / "DEBIAN").mkdir()
    (root / "DEBIAN" / "control").write_text(
        control(version, arch, installed_size_kib(root), depends(system_packages())), encoding="utf-8")
    out.mkdir(parents=True, exist_ok=True)
    package = out / f"tslab_{version}_{arch}.deb"
    started = time.monotonic()
    subprocess.run(["dpkg-deb", "--root-owner-group", f"-Z{compression}", "--build", str(root), str(package)],
                   check=True, stdout=subprocess.DEVNULL)
    print(f"{package.relative_to(ROOT) if package.is_relative_to(ROOT) else package}: "
          f"{package.stat().st_size / 1e6:.1f} MB ({compression}; {tslab_build.directory_size(root) / 1e6:.1f} MB "
          f"installed; built in {time.monotonic() - started:.0f} s)")
    return package


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist" / "tslab", help="the one-folder bundle")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the .deb goes")
    parser.add_argument("--compression", choices=("xz", "zstd"), default="xz",
                        help="xz (every dpkg) or zstd (dpkg >= 1.21.18: Debian 12, Ubuntu 21.10)")
    args = parser.parse_args(argv)
    build(args.dist.resolve(), args.out.resolve(), args.compression)
    return 0


if __name__ == "__main__":
    sys.exit(main())
