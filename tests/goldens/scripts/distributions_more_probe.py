"""MindSpore 2.10 behaviour of the Geometric, Poisson, Beta, LogNormal and Gumbel distributions of
`nn.probability.distribution` and of `distribution._utils.utils`: constructor checks, every
method's values (rounded to 4 decimals), parameters given in the call, kl_loss, cross_entropy,
the Cell call, reprs; printed `label -> RESULT`. tests/nn/test_probability_more.py runs it
unchanged on msjax (except the samples of Poisson and Beta, which MindSpore's CPU kernels do not
draw).
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/distributions_more_probe.py \
        | grep -- " -> " > tests/goldens/nn/distributions_more_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor
import mindspore.nn.probability.distribution as msd
from mindspore.nn.probability.distribution._utils.utils import (CheckTensor, CheckTuple,
                                                                 check_prob, set_param_type)


def show(label, fn):
    try:
        out = fn()
        if isinstance(out, Tensor):
            out = (str(out.dtype), out.shape, np.round(out.asnumpy().astype(np.float64), 4).tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        out = f"ERR {type(e).__name__} | {str(e).splitlines()[0] if str(e) else ''}"
    print(f"{label} -> {out}".replace("\n", "\\n"))


f32 = ms.float32
cases = [
    ("Geometric", msd.Geometric(0.5, dtype=ms.int32), Tensor([-1.0, 0.0, 1.0, 2.5, 4.0], f32), (Tensor([0.3], f32),)),
    ("Geometric2", msd.Geometric([0.3, 0.6], dtype=ms.int32), Tensor([[0.0], [2.0]], f32), (Tensor([0.5, 0.2], f32),)),
    ("Geometric_f", msd.Geometric(0.25, dtype=ms.float32), Tensor([0.0, 3.0], f32), (Tensor([0.7], f32),)),
    ("Poisson", msd.Poisson(Tensor([0.5, 3.0], f32)), Tensor([[-1.0], [0.0], [1.0], [2.5], [4.0]], f32), None),
    ("Beta", msd.Beta(Tensor([3.0], f32), Tensor([4.0], f32)), Tensor([0.1, 0.5, 0.8], f32), (Tensor([2.0], f32), Tensor([1.5], f32))),
    ("Beta2", msd.Beta(Tensor([0.5, 2.0], f32), Tensor([0.5, 1.0], f32)), Tensor([[0.2], [0.7]], f32), (Tensor([1.0], f32), Tensor([3.0], f32))),
    ("LogNormal", msd.LogNormal(0.3, 0.8), Tensor([-1.0, 0.0, 0.5, 1.0, 3.0], f32), (Tensor([0.0], f32), Tensor([1.5], f32))),
    ("LogNormal2", msd.LogNormal(np.array([0.3]), np.array([[0.2], [0.4]]), dtype=f32), Tensor([1.0, 2.0], f32), (Tensor([1.0], f32), Tensor([2.0], f32))),
    ("Gumbel", msd.Gumbel(Tensor([0.5], f32), Tensor([2.0], f32)), Tensor([-1.0, 0.0, 0.5, 3.0], f32), (Tensor([1.0], f32), Tensor([1.5], f32))),
    ("Gumbel2", msd.Gumbel(np.array([0.0]), np.array([[1.0], [2.0]]), dtype=f32), Tensor([1.0, 2.0], f32), (Tensor([0.0], f32), Tensor([3.0], f32))),
]
for label, d, value, other in cases:
    show(label + " repr", lambda: repr(d))
    show(label + " dtype", lambda: d.dtype)
    show(label + " name", lambda: d.name)
    show(label + " seed", lambda: d.seed)
    for m in ("prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival"):
        show(f"{label} {m}", lambda: getattr(d, m)(value))
    for m in ("mean", "sd", "var", "mode", "entropy"):
        show(f"{label} {m}", lambda: getattr(d, m)())
    if other is not None:
        kind = type(d).__name__
        show(f"{label} kl_loss", lambda: d.kl_loss(kind, *other))
        show(f"{label} cross_entropy", lambda: d.cross_entropy(kind, *other))
        if label in ("Geometric", "Beta", "LogNormal"):
            show(f"{label} prob(params)", lambda: d.prob(value, *other))
            show(f"{label} mean(params)", lambda: d.mean(*other))
        show(f"{label} kl wrong", lambda: d.kl_loss("Normal", *other))
    show(f"{label} sample shape", lambda: d.sample((3,)).shape)
    show(f"{label} sample dtype", lambda: d.sample((3,)).dtype)
    show(f"{label} sample () shape", lambda: d.sample().shape)
    show(f"{label} call prob", lambda: d("prob", value))

# the parameters
g = msd.Geometric([0.3, 0.6], dtype=ms.int32)
show("Geometric probs", lambda: g.probs)
show("Poisson rate", lambda: msd.Poisson(Tensor([0.5], f32)).rate)
show("Beta c1", lambda: msd.Beta(Tensor([3.0], f32), Tensor([4.0], f32)).concentration1)
show("Beta c0", lambda: msd.Beta(Tensor([3.0], f32), Tensor([4.0], f32)).concentration0)
show("LogNormal loc", lambda: msd.LogNormal(0.3, 0.8).loc)
show("LogNormal scale", lambda: msd.LogNormal(0.3, 0.8).scale)
show("Gumbel loc", lambda: msd.Gumbel(Tensor([0.5], f32), Tensor([2.0], f32)).loc)
show("Gumbel scale", lambda: msd.Gumbel(Tensor([0.5], f32), Tensor([2.0], f32)).scale)
show("LogNormal() repr", lambda: repr(msd.LogNormal()))
show("Geometric() repr", lambda: repr(msd.Geometric()))
show("Poisson() repr", lambda: repr(msd.Poisson()))
show("Beta() repr", lambda: repr(msd.Beta()))
show("Geometric() mean none", lambda: msd.Geometric().mean())
show("Geometric() mean probs", lambda: msd.Geometric().mean(Tensor([0.25], f32)))
show("Poisson() prob rate", lambda: msd.Poisson().prob(Tensor([1.0], f32), Tensor([2.0], f32)))
show("Beta() mean params", lambda: msd.Beta().mean(Tensor([2.0], f32), Tensor([3.0], f32)))
show("LogNormal() mean params", lambda: msd.LogNormal().mean(Tensor([0.0], f32), Tensor([1.0], f32)))

# argument errors
errs = [
    ("Geometric bool dtype", lambda: msd.Geometric([0.1], dtype=ms.bool_)),
    ("Geometric name", lambda: msd.Geometric([0.1], name=1.0)),
    ("Geometric seed", lambda: msd.Geometric([0.1], seed="seed")),
    ("Geometric -0.1", lambda: msd.Geometric([-0.1], dtype=ms.int32)),
    ("Geometric 1.1", lambda: msd.Geometric([1.1], dtype=ms.int32)),
    ("Geometric 0", lambda: msd.Geometric([0.0], dtype=ms.int32)),
    ("Geometric 1", lambda: msd.Geometric([1.0], dtype=ms.int32)),
    ("Poisson bool dtype", lambda: msd.Poisson([0.1], dtype=ms.bool_)),
    ("Poisson name", lambda: msd.Poisson([0.1], name=1.0)),
    ("Poisson seed", lambda: msd.Poisson([0.1], seed="seed")),
    ("Poisson 0", lambda: msd.Poisson([0.0])),
    ("Poisson -1", lambda: msd.Poisson([-1.0])),
    ("Poisson scalar", lambda: msd.Poisson(0.1)),
    ("Poisson int scalar", lambda: msd.Poisson(1)),
    ("Poisson list", lambda: repr(msd.Poisson([0.5, 1.0]))),
    ("Poisson entropy", lambda: msd.Poisson([0.5]).entropy()),
    ("Poisson kl", lambda: msd.Poisson([0.5]).kl_loss("Poisson", Tensor([1.0], f32))),
    ("Beta shape", lambda: msd.Beta([3.], [[2.], [1.]], dtype=f32)),
    ("Beta shape2", lambda: msd.Beta([[2.], [1.]], [[2.], [3.], [4.]], dtype=f32)),
    ("Beta int dtype", lambda: msd.Beta([0.1], [0.1], dtype=ms.int32)),
    ("Beta name", lambda: msd.Beta([0.1], [0.1], name=1.0)),
    ("Beta seed", lambda: msd.Beta([0.1], [0.1], seed="seed")),
    ("Beta c1 0", lambda: msd.Beta([0.0], [1.0])),
    ("Beta c1 -1", lambda: msd.Beta([-1.0], [1.0])),
    ("Beta c0 0", lambda: msd.Beta([1.0], [0.0])),
    ("Beta scalar c1", lambda: msd.Beta(3.0, [4.0])),
    ("Beta scalar c0", lambda: msd.Beta([3.0], 4.0)),
    ("Beta scalar both", lambda: msd.Beta(3.0, 4.0)),
    ("Beta int scalars", lambda: repr(msd.Beta(3, 4))),
    ("Beta cdf", lambda: msd.Beta([3.0], [4.0]).cdf(Tensor([0.5], f32))),
    ("LogNormal int dtype", lambda: msd.LogNormal(0., 1., dtype=ms.int32)),
    ("LogNormal name", lambda: msd.LogNormal(0., 1., name=1.0)),
    ("LogNormal seed", lambda: msd.LogNormal(0., 1., seed="seed")),
    ("LogNormal sd 0", lambda: msd.LogNormal(0., 0.)),
    ("LogNormal sd -1", lambda: msd.LogNormal(0., -1.)),
    ("LogNormal shape", lambda: msd.LogNormal([[2.], [1.]], [[2.], [3.], [4.]], dtype=f32)),
    ("Gumbel int dtype", lambda: msd.Gumbel(0., 1., dtype=ms.int32)),
    ("Gumbel name", lambda: msd.Gumbel(0., 1., name=1.0)),
    ("Gumbel seed", lambda: msd.Gumbel(0., 1., seed="seed")),
    ("Gumbel scale 0", lambda: msd.Gumbel(0., 0.)),
    ("Gumbel scale -1", lambda: msd.Gumbel(0., -1.)),
    ("Gumbel no args", lambda: msd.Gumbel()),
    ("Gumbel shape", lambda: msd.Gumbel([[2.], [1.]], [[2.], [3.], [4.]], dtype=f32)),
    ("Gumbel floats repr", lambda: repr(msd.Gumbel(0., 1.))),
    ("Gumbel floats mean", lambda: msd.Gumbel(0., 1.).mean()),
    ("Gumbel mean extra", lambda: msd.Gumbel(0., 1.).mean(Tensor([1.0], f32))),
    ("Geometric isinstance", lambda: isinstance(msd.Geometric(), msd.Distribution)),
    ("LogNormal isinstance TD", lambda: isinstance(msd.LogNormal(), msd.TransformedDistribution)),
    ("Gumbel isinstance TD", lambda: isinstance(msd.Gumbel(0., 1.), msd.TransformedDistribution)),
]
for label, fn in errs:
    show(label, fn)

# distribution._utils.utils
f16, f64, i32 = ms.float16, ms.float64, ms.int32
t16, t32, t64, ti = (Tensor(0.1, f16), Tensor(0.1, f32), Tensor(0.1, f64), Tensor(1, i32))
a32, a64, ai = np.array(1.0, np.float32), np.array(1.0, np.float64), np.array(1, np.int32)
for label, args, hint in [("f32 f32", {"a": t32, "b": 1.0, "c": t32}, ms.float16),
                          ("f32 f64", {"a": t32, "b": 1.0, "c": t64}, f32),
                          ("int", {"a": ti, "c": ti}, ms.float16),
                          ("array f32", {"a": a32, "c": t32}, ms.float16),
                          ("array f32 f64", {"a": a32, "c": a64}, f32),
                          ("array f32 int", {"a": a32, "c": ai}, f32),
                          ("floats", {"a": 1.0, "b": 2.0}, f32), ("floats int hint", {"a": 1.0}, i32),
                          ("floats no hint", {"a": 1.0}, None), ("f16", {"a": t16, "b": t16}, f32),
                          ("f64", {"a": t64, "b": a64}, f32)]:
    show(f"set_param_type {label}", lambda: set_param_type(args, hint))
show("CheckTuple tuple", lambda: CheckTuple()((1, 2), "shape"))
show("CheckTuple str", lambda: CheckTuple()("tuple", "shape"))
show("CheckTensor tensor", lambda: CheckTensor()(Tensor([1.0], f32), "value"))
show("CheckTensor None", lambda: CheckTensor()(None, "value"))
show("CheckTensor float", lambda: CheckTensor()(1.0, "value"))
show("check_prob 0.5", lambda: check_prob(Tensor([0.5], f32)))
show("check_prob 0", lambda: check_prob(Tensor([0.0, 0.5], f32)))
show("check_prob 1", lambda: check_prob(Tensor([0.5, 1.0], f32)))
show("Categorical 0", lambda: msd.Categorical([0.0, 1.0]))
show("Categorical rank 0", lambda: msd.Categorical(0.5))
show("Categorical sum", lambda: msd.Categorical([0.2, 0.3]))
