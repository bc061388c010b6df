// SPDX-License-Identifier: MIT
// Lesson 05's checks. One job of 32 Mi words (128 MiB each way) is shared by the checks; the
// kernel's arithmetic per word is calibrated at start so that the kernel lasts about as long as
// the copy in, which is when overlap pays most. Ground truth is the checker's own:
//   - the bytes: transform_word() on the host, on a sample of words, with a key written on the
//     checker's own stream 5-15 ms after the call (a missing cudaStreamWaitEvent reads the old
//     key);
//   - the speed-up: run_serial() on the checker's own pinned buffers, against run_overlapped(),
//     both timed by the checker from call to return, medians of five alternating runs each;
//   - a stream's share: a kernel of known duration (0.5-5 ms) on streams[which], while the other
//     streams carry 40-80 ms each. Why a wrong number is wrong comes from the trace of the failing
//     call (docs/ARCHITECTURE.md, "Which why wins");
//   - last, the legacy default stream's join: pieces of known duration and markers, each stamped
//     on the GPU's own clock, handed to time_marked_pieces in three cases; whether the pieces ran
//     one at a time is read from their stamps, and the time of all the work from the first
//     piece's start to the last run's end (judgement/join_judgement.hpp).
#include "checkapi/check.cuh"
#include "checkapi/event_truth.cuh"
#include "checkapi/host_memory_of.cuh"
#include "checkapi/rounds_calibration.hpp"
#include "checkapi/statistics.hpp"
#include "checkapi/stream_set.cuh"
#include "checkapi/stream_state.cuh"
#include "checkapi/untraced_clock.hpp"
#include "checkapi/word_sample.hpp"
#include "cuda_check.cuh"
#include "exercise.h"
#include "judgement/join_judgement.hpp"
#include "judgement/pipeline_judgement.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>
#include <vector>

namespace {

const std::string lesson = "lessons/05-streams/lesson.md";
constexpr std::size_t job_words = std::size_t{32} << 20; // 128 MiB each way
constexpr int stream_count = 4;
constexpr double speed_up_bound = 0.85; // overlapped <= 85% of serial (instructor.md)
using gpucheck::device_poison; // what the buffers hold before each call, and the key before the
using gpucheck::host_poison;   // checker writes it (judgement/pipeline_judgement.hpp)
using gpucheck::stale_key;

__global__ void write_key(std::uint32_t* key, std::uint32_t value) {
  *key = value;
}

std::uint32_t random_word() {
  return static_cast<std::uint32_t>(gpucheck::random_between(0.0, 4294967296.0));
}

host_words pinned_words(std::size_t count) {
  std::uint32_t* words = nullptr;
  CUDA_CHECK(cudaMallocHost(&words, count * sizeof(std::uint32_t)));
  return host_words(words, free_pinned);
}

// Everything the checks share: the GPU buffers, the student's host buffers (from their
// allocate_host), the checker's own pinned buffers for the baseline, the streams and the key.
struct job_setup {
  gpucourse::device_buffer<std::uint32_t> device_in{job_words};
  gpucourse::device_buffer<std::uint32_t> device_out{job_words};
  gpucourse::device_buffer<std::uint32_t> key{1};
  gpucourse::cuda_stream key_stream{cudaStreamNonBlocking};
  gpucourse::cuda_event key_ready{cudaEventDisableTiming};
  gpucheck::known_duration_work key_delay;
  host_words student_in = allocate_host(job_words);
  host_words student_out = allocate_host(job_words);
  host_words own_in = pinned_words(job_words);
  host_words own_out = pinned_words(job_words);
  int rounds = 1;
  gpucheck::stream_set streams{stream_count};

  job_setup() {
    fill_input(random_word());
    std::memcpy(own_in.get(), student_in.get(), job_words * sizeof(std::uint32_t));
    set_key(random_word(), 0.0);
    calibrate();
  }

  pipeline_job job(bool students) const {
    pipeline_job j;
    j.host_in = students ? student_in.get() : own_in.get();
    j.host_out = students ? student_out.get() : own_out.get();
    j.device_in = device_in.data();
    j.device_out = device_out.data();
    j.count = job_words;
    j.device_key = key.data();
    j.key_ready = key_ready;
    j.rounds = rounds;
    return j;
  }

  void fill_input(std::uint32_t seed) {
    gpucheck::fill_xorshift_words(student_in.get(), job_words, seed);
  }

