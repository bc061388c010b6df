// SPDX-License-Identifier: MIT
#include "rules/detail/event_ordering.hpp"

#include "rules/api_names.hpp"

namespace gpucheck::rules::detail {
namespace {

// A stream wait (cudaStreamWaitEvent) by the program on thread `tid`, made between `after_ns` and
// `before_ns` on a stream that `ordered_with_waiting` accepts, on an event whose latest record
// before the wait was made after `recorded_after_ns` on a stream that `ordered_with_recorded`
// accepts.
// One hop: the fork and join that lesson 05 teaches.
template <typename Waiting, typename Recorded>
bool waited_through_event(const rule_input& input, int tid, trace::time_ns after_ns,
                          trace::time_ns before_ns, trace::time_ns recorded_after_ns,
                          Waiting ordered_with_waiting, Recorded ordered_with_recorded) {
  for (const trace::api_call& wait : input.trace().api) {
    if (wait.tid != tid || !wait.from_program() || !is_stream_wait_event(wait.name) ||
        wait.result != 0 || !wait.event || wait.start_ns <= after_ns ||
        wait.start_ns >= before_ns || !ordered_with_waiting(input.index.stream_of(wait)))
      continue;
    const trace::api_call* record = input.index.latest_record(*wait.event, wait.start_ns);
    if (record != nullptr && record->start_ns > recorded_after_ns &&
        ordered_with_recorded(input.index.stream_of(*record)))
      return true;
  }
  return false;
}

} // namespace

// Whether `work` is ordered after the event `start` (on `start_stream`): on the same stream (or
// one ordered with it), or through a stream wait on an event recorded on that stream.
bool ordered_after(const rule_input& input, const trace::api_call& start,
                   const stream_ref& start_stream, const trace::gpu_activity& work) {
  if (input.index.ordered_with(start_stream, work.stream_id) == coverage::yes)
    return true;
  const trace::api_call* launch = input.index.launch_of(work);
  if (launch == nullptr || !start_stream.id)
    return false;
  return waited_through_event(
      input, start.tid, start.start_ns, launch->start_ns, start.start_ns - 1,
      [&](const stream_ref& waiting) {
        return input.index.ordered_with(waiting, work.stream_id) == coverage::yes;
      },
      [&](const stream_ref& recorded) {
        return input.index.ordered_with(recorded, *start_stream.id) == coverage::yes;
      });
}

// Whether the event `stop` (on `stop_stream`) is ordered after `work`: on the same stream (or one
// ordered with it), or through a stream wait of the stop's stream on an event recorded on the
// work's stream after its launch.
bool ordered_before(const rule_input& input, const trace::api_call& stop,
                    const stream_ref& stop_stream, const trace::gpu_activity& work) {
  if (input.index.ordered_with(stop_stream, work.stream_id) == coverage::yes)
    return true;
  const trace::api_call* launch = input.index.launch_of(work);
  if (launch == nullptr || !stop_stream.id)
    return false;
  return waited_through_event(
      input, stop.tid, launch->start_ns, stop.start_ns, launch->start_ns,
      [&](const stream_ref& waiting) {
        return input.index.ordered_with(waiting, *stop_stream.id) == coverage::yes;
      },
      [&](const stream_ref& recorded) {
        return input.index.ordered_with(recorded, work.stream_id) == coverage::yes;
      });
}

} // namespace gpucheck::rules::detail
