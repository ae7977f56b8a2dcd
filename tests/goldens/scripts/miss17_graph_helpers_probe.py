"""MindSpore 2.10's graph-syntax helper Primitives of mindspore.ops that its PyNative mode runs:
is_, is_not, in_dict, not_in_dict, bool_not, shape_mul, tuple_reversed, tuple_getitem,
list_getitem, list_len, make_list, typeof, tensor_range, tensor_slice, reduced_shape,
DtypeToEnum, list_equal, tuple_equal, make_slice, dict_getitem, tuple_setitem, list_setitem,
tuple_div, hastype, tensor_muls, hyper_add and reshape_: what each returns (type and value) and
the errors of bad input.
Golden: tests/goldens/ops/miss17_graph_helpers_probe.out (tests/ops/test_miss17_more_ops.py)."""
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor


def show(label, fn):
    try:
        r = fn()
        if isinstance(r, Tensor):
            print(label, "->", "TENSOR", r.dtype, tuple(r.shape), r.asnumpy().tolist())
        else:
            shown = [x.asnumpy().tolist() if isinstance(x, Tensor) else x for x in r] \
                if isinstance(r, tuple) else r
            print(label, "->", "VALUE", type(r).__name__, repr(shown))
    except Exception as e:
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")]
        print(label, "->", type(e).__name__, lines[0] if lines else "")


t = Tensor(np.array([1.0, 2.0], np.float32))
show("is_ same", lambda: ops.is_(1, 1))
show("is_ None", lambda: ops.is_(None, None))
show("is_not", lambda: ops.is_not(1, None))
show("in_dict", lambda: ops.in_dict("a", {"a": 1}))
show("in_dict missing", lambda: ops.in_dict("b", {"a": 1}))
show("not_in_dict", lambda: ops.not_in_dict("b", {"a": 1}))
show("in_dict not dict", lambda: ops.in_dict("a", ["a"]))
show("bool_not True", lambda: ops.bool_not(True))
show("bool_not False", lambda: ops.bool_not(False))
show("bool_not tensor", lambda: ops.bool_not(Tensor(True)))
show("shape_mul", lambda: ops.shape_mul((2, 3, 4)))
show("shape_mul empty", lambda: ops.shape_mul(()))
show("shape_mul list", lambda: ops.shape_mul([2, 3]))
show("shape_mul float", lambda: ops.shape_mul((2.0, 3)))
show("tuple_reversed", lambda: ops.tuple_reversed((1, 2, 3)))
show("tuple_reversed list", lambda: ops.tuple_reversed([1, 2]))
show("tuple_getitem", lambda: ops.tuple_getitem((1, 2, 3), 1))
show("tuple_getitem negative", lambda: ops.tuple_getitem((1, 2, 3), -1))
show("tuple_getitem out", lambda: ops.tuple_getitem((1, 2, 3), 3))
show("list_getitem", lambda: ops.list_getitem([1, 2, 3], 2))
show("list_getitem out", lambda: ops.list_getitem([1, 2, 3], -4))
show("list_len", lambda: ops.list_len([1, 2, 3]))
show("list_len tuple", lambda: ops.list_len((1, 2)))
show("make_list", lambda: ops.make_list(1, 2))
show("make_list empty", lambda: ops.make_list())
show("typeof tensor", lambda: ops.typeof(t))
show("typeof int", lambda: ops.typeof(1))
show("typeof float", lambda: ops.typeof(1.0))
show("typeof bool", lambda: ops.typeof(True))
show("typeof tuple", lambda: ops.typeof((1, 2.0)))
show("typeof int tensor", lambda: ops.typeof(Tensor(np.array([1], np.int64))))
show("tensor_range", lambda: ops.tensor_range(Tensor(0), Tensor(5), Tensor(1)))
show("tensor_range float", lambda: ops.tensor_range(Tensor(0.0), Tensor(1.0), Tensor(0.25)))
show("tensor_range ints", lambda: ops.tensor_range(1, 7, 2))
show("tensor_range down", lambda: ops.tensor_range(Tensor(5), Tensor(0), Tensor(-2)))
show("tensor_range delta 0", lambda: ops.tensor_range(Tensor(0), Tensor(5), Tensor(0)))
show("ops.range delta 0", lambda: ops.range(0, 5, 0))
show("tensor_slice", lambda: ops.tensor_slice(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)),
                                             (0, 1), (2, 2)))
show("reduced_shape", lambda: ops.reduced_shape((2, 3), (1,)))
show("reduced_shape all", lambda: ops.reduced_shape((2, 3, 4), (0, 2)))
show("reduced_shape negative", lambda: ops.reduced_shape((2, 3), (-1,)))
show("reduced_shape empty", lambda: ops.reduced_shape((2, 3), ()))
show("list_equal", lambda: ops.list_equal([1, 2], [1, 2]))
show("list_equal different", lambda: ops.list_equal([1, 2], [1, 2, 3]))
show("tuple_equal", lambda: ops.tuple_equal((1, 2), (1, 3)))
show("tuple_equal same", lambda: ops.tuple_equal((1, 2.0), (1, 2.0)))
show("make_slice", lambda: ops.make_slice(1, 3, 1))
show("make_slice none", lambda: ops.make_slice(None, 3, None))
show("dict_getitem", lambda: ops.dict_getitem({"a": 1, "b": 2}, "b"))
show("dict_getitem missing", lambda: ops.dict_getitem({"a": 1}, "c"))
show("tuple_setitem", lambda: ops.tuple_setitem((1, 2, 3), 0, 5))
show("tuple_setitem negative", lambda: ops.tuple_setitem((1, 2, 3), -1, 5))
show("tuple_setitem out", lambda: ops.tuple_setitem((1, 2, 3), 3, 5))
show("list_setitem", lambda: ops.list_setitem([1, 2], 1, 5))
show("list_setitem out", lambda: ops.list_setitem([1, 2], -3, 5))
show("tuple_div", lambda: ops.tuple_div((4, 6), (2, 3)))
show("tuple_div remainder", lambda: ops.tuple_div((5, 7), (2, 3)))
show("tuple_div length", lambda: ops.tuple_div((4, 6), (2,)))
show("hastype int", lambda: ops.hastype(1, ms.int64))
show("hastype float", lambda: ops.hastype(1.0, ms.int64))
show("hastype tensor", lambda: ops.hastype(Tensor(np.ones(2, np.float32)), ms.tensor_type))
show("tensor_muls", lambda: ops.tensor_muls(Tensor(np.array([1.0, 2.0], np.float32)), 2.0))
show("tensor_muls int", lambda: ops.tensor_muls(Tensor(np.array([1, 2], np.int32)), 3))
show("tensor_muls int by float", lambda: ops.tensor_muls(Tensor(np.array([1, 2], np.int32)), 0.5))
show("hyper_add", lambda: ops.hyper_add(Tensor(np.array([1.0], np.float32)),
                                        Tensor(np.array([2.0], np.float32))))
show("hyper_add tuple", lambda: ops.hyper_add((Tensor(np.array([1.0], np.float32)), 2),
                                              (Tensor(np.array([2.0], np.float32)), 3)))
show("reshape_", lambda: ops.reshape_(Tensor(np.arange(6, dtype=np.float32)), (2, 3)))
for dtype in (ms.float32, ms.float16, ms.int32, ms.int64, ms.bool_, ms.uint8, ms.float64,
              ms.bfloat16, ms.complex64):
    show(f"DtypeToEnum {dtype}", lambda: ops.DtypeToEnum()("op", "arg", dtype))
show("DtypeToEnum int", lambda: ops.DtypeToEnum()("op", "arg", 3))
