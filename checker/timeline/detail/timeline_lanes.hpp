// SPDX-License-Identifier: MIT
// The rows of the picture, in time (not yet pixels): one per host thread that called CUDA or read
// a clock in the window, then one per stream that ran work there, each with its blocks.
#pragma once

#include "trace_model/trace.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace gpucheck::report::detail {

// Host kinds first, in api_kind's order, then GPU kinds: the legend follows this order.
enum class block_kind { launch, sync, copy, setup, other, kernel, memcpy, memset };

struct lane_block {
  trace::time_ns start_ns = 0;
  trace::time_ns end_ns = 0;
  block_kind kind = block_kind::other;
  std::string name;    // short: "sgemm_128x64_nn", "cudaDeviceSynchronize", "HtoD 64 MiB"
  std::string tooltip; // full name, times and size
  bool nested = false; // a call a library made on the program's behalf: drawn thin
  std::uint32_t correlation = 0;
};

struct lane {
  bool host = true;
  int tid = 0;                    // host lanes
  std::uint32_t stream_id = 0;    // stream lanes
  std::string title;              // "host: main thread", "stream 13 (non-blocking)"
  std::vector<lane_block> blocks; // sorted by start
};

struct lanes_in_window {
  std::vector<lane> host;
  std::vector<lane> streams;
};

// Lanes holding everything that overlaps [from_ns, to_ns]; threads in `extra_tids` and streams in
// `extra_stream_ids` get a lane even when empty (an interval's thread, an event's stream).
lanes_in_window build_lanes(const trace::run_trace& run, trace::time_ns from_ns,
                            trace::time_ns to_ns, const std::vector<int>& extra_tids,
                            const std::vector<std::uint32_t>& extra_stream_ids);

bool is_host_kind(block_kind kind);

} // namespace gpucheck::report::detail
