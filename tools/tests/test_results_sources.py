#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tools/results_sources.py: a recorded output's stamp follows the code that printed it, not its
comments, and `check` names each stale, unstamped or wrongly listed file."""
import io
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stdout

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import results_sources  # noqa: E402

MAIN = """// The lesson's experiment.
#include <cstdio>
int main() {
  std::printf("http://not-a-comment // %d\\n", 1); /* a block
  comment */
  return 0;
}
"""


class Course:
    """A course of one lesson, 05-x, with a recorded main run."""

    def __init__(self, root):
        self.root = root
        self.write("lessons/05-x/main.cu", MAIN)
        self.write("lessons/05-x/exercise.h", "double f(); // [ms]\n")
        self.write("solutions/05-x/exercise.cu", "double f() { return 1.0; }\n")

    def write(self, relative, text):
        path = os.path.join(self.root, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)

    def record(self, stamp=True, run="main"):
        header = "# gpu: NVIDIA H100\n"
        if stamp:
            header += f"# sources: {results_sources.stamp(self.root, '05-x')}\n"
        self.write(f"lessons/05-x/results/{run}.txt", header + "1\n")

    def check(self):
        printed = io.StringIO()
        with redirect_stdout(printed):
            status = results_sources.check(self.root)
        return status, printed.getvalue()


class CodeOf(unittest.TestCase):
    def test_comments_go_strings_stay(self):
        code = results_sources.code_of(MAIN)
        self.assertNotIn("experiment", code)
        self.assertNotIn("block", code)
        self.assertIn('"http://not-a-comment // %d\\n"', code)
        self.assertIn("return 0;", code)


class Stamp(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.course = Course(self.dir.name)

    def tearDown(self):
        self.dir.cleanup()

    def test_a_comment_edit_keeps_the_stamp_and_a_code_edit_changes_it(self):
        before = results_sources.stamp(self.course.root, "05-x")
        self.course.write("lessons/05-x/main.cu", MAIN.replace("experiment", "measurement"))
        self.assertEqual(before, results_sources.stamp(self.course.root, "05-x"))
        self.course.write("solutions/05-x/exercise.cu", "double f() { return 2.0; }\n")
        self.assertNotEqual(before, results_sources.stamp(self.course.root, "05-x"))

    def test_a_current_recording_passes(self):
        self.course.record()
        status, printed = self.course.check()
        self.assertEqual(status, 0, printed)
        self.assertIn("1 recorded output(s) current", printed)

    def test_a_recording_of_other_code_fails_and_says_how_to_record_it_again(self):
        self.course.record()
        self.course.write("lessons/05-x/main.cu", MAIN.replace("return 0", "return 1"))
        status, printed = self.course.check()
        self.assertEqual(status, 1)
        self.assertIn("lessons/05-x/results/main.txt: recorded from other code", printed)
        self.assertIn("tools/record-results.sh 05-x with RUNS=main", printed)

    def test_no_stamp_fails_unless_listed(self):
        self.course.record(stamp=False, run="small")
        status, printed = self.course.check()
        self.assertEqual(status, 1)
        self.assertIn("lessons/05-x/results/small.txt: no '# sources:' line", printed)
        self.course.write(results_sources.UNSTAMPED, "lessons/05-x/results/small.txt  # old\n")
        status, printed = self.course.check()
        self.assertEqual(status, 0, printed)
        self.assertIn("1 recorded before stamps", printed)

    def test_the_list_only_shrinks(self):
        self.course.record()
        self.course.write(results_sources.UNSTAMPED,
                          "lessons/05-x/results/main.txt\nlessons/05-x/results/gone.txt\n")
        status, printed = self.course.check()
        self.assertEqual(status, 1)
        self.assertIn("main.txt: has its stamp now; take it off", printed)
        self.assertIn("lists lessons/05-x/results/gone.txt, which does not exist", printed)


if __name__ == "__main__":
    unittest.main()
