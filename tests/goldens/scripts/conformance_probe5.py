"""MindSpore 2.10 behaviour of the inner Primitives and Primitive helpers its tests and libraries
use (issue #25): `TopTypeof`, `IsInstance`, `ConvertToDynamic`, `SequenceAddN` (graph mode),
`prim_attr_register`, `PrimitiveWithInfer` and `PrimitiveWithCheck`; printed `label -> RESULT`
as in used_names_probe.py. tests/api/test_conformance_golden.py runs it unchanged on msjax.
(MindSpore's PyNative `SequenceAddN` has no kernel for Tensors and returns a number sequence's
first element; its graph mode, which its tests use, sums: the cases are graph mode's.)
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/conformance_probe5.py \
        | grep -- " -> " > tests/goldens/api/conformance_probe5.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, mutable, nn
from mindspore.common import dtype as mstype
from mindspore.ops.operations import _inner_ops as inner
from mindspore.ops.operations._sequence_ops import SequenceAddN
from mindspore.ops.primitive import (Primitive, PrimitiveWithCheck, PrimitiveWithInfer,
                                     prim_attr_register)


def desc(v):
    if isinstance(v, Tensor):
        values = v.asnumpy()
        if values.dtype.kind == "c":  # (real, imaginary) pairs; -0.0 shown as 0.0
            values = np.stack([np.round(values.real.astype(np.float64), 3) + 0.0,
                               np.round(values.imag.astype(np.float64), 3) + 0.0], -1)
        elif values.dtype.kind == "f":
            values = np.round(values.astype(np.float64), 3) + 0.0
        return f"T[{list(v.shape)},{v.dtype}]={values.tolist()}"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k!r}: {desc(e)}" for k, e in v.items()) + "}"
    if isinstance(v, (tuple, list)):
        return type(v).__name__ + "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


top = inner.TopTypeof()
for name, value in (("Tensor", Tensor([1.0])), ("bool Tensor", Tensor([True])), ("int", 1),
                    ("float", 1.5), ("bool", True), ("tuple", (1, 2)), ("list", [1]),
                    ("str", "s"), ("None", None), ("np.float32", np.float32(1.0)),
                    ("np.int64", np.int64(2)), ("dtype", ms.float32)):
    show(f"TopTypeof {name}", lambda: top(value))
show("TopTypeof is TensorType", lambda: isinstance(top(Tensor([1])), mstype.TensorType))
show("TopTypeof repr", lambda: (repr(top), top.name))
show("IsInstance", lambda: (inner.IsInstance()([1, 2], ms.list_), inner.IsInstance()(1, ms.float_),
                            inner.IsInstance()(True, ms.int_), inner.IsInstance()(1.0, ms.float32),
                            inner.IsInstance()((1,), ms.tuple_), inner.IsInstance()(1, ms.int_)))
dyn = inner.ConvertToDynamic(is_dynamic_rank=True)
show("ConvertToDynamic", lambda: (repr(dyn), dyn(Tensor([1, 2]))))


class AddSeq(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = SequenceAddN()

    def construct(self, seq):
        return self.op(seq)


ms.set_context(mode=ms.GRAPH_MODE)
show("SequenceAddN Tensors", lambda: AddSeq()(mutable((Tensor([1, 2]), Tensor([3, 4])), True)))
show("SequenceAddN numbers", lambda: AddSeq()(mutable((1, 2, 3), True)))
show("SequenceAddN repr", lambda: repr(SequenceAddN()))
ms.set_context(mode=ms.PYNATIVE_MODE)


class Scale(PrimitiveWithInfer):
    @prim_attr_register
    def __init__(self, a, b=2):
        self.c = a + b

    def __call__(self, x):
        return x * self.a


p = Scale(3)
show("prim_attr_register", lambda: (repr(p), p.name, p.attrs, p.init_attrs, p.a, p.c))
show("prim_attr_register keywords", lambda: (repr(Scale(5, b=7)), Scale(a=1).init_attrs))
show("PrimitiveWithInfer call", lambda: p(Tensor([1.0, 2.0])))
show("PrimitiveWithInfer defaults", lambda: (p.infer_shape([1]), p.infer_dtype(ms.float32),
                                             p.infer_value(1)))
show("PrimitiveWithInfer __infer__",
     lambda: p.__infer__({"shape": [1], "dtype": ms.float32, "value": None}))


class Checked(PrimitiveWithCheck):
    @prim_attr_register
    def __init__(self):
        pass


q = Checked()
show("PrimitiveWithCheck", lambda: (repr(q), q.attrs, q.init_attrs, q.check_shape([1]),
                                    q.check_dtype(ms.float32)))


class Plain(Primitive):
    @prim_attr_register
    def __init__(self, k=(1, 2)):
        self.add_prim_attr("extra", 5)


r = Plain()
show("Primitive prim_attr_register", lambda: (repr(r), r.attrs, r.init_attrs, r.k, r.extra))
show("prim_attr_register bad call", lambda: Plain(1, 2))

# -- DataFormatDimMap, FFTWithSize, orgqr, Tensor methods that are ops, launch_blocking --------
from mindspore import ops, runtime  # noqa: E402
from mindspore.ops import operations as P  # noqa: E402

dims = Tensor(np.array([-4, -3, -2, -1, 0, 1, 2, 3], np.int32))
show("DataFormatDimMap", lambda: (P.DataFormatDimMap()(dims), P.DataFormatDimMap("NCHW", "NHWC")(dims),
                                  repr(P.DataFormatDimMap())))
show("DataFormatDimMap bad format", lambda: P.DataFormatDimMap("NCDHW")(dims))
show("DataFormatDimMap float", lambda: P.DataFormatDimMap()(Tensor([1.0])))
show("DataFormatDimMap int16", lambda: P.DataFormatDimMap()(Tensor(np.array([1], np.int16))))
signal = np.arange(24, dtype=np.float64).reshape(1, 2, 3, 4)
spectrum = np.arange(18, dtype=np.complex128).reshape(1, 2, 3, 3) * (1 - 0.5j)
for label, x, args in (("fft 1", Tensor(signal[0, 0].astype(np.complex64)), (1, False, False)),
                       ("ifft 2", Tensor(signal[0, 0].astype(np.complex64)), (2, True, False)),
                       ("rfft 3", Tensor(signal), (3, False, True)),
                       ("rfft 2 two-sided", Tensor(signal), (2, False, True, "backward", False)),
                       ("irfft 3", Tensor(spectrum), (3, True, True)),
                       ("irfft 2 ortho sizes", Tensor(spectrum), (2, True, True, "ortho", True, (3, 5))),
                       ("rfft 1 forward", Tensor(signal.astype(np.float32)), (1, False, True, "forward"))):
    show(f"FFTWithSize {label}", lambda: ops.FFTWithSize(*args)(x))
show("FFTWithSize grad rfft", lambda: ops.grad(lambda t: ops.FFTWithSize(3, False, True)(t))(Tensor(signal)))
show("FFTWithSize repr", lambda: [repr(ops.FFTWithSize(2, True, False, norm)) for norm in
                                  ("backward", "forward", "ortho")])
qr_x = Tensor(np.array([[-114.6, 10.9, 1.1], [-0.304, 38.07, 69.38], [-0.45, -0.17, 62.]]), ms.float32)
show("orgqr", lambda: (qr_x.orgqr(Tensor(np.array([1.55, 1.94, 0.0]), ms.float32)),
                       ops.orgqr(qr_x, Tensor(np.array([1.55, 1.94]), ms.float32))))
square = Tensor(np.array([[2.0, 1.0], [1.0, 3.0]], np.float32))
show("Tensor.slogdet", lambda: square.slogdet())
show("Tensor.cov", lambda: square.cov(correction=0))
show("Tensor.isreal", lambda: Tensor(np.array([1 + 1j, 2], np.complex64)).isreal())
show("Tensor.arccosh arcsinh arctanh", lambda: (square.arccosh(), square.arcsinh(), (square / 4).arctanh()))
show("Tensor.bitwise shifts", lambda: (Tensor(np.array([1, 8], np.int32)).bitwise_left_shift(Tensor(np.array([2, 1], np.int32))),
                                      Tensor(np.array([1, 8], np.int32)).bitwise_right_shift(Tensor(np.array([2, 1], np.int32)))))
show("Tensor.unfold", lambda: Tensor(np.arange(32, dtype=np.float32).reshape(1, 2, 4, 4)).unfold(kernel_size=3, dilation=1, stride=1))
show("Tensor.gcd lcm", lambda: (Tensor(np.array([4, 6], np.int32)).gcd(Tensor(np.array([6, 9], np.int32))),
                               Tensor(np.array([4, 6], np.int32)).lcm(Tensor(np.array([6, 9], np.int32)))))
show("Tensor.histc", lambda: Tensor(np.array([1.0, 2.0, 1.0], np.float32)).histc(bins=4, min=0.0, max=3.0))
show("launch_blocking", lambda: runtime.launch_blocking())
