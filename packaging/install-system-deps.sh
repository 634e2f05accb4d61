#!/usr/bin/env bash
# Install the Debian/Ubuntu packages that tslab's Qt wheels need (Qt 6, doc.qt.io/qt-6/linux-requirements.html).
#
#   packaging/install-system-deps.sh [--test] [--dist] [--python PYTHON]
#
#   --test           also install what the tests use: xvfb and xauth (real-window test),
#                    librsvg2-bin and poppler-utils (exported SVG and PDF rendered by other tools)
#   --dist           also install what make dist and make dist-check use: binutils (strip),
#                    xz-utils, desktop-file-utils and appstream (validators), debootstrap (clean root)
#   --python PYTHON  also install pythonX.Y-venv when PYTHON is the distribution's Python,
#                    so that `PYTHON -m venv` works (use it before creating .venv)
#
# Only missing packages are installed. When nothing is missing the script only asks dpkg
# (no apt-get update) and returns at once. As root it runs apt-get; otherwise it uses
# `sudo -n` if that works without a password; otherwise it prints the one command to run
# and exits with status 1. On systems without dpkg/apt it does nothing.
set -euo pipefail

# Offscreen platform: tests and headless export.
OFFSCREEN=(libglib2.0-0 libegl1 libgl1 libx11-6 libdbus-1-3 libfontconfig1 libfreetype6 libxkbcommon0)
# A real window (xcb platform plugin).
WINDOW=(libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
        libxcb-render-util0 libxcb-render0 libxcb-shape0 libxcb-shm0 libxcb-sync1 libxcb-util1
        libxcb-xfixes0 libxcb-xkb1 libxkbcommon-x11-0)
# Chinese UI text (otherwise CJK characters show as boxes).
FONTS=(fonts-wqy-microhei)
# Tests: a real window under a virtual X server; exported SVG and PDF read back by librsvg and poppler.
TEST=(xvfb xauth librsvg2-bin poppler-utils)
# Packaging: strip, the .deb's compressor, the .desktop and AppStream validators, a clean Debian root.
DIST=(binutils xz-utils desktop-file-utils appstream debootstrap)

usage() { sed -n '2,16s/^# \{0,1\}//p' "$0"; }

want=("${OFFSCREEN[@]}" "${WINDOW[@]}" "${FONTS[@]}")
python=""
while (($#)); do
    case "$1" in
        --test) want+=("${TEST[@]}") ;;
        --dist) want+=("${DIST[@]}") ;;
        --python) python="${2:?--python needs a value}"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install-system-deps.sh: unknown option: $1" >&2; usage >&2; exit 2 ;;
    esac
    shift
done

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    echo "system packages: not a Debian/Ubuntu system, skipped (Qt needs its X11/EGL/fontconfig" \
         "libraries; see README.md)"
    exit 0
fi

# `python3 -m venv` needs the distribution's pythonX.Y-venv package (ensurepip).
if [[ -n "$python" ]]; then
    if exe=$("$python" -c 'import os, sys; print(os.path.realpath(sys.executable))' 2>/dev/null) \
        && ver=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])') \
        && dpkg-query -S "$exe" >/dev/null 2>&1; then
        want+=("python$ver-venv")
    fi
fi

installed() {
    local status
    status=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) || return 1
    [[ "$status" == *" installed" ]]
}

missing=()
for pkg in "${want[@]}"; do
    # Ubuntu 24.04 and Debian 13 renamed some libraries for 64-bit time_t (libglib2.0-0t64);
    # apt still accepts the old name for them.
    installed "$pkg" || installed "${pkg}t64" || missing+=("$pkg")
done

if ((${#missing[@]} == 0)); then
    echo "system packages: all ${#want[@]} present"
    exit 0
fi

echo "system packages missing: ${missing[*]}"
install=(apt-get install -y --no-install-recommends "${missing[@]}")
if ((EUID == 0)); then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    "${install[@]}"
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo DEBIAN_FRONTEND=noninteractive apt-get update
    sudo DEBIAN_FRONTEND=noninteractive "${install[@]}"
else
    echo >&2
    echo "Install them with this command, then run make again:" >&2
    echo >&2
    echo "    sudo apt-get update && sudo ${install[*]}" >&2
    echo >&2
    exit 1
fi
