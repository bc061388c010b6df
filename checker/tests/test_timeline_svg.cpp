// SPDX-License-Identifier: MIT
// The timeline SVG: golden files for three runs the course is about (the article's case 4, its
// example 4 method 1, and correct events on a non-blocking stream), plus structural checks.
//
// Goldens live in checker/tests/fixtures/golden/timeline_*.svg. After an intended change of the
// picture, regenerate them and look at them (rsvg-convert -o /tmp/x.png FILE.svg) before
// committing:
//     GPUCHECK_UPDATE_GOLDEN=1 build/tests/unit_report --source-file="*timeline_svg*"
// GPUCHECK_TIMELINE_PREVIEW_DIR=/tmp/some/dir also writes every picture the tests render there.
#include "timeline/timeline_svg.hpp"

#include "report/svg_writer.hpp"

#include "golden_file.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#if __has_include("trace_model/read_trace.hpp")
#include "trace_model/read_trace.hpp"
#define GPUCHECK_HAVE_READ_TRACE 1
#endif

namespace {

namespace trace = gpucheck::trace;
namespace rules = gpucheck::rules;
namespace report = gpucheck::report;
using trace::time_ns;

constexpr time_ns us = 1'000;
constexpr time_ns ms = 1'000'000;
constexpr time_ns program_start_ns = 7'000'000'000; // CLOCK_MONOTONIC when the tracer loaded
constexpr int main_tid = 4242;
constexpr std::uint32_t legacy_stream_id = 7;
constexpr const char* cublas_gemm =
    "sm90_xmma_gemm_f32f32_tf32f32_f32_nn_n_tilesize128x128x32_warpgroupsize1x1x1_execute_"
    "segment_k_off_kernel__5x_cublas";
constexpr const char* student_gemm = "void sgemm_tiled<128, 64>(float const*, float const*, "
                                     "float*, int)";

// Builds a run_trace the way the tracer would record it, with times relative to program start.
class run_builder {
public:
  explicit run_builder(std::string program) {
    m_run.info.version = 1;
    m_run.info.pid = main_tid;
    m_run.info.program = std::move(program);
    m_run.info.start_ns = program_start_ns;
    m_run.info.device = "NVIDIA H200";
    m_run.info.driver_version = 13000;
    m_run.info.runtime_version = 13000;
    // The scenarios keep references to records while adding more: no reallocation allowed.
    m_run.api.reserve(max_records);
    m_run.activity.reserve(max_records);
    m_run.clocks.reserve(max_records);
  }

  trace::api_call& call(std::string name, time_ns start_ns, time_ns end_ns) {
    REQUIRE(m_run.api.size() < max_records);
    trace::api_call& added = m_run.api.emplace_back();
    added.name = std::move(name);
    added.start_ns = program_start_ns + start_ns;
    added.end_ns = program_start_ns + end_ns;
    added.tid = main_tid;
    added.correlation = m_next_correlation++;
    return added;
  }

  // A kernel launch on the host and the kernel it ran on the GPU.
  trace::api_call& launch(std::string kernel, time_ns call_ns, time_ns call_end_ns, time_ns run_ns,
                          time_ns run_end_ns, std::uint32_t stream_id = legacy_stream_id,
                          trace::handle stream = 0) {
    trace::api_call& api = call("cudaLaunchKernel", call_ns, call_end_ns);
    api.stream = stream;
    api.stream_id = stream_id;
    api.kernel = kernel;
    work(trace::activity_kind::kernel, kernel, run_ns, run_end_ns, stream_id, api.correlation);
    return api;
  }

  trace::gpu_activity& work(trace::activity_kind kind, std::string name, time_ns start_ns,
                            time_ns end_ns, std::uint32_t stream_id, std::uint32_t correlation) {
    trace::gpu_activity& added = m_run.activity.emplace_back();
    added.kind = kind;
    added.name = std::move(name);
    added.start_ns = program_start_ns + start_ns;
    added.end_ns = program_start_ns + end_ns;
    added.stream_id = stream_id;
    added.correlation = correlation;
    return added;
  }

