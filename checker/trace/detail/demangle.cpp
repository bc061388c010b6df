// SPDX-License-Identifier: MIT
#include "detail/demangle.hpp"

#include <cstdlib>
#include <cxxabi.h>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace gputrace::detail {

std::string_view demangled(const char* mangled) {
  if (mangled == nullptr) {
    return {};
  }
  static std::mutex mutex;
  // Node-based map: references to its values stay valid while it grows. Never destroyed, so
  // that records written during exit still find it.
  static auto* cache = new std::unordered_map<std::string, std::string>();
  std::lock_guard lock(mutex);
  auto [it, inserted] = cache->try_emplace(mangled);
  if (inserted) {
    int status = 0;
    std::unique_ptr<char, decltype(&std::free)> text(
        abi::__cxa_demangle(mangled, nullptr, nullptr, &status), &std::free);
    it->second = (status == 0 && text) ? std::string(text.get()) : std::string(mangled);
  }
  return it->second;
}

} // namespace gputrace::detail
