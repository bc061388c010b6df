// SPDX-License-Identifier: MIT
// event-stream-mismatch: the events were recorded on a stream that is not ordered with the work
// launched between them, so they do not bracket it. Legacy default stream semantics: events on
// stream 0 do bracket work on ordinary (blocking) streams and the per-thread default stream, not
// on cudaStreamNonBlocking streams; events on another stream bracket only that stream's work (and
// legacy-stream work). Work of other streams launched between the records while the events'
// stream carries work of its own is concurrency, not a mismatch (a stream-priority demo does it on
// purpose): the rule fires only when none of the work between the records is ordered with the
// events, which also catches events recorded back to back around an operation on another stream.
// Events on different streams that span a set of per-stream brackets are no mismatch either: where
// every piece of work between the records lies between two events recorded on streams ordered
// with it, the first completed no earlier than the interval's start event and the second no later
// than its stop (the earliest start to the latest stop of one event pair per stream), the interval
// holds all of that work by construction, which the events' completion times show. Nor is the
// fork and join of cudaStreamWaitEvent: work on another stream that waited, before its launch, on
// an event recorded (after the start) on the start's stream, and that the stop's stream waited
// for, before the stop, through an event recorded on the work's stream after the launch, is
// ordered between the events (the fork and join of streams; a busy GPU can put a gap between the
// start and the work that is the work's wait, not a mistake). Effect: the difference between what
// was measured and the work's GPU time; in a lesson, where the traced replay hid it, the miss of
// the run that failed.
// In a lesson the check's truth is the work its call queued, all of it: work launched between the
// records on a stream the stop is not ordered after, and still running when the stop completed,
// is left out even where the events' stream carries work of its own (a marker on the events'
// stream after each piece on four others). Lint does not know the program's intent, so there only
// events that bracket none of the work are a mismatch.
#include "messages/messages.hpp"
#include "rules/api_names.hpp"
#include "rules/detail/event_ordering.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/text.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>

