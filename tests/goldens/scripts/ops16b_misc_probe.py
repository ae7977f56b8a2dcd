"""array_func.gather_ext, Cummin/Cummax with NaN, std_mean's division, BroadcastTo's -1
in a new axis, slice_scatter's and Eig's checks, _inner_ops.ClipByNorm and
MultinomialWithReplacement, as MindSpore 2.10 (CPU) gives them.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops16b_misc_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops16b_misc_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, mint, nn, ops
from mindspore.ops import functional as F
from mindspore.ops import operations as P
from mindspore.ops.function import array_func
from mindspore.ops.operations import _inner_ops as inner


def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    if isinstance(value, Tensor):
        if value.dtype in (ms.complex64, ms.complex128):
            return f"{value.dtype} {value.shape}"
        return f"{value.dtype} {value.shape} {np.round(value.asnumpy().astype(np.float64), 4).tolist()}"
    return repr(value)


def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        lines = [line for line in str(e).split("\n") if line.strip() and line[0] != "-"]
        print(label, "->", type(e).__name__, lines[0][:300])


# -- array_func.gather_ext: mint.gather (GatherD) ----------------------------------------------
data = Tensor(np.arange(12).reshape(3, 4).astype(np.float32))
index = Tensor(np.array([[0, 3], [2, 2]], np.int64))
show("gather_ext dim1", lambda: array_func.gather_ext(data, 1, index))
show("gather_ext dim0", lambda: array_func.gather_ext(data, 0, index % 3))
show("gather_ext keywords", lambda: array_func.gather_ext(input=data, dim=-1, index=index))
show("gather_ext grad", lambda: ms.grad(lambda x: array_func.gather_ext(x, 1, index))(data))
show("gather_ext index out of range", lambda: array_func.gather_ext(data, 1, index + 2))
@ms.jit
def gather_rows(x, i):
    return array_func.gather_ext(x, 0, i)


show("gather_ext jit", lambda: gather_rows(data, index % 3))

# -- Cummin/Cummax: NaN propagates, its index the latest NaN's ---------------------------------
nan, inf = float("nan"), float("inf")
rows = {"a": [4, inf, 1.5, -inf, 0, nan, 1], "b": [nan, 1, nan, 2, 0], "c": [1, 1, nan, nan, 3, 1],
        "ties": [2, 1, 1, 2, 1]}
for name, row in rows.items():
    for dtype in (np.float32, np.float16):
        x = Tensor(np.array(row, dtype))
        tag = f"{name} {np.dtype(dtype).name}"
        show(f"ops.cummin {tag}", lambda: ops.cummin(x, 0))
        show(f"ops.cummax {tag}", lambda: ops.cummax(x, 0))
        show(f"P.Cummin {tag}", lambda: P.Cummin(0)(x))
    show(f"mint.cummax {name}", lambda: mint.cummax(Tensor(np.array(row, np.float32)), 0))
grid = Tensor(np.array([[1, nan, 0], [nan, 2, -1], [0, 0, nan]], np.float32))
for axis in (0, 1):
    show(f"ops.cummin 2d axis {axis}", lambda: ops.cummin(grid, axis))
    show(f"ops.cummax 2d axis {axis}", lambda: ops.cummax(grid, axis))
    show(f"mint.cummax 2d axis {axis}", lambda: mint.cummax(grid, axis))

# -- std_mean: the sum divided once by the count (bits of the float32 results) -----------------
def bits(t):
    return " ".join(hex(int(v)) for v in np.asarray(t.asnumpy(), np.float32).reshape(-1).view(np.uint32))


rng = np.random.RandomState(0)
samples = {"(10,)": rng.randn(10).astype(np.float32) * 3 + 1,
           "(2, 5)": rng.randn(2, 5).astype(np.float32) * 3 + 1,
           "(7, 3)": rng.randn(7, 3).astype(np.float32) * 3 + 1,
           "unique (2, 5)": np.array([8., -3., 0., 10, 1., 21., 3, 4, 5, 6], np.float32).reshape(2, 5)}
for name, sample in samples.items():
    t = Tensor(sample)
    print(f"std_mean {name} ->", bits(F.std_mean(t, ddof=False)[0]), bits(F.std_mean(t, ddof=False)[1]))
@ms.jit
def std_mean_compiled(t):
    return F.std_mean(t, ddof=False)


print("std_mean under jit ->", *map(bits, std_mean_compiled(Tensor(samples["unique (2, 5)"]))))


# -- BroadcastTo: -1 only where the input has an axis (MindSpore's
# message for a later error repeats the first one's: one error, after the valid cases; another
# in ops16b_broadcast_probe.py) ---------------------------------------------------------------
def ones(*shape):
    return Tensor(np.ones(shape, np.float32))


show("BroadcastTo (2, 2, -1, 5) of (4, 5)", lambda: P.BroadcastTo((2, 2, -1, 5))(ones(4, 5)).shape)
show("BroadcastTo (4, -1) of (3,)", lambda: P.BroadcastTo((4, -1))(ones(3)).shape)
show("BroadcastTo (-1, -1) of (2, 6)", lambda: P.BroadcastTo((-1, -1))(ones(2, 6)).shape)
show("Tensor.broadcast_to (3, 2, -1, 4) of (2, 4)", lambda: ones(2, 4).broadcast_to((3, 2, -1, 4)).shape)
show("BroadcastTo (2, -1, 4, 5) of (4, 5)", lambda: P.BroadcastTo((2, -1, 4, 5))(ones(4, 5)))

# -- slice_scatter: src of the slice's shape and the input's dtype -----------------------------
x = Tensor(np.arange(18).reshape(2, 3, 3).astype(np.float32))
for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
    ms.set_context(mode=mode)
    tag = "graph" if mode == ms.GRAPH_MODE else "pynative"
    show(f"{tag} slice_scatter (1, 3) into 1:1", lambda: ops.slice_scatter(x, ones(1, 3), 1, 1, 1, 1))
    show(f"{tag} slice_scatter (2, 1, 3) into 1:2", lambda: ops.slice_scatter(x, ones(2, 1, 3), 1, 1, 2, 1))
    show(f"{tag} slice_scatter (1, 3) into 1:2", lambda: ops.slice_scatter(x, ones(1, 3), 1, 1, 2, 1))
    show(f"{tag} slice_scatter (2, 2, 3) into 1:2", lambda: ops.slice_scatter(x, ones(2, 2, 3), 1, 1, 2, 1))
    show(f"{tag} slice_scatter step 2", lambda: ops.slice_scatter(x, ones(2, 2, 3), 1, 0, 3, 2))
    show(f"{tag} slice_scatter step 2 one row", lambda: ops.slice_scatter(x, ones(2, 1, 3), 1, 0, 3, 2))
    show(f"{tag} slice_scatter float input", lambda: ops.slice_scatter(1., 2, 1, 1, 1, 1))
ms.set_context(mode=ms.PYNATIVE_MODE)
show("slice_scatter start -2", lambda: ops.slice_scatter(x, ones(2, 2, 3), 1, -2, None, 1))
show("slice_scatter end -1", lambda: ops.slice_scatter(x, ones(2, 2, 3), 1, None, -1, 1))
show("slice_scatter end past", lambda: ops.slice_scatter(x, ones(2, 2, 3), 1, 1, 10, 1))
show("slice_scatter empty", lambda: ops.slice_scatter(x, ones(2, 0, 3), 1, 2, 1, 1))
show("slice_scatter dim -1", lambda: ops.slice_scatter(x, ones(2, 3, 2), -1, 0, 2, 1))
show("slice_scatter step 0", lambda: ops.slice_scatter(x, ones(2, 3, 3), 1, 0, 3, 0))
show("slice_scatter src list", lambda: ops.slice_scatter(x, [1.0], 1, 0, 1, 1))
show("slice_scatter src float64", lambda: ops.slice_scatter(x, Tensor(np.ones((2, 1, 3))), 1, 0, 1, 1))
show("slice_scatter int32", lambda: ops.slice_scatter(Tensor(np.arange(6).reshape(2, 3).astype(np.int32)),
                                                       Tensor(np.ones((2, 1), np.int32)), 1, 0, 1, 1))
show("Tensor.slice_scatter (1, 3)", lambda: x.slice_scatter(ones(1, 3), 1, 1, 2, 1))

# -- Eig: float32/float64/complex square matrices ----------------------------------------------
for shape in [(), (3,), (2, 3), (3, 3), (2, 2, 2)]:
    m = Tensor(np.ones(shape, np.float32))
    show(f"ops.eig {shape}", lambda: ops.eig(m))
    show(f"P.Eig {shape}", lambda: P.Eig(True)(m))
    show(f"ops.eigvals {shape}", lambda: ops.eigvals(m))
for dtype in (np.int32, np.float16, np.float64, np.complex64, np.bool_):
    m = Tensor(np.eye(2).astype(dtype))
    show(f"ops.eig {np.dtype(dtype).name}", lambda: ops.eig(m))
    show(f"ops.eigvals {np.dtype(dtype).name}", lambda: ops.eigvals(m))
show("ops.eig int32 0-D", lambda: ops.eig(Tensor(np.array(1, np.int32))))
show("ops.eig int32 (2, 3)", lambda: ops.eig(Tensor(np.ones((2, 3), np.int32))))
show("ops.eig values", lambda: ops.eig(Tensor(np.array([[1.0, 0.0], [0.0, 2.0]], np.float32)))[0].asnumpy().tolist())

# -- _inner_ops.ClipByNorm ---------------------------------------------------------------------
class Clip(nn.Cell):
    def __init__(self, axis=None):
        super().__init__()
        self.op = inner.ClipByNorm(axis)

    def construct(self, x, clip_norm):
        return self.op(x, clip_norm)


values = Tensor(np.random.RandomState(1).rand(3, 4).astype(np.float32))
half = Tensor(np.array([0.5], np.float32))
for axis in ("a", 1.5, [0, 1], None, (0, -1), 0):
    show(f"ClipByNorm init {axis!r}", lambda: str(inner.ClipByNorm(axis)))
# (values with an axis of several rows are left out: MindSpore 2.10's CPU kernel reduces other
# elements than the axis' (docs/migration.md))
show("ClipByNorm axis None", lambda: inner.ClipByNorm()(values, half))
show("ClipByNorm axis (0, 1)", lambda: inner.ClipByNorm((0, 1))(values, Tensor(np.array(0.5, np.float32))))
show("ClipByNorm axis -1 large clip", lambda: inner.ClipByNorm(-1)(values, Tensor(np.array([10.0], np.float32))))
show("ClipByNorm one row", lambda: inner.ClipByNorm(1)(Tensor(np.array([[3.0, 4.0]], np.float32)),
                                                       Tensor(np.array([1.0], np.float32))))
show("ClipByNorm float16", lambda: inner.ClipByNorm()(Tensor(values.asnumpy().astype(np.float16)),
                                                      Tensor(np.array([0.5], np.float16))))
show("ClipByNorm clip (2,)", lambda: inner.ClipByNorm(0)(values, Tensor(np.full((2,), 0.5, np.float32))))
show("ClipByNorm clip float", lambda: inner.ClipByNorm(0)(values, 0.5))
show("ClipByNorm x list", lambda: inner.ClipByNorm(0)([1.0], half))
show("ClipByNorm int x", lambda: inner.ClipByNorm(0)(Tensor(np.ones((2, 2), np.int32)), half))
show("ClipByNorm int clip", lambda: inner.ClipByNorm(0)(values, Tensor(np.array([1], np.int32))))
show("ClipByNorm axis 2", lambda: inner.ClipByNorm(2)(values, half))
show("ClipByNorm axis -3", lambda: inner.ClipByNorm(-3)(values, half))
grad_all = ops.GradOperation(get_all=True)
# the gradient where one row is clipped (MindSpore's bprop differs where several are:
# docs/migration.md)
show("ClipByNorm grad one row", lambda: grad_all(Clip(1))(Tensor(np.array([[3.0, 4.0]], np.float32)),
                                                          Tensor(np.array([1.0], np.float32))))
show("ClipByNorm grad nothing clipped", lambda: grad_all(Clip())(values, Tensor(np.array([10.0], np.float32))))
show("nn.ClipByNorm", lambda: nn.ClipByNorm()(values, half))

# -- MultinomialWithReplacement (its draws are the generator's: their properties here) ---------
weights = Tensor(np.array([[0., 9., 4., 0.], [1., 0., 0., 3.]], np.float32))
seed, offset = Tensor([50]), Tensor([20])
print("MultinomialWithReplacement repr ->", P.random_ops.MultinomialWithReplacement(5, True))


def draws(label, f, x=weights, replacement=True):
    """The draws' dtype and shape, whether they repeat for the same seed and offset, whether
    they pick categories of positive weight only and (without replacement) each at most once."""
    try:
        out = f()
        a, w = out.asnumpy(), np.asarray(x.asnumpy() if isinstance(x, Tensor) else x)
        rows, w = a.reshape(-1, a.shape[-1]), w.reshape(-1, w.shape[-1])
        allowed = bool((w[np.arange(rows.shape[0])[:, None], rows] > 0).all())
        facts = ["repeatable", bool((a == f().asnumpy()).all()), "positive weights only", allowed]
        if not replacement:
            facts += ["distinct", all(len(set(r)) == len(r) for r in rows.tolist())]
        print(label, "->", out.dtype, out.shape, *facts)
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:300])


ones23 = Tensor(np.ones((2, 3), np.float16))
vector = Tensor(np.array([1., 0., 3.], np.float32))
draws("prim n5 replacement", lambda: P.random_ops.MultinomialWithReplacement(5, True)(weights, seed, offset))
draws("prim n2 no replacement", lambda: P.random_ops.MultinomialWithReplacement(2, False)(weights, seed, offset),
      replacement=False)
draws("prim n5 no replacement", lambda: P.random_ops.MultinomialWithReplacement(5, False)(weights, seed, offset))
draws("func n6", lambda: ops.multinomial_with_replacement(weights, seed, offset, 6, True))
draws("func default", lambda: ops.multinomial_with_replacement(weights, seed, offset, 2), replacement=False)
draws("func int seed", lambda: ops.multinomial_with_replacement(weights, 50, 20, 3, True))
draws("func float16", lambda: ops.multinomial_with_replacement(ones23, seed, offset, 3, False), ones23,
      replacement=False)
draws("func 1-D", lambda: ops.multinomial_with_replacement(vector, seed, offset, 3, True), vector)
draws("func int32 x", lambda: ops.multinomial_with_replacement(Tensor(np.ones((2, 3), np.int32)), seed, offset, 3, True))
draws("func negative", lambda: ops.multinomial_with_replacement(Tensor(np.array([[1., -1.]], np.float32)), seed, offset, 3, True))
draws("func zero row", lambda: ops.multinomial_with_replacement(Tensor(np.array([[0., 0.]], np.float32)), seed, offset, 3, True))
draws("func 3-D", lambda: ops.multinomial_with_replacement(Tensor(np.ones((2, 2, 2), np.float32)), seed, offset, 3, True))
draws("func int32 seed", lambda: ops.multinomial_with_replacement(weights, Tensor(np.array([50], np.int32)), offset, 3, True))
draws("func numsamples 0", lambda: ops.multinomial_with_replacement(weights, seed, offset, 0, True))
draws("func numsamples -1", lambda: ops.multinomial_with_replacement(weights, seed, offset, -1, True))
draws("func numsamples float", lambda: ops.multinomial_with_replacement(weights, seed, offset, 2.0, True))
draws("func replacement int", lambda: ops.multinomial_with_replacement(weights, seed, offset, 2, 1))
draws("func x list", lambda: ops.multinomial_with_replacement([[1.0, 2.0]], seed, offset, 2, True))
first = ops.multinomial_with_replacement(weights, seed, offset, 64, True).asnumpy()
other = ops.multinomial_with_replacement(weights, seed, Tensor([21]), 64, True).asnumpy()
print("another offset draws others ->", bool((first != other).any()))
frequent = ops.multinomial_with_replacement(Tensor(np.array([[1., 3.]], np.float32)), seed, offset, 4000, True)
print("frequency of weight 3 of 4 ->", round(float((frequent.asnumpy() == 1).mean()), 1))
