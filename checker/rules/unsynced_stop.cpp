// SPDX-License-Identifier: MIT
// unsynced-stop: a host clock was read to stop a timing while the GPU work launched in the
// interval was still running. Ground truth: the work's GPU end against the stop read.
// Effect: how long the work went on after the clock stopped; in a lesson, where the traced replay
// hid that (a host-paced loop under the tracer), how short the run that failed came out.
#include "messages/messages.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/text.hpp"

namespace gpucheck::rules::detail {

std::vector<finding> check_unsynced_stop(const rule_input& input) {
  std::vector<finding> findings;
  for (const interval_facts& facts : input.intervals) {
    const timed_interval& interval = facts.interval;
    if (interval.marked_intended)
      continue; // described by describe_submission_only instead
    const stop_analysis stop = analyze_stop(input, facts);
    if (stop.what != stop_analysis::verdict::unsynced)
      continue;
    const std::string measured = format_duration(interval.measured_ns);
    const std::string truth = format_duration(facts.truth_ns());
    const std::string late = format_duration(stop.late_ns);
    std::string message;
    std::string hint;
    trace::time_ns effect_ns = stop.late_ns;
    const bool no_wait = facts.waits.empty();
    if (!is_material(stop.late_ns, interval.measured_ns, input.options)) {
      // The replay hid it (its launch calls were slowed until the host nearly kept pace with the
      // GPU), but the clock still stopped before the work ended, and the run that failed
      // returned too short a time by a material amount: that run's miss is this mistake's.
      const auto failed = material_failed_run_miss(input.options, true);
      if (!failed)
        continue;
      effect_ns = failed->miss_ns;
      message = messages::text("unsynced-stop.why-host-paced",
                               {{"reported", format_duration(failed->reported_ns)},
                                {"truth", format_duration(failed->truth_ns)},
                                {"late", late}});
      hint = messages::text("unsynced-stop.fix");
    } else if (input.options.mode == rule_options::context::lint && no_wait) {
      message = messages::text("unsynced-stop.why-submission",
                               {{"measured", measured}, {"truth", truth}, {"late", late}});
      hint = messages::text("unsynced-stop.fix-submission");
    } else {
      message = messages::text("unsynced-stop.why",
                               {{"measured", measured}, {"truth", truth}, {"late", late}});
      hint = messages::text("unsynced-stop.fix");
    }
    finding f = make_finding("unsynced-stop", interval, effect_ns, facts.truth_ns(),
                             std::move(message), std::move(hint));
    if (input.options.mode == rule_options::context::lint && no_wait)
      f.level = severity::warning;
    findings.push_back(std::move(f));
  }
  return findings;
}

} // namespace gpucheck::rules::detail
