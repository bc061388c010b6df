# SPDX-License-Identifier: MIT
# CUDA events around the run's first matrix product, with no warm-up: the stop event is waited
# for, but cuBLAS starts up on the host between the two records while the GPU sits idle, so the
# events count it. Expected: cold-start on the first timing. The same timing again is not clean:
# `c` still holds the first product when `a @ b` runs again, so the caching allocator takes a
# second 64 MiB block with cudaMalloc inside the events (0.330 ms, 10% of 3.245 ms, in 3 of 3
# runs on an H100, 2026-12-07). This line first said "clean"; the trace showed the allocation.
import torch

N = 4096
a = torch.randn(N, N, device="cuda")
b = torch.randn(N, N, device="cuda")
torch.cuda.synchronize()

start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
start.record()  # expect-start: cold-start
c = a @ b  # the first cuBLAS call of the run
end.record()
end.synchronize()
print(f"first product:  {start.elapsed_time(end):.3f} ms")

start.record()  # expect-start: setup-in-region
c = a @ b
end.record()
end.synchronize()
print(f"second product: {start.elapsed_time(end):.3f} ms")
