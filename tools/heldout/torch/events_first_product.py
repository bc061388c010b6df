# SPDX-License-Identifier: MIT
# CUDA events around the run's first matrix product, with no warm-up: cuBLAS starts up on the host
# between the two records while the GPU sits idle, so the events count it (cold-start). Timed again,
# `a @ b` needs a second 64 MiB block while `c` holds the first: setup-in-region (../README.md).
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
