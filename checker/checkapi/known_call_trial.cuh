// SPDX-License-Identifier: MIT
/// @file known_call_trial.cuh
/// @brief One trial of a student's timing function on a call that the checker times from inside:
/// until the call returned, or until the GPU finished its work.
///
/// The work handed to the student's function is the checker's own: it reads the host clock when
/// it is called, runs `host_part` (a library call, cold or warm; or nothing), reads the clock
/// again, queues a kernel of known duration (known_duration_work) and reads the clock once more
/// before it returns. The student's two clock reads bracket that call, so:
///  - until the call returned (call_end::returned), the truth is the call's own span, from its
///    first read to its last;
///  - until the GPU finished (call_end::finished), the truth is at least the span up to the
///    kernel's launch plus the kernel's duration by its own clock (the kernel cannot start before
///    it is launched); `host_part`'s own GPU work, queued before it, only adds to that.
/// A busy GPU or host cannot make a correct number shorter than either truth (own_clock = true),
/// so a number too short fails on any GPU.
///
/// A trial here names no call for the trace (timing_trial::call keeps its numbers for
/// number_slip.hpp, but no window), for two reasons. The checker's own clock reads fall inside the
/// student's interval, where the trace's rules would take them for the student's and split the
/// interval at them. And a correct interval until the call returned stops the clock while the GPU
/// still runs the work, which the rules call unsynced-stop (an error): a failure that noise caused
/// would be named as a mistake and no longer excused. A failure is explained by its numbers.
/// @code
/// const auto trial = gpucheck::time_known_call(spin, 2.0, nullptr, gpucheck::call_end::finished,
///                                              {0.05, 0.05}, [&](const gpu_work& work) {
///                                                return time_call(work, stream);
///                                              });
/// @endcode
#pragma once

#include "checkapi/cpu_clock_watch.hpp"
#include "checkapi/known_duration_work.cuh"
#include "checkapi/number_slip.hpp"
#include "checkapi/say.hpp"
#include "checkapi/timing_trials.hpp"
#include "checkapi/untraced_clock.hpp"

#include <chrono>
#include <cuda_runtime.h>
#include <functional>

namespace gpucheck {

/// Where the student's function is meant to stop its clock.
enum class call_end {
  returned, ///< when the call of the work returned (its host part)
  finished, ///< when the GPU had finished the work the call queued
};

/// Calls `time_it(work)` once, where `work(stream)` runs `host_part(stream)` (when not empty) and
/// then queues `kernel` for `duration_ms`, and judges the number against the truth for `end`.
/// Records how often the function ran the work, and whether it read clock().
template <typename TimeIt>
timing_trial time_known_call(known_duration_work& kernel, double duration_ms,
                             const std::function<void(cudaStream_t)>& host_part, call_end end,
                             time_tolerance tolerance, TimeIt&& time_it) {
  using host_clock = untraced_clock; // read inside the student's call: kept out of the trace
  host_clock::time_point called;     // the last run's: entered
  host_clock::time_point launching;  // just before its kernel's launch
  host_clock::time_point returned;   // just before it returned
  const std::function<void(cudaStream_t)> work = [&](cudaStream_t stream) {
    called = host_clock::now();
    if (host_part) {
      host_part(stream);
    }
    launching = host_clock::now();
    kernel.enqueue(stream, duration_ms);
    returned = host_clock::now();
  };
  timing_trial trial;
  trial.tolerance = tolerance;
  trial.own_clock = true;
  const auto clock_reads_before = cpu_clock_reads();
  const int runs_before = kernel.runs();
  trial.call = call_timed([&] { return time_it(work); });
  trial.read_cpu_clock = cpu_clock_read_since(clock_reads_before);
  trial.work_runs = kernel.runs() - runs_before;
  const auto ms = [](host_clock::duration span) {
    return std::chrono::duration<double, std::milli>(span).count();
  };
  // Work that never ran is judged against the time it was meant to run (it must not pass).
  const double kernel_ms = kernel.true_ms_since(runs_before, duration_ms);
  const bool ran = trial.work_runs > 0;
  if (end == call_end::returned) {
    trial.work = say("check.api.work.call-until-returned");
    trial.truth_ms = ran ? ms(returned - called) : duration_ms;
  } else {
    trial.work = say("check.api.work.call-until-finished");
    trial.truth_ms = ran ? ms(launching - called) + kernel_ms : duration_ms;
  }
  trial.call.begin_ns = 0; // no window for the trace (see the file's comment)
  trial.call.end_ns = 0;
  trial.call.tid = 0;
  trial.reported_ms = trial.call.reported_ms;
  trial.call.truth_ms = trial.truth_ms;
  return trial;
}

} // namespace gpucheck
