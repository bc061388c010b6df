// SPDX-License-Identifier: MIT
// sync-other-stream: the host waited before stopping the clock, but on a stream (or an event of a
// stream) that the timed work did not run on, so the work was still running at the stop.
// Two ways it shows:
//   - the work was still running at the stop (reported instead of unsynced-stop); effect: how long
//     the work went on after the clock stopped, or, in a lesson where the traced replay hid that,
//     how short the run that failed came out;
//   - the stream waited on held earlier work, so the wait lasted past the work's end and the
//     interval holds that other work (reported instead of stale-queue); effect: how long that
//     earlier work ran inside the interval.
#include "messages/messages.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/text.hpp"

namespace gpucheck::rules::detail {
namespace {

finding waited_for_other_work(const timed_interval& interval, const interval_facts& facts,
                              const stale_wait& stale) {
  std::string message =
      messages::text("sync-other-stream.why-held",
                     {{"measured", format_duration(interval.measured_ns)},
                      {"call", stale.wait->call->name},
                      {"waited_on", describe_stream(stale.wait->stream)},
                      {"work_stream", describe_stream(stale.work_stream)},
                      {"effect", format_duration(stale.effect_ns)},
                      {"percent", format_percent(stale.effect_ns, interval.measured_ns)}});
  finding found = make_finding("sync-other-stream", interval, stale.effect_ns, facts.truth_ns(),
                               std::move(message), messages::text("sync-other-stream.fix"));
  found.blamed_site = stale.wait->call->site;
  return found;
}

} // namespace

std::vector<finding> check_sync_other_stream(const rule_input& input) {
  std::vector<finding> findings;
  for (const interval_facts& facts : input.intervals) {
    const timed_interval& interval = facts.interval;
    if (interval.marked_intended)
      continue;
    const stop_analysis stop = analyze_stop(input, facts);
    if (stop.what != stop_analysis::verdict::other_stream) {
      const stale_wait stale = find_stale_wait(input, facts);
      if (stale.on_other_stream &&
          is_material(stale.effect_ns, interval.measured_ns, input.options))
        findings.push_back(waited_for_other_work(interval, facts, stale));
      continue;
    }
    const host_wait& wait = *stop.wrong_wait;
    std::string message;
    trace::time_ns effect_ns = stop.late_ns;
    if (is_material(stop.late_ns, interval.measured_ns, input.options)) {
      message = messages::text("sync-other-stream.why",
                               {{"measured", format_duration(interval.measured_ns)},
                                {"call", wait.call->name},
                                {"waited_on", describe_stream(wait.stream)},
                                {"work_stream", describe_stream(stop.work_stream)},
                                {"truth", format_duration(facts.truth_ns())},
                                {"late", format_duration(stop.late_ns)}});
    } else {
      // The replay hid it (the tracer slowed the launch calls until the host nearly kept pace
      // with the GPU), but the wrong stream was still waited on and the run that failed came out
      // materially short: that run's miss is this mistake's, as for unsynced-stop.
      const auto failed = material_failed_run_miss(input.options, true);
      if (!failed)
        continue;
      effect_ns = failed->miss_ns;
      message = messages::text("sync-other-stream.why-host-paced",
                               {{"call", wait.call->name},
                                {"waited_on", describe_stream(wait.stream)},
                                {"work_stream", describe_stream(stop.work_stream)},
                                {"reported", format_duration(failed->reported_ns)},
                                {"truth", format_duration(failed->truth_ns)},
                                {"late", format_duration(stop.late_ns)}});
    }
    finding found = make_finding("sync-other-stream", interval, effect_ns, facts.truth_ns(),
                                 std::move(message), messages::text("sync-other-stream.fix"));
    found.blamed_site = wait.call->site;
    findings.push_back(std::move(found));
  }
  return findings;
}

} // namespace gpucheck::rules::detail
