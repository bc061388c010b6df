#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The GPU suite's ledger: which of `make test-gpu`'s tests passed on a GPU, on which code.

A lent GPU machine gives a session 30 minutes; `make test-gpu` takes longer (docs/testing.md), so
the suite is run in parts (`tools/gpu-verify.sh resume`), sometimes across sessions. This ledger
(bench/results/suite/gpu-ledger.tsv) keeps each test's result with the hash of the code that test
depends on, its *scope*: every tracked file except the prose and records that no GPU test reads
(docs, the book's text, a lesson's text but its front matter, recorded outputs, the diagnosis
corpus, the scripts that run and report GPU tests...), and of the lessons only the test's own
lesson (a test named `....NN-slug`), only their texts' front matter (a test that runs no lesson's
code: lint's, the start state's), or all of them (any other test). A later commit
that changes only docs, or only another lesson, leaves a test's scope, and so its result, standing;
any other change asks for the test again.

    tools/gpu_ledger.py record --commit REV --gpu NAME JUNIT.xml...   add the tests of these JUnit
                                     files, as run on REV's tree (what the device call was sent)
    tools/gpu_ledger.py status [--commit REV] [--build DIR]   every test of make test-gpu (ctest -N
                                     -L gpu-full in DIR) and whether it passed on REV's code:
                                     exit 0 only when every one did
    tools/gpu_ledger.py todo [--commit REV] [--build DIR] [--longest-first]
                                     the tests still to run, one a line (for tools/gpu-verify.sh
                                     resume: TESTS="$(...)"), in make test-gpu's order or the
                                     longest first by their latest recorded time
"""
import argparse
import hashlib
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEDGER = Path("bench") / "results" / "suite" / "gpu-ledger.tsv"  # in the repository
HEADER = "test\tscope\tcommit\tgpu\tdate\tresult\tseconds"

# Tracked paths that no GPU test reads: changing them asks for no test again. Anything not
# listed here is in every test's scope (a new kind of file is, until it is listed).
NOT_READ_BY_GPU_TESTS = [
    re.compile(p)
    for p in (
        r"^README\.md$",
        r"^\.ci/",
        r"^docs/",
        r"^bench/",
        r"^tools/heldout/",
        r"^tools/tests/",
        # what runs, records or reports GPU tests; no GPU test runs it
        r"^tools/(gpu_ledger\.py|gpu-verify\.sh|gpu-diagnose\.sh|suite_times\.py|bench\.py)$",
        r"^tools/test-gpu\.sh$",  # make test-gpu's two phases: it runs the tests, none runs it
        r"^tools/(bench-tracer-overhead|record-results|record-lint|public-corpus)\.sh$",
        r"^tools/(prose_words|public_corpus_compare)\.py$",
        # make test's integration tests: their CMakeLists registers tests and no target, and sets
        # nothing outside its folder; no GPU test runs their scripts
        r"^checker/tests/integration/",
        r"^book/(?!CMakeLists\.txt$|tools/)",  # the book's text; its timeline tool is built by all
        r"^lessons/[^/]+/results/",  # recorded outputs, for the book
        r"^lessons/[^/]+/tests/diagnosis(-traces)?/",  # replayed on the CPU (unit tests)
    )
]
LESSON_PATH = re.compile(r"^(?:lessons|solutions)/(\d\d-[^/]+)/")
LESSON_TEST = re.compile(r"\.(\d\d-[a-z0-9-]+)$")
# Tests that build and run no lesson's code: gpucheck lint on the checker's own corpus and on the
# PyTorch scripts, and a test program of the check API. Of the lessons they read only what gpucheck
# reads of every lesson, its text's front matter (a rule's "learn" link), so a change to one
# lesson's code or words leaves their results standing.
NO_LESSON_CODE_TESTS = {
    "gpu_lint_corpus_verdicts",
    "gpu_lint_pytorch_scripts",
    "gpu_cuda_start_state_says_yes_after_the_first_call",
}


def git(repo, *args):
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True).stdout


# A lesson's text: gpucheck reads its front matter (the lesson's title, the rules it teaches, the
# sanitizer's tools), and no GPU test reads its prose: only the front matter is in scope, so that a
# lesson rewritten or re-recorded does not ask for its GPU tests again.
LESSON_TEXT = re.compile(r"^lessons/[^/]+/lesson(\.zh)?\.md$")


def front_matter(text):
    """The text between a leading `---` line and the next one; all of it where there is none."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        return text
    for end in range(1, len(lines)):
        if lines[end].strip() == "---":
            return "\n".join(lines[1:end])
    return text


