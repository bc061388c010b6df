// SPDX-License-Identifier: MIT
#include "core/gpu_conditions.hpp"
#include "core/noise_judgement.hpp"
#include "core/run_diagnosis.hpp"

#include <doctest/doctest.h>

namespace {

gpucheck::check_report timing_fail() {
  gpucheck::check_report report;
  report.verdict = gpucheck::exit_code::wrong;
  report.headline = "1 of 2 checks failed.";
  gpucheck::check_item failed;
  failed.name = "time_with_events returns the time of the work alone";
  failed.rule = "event-stream-mismatch";
  failed.noise_could_explain = true; // every wrong time was too long
  gpucheck::check_item passed;
  passed.passed = true;
  report.checks = {failed, passed};
  return report;
}

gpucheck::gpu_conditions busy_gpu() {
  gpucheck::gpu_conditions conditions;
  conditions.known = true;
  conditions.other_processes = 1;
  conditions.utilization_percent = 97;
  return conditions;
}

} // namespace

TEST_CASE("a timing fail on a disturbed GPU is inconclusive, with the reasons") {
  SUBCASE("another process on the GPU") {
    gpucheck::check_report report = timing_fail();
    gpucheck::noise_evidence evidence;
    evidence.after = busy_gpu();
    gpucheck::apply_noise_judgement(report, evidence);
    CHECK(report.verdict == gpucheck::exit_code::inconclusive);
    REQUIRE(report.noise_reasons.size() == 1);
    CHECK(report.noise_reasons[0].find("1 other process(es)") == 0);
    CHECK(report.headline.find("inconclusive, re-run") != std::string::npos);
  }
  SUBCASE("timing jitter above the checks' tolerance") {
    gpucheck::check_report report = timing_fail();
    gpucheck::noise_evidence evidence;
    evidence.noise_event_us = 35;
    gpucheck::apply_noise_judgement(report, evidence);
    CHECK(report.verdict == gpucheck::exit_code::inconclusive);
  }
  SUBCASE("clocks held down by heat") {
    gpucheck::check_report report = timing_fail();
    gpucheck::noise_evidence evidence;
    evidence.before = gpucheck::gpu_conditions{};
    evidence.before->known = true;
    evidence.before->slowdowns = gpucheck::describe_slowdowns(0x40 | 0x1 | 0x2);
    gpucheck::apply_noise_judgement(report, evidence);
    CHECK(report.verdict == gpucheck::exit_code::inconclusive);
    CHECK(report.noise_reasons ==
          std::vector<std::string>{"the GPU's clocks were held down before the checks "
                                   "(hardware thermal slowdown)"});
  }
}

TEST_CASE("noise never turns a pass or a wrong result into anything else") {
  gpucheck::noise_evidence evidence;
  evidence.before = busy_gpu();
  SUBCASE("a pass stays a pass") {
    gpucheck::check_report report;
    report.verdict = gpucheck::exit_code::pass;
    gpucheck::apply_noise_judgement(report, evidence);
    CHECK(report.verdict == gpucheck::exit_code::pass);
    CHECK_FALSE(report.noise_reasons.empty());
  }
  SUBCASE("a failed result check (no timing rule) stays a fail") {
    gpucheck::check_report report = timing_fail();
    report.checks[1].passed = false; // a wrong result: no rule
    gpucheck::apply_noise_judgement(report, evidence);
    CHECK(report.verdict == gpucheck::exit_code::wrong);
  }
  SUBCASE("a quiet GPU changes nothing") {
    gpucheck::check_report report = timing_fail();
    gpucheck::noise_evidence quiet;
    quiet.before = gpucheck::gpu_conditions{};
    quiet.before->known = true;
    quiet.before->slowdowns = gpucheck::describe_slowdowns(0x1 | 0x2 | 0x10 | 0x100);
    quiet.noise_host_us = 12;
    quiet.noise_event_us = 3;
    gpucheck::apply_noise_judgement(report, quiet);
    CHECK(report.verdict == gpucheck::exit_code::wrong);
    CHECK(report.noise_reasons.empty());
  }
}

TEST_CASE("NVML absent is an answer, not an error") {
  // This test machine may have no driver: then the conditions are unknown, with the reason.
  const auto conditions = gpucheck::read_gpu_conditions("0", {});
  if (!conditions.known) {
    CHECK_FALSE(conditions.unknown_reason.empty());
  }
}

TEST_CASE("a CUDA error in the output is named, an illegal address is recognised") {
  const auto error = gpucheck::find_cuda_error(
      "exercise.cu:19: CUDA error cudaErrorIllegalAddress (an illegal memory access was "
      "encountered)\n    in: cudaDeviceSynchronize()\n");
  REQUIRE(error.has_value());
  CHECK(error->name == "cudaErrorIllegalAddress");
  CHECK(error->description == "an illegal memory access was encountered");
  CHECK(error->illegal_address);
  const auto text_only =
      gpucheck::find_cuda_error("CUDA: an illegal memory access was encountered");
  REQUIRE(text_only.has_value());
  CHECK(text_only->illegal_address);
  const auto other = gpucheck::find_cuda_error(
      "x.cu:3: CUDA error cudaErrorNoDevice (no CUDA-capable device is detected)");
  REQUIRE(other.has_value());
  CHECK_FALSE(other->illegal_address);
  CHECK_FALSE(gpucheck::find_cuda_error("all fine\n").has_value());
}

