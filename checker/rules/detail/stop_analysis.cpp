// SPDX-License-Identifier: MIT
// Did the host wait for the work launched in a host-clock interval before reading the clock?
// Ground truth decides: the work's GPU end times against the stop read. The waits only say which
// mistake it was (no wait at all, or a wait on another stream).
#include "rules/detail/rule_input.hpp"

#include <algorithm>

namespace gpucheck::rules::detail {

stop_analysis analyze_stop(const rule_input& input, const interval_facts& facts) {
  stop_analysis result;
  const timed_interval& interval = facts.interval;
  if (interval.how != timed_interval::method::host_clock || facts.work.empty())
    return result;
  std::vector<const trace::gpu_activity*> unfinished;
  trace::time_ns last_launch_ns = facts.host_begin_ns;
  for (const trace::gpu_activity* work : facts.work) {
    if (work->end_ns <= interval.stop_ns)
      continue;
    unfinished.push_back(work);
    last_launch_ns = std::max(last_launch_ns, input.index.launch_of(*work)->start_ns);
  }
  if (unfinished.empty())
    return result;
  result.late_ns = facts.last_end_ns - interval.stop_ns;
  result.what = stop_analysis::verdict::unsynced;

  // The waits made after the unfinished work was launched: did they wait on another stream?
  std::vector<const host_wait*> later_waits;
  for (const host_wait* wait : facts.waits) {
    if (wait->call->start_ns > last_launch_ns)
      later_waits.push_back(wait);
  }
  if (later_waits.empty())
    return result;
  bool all_missed = true;
  for (const host_wait* wait : later_waits) {
    for (const trace::gpu_activity* work : unfinished) {
      const coverage covered = input.index.covers(*wait, *work);
      if (covered == coverage::yes) {
        // The wait should have held the clock until the work ended: the times disagree, so do
        // not accuse anyone.
        result.what = stop_analysis::verdict::synced;
        return result;
      }
      if (covered == coverage::unknown)
        all_missed = false;
    }
  }
  if (!all_missed)
    return result;
  result.what = stop_analysis::verdict::other_stream;
  result.wrong_wait = later_waits.back();
  result.work_stream = input.index.stream_of(*unfinished.back());
  return result;
}

} // namespace gpucheck::rules::detail