  trace::clock_read& clock(time_ns t_ns, std::string site) {
    trace::clock_read& read = m_run.clocks.emplace_back();
    read.clock = "monotonic";
    read.t_ns = program_start_ns + t_ns;
    read.value_ns = read.t_ns;
    read.tid = main_tid;
    read.site = std::move(site);
    return read;
  }

  rules::timed_interval host_interval(const trace::clock_read& start,
                                      const trace::clock_read& stop) const {
    rules::timed_interval interval;
    interval.how = rules::timed_interval::method::host_clock;
    interval.start_ns = start.t_ns;
    interval.stop_ns = stop.t_ns;
    interval.measured_ns = stop.value_ns - start.value_ns;
    interval.tid = main_tid;
    interval.clock = start.clock;
    interval.start_site = start.site;
    interval.stop_site = stop.site;
    return interval;
  }

  // Start-up as a real CUDA program has it: context creation and module loading hidden in the
  // first call, a cuBLAS handle, allocations, input copies, and a warm-up run timed correctly.
  void cold_start() {
    call("cudaFree", 2 * ms, 96 * ms);
    m_run.resources.push_back({"context_created", program_start_ns + 60 * ms, main_tid});
    m_run.resources.push_back({"module_loaded", program_start_ns + 90 * ms, main_tid});
    trace::api_call& handle = call("cublasCreate_v2", 96 * ms, 121 * ms);
    handle.domain = trace::api_domain::library;
    handle.correlation = 0;
    for (int i = 0; i < 3; ++i) {
      call("cudaMalloc", 121 * ms + i * 300 * us, 121 * ms + i * 300 * us + 180 * us);
    }
    for (int i = 0; i < 2; ++i) {
      const time_ns at = 122 * ms + i * 2 * ms;
      trace::api_call& copy = call("cudaMemcpy", at, at + 1400 * us);
      copy.stream = 0;
      copy.stream_id = legacy_stream_id;
      copy.bytes = 64ull << 20;
      copy.copy_kind = "HtoD";
      trace::gpu_activity& ran = work(trace::activity_kind::memcpy, "", at + 20 * us,
                                      at + 1380 * us, legacy_stream_id, copy.correlation);
      ran.bytes = copy.bytes;
      ran.copy_kind = "HtoD";
    }
    const trace::clock_read& t0 = clock(127 * ms, "a.out+0x1a20");
    cublas_launch(127 * ms + 5 * us, 127 * ms + 80 * us, 127 * ms + 90 * us, 127 * ms + 2990 * us);
    sync("cudaDeviceSynchronize", 127 * ms + 95 * us, 127 * ms + 2995 * us);
    const trace::clock_read& t1 = clock(127 * ms + 3000 * us, "a.out+0x1a64");
    m_warmup = host_interval(t0, t1);
  }

  // cuBLAS launches through the driver: the runtime call the program made is not in the trace,
  // the library's cuLaunchKernel is.
  trace::api_call& cublas_launch(time_ns call_ns, time_ns call_end_ns, time_ns run_ns,
                                 time_ns run_end_ns) {
    trace::api_call& api = launch(cublas_gemm, call_ns, call_end_ns, run_ns, run_end_ns);
    api.name = "cuLaunchKernel";
    api.domain = trace::api_domain::driver;
    api.caller = "libcublasLt.so.13";
    return api;
  }

  trace::api_call& sync(std::string name, time_ns start_ns, time_ns end_ns) {
    trace::api_call& api = call(std::move(name), start_ns, end_ns);
    trace::sync_activity& waited = m_run.syncs.emplace_back();
    waited.sync_kind = "context";
    waited.start_ns = api.start_ns;
    waited.end_ns = api.end_ns;
    waited.correlation = api.correlation;
    return api;
  }

  trace::run_trace finish(time_ns end_ns) {
    m_run.end = trace::footer{program_start_ns + end_ns, "exit", 0};
    const auto by_start = [](const auto& a, const auto& b) { return a.start_ns < b.start_ns; };
    std::stable_sort(m_run.api.begin(), m_run.api.end(), by_start);
    std::stable_sort(m_run.activity.begin(), m_run.activity.end(), by_start);
    return m_run;
  }

