"""Check the built installers as a user would get them (make dist-check, after make dist).

    python packaging/dist_check.py [--dist dist] [--venv .venv] [--keep-root]
    python packaging/dist_check.py --smoke PROGRAM     steps 2's export only (the release workflow)

Steps, each timed:

  1. bundle     the size table of dist/tslab/ (at most 180 MB)
  2. export     the bundled program, run from a folder outside the source tree with a clean
                environment (env -i PATH=/usr/bin:/bin HOME=… QT_QPA_PLATFORM=offscreen), exports
                `--tab all`, and `--figure all` when `tslab export --help` offers --figure; every
                image is checked (PNG signature, its IHDR size, more than 10 kB)
  3. start-up   `tslab --version` and `tslab presets`, bundled and from the virtualenv, in the same
                clean environment, alternately, 5 times each: medians and their ratio (at most 1.2)
  4. deb        dpkg-deb --info / --contents: version, compression, layout, Depends; the .desktop
                file (desktop-file-validate), the AppStream file (appstreamcli validate --no-net),
                the MIME type (update-mime-database on a scratch folder maps *.tslab.toml to it)
  5. clean root a minimal Debian root of the host's release (debootstrap --variant=minbase from the
                mirror in the host's APT sources), the .deb installed into it with apt (which
                installs its Depends), `ldd` of every bundled library, `tslab --version` and the
                exports, all in the chroot. If debootstrap cannot reach the mirror the check says
                so and falls back to unpacking the .deb with dpkg-deb -x and running it there;
                that counts as NOT RUN, and the check fails unless DIST_CHECK_ALLOW_NO_ROOT=1.

Exit status 0 when every step passed, 1 otherwise.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import debian  # noqa: E402 (packaging/debian.py)
import tslab_build  # noqa: E402 (packaging/tslab_build.py)

ROOT = tslab_build.ROOT
APP_ID = tslab_build.APP_ID
BUNDLE_LIMIT = 180e6
DEB_LIMIT = 80e6
STARTUP_LIMIT = 1.2
STARTUP_RUNS = 5
MIN_IMAGE_BYTES = 10_000
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)  # as packaging/make_icons.py renders them
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "tslab-dist-check"


class CheckFailed(Exception):
    pass


class Report:
    def __init__(self) -> None:
        self.rows: list[tuple[str, float, str]] = []

    @contextlib.contextmanager
    def step(self, name: str) -> Iterator[None]:
        print(f"\n== {name}", flush=True)
        started = time.monotonic()
        try:
            yield
        except (CheckFailed, subprocess.CalledProcessError, OSError) as exc:
            self.rows.append((name, time.monotonic() - started, f"FAILED: {str(exc).splitlines()[0][:200]}"))
            print(f"FAILED: {exc}", flush=True)
        else:
            self.rows.append((name, time.monotonic() - started, "ok"))
        print(f"-- {name}: {time.monotonic() - started:.1f} s", flush=True)

    def note(self, name: str, seconds: float, result: str) -> None:
        self.rows.append((name, seconds, result))

    def summary(self) -> bool:
        print("\n== dist-check summary")
        for name, seconds, result in self.rows:
            print(f"  {name:<42} {seconds:7.1f} s  {result}")
        total = sum(seconds for _n, seconds, _r in self.rows)
        print(f"  {'total':<42} {total:7.1f} s")
        return all(result == "ok" for _n, _s, result in self.rows)


def run(command: list[str], *, check: bool = True, quiet: bool = False,
        **kwargs: object) -> subprocess.CompletedProcess:
    if not quiet:
        print("$ " + " ".join(command), flush=True)
    result = subprocess.run(command, text=True, capture_output=True, **kwargs)  # type: ignore[call-overload]
    if check and result.returncode != 0:
        raise CheckFailed(f"{' '.join(command[:6])} … exited {result.returncode}: "
                          f"{(result.stderr or result.stdout).strip()[-800:]}")
    return result


def clean_env(home: Path) -> list[str]:
    """`env -i` with only PATH, HOME and the headless Qt platform: no virtualenv, no PYTHON* variables."""
    return ["env", "-i", "PATH=/usr/bin:/bin", f"HOME={home}", "QT_QPA_PLATFORM=offscreen"]


def windows_clean_env(home: Path) -> dict[str, str]:
    """Windows has no `env -i`: the few variables a Windows program needs, the profile in `home`."""
    system_root = os.environ.get("SYSTEMROOT", r"C:\Windows")
    return {"SYSTEMROOT": system_root, "WINDIR": system_root, "PATH": system_root + r"\System32",
            "USERPROFILE": str(home), "APPDATA": str(home), "LOCALAPPDATA": str(home), "TEMP": str(home),
            "TMP": str(home), "QT_QPA_PLATFORM": "offscreen"}


# ---- images ------------------------------------------------------------------------------------

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a PNG's IHDR chunk (PNG specification §11.2.2), or None if not a PNG."""
    if data[:8] != PNG_SIGNATURE or data[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", data[16:24])


def check_images(folder: Path, expected: list[str] | None) -> list[str]:
    """Each PNG of the folder is a real PNG of some size; returns one line per image."""
    images = sorted(folder.glob("*.png"))
    if expected is not None:
        missing = sorted(set(expected) - {path.stem for path in images})
        if missing:
            raise CheckFailed(f"no image for {', '.join(missing)} in {folder}")
    if not images:
        raise CheckFailed(f"no PNG written to {folder}")
    lines = []
    for path in images:
        data = path.read_bytes()
        size = png_size(data)
        if size is None:
            raise CheckFailed(f"{path.name} is not a PNG file")
        if len(data) < MIN_IMAGE_BYTES or min(size) < 100:
            raise CheckFailed(f"{path.name} looks empty: {len(data)} bytes, {size[0]}×{size[1]}")
        lines.append(f"  {path.name:<32} {size[0]:>5} × {size[1]:<5} {len(data) / 1e3:8.1f} kB")
    return lines


def export_help(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    return run([*command, "export", "--help"], cwd=cwd, quiet=True, env=env).stdout


def export_all(command: list[str], cwd: Path, out: Path, env: dict[str, str] | None = None) -> None:
    """`export --tab all`, and `--figure all` when this build's CLI has --figure; images checked."""
    help_text = export_help(command, cwd, env)
    tabs = re.search(r"--tab \{([^}]*)\}", help_text)
    expected_tabs = [tab for tab in tabs.group(1).split(",") if tab != "all"] if tabs else None
    run([*command, "export", "--tab", "all", "--format", "png", "--out", str(out / "tabs")], cwd=cwd, env=env)
    print("\n".join(check_images(out / "tabs", expected_tabs)))
    if "--figure" in help_text:
        run([*command, "export", "--figure", "all", "--format", "png", "--out", str(out / "figures")],
            cwd=cwd, env=env)
        lines = check_images(out / "figures", None)
        print("\n".join(lines))
        print(f"  {len(lines)} gallery figures")
    else:
        print("  (this build's `tslab export` has no --figure option: gallery export not checked)")


# ---- steps -------------------------------------------------------------------------------------

def check_bundle(dist: Path) -> None:
    print(tslab_build.size_table(dist))
    total = tslab_build.directory_size(dist)
    if total > BUNDLE_LIMIT:
        raise CheckFailed(f"the bundle is {total / 1e6:.1f} MB, more than {BUNDLE_LIMIT / 1e6:.0f} MB")
    print(f"bundle: {total / 1e6:.1f} MB ≤ {BUNDLE_LIMIT / 1e6:.0f} MB")


def startup_times(commands: dict[str, list[str]], cwd: Path) -> dict[tuple[str, str], float]:
    """Median wall time of each (program, arguments), the programs run alternately."""
    times: dict[tuple[str, str], list[float]] = {}
    for arguments in (["--version"], ["presets"]):
        for command in commands.values():  # one warm-up run each: the page cache, not the disk
            subprocess.run([*command, *arguments], cwd=cwd, stdout=subprocess.DEVNULL, check=True)
        for _ in range(STARTUP_RUNS):
            for name, command in commands.items():
                started = time.perf_counter()
                subprocess.run([*command, *arguments], cwd=cwd, stdout=subprocess.DEVNULL, check=True)
                times.setdefault((name, " ".join(arguments)), []).append(time.perf_counter() - started)
    return {key: statistics.median(values) for key, values in times.items()}


def check_startup(bundle: list[str], venv: list[str], cwd: Path) -> None:
    medians = startup_times({"bundle": bundle, "venv": venv}, cwd)
    print(f"  median of {STARTUP_RUNS}        venv      bundle   ratio")
    worst = 0.0
    for arguments in ("--version", "presets"):
        ratio = medians[("bundle", arguments)] / medians[("venv", arguments)]
        worst = max(worst, ratio)
        venv_ms, bundle_ms = 1e3 * medians[("venv", arguments)], 1e3 * medians[("bundle", arguments)]
        print(f"  tslab {arguments:<12} {venv_ms:6.1f} ms {bundle_ms:6.1f} ms   {ratio:5.3f}")
    if worst > STARTUP_LIMIT:
        raise CheckFailed(f"bundled start-up is {worst:.3f}× the virtualenv's (limit {STARTUP_LIMIT}×)")
    print(f"start-up ratio {worst:.3f} ≤ {STARTUP_LIMIT}")


def deb_members(package: Path) -> list[str]:
    return run(["ar", "t", str(package)], quiet=True).stdout.split()


def check_deb(package: Path, scratch: Path) -> None:
    version = tslab_build.read_version()
    size = package.stat().st_size
    info = run(["dpkg-deb", "--info", str(package)]).stdout
    print(info)
    contents = run(["dpkg-deb", "--contents", str(package)]).stdout
    paths = {line.split()[5].lstrip(".") for line in contents.splitlines() if len(line.split()) >= 6}
    print(f"  {len(paths)} entries; outside /opt/tslab/_internal:")
    for line in contents.splitlines():
        if "/opt/tslab/_internal/" not in line:
            print("  " + line)
    problems = []
    if size > DEB_LIMIT:
        problems.append(f"the .deb is {size / 1e6:.1f} MB, more than {DEB_LIMIT / 1e6:.0f} MB")
    data = [member for member in deb_members(package) if member.startswith("data.tar")]
    if data not in (["data.tar.xz"], ["data.tar.zst"]):
        problems.append(f"data member {data}, not xz or zstd compressed")
    fields = dict(re.findall(r"^ (\S+): (.*)$", info, re.M))
    if fields.get("Version") != version:
        problems.append(f"control Version {fields.get('Version')!r}, tslab.__version__ {version!r}")
    depends = fields.get("Depends", "")
    for wanted in debian.system_packages():
        if not re.search(rf"(^|[ ,|]){re.escape(wanted)}(t64)?([ ,(]|$)", depends):
            problems.append(f"Depends lacks {wanted}")
    if not any(font in depends for font in debian.font_alternatives()):
        problems.append("Depends names no CJK font")
    wanted_paths = ["/opt/tslab/tslab", "/usr/bin/tslab", f"/usr/share/applications/{APP_ID}.desktop",
                    f"/usr/share/metainfo/{APP_ID}.metainfo.xml", f"/usr/share/mime/packages/{APP_ID}.xml",
                    "/usr/share/icons/hicolor/scalable/apps/tslab.svg"]
    wanted_paths += [f"/usr/share/icons/hicolor/{n}x{n}/apps/tslab.png" for n in HICOLOR_SIZES]
    problems += [f"the .deb has no {path}" for path in wanted_paths if path not in paths]
    if not re.search(r"\./usr/bin/tslab -> /opt/tslab/tslab$", contents, re.M):
        problems.append("/usr/bin/tslab is not a link to /opt/tslab/tslab")
    if problems:
        raise CheckFailed("; ".join(problems))
    print(f".deb: {size / 1e6:.1f} MB ≤ {DEB_LIMIT / 1e6:.0f} MB, {data[0]}, version {version}")

    unpacked = scratch / "unpacked"
    run(["dpkg-deb", "-x", str(package), str(unpacked)])
    desktop = unpacked / "usr/share/applications" / f"{APP_ID}.desktop"
    run(["desktop-file-validate", str(desktop)])
    entry = dict(re.findall(r"^(\w+)=(.*)$", desktop.read_text(encoding="utf-8"), re.M))
    program = entry.get("Exec", "").split()[:1]
    if program != ["tslab"] or not (unpacked / "usr/bin/tslab").is_symlink():
        raise CheckFailed(f"the .desktop file's Exec={entry.get('Exec')} does not start the packaged /usr/bin/tslab")
    print(f"desktop-file-validate: ok (Exec={entry['Exec']}, MimeType={entry.get('MimeType')})")
    metainfo = unpacked / "usr/share/metainfo" / f"{APP_ID}.metainfo.xml"
    if shutil.which("appstreamcli"):
        result = run(["appstreamcli", "validate", "--no-net", str(metainfo)])
        print("appstreamcli validate --no-net: " + result.stdout.strip().splitlines()[-1])
    else:
        print("appstreamcli: not installed here, AppStream file not validated")
    if f'<release version="{version}"' not in metainfo.read_text(encoding="utf-8"):
        raise CheckFailed(f"the AppStream file has no release {version}")
    mime_type = re.search(r'<mime-type type="([^"]+)"', (unpacked / "usr/share/mime/packages" / f"{APP_ID}.xml")
                          .read_text(encoding="utf-8")).group(1)
    if entry.get("MimeType", "").rstrip(";").split(";") != [mime_type]:
        raise CheckFailed(f".desktop MimeType={entry.get('MimeType')} is not the package's type {mime_type}")
    if shutil.which("update-mime-database"):
        database = scratch / "mime"
        shutil.copytree(unpacked / "usr/share/mime", database)
        run(["update-mime-database", str(database)])
        globs = (database / "globs2").read_text(encoding="utf-8")
        if not re.search(rf"^\d+:{re.escape(mime_type)}:\*\.tslab\.toml$", globs, re.M):
            raise CheckFailed(f"update-mime-database does not map *.tslab.toml to {mime_type}")
        print(f"update-mime-database: *.tslab.toml -> {mime_type}")


def host_suite() -> tuple[str, str]:
    """(release codename, Debian mirror) from /etc/os-release and the host's APT sources."""
    release = dict(re.findall(r'^(\w+)="?([^"\n]*)"?$', Path("/etc/os-release").read_text(), re.M))
    suite = release.get("VERSION_CODENAME", "")
    mirrors: list[str] = []
    for path in [Path("/etc/apt/sources.list"), *sorted(Path("/etc/apt/sources.list.d").glob("*"))]:
        if not path.is_file():
            continue
        text = path.read_text(errors="replace")
        if path.suffix == ".sources":  # deb822: URIs: … Suites: …
            for stanza in re.split(r"\n\s*\n", text):
                uris = re.search(r"^URIs:\s*(\S+)", stanza, re.M)
                suites = re.search(r"^Suites:\s*(.+)$", stanza, re.M)
                if uris and suites and suite in suites.group(1).split():
                    mirrors.append(uris.group(1))
        elif path.suffix == ".list":
            mirrors += [uri for uri, dist in re.findall(r"^deb\s+(?:\[[^]]*\]\s+)?(\S+)\s+(\S+)", text, re.M)
                        if dist == suite]
    if not suite or not mirrors:
        raise CheckFailed("no Debian release and mirror in /etc/os-release and /etc/apt/sources.list*")
    return suite, mirrors[0]


@contextlib.contextmanager
def mounted_proc(root: Path) -> Iterator[None]:
    (root / "proc").mkdir(exist_ok=True)
    subprocess.run(["mount", "-t", "proc", "proc", str(root / "proc")], check=True)
    try:
        yield
    finally:
        subprocess.run(["umount", "-l", str(root / "proc")], check=False)


def chroot(root: Path, command: list[str], **kwargs: object) -> subprocess.CompletedProcess:
    return run(["chroot", str(root), *command], **kwargs)


def check_clean_root(package: Path, scratch: Path, report: Report, keep_root: bool) -> None:
    """Install the .deb into a fresh minimal Debian root and run it there (see the module docstring)."""
    if os.geteuid() != 0 or not shutil.which("debootstrap"):
        reason = "needs root" if os.geteuid() != 0 else "debootstrap is not installed"
        fallback_checks(package, scratch, report, reason)
        return
    suite, mirror = host_suite()
    # Outside the source tree, so that `make clean` (rm -rf build) never meets a mounted /proc.
    root = CACHE / f"root-{suite}"
    remove_root(root)
    root.parent.mkdir(parents=True, exist_ok=True)
    (CACHE / "debootstrap").mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    print(f"\n== clean root: debootstrap --variant=minbase {suite} {root} {mirror}", flush=True)
    result = subprocess.run(["debootstrap", "--variant=minbase", f"--cache-dir={CACHE / 'debootstrap'}",
                             suite, str(root), mirror], text=True, capture_output=True)
    seconds = time.monotonic() - started
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-6:])
        print(f"debootstrap could not create a {suite} root from {mirror} (exit {result.returncode}):\n{tail}")
        report.note(f"clean root: debootstrap {suite}", seconds, "NOT RUN: debootstrap failed (mirror unreachable?)")
        fallback_checks(package, scratch, report, f"debootstrap from {mirror} failed")
        return
    report.note(f"clean root: debootstrap {suite}", seconds, "ok")
    print(f"-- debootstrap: {seconds:.1f} s ({tslab_build.directory_size(root) / 1e6:.0f} MB)")
    try:
        with mounted_proc(root):
            shutil.copy2(package, root / "tmp" / package.name)
            shutil.copy2("/etc/resolv.conf", root / "etc" / "resolv.conf")  # apt inside the root fetches Depends
            with report.step("clean root: apt-get install the .deb"):
                chroot(root, ["apt-get", "update"])
                result = chroot(root, ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y",
                                       "--no-install-recommends", f"/tmp/{package.name}"])
                installed = re.search(r"^(\d+) upgraded, (\d+) newly installed.*$", result.stdout, re.M)
                print(installed.group(0) if installed else result.stdout.strip().splitlines()[-1])
            with report.step("clean root: libraries resolve"):
                missing = chroot(root, ["sh", "-c", "find /opt/tslab -type f -name '*.so*' | "
                                        "LD_LIBRARY_PATH=/opt/tslab/_internal xargs ldd 2>/dev/null | "
                                        "grep 'not found' | sort -u"], check=False).stdout.strip()
                if missing:
                    raise CheckFailed("unresolved libraries in the clean root:\n" + missing)
                print("every bundled library's dependencies resolve (ldd)")
            with report.step("clean root: tslab --version and exports"):
                home = Path("/tmp/home")
                (root / "tmp" / "home").mkdir(exist_ok=True)
                version = chroot(root, [*clean_env(home), "tslab", "--version"]).stdout.strip()
                print(version)
                if version != f"tslab {tslab_build.read_version()}":
                    raise CheckFailed(f"tslab --version printed {version!r}")
                in_root = ["chroot", str(root), *clean_env(home), "tslab"]
                out = Path("/tmp/out")
                help_text = export_help(in_root, scratch)
                run([*in_root, "export", "--tab", "all", "--format", "png", "--out", str(out / "tabs")])
                tabs = re.search(r"--tab \{([^}]*)\}", help_text)
                print("\n".join(check_images(root / "tmp/out/tabs",
                                             [t for t in tabs.group(1).split(",") if t != "all"] if tabs else None)))
                if "--figure" in help_text:
                    run([*in_root, "export", "--figure", "all", "--format", "png", "--out", str(out / "figures")])
                    print(f"  {len(check_images(root / 'tmp/out/figures', None))} gallery figures")
                shutil.copytree(root / "tmp/out", scratch / "clean-root-out")
    finally:
        if not keep_root:
            remove_root(root)


