#!/usr/bin/env bash
# Build the one-folder app (make dist) and pack it as dist/tslab-VERSION-linux-ARCH.tar.gz.
# The archive runs on Linux systems whose glibc is at least as new as the build machine's.
set -euo pipefail
cd "$(dirname "$0")/.."

make dist
version=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' __init__.py)
[[ -n "$version" ]] || { echo "build-linux.sh: no __version__ in __init__.py" >&2; exit 1; }
archive="dist/tslab-$version-linux-$(uname -m).tar.gz"

tar -C dist -czf "$archive" tslab
(cd dist && sha256sum "$(basename "$archive")" > "$(basename "$archive").sha256")
echo "$archive ($(du -h "$archive" | cut -f1))"
