#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs a test only where this machine has what it needs; otherwise says what is missing, with the
# line that installs it, and exits 77, which CTest shows as "Skipped" (SKIP_RETURN_CODE 77).
# Usage: tools/skip-unless-deps.sh GROUP[,GROUP...] -- COMMAND [ARGUMENTS...]
#   GROUP: a group of tools/ensure-deps.sh (base, book, docs)
set -uo pipefail

groups=${1:?usage: skip-unless-deps.sh GROUP[,GROUP...] -- COMMAND...}
shift
[ "${1:-}" = -- ] && shift
IFS=, read -r -a group_list <<<"$groups"
if ! missing=$("$(dirname "$0")/ensure-deps.sh" --check "${group_list[@]}" 2>&1); then
  echo "SKIPPED: this test needs what this machine lacks ($groups)."
  echo "$missing"
  echo "(make test installs it when run as root.)"
  exit 77
fi
exec "$@"
