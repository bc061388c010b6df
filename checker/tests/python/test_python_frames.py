# SPDX-License-Identifier: MIT
"""The tracer attributes a Python script's clock reads to its Python lines (issue 43), no GPU.

usage: test_python_frames.py LIBGPUTRACE PYTHON SCRIPT

Runs SCRIPT (perf_counter_sleep.py) under the tracer with PYTHON twice, directly and through a
launcher that execs it (as pyenv's shim does), and checks the trace: the reads of the time
module's clocks at the script's lines, with their frames, and no other read (time.sleep's own
deadline reads, the interpreter's). Exit 77 where the interpreter is older than 3.9 (the C API
the tracer uses).
"""
import json
import os
import subprocess
import sys
import tempfile

# (line, clock) of every read the script makes, in order: perf_counter, process_time, timeit's
# two default_timer (perf_counter) reads named at the script's timeit line.
EXPECTED = [(13, "monotonic"), (15, "monotonic"), (16, "process_cputime"),
            (18, "process_cputime"), (20, "monotonic"), (20, "monotonic")]


def trace_of(command, tracer, out):
    env = dict(os.environ, LD_PRELOAD=tracer, GPUTRACE_OUTPUT=out, GPUTRACE_PID="")
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    with open(out) as lines:
        return [json.loads(line) for line in lines]


def check(records, script, how):
    failures = []
    clocks = [r for r in records if r["type"] == "clock"]
    seen = [(c["python"][0]["line"] if c.get("python") else None, c["clock"]) for c in clocks]
    # timeit's reads come from timeit.py, one frame in: the script's line is further out.
    lines = []
    for c in clocks:
        frames = c.get("python", [])
        own = [f for f in frames if f["file"] == script]
        lines.append((own[0]["line"] if own else None, c["clock"]))
    native = [c["site"] for c in clocks if not c["site"].startswith("py:")]
    if native:
        failures.append(f"{how}: {len(native)} reads at native sites, as {native[0][:80]}")
    if lines != EXPECTED:
        failures.append(f"{how}: reads at {lines[:10]} (innermost {seen[:10]}), "
                        f"{len(lines)} in all; expected {EXPECTED}")
    if clocks:
        first = (clocks[0].get("python") or [{}])[0]
        if first.get("function") != "<module>" or first.get("file") != script:
            failures.append(f"{how}: the first read's frame is {first}")
        timeit_files = [f["file"] for f in clocks[-1].get("python", [])]
        if not any(f.endswith("timeit.py") for f in timeit_files):
            failures.append(f"{how}: timeit's read passes through {timeit_files}")
        if clocks[1]["value_ns"] - clocks[0]["value_ns"] < 20_000_000:
            failures.append(f"{how}: the perf_counter interval is under the 20 ms slept")
    if not records or records[-1]["type"] != "footer":
        failures.append(f"{how}: the trace has no footer")
    return failures


def main():
    if sys.version_info < (3, 9):
        print("SKIP: Python 3.9 or later is needed (PyThreadState_GetFrame)")
        return 77
    tracer, python, script = sys.argv[1:4]
    script = os.path.abspath(script)
    failures = []
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "trace.jsonl")
        failures += check(trace_of([python, script], tracer, out), script, "direct")
        launcher = ["sh", "-c", 'exec "$0" "$1"', python, script]
        failures += check(trace_of(launcher, tracer, out), script, "through exec")
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
