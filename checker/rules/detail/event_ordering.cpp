// SPDX-License-Identifier: MIT
#include "rules/detail/event_ordering.hpp"

#include "rules/api_names.hpp"

namespace gpucheck::rules::detail {
namespace {

// One hop of a fork or a join: a stream wait (cudaStreamWaitEvent) by the program on thread
// `tid`, made after `after_ns` and before `before_ns` on a stream ordered with `waiting_stream`, on
// an event whose latest record before the wait was made at or after `recorded_from_ns` on a stream
// ordered with `recorded_stream`.
struct stream_wait_hop {
  int tid = 0;
  trace::time_ns after_ns = 0;
  trace::time_ns before_ns = 0;
  trace::time_ns recorded_from_ns = 0;
  std::uint32_t waiting_stream = 0;
  std::uint32_t recorded_stream = 0;
};

bool waited_through_event(const rule_input& input, const stream_wait_hop& hop) {
  const auto ordered = [&](const stream_ref& stream, std::uint32_t with) {
    return input.index.ordered_with(stream, with) == coverage::yes;
  };
  for (const trace::api_call& wait : input.trace().api) {
    if (wait.tid != hop.tid || !wait.from_program() || !is_stream_wait_event(wait.name) ||
        wait.result != 0 || !wait.event || wait.start_ns <= hop.after_ns ||
        wait.start_ns >= hop.before_ns || !ordered(input.index.stream_of(wait), hop.waiting_stream))
      continue;
    const trace::api_call* record = input.index.latest_record(*wait.event, wait.start_ns);
    if (record != nullptr && record->start_ns >= hop.recorded_from_ns &&
        ordered(input.index.stream_of(*record), hop.recorded_stream))
      return true;
  }
  return false;
}

} // namespace

// On the start's stream (or one ordered with it), or forked: a stream ordered with the work waited,
// before the work's launch, on an event recorded on the start's stream at or after the start.
bool ordered_after(const rule_input& input, const trace::api_call& start,
                   const stream_ref& start_stream, const trace::gpu_activity& work) {
  if (input.index.ordered_with(start_stream, work.stream_id) == coverage::yes)
    return true;
  const trace::api_call* launch = input.index.launch_of(work);
  return launch != nullptr && start_stream.id &&
         waited_through_event(input, {start.tid, start.start_ns, launch->start_ns, start.start_ns,
                                      work.stream_id, *start_stream.id});
}

// On the stop's stream (or one ordered with it), or joined: the stop's stream waited, before the
// stop, on an event recorded on the work's stream after the work's launch.
bool ordered_before(const rule_input& input, const trace::api_call& stop,
                    const stream_ref& stop_stream, const trace::gpu_activity& work) {
  if (input.index.ordered_with(stop_stream, work.stream_id) == coverage::yes)
    return true;
  const trace::api_call* launch = input.index.launch_of(work);
  return launch != nullptr && stop_stream.id &&
         waited_through_event(input, {stop.tid, launch->start_ns, stop.start_ns, launch->start_ns,
                                      *stop_stream.id, work.stream_id});
}

} // namespace gpucheck::rules::detail
