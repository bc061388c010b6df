// SPDX-License-Identifier: MIT
#include "test_rules_support.hpp"

#include "trace_model/read_trace.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>

#include <sstream>
#include <unistd.h>
#if GPUCHECK_HAVE_ZLIB
#include <zlib.h>
#endif

using namespace gpucheck;
namespace fs = std::filesystem;

namespace {

const std::string header_line =
    R"({"type":"header","version":1,"pid":7,"program":"synthetic","start_ns":5,"device":"X"})";

trace::read_result read_text(const std::string& text) {
  std::istringstream in(text);
  return trace::read_trace(in);
}

} // namespace

TEST_CASE("a well-formed trace is read into the model, each vector sorted by time") {
  const trace::read_result result = read_text(
      header_line + "\n" +
      R"({"type":"api","domain":"runtime","name":"cudaLaunchKernel","start_ns":300,"end_ns":310,"tid":9,"correlation":2,"result":0,"caller":"program","stream":140000000000000,"stream_id":13,"kernel":"spin"})"
      "\n"
      R"({"type":"api","domain":"library","name":"cublasCreate_v2","start_ns":100,"end_ns":200,"tid":9,"correlation":0,"result":0,"caller":"program"})"
      "\n"
      R"({"type":"kernel","start_ns":400,"end_ns":900,"stream_id":13,"correlation":2,"name":"spin"})"
      "\n"
      R"({"type":"clock","clock":"monotonic","t_ns":50,"value_ns":50,"tid":9,"site":"a.out+0x10","marker":true})"
      "\n"
      R"({"type":"footer","end_ns":1000,"reason":"exit","dropped":0})"
      "\n");
  INFO(result.error);
  REQUIRE(result.ok());
  const trace::run_trace& t = *result.trace;
  CHECK(t.info.pid == 7);
  CHECK(t.info.device == "X");
  REQUIRE(t.api.size() == 2);
  CHECK(t.api[0].name == "cublasCreate_v2");
  CHECK(t.api[0].domain == trace::api_domain::library);
  CHECK(t.api[1].stream == trace::handle{140000000000000});
  CHECK(t.api[1].stream_id == 13u);
  CHECK(t.api[1].kernel == "spin");
  REQUIRE(t.activity.size() == 1);
  CHECK(t.activity[0].end_ns == 900);
  REQUIRE(t.clocks.size() == 1);
  CHECK(t.clocks[0].marker);
  REQUIRE(t.end.has_value());
  CHECK(t.end->reason == "exit");
  CHECK(result.notes.empty());
}

TEST_CASE("unknown record types and unknown fields are ignored") {
  const trace::read_result result =
      read_text(header_line + "\n" +
                R"({"type":"gpu_power","watts":300})"
                "\n" +
                R"({"type":"resource","what":"context_created","t_ns":9,"tid":1,"new_field":[1,2]})"
                "\n");
  REQUIRE(result.ok());
  CHECK(result.trace->resources.size() == 1);
}

TEST_CASE("a trace of another format version is refused, naming the version") {
  const trace::read_result result =
      read_text(R"({"type":"header","version":2,"pid":1,"program":"p","start_ns":0})"
                "\n");
  CHECK_FALSE(result.ok());
  CHECK(result.error_line == 1);
  CHECK(result.error.find("version 2") != std::string::npos);
}

TEST_CASE("a trace without a footer is accepted and said to be cut short") {
  const trace::read_result result = read_text(header_line + "\n");
  REQUIRE(result.ok());
  CHECK_FALSE(result.trace->end.has_value());
  REQUIRE(result.notes.size() == 1);
  CHECK(result.notes[0].find("no footer") != std::string::npos);
}