  const rules::timed_interval& warmup() const { return m_warmup; }

private:
  static constexpr std::size_t max_records = 20000;
  trace::run_trace m_run;
  std::uint32_t m_next_correlation = 100;
  rules::timed_interval m_warmup;
};

struct scenario {
  trace::run_trace run;
  std::vector<rules::timed_interval> intervals;
  std::vector<rules::finding> findings;
  report::timeline_options options;
};

// The article's section 3, case 4: t0, a 4000×4000 SGEMM launched through cuBLAS, t1 at once.
// The clock stops 41 µs in; the kernel runs 2.59 ms after that.
scenario unsynced_stop_scenario() {
  run_builder run("./build/lessons/43-launches/launches_main");
  run.cold_start();
  const time_ns case4_ns = 150 * ms;
  const trace::clock_read& t0 = run.clock(case4_ns, "a.out+0x1b10");
  run.cublas_launch(case4_ns + 6 * us, case4_ns + 38 * us, case4_ns + 45 * us,
                    case4_ns + 2635 * us);
  const trace::clock_read& t1 = run.clock(case4_ns + 41200, "a.out+0x1b4c");
  const rules::timed_interval measured = run.host_interval(t0, t1);
  // The program then copies the result back: that copy waits for the kernel.
  trace::api_call& copy = run.call("cudaMemcpy", case4_ns + 300 * us, case4_ns + 2700 * us);
  copy.stream = 0;
  copy.stream_id = legacy_stream_id;
  copy.bytes = 4000ull * 4000 * 4;
  copy.copy_kind = "DtoH";
  trace::gpu_activity& copied = run.work(trace::activity_kind::memcpy, "", case4_ns + 2640 * us,
                                         case4_ns + 2695 * us, legacy_stream_id, copy.correlation);
  copied.bytes = copy.bytes;
  copied.copy_kind = "DtoH";

  scenario s;
  s.intervals = {run.warmup(), measured};
  rules::finding& finding = s.findings.emplace_back();
  finding.rule = "unsynced-stop";
  finding.level = rules::severity::error;
  finding.interval = measured;
  finding.message = "The clock stopped while the GPU work it timed was still running: you "
                    "measured 41.2 µs, the SGEMM launched in the interval ran 2.59 ms.";
  finding.hint = "call cudaDeviceSynchronize() (or synchronize on a stop event) before the "
                 "second clock read.";
  finding.lesson = "lessons/43-launches/lesson.md#timing-asynchronous-work";
  finding.effect_ns = 2590 * us - 41200;
  finding.truth_ns = 2590 * us;
  s.run = run.finish(160 * ms);
  s.options.title = "unsynced-stop: the clock stopped right after the launch";
  return s;
}

// The article's section 4, method 1: earlier work (19.8 ms, the checker's background kernel) is
// still queued when t0 is read; cudaDeviceSynchronize waits for it as well as for the SGEMM.
scenario stale_queue_scenario() {
  run_builder run("./build/lessons/44-two-clocks/check");
  run.cold_start();
  const time_ns base_ns = 200 * ms;
  run.launch("void gpucheck::spin_for_ns<(gpucheck::spin_kind)0>(long long)", base_ns,
             base_ns + 9 * us, base_ns + 14 * us, base_ns + 19814 * us);
  const trace::clock_read& t0 = run.clock(base_ns + 40 * us, "a.out+0x2210");
  run.launch(student_gemm, base_ns + 46 * us, base_ns + 52 * us, base_ns + 19816 * us,
             base_ns + 22406 * us);
  run.sync("cudaDeviceSynchronize", base_ns + 55 * us, base_ns + 22410 * us);
  const trace::clock_read& t1 = run.clock(base_ns + 22414 * us, "a.out+0x2254");
  const rules::timed_interval measured = run.host_interval(t0, t1);

  scenario s;
  s.intervals = {measured};
  rules::finding& finding = s.findings.emplace_back();
  finding.rule = "stale-queue";
  finding.level = rules::severity::error;
  finding.interval = measured;
  finding.message = "The interval includes 19.8 ms of GPU work queued before it started, 88% of "
                    "the 22.4 ms you measured; your kernel itself ran 2.59 ms.";
  finding.hint = "synchronize before the first clock read, or record events on your work's "
                 "stream (cudaDeviceSynchronize waits for everything queued on the device).";
  finding.lesson = "lessons/44-two-clocks/lesson.md#the-device-sync-waits-for-everything";
  finding.effect_ns = 19774 * us;
  finding.truth_ns = 2590 * us;
  s.run = run.finish(240 * ms);
  s.options.title = "stale-queue: cudaDeviceSynchronize also waited for earlier work";
  return s;
}

// Correct: events recorded on a non-blocking stream around copy, kernel, copy; unrelated work
// on the legacy default stream runs meanwhile and is (rightly) not measured.
scenario events_on_stream_scenario() {
  run_builder run("./build/lessons/45-queues/queues_main");
  run.cold_start();
  constexpr trace::handle stream = 0x55d0c0de1000;
  constexpr std::uint32_t stream_id = 13;
  trace::api_call& created = run.call("cudaStreamCreateWithFlags", 130 * ms, 130 * ms + 30 * us);
  created.created_stream = stream;
  created.created_stream_id = stream_id;
  created.flags = 1;
  for (trace::handle event : {0x1001, 0x1002}) {
    trace::api_call& made = run.call("cudaEventCreate", 131 * ms, 131 * ms + 4 * us);
    made.created_event = event;
  }
  const time_ns base_ns = 180 * ms;
  run.launch("void other_work(float*)", base_ns - 200 * us, base_ns - 190 * us, base_ns - 180 * us,
             base_ns + 2800 * us);
  trace::api_call& start = run.call("cudaEventRecord", base_ns, base_ns + 5 * us);
  start.event = 0x1001;
  start.stream = stream;
  start.stream_id = stream_id;
  trace::api_call& in = run.call("cudaMemcpyAsync", base_ns + 8 * us, base_ns + 20 * us);
  in.stream = stream;
  in.stream_id = stream_id;
  in.bytes = 64ull << 20;
  in.copy_kind = "HtoD";
  trace::gpu_activity& in_ran = run.work(trace::activity_kind::memcpy, "", base_ns + 12 * us,
                                         base_ns + 1372 * us, stream_id, in.correlation);
  in_ran.bytes = in.bytes;
  in_ran.copy_kind = "HtoD";
  run.launch(student_gemm, base_ns + 24 * us, base_ns + 30 * us, base_ns + 1375 * us,
             base_ns + 3965 * us, stream_id, stream);
  trace::api_call& out = run.call("cudaMemcpyAsync", base_ns + 33 * us, base_ns + 41 * us);
  out.stream = stream;
  out.stream_id = stream_id;
  out.bytes = 64ull << 20;
  out.copy_kind = "DtoH";
  trace::gpu_activity& out_ran = run.work(trace::activity_kind::memcpy, "", base_ns + 3968 * us,
                                          base_ns + 5328 * us, stream_id, out.correlation);
  out_ran.bytes = out.bytes;
  out_ran.copy_kind = "DtoH";
  trace::api_call& stop = run.call("cudaEventRecord", base_ns + 44 * us, base_ns + 48 * us);
  stop.event = 0x1002;
  stop.stream = stream;
  stop.stream_id = stream_id;
  trace::api_call& wait = run.sync("cudaEventSynchronize", base_ns + 50 * us, base_ns + 5335 * us);
  wait.event = 0x1002;
  trace::api_call& elapsed =
      run.call("cudaEventElapsedTime", base_ns + 5340 * us, base_ns + 5343 * us);
  elapsed.event = 0x1001;
  elapsed.event_end = 0x1002;
  elapsed.elapsed_ms = 5.3184;

  scenario s;
  s.run = run.finish(200 * ms);
  s.run.event_times.push_back({0x1001, program_start_ns + base_ns + 10 * us, start.correlation});
  s.run.event_times.push_back({0x1002, program_start_ns + base_ns + 5329 * us, stop.correlation});
  rules::timed_interval measured;
  measured.how = rules::timed_interval::method::events;
  measured.start_ns = program_start_ns + base_ns;
  measured.stop_ns = program_start_ns + base_ns + 5340 * us;
  measured.measured_ns = 5318400;
  measured.tid = main_tid;
  s.intervals = {measured};
  s.options.title = "correct: events recorded on the stream that carries the work";
  return s;
}

// Writes `svg` to $GPUCHECK_TIMELINE_PREVIEW_DIR/<name>.svg when that is set, for looking at.
void preview(const std::string& name, const std::string& svg) {
  if (const char* dir = std::getenv("GPUCHECK_TIMELINE_PREVIEW_DIR"); dir != nullptr) {
    std::ofstream(std::filesystem::path(dir) / (name + ".svg"), std::ios::binary) << svg;
  }
}

std::string render(const scenario& s) {
  return report::render_timeline_svg(s.run, s.intervals, s.findings, s.options);
}

// Compares with the golden file (golden_file.hpp), after writing the preview.
void check_golden(const std::string& name, const std::string& actual) {
  preview(name.substr(0, name.rfind('.')), actual);
  golden::check_golden(name, actual);
}

// Well-formedness without an XML library: every tag closed in order, attributes quoted, no raw
// '<' or '&' outside markup and entities.
bool tags_balanced(const std::string& svg, std::string& problem) {
  std::vector<std::string> open;
  for (std::size_t at = 0; at < svg.size();) {
    if (svg[at] == '&') {
      const std::size_t semicolon = svg.find(';', at);
      const std::string entity =
          svg.substr(at, semicolon == std::string::npos ? 8 : semicolon - at + 1);
      if (entity != "&amp;" && entity != "&lt;" && entity != "&gt;" && entity != "&quot;" &&
          entity != "&apos;") {
        problem = "bad entity " + entity;
        return false;
      }
      at = semicolon + 1;
      continue;
    }
    if (svg[at] != '<') {
      ++at;
      continue;
    }
    if (svg.compare(at, 4, "<!--") == 0) {
      at = svg.find("-->", at) + 3;
      continue;
    }
    if (svg.compare(at, 2, "<?") == 0) {
      at = svg.find("?>", at) + 2;
      continue;
    }
    const std::size_t end = svg.find('>', at);
    if (end == std::string::npos) {
      problem = "unterminated tag";
      return false;
    }
    const std::string tag = svg.substr(at + 1, end - at - 1);
    if (tag.find('<') != std::string::npos || std::count(tag.begin(), tag.end(), '"') % 2 != 0) {
      problem = "malformed tag <" + tag + ">";
      return false;
    }
    if (tag.front() == '/') {
      if (open.empty() || open.back() != tag.substr(1)) {
        problem = "unexpected </" + tag.substr(1) + ">";
        return false;
      }
      open.pop_back();
    } else if (tag.back() != '/') {
      open.push_back(tag.substr(0, tag.find_first_of(" \n")));
    }
    at = end + 1;
  }
  if (!open.empty()) {
    problem = "<" + open.back() + "> never closed";
    return false;
  }
  return true;
}

void check_well_formed(const std::string& svg) {
  std::string problem;
  CHECK_MESSAGE(tags_balanced(svg, problem), problem);
  if (std::system("xmllint --version > /dev/null 2>&1") == 0) {
    // One file per process: CTest runs each test case in a process of its own, side by side.
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() /
        ("gpucheck_timeline_check-" + std::to_string(getpid()) + ".svg");
    std::ofstream(file, std::ios::binary) << svg;
    CHECK_MESSAGE(std::system(("xmllint --noout " + file.string()).c_str()) == 0,
                  "xmllint rejects the SVG");
    std::filesystem::remove(file);
  }
}

struct rect_box {
  double x = 0;
  double width = 0;
};

// The block whose tooltip starts with `needle`.
std::optional<rect_box> block_with_tooltip(const std::string& svg, const std::string& needle) {
  static const std::regex rect(
      R"re(<rect x="([-\d.]+)" y="[-\d.]+" width="([\d.]+)"[^>]*><title>([^<]*)</title>)re");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), rect); it != std::sregex_iterator();
       ++it) {
    if ((*it)[3].str().rfind(needle, 0) == 0) { // GPU blocks: the tooltip starts with the name
      return rect_box{std::stod((*it)[1]), std::stod((*it)[2])};
    }
  }
  return std::nullopt;
}

