// SPDX-License-Identifier: MIT
#include "timeline/detail/kernel_name.hpp"

namespace gpucheck::report::detail {

namespace {

// Removes every top-level bracketed part opened by `open` (nesting of all bracket kinds is
// tracked, so "f<(a>b)>" and "g(int (*)(int))" are handled), writing `replacement` instead.
std::string drop_bracketed(std::string_view text, char open, char close,
                           std::string_view replacement) {
  std::string out;
  int depth = 0;
  for (char c : text) {
    if (c == open) {
      if (depth == 0) {
        out += replacement;
      }
      ++depth;
      continue;
    }
    if (c == close && depth > 0) {
      --depth;
      continue;
    }
    if (depth == 0) {
      out += c;
    }
  }
  return out;
}

} // namespace

std::string short_kernel_name(std::string_view demangled) {
  if (demangled.empty()) {
    return "kernel";
  }
  // Parameters first: they may contain "<" (templates) and "::" (namespaces) of their own.
  std::string name = drop_bracketed(demangled, '(', ')', "");
  name = drop_bracketed(name, '<', '>', "<…>");
  // The return type, if any, is separated by a space from the name ("void kernel").
  if (const auto space = name.rfind(' '); space != std::string::npos) {
    const std::string tail = name.substr(space + 1);
    if (!tail.empty()) {
      name = tail;
    }
  }
  if (const auto scope = name.rfind("::"); scope != std::string::npos && scope + 2 < name.size()) {
    name = name.substr(scope + 2);
  }
  return name.empty() ? std::string(demangled) : name;
}

} // namespace gpucheck::report::detail
