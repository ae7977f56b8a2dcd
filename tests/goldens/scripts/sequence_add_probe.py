"""MindSpore 2.10's `+` of `mutable` sequences inside a compiled function (SequenceAdd): the sum's
values are unknown, its length is unknown when either operand's is (`mutable(seq, True)`), and a
dynamic-length sequence takes only elements of its own type (TypeError); printed
`label -> RESULT`; tests/ops/test_sequence_add.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/sequence_add_probe.py \
        | grep -- " -> " > tests/goldens/ops/sequence_add_probe.out
"""
from mindspore.common import mutable
from mindspore.ops import functional as F
from mindspore import Tensor, jit, context
def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        text = str(e)
        # (MindSpore's message names its C++ abstracts, with pointers: the words around them)
        result = (f"ERR {type(e).__name__} | "
                  f"{text.startswith('For primitive SequenceAdd, the element of first input')} "
                  f"{'is not same with the element of second input' in text}")
    print(f"{label} -> {result}")
context.set_context(mode=context.GRAPH_MODE)

@jit
def case0():
    a = mutable([1, 2, 3, 4], True)
    b = mutable([Tensor([1]), Tensor([2])], True)
    c = a + b
    return F.is_sequence_value_unknown(c), F.is_sequence_shape_unknown(c), len(c)
show('dyn+dyn int/tensor', case0)

@jit
def case1():
    a = mutable([(1, 2, 3), (2, 3, 4)], True)
    b = mutable([(1, 2), (3, 4)], True)
    c = a + b
    return F.is_sequence_value_unknown(c), F.is_sequence_shape_unknown(c), len(c)
show('dyn+dyn shapes', case1)

@jit
def case2():
    a = mutable([Tensor([1]), Tensor([2])], True)
    b = [1, 2, 3]
    c = a + b
    return F.is_sequence_value_unknown(c), F.is_sequence_shape_unknown(c), len(c)
show('dyn tensor + const int', case2)

@jit
def case3():
    a = mutable([Tensor([1]), Tensor([2])], True)
    b = [1, 2, 3]
    c = b + a
    return F.is_sequence_value_unknown(c), F.is_sequence_shape_unknown(c), len(c)
show('const int + dyn tensor', case3)

@jit
def case4():
    a = mutable([1, 2], True)
    b = [1.5, 2.5]
    c = a + b
    return F.is_sequence_value_unknown(c), F.is_sequence_shape_unknown(c), len(c)
show('dyn int + const float', case4)

@jit
def case5():
    a = mutable((1, 2), True)
    b = (3, 4)
    c = a + b
    return F.is_sequence_value_unknown(c), F.is_sequence_shape_unknown(c), len(c)
show('dyn tuple + const tuple', case5)

@jit
def case6():
    a = mutable([1, 2])
    b = [3]
    c = a + b
    return F.is_sequence_value_unknown(c), F.is_sequence_shape_unknown(c), len(c)
show('mutable fixed + const', case6)

@jit
def case7():
    a = mutable([1, 2])
    b = [3]
    c = b + a
    return F.is_sequence_value_unknown(c), F.is_sequence_shape_unknown(c), len(c)
show('const + mutable fixed', case7)

@jit
def case8():
    a = mutable([1, 2])
    b = mutable([3])
    c = a + b
    return F.is_sequence_value_unknown(c), F.is_sequence_shape_unknown(c), len(c)
show('mutable fixed + mutable fixed', case8)

@jit
def case9():
    a = mutable([Tensor([1]), Tensor([2])], True)
    b = [Tensor([1, 2])]
    c = a + b
    return F.is_sequence_value_unknown(c), F.is_sequence_shape_unknown(c), len(c)
show('dyn tensors different shapes', case9)

@jit
def case10():
    a = mutable([Tensor([1]), Tensor([2])], True)
    b = [Tensor([1.0])]
    c = a + b
    return F.is_sequence_value_unknown(c), F.is_sequence_shape_unknown(c), len(c)
show('dyn tensors different dtypes', case10)

@jit
def case11():
    a = mutable([1, 2], True)
    b = mutable([3])
    c = a + b
    return F.is_sequence_value_unknown(c), F.is_sequence_shape_unknown(c), len(c)
show('dyn + mutable fixed', case11)

@jit
def case12():
    a = mutable([], True)
    b = mutable([], True)
    c = a + b
    return F.is_sequence_value_unknown(c), F.is_sequence_shape_unknown(c), len(c)
show('dyn empty + dyn empty', case12)


@jit
def values():
    a = mutable([1, 2, 3], True)
    c = a + [4]
    d = (5,) + mutable((6, 7))
    return len(c), c, d


show("values", values)
show("pynative sum", lambda: type(mutable([1], True) + [2]).__name__)