TEST_CASE("errors name the line they are on") {
  SUBCASE("a line that is not JSON, followed by more records") {
    const trace::read_result result = read_text(header_line + "\n\n{not json\n" +
                                                R"({"type":"footer"})"
                                                "\n");
    CHECK_FALSE(result.ok());
    CHECK(result.error_line == 3);
    CHECK(result.error.rfind("line 3:", 0) == 0);
  }
  SUBCASE("a field of the wrong type") {
    const trace::read_result result = read_text(header_line + "\n" +
                                                R"({"type":"kernel","start_ns":"soon"})"
                                                "\n");
    CHECK_FALSE(result.ok());
    CHECK(result.error_line == 2);
    CHECK(result.error.find("start_ns") != std::string::npos);
  }
  SUBCASE("a first record that is not a header") {
    const trace::read_result result = read_text(R"({"type":"kernel"})"
                                                "\n");
    CHECK_FALSE(result.ok());
    CHECK(result.error_line == 1);
  }
  SUBCASE("a record without a type") {
    const trace::read_result result = read_text(header_line + "\n{\"t_ns\":1}\n");
    CHECK_FALSE(result.ok());
    CHECK(result.error_line == 2);
  }
  SUBCASE("an empty file") {
    const trace::read_result result = read_text("");
    CHECK_FALSE(result.ok());
    CHECK(result.error.find("empty") != std::string::npos);
  }
}

TEST_CASE("a last line cut short by a killed program is dropped with a note") {
  const trace::read_result result =
      read_text(header_line + "\n" + R"({"type":"clock","clock":"monoto)");
  REQUIRE(result.ok());
  CHECK(result.trace->clocks.empty());
  CHECK(result.notes.size() == 2);
}

TEST_CASE("a missing file is an error that names the file") {
  const trace::read_result result = trace::read_trace_file("/nonexistent/trace.jsonl");
  CHECK_FALSE(result.ok());
  CHECK(result.error.find("/nonexistent/trace.jsonl") != std::string::npos);
}

#if GPUCHECK_HAVE_ZLIB
// The diagnosis corpus's traces are kept gzip-compressed (NAME.trace.jsonl.gz).
TEST_CASE("a gzip-compressed trace reads as the same trace, and a cut one is an error") {
  const trace::run_trace original = test::synthetic_trace("event_not_complete");
  std::ostringstream out;
  trace::write_trace(out, original);
  const std::string text = out.str();
  const fs::path folder = fs::temp_directory_path() / ("gz-trace-" + std::to_string(getpid()));
  fs::create_directories(folder);
  const fs::path whole = folder / "whole.trace.jsonl.gz";
  gzFile file = gzopen(whole.c_str(), "wb");
  REQUIRE(file != nullptr);
  REQUIRE(gzwrite(file, text.data(), static_cast<unsigned>(text.size())) ==
          static_cast<int>(text.size()));
  REQUIRE(gzclose(file) == Z_OK);
  REQUIRE(fs::file_size(whole) < text.size()); // compressed, not stored as it is

  const trace::read_result again = trace::read_trace_file(whole);
  REQUIRE(again.ok());
  CHECK(again.trace->api.size() == original.api.size());
  CHECK(again.trace->activity.size() == original.activity.size());

  // The first half of the compressed bytes: the stream ends in the middle.
  const fs::path cut = folder / "cut.trace.jsonl.gz";
  fs::copy_file(whole, cut);
  fs::resize_file(cut, fs::file_size(whole) / 2);
  const trace::read_result broken = trace::read_trace_file(cut);
  CHECK_FALSE(broken.ok());
  CHECK(broken.error.find("cut.trace.jsonl.gz") != std::string::npos);
  fs::remove_all(folder);
}
#endif

TEST_CASE("writing a trace and reading it back gives the same trace") {
  const trace::run_trace original = test::synthetic_trace("event_not_complete");
  std::ostringstream out;
  trace::write_trace(out, original);
  const trace::read_result again = read_text(out.str());
  REQUIRE(again.ok());
  const trace::run_trace& copy = *again.trace;
  CHECK(copy.info.program == original.info.program);
  REQUIRE(copy.api.size() == original.api.size());
  for (std::size_t i = 0; i < copy.api.size(); ++i) {
    CHECK(copy.api[i].name == original.api[i].name);
    CHECK(copy.api[i].start_ns == original.api[i].start_ns);
    CHECK(copy.api[i].result == original.api[i].result);
    CHECK(copy.api[i].event == original.api[i].event);
    CHECK(copy.api[i].event_end == original.api[i].event_end);
    CHECK(copy.api[i].flags == original.api[i].flags);
  }
  CHECK(copy.activity.size() == original.activity.size());
  CHECK(copy.event_times.size() == original.event_times.size());
  CHECK(copy.clocks.size() == original.clocks.size());
  CHECK(copy.resources.size() == original.resources.size());
  CHECK(copy.end.has_value() == original.end.has_value());
}

