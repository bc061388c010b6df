#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The public lint corpus (checker/tests/public_corpus/README.md): public CUDA programs that nobody
# here wrote, pinned in PROGRAMS.tsv, judged by hand in VERDICTS.tsv, their code kept out of the
# repository (it lives in the ignored folder .public-corpus/).
#
#   tools/public-corpus.sh prepare           copy the pinned sources from the local mirrors
#                                            (MIRRORS, default /work/.mirror) into
#                                            .public-corpus/src/ (no GPU, no network)
#   tools/public-corpus.sh build [DIR]       build every program with nvcc into DIR/bin
#                                            (default build/public-corpus; no GPU needed)
#   tools/public-corpus.sh run OUT           on a GPU machine: build gpucheck, build the programs,
#                                            lint each one, write the results table into OUT
#   tools/public-corpus.sh lint OUT          lint what `build` built, compare, write into OUT
#   tools/public-corpus.sh compare RAW OUT   compare the lint JSON files in RAW with the verdicts
#                                            (what `run` does last; no GPU needed)
#
# Environment: ARCH (nvcc -arch, default sm_90), JOBS (parallel builds, default nproc), GPUCHECK
# (a built gpucheck; by default `run` builds build/bin/gpucheck), NVCC.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
corpus=$root/checker/tests/public_corpus
programs=$corpus/PROGRAMS.tsv
verdicts=$corpus/VERDICTS.tsv
src=$root/.public-corpus/src
# Builds, lint JSON and logs: under build/ (ignored, and not carried to the GPU machine), so that
# .public-corpus/ holds only the sources that travel.
work_dir=$root/build/public-corpus
mirrors=${MIRRORS:-/work/.mirror}
arch=${ARCH:-sm_90}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}

die() {
  echo "public-corpus: $*" >&2
  exit 1
}

# Rows of PROGRAMS.tsv without the header, one program a line.
program_rows() { tail -n +2 "$programs" | grep -v '^[[:space:]]*$'; }