namespace gpucheck::rules::detail {
namespace {

// An event recorded by the program, with where and when: the host time of its record and when it
// completed on the GPU.
struct completed_record {
  const trace::api_call* call = nullptr;
  stream_ref stream;
  trace::time_ns done_ns = 0;
};

// The thread's event records whose completion the trace holds.
std::vector<completed_record> completed_records(const rule_input& input, int tid) {
  std::vector<completed_record> records;
  for (const trace::api_call& call : input.trace().api) {
    if (call.tid != tid || !call.from_program() || !is_event_record(call.name))
      continue;
    if (const trace::time_ns done_ns = input.index.event_completed_ns(call.correlation))
      records.push_back({&call, input.index.stream_of(call), done_ns});
  }
  return records;
}

// Whether `work` lies between two of `records` on streams ordered with it: one recorded before its
// launch that completed at or after `from_ns`, one recorded after it that completed at or before
// `to_ns`.
bool bracketed_within(const rule_input& input, const std::vector<completed_record>& records,
                      const trace::gpu_activity& work, trace::time_ns from_ns,
                      trace::time_ns to_ns) {
  const trace::api_call* launch = input.index.launch_of(work);
  if (launch == nullptr)
    return false;
  bool opened = false;
  bool closed = false;
  for (const completed_record& record : records) {
    if (input.index.ordered_with(record.stream, work.stream_id) != coverage::yes)
      continue;
    opened = opened || (record.call->start_ns < launch->start_ns && record.done_ns >= from_ns);
    closed = closed || (record.call->start_ns > launch->start_ns && record.done_ns <= to_ns);
  }
  return opened && closed;
}

// Every piece of the interval's work lies within per-stream brackets inside the interval.
bool spans_brackets(const rule_input& input, const interval_facts& facts) {
  const timed_interval& interval = facts.interval;
  const trace::time_ns from_ns = input.index.event_completed_ns(interval.start_record_correlation);
  const trace::time_ns to_ns = input.index.event_completed_ns(interval.stop_record_correlation);
  if (from_ns == 0 || to_ns == 0 || to_ns < from_ns)
    return false;
  const std::vector<completed_record> records = completed_records(input, interval.tid);
  return std::all_of(facts.work.begin(), facts.work.end(), [&](const trace::gpu_activity* work) {
    return bracketed_within(input, records, *work, from_ns, to_ns);
  });
}

// In a lesson: the first work between the records that the stop is not ordered after and that
// was still running on the GPU when the stop event completed (the trace's clock shows it left
// out); none where every such piece ended before the stop, or the stop's completion is unknown.
const trace::gpu_activity* left_out_past_stop(const rule_input& input, const interval_facts& facts,
                                              const trace::api_call& stop,
                                              const stream_ref& stop_stream) {
  if (input.options.mode != rule_options::context::lesson)
    return nullptr;
  const trace::time_ns stop_done_ns =
      input.index.event_completed_ns(facts.interval.stop_record_correlation);
  if (stop_done_ns == 0)
    return nullptr;
  for (const trace::gpu_activity* work : facts.work) {
    if (work->end_ns > stop_done_ns && !ordered_before(input, stop, stop_stream, *work))
      return work;
  }
  return nullptr;
}

} // namespace

std::vector<finding> check_event_stream_mismatch(const rule_input& input) {
  std::vector<finding> findings;
  for (const interval_facts& facts : input.intervals) {
    const timed_interval& interval = facts.interval;
    if (interval.how != timed_interval::method::events || facts.work.empty())
      continue;
    const trace::api_call* start = input.index.by_correlation(interval.start_record_correlation);
    const trace::api_call* stop = input.index.by_correlation(interval.stop_record_correlation);
    if (start == nullptr || stop == nullptr)
      continue;
    const stream_ref start_stream = input.index.stream_of(*start);
    const stream_ref stop_stream = input.index.stream_of(*stop);
    const bool carries_work =
        std::any_of(facts.work.begin(), facts.work.end(), [&](const trace::gpu_activity* work) {
          return ordered_after(input, *start, start_stream, *work) &&
                 ordered_before(input, *stop, stop_stream, *work);
        });
    const trace::gpu_activity* outside = nullptr;
    if (carries_work) {
      outside = left_out_past_stop(input, facts, *stop, stop_stream);
    } else if (!spans_brackets(input, facts)) {
      for (const trace::gpu_activity* work : facts.work) {
        if (input.index.ordered_with(start_stream, work->stream_id) == coverage::no ||
            input.index.ordered_with(stop_stream, work->stream_id) == coverage::no) {
          outside = work;
          break;
        }
      }
    }
    if (outside == nullptr)
      continue;
    const trace::time_ns truth_ns = facts.truth_ns();
    trace::time_ns effect_ns = std::llabs(truth_ns - interval.measured_ns);
    // The replay can hide the effect (the events' stop is recorded when the host gets there, and
    // the tracer slows the host's calls until it nearly keeps pace with the GPU); the run that
    // failed shows it then, in a lesson, where the window carries that run's numbers.
    std::optional<failed_run_miss> failed;
    if (!is_material(effect_ns, std::max(truth_ns, interval.measured_ns), input.options)) {
      failed = material_failed_run_miss(input.options, false);
      if (!failed)
        continue;
      effect_ns = failed->miss_ns;
    }
    stream_ref work_stream = input.index.stream_of(*input.index.launch_of(*outside));
    work_stream.id = outside->stream_id;
    work_stream.kind = input.index.kind_of(outside->stream_id);
    std::string where = describe_stream(start_stream);
    if (stop_stream.id != start_stream.id || stop_stream.kind != start_stream.kind) {
      where +=
          messages::text("event-stream-mismatch.and", {{"stream", describe_stream(stop_stream)}});
    }
    std::string message = failed
                              ? messages::text("event-stream-mismatch.why-failed-run",
                                               {{"reported", format_duration(failed->reported_ns)},
                                                {"events_on", where},
                                                {"work_stream", describe_stream(work_stream)},
                                                {"truth", format_duration(failed->truth_ns)}})
                              : messages::text("event-stream-mismatch.why",
                                               {{"measured", format_duration(interval.measured_ns)},
                                                {"events_on", where},
                                                {"work_stream", describe_stream(work_stream)},
                                                {"truth", format_duration(truth_ns)}});
    std::string hint = messages::text("event-stream-mismatch.fix");
    if (work_stream.kind == stream_kind::non_blocking) {
      hint += messages::text("event-stream-mismatch.fix-non-blocking");
    }
    finding found = make_finding("event-stream-mismatch", interval, effect_ns, truth_ns,
                                 std::move(message), std::move(hint));
    found.blamed_site = start->site;
    findings.push_back(std::move(found));
  }
  return findings;
}

} // namespace gpucheck::rules::detail
