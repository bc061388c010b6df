#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make bench's fidelity row (tools/bench.py, fidelity_of_trace) from a small kept trace: a call
that returned a time is scored against the check's truth and CUPTI's span; a call that returned
no single time (no reported_ms: several numbers, or a bandwidth) is counted apart, not scored as
a 100% error; the worst error names its check. And a committed result as the README's table
(--table)."""
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


class MarkdownTable(unittest.TestCase):
    def test_one_row_a_figure_with_its_spread_and_exit(self):
        result = {"date": "2026-12-05T12:00:00+00:00", "gpu": "NVIDIA H200",
                  "host": {"cores": 16},
                  "sections": {
                      "edit_to_verdict": [
                          {"name": "edit to verdict", "runs": 5, "wall_s": 3.185,
                           "wall_min_s": 3.022, "wall_max_s": 3.426, "cpu_s": 3.153,
                           "exit_codes": [0]},
                          {"name": "  step: link", "runs": 5, "wall_s": 0.017, "wall_min_s": 0.014,
                           "wall_max_s": 0.018, "cpu_s": 0.017, "exit_codes": [1]}],
                      "tracer_overhead": [{"name": "tracer: many_kernels", "untraced_ms": 370,
                                           "traced_ms": 438, "ratio": 1.18}],
                      "suites": [{"name": "make test", "not_measured": "not asked for"}]}}
        table = bench.markdown_table(result).splitlines()
        self.assertEqual(table[0], "`make bench` on NVIDIA H200, 2026-12-05, 16 cores:")
        self.assertIn("| edit to verdict | edit to verdict | 3.185 | 3.153 | "
                      "3.022-3.426 over 5 runs |", table)
        self.assertIn("|  | step: link | 0.017 | 0.017 | 0.014-0.018 over 5 runs; exit [1] |",
                      table)
        self.assertIn("| tracer overhead | tracer: many_kernels | 0.438 |  | "
                      "untraced 0.370 s; traced/untraced 1.18 |", table)
        self.assertIn("| suites | make test |  |  | not asked for |", table)


if __name__ == "__main__":
    unittest.main()
