# SPDX-License-Identifier: MIT
# time.process_time() counts the CPU time of the process, not the time that passes: while the GPU
# multiplies, the host waits in synchronize, and what it counts depends on how it waited.
import time

import torch

N = 4096
a = torch.randn(N, N, device="cuda")
b = torch.randn(N, N, device="cuda")
for _ in range(3):  # warm-up: cuBLAS's handle and kernels
    c = a @ b
torch.cuda.synchronize()

t0 = time.process_time()  # expect: cpu-time-clock
c = a @ b
torch.cuda.synchronize()
t1 = time.process_time()
print(f"product: {(t1 - t0) * 1e3:.3f} ms of CPU time")