// x of the first bracket's two ends: where t0 and t1 (or the events) are.
std::pair<double, double> first_bracket(const std::string& svg) {
  static const std::regex bracket(
      R"re(<path d="M([\d.]+) [\d.]+V[\d.]+H([\d.]+)V[\d.]+" fill="none" stroke="#[0-9A-F]+" stroke-width="2"/>)re");
  std::smatch match;
  REQUIRE(std::regex_search(svg, match, bracket));
  return {std::stod(match[1]), std::stod(match[2])};
}

int count_of(const std::string& text, const std::string& needle) {
  int count = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + needle.size())) {
    ++count;
  }
  return count;
}

} // namespace

TEST_CASE("the unsynced-stop picture matches its golden file") {
  const scenario s = unsynced_stop_scenario();
  const std::string svg = render(s);
  check_well_formed(svg);
  check_golden("timeline_unsynced_stop.svg", svg);
}

TEST_CASE("the stale-queue picture matches its golden file") {
  const scenario s = stale_queue_scenario();
  const std::string svg = render(s);
  check_well_formed(svg);
  check_golden("timeline_stale_queue.svg", svg);
}

TEST_CASE("the picture of correct events on a stream matches its golden file") {
  const scenario s = events_on_stream_scenario();
  const std::string svg = render(s);
  check_well_formed(svg);
  check_golden("timeline_events_stream.svg", svg);
}

