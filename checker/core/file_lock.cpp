// SPDX-License-Identifier: MIT
#include "core/file_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gpucheck {
namespace {

int open_lock_file(const std::filesystem::path& path) {
  const int fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (fd >= 0) {
    (void)fchmod(fd, 0666); // other users of the machine must be able to take it too (umask)
  }
  return fd;
}

} // namespace

file_lock::file_lock(const std::filesystem::path& path, const std::function<void()>& on_wait) {
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

file_lock::~file_lock() {
  if (m_fd >= 0) {
    close(m_fd); // releases the lock
  }
}

bool file_lock::try_lock(const std::filesystem::path& path, int& fd_out) {
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

} // namespace gpucheck
