// SPDX-License-Identifier: MIT
// The words the check programs print, in English: lesson06 (catalogue_parts.hpp).
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array english{
    // the work a trial timed (timing_trial::work), put into check.api.timing.expected
    entry{"check.l06.work.planned-runs", "the median of the warm runs the checker planned"},

    // the median
    entry{"check.l06.median.name", "benchmark's median is the time of one warm run, from 5 us to "
                                   "50 ms"},
    entry{"check.l06.median.context",
          "the work was cold for its first 25-40 ms, and one run lasted from 5 us to 50 ms"},
    entry{"check.l06.median.zero-hint",
          "Time samples of the work with two events on `stream` (lesson 04), and return their "
          "median."},
    entry{"check.l06.median.wrong-hint",
          "Warm the work up for longer than it stays cold, give each sample at least a "
          "millisecond of work, and return the middle sample, not the mean."},

    // what a wrong median's numbers suggest (benchmark_judgement.hpp, median_clue)
    entry{"check.l06.clue.cold-runs",
          "Your median is the length of the cold runs ({cold}; warm: {warm}): warm the work up "
          "for longer than it stays cold (up to 40 ms) before the first sample."},
    entry{"check.l06.clue.timing-cost",
          "Your median is a few microseconds longer than one short run: the cost of one timing. "
          "Time a batch of runs per sample, and divide by the number of runs."},
    entry{"check.l06.clue.several-runs",
          "Your median is about {runs} runs' time: divide each sample's time by the number of "
          "runs it holds."},
    entry{"check.l06.clue.mean",
          "Your number is nearer the mean of the runs ({mean}) than their median ({median}): a "
          "few slow runs move a mean. Sort the samples and return the middle one."},

    // the noise figure
    entry{"check.l06.noise.name", "benchmark's noise figure rises and falls with the spread of the "
                                  "runs"},
    entry{"check.l06.noise.expected",
          "a noise figure from {low} to {high} (the warm runs' relative spread: {spread}), and a "
          "median between the runs' quartiles (the runs' median: {median})"},
    entry{"check.l06.noise.measured",
          "noise {noise}, median {median}, of {samples} samples ({hits} of {calls} calls right)"},
    entry{"check.l06.noise.same-every-call.message",
          "your noise figure was {noise} in every call, while the runs varied by 0% in some calls "
          "and by 20% or more in others."},
    entry{"check.l06.noise.same-every-call.hint",
          "Compute the noise figure from your samples: (q3 - q1) / median, as exercise.h "
          "defines it."},
    entry{"check.l06.noise.too-low.message",
          "your noise figure, {noise}, is far below how much the runs varied ({spread})."},
    entry{"check.l06.noise.too-low.hint",
          "Give each run its own sample where one run lasts a millisecond or more (a batch "
          "averages the spread away), and take the quartiles of the samples themselves."},
    entry{"check.l06.noise.too-high.message",
          "your noise figure, {noise}, is far above how much the runs varied ({spread})."},
    entry{"check.l06.noise.too-high.hint",
          "Take the quartiles (positions n / 4 and 3 n / 4 of the sorted samples), not the "
          "shortest and the longest, and leave the warm-up out of the samples."},
    entry{"check.l06.noise.median-outside.message",
          "your median, {median}, lies outside the warm runs' quartiles ({low} to {high})."},
    entry{"check.l06.noise.median-outside.hint",
          "Warm the work up for longer than it stays cold, and return the middle sample of the "
          "sorted samples."},
    entry{"check.l06.noise.not-a-number.message",
          "your noise figure, {noise}, is not a fraction from 0 up."},
    entry{"check.l06.noise.not-a-number.hint",
          "Return (q3 - q1) / median of at least 20 samples, as a fraction: 0.05 is 5%."},
};

} // namespace

std::span<const entry> check_words_lesson06_en() {
  return english;
}

} // namespace gpucheck::messages::parts
