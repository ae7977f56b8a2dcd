"""MindSpore 2.10's elementwise and LayerNorm second-order gradient Primitives of
ops.auto_generate (MinimumGrad, MaximumGradGrad, LayerNormGradGrad, ResizeNearestNeighborV2Grad)
and ops.operations.PadAndShift: values (ties, broadcasting, grad_x/grad_y off), dtypes, shapes and
errors, eagerly and in graph mode.
Golden: tests/goldens/ops/dyn20_grad_primitives_probe.out (tests/ops/test_dyn20_grad_primitives.py)."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops
from mindspore.ops import operations as P


def show(label, fn):
    try:
        r = fn()
        rs = r if isinstance(r, (tuple, list)) else (r,)
        print(label, "->", "OK", [(str(t.dtype), list(t.shape),
                                   np.asarray(t.asnumpy(), np.float64).ravel().tolist())
                                  for t in rs])
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


class Graph(nn.Cell):
    def __init__(self, prim):
        super().__init__()
        self.prim = prim

    def construct(self, *args):
        return self.prim(*args)


f32 = np.float32
a = Tensor(np.array([1, 2, 4, 3, -1], f32))
b = Tensor(np.array([2, 2, 3, 3, -5], f32))
g = Tensor(np.array([1., 2., 3., 4., 5.], f32))
for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
    ms.set_context(mode=mode)
    m = "graph" if mode == ms.GRAPH_MODE else "pynative"
    wrap = (lambda p: Graph(p)) if mode == ms.GRAPH_MODE else (lambda p: p)
    for gx, gy in ((True, True), (True, False), (False, True), (False, False)):
        show(f"{m} MinimumGrad {gx} {gy}",
             lambda: wrap(ops.auto_generate.MinimumGrad(grad_x=gx, grad_y=gy))(a, b, g))
        show(f"{m} MaximumGradGrad {gx} {gy}",
             lambda: wrap(ops.auto_generate.MaximumGradGrad(grad_x=gx, grad_y=gy))(a, b, g, g * 10))
    show(f"{m} MinimumGrad default", lambda: wrap(ops.auto_generate.MinimumGrad())(a, b, g))
    rng = np.random.default_rng(0)
    xb = Tensor(rng.standard_normal((2, 3)).astype(f32))
    yb = Tensor(rng.standard_normal((3,)).astype(f32))
    gb = Tensor(rng.standard_normal((2, 3)).astype(f32))
    show(f"{m} MinimumGrad broadcast", lambda: wrap(ops.auto_generate.MinimumGrad())(xb, yb, gb))
    show(f"{m} MaximumGradGrad broadcast",
         lambda: wrap(ops.auto_generate.MaximumGradGrad())(xb, yb, gb, yb))
    xi = Tensor(np.array([1, 5, 3], np.int32))
    yi = Tensor(np.array([2, 4, 3], np.int32))
    gi = Tensor(np.array([7, 8, 9], np.int32))
    show(f"{m} MinimumGrad int32", lambda: wrap(ops.auto_generate.MinimumGrad())(xi, yi, gi))
    show(f"{m} MaximumGradGrad int32",
         lambda: wrap(ops.auto_generate.MaximumGradGrad())(xi, yi, gi, gi * 2))
    h = np.float16
    show(f"{m} MinimumGrad float16",
         lambda: wrap(ops.auto_generate.MinimumGrad())(Tensor(a.asnumpy().astype(h)),
                                                       Tensor(b.asnumpy().astype(h)),
                                                       Tensor(g.asnumpy().astype(h))))
    show(f"{m} MinimumGrad float64",
         lambda: wrap(ops.auto_generate.MinimumGrad())(Tensor(a.asnumpy().astype(np.float64)),
                                                       Tensor(b.asnumpy().astype(np.float64)),
                                                       Tensor(g.asnumpy().astype(np.float64))))
    show(f"{m} MinimumGrad complex64",
         lambda: wrap(ops.auto_generate.MinimumGrad())(Tensor(a.asnumpy().astype(np.complex64)),
                                                       Tensor(b.asnumpy().astype(np.complex64)),
                                                       Tensor(g.asnumpy().astype(np.complex64))))
    show(f"{m} MinimumGrad mixed dtype",
         lambda: wrap(ops.auto_generate.MinimumGrad())(a, Tensor(b.asnumpy().astype(np.float64)), g))

    # LayerNormGradGrad: consistent statistics, then statistics that are not x's
    x = rng.standard_normal((2, 4)).astype(f32)
    mean = x.mean(1, keepdims=True)
    var = x.var(1, keepdims=True)
    dy = rng.standard_normal((2, 4)).astype(f32)
    gamma = rng.standard_normal((4,)).astype(f32)
    d_dx = rng.standard_normal((2, 4)).astype(f32)
    d_dg = rng.standard_normal((4,)).astype(f32)
    d_db = rng.standard_normal((4,)).astype(f32)
    T = Tensor
    show(f"{m} LayerNormGradGrad",
         lambda: wrap(ops.auto_generate.LayerNormGradGrad(1, 1))(
             T(x), T(dy), T(var), T(mean), T(gamma), T(d_dx), T(d_dg), T(d_db)))
    show(f"{m} LayerNormGradGrad other stats",
         lambda: wrap(ops.auto_generate.LayerNormGradGrad(1, 1))(
             T(x), T(dy), T(var * 2 + 0.5), T(mean + 0.3), T(gamma), T(d_dx), T(d_dg), T(d_db)))
    x3 = rng.standard_normal((2, 3, 4)).astype(f32)
    dy3 = rng.standard_normal((2, 3, 4)).astype(f32)
    show(f"{m} LayerNormGradGrad axis -1",
         lambda: wrap(ops.auto_generate.LayerNormGradGrad(-1, -1))(
             T(x3), T(dy3), T(x3.var(-1, keepdims=True)), T(x3.mean(-1, keepdims=True)), T(gamma),
             T(rng.standard_normal((2, 3, 4)).astype(f32)), T(d_dg), T(d_db)))

    # ResizeNearestNeighborV2Grad
    gr = Tensor(np.arange(2 * 3 * 5, dtype=f32).reshape(1, 2, 3, 5) - 7)
    for ac, hp in ((False, False), (True, False), (False, True)):
        for size in ((2, 2), (4, 3), (3, 5)):
            show(f"{m} ResizeNearestNeighborV2Grad {ac} {hp} {size}",
                 lambda: wrap(ops.auto_generate.ResizeNearestNeighborV2Grad(ac, hp))(gr, size))
    show(f"{m} ResizeNearestNeighborV2Grad tensor size",
         lambda: wrap(ops.auto_generate.ResizeNearestNeighborV2Grad())(
             gr, Tensor(np.array([2, 4], np.int32))))

    # PadAndShift
    px = Tensor(np.array([9, 13, -1, -1, -1, -1, -1, -1]), ms.int32)
    for idx in (0, 1):
        show(f"{m} PadAndShift {idx}",
             lambda: wrap(P.PadAndShift())(px, Tensor(np.array([0, 3, 5]), ms.int32), idx))
    for idx in (0, 2):
        show(f"{m} PadAndShift four {idx}",
             lambda: wrap(P.PadAndShift())(Tensor(np.array([4, 5, 6, 7, 8, 9, 10]), ms.int32),
                                           Tensor(np.array([0, 2, 4, 6]), ms.int32), idx))
