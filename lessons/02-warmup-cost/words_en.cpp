// SPDX-License-Identifier: MIT
// The words the check programs print, in English: lesson02 (catalogue_parts.hpp).
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array english{
    // checkapi/warm_up_judgement.cpp: one "warm up until stable" series
    entry{"check.l02.call-number", "call {number}"},
    entry{"check.l02.calls.one", "{count} call"},
    entry{"check.l02.calls", "{count} calls"},
    entry{"check.l02.nothing-timed.message", "your function returned no warm-up and a steady time "
                                             "of 0 ms: it does not time anything yet."},
    entry{"check.l02.nothing-timed.hint",
          "Time one call after another with "
          "gpucourse::time_call(work, stream), and keep each time."},
    entry{"check.l02.count-own-agree.message",
          "your warm-up has {calls}, but your own times of {first} and {second} ({first_ms} and "
          "{second_ms}) agree within stable_within: the steady state had begun with them."},
    entry{"check.l02.count-planned.message",
          "your warm-up has {calls}, but it had {planned}: by the GPU's clock the first calls took "
          "{times}, and {first} and {second} are the first two in a row that agree."},
    entry{"check.l02.count-too-few.hint", "Keep calling until two calls in a row agree: a warm-up "
                                          "is not always one call, or any fixed number of calls."},
    entry{"check.l02.count-kept-agreeing.hint",
          "The two calls that agree are the first steady calls: warm_up_ms holds only the calls "
          "before them."},
    entry{"check.l02.count-too-many.hint", "Stop warming up at the first two calls in a row that "
                                           "agree within stable_within of the shorter one."},
    entry{"check.l02.call-time.message",
          "your time of {call} is {reported}, but it ran {truth} by the GPU's clock."},
    entry{"check.l02.call-time.hint",
          "Time each call on its own, from the call until the GPU has finished it "
          "(gpucourse::time_call does both), and keep the times in the order of the calls."},
    entry{"check.l02.steady.message", "your steady_ms is {reported}, but the median of the last "
                                      "{repetitions} calls was {truth} by the GPU's clock."},
    entry{"check.l02.steady.hint",
          "steady_ms is the median of `repetitions` calls timed after the warm-up."},
    entry{"check.l02.steady-mean.message",
          "your steady_ms is {reported}, but the median of the last {repetitions} calls was "
          "{truth} by the GPU's clock. That is their mean ({mean}): one of them ran three times "
          "as long, which moves a mean and not a median."},
    entry{"check.l02.steady-mean.hint",
          "Sort the times of the `repetitions` calls and take the middle one."},
    entry{"check.l02.cost.message", "warm_up_cost_ms returned {reported}; your warm-up's {calls} "
                                    "took {extra} beyond as many steady calls of {steady}."},
    entry{"check.l02.cost.hint",
          "Each warm-up call did a steady call's work: its cost is what it took beyond steady_ms. "
          "Add that up over every warm-up call, not the first alone."},
    entry{"check.l02.describe.no-warm-up", "no warm-up, steady {steady}, cost {cost}"},
    entry{"check.l02.describe.warm-up",
          "{calls} of warm-up ({times}), steady {steady}, cost {cost}"},
    entry{"check.l02.describe.warm-up-first-6",
          "{calls} of warm-up ({times} for the first 6), steady {steady}, cost {cost}"},

    // lessons/02-warmup-cost/check.cu
    entry{"check.l02.series.name", "warm_up_until_stable returns the warm-up call by call, the "
                                   "steady median and the warm-up's cost"},
    entry{"check.l02.series.expected", "{described} ({repetitions} repetitions)"},
    entry{"check.l02.fresh.name",
          "in a fresh process, first and steady GEMM times at N = {n} agree with the checker's"},
    entry{"check.l02.fresh-failed.expected",
          "a fresh process that runs warm_up_until_stable to the end"},
    entry{"check.l02.fresh-failed.measured", "a process that failed"},
    entry{"check.l02.fresh-failed.message",
          "a fresh process stopped early. Its last lines:\n{lines}"},
    entry{"check.l02.fresh-failed.hint",
          "Run `make run LESSON=2` to see the same error in your terminal."},
    entry{"check.l02.fresh.expected",
          "first between {low} and {high}, steady {steady} within {allowed}"},
    entry{"check.l02.fresh.measured", "first {first}, steady {steady}, warm-up cost {cost}"},
    entry{"check.l02.fresh-empty.message",
          "in a fresh process your warm-up was empty, but the checker's first GEMMs of N = {n} in "
          "fresh processes took {low} to {high}: a process's first call is never steady."},
    entry{"check.l02.fresh-empty.hint", "warm_up_ms starts with the very first call of the work."},
    entry{"check.l02.fresh-first.message", "the checker's first GEMMs of N = {n} in fresh "
                                           "processes took {low} to {high}; yours took {first}."},
    entry{"check.l02.fresh-first-short.hint",
          "warm_up_ms[0] must be the very first call, timed until the GPU finished: nothing may "
          "run the work before it."},
    entry{"check.l02.fresh-first-long.hint",
          "Time each call with gpucourse::time_call, and nothing else with it."},
    entry{"check.l02.fits-a-cold-start", "a cold start"},
    entry{"check.l02.fresh-first-unit.hint",
          "Return milliseconds: std::chrono::duration<double, std::milli>(stop - start).count()."},
    entry{"check.l02.fresh-steady.message", "your steady_ms is {reported}, but the checker's "
                                            "events timed the same warm GEMM at {truth}."},
    entry{"check.l02.grows.name", "the steady GEMM time grows with N"},
    entry{"check.l02.grows.expected",
          "steady at N = {large} at least 5 times steady at N = {small} (the checker's: {ratio} "
          "times)"},
    entry{"check.l02.grows.measured", "{large_ms} vs {small_ms}"},
    entry{"check.l02.grows.message",
          "your steady time at N = {large} is only {times} times the one at N = {small}, although "
          "the large GEMM does about {work} times the work: your steady times do not grow with "
          "it."},
    entry{"check.l02.grows.hint",
          "Time each call until the GPU has finished it (gpucourse::time_call)."},
};

} // namespace

std::span<const entry> check_words_lesson02_en() {
  return english;
}

} // namespace gpucheck::messages::parts