  // Writes `value` into the key on the checker's stream after `delay_ms` of work there, and
  // records key_ready after it; 0: written at once, and waited for.
  void set_key(std::uint32_t value, double delay_ms) {
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemset(key.data(), stale_key & 0xFF, sizeof(std::uint32_t)));
    CUDA_CHECK(cudaDeviceSynchronize());
    if (delay_ms > 0)
      key_delay.enqueue(key_stream, delay_ms);
    write_key<<<1, 1, 0, key_stream>>>(key.data(), value);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaEventRecord(key_ready, key_stream));
    if (delay_ms <= 0)
      CUDA_CHECK(cudaStreamSynchronize(key_stream));
  }

  // The kernel's arithmetic per word, chosen so that the kernel lasts about as long as the copy
  // in (both measured here with events): three equal steps overlap best.
  void calibrate() {
    const pipeline_job j = job(false);
    const std::size_t bytes = job_words * sizeof(std::uint32_t);
    const auto copy_in = [&](cudaStream_t s) {
      CUDA_CHECK(cudaMemcpyAsync(j.device_in, j.host_in, bytes, cudaMemcpyHostToDevice, s));
    };
    copy_in(streams[0]);
    const double copy_ms = gpucheck::median_event_ms(copy_in, streams[0], 3);
    pipeline_job probe = j;
    probe.rounds = 256;
    const auto kernel = [&](cudaStream_t s) { launch_transform(probe, 0, probe.count, s); };
    kernel(streams[0]);
    rounds = gpucheck::rounds_lasting(copy_ms, [&](int r) {
      probe.rounds = r;
      return gpucheck::median_event_ms(kernel, streams[0], 3);
    });
  }

  void poison() {
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemset(device_in.data(), device_poison, device_in.bytes()));
    CUDA_CHECK(cudaMemset(device_out.data(), device_poison, device_out.bytes()));
    std::memset(student_out.get(), host_poison, job_words * sizeof(std::uint32_t));
    CUDA_CHECK(cudaDeviceSynchronize());
  }
};

job_setup& setup() {
  static job_setup shared;
  return shared;
}

// The first wrong word of a sample of host_out (every 4099th word, and the first and last of
// each of 64 equal parts), read at once when run_overlapped returned.
gpucheck::wrong_word first_wrong_word(const job_setup& s, std::uint32_t key_value) {
  static const std::vector<std::size_t> sample = gpucheck::sampled_words(job_words, 0);
  const int rounds = s.rounds;
  return gpucheck::first_wrong_word(sample, s.student_in.get(), s.student_out.get(), job_words,
                                    key_value, [rounds](std::uint32_t word, std::uint32_t key) {
                                      return transform_word(word, key, rounds);
                                    });
}

// The bytes, three times, each with a fresh input and key, the key written 5-15 ms after the
// call on the checker's stream.
gpucheck::check_outcome check_bytes() {
  job_setup& s = setup();
  gpucheck::check_outcome outcome;
  outcome.name = gpucheck::say("check.l05.bytes.name");
  outcome.lesson_section = lesson + "#wait-for-another-stream";
  outcome.passed = true;
  outcome.expected = gpucheck::say("check.l05.bytes.expected");
  for (int trial = 0; trial < 3 && outcome.passed; ++trial) {
    s.fill_input(random_word());
    s.poison();
    const std::uint32_t key_value = random_word() | 1u;
    const double delay_ms = gpucheck::random_between(5.0, 15.0);
    s.set_key(key_value, delay_ms);
    run_overlapped(s.job(true), s.streams.handles());
    const gpucheck::wrong_word at_return = first_wrong_word(s, key_value); // no wait first
    CUDA_CHECK(cudaDeviceSynchronize());
    // Read again once the GPU has finished: an unwritten word written by then was not waited
    // for; one still unwritten is in no chunk.
    const gpucheck::wrong_word wrong =
        gpucheck::settle_unwritten(at_return, first_wrong_word(s, key_value));
    if (wrong.kind != gpucheck::wrong_word_kind::none)
      gpucheck::fail_for_wrong_word(outcome, wrong, delay_ms, lesson);
  }
  if (outcome.passed)
    outcome.measured = gpucheck::say("check.l05.bytes.measured");
  return outcome;
}

bool is_pinned(const void* pointer) {
  return gpucheck::host_memory_of(pointer) == gpucheck::host_memory::pinned;
}

