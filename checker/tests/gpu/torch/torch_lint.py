# SPDX-License-Identifier: MIT
"""gpucheck lint on PyTorch scripts, on a GPU with PyTorch (issue 43). Skipped (77) elsewhere.

usage: torch_lint.py GPUCHECK [FOLDER | SCRIPT...]

Lints every script of FOLDER (this folder by default: the test is its scripts) or the SCRIPTs
given. Each script says what lint must find, in comments on its lines:
  # expect: RULE[,RULE]         findings with these rules that name this line (the start or the
                                stop of their timing, or the call they blame)
  # expect-start: RULE[,RULE]   findings with these rules on the timing this line starts
  # expect-start: clean         no finding on the timing this line starts
  # expect-stop: RULE[,RULE]    findings with these rules on the timing this line stops
A script with no expected finding must have no finding at all. A finding must name the script's
lines for its start and stop, and for the call it blames where it blames one: a Python line, not
a line inside PyTorch. `# needs: MODULE` near the top skips a script where MODULE is missing.
"""
import json
import os
import re
import subprocess
import sys

TAG = re.compile(r"#\s*expect(?:-(start|stop))?:\s*([\w,-]+)")
NEEDS = re.compile(r"^#\s*needs:\s*([\w.]+)", re.MULTILINE)


def skip_reason():
    if subprocess.run("nvidia-smi -L", shell=True, capture_output=True).returncode != 0:
        return "no NVIDIA GPU found (nvidia-smi -L failed)"
    probe = subprocess.run(["python3", "-c", "import torch; assert torch.cuda.is_available()"],
                           capture_output=True)
    if probe.returncode != 0:
        return "python3 has no PyTorch with CUDA (import torch; torch.cuda.is_available())"
    return None


def expectations(script):
    """(end, line, rules): end is "start", "stop" or "any" (the start, the stop or the site)."""
    found = []
    with open(script) as lines:
        for number, line in enumerate(lines, 1):
            if match := TAG.search(line):
                found.append((match.group(1) or "any", number, match.group(2).split(",")))
    return found


def missing_module(script):
    with open(script) as text:
        for module in NEEDS.findall(text.read()):
            probe = subprocess.run(["python3", "-c", f"import {module}"], capture_output=True)
            if probe.returncode != 0:
                return module
    return None


def line_of(finding, end):
    where = finding.get(end) or {}
    return where.get("line") if where.get("file", "").endswith(".py") else None


def lines_of(finding, end):
    if end != "any":
        return {line_of(finding, end)}
    return {line_of(finding, part) for part in ("start", "stop", "site")}


def check(gpucheck, script):
    if module := missing_module(script):
        print(f"{script}: SKIPPED, python3 has no {module}")
        return []
    run = subprocess.run([gpucheck, "lint", "--json", script], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        return [f"{script}: gpucheck lint exited {run.returncode}: {run.stderr.strip()[-800:]}"]
    findings = json.loads(run.stdout)["findings"]
    print(f"{script}: " + ", ".join(
        f"{f['rule']} {line_of(f, 'start')}-{line_of(f, 'stop')} at {line_of(f, 'site')}"
        for f in findings) if findings else f"{script}: no finding")
    failures = []
    wanted = expectations(script)
    for end, number, rules in wanted:
        at = {f["rule"] for f in findings if number in lines_of(f, end)}
        if rules == ["clean"]:
            if at:
                failures.append(f"{script}:{number}: expected no finding, got {sorted(at)}")
        elif missing := set(rules) - at:
            failures.append(f"{script}:{number}: expected {sorted(missing)} naming this line "
                            f"({end}), got {sorted(at)}")
    if not any(rules != ["clean"] for _, _, rules in wanted) and findings:
        failures.append(f"{script}: a correct program, yet {len(findings)} findings")
    for f in findings:
        if line_of(f, "start") is None or line_of(f, "stop") is None:
            failures.append(f"{script}: a {f['rule']} finding without the script's lines: "
                            f"{f.get('start')} .. {f.get('stop')}")
        if f.get("site") and line_of(f, "site") is None:
            failures.append(f"{script}: a {f['rule']} finding blames a call inside the "
                            f"framework, not a Python line: {f.get('site')}")
    return failures


TOOLS = {"torch_lint.py", "test_torch_lint.py", "fill_recorded.py"}  # this test's own tools


def is_pytorch_script(path):
    """The folder's PyTorch programs: every Python file that imports torch, but the tools."""
    if os.path.basename(path) in TOOLS:
        return False
    with open(path) as text:
        return re.search(r"^(import|from) torch\b", text.read(), re.MULTILINE) is not None


def scripts_to_lint(arguments):
    if len(arguments) == 1 and os.path.isdir(arguments[0]) or not arguments:
        folder = arguments[0] if arguments else os.path.dirname(os.path.abspath(__file__))
        return sorted(os.path.join(folder, name) for name in os.listdir(folder)
                      if name.endswith(".py") and is_pytorch_script(os.path.join(folder, name)))
    return arguments


def main():
    if reason := skip_reason():
        print(f"SKIPPED: {reason}; this test needs a GPU and PyTorch.")
        return 77
    gpucheck, scripts = sys.argv[1], scripts_to_lint(sys.argv[2:])
    failures = [failure for script in scripts for failure in check(gpucheck, script)]
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
