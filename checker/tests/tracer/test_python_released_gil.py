# SPDX-License-Identifier: MIT
"""A call made with the GIL released names the script's Python lines (issue 43), no GPU.

usage: test_python_released_gil.py LIBGPUTRACE PYTHON SCRIPT PLUGIN

Runs SCRIPT (library_through_ctypes.py) under the tracer: it calls PLUGIN, which creates and
destroys a handle of the stand-in cuBLAS, through ctypes: with the GIL released (as PyTorch calls
CUDA) from a function, the top level, after an exception, a generator and a thread; and once with
the GIL held. Every interposed call must be written with the Python frames that made it,
innermost first: a released call cannot read them through the C API, so
this shows the tracer's shadow stack (python_frames.hpp), its pops on return and its lines read
as they are when the call is made. Exit 77 where the interpreter is older than 3.9.
"""
import json
import os
import subprocess
import sys
import tempfile

# The frames (line, function) of the script's own files for each create and destroy call,
# innermost first: in a function, at the top level, with the GIL held, after an exception, in a
# generator resumed from two lines, and in a thread (threading's frames are the library's).
IN_FUNCTION = [(17, "create_and_destroy")]
EXPECTED = [IN_FUNCTION + [(43, "<module>")], IN_FUNCTION + [(44, "<module>")],
            [(45, "<module>")], [(46, "<module>")],
            IN_FUNCTION + [(29, "after_an_exception"), (47, "<module>")],
            IN_FUNCTION + [(33, "generator"), (49, "<module>")],
            IN_FUNCTION + [(34, "generator"), (50, "<module>")],
            IN_FUNCTION + [(39, "in_a_thread")]]


def main():
    if sys.version_info < (3, 9):
        print("SKIP: Python 3.9 or later is needed (PyThreadState_GetFrame)")
        return 77
    tracer, python, script, plugin = sys.argv[1:5]
    script = os.path.abspath(script)
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "trace.jsonl")
        env = dict(os.environ, LD_PRELOAD=tracer, GPUTRACE_OUTPUT=out, GPUTRACE_PID="")
        run = subprocess.run([python, script, plugin], env=env)
        with open(out) as lines:
            records = [json.loads(line) for line in lines]
    failures = []
    if run.returncode != 0:
        failures.append(f"the script exited {run.returncode}: its calls did not reach the library")
    calls = [r for r in records if r["type"] == "api" and r.get("domain") == "library"]
    names = [c["name"] for c in calls]
    if names != ["cublasCreate_v2", "cublasDestroy_v2"] * len(EXPECTED):
        failures.append(f"library calls written: {names}")
    for number, expected in enumerate(EXPECTED):
        for call in calls[2 * number:2 * number + 2]:
            frames = call.get("python", [])
            seen = [(f["line"], f["function"]) for f in frames if f["file"] == script]
            if seen != expected:
                failures.append(f"{call['name']} #{number + 1}: frames {seen}, expected "
                                f"{expected} (site {call.get('site', 'none')!r})")
            if not call.get("site", "").startswith(f"py:{script}:{expected[0][0]}"):
                failures.append(f"{call['name']} #{number + 1}: site {call.get('site')!r}")
    for failure in failures:
        print("FAIL:", failure)
    if not failures:
        print(f"{len(calls)} library calls at their Python lines, GIL released or held")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
