"""MindSpore 2.10 behaviour of mindspore.scipy.fft (dct, idct, dctn, idctn): values (rounded to 4
decimals), shapes, dtypes, gradients and errors, printed `label -> RESULT`;
tests/scipy/test_fft.py runs it unchanged on msjax. Gradients of idct and idctn only: MindSpore
2.10's gradients of dct and dctn are not the transforms' adjoints (msjax's, JAX's, are:
tests/scipy/test_fft.py checks them against SciPy).
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/scipy_fft_probe.py \
        | grep -- " -> " > tests/goldens/scipy/scipy_fft_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor
from mindspore.scipy.fft import dct, idct, dctn, idctn


def show(label, f, error_type_only=False):
    try:
        out = f()
        values = np.round(out.asnumpy(), 4) + 0  # + 0: no -0.0
        result = f"{out.shape} {out.dtype} {values.tolist()}"
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__}" + ("" if error_type_only else f" | {lines[0]}")
    print(f"{label} -> {result}")


x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4) / 5 - 1)
sens = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4) % 5 - 2)
sens6 = Tensor(np.arange(18, dtype=np.float32).reshape(3, 6) % 4 - 1)
sens45 = Tensor(np.arange(20, dtype=np.float32).reshape(4, 5) % 3 - 1)


def sens_grad(fn):
    """The gradient of `fn` with the output's sensitivity given (MindSpore's `sens_param`)."""
    return ms.ops.GradOperation(sens_param=True)(fn)
for name, f in (("dct", dct), ("idct", idct)):
    show(f"{name} default", lambda: f(x))
    show(f"{name} n=6", lambda: f(x, n=6))
    show(f"{name} n=2 axis=0", lambda: f(x, n=2, axis=0))
    show(f"{name} ortho", lambda: f(x, norm="ortho"))
    show(f"{name} backward", lambda: f(x, norm="backward"))
    show(f"{name} type 1", lambda: f(x, type=1))
    show(f"{name} type 3", lambda: f(x, type=3))
    show(f"{name} int32", lambda: f(Tensor(np.arange(4, dtype=np.int32))))
    show(f"{name} float64", lambda: f(Tensor(np.arange(4, dtype=np.float64))))
    show(f"{name} float16", lambda: f(Tensor(np.arange(4, dtype=np.float16))))
    show(f"{name} complex64", lambda: f(Tensor(np.arange(4, dtype=np.complex64) * (1 + 1j))))
    show(f"{name} bool", lambda: f(Tensor(np.array([True, False]))), error_type_only=True)
    show(f"{name} n=0", lambda: f(x, n=0))
    show(f"{name} axis=2", lambda: f(x, axis=2))
    show(f"{name} list", lambda: f([1., 2.]), error_type_only=True)
    if name == "idct":
        show(f"{name} grad", lambda: sens_grad(f)(x, sens))
        show(f"{name} grad padded", lambda: sens_grad(lambda t: f(t, n=6))(x, sens6))
for name, f in (("dctn", dctn), ("idctn", idctn)):
    show(f"{name} default", lambda: f(x))
    show(f"{name} s", lambda: f(x, s=(2, 5)))
    show(f"{name} axes", lambda: f(x, axes=(0,)))
    show(f"{name} s axes", lambda: f(x, s=(6,), axes=(1,)))
    show(f"{name} s only", lambda: f(x, s=(5,)))
    show(f"{name} 3d", lambda: f(Tensor(np.ones((2, 2, 2), np.float32)), axes=(0, 2)))
    show(f"{name} float64", lambda: f(Tensor(np.ones((2, 2), np.float64))))
    show(f"{name} int", lambda: f(Tensor(np.ones((2, 2), np.int64))))
    show(f"{name} type 1", lambda: f(x, type=1))
    show(f"{name} forward", lambda: f(x, norm="forward"))
    show(f"{name} s axes mismatch", lambda: f(x, s=(2, 2), axes=(0,)))
    if name == "idctn":
        show(f"{name} grad", lambda: sens_grad(f)(x, sens))
        show(f"{name} grad padded", lambda: sens_grad(lambda t: f(t, s=(4, 5)))(x, sens45))


class Transform(ms.nn.Cell):
    def __init__(self, transform):
        super().__init__()
        self.transform = transform

    def construct(self, t, dct_type, n, dim, norm):
        return self.transform(t, dct_type, n, dim, norm)


ms.set_context(mode=ms.GRAPH_MODE)
show("graph dct", lambda: Transform(dct)(x, 2, 5, 0, "ortho"))
show("graph idctn", lambda: Transform(idctn)(x, 2, (2, 2), (0, 1), None))
