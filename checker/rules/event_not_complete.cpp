// SPDX-License-Identifier: MIT
// event-not-complete: cudaEventElapsedTime returned cudaErrorNotReady because the stop event had
// not completed; the program got no time. Not reported when the program tried again and got one
// (a polling loop). Effect: how long before the stop event completed the call was made, where
// the trace says when it completed.
#include "messages/messages.hpp"
#include "rules/api_names.hpp"
#include "rules/detail/interval_facts.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/text.hpp"
#include "rules/timed_intervals.hpp"

namespace gpucheck::rules::detail {
namespace {

bool later_success(const rule_input& input, const trace::api_call& failed,
                   const trace::api_call& stop_record) {
  for (const trace::api_call& call : input.trace().api) {
    if (call.start_ns <= failed.start_ns || !call.from_program() || call.tid != failed.tid ||
        !is_elapsed_time(call.name) || call.event != failed.event ||
        call.event_end != failed.event_end) {
      continue;
    }
    const trace::api_call* record = input.index.latest_record(*call.event_end, call.start_ns);
    if (record != &stop_record)
      return false; // the stop event was recorded again meanwhile
    if (call.result == cuda_success)
      return true;
  }
  return false;
}

// When the stop event completed on the GPU: its event_time, or the end of the work launched
// before its record on an ordered stream; 0 when unknown.
trace::time_ns completion_ns(const rule_input& input, const trace::api_call& stop_record,
                             const interval_facts& facts) {
  for (const trace::event_time& time : input.trace().event_times) {
    if (time.event == *stop_record.event && time.correlation == stop_record.correlation) {
      return time.t_ns;
    }
  }
  return facts.work.empty() ? 0 : facts.last_end_ns;
}

} // namespace

std::vector<finding> check_event_not_complete(const rule_input& input) {
  std::vector<finding> findings;
  for (const trace::api_call& call : input.trace().api) {
    if (!call.from_program() || !is_elapsed_time(call.name) ||
        call.result != cuda_error_not_ready || !call.event || !call.event_end ||
        !input.in_window(call)) {
      continue;
    }
    const trace::api_call* start = input.index.latest_record(*call.event, call.start_ns);
    const trace::api_call* stop = input.index.latest_record(*call.event_end, call.start_ns);
    if (start == nullptr || stop == nullptr || later_success(input, call, *stop))
      continue;
    const timed_interval interval = event_interval(call, *start, *stop);
    const interval_facts facts = analyze_interval(input.index, interval);
    const trace::time_ns done_ns = completion_ns(input, *stop, facts);
    const trace::time_ns early_ns = done_ns > call.start_ns ? done_ns - call.start_ns : 0;
    std::string message = early_ns > 0 ? messages::text("event-not-complete.why-early",
                                                        {{"early", format_duration(early_ns)}})
                                       : messages::text("event-not-complete.why");
    if (!facts.work.empty()) {
      message += messages::text("event-not-complete.work-ran",
                                {{"truth", format_duration(facts.truth_ns())}});
    }
    std::string hint = messages::text("event-not-complete.fix");
    finding found = make_finding("event-not-complete", interval, early_ns, facts.truth_ns(),
                                 std::move(message), std::move(hint));
    found.blamed_site = call.site;
    findings.push_back(std::move(found));
  }
  return findings;
}

} // namespace gpucheck::rules::detail
