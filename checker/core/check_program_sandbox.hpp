// SPDX-License-Identifier: MIT
// What a check program sees in its sandbox (core/sandbox.hpp): the course read-only without its
// solutions/ and .git, no build tree but the program itself and the build's libraries (the
// tracer), the tools it runs under (compute-sanitizer), and the files gpucheck reads after it (a
// trace, a sanitizer's log) writable; the paths the settings hide (a class, its results) absent.
#pragma once

#include "core/check_runner.hpp"
#include "core/sandbox.hpp"

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace gpucheck {

// `environment` is the program's (the tracer's variables name files to show or let it write);
// `written` are files it writes for gpucheck (made writable by the sandbox's user).
sandbox_view check_program_view(const std::filesystem::path& program,
                                const check_settings& settings,
                                const std::vector<std::string>& wrapper,
                                const std::vector<std::pair<std::string, std::string>>& environment,
                                const std::vector<std::filesystem::path>& written);

} // namespace gpucheck
