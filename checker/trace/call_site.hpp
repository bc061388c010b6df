// SPDX-License-Identifier: MIT
// Who made a call, read from the stack. Two questions, both answered by unwinding only as far as
// needed: which object called a CUDA API (the program, or a library such as cuBLAS that carries
// its own static cudart), and where in the program a clock was read.
#pragma once

#include <cstdint>
#include <string>

namespace gputrace {

// "program", or the short name of the CUDA library that made the current CUDA call. Frames in
// libcupti, libcuda, libcudart, this tracer and system libraries are skipped: nvcc links cudart
// statically into the executable, so the first other frame's object is the caller. When `site` is
// given and the caller is the program, it gets the program's return addresses on the stack,
// innermost first, in the clock reads' format (the static cudart's frames included: they have no
// line information, and the reader skips them).
const std::string& api_caller(std::string* site = nullptr);

// Decides whether a clock read whose interposer was called from `return_address` is the
// program's own. When it is, fills `site` with the program's return addresses on the stack,
// innermost first ("a.out+0x1a2b<a.out+0x2c40") and returns true. Reads by libcuda and the like
// are rejected from the return address alone, without unwinding.
bool program_clock_site(std::uintptr_t return_address, std::string& site);

} // namespace gputrace
