// SPDX-License-Identifier: MIT
// The words the check programs print, in English: lesson04 (catalogue_parts.hpp).
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array english{
    // time_with_device_sync
    entry{"check.l04.device-sync.name", "time_with_device_sync returns the time of the work alone"},
    entry{"check.l04.queued-before.context",
          "15-30 ms of other work was queued on the stream before each call"},
    entry{"check.l04.device-sync.zero-hint",
          "Read std::chrono::steady_clock::now() before and after `work(stream)`, with "
          "cudaDeviceSynchronize() before each read, and return the difference in milliseconds."},
    entry{"check.l04.device-sync.wrong-hint",
          "Between your two clock reads keep only `work(stream)` and a wait for it, and make sure "
          "nothing older is still running when the first read happens."},

    // time_with_events
    entry{"check.l04.events.name", "time_with_events returns the time of the work alone"},
    entry{"check.l04.events.zero-hint",
          "Record an event before and one after `work(stream)`, wait for the second, and return "
          "cudaEventElapsedTime's result; wrap each call in CUDA_CHECK to see any error "
          "(cudaEventElapsedTime leaves your variable alone when it fails)."},
    entry{"check.l04.events.wrong-hint",
          "Both events must be recorded on the stream that carries the work, one just before "
          "`work(stream)` and one just after it."},

    // time_with_stream_sync
    entry{"check.l04.stream-sync.name",
          "time_with_stream_sync returns the time of the work alone, and waits for nothing but "
          "its stream"},
    entry{"check.l04.stream-sync.context",
          "5-15 ms of other work was queued on the stream, and 40-80 ms on another stream, before "
          "each call"},
    entry{"check.l04.stream-sync.zero-hint",
          "Read std::chrono::steady_clock::now() before and after `work(stream)`, with a wait for "
          "the work before the second read, and return the difference in milliseconds."},
    entry{"check.l04.stream-sync.wrong-hint",
          "Between your two clock reads keep only `work(stream)` and a wait for it, and make sure "
          "nothing older on `stream` is still running when the first read happens."},
    entry{"check.l04.waited-other.expected",
          "a return while the other stream's {other} of work was still running"},
    entry{"check.l04.waited-other.measured",
          "a return after it had ended, in {waited} of {calls} calls"},
    entry{"check.l04.waited-other-before-work.message",
          "your number was right, but your function returned only after the other stream's "
          "{other} of work had ended, and the work you timed started only after that: it waited "
          "for a stream that is not `stream`."},
    entry{"check.l04.waited-other-after-work.message",
          "your number was right, but your function returned only after the other stream's "
          "{other} of work had ended, {after} after the work you timed had ended: it waited for a "
          "stream that is not `stream`."},
    entry{"check.l04.waited-other.hint",
          "A wait on the whole device covers every stream. Wait for `stream` alone, before the "
          "clock starts and before it stops."},

    // time_short_work
    entry{"check.l04.short-work.name",
          "time_short_work returns the time of one run of short work, within 2%"},
    entry{"check.l04.short-work.context",
          "your number is the interval you returned divided by its number of runs"},
    entry{"check.l04.short-work.zero-hint",
          "Time the work as time_with_events does, and return that time with the number of runs "
          "it holds (1, to begin with); then read what the check says."},
    entry{"check.l04.short-work.wrong-hint",
          "What one timing adds to the work it adds once per interval, however many runs the "
          "interval holds."},
    entry{"check.l04.said-one-run.hint",
          "Return, with your interval, the number of runs it holds: the checker divides the one "
          "by the other."},
    entry{"check.l04.divided-already.message",
          "your function returned an interval of {interval} holding {runs} runs, while one run "
          "took {one_run}: the interval is already divided by the count, and the checker divides "
          "it again."},
    entry{"check.l04.divided-already.hint",
          "Return the whole interval you measured, undivided, with the count."},
};

} // namespace

std::span<const entry> check_words_lesson04_en() {
  return english;
}

} // namespace gpucheck::messages::parts
