// SPDX-License-Identifier: MIT
// A cause a check's words assume ("pageable-copies"), held against where the trace says the call's
// copies lived: confirmed by pageable copies, replaced by what the trace shows otherwise.
#include "analysis/assumed_cause.hpp"
#include "test_rules_support.hpp"

#include <doctest/doctest.h>

using namespace gpucheck;
using test::ms;
using test::us;

namespace {

// `count` copies of `bytes` each, half each way, with the host side in `memory`, made by the
// student's call in [1 ms, 1 ms + call_ms] on `streams` streams; each copy runs `copy_us` on the
// GPU.
trace::run_trace copies(int count, std::uint64_t bytes, const char* memory, int streams,
                        trace::time_ns copy_us, trace::time_ns call_ms = 10) {
  test::trace_builder b;
  trace::run_trace t = b.build();
  const trace::time_ns step = call_ms * ms / (count + 1);
  for (int i = 0; i < count; ++i) {
    trace::api_call call;
    call.name = "cudaMemcpyAsync";
    call.start_ns = 1 * ms + i * step;
    call.end_ns = call.start_ns + 3 * us;
    call.tid = 1;
    call.correlation = 100 + i;
    call.caller = "program";
    t.api.push_back(call);
    trace::gpu_activity copy;
    copy.kind = trace::activity_kind::memcpy;
    copy.start_ns = call.start_ns + 5 * us;
    copy.end_ns = copy.start_ns + copy_us * us;
    copy.stream_id = 13 + i % streams;
    copy.correlation = call.correlation;
    copy.bytes = bytes;
    const bool to_device = i % 2 == 0;
    copy.copy_kind = to_device ? "HtoD" : "DtoH";
    (to_device ? copy.src_memory : copy.dst_memory) = memory;
    (to_device ? copy.dst_memory : copy.src_memory) = "device";
    t.activity.push_back(copy);
  }
  trace::sort_by_time(t);
  return t;
}

check_item pageable_blamed() {
  check_item item;
  item.passed = false;
  item.message = "your round trip took 40 ms: hardly faster than pageable memory";
  item.hint = "Allocate the host buffers with cudaMallocHost (pinned).";
  item.why_from = "numbers";
  item.assumes = "pageable-copies";
  return item;
}

const rules::call_window window{1 * ms, 11 * ms, 1, 0, 0};

} // namespace

TEST_CASE("pageable copies confirm the check's words") {
  check_item item = pageable_blamed();
  analysis::test_assumed_cause(item, copies(8, 1 << 20, "pageable", 2, 400), window);
  CHECK(item.message == pageable_blamed().message);
  CHECK(item.why_from == "numbers");
}

TEST_CASE("pinned copies replace the words with what the trace shows") {
  SUBCASE("many small copies: the time went between them") {
    check_item item = pageable_blamed();
    analysis::test_assumed_cause(item, copies(1000, 4096, "pinned", 4, 2), window);
    CHECK(item.why_from == "trace");
    CHECK(item.message.find("all 1000 of your copies used pinned host memory") !=
          std::string::npos);
    CHECK(item.message.find("copies of 4.0 KiB (median) on 4 stream(s)") != std::string::npos);
    CHECK(item.hint.find("between copies") != std::string::npos);
  }
  SUBCASE("large copies on one stream: the engines were busy, nothing overlapped") {
    check_item item = pageable_blamed();
    analysis::test_assumed_cause(item, copies(8, 8 << 20, "pinned", 1, 1100), window);
    CHECK(item.why_from == "trace");
    CHECK(item.hint.find("one stream") != std::string::npos);
  }
  SUBCASE("large copies on several streams: the trace does not say why") {
    check_item item = pageable_blamed();
    analysis::test_assumed_cause(item, copies(8, 8 << 20, "pinned", 3, 1100), window);
    CHECK(item.hint.find("does not show why") != std::string::npos);
  }
}

TEST_CASE("managed memory is named as managed, not pageable") {
  check_item item = pageable_blamed();
  analysis::test_assumed_cause(item, copies(8, 1 << 20, "managed", 2, 400), window);
  CHECK(item.why_from == "trace");
  CHECK(item.message.find("used managed memory (cudaMallocManaged)") != std::string::npos);
}

TEST_CASE("nothing to hold the words against leaves them as they are") {
  SUBCASE("a trace written before memory kinds were recorded") {
    check_item item = pageable_blamed();
    analysis::test_assumed_cause(item, copies(8, 1 << 20, "", 2, 400), window);
    CHECK(item.why_from == "numbers");
  }
  SUBCASE("copies outside the call's window") {
    check_item item = pageable_blamed();
    analysis::test_assumed_cause(item, copies(8, 1 << 20, "pinned", 2, 400),
                                 rules::call_window{20 * ms, 30 * ms, 1, 0, 0});
    CHECK(item.why_from == "numbers");
  }
  SUBCASE("words that assume nothing") {
    check_item item = pageable_blamed();
    item.assumes.clear();
    analysis::test_assumed_cause(item, copies(8, 1 << 20, "pinned", 2, 400), window);
    CHECK(item.message == pageable_blamed().message);
  }
}
