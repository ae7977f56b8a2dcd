"""MindSpore 2.10 behaviour of the graph compiler's method table
`mindspore._extends.parse.standard_method` (`ms_len`, `bool_`, `tensor_bool`, Tensor methods as
functions) and of `mindspore.ops.composite.base.core`, printed `label -> RESULT` as in
used_names_probe.py; tests/api/test_used_names_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe18.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe18.out
"""
import numpy as np
from mindspore import Tensor, jit
from mindspore._extends.parse import standard_method as sm
from mindspore.ops.composite.base import core


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
show("ms_len list", lambda: sm.ms_len([1, 2, 3]))
show("ms_len tuple", lambda: sm.ms_len((1,)))
show("ms_len Tensor", lambda: sm.ms_len(x))
show("ms_len 0-D Tensor", lambda: sm.ms_len(Tensor(1)))
show("ms_len dict", lambda: sm.ms_len({1: 2}))
show("ms_len str", lambda: sm.ms_len("abc"))
show("ms_len int", lambda: sm.ms_len(3))
show("bool_ Tensor", lambda: sm.bool_(Tensor([1])))
show("bool_ int", lambda: sm.bool_(0))
show("bool_ Tensor of 6", lambda: sm.bool_(x))
show("tensor_bool", lambda: sm.tensor_bool(Tensor([2.0])))
show("tensor_bool 0-D", lambda: sm.tensor_bool(Tensor(0.0)))
show("tensor_bool Tensor of 6", lambda: sm.tensor_bool(x))
show("reshape tuple", lambda: sm.reshape(x, (3, 2)).shape)
show("reshape ints", lambda: sm.reshape(x, 3, 2).shape)
show("argmax", lambda: sm.argmax(x))
show("argmax axis", lambda: sm.argmax(x, 1))
show("sum", lambda: sm.sum(x))
show("transpose", lambda: sm.transpose(x).shape)
show("astype", lambda: sm.astype(x, np.int32).dtype)
show("squeeze", lambda: sm.squeeze(Tensor(np.ones((1, 2), np.float32))).shape)


@jit
def in_jit(a):
    return sm.ms_len([1, 2, 3]), sm.ms_len(a), sm.argmax(a)


show("in jit", lambda: in_jit(x))


def f(v):
    return v


show("core flags", lambda: core(f, tg=True)._func_graph_flags)
show("core returns fn", lambda: core(f) is f)


@core
def g(v):
    return v


show("bare core", lambda: g._func_graph_flags)


def k(v):
    return v


k._func_graph_flags = {"a": 1}
show("core replaces flags", lambda: core(k, b=2)._func_graph_flags)


@core(tg=True)
def plus_one(v):
    return v + 1


@jit
def calls_core(a, b):
    return plus_one(a) + b


show("core function in jit", lambda: calls_core(2, 3))
for value in (1, "a", None, 1.0):
    show(f"set_const_arg({value!r})", lambda: Tensor([1]).set_const_arg(value).const_arg)
