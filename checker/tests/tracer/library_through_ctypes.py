# SPDX-License-Identifier: MIT
# A script that calls a library the way PyTorch does, with the GIL released (ctypes.CDLL releases
# it around every foreign call) and, once, held (ctypes.PyDLL): the library is the plugin that
# brings the stand-in cuBLAS, whose handle functions the tracer interposes. Each call must carry
# the script's Python frames at the lines test_python_released_gil.py names (EXPECTED there).
import ctypes
import sys
import threading
import time

released = ctypes.CDLL(sys.argv[1])  # loaded privately (RTLD_LOCAL), as PyTorch's extension
held = ctypes.PyDLL(sys.argv[1])
handle = ctypes.c_void_p()


def create_and_destroy():
    return released.create_and_destroy_handle(ctypes.byref(handle))  # line 17: released


def fail():
    raise ValueError("caught below")


def after_an_exception():
    try:
        fail()
    except ValueError:
        pass
    return create_and_destroy()  # line 29: the frame that raised is gone


def generator():
    yield create_and_destroy()  # line 33
    yield create_and_destroy()  # line 34: resumed from another line


def in_a_thread():
    time.perf_counter()  # the thread holds the GIL here first: the tracer follows it from then
    create_and_destroy()  # line 39


start = time.perf_counter()
statuses = [create_and_destroy()]  # line 43: in a function
statuses.append(create_and_destroy())  # line 44: the same function, from another line
statuses.append(released.create_and_destroy_handle(ctypes.byref(handle)))  # line 45: top level
statuses.append(held.create_and_destroy_handle(ctypes.byref(handle)))  # line 46: GIL held
statuses.append(after_an_exception())  # line 47
steps = generator()
statuses.append(next(steps))  # line 49
statuses.append(next(steps))  # line 50
thread = threading.Thread(target=in_a_thread)
thread.start()
thread.join()
stop = time.perf_counter()
sys.exit(0 if statuses == [0] * 7 else 1)