def tracked_blobs(repo, commit):
    """(path, blob id) of every file of the commit's tree; of a lesson's text, the hash of its
    front matter instead."""
    blobs = []
    for line in git(repo, "ls-tree", "-r", "--full-tree", commit).splitlines():
        meta, path = line.split("\t", 1)
        blob = meta.split()[2]
        if LESSON_TEXT.search(path):
            head = front_matter(git(repo, "cat-file", "-p", blob))
            blob = "front-matter:" + hashlib.sha256(head.encode()).hexdigest()
        blobs.append((path, blob))
    return blobs


def scope_of(test, blobs):
    """The hash of what `test` depends on: every file a GPU test may read, of the lessons only its
    own where its name ends in one, and only their texts' front matter for a test that runs no
    lesson's code."""
    own = LESSON_TEST.search(test)
    digest = hashlib.sha256()
    for path, blob in sorted(blobs):
        if any(p.search(path) for p in NOT_READ_BY_GPU_TESTS):
            continue
        lesson = LESSON_PATH.match(path)
        if lesson and own and lesson.group(1) != own.group(1):
            continue
        if lesson and test in NO_LESSON_CODE_TESTS and not LESSON_TEXT.search(path):
            continue
        digest.update(f"{path}\0{blob}\n".encode())
    return digest.hexdigest()[:16]


def read_ledger(path):
    if not path.exists():
        return []
    lines = path.read_text().splitlines()
    if not lines or lines[0] != HEADER:
        sys.exit(f"gpu_ledger: {path} does not start with the header: {HEADER}")
    return [dict(zip(HEADER.split("\t"), line.split("\t"))) for line in lines[1:] if line]


def junit_results(files):
    """(test, result, seconds, date) of each test case the files hold; a skipped test is none."""
    for file in files:
        suite = ElementTree.parse(file).getroot()
        date = suite.get("timestamp", "")[:10]
        for case in suite.iter("testcase"):
            status = case.get("status")
            if status == "notrun" or case.find("skipped") is not None:
                continue
            result = "pass" if status == "run" and case.find("failure") is None else "fail"
            yield case.get("name"), result, float(case.get("time", "0")), date


def make_test_gpu_tests(build):
    if not (Path(build) / "CTestTestfile.cmake").is_file():
        sys.exit(f"gpu_ledger: {build} is no configured build tree (cmake -S . -B {build} first, "
                 "or --tests FILE)")
    out = subprocess.run(["ctest", "-N", "-L", "gpu-full"], cwd=build, check=True,
                         capture_output=True, text=True).stdout
    return re.findall(r"^\s*Test\s+#\d+: (\S+)$", out, re.M)


def record(args):
    commit = git(args.repo, "rev-parse", "--short=12", args.commit).strip()
    blobs = tracked_blobs(args.repo, commit)
    rows = read_ledger(args.ledger)
    added = 0
    for test, result, seconds, date in junit_results(args.junit):
        rows.append({"test": test, "scope": scope_of(test, blobs), "commit": commit,
                     "gpu": args.gpu, "date": date or args.date, "result": result,
                     "seconds": f"{seconds:.1f}"})
        added += 1
    if added == 0:
        sys.exit("gpu_ledger: the JUnit files hold no test that ran (every one skipped?)")
    args.ledger.parent.mkdir(parents=True, exist_ok=True)
    args.ledger.write_text(
        "\n".join([HEADER] + ["\t".join(r[k] for k in HEADER.split("\t")) for r in rows]) + "\n")
    print(f"gpu_ledger: {added} results of {commit} added to {args.ledger}")


