// SPDX-License-Identifier: MIT
// A cause that a check's words assume, held against the trace of the call they explain. A check
// judges numbers; where its why names a cause that the numbers cannot show (a transfer check:
// "hardly faster than pageable memory, allocate pinned buffers"), it says so
// (check_outcome::assumes), and the trace, which records where each copy's memory lives, confirms
// it or replaces it with what the trace shows (docs/ARCHITECTURE.md, "Which why wins").
#pragma once

#include "core/check_report.hpp"
#include "rules/finding.hpp"
#include "trace_model/trace.hpp"

namespace gpucheck::analysis {

// What the trace shows of the host copies that the call in `window` made.
struct host_copy_facts {
  int copies = 0;
  int pageable = 0; // copies whose host side is pageable memory
  int pinned = 0;
  int managed = 0;
  int unknown = 0; // a trace that does not say (written before memory kinds were recorded)
  std::uint64_t bytes = 0;
  std::uint64_t median_bytes = 0;
  int streams = 0;                    // distinct streams the copies ran on
  trace::time_ns engines_busy_ns = 0; // the union of the copies' GPU time
};

host_copy_facts host_copies_in(const trace::run_trace& trace, const rules::call_window& window);

// For a failed check whose why the trace did not give (why_from "numbers") and that assumes
// "pageable-copies": where the call's host copies were all pinned or partly managed, the why
// becomes what the trace shows (why_from "trace"); otherwise the check's words stand.
void test_assumed_cause(check_item& item, const trace::run_trace& trace,
                        const rules::call_window& window);

} // namespace gpucheck::analysis
