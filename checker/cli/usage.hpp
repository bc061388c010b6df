// SPDX-License-Identifier: MIT
// gpucheck's usage: one block per command, each naming every option the command accepts. `gpucheck
// --help` prints them all, `gpucheck COMMAND --help` (and a wrong command line) the command's own.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpucheck::cli {

// The whole usage: every command's block, the options every command takes, the exit codes.
std::string full_usage();

// "usage:" and the block of `command` with the options every command takes; empty for a command
// gpucheck does not have.
std::string command_usage(std::string_view command);

// "usage:" and the block of `command` alone: what a wrong command line is answered with.
std::string command_synopsis(std::string_view command);

// Whether the arguments before a lone `--` (after it, they are the program's: `lint -- PROG -h`)
// ask for help: --help or -h.
bool asks_for_help(const std::vector<std::string>& arguments);

} // namespace gpucheck::cli
