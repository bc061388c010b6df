// SPDX-License-Identifier: MIT
#include "core/noise_judgement.hpp"

#include "messages/messages.hpp"

#include <algorithm>

namespace gpucheck {
namespace {

// `when_id`: noise.before or noise.after.
void describe_conditions(const gpu_conditions& conditions, const char* when_id,
                         std::vector<std::string>& reasons) {
  if (!conditions.known) {
    return;
  }
  const std::string when = messages::text(when_id);
  if (conditions.other_processes > 0) {
    reasons.push_back(
        messages::text("noise.other-processes",
                       {{"count", std::to_string(conditions.other_processes)},
                        {"when", when},
                        {"utilization", std::to_string(conditions.utilization_percent)}}));
  }
  for (const auto& slowdown : conditions.slowdowns) {
    reasons.push_back(
        messages::text("noise.clocks-held-down", {{"when", when}, {"why", slowdown}}));
  }
}

} // namespace

std::vector<std::string> noise_reasons(const noise_evidence& evidence) {
  std::vector<std::string> reasons;
  if (evidence.before) {
    describe_conditions(*evidence.before, "noise.before", reasons);
  }
  if (evidence.after) {
    describe_conditions(*evidence.after, "noise.after", reasons);
  }
  if (evidence.noise_host_us > host_jitter_limit_us) {
    reasons.push_back(
        messages::text("noise.host-jitter", {{"varied", std::to_string(evidence.noise_host_us)},
                                             {"limit", std::to_string(host_jitter_limit_us)}}));
  }
  if (evidence.noise_event_us > event_jitter_limit_us) {
    reasons.push_back(
        messages::text("noise.event-jitter", {{"varied", std::to_string(evidence.noise_event_us)},
                                              {"limit", std::to_string(event_jitter_limit_us)}}));
  }
  if (!evidence.other_cause.empty()) {
    reasons.push_back(evidence.other_cause);
  }
  return reasons;
}

// A failure that noise could have caused, as the check itself judged it (a timing check whose
// wrong times were all too long: results_channel.hpp), unless the trace showed a mistake since
// (lesson_diagnosis.cpp). A check that says nothing is one noise cannot excuse.
bool noise_could_explain(const check_item& check) {
  return check.noise_could_explain;
}

namespace {

// Every failure of the run is one that noise could have caused: each failed check says so, and
// no check ended in an exception (which no busy GPU throws).
bool noise_explains_every_failure(const check_report& report) {
  return report.uncaught_exception.empty() &&
         std::all_of(report.checks.begin(), report.checks.end(), [](const check_item& check) {
           return check.passed || noise_could_explain(check);
         });
}

} // namespace

void revise_noise_judgement(check_report& report, int refuted_passes) {
  if (refuted_passes > 0 && report.verdict != exit_code::inconclusive) {
    if (report.verdict == exit_code::pass)
      report.advice = messages::text("advice.pass-refuted");
    report.verdict = exit_code::wrong;
    if (report.uncaught_exception.empty()) { // else the exception's headline stays first
      report.headline =
          messages::text("headline.failed", {{"failed", std::to_string(report.failed_count())},
                                             {"total", std::to_string(report.checks.size())}});
    }
    return;
  }
  if (report.verdict != exit_code::inconclusive)
    return;
  if (noise_explains_every_failure(report))
    return;
  report.verdict = exit_code::wrong;
  report.headline =
      messages::text("headline.failed", {{"failed", std::to_string(report.failed_count())},
                                         {"total", std::to_string(report.checks.size())}});
  report.advice = messages::text("advice.disturbed-but-wrong");
}

void apply_noise_judgement(check_report& report, const noise_evidence& evidence) {
  report.noise_reasons = noise_reasons(evidence);
  if (report.verdict != exit_code::wrong || report.noise_reasons.empty()) {
    return;
  }
  if (report.failed_count() == 0 || !noise_explains_every_failure(report)) {
    report.advice += std::string(report.advice.empty() ? "" : " ") +
                     messages::text("advice.disturbed-but-wrong");
    return;
  }
  report.verdict = exit_code::inconclusive;
  report.headline =
      messages::text("headline.inconclusive", {{"failed", std::to_string(report.failed_count())}});
  report.advice = messages::text("advice.inconclusive");
}

} // namespace gpucheck
