# SPDX-License-Identifier: MIT
# The article's example 1 (section 1), in this course's words: two products on the GPU, each
# timed with perf_counter and no wait. The first pays for cuBLAS's start inside its timing, and
# neither timing waits for its product: both numbers are the time to queue the work.
import time

import torch

N = 4000

x1 = torch.randn(N, N, device="cuda")
y1 = torch.randn(N, N, device="cuda")
t0 = time.perf_counter()
z1 = x1 @ y1  # expect: cold-start
t1 = time.perf_counter()
print(f"[GPU] first product  {t1 - t0:.6f}s")

x2 = torch.randn(N, N, device="cuda")
y2 = torch.randn(N, N, device="cuda")
t0 = time.perf_counter()
z2 = x2 @ y2
t1 = time.perf_counter()  # expect-stop: unsynced-stop
print(f"[GPU] second product {t1 - t0:.6f}s")
