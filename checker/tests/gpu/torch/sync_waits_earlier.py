# SPDX-License-Identifier: MIT
# torch.cuda.synchronize() waits for everything queued on the device, not only for the product
# the clock brackets: eight products queued before the timing started are inside it too.
import time

import torch

N = 4096
a = torch.randn(N, N, device="cuda")
b = torch.randn(N, N, device="cuda")
for _ in range(3):  # warm-up: cuBLAS's handle and kernels
    c = a @ b
torch.cuda.synchronize()

for _ in range(8):
    earlier = a @ b  # queued and never waited for before the timing
t0 = time.perf_counter()
c = a @ b
torch.cuda.synchronize()  # expect: stale-queue
t1 = time.perf_counter()
print(f"one product, so it says: {(t1 - t0) * 1e3:.3f} ms")
