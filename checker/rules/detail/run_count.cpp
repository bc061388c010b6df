// SPDX-License-Identifier: MIT
#include "rules/detail/run_count.hpp"

#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace gpucheck::rules::detail {
namespace {

// What one launch queued, enough to tell one kind of launch from another: the activities' kinds
// and names, in order (a graph launch's kernels all share its correlation).
std::string what_was_queued(const std::vector<const trace::gpu_activity*>& pieces) {
  std::string text;
  for (const trace::gpu_activity* piece : pieces) {
    text += std::to_string(static_cast<int>(piece->kind));
    text += piece->name;
    text += '\n';
  }
  return text;
}

} // namespace

int runs_in(const trace_index& index, const interval_facts& facts) {
  // The launches in the order they were made: the launching call's start.
  std::map<std::pair<trace::time_ns, const trace::api_call*>,
           std::vector<const trace::gpu_activity*>>
      by_launch;
  for (const trace::gpu_activity* piece : facts.work) {
    const trace::api_call* launch = index.launch_of(*piece);
    if (launch != nullptr)
      by_launch[{launch->start_ns, launch}].push_back(piece);
  }
  std::vector<std::string> launches;
  for (const auto& [key, pieces] : by_launch)
    launches.push_back(what_was_queued(pieces));
  const std::size_t count = launches.size();
  if (count == 0)
    return 0;
  // The shortest period that divides the launches and repeats through them all.
  for (std::size_t period = 1; period <= count; ++period) {
    if (count % period != 0)
      continue;
    bool repeats = true;
    for (std::size_t i = period; i < count && repeats; ++i)
      repeats = launches[i] == launches[i - period];
    if (repeats)
      return static_cast<int>(count / period);
  }
  return 1;
}

double measured_ms_of(const trace_index& index, const timed_interval& interval) {
  if (interval.how == timed_interval::method::events) {
    const trace::api_call* elapsed = index.by_correlation(interval.elapsed_correlation);
    if (elapsed != nullptr && elapsed->elapsed_ms)
      return *elapsed->elapsed_ms;
  }
  return static_cast<double>(interval.measured_ns) * 1e-6;
}

bool divided_exactly(double returned_ms, double measured_ms, int divisor) {
  constexpr double relative = 1e-6; // see the header
  if (divisor < 1 || !std::isfinite(returned_ms) || !(measured_ms > 0))
    return false;
  const double quotient_ms = measured_ms / divisor;
  return std::abs(returned_ms - quotient_ms) <= relative * quotient_ms;
}

} // namespace gpucheck::rules::detail
