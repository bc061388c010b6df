// SPDX-License-Identifier: MIT
#include "rules/detail/trace_index.hpp"

#include "rules/api_names.hpp"

#include <algorithm>

namespace gpucheck::rules::detail {

using trace::api_call;
using trace::time_ns;

namespace {

bool ordered_with_legacy(stream_kind kind) {
  // The per-thread default stream synchronizes with the legacy default stream; ordinary
  // (blocking) streams do too; cudaStreamNonBlocking streams do not.
  return kind == stream_kind::blocking || kind == stream_kind::per_thread;
}

} // namespace

trace_index::trace_index(const trace::run_trace& trace) : m_trace(trace) {
  for (const api_call& call : m_trace.api) {
    if (call.correlation != 0)
      m_by_correlation.emplace(call.correlation, &call);
  }
  index_times();
  for (const trace::event_time& time : m_trace.event_times) {
    if (time.correlation != 0)
      m_event_completed_by_record.emplace(time.correlation, time.t_ns);
  }
  index_events(); // before index_waits, which asks for records
  index_streams();
  index_waits();
  index_library_calls();
}

trace::time_ns trace_index::event_completed_ns(std::uint32_t record_correlation) const {
  const auto found = m_event_completed_by_record.find(record_correlation);
  return found == m_event_completed_by_record.end() ? 0 : found->second;
}

library_use library_use_of(const api_call& call) {
  if (std::string library = library_of_caller(call.caller); !library.empty())
    return {library, library};
  if (is_runtime_compilation(call.name))
    return {"NVRTC", "NVRTC"};
  if (const std::string_view library = library_of_kernel(call.kernel); !library.empty())
    return {std::string(library), "kernel " + call.kernel};
  return {};
}

void trace_index::index_library_calls() {
  for (const api_call& call : m_trace.api) {
    if (!is_launch(call.name))
      continue;
    const library_use use = library_use_of(call);
    if (use.key.empty())
      continue;
    const auto [entry, added] = m_first_library_launches.try_emplace({use.key, call.tid}, &call);
    if (!added && call.start_ns < entry->second->start_ns)
      entry->second = &call;
  }
}

const api_call* trace_index::first_library_launch(const std::string& key, int tid) const {
  const auto found = m_first_library_launches.find({key, tid});
  return found == m_first_library_launches.end() ? nullptr : found->second;
}

void trace_index::index_streams() {
  for (const api_call& call : m_trace.api) {
    if (is_stream_creation(call.name) && call.result == cuda_success && call.created_stream) {
      const bool non_blocking = call.flags && (*call.flags & cuda_stream_non_blocking) != 0;
      const stream_kind kind = non_blocking ? stream_kind::non_blocking : stream_kind::blocking;
      m_stream_kinds_by_handle[*call.created_stream] = kind;
      if (call.created_stream_id) {
        m_stream_kinds[*call.created_stream_id] = kind;
        m_stream_ids_by_handle[*call.created_stream] = *call.created_stream_id;
      }
    }
  }
  for (const api_call& call : m_trace.api) {
    if (!call.stream_id || !call.stream)
      continue;
    if (call.per_thread) {
      m_stream_kinds.try_emplace(*call.stream_id, stream_kind::per_thread);
    } else if (*call.stream == 0 || *call.stream == 1) {
      m_stream_kinds.try_emplace(*call.stream_id, stream_kind::legacy);
    } else {
      m_stream_ids_by_handle.try_emplace(*call.stream, *call.stream_id);
    }
  }
}

void trace_index::index_waits() {
  for (const api_call& call : m_trace.api) {
    if (!call.from_program() || call.result != cuda_success)
      continue;
    const std::string& name = call.name;
    host_wait wait;
    wait.call = &call;
    wait.launched_before_ns = call.start_ns;
    if (starts_with(name, "cudaDeviceSynchronize") || starts_with(name, "cuCtxSynchronize")) {
      wait.what = host_wait::scope::device;
    } else if (starts_with(name, "cudaStreamSynchronize") || starts_with(name, "cudaStreamQuery") ||
               starts_with(name, "cuStreamSynchronize") || starts_with(name, "cuStreamQuery")) {
      wait.what = host_wait::scope::stream;
      wait.stream = stream_of(call);
    } else if (starts_with(name, "cudaEventSynchronize") || starts_with(name, "cudaEventQuery") ||
               starts_with(name, "cuEventSynchronize") || starts_with(name, "cuEventQuery")) {
      if (!call.event)
        continue;
      const api_call* record = latest_record(*call.event, call.start_ns);
      if (record == nullptr)
        continue; // an event never recorded completes at once
      wait.what = host_wait::scope::stream;
      wait.stream = stream_of(*record);
      wait.launched_before_ns = record->start_ns;
    } else if (is_sync_copy(name)) {
      wait.what = host_wait::scope::stream;
      wait.stream = stream_of(call);
      if (!call.stream) {
        wait.stream.kind = call.per_thread || name.ends_with("_ptds") ? stream_kind::per_thread
                                                                      : stream_kind::legacy;
      }
    } else {
      continue;
    }
    m_waits.push_back(wait);
  }
}

const api_call* trace_index::by_correlation(std::uint32_t correlation) const {
  auto it = m_by_correlation.find(correlation);
  return it == m_by_correlation.end() ? nullptr : it->second;
}

const api_call* trace_index::launch_of(const trace::gpu_activity& work) const {
  return work.correlation == 0 ? nullptr : by_correlation(work.correlation);
}

stream_kind trace_index::kind_of(std::uint32_t stream_id) const {
  auto it = m_stream_kinds.find(stream_id);
  return it == m_stream_kinds.end() ? stream_kind::unknown : it->second;
}

stream_ref trace_index::stream_of(const trace::gpu_activity& work) const {
  const api_call* launch = launch_of(work);
  stream_ref ref = launch != nullptr ? stream_of(*launch) : stream_ref{};
  ref.id = work.stream_id;
  if (ref.kind == stream_kind::unknown)
    ref.kind = kind_of(work.stream_id);
  return ref;
}

stream_ref trace_index::stream_of(const api_call& call) const {
  stream_ref ref;
  ref.handle = call.stream;
  ref.id = call.stream_id;
  if (call.per_thread || (call.stream && *call.stream == 2)) {
    ref.kind = stream_kind::per_thread;
  } else if (call.stream && (*call.stream == 0 || *call.stream == 1)) {
    ref.kind = stream_kind::legacy;
  } else if (call.stream) {
    if (auto it = m_stream_kinds_by_handle.find(*call.stream);
        it != m_stream_kinds_by_handle.end()) {
      ref.kind = it->second;
    }
    if (!ref.id) {
      if (auto it = m_stream_ids_by_handle.find(*call.stream); it != m_stream_ids_by_handle.end()) {
        ref.id = it->second;
      }
    }
  }
  if (ref.kind == stream_kind::unknown && ref.id)
    ref.kind = kind_of(*ref.id);
  return ref;
}

void trace_index::index_events() {
  for (std::size_t i = 0; i < m_trace.api.size(); ++i) {
    const api_call& call = m_trace.api[i];
    if (call.result != cuda_success)
      continue;
    if (call.from_program() && call.event && is_event_record(call.name))
      m_records_by_event[*call.event].push_back(i);
    if (call.created_event && is_event_creation(call.name))
      m_creations_by_event[*call.created_event].push_back(i);
  }
}

void trace_index::index_times() {
  std::vector<time_ns> starts;
  std::vector<time_ns> ends;
  const auto order = [&](const auto& list, auto start, auto end) {
    starts.clear();
    ends.clear();
    for (const auto& element : list) {
      starts.push_back(start(element));
      ends.push_back(end(element));
    }
    return time_order(starts, ends);
  };
  m_api_times = order(
      m_trace.api, [](const api_call& call) { return call.start_ns; },
      [](const api_call& call) { return call.program_resumed_ns(); });
  m_clock_times = order(
      m_trace.clocks, [](const trace::clock_read& read) { return read.t_ns; },
      [](const trace::clock_read& read) { return read.program_resumed_ns(); });
  m_work_times = order(
      m_trace.activity, [](const trace::gpu_activity& work) { return work.start_ns; },
      [](const trace::gpu_activity& work) { return work.end_ns; });
  for (std::size_t i = 0; i < m_trace.activity.size(); ++i) {
    if (const api_call* launch = launch_of(m_trace.activity[i]))
      m_work_by_launch_start.emplace_back(launch->start_ns, i);
  }
  std::sort(m_work_by_launch_start.begin(), m_work_by_launch_start.end());
}

std::vector<std::size_t> trace_index::work_launched_in(time_ns begin_ns, time_ns end_ns) const {
  std::vector<std::size_t> work;
  const auto first = std::lower_bound(m_work_by_launch_start.begin(), m_work_by_launch_start.end(),
                                      std::pair<time_ns, std::size_t>{begin_ns, 0});
  for (auto it = first; it != m_work_by_launch_start.end() && it->first <= end_ns; ++it)
    work.push_back(it->second);
  std::sort(work.begin(), work.end());
  return work;
}

const api_call* trace_index::last_reached(const std::vector<std::size_t>& calls,
                                          time_ns before_ns) const {
  const std::size_t reached = m_api_times.scan_stop(before_ns);
  const auto after = std::lower_bound(calls.begin(), calls.end(), reached);
  return after == calls.begin() ? nullptr : &m_trace.api[*(after - 1)];
}

std::optional<unsigned> trace_index::event_flags(trace::handle event, time_ns before_ns) const {
  const auto found = m_creations_by_event.find(event);
  if (found == m_creations_by_event.end())
    return std::nullopt;
  const api_call* creation = last_reached(found->second, before_ns);
  if (creation == nullptr)
    return std::nullopt;
  return creation->flags.value_or(0);
}

const api_call* trace_index::latest_record(trace::handle event, time_ns before_ns) const {
  const auto found = m_records_by_event.find(event);
  return found == m_records_by_event.end() ? nullptr : last_reached(found->second, before_ns);
}

bool trace_index::launched_on_between(std::uint32_t stream_id, time_ns after_ns,
                                      time_ns before_ns) const {
  for (const trace::gpu_activity& work : m_trace.activity) {
    const api_call* launch = launch_of(work);
    if (work.stream_id == stream_id && launch != nullptr && launch->start_ns > after_ns &&
        launch->start_ns < before_ns) {
      return true;
    }
  }
  return false;
}

coverage trace_index::covers(const host_wait& wait, const trace::gpu_activity& work) const {
  const api_call* launch = launch_of(work);
  if (launch == nullptr)
    return coverage::unknown;
  if (launch->start_ns >= wait.launched_before_ns)
    return coverage::no;
  if (wait.what == host_wait::scope::device)
    return coverage::yes;
  const stream_ref& waited = wait.stream;
  if (waited.id && *waited.id == work.stream_id)
    return coverage::yes;
  const stream_kind work_kind = kind_of(work.stream_id);
  if (waited.kind == stream_kind::unknown || work_kind == stream_kind::unknown) {
    return coverage::unknown;
  }
  if (waited.kind == stream_kind::legacy && work_kind == stream_kind::legacy)
    return coverage::yes;
  if (waited.kind == stream_kind::legacy && ordered_with_legacy(work_kind))
    return coverage::yes;
  if (work_kind == stream_kind::legacy && ordered_with_legacy(waited.kind)) {
    // Work on the waited stream launched after the legacy work waited for it.
    if (!waited.id)
      return coverage::unknown;
    return launched_on_between(*waited.id, launch->start_ns, wait.launched_before_ns)
               ? coverage::yes
               : coverage::no;
  }
  if (!waited.id)
    return coverage::unknown;
  return coverage::no;
}

coverage trace_index::ordered_with(const stream_ref& event_stream,
                                   std::uint32_t work_stream_id) const {
  if (event_stream.id && *event_stream.id == work_stream_id)
    return coverage::yes;
  const stream_kind work_kind = kind_of(work_stream_id);
  const stream_kind event_kind = event_stream.kind;
  if (event_kind == stream_kind::unknown || work_kind == stream_kind::unknown) {
    return coverage::unknown;
  }
  if (event_kind == stream_kind::legacy && work_kind == stream_kind::legacy)
    return coverage::yes;
  if (event_kind == stream_kind::legacy && ordered_with_legacy(work_kind))
    return coverage::yes;
  if (work_kind == stream_kind::legacy && ordered_with_legacy(event_kind))
    return coverage::yes;
  if (!event_stream.id)
    return coverage::unknown;
  return coverage::no;
}

} // namespace gpucheck::rules::detail
