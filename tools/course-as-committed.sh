#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/course-as-committed.sh SOURCE_DIR OUT_DIR: writes OUT_DIR/lessons/NN-slug/exercise.cu, each
# lesson's starter as committed in git HEAD, for the course's own tests (the `starter` targets of
# cmake/Lessons.cmake, gpucheck check --starter): a student's edits never change what they test.
# A file is rewritten only when its text changed, so that a build recompiles only what changed.
# Without git (a tarball of the course), the starters as they are in SOURCE_DIR are copied, and
# that is said once: there, the tests see a student's edits.
set -u
source_dir=$1
out_dir=$2
mkdir -p "$out_dir"
have_git=0
git -C "$source_dir" rev-parse --verify -q HEAD >/dev/null 2>&1 && have_git=1
note="$out_dir/not-from-git.txt"
for lesson_dir in "$source_dir"/lessons/[0-9][0-9]-*/; do
  folder=$(basename "$lesson_dir")
  [ -f "$lesson_dir/check.cu" ] || continue
  target="$out_dir/lessons/$folder/exercise.cu"
  mkdir -p "$(dirname "$target")"
  if [ $have_git = 1 ] &&
    git -C "$source_dir" show "HEAD:lessons/$folder/exercise.cu" >"$target.new" 2>/dev/null; then
    :
  else
    cp "$lesson_dir/exercise.cu" "$target.new" 2>/dev/null || continue
    if [ ! -f "$note" ]; then
      echo "course-as-committed: $source_dir is not a git clone (or lessons/$folder/exercise.cu is" \
        "not committed): the tests use the starters as they are in the folder." | tee "$note" >&2
    fi
  fi
  if cmp -s "$target.new" "$target"; then rm -f "$target.new"; else mv "$target.new" "$target"; fi
done
[ $have_git = 0 ] || rm -f "$note"
exit 0
