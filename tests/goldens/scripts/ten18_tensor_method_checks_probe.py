"""Tensor methods' argument checks and result dtypes in MindSpore 2.10 (PyNative, CPU): chunk,
flatten, floor_divide, index_select, lerp, bincount, clamp, fliplr, hypot, i0, norm, subtract, t,
tril, unbind, count_nonzero, mean, trace, inner, copysign, nanmedian, new_zeros, sum_to_size,
cholesky, diagflat, diff, and indexing with too many indices or a float in a tuple.
Golden: tests/goldens/core/ten18_tensor_method_checks_probe.out
(tests/test_tensor_method_checks.py)."""
import numpy as np
import mindspore as ms
from mindspore import Tensor


def _values(tensor):
    """The values, floats to 5 decimals (Float32 kernels differ in the last digits)."""
    values = tensor.asnumpy()
    return (np.round(values.astype(np.float64), 5) if values.dtype.kind == "f"
            else values).tolist()


def show(label, fn):
    try:
        r = fn()
        outs = r if isinstance(r, (tuple, list)) else (r,)
        parts = [f"{o.dtype} {o.shape} {_values(o)}" if isinstance(o, Tensor) else repr(o)
                 for o in outs]
        print(label, "->", "; ".join(parts))
    except Exception as e:  # MindSpore's message: its first line (the C++ stack follows)
        lines = [line for line in str(e).splitlines() if line.strip() and "----" not in line]
        print(label, "->", type(e).__name__, lines[0] if lines else "")
        try:  # MindSpore's pending error is raised here, not by the next case
            ms.runtime.synchronize()
        except Exception:  # noqa: BLE001
            pass


i32 = Tensor([[3, -5, 6], [0, 7, -2]], ms.int32)
b = Tensor([[True, False, True], [False, True, True]])
f2 = Tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], ms.float32)
h = Tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], ms.float16)
z = Tensor(np.zeros((2, 3)), ms.float32)


