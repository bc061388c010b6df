#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/gpu-session.sh: one device call of a session that verifies the GPU suite on a lent machine
# (docs/testing.md, "On a lent GPU machine"), sent again on the same warm machine until the
# ledger's todo is done; each call goes on where the last stopped. Prepared here, carried there:
#   .deps/bubblewrap   tools/carry-bubblewrap.sh: the sandbox, which a lent machine lacks (without
#                      it the attack class skips, 77, and never counts as passed)
#   .device/todo.txt   tools/gpu_ledger.py todo --longest-first >.device/todo.txt: the tests not yet
#                      passed on this code
# The first call on a machine also records the diagnosis traces still listed in the lessons'
# tests/diagnosis/unrecorded.txt (tools/gpu-diagnose.sh, UNRECORDED=1; $OUT/diagnose.tgz), unless
# TRACES=no. Then tools/gpu-verify.sh resume runs the todo: the quiet tests one at a time, then the
# tests under load, longest first, until CALL_S (585 by default, of the call's 600) is near.
# Back here: tools/gpu_ledger.py record --commit SENT_HEAD --gpu "NAME" JUNIT... on the
# gpu-verify-junit/*.xml of $OUT/suite-times.tgz.
set -u
export PATH=/usr/local/cuda/bin:$PATH
call_s=${CALL_S:-585}
t0=$(date +%s)
if [ -x .deps/bubblewrap/bin/bwrap ]; then
  export PATH=$PWD/.deps/bubblewrap/bin:$PATH
  bwrap --ro-bind / / true && echo "bubblewrap: $(bwrap --version), a sandbox starts" ||
    echo "bubblewrap: carried, but no sandbox starts here (the attack class will say why)"
else
  echo "bubblewrap: not carried (tools/carry-bubblewrap.sh); the attack class will skip (77)"
fi
[ -f .device/todo.txt ] ||
  { echo "no .device/todo.txt: write it with tools/gpu_ledger.py todo"; exit 2; }
if [ ! -f build/gpu-session-started ]; then
  nvidia-smi --query-gpu=name,driver_version,persistence_mode --format=csv,noheader
  mkdir -p build && touch build/gpu-session-started
  unrecorded=$(grep -sE '^[^#[:space:]]' lessons/*/tests/diagnosis/unrecorded.txt)
  if [ "${TRACES:-yes}" != no ] && [ -n "$unrecorded" ]; then
    echo "=== the unrecorded diagnosis traces ($(date +%T))"
    UNRECORDED=1 timeout 240 tools/gpu-diagnose.sh | tail -20
  fi
fi
left=$((call_s - ($(date +%s) - t0)))
echo "=== the ledger's todo, $left s left in this call ($(date +%T))"
TESTS="$(cat .device/todo.txt)" CALL_LIMIT_S=$left tools/gpu-verify.sh resume $((left - 100))
