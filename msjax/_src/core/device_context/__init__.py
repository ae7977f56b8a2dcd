"""`mindspore.device_context`: per-target device queries (`cpu`, `gpu`, `ascend`), answered by
JAX as `mindspore.hal` is (core/hal.py). The runtime tuning switches of these modules (thread
counts, precision modes, kernel selection) belong to MindSpore's own runtime, which msjax does
not have: they stay unimplemented names, except the TF32 switches of `gpu` (core/op_precision.py)
and `cpu.op_tuning.threads_num`, checked and kept as MindSpore's (cpu.py)."""
