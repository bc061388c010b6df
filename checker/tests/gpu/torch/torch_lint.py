# SPDX-License-Identifier: MIT
"""gpucheck lint on PyTorch scripts, on a GPU with PyTorch (issue 43). Skipped (77) elsewhere.

usage: torch_lint.py GPUCHECK SCRIPT...

Each SCRIPT says what lint must find in comments on the lines of its clock reads:
  # expect-start: RULE[,RULE]   findings with these rules on the interval this read starts
  # expect-start: clean         no finding on the interval this read starts
  # expect-stop: RULE[,RULE]    findings with these rules on the interval this read stops
A script with no `expect-start: RULE` or `expect-stop` comment must have no finding at all.
"""
import json
import re
import subprocess
import sys

TAG = re.compile(r"#\s*expect-(start|stop):\s*([\w,-]+)")


def skip_reason():
    if subprocess.run("nvidia-smi -L", shell=True, capture_output=True).returncode != 0:
        return "no NVIDIA GPU found (nvidia-smi -L failed)"
    probe = subprocess.run(["python3", "-c", "import torch; assert torch.cuda.is_available()"],
                           capture_output=True)
    if probe.returncode != 0:
        return "python3 has no PyTorch with CUDA (import torch; torch.cuda.is_available())"
    return None


def expectations(script):
    found = []
    with open(script) as lines:
        for number, line in enumerate(lines, 1):
            if match := TAG.search(line):
                found.append((match.group(1), number, match.group(2).split(",")))
    return found


def line_of(finding, end):
    where = finding.get(end) or {}
    return where.get("line") if where.get("file", "").endswith(".py") else None


def check(gpucheck, script):
    run = subprocess.run([gpucheck, "lint", "--json", script], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        return [f"{script}: gpucheck lint exited {run.returncode}: {run.stderr.strip()[-800:]}"]
    findings = json.loads(run.stdout)["findings"]
    print(f"{script}: " + ", ".join(f"{f['rule']} {line_of(f, 'start')}-{line_of(f, 'stop')}"
                                    for f in findings) if findings else f"{script}: no finding")
    failures = []
    wanted = expectations(script)
    for end, number, rules in wanted:
        at = {f["rule"] for f in findings if line_of(f, end) == number}
        if rules == ["clean"]:
            if at:
                failures.append(f"{script}:{number}: expected no finding, got {sorted(at)}")
        elif missing := set(rules) - at:
            failures.append(f"{script}:{number}: expected {sorted(missing)} on the interval it "
                            f"{end}s, got {sorted(at)}")
    if not any(rules != ["clean"] for _, _, rules in wanted) and findings:
        failures.append(f"{script}: a correct program, yet {len(findings)} findings")
    for f in findings:
        if line_of(f, "start") is None or line_of(f, "stop") is None:
            failures.append(f"{script}: a {f['rule']} finding without the script's lines: "
                            f"{f.get('start')} .. {f.get('stop')}")
    return failures


def main():
    if reason := skip_reason():
        print(f"SKIPPED: {reason}; this test needs a GPU and PyTorch.")
        return 77
    gpucheck, scripts = sys.argv[1], sys.argv[2:]
    failures = [failure for script in scripts for failure in check(gpucheck, script)]
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
