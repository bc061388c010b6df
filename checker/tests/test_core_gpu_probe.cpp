// SPDX-License-Identifier: MIT
#include "core/gpu_probe.hpp"
#include "messages/messages.hpp"

#include <doctest/doctest.h>

using gpucheck::probe_gpu;

TEST_CASE("no driver library means no GPU, and the reason names the library") {
  const auto presence = probe_gpu("libcuda-that-does-not-exist.so.1");
  CHECK_FALSE(presence.present);
  CHECK(presence.reason.find("libcuda-that-does-not-exist.so.1 was not found") !=
        std::string::npos);
}

TEST_CASE("a library that is not a CUDA driver means no GPU") {
  const auto presence = probe_gpu("libm.so.6");
  CHECK_FALSE(presence.present);
  CHECK(presence.reason.find("not a CUDA driver") != std::string::npos);
}

// Issue 47: check (whose check program says check.api.device.no-driver), run and status (which
// say this probe's reason) name a missing driver in one wording, in both languages.
TEST_CASE("a missing driver is said in the check program's words, in both languages") {
  using namespace gpucheck::messages;
  const std::string library = "libcuda-that-does-not-exist.so.1";
  for (const language chosen : {language::english, language::chinese}) {
    set_language(chosen);
    CHECK(probe_gpu(library).reason == text("check.api.device.no-driver", {{"library", library}}));
  }
  set_language(language::english);
}