def remove_root(root: Path) -> None:
    """Remove a clean root left by this or an earlier run, its /proc unmounted first."""
    if os.path.ismount(root / "proc"):
        subprocess.run(["umount", "-l", str(root / "proc")], check=True)
    if root.exists():
        shutil.rmtree(root)


def fallback_checks(package: Path, scratch: Path, report: Report, reason: str) -> None:
    """Without a clean root: unpack the .deb (dpkg-deb -x) and run the unpacked program on this system."""
    with report.step("fallback: the unpacked .deb runs"):
        target = scratch / "fallback-root"
        run(["dpkg-deb", "-x", str(package), str(target)])
        program = target / "opt" / "tslab" / "tslab"
        print(run([*clean_env(scratch), str(program), "--version"]).stdout.strip())
        export_all([*clean_env(scratch), str(program)], scratch, scratch / "fallback-out")
    allowed = os.environ.get("DIST_CHECK_ALLOW_NO_ROOT") == "1"
    report.note("clean root: install and run", 0.0,
                f"NOT RUN ({reason}); " + ("accepted: DIST_CHECK_ALLOW_NO_ROOT=1" if allowed else
                                            "set DIST_CHECK_ALLOW_NO_ROOT=1 to accept the fallback"))
    if allowed:
        report.rows[-1] = (report.rows[-1][0], 0.0, "ok")
        print(f"clean root NOT RUN ({reason}); the fallback checks above ran instead")


