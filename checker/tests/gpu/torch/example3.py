# SPDX-License-Identifier: MIT
# The article's example 3 (section 3): two CPU products, a cold GPU product, a warm one, and one
# timed after torch.cuda.synchronize(). Expected: cold-start on the interval of the first GPU
# product (cuBLAS's handle and first call), unsynced-stop where the clock stopped with the
# warm product still running, stale-queue on the synchronized one (the warm product and the new
# operands were still queued when its clock started: the synchronize waited for them too, as the
# article's own case 5 does), and no finding on the CPU products.
# The expectations are the `# expect` comments on the lines of the clock reads (torch_lint.py).
import time

import torch

N = 4000

a1 = torch.randn(N, N)
b1 = torch.randn(N, N)
t0 = time.perf_counter()  # expect-start: clean
c1 = a1 @ b1  # CPU: returns when the product is done
t1 = time.perf_counter()
print(f"[CPU] {t1 - t0:.6f}s")

a2 = torch.randn(N, N)
b2 = torch.randn(N, N)
t0 = time.perf_counter()  # expect-start: clean
c2 = a2 @ b2
t1 = time.perf_counter()
print(f"[CPU] {t1 - t0:.6f}s")

a3 = torch.randn(N, N, device="cuda")
b3 = torch.randn(N, N, device="cuda")
t0 = time.perf_counter()  # expect-start: cold-start
c3 = a3 @ b3  # GPU: queued, returns at once; cuBLAS starts here
t1 = time.perf_counter()
print(f"[GPU] {t1 - t0:.6f}s")

a4 = torch.randn(N, N, device="cuda")
b4 = torch.randn(N, N, device="cuda")
t0 = time.perf_counter()
c4 = a4 @ b4  # GPU: queued, returns at once
t1 = time.perf_counter()  # expect-stop: unsynced-stop
print(f"[GPU] {t1 - t0:.6f}s")

a5 = torch.randn(N, N, device="cuda")
b5 = torch.randn(N, N, device="cuda")
t0 = time.perf_counter()  # expect-start: stale-queue
c5 = a5 @ b5
torch.cuda.synchronize()  # waits for the product, and for the earlier work still queued
t1 = time.perf_counter()
print(f"[GPU] {t1 - t0:.6f}s")
