// SPDX-License-Identifier: MIT
// The timeline's colours and the rules classify API names with one classifier: a call the rules
// count as setup is drawn as setup, and one they do not (stream-ordered allocation) is not.
#include "rules/api_names.hpp"
#include "timeline/detail/api_kind.hpp"

#include <doctest/doctest.h>

using gpucheck::report::detail::api_kind;
using gpucheck::report::detail::classify_api;
namespace names = gpucheck::rules::detail;

TEST_CASE("the timeline draws as setup exactly what the rules call setup or start-up") {
  for (const char* name :
       {"cudaMalloc", "cudaMallocAsync", "cudaFreeAsync", "cudaFree", "cudaMallocHost",
        "cudaStreamCreateWithFlags", "cudaEventCreate", "cublasCreate_v2", "cuLibraryLoadData",
        "cuModuleLoadData", "cudaFuncSetAttribute", "cudaLaunchKernel", "cudaMemcpyAsync",
        "cudaDeviceSynchronize", "cudaEventRecord", "cudaMallocFromPoolAsync"}) {
    CAPTURE(name);
    const bool rules_setup =
        names::is_setup_call(name) || names::is_module_load(name) || names::is_start_up_call(name);
    CHECK((classify_api(name) == api_kind::setup) == rules_setup);
  }
  CHECK(classify_api("cudaMallocAsync") != api_kind::setup);
  CHECK(classify_api("cudaMalloc") == api_kind::setup);
  CHECK(classify_api("cudaStreamSynchronize") == api_kind::sync);
  CHECK(classify_api("cudaMemcpyAsync") == api_kind::copy);
}
