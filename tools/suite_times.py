#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""suite_times.py: where the time of make test or make test-gpu went (docs/testing.md).

    tools/suite_times.py --build build                 # the last make test (build/test-results.xml)
    tools/suite_times.py --build build --junit build/test-gpu-results.xml   # the last make test-gpu
    tools/suite_times.py --junit FILE [--junit FILE...] [--tests-json FILE] [--timings DIR]
    tools/suite_times.py --last-test-log build/Testing/Temporary/LastTest.log

Per test, from CTest's JUnit file (ctest --output-junit; make test and make test-gpu write one) or
its Testing/Temporary/LastTest.log: the seconds each took, the slowest first, and the sum per label
(from ctest --show-only=json-v1, which --build runs, or --tests-json). Within the GPU tests (and
make test's grading chain, the classes graded without a GPU), from the timing log each writes
(checker/tests/gpu/timed_test.sh; gpucheck's GPUCHECK_TIMING_LOG, core/timing_log.hpp):
compiling (on a GPU, with the GPU idle), waiting for the GPU lock, checks run, and the rest; and
how long the GPU stood idle between GPU tests. It reads recorded files only: run it anywhere on a
GPU machine's build folder.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

# The kinds of step a timing log holds, in the order they are shown (core/timing_log.hpp).
STEP_KINDS = ("build", "gpu-wait", "gpu", "diagnosis")


def read_junit(path):
    """(tests, wall seconds or None): tests as [{name, seconds, status}] from CTest's JUnit file."""
    root = ElementTree.parse(path).getroot()
    tests = []
    for case in root.iter("testcase"):
        status = case.get("status", "run")
        if case.find("skipped") is not None or status == "notrun":
            status = "skipped"
        elif case.find("failure") is not None or status == "fail":
            status = "failed"
        else:
            status = "passed"
        tests.append({"name": case.get("name", "?"), "seconds": float(case.get("time", 0)),
                      "status": status})
    wall = root.get("time")
    return tests, (float(wall) if wall else None)


def read_last_test_log(path):
    """[{name, seconds, status}] from CTest's LastTest.log. It gives no wall time, and CTest
    writes "Test Passed." for a skipped test (exit 77) too: both read "ran" here."""
    tests = []
    current = None
    with open(path, encoding="utf-8", errors="replace") as log:
        for line in log:
            if match := re.match(r"^\d+/\d+ Test: (.*)$", line.rstrip("\n")):
                current = {"name": match.group(1), "seconds": 0.0, "status": "ran"}
                tests.append(current)
            elif current and (match := re.match(r"^Test time =\s*([0-9.]+) sec", line)):
                current["seconds"] = float(match.group(1))
            elif current and line.startswith("Test Failed"):
                current["status"] = "failed"
            elif current and line.startswith("Test Not Run"):
                current["status"] = "not run"
    return tests


def read_labels(tests_json):
    """{test name: [labels]} from ctest --show-only=json-v1's output (a dict)."""
    labels = {}
    for test in tests_json.get("tests", []):
        for prop in test.get("properties", []):
            if prop.get("name") == "LABELS":
                labels[test["name"]] = list(prop.get("value", []))
        labels.setdefault(test["name"], [])
    return labels


def read_timing_log(path):
    """One GPU test's log: {"steps": {kind: seconds}, "start", "seconds" (the whole test, or
    None when the test line is missing: it did not finish), "parts": [(seconds, kind, what)]}."""
    steps = collections.OrderedDict()
    parts = []
    whole = None
    with open(path, encoding="utf-8", errors="replace") as log:
        for line in log:
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 4:
                continue
            try:
                start, seconds = float(fields[0]), float(fields[1])
            except ValueError:
                continue
            kind, what = fields[2], fields[3]
            if kind == "test":
                whole = {"start": start, "seconds": seconds}
                continue
            steps[kind] = steps.get(kind, 0.0) + seconds
            parts.append((seconds, kind, what))
    return {"steps": steps, "parts": parts,
            "start": whole["start"] if whole else None,
            "seconds": whole["seconds"] if whole else None}


def read_timing_logs(folder):
    """{test name: read_timing_log} for every NAME.tsv in folder (none where it does not exist)."""
    logs = {}
    if folder and os.path.isdir(folder):
        for entry in sorted(os.listdir(folder)):
            if entry.endswith(".tsv"):
                logs[entry[:-4]] = read_timing_log(os.path.join(folder, entry))
    return logs


def label_of(name, labels):
    """The labels of a test: CTest's, else its name's prefix (unit_core:..., book.build...)."""
    if labels.get(name):
        return labels[name]
    return [re.split(r"[:._]", name, maxsplit=1)[0]]


def gpu_idle_gaps(logs):
    """(span seconds, busy seconds, [(gap seconds, before, after)]) of the GPU tests' own runs, in
    the order they ran: busy is the time some GPU test ran (the tests under load run several at
    once), a gap the time between the end of the last test running and the next one's start, when
    no GPU test ran (ctest was building, running other tests, or waiting for a lock)."""
    runs = sorted((log["start"], log["start"] + log["seconds"], name)
                  for name, log in logs.items()
                  if log["start"] is not None and name.startswith("gpu_"))
    if not runs:
        return 0.0, 0.0, []
    gaps = []
    busy = 0.0
    held_from, held_until, last = runs[0]
    for start, end, name in runs[1:]:
        if start > held_until:
            busy += held_until - held_from
            if start - held_until > 0.5:
                gaps.append((start - held_until, last, name))
            held_from = start
        if end >= held_until:
            held_until, last = end, name
    busy += held_until - held_from
    span = held_until - runs[0][0]
    return span, busy, gaps


def render(tests, wall, labels, logs, top=25):
    """The report, as text."""
    out = []
    total = sum(test["seconds"] for test in tests)
    head = f"{len(tests)} tests, {total:.0f} s of test time"
    if wall:
        head += f" in {wall:.0f} s of wall time ({total / wall:.2f} tests at a time on average)"
    out.append(head)
    statuses = collections.Counter(test["status"] for test in tests)
    out.append(", ".join(f"{count} {status}" for status, count in sorted(statuses.items())))

    by_label = collections.defaultdict(lambda: [0, 0.0])
    for test in tests:
        for label in label_of(test["name"], labels):
            by_label[label][0] += 1
            by_label[label][1] += test["seconds"]
    out.append("")
    out.append("By label (a test with several labels counts under each):")
    out.append(f"  {'label':<28} {'tests':>6} {'test s':>9} {'share':>6}")
    for label, (count, seconds) in sorted(by_label.items(), key=lambda item: -item[1][1]):
        share = 100 * seconds / total if total else 0
        out.append(f"  {label:<28} {count:>6} {seconds:>9.1f} {share:>5.1f}%")

    slowest = sorted(tests, key=lambda test: -test["seconds"])[:top]
    out.append("")
    out.append(f"The {len(slowest)} slowest tests:")
    out.append(f"  {'test s':>9}  {'status':<8} test")
    for test in slowest:
        out.append(f"  {test['seconds']:>9.1f}  {test['status']:<8} {test['name']}")

    if logs:
        kinds = list(STEP_KINDS) + sorted(
            {kind for log in logs.values() for kind in log["steps"]} - set(STEP_KINDS))
        out.append("")
        out.append("Inside the timed tests (the GPU tests, and make test's grading chain): "
                   "build = compiling, gpu-wait = waiting for the GPU lock, gpu = checks run "
                   "(on the GPU, or exiting 77 without one; a failing check's replay too), "
                   "diagnosis = reading a replay's trace and its rules (CPU), other = the rest")
        width = max(len(name) for name in logs)
        out.append(f"  {'test':<{width}} {'test s':>8} " +
                   " ".join(f"{kind:>10}" for kind in kinds) + f" {'other':>8}")
        sums = collections.Counter()
        for name, log in sorted(logs.items(), key=lambda item: -(item[1]["seconds"] or 0)):
            whole = log["seconds"]
            if whole is None:  # did not finish: its steps up to then
                whole = sum(log["steps"].values())
            other = max(0.0, whole - sum(log["steps"].values()))
            sums["test"] += whole
            sums["other"] += other
            for kind in kinds:
                sums[kind] += log["steps"].get(kind, 0.0)
            unfinished = "" if log["seconds"] is not None else "  (did not finish)"
            out.append(f"  {name:<{width}} {whole:>8.1f} " +
                       " ".join(f"{log['steps'].get(kind, 0.0):>10.1f}" for kind in kinds) +
                       f" {other:>8.1f}{unfinished}")
        out.append(f"  {'total':<{width}} {sums['test']:>8.1f} " +
                   " ".join(f"{sums[kind]:>10.1f}" for kind in kinds) + f" {sums['other']:>8.1f}")
        span, busy, gaps = gpu_idle_gaps(logs)
        if span:
            out.append("")
            out.append(f"GPU tests from the first start to the last end: {span:.1f} s, of which "
                       f"{busy:.1f} s inside a GPU test and {span - busy:.1f} s between them.")
            for gap, before, after in sorted(gaps, reverse=True)[:5]:
                out.append(f"  {gap:.1f} s between {before} and {after}")
    return "\n".join(out) + "\n"


def ctest_labels(build):
    """The labels of every test of a configured tree (ctest --show-only=json-v1), {} if none."""
    try:
        listed = subprocess.run(["ctest", "--show-only=json-v1"], cwd=build, check=True,
                                capture_output=True, text=True).stdout
        return read_labels(json.loads(listed))
    except (OSError, subprocess.CalledProcessError, json.JSONDecodeError):
        return {}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--build", help="a build folder: its test-results.xml, test-timings/, "
                        "and the labels its ctest lists")
    parser.add_argument("--junit", action="append",
                        help="CTest's JUnit file (ctest --output-junit); several: one run in parts, "
                        "their wall times added")
    parser.add_argument("--last-test-log", help="CTest's LastTest.log, where there is no JUnit")
    parser.add_argument("--tests-json", help="ctest --show-only=json-v1's output (the labels)")
    parser.add_argument("--timings", help="the GPU tests' timing logs (BUILD/test-timings)")
    parser.add_argument("--top", type=int, default=25, help="how many of the slowest tests")
    args = parser.parse_args(argv)

    junit = args.junit or []
    last_test_log = args.last_test_log
    timings = args.timings
    if args.build:
        if not junit and not last_test_log:
            junit = [os.path.join(args.build, "test-results.xml")]
            if not os.path.exists(junit[0]):
                junit, last_test_log = [], os.path.join(args.build, "Testing", "Temporary",
                                                        "LastTest.log")
        timings = timings or os.path.join(args.build, "test-timings")
    if not junit and not last_test_log:
        parser.error("name --build, --junit or --last-test-log")
    try:
        if junit:
            tests, wall = [], 0.0
            for path in junit:
                part, part_wall = read_junit(path)
                tests += part
                wall = wall + part_wall if wall is not None and part_wall else None
        else:
            tests, wall = read_last_test_log(last_test_log), None
    except (OSError, ElementTree.ParseError) as error:
        print(f"suite_times.py: {error}", file=sys.stderr)
        return 1
    if args.tests_json:
        with open(args.tests_json, encoding="utf-8") as handle:
            labels = read_labels(json.load(handle))
    elif args.build:
        labels = ctest_labels(args.build)
    else:
        labels = {}
    # Only the logs of the tests of this run (a run of some lessons leaves the others' older logs).
    names = {test["name"] for test in tests}
    logs = {name: log for name, log in read_timing_logs(timings).items() if name in names}
    sys.stdout.write(render(tests, wall, labels, logs, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
