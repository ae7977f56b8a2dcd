"""ops.operations._inner_ops.SameTypeShape and IsSubClass: their results and errors. Golden:
tests/goldens/api/conformance_probe14.out (MindSpore 2.10)."""
import numpy as np
import mindspore as ms
from mindspore import Tensor
from mindspore.ops.operations import _inner_ops as inner
def show(label, f):
    try:
        r = f()
        print(label, "->", type(r).__name__, r.dtype, r.shape, r.asnumpy().tolist())
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).split("\n")[0])
op = inner.SameTypeShape()
a = Tensor(np.ones([3, 4]).astype(np.float32))
show("ok", lambda: op(a, Tensor(np.zeros([3, 4]).astype(np.float32))))
show("x scalar", lambda: op(5.0, a))
show("y scalar", lambda: op(a, 5.0))
show("dtype", lambda: op(a, Tensor(np.ones([3, 4]).astype(np.int32))))
show("shape", lambda: op(a, Tensor(np.ones([3, 3]).astype(np.float32))))
show("rank", lambda: op(a, Tensor(np.ones([3, 4, 1]).astype(np.float32))))
show("dtype and shape", lambda: op(a, Tensor(np.ones([3, 3]).astype(np.int32))))
print("repr ->", op)
print("is same ->", op(a, a) is a)
from mindspore import dtype as mstype
def show_value(label, f):
    try:
        print(label, "->", repr(f()))
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).split("\n")[0])
op = inner.IsSubClass()
show_value("IsSubClass int32 number", lambda: op(mstype.int32, mstype.number))
show_value("IsSubClass float32 int_", lambda: op(mstype.float32, mstype.int_))
show_value("IsSubClass int32 int_", lambda: op(mstype.int32, mstype.int_))
show_value("IsSubClass none number", lambda: op(None, mstype.number))
show_value("IsSubClass number none", lambda: op(mstype.number, None))
show_value("IsSubClass int number", lambda: op(int, mstype.number))
show_value("IsSubClass tensor", lambda: op(mstype.tensor_type, mstype.number))
print("IsSubClass repr ->", op)
@ms.jit
def f():
    return inner.IsSubClass()(mstype.int32, mstype.number)
show_value("IsSubClass jit", f)
