// SPDX-License-Identifier: MIT
// The in-memory form of one trace file (format: checker/trace/FORMAT.md). Plain data, no CUDA:
// the rules and the renderers see a program's run only through these types.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpucheck::trace {

using time_ns = std::int64_t; // CLOCK_MONOTONIC nanoseconds
using handle = std::uint64_t; // a stream or event handle's pointer value; 0 = legacy default stream

struct header {
  int version = 0;
  int pid = 0;
  std::string program;
  time_ns start_ns = 0;
  std::string device;
  int driver_version = 0;
  int runtime_version = 0;
};

enum class api_domain { runtime, driver, library };

// One frame of a Python script's stack, innermost first: a CPython process's clock reads and the
// calls it made holding the GIL carry them, and their `site` is made of them ("py:FILE:LINE<...").
struct python_frame {
  std::string file; // the code object's co_filename
  int line = 0;
  std::string function; // co_name ("<module>" at a script's top level)

  bool operator==(const python_frame&) const = default;
};

struct api_call {
  api_domain domain = api_domain::runtime;
  std::string name;
  time_ns start_ns = 0;
  time_ns end_ns = 0;
  // When the tracer, having recorded the call (unwinding the stack, finding the Python lines,
  // writing the line), gave the thread back to the program; 0 where not recorded. The stretch
  // from end_ns to it is the tracer's time, not the program's.
  time_ns tracer_until_ns = 0;
  int tid = 0;
  std::uint32_t correlation = 0;
  int result = 0;
  std::string caller = "program"; // "program" or the library's file name
  std::optional<handle> stream;
  bool per_thread = false;
  std::optional<std::uint32_t> stream_id;
  std::optional<handle> event;
  std::optional<handle> event_end;
  std::optional<unsigned> flags;
  std::optional<handle> created_event;
  std::optional<handle> created_stream;
  std::optional<std::uint32_t> created_stream_id;
  std::string kernel;
  std::optional<std::uint64_t> bytes;
  std::string copy_kind;
  std::optional<double> elapsed_ms;
  std::optional<handle> graph_exec;
  std::string site; // the program's calls: where in the program (the clock reads' format)
  std::vector<python_frame> python; // a Python script's call made under the GIL: its frames

  bool from_program() const { return caller == "program"; }
  // When the program's own code on the thread went on after the call: its end, or the tracer's.
  time_ns program_resumed_ns() const { return std::max(end_ns, tracer_until_ns); }
};

enum class activity_kind { kernel, memcpy, memset };

struct gpu_activity {
  activity_kind kind = activity_kind::kernel;
  time_ns start_ns = 0;
  time_ns end_ns = 0;
  std::uint32_t stream_id = 0;
  std::uint32_t correlation = 0;
  std::string name;
  std::optional<std::uint64_t> bytes;
  std::string copy_kind;
  // (copies) where the source and the destination live: "pageable", "pinned", "device",
  // "managed", ... (trace FORMAT.md); empty in traces written before they were recorded.
  std::string src_memory;
  std::string dst_memory;
};

struct sync_activity {
  std::string sync_kind; // "event", "stream", "context", "stream_wait_event"
  time_ns start_ns = 0;
  time_ns end_ns = 0;
  std::optional<std::uint32_t> stream_id;
  std::optional<handle> event;
  std::uint32_t correlation = 0;
};

struct event_time {
  handle event = 0;
  time_ns t_ns = 0;
  std::uint32_t correlation = 0;
};

struct clock_read {
  std::string clock; // "monotonic", "realtime", "process_cputime", "gettimeofday", "clock",
                     // "getrusage", "times", ...
  time_ns t_ns = 0;
  std::int64_t value_ns = 0;
  time_ns tracer_until_ns = 0; // as api_call's: the tracer's time after the read, 0 if unknown
  int tid = 0;
  std::string site;
  bool marker = false;
  std::vector<python_frame> python; // a Python script's read: its frames, innermost first

  bool counts_cpu_time() const {
    return clock == "process_cputime" || clock == "thread_cputime" || clock == "clock" ||
           clock == "getrusage" || clock == "times";
  }
  // The calendar clock (CLOCK_REALTIME, also through gettimeofday), which may be set while it
  // measures.
  bool is_calendar() const { return clock == "realtime" || clock == "gettimeofday"; }
  time_ns program_resumed_ns() const { return std::max(t_ns, tracer_until_ns); }
};

struct resource_event {
  std::string what; // "context_created", "module_loaded", ...
  time_ns t_ns = 0;
  int tid = 0;
};

struct nvtx_range {
  std::string name;
  time_ns start_ns = 0;
  time_ns end_ns = 0;
  int tid = 0;
};

struct footer {
  time_ns end_ns = 0;
  std::string reason;
  std::uint64_t dropped = 0;
  std::uint64_t incomplete = 0; // GPU activity that never completed (program ended meanwhile)
};

// Where a site is in the source: the innermost frame of the site with a line of the program's own
// source (system and CUDA headers skipped). Written by the analysis after the run (`location`
// records), so that a trace replayed without its program still names its lines.
struct source_line {
  std::string file; // as the debug information names it (an absolute path, usually)
  int line = 0;     // 1-based; 0 when only the function is known (no line information)
  std::string function;
  std::string text; // the source line itself, trimmed; empty when the file could not be read
};

// A call of a student's function as a lesson check showed it (written into a kept trace by
// `gpucheck check --keep-trace` and `grade --keep-traces`, never by the tracer): the window and the
// returned number that the lesson diagnosis replays.
struct checked_call {
  std::string check; // the check's name
  time_ns begin_ns = 0;
  time_ns end_ns = 0;
  int tid = 0;
  double reported_ms = 0;
  double truth_ms = 0;
  // The same check's call in the run that failed (untraced), when it failed there: what it
  // returned (NaN: no single number) and its truth; 0 and 0 when it did not fail or is unknown.
  double failed_reported_ms = 0;
  double failed_truth_ms = 0;
  // The slip the check named from its numbers (checkapi/slip_analysis.hpp's ids), "" for none:
  // the diagnosis corpus's expectation of a slip (test_analysis_diagnosis).
  std::string slip;
  // reported_ms is one run's time: an interval over the runs it holds (rules::call_window).
  bool per_run = false;
};

// A whole run. Each vector is sorted by start time (or t_ns) by the reader.
struct run_trace {
  header info;
  std::vector<api_call> api;
  std::vector<gpu_activity> activity;
  std::vector<sync_activity> syncs;
  std::vector<event_time> event_times;
  std::vector<clock_read> clocks;
  std::vector<resource_event> resources;
  std::vector<nvtx_range> nvtx;
  std::optional<footer> end; // absent: the program was killed before the tracer could flush
  std::map<std::string, std::string> objects;   // a site's object name -> its path
  std::map<std::string, source_line> locations; // a site -> its source line, once resolved
  std::vector<checked_call> checked_calls;      // a lesson check's shown calls (kept traces)

  // Where `site` is, or nullptr when it was not resolved.
  const source_line* location_of(const std::string& site) const {
    const auto found = locations.find(site);
    return found == locations.end() ? nullptr : &found->second;
  }
};

} // namespace gpucheck::trace
