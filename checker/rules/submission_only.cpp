// SPDX-License-Identifier: MIT
// submission-only (a note): an interval the program marked as timing only the submission of work,
// and the work did run past the stop. Stated as a fact, never as a mistake.
#include "messages/messages.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/text.hpp"

namespace gpucheck::rules::detail {

std::vector<finding> describe_submission_only(const rule_input& input) {
  std::vector<finding> notes;
  for (const interval_facts& facts : input.intervals) {
    const timed_interval& interval = facts.interval;
    if (!interval.marked_intended || facts.work.empty())
      continue;
    const stop_analysis stop = analyze_stop(input, facts);
    if (stop.what == stop_analysis::verdict::synced)
      continue;
    std::string message = messages::text("unsynced-stop.why-submission",
                                         {{"measured", format_duration(interval.measured_ns)},
                                          {"truth", format_duration(facts.truth_ns())},
                                          {"late", format_duration(stop.late_ns)}});
    notes.push_back(make_finding("submission-only", interval, stop.late_ns, facts.truth_ns(),
                                 std::move(message), messages::text("submission-only.fix")));
  }
  return notes;
}

} // namespace gpucheck::rules::detail