def standing(args):
    """Each test of make test-gpu with its latest result on the same scope (None: to run)."""
    commit = git(args.repo, "rev-parse", "--short=12", args.commit).strip()
    blobs = tracked_blobs(args.repo, commit)
    rows = read_ledger(args.ledger)
    build = args.build or args.repo / "build"
    tests = args.tests.read_text().split() if args.tests else make_test_gpu_tests(build)
    if not tests:
        sys.exit(f"gpu_ledger: no test labelled gpu-full in {build} (configure it first)")
    # A result's scope is computed again from the commit it ran on, by today's rules: a rule made
    # finer (a file found to be no test's input) keeps the results it leaves unchanged. The scope
    # written at recording stands in where that commit is not here (a shallow clone).
    trees = {}

    def scope_then(row, test):
        if row["commit"] not in trees:
            try:
                trees[row["commit"]] = tracked_blobs(args.repo, row["commit"])
            except subprocess.CalledProcessError:
                trees[row["commit"]] = None
        then = trees[row["commit"]]
        return row["scope"] if then is None else scope_of(test, then)

    found = []
    for test in tests:
        scope = scope_of(test, blobs)
        same = [r for r in rows if r["test"] == test and scope_then(r, test) == scope]
        found.append((test, same[-1] if same else None))
    return commit, found


def status(args):
    commit, found = standing(args)
    passed = sum(1 for _, row in found if row and row["result"] == "pass")
    for test, row in found:
        if row is None:
            print(f"  to run   {test}")
        else:
            print(f"  {row['result']:<8} {test}  ({row['gpu']}, {row['commit']}, {row['date']}, "
                  f"{row['seconds']} s)")
    seconds = sum(float(row["seconds"]) for _, row in found if row)
    print(f"gpu_ledger: {passed} of {len(found)} tests of make test-gpu passed on the code of "
          f"{commit} ({seconds:.0f} s of test time recorded)")
    return 0 if passed == len(found) else 1


def last_seconds(rows):
    """Each test's latest recorded time, on any code: about what it will take again."""
    return {row["test"]: float(row["seconds"]) for row in rows}


def todo(args):
    _, found = standing(args)
    tests = [test for test, row in found if row is None or row["result"] != "pass"]
    if args.longest_first:
        # Longest first, so that the tests under load, run several at a time, end close together
        # (tools/gpu-verify.sh resume keeps this order); one never recorded first, its length
        # unknown. sort() is stable: equal times keep make test-gpu's order.
        seconds = last_seconds(read_ledger(args.ledger))
        tests.sort(key=lambda test: -seconds.get(test, float("inf")))
    for test in tests:
        print(test)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repo", type=Path, default=ROOT)
    parser.add_argument("--ledger", type=Path, help=f"default: REPO/{LEDGER}")
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--commit", required=True)
    rec.add_argument("--gpu", required=True)
    rec.add_argument("--date", default="")
    rec.add_argument("junit", nargs="+", type=Path)
    for name in ("status", "todo"):
        one = sub.add_parser(name)
        one.add_argument("--commit", default="HEAD")
        one.add_argument("--build", type=Path, help="default: REPO/build")
        one.add_argument("--tests", type=Path, help="a file of test names instead of ctest -N")
        if name == "todo":
            one.add_argument("--longest-first", action="store_true",
                             help="by each test's latest recorded time (any code)")
    args = parser.parse_args()
    args.ledger = args.ledger or args.repo / LEDGER
    if args.command == "record":
        record(args)
        return 0
    return status(args) if args.command == "status" else todo(args)


if __name__ == "__main__":
    sys.exit(main())
