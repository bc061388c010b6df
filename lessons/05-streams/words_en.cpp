// SPDX-License-Identifier: MIT
// The words the check programs print, in English: lesson05 (catalogue_parts.hpp).
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array english{
    // run_overlapped's bytes: the first wrong word of the sample, by what it shows
    entry{"check.l05.wrong-word.not-written",
          "word {index} of {count} had not been written when run_overlapped returned"},
    entry{"check.l05.wrong-word.stale-key",
          "word {index} of {count} was computed with the key as it was before the checker wrote "
          "it: the kernel ran before job.key_ready"},
    entry{"check.l05.wrong-word.before-copy-in",
          "word {index} of {count} was computed from what device_in held before its copy in "
          "arrived: the kernel ran before its chunk's copy in"},
    entry{"check.l05.wrong-word.before-kernel",
          "word {index} of {count} is what device_out held before the kernel wrote it: the copy "
          "out ran before its chunk's kernel"},
    entry{"check.l05.wrong-word.other", "word {index} of {count} is {got}, expected {want}"},

    // run_overlapped's bytes
    entry{"check.l05.bytes.name", "run_overlapped gives the bytes of run_serial"},
    entry{"check.l05.bytes.expected",
          "every word as the kernel computes it from its input and the key"},
    entry{"check.l05.bytes.measured", "every word sampled right, in 3 runs"},
    entry{"check.l05.bytes.message",
          "the result is wrong: {wrong} (the key was written on another stream, {delay} after "
          "your function was called)."},
    entry{"check.l05.bytes.order-hint",
          "Keep each chunk's copy in, kernel and copy out in order: on one stream, or on several "
          "streams chained with cudaEventRecord and cudaStreamWaitEvent."},
    entry{"check.l05.bytes.key-hint",
          "Nothing orders your streams after the checker's stream: make each stream that runs a "
          "kernel wait for job.key_ready first (cudaStreamWaitEvent)."},
    entry{"check.l05.bytes.not-written-hint",
          "Return only once every chunk's copy out has finished: wait for each of your streams "
          "(or events recorded after the last copies), and check that your chunks cover all "
          "job.count words."},
    entry{"check.l05.bytes.offsets-hint",
          "Check each chunk's offsets: its copy in, its kernel (launch_transform's `first` and "
          "`count`) and its copy out must cover the same words."},

    // run_overlapped's speed-up
    entry{"check.l05.speed-up.name", "run_overlapped takes at most 85% of run_serial's time"},
    entry{"check.l05.speed-up.expected",
          "at most {bound} (85% of run_serial's {serial}, median of 5 runs on pinned memory)"},
    entry{"check.l05.speed-up.measured", "{overlapped} (median of 5 runs, {percent}% of serial)"},
    entry{"check.l05.speed-up.measured-second-round",
          "{overlapped} (median of 5 runs, {percent}% of serial), in a second round after the "
          "first failed too"},
    entry{"check.l05.speed-up.pageable.message",
          "your job took {percent}% of the serial one's time, and allocate_host gave pageable "
          "memory: copies from it are staged by the host and cannot overlap with kernels."},
    entry{"check.l05.speed-up.pageable.hint",
          "Allocate the host buffers pinned (cudaMallocHost, freed with free_pinned)."},
    entry{"check.l05.speed-up.message",
          "your job took {percent}% of the serial one's time: its copies and kernels did not "
          "overlap enough."},
    entry{"check.l05.speed-up.hint",
          "Cut the job into several chunks and queue each chunk's copy in, kernel and copy out on "
          "one of `streams`, all chunks queued before any wait. Use cudaMemcpyAsync: cudaMemcpy "
          "returns only once its copy has ended, and a call on the legacy default stream (stream "
          "0, cudaMemcpy, cudaMemset) is ordered with every ordinary stream you made with "
          "cudaStreamCreate (not with the non-blocking `streams` you are given)."},

    // allocate_host
    entry{"check.l05.pinned.name", "allocate_host gives pinned (page-locked) host memory"},
    entry{"check.l05.pinned.expected",
          "pinned memory (cudaPointerGetAttributes: cudaMemoryTypeHost)"},
    entry{"check.l05.pinned.measured-pinned", "pinned"},
    entry{"check.l05.pinned.measured-pageable", "pageable memory, unknown to CUDA"},
    entry{"check.l05.pinned.message",
          "allocate_host gave pageable memory: a copy from it goes through a staging buffer, and "
          "it does not overlap with kernels."},
    entry{"check.l05.pinned.hint",
          "Which allocation call gives memory that the GPU's copy engines can read directly? "
          "lesson.md names it."},

    // time_share
    entry{"check.l05.share.name",
          "time_share returns the time of the work on streams[which] alone, and waits for nothing "
          "else"},
    entry{"check.l05.share.context",
          "5-15 ms of other work was queued on streams[which], and 40-80 ms on each other stream, "
          "before each call"},
    entry{"check.l05.share.zero-hint",
          "Record an event on streams[which] before `work(streams[which])` and one after it, wait "
          "for the second, and return the time between them."},
    entry{"check.l05.share.wrong-hint",
          "Both events must be recorded on the stream that carries the work, and the wait must be "
          "for that stream (or its stop event) alone."},
    entry{"check.l05.waited-others.expected",
          "a return while the other streams' work was still running"},
    entry{"check.l05.waited-others.measured",
          "a return after some of it had ended, in {waited} of {calls} calls"},
    entry{"check.l05.waited-others-before-work.message",
          "your number was right, but your function returned only after another stream's {other} "
          "of work had ended, and the work you timed started only after that: it waited for more "
          "than streams[which]."},
    entry{"check.l05.waited-others-after-work.message",
          "your number was right, but your function returned only after another stream's {other} "
          "of work had ended, {after} after the work you timed had ended: it waited for more than "
          "streams[which]."},
    entry{"check.l05.waited-others.hint",
          "A device-wide wait covers every stream. Wait for the stop event, or for "
          "streams[which], alone."},
};

} // namespace

std::span<const entry> check_words_lesson05_en() {
  return english;
}

} // namespace gpucheck::messages::parts
