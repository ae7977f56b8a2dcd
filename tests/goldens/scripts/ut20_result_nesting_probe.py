"""MindSpore 2.10 refuses a compiled function's result with an item inside more than 6 nested
lists or tuples (RuntimeError; 'List nesting' when that innermost sequence holds a Tensor, 'List,
tuple and dict nesting' for constants); an empty sequence that deep is allowed, a dict's values
count from 0 again, and values that are not returned are not checked. Printed `label -> RESULT`;
tests/transforms/test_ut20_result_nesting.py runs it unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ut20_result_nesting_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/ut20_result_nesting_probe.out
"""
import numpy as np

from mindspore import Tensor, context, jit, nn


def show(label, f):
    try:
        r = f()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        r = f"ERR {type(e).__name__} | " + str(e).strip().splitlines()[0]
    print(f"{label} -> {r}")


@jit
def list_6():
    return [[[[[[1]]]]]]


@jit
def list_7():
    return [[[[[[[1]]]]]]]


@jit
def tuple_7():
    return ((((((((1,),),),),),),),)


@jit
def dict_7():
    return {"a": {"a": {"a": {"a": {"a": {"a": {"a": 1}}}}}}}


@jit
def tensor_list_6(t):
    return [[[[[[t]]]]]]


@jit
def tensor_list_7(t):
    return [[[[[[[t]]]]]]]


@jit
def unused_7(t):
    x = [[[[[[[1]]]]]]]
    return t + x[0][0][0][0][0][0][0]


@jit
def setitem_7():
    x = [[1], [2, 3], [4, [[5, [6, [7, [8]]]]]]]
    x[2][1][0][1][1][1][0] = 9
    return x


@jit
def tuple_of_lists_7():
    return ([1], [2, 3], [4, [[5, [6, [7, [8]]]]]])


@jit
def built_in_loop():
    x = [1]
    for _ in range(7):
        x = [x]
    return x


@jit
def dict_between():
    return [[[{"a": [[[[1]]]]}]]]


@jit
def none_7():
    return [[[[[[[None]]]]]]]


@jit
def empty_7():
    return [[[[[[[]]]]]]]


@jit
def str_7():
    return [[[[[[["a"]]]]]]]


@jit
def array_7():
    return [[[[[[[np.array([1])]]]]]]]


@jit
def index_of_7():
    x = [[[[[[[1]]]]]]]
    return x[0]


@jit
def int_then_tensor_7(t):
    return [[[[[[[1, t]]]]]]]


@jit
def constant_beside_tensor(t):
    return [[[[[[[1]]]]]]], t


@jit
def returns_argument(x):
    return x


@jit
def ignores_argument(x):
    return 1


class Identity(nn.Cell):
    def construct(self, x):
        return x


t = Tensor(1)
for label, fn in [("list 6", list_6), ("list 7", list_7), ("tuple 7", tuple_7),
                  ("dict 7", dict_7), ("setitem 7", setitem_7),
                  ("tuple of lists 7", tuple_of_lists_7), ("built in loop 8", built_in_loop),
                  ("dict between", dict_between), ("none 7", none_7), ("empty 7", empty_7),
                  ("str 7", str_7), ("array 7", array_7), ("index of 7", index_of_7)]:
    show(label, fn)
for label, fn in [("tensor list 6", tensor_list_6), ("tensor list 7", tensor_list_7),
                  ("unused 7", unused_7), ("int then tensor 7", int_then_tensor_7),
                  ("constant beside tensor", constant_beside_tensor)]:
    show(label, lambda: fn(t))
show("argument 7 returned", lambda: returns_argument([[[[[[[1]]]]]]]))
show("argument 7 ignored", lambda: ignores_argument([[[[[[[1]]]]]]]))
show("pynative 8", lambda: Identity()([[[[[[[[1]]]]]]]]))
context.set_context(mode=context.GRAPH_MODE)
show("graph cell 7", lambda: Identity()([[[[[[[1]]]]]]]))
show("graph cell 6", lambda: Identity()([[[[[[1]]]]]]))
