// SPDX-License-Identifier: MIT
// Without a GPU, a check program skips its GPU checks (checkapi's GPU_TEST_CASE, doctest's test
// suite "gpu") and exits 77. This names the checks it skipped, and says what the student can do
// meanwhile, so that a check without a GPU says more than "built, not run" (issue 47).
#pragma once

#include "core/check_report.hpp"
#include "core/lesson_catalog.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace gpucheck {

// The test case names in doctest's `--list-test-cases` output.
std::vector<std::string> parse_listed_test_cases(const std::string& doctest_output);

// The GPU checks of a built check program, by name (the program lists them; empty when it
// cannot).
std::vector<std::string> list_gpu_checks(const std::filesystem::path& program);

// Fills report.not_run_checks and, for a run that only lacked a GPU, the advice: the checks that
// did run, make hint, and the lesson's text.
void explain_checks_not_run(check_report& report, const lesson_entry& lesson,
                            const std::filesystem::path& source_dir,
                            const std::filesystem::path& program);

} // namespace gpucheck
