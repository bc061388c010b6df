// SPDX-License-Identifier: MIT
// A sandbox of its own for every run of a submission's code (its check program, and its compile in
// `gpucheck grade`), made with bubblewrap (`bwrap`): new user, PID, network, IPC and mount
// namespaces; the system's programs and libraries, the GPU's device nodes and the paths a view
// names, read-only; a private /tmp and scratch; and everything else on this machine absent. What
// it guarantees and what it does not: docs/grading-security.md.
#pragma once

#include "core/process_runner.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gpucheck {

// Whether a submission's code runs in a sandbox: `off` (not asked, or --no-sandbox), `prefer`
// (grade's default, check --sandbox: where it cannot start, the code runs unsandboxed and the
// report says so loudly), `require` (--require-sandbox: nothing runs unsandboxed).
enum class sandbox_mode { off, prefer, require };

// What a sandboxed run may see of this machine's files, as mounts applied in order: a later one
// shows or hides what lies beneath an earlier one (the course read-only, its solutions/ hidden,
// the program shown again inside a hidden build tree). Paths that do not exist are skipped.
struct sandbox_view {
  enum class kind { read_only, hidden, writable };
  struct mount {
    kind what;
    std::filesystem::path path;
  };
  std::vector<mount> mounts;

  sandbox_view& show(const std::filesystem::path& path);
  sandbox_view& hide(const std::filesystem::path& path);
  sandbox_view& allow_writing(const std::filesystem::path& path);
};

// Shows the course read-only as a student has it: without its reference solutions (solutions/),
// its history (.git, which holds them too), and any build tree inside it (a folder holding a
// CMakeCache.txt, and gpucheck's own build), whose programs and objects are built from them.
void show_course(sandbox_view& view, const std::filesystem::path& course);

// Where bwrap is (GPUCHECK_BWRAP, else bwrap on PATH), and whether it made a sandbox here: it is
// tried once per process with the arguments a real run gets. A container that forbids user
// namespaces, or a system without bubblewrap, gives the reason.
struct sandbox_probe {
  bool available = false;
  std::string bwrap;   // its absolute path
  std::string why_not; // when not available: what failed, in bwrap's words where it said any
};
const sandbox_probe& probe_sandbox();

// The user a sandbox runs as: when gpucheck runs as root, nobody (65534), so that the processes'
// limit is enforced and no file the sandbox shows can be written; else ours (nullopt).
std::optional<unsigned> sandbox_user();

// That user's supplementary groups: the groups that own the GPU's device nodes, so that it can
// open them where they are not open to all (a node of mode 0660, group video).
std::vector<unsigned> sandbox_groups();

// The limits a sandboxed process runs under (docs/grading-security.md): processes and threads
// (those of `user` now, plus a budget), data memory, file size, no core dumps.
std::vector<resource_limit> sandbox_limits(std::optional<unsigned> user);

// bwrap's arguments (the program first) up to the command, which follows them. With a
// `started_fd` (0 to 9, a shell's), a line is written there once the sandbox is set up, just
// before the command runs, so that a run can tell a sandbox that never started from a program
// that failed; -1: none.
std::vector<std::string> sandbox_command(const std::string& bwrap, const sandbox_view& view,
                                         int started_fd = -1);

// The environment a sandboxed program starts with: ours, only the variables that say how to run
// (PATH, the locale, CUDA's and NVIDIA's, LD_LIBRARY_PATH, GPUCHECK_*), then `extra`; HOME is the
// scratch and TMPDIR the private /tmp.
std::vector<std::pair<std::string, std::string>>
sandbox_environment(const std::vector<std::pair<std::string, std::string>>& extra);

// The private writable folders inside every sandbox.
inline constexpr const char* sandbox_scratch = "/scratch";

// Makes `path` (created empty when it is a file that does not exist) writable by `user` from
// outside, so that a sandbox running as that user can write the file gpucheck reads after it.
void hand_to_sandbox_user(const std::filesystem::path& path, std::optional<unsigned> user,
                          bool is_folder);

} // namespace gpucheck
