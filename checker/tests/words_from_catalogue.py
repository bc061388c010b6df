#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every sentence a student sees comes from the message catalogue (docs/ARCHITECTURE.md,
"Messages and languages"): fails when a C++ source of checker/cli, checker/core or
checker/analysis holds a string literal that reads as words (two words or more), unless the
allow-list below says why it is not a sentence of ours (another program's words that the checker
matches, a name, a file's contents).

    words_from_catalogue.py SOURCE_DIR           the checker's sources
    words_from_catalogue.py --files FILE...      these files alone (the test of this test)

Adjacent literals ("a " "b") are one literal; comments are not read. Standard library only.
"""
import os
import re
import sys

FOLDERS = ("checker/cli", "checker/core", "checker/analysis")
WORDS = re.compile(r"[A-Za-z]{2,}[ ,:;'()]+[A-Za-z]{2,}")

# (file, the literal as a regular expression, why it is not a sentence of the catalogue). A file
# of "*" is any file.
ALLOWED = [
    ("*", r"(\\n)*gpucheck( [a-z-]+)?: ([a-z]+: )?",
     "a command's name before its error, as a compiler's (`gpucheck lint: `, `gpucheck watch: "
     "fork: `, the failed call's name)"),
    ("checker/core/sanitizer.cpp", r".*",
     "compute-sanitizer's own words, which the parser matches to keep or drop its lines"),
    ("checker/core/compiler_diagnostics.cpp",
     r"multiple definition of .*|\^\(\.\*\?\).*undefined reference to .*|\^nvlink error.*",
     "the linker's words, matched in its output and kept in its message as it wrote them"),
    ("checker/core/run_diagnosis.cpp",
     r"an illegal memory access.*|THREW exception: ",
     "the CUDA runtime's and doctest's words, matched in the check program's output"),
    ("checker/core/gpu_checks_not_run.cpp", r"\[doctest\] listing all test case names",
     "doctest's words, matched in its output"),
    ("checker/cli/grade_batch.cpp", r"course side of | submissions of ",
     "a step's label in GPUCHECK_TIMING_LOG (core/timing_log.hpp), read by tools/suite_times.py"),
    ("checker/cli/grade_command.cpp", r"grading tree configured for |course side of ",
     "a step's label in GPUCHECK_TIMING_LOG (core/timing_log.hpp), read by tools/suite_times.py"),
    ("checker/analysis/traced_check.cpp", r" trace read and rules",
     "a step's label in GPUCHECK_TIMING_LOG (core/timing_log.hpp), read by tools/suite_times.py"),
    ("checker/core/check_build_shortcut.cpp", r"built through CMake: ",
     "a stamp file's contents, which no one reads but the build"),
    ("checker/core/lesson_scaffold.cpp", r".*",
     "the files of a new lesson (its text, its words files in both languages), which its author "
     "rewrites"),
    ("checker/cli/grade_slurm.cpp", r"Submitted batch job|built by gpucheck grade --slurm.*|# .*",
     "sbatch's words, matched in its output; a stamp file's contents; the comments of the batch "
     "script it writes, for the cluster's administrator"),
    ("checker/core/submission_builds.cpp", r"# Written by gpucheck grade: .*|\.PHONY: all",
     "the Makefile it writes for the submissions' builds"),
    ("checker/cli/grade_batch.hpp", r"student,verdict,.*", "the CSV's header: its column names"),
    ("checker/analysis/source_lines.hpp", r"gpucheck: submission-only",
     "the marker a program writes in a comment, a name"),
    ("checker/core/lesson_validation.hpp", r"TODO\(author\)", "the marker an author replaces"),
]


def literals(source):
    """(line, text) of each string literal outside comments, adjacent literals joined."""
    found, at, line, last_end = [], 0, 1, None
    plain = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
    raw = re.compile(r'(?:u8|u|U|L)?R"([^(\s]*)\(')
    character = re.compile(r"'(?:[^'\\\n]|\\.)*'")
    while at < len(source):
        char = source[at]
        if char == "\n":
            line, at = line + 1, at + 1
            continue
        if source.startswith("//", at):
            end = source.find("\n", at)
            at = len(source) if end < 0 else end
            continue
        if source.startswith("/*", at):
            end = source.index("*/", at) + 2
            line, at = line + source.count("\n", at, end), end
            continue
        if char == "'" and not (at > 0 and source[at - 1].isalnum()):  # not a digit separator
            match = character.match(source, at)
            at = match.end() if match else at + 1
            continue
        match = raw.match(source, at)
        if match and not (at > 0 and (source[at - 1].isalnum() or source[at - 1] == "_")):
            close = source.index(")" + match.group(1) + '"', match.end())
            text, end = source[match.end():close], close + len(match.group(1)) + 2
        elif char == '"':
            match = plain.match(source, at)
            text, end = match.group(1), match.end()
        else:
            at += 1
            continue
        if last_end is not None and source[last_end:at].strip() == "" and found:
            found[-1] = (found[-1][0], found[-1][1] + text)
        else:
            found.append((line, text))
        line, at, last_end = line + source.count("\n", at, end), end, end
    return found


def allowed(path, text):
    return any((where in ("*", path)) and re.fullmatch(pattern, text, re.DOTALL)
               for where, pattern, _ in ALLOWED)


def sentences(path, shown):
    with open(path, encoding="utf-8") as file:
        return [(line, text) for line, text in literals(file.read())
                if WORDS.search(text) and not allowed(shown, text)]


def main(arguments):
    if arguments[:1] == ["--files"]:
        hits = {path: sentences(path, path) for path in arguments[1:]}
    elif len(arguments) == 1:
        os.chdir(arguments[0])
        paths = sorted(os.path.join(where, name) for folder in FOLDERS
                       for where, _, names in os.walk(folder) for name in names
                       if name.endswith((".cpp", ".hpp")))
        hits = {path: sentences(path, path) for path in paths}
    else:
        sys.exit(__doc__)
    status = 0
    for path, found in hits.items():
        for line, text in found:
            status = 1
            print(f"{path}:{line}: words outside the catalogue: {text[:70]!r}")
    if status == 0:
        print(f"the words of {len(hits)} sources come from the catalogue")
    else:
        print("Put each sentence in checker/messages/words.en.json and words.zh.json, and say it "
              "with messages::text(id, {{\"name\", value}}); or, if it is not a sentence of ours, "
              "add it to the allow-list of checker/tests/words_from_catalogue.py with the reason.")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
