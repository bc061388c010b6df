# SPDX-License-Identifier: MIT
# Right without an explicit synchronize: .item() and .cpu() copy a result back to the host, and
# the copy waits for the product that made it. gpucheck lint must report nothing.
import time

import torch

N = 4096
a = torch.randn(N, N, device="cuda")
b = torch.randn(N, N, device="cuda")
for _ in range(3):  # warm-up: cuBLAS, the sum's kernel, the copies back
    (a @ b).sum().item()
    (a @ b).cpu()
torch.cuda.synchronize()

t0 = time.perf_counter()
total = (a @ b).sum().item()
t1 = time.perf_counter()
print(f"product and sum, read with .item(): {(t1 - t0) * 1e3:.3f} ms ({total:.1f})")

t0 = time.perf_counter()
on_host = (a @ b).cpu()
t1 = time.perf_counter()
print(f"product, copied back with .cpu(): {(t1 - t0) * 1e3:.3f} ms ({on_host.shape[0]} rows)")
