#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# checker/ names no lesson (docs/ARCHITECTURE.md, "Where a lesson lives"): no file under checker/
# is named after, or mentions, a lesson's folder name (NN-slug, read from lessons/), a lesson
# number in an identifier (lessonNN, lesson_NN, check.lNN), a lesson's own judgement (the
# article's case 5), or the number N of a lesson that exists, in words or in a command ("lesson N",
# "Lesson 0N's", "lessons 0N and ...", 课程 0N, LESSON=N, --lesson N, check N, hint 0N, selftest
# N, reset N, watch N, run N --solution; also where a comment wraps the words over two lines; a
# number no lesson has is free). Tests that need a lesson take it from CMake
# (gpucourse_first_lesson); unit tests make up lessons with numbers no lesson has. A lesson is
# found by cmake/Lessons.cmake and the catalog, and everything that is its own lives in its
# folder. No file is excepted: the test fails on each one that does.
# Usage: names_no_lesson.sh SOURCE_DIR
set -u
root=${1:?usage: names_no_lesson.sh SOURCE_DIR}
cd "$root" || exit 2
folders=$(cd lessons && ls -d [0-9][0-9]-* | paste -sd'|')
[ -n "$folders" ] || { echo "names_no_lesson.sh: no lesson folder in $root/lessons"; exit 2; }
numbers=$(cd lessons && ls -d [0-9][0-9]-* | sed -E 's/^0*([0-9]+)-.*/\1/' | sort -un | paste -sd'|')
in_words="(\\blessons?|LESSON=|课程|--lesson|\\b(check|hint|selftest|reset|watch)) ?0*(${numbers})\\b"
run_command="\\brun 0*(${numbers})( --|\\)|\"|$)"
pattern="lesson_?[0-9][0-9]|check\\.l[0-9][0-9]|case_[5]|${folders}|${in_words}|${run_command}"
status=0
shopt -s nocasematch # paths as the contents: LessonNN as lessonNN
while IFS= read -r -d '' file; do
  if [[ $file =~ $pattern ]]; then
    echo "$file names a lesson in its path"
    status=1
  fi
  if grep -qIiE "$pattern" "$file"; then
    echo "$file names a lesson:"
    grep -nIiE "$pattern" "$file" | head -n 5 | sed 's/^/    /'
    status=1
  elif grep -qIiE "(\\blessons?|LESSON=|课程|--lesson|\\b(check|hint|selftest|reset|watch))[[:space:]]*$" "$file" &&
    sed -z 's/\n[[:space:]]*\(\/\/\/*\|#\)\{0,1\}[[:space:]]*/ /g' "$file" | grep -qaiE "$in_words"; then
    # Words that a line break splits, as a comment wraps them ("... lesson\n// 0N's ...").
    echo "$file names a lesson over two lines"
    status=1
  fi
done < <(find checker -type f -print0 | sort -z)
[ $status -eq 0 ] && echo "checker/ names no lesson ($(find checker -type f | wc -l) files)."
exit $status
