#!/usr/bin/env bash
# Build the one-folder app and the .deb (make dist), and pack the app as
# dist/tslab-VERSION-linux-ARCH.tar.gz (+ .sha256). The archive runs on Linux systems whose glibc
# is at least as new as the build machine's, with the libraries of packaging/install-system-deps.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

make dist
version=$(python3 packaging/tslab_build.py version)
archive="dist/tslab-$version-linux-$(uname -m).tar.gz"

tar -C dist -czf "$archive" tslab
(cd dist && sha256sum "$(basename "$archive")" > "$(basename "$archive").sha256")
echo "$archive ($(du -h "$archive" | cut -f1))"
