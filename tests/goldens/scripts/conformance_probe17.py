"""Tensor(const_arg=...) and Tensor.set_const_arg: MindSpore 2.10 takes a bool only. Golden:
tests/goldens/api/conformance_probe17.out."""
import mindspore as ms
from mindspore import Tensor
import mindspore.common.dtype as mstype
def show(label, f):
    try:
        r = f(); print(label, "->", r.const_arg if hasattr(r, "const_arg") else r)
    except Exception as e:
        print(label, "->", type(e).__name__, str(e))
show("Tensor const_arg=1", lambda: Tensor([0], dtype=mstype.int32, const_arg=1))
show("Tensor const_arg=None", lambda: Tensor([0], dtype=mstype.int32, const_arg=None))
show("Tensor const_arg=0", lambda: Tensor([0], dtype=mstype.int32, const_arg=0))
show("Tensor const_arg=True", lambda: Tensor([0], dtype=mstype.int32, const_arg=True))
show("set_const_arg(1)", lambda: Tensor([0], dtype=mstype.int32).set_const_arg(1))
show("set_const_arg('a')", lambda: Tensor([0], dtype=mstype.int32).set_const_arg("a"))
show("set_const_arg(False)", lambda: Tensor([0], dtype=mstype.int32).set_const_arg(False))