TEST_CASE("the measured interval is drawn as a bracket labelled with what the program got") {
  SUBCASE("host clock") {
    const std::string svg = render(unsynced_stop_scenario());
    CHECK(svg.find(">measured 41.2 µs</text>") != std::string::npos);
    CHECK(svg.find(">t0</text>") != std::string::npos);
    CHECK(svg.find(">t1</text>") != std::string::npos);
  }
  SUBCASE("events") {
    const std::string svg = render(events_on_stream_scenario());
    CHECK(svg.find(">measured 5.32 ms (events)</text>") != std::string::npos);
    CHECK(svg.find(">start</text>") != std::string::npos);
    CHECK(svg.find(">stop</text>") != std::string::npos);
  }
}

TEST_CASE("the difference between what was measured and what ran is shaded and explained") {
  SUBCASE("work after the clock stopped") {
    const std::string svg = render(unsynced_stop_scenario());
    CHECK(svg.find("not measured: 2.59 ms of GPU work ran after your clock stopped") !=
          std::string::npos);
  }
  SUBCASE("earlier queued work the sync waited for") {
    const std::string svg = render(stale_queue_scenario());
    CHECK(svg.find("included: 19.8 ms of earlier queued GPU work") != std::string::npos);
    CHECK(svg.find("url(#included-hatch)") != std::string::npos);
  }
  SUBCASE("nothing is shaded when the timing is right") {
    const std::string svg = render(events_on_stream_scenario());
    CHECK(svg.find("not measured:") == std::string::npos);
    CHECK(svg.find("included:") == std::string::npos);
    CHECK(svg.find(">None: nothing wrong was found") != std::string::npos);
  }
}

