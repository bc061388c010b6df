// SPDX-License-Identifier: MIT
// One timing check at a time on one GPU: two checks that share a GPU disturb each other's timings,
// so a check holds an exclusive lock (flock) on a file named after its GPU while its program runs.
// The lock is released when the holder exits, however it exits.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

namespace gpucheck {

class gpu_lock {
public:
  // Takes the lock on `path`, waiting as long as another process holds it; calls `on_wait` once
  // before it waits. A lock file that cannot be opened is no lock (the check runs unserialized).
  gpu_lock(const std::filesystem::path& path, const std::function<void()>& on_wait);
  ~gpu_lock();
  gpu_lock(const gpu_lock&) = delete;
  gpu_lock& operator=(const gpu_lock&) = delete;

  // Takes the lock only if it is free at once (for tests and for "is someone checking?").
  static bool try_lock(const std::filesystem::path& path, int& fd_out);

  bool held() const { return m_fd >= 0; }
  bool waited() const { return m_waited; }

private:
  int m_fd = -1;
  bool m_waited = false;
};

// Which GPU a check will use: the first entry of CUDA_VISIBLE_DEVICES (an index or a UUID), or 0.
std::string gpu_identity();

// The lock file of that GPU: gpucheck-gpu<identity>.lock in $GPUCHECK_LOCK_DIR, else in /tmp
// (shared by every user of the machine, as the GPU is; not $XDG_RUNTIME_DIR, which is per user).
std::filesystem::path gpu_lock_path(const std::string& identity = gpu_identity());

} // namespace gpucheck
