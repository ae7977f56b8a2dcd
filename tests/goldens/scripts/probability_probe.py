"""The bijectors `PowerTransform` and `ScalarAffine`, and the distributions `Categorical` and
`TransformedDistribution` of `mindspore.nn.probability`: values, reprs and errors. One
`label -> result` line per case (tests/nn/test_probability_composed.py)."""
import numpy as np

import mindspore as ms
import mindspore.nn.probability.bijector as msb
import mindspore.nn.probability.distribution as msd
from mindspore import Tensor


def shown(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(shown(v) for v in value) + ")"
    if isinstance(value, Tensor):
        array = value.asnumpy()
        return f"{value.dtype}{list(array.shape)} {np.round(array.astype(np.float64), 4).tolist()}"
    return repr(value)


def case(label, fn):
    try:
        result = shown(fn())
    except Exception as error:  # noqa: BLE001 - the error is the case's result
        result = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
    print(f"{label} -> {result}".replace("\n", "\\n"), flush=True)


x = Tensor(np.array([0.5, 1.0, 2.0], np.float32))
for p in [0.0, 2.0, 0.5]:
    b = msb.PowerTransform(power=p)
    case(f"PT{p} repr", lambda: b)
    case(f"PT{p} fwd", lambda: b.forward(x)); case(f"PT{p} inv", lambda: b.inverse(x))
    case(f"PT{p} fldj", lambda: b.forward_log_jacobian(x)); case(f"PT{p} ildj", lambda: b.inverse_log_jacobian(x))
case("PT bad", lambda: msb.PowerTransform(power=-1.0))
case("PT int", lambda: msb.PowerTransform(power=1))
case("PT power", lambda: msb.PowerTransform(power=2.0).power)
s = msb.ScalarAffine(scale=2.0, shift=1.0)
case("SA repr", lambda: s)
case("SA fwd", lambda: s.forward(x)); case("SA inv", lambda: s.inverse(x))
case("SA fldj", lambda: s.forward_log_jacobian(x)); case("SA ildj", lambda: s.inverse_log_jacobian(x))
case("SA neg", lambda: msb.ScalarAffine(scale=-2.0).forward_log_jacobian(x))
case("SA default", lambda: msb.ScalarAffine())
case("SA attrs", lambda: (s.scale, s.shift))
case("SA int", lambda: msb.ScalarAffine(scale=2))
c = msd.Categorical(probs=[0.2, 0.3, 0.5], dtype=ms.int32)
case("Cat repr", lambda: c)
case("Cat prob", lambda: c.prob(Tensor([0, 1, 2], ms.int32)))
case("Cat log_prob", lambda: c.log_prob(Tensor([0, 2], ms.int32)))
case("Cat cdf", lambda: c.cdf(Tensor([0, 1, 2], ms.int32)))
case("Cat entropy", lambda: c.entropy())
case("Cat mode", lambda: c.mode())
case("Cat mean", lambda: c.mean())
case("Cat var", lambda: c.var())
case("Cat kl", lambda: c.kl_loss('Categorical', Tensor([0.5, 0.25, 0.25])))
case("Cat sample shape", lambda: c.sample((4,)).shape)
case("Cat batch sample shape", lambda: msd.Categorical(probs=[[0.2, 0.8], [0.5, 0.5]]).sample((3,)).shape)
case("Cat sample dtype", lambda: c.sample((4,)).dtype)
case("Cat probs", lambda: c.probs)
case("Cat call probs", lambda: c.prob(Tensor([1], ms.int32), Tensor([0.6, 0.4])))
case("Cat bad", lambda: msd.Categorical(probs=[0.2, 0.3]))
case("Cat neg", lambda: msd.Categorical(probs=[-0.2, 1.2]))
case("Cat float", lambda: msd.Categorical(probs=[0.5, 0.5], dtype=ms.float32))
case("Cat batch", lambda: msd.Categorical(probs=[[0.2, 0.8], [0.5, 0.5]]).prob(Tensor([1, 0], ms.int32)))
case("Cat survival", lambda: c.survival_function(Tensor([0, 1], ms.int32)))
case("Cat none", lambda: msd.Categorical().prob(Tensor([0], ms.int32)))
case("Cat cross", lambda: c.cross_entropy('Categorical', Tensor([0.5, 0.25, 0.25])))
td = msd.TransformedDistribution(msb.Exp(), msd.Normal(0.0, 1.0, dtype=ms.float32), seed=0, name="LogNormal")
case("TD repr", lambda: td)
case("TD prob", lambda: td.prob(x)); case("TD log_prob", lambda: td.log_prob(x))
case("TD cdf", lambda: td.cdf(x)); case("TD log_cdf", lambda: td.log_cdf(x))
case("TD surv", lambda: td.survival_function(x))
case("TD mean", lambda: td.mean())
case("TD sample", lambda: td.sample((3,)).shape)
case("TD attrs", lambda: (type(td.bijector).__name__, type(td.distribution).__name__, td.is_linear_transformation, td.dtype))
td2 = msd.TransformedDistribution(msb.ScalarAffine(2.0, 1.0), msd.Normal(0.0, 1.0, dtype=ms.float32))
case("TD2 repr", lambda: td2)
case("TD2 prob", lambda: td2.prob(x)); case("TD2 mean", lambda: td2.mean())
case("TD2 cdf", lambda: td2.cdf(x))
case("TD bad", lambda: msd.TransformedDistribution(1, msd.Normal(0.0, 1.0)))
case("TD bad2", lambda: msd.TransformedDistribution(msb.Exp(), 1))
