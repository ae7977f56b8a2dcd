"""MindSpore 2.10 behaviour of the Normal, Laplace, Exponential, Logistic and Cauchy
distributions of `nn.probability.distribution`: constructor checks, every method's values
(rounded to 4 decimals), parameters given in the call, kl_loss, cross_entropy, the Cell call
and GRAPH_MODE; printed `label -> RESULT`. tests/nn/test_distributions.py runs it unchanged on
msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/distributions_probe.py \
        | grep -- " -> " > tests/goldens/nn/distributions_probe.out
"""
import numpy as np
import mindspore as ms
import mindspore.nn.probability.distribution as msd
from mindspore import Tensor, dtype, nn


def show(label, f):
    try:
        r = f()
        if isinstance(r, Tensor):
            r = (str(r.dtype), r.shape, np.round(r.asnumpy().astype(np.float64), 4).tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        r = f"ERR {type(e).__name__} | {str(e).splitlines()[0]}"
    print(f"{label} -> {r}")


f32 = dtype.float32
value = Tensor([-1.0, 0.5, 2.0], f32)
positive = Tensor([0.5, 1.0, 2.5], f32)
KINDS = {
    "Normal": (msd.Normal, ([0.0, 1.0, 2.0], [1.0, 2.0, 0.5]), (Tensor([1.0], f32), Tensor([1.5], f32))),
    "Laplace": (msd.Laplace, ([0.0, 1.0, 2.0], [1.0, 2.0, 0.5]), (Tensor([1.0], f32), Tensor([1.5], f32))),
    "Exponential": (msd.Exponential, ([0.5, 1.0, 2.0],), (Tensor([1.5], f32),)),
    "Logistic": (msd.Logistic, ([0.0, 1.0, 2.0], [1.0, 2.0, 0.5]), (Tensor([1.0], f32), Tensor([1.5], f32))),
    "Cauchy": (msd.Cauchy, ([0.0, 1.0, 2.0], [1.0, 2.0, 0.5]), (Tensor([1.0], f32), Tensor([1.5], f32))),
}
for kind, (cls, params, other) in KINDS.items():
    d = cls(*params, dtype=f32)
    x = positive if kind == "Exponential" else value
    for method in ("prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival"):
        show(f"{kind} {method}", lambda: getattr(d, method)(x))
    for method in ("mean", "sd", "var", "mode", "entropy"):
        show(f"{kind} {method}", lambda: getattr(d, method)())
    show(f"{kind} kl_loss", lambda: d.kl_loss(kind, *other))
    show(f"{kind} cross_entropy", lambda: d.cross_entropy(kind, *other))
    show(f"{kind} kl_loss other kind", lambda: d.kl_loss("Gamma", *other))
    show(f"{kind} sample shape", lambda: (d.sample((2,)).shape, d.sample((2,)).dtype))
    show(f"{kind} cell call", lambda: d("prob", x))
    bare = cls(dtype=f32)
    show(f"{kind} params in call", lambda: bare.log_prob(x, *other))
    show(f"{kind} mean in call", lambda: bare.mean(*other))
    show(f"{kind} no params", lambda: bare.mean())
    show(f"{kind} int dtype", lambda: cls(*params, dtype=dtype.int32))
    show(f"{kind} name", lambda: cls(*params, name=1.0))
    show(f"{kind} repr", lambda: repr(d))
    show(f"{kind} scale 0", lambda: cls(*params[:-1], [0.0, 1.0, 1.0]))
    show(f"{kind} scale -1", lambda: cls(*params[:-1], [-1.0, 1.0, 1.0]))
    show(f"{kind} scalar params", lambda: cls(*[p[0] for p in params]).mean())
    show(f"{kind} parameters", lambda: sorted(d.parameters["param_dict"]))


class LogProb(nn.Cell):
    def __init__(self):
        super().__init__()
        self.normal = msd.Normal(dtype=f32)

    def construct(self, x, mean, sd):
        return self.normal.log_prob(x, mean, sd)


ms.set_context(mode=ms.GRAPH_MODE)
show("graph normal log_prob", lambda: LogProb()(value, Tensor([0.0, 0.5, 1.0], f32),
                                               Tensor([1.0, 2.0, 3.0], f32)))
