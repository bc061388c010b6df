// SPDX-License-Identifier: MIT
// The words the check programs print, in English: checkapi (catalogue_parts.hpp).
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array english{
    // timing_trials: a timing check's fields, and how far off a wrong number is
    entry{"check.api.timing.expected", "{truth} for {work}, within {allowed}"},
    entry{"check.api.timing.measured", "{reported} ({hits} of {trials} trials accurate)"},
    entry{"check.api.second-round.measured",
          "{measured}, in a second round after the first failed too"},
    entry{"check.api.no-trial.message", "the check ran no trial."},
    entry{"check.api.returned-zero.message",
          "your function returned 0 ms: it does not time anything yet."},
    entry{"check.api.too-short.message",
          "your number is {off} shorter than the work, which ran {truth}."},
    entry{"check.api.too-short-context.message",
          "your number is {off} shorter than the work, which ran {truth} ({context})."},
    entry{"check.api.too-long.message",
          "your number is {off} longer than the work, which ran {truth}."},
    entry{"check.api.too-long-context.message",
          "your number is {off} longer than the work, which ran {truth} ({context})."},
    entry{"check.api.not-a-duration.message",
          "your function returned {reported}, which is not a duration."},
    entry{"check.api.not-a-duration.hint",
          "Return the difference of your two readings, in milliseconds."},
    entry{"check.api.cpu-time-clock.message",
          "your function reads clock(), which counts the CPU time your process used, not the "
          "time that passed. It reads about right only while the CPU spins waiting for the GPU; "
          "if the CPU sleeps in the wait (blocking sync), it misses the wait."},
    entry{"check.api.cpu-time-clock.hint",
          "Use a wall clock: std::chrono::steady_clock::now() before and after, and return the "
          "difference in milliseconds."},

    // the work a trial timed (timing_trial::work), put into check.api.timing.expected
    entry{"check.api.work.known-kernel", "a kernel of known duration"},
    entry{"check.api.work.call-until-returned", "the call of work(stream) until it returned"},
    entry{"check.api.work.call-until-finished",
          "the call of work(stream) until the GPU finished it"},
    entry{"check.api.work.one-paced-run", "one run of work of a few microseconds"},

    // number_slip: a number in the wrong unit, or longer than its call
    entry{"check.api.slip.microseconds.message",
          "your function returned {returned} and the work ran {truth}: that is the right time in "
          "microseconds, 1000 times the number of milliseconds asked for. The timing is right; "
          "the unit is not."},
    entry{"check.api.slip.nanoseconds.message",
          "your function returned {returned} and the work ran {truth}: that is the right time in "
          "nanoseconds, a million times the number of milliseconds asked for. The timing is "
          "right; the unit is not."},
    entry{"check.api.slip.seconds.message",
          "your function returned {returned} and the work ran {truth}: that is the right time in "
          "seconds, 1000 times smaller than the number of milliseconds asked for. The timing is "
          "right; the unit is not."},
    entry{"check.api.slip.unit.hint",
          "Return milliseconds: cudaEventElapsedTime already gives them, and std::chrono gives "
          "them with std::chrono::duration<double, std::milli>(stop - start).count()."},
    entry{"check.api.slip.longer-than-call.message",
          "your function returned {returned} (read as {read_as}), but only {call} passed from the "
          "call to your function to its return: the number cannot be the time of anything that "
          "happened inside the call (the work ran {truth})."},
    entry{"check.api.slip.longer-than-call-microseconds.message",
          "your function returned {returned} (read as {read_as}), but only {call} passed from the "
          "call to your function to its return: the number cannot be the time of anything that "
          "happened inside the call (the work ran {truth}). Is it in microseconds? As "
          "milliseconds, {as_ms} would fit in the call."},
    entry{"check.api.slip.longer-than-call.hint",
          "Return the difference of two clock reads, or cudaEventElapsedTime's result, taken "
          "inside the function around `work(stream)`, in milliseconds: nothing added, scaled or "
          "kept from an earlier call."},
    entry{"check.api.unit-slip.message",
          "your function returned {returned} (as milliseconds); read as {unit}, it is {as_unit}, "
          "{what_it_fits}: the number is in {unit}, not milliseconds."},
    entry{"check.api.unit.microseconds", "microseconds"},
    entry{"check.api.unit.nanoseconds", "nanoseconds"},
    entry{"check.api.unit.seconds", "seconds"},

    // work_runs: the work run never, or several times and summed
    entry{"check.api.work-never-called.message",
          "your function never called work(stream), so the GPU had nothing of yours to time: it "
          "returned {reported} for no work at all."},
    entry{"check.api.work-never-called.hint",
          "Call work(stream) once, between the start and the stop of your timing."},
    entry{"check.api.work-summed.message",
          "your function called work(stream) {runs} times and returned {reported}; one run took "
          "{one_run}."},
    entry{"check.api.work-summed.hint",
          "Time one run of the work: call work(stream) once between the start and the stop (or "
          "divide the total by the number of runs)."},

    // non_finite: NaN or infinity in a result
    entry{"check.api.finite.name", "{what} holds only finite numbers"},
    entry{"check.api.finite.expected", "finite numbers at every index"},
    entry{"check.api.finite.measured",
          "{value} at index {index} (the first of {count} values that is not finite)"},
    entry{"check.api.finite.message",
          "the result holds {value} at index {index}: a value was read before it was written, a "
          "division by zero, or an index outside the data."},
    entry{"check.api.finite.hint",
          "Check that every element is written exactly once, and that the kernel's index stays "
          "below the size. make check ... SANITIZE=1 finds reads outside an allocation."},

    // fresh_process: why a fresh process sent nothing back (shown with its last lines)
    entry{"check.api.fresh.no-own-path", "cannot find this program's own path (/proc/self/exe)"},
    entry{"check.api.fresh.no-pipe", "cannot create a pipe"},
    entry{"check.api.fresh.key-not-handed", "cannot hand the fresh process its key"},
    entry{"check.api.fresh.not-started", "cannot start a fresh process: {error}"},
    entry{"check.api.fresh.ended-early",
          "(the fresh process ended before its checks did: nothing it sent counts)"},
    entry{"check.api.fresh.value-sent-twice",
          "(a value was sent twice, once by code other than the check's: nothing the fresh "
          "process sent counts)"},

    // device_probe: why no GPU check can run
    entry{"check.api.device.no-driver", "no NVIDIA driver is installed: {library} was not found"},
    entry{"check.api.device.old-driver",
          "the NVIDIA driver is older than this CUDA runtime: update the driver"},
    entry{"check.api.device.none-visible", "no CUDA device is visible"},
    entry{"check.api.device.properties-failed", "cudaGetDeviceProperties failed"},

    // what the check program prints for a human who runs it by hand
    entry{"check.api.console.passed", "[pass] {name}"},
    entry{"check.api.console.failed", "[FAIL] {name}"},
    entry{"check.api.console.failed-detail",
          "       expected {expected}, measured {measured}\n       {message}"},
    entry{"check.api.console.result-not-written", "gpucheck: could not write a result line"},
    entry{"check.api.console.no-device",
          "gpucheck: no usable CUDA device ({reason}); running only the checks that need none."},
};

} // namespace

std::span<const entry> check_words_checkapi_en() {
  return english;
}

} // namespace gpucheck::messages::parts
