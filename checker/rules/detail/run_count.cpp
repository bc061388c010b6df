// SPDX-License-Identifier: MIT
#include "rules/detail/run_count.hpp"

#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace gpucheck::rules::detail {
namespace {

// What one launch queued, enough to tell one kind of launch from another: the activities' kinds,
// names and sizes, in order (a graph launch's kernels all share its correlation).
std::string what_was_queued(const std::vector<const trace::gpu_activity*>& pieces) {
  std::string text;
  for (const trace::gpu_activity* piece : pieces) {
    text += std::to_string(static_cast<int>(piece->kind)) + ' ' + piece->name + ' ' +
            std::to_string(piece->bytes.value_or(0)) + ' ' + piece->copy_kind + '\n';
  }
  return text;
}

} // namespace

int runs_in(const trace_index& index, const interval_facts& facts) {
  // The pieces of work each launching call queued (a graph launch's kernels share its call).
  std::map<const trace::api_call*, std::vector<const trace::gpu_activity*>> by_launch;
  for (const trace::gpu_activity* piece : facts.work) {
    if (const trace::api_call* launch = index.launch_of(*piece))
      by_launch[launch].push_back(piece);
  }
  if (by_launch.empty())
    return 0;
  std::map<std::string, int> times_made; // launches alike, counted
  for (const auto& [launch, pieces] : by_launch)
    ++times_made[what_was_queued(pieces)];
  int runs = 0;
  for (const auto& [what, times] : times_made) {
    if (times >= 2 && (runs == 0 || times < runs))
      runs = times;
  }
  return runs == 0 ? 1 : runs;
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
