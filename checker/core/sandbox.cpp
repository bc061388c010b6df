// SPDX-License-Identifier: MIT
#include "core/sandbox.hpp"

#include "messages/messages.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

extern char** environ;

namespace gpucheck {
namespace fs = std::filesystem;
namespace {

constexpr unsigned nobody_user = 65534;
// Processes and threads a sandbox may add to its user's: a check program has a few threads of
// CUDA's and a fresh process or two (checkapi/fresh_process.hpp); a fork bomb stops here.
constexpr unsigned long long sandbox_process_budget = 256;
// Private data memory (RLIMIT_DATA: heap and private writable mappings). CUDA's own reservations
// of address space are not writable and its device and pinned memory are shared mappings, so
// neither counts; a check program's host buffers are far below this.
constexpr unsigned long long sandbox_data_limit_bytes = 8ULL << 30;
constexpr unsigned long long sandbox_file_limit_bytes = 1ULL
                                                        << 30; // the largest trace is tens of MB
constexpr const char* sandbox_tmpfs_size = "536870912";        // /tmp, the scratch, /dev/shm: RAM

// The system's programs and libraries (the CUDA Toolkit's and the driver's among them, under /usr
// or /opt), its configuration, sysfs (the CUDA driver reads the PCI topology there), and the
// socket of NVIDIA's persistence daemon.
constexpr const char* system_paths[] = {"/usr",
                                        "/etc",
                                        "/opt",
                                        "/bin",
                                        "/sbin",
                                        "/lib",
                                        "/lib32",
                                        "/lib64",
                                        "/libx32",
                                        "/sys",
                                        "/run/nvidia-persistenced"};

void append_words(std::vector<std::string>& arguments, std::initializer_list<std::string> words) {
  arguments.insert(arguments.end(), words);
}

// /dev/nvidia0, /dev/nvidiactl, /dev/nvidia-uvm, /dev/nvidia-caps...; and /dev/dri.
std::vector<fs::path> gpu_device_nodes() {
  std::vector<fs::path> nodes;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator("/dev", error)) {
    if (entry.path().filename().string().rfind("nvidia", 0) == 0) {
      nodes.push_back(entry.path());
    }
  }
  if (fs::exists("/dev/dri", error)) {
    nodes.emplace_back("/dev/dri");
  }
  return nodes;
}

// Tasks (processes and threads) whose real user is `user`: what RLIMIT_NPROC counts.
unsigned long long tasks_of_user(unsigned user) {
  unsigned long long tasks = 0;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) {
      continue;
    }
    std::ifstream status(entry.path() / "status");
    long real_user = -1;
    unsigned long long threads = 0;
    for (std::string line; std::getline(status, line);) {
      if (line.rfind("Uid:", 0) == 0) {
        real_user = std::strtol(line.c_str() + 4, nullptr, 10);
      } else if (line.rfind("Threads:", 0) == 0) {
        threads = std::strtoull(line.c_str() + 8, nullptr, 10);
      }
    }
    if (real_user == static_cast<long>(user)) {
      tasks += threads;
    }
  }
  return tasks;
}

bool passed_into_sandbox(const std::string& name) {
  for (const char* exact : {"PATH", "LANG", "LANGUAGE", "NO_COLOR", "LD_LIBRARY_PATH"}) {
    if (name == exact) {
      return true;
    }
  }
  for (const char* prefix : {"LC_", "CUDA_", "NVIDIA_", "GPUCHECK_"}) {
    if (name.rfind(prefix, 0) == 0) {
      return true;
    }
  }
  return false;
}

std::string find_bwrap() {
  if (const char* chosen = std::getenv("GPUCHECK_BWRAP"); chosen != nullptr && *chosen != '\0') {
    return chosen;
  }
  const char* path = std::getenv("PATH");
  std::string folders = path != nullptr ? path : "/usr/bin:/bin";
  for (std::size_t start = 0; start <= folders.size();) {
    const std::size_t end = std::min(folders.find(':', start), folders.size());
    const fs::path candidate = fs::path(folders.substr(start, end - start)) / "bwrap";
    if (access(candidate.c_str(), X_OK) == 0) {
      return candidate.string();
    }
    start = end + 1;
  }
  return "";
}

