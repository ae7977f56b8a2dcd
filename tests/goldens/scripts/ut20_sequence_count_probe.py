"""MindSpore 2.10's `list.count` and `tuple.count` in a compiled function, on constants: an item
counts when it is of the value's type and equal to it (`[1, 1.0, True].count(1)` is 1, nested
lists and dicts alike), and a Tensor only as a Tensor of the same dtype, shape and values (where
Python's `==` on Tensors of several elements cannot decide). Counting with a Tensor computed
from the inputs, and counting None, are not compared (docs/migration.md). Printed
`label -> RESULT`; tests/transforms/test_ut20_sequence_count.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ut20_sequence_count_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/ut20_sequence_count_probe.out
"""
import mindspore as ms
from mindspore import Tensor, context, jit


def show(label, f):
    try:
        r = f()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        r = f"ERR {type(e).__name__} | " + str(e).strip().splitlines()[0]
    print(f"{label} -> {r}")


@jit
def mixed_list():
    bb = Tensor([10, 20, True])
    x = ['a', {'Michael': 1, 'Bob': 'bb'}, 20, Tensor([10, 20, 2]), bb]
    return Tensor(x.count(bb))


@jit
def equal_tensors():
    return [Tensor([1, 2]), Tensor([1, 2]), Tensor([1, 3])].count(Tensor([1, 2]))


@jit
def tensor_shapes():
    return [Tensor([1, 2]), Tensor([1, 2, 3]), 1, Tensor([[1, 2]])].count(Tensor([1, 2]))


@jit
def number_types():
    return [Tensor(1), 1, 1.0, True].count(1)


@jit
def tensor_dtypes():
    return [Tensor([1.0, 2.0]), Tensor([1, 2])].count(Tensor([1, 2]))


@jit
def tensor_int_dtypes():
    return [Tensor([1, 2], ms.int32), Tensor([1, 2], ms.int64)].count(Tensor([1, 2], ms.int32))


@jit
def tuple_of_tensors():
    return (Tensor([1, 2]), Tensor([1, 2]), Tensor([1, 3])).count(Tensor([1, 2]))


@jit
def scalar_tensor_and_int():
    return [Tensor(2), 2, Tensor(3)].count(Tensor(2))


@jit
def nested_lists():
    return [[1, 2], [1, 2.0], (1, 2)].count([1, 2])


@jit
def dicts():
    return [{'a': 1}, {'a': 1.0}, {'a': True}].count({'a': 1})


@jit
def floats():
    return [1.0, 1, 2.5].count(1.0)


@jit
def strings():
    return ('a', 'b', 'a').count('a')


@jit
def bools():
    return [True, 1, False].count(True)


for label, fn in [("mixed list", mixed_list), ("equal tensors", equal_tensors),
                  ("tensor shapes", tensor_shapes), ("number types", number_types),
                  ("tensor dtypes", tensor_dtypes), ("tensor int dtypes", tensor_int_dtypes),
                  ("tuple of tensors", tuple_of_tensors),
                  ("scalar tensor and int", scalar_tensor_and_int),
                  ("nested lists", nested_lists), ("dicts", dicts), ("floats", floats),
                  ("strings", strings), ("bools", bools)]:
    show(label, fn)
context.set_context(mode=context.GRAPH_MODE)
show("graph mode mixed list", mixed_list)
