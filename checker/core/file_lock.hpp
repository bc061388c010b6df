// SPDX-License-Identifier: MIT
// An exclusive lock (flock) on a file, held until the holder lets go or exits, however it exits:
// one check at a time on a GPU (gpu_lock.hpp names its file), one grading batch at a time
// building in a shared grading tree (cli/grade_command.cpp).
#pragma once

#include <filesystem>
#include <functional>

namespace gpucheck {

class file_lock {
public:
  // Takes the lock on `path`, waiting as long as another process holds it; calls `on_wait` once
  // before it waits. A lock file that cannot be opened is no lock (the caller runs unserialized).
  file_lock(const std::filesystem::path& path, const std::function<void()>& on_wait);
  ~file_lock();
  file_lock(const file_lock&) = delete;
  file_lock& operator=(const file_lock&) = delete;

  // Takes the lock only if it is free at once (for tests and for "is someone checking?").
  static bool try_lock(const std::filesystem::path& path, int& fd_out);

  bool held() const { return m_fd >= 0; }
  bool waited() const { return m_waited; }

private:
  int m_fd = -1;
  bool m_waited = false;
};

} // namespace gpucheck