// The overlapped job against the serial one, both timed from call to return by the checker:
// five alternating runs each after one of each as warm-up, medians compared.
gpucheck::speed_round time_both() {
  job_setup& s = setup();
  s.set_key(random_word(), 0.0);
  const pipeline_job own = s.job(false);
  const pipeline_job students = s.job(true);
  const auto timed = [](auto&& call) {
    CUDA_CHECK(cudaDeviceSynchronize());
    const auto start = std::chrono::steady_clock::now();
    call();
    const auto stop = std::chrono::steady_clock::now();
    CUDA_CHECK(cudaDeviceSynchronize());
    return std::chrono::duration<double, std::milli>(stop - start).count();
  };
  const auto serial = [&] { run_serial(own, s.streams[0]); };
  const auto overlapped = [&] { run_overlapped(students, s.streams.handles()); };
  timed(serial);
  timed(overlapped);
  std::vector<double> serial_ms, overlapped_ms;
  for (int i = 0; i < 5; ++i) {
    serial_ms.push_back(timed(serial));
    overlapped_ms.push_back(timed(overlapped));
  }
  return {gpucheck::median(serial_ms), gpucheck::median(overlapped_ms)};
}

// A second round where the first missed the bound: a burst of noise seldom lasts through two.
gpucheck::check_outcome check_speed_up() {
  job_setup& s = setup();
  gpucheck::speed_round round = time_both();
  bool second = false;
  if (round.overlapped_ms > speed_up_bound * round.serial_ms && !gpucheck::in_traced_replay()) {
    round = time_both();
    second = true;
  }
  gpucheck::check_outcome outcome = gpucheck::judge_speed_up(round, speed_up_bound, second, lesson);
  if (!outcome.passed) {
    const bool pinned = is_pinned(s.student_in.get()) && is_pinned(s.student_out.get());
    gpucheck::explain_no_speed_up(outcome, round, pinned, lesson);
  }
  return outcome;
}

// Five trials of time_share, each on an idle GPU: the known work on streams[which] behind 5-15 ms
// queued there, 40-80 ms on each other stream, which the call must leave running.
std::vector<gpucheck::share_trial> run_share_trials(gpucheck::time_tolerance tolerance) {
  job_setup& s = setup();
  std::vector<gpucheck::known_duration_work> other_work(stream_count);
  gpucheck::known_duration_work earlier_work;
  gpucheck::known_duration_work kernel;
  kernel.enqueue(s.streams[0], 0.01); // load the kernel now, so no trial pays for it
  CUDA_CHECK(cudaDeviceSynchronize());
  return gpucheck::run_trials(5, [&] {
    // Each trial starts on an idle GPU: a stream that was another's in the last trial may be
    // streams[which] in this one, and its leftover work would end the timed work's wait last.
    CUDA_CHECK(cudaDeviceSynchronize());
    const int which = 1 + static_cast<int>(gpucheck::random_between(0.0, stream_count - 1.0));
    const double work_ms = gpucheck::random_between(0.5, 5.0);
    gpucheck::share_trial trial;
    for (int k = 0; k < stream_count; ++k) {
      if (k != which)
        other_work[k].enqueue(s.streams[k], gpucheck::random_between(40.0, 80.0));
    }
    earlier_work.enqueue(s.streams[which], gpucheck::random_between(5.0, 15.0));
    trial.timing = gpucheck::time_known_work(kernel, work_ms, tolerance, [&](const gpu_work& w) {
      const double reported_ms = time_share(w, s.streams.handles(), which);
      for (int k = 0; k < stream_count; ++k) {
        if (k != which && gpucheck::stream_has_finished(s.streams[k]))
          trial.other.done_at_return = true;
      }
      return reported_ms;
    });
    gpucheck::gpu_span work;
    kernel.last_span_ns(work.start_ns, work.end_ns);
    std::vector<gpucheck::gpu_span> others;
    for (int k = 0; k < stream_count; ++k) {
      if (k == which)
        continue;
      others.emplace_back();
      other_work[k].last_span_ns(others.back().start_ns, others.back().end_ns);
    }
    gpucheck::note_other_work(trial.other, work, others);
    return trial;
  });
}

} // namespace

GPU_TEST_CASE("run_overlapped gives the bytes of run_serial, after the key is written") {
  CHECK(gpucheck::report(check_bytes()));
}

