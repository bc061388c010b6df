# SPDX-License-Identifier: MIT
# Short products timed right with CUDA events: one 1024 product (tens of microseconds on an H100),
# then a loop of 100 of them, each after a warm-up, the stop event waited for. The GPU idles
# between the product's end and end.record() only for Python's own dispatch, well under host-gap's
# 100 us; the tracer's own time after each call (unwinding, writing its file: once over 0.3 ms on
# an H100) is not the script's and must not be counted. gpucheck lint must report nothing.
import torch

N = 1024
a = torch.randn(N, N, device="cuda")
b = torch.randn(N, N, device="cuda")
for _ in range(3):  # warm-up: cuBLAS's handle, the product's kernel, the caching allocator
    c = a @ b
torch.cuda.synchronize()

start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
start.record()
c = a @ b
end.record()
end.synchronize()
print(f"[one product] {start.elapsed_time(end):.3f} ms")

start.record()
for _ in range(100):
    c = a @ b
end.record()
end.synchronize()
print(f"[100 products] {start.elapsed_time(end) / 100:.3f} ms each")
