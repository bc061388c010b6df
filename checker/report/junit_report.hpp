// SPDX-License-Identifier: MIT
// The check verdict as JUnit XML (`gpucheck check N --junit FILE`), the format CI systems (GitLab,
// Jenkins, GitHub test reporters) read. One <testcase> per check; a run that did not get as far
// as its checks adds one testcase named "gpucheck verdict": an <error> when it did not build or
// crashed, <skipped> when it was inconclusive or had no GPU.
#pragma once

#include "core/check_report.hpp"

#include <string>

namespace gpucheck {

std::string render_junit(const check_report& report);

} // namespace gpucheck
