// SPDX-License-Identifier: MIT
// Shared by the rules' tests: loading fixture traces, and building small traces in code.
#pragma once

#include "rules/finding.hpp"
#include "trace_model/read_trace.hpp"
#include "trace_model/trace.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace gpucheck::test {

inline std::filesystem::path fixtures_dir() {
  return GPUCHECK_FIXTURES_DIR;
}

// A synthetic fixture by its name without extension; fails the test when it cannot be read.
inline trace::run_trace synthetic_trace(const std::string& name) {
  const trace::read_result result =
      trace::read_trace_file(fixtures_dir() / "synthetic" / (name + ".jsonl"));
  INFO(result.error);
  REQUIRE(result.ok());
  return *result.trace;
}

inline std::vector<std::string> synthetic_names(const std::string& prefix) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(fixtures_dir() / "synthetic")) {
    const std::string stem = entry.path().stem().string();
    if (entry.path().extension() == ".jsonl" && stem.rfind(prefix, 0) == 0)
      names.push_back(stem);
  }
  std::sort(names.begin(), names.end());
  return names;
}

inline std::vector<std::string> rule_ids(const std::vector<rules::finding>& findings) {
  std::vector<std::string> ids;
  for (const rules::finding& f : findings)
    ids.push_back(f.rule);
  return ids;
}

constexpr trace::time_ns us = 1000; // [ns]
constexpr trace::time_ns ms = 1000 * us;

// Builds traces in code, for scenarios too small to deserve a fixture file.
class trace_builder {
public:
  trace_builder() { m_trace.info.version = 1; }

  trace_builder& clock(trace::time_ns t_ns, std::string site, int tid = 1,
                       std::string clock = "monotonic", bool marker = false) {
    trace::clock_read read;
    read.clock = std::move(clock);
    read.t_ns = t_ns;
    read.value_ns = t_ns;
    read.tid = tid;
    read.site = std::move(site);
    read.marker = marker;
    m_trace.clocks.push_back(read);
    return *this;
  }
  trace::api_call& api(std::string name, trace::time_ns start_ns, trace::time_ns end_ns,
                       int tid = 1) {
    trace::api_call& call = m_trace.api.emplace_back();
    call.name = std::move(name);
    call.start_ns = start_ns;
    call.end_ns = end_ns;
    call.tid = tid;
    call.correlation = m_next_correlation++;
    return call;
  }
  // A kernel launch on the legacy stream (stream id 7) unless told otherwise.
  trace_builder& launch(trace::time_ns call_ns, trace::time_ns gpu_start_ns,
                        trace::time_ns gpu_end_ns, int tid = 1, std::uint32_t stream_id = 7,
                        trace::handle stream = 0) {
    trace::api_call& call = api("cudaLaunchKernel", call_ns, call_ns + 5 * us, tid);
    call.stream = stream;
    call.stream_id = stream_id;
    trace::gpu_activity& work = m_trace.activity.emplace_back();
    work.start_ns = gpu_start_ns;
    work.end_ns = gpu_end_ns;
    work.stream_id = stream_id;
    work.correlation = call.correlation;
    return *this;
  }
  trace::gpu_activity& activity(trace::time_ns start_ns, trace::time_ns end_ns,
                                std::uint32_t correlation, std::uint32_t stream_id = 7) {
    trace::gpu_activity& work = m_trace.activity.emplace_back();
    work.start_ns = start_ns;
    work.end_ns = end_ns;
    work.stream_id = stream_id;
    work.correlation = correlation;
    return work;
  }
  // cudaStreamCreateWithFlags(cudaStreamNonBlocking) of `stream` (stream id `id`) at `at_ns`.
  trace_builder& create_non_blocking_stream(trace::time_ns at_ns, trace::handle stream,
                                            std::uint32_t id) {
    trace::api_call& call = api("cudaStreamCreateWithFlags", at_ns, at_ns + 10 * us);
    call.flags = 1; // cudaStreamNonBlocking
    call.created_stream = stream;
    call.created_stream_id = id;
    return *this;
  }
  trace_builder& device_sync(trace::time_ns start_ns, trace::time_ns end_ns, int tid = 1) {
    api("cudaDeviceSynchronize", start_ns, end_ns, tid);
    return *this;
  }
  trace::run_trace build() {
    trace::sort_by_time(m_trace);
    return m_trace;
  }

private:
  trace::run_trace m_trace;
  std::uint32_t m_next_correlation = 1;
};

} // namespace gpucheck::test
