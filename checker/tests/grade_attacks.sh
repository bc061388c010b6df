#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# grade_attacks.sh MODE GPUCHECK ATTACKS_DIR OUT [GPU_LOAD]: grades the class of submissions that
# attack the grader (ATTACKS_DIR: correct.cu, support.inc, attacks/NAME.cu, class.tsv with the
# lesson they hand in, in its "# lesson: NN" line), in their
# sandboxes, and holds it to what issue 46 asks: every attack refused, every verdict what the
# numbers earn (class.tsv, through grade_class.sh in MODE: no-gpu, alone, loaded), every report
# saying it ran in a sandbox, nothing written into the results, the summary intact, no connection
# reached this machine. Then grades the same attacks again with --no-sandbox (the control): each
# must get out there, or the test would prove nothing. Skipped (77) where bwrap cannot make a
# sandbox; checker/tests/integration tests what gpucheck grade does then.
set -u
mode=$1
gpucheck=$2
attacks=$3
out=$4
load=${5:-}
here=$(cd "$(dirname "$0")" && pwd)
# On a GPU (alone, loaded) without one: skipped, visibly (77), before anything is graded.
if [ "$mode" != no-gpu ] && ! { command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; }; then
  echo "SKIPPED: no NVIDIA GPU found (nvidia-smi -L failed); this test needs one."
  exit 77
fi
course=$(cd "$here/../.." && pwd)
# The lesson the class hands in (its table's "# lesson: NN" line), and that lesson's reference
# solution, which the attacks try to read.
lesson=$(sed -n 's/^# lesson: \([0-9][0-9]*\).*/\1/p' "$attacks/class.tsv" | head -1)
lesson=$((10#${lesson:?"$attacks/class.tsv names no lesson (# lesson: NN)"}))
solution=$(ls -d "$course"/solutions/"$(printf '%02d' "$lesson")"-*/exercise.cu | head -1)
build=$(cd "$(dirname "$gpucheck")/.." && pwd)
status=0
fail() {
  echo "grade_attacks.sh: $*" >&2
  status=1
}

probe=(bwrap --unshare-all --die-with-parent --ro-bind / / --proc /proc --dev /dev true)
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
  probe=(setpriv --reuid 65534 --regid 65534 --clear-groups "${probe[@]}")
fi
if ! command -v bwrap >/dev/null || ! "${probe[@]}" 2>/dev/null; then
  echo "SKIPPED: bubblewrap cannot make a sandbox on this machine (${probe[*]})"
  exit 77
fi

rm -rf "$out"
mkdir -p "$out"
tree=${GPUCHECK_GRADE_TREE:-$out/.build}
export GPUCHECK_GRADE_TREE=$tree # grade_class.sh's tree too: the attacks name it

# A listener on this machine's loopback, which no sandboxed submission may reach.
port=0
connections=$out/connections.log
if command -v python3 >/dev/null; then
  python3 -c '
import socket, sys
server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(16)
print(server.getsockname()[1], flush=True)
while True:
    connection, _ = server.accept()
    print("connected", flush=True)
    connection.close()
' >"$connections" 2>&1 &
  listener=$!
  trap 'kill "$listener" 2>/dev/null; wait "$listener" 2>/dev/null' EXIT
  for _ in $(seq 50); do
    port=$(head -1 "$connections" 2>/dev/null)
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || port=0
fi

# make_class CLASS RESULTS: the class, with this run's paths written into every attack.
make_class() {
  mkdir -p "$1"
  cp "$attacks/correct.cu" "$1/ana.cu"
  cp "$attacks/correct.cu" "$1/bo.cu"
  for attack in "$attacks"/attacks/*.cu; do
    cat "$attacks/correct.cu" "$attacks/support.inc" "$attack" |
      sed -e "s|@SOURCE@|$course|g" -e "s|@SOLUTION@|$solution|g" -e "s|@BUILD@|$build|g" \
        -e "s|@CLASS@|$1|g" \
        -e "s|@OUT@|$2|g" -e "s|@TREE@|$tree|g" -e "s|@PORT@|$port|g" \
        >"$1/$(basename "$attack")"
  done
}

# 1. In their sandboxes: every verdict and report as class.tsv and class.says say.
class=$out/class
results=$out/graded
make_class "$class" "$results"
cp "$attacks/class.tsv" "$attacks/class.says" "$out/"
GPUCHECK_EXPECT_SANDBOX=yes GPUCHECK_GRADE_FLAGS=--require-sandbox \
  "$here/grade_class.sh" "$mode" "$gpucheck" "$class" "$out/class.tsv" "$results" $load ||
  fail "the attack class does not hold its table (above)"
forged=$(grep -rlE "forged by wes|yes forged" "$results")
[ -z "$forged" ] || fail "an attack wrote into the results: $forged"
ls "$results"/forged* >/dev/null 2>&1 && fail "an attack left a file in the results"
expected_files=$( (
  echo summary.csv
  for s in ana bo "$attacks"/attacks/*.cu; do
    s=$(basename "$s" .cu)
    echo "$s.json"
    echo "$s.txt"
  done
) | sort)
[ "$(cd "$results" && find . -maxdepth 1 -type f | sed 's|^\./||' | sort)" = "$expected_files" ] ||
  fail "the results hold other files than the reports and the summary: $(ls "$results")"
if [ "$port" != 0 ] && grep -q connected "$connections"; then
  fail "a sandboxed submission connected to this machine's loopback"
fi

# 2. The control, without the sandbox: each attack must get out, else it proves nothing above.
control=$out/control
control_results=$out/control-graded
make_class "$control" "$control_results"
hide_gpu=()
[ "$mode" = no-gpu ] && hide_gpu=(env CUDA_VISIBLE_DEVICES=)
NO_COLOR=1 "${hide_gpu[@]}" "$gpucheck" grade "$control" --lesson "$lesson" --out "$control_results" \
  --timeout 40 --tree "$tree" --no-sandbox >"$out/control.log" 2>&1 ||
  fail "gpucheck grade --no-sandbox exited $? (log: $out/control.log)"
for attack in "$attacks"/attacks/*.cu; do
  name=$(basename "$attack" .cu)
  case $name in
  wes) [ -f "$control_results/forged-by-wes.txt" ] || fail "wes wrote nothing even unsandboxed" ;;
  sum) grep -q "yes forged" "$control_results/summary.csv" ||
    fail "sum did not overwrite the summary even unsandboxed" ;;
  net) [ "$port" = 0 ] || grep -q "exit status 42" "$control_results/net.txt" ||
    fail "net reached nothing even unsandboxed" ;;
  *) grep -q "exit status 42" "$control_results/$name.txt" ||
    fail "$name did not get out even unsandboxed: $(head -3 "$control_results/$name.txt")" ;;
  esac
done
grep -q "Ran without a sandbox" "$control_results/bo.txt" ||
  fail "the control's report does not say it ran without a sandbox"
grep -q '"status": "not-sandboxed"' "$control_results/bo.json" ||
  fail "the control's JSON report does not say not-sandboxed"
[ $status = 0 ] && echo "Every attack was refused in its sandbox, and got out without one."
exit $status
