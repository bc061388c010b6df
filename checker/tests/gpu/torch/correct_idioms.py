# SPDX-License-Identifier: MIT
# PyTorch timings that are right: after a warm-up, CUDA events around the product with the stop
# event waited for, and perf_counter stopped after .item() (which waits for the product). gpucheck
# lint must report nothing (torch_lint.py).
import time

import torch

# 4096: each product runs about 3 ms on an H100, far longer than Python takes to reach the next
# line. With 2048 (0.3 ms) the product once ended before end.record() was issued, and the events
# then held host time with the GPU idle: host-gap, rightly (H100, 2026-12-06).
N = 4096
a = torch.randn(N, N, device="cuda")
b = torch.randn(N, N, device="cuda")
for _ in range(3):  # warm-up: cuBLAS's handle, the kernels timed below, the caching allocator
    c = a @ b
    (a @ b).sum().item()
torch.cuda.synchronize()

start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
start.record()
c = a @ b
end.record()
end.synchronize()
print(f"[events] {start.elapsed_time(end):.3f} ms")

t0 = time.perf_counter()  # expect-start: clean
total = (a @ b).sum().item()  # .item() copies the sum back: it waits for the product
t1 = time.perf_counter()
print(f"[item] {(t1 - t0) * 1e3:.3f} ms ({total:.1f})")
