// SPDX-License-Identifier: MIT
// main() of every lesson's check program. Runs the doctest checks; where no CUDA device can be
// used, runs only the checks that need none and exits 77 (CTest's and gpucheck's "skipped").
//
// The results channel is taken by a constructor that runs before the program's ordinary static
// initializers (the student's included): gpucheck hands it two descriptors
// (core/channel_descriptors.hpp), the results file and a pipe holding the run's secret token. The
// constructor keeps the first (closed on exec, so no program the student starts inherits it),
// drains and closes the second, derives the signing keys from the token and wipes its bytes: the
// token is in no environment, file or descriptor that the student's code, or another process,
// could read. The summary key stays in this file alone. In a fresh process (fresh_process.hpp) it
// also takes the key that signs the line ending the values sent back.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "checkapi/device_probe.hpp"
#include "checkapi/fresh_process.hpp"
#include "checkapi/results_channel.hpp"
#include "checkapi/say.hpp"
#include "checkapi/test_case_counter.hpp"
#include "checkapi/timing_noise.hpp"
#include "checkapi/timing_trials.hpp"
#include "core/channel_descriptors.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string_view>
#include <unistd.h>

namespace {

constexpr int exit_no_device = 77;

gpucheck::hash_key summary_key;    // constant-initialized: set by the constructor below
gpucheck::hash_key fresh_done_key; // the same, in a fresh process (fresh_process.hpp)

// The descriptor number in `variable`, when gpucheck set it to the one it hands over.
bool handed_over(const char* variable, int descriptor) {
  const char* value = std::getenv(variable);
  return value != nullptr && std::atoi(value) == descriptor && fcntl(descriptor, F_GETFD) != -1;
}

__attribute__((constructor(101))) void take_results_channel() {
  using gpucheck::results_channel_fd;
  using gpucheck::token_channel_fd;
  if (handed_over(gpucheck::results_fd_variable, results_channel_fd) &&
      handed_over(gpucheck::token_fd_variable, token_channel_fd)) {
    char token[129] = {};
    std::size_t length = 0;
    ssize_t count = 0;
    while (length < sizeof token - 1 &&
           (count = read(token_channel_fd, token + length, sizeof token - 1 - length)) > 0) {
      length += static_cast<std::size_t>(count);
    }
    close(token_channel_fd);
    fcntl(results_channel_fd, F_SETFD, FD_CLOEXEC);
    if (length > 0) {
      gpucheck::detail::open_results_channel(results_channel_fd,
                                             gpucheck::derive_key(token, "lines"));
      summary_key = gpucheck::derive_key(token, "summary");
    } else {
      std::fprintf(stderr, "gpucheck: the results channel's token did not arrive\n");
    }
    std::memset(token, 0, sizeof token);
  }
  unsetenv(gpucheck::results_fd_variable);
  unsetenv(gpucheck::token_fd_variable);
  fresh_done_key = gpucheck::detail::take_fresh_done_key(); // in a fresh process only
}

// The shown calls carry their test case's place in the run (test_case_counter.hpp).
REGISTER_LISTENER("gpucheck-test-case-counter", 1, gpucheck::detail::test_case_counter);

long microseconds(double milliseconds) {
  return static_cast<long>(milliseconds * 1000.0 + 0.5);
}

// The largest timing noise measured in this run: at the start, and again after each check that
// failed twice in a way noise could explain (timing_trials.hpp, judge_twice). A burst of host or
// GPU noise that began after the start and spoiled both rounds of a check shows there: on an H100,
// a correct host-clock timing was 52.9 us over in 2 of 5 trials of each round, where the noise
// measured at the start was under the checks' 50 us.
gpucheck::timing_noise largest_noise;

void measure_noise_again() {
  const gpucheck::timing_noise now = gpucheck::measure_noise_now();
  if (!now.measured)
    return;
  largest_noise.measured = true;
  largest_noise.host_jitter_ms = std::max(largest_noise.host_jitter_ms, now.host_jitter_ms);
  largest_noise.event_jitter_ms = std::max(largest_noise.event_jitter_ms, now.event_jitter_ms);
}

} // namespace

int main(int argc, char** argv) {
  gpucheck::detail::choose_language_from_environment();
  // A fresh process (fresh_process.hpp) is a start that its test case may measure from its first
  // CUDA call on (the driver's start-up, the context's creation): it probes nothing and measures
  // no noise, since either would start CUDA first. The process that started it found the device
  // usable.
  const bool fresh = !gpucheck::fresh_process_task().empty();
  gpucheck::device_status device;
  if (fresh) {
    device.usable = true;
  } else {
    device = gpucheck::probe_device();
  }
  doctest::Context context;
  context.applyCommandLine(argc, argv);
  gpucheck::detail::summary_fields summary;
  summary.gpu_used = device.usable;
  summary.device_name = device.name;
  summary.skip_reason = device.reason;
  // gpucheck lists the GPU checks a run without a GPU skipped (--list-test-cases --test-suite=gpu,
  // core/gpu_checks_not_run.cpp): a listing runs nothing, so it leaves them in.
  const bool listing = std::any_of(argv + 1, argv + argc, [](const char* argument) {
    return std::string_view(argument) == "--list-test-cases" ||
           std::string_view(argument) == "-ltc";
  });
  if (!device.usable && !listing) {
    context.addFilter("test-suite-exclude", "gpu");
    std::printf("%s\n",
                gpucheck::say("check.api.console.no-device", {{"reason", device.reason}}).c_str());
  } else if (!fresh) {
    largest_noise = gpucheck::measured_noise();
    gpucheck::on_second_round_failed(measure_noise_again);
  }
  const int failed = context.run();
  if (context.shouldExit()) {
    return failed;
  }
  if (largest_noise.measured) {
    summary.noise_host_us = microseconds(largest_noise.host_jitter_ms);
    summary.noise_event_us = microseconds(largest_noise.event_jitter_ms);
  }
  if (!gpucheck::fresh_process_task().empty()) {
    gpucheck::detail::write_fresh_done(fresh_done_key);
  }
  gpucheck::detail::write_summary(summary, summary_key);
  if (failed != 0) {
    return 1;
  }
  return device.usable ? 0 : exit_no_device;
}
