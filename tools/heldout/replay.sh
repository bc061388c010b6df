#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/heldout/replay.sh DIAGNOSE_TGZ [SET]: replays the held-out submissions' traces, as
# tools/gpu-diagnose.sh kept them on a GPU (CORPUS=SET, tools/heldout by default; the second set
# is tools/heldout/set2), through the diagnosis corpus's
# test (test_analysis_diagnosis): each is copied beside its lesson's corpus for the run only, and
# the test says, for each, whether the why named its `// expect` line's mistake at its line. No
# GPU needed. Copies are removed on exit, whatever happens.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tgz=${1:?usage: tools/heldout/replay.sh DIAGNOSE_TGZ [SET]}
set_dir=$(cd "${2:-$root/tools/heldout}" && pwd) || exit 2
work=$(mktemp -d)
added=()
cleanup() {
  rm -f "${added[@]}"
  rm -rf "$work"
}
trap cleanup EXIT
tar xzf "$tgz" -C "$work"
for trace in "$work"/traces/*/*.trace.jsonl.gz; do
  [ -f "$trace" ] || continue
  slug=$(basename "$(dirname "$trace")")
  name=$(basename "$trace" .trace.jsonl.gz)
  source=$set_dir/$slug/$name.cu
  corpus=$root/lessons/$slug/tests/diagnosis
  [ -f "$source" ] && [ -d "$corpus" ] || continue
  if [ -e "$corpus/$name.cu" ]; then
    echo "replay.sh: $slug/$name.cu is in the corpus already; left out" >&2
    continue
  fi
  mkdir -p "$corpus-traces"
  cp "$source" "$corpus/" && added+=("$corpus/$name.cu")
  cp "$trace" "$corpus-traces/" && added+=("$corpus-traces/$name.trace.jsonl.gz")
done
echo "replaying $((${#added[@]} / 2)) held-out traces with the corpus"
cmake --build "$root/build" --target unit_analysis -j"$(nproc)" >/dev/null || exit 1
GPUCHECK_REPLAY_HELDOUT=1 "$root/build/tests/unit_analysis" -tc='every submission of the diagnosis corpus*'
