# SPDX-License-Identifier: MIT
# A first product timed cold, then a first kernel of another kind: the context already exists
# (torch.randn made it), but cuBLAS's handle, its workspace and its kernels start inside the
# first timing, and the sigmoid kernel's module loads inside the second. Each timing waits for
# its work, so the only mistake is the cold start, named at the line that paid for it.
import time

import torch

N = 4096
a = torch.randn(N, N, device="cuda")
b = torch.randn(N, N, device="cuda")
torch.cuda.synchronize()

t0 = time.perf_counter()
c = a @ b  # expect: cold-start
torch.cuda.synchronize()
t1 = time.perf_counter()
print(f"first product: {(t1 - t0) * 1e3:.3f} ms")

t0 = time.perf_counter()
d = torch.sigmoid(c)  # expect: cold-start
torch.cuda.synchronize()
t1 = time.perf_counter()
print(f"first sigmoid: {(t1 - t0) * 1e3:.3f} ms")