TEST_CASE("findings are listed with their rule id, numbered like the badge on the bracket") {
  const std::string svg = render(stale_queue_scenario());
  CHECK(svg.find(">stale-queue (error)</text>") != std::string::npos);
  CHECK(svg.find("The interval includes 19.8 ms of GPU work queued before it started") !=
        std::string::npos);
  CHECK(count_of(svg, "font-weight=\"bold\">1</text>") == 2); // the badge and the list's number
}

TEST_CASE("each stream that ran work in the window has a lane named by its kind") {
  const std::string svg = render(events_on_stream_scenario());
  CHECK(svg.find(">stream 13 (non-blocking)</text>") != std::string::npos);
  CHECK(svg.find(">stream 7 (legacy default)</text>") != std::string::npos);
  CHECK(svg.find(">host: main thread</text>") != std::string::npos);
}

TEST_CASE("GPU blocks are drawn at their true times") {
  SUBCASE("the kernel queued behind earlier work starts where that work ends") {
    const std::string svg = render(stale_queue_scenario());
    const auto [t0_px, t1_px] = first_bracket(svg);
    const double px_per_ns = (t1_px - t0_px) / static_cast<double>(22414 * us - 40 * us);
    const auto kernel = block_with_tooltip(svg, "void sgemm_tiled");
    REQUIRE(kernel.has_value());
    CHECK(kernel->x == doctest::Approx(t0_px + (19816 - 40) * us * px_per_ns).epsilon(0.002));
    CHECK(kernel->width == doctest::Approx(2590 * us * px_per_ns).epsilon(0.01));
  }
  SUBCASE("an explicit window maps times linearly onto the plot") {
    scenario s = unsynced_stop_scenario();
    s.options.window_start_ns = program_start_ns + 149 * ms;
    s.options.window_end_ns = program_start_ns + 153 * ms;
    s.options.before_window = report::before_window_display::skip;
    const std::string svg = render(s);
    const auto [t0_px, t1_px] = first_bracket(svg);
    const double px_per_ns = (t1_px - t0_px) / 41200.0;
    const auto kernel = block_with_tooltip(svg, "sm90_xmma_gemm");
    REQUIRE(kernel.has_value());
    CHECK(kernel->x == doctest::Approx(t0_px + 45 * us * px_per_ns).epsilon(0.002));
    CHECK(svg.find("its first 149 ms are not shown") != std::string::npos);
    CHECK(svg.find("axis break") == std::string::npos);
  }
}

