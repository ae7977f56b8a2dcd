"""MindSpore 2.10's `ops.MultitypeFuncGraph` dispatch of Python floats: inside `jit` a float is a
Float32 scalar (a Float64 signature still takes it when no Float32 one does); in PyNative mode it
is Float64. Printed `label -> RESULT`; tests/ops/test_multitype_register.py runs it unchanged.
Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/multitype_float_probe.py \\
        | grep " -> " > tests/goldens/ops/multitype_float.txt
"""
from mindspore import jit, ops
from mindspore.ops import composite as C


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__}"
    print(f"{label} -> {result}")


WITH_FLOAT32 = C.MultitypeFuncGraph("with_float32")


@WITH_FLOAT32.register("Float32", "Float32")
def add_float32(x, y):
    return ("Float32", ops.scalar_add(x, y))


@WITH_FLOAT32.register("Int64", "Int64")
def add_int64(x, y):
    return ("Int64", ops.scalar_add(x, y))


WITH_FLOAT64 = C.MultitypeFuncGraph("with_float64")


@WITH_FLOAT64.register("Float64", "Float64")
def add_float64(x, y):
    return ("Float64", x + y)


@WITH_FLOAT64.register("Int64", "Int64")
def add_int64_again(x, y):
    return ("Int64", x + y)


@jit
def float32_in_jit(a, b):
    return WITH_FLOAT32(a, b)


@jit
def float64_in_jit(a, b):
    return WITH_FLOAT64(a, b)


@jit
def partial_in_jit(a, b, c, d):
    return ops.partial(WITH_FLOAT32, a)(b), ops.partial(WITH_FLOAT32, c)(d)


show("Float32 signature, floats in jit", lambda: float32_in_jit(1.0, 2.5))
show("Float32 signature, ints in jit", lambda: float32_in_jit(1, 2))
show("Float64 signature, floats in jit", lambda: float64_in_jit(1.0, 2.5))
show("partial, in jit", lambda: partial_in_jit(1, 2, 1.0, 2.0))
show("Float32 signature, floats in PyNative", lambda: WITH_FLOAT32(1.0, 2.5))
show("Float64 signature, floats in PyNative", lambda: WITH_FLOAT64(1.0, 2.5))
