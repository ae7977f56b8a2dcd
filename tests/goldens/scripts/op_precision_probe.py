"""MindSpore 2.10 (CPU build): device_context.gpu.op_precision's TF32 switches and set_context(gpu_config=...).
Run: mindspore-oracle tests/goldens/scripts/op_precision_probe.py > tests/goldens/core/op_precision_probe.out"""
import mindspore as ms
from mindspore.device_context.gpu import op_precision
for name in ("matmul_allow_tf32", "conv_allow_tf32"):
    for v in (True, 1, "x"):
        try:
            r = getattr(op_precision, name)(v)
            print(name, repr(v), "->", r)
        except Exception as e:
            print(name, repr(v), "ERR", type(e).__name__, str(e)[:300])
for cfg in ({"matmul_allow_tf32": True}, {"conv_allow_tf32": False}, {"matmul_allow_tf32": 1}, {"bogus": 1}):
    try:
        ms.set_context(gpu_config=cfg); print("set_context", cfg, "ok", ms.get_context("gpu_config") if True else "")
    except Exception as e:
        print("set_context", cfg, "ERR", type(e).__name__, str(e)[:300])
for k in ("matmul_allow_tf32", "conv_allow_tf32"):
    try: print(k, ms.get_context(k))
    except Exception as e: print(k, "ERR", type(e).__name__, str(e)[:200])
