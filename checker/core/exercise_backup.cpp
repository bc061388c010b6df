// SPDX-License-Identifier: MIT
#include "core/exercise_backup.hpp"

#include "messages/messages.hpp"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace gpucheck {
namespace fs = std::filesystem;
namespace {

bool read_bytes(const fs::path& file, std::string& bytes) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    return false;
  }
  std::ostringstream text;
  text << in.rdbuf();
  bytes = text.str();
  return !in.bad();
}

// Creates `file` only if it does not exist (O_EXCL), and writes `bytes` to it. Sets `exists`
// when the name was taken.
bool write_new_file(const fs::path& file, const std::string& bytes, bool& exists,
                    std::string& error) {
  exists = false;
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    exists = errno == EEXIST;
    error = file.string() + ": " + std::strerror(errno);
    return false;
  }
  std::size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t count = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (count < 0 && errno == EINTR) {
      continue;
    }
    if (count <= 0) {
      error = file.string() + ": " + std::strerror(errno);
      ::close(fd);
      return false;
    }
    written += static_cast<std::size_t>(count);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    error = file.string() + ": " + std::strerror(errno);
    return false;
  }
  return true;
}

} // namespace

std::string backup_file_name(const std::string& file_name,
                             std::chrono::system_clock::time_point when, int sequence) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(when);
  std::tm local{};
  localtime_r(&seconds, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
  std::string name = file_name + "." + stamp;
  if (sequence > 1) {
    name += "." + std::to_string(sequence);
  }
  return name;
}

reset_outcome restore_starter(const fs::path& exercise, const std::string& starter_text,
                              const fs::path& backup_dir,
                              std::chrono::system_clock::time_point now) {
  reset_outcome outcome;
  std::string current;
  const bool had_file = fs::exists(exercise);
  if (had_file && !read_bytes(exercise, current)) {
    outcome.error = messages::text("reset.could-not-read", {{"file", exercise.string()}});
    return outcome;
  }
  if (had_file && current == starter_text) {
    outcome.ok = true;
    outcome.already_starter = true;
    return outcome;
  }
  if (had_file) {
    std::error_code error;
    fs::create_directories(backup_dir, error);
    if (error) {
      outcome.error = messages::text("reset.could-not-create",
                                     {{"folder", backup_dir.string()}, {"error", error.message()}});
      return outcome;
    }
    const std::string name = exercise.filename().string();
    bool made = false;
    for (int sequence = 1; sequence < 1000 && !made; ++sequence) {
      const fs::path candidate = backup_dir / backup_file_name(name, now, sequence);
      bool exists = false;
      std::string write_error;
      made = write_new_file(candidate, current, exists, write_error);
      if (made) {
        outcome.backup = candidate;
      } else if (!exists) {
        outcome.error = messages::text("reset.could-not-write-backup", {{"error", write_error}});
        fs::remove(candidate, error);
        return outcome;
      }
    }
    std::string check;
    if (!made || !read_bytes(outcome.backup, check) || check != current) {
      outcome.error = messages::text(
          "reset.no-backup", {{"file", exercise.string()}, {"folder", backup_dir.string()}});
      return outcome;
    }
  }
  const fs::path temporary =
      exercise.parent_path() / ("." + exercise.filename().string() + ".gpucheck-reset");
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << starter_text;
    if (!out.flush()) {
      outcome.error = messages::text("reset.could-not-write", {{"file", temporary.string()}});
      return outcome;
    }
  }
  std::error_code error;
  fs::rename(temporary, exercise, error);
  if (error) {
    outcome.error = messages::text("reset.could-not-replace",
                                   {{"file", exercise.string()}, {"error", error.message()}});
    fs::remove(temporary, error);
    return outcome;
  }
  outcome.ok = true;
  return outcome;
}

} // namespace gpucheck
