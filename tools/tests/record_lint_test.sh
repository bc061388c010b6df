#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# record_lint_test.sh: tools/record-lint.sh writes each recording with the command and the GPU
# first, fills the pages from it, and keeps the old recording of a run that crashed (exit 4), so
# that a crash is never printed as lint's output; then it exits 1. Runs on a copy of the files it
# writes, with a fake GPU, a fake PyTorch check and a fake gpucheck.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAILED: $*"; exit 1; }

tree=$work/tree
for path in tools/record-lint.sh checker/tests/gpu/torch/fill_recorded.py book/data/lint \
  book/back/pytorch.md book/back/pytorch.zh.md docs/lint.md README.md; do
  mkdir -p "$tree/$(dirname "$path")" && cp -r "$here/$path" "$tree/$path"
done
mkdir -p "$work/bin" "$work/build/bin"
cat >"$work/bin/nvidia-smi" <<'FAKE'
#!/bin/sh
case "$*" in *query*) echo "NVIDIA Test GPU" ;; *) echo "GPU 0: NVIDIA Test GPU" ;; esac
FAKE
real_python=$(command -v python3)
cat >"$work/bin/python3" <<FAKE
#!/bin/sh
[ "\$1" = -c ] && exit 0 # the PyTorch check
exec "$real_python" "\$@"
FAKE
cat >"$work/build/bin/gpucheck" <<'FAKE'
#!/bin/sh
echo "example.py:7: warning[unsynced-stop]: lint of $2 in $GPUCHECK_LANG"
[ "$2" = example4.py ] && { echo "Segmentation fault"; exit 4; }
exit 1
FAKE
chmod +x "$work/bin/"* "$work/build/bin/gpucheck"
old4=$(cat "$tree/book/data/lint/example4.lint.en.txt")

out=$(PATH=$work/bin:$PATH BUILD=$work/build "$tree/tools/record-lint.sh" 2>&1)
code=$?
printf '%s\n' "$out"
[ $code = 1 ] || fail "a crashed recording gave exit $code, not 1"
recording=$tree/book/data/lint/example3.lint.zh.txt
[ "$(sed -n 1p "$recording")" = '$ gpucheck lint example3.py' ] || fail "no command first"
sed -n 2p "$recording" | grep -qx "# recorded on NVIDIA Test GPU, [0-9-]*" || fail "no GPU line"
grep -q "lint of example3.py in zh" "$recording" || fail "the Chinese run is not lint's in Chinese"
grep -q "lint of example1.py in en" "$tree/book/back/pytorch.md" || fail "the pages were not filled"
[ "$(cat "$tree/book/data/lint/example4.lint.en.txt")" = "$old4" ] ||
  fail "a crashed run replaced its recording"
grep -q "Segmentation fault" "$tree/book/back/pytorch.md" && fail "a crash was printed in the book"
printf '%s' "$out" | grep -q "example4.py (en) exited 4" || fail "the crash is not named"
echo "recordings, pages and the crash as expected"
