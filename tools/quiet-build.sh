#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/quiet-build.sh LOG -- COMMAND...: runs a build (cmake --build ...) with its whole output in
# LOG, and shows only its progress: the build's own "[ 42%]" (Makefiles) or "[17/230]" (Ninja),
# on one line that updates in a terminal, else a line at every tenth of the way. On failure the
# last 40 lines of the log follow, with its path. Exits with the build's status.
set -u
log=$1
shift 2
mkdir -p "$(dirname "$log")" && : >"$log"
if [ -t 1 ]; then tty=1; else tty=0; fi
"$@" >"$log" 2>&1 &
build=$!
# Read the log as it grows (not a pipe: the build's own status stays the build's, and a build
# tool that checks whether its output is a terminal sees a file, as it would in CI).
tail -n +1 --pid=$build -f "$log" 2>/dev/null | awk -v tty=$tty -v logfile="$log" '
  match($0, /^\[ *[0-9]+%\]/) {
    p = substr($0, RSTART + 1, RLENGTH - 3) + 0; show(p); next
  }
  match($0, /^\[[0-9]+\/[0-9]+\]/) {
    split(substr($0, 2, RLENGTH - 2), n, "/"); if (n[2] > 0) show(int(100 * n[1] / n[2])); next
  }
  function show(p) {
    if (p <= shown) return
    if (tty) { printf "\r  %3d%% built (log: %s)", p, logfile; fflush() }
    else if (int(p / 10) > int(shown / 10) || p == 100) { printf "  %3d%% built\n", p; fflush() }
    shown = p
  }
  END { if (tty && shown > 0) printf "\n" }'
wait $build
status=$?
if [ $status -ne 0 ]; then
  echo "The build failed (status $status). The end of its log, $log:"
  tail -n 40 "$log"
fi
exit $status
