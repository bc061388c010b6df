#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tools/gpu_ledger.py: a GPU test's result stands while the code in its scope is unchanged, and
only then; a skipped or failed test is never counted as passed. And tools/gpu-verify.sh resume,
which runs the tests whose JUnit files the ledger records: a fixture's setup runs once a machine,
not before each test."""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
LEDGER_TOOL = os.path.join(HERE, "..", "gpu_ledger.py")
VERIFY_TOOL = os.path.join(HERE, "..", "gpu-verify.sh")

TESTS = [
    "gpu_grade_a_class_alone.04-two-sync-methods",
    "gpu_grade_a_class_alone.05-streams",
    "gpu_starters_fail_with_a_message",
]


# A lesson's text: its front matter (which gpucheck reads), then prose (which no GPU test reads).
LESSON_TEXT = "---\nnumber: 5\nrules:\n  - {rules}\n---\n# Streams\n\n{prose}\n"


def junit(cases):
    """A CTest JUnit file of (name, status, failed) cases."""
    body = ""
    for case in cases:
        name, status, failed = case[:3]
        seconds = case[3] if len(case) > 3 else 12.5
        inner = '<failure message=""/>' if failed else ""
        if status == "notrun":
            inner = '<skipped message="SKIP_RETURN_CODE=77"/>'
        body += f'<testcase name="{name}" classname="{name}" time="{seconds}" status="{status}">{inner}</testcase>\n'
    return (f'<?xml version="1.0"?>\n<testsuite name="x" timestamp="2026-12-07T06:00:00">\n'
            f"{body}</testsuite>\n")


class Repo:
    def __init__(self, folder):
        self.root = os.path.join(folder, "repo")  # the run's files lie beside it, in folder
        self.files = folder
        os.makedirs(self.root)
        self.git("init", "-q")
        self.git("config", "user.email", "t@example.com")
        self.git("config", "user.name", "t")
        for path in ("checker/core/run.cpp", "lessons/04-two-sync-methods/check.cu",
                     "lessons/05-streams/check.cu", "lessons/05-streams/results/main.txt",
                     "solutions/05-streams/exercise.cu", "docs/grading.md", "README.md",
                     "book/front/intro.md", "book/tools/timeline_figure.cpp"):
            self.write(path, "one\n")
        self.write("lessons/05-streams/lesson.md", LESSON_TEXT.format(rules="stale-queue", prose="one"))
        with open(os.path.join(folder, "tests.txt"), "w", encoding="utf-8") as out:
            out.write("\n".join(TESTS) + "\n")
        self.commit()

    def git(self, *args):
        return subprocess.run(["git", "-C", self.root, *args], check=True, capture_output=True,
                              text=True).stdout

    def write(self, relative, text):
        path = os.path.join(self.root, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)

    def commit(self):
        self.git("add", "-A")
        self.git("commit", "-q", "-m", "change")

    def ledger(self, *args):
        done = subprocess.run([sys.executable, LEDGER_TOOL, "--repo", self.root, *args],
                              capture_output=True, text=True)
        return done.returncode, done.stdout + done.stderr

    def record(self, cases):
        path = os.path.join(self.files, "run.xml")
        with open(path, "w", encoding="utf-8") as out:
            out.write(junit(cases))
        return self.ledger("record", "--commit", "HEAD", "--gpu", "H100", path)

    def todo(self, *options):
        code, out = self.ledger("todo", "--tests", os.path.join(self.files, "tests.txt"), *options)
        assert code == 0, out
        return out.split()

    def status(self):
        return self.ledger("status", "--tests", os.path.join(self.files, "tests.txt"))


class LedgerTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.repo = Repo(self.tmp.name)

    def tearDown(self):
        self.tmp.cleanup()

    def record_all_passing(self):
        code, out = self.repo.record([(t, "run", False) for t in TESTS])
        self.assertEqual(code, 0, out)

    def test_every_test_passed_on_this_code_is_done(self):
        self.assertEqual(self.repo.todo(), TESTS)
        self.assertEqual(self.repo.status()[0], 1)
        self.record_all_passing()
        self.assertEqual(self.repo.todo(), [])
        code, out = self.repo.status()
        self.assertEqual(code, 0, out)
        self.assertIn("3 of 3 tests", out)

    def test_prose_and_records_leave_every_result_standing(self):
        self.record_all_passing()
        for path in ("docs/grading.md", "README.md", "book/front/intro.md",
                     "lessons/05-streams/results/main.txt", "tools/gpu-verify.sh",
                     "tools/gpu_ledger.py", "checker/tests/integration/CMakeLists.txt"):
            self.repo.write(path, "two\n")
        self.repo.commit()
        self.assertEqual(self.repo.todo(), [])

    def test_a_lessons_prose_leaves_its_results_and_its_front_matter_does_not(self):
        self.record_all_passing()
        self.repo.write("lessons/05-streams/lesson.md",
                        LESSON_TEXT.format(rules="stale-queue", prose="rewritten, re-recorded"))
        self.repo.commit()
        self.assertEqual(self.repo.todo(), [])
        self.repo.write("lessons/05-streams/lesson.md",
                        LESSON_TEXT.format(rules="sync-other-stream", prose="rewritten, re-recorded"))
        self.repo.commit()
        self.assertEqual(self.repo.todo(),
                         ["gpu_grade_a_class_alone.05-streams", "gpu_starters_fail_with_a_message"])

    def test_a_lesson_change_asks_again_for_its_tests_and_the_unscoped_ones(self):
        self.record_all_passing()
        self.repo.write("solutions/05-streams/exercise.cu", "two\n")
        self.repo.commit()
        self.assertEqual(self.repo.todo(),
                         ["gpu_grade_a_class_alone.05-streams", "gpu_starters_fail_with_a_message"])

    def test_a_lint_test_stands_through_a_lessons_code_but_not_its_front_matter(self):
        lint = "gpu_lint_corpus_verdicts"
        with open(os.path.join(self.repo.files, "tests.txt"), "w", encoding="utf-8") as out:
            out.write(lint + "\n" + TESTS[1] + "\n")
        code, out = self.repo.record([(lint, "run", False), (TESTS[1], "run", False)])
        self.assertEqual(code, 0, out)
        self.repo.write("lessons/05-streams/check.cu", "two\n")  # no lesson code runs in lint
        self.repo.commit()
        self.assertEqual(self.repo.todo(), [TESTS[1]])
        self.repo.write("lessons/05-streams/lesson.md",  # a rule's learn link moves
                        LESSON_TEXT.format(rules="sync-other-stream", prose="one"))
        self.repo.commit()
        self.assertEqual(self.repo.todo(), [lint, TESTS[1]])

    def test_a_result_is_judged_by_its_commit_under_the_rules_of_today(self):
        self.record_all_passing()
        ledger = os.path.join(self.repo.root, "bench/results/suite/gpu-ledger.tsv")
        with open(ledger, encoding="utf-8") as f:
            lines = f.read().splitlines()
        # The scope written when it was recorded, by rules since made finer: the commit decides.
        rows = [lines[0]] + ["\t".join([c[0], "0" * 16] + c[2:]) for c in
                             (line.split("\t") for line in lines[1:])]
        with open(ledger, "w", encoding="utf-8") as f:
            f.write("\n".join(rows) + "\n")
        self.assertEqual(self.repo.todo(), [])

    def test_a_checker_change_asks_for_every_test_again(self):
        self.record_all_passing()
        for path in ("checker/core/run.cpp", "book/tools/timeline_figure.cpp"):
            self.repo.write(path, "changed\n")
            self.repo.commit()
            self.assertEqual(self.repo.todo(), TESTS, path)
            self.record_all_passing()

    def test_a_failure_or_a_skip_is_not_a_pass(self):
        code, out = self.repo.record([(TESTS[0], "fail", True), (TESTS[1], "notrun", False),
                                      (TESTS[2], "run", False)])
        self.assertEqual(code, 0, out)
        self.assertEqual(self.repo.todo(), TESTS[:2])
        code, out = self.repo.status()
        self.assertIn("fail", out)
        self.assertIn("to run   gpu_grade_a_class_alone.05-streams", out)

    def test_longest_first_orders_by_the_latest_time_the_unrecorded_first(self):
        self.repo.record([(TESTS[0], "fail", True, 5.0), (TESTS[2], "fail", True, 80.0)])
        self.repo.record([(TESTS[2], "fail", True, 30.0), (TESTS[0], "fail", True, 50.0)])
        self.assertEqual(self.repo.todo(), TESTS)
        self.assertEqual(self.repo.todo("--longest-first"), [TESTS[1], TESTS[0], TESTS[2]])

    def test_the_latest_result_on_the_same_code_decides(self):
        self.record_all_passing()
        self.repo.record([(TESTS[2], "fail", True)])
        self.assertEqual(self.repo.todo(), [TESTS[2]])

    def test_a_build_tree_not_configured_is_named_not_a_traceback(self):
        missing = os.path.join(self.tmp.name, "never-configured")
        code, out = self.repo.ledger("todo", "--build", missing)
        self.assertEqual(code, 1, out)
        self.assertIn(f"{missing} is no configured build tree", out)
        self.assertNotIn("Traceback", out)

    def test_files_where_every_test_skipped_are_refused(self):
        code, out = self.repo.record([(TESTS[0], "notrun", False)])
        self.assertNotEqual(code, 0)
        self.assertIn("no test that ran", out)


# A CTest project with a fixture's setup (counting its runs in a file) and two tests that need it.
FIXTURE_PROJECT = """cmake_minimum_required(VERSION 3.20)
project(resume_fixture NONE)
enable_testing()
add_test(NAME setup_first COMMAND sh -c "echo run >> ${CMAKE_BINARY_DIR}/setup-runs.txt")
set_tests_properties(setup_first PROPERTIES FIXTURES_SETUP built)
foreach(name one two)
  add_test(NAME gpu_${name} COMMAND sh -c "echo ${name} >> ${CMAKE_BINARY_DIR}/test-runs.txt")
  set_tests_properties(gpu_${name} PROPERTIES FIXTURES_REQUIRED built)
