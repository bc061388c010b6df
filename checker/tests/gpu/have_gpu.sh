# SPDX-License-Identifier: MIT
# Sourced by the GPU test scripts: exit 77 (skipped) where there is no NVIDIA GPU.
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIPPED: no NVIDIA GPU found (nvidia-smi -L failed); this test needs one."
  exit 77
fi
