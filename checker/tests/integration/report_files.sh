#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# report_files.sh GPUCHECK DIR: --junit and --gradescope write their files beside the terminal
# report: fixture 95 (a NaN at index 3) fails, and both files say where and score it 0.
set -u
gpucheck=$1
dir=$2
rm -f "$dir/nan.xml" "$dir/nan.json"
CUDA_VISIBLE_DEVICES= "$gpucheck" check 95 --fixtures --junit "$dir/nan.xml" --gradescope "$dir/nan.json"
code=$?
cat "$dir/nan.xml" "$dir/nan.json"
[ "$code" = 1 ] || { echo "report_files.sh: exit $code, expected 1"; exit 1; }
grep -q '<failure message=".*NaN at index 3' "$dir/nan.xml" || { echo "no failure in JUnit"; exit 1; }
python3 - "$dir/nan.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
assert d["score"] == 0, d["score"]
assert d["tests"][0]["status"] == "failed" and d["tests"][0]["max_score"] == 1
assert "NaN at index 3" in d["tests"][0]["output"]
PY
