// SPDX-License-Identifier: MIT
#include "core/noise_judgement.hpp"

#include <algorithm>

namespace gpucheck {
namespace {

void describe_conditions(const gpu_conditions& conditions, const char* when,
                         std::vector<std::string>& reasons) {
  if (!conditions.known) {
    return;
  }
  if (conditions.other_processes > 0) {
    reasons.push_back(std::to_string(conditions.other_processes) +
                      " other process(es) were computing on the GPU " + when + " (utilization " +
                      std::to_string(conditions.utilization_percent) + "%)");
  }
  for (const auto& slowdown : conditions.slowdowns) {
    reasons.push_back("the GPU's clocks were held down " + std::string(when) + " (" + slowdown +
                      ")");
  }
}

} // namespace

std::vector<std::string> noise_reasons(const noise_evidence& evidence) {
  std::vector<std::string> reasons;
  if (evidence.before) {
    describe_conditions(*evidence.before, "before the checks", reasons);
  }
  if (evidence.after) {
    describe_conditions(*evidence.after, "after the checks", reasons);
  }
  if (evidence.noise_host_us > host_jitter_limit_us) {
    reasons.push_back("host-clock timings of known work varied by " +
                      std::to_string(evidence.noise_host_us) + " us (the checks allow " +
                      std::to_string(host_jitter_limit_us) + " us)");
  }
  if (evidence.noise_event_us > event_jitter_limit_us) {
    reasons.push_back("event timings of known work varied by " +
                      std::to_string(evidence.noise_event_us) + " us (the checks allow " +
                      std::to_string(event_jitter_limit_us) + " us)");
  }
  if (!evidence.other_cause.empty()) {
    reasons.push_back(evidence.other_cause);
  }
  return reasons;
}

constexpr char disturbed_but_wrong[] =
    "The GPU was disturbed while the checks ran, but that cannot explain every failure: a busy "
    "GPU makes times longer, never shorter, never longer than the call that measured them, and "
    "never changes a unit, a result or what your code did (the trace shows that).";

// A failure that noise could have caused, as the check itself judged it (a timing check whose
// wrong times were all too long: results_channel.hpp), unless the trace showed a mistake since
// (lesson_diagnosis.cpp). A check that says nothing is one noise cannot excuse.
bool noise_could_explain(const check_item& check) {
  return check.noise_could_explain;
}

void revise_noise_judgement(check_report& report) {
  if (report.verdict != exit_code::inconclusive)
    return;
  const bool noise_explains_every_failure =
      std::all_of(report.checks.begin(), report.checks.end(), [](const check_item& check) {
        return check.passed || noise_could_explain(check);
      });
  if (noise_explains_every_failure)
    return;
  report.verdict = exit_code::wrong;
  report.headline = std::to_string(report.failed_count()) + " of " +
                    std::to_string(report.checks.size()) + " checks failed.";
  report.advice = disturbed_but_wrong;
}

void apply_noise_judgement(check_report& report, const noise_evidence& evidence) {
  report.noise_reasons = noise_reasons(evidence);
  if (report.verdict != exit_code::wrong || report.noise_reasons.empty()) {
    return;
  }
  const bool noise_explains_every_failure =
      report.failed_count() > 0 &&
      std::all_of(report.checks.begin(), report.checks.end(), [](const check_item& check) {
        return check.passed || noise_could_explain(check);
      });
  if (!noise_explains_every_failure) {
    report.advice += std::string(report.advice.empty() ? "" : " ") + disturbed_but_wrong;
    return;
  }
  report.verdict = exit_code::inconclusive;
  report.headline = std::to_string(report.failed_count()) +
                    " timing check(s) failed, but the "
                    "GPU was too disturbed to judge timings: inconclusive, re-run.";
  report.advice = "Re-run when the GPU is quiet (nvidia-smi shows what else runs on it). Your "
                  "code was not judged wrong.";
}

} // namespace gpucheck
