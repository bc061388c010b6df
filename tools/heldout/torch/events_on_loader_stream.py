# SPDX-License-Identifier: MIT
# A pipeline's compute stream timed with events recorded on its loader stream by mistake: PyTorch's
# streams do not wait for each other, so the events complete at once on the idle loader stream
# and bracket none of the products. Expected: event-stream-mismatch.
import torch

N = 4096
REPS = 5
loader = torch.cuda.Stream()
compute = torch.cuda.Stream()
x = torch.randn(N, N, device="cuda")
w = torch.randn(N, N, device="cuda")
torch.cuda.synchronize()
with torch.cuda.stream(compute):
    for _ in range(3):  # warm-up on the compute stream: its cuBLAS workspace, the kernel
        y = x @ w
torch.cuda.synchronize()

start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
start.record(loader)  # expect-start: event-stream-mismatch
with torch.cuda.stream(compute):
    for _ in range(REPS):
        y = x @ w
end.record(loader)
end.synchronize()
print(f"compute step: {start.elapsed_time(end) / REPS:.3f} ms per product")
torch.cuda.synchronize()
