# SPDX-License-Identifier: MIT
# Products queued in `with torch.cuda.stream(side)`, then torch.cuda.current_stream() waited for
# after the block, where it is the default stream again, which side streams do not sync with: the
# clock stops with the products still running. Expected: sync-other-stream at that synchronize;
# the timing that waits with side.synchronize() is clean.
import time

import torch

N = 4096
REPS = 8
a = torch.randn(N, N, device="cuda")
b = torch.randn(N, N, device="cuda")
side = torch.cuda.Stream()
torch.cuda.synchronize()
with torch.cuda.stream(side):
    for _ in range(3):  # warm-up on the side stream: its cuBLAS workspace, the kernel, its blocks
        c = a @ b
torch.cuda.synchronize()

t0 = time.perf_counter()
with torch.cuda.stream(side):
    for _ in range(REPS):
        c = a @ b
torch.cuda.current_stream().synchronize()  # expect: sync-other-stream
t1 = time.perf_counter()
print(f"current stream waited for: {(t1 - t0) * 1e3 / REPS:.3f} ms per product")
torch.cuda.synchronize()

t0 = time.perf_counter()  # expect-start: clean
with torch.cuda.stream(side):
    for _ in range(REPS):
        c = a @ b
side.synchronize()
t1 = time.perf_counter()
print(f"side stream waited for:    {(t1 - t0) * 1e3 / REPS:.3f} ms per product")
