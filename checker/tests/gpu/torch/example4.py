# SPDX-License-Identifier: MIT
# The article's example 4 (section 4), in this course's words: a warm-up timed on purpose, then
# one product timed with torch.cuda.synchronize() and one with CUDA events. The warm-up's number
# is the cold start (reported); the two timings after it are both right ways to wait, the events
# the tighter one.
import time

import torch

N = 4000

w1 = torch.randn(N, N, device="cuda")
w2 = torch.randn(N, N, device="cuda")
t0 = time.perf_counter()  # expect-start: cold-start
w3 = w1 @ w2
torch.cuda.synchronize()
t1 = time.perf_counter()
print(f"[GPU] warm-up        {t1 - t0:.6f}s")

x = torch.randn(N, N, device="cuda")
y = torch.randn(N, N, device="cuda")
t0 = time.perf_counter()
z = x @ y
torch.cuda.synchronize()  # waits for the whole device: here, the product and two randn
t1 = time.perf_counter()
print(f"[GPU] synchronize    {t1 - t0:.6f}s")

p = torch.randn(N, N, device="cuda")
q = torch.randn(N, N, device="cuda")
begin = torch.cuda.Event(enable_timing=True)
finish = torch.cuda.Event(enable_timing=True)
begin.record()  # expect-start: clean
r = p @ q
finish.record()
finish.synchronize()
print(f"[GPU] events         {begin.elapsed_time(finish) / 1000:.6f}s")
