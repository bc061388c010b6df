#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# reset_test.sh GPUCHECK: `gpucheck reset` on a temporary git clone of one lesson folder. The
# starter comes back as committed; the student's version goes to .gpucheck/backups/NN-slug/,
# and a second reset keeps the first backup beside the second. The real lessons are not touched.
set -u
gpucheck=$1
command -v git >/dev/null || { echo "git is not installed: skipped"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAILED: $*"; exit 1; }

folder=90-compile-error
number=${folder%%-*}
fixture=$(dirname "$0")/../fixtures/lessons/$folder
mkdir -p "$work/lessons/$folder"
cp "$fixture"/* "$work/lessons/$folder/"
exercise=$work/lessons/$folder/exercise.cu
git -C "$work" init -q && git -C "$work" add lessons &&
  git -C "$work" -c user.name=test -c user.email=test@example.com commit -qm starter ||
  fail "could not make the temporary git repository"
starter=$(cat "$exercise")

echo "first attempt" > "$exercise"
out1=$("$gpucheck" reset "$number" --source-dir "$work") || fail "reset exited $?: $out1"
echo "$out1"
[ "$(cat "$exercise")" = "$starter" ] || fail "the starter was not restored"
echo "second attempt" > "$exercise"
out2=$("$gpucheck" reset "$number" --source-dir "$work") || fail "the second reset exited $?: $out2"
echo "$out2"
[ "$(cat "$exercise")" = "$starter" ] || fail "the starter was not restored the second time"

backups=$work/.gpucheck/backups/$folder
[ "$(ls "$backups" | wc -l)" = 2 ] || fail "expected 2 backups, found: $(ls "$backups")"
grep -lx "first attempt" "$backups"/exercise.cu.* >/dev/null || fail "the first attempt is lost"
grep -lx "second attempt" "$backups"/exercise.cu.* >/dev/null || fail "the second attempt is lost"
for out in "$out1" "$out2"; do # each says where its backup went, and that file holds it
  saved=$(printf '%s\n' "$out" | sed -n 's/^Your version is saved in //p')
  [ -f "$work/$saved" ] || fail "the message names no backup that exists: $out"
done
printf '%s' "$out1" | grep -q "is the starter again (as committed in HEAD)" || fail "no message"

out3=$("$gpucheck" reset "$number" --source-dir "$work") || fail "a reset of the starter exited $?"
printf '%s' "$out3" | grep -q "is the starter already" || fail "a reset of the starter: $out3"
[ "$(ls "$backups" | wc -l)" = 2 ] || fail "a reset of the starter made a backup"

# A deleted exercise.cu is named as missing (not "there is no lesson"), and reset brings it back.
rm "$exercise"
out4=$("$gpucheck" check "$number" --source-dir "$work" --build-dir "$work/build" 2>&1)
[ $? = 3 ] || fail "check of a deleted exercise.cu did not exit 3: $out4"
printf '%s' "$out4" | grep -q "lessons/$folder/exercise.cu is missing" ||
  fail "check does not name the missing file: $out4"
printf '%s' "$out4" | grep -q "make reset LESSON=$number" || fail "check does not say how to get it back"
out5=$("$gpucheck" run "$number" --source-dir "$work" --build-dir "$work/build" 2>&1)
[ $? = 3 ] && printf '%s' "$out5" | grep -q "exercise.cu is missing" ||
  fail "run of a deleted exercise.cu: $out5"
out6=$("$gpucheck" reset "$number" --source-dir "$work") || fail "reset of a deleted exercise.cu: $out6"
[ "$(cat "$exercise")" = "$starter" ] || fail "the deleted starter was not restored"

"$gpucheck" reset "$number" --source-dir "$work" --from no-such-revision >/dev/null 2>&1
[ $? = 1 ] || fail "a reset from a revision that does not exist did not fail"
echo "reset restored the starter twice and kept both attempts"
