#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The tracer's GPU smoke run: builds libgputrace and the programs here, records a trace of each,
# measures the overhead on 10,000 launches, and checks the traces (verify.py).
# Usage (repository root): checker/tests/gpu_trace/run_all.sh OUT_DIR
set -uo pipefail
out=${1:?usage: run_all.sh OUT_DIR}
mkdir -p "$out/traces" "$out/bin"
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
here=$root/checker/tests/gpu_trace
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
for p in chrono_sync events_stream early_end many_kernels; do
  "$nvcc" -O2 -g -arch=sm_90 -o "$out/bin/$p" "$here/$p.cu" &
done
"$nvcc" -O2 -g -arch=sm_90 -o "$out/bin/cublas_sgemm" "$here/cublas_sgemm.cu" -lcublas &
lib=$root/build-dev/lib/libgputrace.so
if ! { cmake -S "$root" -B "$root/build-dev" -DCMAKE_BUILD_TYPE=RelWithDebInfo &&
  cmake --build "$root/build-dev" --target gputrace -j16; } >"$out/cmake.log" 2>&1; then
  # The project's other parts may be mid-change; the tracer alone builds with one command.
  echo "CMake build failed (see cmake.log); building libgputrace.so directly"
  mkdir -p "$root/build-dev/lib"
  cuda=$(dirname "$(dirname "$nvcc")")
  g++ -std=c++20 -O2 -g -fPIC -shared -fvisibility=hidden -I"$root/checker/trace" \
    -I"$cuda/include" "$root"/checker/trace/*.cpp "$root"/checker/trace/detail/*.cpp \
    -L"$cuda/lib64" -lcupti -Wl,-rpath,"$cuda/lib64" -ldl -pthread -o "$lib" || exit 1
fi
wait
for p in chrono_sync events_stream early_end many_kernels cublas_sgemm; do
  [[ -x $out/bin/$p ]] || { echo "nvcc failed for $p"; exit 1; }
done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
"$nvcc" --version | tail -1
record() { # NAME PROGRAM ARGS...
  local name=$1
  shift
  GPUTRACE_LIB=$lib GPUTRACE_OUTPUT=$out/traces/$name.jsonl "$root/checker/trace/record.sh" "$@"
  echo "$name: exit status $?"
}
record chrono_device_sync_correct "$out/bin/chrono_sync" correct
record chrono_unsynced_stop "$out/bin/chrono_sync" unsynced
record events_nonblocking_stream "$out/bin/events_stream" same
record events_default_stream_mismatch "$out/bin/events_stream" default
record cublas_sgemm_warm "$out/bin/cublas_sgemm"
record early_exit "$out/bin/early_end" exit
record early_abort "$out/bin/early_end" abort
record early_segv "$out/bin/early_end" segv
record many_kernels_10k "$out/bin/many_kernels"
# Overhead: whole-process wall time and the launch loop's own time, 5 runs each, interleaved.
now() { date +%s%N; }
for i in 1 2 3 4 5; do
  t0=$(now); plain=$("$out/bin/many_kernels"); t1=$(now)
  traced=$(GPUTRACE_LIB=$lib GPUTRACE_OUTPUT=/tmp/overhead.jsonl "$root/checker/trace/record.sh" "$out/bin/many_kernels"); t2=$(now)
  preload_only=$(LD_PRELOAD=$lib "$out/bin/many_kernels"); t3=$(now)
  echo "overhead run $i: untraced wall_ms $(( (t1 - t0) / 1000000 )) $plain | traced wall_ms $(( (t2 - t1) / 1000000 )) $traced | preloaded-but-off wall_ms $(( (t3 - t2) / 1000000 )) $preload_only"
done
python3 "$here/verify.py" "$out/traces"
