// SPDX-License-Identifier: MIT
#include "core/gpu_lock.hpp"

#include <cctype>
#include <cstdlib>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gpucheck {
namespace {

int open_lock_file(const std::filesystem::path& path) {
  const int fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (fd >= 0) {
    (void)fchmod(fd, 0666); // other users of this GPU must be able to take it too (umask)
  }
  return fd;
}

} // namespace

gpu_lock::gpu_lock(const std::filesystem::path& path, const std::function<void()>& on_wait) {
  m_fd = open_lock_file(path);
  if (m_fd < 0) {
    return;
  }
  if (flock(m_fd, LOCK_EX | LOCK_NB) == 0) {
    return;
  }
  m_waited = true;
  if (on_wait) {
    on_wait();
  }
  while (flock(m_fd, LOCK_EX) != 0) {
  } // interrupted by a signal: wait again
}

gpu_lock::~gpu_lock() {
  if (m_fd >= 0) {
    close(m_fd); // releases the lock
  }
}

bool gpu_lock::try_lock(const std::filesystem::path& path, int& fd_out) {
  fd_out = open_lock_file(path);
  if (fd_out < 0) {
    return false;
  }
  if (flock(fd_out, LOCK_EX | LOCK_NB) != 0) {
    close(fd_out);
    fd_out = -1;
    return false;
  }
  return true;
}

std::string gpu_identity() {
  const char* visible = std::getenv("CUDA_VISIBLE_DEVICES");
  std::string first = visible != nullptr ? visible : "";
  first = first.substr(0, first.find(','));
  std::string safe;
  for (const char c : first) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '-') {
      safe.push_back(c);
    }
  }
  return safe.empty() ? "0" : safe;
}

std::filesystem::path gpu_lock_path(const std::string& identity) {
  const char* directory = std::getenv("GPUCHECK_LOCK_DIR");
  if (directory == nullptr || *directory == '\0' || !std::filesystem::is_directory(directory)) {
    directory = "/tmp";
  }
  return std::filesystem::path(directory) / ("gpucheck-gpu" + identity + ".lock");
}

} // namespace gpucheck
