"""MindSpore 2.10's graph mode on variable (`mutable`) scalars and sequences: arithmetic and
bitwise operators on variable scalars (a variable result), `range` with a variable or a Tensor
bound, and assignments into lists by a variable index or slice (the result's kind, MindSpore's
errors). Golden: tests/goldens/transforms/dyn20_variable_scalars_probe.out
(tests/transforms/test_dyn20_variable_scalars.py)."""
import mindspore as ms
from mindspore import Tensor, jit, mutable
from mindspore.ops import functional as F

ms.set_context(mode=ms.GRAPH_MODE)


def show(label, fn):
    try:
        r = fn()
        print(label, "->", "OK", repr(r))
    except Exception as e:  # (a Tensor's abstract names its address: cut there)
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0].split(", value_ptr")[0])


@jit
def int_arithmetic():
    x = mutable(7)
    y = mutable(3)
    results = (x + y, x - y, x * y, x / y, x // y, x % y, x ** y, -x)
    return tuple((isinstance(r, int), isinstance(r, float), F.isconstant(r), r) for r in results)


@jit
def int_bitwise():
    x = mutable(6)
    y = mutable(3)
    results = (x & y, x | y)
    return tuple((isinstance(r, int), isinstance(r, float), F.isconstant(r), r) for r in results)


@jit
def float_arithmetic():
    x = mutable(7.5)
    y = mutable(2.0)
    results = (x + y, x - y, x * y, x / y, x // y, x % y, -x)
    return tuple((isinstance(r, float), F.isconstant(r)) for r in results)


show("variable int arithmetic", int_arithmetic)
show("variable int bitwise", int_bitwise)
show("variable float arithmetic", float_arithmetic)


@jit
def mixed():
    x = mutable(7)
    r1 = x + 2
    r2 = 2 * x
    r3 = x % 4
    f = mutable(2.5)
    r4 = f * 2
    r5 = f // 2
    return (F.isconstant(r1), F.isconstant(r2), F.isconstant(r3), F.isconstant(r4),
            F.isconstant(r5), isinstance(r4, float), r1, r2, r3)


show("variable with constant", mixed)


@jit
def augmented():
    x = mutable(7)
    x += 1
    y = mutable(5)
    y %= 3
    return F.isconstant(x), F.isconstant(y), x, y


show("variable augmented", augmented)


@jit
def range_mutable_start():
    seq = range(mutable(2), 10)
    return isinstance(seq, tuple), F.is_sequence_shape_unknown(seq), F.is_sequence_value_unknown(seq)


@jit
def range_mutable_end():
    end = mutable(10)
    seq = range(end)
    return isinstance(seq, tuple), F.is_sequence_shape_unknown(seq), F.isconstant(seq[0])


@jit
def range_mutable_step():
    step = mutable(4)
    seq = range(3, 10, step)
    return isinstance(seq, tuple), F.is_sequence_shape_unknown(seq), len(seq)


@jit
def range_constant():
    seq = range(2, 10, 3)
    return F.is_sequence_shape_unknown(seq), F.is_sequence_value_unknown(seq)


show("range mutable start", range_mutable_start)
show("range mutable end", range_mutable_end)
show("range mutable step", range_mutable_step)
show("range constant", range_constant)


@jit
def range_loop():
    total = 0
    for i in range(mutable(4)):
        total = total + i
    return total


show("range mutable loop", range_loop)


@jit
def range_len():
    seq = range(mutable(2), 9, 3)
    return len(seq), seq[0]


show("range mutable len", range_len)


@jit
def range_tensor_mutable_step():
    return range(Tensor([3]), 10, mutable(4))


@jit
def range_tensor_start():
    return range(Tensor([3]), 10, 4)


@jit
def range_tensor_end():
    return range(Tensor(10))


show("range Tensor start mutable step", range_tensor_mutable_step)
show("range Tensor start", range_tensor_start)
show("range Tensor end", range_tensor_end)


@jit
def setitem_variable_index():
    a = [1, 2]
    index = mutable(0)
    a[index] = 10
    return (isinstance(a, list), F.isconstant(a[0]), F.isconstant(a[1]),
            F.is_sequence_shape_unknown(a), a[0], a[1])


@jit
def setitem_variable_index_mixed():
    a = [1, 2.0]
    index = mutable(0)
    a[index] = 10
    return a


@jit
def setitem_variable_index_float():
    a = [1, 2]
    index = mutable(0)
    a[index] = 1.0
    return a


@jit
def setitem_variable_index_tensor():
    a = [Tensor([1]), Tensor([2])]
    index = mutable(1)
    a[index] = Tensor([5])
    return F.isconstant(a[0]), a


show("setitem variable index", setitem_variable_index)
show("setitem variable index mixed list", setitem_variable_index_mixed)
show("setitem variable index float", setitem_variable_index_float)
show("setitem variable index tensor", setitem_variable_index_tensor)


@jit
def slice_dynamic_list():
    a = mutable([1, 2, 3, 4], True)
    a[0:2] = [2, 3, 4, 5, 6]
    return isinstance(a, list), F.is_sequence_shape_unknown(a)


@jit
def slice_dynamic_list_float():
    a = mutable([1, 2, 3, 4], True)
    a[0:2] = [2, 3, 4.0, 5]
    return a


@jit
def slice_dynamic_target():
    a = [1, 2, 3, 4]
    a[0:2] = mutable([1, 2, 3, 4], True)
    return isinstance(a, list), F.is_sequence_shape_unknown(a)


@jit
def slice_dynamic_target_float():
    a = [1, 2, 3, 4.0]
    a[0:2] = mutable([1, 2, 3, 4], True)
    return a


@jit
def slice_variable_start():
    a = [1, 2, 3, 4]
    start = mutable(0)
    a[start:2] = [7, 8, 9]
    return isinstance(a, list), F.is_sequence_shape_unknown(a)


@jit
def slice_variable_start_float():
    a = [1.0, 2.0, 3.0, 4.0]
    start = mutable(0)
    a[start:2] = [1, 2, 3, 4]
    return a


@jit
def slice_constant():
    a = [1, 2, 3, 4]
    a[0:2] = [7.5, 8, 9]
    return F.is_sequence_shape_unknown(a), a


show("slice dynamic list", slice_dynamic_list)
show("slice dynamic list float", slice_dynamic_list_float)
show("slice dynamic target", slice_dynamic_target)
show("slice dynamic target float", slice_dynamic_target_float)
show("slice variable start", slice_variable_start)
show("slice variable start float", slice_variable_start_float)
show("slice constant", slice_constant)
