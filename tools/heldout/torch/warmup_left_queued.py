# SPDX-License-Identifier: MIT
# A warm-up loop that is never waited for: its products are still queued when the clock starts,
# and the torch.cuda.synchronize() that ends the timing waits for them as well as for the timed
# ones. Expected: stale-queue on the first timing; the same timing after a synchronize is clean.
import time

import torch

N = 4096
REPS = 10
a = torch.randn(N, N, device="cuda")
b = torch.randn(N, N, device="cuda")
torch.cuda.synchronize()

for _ in range(5):  # warm-up, with no torch.cuda.synchronize() after it
    c = a @ b

t0 = time.perf_counter()  # expect-start: stale-queue
for _ in range(REPS):
    c = a @ b
torch.cuda.synchronize()
t1 = time.perf_counter()
print(f"after the unwaited warm-up: {(t1 - t0) * 1e3 / REPS:.3f} ms per product")

t0 = time.perf_counter()  # expect-start: clean
for _ in range(REPS):
    c = a @ b
torch.cuda.synchronize()
t1 = time.perf_counter()
print(f"with the queue empty:       {(t1 - t0) * 1e3 / REPS:.3f} ms per product")
