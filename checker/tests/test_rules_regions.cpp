// SPDX-License-Identifier: MIT
// The rules about what a timed region contains: cold-start, setup-in-region, below-resolution.
#include "test_rules_support.hpp"

#include "rules/run_rules.hpp"

#include <doctest/doctest.h>

using namespace gpucheck;
using test::ms;
using test::us;
using strings = std::vector<std::string>;

TEST_CASE("cold-start fires when the timing includes context creation and module loading") {
  const auto findings = rules::run_rules(test::synthetic_trace("cold_start_first_launch"));
  REQUIRE(test::rule_ids(findings) == strings{"cold-start"});
  const rules::finding& f = findings[0];
  CHECK(f.level == rules::severity::warning);
  CHECK(f.effect_ns == 150800 * us);
  CHECK(f.message == "the interval includes 150.800 ms of one-time start-up (context creation in "
                     "cudaMalloc, module loading in cudaLaunchKernel), 99% of what you measured "
                     "(151.910 ms)");
  CHECK(f.lesson.rfind("lessons/01-warmup/lesson.md#", 0) == 0);
  SUBCASE("timing the start-up alone, with no GPU work, is fine") {
    test::trace_builder b;
    b.clock(0, "A").api("cudaFree", 10 * us, 150 * ms);
    b.clock(151 * ms, "B");
    trace::run_trace t = b.build();
    t.resources.push_back({"context_created", 100 * ms, 1});
    CHECK(rules::run_rules(t).empty());
  }
}

TEST_CASE("setup-in-region fires on allocation and freeing inside the timing, not on copies") {
  const auto findings = rules::run_rules(test::synthetic_trace("setup_in_region_malloc"));
  REQUIRE(test::rule_ids(findings) == strings{"setup-in-region"});
  const rules::finding& f = findings[0];
  CHECK(f.effect_ns == 1600 * us);
  CHECK(f.message == "the interval includes 1.600 ms of one-time setup (cudaFree, cudaMalloc), 43% "
                     "of what you measured (3.710 ms)");
  CHECK(f.lesson.rfind("lessons/01-warmup/lesson.md#", 0) == 0);
  SUBCASE("setup hidden behind GPU work that ran meanwhile did not change the number") {
    test::trace_builder b;
    b.clock(0, "A").launch(5 * us, 10 * us, 20 * ms);
    b.api("cudaMalloc", 20 * us, 2 * ms);
    b.device_sync(2 * ms, 20 * ms + 5 * us).clock(20 * ms + 10 * us, "B");
    CHECK(rules::run_rules(b.build()).empty());
  }
}

TEST_CASE("below-resolution fires on one sample of work shorter than 10 us") {
  const auto findings =
      rules::run_rules(test::synthetic_trace("below_resolution_single_tiny_kernel"));
  REQUIRE(test::rule_ids(findings) == strings{"below-resolution"});
  const rules::finding& f = findings[0];
  CHECK(f.truth_ns == 4200);
  CHECK(f.effect_ns == 14300);
  CHECK(f.message == "the work you timed ran 4.2 us on the GPU, less than one timing resolves "
                     "(about 10.0 us); you measured 18.5 us");
  SUBCASE("many repetitions in one interval are fine") {
    test::trace_builder b;
    b.clock(0, "A");
    for (int i = 0; i < 100; ++i)
      b.launch(i * 6 * us, 10 * us + i * 5 * us, 14 * us + i * 5 * us);
    b.device_sync(600 * us, 606 * us).clock(607 * us, "B");
    CHECK(rules::run_rules(b.build()).empty());
  }
  SUBCASE("the threshold is an option") {
    rules::rule_options options;
    options.resolution_ns = 4 * us;
    CHECK(rules::run_rules(test::synthetic_trace("below_resolution_single_tiny_kernel"), options)
              .empty());
  }
}