TEST_CASE("a copy's memory kinds are read, written and read back") {
  const trace::read_result read =
      read_text(header_line + "\n" +
                R"({"type":"memcpy","start_ns":10,"end_ns":20,"stream_id":13,)"
                R"("correlation":3,"bytes":4096,"copy_kind":"HtoD",)"
                R"("src_memory":"pinned","dst_memory":"device"})"
                "\n");
  REQUIRE(read.ok());
  REQUIRE(read.trace->activity.size() == 1);
  CHECK(read.trace->activity[0].src_memory == "pinned");
  CHECK(read.trace->activity[0].dst_memory == "device");
  std::ostringstream out;
  trace::write_trace(out, *read.trace);
  const trace::read_result again = read_text(out.str());
  REQUIRE(again.ok());
  CHECK(again.trace->activity[0].src_memory == "pinned");
  CHECK(again.trace->activity[0].dst_memory == "device");
}

TEST_CASE("what the analysis adds to a kept trace reads back: sites, objects, lines, calls") {
  trace::run_trace original = test::synthetic_trace("event_not_complete");
  original.api.front().site = "a.out+0x10<a.out+0x20";
  original.objects["a.out"] = "/work/a.out";
  original.locations["a.out+0x10<a.out+0x20"] = {"/work/a.cu", 21, "main", "work(stream);"};
  original.checked_calls.push_back(
      {"time_with_events times the work", 100, 900, 7, 2.5, 2.25, 0, 0, ""});
  // A call whose check failed untraced: that run's numbers travel with it; one with no number.
  original.checked_calls.push_back(
      {"time_loop_ms times the loop", 1000, 3000, 7, 2.3, 2.36, 1.009, 2.359, "truncated", true});
  original.checked_calls.push_back(
      {"fused_gbps", 4000, 5000, 7, std::nan(""), 0.2, std::nan(""), 0.21, ""});
  std::ostringstream out;
  trace::write_trace(out, original);
  const trace::read_result again = read_text(out.str());
  REQUIRE(again.ok());
  const trace::run_trace& copy = *again.trace;
  CHECK(copy.api.front().site == "a.out+0x10<a.out+0x20");
  CHECK(copy.objects.at("a.out") == "/work/a.out");
  const trace::source_line* where = copy.location_of("a.out+0x10<a.out+0x20");
  REQUIRE(where != nullptr);
  CHECK(where->line == 21);
  CHECK(where->text == "work(stream);");
  REQUIRE(copy.checked_calls.size() == 3);
  CHECK(copy.checked_calls[0].end_ns == 900);
  CHECK(copy.checked_calls[0].reported_ms == 2.5);
  CHECK(copy.checked_calls[0].failed_truth_ms == 0); // it did not fail
  CHECK(copy.checked_calls[0].failed_reported_ms == 0);
  CHECK(copy.checked_calls[1].failed_reported_ms == 1.009);
  CHECK(copy.checked_calls[1].failed_truth_ms == 2.359);
  CHECK(copy.checked_calls[1].slip == "truncated"); // the slip the check named
  CHECK(copy.checked_calls[0].slip.empty());
  CHECK(copy.checked_calls[1].per_run); // one run's time: held to an interval over its runs
  CHECK_FALSE(copy.checked_calls[0].per_run);
  CHECK(std::isnan(copy.checked_calls[2].failed_reported_ms));
  CHECK(copy.checked_calls[2].failed_truth_ms == 0.21);
  CHECK(copy.location_of("elsewhere") == nullptr);
}

