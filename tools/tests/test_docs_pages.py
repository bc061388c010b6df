#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The documentation against the facts it repeats: README.md stays a front door (at most 200
lines, its two commands first, .ci/run running the second, every page it names present); the rule
tables of docs/lint.md and docs/ARCHITECTURE.md list exactly the rules of
checker/rules/registry.cpp with their severities; docs/performance.md's tables are what
tools/bench.py --table renders of bench/results/, every committed result shown."""
import glob
import os
import re
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import bench  # noqa: E402


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as file:
        return file.read()


def registry_rules(source):
    """{id: severity} of the rows of rules_table, in the registry's own spelling."""
    return dict(re.findall(r'rule_info\{\s*"([a-z0-9-]+)",\s*severity::(\w+)', source))


def documented_rules(page):
    """{id: severity cell} of the page's rule table: the table whose header has an id and a
    severity column."""
    rules = {}
    in_table = False
    for line in page.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[:2] == ["id", "severity"]:
            in_table = True
        elif not line.startswith("|"):
            in_table = False
        elif in_table and cells[0].startswith("`"):
            rules[cells[0].strip("`")] = cells[1]
    return rules


def rule_table_problems(page, rules):
    """What a page's rule table gets wrong against the registry's {id: severity}: a rule missing
    or extra, or another severity."""
    listed = documented_rules(page)
    problems = [f"{rule} is missing" for rule in rules if rule not in listed]
    problems += [f"{rule} is not in the registry" for rule in listed if rule not in rules]
    problems += [f"{rule} is '{listed[rule]}', the registry says {level}"
                 for rule, level in rules.items()
                 if rule in listed and not listed[rule].startswith(level)]
    return problems


class RuleTables(unittest.TestCase):
    def test_the_registry_is_read(self):
        rules = registry_rules(read("checker/rules/registry.cpp"))
        self.assertGreaterEqual(len(rules), 10)
        self.assertEqual(rules.get("submission-only"), "note")
        self.assertEqual(rules.get("stale-queue"), "error")

    def test_each_page_lists_exactly_the_registry_with_its_severities(self):
        rules = registry_rules(read("checker/rules/registry.cpp"))
        for page in ("docs/lint.md", "docs/ARCHITECTURE.md"):
            with self.subTest(page=page):
                self.assertEqual(rule_table_problems(read(page), rules), [],
                                 f"{page}'s rule table against checker/rules/registry.cpp")

    def test_a_table_that_drifted_is_caught(self):
        rules = registry_rules(read("checker/rules/registry.cpp"))
        page = read("docs/lint.md")
        drifted = re.sub(r"\| `submission-only` \|.*\n", "", page)
        drifted = drifted.replace("| `stale-queue` | error |", "| `stale-queue` | warning |")
        drifted += "\n| id | severity | what |\n|---|---|---|\n| `made-up` | error | x |\n"
        self.assertEqual(sorted(rule_table_problems(drifted, rules)),
                         ["made-up is not in the registry", "stale-queue is 'warning', the "
                          "registry says error", "submission-only is missing"])


class Performance(unittest.TestCase):
    def test_the_page_is_what_bench_renders(self):
        text = read("docs/performance.md")
        self.assertEqual(text, bench.render_page(text),
                         "run: python3 tools/bench.py --page docs/performance.md")

    def test_every_committed_result_is_shown(self):
        page = read("docs/performance.md")
        shown = {match.group(2) for match in bench.TABLE_BLOCK.finditer(page)}
        committed = {os.path.relpath(path, ROOT)
                     for path in glob.glob(os.path.join(ROOT, "bench", "results", "*.json"))}
        self.assertTrue(committed)
        self.assertEqual(shown, committed)

    def test_a_stale_table_is_refilled(self):
        result = sorted(glob.glob(os.path.join(ROOT, "bench", "results", "*.json")))[0]
        name = os.path.relpath(result, ROOT)
        stale = f"<!-- bench-table {name} -->\n| typed | by hand |\n<!-- end bench-table -->\n"
        rendered = bench.render_page(stale)
        self.assertNotIn("typed", rendered)
        self.assertIn("| part | what | wall s | CPU s | notes |", rendered)


class Readme(unittest.TestCase):
    def test_at_most_200_lines(self):
        self.assertLessEqual(len(read("README.md").splitlines()), 200)

    def test_its_two_commands_come_first_and_ci_runs_the_second(self):
        block = re.search(r"```sh\n(.*?)```", read("README.md"), re.S).group(1)
        commands = [line.split("#")[0].strip() for line in block.splitlines()]
        self.assertTrue(commands[0].startswith("make check LESSON=0"), commands)
        self.assertEqual(commands[1], "make test")
        ci_lines = [line.strip() for line in read(".ci/run").splitlines()]
        self.assertIn(commands[1], ci_lines)

    def test_every_file_it_names_exists(self):
        text = read("README.md") + "".join(read(p) for p in glob.glob(
            os.path.join(ROOT, "docs", "*.md")))
        for path in set(re.findall(r"`((?:docs|tools|bench|book|checker)/[\w./-]+\.(?:md|py|sh))`",
                                   text)):
            with self.subTest(path=path):
                self.assertTrue(os.path.exists(os.path.join(ROOT, path)), path)


if __name__ == "__main__":
    unittest.main()
