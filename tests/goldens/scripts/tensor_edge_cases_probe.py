"""Tensor.sum's dtype with `initial`, Sign of NaN and -0.0, Tensor.transpose(None) (NumPy's
np.transpose(t)), Bool Tensor indices of the wrong length, and the PIJit handles MindSpore's
tests import (get_code_extra, PIJitCaptureContext): MindSpore 2.10's results. Golden:
tests/goldens/api/tensor_edge_cases_probe.out."""
import numpy as np
import mindspore as ms
import mindspore.numpy as mnp
from mindspore import Tensor, nn, ops
from mindspore.common import dtype as mstype
from mindspore._c_expression import get_code_extra
from mindspore.common._pijit_context import PIJitCaptureContext


def show(label, f):
    try:
        r = f()
        if isinstance(r, Tensor):
            r = (str(r.dtype), r.shape, r.asnumpy().tolist())
        print(label, "->", r)
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:200])


x = Tensor([[[1, 2, 3], [2, 3, 4]]], mstype.float32)
z = Tensor([[0, 0]], mstype.float32)
for kw in [dict(dtype=mstype.bool_, initial=12), dict(dtype=mstype.bool_, initial=0),
           dict(dtype=mstype.int32, initial=12), dict(initial=2.5),
           dict(dtype=mstype.bool_, initial=12, axis=2)]:
    show(f"sum {sorted((k, str(v)) for k, v in kw.items())}", lambda: x.sum(**kw))
show("sum zeros bool initial 0", lambda: z.sum(dtype=mstype.bool_, initial=0))
show("sum zeros bool initial 3", lambda: z.sum(dtype=mstype.bool_, initial=3))
s = Tensor(np.array([-1., 0., 1., np.nan, -0.0, np.inf, -np.inf]), mstype.float32)
show("Tensor.sign", lambda: str(s.sign().asnumpy().tolist()))
show("ops.sign float16", lambda: str(ops.sign(s.astype(mstype.float16)).asnumpy().tolist()))
show("ops.sign float64", lambda: str(ops.sign(s.astype(mstype.float64)).asnumpy().tolist()))
show("ops.Sign", lambda: str(ops.Sign()(s).asnumpy().tolist()))
show("ops.sgn", lambda: str(ops.sgn(s).asnumpy().tolist()))
show("ops.sign int32", lambda: ops.sign(Tensor([-3, 0, 5], mstype.int32)))
show("mindspore.numpy.sign", lambda: str(mnp.sign(s).asnumpy().tolist()))
show("ops.sign complex", lambda: str(ops.sign(Tensor(np.array([3 + 4j, 0j]), mstype.complex64)).asnumpy().tolist()))
t = Tensor(np.arange(6).reshape(2, 3), mstype.float32)
show("transpose(None)", lambda: t.transpose(None))
show("np.transpose(Tensor)", lambda: np.transpose(t))
show("transpose(None) rank 3", lambda: Tensor(np.ones((2, 3, 4)), mstype.float32).transpose(None).shape)
show("transpose(None, None)", lambda: t.transpose(None, None))
show("transpose(None, 1)", lambda: t.transpose(None, 1))
data = Tensor(np.ones((2, 3, 4)), mstype.float32)
show("bool index too long", lambda: data[Tensor([True, False, True])])


def set_too_long():
    data[Tensor([True, False, True])] = 2.0
    return data


show("bool index too long, set", set_too_long)


class SetByBools(nn.Cell):
    def __init__(self):
        super().__init__()
        self.b = Tensor([0, 1], mstype.bool_)
        self.value = Tensor(np.arange(8).reshape(2, 4).astype(np.float32))

    def construct(self, v):
        v[self.b, self.b] = self.value
        return v


def error_type(f):
    """The type of error `f` raises (the message is MindSpore's BroadcastTo's: msjax refuses the
    short Bool index itself, docs/migration.md)."""
    try:
        f()
    except Exception as e:  # the error's type is the result
        return type(e).__name__
    return "no error"


for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    show(f"{name} tuple of Bool indices, set",
         lambda: error_type(lambda: SetByBools()(Tensor(np.ones((2, 3, 4)), mstype.float32))))
ms.set_context(mode=ms.PYNATIVE_MODE)


def double(v):
    return v * 2


show("get_code_extra(function)", lambda: get_code_extra(double))
show("get_code_extra(code)", lambda: get_code_extra(double.__code__))
show("PIJitCaptureContext(fullgraph=True)", lambda: PIJitCaptureContext(fullgraph=True)(double)(Tensor([1., 2.])))
show("PIJitCaptureContext()", lambda: PIJitCaptureContext()(double)(Tensor([3.])))
