"""A PrimitiveWithInfer subclass named after a kernel MindSpore registers in C++ only (`Shift`,
as MindSpore's tests define it; its `__infer__` is used over `infer_dtype`), and
`_checkparam.check_scalar_or_tensor_types_same`: MindSpore 2.10's results and errors.
Golden: tests/goldens/api/conformance_probe23.out."""
import numpy as np
from mindspore import Tensor, context, nn
from mindspore import _checkparam as validator
from mindspore.common import dtype as mstype
from mindspore.ops import PrimitiveWithInfer, prim_attr_register


def show(label, f):
    try:
        r = f()
        if isinstance(r, Tensor):
            print(label, "->", r.dtype, r.shape, r.asnumpy().tolist())
        else:
            print(label, "->", r)
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


class Shift(PrimitiveWithInfer):
    @prim_attr_register
    def __init__(self, periods=1, axis=-1):
        self.init_prim_io_names(inputs=['x', 'fill_value'], outputs=['output'])

    def __infer__(self, x, fill_value):
        return {'shape': tuple(x['shape']), 'dtype': x['dtype'], 'value': None}

    def infer_dtype(self, x_dtype, fill_value_type):
        raise TypeError("infer_dtype is not called where __infer__ is defined")


class ShiftNet(nn.Cell):
    def __init__(self, periods=1, axis=-1):
        super().__init__()
        self.shift = Shift(periods, axis)

    def construct(self, x, fill_value):
        return self.shift(x, fill_value)


x = np.arange(12).reshape(3, 4)
for mode in (context.GRAPH_MODE, context.PYNATIVE_MODE):
    context.set_context(mode=mode)
    show(f"Shift {mode} float", lambda: ShiftNet(2, 1)(Tensor(x, mstype.float32), 0.5))
    show(f"Shift {mode} int back", lambda: ShiftNet(-1, 0)(Tensor(x, mstype.int32), 7))
    show(f"Shift {mode} past the end", lambda: ShiftNet(5, -1)(Tensor(x, mstype.int64), -1))
    show(f"Shift {mode} bool", lambda: ShiftNet(1, 0)(Tensor(x > 5), True))
    show(f"Shift {mode} none", lambda: ShiftNet(0, 1)(Tensor(x, mstype.float64), 9.0))

t32 = mstype.TensorType(mstype.float32)
valid = [mstype.float32, mstype.float64, mstype.int32]
show("types same tensor tensor", lambda: validator.check_scalar_or_tensor_types_same(
    {"x": t32, "y": t32}, valid, "Prim"))
show("types same tensor scalar mixed", lambda: validator.check_scalar_or_tensor_types_same(
    {"x": t32, "y": mstype.float32}, valid, "Prim", True))
show("types same tensor scalar", lambda: validator.check_scalar_or_tensor_types_same(
    {"x": t32, "y": mstype.float32}, valid, "Prim"))
show("types differ", lambda: validator.check_scalar_or_tensor_types_same(
    {"x": t32, "y": mstype.TensorType(mstype.int32)}, valid, "Prim"))
show("type invalid", lambda: validator.check_scalar_or_tensor_types_same(
    {"x": mstype.TensorType(mstype.int8), "y": mstype.int8}, valid, "Prim", True))
