#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# help_names_options.sh GPUCHECK COMMAND OPTION...: `gpucheck COMMAND --help` exits 0 and names
# every OPTION (as --OPTION): the options the command's parse_arguments accepts.
set -u
gpucheck=$1
command=$2
shift 2
usage=$("$gpucheck" "$command" --help) || { echo "gpucheck $command --help failed"; exit 1; }
for option in "$@"; do
  printf '%s' "$usage" | grep -q -- "--$option\b" ||
    { echo "gpucheck $command --help does not name --$option"; exit 1; }
done
echo "gpucheck $command --help names all $# options"