std::string without_trailing_space(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) {
    text.pop_back();
  }
  return text;
}

} // namespace

sandbox_view& sandbox_view::show(const fs::path& path) {
  mounts.push_back({kind::read_only, path});
  return *this;
}

sandbox_view& sandbox_view::hide(const fs::path& path) {
  mounts.push_back({kind::hidden, path});
  return *this;
}

sandbox_view& sandbox_view::allow_writing(const fs::path& path) {
  mounts.push_back({kind::writable, path});
  return *this;
}

void show_course(sandbox_view& view, const fs::path& course) {
  const fs::path root = fs::absolute(course).lexically_normal();
  view.show(root).hide(root / "solutions").hide(root / ".git");
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(root, error)) {
    if (entry.is_directory(error) && fs::exists(entry.path() / "CMakeCache.txt", error)) {
      view.hide(entry.path());
    }
  }
  const fs::path own_build = fs::read_symlink("/proc/self/exe", error).parent_path().parent_path();
  if (!error && fs::exists(own_build / "CMakeCache.txt", error)) {
    view.hide(own_build);
  }
}

std::optional<unsigned> sandbox_user() {
  if (getuid() == 0) {
    return nobody_user;
  }
  return std::nullopt;
}

std::vector<unsigned> sandbox_groups() {
  std::vector<unsigned> groups;
  for (const fs::path& node : gpu_device_nodes()) {
    struct stat status {};
    if (stat(node.c_str(), &status) == 0 && status.st_gid != 0 &&
        std::find(groups.begin(), groups.end(), status.st_gid) == groups.end()) {
      groups.push_back(status.st_gid);
    }
  }
  return groups;
}

std::vector<resource_limit> sandbox_limits(std::optional<unsigned> user) {
  const unsigned counted = user.value_or(static_cast<unsigned>(getuid()));
  return {{RLIMIT_NPROC, tasks_of_user(counted) + sandbox_process_budget},
          {RLIMIT_DATA, sandbox_data_limit_bytes},
          {RLIMIT_FSIZE, sandbox_file_limit_bytes},
          {RLIMIT_CORE, 0}};
}

