// SPDX-License-Identifier: MIT
// The fusion lesson's number check shows the rules one call of fused_gbps, the first of its
// program: the fused kernel is loaded at its first launch, inside that call. A correct call loads
// it in its warm-up, before the start event, and must get no finding; a call without a warm-up
// times the load, and gets cold-start. The number is NaN (a bandwidth is no interval's time).
#include "test_rules_support.hpp"

#include "rules/run_rules.hpp"

#include <doctest/doctest.h>

#include <limits>

using namespace gpucheck;
using test::ms;
using test::us;

namespace {

constexpr std::uint32_t stream_id = 9; // the checker's non-blocking stream
constexpr trace::handle stream = 0x99;

rules::rule_options first_call(trace::time_ns begin_ns, trace::time_ns end_ns) {
  rules::rule_options options;
  options.mode = rules::rule_options::context::lesson;
  options.window =
      rules::call_window{begin_ns, end_ns, 1, std::numeric_limits<double>::quiet_NaN(), 0.13};
  return options;
}

// A launch of the fused kernel at `call_ns` whose call lasts `call_us` (a first launch loads the
// kernel inside it), running 0.13 ms on the GPU once the call returned.
void fused_launch(test::trace_builder& b, trace::time_ns call_ns, trace::time_ns call_us) {
  trace::api_call& call = b.api("cudaLaunchKernel", call_ns, call_ns + call_us * us);
  call.stream = stream;
  call.stream_id = stream_id;
  call.kernel = "fused_kernel";
  call.site = "exercise+0x40";
  trace::gpu_activity& work =
      b.activity(call_ns + call_us * us + 5 * us, call_ns + call_us * us + 135 * us,
                 call.correlation, stream_id);
  work.name = "fused_kernel";
}

void record(test::trace_builder& b, trace::time_ns at_ns, trace::handle event, std::string site) {
  trace::api_call& call = b.api("cudaEventRecord", at_ns, at_ns + 2 * us);
  call.event = event;
  call.stream = stream;
  call.stream_id = stream_id;
  call.site = std::move(site);
}

// One call of fused_gbps, the program's first launch of the fused kernel: with a warm-up run (the
// reference) or without.
trace::run_trace first_fused_gbps_call(bool warm_up) {
  test::trace_builder b;
  b.clock(1 * ms, "check+0x10"); // call_timed's start
  b.api("cudaEventCreate", 1 * ms + 5 * us, 1 * ms + 8 * us);
  b.api("cudaEventCreate", 1 * ms + 10 * us, 1 * ms + 13 * us);
  trace::time_ns at = 1 * ms + 20 * us;
  trace::time_ns load_ns = 0;
  if (warm_up) {
    fused_launch(b, at, 60); // the kernel is loaded here, outside the events
    load_ns = at + 30 * us;
    at += 70 * us;
  }
  record(b, at, 0xa, "exercise+0x50");
  if (!warm_up)
    load_ns = at + 30 * us;
  fused_launch(b, at + 5 * us, warm_up ? 5 : 60);
  record(b, at + 70 * us, 0xb, "exercise+0x60");
  trace::api_call& sync = b.api("cudaEventSynchronize", at + 75 * us, at + 400 * us);
  sync.event = 0xb;
  trace::api_call& elapsed = b.api("cudaEventElapsedTime", at + 401 * us, at + 402 * us);
  elapsed.event = 0xa;
  elapsed.event_end = 0xb;
  elapsed.elapsed_ms = warm_up ? 0.132 : 0.19;
  b.api("cudaEventDestroy", at + 403 * us, at + 404 * us);
  b.api("cudaEventDestroy", at + 405 * us, at + 406 * us);
  b.clock(at + 410 * us, "check+0x20"); // call_timed's stop
  trace::run_trace t = b.build();
  trace::resource_event loaded;
  loaded.what = "module_loaded";
  loaded.t_ns = load_ns;
  loaded.tid = 1;
  t.resources.push_back(loaded);
  return t;
}

} // namespace

TEST_CASE("a first call's window: a first call that warmed up before its events gets no finding") {
  const trace::run_trace t = first_fused_gbps_call(true);
  const trace::time_ns end = t.clocks.back().t_ns;
  CHECK(test::rule_ids(rules::run_rules(t, first_call(1 * ms, end))).empty());
}

TEST_CASE(
    "a first call's window: a first call that timed the kernel's first launch gets cold-start") {
  const trace::run_trace t = first_fused_gbps_call(false);
  const trace::time_ns end = t.clocks.back().t_ns;
  const auto findings = rules::run_rules(t, first_call(1 * ms, end));
  REQUIRE_FALSE(findings.empty());
  CHECK(findings[0].rule == "cold-start");
}
