"""MindSpore 2.10 behaviour of the GumbelCDF, Softplus and Invert bijectors of
`nn.probability.bijector`: every method's values (rounded to 4 decimals), reprs, properties, the
checks of their arguments and of the values they are given; printed `label -> RESULT`.
tests/nn/test_probability_more.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/bijectors_more_probe.py \
        | grep -- " -> " > tests/goldens/nn/bijectors_more_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor
import mindspore.nn.probability.bijector as msb


def show(label, fn):
    try:
        out = fn()
        if isinstance(out, Tensor):
            out = (str(out.dtype), out.shape, np.round(out.asnumpy().astype(np.float64), 4).tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        out = f"ERR {type(e).__name__} | {str(e).splitlines()[0] if str(e) else ''}"
    print(f"{label} -> {out}".replace("\n", "\\n"))


x = Tensor([-2.0, -0.5, 0.0, 1.0, 2.5], ms.float32)
y = Tensor([0.1, 0.3, 0.5, 0.7, 0.9], ms.float32)
yp = Tensor([0.01, 0.5, 1.0, 3.0, 20.0], ms.float32)
for ctor, args in [("GumbelCDF", ()), ("GumbelCDF", (1.0, 2.0)),
                   ("GumbelCDF", (Tensor([0.0, 1.0], ms.float32), Tensor([1.0, 3.0], ms.float32))),
                   ("Softplus", ()), ("Softplus", (2.0,)), ("Softplus", (0.5,))]:
    b = getattr(msb, ctor)(*args)
    label = f"{ctor}{args if not args or not isinstance(args[0], Tensor) else '(tensors)'}"
    show(label + " repr", lambda: repr(b))
    show(label + " name", lambda: b.name)
    show(label + " const_jac", lambda: b.is_constant_jacobian)
    show(label + " dtype", lambda: b.dtype)
    if ctor == "GumbelCDF":
        xs, ys = (x, y) if not args or not isinstance(args[0], Tensor) else (Tensor([[-1.0], [2.0]], ms.float32), Tensor([[0.2], [0.6]], ms.float32))
        show(label + " loc", lambda: b.loc)
        show(label + " scale", lambda: b.scale)
    else:
        xs, ys = x, yp
        show(label + " sharpness", lambda: b.sharpness)
    show(label + " forward", lambda: b.forward(xs))
    show(label + " inverse", lambda: b.inverse(ys))
    show(label + " fldj", lambda: b.forward_log_jacobian(xs))
    show(label + " ildj", lambda: b.inverse_log_jacobian(ys))
    show(label + " call forward", lambda: b("forward", xs))
    show(label + " forward f64", lambda: b.forward(Tensor([0.5], ms.float64)))
    show(label + " forward int", lambda: b.forward(Tensor([1], ms.int32)))
    show(label + " forward list", lambda: b.forward([1.0]))

for ctor in ("GumbelCDF", "Softplus"):
    for kw in [{"name": 0.1}, {"name": None}]:
        show(f"{ctor} {kw}", lambda: getattr(msb, ctor)(**kw))
for kw in [{"scale": "scale"}, {"loc": "loc"}, {"scale": None}, {"scale": True}, {"scale": 1},
           {"scale": 0.0}, {"scale": -1.0}, {"scale": Tensor([1.0, -1.0], ms.float32)},
           {"loc": Tensor(0.0, ms.float64)}, {"loc": Tensor(0.0, ms.float64), "scale": Tensor(1.0, ms.float64)},
           {"loc": [0.0, 1.0]}]:
    show(f"GumbelCDF {kw}", lambda: repr(msb.GumbelCDF(**kw)))
show("GumbelCDF loc numpy float32", lambda: repr(msb.GumbelCDF(loc=np.float32(1.0))))
for kw in [{"sharpness": "s"}, {"sharpness": None}, {"sharpness": True}, {"sharpness": 1},
           {"sharpness": 0.0}, {"sharpness": -1.0}, {"sharpness": [1.0, 2.0]}]:
    show(f"Softplus {kw}", lambda: repr(msb.Softplus(**kw)))

# Invert
for base in [msb.ScalarAffine(2.0, 1.0), msb.Exp(), msb.GumbelCDF(1.0, 2.0), msb.Softplus(2.0),
             msb.PowerTransform(0.5)]:
    inv = msb.Invert(base)
    label = f"Invert({type(base).__name__})"
    show(label + " repr", lambda: repr(inv))
    show(label + " name", lambda: inv.name)
    show(label + " const_jac", lambda: inv.is_constant_jacobian)
    show(label + " dtype", lambda: inv.dtype)
    show(label + " bijector is base", lambda: inv.bijector is base)
    show(label + " parameters", lambda: sorted(inv.parameters))
    show(label + " forward", lambda: inv.forward(y))
    show(label + " inverse", lambda: inv.inverse(x))
    show(label + " fldj", lambda: inv.forward_log_jacobian(y))
    show(label + " ildj", lambda: inv.inverse_log_jacobian(x))
    show(label + " call", lambda: inv("forward", y))
show("Invert named", lambda: msb.Invert(msb.Exp(), name="Log").name)
for bad in ["Exp", 1, None]:
    show(f"Invert({bad!r})", lambda: msb.Invert(bad))
show("Invert name=0.1", lambda: msb.Invert(msb.Exp(), name=0.1))
