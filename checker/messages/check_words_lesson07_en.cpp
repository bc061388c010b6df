// SPDX-License-Identifier: MIT
// The words the check programs print, in English: lesson07 (catalogue_parts.hpp).
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array english{
    // a reported bandwidth against the checker's truth (transfer_judgement.hpp)
    entry{"check.l07.bandwidth.gib.message",
          "you reported {reported}; the round trip moved its bytes at {truth}. Yours is the "
          "truth x 0.931: bytes divided by 2^30 (GiB), not by 10^9 (GB)."},
    entry{"check.l07.bandwidth.gib.hint",
          "Divide the bytes by 1e9 and the time in seconds: a GB/s is 10^9 bytes a second."},
    entry{"check.l07.bandwidth.once.message",
          "you reported {reported}; the round trip moved its bytes at {truth}. Yours is half of "
          "it: the bytes of one direction over the time of both."},
    entry{"check.l07.bandwidth.once.hint",
          "A round trip moves the buffer twice, to the device and back: count both."},
    entry{"check.l07.bandwidth.mb.message",
          "you reported {reported}; the round trip moved its bytes at {truth}. Yours is 1000 "
          "times the truth: MB/s (bytes over seconds, divided by 1e6), not GB/s."},
    entry{"check.l07.bandwidth.mb.hint",
          "Divide the bytes a second by 1e9 for GB/s: bytes / (ms / 1000) / 1e9."},
    entry{"check.l07.bandwidth.other.message",
          "you reported {reported}; the checker's events on the stream that carried the copies "
          "measured {truth}."},
    entry{"check.l07.bandwidth.other.hint",
          "Time the whole round trip, from before the first copy to after the last, with events "
          "on the stream that carries it, and wait for the stop event before reading it."},

    // the speed of the pinned, overlapped round trip
    entry{"check.l07.speed.below-peak.message",
          "your round trip ran at {share} of the link's peak (needed: {bar}); it took {yours}, "
          "and the same copies and kernel one after another on one stream took {serial}."},
    entry{"check.l07.speed.below-peak.hint",
          "Split the buffer into chunks, and give the chunks to two or more streams: one chunk's "
          "copy to the device, another's kernel and a third's copy back then run at once."},
    entry{"check.l07.speed.pageable.message",
          "your round trip took {yours}: hardly faster than pageable memory one copy after "
          "another ({pageable}), while pinned memory alone took {pinned}."},
    entry{"check.l07.speed.pageable.hint",
          "Allocate the host buffers with cudaMallocHost (pinned) once, before the timing: "
          "cudaMemcpyAsync from pageable memory is staged by the host and overlaps nothing."},
};

} // namespace

std::span<const entry> check_words_lesson07_en() {
  return english;
}

} // namespace gpucheck::messages::parts