GPU_TEST_CASE("allocate_host gives pinned memory") {
  job_setup& s = setup();
  gpucheck::check_outcome outcome;
  outcome.name = gpucheck::say("check.l05.pinned.name");
  outcome.lesson_section = lesson + "#copies-that-can-overlap-need-pinned-memory";
  outcome.expected = gpucheck::say("check.l05.pinned.expected");
  // The runtime's kind of each buffer, asked once: pinned passes; managed memory is known to CUDA
  // but not page-locked, so it is named as such.
  using gpucheck::host_memory;
  const host_memory in = gpucheck::host_memory_of(s.student_in.get());
  const host_memory out = gpucheck::host_memory_of(s.student_out.get());
  outcome.passed = in == host_memory::pinned && out == host_memory::pinned;
  const bool managed = in == host_memory::managed || out == host_memory::managed;
  outcome.measured = outcome.passed ? gpucheck::say("check.l05.pinned.measured-pinned")
                     : managed      ? gpucheck::say("check.l05.pinned.measured-managed")
                                    : gpucheck::say("check.l05.pinned.measured-pageable");
  if (!outcome.passed) {
    outcome.message = managed ? gpucheck::say("check.l05.pinned.managed-message")
                              : gpucheck::say("check.l05.pinned.message");
    outcome.hint = gpucheck::say("check.l05.pinned.hint");
    outcome.states_what_was_seen = true; // the runtime's own answer
  }
  CHECK(gpucheck::report(outcome));
}

GPU_TEST_CASE("run_overlapped beats run_serial by a measured margin") {
  CHECK(gpucheck::report(check_speed_up()));
}

GPU_TEST_CASE("time_share times one stream's work, and leaves the other streams running") {
  const gpucheck::time_tolerance tolerance{0.05, 0.05}; // 5% or 50 us, as lesson 04's host clock
  gpucheck::timing_words words;
  words.name = gpucheck::say("check.l05.share.name");
  words.section = lesson + "#events-belong-to-a-stream";
  words.context = gpucheck::say("check.l05.share.context");
  words.zero_hint = gpucheck::say("check.l05.share.zero-hint");
  words.wrong_hint = gpucheck::say("check.l05.share.wrong-hint");
  std::vector<gpucheck::share_trial> last_round;
  gpucheck::check_outcome outcome = gpucheck::judge_timing_twice(
      [&] { return run_share_trials(tolerance); }, words, 1, last_round);
  // A right number from a function that waited for the other streams fails too
  // (judgement/pipeline_judgement.hpp).
  gpucheck::fail_if_others_waited(outcome, last_round, lesson);
  CHECK(gpucheck::report(outcome));
}

