// SPDX-License-Identifier: MIT
// JSON Lines -> run_trace. One record per line; the first error stops reading and names its line.
#include "trace_model/read_trace.hpp"

#include "trace_model/json_line.hpp"

#if GPUCHECK_HAVE_ZLIB
#include <zlib.h>
#endif

#include <algorithm>
#include <fstream>
#include <istream>
#include <limits>
#include <optional>
#include <sstream>
#include <string_view>

namespace gpucheck::trace {
namespace {

using detail::json_object;
using detail::json_value;

// Reads typed fields out of one record, remembering the first field of the wrong type.
class field_reader {
public:
  explicit field_reader(const json_object& record) : m_record(record) {}

  const std::string& error() const { return m_error; }

  template <typename Int> void integer(const char* name, Int& out) {
    const json_value* value = m_record.find(name);
    if (value == nullptr)
      return;
    if (!value->is_integer())
      return wrong_type(name, "an integer");
    if (value->type == json_value::kind::unsigned_integer) {
      out = static_cast<Int>(value->unsigned_integer);
    } else {
      out = static_cast<Int>(value->integer);
    }
  }
  template <typename Int> void integer(const char* name, std::optional<Int>& out) {
    if (m_record.find(name) == nullptr)
      return;
    Int value{};
    integer(name, value);
    out = value;
  }
  void text(const char* name, std::string& out) {
    const json_value* value = m_record.find(name);
    if (value == nullptr)
      return;
    if (value->type != json_value::kind::string)
      return wrong_type(name, "a string");
    out = value->text;
  }
  void boolean(const char* name, bool& out) {
    const json_value* value = m_record.find(name);
    if (value == nullptr)
      return;
    if (value->type != json_value::kind::boolean)
      return wrong_type(name, "true or false");
    out = value->boolean;
  }
  void number(const char* name, std::optional<double>& out) {
    const json_value* value = m_record.find(name);
    if (value == nullptr)
      return;
    if (!value->is_number())
      return wrong_type(name, "a number");
    out = value->as_double();
  }

  // An array of {file, line, function} objects (FORMAT.md, "Python frames").
  void python_frames(const char* name, std::vector<python_frame>& out) {
    const json_value* value = m_record.find(name);
    if (value == nullptr)
      return;
    if (value->type != json_value::kind::array || !value->only_objects)
      return wrong_type(name, "an array of frames");
    for (const json_object& item : value->items) {
      python_frame& frame = out.emplace_back();
      field_reader fields(item);
      fields.text("file", frame.file);
      fields.integer("line", frame.line);
      fields.text("function", frame.function);
      if (!fields.error().empty())
        return wrong_type(name, "an array of frames");
    }
  }

private:
  void wrong_type(const char* name, const char* expected) {
    if (m_error.empty())
      m_error = std::string("field \"") + name + "\" should be " + expected;
  }

