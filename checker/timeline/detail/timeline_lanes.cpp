// SPDX-License-Identifier: MIT
#include "timeline/detail/timeline_lanes.hpp"

#include "timeline/detail/api_kind.hpp"
#include "timeline/detail/duration_text.hpp"
#include "timeline/detail/kernel_name.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace gpucheck::report::detail {

namespace {

constexpr unsigned stream_non_blocking_flag = 0x1; // cudaStreamNonBlocking

bool overlaps(trace::time_ns start, trace::time_ns end, trace::time_ns from, trace::time_ns to) {
  return end >= from && start <= to;
}

std::string size_text(std::uint64_t bytes) {
  if (bytes >= (1ull << 30)) {
    return std::to_string(bytes >> 30) + " GiB";
  }
  if (bytes >= (1ull << 20)) {
    return std::to_string(bytes >> 20) + " MiB";
  }
  if (bytes >= (1ull << 10)) {
    return std::to_string(bytes >> 10) + " KiB";
  }
  return std::to_string(bytes) + " B";
}

// What kind of stream each CUPTI stream id is, from the calls that named or created it.
std::map<std::uint32_t, std::string> stream_descriptions(const trace::run_trace& run) {
  std::map<std::uint32_t, std::string> described;
  for (const trace::api_call& call : run.api) {
    if (call.created_stream_id) {
      const bool non_blocking = call.flags && (*call.flags & stream_non_blocking_flag) != 0;
      described[*call.created_stream_id] = non_blocking ? "non-blocking" : "blocking";
    } else if (call.stream_id && call.per_thread) {
      described.try_emplace(*call.stream_id, "per-thread default");
    } else if (call.stream_id && call.stream && *call.stream == 0) {
      described.try_emplace(*call.stream_id, "legacy default");
    }
  }
  return described;
}

std::string host_lane_title(const trace::run_trace& run, int tid) {
  if (run.info.pid != 0 && tid == run.info.pid) {
    return "host: main thread";
  }
  return "host: thread " + std::to_string(tid);
}

lane_block api_block(const trace::api_call& call) {
  static constexpr block_kind kinds[] = {block_kind::launch, block_kind::sync, block_kind::copy,
                                         block_kind::setup, block_kind::other};
  lane_block block;
  block.start_ns = call.start_ns;
  block.end_ns = call.end_ns;
  block.kind = kinds[static_cast<int>(classify_api(call.name))];
  block.name = call.name;
  block.nested = !call.from_program(); // refined by mark_nested_calls
  block.correlation = call.correlation;
  block.tooltip = call.name + (call.kernel.empty() ? "" : " (" + call.kernel + ")") + ", " +
                  duration_text(call.end_ns - call.start_ns) +
                  (call.from_program() ? "" : ", called by " + call.caller);
  return block;
}

lane_block work_block(const trace::gpu_activity& work) {
  lane_block block;
  block.start_ns = work.start_ns;
  block.end_ns = work.end_ns;
  block.correlation = work.correlation;
  const std::string size = work.bytes ? size_text(*work.bytes) : "";
  switch (work.kind) {
  case trace::activity_kind::kernel:
    block.kind = block_kind::kernel;
    block.name = short_kernel_name(work.name);
    block.tooltip = work.name.empty() ? "kernel" : work.name;
    break;
  case trace::activity_kind::memcpy:
    block.kind = block_kind::memcpy;
    block.name = (work.copy_kind.empty() ? std::string("copy") : work.copy_kind) +
                 (size.empty() ? "" : " " + size);
    block.tooltip = "memcpy " + block.name;
    break;
  case trace::activity_kind::memset:
    block.kind = block_kind::memset;
    block.name = "memset" + (size.empty() ? "" : " " + size);
    block.tooltip = block.name;
    break;
  }
  block.tooltip += ", " + duration_text(work.end_ns - work.start_ns);
  return block;
}

void sort_blocks(std::vector<lane_block>& blocks) {
  std::stable_sort(blocks.begin(), blocks.end(), [](const lane_block& a, const lane_block& b) {
    return a.start_ns < b.start_ns;
  });
}

// A library's call is drawn thin inside the program's call that made it (cuBLAS' cuLaunchKernel
// inside cublasSgemm), but full height when it stands alone, or it would look like a gap.
void mark_nested_calls(std::vector<lane_block>& blocks) {
  trace::time_ns program_call_end_ns = 0;
  bool any_program_call = false;
  for (lane_block& block : blocks) {
    if (!block.nested) {
      program_call_end_ns =
          any_program_call ? std::max(program_call_end_ns, block.end_ns) : block.end_ns;
      any_program_call = true;
    } else {
      block.nested = any_program_call && block.end_ns <= program_call_end_ns;
    }
  }
}

} // namespace

bool is_host_kind(block_kind kind) {
  return kind < block_kind::kernel;
}

lanes_in_window build_lanes(const trace::run_trace& run, trace::time_ns from_ns,
                            trace::time_ns to_ns, const std::vector<int>& extra_tids,
                            const std::vector<std::uint32_t>& extra_stream_ids) {
  std::map<int, lane> host;
  std::map<std::uint32_t, lane> streams;
  for (int tid : extra_tids) {
    host[tid].tid = tid;
  }
  for (std::uint32_t id : extra_stream_ids) {
    streams[id].stream_id = id;
  }
  for (const trace::clock_read& read : run.clocks) {
    if (overlaps(read.t_ns, read.t_ns, from_ns, to_ns)) {
      host[read.tid].tid = read.tid;
    }
  }
  for (const trace::api_call& call : run.api) {
    if (overlaps(call.start_ns, call.end_ns, from_ns, to_ns)) {
      lane& row = host[call.tid];
      row.tid = call.tid;
      row.blocks.push_back(api_block(call));
    }
  }
  for (const trace::gpu_activity& work : run.activity) {
    if (overlaps(work.start_ns, work.end_ns, from_ns, to_ns)) {
      lane& row = streams[work.stream_id];
      row.stream_id = work.stream_id;
      row.blocks.push_back(work_block(work));
    }
  }

  lanes_in_window lanes;
  // The main thread first: that is where a student's timing code runs.
  for (auto& [tid, row] : host) {
    row.host = true;
    row.title = host_lane_title(run, tid);
    sort_blocks(row.blocks);
    mark_nested_calls(row.blocks);
    const bool is_main = run.info.pid != 0 && tid == run.info.pid;
    lanes.host.insert(is_main ? lanes.host.begin() : lanes.host.end(), std::move(row));
  }
  const auto described = stream_descriptions(run);
  for (auto& [id, row] : streams) {
    row.host = false;
    const auto found = described.find(id);
    row.title = "stream " + std::to_string(id) +
                (found == described.end() ? "" : " (" + found->second + ")");
    sort_blocks(row.blocks);
    lanes.streams.push_back(std::move(row));
  }
  return lanes;
}

} // namespace gpucheck::report::detail
