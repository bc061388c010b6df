#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Where make test's and make test-gpu's time went (tools/suite_times.py), from recorded files:
six tests of a real make test's JUnit file, their labels, and GPU tests' timing logs
(fixtures/suite-times/README.md)."""
import contextlib
import io
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import suite_times  # noqa: E402

FIXTURES = os.path.join(HERE, "fixtures", "suite-times")
JUNIT = os.path.join(FIXTURES, "results.xml")
TIMINGS = os.path.join(FIXTURES, "timings")

LAST_TEST_LOG = """Start testing: Dec 06 07:42 UTC
----------------------------------------------------------
1/3 Testing: unit_core:passes
1/3 Test: unit_core:passes
Output:
----------------------------------------------------------
fine
<end of output>
Test time =   0.02 sec
----------------------------------------------------------
Test Passed.
2/3 Testing: gpu_solutions_pass_every_time.04-two-sync-methods
2/3 Test: gpu_solutions_pass_every_time.04-two-sync-methods
<end of output>
Test time =  61.50 sec
----------------------------------------------------------
Test Failed.
3/3 Test: gpu_lint_corpus_once
<end of output>
Test time =   0.07 sec
----------------------------------------------------------
Test Not Run.
End testing: Dec 06 07:43 UTC
"""


class SuiteTimes(unittest.TestCase):
    def test_junit_times_statuses_and_wall(self):
        tests, wall = suite_times.read_junit(JUNIT)
        self.assertEqual(wall, 1335)
        self.assertEqual(len(tests), 6)
        by_name = {test["name"]: test for test in tests}
        self.assertAlmostEqual(by_name["book.build.student"]["seconds"], 51.7998)
        self.assertEqual(by_name["gpu_grade_sandboxes_every_attack_of_a_class"]["status"],
                         "failed")
        self.assertEqual(by_name["gpu_solutions_pass_3_times"]["status"], "skipped")

    def test_last_test_log_times_and_statuses(self):
        with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as handle:
            handle.write(LAST_TEST_LOG)
        try:
            tests = suite_times.read_last_test_log(handle.name)
        finally:
            os.unlink(handle.name)
        self.assertEqual([(t["name"], t["seconds"], t["status"]) for t in tests],
                         [("unit_core:passes", 0.02, "ran"),
                          ("gpu_solutions_pass_every_time.04-two-sync-methods", 61.5, "failed"),
                          ("gpu_lint_corpus_once", 0.07, "not run")])

    def test_a_timing_log_split_into_its_kinds(self):
        log = suite_times.read_timing_log(
            os.path.join(TIMINGS, "gpu_grade_sandboxes_every_attack_of_a_class.tsv"))
        self.assertEqual(dict(log["steps"]),
                         {"build": 20.0, "gpu-wait": 1.5, "load-start": 3.0, "gpu": 90.0})
        self.assertEqual((log["start"], log["seconds"]), (1000.0, 126.333))

    def test_the_report_from_the_recorded_files(self):
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            status = suite_times.main(["--junit", JUNIT, "--tests-json",
                                       os.path.join(FIXTURES, "tests.json"),
                                       "--timings", TIMINGS])
        self.assertEqual(status, 0)
        text = output.getvalue()
        self.assertIn("6 tests, 362 s of test time in 1335 s of wall time", text)
        self.assertIn("1 failed, 4 passed, 1 skipped", text)
        # Labels: CTest's where listed, the name's prefix where not (the unit test).
        self.assertRegex(text, r"\n  integration +2 +184\.2 +50\.8%\n")
        self.assertRegex(text, r"\n  unit +1 +0\.0 ")
        self.assertRegex(text, r"\n  lesson-00 +1 +126\.3 ")
        # The slowest first.
        slowest = text.split("slowest tests:")[1]
        self.assertLess(slowest.index("no_gpu_verdicts.04"), slowest.index("book.build.student"))
        # The GPU test's time split: build, gpu-wait, gpu, diagnosis (none in this log), its own
        # kind (load-start), other.
        self.assertRegex(text, r"gpu_grade_sandboxes_every_attack_of_a_class +126\.3 +20\.0 +1\.5"
                               r" +90\.0 +0\.0 +3\.0 +11\.8\n")
        # A log of a test this run did not run is left out.
        self.assertNotIn("gpu_not_in_this_run", text)
        # The GPU idle between the two GPU tests: 1130.333 - (1000 + 126.333) = 4 s.
        self.assertIn("130.4 s, of which 126.4 s inside a GPU test and 4.0 s between them", text)
        self.assertIn("4.0 s between gpu_grade_sandboxes_every_attack_of_a_class and "
                      "gpu_solutions_pass_3_times", text)

    def test_tests_under_load_run_at_once_count_their_union(self):
        # Two tests under load overlapping (10-40 s and 20-50 s), one inside another (25-30 s),
        # then 5 s with none, then one more: 50 s busy, one gap of 5 s after the last to end.
        logs = {name: {"start": start, "seconds": seconds}
                for name, start, seconds in (("gpu_a", 10.0, 30.0), ("gpu_b", 20.0, 30.0),
                                             ("gpu_c", 25.0, 5.0), ("gpu_d", 55.0, 10.0))}
        span, busy, gaps = suite_times.gpu_idle_gaps(logs)
        self.assertAlmostEqual(span, 55.0)
        self.assertAlmostEqual(busy, 50.0)
        self.assertEqual(len(gaps), 1)
        self.assertAlmostEqual(gaps[0][0], 5.0)
        self.assertEqual(gaps[0][1:], ("gpu_b", "gpu_d"))

    def test_a_run_in_parts_adds_its_wall_times(self):
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            suite_times.main(["--junit", JUNIT, "--junit", JUNIT])
        self.assertIn("12 tests, 725 s of test time in 2670 s of wall time", output.getvalue())

    def test_no_input_is_a_usage_error(self):
        with self.assertRaises(SystemExit) as stopped, contextlib.redirect_stderr(io.StringIO()):
            suite_times.main([])
        self.assertEqual(stopped.exception.code, 2)


if __name__ == "__main__":
    unittest.main()
