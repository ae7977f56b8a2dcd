"""MindSpore 2.10 in graph mode: `tuple(x)` and `list(x)` of a dynamic-length `mutable`
sequence give a sequence of dynamic length too (F.is_sequence_shape_unknown is True), with the
same items; of a `mutable` sequence of fixed length, a sequence of known length. Printed
`label -> RESULT`; tests/transforms/test_ut20_sequence_conversion.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ut20_sequence_conversion_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/ut20_sequence_conversion_probe.out
"""
from mindspore import Tensor, context, jit, mutable
from mindspore.ops import functional as F


def show(label, f):
    try:
        r = f()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        r = f"ERR {type(e).__name__} | " + str(e).strip().splitlines()[0]
    print(f"{label} -> {r}")


@jit
def tuple_of_dynamic_list():
    a = mutable([1, 2, 3, 4], True)
    x = tuple(a)
    return isinstance(x, tuple), F.is_sequence_shape_unknown(x), x


@jit
def tuple_of_empty_dynamic_list():
    x = tuple(mutable([], True))
    return isinstance(x, tuple), F.is_sequence_shape_unknown(x), len(x)


@jit
def list_of_dynamic_tuple():
    x = list(mutable((1, 2, 3, 4), True))
    return isinstance(x, list), F.is_sequence_shape_unknown(x), x


@jit
def list_of_empty_dynamic_tuple():
    x = list(mutable((), True))
    return isinstance(x, list), F.is_sequence_shape_unknown(x), len(x)


@jit
def tuple_of_dynamic_tuple():
    x = tuple(mutable((1, 2), True))
    return F.is_sequence_shape_unknown(x), x


@jit
def list_of_dynamic_list():
    x = list(mutable([1, 2], True))
    return F.is_sequence_shape_unknown(x), x


@jit
def tuple_of_fixed_mutable_list():
    x = tuple(mutable([1, 2]))
    return F.is_sequence_shape_unknown(x), x


@jit
def tuple_of_list():
    x = tuple([1, 2])
    return F.is_sequence_shape_unknown(x), x


@jit
def tuple_of_dynamic_tensors(t):
    x = tuple(mutable([t, t + 1], True))
    return F.is_sequence_shape_unknown(x), x[1]


@jit
def sum_after_tuple():
    x = tuple(mutable([1, 2, 3], True))
    return x[0] + x[2]


for name, fn in [("tuple of dynamic list", tuple_of_dynamic_list),
                 ("tuple of empty dynamic list", tuple_of_empty_dynamic_list),
                 ("list of dynamic tuple", list_of_dynamic_tuple),
                 ("list of empty dynamic tuple", list_of_empty_dynamic_tuple),
                 ("tuple of dynamic tuple", tuple_of_dynamic_tuple),
                 ("list of dynamic list", list_of_dynamic_list),
                 ("tuple of fixed mutable list", tuple_of_fixed_mutable_list),
                 ("tuple of list", tuple_of_list),
                 ("item sum after tuple", sum_after_tuple)]:
    show(name, fn)
show("tuple of dynamic tensors", lambda: tuple_of_dynamic_tensors(Tensor([1.0, 2.0])))
context.set_context(mode=context.GRAPH_MODE)
show("graph mode tuple of dynamic list", tuple_of_dynamic_list)
