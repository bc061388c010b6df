# SPDX-License-Identifier: MIT
# ReLU over 2 GiB of activations, in place and out of place, warmed up on a small slice only. The
# in-place timing is right; the out-of-place result needs a 2 GiB block that the caching allocator
# never held, so cudaMalloc runs inside that timing. Expected: setup-in-region at torch.relu(x).
import time

import torch

x = torch.randn(512 * 1024**2, device="cuda")  # 2 GiB of float32
for _ in range(3):  # warm-up on a 4 MiB slice: the ReLU kernel, in place and out of place
    x[: 1 << 20].relu_()
    y = torch.relu(x[: 1 << 20])
torch.cuda.synchronize()

t0 = time.perf_counter()  # expect-start: clean
x.relu_()
torch.cuda.synchronize()
t1 = time.perf_counter()
print(f"in place:     {(t1 - t0) * 1e3:.3f} ms")

t0 = time.perf_counter()
y = torch.relu(x)  # expect: setup-in-region
torch.cuda.synchronize()
t1 = time.perf_counter()
print(f"out of place: {(t1 - t0) * 1e3:.3f} ms")