def smoke_test(program: Path) -> int:
    """The release workflow's test on each system: the bundled command line's version and the
    headless export, from a scratch folder with a clean environment."""
    report = Report()
    with tempfile.TemporaryDirectory(prefix="tslab-smoke-") as temporary:
        scratch = Path(temporary)
        home = scratch / "home"
        home.mkdir()
        if os.name == "nt":
            command, env = [str(program)], windows_clean_env(home)
        else:
            command, env = [*clean_env(home), str(program)], None
        with report.step(f"smoke test: {program}"):
            print(run([*command, "--version"], cwd=scratch, env=env).stdout.strip())
            export_all(command, scratch, scratch / "out", env)
    return 0 if report.summary() else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--venv", type=Path, default=ROOT / ".venv")
    parser.add_argument("--keep-root", action="store_true", help="keep the clean Debian root afterwards")
    parser.add_argument("--smoke", type=Path, metavar="PROGRAM",
                        help="only run PROGRAM --version and the headless exports (any system)")
    args = parser.parse_args(argv)
    if args.smoke:
        return smoke_test(args.smoke.resolve())
    dist = args.dist.resolve()
    bundle = dist / "tslab"
    version = tslab_build.read_version()
    packages = sorted(dist.glob(f"tslab_{version}_*.deb"))
    if not (bundle / "tslab").is_file() or not packages:
        print(f"dist_check.py: no bundle or .deb for {version} in {dist} (run make dist)", file=sys.stderr)
        return 1
    for path in (bundle / "tslab", packages[-1]):
        built = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(path.stat().st_mtime))
        print(f"checking {path.relative_to(dist.parent) if path.is_relative_to(dist.parent) else path}, built {built}")
    report = Report()
    with tempfile.TemporaryDirectory(prefix="tslab-dist-check-") as temporary:
        scratch = Path(temporary)
        if scratch.resolve().is_relative_to(ROOT):
            raise SystemExit("dist_check.py: the scratch folder must be outside the source tree")
        home = scratch / "home"
        home.mkdir()
        program = [*clean_env(home), str(bundle / "tslab")]
        with report.step("bundle size"):
            check_bundle(bundle)
        with report.step("bundled export, clean environment"):
            print(f"(in {scratch}, outside the source tree)")
            export_all(program, scratch, scratch / "out")
        with report.step("start-up: bundle vs virtualenv"):
            check_startup(program, [*clean_env(home), str(args.venv.resolve() / "bin" / "tslab")], scratch)
        with report.step(".deb contents and metadata"):
            check_deb(packages[-1], scratch)
        check_clean_root(packages[-1], scratch, report, args.keep_root)
    return 0 if report.summary() else 1


if __name__ == "__main__":
    sys.exit(main())
