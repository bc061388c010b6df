// SPDX-License-Identifier: MIT
#include "activity_buffers.hpp"

#include "detail/cupti_call.hpp"
#include "detail/demangle.hpp"
#include "detail/host_clock.hpp"
#include "detail/json_line.hpp"
#include "handles.hpp"
#include "trace_writer.hpp"

#include <atomic>
#include <cstdlib>
#include <cupti.h>
#include <string>

namespace gputrace {

namespace {

using detail::json_line;

constexpr std::size_t buffer_bytes = 8 << 20;
constexpr std::size_t buffer_alignment = 8; // ACTIVITY_RECORD_ALIGNMENT in CUPTI's samples

std::atomic<std::uint64_t> g_dropped{0};
std::atomic<std::uint64_t> g_incomplete{0};

// Every record is on CLOCK_MONOTONIC: CUPTI converts GPU timestamps with this clock as reference.
std::uint64_t CUPTIAPI timestamp_ns() {
  return static_cast<std::uint64_t>(detail::monotonic_ns());
}

const char* memcpy_kind_name(std::uint8_t kind) {
  switch (kind) {
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD:
    return "HtoD";
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH:
    return "DtoH";
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD:
    return "DtoD";
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH:
    return "HtoH";
  case CUPTI_ACTIVITY_MEMCPY_KIND_PTOP:
    return "PtoP";
  case CUPTI_ACTIVITY_MEMCPY_KIND_HTOA:
    return "HtoA";
  case CUPTI_ACTIVITY_MEMCPY_KIND_ATOH:
    return "AtoH";
  case CUPTI_ACTIVITY_MEMCPY_KIND_ATOD:
    return "AtoD";
  case CUPTI_ACTIVITY_MEMCPY_KIND_DTOA:
    return "DtoA";
  case CUPTI_ACTIVITY_MEMCPY_KIND_ATOA:
    return "AtoA";
  default:
    return "unknown";
  }
}

// Where a copy's source or destination lives: what decides whether a host copy is staged
// (pageable), runs on the copy engines at once (pinned), or pages on demand (managed).
const char* memory_kind_name(std::uint8_t kind) {
  switch (kind) {
  case CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE:
    return "pageable";
  case CUPTI_ACTIVITY_MEMORY_KIND_PINNED:
    return "pinned";
  case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE:
    return "device";
  case CUPTI_ACTIVITY_MEMORY_KIND_ARRAY:
    return "array";
  case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED:
    return "managed";
  case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE_STATIC:
    return "device_static";
  case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED_STATIC:
    return "managed_static";
  default:
    return "unknown";
  }
}

const char* sync_kind_name(CUpti_ActivitySynchronizationType type) {
  switch (type) {
  case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_EVENT_SYNCHRONIZE:
    return "event";
  case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_WAIT_EVENT:
    return "stream_wait_event";
  case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_SYNCHRONIZE:
    return "stream";
  case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_CONTEXT_SYNCHRONIZE:
    return "context";
  default:
    return "unknown";
  }
}

// GPU intervals with a zero or reversed end never completed: counted, not written.
bool complete(std::uint64_t start, std::uint64_t end) {
  if (start == 0 || end == 0 || end < start) {
    g_incomplete.fetch_add(1, std::memory_order_relaxed);
    return false;
  }
  return true;
}

void write_record(const CUpti_Activity& activity, std::string& line) {
  switch (activity.kind) {
  case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
    const auto& k = reinterpret_cast<const CUpti_ActivityKernel10&>(activity);
    if (!complete(k.start, k.end)) {
      return;
    }
    json_line(line, "kernel")
        .field("start_ns", k.start)
        .field("end_ns", k.end)
        .field("stream_id", k.streamId)
        .field("correlation", k.correlationId)
        .field("name", detail::demangled(k.name))
        .field("device", k.deviceId)
        .field("context", k.contextId)
        .finish();
    break;
  }
  case CUPTI_ACTIVITY_KIND_MEMCPY: {
    const auto& m = reinterpret_cast<const CUpti_ActivityMemcpy6&>(activity);
    if (!complete(m.start, m.end)) {
      return;
    }
    json_line(line, "memcpy")
        .field("start_ns", m.start)
        .field("end_ns", m.end)
        .field("stream_id", m.streamId)
        .field("correlation", m.correlationId)
        .field("bytes", m.bytes)
        .field("copy_kind", memcpy_kind_name(m.copyKind))
        .field("src_memory", memory_kind_name(m.srcKind))
        .field("dst_memory", memory_kind_name(m.dstKind))
        .finish();
    break;
  }
  case CUPTI_ACTIVITY_KIND_MEMSET: {
    const auto& m = reinterpret_cast<const CUpti_ActivityMemset4&>(activity);
    if (!complete(m.start, m.end)) {
      return;
    }
    json_line(line, "memset")
        .field("start_ns", m.start)
        .field("end_ns", m.end)
        .field("stream_id", m.streamId)
        .field("correlation", m.correlationId)
        .field("bytes", m.bytes)
        .finish();
    break;
  }
  case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION: {
    const auto& s = reinterpret_cast<const CUpti_ActivitySynchronization2&>(activity);
    json_line record(line, "sync");
    record.field("sync_kind", sync_kind_name(s.type))
        .field("start_ns", s.start)
        .field("end_ns", s.end)
        .field("correlation", s.correlationId);
    if (s.streamId != CUPTI_SYNCHRONIZATION_INVALID_VALUE) {
      record.field("stream_id", s.streamId);
    }
    if (s.cudaEventId != CUPTI_SYNCHRONIZATION_INVALID_VALUE) {
      if (auto event = take_event(s.correlationId)) {
        record.field("event", *event);
      }
      record.field("event_id", s.cudaEventId);
    }
    record.finish();
    break;
  }
  case CUPTI_ACTIVITY_KIND_CUDA_EVENT: {
    const auto& e = reinterpret_cast<const CUpti_ActivityCudaEvent2&>(activity);
    json_line record(line, "event_time");
    if (auto event = take_event(e.correlationId)) {
      record.field("event", *event);
    }
    record.field("t_ns", e.deviceTimestamp)
        .field("correlation", e.correlationId)
        .field("stream_id", e.streamId)
        .field("event_id", e.eventId)
        .finish();
    break;
  }
  default:
    return;
  }
  write_line(line);
}

void CUPTIAPI buffer_requested(std::uint8_t** buffer, std::size_t* size, std::size_t* max_records) {
  *buffer = static_cast<std::uint8_t*>(std::aligned_alloc(buffer_alignment, buffer_bytes));
  *size = *buffer != nullptr ? buffer_bytes : 0;
  *max_records = 0; // as many as fit
}

void CUPTIAPI buffer_completed(CUcontext context, std::uint32_t stream_id, std::uint8_t* buffer,
                               std::size_t, std::size_t valid_bytes) {
  std::string line;
  CUpti_Activity* record = nullptr;
  while (trace_open() &&
         cuptiActivityGetNextRecord(buffer, valid_bytes, &record) == CUPTI_SUCCESS) {
    write_record(*record, line);
  }
  std::size_t dropped = 0;
  if (GPUTRACE_CUPTI_CALL(cuptiActivityGetNumDroppedRecords(context, stream_id, &dropped))) {
    g_dropped.fetch_add(dropped, std::memory_order_relaxed);
  }
  std::free(buffer);
}

} // namespace

bool start_activity() {
  // The timestamp callback must be in place before any kind is enabled, or early records would
  // use CUPTI's default clock (CLOCK_REALTIME).
  bool ok = GPUTRACE_CUPTI_CALL(cuptiActivityRegisterTimestampCallback(timestamp_ns));
  ok &= GPUTRACE_CUPTI_CALL(cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed));
  ok &= GPUTRACE_CUPTI_CALL(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
  ok &= GPUTRACE_CUPTI_CALL(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY));
  ok &= GPUTRACE_CUPTI_CALL(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET));
  ok &= GPUTRACE_CUPTI_CALL(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_SYNCHRONIZATION));
  // Event device timestamps are optional: a trace without them is still useful.
  if (GPUTRACE_CUPTI_CALL(cuptiActivityEnableCudaEventDeviceTimestamps(1))) {
    GPUTRACE_CUPTI_CALL(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CUDA_EVENT));
  }
  return ok;
}

void flush_activity() {
  GPUTRACE_CUPTI_CALL(cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED));
}

std::uint64_t dropped_records() {
  return g_dropped.load(std::memory_order_relaxed);
}
std::uint64_t incomplete_records() {
  return g_incomplete.load(std::memory_order_relaxed);
}

} // namespace gputrace
