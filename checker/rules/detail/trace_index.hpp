// SPDX-License-Identifier: MIT
// Look-ups over one trace that several rules need: the api call that launched an activity, what
// kind of stream a stream id is, the flags an event was created with, and the host's waits.
#pragma once

#include "rules/detail/time_order.hpp"
#include "trace_model/trace.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace gpucheck::rules::detail {

// legacy: the legacy default stream (handle 0); blocking: cudaStreamCreate without
// cudaStreamNonBlocking; per_thread: the per-thread default stream; unknown: never seen created.
enum class stream_kind { legacy, blocking, non_blocking, per_thread, unknown };

struct stream_ref {
  std::optional<std::uint32_t> id; // CUPTI stream id, as activity records carry
  std::optional<trace::handle> handle;
  stream_kind kind = stream_kind::unknown;
};

enum class coverage { yes, no, unknown };

// A call into a library, for the cold start of its first use: the library named for a student
// ("cuBLAS", "thrust/CUB"...) and the key under which its first call is indexed (the library, or
// for thrust and CUB, whose kernels each load at their own first launch, the kernel). Empty for
// other calls.
struct library_use {
  std::string library;
  std::string key;
};
library_use library_use_of(const trace::api_call& call);

// A point where the host waited for the GPU: a device, stream or event synchronization, a
// synchronous copy, or a query that reported completion.
struct host_wait {
  const trace::api_call* call = nullptr;
  enum class scope { device, stream } what = scope::device;
  stream_ref stream;                     // scope::stream: the stream waited on
  trace::time_ns launched_before_ns = 0; // it waits for work launched before this (host) time
};

class trace_index {
public:
  explicit trace_index(const trace::run_trace& trace);

  const trace::run_trace& trace() const { return m_trace; }
  const trace::api_call* launch_of(const trace::gpu_activity& work) const;
  const trace::api_call* by_correlation(std::uint32_t correlation) const;
  stream_ref stream_of(const trace::api_call& call) const;
  // Where a piece of GPU work ran: its launch's stream, with the id the activity record gives and,
  // where the launch does not tell the kind, the kind seen for that id.
  stream_ref stream_of(const trace::gpu_activity& work) const;
  stream_kind kind_of(std::uint32_t stream_id) const;
  // The flags of the event's latest creation before `before_ns`, if it was seen.
  std::optional<unsigned> event_flags(trace::handle event, trace::time_ns before_ns) const;
  // The program's latest successful cudaEventRecord of `event` that started before `before_ns`.
  const trace::api_call* latest_record(trace::handle event, trace::time_ns before_ns) const;
  // When the event recorded by the call with this correlation completed on the GPU (the tracer's
  // timestamp); 0 when the trace does not say.
  trace::time_ns event_completed_ns(std::uint32_t record_correlation) const;
  const std::vector<host_wait>& waits() const { return m_waits; }
  // Where in the trace's lists the things that touch a stretch of time lie (time_order.hpp), for
  // the rules that look at one timed interval at a time.
  const time_order& api_times() const { return m_api_times; }
  const time_order& clock_times() const { return m_clock_times; }
  const time_order& work_times() const { return m_work_times; }
  // The indices, in the activity's order, of every piece of GPU work whose launch started in
  // [begin_ns, end_ns] (and no other).
  std::vector<std::size_t> work_launched_in(trace::time_ns begin_ns, trace::time_ns end_ns) const;
  // The run's first launch on thread `tid` with library_use_of(launch).key == key, or null.
  const trace::api_call* first_library_launch(const std::string& key, int tid) const;

  // Did `wait` wait for `work`? unknown where stream kinds were not seen.
  coverage covers(const host_wait& wait, const trace::gpu_activity& work) const;
  // Is `work` ordered between two events recorded on `event_stream`? unknown: kinds not seen.
  coverage ordered_with(const stream_ref& event_stream, std::uint32_t work_stream_id) const;

private:
  void index_streams();
  void index_waits();
  void index_library_calls();
  void index_events();
  void index_times();
  // The last of `calls` (indices into the trace's api, in order) that a scan of the trace reaches
  // before the first call that starts after `before_ns`, or null.
  const trace::api_call* last_reached(const std::vector<std::size_t>& calls,
                                      trace::time_ns before_ns) const;
  bool launched_on_between(std::uint32_t stream_id, trace::time_ns after_ns,
                           trace::time_ns before_ns) const;

  const trace::run_trace& m_trace;
  std::unordered_map<std::uint32_t, const trace::api_call*> m_by_correlation;
  std::unordered_map<std::uint32_t, trace::time_ns> m_event_completed_by_record;
  std::unordered_map<std::uint32_t, stream_kind> m_stream_kinds;
  std::unordered_map<trace::handle, std::uint32_t> m_stream_ids_by_handle;
  std::unordered_map<trace::handle, stream_kind> m_stream_kinds_by_handle;
  std::vector<host_wait> m_waits;
  std::map<std::pair<std::string, int>, const trace::api_call*> m_first_library_launches;
  time_order m_api_times;   // of calls, from their start to the program's resumption
  time_order m_clock_times; // of clock reads, likewise
  time_order m_work_times;  // of GPU work, from its start to its end
  // The GPU work that has a launch, by the launch's start: (start, index into the activity).
  std::vector<std::pair<trace::time_ns, std::size_t>> m_work_by_launch_start;
  // Of each event, its program's successful cudaEventRecord calls, and its successful creations
  // (indices into the trace's api, in order): latest_record and event_flags answer in log time.
  std::unordered_map<trace::handle, std::vector<std::size_t>> m_records_by_event;
  std::unordered_map<trace::handle, std::vector<std::size_t>> m_creations_by_event;
};

} // namespace gpucheck::rules::detail