TEST_CASE("the out-of-bounds write as an H200 reported it is an address error too") {
  // Recorded on an NVIDIA H200 (CUDA 13.0, driver 580) from fixture lesson 97.
  const auto error = gpucheck::find_cuda_error(
      "exercise.cu:19: CUDA error cudaErrorInvalidAddressSpace (operation not supported on "
      "global/shared address space)\n    in: cudaDeviceSynchronize()\n");
  REQUIRE(error.has_value());
  CHECK(error->name == "cudaErrorInvalidAddressSpace");
  CHECK(error->illegal_address);
  const auto other = gpucheck::find_cuda_error("x.cu:3: CUDA error cudaErrorInvalidValue (invalid "
                                               "argument)\n");
  REQUIRE(other.has_value());
  CHECK_FALSE(other->illegal_address);
}

TEST_CASE("a failure that noise cannot explain stays a fail on a disturbed GPU") {
  gpucheck::noise_evidence evidence;
  evidence.after = busy_gpu();
  SUBCASE("a time too short: contention only lengthens times") {
    gpucheck::check_report report = timing_fail();
    report.checks[0].noise_could_explain = false;
    gpucheck::apply_noise_judgement(report, evidence);
    CHECK(report.verdict == gpucheck::exit_code::wrong);
    CHECK(report.headline == "1 of 2 checks failed.");
    CHECK(report.noise_reasons.size() == 1); // still shown, for the record
    CHECK(report.advice.find("never makes a time shorter") != std::string::npos);
  }
  SUBCASE("one failure noise could explain, one it could not") {
    gpucheck::check_report report = timing_fail();
    gpucheck::check_item too_short = report.checks[0];
    too_short.noise_could_explain = false;
    report.checks.push_back(too_short);
    gpucheck::apply_noise_judgement(report, evidence);
    CHECK(report.verdict == gpucheck::exit_code::wrong);
  }
  SUBCASE("times only too long: inconclusive") {
    gpucheck::check_report report = timing_fail();
    gpucheck::apply_noise_judgement(report, evidence);
    CHECK(report.verdict == gpucheck::exit_code::inconclusive);
  }
}

TEST_CASE("an exception that left a check is found, with its message") {
  const std::string output = "[pass] first check\n"
                             "===\n"
                             "check.cu:161:\n"
                             "TEST CASE:  time_with_device_sync times the work alone\n\n"
                             "check.cu:161: ERROR: test case THREW exception: ray gave up\n"
                             "===\n";
  CHECK(gpucheck::find_uncaught_exception(output) == std::optional<std::string>("ray gave up"));
  // Thrown inside CHECK(...), as a lesson's checks call the student's function (doctest 2.4).
  CHECK(gpucheck::find_uncaught_exception(
            "check.cu:187: ERROR: CHECK( gpucheck::report(judge(...)) ) THREW exception: "
            "\"ray gave up on method 1\"\n") ==
        std::optional<std::string>("ray gave up on method 1"));
  CHECK_FALSE(gpucheck::find_uncaught_exception("[FAIL] a check\n").has_value());
}

TEST_CASE("a check decides whether noise could explain it, with or without a rule") {
  gpucheck::noise_evidence evidence;
  evidence.after = busy_gpu();
  SUBCASE("a timing check too long, its cause not named: inconclusive") {
    gpucheck::check_report report = timing_fail();
    report.checks[0].rule.clear();
    gpucheck::apply_noise_judgement(report, evidence);
    CHECK(report.verdict == gpucheck::exit_code::inconclusive);
  }
  SUBCASE("a check that says nothing about noise: the failure stands") {
    gpucheck::check_report report = timing_fail();
    report.checks[0] = gpucheck::check_item{};
    report.checks[0].name = "the result is right";
    gpucheck::apply_noise_judgement(report, evidence);
    CHECK(report.verdict == gpucheck::exit_code::wrong);
  }
}

TEST_CASE("an exception that left the code is no noise, beside checks that noise could explain") {
  gpucheck::noise_evidence evidence;
  evidence.after = busy_gpu();
  gpucheck::check_report report = timing_fail(); // too long only: alone, it would be inconclusive
  report.uncaught_exception = "ray gave up on method 1";
  gpucheck::apply_noise_judgement(report, evidence);
  CHECK(report.verdict == gpucheck::exit_code::wrong);
  CHECK_FALSE(report.noise_reasons.empty()); // the disturbance is still reported

  gpucheck::check_report inconclusive = timing_fail();
  inconclusive.verdict = gpucheck::exit_code::inconclusive;
  inconclusive.uncaught_exception = "ray gave up on method 2";
  gpucheck::revise_noise_judgement(inconclusive);
  CHECK(inconclusive.verdict == gpucheck::exit_code::wrong);
}
