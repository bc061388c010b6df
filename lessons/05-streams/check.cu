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
//     call (docs/ARCHITECTURE.md, "Which why wins").
#include "checkapi/check.cuh"
#include "checkapi/event_truth.cuh"
#include "checkapi/rounds_calibration.hpp"
#include "checkapi/statistics.hpp"
#include "cuda_check.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

const std::string lesson = "lessons/05-streams/lesson.md";
constexpr std::size_t job_words = std::size_t{32} << 20; // 128 MiB each way
constexpr int stream_count = 4;
constexpr std::uint32_t stale_key = 0xABABABABu; // the key before the checker writes it
constexpr std::uint8_t device_poison = 0xAB;     // device buffers before each call
constexpr std::uint8_t host_poison = 0xCD;       // host_out before each call
constexpr double speed_up_bound = 0.85;          // overlapped <= 85% of serial (instructor.md)

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
  std::vector<std::unique_ptr<gpucourse::cuda_stream>> owned_streams;
  std::vector<cudaStream_t> streams;
  int rounds = 1;

  job_setup() {
    for (int i = 0; i < stream_count; ++i) {
      owned_streams.push_back(std::make_unique<gpucourse::cuda_stream>(cudaStreamNonBlocking));
      streams.push_back(*owned_streams.back());
    }
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
    std::uint32_t x = seed | 1u;
    std::uint32_t* in = student_in.get();
    for (std::size_t i = 0; i < job_words; ++i) {
      x ^= x << 13;
      x ^= x >> 17;
      x ^= x << 5;
      in[i] = x;
    }
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

// What the first wrong word shows of its cause; the hint and the section follow from it.
enum class wrong_word_kind {
  none,            // every word sampled right
  not_written,     // host_out still held what it held before the call
  stale_key,       // computed with the key before the checker wrote it
  before_its_step, // computed before its chunk's copy in, or copied out before its kernel
  other,           // any other value
};

struct wrong_word {
  wrong_word_kind kind = wrong_word_kind::none;
  std::string words; // the sentence that says it; "" if none
};

// The first wrong word of a sample of host_out (every 4099th word, and the first and last of
// each of 64 equal parts), read at once when run_overlapped returned; kind none if none. It says
// what the wrong word is, where that tells the cause.
wrong_word first_wrong_word(const job_setup& s, std::uint32_t key_value) {
  std::vector<std::size_t> sample;
  for (std::size_t i = 0; i < job_words; i += 4099)
    sample.push_back(i);
  for (std::size_t part = 0; part < 64; ++part) {
    sample.push_back(part * (job_words / 64));
    sample.push_back((part + 1) * (job_words / 64) - 1);
  }
  const std::uint32_t* in = s.student_in.get();
  const std::uint32_t* out = s.student_out.get();
  std::uint32_t untouched = 0;
  std::memset(&untouched, host_poison, sizeof(untouched));
  std::uint32_t device_word = 0; // what the device buffers hold before each call
  std::memset(&device_word, device_poison, sizeof(device_word));
  for (const std::size_t i : sample) {
    const std::uint32_t want = transform_word(in[i], key_value, s.rounds);
    const std::uint32_t got = out[i];
    if (got == want)
      continue;
    const std::string index = std::to_string(i);
    const std::string count = std::to_string(job_words);
    if (got == untouched)
      return {wrong_word_kind::not_written, gpucheck::say("check.l05.wrong-word.not-written",
                                                          {{"index", index}, {"count", count}})};
    if (got == transform_word(in[i], stale_key, s.rounds))
      return {wrong_word_kind::stale_key, gpucheck::say("check.l05.wrong-word.stale-key",
                                                        {{"index", index}, {"count", count}})};
    if (got == transform_word(device_word, key_value, s.rounds) ||
        got == transform_word(device_word, stale_key, s.rounds))
      return {wrong_word_kind::before_its_step,
              gpucheck::say("check.l05.wrong-word.before-copy-in",
                            {{"index", index}, {"count", count}})};
    if (got == device_word)
      return {wrong_word_kind::before_its_step,
              gpucheck::say("check.l05.wrong-word.before-kernel",
                            {{"index", index}, {"count", count}})};
    return {wrong_word_kind::other,
            gpucheck::say("check.l05.wrong-word.other", {{"index", index},
                                                         {"count", count},
                                                         {"got", std::to_string(got)},
                                                         {"want", std::to_string(want)}})};
  }
  return {};
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
    run_overlapped(s.job(true), s.streams);
    const wrong_word wrong = first_wrong_word(s, key_value); // at once: no wait of ours first
    CUDA_CHECK(cudaDeviceSynchronize());
    if (wrong.kind == wrong_word_kind::none)
      continue;
    outcome.passed = false;
    outcome.measured = wrong.words;
    outcome.message =
        gpucheck::say("check.l05.bytes.message",
                      {{"wrong", wrong.words}, {"delay", gpucheck::format_ms(delay_ms)}});
    // The cause comes from what the wrong word is (wrong.kind), never from the words that say it.
    if (wrong.kind == wrong_word_kind::before_its_step) {
      outcome.hint = gpucheck::say("check.l05.bytes.order-hint");
      outcome.lesson_section = lesson + "#wait-for-another-stream";
    } else if (wrong.kind == wrong_word_kind::stale_key) {
      outcome.hint = gpucheck::say("check.l05.bytes.key-hint");
      outcome.lesson_section = lesson + "#wait-for-another-stream";
    } else if (wrong.kind == wrong_word_kind::not_written) {
      outcome.hint = gpucheck::say("check.l05.bytes.not-written-hint");
      outcome.lesson_section = lesson + "#three-waits-three-scopes";
    } else {
      outcome.hint = gpucheck::say("check.l05.bytes.offsets-hint");
      outcome.lesson_section = lesson + "#split-the-job-into-chunks";
    }
  }
  if (outcome.passed)
    outcome.measured = gpucheck::say("check.l05.bytes.measured");
  return outcome;
}

