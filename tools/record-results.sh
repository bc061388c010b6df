#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Records the measured outputs that the book prints (lessons/<lesson>/results/<run>.txt), on a
# machine with an NVIDIA GPU: runs each lesson's reference program build/bin/lesson/<folder>/
# run-solution and writes what it printed under a header naming the GPU, driver, CUDA and date.
#   tools/record-results.sh [LESSON-FOLDER...]     (default: every lesson with a run-solution)
# Extra runs are listed in book/data/runs.tsv (lesson, run, arguments, environment: optional
# NAME=VALUE words, e.g. CUDA_MODULE_LOADING=EAGER, set for that run only; "-" as the arguments
# means none). RUNS="fills pinned" records only the runs so named (main is a run name too), of the
# lessons given. It builds only the lessons' run-solution programs.
# Commit the files it writes; the book's `.output` blocks and plots read them. Each names the
# code that printed it (`# sources:`), and a file recorded again leaves book/data/results-unstamped.txt.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build}
results=$root/lessons

if ! { command -v nvidia-smi && nvidia-smi -L; } >/dev/null 2>&1; then
  echo "record-results: this needs an NVIDIA GPU and its driver (nvidia-smi found none)." >&2
  exit 1
fi

gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -n 1)
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cuda=$("$nvcc" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')
date=$(date -u +%Y-%m-%d)

record() { # record FOLDER RUN ENVIRONMENT [ARGS...]   (ENVIRONMENT: "" or NAME=VALUE words)
  local folder=$1 run=$2 environment=$3
  shift 3
  local program=$build/bin/lesson/$folder/run-solution
  local number=$((10#${folder:0:2}))
  local out=$results/$folder/results/$run.txt
  if [ ! -x "$program" ]; then
    echo "record-results: $folder has no run-solution program; skipped" >&2
    return 0
  fi
  mkdir -p "$results/$folder/results"
  local args=${*:+ ARGS=\"$*\"}
  {
    echo "# gpu: $gpu"
    echo "# driver: $driver"
    echo "# cuda: $cuda"
    echo "# date: $date"
    echo "# command: ${environment:+$environment }make run LESSON=$number SOLUTION=1$args"
    # The code that printed it (tools/results_sources.py check: a code edit makes it stale).
    echo "# sources: $(python3 "$root/tools/results_sources.py" stamp "$folder")"
    # The course's own paths (__FILE__ in an error message) relative to the course: a path of the
    # machine it was recorded on says nothing to a reader (issue 47). pipefail (above) keeps the
    # program's status.
    # shellcheck disable=SC2086 # the environment is NAME=VALUE words
    env $environment "$program" "$@" </dev/null 2>&1 | sed "s#$root/##g"
  } >"$out.tmp" || { echo "record-results: $folder ($run) failed:" >&2; tail -n 20 "$out.tmp" >&2; rm -f "$out.tmp"; return 1; }
  mv "$out.tmp" "$out"
  # Stamped now: off the list of outputs recorded before stamps.
  local unstamped=$root/book/data/results-unstamped.txt
  [ -f "$unstamped" ] && sed -i "\#^lessons/$folder/results/$run\.txt\( \|\$\)#d" "$unstamped"
  echo "recorded ${out#"$root"/}"
}

folders=("$@")
if [ ${#folders[@]} -eq 0 ]; then
  for dir in "$root"/lessons/[0-9][0-9]-*/; do
    folders+=("$(basename "$dir")")
  done
fi
targets=()
for folder in "${folders[@]}"; do
  targets+=("lesson.$folder.run-solution")
done
cmake --build "$build" -j "$(nproc)" --target "${targets[@]}" >/dev/null ||
  { echo "record-results: the lessons did not build; run: make test" >&2; exit 1; }

wanted() { # wanted RUN: is this run to be recorded (RUNS unset, or RUNS names it)?
  [ -z "${RUNS:-}" ] || [[ " $RUNS " == *" $1 "* ]]
}

status=0
for folder in "${folders[@]}"; do
  if wanted main; then
    record "$folder" main "" || status=1
  fi
  if [ -f "$root/book/data/runs.tsv" ]; then
    while IFS=$'\t' read -r lesson run args environment; do
      [[ -z "$lesson" || "$lesson" == \#* || "$lesson" != "$folder" ]] && continue
      wanted "$run" || continue
      [[ "$args" == "-" ]] && args=""
      # shellcheck disable=SC2086 # the arguments are words
      record "$folder" "$run" "${environment:-}" $args || status=1
    done <"$root/book/data/runs.tsv"
  fi
done
exit $status