namespace {

// ---- time_marked_pieces: the legacy default stream's join, produced and timed by the student

constexpr int most_pieces = 8;
constexpr int spare_calls = 4; // calls past those asked that still get stamps of their own

// One case of the experiment: the streams' flags, and the stream the markers go to.
struct join_setup {
  gpucheck::join_case which;
  unsigned flags;
  cudaStream_t marker_stream;
};

const join_setup join_cases[] = {
    {gpucheck::join_case::ordinary_legacy, cudaStreamDefault, cudaStreamLegacy},
    {gpucheck::join_case::non_blocking_legacy, cudaStreamNonBlocking, cudaStreamLegacy},
    {gpucheck::join_case::ordinary_per_thread, cudaStreamDefault, cudaStreamPerThread},
};

bool is_default_stream(cudaStream_t stream) {
  return stream == nullptr || stream == cudaStreamLegacy || stream == cudaStreamPerThread;
}

// The check's own work, each run stamped on the GPU's clock: pieces, and markers of no length.
struct join_work {
  std::vector<gpucheck::known_duration_work> pieces{most_pieces + spare_calls};
  std::vector<gpucheck::known_duration_work> marks{most_pieces + spare_calls};
};

// One call of time_marked_pieces in case `setup`: 6 to 8 pieces, piece p lasting base * (1 + p/4)
// with a base of 0.5-1 ms, so that the last piece queued ends last, on a stream other than the
// first (a pair of events on the first stream alone misses it). Inside each call of piece or
// marker the check notes the stream it was given, and the kind of each new stream; inside each
// call of piece, first, the host's clock.
gpucheck::marked_call run_marked_call(const join_setup& setup, join_work& work) {
  CUDA_CHECK(cudaDeviceSynchronize()); // the GPU is idle when the function is called
  gpucheck::marked_call call;
  call.which = setup.which;
  call.asked = static_cast<int>(gpucheck::random_between(6.0, most_pieces + 1.0));
  const double base_ms = gpucheck::random_between(0.5, 1.0);
  call.order.reserve(4 * most_pieces); // no allocation inside the student's timing, mostly
  call.piece_calls_ns.reserve(4 * most_pieces);
  std::vector<cudaStream_t> streams;
  streams.reserve(4 * most_pieces);
  std::size_t pieces = 0;
  std::size_t marks = 0;
  const gpu_work piece = [&](cudaStream_t stream) {
    // Inside their call: a read the trace must not see (untraced_clock).
    call.piece_calls_ns.push_back(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                      gpucheck::untraced_clock::now().time_since_epoch())
                                      .count());
    call.order.push_back('p');
    if (is_default_stream(stream)) {
      ++call.pieces_on_default;
    } else if (std::find(streams.begin(), streams.end(), stream) == streams.end()) {
      streams.push_back(stream);
      unsigned flags = 0;
      CUDA_CHECK(cudaStreamGetFlags(stream, &flags));
      if ((flags & cudaStreamNonBlocking) != (setup.flags & cudaStreamNonBlocking))
        ++call.streams_of_other_kind;
    }
    const std::size_t index = std::min(pieces++, work.pieces.size() - 1);
    work.pieces[index].enqueue(stream, base_ms * (1.0 + static_cast<double>(index) / 4.0));
  };
  const gpu_work marker = [&](cudaStream_t stream) {
    call.order.push_back('m');
    const bool legacy = setup.marker_stream == cudaStreamLegacy && stream == nullptr; // stream 0
    if (stream != setup.marker_stream && !legacy)
      ++call.marks_elsewhere;
    work.marks[std::min(marks++, work.marks.size() - 1)].enqueue(stream, 0.0);
  };
  const auto clock_reads_before = gpucheck::cpu_clock_reads();
  call.timing.call = gpucheck::call_timed([&] {
    return time_marked_pieces(piece, call.asked, setup.flags, marker, setup.marker_stream);
  });
  call.timing.read_cpu_clock = gpucheck::cpu_clock_read_since(clock_reads_before);
  CUDA_CHECK(cudaDeviceSynchronize());
  call.streams = static_cast<int>(streams.size());
  for (std::size_t i = 0; i < std::min(pieces, work.pieces.size()); ++i)
    call.pieces.push_back(work.pieces[i].last_span());
  for (std::size_t i = 0; i < std::min(marks, work.marks.size()); ++i)
    call.marks.push_back(work.marks[i].last_span());
  call.timing.work = gpucheck::say("check.l05.join.work");
  call.timing.tolerance = {0.05, 0.05}; // 5% or 50 us, as time_share (tolerances.md)
  call.timing.own_clock = true;         // the truth is the work's own stamps
  call.timing.truth_ms = gpucheck::span_of_all_ms(call.pieces, call.marks);
  call.timing.call.truth_ms = call.timing.truth_ms;
  call.timing.reported_ms = call.timing.call.reported_ms;
  return call;
}

// Three rounds of the three cases, in turn.
std::vector<gpucheck::marked_call> run_marked_calls(join_work& work) {
  std::vector<gpucheck::marked_call> calls;
  for (int round = 0; round < 3; ++round) {
    for (const join_setup& setup : join_cases)
      calls.push_back(run_marked_call(setup, work));
  }
  return calls;
}

} // namespace

// Last in the program, after the checks above, which keep their order and draws. The facts of
// each call (what it queued, where, on streams of which kind) and the join read from the stamps
// stand on any GPU; each time within 5% or 50 us of the span of all the work, in 8 of 9 calls,
// twice when noise could explain a failure (judgement/join_judgement.hpp).
GPU_TEST_CASE("time_marked_pieces shows the legacy stream's join, and times it") {
  join_work work;
  work.pieces.front().enqueue(cudaStreamLegacy, 0.0); // loaded now: no call pays for it
  CUDA_CHECK(cudaDeviceSynchronize());
  gpucheck::timing_words words;
  words.name = gpucheck::say("check.l05.join.name");
  words.section = lesson + "#the-legacy-default-stream";
  words.context = gpucheck::say("check.l05.join.context");
  words.zero_hint = gpucheck::say("check.l05.join.zero-hint");
  words.wrong_hint = gpucheck::say("check.l05.join.wrong-hint");
  CHECK(gpucheck::report(gpucheck::judge_twice([&] {
    return gpucheck::judge_marked_pieces(run_marked_calls(work), words, 1, words.section);
  })));
}
