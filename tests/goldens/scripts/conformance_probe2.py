"""MindSpore 2.10 behaviour of forward-mode and linearised differentiation (issue #25):
`ops.jvp`, `ops.vjp` (and `mindspore.jvp`/`vjp`), `ops.linearize`, `ops.jet`, `ops.derivative`,
`nn.grad.Jvp`/`Vjp`; printed `label -> RESULT` as in used_names_probe.py.
tests/api/test_conformance_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/conformance_probe2.py \
        | grep -- " -> " > tests/goldens/api/conformance_probe2.out
"""
import warnings

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops
from mindspore.nn.grad import Jvp, Vjp
from mindspore.ops.functional import jet, derivative, linearize, jvp, vjp


def desc(v):
    if isinstance(v, Tensor):
        values = v.asnumpy()
        if values.dtype.kind in "fc":
            values = np.round(values.astype(np.float64), 2)
        return f"T[{list(v.shape)},{v.dtype}]={values.tolist()}"
    if isinstance(v, (tuple, list)):
        return ("[" if isinstance(v, list) else "(") + ", ".join(desc(e) for e in v) + (
            "]" if isinstance(v, list) else ")")
    if callable(v):
        return "<function>"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


x = Tensor(np.array([[1, 2], [3, 4]]).astype(np.float32))
y = Tensor(np.array([[1, 2], [3, 4]]).astype(np.float32))
v = Tensor(np.array([[1, 1], [1, 1]]).astype(np.float32))


def cube(a):
    return a ** 3


def square(a):
    return a * a


def mul_plus(a, b):
    return a * b + b


def exp_sin(a):
    return ops.exp(a) * ops.sin(a)


def mul(a, b):
    return a * b


def mul_square(a, b):
    return a * b * b


def cube_plus(a, b):
    return a ** 3 + b


def two_outputs(a, b):
    return 2 * a, a * b


def with_aux(a):
    return a ** 2, a + 1, a * 3


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([2.0, 3.0], np.float32)), name="w")

    def construct(self, a):
        return a * self.w


for mode, mode_name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    show(f"{mode_name} jvp single", lambda: jvp(cube, x, v))
    show(f"{mode_name} jvp two inputs", lambda: jvp(cube_plus, (x, y), (v, v)))
    show(f"{mode_name} jvp two outputs", lambda: jvp(two_outputs, (x, y), (v, v)))
    show(f"{mode_name} jvp has_aux", lambda: jvp(with_aux, x, v, has_aux=True))
    show(f"{mode_name} jvp length", lambda: jvp(cube_plus, (x, y), (v,)))
    show(f"{mode_name} jvp type", lambda: jvp(cube_plus, [1.0], v))
    show(f"{mode_name} ms.jvp", lambda: ms.jvp(square, x, v))
    show(f"{mode_name} vjp single", lambda: (lambda r: (r[0], r[1](v)))(vjp(cube, x)))
    show(f"{mode_name} vjp two inputs", lambda: (lambda r: (r[0], r[1](v)))(vjp(cube_plus, x, y)))
    show(f"{mode_name} vjp two outputs", lambda: (lambda r: (r[0], r[1](v, v)))(vjp(two_outputs, x, y)))
    show(f"{mode_name} vjp has_aux", lambda: (lambda r: (r[0], r[1](v), r[2]))(vjp(with_aux, x, has_aux=True)))
    net = Net()
    a2 = Tensor(np.array([1.0, 4.0], np.float32))
    show(f"{mode_name} vjp weights", lambda: (lambda r: r[1](Tensor(np.ones(2, np.float32))))(vjp(net, a2, weights=net.trainable_params())))
    show(f"{mode_name} ms.vjp", lambda: (lambda r: r[1](v))(ms.vjp(square, x)))
    show(f"{mode_name} linearize", lambda: (lambda r: (r[0], r[1]((v, v)), r[1]((2 * v, v))))(linearize(mul_plus, (x, y))))
    show(f"{mode_name} linearize single", lambda: (lambda r: (r[0], r[1](v)))(linearize(square, x)))
    show(f"{mode_name} Jvp cell", lambda: Jvp(cube_plus)(x, y, (v, v)))
    show(f"{mode_name} Jvp single", lambda: Jvp(cube)(x, v))
    show(f"{mode_name} Vjp cell", lambda: Vjp(cube_plus)(x, y, v))
    show(f"{mode_name} Vjp single", lambda: Vjp(cube)(x, v))

ms.set_context(mode=ms.PYNATIVE_MODE)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    out, fn = vjp(cube, x)
    fn(v)
    fn(v)
show("vjp twice warns", lambda: [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)])
p = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
series = Tensor(np.array([[[1.0, 1.0], [1.0, 1.0]], [[0.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, 0.0]]], np.float32))
show("jet sin", lambda: jet(ops.sin, p, series))
show("jet exp*sin", lambda: jet(exp_sin, p, series))
show("jet two", lambda: jet(mul, (p, p), (series, series)))
show("jet shape", lambda: jet(ops.sin, p, Tensor(np.ones((3, 3), np.float32))))
show("jet types", lambda: jet(ops.sin, p, (series,)))
show("derivative 1", lambda: derivative(ops.sin, p, 1))
show("derivative 3", lambda: derivative(exp_sin, p, 3))
show("derivative two", lambda: derivative(mul_square, (p, p), 2))
show("derivative int", lambda: derivative(square, Tensor(np.array([2, 3], np.int32)), 1))
show("derivative order", lambda: derivative(ops.sin, p, 0))


class Cube(nn.Cell):
    def construct(self, a):
        return a ** 3


class TwoOut(nn.Cell):
    def construct(self, a):
        return a ** 3, a * 2


show("Vjp tuple v", lambda: Vjp(Cube())(x, (v, v)))
show("sens tuple for a Tensor", lambda: ops.GradOperation(sens_param=True)(Cube())(x, (v, v)))
show("sens Tensor for a tuple", lambda: ops.GradOperation(sens_param=True)(TwoOut())(x, v))
show("sens short tuple", lambda: ops.GradOperation(sens_param=True)(TwoOut())(x, (v,)))


def error_start(f):
    """The exception type and its message up to ', , ' (MindSpore's goes on with
    object addresses)."""
    try:
        f()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        return f"{type(e).__name__}: {str(e).split(', , ')[0].rstrip('.')}"
    return "no error"


show("sens shape", lambda: error_start(lambda: ops.GradOperation(sens_param=True)(Cube())(x, Tensor(np.ones((3,), np.float32)))))
