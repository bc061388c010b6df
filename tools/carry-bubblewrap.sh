#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/carry-bubblewrap.sh [DIR]: Debian's bubblewrap, ready to carry to a machine that has none
# (a lent GPU machine: docs/testing.md, "On a lent GPU machine"). Downloads the package and the
# three libraries it links (libcap2, libselinux1, libpcre2-8-0) from this machine's apt sources,
# unpacks them into DIR (.deps/bubblewrap, ignored by git) and points bwrap's RPATH at its own
# lib/ folder (DT_RPATH, which the libraries' own dependencies follow too, unlike RUNPATH): no
# LD_LIBRARY_PATH, which would pass into every sandboxed program.
# There, put DIR/bin first in PATH: gpucheck finds bwrap there (core/sandbox.cpp, find_bwrap).
# Needs apt-get and patchelf (apt-get install patchelf).
set -eu
dir=${1:-$(cd "$(dirname "$0")/.." && pwd)/.deps/bubblewrap}
command -v patchelf >/dev/null ||
  { echo "carry-bubblewrap: needs patchelf (apt-get install patchelf)" >&2; exit 1; }
debs=$(mktemp -d)
trap 'rm -rf "$debs"' EXIT
(cd "$debs" && apt-get download bubblewrap libcap2 libselinux1 libpcre2-8-0 >/dev/null 2>&1) ||
  { echo "carry-bubblewrap: apt-get download failed (no apt sources reachable?)" >&2; exit 1; }
rm -rf "$dir"
mkdir -p "$dir/bin" "$dir/lib" "$debs/root"
for deb in "$debs"/*.deb; do dpkg -x "$deb" "$debs/root"; done
cp "$debs/root/usr/bin/bwrap" "$dir/bin/"
find "$debs/root" -name 'lib*.so.*' -exec cp -P {} "$dir/lib/" \;
# shellcheck disable=SC2016 # $ORIGIN is the loader's, not the shell's
patchelf --force-rpath --set-rpath '$ORIGIN/../lib' "$dir/bin/bwrap"
"$dir/bin/bwrap" --version
echo "carry-bubblewrap: $dir (PATH=$dir/bin:\$PATH there)"
