#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make bench's failing edit to verdict (tools/bench.py) without a GPU: the starter's rows say
they need one and run nothing; the ratio against the passing row is reported only when the
solution passed and the starter failed; make's status is read from the innermost make."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import bench  # noqa: E402


def never_measured(*args, **kwargs):
    raise AssertionError("nothing is measured without a GPU")


def timed(wall_s, exit_codes):
    return {"name": "a row", "runs": 5, "wall_s": wall_s, "wall_min_s": wall_s,
            "wall_max_s": wall_s, "cpu_s": wall_s, "exit_codes": exit_codes}


class FailingEditToVerdict(unittest.TestCase):
    def test_without_a_gpu_it_says_so_and_runs_nothing(self):
        rows = bench.failing_rows(["make"], {}, has_gpu=False, measure=never_measured)
        self.assertEqual([row["name"] for row in rows], [bench.FAILING, bench.FAILING_UNTRACED])
        for row in rows:
            self.assertIn("needs a GPU", row["not_measured"])
        ratio = bench.verdict_ratio(timed(2.0, [77]), rows[0])
        self.assertIn("needs a GPU", ratio["not_measured"])
        self.assertIn("needs a GPU", bench.describe(ratio))

    def test_with_a_gpu_it_times_the_starter_with_and_without_its_replay(self):
        calls = []

        def recorded(name, command, before=None, env=None):
            calls.append((name, command, (env or {}).get("GPUCHECK_TRACE")))
            return timed(3.0, [1])

        rows = bench.failing_rows(["make"], {"NO_COLOR": "1"}, has_gpu=True, measure=recorded)
        self.assertEqual(len(rows), 2)
        self.assertEqual(calls, [(bench.FAILING, ["make", "check", "LESSON=4"], None),
                                 (bench.FAILING_UNTRACED, ["make", "check", "LESSON=4"], "0")])

    def test_the_ratio_of_a_pass_and_a_failure(self):
        within = bench.verdict_ratio(timed(2.0, [0]), timed(2.5, [1]))
        self.assertEqual(within["ratio_of_walls"], 1.25)
        self.assertTrue(within["within_goal"])
        over = bench.verdict_ratio(timed(1.96, [0]), timed(3.18, [1]))
        self.assertEqual(over["ratio_of_walls"], 1.62)
        self.assertFalse(over["within_goal"])
        self.assertIn("1.62 (over the goal)", bench.describe(over))

    def test_no_ratio_when_a_verdict_was_not_the_expected_one(self):
        wrong = bench.verdict_ratio(timed(2.0, [0]), timed(2.5, [77]))
        self.assertNotIn("ratio_of_walls", wrong)
        self.assertIn("exit [77]", wrong["error"])


class FailingParts(unittest.TestCase):
    # One failing check's timing log: the build, the checks' run, the replay's run, the diagnosis.
    LOG = ("1.0\t0.84\tbuild\t04-two-sync-methods exercise\n"
           "2.0\t0.95\tgpu\t04-two-sync-methods exercise\n"
           "3.0\t0.61\tgpu\t04-two-sync-methods exercise\n"
           "3.7\t0.12\tdiagnosis\t04-two-sync-methods trace read and rules\n")

    def parts_of(self, text):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "log.tsv")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            return bench.timing_log_parts(path)

    def test_a_log_in_its_parts(self):
        self.assertEqual(self.parts_of(self.LOG),
                         {"build": 0.84, "run": 0.95, "replay": 0.61, "diagnosis": 0.12})
        passed = "2.0\t0.95\tgpu\t04-two-sync-methods solution\n"  # no replay, no diagnosis
        self.assertEqual(self.parts_of(passed), {"run": 0.95})

    def test_each_part_is_the_median_of_the_runs_and_is_shown(self):
        replays = iter([0.61, 0.70, 0.55])

        def run(command, env=None):
            self.assertEqual(command, ["make", "check", "LESSON=4"])
            replay = next(replays)
            with open(env["GPUCHECK_TIMING_LOG"], "w", encoding="utf-8") as f:
                f.write(self.LOG.replace("\t0.61\t", f"\t{replay}\t"))
            return 3.0, 3.0, 1, ""

        row = bench.failing_parts(["make"], {}, has_gpu=True, run=run, runs=3,
                                  before=lambda: None)
        self.assertEqual(row["parts_s"], {"build": 0.84, "checks run": 0.95,
                                          "traced replay run": 0.61, "trace read and rules": 0.12})
        self.assertIn("traced replay run 0.610 s", bench.describe(row))
        table = bench.markdown_table({"gpu": "G", "date": "2026-12-07", "host": {"cores": 16},
                                      "sections": {"edit_to_verdict": [row]}})
        self.assertIn("trace read and rules 0.120 s (medians of 3 runs)", table)

    def test_without_a_gpu_nothing_runs(self):
        row = bench.failing_parts(["make"], {}, has_gpu=False, run=never_measured)
        self.assertIn("needs a GPU", row["not_measured"])


class CommandStatus(unittest.TestCase):
    def test_the_innermost_make_says_gpucheck_status(self):
        output = ("make[1]: *** [Makefile:79: check] Error 1\n"
                  "make: *** [Makefile:152: bench] Error 2\n")
        self.assertEqual(bench.command_status(2, output), 1)
        self.assertEqual(bench.command_status(2, "make: *** [Makefile:79: check] Error 77\n"), 77)
        self.assertEqual(bench.command_status(0, "all passed\n"), 0)


if __name__ == "__main__":
    unittest.main()