show("chunk 0", lambda: f2.chunk(0))
show("chunk -1", lambda: f2.chunk(-1))
show("chunk float", lambda: f2.chunk(2.0))
show("chunk dim 2", lambda: f2.chunk(2, 2))
show("flatten 1 0", lambda: f2.flatten(1, 0))
show("flatten -1 0", lambda: f2.flatten(-1, 0))
show("flatten 0 2", lambda: f2.flatten(0, 2))
show("flatten 0d start 0", lambda: Tensor(2.0).flatten(0, 0))
show("floor_divide int bool", lambda: i32.floor_divide(Tensor(True)))
show("index_select oob", lambda: f2.index_select(1, Tensor([5])))
show("index_select neg index", lambda: f2.index_select(1, Tensor([-1])))
show("index_select 2d index", lambda: f2.index_select(1, Tensor([[0, 1]])))
show("index_select 0d index", lambda: f2.index_select(1, Tensor(1)))
show("index_select dim oob", lambda: f2.index_select(2, Tensor([1])))
show("lerp mixed", lambda: f2.lerp(Tensor(np.zeros((2, 3)), ms.float16), 0.5))
show("lerp int", lambda: i32.lerp(i32, 0.5))
show("lerp weight tensor mixed", lambda: f2.lerp(z, Tensor(0.5, ms.float16)))
show("bincount negative", lambda: Tensor([1, -1, 3]).bincount())
show("bincount float input", lambda: Tensor([1.0, 2.0]).bincount())
show("bincount 2d", lambda: Tensor([[1, 2]]).bincount())
show("bincount weights length", lambda: Tensor([1, 2]).bincount(Tensor([1.0])))
show("bincount minlength -1", lambda: Tensor([1, 2]).bincount(minlength=-1))
show("bincount int32", lambda: Tensor([1, 2], ms.int32).bincount(Tensor([1.0, 3.0], ms.float64)))
show("clamp bool", lambda: b.clamp(0, 1))
show("clamp bool min", lambda: f2.clamp(Tensor(True)))
show("fliplr 1d", lambda: Tensor([1, 2]).fliplr())
show("fliplr 0d", lambda: Tensor(1).fliplr())
show("hypot int", lambda: i32.hypot(i32))
show("hypot int float", lambda: i32.hypot(f2))
show("hypot half", lambda: h.hypot(h))
show("i0 int", lambda: i32.i0())
show("i0 bool", lambda: b.i0())
show("norm int", lambda: i32.norm())
show("norm int p1", lambda: i32.norm(1))
show("norm half", lambda: h.norm())
show("subtract int alpha float", lambda: i32.subtract(1, alpha=0.5))
show("subtract float alpha float", lambda: f2.subtract(1, alpha=0.5))
show("subtract bool", lambda: b.subtract(b))
show("subtract bool int", lambda: b.subtract(1))
show("t 3d", lambda: Tensor(np.arange(8.0).reshape(2, 2, 2)).t())
show("t 0d", lambda: Tensor(2.0).t())
show("tril 1d", lambda: Tensor([1.0, 2.0]).tril())
show("tril 0d", lambda: Tensor(1.0).tril())
show("unbind 0d", lambda: Tensor(1.0).unbind())
show("unbind dim oob", lambda: f2.unbind(2))
show("ops.chunk 0", lambda: ms.ops.chunk(f2, 0))
show("ops.flatten 1 0", lambda: ms.ops.flatten(f2, start_dim=1, end_dim=0))
show("ops.index_select oob", lambda: ms.ops.index_select(f2, 1, Tensor([5])))
show("ops.index_select 2d index", lambda: ms.ops.index_select(f2, 1, Tensor([[0, 1]])))
show("ops.bincount negative", lambda: ms.ops.bincount(Tensor([1, -1, 3])))
show("ops.bincount 2d", lambda: ms.ops.bincount(Tensor([[1, 2]])))
show("ops.clamp bool", lambda: ms.ops.clamp(b, 0, 1))
show("ops.hypot int", lambda: ms.ops.hypot(i32, i32))
show("ops.i0 int", lambda: ms.ops.i0(i32))
show("ops.norm int", lambda: ms.ops.norm(i32))
show("ops.norm int p1", lambda: ms.ops.norm(i32, 1))
show("ops.subtract bool", lambda: ms.ops.subtract(b, b))
show("ops.t 3d", lambda: ms.ops.t(Tensor(np.arange(8.0).reshape(2, 2, 2))))
show("ops.tril 1d", lambda: ms.ops.tril(Tensor([1.0, 2.0])))
show("ops.unbind 0d", lambda: ms.ops.unbind(Tensor(1.0)))
show("ops.unbind dim oob", lambda: ms.ops.unbind(f2, 2))
show("mint.subtract bool", lambda: ms.mint.sub(b, b))
show("clamp python bool", lambda: f2.clamp(True))
show("clamp int max only", lambda: i32.clamp(max=2))
show("unbind 1d", lambda: Tensor([1.0, 2.0]).unbind())
show("tril 3d", lambda: Tensor(np.ones((2, 2, 2)), ms.float32).tril(-1))
show("fliplr 3d", lambda: Tensor(np.arange(8).reshape(2, 2, 2)).fliplr())
show("t 1d", lambda: Tensor([1.0, 2.0]).t())
show("mean int dtype", lambda: i32.mean(dtype=ms.float64))
show("mean int dtype axis", lambda: i32.mean(1, dtype=ms.float32))
show("trace bool", lambda: b.trace())
show("trace uint8", lambda: Tensor([[1, 2], [3, 4]], ms.uint8).trace())
show("trace int8", lambda: Tensor([[100, 2], [3, 100]], ms.int8).trace())
show("trace int32", lambda: i32.trace())
show("trace half", lambda: h.trace())
show("trace 1d", lambda: Tensor([1.0, 2.0]).trace())
show("lerp weight float64", lambda: f2.lerp(z, Tensor(0.5, ms.float64)))
show("inner last dims", lambda: f2.inner(Tensor([1.0, 2.0])))
show("inner int float", lambda: i32.inner(f2))
show("inner 0d", lambda: Tensor(2.0).inner(f2))
show("copysign signed zero", lambda: f2.copysign(Tensor([-1.0, 0.0, -0.0])))
show("copysign int scalar", lambda: i32.copysign(-1))
show("copysign int int", lambda: i32.copysign(i32))
show("copysign half float", lambda: h.copysign(f2))
show("copysign bool", lambda: b.copysign(f2))
show("nanmedian bool", lambda: b.nanmedian())
show("nanmedian half", lambda: h.nanmedian(0))
show("nanmedian dim 2", lambda: f2.nanmedian(2))
show("nanmedian int dim", lambda: i32.nanmedian(1))
show("new_zeros Tensor size", lambda: f2.new_zeros(Tensor([2, 3])))
show("new_zeros two ints", lambda: f2.new_zeros(2, 3))
show("new_zeros list bool", lambda: f2.new_zeros([2, 3], dtype=ms.bool_))
show("sum_to_size not expandable", lambda: f2.sum_to_size(2, 2))
show("sum_to_size more dims", lambda: f2.sum_to_size(1, 2, 3))
show("sum_to_size ok", lambda: f2.sum_to_size(1, 3))
show("cholesky 1d", lambda: Tensor([1.0]).cholesky())
show("cholesky not square", lambda: f2.cholesky())
show("diagflat float offset", lambda: f2.diagflat(1.5))
show("index_select 0d input", lambda: Tensor(5.0).index_select(0, Tensor([0])))
show("diff n 2", lambda: f2.diff(2))
show("diff 0d", lambda: Tensor(1.0).diff())
show("ops.diff n 0", lambda: ms.ops.diff(f2, 0))
show("i0 half", lambda: h.i0())
show("count_nonzero axis keyword", lambda: f2.count_nonzero(axis=1))
show("count_nonzero dtype keyword", lambda: f2.count_nonzero(dtype=ms.float32))
show("count_nonzero keep_dims keyword", lambda: f2.count_nonzero(keep_dims=True))
show("count_nonzero axis keep_dims", lambda: f2.count_nonzero(1, True))
show("count_nonzero list", lambda: i32.count_nonzero([0]))


def set_item(index, value):
    x = Tensor(np.arange(6).reshape(2, 3))
    x[index] = value
    return x


show("getitem too many", lambda: f2[0, 0, 0])
show("getitem too many ellipsis", lambda: f2[..., 0, 0, 0])
show("getitem too many none", lambda: f2[None, 0, 0, 0])
show("getitem none ok", lambda: f2[None, 0, 0])
show("getitem mask and int", lambda: f2[Tensor([[True, False, True], [False, True, True]]), 0])
show("getitem int tensor too many", lambda: f2[Tensor([0]), 0, 0])
show("getitem list too many", lambda: f2[[0, 1], 0, 0])
show("setitem too many", lambda: set_item((0, 0, 0), 1))
show("setitem ok", lambda: set_item((1, 2), 9))
show("setitem float in tuple", lambda: set_item((0, 1.5), 9))
show("getitem float in tuple", lambda: f2[0, 1.5])
show("setitem str in tuple", lambda: set_item((0, "t"), 9))
