// SPDX-License-Identifier: MIT
// Which loaded object (executable or shared library) holds a code address, and what that object
// is to the tracer. Attribution of API calls and clock reads rests on this: it runs on hot paths,
// so lookups are a binary search over an immutable snapshot, rebuilt only when a library was
// loaded or unloaded since.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace gputrace {

enum class object_kind {
  program,      // the executable or one of the program's own libraries
  cuda_library, // a CUDA math library (cuBLAS, cuFFT, ...): calls from it are not the program's
  cuda_core,    // libcuda, libcupti, libcudart and this tracer: frames skipped when attributing
  system,       // libc, libstdc++, the loader...: transparent, the caller is further up
};

struct loaded_object {
  std::string path;             // full path, for addr2line
  std::string short_name;       // file name, as written in the trace ("libcublasLt.so.13", "a.out")
  std::uintptr_t load_bias = 0; // subtract from an address to get the offset addr2line wants
  object_kind kind = object_kind::system;
  mutable std::atomic<bool> announced{false}; // its `object` record was written
};

// The object that holds `address`, or nullptr (JIT code, the vDSO). Lock-free on a hit.
const loaded_object* object_at(std::uintptr_t address);

} // namespace gputrace