bool is_pinned(const void* pointer) {
  cudaPointerAttributes attributes{};
  const cudaError_t status = cudaPointerGetAttributes(&attributes, pointer);
  if (status != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return attributes.type == cudaMemoryTypeHost;
}

// The overlapped job against the serial one, both timed from call to return by the checker:
// five alternating runs each after one of each as warm-up, medians compared.
struct speed_round {
  double serial_ms = 0;
  double overlapped_ms = 0;
};

speed_round time_both() {
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
  const auto overlapped = [&] { run_overlapped(students, s.streams); };
  timed(serial);
  timed(overlapped);
  std::vector<double> serial_ms, overlapped_ms;
  for (int i = 0; i < 5; ++i) {
    serial_ms.push_back(timed(serial));
    overlapped_ms.push_back(timed(overlapped));
  }
  return {gpucheck::median(serial_ms), gpucheck::median(overlapped_ms)};
}

gpucheck::check_outcome check_speed_up() {
  job_setup& s = setup();
  gpucheck::check_outcome outcome;
  outcome.name = gpucheck::say("check.l05.speed-up.name");
  outcome.lesson_section = lesson + "#split-the-job-into-chunks";
  speed_round round = time_both();
  bool second = false;
  if (round.overlapped_ms > speed_up_bound * round.serial_ms && !gpucheck::in_traced_replay()) {
    round = time_both(); // a burst of noise seldom lasts through two rounds
    second = true;
  }
  const double ratio = round.overlapped_ms / round.serial_ms;
  outcome.passed = ratio <= speed_up_bound;
  const std::string percent = std::to_string(static_cast<int>(100.0 * ratio + 0.5));
  outcome.expected =
      gpucheck::say("check.l05.speed-up.expected",
                    {{"bound", gpucheck::format_ms(speed_up_bound * round.serial_ms)},
                     {"serial", gpucheck::format_ms(round.serial_ms)}});
  outcome.measured = second
                         ? gpucheck::say("check.l05.speed-up.measured-second-round",
                                         {{"overlapped", gpucheck::format_ms(round.overlapped_ms)},
                                          {"percent", percent}})
                         : gpucheck::say("check.l05.speed-up.measured",
                                         {{"overlapped", gpucheck::format_ms(round.overlapped_ms)},
                                          {"percent", percent}});
  if (outcome.passed)
    return outcome;
  const bool pinned = is_pinned(s.student_in.get()) && is_pinned(s.student_out.get());
  if (!pinned) {
    outcome.message = gpucheck::say("check.l05.speed-up.pageable.message", {{"percent", percent}});
    outcome.hint = gpucheck::say("check.l05.speed-up.pageable.hint");
    outcome.lesson_section = lesson + "#copies-that-can-overlap-need-pinned-memory";
    outcome.noise_could_explain = false;
    return outcome;
  }
  outcome.message = gpucheck::say("check.l05.speed-up.message", {{"percent", percent}});
  outcome.hint = gpucheck::say("check.l05.speed-up.hint");
  // Another process on the GPU slows both versions and can take away the overlap; only the
  // measured noise decides (core/noise_judgement.cpp), so a failure here can be excused.
  outcome.noise_could_explain = true;
  return outcome;
}

// One trial of time_share: its timing, and whether the call returned only after the long work
// on the other streams had ended.
struct share_trial {
  gpucheck::timing_trial timing;
  bool others_done_at_return = false;
  double other_ms = 0;
  bool work_started_after_others = false;
  double ended_after_work_ms = 0;
};

std::vector<share_trial> run_share_trials(gpucheck::time_tolerance tolerance) {
  job_setup& s = setup();
  std::vector<gpucheck::known_duration_work> other_work(stream_count);
  gpucheck::known_duration_work earlier_work;
  gpucheck::known_duration_work kernel;
  kernel.enqueue(s.streams[0], 0.01); // load the kernel now, so no trial pays for it
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<share_trial> trials;
  for (int i = 0; i < 5; ++i) {
    // Each trial starts on an idle GPU: a stream that was another's in the last trial may be
    // streams[which] in this one, and its leftover work would end the timed work's wait last.
    CUDA_CHECK(cudaDeviceSynchronize());
    const int which = 1 + static_cast<int>(gpucheck::random_between(0.0, stream_count - 1.0));
    const double work_ms = gpucheck::random_between(0.5, 5.0);
    share_trial trial;
    for (int k = 0; k < stream_count; ++k) {
      if (k != which)
        other_work[k].enqueue(s.streams[k], gpucheck::random_between(40.0, 80.0));
    }
    earlier_work.enqueue(s.streams[which], gpucheck::random_between(5.0, 15.0));
    trial.timing = gpucheck::time_known_work(kernel, work_ms, tolerance, [&](const gpu_work& w) {
      const double reported_ms = time_share(w, s.streams, which);
      for (int k = 0; k < stream_count; ++k) {
        if (k == which)
          continue;
        const cudaError_t state = cudaStreamQuery(s.streams[k]);
        if (state == cudaErrorNotReady) {
          if (cudaPeekAtLastError() == cudaErrorNotReady)
            (void)cudaGetLastError(); // "not ready" is an answer, not an error
        } else {
          CUDA_CHECK(state);
          trial.others_done_at_return = true;
        }
      }
      return reported_ms;
    });
    std::uint64_t work_start = 0, work_end = 0;
    kernel.last_span_ns(work_start, work_end);
    std::uint64_t first_end = ~std::uint64_t{0}, first_start = 0;
    for (int k = 0; k < stream_count; ++k) {
      if (k == which)
        continue;
      std::uint64_t start = 0, end = 0;
      other_work[k].last_span_ns(start, end);
      if (end < first_end) {
        first_end = end;
        first_start = start;
      }
    }
    trial.other_ms = static_cast<double>(first_end - first_start) * 1e-6;
    trial.work_started_after_others = work_start >= first_end;
    trial.ended_after_work_ms =
        first_end > work_end ? static_cast<double>(first_end - work_end) * 1e-6 : 0.0;
    trials.push_back(trial);
  }
  return trials;
}

// A right number from a function that waited for the other streams fails too (as lesson 04's
// time_with_stream_sync): the other streams' work ends at least 20 ms after the timed work
// (40-80 ms against at most 15 + 5 ms queued on streams[which]).
void fail_if_others_waited(gpucheck::check_outcome& outcome,
                           const std::vector<share_trial>& trials) {
  const long waited = std::count_if(trials.begin(), trials.end(),
                                    [](const share_trial& t) { return t.others_done_at_return; });
  if (!outcome.passed || waited <= 1)
    return;
  const auto shown = std::find_if(trials.begin(), trials.end(),
                                  [](const share_trial& t) { return t.others_done_at_return; });
  outcome.passed = false;
  gpucheck::show_call(outcome, shown->timing.call, shown->timing.truth_ms);
  outcome.expected = gpucheck::say("check.l05.waited-others.expected");
  outcome.measured =
      gpucheck::say("check.l05.waited-others.measured",
                    {{"waited", std::to_string(waited)}, {"calls", std::to_string(trials.size())}});
  outcome.message =
      shown->work_started_after_others
          ? gpucheck::say("check.l05.waited-others-before-work.message",
                          {{"other", gpucheck::format_ms(shown->other_ms)}})
          : gpucheck::say("check.l05.waited-others-after-work.message",
                          {{"other", gpucheck::format_ms(shown->other_ms)},
                           {"after", gpucheck::format_ms(shown->ended_after_work_ms)}});
  outcome.hint = gpucheck::say("check.l05.waited-others.hint");
  outcome.rule.clear();
  outcome.noise_could_explain = std::any_of(trials.begin(), trials.end(), [](const share_trial& t) {
    return t.others_done_at_return && (t.work_started_after_others || t.ended_after_work_ms < 5.0);
  });
  outcome.lesson_section = lesson + "#synchronize-the-stream-that-carries-the-work";
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
  outcome.passed = is_pinned(s.student_in.get()) && is_pinned(s.student_out.get());
  outcome.measured = outcome.passed ? gpucheck::say("check.l05.pinned.measured-pinned")
                                    : gpucheck::say("check.l05.pinned.measured-pageable");
  if (!outcome.passed) {
    outcome.message = gpucheck::say("check.l05.pinned.message");
    outcome.hint = gpucheck::say("check.l05.pinned.hint");
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
  std::vector<share_trial> last_round;
  gpucheck::check_outcome outcome = gpucheck::judge_timing_twice(
      [&] {
        last_round = run_share_trials(tolerance);
        std::vector<gpucheck::timing_trial> timings;
        for (const share_trial& t : last_round)
          timings.push_back(t.timing);
        return timings;
      },
      words, 1);
  fail_if_others_waited(outcome, last_round);
  CHECK(gpucheck::report(outcome));
}
