// SPDX-License-Identifier: MIT
#include "core/gpu_lock.hpp"

#include <doctest/doctest.h>
#include <filesystem>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

TEST_CASE("a file lock: a second taker waits until the first lets go") {
  const fs::path path =
      fs::temp_directory_path() / ("gpucheck-lock-test-" + std::to_string(getpid()));
  bool waited = false;
  {
    gpucheck::file_lock first(path, [&] { waited = true; });
    CHECK(first.held());
    CHECK_FALSE(first.waited());
    int fd = -1;
    CHECK_FALSE(gpucheck::file_lock::try_lock(path, fd)); // held: another taker cannot have it
    // Another process waits for it, and says so once, then gets it when we let go.
    const pid_t child = fork();
    if (child == 0) {
      for (int fd_to_close = 3; fd_to_close < 1024; ++fd_to_close) {
        close(fd_to_close); // the inherited descriptor shares our lock; drop it
      }
      bool child_waited = false;
      gpucheck::file_lock second(path, [&] { child_waited = true; });
      _exit(second.held() && child_waited ? 0 : 1);
    }
    usleep(200 * 1000);
    int status = 0;
    CHECK(waitpid(child, &status, WNOHANG) == 0); // still waiting
    first.~file_lock();
    new (&first) gpucheck::file_lock(fs::temp_directory_path() / "gpucheck-lock-test-other", {});
    REQUIRE(waitpid(child, &status, 0) == child);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
  }
  CHECK_FALSE(waited);
  int fd = -1;
  CHECK(gpucheck::file_lock::try_lock(path, fd)); // free again
  close(fd);
  fs::remove(path);
  fs::remove(fs::temp_directory_path() / "gpucheck-lock-test-other");
}

TEST_CASE("the lock file is named after the GPU the check will use") {
  setenv("CUDA_VISIBLE_DEVICES", "GPU-1234abcd,1", 1);
  CHECK(gpucheck::gpu_identity() == "GPU-1234abcd");
  setenv("CUDA_VISIBLE_DEVICES", "", 1);
  CHECK(gpucheck::gpu_identity() == "0");
  setenv("GPUCHECK_LOCK_DIR", "/nonexistent-folder", 1);
  CHECK(gpucheck::gpu_lock_path("3") == fs::path("/tmp/gpucheck-gpu3.lock"));
  unsetenv("GPUCHECK_LOCK_DIR");
  unsetenv("CUDA_VISIBLE_DEVICES");
}
