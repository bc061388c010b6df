#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make bench's suite rows (tools/bench.py): make test, make test-gpu and make book are run by
their make targets, and make test-gpu's row can come from the JUnit files of a run made in parts
(a GPU machine lent 10 minutes a command), their wall times added."""
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import bench  # noqa: E402

JUNIT = os.path.join(HERE, "fixtures", "suite-times", "results.xml")  # 1335 s, 6 tests, 1 failed


class SuiteRows(unittest.TestCase):
    def test_each_suite_runs_its_make_target(self):
        ran = []
        original = bench.measure
        bench.measure = lambda name, command, **kwargs: ran.append(command) or {"name": name}
        try:
            bench.suite("make test-gpu", "make-test-gpu", "test-gpu", "/b", True, True, True)
            bench.suite("make test", "make-test", "test", "/b", True, False, False)
        finally:
            bench.measure = original
        self.assertEqual([command[-1] for command in ran], ["test-gpu", "test"])
        self.assertIn("BUILD=/b", ran[0])

    def test_a_suite_not_asked_for_names_its_flag(self):
        row = bench.suite("make test-gpu", "make-test-gpu", "test-gpu", "/b", False, True, True)
        self.assertEqual(row["not_measured"], "not asked for (make bench ALL=1, or --make-test-gpu)")

    def test_make_test_gpu_from_a_run_in_parts(self):
        row = bench.suite_from_junit("make test-gpu", [JUNIT, JUNIT])
        self.assertEqual(row["wall_s"], 2670.0)
        self.assertIn("2 part(s) of one run (1335 + 1335 s), 12 tests, 2 failed", row["note"])
        table = bench.markdown_table({"gpu": "NVIDIA H100 80GB HBM3", "date": "2026-12-06",
                                      "host": {"cores": 16}, "sections": {"suites": [row]}})
        self.assertIn("| suites | make test-gpu | 2670.000 |  | ctest's wall time", table)


if __name__ == "__main__":
    unittest.main()
