// SPDX-License-Identifier: MIT
// No false failures from noise: when the GPU was disturbed while a check ran (other processes on
// it, clocks held down, timing jitter above the checks' tolerances, a sanitizer slowing the
// program) and every failed check is a timing judgement, the verdict is "inconclusive, re-run"
// (exit 75), never a fail. A wrong result (no timing rule) stays wrong. A pass on a disturbed GPU
// stays a pass unless the trace of a replay shows its method wrong (analysis/traced_check.cpp).
#pragma once

#include "core/check_report.hpp"
#include "core/gpu_conditions.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpucheck {

struct noise_evidence {
  std::optional<gpu_conditions> before; // read through NVML just before the program started
  std::optional<gpu_conditions> after;  // and just after it ended
  long noise_host_us = -1;              // jitter the check program measured; -1: not measured
  long noise_event_us = -1;
  std::string other_cause; // e.g. "the program ran under compute-sanitizer"
};

// Jitter above these (the check API's absolute tolerances: checker/checkapi/TOLERANCES.md) means
// the GPU's timings could not be judged at the checks' tolerances.
constexpr long host_jitter_limit_us = 50;
constexpr long event_jitter_limit_us = 20;

// Why the run's timings cannot be trusted, one sentence each; empty when nothing disturbed it.
std::vector<std::string> noise_reasons(const noise_evidence& evidence);

// A failed check that judged timing (it names a timing rule) rather than a result.
bool is_timing_check(const check_item& check);

// Turns a timing fail into an inconclusive verdict when there is a reason to doubt the timings;
// records the reasons in the report either way.
void apply_noise_judgement(check_report& report, const noise_evidence& evidence);

// After the trace has explained failures (analysis/lesson_diagnosis.hpp): an inconclusive verdict
// whose failures are no longer all ones that noise could cause becomes "wrong"; so does a run
// with `refuted_passes` checks that passed on a disturbed GPU and that the trace refuted
// (refute_passed_check), its headline counting them among the failures.
void revise_noise_judgement(check_report& report, int refuted_passes = 0);

} // namespace gpucheck
