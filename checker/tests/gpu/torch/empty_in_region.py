# SPDX-License-Identifier: MIT
# A scratch buffer of 2 GiB made inside the timing: PyTorch's caching allocator has no block that
# large yet, so torch.empty calls cudaMalloc, and the timing includes it.
import time

import torch

N = 4096
a = torch.randn(N, N, device="cuda")
b = torch.randn(N, N, device="cuda")
for _ in range(3):  # warm-up: cuBLAS's handle and kernels
    c = a @ b
torch.cuda.synchronize()

t0 = time.perf_counter()
scratch = torch.empty(2 * 1024**3, dtype=torch.uint8, device="cuda")  # expect: setup-in-region
c = a @ b
torch.cuda.synchronize()
t1 = time.perf_counter()
print(f"product: {(t1 - t0) * 1e3:.3f} ms")
