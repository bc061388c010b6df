// SPDX-License-Identifier: MIT
// event-order: the events were recorded on the work's stream, but in an order that leaves the work
// outside them, so they time nothing. Two facts the trace shows, both only where the events
// bracket no work at all (events around some work, with other work before them, time that work:
// a function's untimed preparation, such as a flush of the L2 before a cold run, is no mistake
// of order; recorded on an H100, 2026-12-07, such a flush read as work left out):
//   - lesson (a check's call window): GPU work the student's function launched in the window on a
//     stream ordered with the events was launched before the start event's record or after the
//     stop event's record (a stop recorded before `work(stream)`, a start after it);
//   - lint: no work at all was launched between the records, and work was launched on a stream
//     ordered with the events between the stop's record and the cudaEventElapsedTime call (the
//     stop recorded before the work it was meant to follow).
// Also the events given to cudaEventElapsedTime in the wrong order (the stop's record came first),
// which measures a negative time. Effect: the GPU time of the work left out (swapped: twice the
// time, the distance from the truth to its negative).
#include "messages/messages.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/text.hpp"

#include <algorithm>
#include <cstdlib>

namespace gpucheck::rules::detail {
namespace {

struct left_out {
  std::vector<const trace::gpu_activity*> work;
  const trace::api_call* launch = nullptr; // the first launch left out
  bool before_start = false;               // launched before the start record (else after stop)
};

bool ordered(const rule_input& input, const stream_ref& events, const trace::gpu_activity& work) {
  return input.index.ordered_with(events, work.stream_id) == coverage::yes;
}

left_out find_left_out(const rule_input& input, const interval_facts& facts,
                       const trace::api_call& start, const trace::api_call& stop,
                       const trace::api_call& elapsed) {
  if (!facts.work.empty())
    return {}; // events around some work time that work (the header says why)
  const stream_ref events = input.index.stream_of(stop);
  // Where left-out work may have been launched: the call window in a lesson; in lint, only
  // between the stop's record and the elapsed-time call.
  trace::time_ns from_ns = stop.end_ns;
  trace::time_ns to_ns = elapsed.start_ns;
  if (input.options.window) {
    from_ns = input.options.window->begin_ns;
    to_ns = input.options.window->end_ns;
  }
  left_out found;
  for (const trace::gpu_activity& work : input.trace().activity) {
    const trace::api_call* launch = input.index.launch_of(work);
    if (launch == nullptr || launch->tid != elapsed.tid || launch->start_ns < from_ns ||
        launch->start_ns > to_ns || !ordered(input, events, work)) {
      continue;
    }
    const bool before = launch->end_ns <= start.start_ns;
    const bool after = launch->start_ns >= stop.end_ns;
    if (!before && !after)
      continue;
    if (found.launch == nullptr) {
      found.launch = launch;
      found.before_start = before;
    }
    found.work.push_back(&work);
  }
  return found;
}

} // namespace

std::vector<finding> check_event_order(const rule_input& input) {
  std::vector<finding> findings;
  for (const interval_facts& facts : input.intervals) {
    const timed_interval& interval = facts.interval;
    if (interval.how != timed_interval::method::events)
      continue;
    const trace::api_call* start = input.index.by_correlation(interval.start_record_correlation);
    const trace::api_call* stop = input.index.by_correlation(interval.stop_record_correlation);
    const trace::api_call* elapsed = input.index.by_correlation(interval.elapsed_correlation);
    if (start == nullptr || stop == nullptr || elapsed == nullptr)
      continue;
    if (stop->start_ns < start->start_ns) {
      // cudaEventElapsedTime(&ms, stop, start): the events it was given are in the wrong order,
      // and the time comes out negative.
      const trace::time_ns measured_ns = std::llabs(interval.measured_ns);
      std::string message =
          messages::text("event-order.why-swapped", {{"measured", format_duration(measured_ns)}});
      std::string hint = messages::text("event-order.fix-swapped");
      finding found = make_finding("event-order", interval, 2 * measured_ns, measured_ns,
                                   std::move(message), std::move(hint));
      found.blamed_site = elapsed->site;
      findings.push_back(std::move(found));
      continue;
    }
    const left_out missed = find_left_out(input, facts, *start, *stop, *elapsed);
    if (missed.work.empty())
      continue;
    trace::time_ns first_ns = missed.work.front()->start_ns;
    trace::time_ns last_ns = missed.work.front()->end_ns;
    for (const trace::gpu_activity* work : missed.work) {
      first_ns = std::min(first_ns, work->start_ns);
      last_ns = std::max(last_ns, work->end_ns);
    }
    const trace::time_ns missed_ns = last_ns - first_ns;
    if (!is_material(missed_ns, std::max(missed_ns, interval.measured_ns), input.options))
      continue;
    std::string message = messages::text(
        missed.before_start ? "event-order.why-before-start" : "event-order.why-after-stop",
        {{"missed", format_duration(missed_ns)},
         {"bracketed",
          messages::text(facts.work.empty() ? "event-order.no-work" : "event-order.other-work")},
         {"measured", format_duration(interval.measured_ns)}});
    std::string hint = messages::text(missed.before_start ? "event-order.fix-before-start"
                                                          : "event-order.fix-after-stop");
    finding found = make_finding("event-order", interval, missed_ns, missed_ns, std::move(message),
                                 std::move(hint));
    found.blamed_site = missed.before_start ? start->site : stop->site;
    findings.push_back(std::move(found));
  }
  return findings;
}

} // namespace gpucheck::rules::detail
