#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Whether each recorded output was printed by the code the lesson now holds.

usage: results_sources.py stamp LESSON-FOLDER    the stamp of that lesson's sources (one line)
       results_sources.py check [--root DIR]     every results file against its lesson's stamp

A lesson's recorded outputs (lessons/NN-slug/results/RUN.txt) are what its reference program
printed: main.cu, exercise.h and solutions/NN-slug/exercise.cu. tools/record-results.sh writes
their stamp in each file's header (`# sources: ...`), a hash of the three files with comments and
blank space left out, so that a comment edit keeps a recording current and a code edit does not.
`check` fails on a file whose stamp differs from its sources' (re-record it), and on a file with
no stamp unless book/data/results-unstamped.txt lists it (outputs recorded before stamps; the
list only shrinks: a listed file that has a stamp fails too, so that it leaves the list).
"""
import argparse
import hashlib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UNSTAMPED = os.path.join("book", "data", "results-unstamped.txt")

# A string or character literal (kept whole: "//" inside one is no comment), or a comment.
TOKEN = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|//[^\n]*|/\*.*?\*/', re.DOTALL)


def code_of(text):
    """The text without its comments, its blank space collapsed to single spaces."""
    kept = TOKEN.sub(lambda m: " " if m.group(0).startswith("/") else m.group(0), text)
    return " ".join(kept.split())


def sources_of(root, folder):
    return [os.path.join(root, "lessons", folder, "main.cu"),
            os.path.join(root, "lessons", folder, "exercise.h"),
            os.path.join(root, "solutions", folder, "exercise.cu")]


def stamp(root, folder):
    digest = hashlib.sha256()
    for path in sources_of(root, folder):
        if not os.path.isfile(path):
            raise FileNotFoundError(f"{os.path.relpath(path, root)} is missing")
        digest.update(os.path.basename(path).encode() + b"\0")
        with open(path, encoding="utf-8") as source:
            digest.update(code_of(source.read()).encode() + b"\0")
    return digest.hexdigest()[:16]


def recorded_stamp(path):
    """The `# sources:` line of a results file's header, or None."""
    with open(path, encoding="utf-8") as results:
        for line in results:
            if not line.startswith("# "):
                break
            if line.startswith("# sources:"):
                return line.split(":", 1)[1].strip()
    return None


def listed_unstamped(root):
    path = os.path.join(root, UNSTAMPED)
    if not os.path.isfile(path):
        return set()
    with open(path, encoding="utf-8") as listing:
        return {line.split("#", 1)[0].strip() for line in listing} - {""}


def check(root):
    problems, current, unstamped = [], 0, 0
    allowed = listed_unstamped(root)
    lessons = os.path.join(root, "lessons")
    for folder in sorted(os.listdir(lessons)):
        results = os.path.join(lessons, folder, "results")
        if not re.match(r"^\d\d-", folder) or not os.path.isdir(results):
            continue
        now = stamp(root, folder)
        for name in sorted(os.listdir(results)):
            if not name.endswith(".txt"):
                continue
            relative = f"lessons/{folder}/results/{name}"
            run = name[:-len(".txt")]
            again = f"tools/record-results.sh {folder} with RUNS={run}"
            recorded = recorded_stamp(os.path.join(results, name))
            if recorded is None and relative in allowed:
                unstamped += 1
            elif recorded is None:
                problems.append(f"{relative}: no '# sources:' line; record it again ({again}),"
                                f" or list it in {UNSTAMPED}")
            elif relative in allowed:
                problems.append(f"{relative}: has its stamp now; take it off {UNSTAMPED}")
            elif recorded != now:
                problems.append(f"{relative}: recorded from other code (sources {recorded}, now"
                                f" {now}): main.cu, exercise.h or the solution changed since;"
                                f" record it again ({again})")
            else:
                current += 1
    for relative in sorted(allowed):
        if not os.path.isfile(os.path.join(root, relative)):
            problems.append(f"{UNSTAMPED} lists {relative}, which does not exist")
    for problem in problems:
        print(problem)
    print(f"{current} recorded output(s) current, {unstamped} recorded before stamps"
          f" ({UNSTAMPED}), {len(problems)} problem(s)")
    return 1 if problems else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=["stamp", "check"])
    parser.add_argument("folder", nargs="?", help="the lesson's folder (stamp)")
    parser.add_argument("--root", default=ROOT, help="the course's root (tests)")
    args = parser.parse_args()
    if args.command == "stamp":
        if not args.folder:
            parser.error("stamp needs a LESSON-FOLDER")
        print(stamp(args.root, args.folder))
        return 0
    return check(args.root)


if __name__ == "__main__":
    sys.exit(main())
