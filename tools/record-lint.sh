#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Records `gpucheck lint` on the article's PyTorch examples as a GPU printed it, for the pages that
# show it (the book's PyTorch appendix, docs/lint.md, README.md), on a machine with an NVIDIA GPU
# and PyTorch: book/data/lint/NAME.lint.LANG.txt holds the command, a line naming the GPU and the
# date, then lint's output, in English and in Chinese. Then it fills the pages
# (checker/tests/gpu/torch/fill_recorded.py). Commit what it writes.
#   tools/record-lint.sh [NAME...]     (default: example1 example3 example4, the article's)
# A run that does not end in a verdict (exit 0: no finding, 1: findings) keeps the old recording
# and makes the script fail: a crash is never printed in the book as lint's output.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build}
gpucheck=$build/bin/gpucheck
scripts=$root/checker/tests/gpu/torch
recorded=$root/book/data/lint

if ! { command -v nvidia-smi && nvidia-smi -L; } >/dev/null 2>&1; then
  echo "record-lint: this needs an NVIDIA GPU and its driver (nvidia-smi found none)." >&2
  exit 1
fi
if ! python3 -c "import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)" 2>/dev/null; then
  echo "record-lint: this needs PyTorch with CUDA in python3 (import torch failed, or no GPU)." >&2
  exit 1
fi
[ -x "$gpucheck" ] || { echo "record-lint: no $gpucheck; build it first: make gpucheck" >&2; exit 1; }

gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
date=$(date -u +%Y-%m-%d)
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(example1 example3 example4)
status=0
for name in "${names[@]}"; do
  for lang in en zh; do
    file=$recorded/$name.lint.$lang.txt
    code=0
    {
      echo "\$ gpucheck lint $name.py"
      echo "# recorded on $gpu, $date"
      (cd "$scripts" && NO_COLOR=1 GPUCHECK_LANG=$lang "$gpucheck" lint "$name.py" 2>&1)
    } >"$file.new" || code=$?
    if [ "$code" -le 1 ]; then
      mv "$file.new" "$file"
      echo "written: ${file#"$root"/}"
    else
      echo "record-lint: gpucheck lint $name.py ($lang) exited $code; kept the old recording:" >&2
      tail -5 "$file.new" >&2
      rm -f "$file.new"
      status=1
    fi
  done
done
python3 "$scripts/fill_recorded.py"
exit $status
