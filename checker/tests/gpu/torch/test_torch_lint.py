# SPDX-License-Identifier: MIT
"""torch_lint.py reads each script's expectations and judges lint's findings by them, no GPU.

usage: test_torch_lint.py

A stand-in for gpucheck prints the findings a GPU run would give; torch_lint.py's check() must
pass a script whose findings meet its `# expect` comments, and fail, with the line, one that
misses an expected finding, has one on a line marked clean, blames a call inside the framework,
or has any finding while marking none. The folder's scripts are the PyTorch programs only.
"""
import json
import os
import stat
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import torch_lint  # noqa: E402

SCRIPT = """import time
import torch
t0 = time.perf_counter()  # expect-start: clean
c = a @ b  # expect: cold-start
t1 = time.perf_counter()
torch.cuda.synchronize()  # expect: stale-queue
"""


def at(path, line):
    return {"file": path, "line": line, "function": "<module>", "text": ""}


def finding(path, rule, start, stop, site):
    return {"rule": rule, "start": at(path, start), "stop": at(path, stop),
            "site": at(path, site) if isinstance(site, int) else site}


def verdict(work, script_text, findings):
    script = os.path.join(work, "script.py")
    with open(script, "w") as f:
        f.write(script_text)
    fake = os.path.join(work, "gpucheck")
    with open(fake, "w") as f:
        f.write(f"#!{sys.executable}\nprint({json.dumps(json.dumps({'findings': findings}))})\n")
    os.chmod(fake, os.stat(fake).st_mode | stat.S_IEXEC)
    return torch_lint.check(fake, script)


def main():
    failures = []
    with tempfile.TemporaryDirectory() as work:
        script = os.path.join(work, "script.py")
        good = [finding(script, "cold-start", 5, 7, 4), finding(script, "stale-queue", 5, 7, 6)]
        cases = [
            ("every expectation met", SCRIPT, good, None),
            ("an expected finding missing", SCRIPT, good[:1], ":6: expected ['stale-queue']"),
            ("a finding on a line marked clean", SCRIPT,
             good + [finding(script, "unsynced-stop", 3, 5, None)], ":3: expected no finding"),
            ("a call blamed inside the framework", SCRIPT,
             [good[0], finding(script, "stale-queue", 5, 7, {"file": "", "line": 0,
                                                             "function": "at::sync"})],
             "inside the framework"),
            ("a correct script with a finding", "import torch\n", good[:1], "a correct program"),
            ("a correct script without one", "import torch\n", [], None),
        ]
        for name, text, findings, expected in cases:
            got = verdict(work, text, findings)
            if expected is None and got:
                failures.append(f"{name}: failed with {got}")
            elif expected is not None and not any(expected in g for g in got):
                failures.append(f"{name}: expected a failure with {expected!r}, got {got}")
    folder = os.path.dirname(os.path.abspath(__file__))
    names = {os.path.basename(s) for s in torch_lint.scripts_to_lint([folder])}
    if "example3.py" not in names or names & {"torch_lint.py", "test_torch_lint.py",
                                               "fill_recorded.py"}:
        failures.append(f"the folder's scripts: {sorted(names)}")
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(cases)} verdicts as expected, {len(names)} scripts" if not failures else "")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
