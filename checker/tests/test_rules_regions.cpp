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
  SUBCASE("timing the start-up alone, with no GPU work, is fine") {
    test::trace_builder b;
    b.clock(0, "A").api("cudaFree", 10 * us, 150 * ms);
    b.clock(151 * ms, "B");
    trace::run_trace t = b.build();
    t.resources.push_back({"context_created", 100 * ms, 1});
    CHECK(rules::run_rules(t).empty());
  }
}

namespace {

// A cuBLAS GEMM's calls, as the tracer records them: cuBLAS (libcublasLt) gets its kernel (the
// module loads there on first use), sets its attributes and launches it through the driver.
void cublas_gemm(test::trace_builder& b, trace::run_trace* resources_of, trace::time_ns at_ns,
                 trace::time_ns load_ns, trace::time_ns gpu_ns) {
  const std::string lib = "libcublasLt.so.13";
  b.api("cuLibraryGetKernel", at_ns, at_ns + load_ns).caller = lib;
  b.api("cuFuncSetAttribute", at_ns + load_ns + 10 * us, at_ns + load_ns + 20 * us).caller = lib;
  const trace::time_ns launch_ns = at_ns + load_ns + 30 * us;
  b.launch(launch_ns, launch_ns + 10 * us, launch_ns + 10 * us + gpu_ns);
  if (resources_of != nullptr)
    resources_of->resources.push_back({"module_loaded", at_ns + load_ns / 2, 1});
}

// The launch of the last call added (the builder's launch() names no kernel and no caller).
trace::api_call& last_launch(trace::run_trace& t) {
  for (auto call = t.api.rbegin(); call != t.api.rend(); ++call) {
    if (call->name == "cudaLaunchKernel")
      return *call;
  }
  FAIL("no launch");
  return t.api.front();
}

} // namespace

TEST_CASE("cold-start names a library's first call of the run inside the timing") {
  SUBCASE("cuBLAS: from its first call to its first launch, module loading included") {
    test::trace_builder b;
    // Creating the handle makes cuBLAS's first calls (allocations), but launches nothing.
    b.api("cublasCreate_v2", 0, 2 * ms).domain = trace::api_domain::library;
    b.api("cudaMalloc", 1 * ms, 1 * ms + 30 * us).caller = "libcublas.so.13";
    b.clock(3 * ms, "A");
    trace::run_trace resources;
    cublas_gemm(b, &resources, 3 * ms + 10 * us, 4 * ms, 1 * ms);
    b.device_sync(7 * ms + 50 * us, 8 * ms + 60 * us).clock(8 * ms + 70 * us, "B");
    trace::run_trace t = b.build();
    last_launch(t).caller = "libcublasLt.so.13";
    t.resources = resources.resources;
    const auto findings = rules::run_rules(t);
    REQUIRE(test::rule_ids(findings) == strings{"cold-start"});
    CHECK(findings[0].message.find("the first cuBLAS call of the run that launched work") !=
          std::string::npos);
    // Named once, as the library's first call, not again as a module load of its own.
    CHECK(findings[0].message.find("module loading") == std::string::npos);
    // From the first call (3.010 ms) to the end of the first launch (7.045 ms).
    CHECK(findings[0].effect_ns == 4035 * us);
  }
  SUBCASE("cuBLAS used before the timing is warm") {
    test::trace_builder b;
    trace::run_trace resources;
    cublas_gemm(b, &resources, 0, 4 * ms, 1 * ms);
    b.device_sync(5 * ms, 6 * ms);
    b.clock(7 * ms, "A");
    cublas_gemm(b, nullptr, 7 * ms + 10 * us, 20 * us, 1 * ms);
    b.device_sync(7 * ms + 70 * us, 8 * ms + 90 * us).clock(8 * ms + 100 * us, "B");
    trace::run_trace t = b.build();
    for (trace::api_call& call : t.api) {
      if (call.name == "cudaLaunchKernel")
        call.caller = "libcublasLt.so.13";
    }
    t.resources = resources.resources;
    CHECK(rules::run_rules(t).empty());
  }
  SUBCASE("thrust and CUB: a kernel's first launch loads it") {
    const std::string kernel =
        "void cub::CUB_300000_SM_900_NS::detail::reduce::DeviceReduceKernel<thrust::plus<int>>()";
    test::trace_builder b;
    b.clock(0, "A").launch(10 * us, 400 * us, 2400 * us);
    b.device_sync(410 * us, 2410 * us).clock(2420 * us, "B");
    trace::run_trace t = b.build();
    trace::api_call& launch = last_launch(t);
    launch.kernel = kernel;
    launch.end_ns = 390 * us; // the lazy load of the kernel, inside its launch
    const auto findings = rules::run_rules(t);
    REQUIRE(test::rule_ids(findings) == strings{"cold-start"});
    CHECK(findings[0].effect_ns == 380 * us);
    CHECK(findings[0].message.find("the first launch of the thrust/CUB kernel " + kernel) !=
          std::string::npos);
    SUBCASE("the same kernel launched before the timing is warm") {
      test::trace_builder warm;
      warm.launch(0, 10 * us, 14 * us).device_sync(300 * us, 310 * us);
      warm.clock(1 * ms, "A").launch(1 * ms + 10 * us, 1 * ms + 20 * us, 1 * ms + 24 * us);
      warm.device_sync(1 * ms + 30 * us, 1 * ms + 40 * us).clock(1 * ms + 50 * us, "B");
      trace::run_trace w = warm.build();
      for (trace::api_call& call : w.api) {
        if (call.name == "cudaLaunchKernel")
          call.kernel = kernel;
      }
      w.api.front().end_ns = 290 * us;
      for (const rules::finding& f : rules::run_rules(w))
        CHECK(f.rule != "cold-start");
    }
  }
  SUBCASE("NVRTC: compiling a kernel at run time inside the timing") {
    test::trace_builder b;
    b.clock(0, "A");
    b.api("nvrtcCompileProgram", 10 * us, 40 * ms).domain = trace::api_domain::library;
    b.launch(40 * ms + 10 * us, 40 * ms + 20 * us, 41 * ms);
    b.device_sync(40 * ms + 20 * us, 41 * ms + 10 * us).clock(41 * ms + 20 * us, "B");
    const auto findings = rules::run_rules(b.build());
    REQUIRE(test::rule_ids(findings) == strings{"cold-start"});
    CHECK(findings[0].message.find("run-time compilation (nvrtcCompileProgram)") !=
          std::string::npos);
    CHECK(findings[0].effect_ns == 40 * ms - 10 * us);
  }
}

TEST_CASE("setup-in-region fires on allocation and freeing inside the timing, not on copies") {
  const auto findings = rules::run_rules(test::synthetic_trace("setup_in_region_malloc"));
  REQUIRE(test::rule_ids(findings) == strings{"setup-in-region"});
  const rules::finding& f = findings[0];
  CHECK(f.effect_ns == 1600 * us);
  CHECK(f.message == "the interval includes 1.600 ms of one-time setup (cudaFree, cudaMalloc), 43% "
                     "of what you measured (3.710 ms)");
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