TEST_CASE("every synthetic fixture is a readable, complete, synthetic trace") {
  for (const std::string& name : test::synthetic_names("")) {
    CAPTURE(name);
    const trace::run_trace t = test::synthetic_trace(name);
    CHECK(t.info.program.rfind("synthetic: ", 0) == 0);
    CHECK(t.end.has_value());
  }
}

TEST_CASE("a Python script's frames on clock reads and calls are read and written back") {
  // As libgputrace writes them in a CPython process (FORMAT.md, "Python frames").
  const std::string text =
      header_line + "\n" +
      R"({"type":"clock","clock":"monotonic","clock_id":1,"t_ns":10,"value_ns":10,"tid":3,)"
      R"("site":"py:/s/ex3.py:9<py:/s/ex3.py:20","python":[{"file":"/s/ex3.py","line":9,)"
      R"("function":"timed"},{"file":"/s/ex3.py","line":20,"function":"<module>"}]})"
      "\n" +
      R"({"type":"api","domain":"runtime","name":"cudaDeviceSynchronize","start_ns":11,)"
      R"("end_ns":12,"tid":3,"correlation":4,"result":0,"caller":"program",)"
      R"("site":"py:/s/ex3.py:10","python":[{"file":"/s/ex3.py","line":10,"function":"timed"}]})"
      "\n";
  const trace::read_result read = read_text(text);
  REQUIRE(read.ok());
  REQUIRE(read.trace->clocks.size() == 1);
  const auto& frames = read.trace->clocks[0].python;
  REQUIRE(frames.size() == 2);
  CHECK(frames[0] == trace::python_frame{"/s/ex3.py", 9, "timed"});
  CHECK(frames[1] == trace::python_frame{"/s/ex3.py", 20, "<module>"});
  REQUIRE(read.trace->api.size() == 1);
  CHECK(read.trace->api[0].python == std::vector<trace::python_frame>{{"/s/ex3.py", 10, "timed"}});

  std::ostringstream out;
  trace::write_trace(out, *read.trace);
  const trace::read_result again = read_text(out.str());
  REQUIRE(again.ok());
  CHECK(again.trace->clocks[0].python == frames);
  CHECK(again.trace->clocks[0].site == "py:/s/ex3.py:9<py:/s/ex3.py:20");
  CHECK(again.trace->api[0].python == read.trace->api[0].python);

  const trace::read_result wrong =
      read_text(header_line + "\n" + R"({"type":"clock","python":[{"line":"nine"}]})");
  CHECK_FALSE(wrong.ok());
}

TEST_CASE("the tracer's time after a call or a read is read, written and read back") {
  const trace::read_result result = read_text(
      header_line + "\n" +
      R"({"type":"api","domain":"runtime","name":"cudaLaunchKernel","start_ns":300,"end_ns":310,"tracer_until_ns":450,"tid":9,"correlation":2,"result":0,"caller":"program"})"
      "\n"
      R"({"type":"api","domain":"runtime","name":"cudaDeviceSynchronize","start_ns":500,"end_ns":520,"tid":9,"correlation":3,"result":0,"caller":"program"})"
      "\n"
      R"({"type":"clock","clock":"monotonic","t_ns":200,"value_ns":200,"tracer_until_ns":260,"tid":9,"site":"p+0x1"})"
      "\n");
  REQUIRE(result.ok());
  const trace::run_trace& t = *result.trace;
  REQUIRE(t.api.size() == 2);
  CHECK(t.api[0].program_resumed_ns() == 450);
  CHECK(t.api[1].program_resumed_ns() == 520); // an older trace's call: its end
  REQUIRE(t.clocks.size() == 1);
  CHECK(t.clocks[0].program_resumed_ns() == 260);
  std::ostringstream out;
  trace::write_trace(out, t);
  const trace::read_result again = read_text(out.str());
  REQUIRE(again.ok());
  CHECK(again.trace->api[0].tracer_until_ns == 450);
  CHECK(again.trace->api[1].tracer_until_ns == 0);
  CHECK(again.trace->clocks[0].tracer_until_ns == 260);
}
