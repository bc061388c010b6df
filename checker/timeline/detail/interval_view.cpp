// SPDX-License-Identifier: MIT
#include "timeline/detail/interval_view.hpp"

#include "timeline/detail/api_kind.hpp"

#include <algorithm>
#include <cstdlib>
#include <unordered_map>
#include <utility>

namespace gpucheck::report::detail {

namespace {

using span = std::pair<trace::time_ns, trace::time_ns>;
using api_by_correlation = std::unordered_map<std::uint32_t, const trace::api_call*>;

trace::time_ns union_length(std::vector<span> spans) {
  std::sort(spans.begin(), spans.end());
  trace::time_ns total = 0;
  trace::time_ns covered_to = 0;
  bool first = true;
  for (const auto& [start, end] : spans) {
    if (end <= start) {
      continue;
    }
    if (first || start >= covered_to) {
      total += end - start;
      covered_to = end;
      first = false;
    } else if (end > covered_to) {
      total += end - covered_to;
      covered_to = end;
    }
  }
  return total;
}

bool same_interval(const rules::timed_interval& a, const rules::timed_interval& b) {
  return a.start_ns == b.start_ns && a.stop_ns == b.stop_ns && a.tid == b.tid && a.how == b.how;
}

bool name_has(const trace::api_call& call, std::string_view part) {
  return call.name.find(part) != std::string::npos;
}

// What the views look up once per interval, gathered in one pass over the trace: each launch by
// its correlation, each event's records and each EventElapsedTime call (in the trace's order), and
// the first completion time the tracer gave each record.
struct trace_lookups {
  std::unordered_map<std::uint32_t, const trace::api_call*> launches;
  std::unordered_map<trace::handle, std::vector<const trace::api_call*>> records;
  std::vector<const trace::api_call*> elapsed_calls;
  std::unordered_map<std::uint32_t, trace::time_ns> completed_by_record;
};

trace_lookups look_up(const trace::run_trace& run) {
  trace_lookups found;
  for (const trace::api_call& call : run.api) {
    if (call.correlation != 0 && classify_api(call.name) != api_kind::sync) {
      found.launches.emplace(call.correlation, &call);
    }
    if (call.event && name_has(call, "EventRecord")) {
      found.records[*call.event].push_back(&call);
    }
    if (call.event && call.event_end && name_has(call, "EventElapsedTime")) {
      found.elapsed_calls.push_back(&call);
    }
  }
  for (const trace::event_time& time : run.event_times) {
    if (time.correlation != 0) {
      found.completed_by_record.try_emplace(time.correlation, time.t_ns); // the first, as a scan
    }
  }
  return found;
}

// The cudaEventRecord that last recorded `event` before `before_ns`.
const trace::api_call* last_record(const trace_lookups& lookups, trace::handle event,
                                   trace::time_ns before_ns) {
  const auto records = lookups.records.find(event);
  if (records == lookups.records.end()) {
    return nullptr;
  }
  const trace::api_call* found = nullptr;
  for (const trace::api_call* call : records->second) {
    if (call->start_ns <= before_ns) {
      found = call;
    }
  }
  return found;
}

// When the event recorded by `record` completed on the GPU: the tracer's timestamp when it has
// one; otherwise when the stream finished the work queued before the record (what CUDA
// guarantees), which is how the picture estimates it.
std::pair<trace::time_ns, bool> event_gpu_time(const trace::run_trace& run,
                                               const trace::api_call& record,
                                               const trace_lookups& lookups) {
  if (record.correlation != 0) {
    if (const auto time = lookups.completed_by_record.find(record.correlation);
        time != lookups.completed_by_record.end()) {
      return {time->second, false};
    }
  }
  for (const trace::event_time& time : run.event_times) {
    if (time.correlation == 0 && record.event && time.event == *record.event &&
        time.t_ns >= record.start_ns) {
      return {time.t_ns, false};
    }
  }
  trace::time_ns done_ns = record.end_ns;
  for (const trace::gpu_activity& work : run.activity) {
    const auto launch = lookups.launches.find(work.correlation);
    if (record.stream_id && work.stream_id == *record.stream_id &&
        launch != lookups.launches.end() && launch->second->start_ns < record.start_ns) {
      done_ns = std::max(done_ns, work.end_ns);
    }
  }
  return {done_ns, true};
}

void view_event_interval(const trace::run_trace& run, const trace_lookups& lookups,
                         interval_view& view) {
  const rules::timed_interval& interval = view.interval;
  const trace::api_call* elapsed = nullptr;
  for (const trace::api_call* call : lookups.elapsed_calls) {
    if (interval.tid != 0 && call->tid != interval.tid) {
      continue;
    }
    if (elapsed == nullptr || std::llabs(call->start_ns - interval.stop_ns) <
                                  std::llabs(elapsed->start_ns - interval.stop_ns)) {
      elapsed = call;
    }
  }
  if (elapsed == nullptr) {
    return; // keep the host span
  }
  const trace::api_call* start = last_record(lookups, *elapsed->event, elapsed->start_ns);
  const trace::api_call* stop = last_record(lookups, *elapsed->event_end, elapsed->start_ns);
  if (start == nullptr || stop == nullptr) {
    return;
  }
  const auto [start_ns, start_estimated] = event_gpu_time(run, *start, lookups);
  const auto [stop_ns, stop_estimated] = event_gpu_time(run, *stop, lookups);
  view.on_gpu = true;
  view.span_start_ns = start_ns;
  view.span_end_ns = std::max(start_ns, stop_ns);
  view.span_estimated = start_estimated || stop_estimated;
  view.event_stream_id = start->stream_id ? start->stream_id : stop->stream_id;
  for (const trace::gpu_activity& work : run.activity) {
    const auto launch = lookups.launches.find(work.correlation);
    if (launch != lookups.launches.end() && launch->second->tid == start->tid &&
        launch->second->start_ns >= start->end_ns && launch->second->start_ns <= stop->start_ns) {
      view.launched_correlations.push_back(work.correlation);
      view.related_start_ns = std::min(view.related_start_ns, work.start_ns);
      view.related_end_ns = std::max(view.related_end_ns, work.end_ns);
    }
  }
  view.related_start_ns = std::min({view.related_start_ns, start->start_ns, start_ns});
  view.related_end_ns = std::max({view.related_end_ns, stop_ns, elapsed->end_ns});
}

void view_host_clock_interval(const trace::run_trace& run, const trace_lookups& lookups,
                              interval_view& view) {
  const api_by_correlation& launches = lookups.launches;
  const trace::time_ns start_ns = view.interval.start_ns;
  const trace::time_ns stop_ns = view.interval.stop_ns;
  const trace::time_ns interval_ns = std::max<trace::time_ns>(stop_ns - start_ns, 1);
  std::vector<span> after_stop;
  std::vector<span> earlier_inside;
  for (const trace::gpu_activity& work : run.activity) {
    const auto launch = launches.find(work.correlation);
    if (launch == launches.end()) {
      continue;
    }
    const trace::api_call& call = *launch->second;
    if (call.start_ns >= start_ns && call.start_ns <= stop_ns &&
        (view.interval.tid == 0 || call.tid == view.interval.tid)) {
      view.launched_correlations.push_back(work.correlation);
      if (work.end_ns > stop_ns) {
        after_stop.emplace_back(std::max(work.start_ns, stop_ns), work.end_ns);
        view.not_measured_end_ns = std::max(view.not_measured_end_ns, work.end_ns);
      }
      view.related_end_ns = std::max(view.related_end_ns, work.end_ns);
    } else if (call.start_ns < start_ns && work.end_ns > start_ns && work.start_ns < stop_ns) {
      view.earlier_correlations.push_back(work.correlation);
      const trace::time_ns from_ns = std::max(work.start_ns, start_ns);
      const trace::time_ns to_ns = std::min(work.end_ns, stop_ns);
      earlier_inside.emplace_back(from_ns, to_ns);
      view.included_start_ns =
          earlier_inside.size() == 1 ? from_ns : std::min(view.included_start_ns, from_ns);
      view.included_end_ns = std::max(view.included_end_ns, to_ns);
      // Show where the earlier work began, but do not let one long-running kernel launched
      // long ago stretch the window far beyond the interval itself.
      view.related_start_ns =
          std::min(view.related_start_ns, std::max(work.start_ns, start_ns - interval_ns));
    }
  }
  view.not_measured_ns = union_length(std::move(after_stop));
  view.included_ns = union_length(std::move(earlier_inside));
  // Work finishing long after a 40 µs interval is the point of the picture, so it is shown
  // whole, but not beyond 200 intervals' length (a mis-read of an unrelated later kernel).
  view.related_end_ns = std::min(view.related_end_ns, stop_ns + 200 * interval_ns);
}

} // namespace

std::vector<interval_view> view_intervals(const trace::run_trace& run,
                                          const std::vector<rules::timed_interval>& intervals,
                                          const std::vector<rules::finding>& findings) {
  std::vector<interval_view> views;
  const auto add = [&](const rules::timed_interval& interval) -> interval_view& {
    for (interval_view& view : views) {
      if (same_interval(view.interval, interval)) {
        return view;
      }
    }
    interval_view& view = views.emplace_back();
    view.interval = interval;
    return view;
  };
  for (const rules::timed_interval& interval : intervals) {
    add(interval);
  }
  for (std::size_t i = 0; i < findings.size(); ++i) {
    interval_view& view = add(findings[i].interval);
    view.finding_numbers.push_back(static_cast<int>(i) + 1);
    if (!view.worst || findings[i].level == rules::severity::error) {
      view.worst = findings[i].level;
    }
  }

  const trace_lookups lookups = look_up(run);
  for (interval_view& view : views) {
    view.span_start_ns = view.interval.start_ns;
    view.span_end_ns = std::max(view.interval.stop_ns, view.interval.start_ns);
    view.related_start_ns = view.span_start_ns;
    view.related_end_ns = view.span_end_ns;
    if (view.interval.how == rules::timed_interval::method::events) {
      view_event_interval(run, lookups, view);
    } else {
      view_host_clock_interval(run, lookups, view);
    }
  }
  return views;
}

} // namespace gpucheck::report::detail
