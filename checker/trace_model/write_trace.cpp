// SPDX-License-Identifier: MIT
// run_trace -> JSON Lines (format v1). Used by tests and tools that make synthetic traces.
#include "trace_model/read_trace.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <ostream>

namespace gpucheck::trace {
namespace {

using json = nlohmann::json;

template <typename T> void put(json& j, const char* name, const std::optional<T>& value) {
  if (value)
    j[name] = *value;
}
void put(json& j, const char* name, const std::string& value) {
  if (!value.empty())
    j[name] = value;
}

const char* domain_name(api_domain d) {
  switch (d) {
  case api_domain::driver:
    return "driver";
  case api_domain::library:
    return "library";
  case api_domain::runtime:
    break;
  }
  return "runtime";
}

const char* activity_name(activity_kind k) {
  switch (k) {
  case activity_kind::memcpy:
    return "memcpy";
  case activity_kind::memset:
    return "memset";
  case activity_kind::kernel:
    break;
  }
  return "kernel";
}

json python_json(const std::vector<python_frame>& frames) {
  json array = json::array();
  for (const python_frame& frame : frames)
    array.push_back({{"file", frame.file}, {"line", frame.line}, {"function", frame.function}});
  return array;
}

json api_json(const api_call& c) {
  json j = {{"type", "api"},
            {"domain", domain_name(c.domain)},
            {"name", c.name},
            {"start_ns", c.start_ns},
            {"end_ns", c.end_ns},
            {"tid", c.tid},
            {"correlation", c.correlation},
            {"result", c.result},
            {"caller", c.caller}};
  if (c.tracer_until_ns != 0)
    j["tracer_until_ns"] = c.tracer_until_ns;
  put(j, "stream", c.stream);
  if (c.per_thread)
    j["per_thread"] = true;
  put(j, "stream_id", c.stream_id);
  put(j, "event", c.event);
  put(j, "event_end", c.event_end);
  put(j, "flags", c.flags);
  put(j, "created_event", c.created_event);
  put(j, "created_stream", c.created_stream);
  put(j, "created_stream_id", c.created_stream_id);
  put(j, "kernel", c.kernel);
  put(j, "bytes", c.bytes);
  put(j, "copy_kind", c.copy_kind);
  put(j, "elapsed_ms", c.elapsed_ms);
  put(j, "graph_exec", c.graph_exec);
  if (!c.site.empty())
    j["site"] = c.site;
  if (!c.python.empty())
    j["python"] = python_json(c.python);
  return j;
}

} // namespace

void write_trace(std::ostream& out, const run_trace& t) {
  const header& h = t.info;
  out << json{{"type", "header"},
              {"version", h.version},
              {"pid", h.pid},
              {"program", h.program},
              {"start_ns", h.start_ns},
              {"device", h.device},
              {"driver_version", h.driver_version},
              {"runtime_version", h.runtime_version}}
             .dump()
      << '\n';
  for (const api_call& c : t.api)
    out << api_json(c).dump() << '\n';
  for (const gpu_activity& a : t.activity) {
    json j = {{"type", activity_name(a.kind)},
              {"start_ns", a.start_ns},
              {"end_ns", a.end_ns},
              {"stream_id", a.stream_id},
              {"correlation", a.correlation}};
    put(j, "name", a.name);
    put(j, "bytes", a.bytes);
    put(j, "copy_kind", a.copy_kind);
    put(j, "src_memory", a.src_memory);
    put(j, "dst_memory", a.dst_memory);
    out << j.dump() << '\n';
  }
  for (const sync_activity& s : t.syncs) {
    json j = {{"type", "sync"},
              {"sync_kind", s.sync_kind},
              {"start_ns", s.start_ns},
              {"end_ns", s.end_ns},
              {"correlation", s.correlation}};
    put(j, "stream_id", s.stream_id);
    put(j, "event", s.event);
    out << j.dump() << '\n';
  }
  for (const event_time& e : t.event_times) {
    out << json{{"type", "event_time"},
                {"event", e.event},
                {"t_ns", e.t_ns},
                {"correlation", e.correlation}}
               .dump()
        << '\n';
  }
  for (const clock_read& c : t.clocks) {
    json j = {{"type", "clock"},        {"clock", c.clock}, {"t_ns", c.t_ns},
              {"value_ns", c.value_ns}, {"tid", c.tid},     {"site", c.site}};
    if (c.marker)
      j["marker"] = true;
    if (c.tracer_until_ns != 0)
      j["tracer_until_ns"] = c.tracer_until_ns;
    if (!c.python.empty())
      j["python"] = python_json(c.python);
    out << j.dump() << '\n';
  }
  for (const resource_event& r : t.resources) {
    out << json{{"type", "resource"}, {"what", r.what}, {"t_ns", r.t_ns}, {"tid", r.tid}}.dump()
        << '\n';
  }
  for (const nvtx_range& n : t.nvtx) {
    out << json{{"type", "nvtx"},
                {"name", n.name},
                {"start_ns", n.start_ns},
                {"end_ns", n.end_ns},
                {"tid", n.tid}}
               .dump()
        << '\n';
  }
  for (const auto& [name, path] : t.objects) {
    out << json{{"type", "object"}, {"name", name}, {"path", path}}.dump() << '\n';
  }
  for (const auto& [site, where] : t.locations) {
    out << json{{"type", "location"},         {"site", site},
                {"file", where.file},         {"line", where.line},
                {"function", where.function}, {"text", where.text}}
               .dump()
        << '\n';
  }
  for (const checked_call& c : t.checked_calls) {
    json record{{"type", "checked_call"}, {"check", c.check}, {"begin_ns", c.begin_ns},
                {"end_ns", c.end_ns},     {"tid", c.tid},     {"truth_ms", c.truth_ms}};
    if (std::isfinite(c.reported_ms)) // NaN: the function returned no single number
      record["reported_ms"] = c.reported_ms;
    if (c.failed_truth_ms > 0) { // the run that failed, untraced
      record["failed_truth_ms"] = c.failed_truth_ms;
      if (std::isfinite(c.failed_reported_ms))
        record["failed_reported_ms"] = c.failed_reported_ms;
    }
    if (!c.slip.empty())
      record["slip"] = c.slip;
    if (c.per_run)
      record["per_run"] = true;
    out << record.dump() << '\n';
  }
  if (t.end) {
    out << json{{"type", "footer"},
                {"end_ns", t.end->end_ns},
                {"reason", t.end->reason},
                {"dropped", t.end->dropped},
                {"incomplete", t.end->incomplete}}
               .dump()
        << '\n';
  }
}

} // namespace gpucheck::trace
