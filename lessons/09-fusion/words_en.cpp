// SPDX-License-Identifier: MIT
// The words the check programs print, in English: lesson09 (catalogue_parts.hpp).
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array english{
    // (c) the reported bandwidth (lessons/09-fusion/check.cu, fusion_judgement.hpp)
    entry{"check.l09.number.name", "fused_gbps reports the bandwidth the checker measured"},
    entry{"check.l09.number.expected",
          "{truth}: the fused kernel's exact bytes over the checker's time of one warm run of "
          "run_fused ({ms}, events on the stream that carries it), within 5%"},
    entry{"check.l09.number.measured", "you reported {reported}"},
    entry{"check.l09.number.cold.message",
          "your first call reported {reported}, the kernel's warm runs move their bytes at "
          "{truth}, and every later call of yours was right: the first call of the program timed "
          "the fused kernel's first launch, which loads it."},
    entry{"check.l09.number.cold.hint",
          "Run the work once before you start timing it, so that the timed run is a warm one."},
    entry{"check.l09.number.gib.message",
          "you reported {reported}; the fused kernel moved its bytes at {truth}. Yours is the "
          "truth x 0.931: bytes divided by 2^30 (GiB), not by 10^9 (GB)."},
    entry{"check.l09.number.gib.hint",
          "Divide the bytes by 1e9 and by the time in seconds: a GB/s is 10^9 bytes a second."},
    entry{"check.l09.number.once.message",
          "you reported {reported}; the fused kernel moved its bytes at {truth}. Yours is half "
          "of it: the bytes read, or the bytes written, not both."},
    entry{"check.l09.number.once.hint",
          "The fused kernel reads every item of x and writes every item of y: count both."},
    entry{"check.l09.number.twice.message",
          "you reported {reported}; the fused kernel moved its bytes at {truth}. Yours is twice "
          "it: the pair's bytes, t's write and read included, over the fused kernel's time."},
    entry{"check.l09.number.twice.hint",
          "The fused kernel never touches t: count only x read and y written."},
    entry{"check.l09.number.mb.message",
          "you reported {reported}; the fused kernel moved its bytes at {truth}. Yours is 1000 "
          "times the truth: MB/s (bytes a second divided by 1e6), not GB/s."},
    entry{"check.l09.number.mb.hint",
          "Divide the bytes a second by 1e9 for GB/s: bytes / (ms / 1000) / 1e9."},
    entry{"check.l09.number.none.message",
          "you reported {reported}, which is no bandwidth: fused_gbps measured no time (an "
          "elapsed time of 0, or read before the stop event completed), or measures nothing "
          "yet. The fused kernel moves its bytes at {truth}."},
    entry{"check.l09.number.none.hint",
          "Time one warm run of run_fused with events on the stream, wait for the stop event, "
          "and divide fused_bytes(n) by the elapsed seconds and by 1e9."},
    entry{"check.l09.number.count.message",
          "you reported {reported}; the fused kernel moved its bytes at {truth}. Your time is "
          "right: your number is your fused_bytes(n), {counted} bytes, over the kernel's run, "
          "and the kernel moves {exact}."},
    entry{"check.l09.number.count.hint",
          "Fix fused_bytes (x read and y written, 4 bytes an item), then divide its count by "
          "your time as you do now."},
    entry{"check.l09.number.high.message",
          "you reported {reported}; the fused kernel moved its bytes at {truth}. Yours is "
          "higher: your time is shorter than the kernel's run."},
    entry{"check.l09.number.high.hint",
          "Record both events on the stream you were given, around run_fused, and wait for the "
          "stop event before you read the time."},
    entry{"check.l09.number.launch.message",
          "you reported {reported}; the fused kernel moved its bytes at {truth}. Your time is "
          "{extra} longer than the kernel's run, about what a launch costs: your clock counted "
          "the launch, or a call around the run, as the kernel's."},
    entry{"check.l09.number.launch.hint",
          "Record the events on the stream, right before and right after run_fused: the GPU "
          "stamps them when it reaches them, so the launch's host time stays out."},
    entry{"check.l09.number.low.message",
          "you reported {reported}; the fused kernel moved its bytes at {truth}. Yours is lower: "
          "your time holds more than one warm run of the kernel."},
    entry{"check.l09.number.low.hint",
          "Time one warm run (or several, divided by their number) and nothing else: no first "
          "launch, no allocation, no other work."},

    // (a) the bytes of y, and t left alone
    entry{"check.l09.bytes.name", "run_fused writes the pair's bytes to y and leaves t alone"},
    entry{"check.l09.bytes.expected",
          "y bit for bit as the unfused pair writes it, for all {n} items; t untouched"},
    entry{"check.l09.bytes.measured", "y is the pair's, bit for bit; t untouched"},
    entry{"check.l09.bytes.wrong", "item {index} of y differs"},
    entry{"check.l09.bytes.message",
          "item {index} of y (of {n}) is not what the unfused pair writes there."},
    entry{"check.l09.bytes.hint",
          "Compute y[i] as relu(scale_shift(x[i], a, b)), with the functions of exercise.h, for "
          "every i, and launch the kernel on the stream you were given."},
    entry{"check.l09.bytes.tail.message",
          "item {index} of y is wrong, in the last items of the {n}: {n} is a multiple of no "
          "block, and your kernel left its tail out."},
    entry{"check.l09.bytes.tail.hint",
          "Launch enough blocks to cover every item (round the count up) and test i < n in the "
          "kernel; a kernel that takes several items a thread needs the leftover ones too."},
    entry{"check.l09.bytes.wrote-t", "t written from item {index} on"},
    entry{"check.l09.bytes.wrote-t.message",
          "y is right, but your fused version wrote t (item {index} first): the intermediate "
          "still goes to memory."},
    entry{"check.l09.bytes.wrote-t.hint",
          "Keep a * x + b in a register and write only y: one kernel, one read of x, one write "
          "of y per item."},

    // (b) the byte counts
    entry{"check.l09.counts.name",
          "unfused_bytes and fused_bytes count every byte read and written"},
    entry{"check.l09.counts.expected",
          "16 bytes an item for the pair (x, t, t, y) and 8 for the fused kernel (x, y), exactly"},
    entry{"check.l09.counts.measured", "exact for every size asked"},
    entry{"check.l09.counts.wrong", "{function}({n}) returned {reported}"},
    entry{"check.l09.counts.reads-only.message",
          "{function}({items}) returned {reported}, half of {exact}: you counted the reads, or "
          "the writes, not both (for the pair, two passes: the fused kernel's count)."},
    entry{"check.l09.counts.reads-only.hint",
          "Every byte a kernel reads and every byte it writes crosses the memory bus: count both."},
    entry{"check.l09.counts.items.message",
          "{function}({items}) returned {reported}, {exact} / 4: items, not bytes."},
    entry{"check.l09.counts.items.hint", "A float is sizeof(float), 4 bytes."},
    entry{"check.l09.counts.pair-for-fused.message",
          "{function}({items}) returned {reported}, the pair's count: the fused kernel moves "
          "{exact}."},
    entry{"check.l09.counts.pair-for-fused.hint",
          "The fused kernel never writes or reads t: only x and y are left."},
    entry{"check.l09.counts.other.message",
          "{function}({items}) returned {reported}; the exact count is {exact}."},
    entry{"check.l09.counts.other.hint",
          "Count the passes over a buffer, times the items, times sizeof(float), in a size_t "
          "(the count passes 2^32 for large buffers)."},

    // (b) the speed
    entry{"check.l09.speed.name",
          "the fused version beats the pair by the margin the bytes predict"},
    entry{"check.l09.speed.expected",
          "at most {ratio} of the pair's time (the bytes predict 50%), and at least {share} of "
          "the device's measured copy bandwidth ({copy})"},
    entry{"check.l09.speed.measured",
          "fused {fused}, pair {pair} ({ratio}); fused {achieved}, pair {pair_achieved}; {share} "
          "of the copy bandwidth"},
    entry{"check.l09.speed.faster-than-memory.message",
          "your fused kernel reached {achieved} on the checker's events, far above the device's "
          "copy bandwidth ({copy}): the events on the stream you were given did not bracket it."},
    entry{"check.l09.speed.faster-than-memory.hint",
          "Launch the fused kernel on the stream run_fused is given (the fourth launch "
          "parameter), not on the default stream."},
    entry{"check.l09.speed.no-gain.message",
          "your fused version took {fused}, {ratio} of the pair's {pair} (needed: at most {bar}); "
          "the bytes predict half."},
    entry{"check.l09.speed.no-gain.hint",
          "One kernel launch is not yet fusion: the intermediate must stay in a register. Read "
          "x once, write y once, and nothing else."},
    entry{"check.l09.speed.below-copy.message",
          "your fused kernel moved its bytes at {achieved}, {share} of the device's copy "
          "bandwidth ({copy}; needed: {bar})."},
    entry{"check.l09.speed.below-copy.hint",
          "Give every thread consecutive items (thread i reads x[i]), launch enough blocks to "
          "fill the GPU, and keep arithmetic per item small."},
};

} // namespace

std::span<const entry> check_words_lesson09_en() {
  return english;
}

} // namespace gpucheck::messages::parts
