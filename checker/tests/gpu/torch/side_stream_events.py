# SPDX-License-Identifier: MIT
# Events recorded on the current stream around a product queued on a torch.cuda.Stream: PyTorch's
# side streams do not wait for the default stream (cudaStreamNonBlocking), so the events bracket
# nothing. The second timing records them on the side stream itself, inside the `with`, which is
# right. With the `with` line between start.record(side) and the product instead, the events
# counted the host's time on that line too: on an H100, 3 of 11 runs held over 0.1 ms of idle GPU
# there (host-gap, rightly: checker/tests/fixtures/recorded/python_side_stream_gap.jsonl).
import torch

N = 4096
a = torch.randn(N, N, device="cuda")
b = torch.randn(N, N, device="cuda")
side = torch.cuda.Stream()
torch.cuda.synchronize()
with torch.cuda.stream(side):
    for _ in range(3):  # warm-up on the side stream: its cuBLAS workspace, the kernels
        c = a @ b
torch.cuda.synchronize()

start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
start.record()  # expect: event-stream-mismatch
with torch.cuda.stream(side):
    c = a @ b
end.record()
end.synchronize()
print(f"events on the current stream: {start.elapsed_time(end):.3f} ms")
torch.cuda.synchronize()

with torch.cuda.stream(side):
    start.record(side)  # expect-start: clean
    c = a @ b
    end.record(side)
end.synchronize()
print(f"events on the side stream: {start.elapsed_time(end):.3f} ms")
