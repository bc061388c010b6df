// SPDX-License-Identifier: MIT
// The words the check programs print, in English: lesson01 (catalogue_parts.hpp).
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array english{
    // a timing function that ran the work more than once
    entry{"check.l01.extra-runs.message",
          "your {function} ran work(stream) {runs} times in one call. It times one call of the "
          "work, so it runs it once: a warm-up inside it hides the cold start that every caller "
          "should see."},
    entry{"check.l01.extra-runs.hint", "Call work(stream) once in {function}."},

    // a wrong number, against the call the checker timed from inside
    entry{"check.l01.against-return.too-short",
          "your {function} returned {reported} for {work}, which took {truth} (the checker read "
          "the clock inside the call): your number is {off} too short."},
    entry{"check.l01.against-return.too-long",
          "your {function} returned {reported} for {work}, which took {truth} (the checker read "
          "the clock inside the call): your number is {off} too long."},
    entry{"check.l01.against-finish.too-short",
          "your {function} returned {reported} for {work}, which took at least {truth} (the "
          "checker read the clock inside the call, and the GPU's own clock for its kernel): your "
          "number is {off} too short."},
    entry{"check.l01.against-finish.more",
          "your {function} returned {reported} for {work}, which took at least {truth} (the "
          "checker read the clock inside the call, and the GPU's own clock for its kernel): your "
          "number is {off} more than that."},

    // the first call of a fresh process
    entry{"check.l01.first-call.work-until-return",
          "the first call of work(stream) in a fresh process (a cuBLAS GEMM of N = {n}, then "
          "{kernel} of GPU work) until it returned"},
    entry{"check.l01.first-call.work-until-finish",
          "the first call of work(stream) in a fresh process (a cuBLAS GEMM of N = {n}, then "
          "{kernel} of GPU work) until the GPU finished it"},
    entry{"check.l01.fresh-process.expected",
          "a fresh process that runs your {function} to the end"},
    entry{"check.l01.fresh-process.measured", "a process that failed"},
    entry{"check.l01.fresh-process.stopped",
          "the fresh process running your code stopped early. Its last lines:\n{output}"},
    entry{"check.l01.fresh-process.hint",
          "Run `make run LESSON=1` to see the same error in your terminal."},

    // the four checks
    entry{"check.l01.time-until-return.zero-hint",
          "time_until_return measures the span from calling work(stream) to that call's return."},
    entry{"check.l01.time-call.zero-hint", "time_call measures the span from calling work(stream) "
                                           "until the GPU has finished what the call queued."},
    entry{"check.l01.warm-return.name",
          "time_until_return stops the clock when the call returns (warm calls)"},
    entry{"check.l01.warm-return.wrong-hint",
          "Stop the clock as soon as work(stream) has returned: waiting for the GPU is "
          "time_call's job, not this function's."},
    entry{"check.l01.warm-call.name",
          "time_call returns the time of a warm call, until the GPU has finished it"},
    entry{"check.l01.warm-call.wrong-hint",
          "The clock must run from just before `work(stream)` until the GPU has finished it, and "
          "nothing else may run in between."},
    entry{"check.l01.cold-return.name",
          "time_until_return on the first call of a fresh process includes the cold start"},
    entry{"check.l01.cold-return.wrong-hint",
          "Time the call you are given, cold or not, from just before it until it returns."},
    entry{"check.l01.cold-call.name",
          "time_call on the first call of a fresh process includes the cold start"},
    entry{"check.l01.cold-call.wrong-hint",
          "Time the call you are given, cold or not: the clock starts before work(stream) is "
          "called, and stops once the GPU has finished it."},
};

} // namespace

std::span<const entry> check_words_lesson01_en() {
  return english;
}

} // namespace gpucheck::messages::parts
