// SPDX-License-Identifier: MIT
// One timing check at a time on one GPU: two checks that share a GPU disturb each other's timings,
// so a check holds an exclusive lock (flock) on a file named after its GPU while its program runs.
// The lock is released when the holder exits, however it exits.
#pragma once

#include "core/file_lock.hpp"

#include <filesystem>
#include <string>

namespace gpucheck {

// The lock a check holds on its GPU (file_lock.hpp), on gpu_lock_path()'s file.
using gpu_lock = file_lock;

// Which GPU a check will use: the first entry of CUDA_VISIBLE_DEVICES (an index or a UUID), or 0.
std::string gpu_identity();

// The lock file of that GPU: gpucheck-gpu<identity>.lock in $GPUCHECK_LOCK_DIR, else in /tmp
// (shared by every user of the machine, as the GPU is; not $XDG_RUNTIME_DIR, which is per user).
std::filesystem::path gpu_lock_path(const std::string& identity = gpu_identity());

} // namespace gpucheck
