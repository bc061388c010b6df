# SPDX-License-Identifier: MIT
# time.thread_time_ns() picked to time ten products "without noise from other processes": it
# counts this thread's CPU time, not the time that passes while torch.cuda.synchronize() waits
# for the GPU. Expected: cpu-time-clock on the thread_time timing; the perf_counter one is clean.
import time

import torch

N = 4096
REPS = 10
a = torch.randn(N, N, device="cuda")
b = torch.randn(N, N, device="cuda")
for _ in range(3):  # warm-up: cuBLAS's handle and kernels, the allocator's blocks
    c = a @ b
torch.cuda.synchronize()

wall0 = time.perf_counter()  # expect-start: clean
cpu0 = time.thread_time_ns()  # expect-start: cpu-time-clock
for _ in range(REPS):
    c = a @ b
torch.cuda.synchronize()
cpu1 = time.thread_time_ns()
wall1 = time.perf_counter()
print(f"thread time: {(cpu1 - cpu0) / 1e6 / REPS:.3f} ms per product")
print(f"wall time:   {(wall1 - wall0) * 1e3 / REPS:.3f} ms per product")
