# SPDX-License-Identifier: MIT
# The bias add of one decoding step (4096 floats: a couple of microseconds on the GPU) timed once
# with CUDA events after a warm-up, the stop event waited for. One sample of work this short is
# below what a timing can resolve: the number is mostly launch overhead. Expected: below-resolution.
import torch

D = 4096
h = torch.randn(D, device="cuda")
bias = torch.randn(D, device="cuda")
for _ in range(3):  # warm-up: the add kernel is loaded and has run
    h.add_(bias)
torch.cuda.synchronize()

start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
start.record()  # expect-start: below-resolution
h.add_(bias)
end.record()
end.synchronize()
print(f"bias add: {start.elapsed_time(end) * 1e3:.1f} us")
