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
          "you reported {reported}; the checker's events, bracketing every stream's work, "
          "measured {truth}."},
    entry{"check.l07.bandwidth.other.hint",
          "Time the whole round trip, from before the first copy to after the last, with a start "
          "event that every stream waits for and a stop event recorded after every stream's "
          "last copy (cudaStreamWaitEvent), and wait for the stop event before reading it."},

    // the speed of the pinned, overlapped round trip
    entry{"check.l07.speed.below-peak.message",
          "your round trip ran at {share} of the overlap floor's speed (needed: {bar}); it took "
          "{yours}, and the same copies and kernel one after another on one stream took {serial}."},
    entry{"check.l07.speed.below-peak.hint",
          "Split the buffer into chunks, and give the chunks to two or more streams: one chunk's "
          "copy to the device, another's kernel and a third's copy back then run at once."},
    entry{"check.l07.speed.pageable.message",
          "your round trip took {yours}: hardly faster than pageable memory one copy after "
          "another ({pageable}), while pinned memory alone took {pinned}."},
    entry{"check.l07.speed.pageable.hint",
          "Allocate the host buffers with cudaMallocHost (pinned) once, before the timing: "
          "cudaMemcpyAsync from pageable memory is staged by the host and overlaps nothing."},

    // check.cu's own words: the bytes, the speed, the number
    entry{"check.l07.bytes.name", "round_trip_gbps brings back the kernel's bytes"},
    entry{"check.l07.bytes.expected",
          "every sampled word of host_out is the kernel's result for its word of host_in, as soon "
          "as round_trip_gbps returns"},
    entry{"check.l07.bytes.measured", "every sampled word right"},
    entry{"check.l07.bytes.wrong", "word {index} wrong"},
    entry{"check.l07.bytes.message",
          "word {index} of host_out was not the kernel's result when round_trip_gbps returned."},
    entry{
        "check.l07.bytes.hint",
        "Give each chunk its copy in, its kernel and its copy out on the same stream, at the same "
        "offset, cover every word (the last chunk may be shorter), and return only once every "
        "stream's copies back have ended."},
    entry{"check.l07.speed.name", "the round trip reaches a share of the overlap floor's speed"},
    entry{
        "check.l07.speed.expected",
        "at least {bar}% of the overlap floor's speed (the slower direction's copies alone at the "
        "link's peak, measured here with pinned copies: {to_device} to the device, {to_host} "
        "back), and clearly faster than pageable memory"},
    entry{"check.l07.speed.measured", "{share}% of the floor's speed: {yours} (pinned, one stream: "
                                      "{pinned}; pageable, one stream: "
                                      "{pageable})"},
    entry{"check.l07.number.name", "round_trip_gbps reports the bandwidth the checker measured"},
    entry{"check.l07.number.expected",
          "{truth} (both directions' bytes over {ms}, the checker's events on the streams that "
          "carried the work)"},
    entry{"check.l07.number.measured", "you reported {reported}"},
};

} // namespace

std::span<const entry> check_words_lesson07_en() {
  return english;
}

} // namespace gpucheck::messages::parts
