// SPDX-License-Identifier: MIT
// Golden files for the check-report renderers (fixtures/golden/check_*), and the reports they
// render: one failing run, one that crashed, one without a GPU. After an intended change:
//     GPUCHECK_UPDATE_GOLDEN=1 build/tests/unit_report
//         --source-file="*test_report_junit*,*test_report_gradescope*"   (one command line)
#pragma once

#include "core/check_report.hpp"
#include "golden_file.hpp"

#include <doctest/doctest.h>
#include <string>

namespace golden {

inline gpucheck::check_report failing_report() {
  gpucheck::check_report report;
  report.lesson_folder = "44-two-clocks";
  report.lesson_title = "Two clocks";
  report.exercise_file = "lessons/44-two-clocks/exercise.cu";
  report.verdict = gpucheck::exit_code::wrong;
  report.headline = "1 of 2 checks failed.";
  report.device = "NVIDIA H200";
  report.seed = "12345";
  report.build_seconds = 1.5;
  report.run_seconds = 0.75;
  gpucheck::check_item failed;
  failed.name = "time_with_device_sync returns the time of the work alone";
  failed.expected = "2.134 ms (the work alone, within 0.107 ms)";
  failed.measured = "22.410 ms (0 of 5 trials accurate)";
  failed.message = "your number includes 20.276 ms of other work & <queued> \"before\"";
  failed.hint = "call cudaDeviceSynchronize() before the first clock read";
  failed.rule = "stale-queue";
  failed.lesson_section = "lessons/44-two-clocks/lesson.md#why-method-1-waits-for-earlier-work";
  gpucheck::check_item passed;
  passed.name = "time_with_events returns the time of the work alone";
  passed.passed = true;
  report.checks = {failed, passed};
  return report;
}

inline gpucheck::check_report crashed_report() {
  gpucheck::check_report report;
  report.lesson_folder = "92-crashes";
  report.lesson_title = "crashes";
  report.verdict = gpucheck::exit_code::crashed;
  report.headline = "Your code crashed: SIGSEGV (segmentation fault: a bad pointer on the host).";
  report.program_output_tail = "[doctest] run with \"--help\" for options\n";
  report.build_seconds = 2.0;
  return report;
}

inline gpucheck::check_report no_device_report() {
  gpucheck::check_report report;
  report.lesson_folder = "44-two-clocks";
  report.lesson_title = "Two clocks";
  report.verdict = gpucheck::exit_code::no_device;
  report.headline = "Built. The GPU checks need an NVIDIA GPU, and this machine has none.";
  return report;
}

} // namespace golden