prepare() {
  [ -f "$programs" ] || die "no list at $programs"
  rm -rf "$src"
  mkdir -p "$src"
  local id repo commit main extra flags args input timeout_s
  while IFS=$'\t' read -r id repo commit main extra flags args input timeout_s; do
    local mirror=$mirrors/${repo/\//+}/repo
    [ -d "$mirror" ] || die "$id: no mirror of $repo at $mirror (bring it with the fetch tool: github:$repo)"
    git -C "$mirror" cat-file -e "$commit^{commit}" 2>/dev/null ||
      die "$id: the mirror of $repo lacks commit $commit (fetch a newer snapshot)"
    local files=("$main")
    if [ "$extra" != "-" ]; then
      IFS=',' read -r -a more <<<"$extra"
      files+=("${more[@]}")
    fi
    for path in "${files[@]}"; do
      local from=$mirror at=$commit dest=$src/$id/$path
      # A header from another repository (OWNER/NAME@COMMIT:PATH) goes under _deps/PATH.
      if [[ $path == *@*:* ]]; then
        local dep_repo=${path%%@*} rest=${path#*@}
        at=${rest%%:*}
        path=${rest#*:}
        from=$mirrors/${dep_repo/\//+}/repo
        dest=$src/$id/_deps/$path
        [ -d "$from" ] || die "$id: no mirror of $dep_repo at $from (fetch github:$dep_repo)"
      fi
      mkdir -p "$(dirname "$dest")"
      git -C "$from" show "$at:$path" >"$dest" || die "$id: $path is not in the mirror at $at"
    done
    echo "prepared $id ($repo@${commit:0:12}: ${#files[@]} files)"
  done < <(program_rows)
  du -sh "$src" | awk '{print "public-corpus: sources in .public-corpus/src, " $1 " in all"}'
}

# build DIR: every program into DIR/bin/ID, its compiler output in DIR/build/ID.log; prints one
# line per program (ID ok|failed), also kept in DIR/build/status.tsv.
build() {
  local dir=$1
  [ -d "$src" ] || die "no sources in $src: run 'tools/public-corpus.sh prepare' first"
  [ -x "$nvcc" ] || command -v "$nvcc" >/dev/null || die "no nvcc at $nvcc (set NVCC)"
  mkdir -p "$dir/bin" "$dir/build"
  program_rows | cut -f1 | xargs -P "$jobs" -I{} "$0" build-one {} "$dir" | sort |
    tee "$dir/build/status.tsv"
}

# build_one ID DIR: one program (run by build, in parallel).
build_one() {
  local want=$1 dir=$2
  local id repo commit main extra flags args input timeout_s
  while IFS=$'\t' read -r id repo commit main extra flags args input timeout_s; do
    [ "$id" = "$want" ] || continue
    [ "$flags" = "-" ] && flags=""
    flags=${flags//@DEPS@/$src/$id/_deps}
    local extra_flags=()
    read -r -a extra_flags <<<"$flags"
    if (cd "$src/$id/$(dirname "$main")" &&
      "$nvcc" -std=c++17 -O2 -g -lineinfo -arch="$arch" "$(basename "$main")" -o "$dir/bin/$id" \
        "${extra_flags[@]}") >"$dir/build/$id.log" 2>&1; then
      echo "$id ok"
    else
      echo "$id failed"
    fi
    return 0
  done < <(program_rows)
  die "no program $want in $programs"
}

# lint_all WORK: lint every built program; JSON in WORK/json/ID.json, stderr in ID.stderr, one
# line per program in WORK/json/runs.tsv (id, gpucheck exit code, wall seconds).
# The lint of the whole corpus stops starting programs once LINT_BUDGET_S seconds have gone by
# (default 240; `run` passes what is left of its own 7 minutes), and gives no program more time
# than is left, so that one GPU command always ends in time. Skipped programs count as missed.
lint_all() {
  local work=$1 gpucheck=$2
  local budget_s=${LINT_BUDGET_S:-240} began_s
  began_s=$(date +%s)
  mkdir -p "$work/json"
  printf 'id\texit\twall_s\n' >"$work/json/runs.tsv"
  local id repo commit main extra _flags args input timeout_s
  while IFS=$'\t' read -r id repo commit main extra _flags args input timeout_s; do
    local json=$work/json/$id.json
    if [ ! -x "$work/bin/$id" ]; then
      printf '%s\tnot-built\t0\n' "$id" >>"$work/json/runs.tsv"
      echo "lint $id: not built (see build/$id.log)"
      continue
    fi
    local left_s=$((budget_s - ($(date +%s) - began_s)))
    if [ "$left_s" -lt 10 ]; then
      printf '%s\tskipped\t0\n' "$id" >>"$work/json/runs.tsv"
      echo "lint $id: skipped, the time budget (${budget_s} s) is spent"
      continue
    fi
    [ "$timeout_s" -le "$left_s" ] || timeout_s=$left_s
    local argv=("$work/bin/$id")
    [ "$args" != "-" ] && read -r -a more <<<"$args" && argv+=("${more[@]}")
    [ "$input" = "-" ] && input=""
    local start end code=0
    start=$(date +%s%N)
    # The program runs in its own source folder (some read files beside them).
    (cd "$src/$id/$(dirname "$main")" &&
      printf '%s\n' "$input" | timeout $((timeout_s + 30)) "$gpucheck" lint --json \
        --timeout "$timeout_s" -- "${argv[@]}" >"$json" 2>"$work/json/$id.stderr") || code=$?
    end=$(date +%s%N)
    printf '%s\t%s\t%d.%d\n' "$id" "$code" $(((end - start) / 1000000000)) \
      $(((end - start) / 100000000 % 10)) >>"$work/json/runs.tsv"
    echo "lint $id: exit $code"
  done < <(program_rows)
}

# build_gpucheck WORK: configure and build gpucheck and the tracer in build/; prints its path.
build_gpucheck() {
  local work=$1
  echo "=== build gpucheck ($(date +%T))" >&2
  cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$work/configure.log" 2>&1 ||
    { tail -30 "$work/configure.log" >&2; die "cmake could not configure build/ (log above)"; }
  cmake --build "$root/build" --target gpucheck gputrace -j"$jobs" >"$work/gpucheck-build.log" 2>&1 ||
    { grep -m10 error "$work/gpucheck-build.log" >&2; die "building gpucheck failed (errors above)"; }
  echo "$root/build/bin/gpucheck"
}

# lint_and_compare WORK OUT GPUCHECK: lint the programs built in WORK/bin, compare, and leave
# the raw JSON and logs in WORK/json.
lint_and_compare() {
  local work=$1 out=$2 gpucheck=$3
  [ -x "$gpucheck" ] || die "no gpucheck at $gpucheck (build it: make, or set GPUCHECK)"
  echo "=== lint with $gpucheck ($(date +%T))"
  lint_all "$work" "$gpucheck"
  echo "=== compare ($(date +%T))"
  rm -rf "$work/json/build-logs"
  cp -r "$work/build" "$work/json/build-logs"
  compare "$work/json" "$out"
}

run_steps() {
  local work=$1 out=$2 began_s
  began_s=$(date +%s)
  echo "=== $(date -u +%FT%TZ) public corpus on $(nvidia-smi --query-gpu=name,driver_version \
    --format=csv,noheader 2>/dev/null || echo 'no GPU seen'), $("$nvcc" --version | tail -2 | head -1)"
  local gpucheck=${GPUCHECK:-}
  [ -n "$gpucheck" ] || gpucheck=$(build_gpucheck "$work")
  echo "=== build the programs ($(date +%T))"
  build "$work"
  # The whole command must end within 8 minutes: the lint gets what is left of 7.
  LINT_BUDGET_S=${LINT_BUDGET_S:-$((420 - ($(date +%s) - began_s)))} \
    lint_and_compare "$work" "$out" "$gpucheck"
  echo "=== done ($(date +%T), $(($(date +%s) - began_s)) s)"
}

# run OUT: the whole GPU part. Few files come back from the GPU machine, so OUT gets five:
# results.md, results.tsv, findings.tsv, run.log, and raw.tar.gz (the JSON and the logs).
run() {
  local out=$1
  mkdir -p "$out"
  out=$(cd "$out" && pwd)
  local work=$work_dir
  rm -rf "$work"
  mkdir -p "$work/json"
  export PATH=/usr/local/cuda/bin:$PATH
  nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
  local status=0
  run_steps "$work" "$out" 2>&1 | tee "$out/run.log" || status=$?
  cp "$work"/*.log "$work/json/" 2>/dev/null || true
  tar -czf "$out/raw.tar.gz" -C "$work" json
  return "$status"
}

compare() {
  local raw=$1 out=$2
  command -v python3 >/dev/null || die "compare needs python3"
  python3 "$root/tools/public_corpus_compare.py" --programs "$programs" --verdicts "$verdicts" \
    --raw "$raw" --out "$out"
}

case ${1:-} in
prepare) prepare ;;
build) build "${2:-$work_dir}" ;;
build-one) build_one "$2" "$3" ;;
run)
  [ $# -ge 2 ] || die "usage: tools/public-corpus.sh run OUT"
  run "$2"
  ;;
lint)
  [ $# -ge 2 ] || die "usage: tools/public-corpus.sh lint OUT"
  mkdir -p "$2"
  lint_and_compare "$work_dir" "$(cd "$2" && pwd)" "${GPUCHECK:-$root/build/bin/gpucheck}"
  ;;
compare)
  [ $# -ge 3 ] || die "usage: tools/public-corpus.sh compare RAW_DIR OUT"
  compare "$2" "$3"
  ;;
*)
  sed -n '3,19p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
  ;;
esac