endforeach()
"""


class ResumeTest(unittest.TestCase):
    def test_a_fixtures_setup_runs_once_then_is_left_out(self):
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "CMakeLists.txt"), "w", encoding="utf-8") as out:
                out.write(FIXTURE_PROJECT)
            build = os.path.join(folder, "build")
            subprocess.run(["cmake", "-S", folder, "-B", build], check=True, capture_output=True)
            open(os.path.join(build, "gpu-verify-built"), "w").close()  # nothing to build
            os.makedirs(os.path.join(build, "test-timings"))  # archived at the end, as a GPU's

            def resume(tests):
                # A later call goes on where the last stopped: forget what ran, to run it again.
                done_file = os.path.join(build, "gpu-verify-done.txt")
                if os.path.exists(done_file):
                    os.remove(done_file)
                env = dict(os.environ, TESTS=tests, OUT=os.path.join(folder, "out"))
                done = subprocess.run(["bash", VERIFY_TOOL, "resume", "300"], cwd=folder,
                                      env=env, capture_output=True, text=True, check=False)
                self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
                with open(os.path.join(build, "setup-runs.txt"), encoding="utf-8") as runs:
                    return len(runs.read().split())

            self.assertEqual(resume("gpu_one gpu_two"), 1, "the setup ran before each test")
            with open(os.path.join(build, "test-runs.txt"), encoding="utf-8") as runs:
                self.assertEqual(runs.read().split(), ["one", "two"])
            # Each test still has its JUnit file, for the ledger.
            for name in ("gpu_one", "gpu_two"):
                self.assertTrue(os.path.exists(os.path.join(build, "gpu-verify-junit",
                                                            name + ".xml")))
            # A later call on the same code sets nothing up again; on other code, it does.
            self.assertEqual(resume("gpu_one"), 1)
            os.makedirs(os.path.join(folder, "checker"))
            with open(os.path.join(folder, "checker", "changed.cpp"), "w", encoding="utf-8") as out:
                out.write("// other code\n")
            self.assertEqual(resume("gpu_two"), 2, "a tree with other code used the old setup")

    def test_the_tests_run_in_the_order_given(self):
        # gpu_ledger.py todo --longest-first orders them; resume must keep that order.
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "CMakeLists.txt"), "w", encoding="utf-8") as out:
                out.write(FIXTURE_PROJECT)
            build = os.path.join(folder, "build")
            subprocess.run(["cmake", "-S", folder, "-B", build], check=True, capture_output=True)
            open(os.path.join(build, "gpu-verify-built"), "w").close()
            os.makedirs(os.path.join(build, "test-timings"))
            env = dict(os.environ, TESTS="gpu_two\ngpu_one", OUT=os.path.join(folder, "out"))
            done = subprocess.run(["bash", VERIFY_TOOL, "resume", "300"], cwd=folder, env=env,
                                  capture_output=True, text=True, check=False)
            self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
            with open(os.path.join(build, "test-runs.txt"), encoding="utf-8") as runs:
                self.assertEqual(runs.read().split(), ["two", "one"])


if __name__ == "__main__":
    unittest.main()
