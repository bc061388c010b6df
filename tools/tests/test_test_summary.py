#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make test's closing list (tools/test_summary.py): every skipped test, with the last line it
printed as its reason, from the JUnit file ctest --output-junit writes (the shape CTest 3.25
writes, recorded); passed and failed tests are not listed."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import test_summary  # noqa: E402

JUNIT = """<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="(empty)" tests="3" failures="1" disabled="0" skipped="1" hostname="" time="0">
	<testcase name="passes" classname="passes" time="0.03" status="run">
		<system-out>fine
</system-out>
	</testcase>
	<testcase name="fails" classname="fails" time="0.03" status="fail">
		<failure message="Failed"/>
		<system-out>wrong
</system-out>
	</testcase>
	<testcase name="gpu_solutions_pass" classname="gpu_solutions_pass" time="0.04" status="notrun">
		<skipped message="SKIP_RETURN_CODE=77"/>
		<system-out>looking for a GPU
no NVIDIA GPU here (nvidia-smi found none): skipped

</system-out>
	</testcase>
</testsuite>
"""


class SkippedTests(unittest.TestCase):
    def test_each_skipped_test_with_its_last_line(self):
        with tempfile.NamedTemporaryFile("w", suffix=".xml", delete=False) as handle:
            handle.write(JUNIT)
        try:
            self.assertEqual(test_summary.skipped_tests(handle.name),
                             [("gpu_solutions_pass",
                               "no NVIDIA GPU here (nvidia-smi found none): skipped")])
        finally:
            os.unlink(handle.name)


if __name__ == "__main__":
    unittest.main()