TEST_CASE("a long start-up before the window is squeezed behind an axis break") {
  const std::string svg = render(unsynced_stop_scenario());
  CHECK(svg.find("<!-- axis break -->") != std::string::npos);
  CHECK(svg.find(">squeezed</text>") != std::string::npos);
}

TEST_CASE("text from the trace is escaped") {
  scenario s = unsynced_stop_scenario();
  for (trace::gpu_activity& work : s.run.activity) {
    if (work.kind == trace::activity_kind::kernel) {
      work.name = "void k<a&b, (x<y)>(\"q\" 'r', \x01)";
    }
  }
  s.findings.front().message = "3 < 4 && \"quoted\" > 'single'";
  s.run.info.program = "./prog<&>";
  const std::string svg = render(s);
  check_well_formed(svg);
  CHECK(svg.find("void k&lt;a&amp;b, (x&lt;y)&gt;(&quot;q&quot; &apos;r&apos;, ?)") !=
        std::string::npos);
  CHECK(svg.find("3 &lt; 4 &amp;&amp; &quot;quoted&quot; &gt; &apos;single&apos;") !=
        std::string::npos);
  CHECK(svg.find("a&b") == std::string::npos);
}

TEST_CASE("thousands of tiny blocks are merged, and labels are capped") {
  run_builder run("./many");
  const trace::clock_read& t0 = run.clock(1 * ms, "a.out+0x10");
  for (int i = 0; i < 5000; ++i) {
    const time_ns at = 1 * ms + 10 * us + i * 2 * us;
    run.launch("void tiny(int)", at, at + 1500, at + 1800, at + 3000);
  }
  run.sync("cudaDeviceSynchronize", 11 * ms + 20 * us, 11 * ms + 40 * us);
  const trace::clock_read& t1 = run.clock(11 * ms + 45 * us, "a.out+0x20");
  const rules::timed_interval interval = run.host_interval(t0, t1);
  report::timeline_options options;
  options.max_block_labels = 5;
  const std::string svg = report::render_timeline_svg(run.finish(12 * ms), {interval}, {}, options);
  preview("many_blocks", svg);
  check_well_formed(svg);
  CHECK(count_of(svg, "<rect") < 200);
  CHECK(svg.find(">5000 × tiny · 10 ms</text>") != std::string::npos);
  CHECK(svg.find(">5000 × cudaLaunchKernel · 10 ms</text>") != std::string::npos);
  const std::size_t blocks_at = svg.find("<!-- blocks -->");
  const std::size_t clocks_at = svg.find("<!-- clock reads -->");
  REQUIRE(blocks_at < clocks_at);
  CHECK(count_of(svg.substr(blocks_at, clocks_at - blocks_at), "<text") <= 5);
}

