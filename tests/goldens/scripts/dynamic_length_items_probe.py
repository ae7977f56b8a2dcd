"""MindSpore 2.10's items of a dynamic-length `mutable` list inside a compiled function: setitem
and append take only items of the elements' type (TypeError), every item is a variable
(`isconstant`), `is_dynamic_sequence_element_unknown` says whether the element type is still
unknown; printed `label -> RESULT`; tests/ops/test_sequence_add.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dynamic_length_items_probe.py \
        | grep -- " -> " > tests/goldens/ops/dynamic_length_items_probe.out
"""
from mindspore import Tensor, context, jit, mutable
from mindspore.ops import functional as F


def show(label, f, whole_message=True):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        text = str(e).split("\n")[0]
        # (a message naming a Tensor's or a tuple's C++ abstract holds pointers: its first words)
        result = f"ERR {type(e).__name__} | " + (text if whole_message else text[:60])
    print(f"{label} -> {result}")


context.set_context(mode=context.GRAPH_MODE)


@jit
def setitem_int():
    x = mutable([1, 2, 3], True)
    x[0] = 5
    return F.isconstant(x[0]), F.isconstant(x[1]), F.is_sequence_value_unknown(x), x


show("setitem int", setitem_int)


@jit
def setitem_float():
    x = mutable([1, 2, 3, 4], True)
    x[3] = 10.0
    return x


show("setitem float into ints", setitem_float)


@jit
def setitem_bool():
    x = mutable([1, 2], True)
    x[0] = True
    return x


show("setitem bool into ints", setitem_bool)


@jit
def setitem_short_tuple():
    x = mutable([(1, 2, 3), (2, 3, 4)], True)
    x[3] = (2, 3)
    return x


show("setitem short tuple", setitem_short_tuple, False)


@jit
def setitem_tensor_dtype():
    x = mutable([Tensor([1]), Tensor([2])], True)
    x[1] = Tensor([1.0])
    return x


show("setitem tensor dtype", setitem_tensor_dtype, False)


@jit
def setitem_out_of_range():
    x = mutable([1, 2], True)
    x[5] = 3
    return x


show("setitem out of range", setitem_out_of_range)


@jit
def append_int_to_tensors():
    x = mutable([Tensor([1]), Tensor([2])], True)
    x.append(3)
    return x


show("append int to tensors", append_int_to_tensors, False)


@jit
def append_float_to_ints():
    x = mutable([1, 2], True)
    x.append(2.5)
    return x


show("append float to ints", append_float_to_ints)


@jit
def append_after_empty():
    x = mutable([], True)
    x.append(1)
    x.append(2.0)
    return x


show("append float after int to empty", append_after_empty)


@jit
def append_tuple():
    x = mutable([(1, 2, 3), (4, 5, 6)], True)
    x.append((1, 2, 4))
    return x


show("append tuple", append_tuple, False)


@jit
def append_int_to_ints():
    x = mutable([1, 2], True)
    x.append(3)
    return F.isconstant(x[2]), F.is_sequence_shape_unknown(x), x


show("append int to ints", append_int_to_ints)


@jit
def tensor_shape():
    x = mutable([Tensor([1]), Tensor([2])], True)
    x.append(Tensor([1, 2]))
    return x


show("append tensor of another shape", tensor_shape, False)


@jit
def element_unknown_empty():
    return F.is_dynamic_sequence_element_unknown(mutable([], True))


show("element unknown empty list", element_unknown_empty)


@jit
def element_unknown_empty_tuple():
    return F.is_dynamic_sequence_element_unknown(mutable((), True))


show("element unknown empty tuple", element_unknown_empty_tuple)


@jit
def element_unknown_one():
    return F.is_dynamic_sequence_element_unknown(mutable([1], True))


show("element unknown [1]", element_unknown_one)


@jit
def element_unknown_after_append():
    x = mutable([], True)
    x.append(1)
    return F.is_dynamic_sequence_element_unknown(x)


show("element unknown after append", element_unknown_after_append)


@jit
def element_unknown_constant():
    return F.is_dynamic_sequence_element_unknown([])


show("element unknown constant list", element_unknown_constant)


@jit
def element_unknown_fixed_length():
    return F.is_dynamic_sequence_element_unknown(mutable([1]))


show("element unknown fixed length", element_unknown_fixed_length)


@jit
def element_unknown_argument(x):
    return F.is_dynamic_sequence_element_unknown(x)


show("element unknown argument", lambda: element_unknown_argument(mutable([1, 2], True)))
show("element unknown pynative", lambda: F.is_dynamic_sequence_element_unknown(mutable([], True)))
show("element unknown pynative int", lambda: F.is_dynamic_sequence_element_unknown(1))


@jit
def twice():
    x = mutable((1, 2, 3), True)
    return mutable(x, True)


show("mutable twice", twice)


@jit
def returned():
    first = mutable([1, 2, 3, 4], True)
    second = mutable([Tensor([1]), Tensor([2]), Tensor([3])], True)
    third = mutable([(1, 2, 3), (2, 3, 4)], True)
    return first, second, third


show("returned from jit", returned)


@jit
def returned_shapes():
    return mutable([Tensor([[1, 2, 3]]), Tensor([[2]]), Tensor([[3], [4]])], True)


show("returned Tensors of different shapes", lambda: [t.shape for t in returned_shapes()])


@jit
def of_a_mutable_and_its_input(inputs):
    return mutable([mutable(inputs), inputs], True)


show("of a mutable and its input", lambda: of_a_mutable_and_its_input([(1, 2), 2, 2.]))


@jit
def of_mixed_types():
    return mutable([1, (2, 3)], True)


show("of mixed types", of_mixed_types)
for label, items in (("int float", [1, 2.0]), ("tuple list", [(1,), [2]]),
                     ("int Tensor", [1, Tensor([1])]), ("bool int", [True, 1]),
                     ("list dict", [[1], {"a": 1}])):
    @jit
    def mixed():
        return mutable(items, True)

    show(f"of mixed types, {label}", mixed)
    show(f"of mixed types outside jit, {label}", lambda: mutable(items, True))
