// SPDX-License-Identifier: MIT
// Short names for GPU work: a demangled kernel name such as
// "void ns::gemm<float, 128>(float const*, int)" is far too long for a block on a timeline.
#pragma once

#include <string>
#include <string_view>

namespace gpucheck::report::detail {

// "gemm<…>": the return type, namespaces and parameter list dropped, template arguments elided.
std::string short_kernel_name(std::string_view demangled);

} // namespace gpucheck::report::detail
