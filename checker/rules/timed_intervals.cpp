// SPDX-License-Identifier: MIT
#include "rules/timed_intervals.hpp"

#include "rules/api_names.hpp"
#include "rules/detail/trace_index.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>

namespace gpucheck::rules {

using trace::clock_read;

namespace {

// A read the student's function made in the window: on its thread, strictly between the checker's
// own two reads (whose values are the window's ends).
bool inside(const clock_read& read, const call_window& window) {
  return read.tid == window.tid && window.contains(read.t_ns) && read.value_ns != window.begin_ns &&
         read.value_ns != window.end_ns;
}

// The folder of the installed package that holds a Python file (".../site-packages/torch/"), or
// empty for the script's own files and the standard library.
std::string package_of(const std::string& file) {
  for (const char* packages : {"/site-packages/", "/dist-packages/"}) {
    const auto at = file.find(packages);
    if (at == std::string::npos)
      continue;
    const auto name_end = file.find('/', at + std::char_traits<char>::length(packages));
    return name_end == std::string::npos ? file : file.substr(0, name_end + 1);
  }
  return {};
}

// A timing that an installed package made on its own (triton.testing.do_bench's events,
// libraries' time.time() for their logs) is not one the script wrote: lint judges the script's
// own (issue 43). A clock read's innermost frame is the code that read the clock; an
// elapsed-time call first passes through the events' Python wrapper (torch/cuda/streams.py),
// whose package's frames are skipped to reach the code that asked.
bool made_by_a_package(const std::vector<trace::python_frame>& frames, bool through_wrapper) {
  std::size_t caller = 0;
  if (through_wrapper && !frames.empty()) {
    const std::string wrapper = package_of(frames[0].file);
    while (!wrapper.empty() && caller < frames.size() && package_of(frames[caller].file) == wrapper)
      ++caller;
  }
  return caller == frames.size() ? !frames.empty() : !package_of(frames[caller].file).empty();
}

} // namespace

const trace::python_frame* script_frame(const std::vector<trace::python_frame>& frames) {
  const auto own = std::find_if(frames.begin(), frames.end(), [](const trace::python_frame& f) {
    return package_of(f.file).empty();
  });
  return own == frames.end() ? nullptr : &*own;
}

std::vector<timed_interval> find_host_clock_intervals(const trace::run_trace& trace,
                                                      const std::optional<call_window>& window) {
  std::map<std::pair<int, std::string>, std::vector<const clock_read*>> reads_by_thread_and_clock;
  for (const clock_read& read : trace.clocks) {
    if (window && !inside(read, *window))
      continue;
    if (made_by_a_package(read.python, false))
      continue; // the framework's read would split the script's interval around it
    reads_by_thread_and_clock[{read.tid, read.clock}].push_back(&read);
  }
  std::vector<timed_interval> intervals;
  for (auto& [key, reads] : reads_by_thread_and_clock) {
    std::stable_sort(reads.begin(), reads.end(),
                     [](const clock_read* a, const clock_read* b) { return a->t_ns < b->t_ns; });
    std::unordered_map<std::string, std::size_t> first_seen;
    for (std::size_t i = 0; i < reads.size(); ++i)
      first_seen.try_emplace(reads[i]->site, i);
    // pairs[i]: reads i -> i+1 make a candidate interval.
    std::vector<bool> pairs(reads.size(), false);
    for (std::size_t i = 0; i + 1 < reads.size(); ++i) {
      const clock_read& start = *reads[i];
      const clock_read& stop = *reads[i + 1];
      if (start.site.empty() || stop.site.empty() || start.site == stop.site)
        continue;
      if (first_seen.at(start.site) >= first_seen.at(stop.site))
        continue;
      if (start.marker)
        continue; // a marked stop leaves work queued on purpose: it closes, it opens nothing
      pairs[i] = true;
    }
    // A run of three or more candidates in a row (reads A B C D ...) is a row of timings one
    // after the other, A -> B, C -> D, ..., and the candidates between them are the gaps: keep
    // every other candidate, from the run's first. Two in a row (A B C) are chained phases: keep
    // both. (Precision first; see the header.)
    std::vector<bool> keep(pairs);
    for (std::size_t first = 0; first < pairs.size();) {
      std::size_t end = first;
      while (end < pairs.size() && pairs[end])
        ++end;
      if (end - first >= 3)
        for (std::size_t i = first + 1; i < end; i += 2)
          keep[i] = false;
      first = end + 1;
    }
    for (std::size_t i = 0; i + 1 < reads.size(); ++i) {
      if (!keep[i])
        continue;
      const clock_read& start = *reads[i];
      const clock_read& stop = *reads[i + 1];
      timed_interval interval;
      interval.how = timed_interval::method::host_clock;
      interval.start_ns = start.t_ns;
      interval.stop_ns = stop.t_ns;
      interval.measured_ns = stop.value_ns - start.value_ns;
      interval.tid = start.tid;
      interval.clock = start.clock;
      interval.start_site = start.site;
      interval.stop_site = stop.site;
      interval.marked_intended = stop.marker;
      intervals.push_back(std::move(interval));
    }
  }
  std::stable_sort(intervals.begin(), intervals.end(),
                   [](const auto& a, const auto& b) { return a.start_ns < b.start_ns; });
  return intervals;
}

timed_interval event_interval(const trace::api_call& elapsed_call,
                              const trace::api_call& start_record,
                              const trace::api_call& stop_record) {
  timed_interval interval;
  interval.how = timed_interval::method::events;
  interval.start_ns = start_record.start_ns;
  interval.stop_ns = elapsed_call.start_ns;
  interval.measured_ns = std::llround(elapsed_call.elapsed_ms.value_or(0.0) * 1e6);
  interval.tid = elapsed_call.tid;
  interval.start_event = *elapsed_call.event;
  interval.stop_event = *elapsed_call.event_end;
  interval.start_record_correlation = start_record.correlation;
  interval.stop_record_correlation = stop_record.correlation;
  interval.elapsed_correlation = elapsed_call.correlation;
  interval.stop_record_ns = stop_record.end_ns;
  interval.start_site = start_record.site;
  interval.stop_site = stop_record.site;
  return interval;
}

namespace {

// A Python script's trace: some of its calls carry the Python frames that made them.
bool traced_python_script(const trace::run_trace& trace) {
  return std::any_of(trace.api.begin(), trace.api.end(),
                     [](const trace::api_call& call) { return !call.python.empty(); });
}

} // namespace

std::vector<timed_interval> find_event_intervals(const trace::run_trace& trace,
                                                 const std::optional<call_window>& window) {
  const detail::trace_index index(trace);
  // In a Python script, the script's elapsed_time calls carry its frames (the tracer follows
  // every thread that ran Python); one without them is the framework's own measurement, on a
  // thread of its own, and one that a package's code made is that package's: neither is the
  // script's timing (issue 43).
  const bool python_script = traced_python_script(trace);
  std::vector<timed_interval> intervals;
  for (const trace::api_call& call : trace.api) {
    if (!call.from_program() || !detail::is_elapsed_time(call.name) ||
        call.result != detail::cuda_success || !call.event || !call.event_end) {
      continue;
    }
    if (python_script && (call.python.empty() || made_by_a_package(call.python, true)))
      continue;
    if (window && (call.tid != window->tid || !window->contains(call.start_ns)))
      continue;
    const trace::api_call* start = index.latest_record(*call.event, call.start_ns);
    const trace::api_call* stop = index.latest_record(*call.event_end, call.start_ns);
    if (start == nullptr || stop == nullptr)
      continue;
    intervals.push_back(event_interval(call, *start, *stop));
  }
  return intervals; // in the order of the cudaEventElapsedTime calls
}

std::vector<timed_interval> find_timed_intervals(const trace::run_trace& trace,
                                                 const std::optional<call_window>& window) {
  std::vector<timed_interval> intervals = find_host_clock_intervals(trace, window);
  std::vector<timed_interval> event_intervals = find_event_intervals(trace, window);
  intervals.insert(intervals.end(), event_intervals.begin(), event_intervals.end());
  std::stable_sort(intervals.begin(), intervals.end(),
                   [](const auto& a, const auto& b) { return a.start_ns < b.start_ns; });
  return intervals;
}

} // namespace gpucheck::rules
