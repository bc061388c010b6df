// SPDX-License-Identifier: MIT
// How the results channel reaches a check program (core/check_runner.cpp to
// checkapi/check_main.cpp): two descriptors it inherits, never a path or a value in its
// environment. The results file, opened by gpucheck, append-only; and a pipe that holds the run's
// secret token, which main()'s first constructor drains and closes before any of the student's
// code runs, so that nothing is left to read there, through /proc or otherwise. The environment
// names only the descriptors' numbers. (checkapi/fresh_process.hpp uses 199.)
#pragma once

namespace gpucheck {

inline constexpr int results_channel_fd = 197;
inline constexpr int token_channel_fd = 198;
inline constexpr char results_fd_variable[] = "GPUCHECK_RESULTS_FD";
inline constexpr char token_fd_variable[] = "GPUCHECK_TOKEN_FD";

} // namespace gpucheck
