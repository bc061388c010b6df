// SPDX-License-Identifier: MIT
#include "rules/detail/event_ordering.hpp"

#include "rules/api_names.hpp"

#include <algorithm>
#include <vector>

namespace gpucheck::rules::detail {
namespace {

// A point of the program's stream order: what is enqueued at or after `from_ns` on `stream` (or a
// stream ordered with it) runs after the point the search started from.
struct stream_point {
  stream_ref stream;
  trace::time_ns from_ns = 0;
};

bool ordered(const rule_input& input, const stream_ref& stream, const stream_ref& with) {
  return with.id && input.index.ordered_with(stream, *with.id) == coverage::yes;
}

// Whether a point ordered with `target` at or before `before_ns` can be reached from `origin`
// through the program's stream waits (cudaStreamWaitEvent) on thread `tid`, over any number of
// streams: from a point, a wait reaches the waiting stream at the wait when the event's latest
// record before the wait was made on a stream ordered with the point's, at or after it. A fork,
// a join, a chain over three streams, a fork that is never joined: each is a path, or none.
bool reachable(const rule_input& input, int tid, const stream_point& origin,
               const stream_ref& target, trace::time_ns before_ns) {
  std::vector<stream_point> reached{origin};
  // Each point is expanded once; a stream is reached again only at an earlier time, so the search
  // ends after at most (streams x waits) points.
  for (std::size_t next = 0; next < reached.size(); ++next) {
    const stream_point point = reached[next];
    if (point.from_ns <= before_ns && ordered(input, point.stream, target))
      return true;
    for (const trace::api_call& wait : input.trace().api) {
      if (wait.tid != tid || !wait.from_program() || !is_stream_wait_event(wait.name) ||
          wait.result != 0 || !wait.event || wait.start_ns <= point.from_ns ||
          wait.start_ns >= before_ns)
        continue;
      const trace::api_call* record = input.index.latest_record(*wait.event, wait.start_ns);
      if (record == nullptr || record->start_ns < point.from_ns ||
          !ordered(input, input.index.stream_of(*record), point.stream))
        continue;
      const stream_ref waiting = input.index.stream_of(wait);
      const bool known_earlier =
          std::any_of(reached.begin(), reached.end(), [&](const stream_point& seen) {
            return seen.stream.id == waiting.id && seen.stream.handle == waiting.handle &&
                   seen.from_ns <= wait.start_ns;
          });
      if (!known_earlier)
        reached.push_back({waiting, wait.start_ns});
    }
  }
  return false;
}

} // namespace

// On the start's stream (or one ordered with it), or reached from the start through stream waits
// before the work's launch (a fork, over any number of streams).
bool ordered_after(const rule_input& input, const trace::api_call& start,
                   const stream_ref& start_stream, const trace::gpu_activity& work) {
  if (input.index.ordered_with(start_stream, work.stream_id) == coverage::yes)
    return true;
  const trace::api_call* launch = input.index.launch_of(work);
  return launch != nullptr && start_stream.id &&
         reachable(input, start.tid, {start_stream, start.start_ns}, input.index.stream_of(work),
                   launch->start_ns);
}

// On the stop's stream (or one ordered with it), or reached from the work's launch through stream
// waits before the stop (a join, over any number of streams).
bool ordered_before(const rule_input& input, const trace::api_call& stop,
                    const stream_ref& stop_stream, const trace::gpu_activity& work) {
  if (input.index.ordered_with(stop_stream, work.stream_id) == coverage::yes)
    return true;
  const trace::api_call* launch = input.index.launch_of(work);
  return launch != nullptr && stop_stream.id &&
         reachable(input, stop.tid, {input.index.stream_of(work), launch->start_ns}, stop_stream,
                   stop.start_ns);
}

} // namespace gpucheck::rules::detail
