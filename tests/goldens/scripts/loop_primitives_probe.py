"""MindSpore 2.10's loop Primitives `ops.WhileLoop`, `ops.ForiLoop` and `ops.Scan`, on Python
values and Tensors, in PyNative mode and inside `jit`, and their argument errors; printed
`label -> RESULT`; tests/transforms/test_loop_ops.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/loop_primitives_probe.py \
        | grep -- " -> " > tests/goldens/transforms/loop_primitives_probe.out
"""
from mindspore import Tensor, jit, ops


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).splitlines()[0]}"
    print(f"{label} -> {result}")


def below_100(v):
    return v < 100


def plus_one(v):
    return v + 1


def first_below_5(s):
    return s[0] < 5


def count_and_double(s):
    return (s[0] + 1, s[1] * 2)


def running_sum(res, el):
    res = res + el
    return res, res


def count(c, x):
    return c + 1, c


def add_index(i, v):
    return i + v


show("while Python int", lambda: ops.WhileLoop()(below_100, plus_one, 0))
show("while Tensor", lambda: ops.WhileLoop()(below_100, plus_one, Tensor(0)))
show("while tuple of Tensors",
     lambda: ops.WhileLoop()(first_below_5, count_and_double, (Tensor(0), Tensor(1.0))))
show("while cond_func not a function", lambda: ops.WhileLoop()(1, plus_one, 0))
show("while loop_func not a function", lambda: ops.WhileLoop()(below_100, 1, 0))


@jit
def while_in_jit(v):
    return ops.WhileLoop()(below_100, plus_one, v)


@jit
def while_tuple_in_jit(a, b):
    return ops.WhileLoop()(first_below_5, count_and_double, (a, b))


show("while in jit, Python int", lambda: while_in_jit(0))
show("while in jit, Tensor", lambda: while_in_jit(Tensor(0)))
show("while in jit, tuple of Tensors", lambda: while_tuple_in_jit(Tensor(0), Tensor(1.0)))
show("scan list", lambda: ops.Scan()(running_sum, 0, [1, 2, 3, 4], 4, False))
show("scan list, defaults", lambda: ops.Scan()(running_sum, 0, [1, 2, 3, 4]))
show("scan tuple", lambda: ops.Scan()(running_sum, 0, (1, 2, 3)))
show("scan length other than the list's", lambda: ops.Scan()(running_sum, 0, [1, 2, 3], 2))
show("scan loop_func not a function", lambda: ops.Scan()(1, 0, [1]))


@jit
def scan_in_jit(a):
    return ops.Scan()(running_sum, 0, a, len(a), False)


@jit
def scan_none_in_jit():
    return ops.Scan()(count, 0, None, 3)


@jit
def scan_tensors_in_jit(a, b):
    return ops.Scan()(running_sum, Tensor(0.0), [a, b])


show("scan in jit, list", lambda: scan_in_jit([1, 2, 3, 4]))
show("scan in jit, xs None", scan_none_in_jit)
show("scan in jit, list of Tensors", lambda: scan_tensors_in_jit(Tensor(1.0), Tensor(2.5)))
show("fori Python int", lambda: ops.ForiLoop()(0, 10, add_index, 0))
show("fori Tensor", lambda: ops.ForiLoop()(0, 10, add_index, Tensor(0.0)))
show("fori unroll False", lambda: ops.ForiLoop()(0, 10, add_index, 0, False))
show("fori lower above upper", lambda: ops.ForiLoop()(5, 2, add_index, 0))
show("fori loop_func not a function", lambda: ops.ForiLoop()(0, 1, 1, 0))
show("fori float lower", lambda: ops.ForiLoop()(0.5, 1, add_index, 0))
show("fori float upper", lambda: ops.ForiLoop()(0, 1.5, add_index, 0))


@jit
def fori_in_jit(v):
    return ops.ForiLoop()(0, 10, add_index, v)


@jit
def fori_bounds_in_jit(lo, hi, v):
    return ops.ForiLoop()(lo, hi, add_index, v)


@jit
def fori_rolled_in_jit(v):
    return ops.ForiLoop()(0, 10, add_index, v, False)


show("fori in jit, Python int", lambda: fori_in_jit(0))
show("fori in jit, Tensor", lambda: fori_in_jit(Tensor(0.0)))
show("fori in jit, Tensor bounds", lambda: fori_bounds_in_jit(Tensor(0), Tensor(10), Tensor(0)))
show("fori in jit, unroll False", lambda: fori_rolled_in_jit(Tensor(0.0)))