std::vector<std::string> sandbox_command(const std::string& bwrap, const sandbox_view& view,
                                         int started_fd) {
  std::vector<std::string> arguments{bwrap};
  // No network (a loopback of its own), no other process, no IPC; killed with gpucheck.
  append_words(arguments, {"--unshare-all", "--die-with-parent", "--new-session"});
  std::error_code error;
  std::vector<fs::path> shown; // a hidden path outside all of them is absent already
  for (const char* path : system_paths) {
    if (fs::is_symlink(path, error)) { // /lib -> usr/lib on a merged /usr
      append_words(arguments, {"--symlink", fs::read_symlink(path, error).string(), path});
    } else if (fs::exists(path, error)) {
      append_words(arguments, {"--ro-bind", path, path});
      shown.emplace_back(path);
    }
  }
  append_words(arguments, {"--proc", "/proc", "--dev", "/dev"});
  for (const fs::path& node : gpu_device_nodes()) {
    append_words(arguments, {"--dev-bind", node.string(), node.string()});
  }
  for (const char* folder : {"/tmp", sandbox_scratch, "/dev/shm"}) {
    append_words(arguments, {"--size", sandbox_tmpfs_size, "--tmpfs", folder});
  }
  std::vector<std::string> hidden_folders;
  for (const auto& mount : view.mounts) {
    if (!fs::exists(mount.path, error)) {
      continue;
    }
    const fs::path normal = fs::absolute(mount.path).lexically_normal();
    const std::string path = normal.string();
    if (mount.what != sandbox_view::kind::hidden) {
      shown.push_back(normal);
    } else if (std::none_of(shown.begin(), shown.end(), [&](const fs::path& outer) {
                 const auto [end, _] =
                     std::mismatch(outer.begin(), outer.end(), normal.begin(), normal.end());
                 return end == outer.end();
               })) {
      continue;
    }
    switch (mount.what) {
    case sandbox_view::kind::read_only:
      append_words(arguments, {"--ro-bind", path, path});
      break;
    case sandbox_view::kind::writable:
      append_words(arguments, {"--bind", path, path});
      break;
    case sandbox_view::kind::hidden:
      // What an earlier hiding put beneath this one is no mount point of the sandbox any more.
      std::erase_if(hidden_folders, [&](const std::string& folder) {
        return folder == path || folder.rfind(path + "/", 0) == 0;
      });
      if (fs::is_directory(mount.path, error)) {
        append_words(arguments, {"--tmpfs", path});
        hidden_folders.push_back(path);
      } else {
        append_words(arguments, {"--ro-bind", "/dev/null", path});
      }
      break;
    }
  }
  // Empty and read-only: nothing written there survives, and nothing can be.
  for (const std::string& folder : hidden_folders) {
    append_words(arguments, {"--remount-ro", folder});
  }
  append_words(arguments, {"--chdir", sandbox_scratch, "--"});
  if (started_fd >= 0) {
    // A shell in the finished sandbox says so on started_fd, closes it and becomes the command:
    // bwrap's own failures (a mount refused) then never pass for the program's.
    const std::string fd = std::to_string(started_fd);
    append_words(
        arguments,
        {"/bin/sh", "-c", "echo >&" + fd + " && exec " + fd + ">&- && exec \"$@\"", "sandboxed"});
  }
  return arguments;
}

std::vector<std::pair<std::string, std::string>>
sandbox_environment(const std::vector<std::pair<std::string, std::string>>& extra) {
  std::vector<std::pair<std::string, std::string>> variables;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    const char* equals = std::strchr(*entry, '=');
    if (equals == nullptr) {
      continue;
    }
    std::string name(*entry, static_cast<std::size_t>(equals - *entry));
    if (passed_into_sandbox(name)) {
      variables.emplace_back(std::move(name), equals + 1);
    }
  }
  variables.emplace_back("HOME", sandbox_scratch);
  variables.emplace_back("TMPDIR", "/tmp");
  variables.insert(variables.end(), extra.begin(), extra.end());
  return variables;
}

const sandbox_probe& probe_sandbox() {
  static const sandbox_probe probe = [] {
    sandbox_probe result;
    result.bwrap = find_bwrap();
    if (result.bwrap.empty()) {
      result.why_not = messages::text("sandbox.no-bwrap");
      return result;
    }
    process_options options;
    options.argv = sandbox_command(result.bwrap, sandbox_view{});
    options.argv.emplace_back("true");
    options.environment = sandbox_environment({});
    options.only_given_environment = true;
    options.user = sandbox_user();
    options.groups = sandbox_groups();
    options.limits = sandbox_limits(options.user);
    options.time_limit = std::chrono::seconds(20);
    const process_result ran = run_process(options);
    result.available = ran.exited_with(0);
    if (!result.available) {
      result.why_not = !ran.start_error.empty() ? ran.start_error
                       : ran.output.empty()
                           ? messages::text("sandbox.bwrap-exited",
                                            {{"status", std::to_string(ran.exit_status)}})
                           : without_trailing_space(ran.output);
    }
    return result;
  }();
  return probe;
}

void hand_to_sandbox_user(const fs::path& path, std::optional<unsigned> user, bool is_folder) {
  if (is_folder) {
    fs::create_directories(path);
  } else if (!fs::exists(path)) {
    std::ofstream{path};
  }
  if (user) {
    (void)!chown(path.c_str(), *user, *user);
  }
}

} // namespace gpucheck
