# SPDX-License-Identifier: MIT
# A reusable timing helper: it warms the callable up, drains the device, reads perf_counter,
# runs the callable in a loop and drains the device again before the second read. Used on a
# product and on a two-layer MLP. Correct: gpucheck lint must report nothing.
import time

import torch


def time_gpu(fn, iters=20, warmup=3):
    """Mean milliseconds per call of fn, measured after `warmup` untimed calls."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()  # nothing is queued when the clock starts
    t0 = time.perf_counter()  # expect-start: clean
    for _ in range(iters):
        fn()
    torch.cuda.synchronize()  # every run has finished when the clock stops
    t1 = time.perf_counter()
    return (t1 - t0) * 1e3 / iters


N = 4096
x = torch.randn(N, N, device="cuda")
w1 = torch.randn(N, N, device="cuda") / N**0.5
w2 = torch.randn(N, N, device="cuda") / N**0.5

print(f"product: {time_gpu(lambda: x @ w1):.3f} ms")
print(f"mlp:     {time_gpu(lambda: torch.relu(x @ w1) @ w2, iters=10):.3f} ms")
