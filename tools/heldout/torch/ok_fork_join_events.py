# SPDX-License-Identifier: MIT
# Products on a side stream timed two right ways: events recorded on the side stream itself (inside
# its `with` block), and events on the current stream around a fork and a join (wait_stream both
# ways), which order the side stream's work between them. Correct: lint must report nothing.
import torch

N = 4096
REPS = 5
a = torch.randn(N, N, device="cuda")
b = torch.randn(N, N, device="cuda")
side = torch.cuda.Stream()
side.wait_stream(torch.cuda.current_stream())  # a and b were made on the current stream
with torch.cuda.stream(side):
    for _ in range(3):  # warm-up on the side stream: its cuBLAS workspace, the kernel, its blocks
        c = a @ b
torch.cuda.synchronize()

start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
with torch.cuda.stream(side):
    start.record()  # expect-start: clean
    for _ in range(REPS):
        c = a @ b
    end.record()
end.synchronize()
print(f"events on the side stream: {start.elapsed_time(end) / REPS:.3f} ms per product")

main = torch.cuda.current_stream()
start.record()  # expect-start: clean
side.wait_stream(main)  # fork: the side stream's products start after the start event
with torch.cuda.stream(side):
    for _ in range(REPS):
        c = a @ b
main.wait_stream(side)  # join: the stop event completes after the side stream's products
end.record()
end.synchronize()
print(f"fork and join, events on the current stream: {start.elapsed_time(end) / REPS:.3f} ms")
