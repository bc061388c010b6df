#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# checker/ names no lesson (docs/ARCHITECTURE.md, "Where a lesson lives"): no file under checker/
# mentions a lesson's folder name (NN-slug, read from lessons/), a lesson number in an identifier
# (lessonNN, lesson_NN, check.lNN), or a lesson's own judgement (the article's case 5). A lesson is found by
# cmake/Lessons.cmake and the catalog, and everything that is its own lives in its folder.
# Files that still do are listed in lesson_names_known.txt, to be emptied: a file named there that
# no longer names a lesson must leave the list, so that it only shrinks.
# Usage: names_no_lesson.sh SOURCE_DIR
set -u
root=${1:?usage: names_no_lesson.sh SOURCE_DIR}
cd "$root" || exit 2
known=checker/tests/lesson_names_known.txt
folders=$(cd lessons && ls -d [0-9][0-9]-* | paste -sd'|')
pattern="lesson_?[0-9][0-9]|check\.l[0-9][0-9]|case_[5]|${folders}"
found=$(find checker -type f | sort)
status=0
hits=$(grep -lIE "$pattern" $found 2>/dev/null | sort)
# A line of the list is a file, or a folder (ending in /) and everything below it.
listed() {
  local entry
  while read -r entry; do
    case $entry in '#'* | '') continue ;; */) [[ $1 == "$entry"* ]] && return 0 ;; *) [ "$1" = "$entry" ] && return 0 ;; esac
  done <"$known"
  return 1
}
for file in $hits; do
  [ "$file" = "$known" ] && continue
  if ! listed "$file"; then
    echo "$file names a lesson:"
    grep -nIE "$pattern" "$file" | head -n 5 | sed 's/^/    /'
    status=1
  fi
done
while read -r file; do
  case $file in '#'* | '') continue ;; esac
  if ! grep -q "^$file" <<<"$hits"; then
    echo "$file names no lesson any more: remove it from $known"
    status=1
  fi
done <"$known"
[ $status -eq 0 ] && echo "checker/ names no lesson outside the $(grep -cv '^#' "$known") entries of $known."
exit $status
