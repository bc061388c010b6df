#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make bench's fidelity row (tools/bench.py, fidelity_of_trace) from a small kept trace: a call
that returned a time is scored against the check's truth and CUPTI's span; a call that returned
no single time (no reported_ms: several numbers, or a bandwidth) is counted apart, not scored as
a 100% error; the worst error names its check."""
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import bench  # noqa: E402


def write_trace(records):
    handle = tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False)
    with handle:
        for record in records:
            handle.write(json.dumps(record) + "\n")
    return handle.name


class FidelityOfTrace(unittest.TestCase):
    def test_scores_timed_calls_and_counts_the_others_apart(self):
        path = write_trace([
            {"type": "kernel", "start_ns": 1_100_000, "end_ns": 3_100_000},
            {"type": "checked_call", "check": "events", "begin_ns": 1_000_000,
             "end_ns": 3_200_000, "reported_ms": 2.1, "truth_ms": 2.0},
            {"type": "kernel", "start_ns": 5_000_000, "end_ns": 6_000_000},
            {"type": "checked_call", "check": "batch", "begin_ns": 4_900_000,
             "end_ns": 6_100_000, "reported_ms": 1.0, "truth_ms": 1.0},
            {"type": "checked_call", "check": "bandwidth", "begin_ns": 7_000_000,
             "end_ns": 8_000_000, "truth_ms": 0.5},
            "not a record",
        ])
        try:
            row = bench.fidelity_of_trace("fidelity 99-test", path)
        finally:
            os.unlink(path)
        self.assertEqual(row["calls"], 2)
        self.assertEqual(row["calls_without_one_time"], 1)
        self.assertEqual(row["vs_check_truth_worst_pct"], 5.0)
        self.assertEqual(row["vs_check_truth_worst_check"], "events")
        self.assertEqual(row["vs_check_truth_median_pct"], 2.5)
        self.assertEqual(row["vs_cupti_span_worst_pct"], 5.0)  # 2.1 ms against a 2.0 ms span
        line = bench.describe(row)
        self.assertIn("2 calls timed", line)
        self.assertIn("worst 5.0% (events)", line)
        self.assertIn("1 returned no single time", line)


if __name__ == "__main__":
    unittest.main()
