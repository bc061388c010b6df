// SPDX-License-Identifier: MIT
#include "timeline/detail/api_kind.hpp"

#include "rules/api_names.hpp"

#include <array>

namespace gpucheck::report::detail {

namespace {

bool contains_any(std::string_view name, std::initializer_list<std::string_view> parts) {
  for (std::string_view part : parts) {
    if (name.find(part) != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

} // namespace

api_kind classify_api(std::string_view name) {
  // Order matters: "cudaStreamSynchronize" is a sync although it names a stream, and
  // "cudaMemcpyAsync" a copy although it is asynchronous.
  if (contains_any(name, {"Synchronize"})) {
    return api_kind::sync;
  }
  if (contains_any(name, {"Launch"})) {
    return api_kind::launch;
  }
  if (contains_any(name, {"Memcpy", "Memset", "memcpy", "memset", "Prefetch"})) {
    return api_kind::copy;
  }
  // Setup as the rules define it (rules/api_names.hpp: stream-ordered cudaMallocAsync is not),
  // and one-time start-up.
  if (rules::detail::is_setup_call(name) || rules::detail::is_module_load(name) ||
      rules::detail::is_start_up_call(name)) {
    return api_kind::setup;
  }
  return api_kind::other;
}

const char* api_kind_name(api_kind kind) {
  static constexpr std::array<const char*, 5> names = {"launch", "sync", "copy", "setup", "other"};
  return names[static_cast<std::size_t>(kind)];
}

} // namespace gpucheck::report::detail