TEST_CASE("the output is deterministic and self-contained") {
  const scenario s = stale_queue_scenario();
  const std::string first = render(s);
  CHECK(first == render(s));
  CHECK(first.find("font-family=\"DejaVu Sans, Arial, sans-serif\"") != std::string::npos);
  CHECK(first.find("href") == std::string::npos);
  CHECK(first.find("<style") == std::string::npos);
}

TEST_CASE("a run with no timed interval still gets a picture of the whole run") {
  run_builder run("./plain");
  run.launch("void k()", 1 * ms, 1 * ms + 5 * us, 1 * ms + 10 * us, 3 * ms);
  const std::string svg = report::render_timeline_svg(run.finish(4 * ms), {}, {}, {});
  check_well_formed(svg);
  CHECK(svg.find("None: the program timed no interval") != std::string::npos);
  CHECK(svg.find(">k · 1.99 ms</text>") != std::string::npos);
}

TEST_CASE("numbers and text are written the same way on every machine") {
  CHECK(report::format_number(12.50, 2) == "12.5");
  CHECK(report::format_number(-0.001, 2) == "0");
  CHECK(report::format_number(3.0, 2) == "3");
  CHECK(report::escape_xml("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&apos;");
  CHECK(report::escape_xml("µs") == "µs");
  CHECK(report::escape_xml(std::string("bad\xff byte")) == "bad? byte");
}

#ifdef GPUCHECK_HAVE_READ_TRACE
TEST_CASE("a trace recorded on a GPU shows the work that ran after an unsynced stop") {
  const std::filesystem::path file =
      std::filesystem::path(GPUCHECK_FIXTURES_DIR) / "recorded" / "chrono_unsynced_stop.jsonl";
  if (!std::filesystem::exists(file)) {
    MESSAGE("no recorded fixture " << file.string() << "; nothing to read");
    return;
  }
  const trace::read_result read = trace::read_trace_file(file);
  REQUIRE_MESSAGE(read.ok(), read.error);
  // The interval the program timed: its two CLOCK_MONOTONIC reads (rules are not needed here).
  std::vector<trace::clock_read> reads;
  for (const trace::clock_read& clock_read : read.trace->clocks) {
    if (clock_read.clock == "monotonic") {
      reads.push_back(clock_read);
    }
  }
  REQUIRE(reads.size() == 2);
  rules::timed_interval interval;
  interval.start_ns = reads[0].t_ns;
  interval.stop_ns = reads[1].t_ns;
  interval.measured_ns = reads[1].value_ns - reads[0].value_ns;
  interval.tid = reads[0].tid;
  interval.clock = "monotonic";
  const std::string svg = report::render_timeline_svg(*read.trace, {interval}, {}, {});
  preview("recorded_chrono_unsynced_stop", svg);
  check_well_formed(svg);
  CHECK(svg.find(">measured ") != std::string::npos);
  CHECK(svg.find("not measured: ") != std::string::npos);
}

TEST_CASE("a trace file read from the fixtures renders to well-formed SVG") {
  std::vector<std::filesystem::path> files;
  for (const char* folder : {"recorded", "synthetic"}) {
    const std::filesystem::path dir = std::filesystem::path(GPUCHECK_FIXTURES_DIR) / folder;
    if (std::filesystem::is_directory(dir)) {
      for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
        if (entry.is_regular_file() && entry.path().extension() == ".jsonl") {
          files.push_back(entry.path());
        }
      }
    }
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    MESSAGE("no trace fixtures yet; nothing to read");
    return;
  }
  for (const std::filesystem::path& file : files) {
    CAPTURE(file.string());
    const trace::read_result read = trace::read_trace_file(file);
    REQUIRE_MESSAGE(read.ok(), read.error);
    const std::string svg = report::render_timeline_svg(*read.trace, {}, {}, {});
    check_well_formed(svg);
  }
}
#endif