  const json_object& m_record;
  std::string m_error;
};

api_domain parse_domain(std::string_view name) {
  if (name == "driver")
    return api_domain::driver;
  if (name == "library")
    return api_domain::library;
  return api_domain::runtime;
}

void read_api(field_reader& r, run_trace& t) {
  api_call& c = t.api.emplace_back();
  std::string domain = "runtime";
  r.text("domain", domain);
  c.domain = parse_domain(domain);
  r.text("name", c.name);
  r.integer("start_ns", c.start_ns);
  r.integer("end_ns", c.end_ns);
  r.integer("tracer_until_ns", c.tracer_until_ns);
  r.integer("tid", c.tid);
  r.integer("correlation", c.correlation);
  r.integer("result", c.result);
  r.text("caller", c.caller);
  r.integer("stream", c.stream);
  r.boolean("per_thread", c.per_thread);
  r.integer("stream_id", c.stream_id);
  r.integer("event", c.event);
  r.integer("event_end", c.event_end);
  r.integer("flags", c.flags);
  r.integer("created_event", c.created_event);
  r.integer("created_stream", c.created_stream);
  r.integer("created_stream_id", c.created_stream_id);
  r.text("kernel", c.kernel);
  r.integer("bytes", c.bytes);
  r.text("copy_kind", c.copy_kind);
  r.number("elapsed_ms", c.elapsed_ms);
  r.integer("graph_exec", c.graph_exec);
  r.text("site", c.site);
  r.python_frames("python", c.python);
}

void read_activity(field_reader& r, activity_kind kind, run_trace& t) {
  gpu_activity& a = t.activity.emplace_back();
  a.kind = kind;
  r.integer("start_ns", a.start_ns);
  r.integer("end_ns", a.end_ns);
  r.integer("stream_id", a.stream_id);
  r.integer("correlation", a.correlation);
  r.text("name", a.name);
  r.integer("bytes", a.bytes);
  r.text("copy_kind", a.copy_kind);
  r.text("src_memory", a.src_memory);
  r.text("dst_memory", a.dst_memory);
}

void read_record(field_reader& r, std::string_view type, run_trace& t) {
  if (type == "api")
    return read_api(r, t);
  if (type == "kernel")
    return read_activity(r, activity_kind::kernel, t);
  if (type == "memcpy")
    return read_activity(r, activity_kind::memcpy, t);
  if (type == "memset")
    return read_activity(r, activity_kind::memset, t);
  if (type == "sync") {
    sync_activity& s = t.syncs.emplace_back();
    r.text("sync_kind", s.sync_kind);
    r.integer("start_ns", s.start_ns);
    r.integer("end_ns", s.end_ns);
    r.integer("stream_id", s.stream_id);
    r.integer("event", s.event);
    r.integer("correlation", s.correlation);
  } else if (type == "event_time") {
    event_time& e = t.event_times.emplace_back();
    r.integer("event", e.event);
    r.integer("t_ns", e.t_ns);
    r.integer("correlation", e.correlation);
  } else if (type == "clock") {
    clock_read& c = t.clocks.emplace_back();
    r.text("clock", c.clock);
    r.integer("t_ns", c.t_ns);
    r.integer("value_ns", c.value_ns);
    r.integer("tracer_until_ns", c.tracer_until_ns);
    r.integer("tid", c.tid);
    r.text("site", c.site);
    r.boolean("marker", c.marker);
    r.python_frames("python", c.python);
  } else if (type == "resource") {
    resource_event& e = t.resources.emplace_back();
    r.text("what", e.what);
    r.integer("t_ns", e.t_ns);
    r.integer("tid", e.tid);
  } else if (type == "nvtx") {
    nvtx_range& n = t.nvtx.emplace_back();
    r.text("name", n.name);
    r.integer("start_ns", n.start_ns);
    r.integer("end_ns", n.end_ns);
    r.integer("tid", n.tid);
  } else if (type == "object") {
    std::string name;
    std::string path;
    r.text("name", name);
    r.text("path", path);
    t.objects[name] = path;
  } else if (type == "location") {
    std::string site;
    source_line where;
    r.text("site", site);
    r.text("file", where.file);
    r.integer("line", where.line);
    r.text("function", where.function);
    r.text("text", where.text);
    t.locations[site] = where;
  } else if (type == "checked_call") {
    checked_call& c = t.checked_calls.emplace_back();
    r.text("check", c.check);
    r.integer("begin_ns", c.begin_ns);
    r.integer("end_ns", c.end_ns);
    r.integer("tid", c.tid);
    std::optional<double> reported;
    std::optional<double> truth;
    r.number("reported_ms", reported);
    r.number("truth_ms", truth);
    c.reported_ms = reported.value_or(std::numeric_limits<double>::quiet_NaN()); // none returned
    c.truth_ms = truth.value_or(0.0);
    std::optional<double> failed_reported;
    std::optional<double> failed_truth;
    r.number("failed_reported_ms", failed_reported);
    r.number("failed_truth_ms", failed_truth);
    c.failed_truth_ms = failed_truth.value_or(0.0);
    c.failed_reported_ms = failed_reported.value_or(
        failed_truth ? std::numeric_limits<double>::quiet_NaN() : 0.0); // none returned
    r.text("slip", c.slip);
    r.boolean("per_run", c.per_run);
  } else if (type == "footer") {
    footer& f = t.end.emplace();
    r.integer("end_ns", f.end_ns);
    r.text("reason", f.reason);
    r.integer("dropped", f.dropped);
    r.integer("incomplete", f.incomplete);
  }
  // Unknown types are ignored (FORMAT.md: the tracer may add records without a new version).
}

read_result fail(int line, std::string message) {
  read_result result;
  result.error_line = line;
  result.error = (line > 0 ? "line " + std::to_string(line) + ": " : std::string()) + message;
  return result;
}

} // namespace

read_result read_trace(std::istream& in) {
  run_trace trace;
  bool seen_header = false;
  std::string line;
  json_object record; // one line's fields, its memory kept from line to line
  int line_number = 0;
  std::optional<int> unparsed_line; // a line that was not JSON; fine only if it is the last one
  while (std::getline(in, line)) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    if (unparsed_line)
      return fail(*unparsed_line, "not a JSON object");
    if (!detail::parse_json_object_line(line, record)) {
      unparsed_line = line_number;
      continue;
    }
    const json_value* type_value = record.find("type");
    if (type_value == nullptr || type_value->type != json_value::kind::string) {
      return fail(line_number, "a record without a \"type\" string");
    }
    const std::string& type = type_value->text;
    field_reader reader(record);
    if (!seen_header) {
      if (type != "header")
        return fail(line_number, "the first record is not a header");
      header& h = trace.info;
      reader.integer("version", h.version);
      if (h.version != supported_trace_version) {
        return fail(line_number, "trace format version " + std::to_string(h.version) +
                                     " is not supported (this gpucheck reads version " +
                                     std::to_string(supported_trace_version) + ")");
      }
      reader.integer("pid", h.pid);
      reader.text("program", h.program);
      reader.integer("start_ns", h.start_ns);
      reader.text("device", h.device);
      reader.integer("driver_version", h.driver_version);
      reader.integer("runtime_version", h.runtime_version);
      seen_header = true;
    } else if (type == "header") {
      return fail(line_number, "a second header");
    } else {
      read_record(reader, type, trace);
    }
    if (!reader.error().empty())
      return fail(line_number, type + " record: " + reader.error());
  }
  if (!seen_header)
    return fail(0, "the trace is empty (no header line)");
  read_result result;
  if (unparsed_line) {
    if (trace.end)
      return fail(*unparsed_line, "not a JSON object");
    result.notes.push_back("line " + std::to_string(*unparsed_line) +
                           " was cut short while being written and was ignored");
  }
  if (!trace.end) {
    result.notes.push_back("the trace has no footer: the program was killed before it ended, so "
                           "the trace may miss its last records");
  } else if (trace.end->dropped > 0) {
    result.notes.push_back("the tracer dropped " + std::to_string(trace.end->dropped) +
                           " GPU activity records; findings may miss some work");
  }
  sort_by_time(trace);
  result.trace = std::move(trace);
  return result;
}

