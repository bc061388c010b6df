// SPDX-License-Identifier: MIT
// Kernel names as people read them. Demangling costs microseconds and every launch of a kernel
// carries the same name, so each mangled name is demangled once and cached.
#pragma once

#include <string_view>

namespace gputrace::detail {

// The demangled name, or the name itself when it is not a mangled C++ name. The returned view
// stays valid for the life of the process.
std::string_view demangled(const char* mangled);

} // namespace gputrace::detail
