#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# expect.sh EXIT_CODE REGEX -- COMMAND...: runs COMMAND, passes when it exits with EXIT_CODE and
# its output (lines joined by spaces) matches the extended REGEX (grep -E). Prints the output.
set -u
want_code=$1
want_text=$2
shift 3
output=$("$@" 2>&1)
code=$?
printf '%s\n' "$output"
if [ "$code" != "$want_code" ]; then
  echo "expect.sh: exit code $code, expected $want_code" >&2
  exit 1
fi
if ! printf "%s" "$output" | tr "\n" " " | grep -Eq -- "$want_text"; then
  echo "expect.sh: output does not match /$want_text/" >&2
  exit 1
fi