namespace {

// A trace kept in the repository is gzip-compressed (NAME.trace.jsonl.gz): a lesson's loops of
// launches make traces of 7-17 MB that compress twentyfold.
std::optional<std::string> read_gzip_file(const std::filesystem::path& path, std::string& error) {
#if GPUCHECK_HAVE_ZLIB
  gzFile file = gzopen(path.c_str(), "rb");
  if (file == nullptr) {
    error = "cannot open the trace file " + path.string();
    return std::nullopt;
  }
  std::string text;
  char chunk[1 << 16];
  int count = 0;
  while ((count = gzread(file, chunk, sizeof chunk)) > 0)
    text.append(chunk, static_cast<std::size_t>(count));
  int status = Z_OK;
  const char* message = gzerror(file, &status);
  const bool failed = count < 0 || (status != Z_OK && status != Z_STREAM_END);
  const std::string reason = failed && message != nullptr ? message : "";
  gzclose(file);
  if (failed) {
    error = path.string() + ": not a readable gzip file (" + reason + ")";
    return std::nullopt;
  }
  return text;
#else
  error = path.string() + ": gpucheck was built without zlib, so it cannot read a compressed "
                          "trace (install zlib1g-dev and build again, or gunzip the file)";
  return std::nullopt;
#endif
}

} // namespace

read_result read_trace_file(const std::filesystem::path& path) {
  if (path.extension() == ".gz") {
    std::string error;
    const std::optional<std::string> text = read_gzip_file(path, error);
    if (!text)
      return fail(0, error);
    std::istringstream in(*text);
    read_result result = read_trace(in);
    if (!result.ok())
      result.error = path.string() + ": " + result.error;
    return result;
  }
  std::ifstream in(path);
  if (!in)
    return fail(0, "cannot open the trace file " + path.string());
  read_result result = read_trace(in);
  if (!result.ok())
    result.error = path.string() + ": " + result.error;
  return result;
}

void sort_by_time(run_trace& t) {
  auto by_start = [](const auto& a, const auto& b) { return a.start_ns < b.start_ns; };
  auto by_t = [](const auto& a, const auto& b) { return a.t_ns < b.t_ns; };
  std::stable_sort(t.api.begin(), t.api.end(), by_start);
  std::stable_sort(t.activity.begin(), t.activity.end(), by_start);
  std::stable_sort(t.syncs.begin(), t.syncs.end(), by_start);
  std::stable_sort(t.event_times.begin(), t.event_times.end(), by_t);
  std::stable_sort(t.clocks.begin(), t.clocks.end(), by_t);
  std::stable_sort(t.resources.begin(), t.resources.end(), by_t);
  std::stable_sort(t.nvtx.begin(), t.nvtx.end(), by_start);
}

} // namespace gpucheck::trace
