#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""test_summary.py JUNIT_XML: after make test's ctest run, each skipped test with its reason.

CTest itself shows a skipped test (exit 77) as "***Skipped" and nothing more; its reason is the
last line the test printed (every skip in this course says why: no GPU, a missing tool...), kept
in the JUnit file that ctest --output-junit wrote.
"""
import sys
import xml.etree.ElementTree as ElementTree


def skipped_tests(path):
    """(name, reason) of every skipped or not-run test in CTest's JUnit file."""
    found = []
    for case in ElementTree.parse(path).getroot().iter("testcase"):
        skipped = case.find("skipped")
        if case.get("status") not in ("notrun", "skipped") and skipped is None:
            continue
        output = case.findtext("system-out") or ""
        lines = [line.strip() for line in output.splitlines() if line.strip()]
        reason = lines[-1] if lines else (skipped.get("message", "") if skipped is not None else "")
        found.append((case.get("name", "?"), reason or "(it gave no reason)"))
    return found


def main():
    try:
        found = skipped_tests(sys.argv[1])
    except (OSError, ElementTree.ParseError) as error:
        print(f"(no list of skipped tests: {error})")
        return 0
    if found:
        print(f"Skipped here ({len(found)}), each with its reason:")
        for name, reason in found:
            print(f"  {name}: {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
