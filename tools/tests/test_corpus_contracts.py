#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every submission of a lesson's diagnosis corpus (lessons/NN-slug/tests/diagnosis/*.cu) and of
the held-out set (tools/heldout/NN-slug/*.cu) defines every function its lesson's exercise.h
declares. The corpus's test replays recorded traces on the CPU, so a submission left behind by a
change of its lesson's contract still passes it while no longer building (lesson 03's corpus kept
six such for a week, found only when a GPU graded them): this test finds it without a compiler.
A function counts as defined where a line that starts at column 0 names it before its `(` (its
return type before it on that line, or on the line above)."""
import glob
import os
import re
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# A declaration at column 0 in exercise.h: a return type, the name, `(`; not a type alias, a
# struct, a macro or a comment.
DECLARATION = re.compile(r"(?m)^(?!using\b|struct\b|class\b|namespace\b|#|//|typedef\b|template\b)"
                         r"[A-Za-z_][\w:<>,\s\*&]*?[\s\*&](\w+)\(")


def contract_functions(header_text):
    """Names of the free functions exercise.h declares (declarations end in `;`, not a body)."""
    names = []
    text = header_text
    for match in DECLARATION.finditer(text):
        rest = text[match.end():]
        depth, end = 1, 0
        while end < len(rest) and depth > 0:
            depth += {"(": 1, ")": -1}.get(rest[end], 0)
            end += 1
        if rest[end:].lstrip().startswith(";"):
            names.append(match.group(1))
    return names


def defines(source_text, name):
    return re.search(rf"(?m)^(?:[A-Za-z_][^;\n]*[\s\*&:])?{re.escape(name)}\s*\(",
                     source_text) is not None


def submissions():
    """(lesson folder, submission path) of the corpus and the held-out set."""
    for lesson in sorted(glob.glob(os.path.join(ROOT, "lessons", "[0-9][0-9]-*"))):
        slug = os.path.basename(lesson)
        for pattern in (os.path.join(lesson, "tests", "diagnosis", "*.cu"),
                        os.path.join(ROOT, "tools", "heldout", slug, "*.cu")):
            for path in sorted(glob.glob(pattern)):
                yield lesson, path


class CorpusContracts(unittest.TestCase):
    def test_the_parser_reads_a_contract(self):
        header = ("using gpu_work = int;\nstruct parts {\n  double a;\n};\n"
                  "double time_launch_only(const gpu_work& work,\n    cudaStream_t stream);\n"
                  "std::vector<double> launch_burst(int count);\n"
                  "inline int helper(int x) { return x; }\n")
        self.assertEqual(contract_functions(header), ["time_launch_only", "launch_burst"])
        self.assertTrue(defines("double time_launch_only(const gpu_work& work) {\n", "time_launch_only"))
        self.assertTrue(defines("std::vector<int>\nlaunch_burst(int count) {\n", "launch_burst"))
        self.assertFalse(defines("  return time_launch_only(work, s);\n", "time_launch_only"))
        self.assertFalse(defines("double my_time_launch_only(int x) {\n", "time_launch_only"))

    def test_every_submission_defines_its_lessons_contract(self):
        checked = 0
        missing = []
        for lesson, path in submissions():
            with open(os.path.join(lesson, "exercise.h"), encoding="utf-8") as file:
                wanted = contract_functions(file.read())
            self.assertTrue(wanted, f"{lesson}/exercise.h: no function declaration read")
            with open(path, encoding="utf-8") as file:
                text = file.read()
            missing += [f"{os.path.relpath(path, ROOT)}: {name}" for name in wanted
                        if not defines(text, name)]
            checked += 1
        self.assertGreater(checked, 50)
        self.assertEqual(missing, [], "submissions that do not define their lesson's contract")


if __name__ == "__main__":
    unittest.main()
